"""What the practice tables tell the apps on top of them (the review queue, the classroom)."""

from __future__ import annotations

from django.dispatch import Signal

#: The engine refused a learner's move at a table. Sent with ``learner``, ``game`` (a
#: :class:`~game.engine.Game`), ``error`` (the :class:`~game.engine.IllegalMove`) and
#: ``table`` (the table's public id).
move_refused = Signal()
