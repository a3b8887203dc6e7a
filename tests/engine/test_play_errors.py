"""Every illegal-move reason of every game, each from a concrete state and move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.engine import Deal, Hand, IllegalMove, MeldFailure, Move, MoveError, new_hand, replay_hand

GIN_DEAL = Deal.build(
    ["2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "KH KS KD 5C 6C 9C 7D 8D QH AH"],
    discard="TC",
    stock="7S 2D 3H",
)
KNOCK_DEAL = Deal.build(
    ["2C 3C 4C 5D 5H 5S 3H", "7C 7D 7S 8H 9H TH KD", "JC JD JH 2S 3S 4S 7H"],
    discard="QC",
    stock="KC 6D",
)
BASIC_DEAL = Deal.build(
    ["7H 8H 9H 2C", "KS 7D AH 4C 4D 4S"],
    discard="5C",
    stock="KC TH 3D",
)


def gin(*moves: str) -> Hand:
    return replay_hand("gin", moves, dealer=1, deal=GIN_DEAL)


def knock(*moves: str) -> Hand:
    return replay_hand("knock", moves, players=3, dealer=2, deal=KNOCK_DEAL)


def short(*moves: str, **options: bool) -> Hand:
    """Basic Rummy with short hands: seat 0 holds a run, the stock starts with TH."""
    deal = Deal.build(["7H 8H 9H", "KS 7D AH"], discard="5C", stock="TH")
    return replay_hand("basic", moves, dealer=1, deal=deal, options=options)


def basic(*moves: str, **options: bool) -> Hand:
    return replay_hand("basic", moves, dealer=1, deal=BASIC_DEAL, options=options)


CASES: list[tuple[str, Callable[[], Hand], str, int | None, MoveError, dict[str, object]]] = [
    # --- Gin
    ("gin out of turn", gin, "draw stock", 1, MoveError.NOT_YOUR_TURN, {"player": 1, "turn": 0}),
    ("gin discard first", gin, "discard 2C", None, MoveError.MUST_DRAW_FIRST, {"move": "discard"}),
    ("gin knock first", gin, "knock AD", None, MoveError.MUST_DRAW_FIRST, {"move": "knock"}),
    (
        "gin meld",
        lambda: gin("draw stock"),
        "meld 2C 3C 4C",
        None,
        MoveError.NOT_IN_THIS_GAME,
        {"move": "meld", "game": "gin"},
    ),
    (
        "gin layoff",
        lambda: gin("draw stock"),
        "layoff 2C 0",
        None,
        MoveError.NOT_IN_THIS_GAME,
        {"move": "layoff", "game": "gin"},
    ),
    ("gin draw twice", lambda: gin("draw stock"), "draw discard", None, MoveError.ALREADY_DREW, {}),
    (
        "gin not held",
        lambda: gin("draw stock"),
        "discard KC",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "KC"},
    ),
    (
        "gin knock not held",
        lambda: gin("draw stock"),
        "knock KC",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "KC"},
    ),
    (
        "gin discard taken",
        lambda: gin("draw discard"),
        "discard TC",
        None,
        MoveError.DISCARD_TAKEN_CARD,
        {"card": "TC"},
    ),
    (
        "gin knock taken",
        lambda: gin("draw discard"),
        "knock TC",
        None,
        MoveError.DISCARD_TAKEN_CARD,
        {"card": "TC"},
    ),
    (
        "gin over limit",
        lambda: gin("draw stock"),
        "knock 2C",
        None,
        MoveError.KNOCK_OVER_LIMIT,
        {"deadwood": 15, "limit": 10},
    ),
    (
        "gin over",
        lambda: gin("draw stock", "knock 7S"),
        "draw stock",
        None,
        MoveError.HAND_OVER,
        {},
    ),
    # --- Knock Rummy
    (
        "knock out of turn",
        knock,
        "draw stock",
        2,
        MoveError.NOT_YOUR_TURN,
        {"player": 2, "turn": 0},
    ),
    ("knock first", knock, "knock 3H", None, MoveError.MUST_DRAW_FIRST, {"move": "knock"}),
    (
        "knock meld",
        lambda: knock("draw stock"),
        "meld 2C 3C 4C",
        None,
        MoveError.NOT_IN_THIS_GAME,
        {"move": "meld", "game": "knock"},
    ),
    (
        "knock taken",
        lambda: knock("draw discard"),
        "knock QC",
        None,
        MoveError.DISCARD_TAKEN_CARD,
        {"card": "QC"},
    ),
    (
        "knock not held",
        lambda: knock("draw stock"),
        "knock AS",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "AS"},
    ),
    (
        "knock draw twice",
        lambda: knock("draw stock"),
        "draw stock",
        None,
        MoveError.ALREADY_DREW,
        {},
    ),
    (
        "knock over",
        lambda: knock("draw stock", "knock KC"),
        "discard 3H",
        None,
        MoveError.HAND_OVER,
        {},
    ),
    # --- Basic Rummy
    (
        "basic out of turn",
        basic,
        "draw stock",
        1,
        MoveError.NOT_YOUR_TURN,
        {"player": 1, "turn": 0},
    ),
    ("basic meld first", basic, "meld 7H 8H 9H", None, MoveError.MUST_DRAW_FIRST, {"move": "meld"}),
    (
        "basic knock",
        lambda: basic("draw stock"),
        "knock 2C",
        None,
        MoveError.NOT_IN_THIS_GAME,
        {"move": "knock", "game": "basic"},
    ),
    (
        "basic meld not held",
        lambda: basic("draw stock"),
        "meld 7H 8H 9H TH",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "TH"},
    ),
    (
        "basic bad meld",
        lambda: basic("draw stock"),
        "meld 7H 8H 2C",
        None,
        MoveError.ILLEGAL_MELD,
        {
            "cards": ["7H", "8H", "2C"],
            "failure": MeldFailure.RUN_MIXED_SUITS.value,
            "suit": "H",
            "offending": ["2C"],
        },
    ),
    (
        "basic no meld",
        lambda: basic("draw stock"),
        "layoff KC 0",
        None,
        MoveError.MELD_NOT_FOUND,
        {"meld_id": 0},
    ),
    (
        "basic no fit",
        lambda: basic("draw stock", "meld 7H 8H 9H"),
        "layoff KC 0",
        None,
        MoveError.CANNOT_LAY_OFF,
        {"card": "KC", "meld_id": 0, "meld": ["7H", "8H", "9H"]},
    ),
    (
        "basic discard taken",
        lambda: basic("draw discard"),
        "discard 5C",
        None,
        MoveError.DISCARD_TAKEN_CARD,
        {"card": "5C"},
    ),
    # Took 5C, melds the run: only 5C is left, and it may not be discarded or laid off.
    (
        "basic no way to finish",
        lambda: short("draw discard"),
        "meld 7H 8H 9H",
        None,
        MoveError.NO_WAY_TO_FINISH,
        {"card": "5C"},
    ),
    (
        "basic last card",
        lambda: short("draw stock", last_card_must_be_discarded=True),
        "meld 7H 8H 9H TH",
        None,
        MoveError.MUST_DISCARD_LAST_CARD,
        {},
    ),
]


@pytest.mark.parametrize(
    ("state", "text", "player", "reason", "params"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_illegal(
    state: Callable[[], Hand],
    text: str,
    player: int | None,
    reason: MoveError,
    params: dict[str, object],
) -> None:
    hand = state()
    move = Move.parse(text)
    with pytest.raises(IllegalMove) as info:
        hand.check(move, player)
    assert info.value.reason is reason
    assert info.value.params == params
    assert not hand.is_legal(move, player)
    if reason is MoveError.NOT_YOUR_TURN:
        # The move itself may be legal for the player to move; only this seat may not.
        assert player is not None and player != hand.turn
    else:
        assert move not in hand.legal_moves()
    with pytest.raises(IllegalMove):
        hand.play(move, player)


def test_every_reason_is_covered() -> None:
    assert {case[4] for case in CASES} == set(MoveError)


def test_a_gapped_run_is_refused_with_the_missing_cards() -> None:
    # Played from outside, a Basic refusal of 7C 9C KC read "... is not a run: missing ."
    deal = Deal.build(["7C 9C KC 2D 3H 5S 6S", "AH 4D 8S TD JH QS KD"], discard="5D", stock="AS")
    hand = new_hand("basic", deal=deal, dealer=1).play(Move.parse("draw stock"))
    with pytest.raises(IllegalMove) as info:
        hand.check(Move.parse("meld 7C 9C KC"))
    assert info.value.reason is MoveError.ILLEGAL_MELD
    assert info.value.params["failure"] == MeldFailure.RUN_GAP.value
    assert info.value.params["missing"] == ["8C", "TC", "JC", "QC"]
