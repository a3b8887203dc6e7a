"""What every settings module run from a checkout shares (``dev`` and ``test``, not
``production``): static files served straight from ``static/`` and the apps, with no
``collectstatic`` needed."""

from __future__ import annotations

import warnings

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# WhiteNoise warns that STATIC_ROOT does not exist until collectstatic has run.
warnings.filterwarnings("ignore", message="No directory at", module="django.core.handlers.base")
