"""Rummy School's rules engine: pure Python, standard library only.

Never import Django here: the engine is used by the site, the command line
(``python -m game.engine``), the benchmarks and the tests alike. Everything
public is importable from this package, as python-chess does with ``chess``:

>>> from game.engine import Move, new_hand
>>> hand = new_hand("gin", seed=7).play(Move.parse("draw stock"))
>>> hand.phase
<Phase.PLAY: 'play'>

The modules, from the bottom of the import graph up: ``errors``, ``cards``,
``melds``, ``arrange``, ``moves``, ``options`` (the games' names), ``layoffs``,
``scoring`` and ``score_sheet`` (settlements and match sheets as data),
``deal``, ``view`` (what a hand shows), ``state`` (the hand), ``games`` (one
module per game, and the registry), ``rounds`` (a table's hands one after
another), ``coach``, ``bots``, ``english`` (the command line's sentences),
``cli`` and ``selfplay``.
"""

from __future__ import annotations

from .arrange import (
    Arrangement,
    all_arrangements,
    arrangement_of,
    best_arrangement,
    best_discard,
    cards_mask,
    deadwood_of,
    discard_of,
)
from .bots import BotPlayer, RandomPlayer, bot_move, make_player
from .cards import (
    DECK,
    Card,
    Rank,
    Suit,
    card_points,
    format_cards,
    parse_cards,
    shuffled_deck,
    sort_cards,
)
from .coach import (
    Advice,
    CoachReason,
    RankedMove,
    Why,
    advise,
    deadwood_after,
    least_deadwood_after_discard,
)
from .deal import Deal
from .english import english
from .errors import EngineError, IllegalMove, InvalidNotation, SetupError, UnknownOption
from .games import (
    RULES,
    hand_from_dict,
    hand_from_json,
    new_hand,
    options_for,
    replay_hand,
    rules_for,
)
from .games.basic import BasicMatch, BasicOptions, BasicRules, settle_basic
from .games.gin import (
    GinGame,
    GinOptions,
    GinPartnershipGame,
    GinRules,
    GinSummary,
    GinThreeGame,
    KnockerChoice,
    Seating,
    knocker_choice,
    partnership_tables,
    settle_gin,
)
from .games.knock import KnockMatch, KnockOptions, KnockRules, settle_knock
from .layoffs import DefenderPlay, Layoff, defender_play
from .melds import Meld, MeldFailure, MeldKind, check_meld, extend_meld, find_melds, make_meld
from .moves import (
    AnyMove,
    Discard,
    Done,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    LayOff,
    Move,
    MoveKind,
)
from .options import Game, GameOptions
from .rounds import (
    Board,
    Match,
    Round,
    RoundResult,
    TableFormat,
    TableRules,
    results_from_data,
    results_of,
    results_to_data,
    round_result,
    rounds_from_data,
    rounds_to_data,
    rounds_to_json,
    table_sizes,
)
from .score_sheet import HandScore, LineCode, SummaryLine
from .scoring import (
    ResultKind,
    SettleError,
    Settlement,
    SettleStep,
    StepCode,
    Transfer,
    TransferReason,
    format_points,
    void_settlement,
)
from .state import Hand, MoveError, Rules
from .view import Event, HandEnd, HandResult, Phase, PlayerView, TableMeld

__all__ = [
    "DECK",
    "RULES",
    "Advice",
    "AnyMove",
    "Arrangement",
    "BasicMatch",
    "BasicOptions",
    "BasicRules",
    "Board",
    "BotPlayer",
    "Card",
    "CoachReason",
    "Deal",
    "DefenderPlay",
    "Discard",
    "Done",
    "DrawDiscard",
    "DrawStock",
    "EngineError",
    "Event",
    "Game",
    "GameOptions",
    "GinGame",
    "GinOptions",
    "GinPartnershipGame",
    "GinRules",
    "GinSummary",
    "GinThreeGame",
    "Hand",
    "HandEnd",
    "HandResult",
    "HandScore",
    "IllegalMove",
    "InvalidNotation",
    "Knock",
    "KnockMatch",
    "KnockOptions",
    "KnockRules",
    "KnockerChoice",
    "LayDown",
    "LayOff",
    "Layoff",
    "LineCode",
    "Match",
    "Meld",
    "MeldFailure",
    "MeldKind",
    "Move",
    "MoveError",
    "MoveKind",
    "Phase",
    "PlayerView",
    "RandomPlayer",
    "Rank",
    "RankedMove",
    "ResultKind",
    "Round",
    "RoundResult",
    "Rules",
    "Seating",
    "SettleError",
    "SettleStep",
    "Settlement",
    "SetupError",
    "StepCode",
    "Suit",
    "SummaryLine",
    "TableFormat",
    "TableMeld",
    "TableRules",
    "Transfer",
    "TransferReason",
    "UnknownOption",
    "Why",
    "advise",
    "all_arrangements",
    "arrangement_of",
    "best_arrangement",
    "best_discard",
    "bot_move",
    "card_points",
    "cards_mask",
    "check_meld",
    "deadwood_after",
    "deadwood_of",
    "defender_play",
    "discard_of",
    "english",
    "extend_meld",
    "find_melds",
    "format_cards",
    "format_points",
    "hand_from_dict",
    "hand_from_json",
    "knocker_choice",
    "least_deadwood_after_discard",
    "make_meld",
    "make_player",
    "new_hand",
    "options_for",
    "parse_cards",
    "partnership_tables",
    "replay_hand",
    "results_from_data",
    "results_of",
    "results_to_data",
    "round_result",
    "rounds_from_data",
    "rounds_to_data",
    "rounds_to_json",
    "rules_for",
    "settle_basic",
    "settle_gin",
    "settle_knock",
    "shuffled_deck",
    "sort_cards",
    "table_sizes",
    "void_settlement",
]
