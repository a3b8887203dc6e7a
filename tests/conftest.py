"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


@pytest.fixture(params=LANGUAGE_CODES)
def language(request: pytest.FixtureRequest) -> str:
    """Each of the site's languages in turn."""
    return str(request.param)


@pytest.fixture(autouse=True)
def english_outside_requests() -> Iterator[None]:
    """Each test starts in the site's source language: a request made by an earlier test
    (to /lt/..., say) leaves its language active in the thread."""
    with translation.override(settings.LANGUAGE_CODE):
        yield
