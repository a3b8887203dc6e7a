"""How a Knock Rummy table's computer players knock: the learner chooses when starting
the table (patient by default: no knock before everyone has had two turns), the table
says which, and the computer players keep to it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from game.engine import Game, Knock, PatientPlayer
from game.practice import services
from game.practice.forms import NewTableForm
from tests import factories

from .helpers import start_table, url

pytestmark = pytest.mark.django_db

#: A deal where the strong computer player knocks on its first turn, before the learner
#: (two players) has played at all.
EARLY_KNOCK_SEED = 8

PATIENT_LINE = (
    "The computer players give you time to play: they do not knock before everyone has had "
    "two turns."
)
STRONG_LINE = "The computer players play to win: they knock as soon as a knock pays."


def _box(page: str) -> str:
    box = re.search(r'<input[^>]*name="patient_computers"[^>]*>', page)
    assert box is not None
    return box.group(0)


def test_the_new_table_form_offers_the_choice_for_knock_rummy_ticked() -> None:
    form = NewTableForm()
    field = form["patient_computers"]
    assert field.initial is True
    assert str(field.label).startswith("Knock Rummy: ")  # named by its game without JS
    html = str(field)
    assert 'data-game="knock"' in html and "checked" in html
    assert "two turns" in str(field.help_text)


def test_the_practice_page_shows_the_box_ticked(client: Client) -> None:
    page = client.get("/en/practice/?game=knock").content.decode()
    box = _box(page)
    assert "checked" in box and 'data-game="knock"' in box
    assert "the computer players give you time to play" in page


@pytest.mark.parametrize(
    ("game", "ticked", "computers"),
    [("knock", True, "patient"), ("knock", False, "bot"), ("gin", True, "bot")],
)
def test_the_table_keeps_the_choice(
    client: Client, game: str, ticked: bool, computers: str
) -> None:
    extra = {"patient_computers": "on"} if ticked else {}
    assert start_table(client, game, **extra).computers == computers


def test_a_new_knock_table_is_patient_unless_told_otherwise() -> None:
    assert factories.table("knock", 2).computers == "patient"
    assert factories.table("gin", 2).computers == "bot"
    assert factories.table("knock", 3, computers="bot").computers == "bot"
    with pytest.raises(ValueError):
        factories.table("knock", 2, computers="random")


def _strong_and_patient() -> tuple[services.TableState, services.TableState]:
    """The same deal at a table of each kind, the computer players moved up to the
    learner's turn or the end of the hand."""
    states = []
    for computers in ("bot", "patient"):
        table = services.table_start(
            learner=factories.learner(),
            game=Game.KNOCK,
            players=2,
            options={},
            name="Aistė",
            seed=EARLY_KNOCK_SEED,
            computers=computers,
        )
        state = services.table_state(table=table)
        assert state.bots_to_move  # the computer plays first at this deal
        states.append(services.table_bot_step(table=table, version=table.version, all_steps=True))
    return states[0], states[1]


def test_the_patient_computer_does_not_knock_where_the_strong_one_does() -> None:
    strong, patient = _strong_and_patient()
    # The strong computer knocked on its first turn: the learner never played.
    assert strong.hand.is_over and isinstance(strong.board.moves[-1], Knock)
    assert len(strong.board.moves) == 2
    # The patient one discarded instead: it is the learner's turn.
    assert not patient.hand.is_over and patient.my_turn
    assert patient.board.moves[0] == strong.board.moves[0]
    assert not isinstance(patient.board.moves[1], Knock)


def test_the_patient_computer_never_knocks_before_everyone_had_two_turns() -> None:
    checked = 0
    for seed in range(1, 11):
        for players in (2, 4):
            table = factories.table("knock", players, seed=seed)
            state = services.table_state(table=table)
            while not state.hand.is_over:  # the learner plays as patiently
                if state.my_turn:
                    move = PatientPlayer(1).choose(state.view)
                    state = services.table_move(
                        table=table, version=table.version, move=move, confirmed=True
                    )
                else:
                    state = services.table_bot_step(table=table, version=table.version)
            hand = state.hand
            knock = next((i for i, m in enumerate(state.board.moves) if isinstance(m, Knock)), None)
            if knock is None or hand.result is None or hand.result.player == state.me:
                continue  # void, or the learner's knock
            turns = sum(1 for m in state.board.moves[:knock] if m.kind == "discard")
            assert turns >= 2 * players, (seed, players, turns)
            checked += 1
    assert checked >= 8  # most hands end by a computer player's knock


def test_the_table_says_how_its_computer_players_knock(client: Client) -> None:
    patient = start_table(client, "knock", patient_computers="on")
    strong = start_table(client, "knock")
    gin = start_table(client, "gin")
    assert PATIENT_LINE in client.get(url(patient)).content.decode()
    assert STRONG_LINE in client.get(url(strong)).content.decode()
    page = client.get(url(gin)).content.decode()
    assert PATIENT_LINE not in page and STRONG_LINE not in page
