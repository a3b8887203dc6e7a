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

#: How many collections of the middle generation pass before a full one (Python's
#: default is 10). A worker keeps the tables it played lately (their engine states, a
#: thousand of them) and the cards' and lines' drawn HTML: every full collection walks
#: all of it, 60-90 ms of one core on the test machine, while the requests behind it
#: wait. With 100, a full collection comes about a third as often (3 against 10-11 in
#: a ``bench/load.py`` run of 300 learners: the collector's CPU time fell from about 2.0
#: to 1.6 s of a worker's 37-38 s, its peak memory rose by 2-3 MB). The two younger
#: generations keep Python's thresholds: a larger first one cost more, not less.
FULL_COLLECTION_EVERY = 100


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the site:

    * everything made so far (Django, the apps, the compiled templates, the guided
      hands) lives as long as the worker, so the garbage collector need not look at it
      again (``gc.freeze``): each collection during a request walks only what the
      requests made;
    * full collections come less often (:data:`FULL_COLLECTION_EVERY`);
    * when the worker is told to stop, the tables' event streams end at once (their
      browsers reconnect, to another instance or to this one restarted) rather than
      holding the worker for its whole graceful timeout.
    """
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
    from game.shared import events

    stop_worker = signal.getsignal(signal.SIGTERM)

    def end_streams(signum: int, frame: Any) -> None:
        events.watcher().stop(timeout=0)
        if callable(stop_worker):
            stop_worker(signum, frame)

    signal.signal(signal.SIGTERM, end_streams)
