"""What the drills tell the apps on top of them (the classroom), without knowing them."""

from __future__ import annotations

from django.dispatch import Signal

#: A learner's answer to a drill's question was wrong. Sent with ``learner``, ``game``
#: (its value: ``"gin"``), ``kind`` (the drill: ``"deadwood"``) and ``asked`` (the
#: question's cards and the answer, as JSON: :func:`lessons.checks.asked_and_answered`).
wrong_answer = Signal()
