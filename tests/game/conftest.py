"""Practice tables in tests are dealt from fixed seeds, so every run plays the same hands."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def fixed_table_seeds(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    seeds = itertools.count(1000)
    monkeypatch.setattr("game.services.new_table_seed", lambda: next(seeds))
    yield
