"""What the practice tables tell the apps on top of them (the review queue, the classroom)."""

from __future__ import annotations

from django.dispatch import Signal

#: The engine refused a learner's move at a table. Sent with ``learner``, ``game`` (a
#: :class:`~game.engine.Game`), ``error`` (the :class:`~game.engine.IllegalMove`) and
#: ``table`` (the table's public id).
move_refused = Signal()

#: A hand the learner played in ended at a table. Sent with ``learner``, ``game``,
#: ``table`` (the :class:`~game.practice.models.Table`) and ``round_number`` (from 1).
hand_finished = Signal()
