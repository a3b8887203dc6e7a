"""Rummy School's rules engine: pure Python, standard library only.

Never import Django here: the engine is used by the site, the command line
(``python -m game.engine``), the benchmarks and the tests alike.
"""

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
from .cards import DECK, Card, Rank, Suit, card_points, format_cards, parse_cards, shuffled_deck
from .errors import EngineError, IllegalMove, InvalidNotation
from .layoffs import DefenderPlay, KnockerChoice, Layoff, defender_play, knocker_choice
from .match import (
    BasicMatch,
    GinGame,
    GinPartnershipGame,
    GinSummary,
    GinThreeGame,
    HandScore,
    KnockMatch,
    SummaryLine,
)
from .melds import Meld, MeldFailure, MeldKind, check_meld, extend_meld, find_melds, make_meld
from .options import BasicOptions, GinOptions, KnockOptions, UnknownOption
from .settle import (
    ResultKind,
    SettleError,
    Settlement,
    Step,
    StepCode,
    Transfer,
    TransferReason,
    settle_basic,
    settle_gin,
    settle_knock,
    step_text,
    void_settlement,
)

__all__ = [
    "DECK",
    "Arrangement",
    "BasicMatch",
    "BasicOptions",
    "Card",
    "DefenderPlay",
    "EngineError",
    "GinGame",
    "GinOptions",
    "GinPartnershipGame",
    "GinSummary",
    "GinThreeGame",
    "HandScore",
    "IllegalMove",
    "InvalidNotation",
    "KnockMatch",
    "KnockOptions",
    "KnockerChoice",
    "Layoff",
    "Meld",
    "MeldFailure",
    "MeldKind",
    "Rank",
    "ResultKind",
    "SettleError",
    "Settlement",
    "Step",
    "StepCode",
    "Suit",
    "SummaryLine",
    "Transfer",
    "TransferReason",
    "UnknownOption",
    "all_arrangements",
    "arrangement_of",
    "best_arrangement",
    "best_discard",
    "card_points",
    "cards_mask",
    "check_meld",
    "deadwood_of",
    "defender_play",
    "discard_of",
    "extend_meld",
    "find_melds",
    "format_cards",
    "knocker_choice",
    "make_meld",
    "parse_cards",
    "settle_basic",
    "settle_gin",
    "settle_knock",
    "shuffled_deck",
    "step_text",
    "void_settlement",
]
