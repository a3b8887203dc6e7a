"""axe-core in the page (bundled by axe-playwright-python)."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

_axe = Axe()


def serious_violations(page: Any) -> list[str]:
    """Every serious or critical accessibility violation on the page, one line each."""
    results = _axe.run(page)
    problems = []
    for violation in results.response["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [", ".join(node["target"]) for node in violation["nodes"]][:5]
            problems.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return problems
