"""Tables for people: a new Knock Rummy table's computer players (and the computer in an
away person's seat) are patient unless the opener unticks "the computer players give you
time to play" (as at a practice table): no knock before every player has had two turns.
Tables opened before keep the strong player (shared.0006)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from game.engine import Knock, bot_move
from game.practice.forms import NewTableForm
from game.shared import services
from game.shared.forms import OpenTableForm
from game.shared.models import SharedTable
from tests import factories
from tests.practice.test_computers import PATIENT_LINE, STRONG_LINE
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


# -- The opener's choice ----------------------------------------------------------------


def _box(page: str) -> str:
    box = re.search(r'<input[^>]*name="patient_computers"[^>]*>', page)
    assert box is not None, "no box to tick"
    return box.group(0)


def _post(client: Client, game: str = "knock", computers: int = 1, **extra: str) -> SharedTable:
    data = {"game": game, "players": "2", "computers": str(computers), "name": "Ona", **extra}
    response = client.post("/en/play/new/", data)
    assert response.status_code == 303, response.content.decode()[:500]
    address = response["Location"].split("#", 1)[0]
    return SharedTable.objects.get(public_id=address.rstrip("/").rsplit("/", 1)[1])


def test_the_open_table_form_offers_the_practice_forms_choice_ticked() -> None:
    form = OpenTableForm(auto_id="open_%s")
    field = form["patient_computers"]
    practice = NewTableForm()["patient_computers"]
    # The practice form's words (no new translations), named by its game without JS.
    assert str(field.label) == str(practice.label)
    assert str(field.label).startswith("Knock Rummy: ")
    assert str(field.help_text) == str(practice.help_text)
    assert field.initial is True
    html = str(field)
    assert 'data-game="knock"' in html and "checked" in html
    assert 'type="checkbox"' in html and 'id="open_patient_computers"' in html


@pytest.mark.parametrize(
    ("data", "policy"),
    [
        ({"game": "knock", "patient_computers": "on"}, "patient"),
        ({"game": "knock"}, "bot"),  # unticked: the box posts nothing
        ({"game": "gin", "patient_computers": "on"}, None),  # the game's default
        ({"game": "basic"}, None),
    ],
)
def test_the_form_says_how_the_computer_players_play(data: dict[str, str], policy: str) -> None:
    form = OpenTableForm({"players": "2", "computers": "1", "name": "Ona", **data})
    assert form.is_valid(), form.errors
    assert form.policy() == policy


@pytest.mark.django_db
def test_the_play_page_draws_the_box_ticked_before_its_label(client: Client) -> None:
    page = client.get("/en/play/").content.decode()
    box = _box(page)
    assert "checked" in box and 'data-game="knock"' in box
    assert re.search(
        r'<input[^>]*name="patient_computers"[^>]*> <label for="open_patient_computers">'
        r"Knock Rummy: the computer players give you time to play</label>",
        page,
    )
    # A refused form keeps the box as it was sent: unticked stays unticked.
    refused = client.post("/en/play/new/", {"game": "knock", "players": "2", "name": ""})
    assert refused.status_code == 400 and "checked" not in _box(refused.content.decode())
    refused = client.post(
        "/en/play/new/",
        {"game": "knock", "players": "2", "name": "", "patient_computers": "on"},
    )
    assert refused.status_code == 400 and "checked" in _box(refused.content.decode())
    assert not SharedTable.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "ticked", "stored", "line"),
    [
        ("knock", True, "patient", PATIENT_LINE),
        ("knock", False, "bot", STRONG_LINE),
        ("gin", True, "bot", ""),
        ("gin", False, "bot", ""),
    ],
)
def test_the_table_keeps_the_openers_choice_and_says_it(
    client: Client, game: str, ticked: bool, stored: str, line: str
) -> None:
    table = _post(client, game, **({"patient_computers": "on"} if ticked else {}))
    assert table.computers == stored
    page = client.get(f"/en/play/{table.public_id}/").content.decode()
    for said in (PATIENT_LINE, STRONG_LINE):
        assert (said in page) is (said == line), said


class _Fixed:
    """A stand-in for ``random.SystemRandom()`` that draws ``seed`` (a table's deal)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randrange(self, *_args: int) -> int:
        return self.seed


@pytest.mark.django_db
def test_the_strong_computer_chosen_knocks_before_the_person_has_played(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal where the patient computer waits (above): unticked, it knocks at once."""
    monkeypatch.setattr(services.random, "SystemRandom", lambda: _Fixed(EARLY_KNOCK_SEED))
    table = _post(client, "knock")
    assert table.computers == "bot" and table.seed == EARLY_KNOCK_SEED
    state = services.shared_state(table=table)
    assert isinstance(state.current[0].moves[1], Knock) and state.round_over


@pytest.mark.django_db
@pytest.mark.parametrize(("policy", "stored"), [(None, "patient"), ("patient", "patient")])
def test_the_service_stores_the_choice(policy: str | None, stored: str) -> None:
    ona = factories.learner("Ona")
    table = services.open_table(
        learner=ona, name="Ona", game="knock", players=3, computers=2, policy=policy
    )
    table.refresh_from_db()
    assert table.computers == stored
    strong = services.open_table(
        learner=ona, name="Ona", game="knock", players=2, computers=1, policy="bot"
    )
    strong.refresh_from_db()
    assert strong.computers == "bot"
    pupils = [(factories.learner(n), n) for n in ("Jonas", "Petras", "Ieva")]
    tables = services.seat_people(people=pupils, game="knock", players=2, policy="bot")
    assert {t.computers for t in SharedTable.objects.filter(pk__in=[t.pk for t in tables])} == {
        "bot"
    }


@pytest.mark.django_db
def test_a_bad_policy_is_refused_and_nothing_is_made() -> None:
    ona = factories.learner("Ona")
    with pytest.raises(ValueError, match=r"computers: 'random' is not one of patient, bot"):
        services.open_table(
            learner=ona, name="Ona", game="knock", players=2, computers=1, policy="random"
        )
    with pytest.raises(ValueError, match="is not one of patient, bot"):
        services.seat_people(
            people=[(ona, "Ona"), (factories.learner("Jonas"), "Jonas")],
            game="knock",
            players=2,
            policy="",
        )
    assert not SharedTable.objects.exists()


# -- A table of people only -------------------------------------------------------------

#: What a Knock Rummy table of people only says of the computer that plays the seat of a
#: player who leaves (or stops answering, when the table hands their seat on).
PEOPLE_LINES = {
    ("patient", True): (
        "If a player leaves the table or stops answering, the computer plays their seat and "
        "gives you time to play: it does not knock before everyone has had two turns."
    ),
    ("bot", True): (
        "If a player leaves the table or stops answering, the computer plays their seat to "
        "win: it knocks as soon as a knock pays."
    ),
    ("patient", False): (
        "If a player leaves the table, the computer plays their seat and gives you time to "
        "play: it does not knock before everyone has had two turns."
    ),
    ("bot", False): (
        "If a player leaves the table, the computer plays their seat to win: it knocks as "
        "soon as a knock pays."
    ),
}
EVERY_LINE = (PATIENT_LINE, STRONG_LINE, *PEOPLE_LINES.values())


def _said(page: str) -> list[str]:
    return [line for line in EVERY_LINE if line in page]


@pytest.mark.django_db
@pytest.mark.parametrize("ticked", [True, False])
@pytest.mark.parametrize("away", [120, 0])
def test_a_knock_table_of_people_only_says_how_the_computer_plays_a_players_seat(
    client: Client, ticked: bool, away: int
) -> None:
    """The walk: at a Knock Rummy table of people only nobody could see the opener's
    choice, though it applies when a player leaves or stops answering. Each player's
    page now says it under the status line (once the hand is dealt, as a table with
    computer players says theirs), worded for that case; "stops answering" only where
    the table hands such a seat on."""
    extra = {"away": str(away), **({"patient_computers": "on"} if ticked else {})}
    table = _post(client, "knock", computers=0, **extra)
    line = PEOPLE_LINES[("patient" if ticked else "bot", bool(away))]
    url = f"/en/play/{table.public_id}/"
    services.sit_down(table=table, learner=factories.learner("Jonas"), name="Jonas")
    page = client.get(url).content.decode()
    assert _said(page) == [line]
    assert re.search(
        r'<p class="table-area__status table-area__computers">' + re.escape(line), page
    )
    # Once the table has ended nobody plays: nothing to say.
    services.end_table(table=table)
    assert _said(client.get(url).content.decode()) == []


@pytest.mark.django_db
def test_other_tables_say_no_word_of_an_away_players_seat(client: Client) -> None:
    """A Knock Rummy table with a computer player says how the computer players knock
    (which covers a seat it plays for a person); a Gin table says nothing."""
    with_computer = _post(client, "knock", computers=1, patient_computers="on")
    page = client.get(f"/en/play/{with_computer.public_id}/").content.decode()
    assert _said(page) == [PATIENT_LINE]
    gin = _post(client, "gin", computers=0, patient_computers="on")
    assert _said(client.get(f"/en/play/{gin.public_id}/").content.decode()) == []
