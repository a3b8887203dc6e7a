"""Practice tables in tests are dealt from fixed seeds, so every run plays the same hands."""

from __future__ import annotations

import pytest

from tests.factories import fix_table_seeds


@pytest.fixture(autouse=True)
def fixed_table_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seeds(monkeypatch, 1000)


# The script that made data/v1_rows.json runs against the first version's code, not this one.
collect_ignore = ["data/make_v1_rows.py"]
