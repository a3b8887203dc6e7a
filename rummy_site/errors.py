"""The one shape of a refusal: a service error with its HTTP status and translated message.

Services raise a subclass of :class:`ServiceError`; each app's views turn it
into a response in one place (``refuse()`` in the app's ``views.py``): the same
page or partial with the message and ``status``. A service raises before it
changes anything (only the learner who acts may have been created, on first
reading ``request.learner``).

=======  =====================================================================
status   meaning
=======  =====================================================================
200      not a refusal but a question (practice's ``NeedsConfirmation``: the move
         would end the hand, the page asks first)
400      the request is malformed (:class:`BadInput`: a hand-made or broken form)
404      no such thing, or it is someone else's (the two are not told apart)
409      stale: the page was drawn from an older state (another tab, a double click)
422      understood but refused by a rule (an illegal move, a hint out of turn)
500      stored data that cannot be read (practice's ``CorruptTable``: its own page)
=======  =====================================================================
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.functional import Promise


class ServiceError(Exception):
    """A refusal: ``status`` for the response, ``message`` (translated) for the person."""

    status: ClassVar[int] = 400
    #: Each refusal a person sees has its own message (a subclass's, or one given).
    default_message: ClassVar[str | Promise] = ""
    #: The form field the refusal is about, where it is one field ("answer", "points",
    #: "player", "cards", "melds"): the page puts the focus there, described by it.
    field: str = ""

    def __init__(self, message: str | Promise | None = None) -> None:
        self.message: str | Promise = message if message is not None else self.default_message
        super().__init__(str(self.message))


class BadInput(ServiceError):
    """A malformed request (a form field missing or not what the page sends)."""

    status = 400


__all__ = ["BadInput", "ServiceError"]
