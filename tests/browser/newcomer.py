"""A newcomer's way from the home page to their first correct going out, in Chromium.

The pedagogy review asked how long a complete newcomer needs to reach their first
correct knock or going out from the home page. :func:`walk` follows a route through
the site as a newcomer would, with the site's own buttons and links, and counts what
it costs a person:

* the words they read: every page's ``main`` text the first time they see it, and the
  feedback that each answer or move brings;
* their actions: a click, a card ticked, an answer typed.

The estimate of a person's time is the review's own measure: reading at 180 words a
minute, plus :data:`SECONDS_PER_ACTION` for each action. The questions are answered from
what the page shows (the cards on it, judged by the engine), the guided hand's moves are
those its coach teaches, so a route needs nothing from the server but its pages.

Three routes:

* ``first-hand`` (the site now, learning by playing): the home page's Start button, the
  game's path page with a turn in four steps, and its "Play a first hand" button: the
  path's first guided hand, played to the end;
* ``path`` (the site now, lessons first): Start, the path page, then Continue: each
  lesson's questions answered until mastered ("Another one" for a question dealt at
  random), on along the path to its first guided hand, played to the end;
* ``lessons`` (before the path, commit ba597a3): the home page's "Where to start" list,
  the lessons index, Basic Rummy's lessons in order with each question answered once,
  the first lesson's guided hand, played to the end.

Run by ``tests/browser/test_newcomer.py`` against the live test server, and by
``bench/newcomer.py`` against any running site (an older commit, say).
"""

from __future__ import annotations

import re
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page

from game.engine import AnyMove, Card, LayDown, Move, best_arrangement, find_melds
from game.guided import scenarios
from lessons.checks import DiscardCheck

#: Reading speed and the time of one action, as the pedagogy review estimated them.
WORDS_PER_MINUTE = 180
SECONDS_PER_ACTION = 3.0

ACTIONS = {
    "DrawStock": "draw_stock",
    "DrawDiscard": "draw_discard",
    "Discard": "discard",
    "Knock": "knock",
    "LayDown": "meld",
    "LayOff": "lay_off",
    "Done": "done",
}


@dataclass
class Figures:
    """What a route cost: words read, actions, pages, and the estimate of a person's time."""

    route: str
    words: int = 0
    actions: int = 0
    pages: list[str] = field(default_factory=list)
    questions: int = 0
    moves: int = 0
    reached: bool = False
    browser_seconds: float = 0.0

    @property
    def minutes(self) -> float:
        return self.words / WORDS_PER_MINUTE + self.actions * SECONDS_PER_ACTION / 60

    def report(self) -> str:
        return (
            f"{self.route}: first going out {'reached' if self.reached else 'NOT reached'} "
            f"after {len(self.pages)} pages, {self.questions} questions, {self.moves} moves; "
            f"{self.words} words read and {self.actions} actions: about {self.minutes:.1f} "
            f"minutes for a person (browser {self.browser_seconds:.1f} s)"
        )


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


class _Walker:
    def __init__(self, page: Page, base: str, language: str, route: str) -> None:
        self.page = page
        self.base = base.rstrip("/")
        self.language = language
        self.figures = Figures(route)
        self.seen: set[str] = set()

    # -- what it costs -------------------------------------------------------------
    def read_page(self) -> None:
        path = self.page.url.split("#")[0].replace(self.base, "")
        if path in self.seen:
            return
        self.seen.add(path)
        self.figures.pages.append(path)
        self.figures.words += _words(self.page.locator("main").inner_text())

    def click(self, target: Locator) -> None:
        self.figures.actions += 1
        target.click()
        self.page.wait_for_load_state()

    def read(self, locator: Locator) -> None:
        if locator.count():
            self.figures.words += _words(locator.first.inner_text())

    # -- lessons ---------------------------------------------------------------------
    def answer(self, box: Locator) -> None:
        """Answer one question from the cards it shows, as the engine judges them."""
        kind = next(
            c.removeprefix("check--")
            for c in (box.get_attribute("class") or "").split()
            if c.startswith("check--")
        )
        cards = [
            Card.parse(str(c))
            for c in box.locator("form [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        ]
        self.figures.questions += 1
        if kind == "deadwood":
            field_ = box.locator("input[name=answer]")
            field_.fill(str(best_arrangement(cards).deadwood))
            self.figures.actions += 1
            self.click(box.locator("button[type=submit]").first)
        elif kind == "meld":
            melds = find_melds(cards)
            if melds:
                for card in melds[0].cards:
                    self.click(box.locator(f"label[for$='-{card}']"))
                self.click(box.locator("button[type=submit]").first)
            else:
                self.click(box.locator("button[name=answer][value=none]"))
        elif kind == "knock":
            can = best_arrangement(cards).deadwood <= 10
            self.click(box.locator(f"button[name=answer][value={'yes' if can else 'no'}]"))
        elif kind == "discard":
            _least, best = DiscardCheck(tuple(cards)).best(cards)
            self.click(box.locator(f"label[for$='-{best[0]}']"))
            self.click(box.locator("button[type=submit]").first)
        else:
            raise AssertionError(f"a newcomer's route does not answer {kind!r} questions yet")
        box_id = box.get_attribute("id")
        feedback = self.page.locator(f"#{box_id} .feedback")
        feedback.wait_for()
        self.read(feedback)

    def lesson(self, *, master: bool) -> None:
        """Answer every question of the lesson page (until mastered, with ``master``)."""
        self.read_page()
        ids = self.page.locator(".check").evaluate_all("els => els.map(e => e.id)")
        for box_id in ids:
            for _ in range(4):
                self.answer(self.page.locator(f"#{box_id}"))
                box = self.page.locator(f"#{box_id}")
                if not master or box.locator(".check__mastery .done").count():
                    break
                if box.locator(".check__mastery").count() == 0:
                    break
                self.click(box.locator("a[href*='seed=new']"))  # "Another one"
                self.page.locator(f"#{box_id} .feedback").wait_for(state="detached")

    # -- a guided hand -------------------------------------------------------------
    def guided(self, slug: str, root: Path | None = None) -> None:
        self.read_page()
        for move in _right_line(slug, root):
            if move is None:  # any meld of the hand shown
                held = self.page.locator("#hand-form [data-card]").evaluate_all(
                    "els => els.map(e => e.dataset.card)"
                )
                melds = best_arrangement([Card.parse(c) for c in held]).melds
                move = LayDown(melds[0].cards)
            self.move(move)
        self.figures.reached = self.page.locator(".result").count() > 0
        self.read(self.page.locator(".result"))

    def move(self, move: AnyMove) -> None:
        from tests.browser.helpers import cards_of

        before = self.page.locator("#table").get_attribute("data-version")
        for card in cards_of(move):
            self.click(self.page.locator(f'label[for="card-{card}"]'))
        meld = getattr(move, "meld_id", None)
        if meld is not None:
            self.click(self.page.locator(f'label[for="meld-{meld}"]'))
        self.click(self.page.locator(f"button[name=action][value={ACTIONS[type(move).__name__]}]"))
        self.page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before
        )
        self.figures.moves += 1
        self.read(self.page.locator(".feedback"))


def _right_line(slug: str, root: Path | None) -> list[AnyMove | None]:
    """The moves a guided hand teaches: from this tree's scenarios, or (``root``: an
    older tree, whose hands were one file each in ``game/scenarios/``) each step's
    first expected move, read from the file."""
    if root is None:
        scenario = scenarios.get(slug)
        assert scenario is not None, slug
        return scenarios.right_line(scenario)
    data = tomllib.loads((root / "game" / "scenarios" / f"{slug}.toml").read_text("utf-8"))
    line: list[AnyMove | None] = []
    for step in data["steps"]:
        expect = step.get("expect")
        if expect is None:  # a rule step ("meld"): chosen from the cards on the page
            line.append(None)
        else:
            line.append(Move.parse(expect if isinstance(expect, str) else expect[0]))
    return line


def walk(
    page: Page, base: str, *, route: str = "path", language: str = "en", root: Path | None = None
) -> Figures:
    """Follow ``route`` from the home page of the site at ``base`` to the end of the first
    guided hand that goes out; ``root``: the source tree the site runs (for its guided
    hands' files), if not this one."""
    started = time.monotonic()
    walker = _Walker(page, base, language, route)
    page.goto(f"{walker.base}/{language}/")
    walker.read_page()
    if route == "path":
        walker.click(page.locator(".hero__start a"))
        walker.read_page()  # the game's path, with a turn in four steps
        for _ in range(10):
            walker.click(page.locator("a.path__continue"))  # "Continue: ..."
            if "/guided/" in page.url:
                walker.guided(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1], root)
                break
            walker.lesson(master=True)
            # Back to the path (one click: the home page's Continue, or the path page).
            walker.figures.actions += 1
            page.goto(f"{walker.base}/{language}/learn/basic/")
    elif route == "first-hand":
        walker.click(page.locator(".hero__start a"))
        walker.read_page()  # the game's path, with a turn in four steps
        walker.click(page.locator(".turn__try a"))  # "Play a first hand: ..."
        walker.guided(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1], root)
    elif route == "lessons":
        walker.click(page.locator(".start-steps a").first)  # "Where to start": the lessons
        walker.read_page()
        while not page.locator(".lesson-nav").count():  # the lessons, Basic Rummy, lesson 1
            walker.click(page.locator(f"main a[href^='/{language}/lessons/basic']").first)
            walker.read_page()
        for _ in range(10):
            walker.lesson(master=False)
            practice = page.locator(".lesson-practice a")
            if practice.count():
                walker.click(practice.first)
                walker.guided(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1], root)
                break
            walker.click(page.locator(".lesson-nav button[type=submit]").last)  # "Done: next"
    else:
        raise ValueError(f"no route {route!r}")
    walker.figures.browser_seconds = time.monotonic() - started
    return walker.figures


__all__ = ["SECONDS_PER_ACTION", "WORDS_PER_MINUTE", "Figures", "walk"]
