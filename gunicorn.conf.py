"""gunicorn's settings for Rummy School, read from the working directory
(``gunicorn rummy_site.wsgi`` run in the project's folder: docs/deploy.md).

Only what is the same for every instance is set here; the address, the worker class
and the number of workers are given on the command line."""

from __future__ import annotations

import gc
from typing import Any


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site: everything made so far (Django, the apps, the
    compiled templates, the guided hands) lives as long as the worker, so the garbage
    collector need not look at it again (``gc.freeze``). Each collection during a
    request then walks only what the requests made."""
    gc.freeze()
