"""The coach: rank the legal moves of the player to move and say why, in steps.

The coach sees only what the player sees (a :class:`~.state.PlayerView`), so its
advice never leaks hidden cards. Each legal move gets a score (lower is better:
roughly the points the player expects to hold against them after the move) and
its reasons; each reason is data, a :class:`CoachReason`: a :class:`Why` code and
parameters (the command line's English is in :mod:`.english`; the site
translates the codes).

>>> from game.engine import new_hand
>>> advice = advise(new_hand("gin", seed=3))
>>> advice.best is not None
True

The computer player (:mod:`.bots`) plays the coach's first choice, so the coach
recommends what the bot would do. The heuristics:

* a hand's value is its least deadwood, less a bonus for unmatched cards with
  live chances of a meld (pairs and suited neighbours whose missing cards have
  not been seen), plus a penalty for discarding a card the next player is known
  to want (they took a card of the same rank, or a close card of the same suit,
  from the discard pile) or, in Basic Rummy, one that fits a meld on the table;
* the discard pile's top card is taken when it makes or extends a meld and
  lowers the deadwood, or lowers it by several points anyway, or (Gin) lets the
  player knock at once; otherwise draw from the stock;
* a knock ends the play, so a knock's discard is the one that leaves the least
  deadwood (what the kept cards might become, or what the discard might give the
  next player, no longer counts);
* Gin: knock as soon as the rules allow (gin when possible);
* Knock Rummy: knock when the deadwood is low against what each opponent is
  expected to hold (a random hand's least deadwood shrinks turn by turn); a low
  knock is paid by every opponent who holds more;
* Basic Rummy: meld and lay off everything that fits (cards kept in the hand
  count against you when someone goes out), then discard.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .arrange import Arrangement, arrangement_of
from .cards import DECK, Card, card_points, format_cards
from .games.basic import layoff_targets
from .games.gin import GinOptions
from .games.knock import KnockOptions
from .layoffs import defender_play
from .melds import check_meld, extend_meld, make_meld
from .moves import AnyMove, Discard, Done, DrawDiscard, DrawStock, Knock, LayDown, LayOff
from .options import Game
from .state import Hand
from .view import Phase, PlayerView, TableMeld


class Why(enum.Enum):
    """Codes of the coach's explanation steps (parameters beside each)."""

    #: Deadwood of the hand before and after the move. ``{"before", "after"}``
    DEADWOOD = "deadwood"
    #: The move makes a meld. ``{"cards"}``
    MELD_MADE = "meld_made"
    #: The discard breaks a meld of the hand. ``{"card", "cards"}``
    MELD_BROKEN = "meld_broken"
    #: Cards kept for a possible meld, and the cards that would complete it. ``{"cards", "needs"}``
    KEEPS_FOR = "keeps_for"
    #: Discards a high unmatched card. ``{"card", "points"}``
    DISCARD_HIGH = "discard_high"
    #: The next player took a card that this one would suit. ``{"card", "player", "took"}``
    FEEDS_NEXT = "feeds_next"
    #: Basic: the discard fits a meld on the table (a free layoff for the next player).
    #: ``{"card", "meld_id", "cards"}`` (the meld's cards)
    FITS_TABLE = "fits_table"
    #: Take the discard pile's top card: it makes or extends a meld. ``{"card", "cards"}``
    TAKE_FOR_MELD = "take_for_meld"
    #: Basic: take the top card to lay it off on the table. ``{"card", "meld_id", "cards",
    #: "owner", "own"}`` (the meld's cards, the player who melded it, whether the advised
    #: player did)
    TAKE_FOR_LAYOFF = "take_for_layoff"
    #: Take the top card: it lowers the deadwood. ``{"card", "before", "after"}``
    TAKE_LOWERS = "take_lowers"
    #: The top card does not help enough; the stock may. ``{"card"}``
    TOP_NOT_USEFUL = "top_not_useful"
    #: Gin: take the top card, and the discard that follows can knock. ``{"card", "deadwood"}``
    TAKE_TO_KNOCK = "take_to_knock"
    #: Draw from the stock: unknown card, and the opponents learn nothing. ``{}``
    DRAW_STOCK = "draw_stock"
    #: Knock now. ``{"deadwood", "limit"}`` (limit null in Knock Rummy)
    KNOCK_NOW = "knock_now"
    #: Gin: no deadwood. ``{"bonus"}``
    GIN = "gin"
    #: Knock Rummy: knocking with no deadwood (rummy). ``{"bonus"}``
    KNOCK_RUMMY = "knock_rummy"
    #: Knock Rummy: better wait, opponents probably hold less. ``{"deadwood", "expected"}``
    KNOCK_WAIT = "knock_wait"
    #: Knock Rummy: low against the opponents' expected deadwood. ``{"deadwood", "expected"}``
    KNOCK_PAYS = "knock_pays"
    #: Gin: the deadwood is still over the knock limit. ``{"deadwood", "limit"}``
    CANNOT_KNOCK_YET = "cannot_knock_yet"
    #: Basic: the move gets rid of the last card. ``{}``
    GOES_OUT = "goes_out"
    #: Basic: going out in one turn with no earlier meld: the score is doubled. ``{}``
    GOES_RUMMY = "goes_rummy"
    #: Basic: puts cards on the table, so they cannot count against you. ``{"cards"}``
    LAY_DOWN = "lay_down"
    #: Basic: lays a card off onto a table meld. ``{"card", "meld_id", "cards", "owner",
    #: "own"}`` (as :attr:`TAKE_FOR_LAYOFF`)
    LAY_OFF = "lay_off"
    #: Gin, laying out by hand: show this meld of the hand's best arrangement. ``{"cards"}``
    SHOW_MELD = "show_meld"
    #: Gin, laying out by hand: this meld leaves more deadwood than the best arrangement.
    #: ``{"cards", "deadwood", "best"}`` (the least deadwood after it, and the best)
    SHOW_COSTS = "show_costs"
    #: Gin, laying out by hand: every meld is shown; the rest is deadwood. ``{"deadwood"}``
    SHOWN_ALL = "shown_all"
    #: Gin, laying out by hand: melds are still in the hand; done now makes them deadwood.
    #: ``{"deadwood", "best"}`` (the deadwood if done now, and with the melds shown)
    MELDS_LEFT = "melds_left"
    #: Gin defender: lay this card off onto the knocker's meld. ``{"card", "meld_id",
    #: "cards", "after"}`` (``after``: the least deadwood once every good layoff is made)
    LAYOFF_ONTO = "layoff_onto"
    #: Gin defender: nothing more lowers the deadwood. ``{"deadwood"}``
    NO_MORE_LAYOFFS = "no_more_layoffs"
    #: Gin defender: layoffs that lower the deadwood are left. ``{"deadwood", "best"}``
    LAYOFFS_LEFT = "layoffs_left"


#: The reasons that speak against a move: a move that has one is not a good move, even
#: when it ranks second (the keyboard walk: "other good moves: take the discard: your
#: deadwood goes from 41 to 41; Q♣ does not help enough").
CAUTIONS = frozenset(
    {
        Why.MELD_BROKEN,
        Why.FEEDS_NEXT,
        Why.FITS_TABLE,
        Why.TOP_NOT_USEFUL,
        Why.KNOCK_WAIT,
        Why.SHOW_COSTS,
        Why.MELDS_LEFT,
        Why.LAYOFFS_LEFT,
    }
)


@dataclass(frozen=True)
class CoachReason:
    """One reason of the coach: a code and its parameters (cards as canonical codes)."""

    code: Why
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "params": self.params}


@dataclass(frozen=True)
class RankedMove:
    """A legal move with its score (lower is better), rank (1 = best) and reasons."""

    move: AnyMove
    score: float
    rank: int
    reasons: tuple[CoachReason, ...]

    @property
    def good(self) -> bool:
        """No reason speaks against it (:data:`CAUTIONS`)."""
        return not any(reason.code in CAUTIONS for reason in self.reasons)

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "score": round(self.score, 2),
            "rank": self.rank,
            "reasons": [r.to_dict() for r in self.reasons],
        }


@dataclass(frozen=True)
class Advice:
    """The coach's ranking of every legal move of ``player`` (empty if not their turn)."""

    player: int
    moves: tuple[RankedMove, ...]

    @property
    def best(self) -> RankedMove | None:
        return self.moves[0] if self.moves else None

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "moves": [m.to_dict() for m in self.moves]}


def advise(state: Hand | PlayerView, player: int | None = None) -> Advice:
    """Rank the legal moves of ``player`` (default: the player to move).

    Accepts a hand (the coach then looks only at ``hand.view(player)``) or a view.
    """
    if isinstance(state, Hand):
        view = state.view(state.turn if player is None else player)
    else:
        view = state
    if view.player is None:
        raise ValueError("the coach advises a player, not a spectator")
    return Advice(view.player, tuple(rank_moves(view)))


def deadwood_after(view: PlayerView, move: AnyMove) -> int | None:
    """The viewer's least deadwood after the discard or knock ``move`` (``None`` for any
    other kind of move)."""
    if isinstance(move, Discard):
        card = move.card
    elif isinstance(move, Knock):
        card = move.discard
    else:
        return None
    rest = [c for c in view.cards if c != card]
    return arrangement_of(_mask(rest), ace_high_or_low=view.ace_high).deadwood


def least_deadwood_after_discard(view: PlayerView) -> int | None:
    """The least deadwood any legal discard leaves the viewer (``None``: no discard now)."""
    left = [deadwood_after(view, m) for m in view.legal_moves if isinstance(m, Discard)]
    return min((d for d in left if d is not None), default=None)


def rank_moves(
    view: PlayerView, *, bar_ratio: Callable[[int], float] | None = None
) -> list[RankedMove]:
    """Every legal move of the viewer, best first (ties broken by the move's text).

    ``bar_ratio`` (Knock Rummy; default :func:`knock_ratio`): the knock bar's share
    of what each opponent probably holds, by the number of opponents (a measurement,
    ``bench/knock_bar.py``, tries others).
    """
    if not view.my_turn or not view.legal_moves:
        return []
    ctx = _Context(view, bar_ratio)
    scored = ctx.score_all()
    scored.sort(key=lambda t: (round(t[1], 6), str(t[0])))
    return [RankedMove(m, s, i + 1, tuple(steps)) for i, (m, s, steps) in enumerate(scored)]


# ------------------------------------------------------------------------------ heuristics

#: Mean least deadwood of a random hand of this many cards (measured over 3,000 deals).
RANDOM_DEADWOOD = {10: 57.0, 7: 43.0, 6: 37.6}


def knock_ratio(opponents: int) -> float:
    """Knock Rummy: the most deadwood worth a knock, as a share of what each of the
    ``opponents`` probably holds (away from the wall; see ``_Context.knock_bar``)."""
    return 0.84


#: Score that puts a move ending the hand well ahead of everything else.
_WIN = -1000.0


_POINTS = {ace: [card_points(c, ace_high_or_low=ace) for c in DECK] for ace in (False, True)}


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c._index
    return m


def _pair_needs(a: int, b: int) -> tuple[int, ...]:
    """The indices of the cards that would make cards ``a`` and ``b`` (indices) part of
    a meld: the other suits of their rank, or the ranks their run lacks; none for two
    cards that make nothing together."""
    ra, sa, rb, sb = a % 13, a // 13, b % 13, b // 13
    if ra == rb:
        return tuple(s * 13 + ra for s in range(4) if s != sa and s != sb)
    if sa == sb and -2 <= ra - rb <= 2:
        lo, hi = (ra, rb) if ra < rb else (rb, ra)
        wanted = (lo + 1,) if hi - lo == 2 else (lo - 1, hi + 1)
        return tuple(sa * 13 + r for r in wanted if 0 <= r <= 12)
    return ()


#: :func:`_pair_needs` of every two cards (at ``a * 52 + b``), and the same as a mask:
#: the coach weighs the pairs of every hand it might keep, for every move it considers.
_PAIR_NEEDS = [_pair_needs(a, b) for a in range(52) for b in range(52)]
_PAIR_MASKS = [sum(1 << n for n in needs) for needs in _PAIR_NEEDS]


@dataclass
class _Eval:
    value: float
    arrangement: Arrangement
    kept: list[tuple[list[Card], list[Card]]]
    deadwood: int


class _Context:
    """What one decision needs, computed once from the view."""

    def __init__(self, view: PlayerView, bar_ratio: Callable[[int], float] | None = None) -> None:
        assert view.player is not None, "the coach advises a player, not a spectator"
        self.view = view
        self.bar_ratio = bar_ratio or knock_ratio
        self.game = view.game
        self.ace = view.ace_high
        self.me: int = view.player
        self.next = (view.player + 1) % view.players
        self.hand = view.cards
        table_cards = [c for m in view.table for c in m.meld.cards]
        seen = set(view.cards) | set(view.discard_pile) | set(table_cards)
        self.next_took = self._still_held(view, self.next, set(table_cards))
        # Cards another player took from the pile are in their hands: not live for us.
        seen |= {e.taken for e in view.log if e.taken and e.player != self.me}
        self.unseen = _mask(c for c in DECK if c not in seen)
        self.table = view.table

    @staticmethod
    def _still_held(view: PlayerView, player: int, on_table: set[Card]) -> list[Card]:
        """The cards ``player`` took from the discard pile and, as far as everybody saw,
        still holds: not thrown back since, nor laid on the table."""
        held: list[Card] = []
        for e in view.log:
            if e.player != player:
                continue
            if e.taken is not None:
                held.append(e.taken)
            elif isinstance(e.move, Discard) and e.move.card in held:
                held.remove(e.move.card)
        return [c for c in held if c not in on_table]

    # -- values -------------------------------------------------------------------------
    def pts(self, card: Card) -> int:
        return _POINTS[self.ace][card.index]

    def fits_table(self, card: Card, table: Sequence[TableMeld]) -> int | None:
        """Basic: the id of a table meld that takes ``card``, if any."""
        return layoff_targets(table, ace_high=self.ace).get(card)

    def evaluate(
        self, cards: Sequence[Card], table: Sequence[TableMeld] = (), *, ending: bool = True
    ) -> _Eval:
        """Value of keeping ``cards`` (lower is better)."""
        arr = arrangement_of(_mask(cards), ace_high_or_low=self.ace)
        dead = list(arr.deadwood_cards)
        exposure = 0.0
        points = _POINTS[self.ace]
        if self.game is Game.BASIC:
            targets = layoff_targets(table, ace_high=self.ace)
            layable = [c for c in dead if c in targets]
            dead = [c for c in dead if c not in layable]
            if ending:
                # Cards that could have gone to the table still count if someone goes out.
                exposure = 0.3 * sum(points[c._index] for c in layable)
                exposure += 0.3 * sum(points[c._index] for m in arr.melds for c in m.cards)
        deadwood = sum(points[c._index] for c in dead)
        bonus, kept = self.potential(dead)
        if self.game is Game.BASIC and ending and arr.melds and not arr.deadwood_cards:
            # Every card in a meld: whatever is drawn, the next turn goes out.
            exposure -= 15.0
        if self.game is Game.BASIC and len(cards) == 1 and not self.open_spot(table, cards[0]):
            # One card left and nothing on the table to lay off onto: with one card
            # (two after drawing) no meld can be made, so the hand could never go out.
            exposure += 25.0
        return _Eval(deadwood - bonus + exposure, arr, kept, deadwood)

    def open_spot(self, table: Sequence[TableMeld], held: Card) -> bool:
        """Basic: does some table meld take a card that is not on the table?"""
        on_table = {c for tm in table for c in tm.meld.cards}
        return bool(set(layoff_targets(table, ace_high=self.ace)) - on_table)

    def potential(self, dead: list[Card]) -> tuple[float, list[tuple[list[Card], list[Card]]]]:
        """Bonus for deadwood cards with live chances of a meld, and the partial melds."""
        kept: list[tuple[list[Card], list[Card]]] = []
        outs_of: dict[Card, int] = {}
        unseen = self.unseen
        rows = [c._index * 52 for c in dead]
        for i, a in enumerate(dead):
            row = rows[i]
            for b in dead[i + 1 :]:
                pair = row + b._index
                if not unseen & _PAIR_MASKS[pair]:
                    continue  # nothing they need is live (or they make nothing together)
                live = [DECK[n] for n in _PAIR_NEEDS[pair] if unseen >> n & 1]
                kept.append(([a, b], live))
                outs_of[a] = outs_of.get(a, 0) + len(live)
                outs_of[b] = outs_of.get(b, 0) + len(live)
        bonus = 0.0
        points = _POINTS[self.ace]
        for card, outs in outs_of.items():
            bonus += points[card._index] * min(0.6, 0.2 * outs)
        return bonus, kept

    def danger(self, card: Card, steps: list[CoachReason] | None = None) -> float:
        risk = 0.0
        for took in self.next_took:
            if took.rank is card.rank or (
                took.suit is card.suit and abs(took.rank.value - card.rank.value) <= 2
            ):
                risk += 3.0
                if steps is not None:
                    steps.append(
                        CoachReason(
                            Why.FEEDS_NEXT,
                            {"card": str(card), "player": self.next, "took": str(took)},
                        )
                    )
                break
        fits = self.fits_table(card, self.table) if self.game is Game.BASIC else None
        if fits is not None:
            risk += 1.5
            if steps is not None:
                # The meld named (the Russian newcomer's walk: a layoff hint named none).
                why = {"card": str(card), "meld_id": fits, **self.meld_params(fits)}
                steps.append(CoachReason(Why.FITS_TABLE, why))
        return risk

    def meld_params(self, meld_id: int, table: Sequence[TableMeld] | None = None) -> dict[str, Any]:
        """A table meld as a reason names it: its cards, who melded it, and whether the
        advised player did."""
        meld = next(m for m in (self.table if table is None else table) if m.id == meld_id)
        return {"cards": _codes(meld.meld.cards), "owner": meld.owner, "own": meld.owner == self.me}

    def best_end(
        self, cards: Sequence[Card], forbidden: Card | None, table: Sequence[TableMeld]
    ) -> tuple[float, Card | None, _Eval | None, _Eval | None]:
        """The best discard from ``cards`` (not ``forbidden``), the value left and its
        evaluation, and the evaluation of the discard that leaves the least deadwood
        (``None``, ``None`` when the discard empties the hand)."""
        best: tuple[float, Card | None, _Eval | None] = (float("inf"), None, None)
        least: _Eval | None = None
        for c in cards:
            if c == forbidden:
                continue
            rest = [x for x in cards if x != c]
            if not rest:
                return (_WIN, c, None, None)
            ev = self.evaluate(rest, table, ending=False)
            if least is None or ev.deadwood < least.deadwood:
                least = ev
            v = ev.value + self.danger(c)
            if v < best[0] or (v == best[0] and best[1] is not None and c > best[1]):
                best = (v, c, ev)
        return (*best, least)

    # -- scoring ------------------------------------------------------------------------
    def score_all(self) -> list[tuple[AnyMove, float, list[CoachReason]]]:
        view = self.view
        if view.phase is Phase.DRAW:
            return self.score_draws()
        if view.phase is Phase.LAY_OUT:
            return self.score_lay_out()
        if view.phase is Phase.LAY_OFF:
            return self.score_lay_off()
        if self.game is Game.BASIC:
            return [self.score_basic(m) for m in view.legal_moves]
        return self.score_closed()

    def score_draws(self) -> list[tuple[AnyMove, float, list[CoachReason]]]:
        view = self.view
        hand = list(self.hand)
        now = self.evaluate(hand, self.table)
        # Without drawing anything useful: as now (the drawn card can be thrown),
        # and a stock card may help.
        stock_score = now.value - 1.5
        stock_steps = [CoachReason(Why.DRAW_STOCK)]
        top = view.discard_top
        out: list[tuple[AnyMove, float, list[CoachReason]]] = []
        for move in view.legal_moves:
            if isinstance(move, DrawStock):
                out.append((move, stock_score, stock_steps))
            elif isinstance(move, DrawDiscard) and top is not None:
                cards = [*hand, top]
                value, _discard, _ev, least = self.best_end(cards, top, self.table)
                if least is None:  # the card after it goes out
                    deadwood = CoachReason(Why.DEADWOOD, {"before": now.deadwood, "after": 0})
                    out.append((move, value, [deadwood]))
                    continue
                out.append((move, *self._take_top(top, now, value, least, stock_score)))
        return out

    def _take_top(
        self, top: Card, now: _Eval, value: float, kept: _Eval, stock_score: float
    ) -> tuple[float, list[CoachReason]]:
        """Taking the discard pile's top card: its score (``value``: with the hand's best
        discard after it) and reasons. Its deadwood is what the discard that leaves the
        least keeps (``kept``; the coach's own choice of discard may keep a little more,
        for the pairs it keeps), and a card that makes a meld without lowering the
        deadwood does not help. The deadwood's change is said once: by "take it: your
        deadwood goes from 26 to 21" when that is the reason, otherwise on its own."""
        least, melds = kept.deadwood, kept.arrangement.melds
        steps = [CoachReason(Why.DEADWOOD, {"before": now.deadwood, "after": least})]
        score = value
        made = next((m for m in melds if top in m.cards), None)
        on_table = self.fits_table(top, self.table) if self.game is Game.BASIC else None
        limit = self.view.knock_limit if self.game is Game.GIN else None
        # Gin: a knock this turn, which no stock card is sure to give.
        knocks = limit is not None and least <= limit < now.deadwood
        if made is not None and least < now.deadwood:
            steps.append(
                CoachReason(Why.TAKE_FOR_MELD, {"card": str(top), "cards": _codes(made.cards)})
            )
        elif on_table is not None:
            why = {"card": str(top), "meld_id": on_table, **self.meld_params(on_table)}
            steps.append(CoachReason(Why.TAKE_FOR_LAYOFF, why))
        elif least <= now.deadwood - 4:
            # It says the same numbers as the plain deadwood reason, which it replaces.
            steps = [
                CoachReason(
                    Why.TAKE_LOWERS, {"card": str(top), "before": now.deadwood, "after": least}
                )
            ]
            score += 1.0
        elif not knocks:
            # What it does not help, the stock might: never ranked above the stock (a
            # card taken for a new pair only shows the others what you collect).
            steps.append(CoachReason(Why.TOP_NOT_USEFUL, {"card": str(top)}))
            score = max(score + 4.0, stock_score + 0.5)
        if knocks:
            steps.append(CoachReason(Why.TAKE_TO_KNOCK, {"card": str(top), "deadwood": least}))
            score = min(score, stock_score - 10.0)
        return score, steps

    def _discard_steps(self, card: Card, before: Arrangement, after: _Eval) -> list[CoachReason]:
        steps = [CoachReason(Why.DEADWOOD, {"before": before.deadwood, "after": after.deadwood})]
        for meld in before.melds:
            if card in meld.cards:
                left = [c for c in meld.cards if c != card]
                if check_meld(left, ace_high_or_low=self.ace) is not None:
                    # (The fourth card of a group, or a long run's end, breaks nothing.)
                    why = {"card": str(card), "cards": _codes(meld.cards)}
                    steps.append(CoachReason(Why.MELD_BROKEN, why))
                break
        else:
            if self.pts(card) >= 8:
                steps.append(
                    CoachReason(Why.DISCARD_HIGH, {"card": str(card), "points": self.pts(card)})
                )
        for pair, needs in after.kept[:2]:
            steps.append(
                CoachReason(Why.KEEPS_FOR, {"cards": _codes(pair), "needs": _codes(needs)})
            )
        return steps

    def expected_opponent_deadwood(self) -> float:
        view = self.view
        size = min(RANDOM_DEADWOOD, key=lambda n: abs(n - len(view.cards) + 1))
        rounds = view.turns // view.players
        return max(4.0, RANDOM_DEADWOOD[size] * 0.87**rounds)

    def knock_bar(self, expected: float, opponents: int) -> float:
        """Knock Rummy: the most deadwood worth a knock now, against ``expected`` (what
        each opponent probably holds) and ``opponents``."""
        view = self.view
        # A low knock is paid by every opponent who holds more, so more opponents do not
        # call for a lower bar (Knock lesson 7 says so, and a test holds the two together).
        # An undercut is likelier with more of them (at this bar 1 knock in 20 with two
        # players, 1 in 5 with five), but a player whose bar falls by k for each further
        # opponent, among computer players at this bar, loses: k = 0.03 / 0.05 / 0.08 lose
        # 0.5 / 0.9 / 1.1 points a hand with three players, 0.7 / 1.3 / 1.9 with four and
        # 1.1 / 1.6 / 2.3 with five (standard errors 0.1-0.2), and a bar that keeps the
        # chance that the lowest opponent holds less as it is against one loses 1.6 / 2.4
        # / 2.4 (`bench/knock_bar.py --deals 1000 --field`: 1,000 deals a table, each
        # played with that player in every seat; the other way round the same). A slightly
        # higher bar at every table (0.87-0.90, `--variants flat=0.87,flat=0.90 --seed 3`)
        # gained 0.1-0.6 a hand, with two players too: a matter of the level, not of the
        # number of opponents.
        # Bots knocking at this bar also beat bots knocking at half of it by 6 points a
        # hand with two players and 11-12 with four.
        threshold = expected * self.bar_ratio(opponents)
        # Near the wall the hand is about to be void: a knock now is the last chance.
        turns_left = view.stock_size - 2
        if turns_left < view.players:
            threshold = max(threshold, expected * (0.9 - 0.1 * opponents))
        return max(3.0, threshold)

    def score_closed(self) -> list[tuple[AnyMove, float, list[CoachReason]]]:
        view = self.view
        hand = list(self.hand)
        before = arrangement_of(_mask(hand), ace_high_or_low=self.ace)
        opponents = view.players - 1
        expected = self.expected_opponent_deadwood()
        out: list[tuple[AnyMove, float, list[CoachReason]]] = []
        cache: dict[Card, tuple[_Eval, float, list[CoachReason]]] = {}
        for move in view.legal_moves:
            card = (
                move.card
                if isinstance(move, Discard)
                else (move.discard if isinstance(move, Knock) else None)
            )
            assert card is not None
            if card not in cache:
                rest = [c for c in hand if c != card]
                ev = self.evaluate(rest)
                steps = self._discard_steps(card, before, ev)
                risk = self.danger(card, steps)
                cache[card] = (ev, ev.value + risk, steps)
            ev, value, steps = cache[card]
            if isinstance(move, Discard):
                extra: list[CoachReason] = []
                if isinstance(view.options, GinOptions) and ev.deadwood > view.options.knock_limit:
                    extra.append(
                        CoachReason(
                            Why.CANNOT_KNOCK_YET,
                            {"deadwood": ev.deadwood, "limit": view.options.knock_limit},
                        )
                    )
                out.append((move, value, steps + extra))
                continue
            # A knock ends the play: nobody draws again (Gin's knock discard is face
            # down), so only the deadwood left counts, not what the cards kept might
            # become nor what the discard might give the next player.
            dw = ev.deadwood
            knock_steps = [CoachReason(Why.DEADWOOD, {"before": before.deadwood, "after": dw})]
            if isinstance(view.options, GinOptions):
                if dw == 0:
                    why = CoachReason(Why.GIN, {"bonus": view.options.gin_bonus})
                    out.append((move, _WIN * 2, [why, *knock_steps]))
                else:
                    why = CoachReason(
                        Why.KNOCK_NOW, {"deadwood": dw, "limit": view.options.knock_limit}
                    )
                    out.append((move, _WIN + dw, [why, *knock_steps]))
                continue
            # Knock Rummy: weigh the risk of being undercut.
            assert isinstance(view.options, KnockOptions)
            if dw == 0:
                why = CoachReason(Why.KNOCK_RUMMY, {"bonus": view.options.rummy_bonus})
                out.append((move, _WIN * 2, [why, *knock_steps]))
                continue
            exp = round(expected, 1)
            if dw <= self.knock_bar(expected, opponents):
                now_ = CoachReason(Why.KNOCK_NOW, {"deadwood": dw, "limit": None})
                pays = CoachReason(Why.KNOCK_PAYS, {"deadwood": dw, "expected": exp})
                out.append((move, _WIN + dw, [now_, pays, *knock_steps]))
            else:
                wait = CoachReason(Why.KNOCK_WAIT, {"deadwood": dw, "expected": exp})
                out.append((move, value + 50.0 + dw, [wait, *knock_steps]))
        return out

    def score_lay_out(self) -> list[tuple[AnyMove, float, list[CoachReason]]]:
        """Gin, the knocker laying out: the melds of the least-deadwood arrangement, then
        done. (The coach sees only the knocker's cards, so it cannot weigh which melds
        leave the defender fewer layoffs; the settlement says so afterwards.)"""
        best = arrangement_of(_mask(self.hand))
        best_melds = {m.mask for m in best.melds}
        out: list[tuple[AnyMove, float, list[CoachReason]]] = []
        for move in self.view.legal_moves:
            if isinstance(move, LayDown):
                rest = arrangement_of(_mask(self.hand) & ~_mask(move.cards)).deadwood
                codes = _codes(move.cards)
                if _mask(move.cards) in best_melds:
                    out.append((move, rest - 0.5, [CoachReason(Why.SHOW_MELD, {"cards": codes})]))
                else:
                    why = {"cards": codes, "deadwood": rest, "best": best.deadwood}
                    out.append((move, rest + 0.0, [CoachReason(Why.SHOW_COSTS, why)]))
            elif isinstance(move, Done):
                left = sum(self.pts(c) for c in self.hand)
                if best.melds:
                    why = {"deadwood": left, "best": best.deadwood}
                    out.append((move, float(left), [CoachReason(Why.MELDS_LEFT, why)]))
                else:
                    out.append(
                        (move, float(left), [CoachReason(Why.SHOWN_ALL, {"deadwood": left})])
                    )
        return out

    def score_lay_off(self) -> list[tuple[AnyMove, float, list[CoachReason]]]:
        """Gin, the defender laying off: each layoff by the deadwood left after the best
        layoffs that follow it (the defender's best play, :mod:`.layoffs`)."""
        melds = [tm.meld for tm in self.table]
        now = defender_play(melds, self.hand)
        kept = arrangement_of(_mask(self.hand)).deadwood  # the deadwood if done now
        out: list[tuple[AnyMove, float, list[CoachReason]]] = []
        for move in self.view.legal_moves:
            if isinstance(move, LayOff):
                target = melds[move.meld_id]
                ext = extend_meld(target, move.card)
                assert ext is not None
                after = defender_play(
                    [ext if i == move.meld_id else m for i, m in enumerate(melds)],
                    [c for c in self.hand if c != move.card],
                ).deadwood
                why = {
                    "card": str(move.card),
                    "meld_id": move.meld_id,
                    "cards": _codes(target.cards),
                    "after": after,
                }
                # A layoff that lowers nothing ranks below done (it only breaks up a meld).
                score = after - 0.5 if after < kept else after + 0.5
                out.append((move, score, [CoachReason(Why.LAYOFF_ONTO, why)]))
            elif isinstance(move, Done):
                left = arrangement_of(_mask(self.hand)).deadwood
                if now.deadwood < left:
                    why = {"deadwood": left, "best": now.deadwood}
                    out.append((move, float(left), [CoachReason(Why.LAYOFFS_LEFT, why)]))
                else:
                    out.append(
                        (move, float(left), [CoachReason(Why.NO_MORE_LAYOFFS, {"deadwood": left})])
                    )
        return out

    def score_basic(self, move: AnyMove) -> tuple[AnyMove, float, list[CoachReason]]:
        view = self.view
        hand = list(self.hand)
        rummy = self.me not in view.melded_before
        win_steps = [CoachReason(Why.GOES_RUMMY)] if rummy else [CoachReason(Why.GOES_OUT)]
        win = _WIN * (1.5 if rummy else 1.0)
        before = arrangement_of(_mask(hand), ace_high_or_low=self.ace)
        if isinstance(move, Discard):
            rest = [c for c in hand if c != move.card]
            if not rest:
                return move, win, win_steps
            ev = self.evaluate(rest, self.table, ending=True)
            steps = self._discard_steps(move.card, before, ev)
            return move, ev.value + self.danger(move.card, steps), steps
        table = list(self.table)
        if isinstance(move, LayDown):
            gone = set(move.cards)
            meld = make_meld(move.cards, ace_high_or_low=self.ace)
            table.append(TableMeld(len(table), self.me, meld))
            steps = [CoachReason(Why.LAY_DOWN, {"cards": _codes(move.cards)})]
        else:
            assert isinstance(move, LayOff)
            gone = {move.card}
            target = table[move.meld_id]
            ext = extend_meld(target.meld, move.card, ace_high_or_low=self.ace)
            assert ext is not None
            table[move.meld_id] = TableMeld(target.id, target.owner, ext)
            why = {"card": str(move.card), "meld_id": move.meld_id}
            steps = [CoachReason(Why.LAY_OFF, {**why, **self.meld_params(target.id, [target])})]
        rest = [c for c in hand if c not in gone]
        if not rest:
            return move, win, win_steps + steps
        value, _card, end, _least = self.best_end(rest, view.taken, table)
        if end is None:  # going out by the discard that follows
            return move, win + 1.0, [*steps, *win_steps]
        # Doing it now beats keeping the cards in hand; bigger first.
        return move, value - 0.1 * len(gone), steps


def _codes(cards: Iterable[Card]) -> list[str]:
    return format_cards(cards).split()


__all__ = [
    "CAUTIONS",
    "Advice",
    "CoachReason",
    "RankedMove",
    "Why",
    "advise",
    "deadwood_after",
    "least_deadwood_after_discard",
    "rank_moves",
]
