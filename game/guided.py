"""Guided hands: prepared deals in which a coach teaches one step at a time.

A guided hand is a TOML file in ``game/scenarios/`` (one per hand, named by its
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
    # rule = "knock"                 # any legal move of a kind (see RULES)
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

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from game.engine.arrange import best_arrangement, best_discard
from game.engine.errors import EngineError, IllegalMove, InvalidNotation
from game.engine.hand import Deal, Hand
from game.engine.moves import Discard, DrawDiscard, DrawStock, Knock, LayDown, LayOff, Move
from game.engine.options import OPTIONS_BY_GAME

SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"
LANGUAGES = ("en", "lt", "ru", "it")
GAMES = ("basic", "gin", "knock")
#: Named kinds of moves a step may accept instead of exact moves.
RULES = {
    "any": "any legal move",
    "draw": "a draw from either pile",
    "discard": "any discard",
    "knock": "any legal knock (Gin: deadwood 10 or less after the discard)",
    "gin": "a knock with no deadwood",
    "meld": "any legal meld put on the table",
    "lay_off": "any legal layoff",
    "go_out": "any legal move that ends the hand",
    "least_deadwood_discard": "a discard that leaves the least deadwood possible",
}

Text = Mapping[str, str]


class ScenarioError(ValueError):
    """A scenario file that cannot be used: ``where`` names the file and step."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class WrongMove:
    move: Move
    say: Text


@dataclass(frozen=True)
class Step:
    number: int
    prompt: Text
    expect: tuple[Move, ...]
    rule: str | None
    hints: tuple[Text, ...]
    right: Text
    other: Text | None
    wrong: tuple[WrongMove, ...]

    def accepts(self, hand: Hand, move: Move, seat: int = 0) -> bool:
        """Is ``move`` (legal in ``hand``) the move this step teaches? A move the step
        lists as wrong never is, even when it fits the step's rule."""
        if self.expect and canonical(move) in {canonical(m) for m in self.expect}:
            return True
        if self.wrong_for(move) is not None:
            return False
        if self.expect:
            return canonical(move) in {canonical(m) for m in self.expect}
        return rule_accepts(self.rule or "any", hand, move, seat)

    def wrong_for(self, move: Move) -> WrongMove | None:
        return next((w for w in self.wrong if canonical(w.move) == canonical(move)), None)


def canonical(move: Move) -> Move:
    """The same move whatever order its cards were chosen in (a meld's cards)."""
    if isinstance(move, LayDown):
        return LayDown(tuple(sorted(move.cards)))
    return move


@dataclass(frozen=True)
class Scenario:
    slug: str
    path: Path
    game: str
    order: int
    options: dict[str, Any]
    names: tuple[str, ...]
    dealer: int
    title: Text
    summary: Text
    teaches: tuple[str, ...]
    deal: Deal
    computer: tuple[Move, ...]
    steps: tuple[Step, ...]
    final: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)

    def new_hand(self) -> Hand:
        return Hand.new(
            self.game,
            players=self.players,
            dealer=self.dealer,
            deal=self.deal,
            options=self.options,
        )


def rule_accepts(rule: str, hand: Hand, move: Move, seat: int = 0) -> bool:
    """Does a legal ``move`` fit a step's ``rule`` (see :data:`RULES`)?"""
    if rule == "any":
        return True
    if rule == "draw":
        return isinstance(move, DrawStock | DrawDiscard)
    if rule == "discard":
        return isinstance(move, Discard)
    if rule == "knock":
        return isinstance(move, Knock)
    if rule == "gin":
        return (
            isinstance(move, Knock)
            and hand.apply(move, seat).result is not None
            and (
                hand.apply(move, seat).result.settlement.deadwood[seat] == 0  # type: ignore[union-attr]
            )
        )
    if rule == "meld":
        return isinstance(move, LayDown)
    if rule == "lay_off":
        return isinstance(move, LayOff)
    if rule == "go_out":
        return hand.apply(move, seat).is_over
    if rule == "least_deadwood_discard":
        if not isinstance(move, Discard):
            return False
        cards = hand.hands[seat]
        ace_high = bool(getattr(hand.options, "ace_high_or_low", False))
        forbidden = frozenset({hand.taken}) if hand.taken else frozenset()
        _card, best = best_discard(cards, ace_high_or_low=ace_high, forbidden=forbidden)
        rest = [c for c in cards if c != move.card]
        return best_arrangement(rest, ace_high_or_low=ace_high).deadwood == best.deadwood
    raise ValueError(f"unknown rule {rule!r}")


# ------------------------------------------------------------------ loading
def _text(data: Any, where: str, what: str) -> Text:
    if not isinstance(data, Mapping):
        raise ScenarioError(where, f"{what} must be a table of texts by language")
    missing = [code for code in LANGUAGES if not str(data.get(code, "")).strip()]
    if missing:
        raise ScenarioError(where, f"{what} lacks the language(s): {', '.join(missing)}")
    extra = [code for code in data if code not in LANGUAGES]
    if extra:
        raise ScenarioError(where, f"{what} has unknown language(s): {', '.join(extra)}")
    return {code: str(data[code]).strip() for code in LANGUAGES}


def _move(text: Any, where: str) -> Move:
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
    if game not in GAMES:
        raise ScenarioError(where, f"game must be one of {', '.join(GAMES)}, not {game!r}")
    try:
        OPTIONS_BY_GAME[game].from_dict(data.get("options", {}))
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
        if rule is not None and rule not in RULES:
            raise ScenarioError(at, f"unknown rule {rule!r} (known: {', '.join(RULES)})")
        hints = tuple(_text(h, at, f"hint {i + 1}") for i, h in enumerate(raw.get("hints", [])))
        if not hints:
            raise ScenarioError(at, "a step needs at least one hint")
        wrong = tuple(
            WrongMove(_move(w.get("move"), at), _text(w.get("say"), at, "wrong.say"))
            for w in raw.get("wrong", [])
        )
        steps.append(
            Step(
                number=number,
                prompt=_text(raw.get("prompt"), at, "prompt"),
                expect=expect,
                rule=rule,
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
        game=game,
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
    return tuple(sorted(scenarios, key=lambda s: (GAMES.index(s.game), s.order, s.slug)))


def get(slug: str) -> Scenario | None:
    return next((s for s in library() if s.slug == slug), None)


# ------------------------------------------------------------------ playing
@dataclass(frozen=True)
class Progress:
    """A guided hand replayed from the learner's accepted moves.

    ``hand`` waits for the learner's move of ``step`` (``None`` once the hand is
    over); ``computer_used`` counts the scripted computer moves played so far.
    """

    hand: Hand
    step: Step | None
    step_index: int
    computer_used: int


def _computer_move(scenario: Scenario, hand: Hand, used: int) -> Move:
    """The next scripted computer move, or (after a learner's own choice made the
    script impossible) the computer player's choice."""
    if used < len(scenario.computer):
        move = scenario.computer[used]
        if hand.is_legal(move):
            return move
    from game.engine.bots import bot_move

    return bot_move(hand)


def replay(scenario: Scenario, learner_moves: Sequence[Move]) -> Progress:
    """Deal, then alternate the learner's moves and the computer's script."""
    hand = scenario.new_hand()
    used = 0
    moves = list(learner_moves)
    index = 0
    for _ in range(2000):
        if hand.is_over:
            break
        if hand.turn == 0:
            if index >= len(moves):
                break
            hand = hand.apply(moves[index], 0)
            index += 1
        else:
            hand = hand.apply(_computer_move(scenario, hand, used))
            used += 1
    step = scenario.steps[index] if not hand.is_over and index < len(scenario.steps) else None
    return Progress(hand=hand, step=step, step_index=index, computer_used=used)


# ------------------------------------------------------------------ checking
@dataclass(frozen=True)
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def right_move(step: Step, hand: Hand) -> Move | None:
    """The move a step teaches in ``hand``: its first expected move, or for a rule
    step the coach's best move that fits the rule."""
    if step.expect:
        return step.expect[0] if hand.is_legal(step.expect[0], 0) else None
    from game.engine.coach import advise

    fitting = [
        r.move
        for r in advise(hand, 0).moves
        if step.accepts(hand, r.move) and step.wrong_for(r.move) is None
    ]
    return fitting[0] if fitting else None


def right_line(scenario: Scenario) -> list[Move]:
    """The learner's moves the scenario teaches, from the deal to the end."""
    moves: list[Move] = []
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
        while not hand.is_over and hand.turn != 0:
            if used >= len(scenario.computer):
                problems.append(Problem(where, "the computer script runs out before this step"))
                return problems
            move = scenario.computer[used]
            try:
                hand = hand.apply(move)
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
                hand.check(move, 0)
            except IllegalMove as exc:
                problems.append(Problem(where, f"expected move {move} is illegal: {exc}"))
        if step.rule and not any(step.accepts(hand, m) for m in hand.legal_moves()):
            problems.append(Problem(where, f"no legal move fits the rule {step.rule!r}"))
        for wrong in step.wrong:
            if step.expect and step.accepts(hand, wrong.move):
                problems.append(Problem(where, f"wrong move {wrong.move} is also expected"))
        if problems:
            return problems
        right = right_move(step, hand)
        if right is None:
            problems.append(Problem(where, "no right move can be found"))
            return problems
        hand = hand.apply(right, 0)
    if not hand.is_over:
        # The computer may end the hand after the last step (it knocks, say).
        while not hand.is_over and hand.turn != 0 and used < len(scenario.computer):
            try:
                hand = hand.apply(scenario.computer[used])
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
    "LANGUAGES",
    "RULES",
    "Problem",
    "Progress",
    "Scenario",
    "ScenarioError",
    "Step",
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
