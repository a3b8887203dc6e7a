"""``python -m game.engine``: see :mod:`game.engine.cli`."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
