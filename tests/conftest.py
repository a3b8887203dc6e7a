"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from django.conf import settings

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


@pytest.fixture(params=LANGUAGE_CODES)
def language(request: pytest.FixtureRequest) -> str:
    """Each of the site's languages in turn."""
    return str(request.param)
