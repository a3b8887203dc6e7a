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


def gin_by_hand(*moves: str) -> Hand:
    """GIN_DEAL laid out by hand: seat 0 draws 7S and knocks it (deadwood AD = 1)."""
    return replay_hand(
        "gin",
        ["draw stock", "knock 7S", *moves],
        dealer=1,
        deal=GIN_DEAL,
        options={"players_lay_out": True},
    )


#: rules.md example 11 (the knocker's choice), laid out by hand: seat 0 draws KC and
#: knocks it.
CHOICE_DEAL = Deal.build(
    ["2H 3H 4H 4S 4D 8C 9C TC JC AS", "KH KD KS 6D 6S 6C 4C 9S 9D 5S"],
    discard="QD",
    stock="KC 2D 3D",
)


def choice_by_hand(*moves: str) -> Hand:
    return replay_hand(
        "gin",
        ["draw stock", "knock KC", *moves],
        dealer=1,
        deal=CHOICE_DEAL,
        options={"players_lay_out": True},
    )


LAID_OUT = ("meld 2C 3C 4C", "meld 5H 5D 5S", "meld 9S 9H 9D", "done")


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
    # --- Gin laid out by hand (players_lay_out)
    (
        "gin discard while laying out",
        gin_by_hand,
        "discard 2C",
        None,
        MoveError.LAYING_OUT,
        {"move": "discard", "phase": "lay_out"},
    ),
    (
        "gin layoff by the knocker",
        gin_by_hand,
        "layoff 2C 0",
        None,
        MoveError.LAYING_OUT,
        {"move": "layoff", "phase": "lay_out"},
    ),
    (
        "gin defender lays out",
        lambda: gin_by_hand(*LAID_OUT),
        "meld KH KS KD",
        None,
        MoveError.LAYING_OUT,
        {"move": "meld", "phase": "lay_off"},
    ),
    (
        "gin defender during the layout",
        gin_by_hand,
        "done",
        1,
        MoveError.NOT_YOUR_TURN,
        {"player": 1, "turn": 0},
    ),
    (
        "gin done before any knock",
        lambda: replay_hand(
            "gin", ["draw stock"], dealer=1, deal=GIN_DEAL, options={"players_lay_out": True}
        ),
        "done",
        None,
        MoveError.NOTHING_TO_FINISH,
        {},
    ),
    (
        "gin done with melds in hand",
        lambda: gin_by_hand("meld 2C 3C 4C"),
        "done",
        None,
        MoveError.LAYOUT_OVER_LIMIT,
        {"deadwood": 43, "limit": 10},
    ),
    (
        "gin layout not held",
        gin_by_hand,
        "meld 2C 3C 4C 5C",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "5C"},
    ),
    (
        "gin layout not a meld",
        gin_by_hand,
        "meld 2C 3C 5H",
        None,
        MoveError.ILLEGAL_MELD,
        {"cards": ["2C", "3C", "5H"], "failure": MeldFailure.MIXED.value},
    ),
    (
        "gin layout strands the rest",
        choice_by_hand,
        "meld 9C TC JC",
        None,
        MoveError.LAYOUT_STRANDS,
        {"cards": ["9C", "TC", "JC"], "deadwood": 14, "limit": 10},
    ),
    (
        "gin layoff that does not fit",
        lambda: gin_by_hand(*LAID_OUT),
        "layoff KH 0",
        None,
        MoveError.CANNOT_LAY_OFF,
        {"card": "KH", "meld_id": 0, "meld": ["2C", "3C", "4C"], "fits": ["AC", "5C"]},
    ),
    (
        "gin layoff onto no meld",
        lambda: gin_by_hand(*LAID_OUT),
        "layoff 5C 3",
        None,
        MoveError.MELD_NOT_FOUND,
        {"meld_id": 3},
    ),
    (
        "gin layoff not held",
        lambda: gin_by_hand(*LAID_OUT),
        "layoff AD 0",
        None,
        MoveError.CARD_NOT_HELD,
        {"card": "AD"},
    ),
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
        # Not in a row either: not only the suit keeps it from being a run.
        {"cards": ["7H", "8H", "2C"], "failure": MeldFailure.MIXED.value},
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
        {"card": "KC", "meld_id": 0, "meld": ["7H", "8H", "9H"], "fits": ["6H", "TH"]},
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
