"""The command line: arrange (readable and JSON lines), settle (JSON lines), errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.cli import main

ROOT = Path(__file__).resolve().parents[2]

GIN = [
    ["2C", "3C", "4C", "5H", "5D", "5S", "9S", "9H", "9D", "AD"],
    ["KH", "KS", "KD", "5C", "6C", "9C", "7D", "8D", "QH", "AH"],
]
KNOCK_9 = [
    ["2C", "3C", "4C", "JH", "JD", "JS", "5D"],
    ["6C", "7C", "8C", "QC", "QD", "QH", "5H"],
    ["KH", "KS", "KD", "TS", "TH", "TD", "5C"],
    ["9C", "9D", "9H", "4D", "4H", "5S", "AD"],
]


def run(args: list[str], lines: list[object]) -> tuple[int, list[dict]]:  # type: ignore[type-arg]
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    out = io.StringIO()
    status = main(args, io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_arrange_readable() -> None:
    out = io.StringIO()
    assert main(["arrange", "7H", "8H", "9H", "7S", "7D"], io.StringIO(), out) == 0
    text = out.getvalue()
    assert "7H 8H 9H" in text and "7D 7S = 14" in text
    out = io.StringIO()
    assert main(["arrange", "--ace-high", "QH", "KH", "AH"], io.StringIO(), out) == 0
    assert "QH KH AH" in out.getvalue() and "= 0" not in out.getvalue().split("deadwood")[0]


def test_arrange_jsonl() -> None:
    status, replies = run(
        ["arrange", "--jsonl"],
        [
            {
                "hand": ["7H", "8H", "9H", "7S", "7D"],
                "discard": False,
                "options": {"ace_high_or_low": False},
            },
            {
                "hand": ["2H", "3H", "4H", "4S", "4D", "8C", "9C", "TC", "JC", "AS", "KD"],
                "discard": True,
            },
            {"hand": ["QH", "KH", "AH"], "options": {"ace_high_or_low": True}},
        ],
    )
    assert status == 0
    assert replies[0] == {
        "melds": [["7H", "8H", "9H"]],
        "deadwood_cards": ["7D", "7S"],
        "deadwood": 14,
        "discard": None,
    }
    assert replies[1]["discard"] == "KD" and replies[1]["deadwood"] == 6
    assert replies[2]["melds"] == [["QH", "KH", "AH"]]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("not json", "bad_json"),
        ([1, 2], "bad_request"),
        ({"hand": "7H"}, "bad_request"),
        ({"hand": ["7H", "ZZ"]}, "invalid_card"),
        ({"hand": ["7H", "7h"]}, "duplicate_card"),
        ({"hand": ["7H"], "options": {"jokers": True}}, "unknown_option"),
        ({"hand": [], "discard": True}, "wrong_hand_size"),
    ],
)
def test_arrange_errors(line: object, code: str) -> None:
    status, replies = run(["arrange", "--jsonl"], [line, {"hand": ["AS"]}])
    assert status == 0
    assert replies[0]["error"]["code"] == code and replies[0]["error"]["message"]
    assert replies[1]["deadwood"] == 1  # the batch goes on


def test_settle_jsonl_gin_knock_basic_in_order() -> None:
    status, replies = run(
        ["settle", "--jsonl"],
        [
            {"game": "gin", "knocker": 0, "hands": GIN, "options": {}},
            {"game": "knock", "knocker": 0, "hands": KNOCK_9, "options": {}},
            {
                "game": "basic",
                "winner": 0,
                "went_rummy": False,
                "hands": [[], ["KS", "7D", "AH"], ["2C", "3C"]],
                "options": {},
            },
        ],
    )
    assert status == 0
    gin, knock, basic = replies
    assert gin["deadwood"] == [1, 26]
    assert gin["layoffs"][0] == {"player": 1, "card": "5C", "onto": ["2C", "3C", "4C"], "meld": 0}
    assert gin["transfers"] == [{"from": 1, "to": 0, "points": 25, "reason": "difference"}]
    assert gin["received"] == [25, 0] and gin["paid"] == [0, 25]
    assert all({"code", "params", "text"} <= set(s) for s in gin["steps"])
    assert knock["received"] == [0, "9/2", "9/2", 0]
    assert {"from": 3, "to": 1, "points": "9/2", "reason": "difference"} in knock["transfers"]
    assert knock["kind"] == "tie"
    assert basic["received"][0] == 23


def test_settle_options() -> None:
    _, replies = run(
        ["settle"],
        [
            {
                "game": "basic",
                "winner": 0,
                "went_rummy": True,
                "hands": [[], ["KS", "7D", "AH"], ["2C", "3C"]],
                "options": {"ace_high_or_low": True},
            }
        ],
    )
    assert replies[0]["received"][0] == 74


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ("{", "bad_json"),
        ({"game": "poker", "hands": []}, "unknown_game"),
        ({"game": "gin", "knocker": 0, "hands": [GIN[0], GIN[1][:9]]}, "wrong_hand_size"),
        ({"game": "gin", "knocker": 0, "hands": [GIN[0], [*GIN[1][:9], "2C"]]}, "duplicate_card"),
        ({"game": "gin", "knocker": 0, "hands": [GIN[0], [*GIN[1][:9], "1C"]]}, "invalid_card"),
        ({"game": "gin", "knocker": 2, "hands": GIN}, "index_out_of_range"),
        ({"game": "gin", "knocker": 0, "hands": GIN, "options": {"jokers": 1}}, "unknown_option"),
        ({"game": "gin", "knocker": 0, "hands": [GIN[0]]}, "wrong_player_count"),
        ({"game": "gin", "knocker": 1, "hands": GIN}, "knocker_over_limit"),
        ({"game": "knock", "knocker": 0, "hands": [k[:6] for k in KNOCK_9]}, "wrong_hand_size"),
        ({"game": "knock", "knocker": 4, "hands": KNOCK_9}, "index_out_of_range"),
        ({"game": "knock", "knocker": "0", "hands": KNOCK_9}, "bad_request"),
        ({"game": "basic", "winner": 0, "hands": [["2C"], ["3C"]]}, "wrong_hand_size"),
        (
            {
                "game": "basic",
                "winner": 0,
                "hands": [
                    [],
                    ["3C"] * 1
                    + ["4C"] * 0
                    + ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
                ],
            },
            "wrong_hand_size",
        ),
        ({"game": "basic", "winner": 5, "hands": [[], ["3C"]]}, "index_out_of_range"),
        ({"game": "basic", "winner": 0, "hands": [[], ["3C"]], "went_rummy": 1}, "bad_request"),
    ],
)
def test_settle_errors(request_: object, code: str) -> None:
    status, replies = run(
        ["settle", "--jsonl"], [request_, {"game": "gin", "knocker": 0, "hands": GIN}]
    )
    assert status == 0
    assert replies[0]["error"]["code"] == code, replies[0]
    assert replies[1]["received"] == [25, 0]


def test_subprocess_exit_zero_and_flush() -> None:
    lines = "nope\n" + json.dumps({"game": "gin", "knocker": 0, "hands": GIN}) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "game.engine", "settle", "--jsonl"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    out = [json.loads(x) for x in done.stdout.splitlines()]
    assert out[0]["error"]["code"] == "bad_json" and out[1]["received"] == [25, 0]
    readable = subprocess.run(
        [sys.executable, "-m", "game.engine", "arrange", "7H", "8H", "9H", "7S", "7D"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert readable.returncode == 0 and "14" in readable.stdout


# -- match --jsonl --------------------------------------------------------------------


def box(winner: int | None, points: int = 0) -> dict[str, object]:
    return {"void": True} if winner is None else {"winner": winner, "points": points}


def pays(*transfers: tuple[int, int, object]) -> dict[str, object]:
    return {"transfers": [{"from": a, "to": b, "points": p} for a, b, p in transfers]}


def codes(reply: dict) -> list[str]:  # type: ignore[type-arg]
    return [line["code"] for line in reply["lines"]]


def test_match_gin_game_worked_example_5() -> None:
    _status, replies = run(
        ["match", "--jsonl"],
        [
            {"game": "gin", "hands": [box(0, 40), box(1, 20), box(None), box(0, 35), box(0, 30)]},
            {"game": "gin", "hands": [box(0, 40), box(0, 35), box(0, 30)]},
            {"game": "gin", "hands": [box(0, 40), box(1, 20)]},
        ],
    )
    game, shutout, going_on = replies
    assert game["over"] and game["winner"] == 0
    assert game["boxes"] == [[40, 35, 30], [20]] and game["totals"] == [105, 20]
    lines = {(ln["code"], ln["params"]["player"]): ln["params"] for ln in game["lines"]}
    assert lines[("difference", 0)]["points"] == 85
    assert lines[("box_bonus", 0)]["points"] == 60 and lines[("box_bonus", 1)]["points"] == 20
    assert lines[("game_total", 0)]["points"] == 145 and lines[("game_total", 1)]["points"] == 20
    assert lines[("margin", 0)]["points"] == 125
    assert "shutout" not in codes(game)
    assert game["lines"][-1]["text"] == "Player 0 wins the game against player 1 by 125"
    shut = {(ln["code"], ln["params"]["player"]): ln["params"] for ln in shutout["lines"]}
    assert shut[("shutout", 0)]["points"] == 100 and shut[("game_total", 0)]["points"] == 265
    assert shut[("game_total", 1)]["points"] == 0 and shut[("margin", 0)]["points"] == 265
    assert not going_on["over"] and going_on["winner"] is None
    assert codes(going_on) == ["boxes", "boxes", "in_progress"]


def test_match_three_player_gin_says_who_plays_deals_and_sits_out_next() -> None:
    _status, replies = run(
        ["match", "--jsonl"],
        [
            {"game": "gin", "players": 3, "first_out": 2, "first_dealer": 0, "hands": []},
            {"game": "gin", "players": 3, "first_out": 2, "first_dealer": 0, "hands": [box(0, 30)]},
            {
                "game": "gin",
                "players": 3,
                "first_out": 2,
                "first_dealer": 0,
                "hands": [box(0, 30), box(None)],
            },
            {
                "game": "gin",
                "players": 3,
                "first_out": 2,
                "first_dealer": 0,
                "hands": [box(0, 30), box(1, 10)],
            },
            {"game": "gin", "players": 3, "first_out": 2, "first_dealer": 2, "hands": []},
        ],
    )
    assert replies[0]["next"] == {"players": [0, 1], "dealer": 0, "sitting_out": 2}
    # The winner plays the one who sat out, who deals; the loser sits out.
    assert replies[1]["next"] == {"players": [0, 2], "dealer": 2, "sitting_out": 1}
    assert replies[2]["next"] == replies[1]["next"]  # after a void hand: the same again
    assert replies[3]["error"]["code"] == "index_out_of_range"  # player 1 sat that hand out
    assert replies[4]["error"]["code"] == "bad_request"


def test_match_three_player_gin_winner_settles_with_each_other_player() -> None:
    hands = [box(0, 60), box(0, 50)]
    _status, (reply,) = run(
        ["match", "--jsonl"], [{"game": "gin", "players": 3, "first_out": 2, "hands": hands}]
    )
    assert reply["over"] and reply["winner"] == 0 and "next" not in reply
    margins = [ln["params"] for ln in reply["lines"] if ln["code"] == "margin"]
    assert [(m["player"], m["opponent"]) for m in margins] == [(0, 1), (0, 2)]
    shutouts = [ln["params"]["opponent"] for ln in reply["lines"] if ln["code"] == "shutout"]
    assert shutouts == [1, 2]


def test_match_four_player_gin_nets_the_two_tables_into_one_box() -> None:
    deals = [
        {"tables": [box(0, 10), box(3, 10)]},  # level: no box
        {"tables": [box(0, 50), box(2, 60)]},  # side 0 wins both: a box of 110
    ]
    _status, (reply,) = run(["match", "--jsonl"], [{"game": "gin", "players": 4, "hands": deals}])
    assert reply["boxes"] == [[110], []] and reply["over"] and reply["winner"] == 0


def test_match_knock_rummy_to_the_target_with_balances() -> None:
    hand = pays((1, 0, 7), (2, 0, 4))  # worked example 6
    _status, (reply, tie) = run(
        ["match", "--jsonl"],
        [
            {"game": "knock", "players": 3, "options": {"target_score": 30}, "hands": [hand] * 3},
            {
                "game": "knock",
                "players": 3,
                "options": {"target_score": 20},
                "hands": [pays((2, 0, 20), (2, 1, 20))],
            },
        ],
    )
    assert reply["over"] and reply["winner"] == 0 and reply["totals"] == [33, 0, 0]
    balances = [ln["params"] for ln in reply["lines"] if ln["code"] == "balance"]
    assert [b["net"] for b in balances] == [33, -21, -12]
    assert codes(reply)[-1] == "winner"
    assert not tie["over"] and codes(tie)[-1] == "another_hand"


def test_match_basic_rummy_target_and_shared_fractions() -> None:
    _status, replies = run(
        ["match", "--jsonl"],
        [
            {"game": "basic", "players": 3, "hands": [pays((1, 0, 18), (2, 0, 5))]},
            {
                "game": "basic",
                "players": 3,
                "options": {"target_score": 40},
                "hands": [
                    pays((1, 0, 18), (2, 0, 5)),
                    {"void": True},
                    pays((1, 0, "9/2"), (2, 0, 13)),
                ],
            },
        ],
    )
    assert not replies[0]["over"] and replies[0]["totals"] == [23, 0, 0]
    assert codes(replies[0]) == ["score", "score", "score", "in_progress"]
    assert replies[1]["over"] and replies[1]["totals"] == ["81/2", 0, 0]


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"game": "poker", "hands": []}, "unknown_game"),
        ({"game": "gin", "players": 5, "hands": []}, "wrong_player_count"),
        ({"game": "basic", "players": 1, "hands": []}, "wrong_player_count"),
        ({"game": "gin", "players": True, "hands": []}, "wrong_player_count"),
        ({"game": "gin", "hands": "all"}, "bad_request"),
        ({"game": "gin", "hands": [box(2, 10)]}, "index_out_of_range"),
        ({"game": "gin", "hands": [{"winner": 0, "points": -5}]}, "bad_points"),
        ({"game": "gin", "hands": [{"winner": 0, "points": "lots"}]}, "bad_points"),
        ({"game": "gin", "hands": [{"winner": 0, "points": True}]}, "bad_points"),
        ({"game": "gin", "hands": [box(0, 100), box(1, 10)]}, "match_over"),
        ({"game": "gin", "options": {"knock_limit": "ten"}, "hands": []}, "unknown_option"),
        ({"game": "gin", "players": 4, "hands": [{"tables": [box(0, 10)]}]}, "bad_request"),
        # Deal 1's tables are players 0 and 1, and 2 and 3: player 2 was not at the first.
        (
            {"game": "gin", "players": 4, "hands": [{"tables": [box(2, 10), box(3, 5)]}]},
            "index_out_of_range",
        ),
        ({"game": "knock", "players": 3, "hands": [pays((1, 1, 3))]}, "bad_request"),
        ({"game": "knock", "players": 3, "hands": [{"winner": 0}]}, "bad_request"),
        ("[1, 2]", "bad_request"),
        ("not json", "bad_json"),
    ],
)
def test_match_refuses_a_bad_line_with_a_code_and_goes_on(request_: object, code: str) -> None:
    good = {"game": "gin", "hands": [box(0, 25)]}
    status, replies = run(["match", "--jsonl"], [request_, good])
    assert status == 0
    assert replies[0]["error"]["code"] == code, replies[0]
    assert replies[1]["totals"] == [25, 0]
