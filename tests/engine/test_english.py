"""The command line's English: one sentence per code of every catalogue, parameters filled."""

from __future__ import annotations

from game.engine import CoachReason, LineCode, StepCode, Why, english, parse_cards, settle_knock
from game.engine.english import COACH_TEXTS, LINE_TEXTS, SETTLE_TEXTS
from game.engine.score_sheet import SummaryLine
from game.engine.scoring import SettleStep


def test_every_code_has_an_english_sentence() -> None:
    assert set(SETTLE_TEXTS) == set(StepCode)
    assert set(LINE_TEXTS) == set(LineCode)
    assert set(COACH_TEXTS) == set(Why)


def test_the_sentences_are_filled_from_the_parameters() -> None:
    assert english(SettleStep(StepCode.VOID)) == "The hand is void: nobody scores."
    assert (
        english(SummaryLine(LineCode.MARGIN, {"player": 0, "opponent": 1, "points": 125}))
        == "Player 0 wins the game against player 1 by 125"
    )
    assert (
        english(CoachReason(Why.DISCARD_HIGH, {"card": "KS", "points": 10}))
        == "Gets rid of KS, an unmatched card worth 10."
    )
    hands = ["2C 3C 4C 5H 5D 5S 9S", "KH KS KD QH QS QD AH", "2D 3D 4D 6H 7H 8H JC"]
    settlement = settle_knock(knocker=0, hands=[parse_cards(h) for h in hands])
    for step in settlement.steps:
        text = english(step)
        assert text and "{" not in text and "None" not in text
