"""Guided hands as data: the scenario file format, its loader, replay and validator.

A guided hand is a prepared deal in which a coach teaches one step at a time.
Each is a TOML file in ``game/guided/content/`` (one per hand, named by its
slug). It holds the game and options, the seats' names, the exact deal, the
computer players' scripted moves, and the learner's steps. Every text is given
in every language of the site (``en``, ``lt``, ``ru``, ``it``); a missing
language is an error. The format, field by field::

    game = "gin"                     # basic | gin | knock
    order = 1                        # position in its game's list (from first steps)
    options = {}                     # the rule set's options (rules.md)
    names = ["", "Ona"]              # seat 0 is the learner ("" = their name)
    dealer = 1                       # the learner plays first when they sit left of it
    title = { en = "...", lt = "...", ru = "...", it = "..." }
    summary = { en = "...", ... }
    teaches = ["groups", "runs"]     # topics, shown on the index

    [deal]
    hands = ["2C 3C 4C ...", "..."]  # each seat's cards
    discard = "7H"                   # the up-card (top first if several)
    stock = "KS 2D"                  # the next cards of the stock, top first;
                                     # the rest of the deck follows in index order
    computer = ["draw stock", "discard 9S"]   # the computer players' moves, in order

    [[steps]]                        # one per learner move, in order
    prompt = { en = "...", ... }
    expect = "draw discard"          # one exact move, or a list of moves, or:
    # rule = "knock"                 # any legal move of a kind (see ScenarioRule)
    hints = [{ en = "which pile" }, { en = "which card" }, { en = "why" }]
    right = { en = "what the right move did", ... }
    other = { en = "legal, but not today's point", ... }   # optional

    [[steps.wrong]]                  # optional: a likely wrong move, explained
    move = "draw stock"
    say = { en = "...", ... }

    [final]                          # what the hand must end with (checked by tests)
    kind = "knock"                   # the settlement's kind
    received = [25, 0]               # each seat's points

``python manage.py check_scenarios`` replays every file through the engine and
names the file and step of every problem (see :func:`validate`).
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

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
from rummy_site.languages import codes as languages

SCENARIO_DIR = Path(__file__).resolve().parent / "content"
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
    names: tuple[str, ...]
    dealer: int
    title: Text
    summary: Text
    teaches: tuple[str, ...]
    deal: Deal
    computer: tuple[AnyMove, ...]
    steps: tuple[ScenarioStep, ...]
    final: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)

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
def _text(data: Any, where: str, what: str) -> Text:
    if not isinstance(data, Mapping):
        raise ScenarioError(where, f"{what} must be a table of texts by language")
    codes = languages()
    missing = [code for code in codes if not str(data.get(code, "")).strip()]
    if missing:
        raise ScenarioError(where, f"{what} lacks the language(s): {', '.join(missing)}")
    extra = [code for code in data if code not in codes]
    if extra:
        raise ScenarioError(where, f"{what} has unknown language(s): {', '.join(extra)}")
    return {code: str(data[code]).strip() for code in codes}


def _move(text: Any, where: str) -> AnyMove:
    try:
        return Move.parse(str(text))
    except InvalidNotation as exc:
        raise ScenarioError(where, f"not a move: {text!r} ({exc})") from None


def load(path: Path) -> Scenario:
    """Read and check one scenario file (its form, not its play: see :func:`validate`)."""
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ScenarioError(where, f"not readable TOML: {exc}") from None
    game = data.get("game")
    if game not in list(Game):
        games = ", ".join(g.value for g in Game)
        raise ScenarioError(where, f"game must be one of {games}, not {game!r}")
    try:
        options_for(game, data.get("options", {}))
    except EngineError as exc:
        raise ScenarioError(where, f"options: {exc}") from None
    names = data.get("names")
    if not isinstance(names, list) or len(names) < 2 or not all(isinstance(n, str) for n in names):
        raise ScenarioError(where, "names must list every seat (seat 0: the learner)")
    deal_data = data.get("deal", {})
    try:
        deal = Deal.build(
            [str(h) for h in deal_data.get("hands", [])],
            discard=str(deal_data.get("discard", "")),
            stock=str(deal_data.get("stock", "")),
        )
    except (EngineError, InvalidNotation) as exc:
        raise ScenarioError(where, f"the deal is not a valid deck: {exc}") from None
    if len(deal.hands) != len(names):
        raise ScenarioError(where, f"the deal has {len(deal.hands)} hands for {len(names)} seats")
    scripted = deal_data.get("computer", [])
    computer = tuple(_move(m, f"{where}, deal.computer[{i}]") for i, m in enumerate(scripted))
    steps = []
    for number, raw in enumerate(data.get("steps", []), start=1):
        at = f"{where}, step {number}"
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
        hints = tuple(_text(h, at, f"hint {i + 1}") for i, h in enumerate(raw.get("hints", [])))
        if not hints:
            raise ScenarioError(at, "a step needs at least one hint")
        wrong = tuple(
            WrongMove(_move(w.get("move"), at), _text(w.get("say"), at, "wrong.say"))
            for w in raw.get("wrong", [])
        )
        steps.append(
            ScenarioStep(
                number=number,
                prompt=_text(raw.get("prompt"), at, "prompt"),
                expect=expect,
                rule=ScenarioRule(rule) if rule is not None else None,
                hints=hints,
                right=_text(raw.get("right"), at, "right"),
                other=_text(raw["other"], at, "other") if "other" in raw else None,
                wrong=wrong,
            )
        )
    if not steps:
        raise ScenarioError(where, "a guided hand needs steps")
    dealer = data.get("dealer", len(names) - 1)
    if not isinstance(dealer, int) or not 0 <= dealer < len(names):
        raise ScenarioError(where, f"dealer must be a seat 0-{len(names) - 1}")
    return Scenario(
        slug=path.stem,
        path=path,
        game=Game(game),
        order=int(data.get("order", 0)),
        options=dict(data.get("options", {})),
        names=tuple(names),
        dealer=dealer,
        title=_text(data.get("title"), where, "title"),
        summary=_text(data.get("summary"), where, "summary"),
        teaches=tuple(str(t) for t in data.get("teaches", [])),
        deal=deal,
        computer=computer,
        steps=tuple(steps),
        final=dict(data.get("final", {})),
    )


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
    ``computer_used`` the computer's moves.
    """

    scenario: Scenario
    hand: Hand
    step: ScenarioStep | None
    step_index: int
    computer_used: int

    def advance(self, move: AnyMove) -> ScenarioProgress:
        """The progress after the learner's ``move`` (checked: raises
        :class:`~game.engine.IllegalMove`) and the computer's moves that follow."""
        return _run(
            self.scenario,
            self.hand.play(move, LEARNER),
            self.step_index + 1,
            self.computer_used,
            (),
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
    scenario: Scenario, hand: Hand, index: int, used: int, moves: Sequence[AnyMove]
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
            hand = hand.play(pending.pop(0), LEARNER)
            index += 1
        else:
            hand = hand.play(_computer_move(scenario, hand, used))
            used += 1
    step = scenario.steps[index] if not hand.is_over and index < len(scenario.steps) else None
    return ScenarioProgress(scenario, hand, step, index, used)


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
    """The move a step teaches in ``hand``: its first expected move, or for a rule
    step the coach's best move that fits the rule."""
    if step.expect:
        return step.expect[0] if hand.is_legal(step.expect[0], LEARNER) else None
    fitting = [
        r.move
        for r in advise(hand, LEARNER).moves
        if step.accepts(hand, r.move) and step.wrong_for(r.move) is None
    ]
    return fitting[0] if fitting else None


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
        for move in step.expect:
            try:
                hand.check(move, LEARNER)
            except IllegalMove as exc:
                problems.append(Problem(where, f"expected move {move} is illegal: {exc}"))
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
    "LEARNER",
    "Problem",
    "Scenario",
    "ScenarioError",
    "ScenarioProgress",
    "ScenarioRule",
    "ScenarioStep",
    "WrongMove",
    "get",
    "library",
    "load",
    "replay",
    "right_line",
    "right_move",
    "validate",
    "validate_paths",
]
