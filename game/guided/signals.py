"""What the guided hands tell the apps on top of them (the review queue, the classroom)."""

from __future__ import annotations

from django.dispatch import Signal

#: A mistake was recorded in a guided hand. Sent with ``learner``, ``game`` (a
#: :class:`~game.engine.Game`), ``topic`` (a :class:`~game.guided.services.MistakeTopic`),
#: ``mistake`` (the :class:`~game.guided.services.Mistake`) and ``scenario`` (its slug).
mistake_recorded = Signal()
