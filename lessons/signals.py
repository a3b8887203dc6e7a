"""What the lessons tell the apps on top of them (the review queue, the classroom),
without knowing them."""

from __future__ import annotations

from django.dispatch import Signal

#: A learner's first answer to a lesson question was wrong. Sent with ``learner``,
#: ``game``, ``slug``, ``index`` (the check's place in the lesson) and ``asked`` (the
#: question's cards and the answer, as JSON: :func:`lessons.checks.asked_and_answered`).
wrong_first_answer = Signal()
