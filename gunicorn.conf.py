"""gunicorn's settings for Rummy School, read from the working directory
(``gunicorn rummy_site.wsgi`` run in the project's folder: docs/deploy.md).

Only what is the same for every instance is set here; the address, the worker class
and the number of workers are given on the command line."""

from __future__ import annotations

import gc
import signal
from typing import Any

#: gunicorn 25.1+ opens a control socket for ``gunicornc`` at one path per user
#: ($XDG_RUNTIME_DIR or ~/.gunicorn/gunicorn.ctl), so several instances on one machine
#: would take it from each other (and log an error). The site is run by systemd's
#: signals (docs/deploy.md), so no instance opens it. (Older gunicorns ignore the name.)
control_socket_disable = True


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site:

    * everything made so far (Django, the apps, the compiled templates, the guided
      hands) lives as long as the worker, so the garbage collector need not look at it
      again (``gc.freeze``): each collection during a request walks only what the
      requests made;
    * when the worker is told to stop, the tables' event streams end at once (their
      browsers reconnect, to another instance or to this one restarted) rather than
      holding the worker for its whole graceful timeout.
    """
    gc.freeze()
    from game.shared import events

    stop_worker = signal.getsignal(signal.SIGTERM)

    def end_streams(signum: int, frame: Any) -> None:
        events.watcher().stop(timeout=0)
        if callable(stop_worker):
            stop_worker(signum, frame)

    signal.signal(signal.SIGTERM, end_streams)
