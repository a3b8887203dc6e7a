"""Interactive checks inside lessons, answered by the rules engine.

Each kind reads its shortcode arguments (see :mod:`lessons.content`), builds
its question (fixed cards, or cards dealt from a seed for ``random``), and
judges an answer, returning whether it is right and the data that explains
the right answer. Nothing here knows about requests or templates.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from django.utils.translation import gettext_lazy

from game.engine import (
    DECK,
    Arrangement,
    BasicOptions,
    Card,
    EngineError,
    Game,
    IllegalMove,
    InvalidNotation,
    Meld,
    MeldFailure,
    MeldKind,
    Rank,
    ResultKind,
    Settlement,
    Suit,
    best_arrangement,
    check_meld,
    deadwood_of,
    extend_meld,
    find_melds,
    make_meld,
    parse_cards,
    settle_basic,
    settle_gin,
    settle_knock,
)
from rummy_site import parsing
from rummy_site.errors import ServiceError
from rummy_site.parsing import small_int

#: What a malformed answer is told, by its code.
BAD_ANSWER_MESSAGES = {
    "empty": gettext_lazy("Type your answer first."),
    # The words of a number that could not be read, as at a table ("Score it yourself").
    **parsing.POINTS_MESSAGES,
    "unknown_card": gettext_lazy("Pick cards from the ones shown."),
    "pick_cards": gettext_lazy("Pick the cards of a meld, or answer that there is none."),
    "yes_or_no": gettext_lazy("Answer yes or no."),
    "pick_player": gettext_lazy("Pick a player."),
    "pick_meld": gettext_lazy("Tick a meld, or answer that the card fits nowhere."),
    "pick_one_card": gettext_lazy("Pick the one card you would discard."),
}

#: Which field of the answer's form a malformed answer's code is about (a number that
#: is no number is the deadwood's "answer", or a score's "points": see
#: :func:`parse_points`).
BAD_ANSWER_FIELDS = {
    "empty": "answer",
    "not_a_number": "answer",
    "negative": "answer",
    "unknown_card": "cards",
    "pick_cards": "cards",
    "yes_or_no": "answer",
    "pick_player": "player",
    "pick_meld": "melds",
    "pick_one_card": "cards",
}


class BadAnswer(ServiceError):
    """A malformed answer (400): ``code`` names what is wrong, ``field`` the form's field
    it is about; nothing is stored."""

    status = 400

    def __init__(self, code: str, *, field: str = "") -> None:
        self.code = code
        self.field = field or BAD_ANSWER_FIELDS.get(code, "")
        super().__init__(
            BAD_ANSWER_MESSAGES.get(code, gettext_lazy("That answer could not be read. Try again."))
        )


@dataclass(frozen=True)
class Outcome:
    correct: bool
    details: dict[str, Any] = field(default_factory=dict)


def _random_dense(rng: random.Random, count: int, spans: tuple[int, ...] = (5, 6)) -> list[Card]:
    """``count`` cards from 5 or 6 adjacent ranks (or as many as ``spans`` says): hands
    full of possible melds."""
    span = rng.choice(spans)
    low = rng.randrange(1, 14 - span + 1)
    pool = [c for c in DECK if low <= c.rank.value < low + span]
    return sorted(rng.sample(pool, count))


@functools.cache
def _small_melds(ace_high: bool) -> tuple[Meld, ...]:
    """Every group and run of three or four cards (with the ace-high option, the runs
    with the ace above the king too)."""
    return tuple(m for m in find_melds(DECK, ace_high_or_low=ace_high) if len(m.cards) <= 4)


def _has_ace(cards: Sequence[Card]) -> bool:
    return any(c.rank is Rank.ACE for c in cards)


def _contested(cards: Sequence[Card], ace_high: bool = False) -> bool:
    """Whether a card of ``cards`` could go into a group or into a run of them, so that
    the learner must choose ("the {5H} could join the two other fives, or the {6H} and
    {7H}")."""
    melds = find_melds(cards, ace_high_or_low=ace_high)
    groups = [m.mask for m in melds if m.kind is MeldKind.GROUP]
    runs = [m.mask for m in melds if m.kind is MeldKind.RUN]
    return any(g & r for g in groups for r in runs)


def _crossing(rng: random.Random, ace_high: bool) -> list[Card]:
    """A group of three and a run of three or four that share one card."""
    pool = _small_melds(ace_high)
    group = rng.choice([m for m in pool if m.kind is MeldKind.GROUP and len(m.cards) == 3])
    shared = rng.choice(group.cards)
    run = rng.choice([m for m in pool if m.kind is MeldKind.RUN and shared in m.cards])
    return sorted(set(group.cards) | set(run.cards))


def _deal_with_melds(
    rng: random.Random, count: int, melds: int, *, ace_high: bool = False, contested: bool = False
) -> list[Card]:
    """``count`` cards whose best arrangement holds exactly ``melds`` melds: that many
    groups and runs of three or four cards, and the rest from anywhere in the deck, dealt
    again until the engine arranges them so (a card that makes another meld, or joins
    two melds into one, would change the count). Under the ace-high option an ace is
    always among them (the option changes nothing without one). With ``contested``, a
    card among them could go into a group or a run (:func:`_contested`), and without it
    none can."""
    pool = _small_melds(ace_high)
    cards: list[Card] = []
    for _ in range(500):
        chosen: list[Card] = []
        first = melds
        if contested:
            chosen = _crossing(rng, ace_high)
            first -= len(best_arrangement(chosen, ace_high_or_low=ace_high).melds)
            if first < 0 or len(chosen) + 3 * first > count:
                continue
        for left in range(first, 0, -1):
            room = count - len(chosen) - 3 * (left - 1)
            taken = set(chosen)
            fitting = [m for m in pool if len(m.cards) <= room and not taken & set(m.cards)]
            chosen += rng.choice(fitting).cards
        rest = [c for c in DECK if c not in chosen]
        if ace_high and not _has_ace(chosen) and len(chosen) < count:
            chosen.append(rng.choice([c for c in rest if c.rank is Rank.ACE]))
            rest = [c for c in rest if c not in chosen]
        cards = sorted(chosen + rng.sample(rest, count - len(chosen)))
        arranged = best_arrangement(cards, ace_high_or_low=ace_high)
        if (
            len(arranged.melds) == melds
            and (_has_ace(cards) or not ace_high)
            and _contested(cards, ace_high) == contested
        ):
            break
    return cards


def _deal_until(
    rng: random.Random,
    chance: float,
    deal: Callable[[random.Random], list[Card]],
    test: Callable[[list[Card]], bool],
) -> list[Card]:
    """Deal until ``test`` gives the answer a coin with ``chance`` of "yes" chose, so a
    random question's answer is sometimes yes and sometimes no."""
    want = rng.random() < chance
    cards = deal(rng)
    for _ in range(200):
        if test(cards) == want:
            break
        cards = deal(rng)
    return cards


def _parse_cards(words: Sequence[str]) -> list[Card]:
    cards = parse_cards(list(words))
    if len(set(cards)) != len(cards):
        raise InvalidNotation(" ".join(words), "a card is there twice")
    return cards


def _fixed_or_random(args: str, size: int, what: str) -> tuple[Card, ...] | None:
    """A check's cards: ``None`` for "random" (dealt from each question's seed), else
    exactly ``size`` cards."""
    words = args.split()
    if words == ["random"]:
        return None
    cards = _parse_cards(words)
    if len(cards) != size:
        raise InvalidNotation(args, f"{what} takes {size} cards")
    return tuple(cards)


def _answer_cards(answer: Mapping[str, Any], allowed: Sequence[Card]) -> list[Card]:
    raw = answer.get("cards", [])
    tokens = [raw] if isinstance(raw, str) else list(raw)
    picked = []
    for token in tokens:
        try:
            card = Card.parse(str(token))
        except InvalidNotation:
            raise BadAnswer("unknown_card") from None
        if card not in allowed or card in picked:
            raise BadAnswer("unknown_card")
        picked.append(card)
    return picked


def parse_points(text: str) -> Fraction:
    """A number of points as people type it (see :func:`rummy_site.parsing.points`);
    :class:`BadAnswer` for anything else."""
    try:
        return parsing.points(text)
    except ValueError as exc:
        raise BadAnswer(str(exc) or "not_a_number", field="points") from None


def points_agree(text: str, expected: Fraction) -> bool:
    """:func:`rummy_site.parsing.points_agree`, with :class:`BadAnswer` for a non-number."""
    try:
        return parsing.points_agree(text, expected)
    except ValueError as exc:
        raise BadAnswer(str(exc) or "not_a_number", field="points") from None


# ------------------------------------------------------------------ the kinds
@dataclass(frozen=True)
class MeldCheck:
    """ "Is there a meld here?": pick the cards of a meld, or say there is none."""

    kind = "meld"
    cards: tuple[Card, ...] | None  # None: dealt from the seed
    #: A dealt question's number of cards (``None``: 4, 5 or 6, as the seed says).
    size: int | None = None

    @classmethod
    def parse(cls, args: str) -> MeldCheck:
        words = args.split()
        if words == ["random"]:
            return cls(None)
        return cls(tuple(_parse_cards(words)))

    @property
    def random(self) -> bool:
        return self.cards is None

    def question(self, seed: int) -> list[Card]:
        if self.cards is not None:
            return list(self.cards)
        # Most dealt sets hold a meld to find; some hold none, and that is the answer then.
        if self.size is None:
            return _deal_until(
                random.Random(f"meld:{seed}"),
                0.7,
                lambda rng: _random_dense(rng, rng.choice((4, 5, 6))),
                lambda cards: bool(self.melds_in(cards)),
            )
        # Three cards come from three or four adjacent ranks: from five or six, a meld
        # would hardly ever be dealt.
        size = self.size
        spans = (3, 4) if size <= 3 else (5, 6)
        return _deal_until(
            random.Random(f"meld:{size}:{seed}"),
            0.7,
            lambda rng: _random_dense(rng, size, spans),
            lambda cards: bool(self.melds_in(cards)),
        )

    def melds_in(self, cards: Sequence[Card]) -> list[Meld]:
        return [m for m in find_melds(cards) if set(m.cards) <= set(cards)]

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        cards = self.question(seed)
        melds = self.melds_in(cards)
        if answer.get("answer") == "none":
            return Outcome(not melds, {"melds": melds, "picked": [], "none": True})
        picked = _answer_cards(answer, cards)
        if not picked:
            raise BadAnswer("pick_cards")
        failure = check_meld(picked)
        details: dict[str, Any] = {"melds": melds, "picked": picked, "failure": failure}
        if failure is None:
            details["meld"] = make_meld(picked)
        else:
            try:
                make_meld(picked)
            except IllegalMove as exc:
                details["params"] = exc.params
        return Outcome(failure is None, details)


@dataclass(frozen=True)
class DeadwoodCheck:
    """ "Count the deadwood": a number; the answer shows the best arrangement."""

    kind = "deadwood"
    cards: tuple[Card, ...] | None
    ace_high: bool = False
    #: A dealt question's number of cards.
    size: int = 10
    #: A dealt question's number of melds in the best arrangement (``None``: any, from
    #: cards of adjacent ranks that make many).
    melds: int | None = None
    #: A dealt question (with ``melds``) has a card that could go into a group or a
    #: run: "Look for the card that fits two melds".
    contested: bool = False

    @classmethod
    def parse(cls, args: str) -> DeadwoodCheck:
        words = args.split()
        ace_high = "ace-high" in words
        words = [w for w in words if w != "ace-high"]
        if words == ["random"]:
            return cls(None, ace_high)
        cards = _parse_cards(words)
        if not cards:
            raise InvalidNotation(args, "no cards")
        return cls(tuple(cards), ace_high)

    @property
    def random(self) -> bool:
        return self.cards is None

    def question(self, seed: int) -> list[Card]:
        if self.cards is not None:
            return list(self.cards)
        if self.melds is None:
            return _random_dense(random.Random(f"deadwood:{seed}"), self.size)
        shared = ":shared" if self.contested else ""
        rng = random.Random(f"deadwood:{self.size}:{self.melds}{shared}:{seed}")
        return _deal_with_melds(
            rng, self.size, self.melds, ace_high=self.ace_high, contested=self.contested
        )

    def arrangement(self, seed: int) -> Arrangement:
        return best_arrangement(self.question(seed), ace_high_or_low=self.ace_high)

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        raw = str(answer.get("answer", "")).strip()
        if not raw:
            raise BadAnswer("empty")
        given = small_int(raw)
        if given is None:
            raise BadAnswer("negative" if parsing.negative(raw) else "not_a_number")
        arrangement = self.arrangement(seed)
        return Outcome(given == arrangement.deadwood, {"arrangement": arrangement, "given": given})


@dataclass(frozen=True)
class KnockCheck:
    """ "Can this hand knock?" in Gin Rummy: 10 cards after the discard; yes or no."""

    kind = "knock"
    cards: tuple[Card, ...] | None
    limit: int = 10

    @classmethod
    def parse(cls, args: str) -> KnockCheck:
        return cls(_fixed_or_random(args, 10, "a knock check"))

    @property
    def random(self) -> bool:
        return self.cards is None

    def question(self, seed: int) -> list[Card]:
        if self.cards is not None:
            return list(self.cards)
        # About half the dealt hands can knock.
        return _deal_until(
            random.Random(f"knock:{seed}"),
            0.5,
            lambda rng: _random_dense(rng, 10),
            lambda cards: best_arrangement(cards).deadwood <= self.limit,
        )

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        value = answer.get("answer")
        if value not in ("yes", "no"):
            raise BadAnswer("yes_or_no")
        arrangement = best_arrangement(self.question(seed))
        can = arrangement.deadwood <= self.limit
        return Outcome(
            (value == "yes") == can, {"arrangement": arrangement, "can": can, "limit": self.limit}
        )


def _knocking_hand(rng: random.Random) -> list[Card]:
    """Ten cards that may knock in Gin: a run, a group and another meld, and low cards
    (a random hand seldom can)."""
    ranks, suits = "A23456789TJQK", "CDHS"
    chosen: list[str] = []
    suit, low = rng.choice(suits), rng.randrange(0, 10)
    chosen += [f"{ranks[r]}{suit}" for r in range(low, low + 3)]
    rank = rng.choice([r for r in range(13) if not low <= r < low + 3])
    chosen += [f"{ranks[rank]}{s}" for s in rng.sample(suits, 3)]
    other = rng.choice([r for r in range(13) if r != rank and not low <= r < low + 3])
    chosen += [f"{ranks[other]}{s}" for s in rng.sample(suits, 3)]
    spare = [f"{r}{s}" for r in "A234" for s in suits if f"{r}{s}" not in chosen]
    chosen.append(rng.choice(spare))
    return [Card.parse(code) for code in chosen]


@dataclass(frozen=True)
class DiscardCheck:
    """ "The best discard": eleven cards just after the draw; pick the card whose discard
    leaves the least deadwood (any card that does is right)."""

    kind = "discard"
    cards: tuple[Card, ...] | None

    @classmethod
    def parse(cls, args: str) -> DiscardCheck:
        return cls(_fixed_or_random(args, 11, "a discard check"))

    @property
    def random(self) -> bool:
        return self.cards is None

    def question(self, seed: int) -> list[Card]:
        if self.cards is not None:
            return list(self.cards)
        rng = random.Random(f"discard:{seed}")
        cards = _random_dense(rng, 11)
        for _ in range(200):
            # A question worth asking: melds to keep, and only a few cards that are best.
            if best_arrangement(cards).melds and len(self.best(cards)[1]) <= 2:
                break
            cards = _random_dense(rng, 11)
        return cards

    @staticmethod
    def after(cards: Sequence[Card]) -> dict[Card, int]:
        """The least deadwood left by discarding each card."""
        return {c: deadwood_of([x for x in cards if x != c]) for c in cards}

    def best(self, cards: Sequence[Card]) -> tuple[int, list[Card]]:
        """The least deadwood a discard can leave, and the cards whose discard leaves it."""
        left = self.after(cards)
        least = min(left.values())
        return least, [c for c in cards if left[c] == least]

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        cards = self.question(seed)
        picked = _answer_cards(answer, cards)
        if len(picked) != 1:
            raise BadAnswer("pick_one_card")
        left = self.after(cards)
        least, best = self.best(cards)
        card = picked[0]
        correct = left[card] == least
        # The hand after the learner's discard when it is one of the best, else after the
        # best one: the explanation shows that hand arranged.
        shown = card if correct else best[0]
        rest = [c for c in cards if c != shown]
        return Outcome(
            correct,
            {
                "picked": card,
                "given": left[card],
                "least": least,
                "best": best,
                "arrangement": best_arrangement(rest),
            },
        )


class Ending(NamedTuple):
    """How a hand ended, as a fresh score question keeps it: the kind of result (the
    knocker lowest, gin, rummy, a tie, an undercut...), how many players collect, and
    whether the knocker had no deadwood (a tied rummy in Knock Rummy)."""

    kind: ResultKind
    collectors: int
    knocker_clean: bool = False

    @classmethod
    def of(cls, check: ScoreCheck) -> Ending:
        settlement = check.settlement()
        clean = settlement.deadwood[check.player] == 0
        return cls(settlement.kind, len(settlement.winners), clean)


#: The most deadwood a knocker is dealt when the question leaves it to chance (Gin's
#: limit, and a fair Knock Rummy knock).
_KNOCKING_DEADWOOD = 10


def _all_melds(rng: random.Random, available: Sequence[Card], size: int) -> list[Card] | None:
    """``size`` cards of ``available`` (six or more) that make groups and runs of three
    or four with no deadwood, or ``None``."""
    parts = [3] * (size // 3)
    for i in range(size - 3 * len(parts)):
        parts[i] += 1
    if size < 6:
        return None
    free = set(available)
    pool = _small_melds(False)
    for _ in range(50):
        taken: set[Card] = set()
        for part in rng.sample(parts, len(parts)):
            fitting = [m for m in pool if len(m.cards) == part and set(m.cards) <= free - taken]
            if not fitting:
                break
            taken |= set(rng.choice(fitting).cards)
        else:
            if deadwood_of(taken) == 0:
                return sorted(taken)
    return None


def _hand_of(
    rng: random.Random, available: Sequence[Card], size: int, target: int
) -> list[Card] | None:
    """``size`` cards of ``available`` whose least deadwood is exactly ``target`` (aces
    low), or ``None``: random cards, then one card at a time swapped for another while
    the deadwood comes no further from the target."""
    if target == 0:
        return _all_melds(rng, available, size)
    rest = list(available)
    rng.shuffle(rest)
    hand, rest = rest[:size], rest[size:]
    deadwood = deadwood_of(hand)
    for _ in range(800):
        if deadwood == target:
            return sorted(hand)
        i, j = rng.randrange(size), rng.randrange(len(rest))
        hand[i], rest[j] = rest[j], hand[i]
        swapped = deadwood_of(hand)
        if abs(swapped - target) <= abs(deadwood - target):
            deadwood = swapped
        else:
            hand[i], rest[j] = rest[j], hand[i]
    return None


def _hands_ending(
    rng: random.Random, game: Game, players: int, size: int, knocker: int, ending: Ending
) -> list[list[Card]] | None:
    """Hands of ``size`` cards for a Gin or Knock Rummy hand that ends as ``ending``
    says, with ``knocker`` knocking: each player's deadwood is chosen (the knocker's, the
    collectors' level with it or below it, the others' above), and a hand is dealt to
    match it. The caller settles them to be sure (a Gin layoff can change the end)."""
    kind, collectors, clean = ending
    opponents = [p for p in range(players) if p != knocker]
    level = 0 if clean else rng.randint(1, _KNOCKING_DEADWOOD)
    exact = {knocker: level}
    floor = level  # the others hold more than this
    if kind is ResultKind.TIE:
        exact |= dict.fromkeys(rng.sample(opponents, min(collectors, len(opponents))), level)
    elif kind is ResultKind.UNDERCUT:
        level = exact[knocker] = rng.randint(2, _KNOCKING_DEADWOOD)
        # Gin: the defender undercuts with as much as the knocker, or less; Knock
        # Rummy: an opponent with less (level is a tie).
        low = rng.randint(0, level) if game is Game.GIN else rng.randint(1, level - 1)
        exact |= dict.fromkeys(rng.sample(opponents, min(collectors, len(opponents))), low)
        floor = low
    elif kind is ResultKind.GIN:
        exact[knocker] = 0
        floor = -1
    available = list(DECK)
    hands: dict[int, list[Card]] = {}
    for player in sorted(range(players), key=lambda p: p not in exact):
        target = exact.get(player)
        if target is None:
            hand = rng.sample(available, size)
            if deadwood_of(hand) <= floor:
                target = floor + rng.randint(1, 12)
        if target is not None:
            found = _hand_of(rng, available, size, target)
            if found is None:
                return None
            hand = found
        hands[player] = sorted(hand)
        available = [c for c in available if c not in hand]
    return [hands[p] for p in range(players)]


@dataclass(frozen=True)
class ScoreCheck:
    """ "Who scores, and how much?": pick the player who collects, type their points."""

    kind = "score"
    game: Game
    player: int  # the knocker (Gin, Knock) or the one who went out (Basic)
    hands: tuple[tuple[Card, ...], ...]
    #: Basic Rummy only: the winner went rummy (doubled), and the ace-high option.
    rummy: bool = False
    ace_high: bool = False

    @classmethod
    def parse(cls, args: str) -> ScoreCheck:
        head, *parts = args.split("|")
        words = head.split()
        flags = set(words[2:])
        if (
            len(words) < 2
            or Game.named(words[0]) is None
            or small_int(words[1]) is None
            or not flags <= {"rummy", "ace-high"}
            or (flags and words[0] != Game.BASIC)
        ):
            raise InvalidNotation(
                args, "write: score <basic|gin|knock> <player> [rummy] [ace-high] | hand | ..."
            )
        hands = tuple(tuple(_parse_cards(part.split())) for part in parts)
        check = cls(Game(words[0]), int(words[1]), hands, "rummy" in flags, "ace-high" in flags)
        check.settlement()  # raises IllegalMove for hands the engine cannot settle
        return check

    @property
    def random(self) -> bool:
        return False

    @classmethod
    def dealt(
        cls,
        game: Game,
        seed: int,
        *,
        players: int | None = None,
        player: int | None = None,
        size: int = 7,
        knocker_collects: bool | None = None,
        ending: Ending | None = None,
    ) -> ScoreCheck:
        """A finished hand of ``game`` dealt from ``seed`` (the drills): Gin, two players
        and a knocker within the limit; Knock Rummy, three players (or ``players``) of
        ``size`` cards and any knocker; Basic Rummy, a player who went out and two hands
        left (or ``players`` - 1). ``player`` seats the knocker, or the one who went out
        (else the seed does). The engine settles it. ``knocker_collects`` (Knock Rummy,
        for the review of a knocking mistake): ``True`` for a hand the knocker wins, the
        lowest of all, ``False`` for one the knocker loses, tied or undercut. ``ending``
        (Gin, Knock Rummy): a hand that ends so (:class:`Ending`), dealt to order."""
        for attempt in range(200):
            rng = random.Random(f"score:{game}:{seed}:{attempt}")
            deck = list(DECK)
            rng.shuffle(deck)
            if ending is not None and game is not Game.BASIC:
                count = players or (2 if game is Game.GIN else 3)
                knocker = rng.randrange(count) if player is None else player
                dealt = _hands_ending(rng, game, count, size, knocker, ending)
                if dealt is None:
                    continue
                check = cls(game, knocker, tuple(tuple(h) for h in dealt))
            elif game is Game.GIN:
                knocking = _knocking_hand(rng)
                rest = [c for c in deck if c not in knocking]
                hands = [sorted(knocking), sorted(rest[:10])]
                knocker = rng.randrange(2) if player is None else player
                if knocker == 1:
                    hands.reverse()
                check = cls(game, knocker, tuple(tuple(h) for h in hands))
            elif game is Game.KNOCK:
                count = players or 3
                hands = [sorted(deck[i * size : i * size + size]) for i in range(count)]
                knocker = rng.randrange(count) if player is None else player
                check = cls(game, knocker, tuple(tuple(h) for h in hands))
            else:
                count = players or 3
                winner = rng.randrange(count) if player is None else player
                sizes = [0 if p == winner else rng.randint(2, 6) for p in range(count)]
                hands, start = [], 0
                for hand_size in sizes:
                    hands.append(sorted(deck[start : start + hand_size]))
                    start += hand_size
                check = cls(game, winner, tuple(tuple(h) for h in hands))
            try:
                settlement = check.settlement()
            except (IllegalMove, EngineError):
                continue
            best = max(settlement.received.values())
            if best <= 0 or (ending is not None and Ending.of(check) != ending):
                continue
            if (
                knocker_collects is None
                or (settlement.received[check.player] == best) == knocker_collects
            ):
                return check
        raise ValueError(f"no {game} hand to score from seed {seed}")

    def settlement(self) -> Settlement:
        hands = [list(h) for h in self.hands]
        if self.game is Game.GIN:
            return settle_gin(knocker=self.player, hands=hands)
        if self.game is Game.KNOCK:
            return settle_knock(knocker=self.player, hands=hands)
        return settle_basic(
            winner=self.player,
            went_rummy=self.rummy,
            hands=hands,
            options=BasicOptions(ace_high_or_low=self.ace_high),
        )

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        raw_player = str(answer.get("player", ""))
        player = small_int(raw_player)
        if player is None or not 0 <= player < len(self.hands):
            raise BadAnswer("pick_player")
        typed = str(answer.get("points", ""))
        parse_points(typed)  # a malformed number is refused before anything is judged
        settlement = self.settlement()
        best = max(settlement.received.values())
        collectors = [p for p, v in settlement.received.items() if v == best and v > 0]
        correct = player in collectors and points_agree(typed, best)
        return Outcome(
            correct,
            {
                "settlement": settlement,
                "collectors": collectors,
                "points": best,
                "player": player,
                "typed": typed.strip(),
            },
        )


@dataclass(frozen=True)
class LayoffCheck:
    """ "Where can this card be laid off?": tick every meld it fits, or none."""

    kind = "layoff"
    card: Card
    melds: tuple[Meld, ...]

    @classmethod
    def parse(cls, args: str) -> LayoffCheck:
        head, *parts = args.split("|")
        card = Card.parse(head.strip())
        if not parts:
            raise InvalidNotation(args, "write: layoff <card> | meld | meld ...")
        melds = tuple(make_meld(_parse_cards(part.split())) for part in parts)
        if any(card in m.cards for m in melds):
            raise InvalidNotation(args, "the card is already in a meld")
        return cls(card, melds)

    @property
    def random(self) -> bool:
        return False

    @classmethod
    def dealt(cls, seed: int, fits: int | None = None) -> LayoffCheck:
        """A layoff question dealt from ``seed`` (the drills): a run and a group on the
        table, and a card that extends the run at one end, completes the group, or fits
        nowhere; with ``fits`` (0, 1 or 2), one that fits that many of them (2: the
        group is of the rank next to the run, and the card is both). The ace is low, as
        in Gin Rummy."""
        rng = random.Random(f"layoff:{seed}" if fits is None else f"layoff:{fits}:{seed}")
        ranks, suits = "A23456789TJQK", "CDHS"
        suit = rng.choice(suits)
        length = rng.choice((3, 4))
        low = rng.randrange(0, 13 - length + 1)
        run = [f"{ranks[r]}{suit}" for r in range(low, low + length)]
        if fits == 2:
            rank = rng.choice([r for r in (low - 1, low + length) if 0 <= r < 13])
            group = [f"{ranks[rank]}{s}" for s in suits if s != suit]
            melds = (make_meld(_parse_cards(run)), make_meld(_parse_cards(group)))
            return cls(Card.parse(f"{ranks[rank]}{suit}"), melds)
        group_rank = rng.choice([r for r in range(13) if not low - 1 <= r <= low + length])
        left_out = rng.choice(suits)
        group = [f"{ranks[group_rank]}{s}" for s in suits if s != left_out]
        melds = (make_meld(_parse_cards(run)), make_meld(_parse_cards(group)))
        candidates = {
            "group": [f"{ranks[group_rank]}{left_out}"],
            "run": [f"{ranks[r]}{suit}" for r in (low - 1, low + length) if 0 <= r < 13],
            "none": [f"{r}{s}" for r in ranks for s in suits],
        }
        if fits is None:
            kind = rng.choice(("group", "run", "none"))
        else:
            kind = "none" if fits == 0 else rng.choice(("group", "run"))
        for code in rng.sample(candidates[kind], len(candidates[kind])):
            card = Card.parse(code)
            if any(card in m.cards for m in melds):
                continue
            check = cls(card, melds)
            if (kind == "none") == (not check.fits()):
                return check
        return cls(Card.parse(candidates["group"][0]), melds)  # the group's fourth card

    def fits(self) -> list[int]:
        return [i for i, m in enumerate(self.melds) if extend_meld(m, self.card) is not None]

    def judge(self, answer: Mapping[str, Any], seed: int) -> Outcome:
        raw = answer.get("melds", [])
        tokens = [raw] if isinstance(raw, str) else list(raw)
        if answer.get("answer") == "none":
            chosen: set[int] = set()
        else:
            if not tokens:
                raise BadAnswer("pick_meld")
            numbers = [small_int(str(t)) for t in tokens]
            if any(n is None or n >= len(self.melds) for n in numbers):
                raise BadAnswer("pick_meld")
            chosen = {n for n in numbers if n is not None}
        fits = self.fits()
        extended = {i: extend_meld(self.melds[i], self.card) for i in fits}
        return Outcome(chosen == set(fits), {"fits": fits, "extended": extended, "chosen": chosen})


Check = MeldCheck | DeadwoodCheck | KnockCheck | DiscardCheck | ScoreCheck | LayoffCheck
KINDS: dict[str, Any] = {
    "meld": MeldCheck,
    "deadwood": DeadwoodCheck,
    "knock": KnockCheck,
    "discard": DiscardCheck,
    "score": ScoreCheck,
    "layoff": LayoffCheck,
}


def asked_and_answered(check: Check, seed: int, outcome: Outcome) -> dict[str, Any]:
    """The question and a judged answer to it as JSON (cards as codes), for whoever
    keeps a wrong answer to show it later (the teacher's common mistakes: "7♥ 8♥ 9♠:
    picked 7♥ 8♥ 9♠ as a meld"): the kind, the question's cards, and what was answered."""
    d = outcome.details
    data: dict[str, Any] = {"kind": check.kind}
    if isinstance(check, MeldCheck):
        data["cards"] = [str(c) for c in check.question(seed)]
        data["picked"] = [str(c) for c in d.get("picked", [])]
    elif isinstance(check, DeadwoodCheck):
        data["cards"] = [str(c) for c in check.question(seed)]
        data["given"] = d["given"]
    elif isinstance(check, KnockCheck):
        data["cards"] = [str(c) for c in check.question(seed)]
        data["said_can"] = d["can"] == outcome.correct
    elif isinstance(check, DiscardCheck):
        data["cards"] = [str(c) for c in check.question(seed)]
        data["picked"] = str(d["picked"])
    elif isinstance(check, ScoreCheck):
        data["game"] = check.game.value
        data["players"] = len(check.hands)
        data["player"] = d["player"]
        data["points"] = d["typed"]
    else:
        data["card"] = str(check.card)
        data["melds"] = [[str(c) for c in m.cards] for m in check.melds]
        data["chosen"] = sorted(d["chosen"])
    return data


def parse_check(args: str) -> Check:
    """A check from its shortcode arguments (``meld 7H 8H 9S``...)."""
    kind, _sep, rest = args.strip().partition(" ")
    factory = KINDS.get(kind)
    if factory is None:
        raise InvalidNotation(args, f"unknown check {kind!r}")
    try:
        check: Check = factory.parse(rest.strip())
    except (IllegalMove, EngineError) as exc:
        raise InvalidNotation(args, str(exc)) from None
    return check


def own_seed(index: int) -> int:
    """The seed of a lesson check's own question (the one its page shows first); a
    fresh question ("Another one") is dealt from any other."""
    return index + 1


def of_its_kind(check: Check, seed: int) -> Check:
    """A fresh question of ``check``'s kind, dealt from ``seed``, for a check with fixed
    cards asked again (a learner who answered it wrong, a review): the same kind of
    question with other cards, so that the answer is not simply remembered, and what the
    lesson's text says of it still true. A deadwood question keeps its number of cards,
    the number of melds of its best arrangement ("No melds here: just add up the cards"
    was followed by three sixes and three nines) and its ace rule (with an ace among the
    cards); a meld question its number of cards (whether they hold a meld is left to
    chance, so the answer cannot be guessed from the lesson's); a knock question its
    limit; a layoff question the number of melds its card fits ("Sometimes a card fits
    more than one meld"), and a deadwood question whether a card could go into a group
    or a run ("Look for the card that fits two melds"); a score question its game, its
    number of players, the seat of the knocker (or of the one who went out: "the
    knocker's hand comes first"), in Knock Rummy the size of the hands ("five players,
    six cards each"), and in Gin and Knock Rummy how the hand ended (:class:`Ending`: a
    question after "Ties go against the knocker" is a tie, shared as often, and a tied
    rummy stays one). A check dealt at random is itself."""
    if check.random:
        return check
    if isinstance(check, MeldCheck):
        return MeldCheck(None, len(check.cards or ()))
    if isinstance(check, DeadwoodCheck):
        own = check.cards or ()
        arranged = best_arrangement(own, ace_high_or_low=check.ace_high)
        return DeadwoodCheck(
            None, check.ace_high, len(own), len(arranged.melds), _contested(own, check.ace_high)
        )
    if isinstance(check, KnockCheck):
        return KnockCheck(None, check.limit)
    if isinstance(check, DiscardCheck):
        return DiscardCheck(None)
    if isinstance(check, LayoffCheck):
        return LayoffCheck.dealt(seed, len(check.fits()))
    size = max(len(hand) for hand in check.hands)
    return ScoreCheck.dealt(
        check.game,
        seed,
        players=len(check.hands),
        player=check.player,
        size=size,
        ending=Ending.of(check),
    )


__all__ = [
    "KINDS",
    "BadAnswer",
    "Check",
    "DeadwoodCheck",
    "DiscardCheck",
    "Ending",
    "KnockCheck",
    "LayoffCheck",
    "MeldCheck",
    "MeldFailure",
    "Outcome",
    "Rank",
    "ScoreCheck",
    "Suit",
    "asked_and_answered",
    "of_its_kind",
    "own_seed",
    "parse_check",
    "parse_points",
]
