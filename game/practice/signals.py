"""What the practice tables tell the apps on top of them (the review queue, the classroom)."""

from __future__ import annotations

from django.dispatch import Signal

#: The engine refused a learner's move at a table. Sent with ``learner``, ``game`` (a
#: :class:`~game.engine.Game`), ``error`` (the :class:`~game.engine.IllegalMove`) and
#: ``table`` (the table's public id).
move_refused = Signal()

#: A hand the learner played in ended at a table. Sent with ``learner``, ``game``,
#: ``table`` (the :class:`~game.practice.models.Table`, or a table for people's
#: :class:`~game.shared.models.SharedTable`), ``round_number`` (from 1) and ``verdicts``
#: (a function giving the coach's clear verdicts on the learner's moves of that hand,
#: :class:`~game.practice.services.CoachVerdict`: computed only if a receiver asks).
hand_finished = Signal()
