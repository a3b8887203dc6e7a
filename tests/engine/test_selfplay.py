"""Selfplay of every game and player count: no broken invariant, bot tables never capped."""

from __future__ import annotations

import io
import json

import pytest

from game.engine import (
    BotPlayer,
    RandomPlayer,
    bot_move,
    make_player,
    new_hand,
)
from game.engine.cli import main as cli_main
from game.engine.selfplay import main as selfplay_main
from game.engine.selfplay import play_hand, run_selfplay

TABLES = [("basic", n) for n in range(2, 7)] + [("gin", 2)] + [("knock", n) for n in range(2, 7)]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_bot_tables(game: str, players: int) -> None:
    summary = run_selfplay(game, players=players, hands=12, seed=3)
    assert summary["invariant_violations"] == 0, summary["violations"]
    assert summary["ended"].get("capped", 0) == 0
    assert sum(summary["ended"].values()) == 12
    assert len(summary["hands_won"]) == len(summary["points_won"]) == players


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_mixed_tables(game: str, players: int) -> None:
    policies = ["bot", "random"] * 3
    summary = run_selfplay(game, players=players, hands=8, seed=4, policies=policies[:players])
    assert summary["invariant_violations"] == 0, summary["violations"]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_bot_tables_many_hands(game: str, players: int) -> None:
    summary = run_selfplay(game, players=players, hands=300, seed=11)
    assert summary["invariant_violations"] == 0, summary["violations"]
    assert summary["ended"].get("capped", 0) == 0


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_random_tables_many_hands(game: str, players: int) -> None:
    summary = run_selfplay(
        game, players=players, hands=200, seed=12, policies=["random"], turn_cap=300
    )
    assert summary["invariant_violations"] == 0, summary["violations"]


def test_bot_beats_random_at_gin() -> None:
    """Measured claim: the bot wins at least 90% of the gin hands that someone wins."""
    won = [0, 0]
    for order, seed in ((["bot", "random"], 5), (["random", "bot"], 6)):
        summary = run_selfplay("gin", players=2, hands=100, seed=seed, policies=order, check=False)
        bot = order.index("bot")
        won[0] += summary["hands_won"][bot]
        won[1] += summary["hands_won"][1 - bot]
    assert won[0] / (won[0] + won[1]) >= 0.9, won


def test_hands_are_reproducible() -> None:
    a = play_hand("basic", players=3, seed=77, policies=["bot", "random", "bot"])
    b = play_hand("basic", players=3, seed=77, policies=["bot", "random", "bot"])
    assert a.hand is not None and b.hand is not None
    assert a.hand.to_json() == b.hand.to_json() and a.end == b.end


def test_turn_cap() -> None:
    record = play_hand("basic", players=2, seed=1, policies=["random", "random"], turn_cap=3)
    assert record.end == "capped" and record.turns == 3 and record.violations == []


def test_players_and_bot_move() -> None:
    hand = new_hand("gin", seed=2)
    for player in (BotPlayer(1), RandomPlayer(1), make_player("bot"), make_player("random")):
        assert hand.is_legal(player.choose(hand.view(hand.turn)))
    assert hand.is_legal(bot_move(hand, policy="random", seed=3))
    with pytest.raises(ValueError):
        make_player("genius")
    with pytest.raises(ValueError):
        BotPlayer().choose(hand.view(1 - hand.turn))
    with pytest.raises(ValueError):
        run_selfplay("gin", players=2, hands=1, policies=["bot", "genius"])


def test_cli_subcommand() -> None:
    out = io.StringIO()
    status = cli_main(
        [
            "selfplay",
            "--game",
            "knock",
            "--players",
            "4",
            "--hands",
            "5",
            "--seed",
            "1",
            "--policy",
            "bot,random,random,random",
            "--turn-cap",
            "1000",
        ],
        stdout=out,
    )
    assert status == 0
    summary = json.loads(out.getvalue())
    assert {
        "game",
        "players",
        "hands",
        "ended",
        "turns_mean",
        "hands_won",
        "points_won",
        "invariant_violations",
        "seconds",
    } <= set(summary)
    assert summary["game"] == "knock" and summary["players"] == 4 and summary["hands"] == 5


def test_cli_options_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        selfplay_main(
            [
                "--game",
                "basic",
                "--hands",
                "2",
                "--option",
                "ace_high_or_low=true",
                "--option",
                "target_score=100",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["invariant_violations"] == 0
    assert selfplay_main(["--game", "gin", "--players", "3", "--hands", "1"]) == 2
    assert selfplay_main(["--game", "gin", "--hands", "1", "--option", "colour=red"]) == 2
