"""The load benchmark (``bench/load.py``): production-like, on loopback, counting queries.

DEBUG off, compiled templates cached, no HTTPS redirect (the benchmark talks
plain HTTP on 127.0.0.1), and a middleware that reports how many SQL queries
each request ran. Database: ``DATABASE_URL`` (PostgreSQL) or the SQLite file
the benchmark passes in the same variable.
"""

from __future__ import annotations

from .base import *  # noqa: F403
from .base import MIDDLEWARE

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
MIDDLEWARE = ["rummy_site.middleware.QueryCountMiddleware", *MIDDLEWARE]
WHITENOISE_USE_FINDERS = True
# Every simulated learner comes from 127.0.0.1: the per-address limit is for a
# classroom, not for a whole school simulated on one address.
POST_RATE_PER_ADDRESS = "1000000/m"
# The saturation runs click without pause; the limit is still counted (its query is
# part of a post's cost), never reached.
POST_RATE_PER_VISITOR = "1000000/m"
# A whole school of simulated pupils joins its classes from one address, run after run.
CODE_TRIES_PER_ADDRESS = "1000000/h"
# A bare view beside the site's URLs (bench/load.py measures it in the same run).
ROOT_URLCONF = "rummy_site.bench_urls"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
}
REPORT_SERVER_TIMES = True
