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
