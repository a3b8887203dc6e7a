"""Browser tests: Playwright driving Debian's Chromium against the live server.

Chromium is found at ``CHROMIUM_PATH`` or ``/usr/bin/chromium``. Without it the
browser tests are skipped with a notice saying how to install it; with
``REQUIRE_BROWSER=1`` (as ``.ci/run`` sets) a missing Chromium fails the run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.shared import events

# Playwright's sync API runs an event loop in this thread; Django's ORM must
# be allowed beside it (the live server runs in its own thread anyway).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

INSTALL_HINT = (
    "Browser tests skipped: Chromium not found. Install it with "
    "`sudo apt-get install chromium` or point CHROMIUM_PATH at a Chromium binary."
)


def chromium_path() -> str | None:
    candidate = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    if Path(candidate).is_file() and os.access(candidate, os.X_OK):
        return candidate
    return shutil.which("chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    browser_items = [item for item in items if here in Path(str(item.fspath)).parents]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    if chromium_path() is None and browser_items:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            raise pytest.UsageError("REQUIRE_BROWSER=1 but Chromium was not found. " + INSTALL_HINT)
        for item in browser_items:
            item.add_marker(pytest.mark.skip(reason=INSTALL_HINT))
        config._rummy_browser_notice = INSTALL_HINT  # type: ignore[attr-defined]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    notice = getattr(config, "_rummy_browser_notice", None)
    if notice:
        terminalreporter.write_sep("!", notice, yellow=True, bold=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture
def site_url(live_server: Any) -> Iterator[str]:
    yield str(live_server.url)
    # The tables' event streams end with the test, before its database does.
    events.watcher().stop()
