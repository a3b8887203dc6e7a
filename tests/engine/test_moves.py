"""Moves: text form, aliases, dicts."""

from __future__ import annotations

import pytest

from game.engine import (
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    InvalidNotation,
    Knock,
    LayDown,
    LayOff,
    Move,
)

C = Card.parse

CANONICAL = [
    ("draw stock", DrawStock()),
    ("draw discard", DrawDiscard()),
    ("discard 7H", Discard(C("7H"))),
    ("meld 7H 8H 9H", LayDown((C("7H"), C("8H"), C("9H")))),
    ("layoff TS 2", LayOff(C("TS"), 2)),
    ("knock AD", Knock(C("AD"))),
]


@pytest.mark.parametrize(("text", "move"), CANONICAL)
def test_round_trip(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert Move.from_dict(move.to_dict()) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Draw Stock", DrawStock()),
        ("draw", DrawStock()),
        ("take", DrawDiscard()),
        ("pick up", DrawDiscard()),
        ("discard 10♥", Discard(C("TH"))),
        ("lay down 7h, 8h, 9h", LayDown((C("7H"), C("8H"), C("9H")))),
        ("lay off TS on 2", LayOff(C("TS"), 2)),
        ("KNOCK ad", Knock(C("AD"))),
    ],
)
def test_aliases(text: str, move: Move) -> None:
    assert Move.parse(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw pile",
        "discard",
        "discard XX",
        "discard 7H 8H",
        "meld",
        "meld 7H ZZ",
        "layoff 7H",
        "layoff 7H x",
        "knock",
        "pass",
    ],
)
def test_bad_text(text: str) -> None:
    with pytest.raises(InvalidNotation):
        Move.parse(text)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"kind": "fly"},
        {"kind": "discard"},
        {"kind": "layoff", "card": "7H", "meld_id": -1},
        {"kind": "layoff", "card": "7H", "meld_id": True},
        {"kind": "meld", "cards": 3},
    ],
)
def test_bad_dicts(data: dict[str, object]) -> None:
    with pytest.raises(InvalidNotation):
        Move.from_dict(data)


def test_moves_are_hashable_values() -> None:
    assert len({Move.parse(t) for t, _ in CANONICAL} | {Move.parse("draw")}) == len(CANONICAL)
