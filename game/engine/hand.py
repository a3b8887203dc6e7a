"""One hand of rummy as an immutable state machine (the parts every game shares).

A hand is a pure function of (rule set, options, players, dealer, seed or
explicit deal, moves): :meth:`Hand.new` deals, :meth:`Hand.apply` returns the
next state, :meth:`Hand.replay` rebuilds a state from its move list. Each rule
set (:mod:`.basic`, :mod:`.gin`, :mod:`.knock`) is a small :class:`Rules`
object plugged into the same :class:`Hand`.

>>> hand = Hand.new("gin", seed=7)
>>> hand.turn, hand.phase.value, len(hand.hands[1])
(1, 'draw', 10)
>>> hand = hand.apply(Move.parse("draw stock"))
>>> hand.phase.value
'play'

Conventions:

* Players are seats ``0 .. players-1``; play goes to the left, seat + 1. The
  first player is the one on the dealer's left, ``(dealer + 1) % players``.
* Piles are listed from the top down: ``stock[0]`` is the next card drawn,
  ``discard_pile[0]`` the face-up top card.
* A seeded deal shuffles with :func:`~.cards.shuffled_deck`, deals one card at a
  time starting on the dealer's left, turns the next card up to start the
  discard pile and leaves the rest as the stock, in deck order.
* Basic Rummy's stock recycling (when the stock runs out at the end of a turn)
  shuffles the discard pile except its top card with ``random.Random`` seeded
  by the string ``"recycle:<seed>:<n>"`` (``n`` counts recycles from 1; an
  explicit deal uses seed 0): reproducible on every platform.
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import DECK, Card, format_cards, parse_cards, shuffled_deck
from .errors import EngineError, IllegalMove
from .moves import Discard, DrawDiscard, DrawStock, Knock, LayDown, LayOff, Move
from .options import OPTIONS_BY_GAME, BasicOptions, GinOptions, KnockOptions, Options

if TYPE_CHECKING:
    from .melds import Meld
    from .settle import Settlement


class SetupError(EngineError):
    """A hand that cannot be set up: unknown game, bad player count or dealer, bad deal."""


class Phase(enum.Enum):
    """Where the player to move is in their turn."""

    #: The turn starts: draw from the stock or the discard pile.
    DRAW = "draw"
    #: After drawing: meld and lay off (Basic), then discard or knock.
    PLAY = "play"
    #: The hand has ended.
    OVER = "over"


class HandEnd(enum.Enum):
    """How a hand ended."""

    #: Basic Rummy: a player got rid of their last card.
    OUT = "out"
    #: Basic Rummy: went out going rummy (doubled). Knock Rummy: knocked with no deadwood.
    RUMMY = "rummy"
    #: Gin / Knock Rummy: a player knocked.
    KNOCK = "knock"
    #: Gin Rummy: knocked with no deadwood.
    GIN = "gin"
    #: Nobody scores (stock exhausted).
    VOID = "void"
    #: Basic Rummy: nobody can ever go out (every hand is down to one or two cards that
    #: can neither be melded nor laid off, whatever is drawn); nobody scores.
    BLOCKED = "blocked"


class MoveError(enum.Enum):
    """Reason codes of :class:`~.errors.IllegalMove` raised by :meth:`Hand.check`.

    The parameters each code carries are listed beside it.
    """

    #: The hand is over. ``{}``
    HAND_OVER = "hand_over"
    #: Not this player's turn. ``{"player", "turn"}``
    NOT_YOUR_TURN = "not_your_turn"
    #: This kind of move does not exist in this game. ``{"move", "game"}``
    NOT_IN_THIS_GAME = "not_in_this_game"
    #: The turn starts with a draw. ``{"move"}``
    MUST_DRAW_FIRST = "must_draw_first"
    #: Already drew this turn: now meld, lay off, discard (or knock). ``{}``
    ALREADY_DREW = "already_drew"
    #: The card is not in the player's hand. ``{"card"}``
    CARD_NOT_HELD = "card_not_held"
    #: The card just taken from the discard pile may not be discarded this turn. ``{"card"}``
    DISCARD_TAKEN_CARD = "discard_taken_card"
    #: Not a meld. ``{"cards", "failure"}`` (``failure`` is a MeldFailure value)
    ILLEGAL_MELD = "illegal_meld"
    #: No meld with this id on the table. ``{"meld_id"}``
    MELD_NOT_FOUND = "meld_not_found"
    #: The card does not fit that meld. ``{"card", "meld_id", "meld"}``
    CANNOT_LAY_OFF = "cannot_lay_off"
    #: Gin: deadwood after the discard is over the knock limit. ``{"deadwood", "limit"}``
    KNOCK_OVER_LIMIT = "knock_over_limit"
    #: Basic with ``last_card_must_be_discarded``: the last card must be discarded. ``{}``
    MUST_DISCARD_LAST_CARD = "must_discard_last_card"
    #: Basic: afterwards the turn could not be finished legally. ``{"card"}`` (the taken card)
    NO_WAY_TO_FINISH = "no_way_to_finish"


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: each player's hand, the discard pile and the stock (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int, *, players: int, size: int, dealer: int) -> Deal:
        """Shuffle with ``seed``, deal ``size`` cards each one at a time from the dealer's left."""
        deck = shuffled_deck(seed)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(players * size):
            hands[(dealer + 1 + i) % players].append(deck[i])
        up = players * size
        return cls(
            hands=tuple(tuple(sorted(h)) for h in hands),
            discard=(deck[up],),
            stock=tuple(deck[up + 1 :]),
        )

    @classmethod
    def build(
        cls,
        hands: Sequence[str | Sequence[Card]],
        *,
        discard: str | Sequence[Card] = (),
        stock: str | Sequence[Card] = (),
    ) -> Deal:
        """An explicit deal for tests and guided hands.

        ``discard`` and ``stock`` are listed from the top down; the cards not named
        anywhere go under the named stock cards in index order (clubs A-K, ...),
        so the deal always holds the 52 cards. The discard pile needs at least one card:
        if none is named, the first unnamed card starts it.
        Raises :class:`SetupError` if a card is named twice.
        """

        def cards(x: str | Sequence[Card]) -> list[Card]:
            return parse_cards(x) if isinstance(x, str) else list(x)

        hand_cards = [cards(h) for h in hands]
        pile = cards(discard)
        top = cards(stock)
        named = [c for h in hand_cards for c in h] + pile + top
        if len(set(named)) != len(named):
            dup = sorted({c for c in named if named.count(c) > 1})
            raise SetupError(f"cards dealt twice: {format_cards(dup)}")
        rest = [c for c in DECK if c not in set(named)]
        if not pile:
            if not rest:
                raise SetupError("no card left to start the discard pile")
            pile = [rest.pop(0)]
        return cls(
            hands=tuple(tuple(sorted(h)) for h in hand_cards),
            discard=tuple(pile),
            stock=tuple(top + rest),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [format_cards(h) for h in self.hands],
            "discard": format_cards(self.discard),
            "stock": format_cards(self.stock),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        deal = cls(
            hands=tuple(tuple(parse_cards(h)) for h in data["hands"]),
            discard=tuple(parse_cards(data["discard"])),
            stock=tuple(parse_cards(data["stock"])),
        )
        every = [c for h in deal.hands for c in h] + list(deal.discard) + list(deal.stock)
        if sorted(every) != list(DECK):
            raise SetupError("a deal must hold each of the 52 cards once")
        return deal


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table (Basic Rummy).

    ``owner`` laid it down; ``laid_off`` lists ``(player, card)`` for each card laid
    off onto it later, in order: those cards lie in front of the player who laid
    them off.
    """

    id: int
    owner: int
    meld: Meld
    laid_off: tuple[tuple[int, Card], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self.meld.cards)

    def cards_of(self, player: int) -> tuple[Card, ...]:
        """The cards of this meld lying in front of ``player``."""
        laid = {c for _, c in self.laid_off}
        own = tuple(c for c in self.meld.cards if c not in laid) if player == self.owner else ()
        return own + tuple(c for p, c in self.laid_off if p == player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "kind": self.meld.kind.value,
            "cards": [str(c) for c in self.meld.cards],
            "laid_off": [[p, str(c)] for p, c in self.laid_off],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One move in the hand's public log: who made it and, for a draw from the
    discard pile, which card was taken (everybody saw it)."""

    player: int
    move: Move
    taken: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "move": str(self.move)}
        if self.taken is not None:
            data["taken"] = str(self.taken)
        return data


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and who scores what.

    ``player`` went out or knocked (``None`` for a void or blocked hand). ``winners``
    are the settlement's winners (the players who collect; several when they share,
    none when void). ``hands`` are the hands as shown at the end (after the knocker's
    discard). A void hand has a settlement with no transfers.
    """

    end: HandEnd
    player: int | None
    settlement: Settlement
    winners: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "end": self.end.value,
            "player": self.player,
            "winners": list(self.winners),
            "hands": [format_cards(h) for h in self.hands],
        }
        data["kind"] = self.settlement.kind.value
        data["transfers"] = [
            {"payer": t.payer, "payee": t.payee, "points": str(t.points), "reason": t.reason.value}
            for t in self.settlement.transfers
        ]
        data["received"] = {str(p): str(v) for p, v in self.settlement.received.items()}
        data["paid"] = {str(p): str(v) for p, v in self.settlement.paid.items()}
        return data


class Rules:
    """A rule set plugged into :class:`Hand`. Subclasses live in basic, gin and knock."""

    game: ClassVar[str] = ""
    options_type: ClassVar[type[BasicOptions] | type[GinOptions] | type[KnockOptions]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    #: Kinds of move this game knows besides draws and discards.
    extra_moves: ClassVar[tuple[type[Move], ...]] = ()

    def deal_size(self, players: int) -> int:
        """Cards dealt to each player: 10 for 2, 7 for 3-4, 6 for 5-6 (Basic and Knock)."""
        return 10 if players == 2 else 7 if players <= 4 else 6

    def ace_high(self, options: Options) -> bool:
        return False

    # Hooks for the phase after drawing. ``hand.phase`` is PLAY and the move
    # is not a draw when these are called.
    def play_moves(self, hand: Hand) -> Iterator[Move]:
        raise NotImplementedError

    def check_play(self, hand: Hand, move: Move) -> None:
        raise NotImplementedError

    def apply_play(self, hand: Hand, move: Move) -> Hand:
        raise NotImplementedError


class ClosedHandRules(Rules):
    """Shared by Gin and Knock Rummy: melds stay in the hand; draw, then discard or knock.

    After a discard that leaves two cards or fewer in the stock, the hand is void
    (the player who drew the third-last card discarded without knocking).
    """

    extra_moves: ClassVar[tuple[type[Move], ...]] = (Knock,)

    def deadwood(self, cards: Sequence[Card]) -> int:
        from .arrange import deadwood_of

        return deadwood_of(cards)

    def knock_allowed(self, hand: Hand, deadwood: int) -> bool:
        return True

    def could_knock(self, hand: Hand) -> bool:
        """Cheap test: could any discard leave deadwood within the knock limit?"""
        return True

    def play_moves(self, hand: Hand) -> Iterator[Move]:
        discards = [c for c in hand.hand if c != hand.taken]
        yield from (Discard(c) for c in discards)
        if self.could_knock(hand):
            for card in discards:
                rest = [c for c in hand.hand if c != card]
                if self.knock_allowed(hand, self.deadwood(rest)):
                    yield Knock(card)

    def check_play(self, hand: Hand, move: Move) -> None:
        if isinstance(move, Knock):
            deadwood = self.deadwood([c for c in hand.hand if c != move.discard])
            if not self.knock_allowed(hand, deadwood):
                limit = getattr(hand.options, "knock_limit", 0)
                raise IllegalMove(
                    MoveError.KNOCK_OVER_LIMIT, {"deadwood": deadwood, "limit": limit}
                )

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        raise NotImplementedError

    def knock_end(self, deadwood: int) -> HandEnd:
        return HandEnd.KNOCK

    def apply_play(self, hand: Hand, move: Move) -> Hand:
        if isinstance(move, Discard):
            after = hand._discarded(move, move.card)
            if len(after.stock) <= 2:
                return after._ended(HandEnd.VOID, None, None)
            return after._next_turn()
        assert isinstance(move, Knock)
        after = hand._discarded(move, move.discard)
        deadwood = self.deadwood(after.hands[hand.turn])
        return after._ended(self.knock_end(deadwood), hand.turn, self.settle(after, hand.turn))


def rules_for(game: str | Rules) -> Rules:
    """The :class:`Rules` object of ``"basic"``, ``"gin"`` or ``"knock"``."""
    if isinstance(game, Rules):
        return game
    if not _RULES:
        from .basic import BasicRules
        from .gin import GinRules
        from .knock import KnockRules

        _RULES.update(basic=BasicRules(), gin=GinRules(), knock=KnockRules())
    try:
        return _RULES[game]
    except KeyError:
        raise SetupError(f"unknown game: {game!r}") from None


_RULES: dict[str, Rules] = {}


@dataclass(frozen=True)
class Hand:
    """The state of one hand. Immutable: :meth:`apply` returns a new state.

    Build with :meth:`new` (or :meth:`replay` / :meth:`from_json`), not directly.
    """

    rules: Rules
    options: Options
    players: int
    dealer: int
    seed: int | None
    deal: Deal
    #: Every move applied so far, with who made it.
    log: tuple[Event, ...]
    hands: tuple[tuple[Card, ...], ...]
    #: Top first.
    stock: tuple[Card, ...]
    #: Top first.
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    turn: int
    phase: Phase
    #: The card taken from the discard pile this turn, if any.
    taken: Card | None = None
    #: Basic: players who made a meld or layoff in an earlier turn (no going rummy then).
    melded_before: frozenset[int] = frozenset()
    #: Basic: the player to move has melded or laid off this turn.
    melded_now: bool = False
    #: Basic: how many times the discard pile became a new stock.
    recycles: int = 0
    #: Completed turns (each ends with a discard or with the hand).
    turns: int = 0
    result: HandResult | None = None
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ building
    @classmethod
    def new(
        cls,
        game: str | Rules,
        *,
        players: int = 2,
        dealer: int = 0,
        seed: int | None = None,
        deal: Deal | None = None,
        options: Options | Mapping[str, Any] | None = None,
    ) -> Hand:
        """Deal a new hand from ``seed`` (or an explicit ``deal``)."""
        rules = rules_for(game)
        if not rules.min_players <= players <= rules.max_players:
            low, high = rules.min_players, rules.max_players
            raise SetupError(f"{rules.game} is for {low}-{high} players, not {players}")
        if not 0 <= dealer < players:
            raise SetupError(f"dealer must be a seat 0-{players - 1}, not {dealer}")
        if options is None or isinstance(options, Mapping):
            opts: Options = rules.options_type.from_dict(options)
        else:
            opts = options
        if not isinstance(opts, rules.options_type):
            raise SetupError(f"options for {type(opts).game}, not {rules.game}")
        if deal is None:
            if seed is None:
                raise SetupError("a hand needs a seed or a deal")
            deal = Deal.from_seed(
                seed, players=players, size=rules.deal_size(players), dealer=dealer
            )
        elif len(deal.hands) != players:
            raise SetupError(f"the deal has {len(deal.hands)} hands for {players} players")
        else:
            size = rules.deal_size(players)
            for h in deal.hands:
                if len(h) > size or (rules.game != "basic" and len(h) != size):
                    raise SetupError(f"{rules.game}: a hand of {len(h)} cards, {size} expected")
        if not deal.discard:
            raise SetupError("the discard pile needs its first card")
        return cls(
            rules=rules,
            options=opts,
            players=players,
            dealer=dealer,
            seed=seed,
            deal=deal,
            log=(),
            hands=deal.hands,
            stock=deal.stock,
            discard_pile=deal.discard,
            table=(),
            turn=(dealer + 1) % players,
            phase=Phase.DRAW,
        )

    @classmethod
    def replay(
        cls,
        game: str | Rules,
        moves: Sequence[Move | str],
        *,
        players: int = 2,
        dealer: int = 0,
        seed: int | None = None,
        deal: Deal | None = None,
        options: Options | Mapping[str, Any] | None = None,
    ) -> Hand:
        """Deal and apply ``moves`` in order (texts are parsed)."""
        hand = cls.new(game, players=players, dealer=dealer, seed=seed, deal=deal, options=options)
        for move in moves:
            hand = hand.apply(Move.parse(move) if isinstance(move, str) else move)
        return hand

    # --------------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        """JSON-able: game, options, players, dealer, seed (or the explicit deal), moves."""
        data: dict[str, Any] = {
            "game": self.game,
            "options": self.options.to_dict(),
            "players": self.players,
            "dealer": self.dealer,
            "seed": self.seed,
        }
        if self.seed is None or self.deal != Deal.from_seed(
            self.seed,
            players=self.players,
            size=self.rules.deal_size(self.players),
            dealer=self.dealer,
        ):
            data["deal"] = self.deal.to_dict()
        data["moves"] = [str(e.move) for e in self.log]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hand:
        """Inverse of :meth:`to_dict`: deals and replays the moves."""
        deal = Deal.from_dict(data["deal"]) if data.get("deal") else None
        return cls.replay(
            data["game"],
            list(data.get("moves", [])),
            players=data["players"],
            dealer=data["dealer"],
            seed=data.get("seed"),
            deal=deal,
            options=data.get("options"),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Hand:
        return cls.from_dict(json.loads(text))

    # ----------------------------------------------------------------- queries
    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(e.move for e in self.log)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once the hand is over (a void hand's has no transfers)."""
        return self.result.settlement if self.result else None

    @property
    def ace_high(self) -> bool:
        return self.rules.ace_high(self.options)

    @property
    def deal_size(self) -> int:
        return self.rules.deal_size(self.players)

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to move."""
        return self.hands[self.turn]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (empty when the hand is over)."""
        cached: list[Move] | None = self._cache.get("legal")
        if cached is None:
            if self.phase is Phase.OVER:
                cached = []
            elif self.phase is Phase.DRAW:
                cached = [DrawStock(), DrawDiscard()]
            else:
                cached = list(self.rules.play_moves(self))
            self._cache["legal"] = cached
        return list(cached)

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        try:
            self.check(move, player)
        except IllegalMove:
            return False
        return True

    def check(self, move: Move, player: int | None = None) -> None:
        """Raise :class:`IllegalMove` with a :class:`MoveError` code if ``move`` is illegal.

        ``player``, when given, is the seat trying the move (the web layer passes
        the viewer's seat): anyone but the player to move gets ``NOT_YOUR_TURN``.
        """
        if self.phase is Phase.OVER:
            raise IllegalMove(MoveError.HAND_OVER)
        if player is not None and player != self.turn:
            raise IllegalMove(MoveError.NOT_YOUR_TURN, {"player": player, "turn": self.turn})
        if isinstance(move, LayDown | LayOff | Knock) and type(move) not in self.rules.extra_moves:
            raise IllegalMove(MoveError.NOT_IN_THIS_GAME, {"move": move.kind, "game": self.game})
        if isinstance(move, DrawStock | DrawDiscard):
            if self.phase is not Phase.DRAW:
                raise IllegalMove(MoveError.ALREADY_DREW)
            return
        if self.phase is Phase.DRAW:
            raise IllegalMove(MoveError.MUST_DRAW_FIRST, {"move": move.kind})
        card = _move_card(move)
        if card is not None and card not in self.hand:
            raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(card)})
        if isinstance(move, Discard | Knock) and card == self.taken:
            raise IllegalMove(MoveError.DISCARD_TAKEN_CARD, {"card": str(card)})
        self.rules.check_play(self, move)

    # ----------------------------------------------------------------- playing
    def apply(self, move: Move, player: int | None = None) -> Hand:
        """The state after ``move`` (checked first: raises :class:`IllegalMove`)."""
        self.check(move, player)
        if isinstance(move, DrawStock):
            card = self.stock[0]
            return self._replace(
                log=(*self.log, Event(self.turn, move)),
                hands=self._with_hand(self.turn, tuple(sorted((*self.hand, card)))),
                stock=self.stock[1:],
                phase=Phase.PLAY,
            )
        if isinstance(move, DrawDiscard):
            card = self.discard_pile[0]
            return self._replace(
                log=(*self.log, Event(self.turn, move, card)),
                hands=self._with_hand(self.turn, tuple(sorted((*self.hand, card)))),
                discard_pile=self.discard_pile[1:],
                phase=Phase.PLAY,
                taken=card,
            )
        return self.rules.apply_play(self, move)

    # ---------------------------------------------------- helpers for the rules
    def _replace(self, **changes: Any) -> Hand:
        changes.setdefault("_cache", {})
        return replace(self, **changes)

    def _with_hand(self, player: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if i == player else h for i, h in enumerate(self.hands))

    def _without(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        gone = set(cards)
        return tuple(c for c in self.hand if c not in gone)

    def _discarded(self, move: Move, card: Card) -> Hand:
        """The state after the player to move put ``card`` on the discard pile
        (turn not yet passed)."""
        return self._replace(
            log=(*self.log, Event(self.turn, move)),
            hands=self._with_hand(self.turn, self._without([card])),
            discard_pile=(card, *self.discard_pile),
        )

    def _next_turn(self) -> Hand:
        """Pass the turn to the left."""
        melded = self.melded_before | {self.turn} if self.melded_now else self.melded_before
        return self._replace(
            turn=(self.turn + 1) % self.players,
            phase=Phase.DRAW,
            taken=None,
            melded_before=melded,
            melded_now=False,
            turns=self.turns + 1,
        )

    def _ended(
        self,
        end: HandEnd,
        player: int | None,
        settlement: Settlement | None,
    ) -> Hand:
        """The hand over (``settlement`` ``None``: void, nobody scores)."""
        if settlement is None:
            from .settle import void_settlement

            settlement = void_settlement(self.game, self.players)
        winners = tuple(settlement.winners)
        result = HandResult(end, player, settlement, winners, self.hands)
        return self._replace(phase=Phase.OVER, taken=None, result=result, turns=self.turns + 1)

    # ------------------------------------------------------------------ viewing
    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: their own hand, the others' card counts, the
        discard pile, the table, the public log (and every hand once it is over)."""
        if not 0 <= player < self.players:
            raise SetupError(f"no seat {player}")
        over = self.is_over
        return PlayerView(
            game=self.game,
            options=self.options,
            player=player,
            players=self.players,
            dealer=self.dealer,
            turn=self.turn,
            phase=self.phase,
            hand=self.hands[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=self.discard_pile,
            table=self.table,
            taken=self.taken,
            log=self.log,
            melded_before=self.melded_before,
            melded_now=self.melded_now,
            recycles=self.recycles,
            turns=self.turns,
            legal_moves=tuple(self.legal_moves()) if player == self.turn else (),
            result=self.result if over else None,
        )

    def __str__(self) -> str:
        lines = [f"{self.game} hand, {self.players} players, dealer {self.dealer}"]
        for i, h in enumerate(self.hands):
            mark = ">" if i == self.turn and not self.is_over else " "
            lines.append(f"{mark} {i}: {format_cards(h)}")
        lines.append(f"  discard: {format_cards(self.discard_pile[:1])}  stock: {len(self.stock)}")
        for m in self.table:
            lines.append(f"  meld {m.id} ({m.owner}): {format_cards(m.meld.cards)}")
        lines.append(f"  {self.phase.value}" + (f" {self.result.end.value}" if self.result else ""))
        return "\n".join(lines)


def _move_card(move: Move) -> Card | None:
    if isinstance(move, Discard | LayOff):
        return move.card
    if isinstance(move, Knock):
        return move.discard
    return None


@dataclass(frozen=True)
class PlayerView:
    """One player's view of a hand (see :meth:`Hand.view`): nothing hidden from them leaks.

    ``discard_pile`` is the whole face-up pile, top first (every card in it was
    seen face up); ``log`` is public (a draw from the stock does not say which card).
    ``legal_moves`` is empty unless it is this player's turn; ``result`` (with every
    hand shown) only once the hand is over.
    """

    game: str
    options: Options
    player: int
    players: int
    dealer: int
    turn: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    taken: Card | None
    log: tuple[Event, ...]
    melded_before: frozenset[int]
    melded_now: bool
    recycles: int
    turns: int
    legal_moves: tuple[Move, ...]
    result: HandResult | None

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[0] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player and self.phase is not Phase.OVER

    @property
    def ace_high(self) -> bool:
        return bool(getattr(self.options, "ace_high_or_low", False))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the web layer and its tests."""
        return {
            "game": self.game,
            "options": self.options.to_dict(),
            "player": self.player,
            "players": self.players,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase.value,
            "hand": [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": [str(c) for c in self.discard_pile],
            "table": [m.to_dict() for m in self.table],
            "taken": str(self.taken) if self.taken else None,
            "log": [e.to_dict() for e in self.log],
            "legal_moves": [str(m) for m in self.legal_moves],
            "result": self.result.to_dict() if self.result else None,
        }


def new_hand(
    game: str,
    *,
    players: int = 2,
    dealer: int = 0,
    seed: int | None = None,
    deal: Deal | None = None,
    options: Options | Mapping[str, Any] | None = None,
) -> Hand:
    """Shortcut for :meth:`Hand.new`."""
    return Hand.new(game, players=players, dealer=dealer, seed=seed, deal=deal, options=options)


def recycle_rng(seed: int | None, n: int) -> random.Random:
    """The RNG that shuffles the ``n``-th recycled stock (see the module docs)."""
    return random.Random(f"recycle:{seed if seed is not None else 0}:{n}")


__all__ = [
    "OPTIONS_BY_GAME",
    "Deal",
    "Event",
    "Hand",
    "HandEnd",
    "HandResult",
    "MoveError",
    "Phase",
    "PlayerView",
    "Rules",
    "SetupError",
    "TableMeld",
    "new_hand",
    "rules_for",
]
