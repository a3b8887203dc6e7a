"""Tables for people: a new Knock Rummy table's computer players (and the computer in an
away person's seat) are patient: no knock before every player has had two turns. Tables
opened before keep the strong player (shared.0006)."""

from __future__ import annotations

import pytest

from game.engine import Knock, bot_move
from game.shared import services
from tests import factories
from tests.practice.test_migrations import Migrator

#: A deal where the strong computer player, moving first, knocks on its first turn.
EARLY_KNOCK_SEED = 8


def _open(seed: int = EARLY_KNOCK_SEED, game: str = "knock") -> services.SharedTable:
    return services.open_table(
        learner=factories.learner("Ona"), name="Ona", game=game, players=2, computers=1, seed=seed
    )


@pytest.mark.django_db
def test_new_knock_tables_are_patient() -> None:
    assert _open().computers == "patient"
    assert _open(game="gin").computers == "bot"
    pupils = [(factories.learner(n), n) for n in ("Ona", "Jonas", "Petras")]
    tables = services.seat_people(people=pupils, game="knock", players=2)
    assert {t.computers for t in tables} == {"patient"}


@pytest.mark.django_db
def test_the_computer_does_not_knock_before_the_person_has_played() -> None:
    table = _open()
    state = services.shared_state(table=table)
    board = state.current[0]
    # The computer moved first: it drew, and the strong player would knock now.
    after_draw = services.replay(state.rules, board.upto(1))
    assert after_draw.turn != board.seat_of(0)
    assert isinstance(bot_move(after_draw, policy="bot", seed=state.rules.seed % 2**31), Knock)
    # The patient computer discarded instead: it is Ona's turn and the hand goes on.
    assert not isinstance(board.moves[1], Knock)
    assert not state.hand_of(board).is_over and state.my_turn(0)


@pytest.mark.django_db(transaction=True)
def test_tables_opened_before_keep_the_strong_computer_player() -> None:
    table = _open()
    names = ["public_id", "code", "game", "seats", "rounds", "results", "version", "waiting"]
    migrator = Migrator()
    try:
        old = migrator.to([("shared", "0005_table_ended")])
        Old = old.get_model("shared", "SharedTable")
        kept = {name: getattr(Old.objects.get(pk=table.pk), name) for name in names}
        new = migrator.to([("shared", "0006_sharedtable_computers")])
        row = new.get_model("shared", "SharedTable").objects.get(pk=table.pk)
        assert {name: getattr(row, name) for name in names} == kept
        assert row.computers == "bot"
    finally:
        migrator.latest()
    table.refresh_from_db()
    assert table.computers == "bot" and services.shared_state(table=table).dealt
