"""What the lessons tell the apps on top of them (the review queue, the classroom),
without knowing them."""

from __future__ import annotations

from django.dispatch import Signal

#: A learner's first answer to a lesson question was wrong. Sent with ``learner``,
#: ``game``, ``slug`` and ``index`` (the check's place in the lesson).
wrong_first_answer = Signal()
