"""``python -m game.engine``: see :mod:`game.engine.cli`."""

from .cli import main

raise SystemExit(main())
