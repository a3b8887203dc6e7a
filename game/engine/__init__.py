"""Rummy School's rules engine: pure Python, standard library only.

Never import Django here: the engine is used by the site, the command line
(``python -m game.engine``), the benchmarks and the tests alike.
"""

from .cards import DECK, Card, Rank, Suit, card_points, format_cards, parse_cards, shuffled_deck
from .errors import EngineError, IllegalMove, InvalidNotation

__all__ = [
    "DECK",
    "Card",
    "EngineError",
    "IllegalMove",
    "InvalidNotation",
    "Rank",
    "Suit",
    "card_points",
    "format_cards",
    "parse_cards",
    "shuffled_deck",
]
