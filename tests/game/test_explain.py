"""Codes into words: every code of every engine enum has a sentence in every language,
every placeholder it names is filled, a translated page shows no English, and there is
no fallback for a code without a sentence."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from game import explain
from game.cards import text_plain
from game.engine import (
    Deal,
    Game,
    IllegalMove,
    LineCode,
    MeldFailure,
    Move,
    MoveError,
    MoveKind,
    SettleError,
    SettleStep,
    StepCode,
    SummaryLine,
    Why,
    advise,
    parse_cards,
    replay_hand,
    settle_basic,
    settle_gin,
    settle_knock,
)
from game.engine.selfplay import play_hand
from game.explain.catalogue import PLACEHOLDER, Sentence
from game.explain.scoring import (
    HEADED_STEPS,
    PAIR_LINES_TOLD_TO_YOU,
    SCORED_TOTAL,
    YOUR_HEADED_STEPS,
    YOUR_LINES,
    YOUR_PAIR_LINES,
)

NAMES = ["Aistė", "Ona", "Ben", "Marta"]
LANGUAGES = [code for code, _name in settings.LANGUAGES]
F = Fraction

MELD_SAMPLES: dict[MeldFailure, list[dict[str, Any]]] = {
    MeldFailure.TOO_FEW_CARDS: [{"cards": ["7H", "8H"], "count": 2, "minimum": 3}],
    MeldFailure.GROUP_TOO_LARGE: [{"cards": ["7H"] * 5, "count": 5, "maximum": 4, "rank": "7"}],
    MeldFailure.DUPLICATE_CARD: [{"cards": ["7H", "7H", "7S"], "card": "7H"}],
    MeldFailure.NOT_HELD: [{"cards": ["7H", "8H", "9H"], "missing": ["9H"]}],
    MeldFailure.RUN_MIXED_SUITS: [{"cards": ["7H", "8H", "9S"], "suit": "H", "offending": ["9S"]}],
    MeldFailure.GROUP_RANKS_DIFFER: [
        {"cards": ["7H", "7S", "8D"], "rank": "7", "offending": ["8D"]}
    ],
    MeldFailure.MIXED: [{"cards": ["7H", "7S", "8H", "9S"]}],
    MeldFailure.WRAP_AROUND: [
        {"cards": ["KH", "AH", "2H"], "ace_high": False},
        {"cards": ["KH", "AH", "2H"], "ace_high": True},
        {"cards": ["KH", "AH", "2H"]},  # stored before the option was part of the reason
    ],
    MeldFailure.ACE_ABOVE_KING: [{"cards": ["QH", "KH", "AH"], "card": "AH"}],
    MeldFailure.RUN_GAP: [{"cards": ["7C", "9C", "KC"], "missing": ["8C", "TC", "JC", "QC"]}],
}

MOVE_SAMPLES: dict[MoveError, list[dict[str, Any]]] = {
    MoveError.HAND_OVER: [{}],
    MoveError.NOT_YOUR_TURN: [{"player": 0, "turn": 1}],
    MoveError.NOT_IN_THIS_GAME: [
        *({"move": k.value, "game": "gin"} for k in MoveKind),
        {"move": "meld", "game": "knock"},
        {"move": "layoff", "game": "knock"},
        {"move": "knock", "game": "basic"},
    ],
    MoveError.MUST_DRAW_FIRST: [{"move": "discard"}],
    MoveError.ALREADY_DREW: [{}],
    MoveError.CARD_NOT_HELD: [{"card": "TH"}],
    MoveError.DISCARD_TAKEN_CARD: [{"card": "5D"}],
    MoveError.ILLEGAL_MELD: [
        {**params, "failure": failure.value}
        for failure, samples in MELD_SAMPLES.items()
        for params in samples
    ],
    MoveError.MELD_NOT_FOUND: [{"meld_id": 4}],
    MoveError.CANNOT_LAY_OFF: [
        {"card": "KS", "meld_id": 0, "meld": ["7H", "8H", "9H"], "fits": ["6H", "TH"]},
        {"card": "AS", "meld_id": 0, "meld": ["JS", "QS", "KS"], "fits": ["TS"]},
        {"card": "9D", "meld_id": 1, "meld": ["9C", "9H", "9S", "9D"], "fits": []},
    ],
    MoveError.KNOCK_OVER_LIMIT: [{"deadwood": 14, "limit": 10}, {"deadwood": 3, "limit": 1}],
    MoveError.MUST_DISCARD_LAST_CARD: [{}],
    MoveError.NO_WAY_TO_FINISH: [{"card": "5D"}],
    MoveError.LAYING_OUT: [
        {"move": "discard", "phase": "lay_out"},
        {"move": "meld", "phase": "lay_off"},
    ],
    MoveError.NOTHING_TO_FINISH: [{}],
    MoveError.LAYOUT_OVER_LIMIT: [{"deadwood": 43, "limit": 10}, {"deadwood": 3, "limit": 1}],
    MoveError.LAYOUT_STRANDS: [
        {"cards": ["9C", "TC", "JC"], "deadwood": 14, "limit": 10},
        {"cards": ["9C", "TC", "JC"], "deadwood": 2, "limit": 1},
    ],
}

SHOWN = {"player": 1, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["KS"], "deadwood": 10}
LEAST = {
    "player": 0,
    "melds": [["5C", "5D", "5H"], ["7S", "8S", "9S", "TS", "JS"]],
    "deadwood_cards": ["3C", "4C"],
    "deadwood": 7,
    "opponent": 1,
    "layoffs": ["5S"],
    "opponent_deadwood": 21,
}

STEP_SAMPLES: dict[StepCode, list[dict[str, Any]]] = {
    StepCode.SHOW: [
        SHOWN,
        {**SHOWN, "melds": [], "deadwood_cards": [], "deadwood": 0},
        {**SHOWN, "deadwood_cards": [], "deadwood": 0, "gin": True},
    ],
    StepCode.KEEPS: [SHOWN, {**SHOWN, "laid_off": []}, {**SHOWN, "laid_off": ["9H"]}],
    StepCode.KNOCK: [{"player": 0, "deadwood": 6, "limit": 10}],
    StepCode.GIN: [{"player": 0}],
    StepCode.NO_LAYOFFS: [{"player": 1}],
    StepCode.LAYOFF: [{"player": 1, "card": "5C", "onto": ["2C", "3C", "4C"], "meld": 0}],
    StepCode.GIN_SCORE: [
        {"player": 0, "opponent": 1, "bonus": 25, "deadwood": 12, "points": F(37)}
    ],
    StepCode.KNOCK_SCORE: [
        {"player": 0, "opponent": 1, "deadwood": 1, "opponent_deadwood": 26, "points": F(25)}
    ],
    StepCode.UNDERCUT_SCORE: [
        {
            "player": 1,
            "opponent": 0,
            "deadwood": 6,
            "opponent_deadwood": 8,
            "difference": 2,
            "bonus": 25,
            "points": F(27),
        }
    ],
    StepCode.KNOCKER_LOWEST: [{"player": 0, "deadwood": 3}],
    StepCode.KNOCKER_TIED: [
        {"player": 0, "tied": [1], "deadwood": 5},
        {"player": 0, "tied": [1, 2], "deadwood": 5},
    ],
    StepCode.NO_RUMMY_BONUS: [{"player": 0}],
    StepCode.KNOCKER_UNDERCUT: [
        {"player": 0, "lowest": [1], "deadwood": 12, "lowest_deadwood": 5},
        {"player": 0, "lowest": [1, 2], "deadwood": 12, "lowest_deadwood": 5},
    ],
    StepCode.PAYS_DIFFERENCE: [
        {
            "player": 2,
            "payees": [0],
            "deadwood": 7,
            "lowest_deadwood": 3,
            "points": F(4),
            "share": F(4),
        },
        {
            "player": 3,
            "payees": [1, 2],
            "deadwood": 14,
            "lowest_deadwood": 5,
            "points": F(9),
            "share": F(9, 2),
        },
    ],
    StepCode.PAYS_NOTHING: [{"player": 0}],
    StepCode.RUMMY_BONUS: [{"player": 1, "payee": 0, "bonus": 25}],
    StepCode.PENALTY: [
        {"player": 0, "payee": 1, "deadwood": 12, "opponent_deadwood": 5, "points": F(10)}
    ],
    StepCode.HAND_VALUE: [
        {"player": 1, "cards": ["KS", "7D", "AH"], "points": 18, "ace_points": 1},
        {"player": 1, "cards": ["KS", "7D", "AH"], "points": 32, "ace_points": 15},
        {"player": 1, "cards": [], "points": 0, "ace_points": 1},
    ],
    StepCode.WENT_OUT: [{"player": 0, "points": F(23)}],
    StepCode.WENT_RUMMY: [{"player": 0, "points": 23, "doubled": F(46)}],
    StepCode.VOID: [{}],
    StepCode.TOTAL: [{"player": 0, "received": F(11), "paid": F(0), "net": F(11)}],
    StepCode.MISSED_LAYOFFS: [
        {"player": 1, "cards": ["5C", "6C", "9C"], "deadwood": 32, "best_deadwood": 26},
        {
            "player": 1,
            "cards": ["5C", "6C", "9C"],
            "onto_melds": 2,
            "deadwood": 32,
            "best_deadwood": 26,
        },
        {"player": 1, "cards": ["5C", "6C"], "onto_melds": 1, "deadwood": 32, "best_deadwood": 21},
    ],
    StepCode.LEAST_DEADWOOD_LAYOUT: [
        {**LEAST, "points": 14, "shown_points": 16},
        {**LEAST, "opponent_deadwood": 5, "points": -27, "shown_points": 3},
        {**LEAST, "opponent_deadwood": 5, "points": -27, "shown_points": -26},
        {**LEAST, "layoffs": ["5S", "6S"], "onto_melds": 2, "points": 14, "shown_points": 16},
        {**LEAST, "layoffs": ["6S", "QS"], "onto_melds": 1, "points": 14, "shown_points": 16},
        {
            **LEAST,
            "layoffs": ["6S", "QS"],
            "onto_melds": 1,
            "opponent_deadwood": 5,
            "points": -27,
            "shown_points": 3,
        },
    ],
    StepCode.BETTER_LAYOUT: [
        {**SHOWN, "points": 17, "best_points": 18},
        {**SHOWN, "points": -27, "best_points": -5},
    ],
}


def test_the_knockers_least_deadwood_is_told_against_what_it_would_score() -> None:
    scores, undercut, loses = (
        explain.settlement_step(SettleStep(StepCode.LEAST_DEADWOOD_LAYOUT, p), ["Ona", "Ben"])
        for p in STEP_SAMPLES[StepCode.LEAST_DEADWOOD_LAYOUT][:3]
    )
    laid_out = "Laid out as 5♣ 5♦ 5♥ · 7♠ 8♠ 9♠ 10♠ J♠, Ona would keep only 7 deadwood, but Ben "
    assert scores == laid_out + (
        "would lay off 5♠ and keep 21: Ona would score only 21 − 7 = 14. So Ona shows the "
        "layout that scores more."
    )
    assert undercut == laid_out + (
        "would lay off 5♠ and keep 5: Ben would undercut Ona and score 27 points. So Ona shows "
        "the layout that scores more."
    )
    assert loses.endswith(
        "Ben would undercut Ona and score 27 points. So Ona shows the layout that gives Ben "
        "fewer points."
    )


LINE_SAMPLES: dict[LineCode, list[dict[str, Any]]] = {
    LineCode.BOXES: [
        {"player": 0, "boxes": [F(40)], "points": F(40)},
        {"player": 0, "boxes": [F(40), F(35), F(30)], "points": F(105)},
    ],
    LineCode.DIFFERENCE: [{"player": 0, "opponent": 1, "points": F(85)}],
    LineCode.BOX_BONUS: [
        {"player": 1, "boxes": [F(20)], "per_box": 20, "points": F(20)},
        {"player": 0, "boxes": [F(40), F(35)], "per_box": 20, "points": F(40)},
    ],
    LineCode.SHUTOUT: [{"player": 0, "opponent": 1, "points": F(100)}],
    LineCode.GAME_TOTAL: [{"player": 0, "points": F(145)}],
    LineCode.MARGIN: [{"player": 0, "opponent": 1, "points": F(125)}],
    LineCode.SCORE: [{"player": 2, "points": F(9, 2)}],
    LineCode.BALANCE: [{"player": 0, "received": F(21), "paid": F(0), "net": F(21)}],
    LineCode.WINNER: [{"player": 1}],
    LineCode.ANOTHER_HAND: [{"players": [0, 2]}],
    LineCode.IN_PROGRESS: [{"hands": 3}],
    LineCode.NETTED: [
        {
            "player": 1,
            "opponent": 0,
            "points": F(48),
            "player_parts": [F(48)],
            "opponent_parts": [F(10)],
            "opponent_points": F(10),
            "box": F(38),
        },
        {
            "player": 0,
            "opponent": 1,
            "points": F(30),
            "player_parts": [F(10), F(20)],
            "opponent_parts": [],
            "opponent_points": F(0),
            "box": F(30),
        },
    ],
    LineCode.NETTED_EVEN: [
        {
            "player": 0,
            "opponent": 1,
            "points": F(12),
            "player_parts": [F(12)],
            "opponent_parts": [F(4), F(8)],
        },
        {"player": 0, "opponent": 1, "points": F(0), "player_parts": [], "opponent_parts": []},
    ],
}
# Every line again with partnerships as its players (four-player Gin).
LINE_SAMPLES = {
    code: [*samples, *({**params, "pair": True} for params in samples)]
    for code, samples in LINE_SAMPLES.items()
}

WHY_SAMPLES: dict[Why, list[dict[str, Any]]] = {
    Why.DEADWOOD: [{"before": 20, "after": 12}],
    Why.MELD_MADE: [{"cards": ["7H", "8H", "9H"]}],
    Why.MELD_BROKEN: [{"card": "7H", "cards": ["7H", "8H", "9H"]}],
    Why.KEEPS_FOR: [{"cards": ["7H", "8H"], "needs": ["6H", "9H"]}],
    Why.DISCARD_HIGH: [{"card": "KS", "points": 10}],
    Why.FEEDS_NEXT: [{"card": "7S", "player": 1, "took": "7D"}],
    Why.FITS_TABLE: [{"card": "TH"}, {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"]}],
    Why.TAKE_FOR_MELD: [{"card": "9H", "cards": ["7H", "8H", "9H"]}],
    Why.TAKE_FOR_LAYOFF: [
        {"card": "TH", "meld_id": 0},
        {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"], "owner": 0, "own": True},
        {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"], "owner": 1, "own": False},
    ],
    Why.TAKE_LOWERS: [{"card": "2C", "before": 20, "after": 14}],
    Why.TOP_NOT_USEFUL: [{"card": "KC"}],
    Why.TAKE_TO_KNOCK: [{"card": "4C", "deadwood": 8}],
    Why.DRAW_STOCK: [{}],
    Why.KNOCK_NOW: [{"deadwood": 6, "limit": 10}, {"deadwood": 4, "limit": None}],
    Why.GIN: [{"bonus": 25}],
    Why.KNOCK_RUMMY: [{"bonus": 25}],
    Why.KNOCK_WAIT: [{"deadwood": 22, "expected": 14.2}],
    Why.KNOCK_PAYS: [{"deadwood": 4, "expected": 14.2}],
    Why.CANNOT_KNOCK_YET: [{"deadwood": 14, "limit": 10}],
    Why.GOES_OUT: [{}],
    Why.GOES_RUMMY: [{}],
    Why.LAY_DOWN: [{"cards": ["7H", "8H", "9H"]}],
    Why.LAY_OFF: [
        {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"]},
        {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"], "owner": 0, "own": True},
        {"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"], "owner": 1, "own": False},
    ],
    Why.SHOW_MELD: [{"cards": ["7H", "8H", "9H"]}],
    Why.SHOW_COSTS: [{"cards": ["7H", "8H", "9H"], "deadwood": 14, "best": 6}],
    Why.SHOWN_ALL: [{"deadwood": 6}],
    Why.MELDS_LEFT: [{"deadwood": 27, "best": 6}],
    Why.LAYOFF_ONTO: [{"card": "TH", "meld_id": 0, "cards": ["7H", "8H", "9H"], "after": 12}],
    Why.NO_MORE_LAYOFFS: [{"deadwood": 23}],
    Why.LAYOFFS_LEFT: [{"deadwood": 23, "best": 12}],
}

EVENT_SAMPLES: dict[MoveKind, list[dict[str, Any]]] = {
    MoveKind.DRAW_STOCK: [{"name": "Ona"}],
    MoveKind.DRAW_DISCARD: [{"name": "Ona", "card": "7H"}],
    MoveKind.DISCARD: [{"name": "Ona", "card": "KS"}],
    MoveKind.MELD: [{"name": "Ona", "cards": ["7H", "8H", "9H"]}],
    MoveKind.LAYOFF: [
        {"name": "Ona", "card": "TH"},
        {"name": "Ona", "card": "TH", "meld": ["7H", "8H", "9H"]},
    ],
    MoveKind.KNOCK: [
        {"name": "Ona", "card": "KS"},
        {"name": "Ona", "card": "KS", "end": "gin"},
        {"name": "Ona", "card": "KS", "end": "rummy"},
    ],
    MoveKind.DONE: [{"name": "Ona", "knocker": True}, {"name": "Ona", "knocker": False}],
}

#: The parts of a turn's sentence: no name (the sentence around them says it), a run of
#: layoffs one part.
TURN_SAMPLES: dict[MoveKind, list[dict[str, Any]]] = {
    **{
        kind: [{k: v for k, v in p.items() if k != "name"} for p in samples]
        for kind, samples in EVENT_SAMPLES.items()
    },
    MoveKind.LAYOFF: [
        {"cards": ["TH"]},
        {"cards": ["TH", "JH"]},
        {"cards": ["TH"], "onto_melds": 1},
        {"cards": ["TH", "JH"], "onto_melds": 1},
        {"cards": ["TH", "7S"], "onto_melds": 2},
        {"cards": ["TH"], "meld": ["7H", "8H", "9H"], "onto_melds": 1},
        {"cards": ["TH", "JH"], "meld": ["7H", "8H", "9H"], "onto_melds": 1},
    ],
}

CATALOGUES: list[tuple[str, dict[Any, Sentence], dict[Any, list[dict[str, Any]]]]] = [
    ("meld failures", explain.MELD_FAILURES, MELD_SAMPLES),
    ("move errors", explain.MOVE_ERRORS, MOVE_SAMPLES),
    ("settlement steps", explain.STEPS, STEP_SAMPLES),
    ("summary lines", explain.LINES, LINE_SAMPLES),
    ("coach reasons", explain.REASONS, WHY_SAMPLES),
    ("coach reasons to the class", explain.CLASS_REASONS, WHY_SAMPLES),
    ("your moves", explain.YOU_DID, EVENT_SAMPLES),
    ("their moves", explain.THEY_DID, EVENT_SAMPLES),
    ("suggestions", explain.SUGGESTIONS, EVENT_SAMPLES),
    ("the class's moves", explain.CLASS_DID, EVENT_SAMPLES),
    ("suggestions to the class", explain.CLASS_SUGGESTIONS, EVENT_SAMPLES),
    ("a turn's moves", explain.THEIR_TURN, TURN_SAMPLES),
    ("steps under the headline", HEADED_STEPS, STEP_SAMPLES),
    ("your steps under the headline", YOUR_HEADED_STEPS, STEP_SAMPLES),
    ("your summary lines", YOUR_LINES, LINE_SAMPLES),
]

CASES = [
    pytest.param(catalogue, code, params, id=f"{name}-{code.value}-{i}")
    for name, catalogue, samples in CATALOGUES
    for code, variants in samples.items()
    if code in catalogue
    for i, params in enumerate(variants)
]


def test_each_catalogue_has_a_sentence_for_every_code_of_its_enum() -> None:
    assert set(explain.MELD_FAILURES) == set(MeldFailure)
    # An illegal meld is told by its MeldFailure (every one of them is sampled below).
    assert set(explain.MOVE_ERRORS) == set(MoveError) - {MoveError.ILLEGAL_MELD}
    assert set(explain.STEPS) == set(StepCode)
    assert set(explain.LINES) == set(LineCode)
    assert set(explain.REASONS) == set(Why)
    assert set(explain.CLASS_REASONS) == set(Why)
    for catalogue in (
        explain.YOU_DID,
        explain.THEY_DID,
        explain.COMPUTER_FOR_YOU,
        explain.COMPUTER_FOR_THEM,
        explain.SUGGESTIONS,
        explain.CLASS_DID,
        explain.CLASS_SUGGESTIONS,
        explain.MOVE_NAMES,
        explain.THEIR_TURN,
    ):
        assert set(catalogue) == set(MoveKind)


@pytest.mark.parametrize(("kind", "variants"), list(EVENT_SAMPLES.items()))
def test_the_computers_moves_in_a_persons_seat_are_told_as_the_computers(
    kind: MoveKind, variants: list[dict[str, Any]]
) -> None:
    """A move the computer made in an away person's seat: "The computer, in your seat,
    ..." for them, "The computer, in Ona's seat, ..." for the others, every placeholder
    filled (the teacher's walk: the log said "You discarded 9♥." for the computer's)."""
    for params in variants:
        with translation.override("en"):
            yours = explain.COMPUTER_FOR_YOU[kind].render(params, NAMES)
            theirs = explain.COMPUTER_FOR_THEM[kind].render(params, NAMES)
        assert yours.startswith("The computer, in your seat, ") and "%(" not in yours
        assert theirs.startswith("The computer, in Ona's seat, ") and "%(" not in theirs


def test_every_code_is_sampled() -> None:
    for _name, _catalogue, samples in CATALOGUES:
        enum = type(next(iter(samples)))
        assert set(samples) == set(enum), enum


def _words(template: str) -> str:
    """What a sentence says besides its placeholders, numbers and signs."""
    return re.sub(r"[^\w]|\d|_", "", PLACEHOLDER.sub("", template))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("catalogue", "code", "params"), CASES)
def test_every_code_is_a_translated_sentence_with_every_placeholder_filled(
    language: str, catalogue: dict[Any, Sentence], code: Any, params: dict[str, Any]
) -> None:
    sentence = catalogue[code]
    with translation.override(language):
        template = sentence.template(params)
        values = sentence.values(params, NAMES)
        named = PLACEHOLDER.findall(template)
        assert set(named) <= set(values), (template, values)
        for name in named:
            assert str(values[name]).strip(), (name, template)
        text = sentence.render(params, NAMES)
    assert text.strip() and "%(" not in text and "None" not in text
    if language != settings.LANGUAGE_CODE:
        with translation.override(settings.LANGUAGE_CODE):
            english = sentence.template(params)
        if _words(english):  # a sentence with words of its own must read as this language
            assert template != english, f"{language}: {english!r} is not translated"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_gapped_run_names_its_missing_cards_in_every_language(language: str) -> None:
    # Played from outside: "7♣ 9♣ K♣ is not a run: missing ." in every language.
    deal = Deal.build(["7C 9C KC 2D 3H 5S 6S", "AH 4D 8S TD JH QS KD"], discard="5D", stock="AS")
    hand = replay_hand("basic", ["draw stock"], deal=deal, dealer=1)
    with pytest.raises(IllegalMove) as info:
        hand.check(Move.parse("meld 7C 9C KC"))
    with translation.override(language):
        text = explain.refusal(info.value, NAMES)
        missing = explain.cards_short(["8C", "TC", "JC", "QC"])
    assert missing in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wrap_around_refusal_is_true_under_each_ace_rule(language: str) -> None:
    """K-A-2 is never a run; but only with the ace-high option may the refusal say that
    the ace goes above the king (and name Q-K-A in the page's letters)."""
    deal = Deal.build(["KH AH 2H 5C 6D 8S 9S", "3C 4D 7H TD JC QS KD"], discard="5D", stock="AS")
    refusals = {}
    for ace_high in (False, True):
        options = {"ace_high_or_low": ace_high}
        hand = replay_hand("basic", ["draw stock"], deal=deal, dealer=1, options=options)
        with pytest.raises(IllegalMove) as info:
            hand.check(Move.parse("meld KH AH 2H"))
        with translation.override(language):
            refusals[ace_high] = explain.refusal(info.value, NAMES)
            high = text_plain("{Q-K-A}")
            low = text_plain("{A-2-3}")
    assert refusals[False] != refusals[True]
    assert high in refusals[True] and high not in refusals[False]
    assert low in refusals[False] and low in refusals[True]


def test_a_partnership_is_a_plural_subject() -> None:
    pairs = ["Ona and Marta", "Alex and Ben"]
    lines = {
        code: SummaryLine(code, {"player": 0, "opponent": 1, "points": F(88)})
        for code in (LineCode.DIFFERENCE, LineCode.MARGIN, LineCode.WINNER)
    }
    said = {code: explain.summary_line(line, pairs, pairs=True) for code, line in lines.items()}
    assert said[LineCode.DIFFERENCE].startswith("Ona and Marta score the difference")
    assert said[LineCode.MARGIN] == "Ona and Marta win the game by 88 points."
    assert said[LineCode.WINNER] == "Ona and Marta win the match!"
    alone = explain.summary_line(lines[LineCode.MARGIN], ["Ona", "Ben"])
    assert alone == "Ona wins the game by 88 points."
    assert explain.match_over("Ona and Marta", pair=True) == "The match is over: Ona and Marta win."


def test_a_deal_of_partnerships_says_how_its_tables_make_one_box() -> None:
    pairs = ["Aud and Ben", "Ona and Marta"]
    sample = LINE_SAMPLES[LineCode.NETTED]
    said = [explain.summary_line(SummaryLine(LineCode.NETTED, p), pairs) for p in sample[:2]]
    assert said == [
        "The two tables count together: Ona and Marta scored 48, Aud and Ben 10. Only the "
        "difference goes on the score sheet: Ona and Marta enter one box of 48 − 10 = 38.",
        "The two tables count together: Aud and Ben scored 10 + 20 = 30, Ona and Marta 0. "
        "Only the difference goes on the score sheet: Aud and Ben enter one box of "
        "30 − 0 = 30.",
    ]
    even, nothing = (
        explain.summary_line(SummaryLine(LineCode.NETTED_EVEN, p), pairs)
        for p in LINE_SAMPLES[LineCode.NETTED_EVEN][:2]
    )
    assert even == (
        "The two tables count together: Aud and Ben scored 12, Ona and Marta 4 + 8 = 12 "
        "too. Both sides scored the same, so nobody enters a box for this hand."
    )
    assert nothing == "Nobody scored at either table, so nobody enters a box for this hand."


@pytest.mark.parametrize("language", LANGUAGES)
def test_partnership_sentences_differ_from_a_single_players(language: str) -> None:
    """Each language agrees with a pair: its sentence is its own, not the singular one
    with two names in it (unless the language's verb does not change, as in lt)."""
    line = SummaryLine(LineCode.MARGIN, {"player": 0, "opponent": 1, "points": F(88)})
    with translation.override(language):
        pair = explain.summary_line(line, ["X", "Y"], pairs=True)
        single = explain.summary_line(line, ["X", "Y"])
    if language != "lt":
        assert pair != single


def test_there_is_no_fallback_for_a_code_without_a_sentence() -> None:
    with pytest.raises(KeyError):
        explain.refusal(IllegalMove(SettleError.DUPLICATE_CARD, {"card": "7H"}), NAMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_real_settlements_matches_and_coach_reasons_all_render(language: str) -> None:
    """Every step the engine actually produces, from the worked examples and from whole
    hands played by the computer, renders in every language."""
    cards = parse_cards
    settlements = [
        settle_gin(
            knocker=0,
            hands=[cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"), cards("KH KS KD 5C 6C 9C 7D 8D QH AH")],
        ),
        settle_knock(
            knocker=0,
            hands=[
                cards("2C 3C 4C JH JD JS 5D"),
                cards("6C 7C 8C QC QD QH 5H"),
                cards("KH KS KD TS TH TD 5C"),
                cards("9C 9D 9H 4D 4H 5S AD"),
            ],
        ),
        settle_basic(winner=0, went_rummy=True, hands=[[], cards("KS 7D AH"), cards("2C 3C")]),
    ]
    reasons = []
    for game, players, seed in (("gin", 2, 3), ("knock", 4, 5), ("basic", 3, 8)):
        record = play_hand(game, players=players, seed=seed)
        assert record.hand is not None and record.hand.result is not None
        settlements.append(record.hand.result.settlement)
        hand = record.hand
        for index in range(0, len(hand.log), 3):
            before = replay_hand(
                game, hand.moves[:index], players=players, seed=seed, checked=False
            )
            for ranked in advise(before).moves[:3]:
                reasons.extend(ranked.reasons)
    with translation.override(language):
        for settlement in settlements:
            for step in settlement.steps:
                assert explain.settlement_step(step, NAMES).strip()
        for reason in reasons:
            assert explain.coach_reason(reason, NAMES).strip()
    assert len({r.code for r in reasons}) >= 8


def test_totals_are_points_scored_in_basic_and_gin_and_a_balance_in_knock() -> None:
    """The pedagogy review: the walkthrough's "A receives 0 and pays 36: -36 in all"
    contradicted the Basic lesson (the others score nothing and lose nothing)."""
    from game.engine import Game, settle_basic, settle_gin, settle_knock
    from game.engine import parse_cards as cards

    names = ["Ona", "Ben"]
    basic = settle_basic(winner=0, went_rummy=False, hands=[[], cards("KS 7D AH QC 9H")])
    gin = settle_gin(
        knocker=0,
        hands=[cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"), cards("KH KS 7C 8D QH JD 2S 4S 6S 8S")],
    )
    knock = settle_knock(
        knocker=0,
        hands=[cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"), cards("KH KS 7C 8D QH JD 2S 4S 6S 8S")],
    )
    for settlement in (basic, gin):
        lines = [explain.settlement_step(s, names, game=settlement.game) for s in settlement.steps]
        assert not any("pays" in line or "in all" in line for line in lines[-2:]), lines
        assert lines[-1] == "Ben scores nothing in this hand." or lines[-2].startswith("Ona scores")
        assert any(line.startswith("Ona scores ") for line in lines)
    knock_lines = [explain.settlement_step(s, names, game=Game.KNOCK) for s in knock.steps]
    assert any("in all" in line for line in knock_lines)


def test_the_walkthrough_says_the_winners_points_once() -> None:
    """The newcomer's walk: Basic's walkthrough said "Ona went out and scores 26" and
    then "Ona scores 26 in this hand". A total that only repeats a step's points is left
    out; the others' "scores nothing", a doubled rummy's and Knock's balances stay."""
    names = ["Ona", "Ben", "Rasa"]

    def told(settlement: Any) -> list[str]:
        return [
            explain.settlement_step(s, names, game=settlement.game)
            for s in explain.told_steps(settlement)
        ]

    hands = [[], parse_cards("KS 7D AH"), parse_cards("QC 9H")]
    basic = settle_basic(winner=0, went_rummy=False, hands=hands)
    assert told(basic)[-3:] == [
        "Ona went out and scores 37 points.",
        "Ben scores nothing in this hand.",
        "Rasa scores nothing in this hand.",
    ]
    assert len(basic.steps) == len(explain.told_steps(basic)) + 1
    rummy = told(settle_basic(winner=0, went_rummy=True, hands=hands))
    assert rummy[-3] == "Ona went rummy: 37 doubled is 74." and "Ona scores" not in str(rummy)
    gin = settle_gin(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"),
            parse_cards("KH KS 7C 8D QH JD 2S 4S 6S 8S"),
        ],
    )
    lines = told(gin)
    assert sum("Ona scores" in line for line in lines) == 1, lines
    assert lines[-1] == "Ben scores nothing in this hand."
    knock = settle_knock(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"),
            parse_cards("KH KS 7C 8D QH JD 2S 4S 6S 8S"),
        ],
    )
    assert explain.told_steps(knock) == list(knock.steps)


def test_a_layoff_hint_names_the_meld_whose_it_is_and_why() -> None:
    """The Russian newcomer's walk: «Добавить 6♥ к комбинации», with nothing saying which
    of the melds on the table, nor why."""
    theirs = {"card": "6H", "meld_id": 1, "cards": ["2H", "3H", "4H", "5H"], "owner": 1}
    with translation.override("en"):
        say = explain.REASONS
        assert say[Why.LAY_OFF].render({**theirs, "own": False}, NAMES) == (
            "Lay 6♥ off onto Ona's meld 2♥ 3♥ 4♥ 5♥: it no longer counts against you."
        )
        assert say[Why.LAY_OFF].render({**theirs, "owner": 0, "own": True}, NAMES) == (
            "Lay 6♥ off onto your meld 2♥ 3♥ 4♥ 5♥: it no longer counts against you."
        )
        assert say[Why.TAKE_FOR_LAYOFF].render({**theirs, "own": False}, NAMES) == (
            "Take 6♥: you can lay it off onto Ona's meld 2♥ 3♥ 4♥ 5♥."
        )
        assert say[Why.FITS_TABLE].render(theirs, NAMES) == (
            "Careful: 6♥ fits the meld 2♥ 3♥ 4♥ 5♥ on the table, so the next player can lay it off."
        )


#: A number of points said with its noun in Russian (очко, очка, очков).
RU_POINTS = re.compile(r"\d[½⅓⅔¼¾]? (?:очко|очка|очков)\b")


def test_a_russian_score_is_said_with_its_noun() -> None:
    """The Russian newcomer's walk: «Саша: 68.», «получает 70», «…наберёт 60» said a
    score without «очков». (The sentences whose words did not change: their noun comes
    with the number, in the forms the catalogue has.)"""
    names = ["Саша", "Оля"]
    with translation.override("ru"):
        said = [
            explain.summary_line(
                SummaryLine(LineCode.SCORE, {"player": 0, "points": F(68)}), names
            ),
            explain.summary_line(
                SummaryLine(LineCode.GAME_TOTAL, {"player": 1, "points": F(131)}), names
            ),
            explain.summary_line(
                SummaryLine(LineCode.MARGIN, {"player": 1, "opponent": 0, "points": F(21)}),
                names,
            ),
            explain.STEPS[StepCode.RUMMY_BONUS].render(
                {"player": 0, "payee": 1, "bonus": 25}, names
            ),
            explain.STEPS[StepCode.PENALTY].render(
                {"player": 0, "payee": 1, "opponent_deadwood": 3, "deadwood": 8, "points": F(10)},
                names,
            ),
            explain.REASONS[Why.GIN].render({"bonus": 25}, names),
            explain.REASONS[Why.KNOCK_RUMMY].render({"bonus": 25}, names),
            explain.points_noun(F(68)),
        ]
    assert said[0] == "Саша: 68 очков."
    assert said[2].endswith("21 очко.")
    for text in said:
        assert RU_POINTS.search(text), text
        # No score left bare at the end of a sentence, as «Саша: 68.» was.
        assert not re.search(r"\d[½⅓⅔¼¾]?\.$", text), text


def test_a_score_a_verb_takes_is_said_with_its_noun_in_each_form() -> None:
    """The sentences whose words changed to carry the noun (ngettext: lt and ru decline
    it after their verb, «gauna 21 tašką»)."""
    basic = settle_basic(winner=0, went_rummy=False, hands=[[], parse_cards("AH")])
    with translation.override("en"):
        lines = [explain.settlement_step(s, ["Ona", "Ben"], game=basic.game) for s in basic.steps]
        assert "Ona went out and scores 1 point." in lines
        sheet = SCORED_TOTAL["scores"].render({"player": 0, "received": F(70)}, NAMES)
        assert sheet == "Aistė scores 70 points in this hand."


def test_the_knocker_is_the_player_whose_knock_is_in_the_log() -> None:
    from game.engine import Event

    draw, discard = MoveKind.DRAW_STOCK, MoveKind.DISCARD
    log = [Event(seat % 3, kind, None) for seat in range(40) for kind in (draw, discard)]
    assert explain.knocker_of(log) is None and explain.knocker_of([]) is None
    knocked = [*log, Event(2, MoveKind.KNOCK, None), Event(0, MoveKind.LAYOFF, None)]
    assert explain.knocker_of(knocked) == 2
    assert explain.knocker_of(knocked[-2:]) == 2


GIN_DEAL = Deal.build(
    ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"],
    discard="TC",
    stock="AD QS JS",
)


def test_a_gin_defender_who_lays_off_nothing_is_told_so() -> None:
    """The rules audit: Gin's scoring lesson, check 4, said in Russian "Борис после
    добавления карт: ..." (after laying off) when Ben had laid off nothing."""
    names = ["Ona", "Ben"]

    def kept(hands: list[str]) -> str:
        settlement = settle_gin(knocker=0, hands=[parse_cards(h) for h in hands])
        step = next(s for s in settlement.steps if s.code is StepCode.KEEPS)
        return explain.settlement_step(step, names, game=settlement.game)

    nothing = kept(["3C 4C 5C 5D 5H 7S 8S 9S TS JS", "5S KC KD KH 8C 8D 8H 2D 9C QH"])
    assert nothing.startswith("Ben lays off nothing and keeps 8♣ 8♦ 8♥ · K♣ K♦ K♥;")
    # rules.md example 3: the defender lays off 5♣, 6♣ and 9♣, then keeps the rest.
    some = kept(["2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "KH KS KD 5C 6C 9C 7D 8D QH AH"])
    assert some.startswith("Ben keeps K♦ K♥ K♠; deadwood")


def test_melding_during_play_in_gin_or_knock_rummy_is_refused_with_a_true_reason() -> None:
    """The rules audit: Gin refused a meld with "There is no melding in this game.", when
    a Gin player's melds are laid out after a knock."""
    gin = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN_DEAL)
    knock = replay_hand("knock", ["draw stock"], dealer=1, deal=GIN_DEAL)
    basic = replay_hand("basic", ["draw stock"], dealer=1, deal=GIN_DEAL)

    def refused(hand: Any, move: str) -> str:
        with pytest.raises(IllegalMove) as caught:
            hand.play(Move.parse(move))
        assert caught.value.reason is MoveError.NOT_IN_THIS_GAME
        return explain.refusal(caught.value)

    assert refused(gin, "meld 2C 3C 4C") == (
        "In Gin Rummy your melds stay in your hand until someone knocks."
    )
    assert refused(knock, "meld 2C 3C 4C") == (
        "In Knock Rummy your melds stay in your hand until someone knocks."
    )
    assert refused(gin, "layoff 2C 0") == (
        "In Gin Rummy only the defender lays off, after a knock, onto the knocker's melds."
    )
    # Where the move does not exist at all, the sentence says so.
    assert refused(knock, "layoff 2C 0") == "There is no laying off in this game."
    assert refused(basic, "knock 2C") == "There is no knocking in this game."


def test_a_knock_that_ended_the_hand_with_gin_or_rummy_is_told_so() -> None:
    """The rules audit: a gin was "Ona knocked." in the log and in a review's step."""
    from game.engine import Event, HandEnd

    knock = Event(1, MoveKind.KNOCK, None)
    names = ["Aistė", "Ona"]
    assert explain.event_sentence(knock, names, end=HandEnd.GIN) == "Ona went gin."
    assert explain.event_sentence(knock, names, human=1, end=HandEnd.GIN) == "You went gin!"
    assert explain.event_sentence(knock, names, end=HandEnd.RUMMY) == "Ona knocked with rummy."
    assert explain.event_sentence(knock, names, end=HandEnd.KNOCK) == "Ona knocked."
    assert explain.event_sentence(knock, names) == "Ona knocked."
    # Only the knock says how the hand ended: the moves before it are told as ever.
    drew = Event(1, MoveKind.DRAW_STOCK, None)
    assert explain.log_sentences([drew, knock], names, end=HandEnd.GIN) == [
        "Ona drew from the stock.",
        "Ona went gin.",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_names_and_short_codes_are_each_cards_in_the_active_language(
    language: str,
) -> None:
    from game.cards import card_name, card_names, card_short
    from game.engine.cards import DECK

    with translation.override(language):
        assert card_names(DECK) == [card_name(c) for c in DECK]
        assert explain.full_card_names(["7H", "QS"]) == ", ".join(
            card_name(c) for c in parse_cards("7H QS")
        )
        assert explain.cards_short(["QS", *parse_cards("7H 10D")]) == " ".join(
            card_short(c) for c in ("QS", "7H", "TD")
        )


@pytest.mark.parametrize(
    ("card", "discarded", "not_helping"),
    [
        ("KC", "Hai scartato il K♣.", "Il K♣ non ti aiuta abbastanza."),
        ("QH", "Hai scartato la Q♥.", "La Q♥ non ti aiuta abbastanza."),
        ("8D", "Hai scartato l'8♦.", "L'8♦ non ti aiuta abbastanza."),
        ("AS", "Hai scartato l'A♠.", "L'A♠ non ti aiuta abbastanza."),
        ("TC", "Hai scartato il 10♣.", "Il 10♣ non ti aiuta abbastanza."),
    ],
)
def test_an_italian_card_takes_its_own_article(card: str, discarded: str, not_helping: str) -> None:
    """The Italian review (69): "Hai scartato K♣" lacked the article every lesson gives a
    card. The translator writes the masculine one; the queen takes «la», the ace and the
    eight «l'», as their names do (la donna, l'asso, l'otto)."""
    with translation.override("it"):
        assert explain.YOU_DID[MoveKind.DISCARD].render({"card": card}) == discarded
        assert explain.REASONS[Why.TOP_NOT_USEFUL].render({"card": card}) == not_helping


#: The reasons that say "you" to nobody: the same words to a class as to one learner in
#: every language («Attenzione: …», «Gin: …», «È poco: …»).
SAID_TO_NOBODY = {Why.FEEDS_NEXT, Why.FITS_TABLE, Why.GIN, Why.KNOCK_PAYS}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coachs_reasons_to_a_class_are_a_learners_where_you_is_the_same(
    language: str,
) -> None:
    """The coach's reasons said to the whole class on the projector
    (:data:`game.explain.CLASS_REASONS`) are its reasons to one learner where the
    language's "you" already speaks to many: English "you", Lithuanian «jūs», Russian
    «вы», word for word; Italian says «voi» where a learner is told «tu» («Prendete il
    K♣», «non vi aiuta»), the card still after its own article («La Q♥»)."""
    with translation.override(language):
        for why, variants in WHY_SAMPLES.items():
            for params in variants:
                one = explain.REASONS[why].render(params, NAMES)
                many = explain.CLASS_REASONS[why].render(params, NAMES)
                if language == "it" and why not in SAID_TO_NOBODY:
                    assert one != many, one
                else:
                    assert one == many, (one, many)
    if language == "it":
        with translation.override("it"):
            said = explain.CLASS_REASONS[Why.TOP_NOT_USEFUL].render({"card": "QH"})
            take = explain.CLASS_REASONS[Why.TAKE_FOR_MELD].render(
                {"card": "8D", "cards": ["8D", "8S", "8C"]}
            )
        assert said == "La Q♥ non vi aiuta abbastanza."
        assert take == "Prendete l'8♦: forma la combinazione 8♦ 8♠ 8♣."


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coachs_reasons_are_sentences_not_a_cards_label(language: str) -> None:
    """The Italian teacher's walk: «Q♠: carta spaiata da 10 punti, liberatevene.» under
    a projected hand, a card and a label where every other reason is a sentence a teacher
    says. No reason, to a learner or to the class, in any language, opens with a card and
    a colon; an Italian one that opens with a card gives it its article («La Q♠ è una
    carta spaiata da 10 punti: liberatene.»). English "Q♠ is unmatched…", Lithuanian
    «Korta Q♠ …» and Russian «Д♠ не входит…» (the card's name in the nominative, the
    subject) were sentences already."""
    suits = "♠♥♦♣"
    with translation.override(language):
        for catalogue in (explain.REASONS, explain.CLASS_REASONS):
            for why, variants in WHY_SAMPLES.items():
                for params in variants:
                    said = catalogue[why].render(params, NAMES)
                    first = said.split(" ", 1)[0]
                    assert not (first.endswith(":") and any(s in first for s in suits)), said
                    if language == "it":
                        assert not any(s in first for s in suits), said
        if language == "it":
            queen = {"card": "QS", "points": 10}
            assert explain.REASONS[Why.DISCARD_HIGH].render(queen) == (
                "La Q♠ è una carta spaiata da 10 punti: liberatene."
            )
            assert explain.CLASS_REASONS[Why.DISCARD_HIGH].render(queen) == (
                "La Q♠ è una carta spaiata da 10 punti: liberatevene."
            )


def test_articles_agree_after_a_preposition_and_only_in_italian() -> None:
    from game.cards import with_articles

    # The browser walk: the cards a meld needs had none ("con J♣").
    with translation.override("it"):
        keep = explain.REASONS[Why.KEEPS_FOR].render({"cards": ["JC", "KC"], "needs": ["QC", "8C"]})
    assert keep == "Tieni J♣ K♣: con la Q♣ o l'8♣ faresti una combinazione."

    with translation.override("it"):
        assert with_articles("Dal Q♥ al 8♦, del A♠ e un Q♣, un 8♣; il K♠") == (
            "Dalla Q♥ all'8♦, dell'A♠ e una Q♣, un 8♣; il K♠"
        )
        assert with_articles("il 10♥ J♥ Q♥") == "il 10♥ J♥ Q♥"  # a meld takes none
    for language in ("en", "lt", "ru"):
        with translation.override(language):
            text = explain.YOU_DID[MoveKind.DISCARD].render({"card": "QH"})
            assert with_articles(text) == text and "la " not in text


def test_every_italian_sentence_gives_a_single_card_its_article() -> None:
    """docs/terms/it.md: a single card takes its article. A card placeholder in the
    Italian catalogue follows one (or starts a label: "%(card)s: carta spaiata")."""
    import polib

    catalogue = polib.pofile(str(settings.BASE_DIR / "locale/it/LC_MESSAGES/django.po"))
    bare = []
    for entry in catalogue.translated_entries():
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            for match in re.finditer(r"(\S*\s)?%\((card|took)\)s(.)?", text):
                before, after = (match.group(1) or "").strip(), match.group(3)
                articled = before.lower() in {"il", "al", "dal", "del", "nel", "sul", "un"}
                if not articled and not (match.start() == 0 and after == ":"):
                    bare.append(text)
    assert bare == []


def test_an_undercut_says_the_knocker_scores_nothing_once() -> None:
    """The browser walk (gin-06): "Alex scores 1 + 25 = 26, and Ona scores nothing."
    was followed by "Ona scores nothing in this hand."."""
    names = ["Ona", "Alex"]
    undercut = settle_gin(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D 4S"),
            parse_cards("6H 7H 8H JC JD JS 2D 3D 4D AS"),
        ],
    )
    assert any(s.code is StepCode.UNDERCUT_SCORE for s in undercut.steps)
    lines = [
        explain.settlement_step(s, names, game=undercut.game) for s in explain.told_steps(undercut)
    ]
    assert sum("Ona scores nothing" in line for line in lines) == 1, lines
    assert not any(line.startswith("Alex scores") and "in this hand" in line for line in lines)


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_knock_scoring_writes_a_minus_sign_not_a_hyphen(language: str) -> None:
    """The newcomer's walk: Knock's walkthrough said "43 - 11 = 32" and "-27" with a
    hyphen, where the lessons and Gin's walkthrough write "36 − 9 = 27" and "−27"."""
    from game.engine import Game, settle_knock
    from game.engine import parse_cards as cards

    knock = settle_knock(
        knocker=0,
        hands=[cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"), cards("KH KS 7C 8D QH JD 2S 4S 6S 8S")],
    )
    with translation.override(language):
        lines = [explain.settlement_step(s, ["Ona", "Ben"], game=Game.KNOCK) for s in knock.steps]
        text = " ".join(lines)
        assert re.search(r"\d − \d", text), lines
        assert not re.search(r"\d - \d|-\d", text), lines
        assert explain.signed(-27) == "−27" and explain.points(Fraction(-3, 2)) == "−1½"


def test_italian_pays_ad_anna_and_a_bruno() -> None:
    """The Italian walk: «Bruno paga a Anna 45 − 14 = 31.» An Italian writes «ad»
    before a name that starts with an a, and «a» before any other."""
    names = ["Anna", "Bruno", "Carla", "Dario"]
    pays = {"deadwood": 45, "lowest_deadwood": 14, "points": F(31), "share": F(31)}
    with translation.override("it"):
        to_anna = explain.STEPS[StepCode.PAYS_DIFFERENCE].render(
            {"player": 1, "payees": [0], **pays}, names
        )
        to_bruno = explain.STEPS[StepCode.PAYS_DIFFERENCE].render(
            {"player": 0, "payees": [1], **pays}, names
        )
        penalty = explain.STEPS[StepCode.PENALTY].render(
            {"player": 2, "payee": 0, "opponent_deadwood": 3, "deadwood": 8, "points": F(10)},
            names,
        )
        bonus = explain.STEPS[StepCode.RUMMY_BONUS].render(
            {"player": 3, "payee": 0, "bonus": 25}, names
        )
    assert to_anna == "Bruno paga ad Anna 45 − 14 = 31."
    assert to_bruno == "Anna paga a Bruno 45 − 14 = 31."
    assert "Carla paga ad Anna una penalità" in penalty
    assert bonus.startswith("Dario paga anche ad Anna il bonus rummy")
    with translation.override("en"):
        english = explain.STEPS[StepCode.PAYS_DIFFERENCE].render(
            {"player": 1, "payees": [0], **pays}, names
        )
    assert english == "Bruno pays Anna 45 − 14 = 31."


@pytest.mark.parametrize(("catalogue", "code", "params"), CASES)
def test_no_italian_sentence_says_a_before_a_name_that_starts_with_a(
    catalogue: dict[Any, Sentence], code: Any, params: dict[str, Any]
) -> None:
    """Every sentence, with every player's name starting with an a: «ad Anna», never
    «a Anna» (nor «a Alice» after a line break)."""
    names = ["Anna", "Alice", "Andrea", "Aldo"]
    with translation.override("it"):
        text = catalogue[code].render(params, names)
    assert not re.search(r"\b[Aa]\s+A(nna|lice|ndrea|ldo)\b", text), text


def test_an_italian_a_before_a_name_is_only_where_the_site_makes_it_ad() -> None:
    """«a %(name)s» reads «a Anna» unless the «a» becomes «ad» before a name that starts
    with an a: only the sentences of ``game.explain`` (:class:`Sentence`) do that. Any
    other Italian sentence names the person another way («Ora è il turno di %(name)s»)."""
    import polib

    catalogue = polib.pofile(str(settings.BASE_DIR / "locale/it/LC_MESSAGES/django.po"))
    bare = []
    for entry in catalogue.translated_entries():
        if all(path.startswith("game/explain/") for path, _line in entry.occurrences):
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if re.search(r"\b[Aa]\s+%\((name|names|payee|payees|opponent|player)\)s", text):
                bare.append(text)
    assert bare == []


@pytest.mark.parametrize(
    ("language", "nouns"),
    [("lt", ("kortą", "kortas", "derinį")), ("ru", ("карту", "карты", "комбинацию"))],
)
def test_the_log_names_a_taken_or_played_card_after_its_noun(
    language: str, nouns: tuple[str, ...]
) -> None:
    """The Lithuanian walk: a screen reader heard «Ona išmetė būgnų keturakė», the card's
    spoken name in the nominative after a verb that wants the accusative. The log lines
    and the coach's suggestions put the card after «kortą» / «карту» (apposition, as
    docs/terms/<lang>.md say), so the nominative name reads right."""
    params = {"name": "Ona", "card": "4D", "cards": ["7H", "8H", "9H"], "knocker": False}
    catalogues = (
        explain.YOU_DID,
        explain.THEY_DID,
        explain.COMPUTER_FOR_YOU,
        explain.COMPUTER_FOR_THEM,
        explain.SUGGESTIONS,
        explain.CLASS_DID,
        explain.CLASS_SUGGESTIONS,
    )
    kinds = (MoveKind.DRAW_DISCARD, MoveKind.DISCARD, MoveKind.MELD, MoveKind.LAYOFF)
    with translation.override(language):
        four, run = explain.card_short("4D"), explain.cards_short(["7H", "8H", "9H"])
        for catalogue in catalogues:
            for kind in kinds:
                suggests = catalogue in (explain.SUGGESTIONS, explain.CLASS_SUGGESTIONS)
                if suggests and kind is MoveKind.DRAW_DISCARD:
                    continue  # "Take the discard": no card named
                said = catalogue[kind].render(params, ["Ona"])
                cards = run if kind is MoveKind.MELD else four
                assert re.search(rf"(?:{'|'.join(nouns)}) {re.escape(cards)}", said), said
        knock = explain.SUGGESTIONS[MoveKind.KNOCK].render(params)
        assert re.search(rf"(?:{'|'.join(nouns)}) {re.escape(four)}", knock), knock


def test_a_knock_names_its_discard_to_those_who_saw_it() -> None:
    """The Italian table walk: Knock Rummy's log said "Anna knocked." while the pile
    showed the card she discarded with the knock. Its discard is face up: the log names
    it. Gin's lies face down: only the knocker's own log names it."""
    from game.engine import Event, Move

    names = ["Aistė", "Ona"]
    knock = Event.of(1, Move.parse("knock 7H"))
    assert explain.event_sentence(knock, names) == "Ona knocked and discarded 7♥."
    assert explain.event_sentence(knock, names, human=1) == "You knocked and discarded 7♥."
    assert (
        explain.event_sentence(knock, names, by_computer=True)
        == "The computer, in Ona's seat, knocked and discarded 7♥."
    )
    assert explain.event_sentence(knock.concealed(), names) == "Ona knocked."
    # In whole hands: every seat of Knock Rummy reads the card; in Gin, the defender's log
    # (a PlayerView's) does not, the knocker's does.
    for game in ("knock", "gin"):
        seed = next(s for s in range(200) if play_hand(game, players=2, seed=s).end == "knock")
        hand = play_hand(game, players=2, seed=seed).hand
        assert hand is not None
        knocker = explain.knocker_of(hand.log)
        assert knocker is not None
        for seat in (0, 1):
            view = hand.view(seat)
            said = explain.log_sentences(view.log, names, human=seat)
            event = next(e for e in view.log if e.kind is MoveKind.KNOCK)
            sees = game == "knock" or seat == knocker
            assert (event.move is not None) is sees
            line = said[view.log.index(event)]
            assert ("discarded" in line) is sees, line


def test_the_coachs_knock_lines_say_the_deadwood_once() -> None:
    """The Italian walk: "Knock now: your deadwood is 43. / Your deadwood is only 43:
    the others' probably about 57." The second line, always said after the first,
    says what the others hold without the count again."""
    from game.engine import CoachReason

    lines = [
        explain.coach_reason(CoachReason(Why.KNOCK_NOW, {"deadwood": 43, "limit": None}), NAMES),
        explain.coach_reason(
            CoachReason(Why.KNOCK_PAYS, {"deadwood": 43, "expected": 56.8}), NAMES
        ),
    ]
    assert " ".join(lines).count("43") == 1
    assert lines[1] == "That is low: the other hands probably hold about 57."


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_refusal_repeats_the_lead_a_guided_hand_puts_before_it(language: str) -> None:
    """A guided hand says a refused move as "Not allowed." and then the refusal: the
    Russian pupil read «Так нельзя. Так нельзя: если выложить карты…» (a layout that
    would leave too much deadwood). No refusal opens with the lead's words."""
    with translation.override(language):
        lead = re.sub(r"\W+$", "", gettext("Not allowed.")).casefold()
        for code, samples in MOVE_SAMPLES.items():
            for params in samples:
                said = text_plain(explain.refusal(IllegalMove(code, params), NAMES))
                assert not said.casefold().startswith(lead), (code, said)


def test_the_cards_a_defender_would_lay_off_take_their_number_in_russian() -> None:
    """The Russian pupil's walk read «защищающийся (Борис) добавит карты 5♠ к
    комбинациям»: cards, for one card. The sentence takes the number of cards laid off
    (an undercut's points, a clause of their own, theirs)."""
    names = ["Оля", "Борис"]
    one, two = {**LEAST, "layoffs": ["5S"]}, {**LEAST, "layoffs": ["5S", "6S"]}
    undercut = {"opponent_deadwood": 5, "points": -27, "shown_points": 3}
    scores = {"points": 14, "shown_points": 16}
    with translation.override("ru"):
        for extra in (scores, undercut):
            said = [
                text_plain(
                    explain.settlement_step(
                        SettleStep(StepCode.LEAST_DEADWOOD_LAYOUT, {**p, **extra}), names
                    )
                )
                for p in (one, two)
            ]
            assert "добавит карту 5♠ к комбинациям" in said[0], said[0]
            assert "добавит карты 5♠ 6♠ к комбинациям" in said[1], said[1]
        assert "это андеркат, и Борис получит 27 очков." in said[0]


def test_deadwood_and_missed_layoffs_take_the_number_of_their_cards_in_russian() -> None:
    """«лишние карты 2♣ = 2» and «можно было добавить карты 5♠» (the Russian pupil's
    walk): one card is one card, in the walkthrough's every step."""
    names = ["Оля", "Борис"]
    one = {**SHOWN, "deadwood_cards": ["2C"], "deadwood": 2}
    two = {**SHOWN, "deadwood_cards": ["2C", "3D"], "deadwood": 5}
    missed = {"player": 1, "deadwood": 32, "best_deadwood": 26}
    with translation.override("ru"):

        def said(code: StepCode, params: dict[str, Any]) -> str:
            return text_plain(explain.settlement_step(SettleStep(code, params), names))

        assert "лишняя карта 2♣ = 2" in said(StepCode.SHOW, one)
        assert "лишние карты 2♣ 3♦ = 5" in said(StepCode.SHOW, two)
        assert "лишняя карта 2♣ = 2" in said(StepCode.KEEPS, one)
        assert "добавить карту 5♣," in said(StepCode.MISSED_LAYOFFS, {**missed, "cards": ["5C"]})
        assert "добавить карты 5♣ 6♣," in said(
            StepCode.MISSED_LAYOFFS, {**missed, "cards": ["5C", "6C"]}
        )


def _told_to_whom(params: dict[str, Any]) -> list[int]:
    """The seats a step's sentence names: its player, and its other parts."""
    seats: list[int] = []
    for part in ("player", "opponent", "payee", "payees", "tied", "lowest"):
        value = params.get(part)
        for seat in value if isinstance(value, list) else [value]:
            if isinstance(seat, int) and seat not in seats:
                seats.append(seat)
    return seats


YOU_CASES = [
    pytest.param(code, params, you, id=f"{code.value}-{i}-you{you}")
    for code, variants in STEP_SAMPLES.items()
    for i, params in enumerate(variants)
    for you in _told_to_whom(params)
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("code", "params", "you"), YOU_CASES)
def test_a_step_told_to_the_learner_never_names_them(
    language: str, code: StepCode, params: dict[str, Any], you: int
) -> None:
    """The Russian pupil's walk read «Саша (вы) стучит» in a guided hand's walkthrough,
    under a seat that said «Вы»: the walkthrough names the learner in the third person.
    Every step that names the learner, as its player or as the opponent, a payee, one of
    those tied or below the knocker, is told to them ("You knock", "Ona pays you 7",
    "You and Ben tie the knocker Marta"), translated, with no name of theirs in it, in
    every language and for every game's totals; the other players keep their names."""
    step = SettleStep(code, params)
    names = ["Aistė", "Ona", "Ben", "Marta"]
    with translation.override(language):
        for game in (Game.BASIC, Game.GIN, Game.KNOCK):
            text = explain.settlement_step(step, names, game=game, you=you)
            told = explain.settlement_step(step, names, game=game)
            assert "%(" not in text and "None" not in text, text
            assert names[you] not in text, (language, text)
            assert text != told, (language, text)
            others = [s for s in _told_to_whom(params) if s != you]
            assert all(names[s] in text for s in others), (language, text)
            if language != settings.LANGUAGE_CODE:
                with translation.override(settings.LANGUAGE_CODE):
                    english = explain.settlement_step(step, names, game=game, you=you)
                assert text != english, f"{language}: {english!r} is not translated"


def test_the_learners_own_steps_are_in_the_second_person() -> None:
    """What the learner reads of their own knock, layoffs and score, and of what others
    pay them (the English; :func:`test_a_step_told_to_the_learner_never_names_them`
    holds every language to the same)."""
    names = ["Aistė", "Ona", "Ben", "Marta"]

    def told(code: StepCode, you: int, **params: Any) -> str:
        return explain.settlement_step(SettleStep(code, params), names, game=Game.KNOCK, you=you)

    assert told(StepCode.KNOCK, 0, player=0, deadwood=2, limit=10) == (
        "You knock with 2 deadwood (the limit is 10)."
    )
    assert (
        told(StepCode.LAYOFF, 0, player=0, card="7H", onto=["4H", "5H", "6H"], meld=0)
        == "You lay off 7♥ onto 4♥ 5♥ 6♥."
    )
    pays = {"player": 1, "deadwood": 10, "lowest_deadwood": 3, "points": F(7), "share": F(7)}
    assert told(StepCode.PAYS_DIFFERENCE, 0, payees=[0], **pays) == "Ona pays you 10 − 3 = 7."
    tied = told(StepCode.KNOCKER_TIED, 0, player=3, tied=[0, 2], deadwood=5)
    assert tied.startswith("You and Ben tie the knocker Marta")
    # Told to nobody in particular (a lesson's question), every player is named.
    assert (
        explain.settlement_step(
            SettleStep(StepCode.KNOCK, {"player": 0, "deadwood": 2, "limit": 10}), names
        )
        == "Aistė knocks with 2 deadwood (the limit is 10)."
    )


def test_a_russian_player_who_stops_laying_off_is_told_as_the_logs_other_moves() -> None:
    """The Russian teacher's walk: the log read «Оля: добавление карт закончено.», a
    stiff noun among lines told in the present («Оля берёт карту из прикупа.»)."""
    with translation.override("ru"):
        done = explain.THEY_DID[MoveKind.DONE].render({"name": "Оля", "knocker": False})
        drew = explain.THEY_DID[MoveKind.DRAW_STOCK].render({"name": "Оля"})
    assert done == "Оля больше не добавляет карт."
    assert drew == "Оля берёт карту из прикупа."


def test_a_turn_since_your_move_is_one_sentence_a_player() -> None:
    """The phone walk: a practice table's status line said the log's latest line only
    ("Ben discarded 2♣."). Each computer player's turn since the learner's last move is
    one sentence, its moves joined ("Ben took 7♥ from the discard pile, laid out ... and
    discarded 2♣."), a run of layoffs one part, a knock with its discard two ("knocked
    and discarded"), a draw from the stock only while it is the whole turn (short on a
    phone); at most one turn for each other player; the learner's own move when it is
    the latest."""
    from game.engine import Discard, DrawDiscard, DrawStock, Event, Knock, LayDown, LayOff

    def ev(player: int, move: Any, taken: str | None = None) -> Event:
        return Event.of(player, move, parse_cards(taken)[0] if taken else None)

    c = parse_cards
    names = ["Alex", "Ona", "Ben"]
    log = [
        ev(1, DrawStock()),
        ev(1, Discard(c("7H")[0])),
        ev(2, DrawDiscard(), "7H"),
        ev(2, LayDown(tuple(c("7C 7D 7H")))),
        ev(2, Discard(c("2C")[0])),
        ev(0, DrawStock()),
        ev(0, Discard(c("9S")[0])),
        ev(1, DrawDiscard(), "9S"),
        ev(1, LayOff(c("8S")[0], 0)),
        ev(1, LayOff(c("9S")[0], 0)),
        ev(1, Discard(c("KD")[0])),
        ev(2, DrawStock()),
        ev(2, Knock(c("QD")[0])),
    ]
    with translation.override("en"):
        since = explain.since_your_move(log[:5], names, human=0, players=3)
        assert since == [
            "Ona discarded 7♥.",
            "Ben took 7♥ from the discard pile, laid out 7♣ 7♦ 7♥ and discarded 2♣.",
        ]
        assert explain.since_your_move(log[:7], names, human=0, players=3) == ["You discarded 9♠."]
        assert explain.since_your_move(log, names, human=0, players=3) == [
            "Ona took 9♠ from the discard pile, laid off 8♠ 9♠ and discarded K♦.",
            "Ben knocked and discarded Q♦.",
        ]
        # A draw from the stock is said while it is the whole turn so far.
        assert explain.since_your_move(log[:-1], names, human=0, players=3)[-1] == (
            "Ben drew from the stock."
        )
        # A learner who has not moved (sitting out): the latest turns, one a player.
        assert explain.since_your_move(log, names, human=None, players=3) == (
            explain.since_your_move(log, names, human=0, players=3)
        )
        assert explain.since_your_move([], names, human=0, players=3) == []


def test_a_knockers_melds_are_laid_out_once_in_their_turns_sentence() -> None:
    """The Gin walk: the status line after a computer's knock said "Ona knocked, laid
    out A♠ 2♠ 3♠, laid out 5♠ 6♠ 7♠, laid out Q♣ Q♦ Q♠ and laid out every meld." Melds
    laid out one after another are one part, listed, and the knocker's "done" after
    them says nothing new: it is left out (a "done" with no melds before it is said)."""
    from game.engine import Done, DrawStock, Event, Knock, LayDown

    c = parse_cards
    knock = [
        Event.of(1, DrawStock()),
        Event.of(1, Knock(c("8C")[0])).concealed(),
        Event.of(1, LayDown(tuple(c("AS 2S 3S")))),
        Event.of(1, LayDown(tuple(c("5S 6S 7S")))),
        Event.of(1, LayDown(tuple(c("QC QD QS")))),
        Event.of(1, Done()),
    ]
    with translation.override("en"):
        said = explain.turn_sentence(knock, NAMES, knocker=1)
        assert said == "Ona knocked and laid out A♠ 2♠ 3♠, 5♠ 6♠ 7♠ and Q♣ Q♦ Q♠.", said
        one = explain.turn_sentence([*knock[:3], knock[-1]], NAMES, knocker=1)
        assert one == "Ona knocked and laid out A♠ 2♠ 3♠.", one
        assert explain.turn_sentence(knock[-1:], NAMES, knocker=1) == ("Ona laid out every meld.")


@pytest.mark.parametrize("language", ["lt", "ru", "it"])
def test_a_turns_sentence_is_translated(language: str) -> None:
    """Every part of a turn's sentence, and the sentence, in the page's language (the
    card after its noun in lt and ru, as the log's lines have it)."""
    from game.engine import Discard, DrawDiscard, Event, LayDown

    c = parse_cards
    turn = [
        Event.of(1, DrawDiscard(), c("7H")[0]),
        Event.of(1, LayDown(tuple(c("7C 7D 7H")))),
        Event.of(1, Discard(c("2C")[0])),
    ]
    with translation.override("en"):
        english = explain.turn_sentence(turn, NAMES)
    with translation.override(language):
        said = explain.turn_sentence(turn, NAMES)
    assert said != english and said.startswith("Ona ") and "%(" not in said
    if language in ("lt", "ru"):  # the card after its noun, as docs/terms say
        with translation.override(language):
            taken, run = explain.card_short("7H"), explain.cards_short(["7C", "7D", "7H"])
        assert re.search(rf"(?:kortą|карту) {re.escape(taken)}", said), said
        assert re.search(rf"(?:derinį|комбинацию) {re.escape(run)}", said), said


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_the_summary_tells_the_learner_their_own_lines(language: str) -> None:
    """A practice table's summary: "You win the match!" to the learner (it said
    "Aistė wins the match!" under a walkthrough that says "You knock..."); a line that
    names them beside another player says "you" (the shutout's loser, those level at
    the top); the others' lines and a partnership's keep the names."""
    names = ["Aistė", "Ona", "Ben"]
    winner = SummaryLine(LineCode.WINNER, {"player": 0})
    level = SummaryLine(LineCode.ANOTHER_HAND, {"players": [0, 1, 2]})
    shutout = SummaryLine(LineCode.SHUTOUT, {"player": 1, "opponent": 0, "points": 100})
    with translation.override(language):
        yours = explain.summary_line(winner, names, you=0)
        assert yours == gettext("You win the match!") and "Aistė" not in yours
        assert explain.summary_line(winner, names, you=1) == explain.summary_line(winner, names)
        told = explain.summary_line(level, names, you=0)
        assert "Aistė" not in told and "Ona" in told and "Ben" in told
        told = explain.summary_line(shutout, names, you=0)
        assert "Aistė" not in told and "Ona" in told
        assert explain.match_over("Aistė", yours=True) == gettext("The match is over: you win.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_gin_is_said_once_without_deadwood(language: str) -> None:
    """The walkthrough of a gin said "You have no deadwood: every card is in a meld."
    and then "You show 2♣ 3♣ 4♣ · ...; no deadwood.": the player who went gin shows
    their melds, no more (under the headline or not, to them or of them); the other
    player's melds still come with their deadwood."""
    c = parse_cards
    settlement = settle_gin(
        knocker=0,
        hands=[c("2C 3C 4C 5H 5D 5S 9S 9H 9D 9C"), c("KH KS KD 5C 6C TC 7D 8D QH AH")],
    )
    names = ["Aistė", "Ona"]
    with translation.override(language):
        none = gettext("no deadwood")
        melds = " · ".join(
            explain.cards_short(m) for m in (c("2C 3C 4C"), c("5D 5H 5S"), c("9C 9D 9H 9S"))
        )
        for you in (0, 1, None):
            for headed in (True, False):
                said = [
                    explain.settlement_step(step, names, game=Game.GIN, you=you, headed=headed)
                    for step in explain.told_steps(settlement)
                ]
                shown = [s for s in said if melds in s]
                assert len(shown) == 1 and none not in shown[0], said
                other = explain.cards_short(c("KD KH KS"))
                assert any(other in s and "47" in s for s in said), said
    with translation.override("en"):
        said = [
            explain.settlement_step(step, names, game=Game.GIN, you=0, headed=True)
            for step in explain.told_steps(settlement)
        ]
    assert said[:2] == [
        "You have no deadwood: every card is in a meld.",
        f"You show {melds}.",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_learner_and_others_are_one_list_in_the_languages_form(language: str) -> None:
    """The Russian three-way tie read «Вы и Оля и Борис делите первое место»: the learner
    and the others named beside them are one list, the learner first, its last two joined
    by the language's "and" and the others by commas (ru «Вы, Оля и Борис», lt «Jūs, Ona
    ir Benas», it «Tu, Ona e Ben»), in the summary and in the walkthrough."""
    names = ["Aistė", "Ona", "Ben", "Marta"]
    level = SummaryLine(LineCode.ANOTHER_HAND, {"players": [0, 1, 2]})
    steps = [
        SettleStep(StepCode.KNOCKER_TIED, {"player": 3, "tied": [0, 1, 2], "deadwood": 5}),
        SettleStep(
            StepCode.KNOCKER_UNDERCUT,
            {"player": 3, "lowest": [1, 0, 2], "deadwood": 12, "lowest_deadwood": 5},
        ),
        SettleStep(
            StepCode.PAYS_DIFFERENCE,
            {
                "player": 3,
                "payees": [0, 1, 2],
                "deadwood": 14,
                "lowest_deadwood": 5,
                "points": F(9),
                "share": F(3),
            },
        ),
    ]
    with translation.override(language):
        you = translation.pgettext(
            "the learner at the head of a list of players that starts a sentence", "You"
        )
        and_ = gettext("%(first)s and %(last)s") % {"first": "", "last": ""}
        listed = f"{you}, Ona{and_}Ben"
        said = [
            explain.summary_line(level, names, you=0),
            *(explain.settlement_step(s, names, game=Game.KNOCK, you=0) for s in steps),
        ]
    if language != "en":
        assert you != "You" and and_.strip() != "and"
    for text in said:
        assert listed in text, (language, text)
        assert f"{you}{and_}" not in text and f"Ona{and_}Ben{and_}" not in text, text
        assert "Aistė" not in text and "%(" not in text


def test_the_russian_refusals_after_a_knock_say_the_hand_as_the_site_does() -> None:
    """docs/terms/ru.md: a hand is a «раздача», as the knock's question says («Раздача
    закончится»); the two refusals after a knock said «После стука розыгрыш окончен», a
    second word for it (now a forbidden variant, which check_texts lists)."""
    with translation.override("ru"):
        said = [
            explain.refusal(IllegalMove(MoveError.LAYING_OUT, params))
            for params in MOVE_SAMPLES[MoveError.LAYING_OUT]
        ]
    for text in said:
        assert "розыгрыш" not in text.lower(), text
        assert text.startswith("Раздача уже закончена стуком: теперь "), text
        assert text.endswith(", а затем нажимает «Готово»."), text


@pytest.mark.parametrize("language", ["lt", "ru", "it"])
def test_a_refused_layout_opens_by_refusing_it(language: str) -> None:
    """A layout that would leave too much deadwood: English says "Not 9♣ 10♣ J♣: ...", lt
    «Išdėti kortų … negalima: …», it «Non calare …: …»; the Russian lost its refusal
    when «Так нельзя:» went (the guided hand's lead says it) and read «Если выложить
    карты 9♣ 10♣ J♣, сумма…», a condition, not a «no». Each opens by refusing the cards,
    in words of its own (not the guided lead's)."""
    opening = {
        "lt": "Išdėti kortų {} negalima: ",
        "ru": "Выложить карты {} нельзя: ",
        "it": "Non calare {}: ",
    }[language]
    with translation.override(language):
        cards = explain.cards_short(["9C", "TC", "JC"])
        for params in MOVE_SAMPLES[MoveError.LAYOUT_STRANDS]:
            text = explain.refusal(IllegalMove(MoveError.LAYOUT_STRANDS, params))
            assert text.startswith(opening.format(cards)), text


def test_an_italian_list_joins_a_name_that_starts_with_e_by_ed() -> None:
    """The d eufonica, as Italian teachers write it: «Marta ed Elena», «Tu ed Elena», «Ona,
    Ben ed Emma», and «è» too; not before another vowel («Marta e Anna», «Tu e Ugo»);
    every list of names and "you and X" (the partnership on the sheet and in the summary,
    the match's end), never another language's "and"."""
    from game.scores import labels, partners

    names = ["Aistė", "Ona", "Elena", "Ugo"]
    won = SummaryLine(LineCode.WINNER, {"player": 0})
    with translation.override("it"):
        assert explain.listed(["Marta", "Elena"]) == "Marta ed Elena"
        assert explain.listed(["Marta", "elena"]) == "Marta ed elena"
        assert explain.listed(["Ona", "Ben", "Emma"]) == "Ona, Ben ed Emma"
        assert explain.listed(["Marta", "Èlia"]) == "Marta ed Èlia"
        assert explain.listed(["Marta", "Anna"]) == "Marta e Anna"
        assert explain.listed(["Elena", "Marta"]) == "Elena e Marta"
        assert explain.you_and(["Elena"]) == "Tu ed Elena"
        assert explain.you_and(["Ugo"]) == "Tu e Ugo"
        assert explain.people([1, 2], names) == "Ona ed Elena"
        assert partners(names, 0) == "Aistė ed Elena"
        assert labels(names, you=0, pairs=True) == ["Tu ed Elena", "Ona e Ugo"]
        assert explain.match_over("", pair=True, yours=True, partner="Elena") == (
            "La partita è finita: vincete tu ed Elena."
        )
        told = explain.summary_line(won, ["x", "y"], pairs=True, you=0, partner="Elena")
        assert told == "Tu ed Elena vincete la partita!", told
    for language in ("en", "lt", "ru"):
        with translation.override(language):
            assert "ed" not in explain.listed(["Marta", "Elena"]).split()
            assert "ed" not in explain.you_and(["Elena"]).split()


def test_an_italian_either_joins_a_last_one_that_starts_with_o_by_od() -> None:
    """ "A or B" (the coach's "meld this or meld that", a lesson's "there is one: A or
    B") takes the same d eufonica as a list: «o» before an o is «od» («Marta od
    Ottavia», «ordina…»), only before the same vowel, only in Italian."""
    with translation.override("it"):
        assert explain.either(["Marta", "Ottavia"]) == "Marta od Ottavia"
        assert explain.either(["Ona", "Ben", "Olga"]) == "Ona, Ben od Olga"
        assert explain.either(["Ottavia", "Marta"]) == "Ottavia o Marta"
        assert explain.either(["Marta", "Anna"]) == "Marta o Anna"
    for language in ("en", "lt", "ru"):
        with translation.override(language):
            assert "od" not in explain.either(["Marta", "Ottavia"]).split()


#: A meld in the plural, where the cards go onto one (ru «к комбинациям», lt «prie
#: derinių»), and in the singular.
SEVERAL_MELDS = {"ru": "к комбинациям", "lt": "prie derinių"}
ONE_MELD = {"ru": "к комбинации", "lt": "prie derinio"}


@pytest.mark.parametrize("language", ["ru", "lt"])
def test_cards_laid_off_onto_one_meld_go_onto_a_meld_not_melds(language: str) -> None:
    """The Russian and Lithuanian layoffs said «к комбинациям», «prie derinių» (onto
    melds) whenever more than one card was laid off, also all onto one meld: the
    sentence knows how many melds the cards go onto (``onto_melds``), in a turn's
    sentence on the status line and in the walkthrough (the layoffs the defender missed,
    the knocker's layout with the least deadwood)."""
    from game.engine import Discard, DrawStock, Event, LayOff

    c = parse_cards
    one = [
        Event.of(1, DrawStock()),
        Event.of(1, LayOff(c("TH")[0], 0)),
        Event.of(1, LayOff(c("JH")[0], 0)),
        Event.of(1, Discard(c("2C")[0])),
    ]
    two = [*one[:2], Event.of(1, LayOff(c("7S")[0], 1)), one[3]]
    one_meld = {
        code: [p for p in STEP_SAMPLES[code] if p.get("onto_melds") == 1]
        for code in (StepCode.MISSED_LAYOFFS, StepCode.LEAST_DEADWOOD_LAYOUT)
    }
    with translation.override(language):
        assert SEVERAL_MELDS[language] in explain.turn_sentence(two, NAMES)
        said = [explain.turn_sentence(one, NAMES)]
        for code, samples in one_meld.items():
            for params in samples:
                for you in (None, 0, 1):
                    step = SettleStep(code, params)
                    said.append(explain.settlement_step(step, NAMES, game=Game.GIN, you=you))
    for text in said:
        assert SEVERAL_MELDS[language] not in text, text
    assert ONE_MELD[language] in said[0], said[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_learners_partnership_is_told_to_them(language: str) -> None:
    """Four-player Gin's summary said "Alex and Marta win the match!" to Alex (ru «Вы и
    Марта выигрывают», a third-person verb after «вы»): the learner's partnership is
    told to them with their partner's name ("You and Marta win the match!"), as the
    subject or as the side that won no hand, in every line, translated; the other side
    keeps its names, and nothing is told to a learner not given."""
    sides = ["Aistė and Marta", "Ona and Ben"]
    cases = [
        (catalogue, code, params, you)
        for catalogue, role in ((YOUR_PAIR_LINES, "player"), (PAIR_LINES_TOLD_TO_YOU, "opponent"))
        for code in catalogue
        for params in LINE_SAMPLES[code]
        if params.get("pair")
        for you in (params[role],)
    ]
    assert {code for _c, code, _p, _y in cases} == set(YOUR_PAIR_LINES) | set(
        PAIR_LINES_TOLD_TO_YOU
    )
    for _catalogue, code, params, you in cases:
        line = SummaryLine(code, {k: v for k, v in params.items() if k != "pair"})
        sides = ["Aistė and Marta", "Ona and Ben"][:: 1 if you == 0 else -1]
        with translation.override(language):
            told = explain.summary_line(line, sides, pairs=True, you=you, partner="Marta")
            named = explain.summary_line(line, sides, pairs=True)
        assert "%(" not in told and "Aistė" not in told, (language, told)
        if code is not LineCode.NETTED_EVEN or params["points"]:
            assert told != named and "Marta" in told, (language, told)
        if language != settings.LANGUAGE_CODE:
            with translation.override(settings.LANGUAGE_CODE):
                english = explain.summary_line(line, sides, pairs=True, you=you, partner="Marta")
            assert told != english, f"{language}: {english!r} is not translated"
    sides = ["Aistė and Marta", "Ona and Ben"]
    sides = ["Aistė and Marta", "Ona and Ben"]
    winner = SummaryLine(LineCode.WINNER, {"player": 0})
    with translation.override("en"):
        assert explain.summary_line(winner, sides, pairs=True, you=0, partner="Marta") == (
            "You and Marta win the match!"
        )
        assert explain.summary_line(winner, sides, pairs=True, you=1, partner="Ben") == (
            "Aistė and Marta win the match!"
        )
        assert explain.match_over("Aistė and Marta", pair=True, yours=True, partner="Marta") == (
            "The match is over: you and Marta win."
        )


def test_points_a_verb_takes_are_in_its_case() -> None:
    """The Lithuanian walkthrough told the learner «Gaunate 21 taškas» (the nominative
    after a verb): points after a verb are in the form it takes («Gaunate 21 tašką ir
    sumokate 0 taškų»), with every number's plural form; a fraction «7½ taško»."""
    step = SettleStep(StepCode.TOTAL, {"player": 0, "received": F(21), "paid": F(0), "net": F(21)})
    with translation.override("lt"):
        told = explain.settlement_step(step, NAMES, game=Game.KNOCK, you=0)
        forms = [explain.points_object(n) for n in (1, 3, 12, 21, F(15, 2))]
    assert "21 tašką" in told and "0 taškų" in told, told
    assert forms == ["1 tašką", "3 taškus", "12 taškų", "21 tašką", "7½ taško"]
    with translation.override("ru"):
        assert [explain.points_object(n) for n in (1, 3, 12)] == (
            [explain.points_noun(n) for n in (1, 3, 12)]
        )
    with translation.override("en"):
        assert explain.settlement_step(step, NAMES, game=Game.KNOCK, you=0) == (
            "You receive 21 points and pay 0 points: +21 in all."
        )


def test_a_lithuanian_knock_with_rummy_says_rummy_as_the_term_list_does() -> None:
    """The status line's turn said «pasibeldė su rummy» («with rummy»): in Knock Rummy a
    player «turi rummy» (docs/terms/lt.md), as the log's line says it («pasibeldė ir
    turi rummy»)."""
    with translation.override("lt"):
        said = explain.THEIR_TURN[MoveKind.KNOCK].render({"end": "rummy"})
    assert "su rummy" not in said and "turi rummy" in said, said


def test_the_learner_s_you_tells_the_translator_both_its_uses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The learner's "You" where a name stands alone is a nameless learner's seat and
    player to score, and any learner's own row on the score sheet, named or not
    (:func:`game.scores.labels`): its context said only the first, so a translator could
    pick a word that fits a nameless learner only. It says both, one msgid for both."""
    from game import names as game_names
    from game.scores import labels

    contexts: list[str] = []

    def recorded(context: str, message: str) -> str:
        contexts.append(context)
        return message

    monkeypatch.setattr(game_names, "pgettext", recorded)
    assert labels(["Ona", "Ben"], you=0) == ["You", "Ben"]  # Ona named: her row is "You"
    (context,) = set(contexts)
    assert "gave no name" in context and "own row on the score sheet" in context, context


def _layoff_hand() -> Any:
    """A Basic hand in which Alex lays down 4♦ 5♦ 6♦, Ona lays off 7♦ and 8♦ onto it in
    one turn, Alex 9♦ in the next."""
    deal = Deal.build(
        ["4D 5D 6D 2C 3H 9S KC", "7D 8C TH JS QS 2H 5C"], discard="5S", stock="AS 8D 9D QC"
    )
    moves = [
        "draw stock",
        "meld 4D 5D 6D",
        "discard KC",
        "draw stock",
        "layoff 7D 0",
        "layoff 8D 0",
        "discard 8C",
        "draw stock",
        "layoff 9D 0",
        "discard 2C",
    ]
    return lambda n: replay_hand("basic", moves[:n], deal=deal, dealer=1)


def test_a_layoff_names_the_meld_it_went_onto() -> None:
    """The Russian screen-reader walk: «Оля добавляет карту семёрка бубен к комбинации.»
    did not say which meld grew; a learner who cannot see the table had to search
    "Melds on the table". Each layoff in the log names the meld as it lay before it, the
    learner's own and a computer player's, in the log, in the status line's turn (one
    part for each meld) and in a review's step."""
    hand = _layoff_hand()
    names = ["Alex", "Ona"]
    whole = hand(10).view(0)
    with translation.override("en"):
        log = explain.log_sentences(whole.log, names, human=0, table=whole.table)
        assert log[4:9] == [
            "Ona laid off 7♦ onto 4♦ 5♦ 6♦.",
            "Ona laid off 8♦ onto 4♦ 5♦ 6♦ 7♦.",
            "Ona discarded 8♣.",
            "You drew from the stock.",
            "You laid off 9♦ onto 4♦ 5♦ 6♦ 7♦ 8♦.",
        ]
        # The latest lines only: a layoff shown still names its meld as it was then.
        assert explain.log_sentences(whole.log, names, human=0, last=2, table=whole.table) == [
            "You laid off 9♦ onto 4♦ 5♦ 6♦ 7♦ 8♦.",
            "You discarded 2♣.",
        ]
        # Ona's turn, as the status line says it, and the computer in a person's seat.
        ona = hand(7).view(0)
        assert explain.since_your_move(ona.log, names, human=0, players=2, table=ona.table) == [
            "Ona laid off 7♦ 8♦ onto 4♦ 5♦ 6♦ and discarded 8♣."
        ]
        mine = hand(9).view(0)
        assert explain.since_your_move(mine.log, names, human=0, players=2, table=mine.table) == [
            "You laid off 9♦ onto 4♦ 5♦ 6♦ 7♦ 8♦."
        ]
        assert explain.log_sentences(
            whole.log, names, human=1, table=whole.table, by_computer={4, 8}
        )[4:9:4] == [
            "The computer, in your seat, laid off 7♦ onto 4♦ 5♦ 6♦.",
            "The computer, in Alex's seat, laid off 9♦ onto 4♦ 5♦ 6♦ 7♦ 8♦.",
        ]
        # Without the table (a caller that has none): the sentence as before.
        assert explain.log_sentences(whole.log, names, human=0)[4] == "Ona laid off 7♦."


def test_a_turn_of_layoffs_onto_two_melds_names_each() -> None:
    """Layoffs onto two melds in one turn: a part for each meld, in the order they were
    laid off onto, each meld as it lay before the turn's first layoff onto it."""
    from game.engine import Discard, DrawStock, Event, LayOff
    from game.engine.melds import make_meld
    from game.engine.view import TableMeld

    c = parse_cards
    table = [
        TableMeld(0, 0, make_meld(c("4D 5D 6D 7D 8D"))),
        TableMeld(1, 0, make_meld(c("9C 9H 9S 9D"))),
    ]
    turn = [
        Event.of(1, DrawStock()),
        Event.of(1, LayOff(c("7D")[0], 0)),
        Event.of(1, LayOff(c("9D")[0], 1)),
        Event.of(1, LayOff(c("8D")[0], 0)),
        Event.of(1, Discard(c("2C")[0])),
    ]
    with translation.override("en"):
        said = explain.turn_sentence(turn, NAMES, onto=explain.melds_before(turn, table))
    assert said == (
        "Ona laid off 7♦ 8♦ onto 4♦ 5♦ 6♦, laid off 9♦ onto 9♣ 9♥ 9♠ and discarded 2♣."
    ), said


@pytest.mark.parametrize("game", ["basic", "gin"])
def test_the_meld_a_layoff_names_is_the_meld_on_the_table_before_it(game: str) -> None:
    """Hands played by the computer: for every layoff, the meld :func:`melds_before`
    finds from the hand's final table and log is the meld that lay on the table just
    before the layoff (in Gin laid out by hand, the defender's layoffs onto the
    knocker's melds; Knock Rummy's layoffs are the scoring's, never in the log)."""
    from game.engine import LayOff, make_player, new_hand

    checked = 0
    for seed in range(40):
        options = {} if game == "basic" else {"players_lay_out": True}
        hand = new_hand(game, players=2, dealer=0, seed=seed, options=options)
        seats = [make_player("bot", seed * 10 + i) for i in range(2)]
        before: dict[int, tuple[str, ...]] = {}
        while not hand.is_over and hand.turns < 200:
            move = seats[hand.turn].choose(hand.view(hand.turn))
            if isinstance(move, LayOff):
                before[len(hand.log)] = tuple(str(c) for c in hand.table[move.meld_id].cards)
            hand = hand.play(move)
        for seat in (0, 1):
            view = hand.view(seat)
            onto = explain.melds_before(view.log, view.table)
            assert {i: m for i, m in enumerate(onto) if m is not None} == before
        checked += len(before)
    assert checked, "no hand had a layoff"
