from __future__ import annotations

from django.apps import AppConfig


class GameConfig(AppConfig):
    """The shared play layer: the engine, the board, card names and ``{% card %}``.

    It has no models of its own; its migrations are the history of the models that
    moved to ``game.practice`` and ``game.guided``.
    """

    name = "game"
    verbose_name = "Play (shared)"
