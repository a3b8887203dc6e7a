"""The one place where the engine's codes become sentences in the page's language.

The engine explains everything as data: a reason code and its parameters for
an illegal move (``MoveError``, ``MeldFailure``), a step code for each line of
a settlement (``StepCode``), a line code for a match summary (``LineCode``), a
``Why`` for each of the coach's reasons, and ``Event`` s for the log. Each of
these enums has one catalogue here, a dict keyed by its members
(:mod:`.refusals`, :mod:`.log`, :mod:`.scoring`, :mod:`.coach`), and there is
no fallback to English: ``tests/game/test_explain.py`` renders every code in
every language. Cards are written short, as on their corners ("7♥", "Д♠" in
Russian); points as people write them ("7½").
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from game.engine import Game

from .coach import CLASS_REASONS, REASONS, coach_reason
from .log import (
    CLASS_DID,
    CLASS_SUGGESTIONS,
    COMPUTER_FOR_THEM,
    COMPUTER_FOR_YOU,
    SUGGESTIONS,
    THEIR_TURN,
    THEY_DID,
    YOU_DID,
    event_sentence,
    knocker_of,
    log_sentences,
    melds_before,
    move_phrase,
    moves_phrase,
    since_your_move,
    turn_sentence,
)
from .numbers import (
    card_short,
    cards_short,
    deadwood_points,
    either,
    full_card_names,
    listed,
    people,
    points,
    points_noun,
    points_object,
    signed,
    who,
    you_and,
)
from .refusals import MELD_FAILURES, MOVE_ERRORS, MOVE_NAMES, meld_failure, refusal
from .scoring import (
    LINES,
    STEPS,
    TOLD_TO_YOU,
    YOUR_STEPS,
    match_over,
    settlement_step,
    summary_line,
    told_steps,
)

#: Each game's name, as the site writes it.
GAME_NAMES: dict[Game, Promise] = {
    Game.BASIC: gettext_lazy("Basic Rummy"),
    Game.GIN: gettext_lazy("Gin Rummy"),
    Game.KNOCK: gettext_lazy("Knock Rummy"),
}


def game_name(game: Game | str) -> str:
    """ "Gin Rummy" in the page's language."""
    return str(GAME_NAMES[Game(game)])


__all__ = [
    "CLASS_DID",
    "CLASS_REASONS",
    "CLASS_SUGGESTIONS",
    "COMPUTER_FOR_THEM",
    "COMPUTER_FOR_YOU",
    "GAME_NAMES",
    "LINES",
    "MELD_FAILURES",
    "MOVE_ERRORS",
    "MOVE_NAMES",
    "REASONS",
    "STEPS",
    "SUGGESTIONS",
    "THEIR_TURN",
    "THEY_DID",
    "TOLD_TO_YOU",
    "YOUR_STEPS",
    "YOU_DID",
    "card_short",
    "cards_short",
    "coach_reason",
    "deadwood_points",
    "either",
    "event_sentence",
    "full_card_names",
    "game_name",
    "knocker_of",
    "listed",
    "log_sentences",
    "match_over",
    "meld_failure",
    "melds_before",
    "move_phrase",
    "moves_phrase",
    "people",
    "points",
    "points_noun",
    "points_object",
    "refusal",
    "settlement_step",
    "signed",
    "since_your_move",
    "summary_line",
    "told_steps",
    "turn_sentence",
    "who",
    "you_and",
]
