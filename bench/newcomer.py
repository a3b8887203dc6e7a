"""How far a newcomer is from their first correct going out, on a running site.

    python bench/newcomer.py --url http://127.0.0.1:8000             # the path (now)
    python bench/newcomer.py --url http://127.0.0.1:8000 --route first-hand
    python bench/newcomer.py --url http://127.0.0.1:8001 --route lessons --root /tmp/old

Drives Chromium (``/usr/bin/chromium`` or ``CHROMIUM_PATH``) from the site's home page
to the end of the first guided hand that goes out, as a newcomer would, and prints
the pages, questions, moves, words read and actions it took, and the estimate of a
person's time (the pedagogy review's measure: 180 words a minute, 3 seconds an
action). The walk is :func:`tests.browser.newcomer.walk`; ``--route lessons`` is the way
before the path existed (the home page's "Where to start" list, then Basic Rummy's
lessons in order), for a site served from an older commit (``--root``: its source
tree, for its guided hands' files). The site must have its lessons loaded
(``manage.py load_lessons``). ``tests/browser/test_newcomer.py`` runs the path walk
in the test suite.

To measure an older commit::

    git worktree add /tmp/old ba597a3
    cd /tmp/old && DATABASE_URL=sqlite:////tmp/old.sqlite3 python manage.py migrate
    DATABASE_URL=sqlite:////tmp/old.sqlite3 python manage.py load_lessons
    DATABASE_URL=sqlite:////tmp/old.sqlite3 python manage.py runserver 8001
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the running site, e.g. http://127.0.0.1:8000")
    parser.add_argument("--route", default="path", choices=["first-hand", "path", "lessons"])
    parser.add_argument("--language", default="en", choices=["en", "lt", "ru", "it"])
    parser.add_argument("--root", type=Path, help="the source tree the site runs, if not this one")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.test")
    import django

    django.setup()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import chromium_path
    from tests.browser.newcomer import walk

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=["--headless", "--no-sandbox"]
        )
        page = browser.new_page()
        figures = walk(page, args.url, route=args.route, language=args.language, root=args.root)
        browser.close()
    print(figures.report())
    for path in figures.pages:
        print(f"  {path}")
    return 0 if figures.reached else 1


if __name__ == "__main__":
    raise SystemExit(main())
