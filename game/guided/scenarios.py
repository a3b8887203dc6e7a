"""Guided hands as data: the scenario file format, its loader, replay and validator.

A guided hand is a prepared deal in which a coach teaches one step at a time.
Each hand is two kinds of TOML file in ``game/guided/content/``, named by its
slug: the **hand** (``<slug>.toml``: the game, the exact deal, the computer
players' scripted moves, the learner's steps), and its **words** in each
language of the site (``<lang>/<slug>.toml``: the players' names, the title, and
what the coach says at each step). A translator edits only the words; a
missing language, step or text is an error.

The hand, field by field::

    game = "gin"                     # basic | gin | knock
    order = 1                        # position in its game's list: the order of the path
    options = {}                     # the game's options by field name: the fields of
                                     # Basic/Gin/KnockOptions in game/engine/games/,
                                     # e.g. { players_lay_out = true }
    dealer = 1                       # the learner plays first when they sit left of it
    teaches = ["groups", "runs"]     # topics, shown on the index

    [deal]
    hands = ["2C 3C 4C ...", "..."]  # each seat's cards; seat 0 is the learner
    discard = "7H"                   # the up-card (top first if several)
    stock = "KS 2D"                  # the next cards of the stock, top first;
                                     # the rest of the deck follows in index order
    computer = ["draw stock", "discard 9S"]   # the computer players' moves, in order

    [[steps]]                        # one per learner move, in order
    expect = "draw discard"          # one exact move, or a list of moves, or:
    # rule = "knock"                 # any legal move of a kind (see ScenarioRule)

    [[steps.wrong]]                  # optional: a likely wrong move the coach explains
    move = "draw stock"

    [final]                          # what the hand must end with (checked by tests)
    kind = "knock"                   # the settlement's kind
    received = [25, 0]               # each seat's points

Its words in one language (``lt/<slug>.toml``), step by step in the same order::

    names = ["", "Ona"]              # by seat: seat 0 is the learner ("" = their name);
                                     # names that read naturally and decline well
    title = "..."
    summary = "..."

    [[steps]]
    prompt = "What the coach asks"
    hints = ["which pile", "which card", "why"]   # the same number in every language
    right = "what the right move did"
    other = "legal, but not today's point"        # optional
    wrong = ["what the coach says to each [[steps.wrong]] move, in order"]

**Said to a whole class.** The projector (a guided hand projected, a live exercise)
shows a hand's title, each step's prompt and its right text to a class, not to one
learner. Where a language's learner's words say a singular "you" (Italian «Cominci
tu…», «Prendi…»), which a teacher does not say to thirty pupils («Cominciate voi…»,
«Prendete…»), its words give the class's own beside them::

    class_title = "La vostra prima bussata"

    [[steps]]
    prompt = "Cominci tu. ..."
    class_prompt = "Cominciate voi. ..."
    right = "Hai bussato ..."
    class_right = "Avete bussato ..."

Every hand's words in a language of :data:`CLASS_LANGUAGES` must give all three (a
title that fits a class already is written again as it is); another language may
give any of them, and where it gives none its learner's words are the class's too
(English "you", Lithuanian «jūs», Russian «вы» fit a class). Only the projector
reads them: a learner's own guided hand, and each pupil's device in a live
exercise, say the learner's words.

Cards in the words are written as codes in braces (``{KC}``, ``{9S 9H 9D}``,
``{Q-K-A}``; see :mod:`game.cards`), so every language shows its own rank
letters and screen readers hear each card's name.

Each language also has ``<lang>/stand-ins.toml``: for each name the hands give a
player, every form the words write it in and the same form of another name, which a
learner whose own name reads as that player's meets instead (:func:`words_for`)::

    ["Ona"]
    "Ona" = ["Rūta", "Greta"]
    "Onos" = ["Rūtos", "Gretos"]

The second name of a row is taken where the first is a name of the class too (a live
exercise the class plays together: :func:`words_for`'s ``also``).

``python manage.py check_scenarios`` replays every hand through the engine and
names the file and step of every problem (see :func:`validate`).
"""

from __future__ import annotations

import enum
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from game.cards import markup_problems
from game.engine import (
    AnyMove,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    EngineError,
    Game,
    Hand,
    IllegalMove,
    InvalidNotation,
    Knock,
    LayDown,
    LayOff,
    Move,
    advise,
    bot_move,
    deadwood_after,
    least_deadwood_after_discard,
    new_hand,
    options_for,
)
from learners.names import name_key
from rummy_site.languages import codes as languages
from rummy_site.languages import current, pick

SCENARIO_DIR = Path(__file__).resolve().parent / "content"
#: The languages whose guided hands' words speak to one learner in a way a teacher
#: does not speak to a class (Italian «tu»: «Cominci tu», «Prendi»): every hand's
#: words in them give the class's own title, prompts and right texts (``class_title``,
#: ``class_prompt``, ``class_right``), which the projector shows.
CLASS_LANGUAGES: tuple[str, ...] = ("it",)
#: The learner's seat in every guided hand.
LEARNER = 0


class ScenarioRule(enum.StrEnum):
    """Named kinds of moves a step may accept instead of exact moves."""

    #: any legal move
    ANY = "any"
    #: a draw from either pile
    DRAW = "draw"
    #: any discard
    DISCARD = "discard"
    #: any legal knock (Gin: deadwood 10 or less after the discard)
    KNOCK = "knock"
    #: a knock with no deadwood
    GIN = "gin"
    #: any legal meld put on the table
    MELD = "meld"
    #: any legal layoff
    LAY_OFF = "lay_off"
    #: any legal move that ends the hand
    GO_OUT = "go_out"
    #: a discard that leaves the least deadwood possible
    LEAST_DEADWOOD_DISCARD = "least_deadwood_discard"


Text = Mapping[str, str]


class ScenarioError(ValueError):
    """A scenario file that cannot be used: ``where`` names the file and step."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class WrongMove:
    move: AnyMove
    say: Text


@dataclass(frozen=True)
class ScenarioStep:
    """One of the learner's moves in a guided hand: what the coach asks, accepts, says."""

    number: int
    prompt: Text
    expect: tuple[AnyMove, ...]
    rule: ScenarioRule | None
    hints: tuple[Text, ...]
    right: Text
    other: Text | None
    wrong: tuple[WrongMove, ...]
    #: the prompt and the right text as said to a whole class (the projector), in every
    #: language: the class's own words where the language gives them, else the learner's
    class_prompt: Text
    class_right: Text

    def accepts(self, hand: Hand, move: AnyMove, seat: int = LEARNER) -> bool:
        """Is ``move`` (legal in ``hand``) the move this step teaches? A move the step
        lists as wrong never is, even when it fits the step's rule."""
        if self.expect:
            return canonical(move) in {canonical(m) for m in self.expect}
        if self.wrong_for(move) is not None:
            return False
        return rule_accepts(self.rule or ScenarioRule.ANY, hand, move, seat)

    def wrong_for(self, move: AnyMove) -> WrongMove | None:
        return next((w for w in self.wrong if canonical(w.move) == canonical(move)), None)


def canonical(move: AnyMove) -> AnyMove:
    """The same move whatever order its cards were chosen in (a meld's cards)."""
    if isinstance(move, LayDown):
        return LayDown(tuple(sorted(move.cards)))
    return move


@dataclass(frozen=True)
class Scenario:
    slug: str
    path: Path
    game: Game
    order: int
    options: dict[str, Any]
    #: the seats' names in each language (seat 0, the learner: "")
    names: Mapping[str, tuple[str, ...]]
    dealer: int
    title: Text
    #: the title as shown to a whole class (the projector), in every language
    class_title: Text
    summary: Text
    teaches: tuple[str, ...]
    deal: Deal
    computer: tuple[AnyMove, ...]
    steps: tuple[ScenarioStep, ...]
    final: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.deal.hands)

    def new_hand(self) -> Hand:
        return new_hand(
            self.game,
            players=self.players,
            dealer=self.dealer,
            deal=self.deal,
            options=self.options,
        )


def rule_accepts(rule: ScenarioRule, hand: Hand, move: AnyMove, seat: int = LEARNER) -> bool:
    """Does a legal ``move`` fit a step's ``rule``?"""
    match rule:
        case ScenarioRule.ANY:
            return True
        case ScenarioRule.DRAW:
            return isinstance(move, DrawStock | DrawDiscard)
        case ScenarioRule.DISCARD:
            return isinstance(move, Discard)
        case ScenarioRule.KNOCK:
            return isinstance(move, Knock)
        case ScenarioRule.GIN:
            return isinstance(move, Knock) and deadwood_after(hand.view(seat), move) == 0
        case ScenarioRule.MELD:
            return isinstance(move, LayDown)
        case ScenarioRule.LAY_OFF:
            return isinstance(move, LayOff)
        case ScenarioRule.GO_OUT:
            return hand.play(move, seat).is_over
        case ScenarioRule.LEAST_DEADWOOD_DISCARD:
            view = hand.view(seat)
            return isinstance(move, Discard) and deadwood_after(
                view, move
            ) == least_deadwood_after_discard(view)


# ------------------------------------------------------------------ loading
def _read(path: Path, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(where, f"missing file {path.parent.name}/{path.name}") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ScenarioError(where, f"not readable TOML: {exc}") from None


def _move(text: Any, where: str) -> AnyMove:
    try:
        return Move.parse(str(text))
    except InvalidNotation as exc:
        raise ScenarioError(where, f"not a move: {text!r} ({exc})") from None


def _at(data: Any, path: Sequence[str | int]) -> Any:
    """The value at ``path`` (keys and list positions) in ``data``, ``None`` if none."""
    value: Any = data
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


class _Words:
    """One hand's words in every language, read text by text."""

    def __init__(self, directory: Path, slug: str) -> None:
        self.slug = slug
        self.files: dict[str, dict[str, Any]] = {}
        for code in languages():
            where = f"{code}/{slug}.toml"
            self.files[code] = _read(directory / code / f"{slug}.toml", where)

    def names(self, seats: int) -> dict[str, tuple[str, ...]]:
        found = {}
        for code, data in self.files.items():
            names = data.get("names")
            if (
                not isinstance(names, list)
                or len(names) != seats
                or not all(isinstance(n, str) for n in names)
                or names[0] != ""
                or not all(n.strip() for n in names[1:])
            ):
                raise ScenarioError(
                    self._where(code),
                    f'names must name all {seats} seats, seat 0 (the learner) as ""',
                )
            found[code] = tuple(names)
        return found

    def _where(self, code: str, step: int | None = None) -> str:
        return f"{code}/{self.slug}.toml" + (f", step {step}" if step is not None else "")

    def text(self, what: str, *path: str | int) -> Text:
        """The text at ``path`` (keys and list positions) in every language."""
        found = self.optional(what, *path, required=True)
        assert found is not None
        return found

    def optional(self, what: str, *path: str | int, required: bool = False) -> Text | None:
        """The text at ``path`` in every language, or in none (``None``)."""
        found: dict[str, str] = {}
        for code, data in self.files.items():
            value = _at(data, path)
            where = self._where_in(code, path)
            if value is None and not required:
                continue
            found[code] = self._checked(value, what, where)
        if not found:
            return None
        if len(found) != len(self.files):
            missing = ", ".join(c for c in self.files if c not in found)
            raise ScenarioError(self._where(missing), f"{what} is missing")
        return found

    def for_class(self, what: str, learner: Text, *path: str | int) -> Text:
        """The text at ``path`` as said to a whole class, in every language: the
        language's own where it gives one, else the learner's (``learner``). A language
        of :data:`CLASS_LANGUAGES` must give it."""
        found = dict(learner)
        for code, data in self.files.items():
            value = _at(data, path)
            where = self._where_in(code, path)
            if value is None:
                if code in CLASS_LANGUAGES:
                    raise ScenarioError(
                        where,
                        f"{what} is missing: the words in this language say it to a whole "
                        "class (the projector) in their own words",
                    )
                continue
            found[code] = self._checked(value, what, where)
        return found

    def _where_in(self, code: str, path: tuple[str | int, ...]) -> str:
        index = path[1] if len(path) > 1 and path[0] == "steps" else None
        return self._where(code, index + 1 if isinstance(index, int) else None)

    @staticmethod
    def _checked(value: Any, what: str, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ScenarioError(where, f"{what} is missing")
        problems = markup_problems(value)
        if problems:
            raise ScenarioError(where, f"{what}: {'; '.join(problems)}")
        return value.strip()

    def count(self, what: str, number: int, key: str) -> int:
        """How many ``key`` texts step ``number`` has: the same in every language."""
        counts = {}
        for code, data in self.files.items():
            steps = data.get("steps", [])
            value = steps[number - 1].get(key, []) if number <= len(steps) else []
            counts[code] = len(value) if isinstance(value, list) else -1
        if len(set(counts.values())) != 1 or -1 in counts.values():
            listed = ", ".join(f"{c}: {n}" for c, n in counts.items())
            raise ScenarioError(
                self._where(next(iter(self.files)), number),
                f"{what} differ between languages ({listed})",
            )
        return next(iter(counts.values()))

    def steps(self) -> int:
        counts = {code: len(data.get("steps", [])) for code, data in self.files.items()}
        if len(set(counts.values())) != 1:
            listed = ", ".join(f"{c}: {n}" for c, n in counts.items())
            raise ScenarioError(
                self._where(next(iter(self.files))), f"step counts differ ({listed})"
            )
        return next(iter(counts.values()))


def load(path: Path) -> Scenario:
    """Read and check one hand and its words (their form, not their play: see
    :func:`validate`)."""
    where = path.name
    data = _read(path, where)
    game = data.get("game")
    if game not in list(Game):
        games = ", ".join(g.value for g in Game)
        raise ScenarioError(where, f"game must be one of {games}, not {game!r}")
    try:
        options_for(game, data.get("options", {}))
    except EngineError as exc:
        raise ScenarioError(where, f"options: {exc}") from None
    deal_data = data.get("deal", {})
    try:
        deal = Deal.build(
            [str(h) for h in deal_data.get("hands", [])],
            discard=str(deal_data.get("discard", "")),
            stock=str(deal_data.get("stock", "")),
        )
    except (EngineError, InvalidNotation) as exc:
        raise ScenarioError(where, f"the deal is not a valid deck: {exc}") from None
    seats = len(deal.hands)
    if seats < 2:
        raise ScenarioError(where, "the deal needs a hand for every seat (seat 0: the learner)")
    words = _Words(path.parent, path.stem)
    names = words.names(seats)
    scripted = deal_data.get("computer", [])
    computer = tuple(_move(m, f"{where}, deal.computer[{i}]") for i, m in enumerate(scripted))
    raw_steps = data.get("steps", [])
    if not raw_steps:
        raise ScenarioError(where, "a guided hand needs steps")
    if words.steps() != len(raw_steps):
        raise ScenarioError(where, f"{len(raw_steps)} steps, but the words have {words.steps()}")
    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        at = f"{where}, step {number}"
        index = number - 1
        expect_raw = raw.get("expect", [])
        if isinstance(expect_raw, str):
            expect_raw = [expect_raw]
        expect = tuple(_move(m, at) for m in expect_raw)
        rule = raw.get("rule")
        if bool(expect) == bool(rule):
            raise ScenarioError(at, "give either expect (moves) or rule, not both or neither")
        if rule is not None and rule not in list(ScenarioRule):
            known = ", ".join(r.value for r in ScenarioRule)
            raise ScenarioError(at, f"unknown rule {rule!r} (known: {known})")
        hint_count = words.count("hints", number, "hints")
        if not hint_count:
            raise ScenarioError(at, "a step needs at least one hint")
        wrong_moves = [_move(w.get("move"), at) for w in raw.get("wrong", [])]
        if words.count("wrong texts", number, "wrong") != len(wrong_moves):
            raise ScenarioError(
                at, f"{len(wrong_moves)} wrong moves, but a different number of wrong texts"
            )
        prompt = words.text("prompt", "steps", index, "prompt")
        right = words.text("right", "steps", index, "right")
        steps.append(
            ScenarioStep(
                number=number,
                prompt=prompt,
                expect=expect,
                rule=ScenarioRule(rule) if rule is not None else None,
                hints=tuple(
                    words.text(f"hint {i + 1}", "steps", index, "hints", i)
                    for i in range(hint_count)
                ),
                right=right,
                other=words.optional("other", "steps", index, "other"),
                wrong=tuple(
                    WrongMove(move, words.text("wrong", "steps", index, "wrong", i))
                    for i, move in enumerate(wrong_moves)
                ),
                class_prompt=words.for_class(
                    "class_prompt", prompt, "steps", index, "class_prompt"
                ),
                class_right=words.for_class("class_right", right, "steps", index, "class_right"),
            )
        )
    dealer = data.get("dealer", seats - 1)
    if not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise ScenarioError(where, f"dealer must be a seat 0-{seats - 1}")
    title = words.text("title", "title")
    return Scenario(
        slug=path.stem,
        path=path,
        game=Game(game),
        order=int(data.get("order", 0)),
        options=dict(data.get("options", {})),
        names=names,
        dealer=dealer,
        title=title,
        class_title=words.for_class("class_title", title, "class_title"),
        summary=words.text("summary", "summary"),
        teaches=tuple(str(t) for t in data.get("teaches", [])),
        deal=deal,
        computer=computer,
        steps=tuple(steps),
        final=dict(data.get("final", {})),
    )


# ------------------------------------------------------------------ a learner's namesake
#: Each language's stand-ins (``<lang>/stand-ins.toml``): for each name the hands give a
#: player, each form the words write it in and the same form of another name.
STAND_INS = "stand-ins.toml"
_WORD = re.compile(r"\w+")


@cache
def stand_in_choices(language: str) -> dict[str, tuple[dict[str, str], ...]]:
    """Each of ``language``'s players' names with its stand-ins, in the order they are
    taken: ``{name: ({form: first stand-in's form}, {form: second's}, ...)}``. A row
    may give each form a list (``"Giulia" = ["Chiara", "Sara"]``): the second is taken
    where the first is a name of the class too (a live exercise, :func:`words_for`)."""
    path = SCENARIO_DIR / language / STAND_INS
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: dict[str, tuple[dict[str, str], ...]] = {}
    for name, forms in data.items():
        lists = {
            str(k): [str(x) for x in v] if isinstance(v, list) else [str(v)]
            for k, v in forms.items()
        }
        count = max((len(v) for v in lists.values()), default=0)
        found[str(name)] = tuple(
            {form: values[min(i, len(values) - 1)] for form, values in lists.items()}
            for i in range(count)
        )
    return found


def stand_ins(language: str) -> dict[str, dict[str, str]]:
    """The stand-ins of ``language``'s players' names: ``{name: {form: its stand-in}}``
    (the first of each row's, :func:`stand_in_choices`; nothing for a language without
    the file)."""
    return {name: choices[0] for name, choices in stand_in_choices(language).items() if choices}


def _folded(name: str) -> str:
    """A name as people read it, its accents too left aside ("Giùlia" reads as "Giulia")."""
    return "".join(
        c for c in unicodedata.normalize("NFD", name_key(name)) if not unicodedata.combining(c)
    )


@dataclass(frozen=True)
class Words:
    """A hand's words for one learner: the player whose name reads as the learner's own
    is called by their stand-in (:func:`stand_ins`) in every text and seat (the teacher's
    walk: a pupil called Giulia met "Giulia (you)" against "Giulia · dealer", in a hand
    titled "When Giulia knocks")."""

    forms: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, texts: Mapping[str, str]) -> str:
        """The text in the page's language, the namesake's name replaced."""
        return self.say(pick(texts))

    def say(self, text: str) -> str:
        if not self.forms:
            return text
        return _WORD.sub(lambda m: self.forms.get(m.group(0), m.group(0)), text)


def words_for(
    scenario: Scenario,
    learner_name: str,
    language: str | None = None,
    *,
    also: Iterable[str] = (),
) -> Words:
    """``scenario``'s words for a learner called ``learner_name``: another name for the
    player whose name reads as theirs (case, width and accents aside), if one does. With
    ``also`` (the names of a class's pupils, in a live exercise the class plays
    together), every player whose name reads as any of them is called by their stand-in
    too, so that every screen of the class (the projector, each pupil's phone) calls the
    hand's players alike (the Italian teacher's walk: the projector and the classmates
    saw a computer "Giulia", the pupil Giulia's phone "Chiara")."""
    language = language or current()
    names = scenario.names.get(language) or scenario.names[languages()[0]]
    people = {_folded(name) for name in (learner_name, *also) if name.strip()}
    forms: dict[str, str] = {}
    for name in names[1:]:
        if _folded(name) in people:
            # The first stand-in that is no one's name here either (a class with both
            # a Giulia and a Chiara meets the hand's Giulia as Sara).
            choices = stand_in_choices(language).get(name, ())
            free = [c for c in choices if _folded(c.get(name, "")) not in people]
            forms.update(free[0] if free else choices[0] if choices else {})
    return Words(forms)


def scenario_paths(directory: Path = SCENARIO_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))


@cache
def library() -> tuple[Scenario, ...]:
    """Every guided hand, by game then order. Cached: the files ship with the code."""
    scenarios = [load(path) for path in scenario_paths()]
    games = list(Game)
    return tuple(sorted(scenarios, key=lambda s: (games.index(s.game), s.order, s.slug)))


def get(slug: str) -> Scenario | None:
    return next((s for s in library() if s.slug == slug), None)


# ------------------------------------------------------------------ playing
@dataclass(frozen=True)
class ScenarioProgress:
    """A guided hand as far as the learner has played it.

    ``hand`` waits for the learner's move of ``step`` (``None`` once the hand is
    over, or past the last step); ``step_index`` counts the learner's moves made,
    ``computer_used`` the computer's moves. ``strayed``: a move the learner made was
    not the one its step teaches ("Continue anyway"), so the scenario's words, written
    for its own line of play, may no longer fit the cards.
    """

    scenario: Scenario
    hand: Hand
    step: ScenarioStep | None
    step_index: int
    computer_used: int
    strayed: bool = False

    def advance(self, move: AnyMove) -> ScenarioProgress:
        """The progress after the learner's ``move`` (checked: raises
        :class:`~game.engine.IllegalMove`) and the computer's moves that follow."""
        return _run(
            self.scenario,
            self.hand,
            self.step_index,
            self.computer_used,
            [move],
            strayed=self.strayed,
        )


def _computer_move(scenario: Scenario, hand: Hand, used: int) -> AnyMove:
    """The next scripted computer move, or (after a learner's own choice made the
    script impossible) the computer player's choice."""
    if used < len(scenario.computer):
        move = scenario.computer[used]
        if hand.is_legal(move):
            return move
    return bot_move(hand)


def _run(
    scenario: Scenario,
    hand: Hand,
    index: int,
    used: int,
    moves: Sequence[AnyMove],
    *,
    strayed: bool = False,
) -> ScenarioProgress:
    """Play on from ``hand``: the computer's moves, and the learner's ``moves`` (checked),
    until the learner is to move with no move left, or the hand ends."""
    pending = list(moves)
    for _ in range(2000):
        if hand.is_over:
            break
        if hand.turn == LEARNER:
            if not pending:
                break
            move = pending.pop(0)
            step = scenario.steps[index] if index < len(scenario.steps) else None
            if step is not None and not strayed and hand.is_legal(move, LEARNER):
                strayed = not step.accepts(hand, move)
            hand = hand.play(move, LEARNER)
            index += 1
        else:
            hand = hand.play(_computer_move(scenario, hand, used))
            used += 1
    step = scenario.steps[index] if not hand.is_over and index < len(scenario.steps) else None
    return ScenarioProgress(scenario, hand, step, index, used, strayed)


def replay(scenario: Scenario, learner_moves: Sequence[AnyMove]) -> ScenarioProgress:
    """Deal, then alternate the learner's moves and the computer's script. The learner's
    moves are checked: a stored attempt that no longer fits its scenario (the file was
    edited since) raises :class:`~game.engine.IllegalMove`."""
    return _run(scenario, scenario.new_hand(), 0, 0, learner_moves)


# ------------------------------------------------------------------ checking
@dataclass(frozen=True)
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def right_move(step: ScenarioStep, hand: Hand) -> AnyMove | None:
    """The move a step teaches in ``hand``: its first expected move that is legal (a
    step may accept the melds of a layout in any order), or for a rule step the
    coach's best move that fits the rule."""
    if step.expect:
        return next((m for m in step.expect if hand.is_legal(m, LEARNER)), None)
    fitting = [
        r.move
        for r in advise(hand, LEARNER).moves
        if step.accepts(hand, r.move) and step.wrong_for(r.move) is None
    ]
    return fitting[0] if fitting else None


def right_moves(step: ScenarioStep, hand: Hand) -> list[AnyMove]:
    """Every move a step accepts as right in ``hand``: its expected moves that are legal
    (a layout's melds, in any order), or for a rule step the coach's best that fits."""
    if step.expect:
        return [m for m in step.expect if hand.is_legal(m, LEARNER)]
    best = right_move(step, hand)
    return [best] if best is not None else []


def right_line(scenario: Scenario) -> list[AnyMove]:
    """The learner's moves the scenario teaches, from the deal to the end."""
    moves: list[AnyMove] = []
    for step in scenario.steps:
        progress = replay(scenario, moves)
        if progress.step is not step:
            break
        move = right_move(step, progress.hand)
        if move is None:
            break
        moves.append(move)
    return moves


def validate(scenario: Scenario) -> list[Problem]:
    """Replay the scenario's right line through the engine; report what does not fit."""
    problems: list[Problem] = []
    hand = scenario.new_hand()
    used = 0
    for step in scenario.steps:
        where = f"{scenario.path.name}, step {step.number}"
        # The computer players' scripted moves before the learner's turn.
        while not hand.is_over and hand.turn != LEARNER:
            if used >= len(scenario.computer):
                problems.append(Problem(where, "the computer script runs out before this step"))
                return problems
            move = scenario.computer[used]
            try:
                hand = hand.play(move)
            except IllegalMove as exc:
                problems.append(
                    Problem(
                        f"{scenario.path.name}, deal.computer[{used}]",
                        f"scripted move {move} is impossible: {exc}",
                    )
                )
                return problems
            used += 1
        if hand.is_over:
            problems.append(Problem(where, "the hand is already over before this step"))
            return problems
        # A step that lists several moves accepts any of them (the melds of a layout, in
        # any order): one of them must be legal here.
        refused = []
        for move in step.expect:
            try:
                hand.check(move, LEARNER)
            except IllegalMove as exc:
                refused.append(f"expected move {move} is illegal: {exc}")
        if step.expect and len(refused) == len(step.expect):
            problems += [Problem(where, text) for text in refused]
        if step.rule and not any(step.accepts(hand, m) for m in hand.legal_moves()):
            problems.append(Problem(where, f"no legal move fits the rule {str(step.rule)!r}"))
        for wrong in step.wrong:
            if step.expect and step.accepts(hand, wrong.move):
                problems.append(Problem(where, f"wrong move {wrong.move} is also expected"))
        if problems:
            return problems
        right = right_move(step, hand)
        if right is None:
            problems.append(Problem(where, "no right move can be found"))
            return problems
        hand = hand.play(right, LEARNER)
    if not hand.is_over:
        # The computer may end the hand after the last step (it knocks, say).
        while not hand.is_over and hand.turn != LEARNER and used < len(scenario.computer):
            try:
                hand = hand.play(scenario.computer[used])
            except IllegalMove as exc:
                problems.append(
                    Problem(f"{scenario.path.name}, deal.computer[{used}]", f"impossible: {exc}")
                )
                return problems
            used += 1
    if not hand.is_over:
        problems.append(Problem(scenario.path.name, "the steps end but the hand goes on"))
        return problems
    if used < len(scenario.computer):
        problems.append(
            Problem(scenario.path.name, f"{len(scenario.computer) - used} scripted moves unused")
        )
    final = scenario.final
    settlement = hand.result.settlement if hand.result else None
    if settlement is not None and final:
        if "kind" in final and settlement.kind.value != final["kind"]:
            problems.append(
                Problem(
                    scenario.path.name,
                    f"final kind is {settlement.kind.value}, not {final['kind']}",
                )
            )
        if "received" in final:
            got = [settlement.received[p] for p in range(scenario.players)]
            want = [Fraction(str(x)) for x in final["received"]]
            if got != want:
                problems.append(
                    Problem(
                        scenario.path.name,
                        f"final received {[str(g) for g in got]}, not {[str(w) for w in want]}",
                    )
                )
    return problems


def validate_paths(paths: Iterable[Path]) -> list[Problem]:
    problems: list[Problem] = []
    for path in paths:
        try:
            scenario = load(path)
        except ScenarioError as exc:
            problems.append(Problem(exc.where, exc.message))
            continue
        problems += validate(scenario)
    return problems


__all__ = [
    "CLASS_LANGUAGES",
    "LEARNER",
    "STAND_INS",
    "Problem",
    "Scenario",
    "ScenarioError",
    "ScenarioProgress",
    "ScenarioRule",
    "ScenarioStep",
    "Words",
    "WrongMove",
    "get",
    "library",
    "load",
    "replay",
    "right_line",
    "right_move",
    "stand_in_choices",
    "stand_ins",
    "validate",
    "validate_paths",
    "words_for",
]
