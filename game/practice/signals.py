"""What the practice tables tell the apps on top of them (the review queue)."""

from __future__ import annotations

from django.dispatch import Signal

#: The engine refused a learner's move at a table. Sent with ``learner``, ``game`` (a
#: :class:`~game.engine.Game`) and ``error`` (the :class:`~game.engine.IllegalMove`).
move_refused = Signal()
