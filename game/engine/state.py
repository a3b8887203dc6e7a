"""One hand of rummy as an immutable state machine: the parts every game shares.

A hand is a pure function of (rule set, options, players, dealer, seed or
explicit deal, moves). :meth:`Hand.new` deals, :meth:`Hand.play` checks a move
and returns the next state, :meth:`Hand.apply` returns it without checking (the
replay path, for moves that were checked when they were made), and
:meth:`Hand.replay` rebuilds a state from its move list. Each game is a small
:class:`Rules` object plugged into the same :class:`Hand`; the games live in
:mod:`.games`, which this module never imports (the registry that finds a
game by name sits on top: :func:`~.games.rules_for`).

>>> from game.engine import new_hand
>>> hand = new_hand("gin", seed=7)
>>> hand.turn, hand.phase.value, len(hand.cards(1))
(1, 'draw', 10)
>>> hand = hand.play(Move.parse("draw stock"))
>>> hand
<Hand gin, 2 players, dealer 0, seat 1 to play, 1 move>

Conventions:

* Players are seats ``0 .. players-1``; play goes to the left, seat + 1. The
  first player is the one on the dealer's left, ``(dealer + 1) % players``.
* Piles are listed from the top down: ``stock[0]`` is the next card drawn,
  ``discard_pile[0]`` the face-up top card. How a seed deals, and how Basic
  Rummy reshuffles a stock, is in :mod:`.deal`.

Writing a game: subclass :class:`Rules`, set its class attributes, and
implement the three hooks of the phase after the draw (``play_moves``,
``check_play``, ``apply_play``). ``apply_play`` builds the next state with the
documented helpers of :class:`Rules` (``record``, ``discarded``, ``next_turn``,
``end``, ``update``), never with the state's private parts.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from .cards import Card, format_cards
from .deal import DEAL_SIZES, Deal
from .errors import IllegalMove, SetupError
from .moves import (
    AnyMove,
    Discard,
    Done,
    DrawDiscard,
    DrawStock,
    Knock,
    LayOff,
    Move,
    MoveKind,
)
from .options import Game, GameOptions
from .scoring import Settlement, void_settlement
from .view import Event, HandEnd, HandResult, Phase, PlayerView, TableMeld

#: The phases after a knock when the players lay out by hand (Gin's ``players_lay_out``).
LAYOUT_PHASES = frozenset({Phase.LAY_OUT, Phase.LAY_OFF})


class MoveError(enum.Enum):
    """Reason codes of :class:`~.errors.IllegalMove` raised by :meth:`Hand.check`.

    The parameters each code carries are listed beside it.
    """

    #: The hand is over. ``{}``
    HAND_OVER = "hand_over"
    #: Not this player's turn. ``{"player", "turn"}``
    NOT_YOUR_TURN = "not_your_turn"
    #: This kind of move does not exist in this game. ``{"move", "game"}`` (``move`` is
    #: a :class:`~.moves.MoveKind` value, ``game`` a :class:`~.options.Game` value)
    NOT_IN_THIS_GAME = "not_in_this_game"
    #: The turn starts with a draw. ``{"move"}`` (a MoveKind value)
    MUST_DRAW_FIRST = "must_draw_first"
    #: Already drew this turn: now meld, lay off, discard (or knock). ``{}``
    ALREADY_DREW = "already_drew"
    #: The card is not in the player's hand. ``{"card"}``
    CARD_NOT_HELD = "card_not_held"
    #: The card just taken from the discard pile may not be discarded this turn. ``{"card"}``
    DISCARD_TAKEN_CARD = "discard_taken_card"
    #: Not a meld. ``{"cards", "failure"}`` plus the parameters of that
    #: :class:`~.melds.MeldFailure` (``failure`` is its value)
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
    #: Gin, laying out by hand: after a knock only the layout moves are left: the
    #: knocker's ``meld`` and ``done``, then the defender's ``layoff`` and ``done``.
    #: ``{"move", "phase"}`` (a MoveKind and a :class:`~.view.Phase` value)
    LAYING_OUT = "laying_out"
    #: Gin, laying out by hand: ``done`` before anyone has knocked (it ends a layout). ``{}``
    NOTHING_TO_FINISH = "nothing_to_finish"
    #: Gin, laying out by hand: the knocker's cards not laid out are deadwood, and they
    #: come to more than the knock limit. ``{"deadwood", "limit"}``
    LAYOUT_OVER_LIMIT = "layout_over_limit"
    #: Gin, laying out by hand: after this meld the knocker's other cards could no longer
    #: come down to the knock limit. ``{"cards", "deadwood", "limit"}`` (``deadwood``: the
    #: least the other cards would leave)
    LAYOUT_STRANDS = "layout_strands"


class Rules:
    """A game plugged into :class:`Hand`. Each game's subclass lives in :mod:`.games`.

    Class attributes say what the game is; ``deal_size``, ``ace_high`` and
    ``knock_limit`` answer for given options; the three ``*_play`` hooks are the
    game's rules after the draw. The helpers below them are the documented way for a
    game to build the next state.
    """

    game: ClassVar[Game]
    options_type: ClassVar[type[GameOptions]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    #: Kinds of move this game knows besides draws and discards.
    extra_moves: ClassVar[tuple[type[Move], ...]] = ()
    #: Gin: the knocker's discard goes face down (hidden from the other players).
    knock_discard_face_down: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    def deal_size(self, players: int) -> int:
        """Cards dealt to each player: 10 for 2, 7 for 3-4, 6 for 5-6 (Basic and Knock)."""
        return DEAL_SIZES[players]

    def ace_high(self, options: GameOptions) -> bool:
        """May an ace sit above the king (Q-K-A)? (Then every ace counts 15.)"""
        return False

    def knock_limit(self, options: GameOptions) -> int | None:
        """The most deadwood a knocker may keep (``None``: any, or no knocking)."""
        return None

    def lays_out_by_hand(self, options: GameOptions) -> bool:
        """After a knock, do the players lay out by hand (the LAY_OUT and LAY_OFF phases)?"""
        return False

    # Hooks for the phase after drawing. ``hand.phase`` is PLAY and the move is
    # not a draw when these are called; ``check_play`` is called only by
    # :meth:`Hand.check`, ``apply_play`` only with a legal move.
    def play_moves(self, hand: Hand) -> Iterator[AnyMove]:
        """Every legal move of the player to move after the draw."""
        raise NotImplementedError

    def check_play(self, hand: Hand, move: AnyMove) -> None:
        """Raise :class:`~.errors.IllegalMove` if ``move`` breaks this game's rules (the
        general checks, such as holding the card, are done)."""
        raise NotImplementedError

    def apply_play(self, hand: Hand, move: AnyMove) -> Hand:
        """The state after a legal ``move``."""
        raise NotImplementedError

    # Hooks for the phases after a knock when the players lay out by hand (Gin's
    # ``players_lay_out``: ``hand.phase`` is LAY_OUT or LAY_OFF). Only games that
    # enter those phases implement them.
    def lay_out_moves(self, hand: Hand) -> Iterator[AnyMove]:
        """Every legal move while the hand is laid out."""
        raise NotImplementedError

    def check_lay_out(self, hand: Hand, move: AnyMove) -> None:
        """Raise :class:`~.errors.IllegalMove` if ``move`` is not a legal layout move."""
        raise NotImplementedError

    def apply_lay_out(self, hand: Hand, move: AnyMove) -> Hand:
        """The state after a legal layout move."""
        raise NotImplementedError

    # -------------------------------------------------------- helpers for games
    def update(self, hand: Hand, **changes: Any) -> Hand:
        """``hand`` with some fields changed (its caches dropped).

        What :func:`dataclasses.replace` does, without its per-call introspection (this
        runs a few times per move, and a hand is replayed move by move): a hand has no
        ``__post_init__`` to run, so a copy of its fields is the same new hand."""
        unknown = changes.keys() - _HAND_FIELDS
        if unknown:
            raise TypeError(f"not fields of a hand: {sorted(unknown)}")
        new = object.__new__(type(hand))
        new.__dict__.update(hand.__dict__)
        new.__dict__.update(changes)
        new.__dict__["_cache"] = {}
        return new

    def record(self, hand: Hand, move: AnyMove, *, gone: Sequence[Card], **changes: Any) -> Hand:
        """The player to move made ``move``, which takes the cards ``gone`` from their hand
        (turn not passed): logged, cards removed, other fields changed."""
        taken_away = set(gone)
        kept = tuple(c for c in hand.cards(hand.turn) if c not in taken_away)
        return self.update(
            hand,
            log=(*hand.log, Event.of(hand.turn, move)),
            hands=_with(hand.hands, hand.turn, kept),
            **changes,
        )

    def discarded(self, hand: Hand, move: AnyMove, card: Card) -> Hand:
        """The player to move put ``card`` on the discard pile by ``move`` (turn not passed)."""
        return self.record(hand, move, gone=[card], discard_pile=(card, *hand.discard_pile))

    def next_turn(self, hand: Hand) -> Hand:
        """Pass the turn to the left."""
        melded = hand.melded_before | {hand.turn} if hand.melded_now else hand.melded_before
        return self.update(
            hand,
            turn=(hand.turn + 1) % hand.players,
            phase=Phase.DRAW,
            taken=None,
            drawn=None,
            melded_before=melded,
            melded_now=False,
            turns=hand.turns + 1,
        )

    def end(
        self,
        hand: Hand,
        end: HandEnd,
        player: int | None,
        settlement: Settlement | None,
        *,
        hands: tuple[tuple[Card, ...], ...] | None = None,
    ) -> Hand:
        """The hand over (``settlement`` ``None``: void or blocked, nobody scores).
        ``hands``: the hands to reveal, if not the cards still held (Gin laid out by
        hand: the whole hands, the cards laid out included)."""
        if settlement is None:
            settlement = void_settlement(hand.game, hand.players)
        shown = hand.hands if hands is None else hands
        result = HandResult(end, player, settlement, tuple(settlement.winners), shown)
        return self.update(
            hand, phase=Phase.OVER, taken=None, drawn=None, result=result, turns=hand.turns + 1
        )


def _with(
    hands: tuple[tuple[Card, ...], ...], player: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards if i == player else h for i, h in enumerate(hands))


@dataclass(frozen=True)
class Hand:
    """The state of one hand. Immutable: :meth:`play` and :meth:`apply` return a new state.

    Build with :meth:`new` (or :meth:`replay` / :meth:`from_dict`), or by the game's
    name with :func:`~.games.new_hand`; not directly.
    """

    rules: Rules
    options: GameOptions
    players: int
    dealer: int
    seed: int | None
    deal: Deal
    #: Every move applied so far, with who made it.
    log: tuple[Event, ...]
    #: Every player's cards, by seat.
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
    #: The card drawn from the stock this turn, if any (only its player sees it).
    drawn: Card | None = None
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
        rules: Rules,
        *,
        players: int = 2,
        dealer: int = 0,
        seed: int | None = None,
        deal: Deal | None = None,
        options: GameOptions | Mapping[str, Any] | None = None,
    ) -> Hand:
        """Deal a new hand of ``rules`` from ``seed`` (or an explicit ``deal``)."""
        if not isinstance(rules, Rules):
            raise SetupError(f"not a game's rules: {rules!r} (find them with rules_for)")
        if not rules.min_players <= players <= rules.max_players:
            low, high = rules.min_players, rules.max_players
            raise SetupError(f"{rules.game} is for {low}-{high} players, not {players}")
        if not 0 <= dealer < players:
            raise SetupError(f"dealer must be a seat 0-{players - 1}, not {dealer}")
        if options is None or isinstance(options, Mapping):
            opts: GameOptions = rules.options_type.from_dict(options)
        else:
            opts = options
        if not isinstance(opts, rules.options_type):
            raise SetupError(f"options for {type(opts).game}, not {rules.game}")
        size = rules.deal_size(players)
        if deal is None:
            if seed is None:
                raise SetupError("a hand needs a seed or a deal")
            deal = Deal.from_seed(seed, players=players, size=size, dealer=dealer)
        elif len(deal.hands) != players:
            raise SetupError(f"the deal has {len(deal.hands)} hands for {players} players")
        else:
            for h in deal.hands:
                if len(h) > size or (rules.game is not Game.BASIC and len(h) != size):
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
        rules: Rules,
        moves: Sequence[Move | str],
        *,
        players: int = 2,
        dealer: int = 0,
        seed: int | None = None,
        deal: Deal | None = None,
        options: GameOptions | Mapping[str, Any] | None = None,
        checked: bool = True,
    ) -> Hand:
        """Deal and make ``moves`` in order (texts are parsed).

        ``checked`` (the default) checks every move, so a log that is not a legal game
        raises :class:`~.errors.IllegalMove`; ``checked=False`` replays a log that was
        checked when it was made (faster).
        """
        hand = cls.new(rules, players=players, dealer=dealer, seed=seed, deal=deal, options=options)
        for raw in moves:
            move = Move.parse(raw) if isinstance(raw, str) else raw
            hand = hand.play(move) if checked else hand.apply(move)
        return hand

    # --------------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        """JSON-able: game, options, players, dealer, seed (or the explicit deal), moves."""
        data: dict[str, Any] = {
            "game": self.game.value,
            "options": self.options.to_dict(),
            "players": self.players,
            "dealer": self.dealer,
            "seed": self.seed,
        }
        if self.seed is None or self.deal != Deal.from_seed(
            self.seed, players=self.players, size=self.deal_size, dealer=self.dealer
        ):
            data["deal"] = self.deal.to_dict()
        data["moves"] = [str(e.move) for e in self.log]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules) -> Hand:
        """Inverse of :meth:`to_dict` (deals and replays the moves, checked).

        ``rules`` must be the rules of ``data["game"]``; :func:`~.games.hand_from_dict`
        finds them by name.
        """
        if data.get("game") != rules.game:
            raise SetupError(f"a {data.get('game')!r} hand, not {rules.game}")
        deal = Deal.from_dict(data["deal"]) if data.get("deal") else None
        return cls.replay(
            rules,
            list(data.get("moves", [])),
            players=data["players"],
            dealer=data["dealer"],
            seed=data.get("seed"),
            deal=deal,
            options=data.get("options"),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    # ----------------------------------------------------------------- queries
    @property
    def game(self) -> Game:
        return self.rules.game

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(e.move for e in self.log if e.move is not None)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def play_over(self) -> bool:
        """No more drawing and discarding: the hand is over, or (Gin laid out by hand)
        it is being laid out after a knock."""
        return self.phase is Phase.OVER or self.phase in LAYOUT_PHASES

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once the hand is over (a void hand's has no transfers)."""
        return self.result.settlement if self.result else None

    @property
    def ace_high(self) -> bool:
        return self.rules.ace_high(self.options)

    @property
    def knock_limit(self) -> int | None:
        return self.rules.knock_limit(self.options)

    @property
    def deal_size(self) -> int:
        return self.rules.deal_size(self.players)

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % self.players

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (``hand.cards(hand.turn)``: the player to move's)."""
        return self.hands[seat]

    def legal_moves(self) -> list[AnyMove]:
        """Every legal move of the player to move (empty when the hand is over)."""
        cached: list[AnyMove] | None = self._cache.get("legal")
        if cached is None:
            if self.phase is Phase.OVER:
                cached = []
            elif self.phase is Phase.DRAW:
                cached = [DrawStock(), DrawDiscard()]
            elif self.phase in LAYOUT_PHASES:
                cached = list(self.rules.lay_out_moves(self))
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
        """Raise :class:`~.errors.IllegalMove` with a :class:`MoveError` code if ``move``
        is illegal.

        ``player``, when given, is the seat trying the move (the web layer passes
        the viewer's seat): anyone but the player to move gets ``NOT_YOUR_TURN``.
        """
        if self.phase is Phase.OVER:
            raise IllegalMove(MoveError.HAND_OVER)
        if player is not None and player != self.turn:
            raise IllegalMove(MoveError.NOT_YOUR_TURN, {"player": player, "turn": self.turn})
        if self.phase in LAYOUT_PHASES:
            self.rules.check_lay_out(self, move)  # type: ignore[arg-type]
            return
        if isinstance(move, Done) and self.rules.lays_out_by_hand(self.options):
            raise IllegalMove(MoveError.NOTHING_TO_FINISH)
        if type(move) not in (DrawStock, DrawDiscard, Discard, *self.rules.extra_moves):
            raise IllegalMove(
                MoveError.NOT_IN_THIS_GAME, {"move": move.kind.value, "game": self.game.value}
            )
        if isinstance(move, DrawStock | DrawDiscard):
            if self.phase is not Phase.DRAW:
                raise IllegalMove(MoveError.ALREADY_DREW)
            return
        if self.phase is Phase.DRAW:
            raise IllegalMove(MoveError.MUST_DRAW_FIRST, {"move": move.kind.value})
        card = _move_card(move)
        if card is not None and card not in self.cards(self.turn):
            raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(card)})
        if isinstance(move, Discard | Knock) and card == self.taken:
            raise IllegalMove(MoveError.DISCARD_TAKEN_CARD, {"card": str(card)})
        self.rules.check_play(self, move)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- playing
    def play(self, move: Move, player: int | None = None) -> Hand:
        """The state after ``move``, checked first (raises :class:`~.errors.IllegalMove`;
        ``player`` as in :meth:`check`)."""
        self.check(move, player)
        return self.apply(move)

    def apply(self, move: Move) -> Hand:
        """The state after ``move`` by the player to move, **not checked**: for replaying
        moves that were checked when they were made. An illegal move gives a state
        that is not a legal hand (or an error); use :meth:`play` for new moves."""
        if isinstance(move, DrawStock):
            card = self.stock[0]
            return self.rules.update(
                self,
                log=(*self.log, Event.of(self.turn, move)),
                hands=_with(self.hands, self.turn, tuple(sorted((*self.cards(self.turn), card)))),
                stock=self.stock[1:],
                phase=Phase.PLAY,
                drawn=card,
            )
        if isinstance(move, DrawDiscard):
            card = self.discard_pile[0]
            return self.rules.update(
                self,
                log=(*self.log, Event.of(self.turn, move, card)),
                hands=_with(self.hands, self.turn, tuple(sorted((*self.cards(self.turn), card)))),
                discard_pile=self.discard_pile[1:],
                phase=Phase.PLAY,
                taken=card,
            )
        if self.phase in LAYOUT_PHASES:
            return self.rules.apply_lay_out(self, move)  # type: ignore[arg-type]
        return self.rules.apply_play(self, move)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ viewing
    @property
    def knocker(self) -> int | None:
        """The player who knocked, once someone has (Gin and Knock Rummy)."""
        result = self.result
        if result is not None:
            ended = result.end in (HandEnd.KNOCK, HandEnd.GIN, HandEnd.RUMMY)
            return result.player if ended and self.game is not Game.BASIC else None
        if self.phase in LAYOUT_PHASES:
            return next(e.player for e in reversed(self.log) if e.kind is MoveKind.KNOCK)
        return None

    def knock_discard_hidden_from(self, player: int | None) -> bool:
        """Is the top of the discard pile a face-down knock discard ``player`` did not make
        (``None``: a spectator)?"""
        if not self.rules.knock_discard_face_down:
            return False
        knocker = self.knocker
        return knocker is not None and knocker != player

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may see: their own hand, the others' card counts, the face-up
        discard pile, the table, the public log (and every hand once it is over).

        ``None`` is a spectator (a player sitting out this hand): no cards of their own,
        only what is public.
        """
        if player is not None and not 0 <= player < self.players:
            raise SetupError(f"no seat {player}")
        pile, log = self.discard_pile, self.log
        hidden = self.knock_discard_hidden_from(player)
        if hidden:
            pile = pile[1:]
            log = tuple(e.concealed() if e.kind is MoveKind.KNOCK else e for e in log)
        return PlayerView(
            game=self.game,
            options=self.options,
            player=player,
            players=self.players,
            dealer=self.dealer,
            turn=self.turn,
            phase=self.phase,
            cards=self.hands[player] if player is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=pile,
            face_down_discard=hidden,
            table=self.table,
            taken=self.taken,
            drawn=self.drawn if player is not None and player == self.turn else None,
            log=log,
            melded_before=self.melded_before,
            melded_now=self.melded_now,
            recycles=self.recycles,
            turns=self.turns,
            legal_moves=tuple(self.legal_moves()) if player == self.turn else (),
            result=self.result if self.is_over else None,
            ace_high=self.ace_high,
            knock_limit=self.knock_limit,
        )

    def __repr__(self) -> str:
        moves = len(self.log)
        state = "over" if self.is_over else f"seat {self.turn} to {self.phase.value}"
        if self.phase is Phase.PLAY:
            state = f"seat {self.turn} to play"
        elif self.phase in LAYOUT_PHASES:
            state = f"seat {self.turn} to {self.phase.value.replace('_', ' ')}"
        return (
            f"<Hand {self.game}, {self.players} players, dealer {self.dealer}, {state}, "
            f"{moves} move{'' if moves == 1 else 's'}>"
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


#: The names of a hand's fields (what :meth:`Rules.update` may change).
_HAND_FIELDS = frozenset(f.name for f in fields(Hand))


def _move_card(move: Move) -> Card | None:
    if isinstance(move, Discard | LayOff):
        return move.card
    if isinstance(move, Knock):
        return move.discard
    return None


__all__ = ["LAYOUT_PHASES", "Hand", "MoveError", "Rules"]
