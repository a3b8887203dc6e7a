"""Practice tables through HTTP: every action, every refusal, hidden cards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from game import explain
from game.cards import card_name
from game.cards import card_short as explain_card
from game.engine import (
    BotPlayer,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    LayDown,
    LayOff,
    MoveKind,
    Phase,
    TableFormat,
)
from game.practice.models import Table
from game.practice.services import HUMAN, table_state
from tests import factories
from tests.a11y import spoken_text
from tests.factories import hand_of, learner_move, move_data, play_hand_out
from tests.switcher import opened_where_sent, switched, switcher_next

from .helpers import (
    HTMX,
    hidden_cards,
    learner_seat,
    other_table_leaks,
    post_move,
    snapshot,
    start_table,
    url,
)

pytestmark = pytest.mark.django_db


def to_learners_turn(client: Client, table: Table) -> None:
    """Let the computer players move until it is the learner's turn."""
    hand = hand_of(table)
    if not hand.is_over and hand.turn != HUMAN:
        response = client.post(url(table, "computer"), {"version": str(table.version), "all": "1"})
        assert response.status_code == 303
    table.refresh_from_db()


# ------------------------------------------------------------------ starting
def test_practice_index_lists_only_my_tables(client: Client) -> None:
    mine = start_table(client, "knock", 3)
    other = Client()
    theirs = start_table(other, "gin")
    html = client.get("/en/practice/").content.decode()
    assert mine.public_id in html
    assert theirs.public_id not in html


def test_the_list_of_tables_says_a_match_is_over_and_who_won(client: Client) -> None:
    """The Russian newcomer's walk: a table whose match was over read «раздача 17» in
    "Your tables", with nothing saying the match was over, nor who won."""
    from game.practice import services

    table = start_table(client, "gin", target_score="10")
    going = start_table(client, "basic")
    while True:
        state = factories.play_hand_out(table)
        if state.match.is_over:
            break
        services.table_next_hand(table=table, version=table.version)
    winner = services.seat_names(table)[state.match.winner]
    html = client.get("/en/practice/").content.decode()
    mine = re.search(rf'{table.public_id}/".*?</li>', html, re.S)
    other = re.search(rf'{going.public_id}/".*?</li>', html, re.S)
    assert mine is not None and other is not None
    assert f"The match is over: {winner} wins." in mine.group(0)
    assert "The match is over" not in other.group(0)


def test_the_new_table_form_offers_the_learners_own_name(client: Client) -> None:
    """The teacher's walk: a pupil who joined his class as "Lukas" was offered the
    language's default name ("Aleksas") for a practice table, and sat there as it."""
    from tests.classroom.test_views import a_class, pupil_joins, teacher_client

    _teacher, user = teacher_client()
    classroom = a_class(user, "4A")
    lukas = pupil_joins(classroom.join_code, "Lukas")
    html = lukas.get("/lt/practice/").content.decode()
    assert re.search(r'name="name"[^>]*value="Lukas"', html), html
    assert 'value="Aleksas"' not in html
    # A newcomer is offered no name (the default was a man's in Lithuanian): the field
    # says the table calls them "You" without one.
    fresh = Client().get("/lt/practice/").content.decode()
    field = re.search(r'<input[^>]*name="name"[^>]*>', fresh)
    assert field is not None and "value=" not in field.group(0), field
    assert "required" not in field.group(0)
    assert "Aleksas" not in fresh


@pytest.mark.parametrize(("language", "you"), [("en", "You"), ("lt", "Jūs"), ("ru", "Вы")])
def test_a_table_started_without_a_name_calls_the_learner_you(
    client: Client, language: str, you: str
) -> None:
    """A newcomer who leaves the name empty: the table says "You" where their name would
    stand alone (their seat, the players to score, the sheet), never the language's
    default name («Aleksas», a man's, for everyone), and the site keeps no name for them:
    their class and a table for people ask for it, not offer «Aleksas»."""
    from game.names import learner_default
    from learners.models import Learner

    response = client.post(f"/{language}/practice/new/", {"game": "gin", "players": "2"})
    assert response.status_code == 303
    table = Table.objects.get()
    assert table.seats[0]["name"] == "" and table.learner.display_name == ""
    play_whole_hand(client, table)
    page = client.get(url(table, language=language) + "?step=all").content.decode()
    seat = re.search(
        r'<li class="seat[^"]*seat--you[^"]*"[^>]*><span class="seat__name">(.*?)</span>', page
    )
    assert seat is not None and seat.group(1) == you, seat
    rows = re.findall(r'<th scope="row">(.*?)</th>', page)
    assert rows and rows[0] == you, rows
    with translation.override(language):
        default = learner_default()
    assert default not in page
    assert Learner.objects.get().display_name == ""


def test_a_table_started_without_a_name_keeps_the_learners_own(client: Client) -> None:
    """A learner who gave a name before and leaves it empty this time keeps theirs."""
    start_table(client, "gin")
    assert Table.objects.get().learner.display_name == "Aistė"
    client.post("/en/practice/new/", {"game": "knock", "players": "3", "name": " "})
    nameless = Table.objects.get(game="knock")
    assert nameless.seats[0]["name"] == "" and nameless.learner.display_name == "Aistė"


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        ("gin", "5", "Gin Rummy is for 2 to 4 players."),
        ("basic", "7", "Choose from 2 to 6 players."),
        ("knock", "1", "Choose from 2 to 6 players."),
        ("poker", "2", "Choose one of the three games."),
        ("knock", "x" * 5000, "Choose from 2 to 6 players."),
    ],
)
def test_start_refuses_bad_forms(client: Client, game: str, players: str, message: str) -> None:
    response = client.post("/en/practice/new/", {"game": game, "players": players, "name": "A"})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert "x" * 50 not in html and "poker" not in html  # the refusal does not repeat the post
    assert Table.objects.count() == 0


@pytest.mark.parametrize("target", ["5", "1001", "fifty"])
def test_a_target_score_out_of_range_is_refused_in_the_sites_words(
    client: Client, target: str
) -> None:
    """The Russian pupil's walk met Django's «Убедитесь, что это значение больше либо
    равно 10.» under the target score: the site says what to type, as the classroom's
    count of hands does."""
    response = client.post(
        "/en/practice/new/",
        {"game": "gin", "players": "2", "name": "A", "target_score": target},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Type a target score from 10 to 1000 points." in html
    assert "Ensure this value" not in html and "Enter a whole number" not in html
    assert Table.objects.count() == 0


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ona\u200b  Marta ", "Ona Marta"),
        ("\u202eanO", "anO"),
        ("Lu\x07kas\u2028", "Lukas"),
        ("Jo\u0308nas\ufeff", "J\u00f6nas"),
        ("Оля\u2066", "Оля"),
    ],
)
def test_a_name_is_kept_without_invisible_characters(client: Client, typed: str, kept: str) -> None:
    response = client.post("/en/practice/new/", {"game": "gin", "players": "2", "name": typed})
    assert response.status_code == 303
    table = Table.objects.get()
    assert table.seats[0]["name"] == kept
    assert table.learner.display_name == kept


def test_a_name_of_only_invisible_characters_is_refused(client: Client) -> None:
    response = client.post(
        "/en/practice/new/", {"game": "gin", "players": "2", "name": "\u200b\u202e \u2060"}
    )
    assert response.status_code == 400
    assert "Type your name" in response.content.decode()
    assert Table.objects.count() == 0


def test_start_in_russian_explains_in_russian(client: Client) -> None:
    response = client.post("/ru/practice/new/", {"game": "gin", "players": "5", "name": "Аня"})
    assert response.status_code == 400
    assert 'lang="ru"' in response.content.decode()
    assert "Gin Rummy is for" not in response.content.decode()


def test_start_keeps_options(client: Client) -> None:
    table = start_table(
        client,
        "basic",
        3,
        ace_high_or_low="on",
        last_card_must_be_discarded="on",
        target_score="60",
    )
    assert table.options["ace_high_or_low"] is True
    assert table.options["last_card_must_be_discarded"] is True
    assert table.options["target_score"] == 60
    assert [seat["kind"] for seat in table.seats] == ["human", "bot", "bot"]
    assert table.seats[0]["name"] == "Aistė"


def test_gin_lays_out_by_hand_when_the_box_is_ticked(client: Client) -> None:
    page = client.get("/en/practice/?game=gin").content.decode()
    box = re.search(r'<input[^>]*name="lay_out_yourself"[^>]*>', page)
    assert box is not None and "checked" in box.group(0)  # on for a new table
    assert start_table(client, "gin", lay_out_yourself="on").options["players_lay_out"] is True
    assert start_table(client, "gin").options["players_lay_out"] is False
    assert "players_lay_out" not in start_table(client, "knock", lay_out_yourself="on").options


def test_the_table_page_is_never_kept_by_the_browser(client: Client) -> None:
    """Back to a table showed it from the browser's cache, a turn already played
    offered again (the Russian pupil's walk): its page says no-store."""
    table = start_table(client, "gin")
    for response in (client.get(url(table)), client.get(url(table), **HTMX)):
        assert response.status_code == 200
        assert "no-store" in response["Cache-Control"]
        assert "private" in response["Cache-Control"]


# ------------------------------------------------------------------ actions
@pytest.mark.parametrize("htmx", [False, True])
def test_draw_and_discard(client: Client, htmx: bool) -> None:
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    before = hand_of(table)
    assert before.phase is Phase.DRAW
    response = post_move(client, table, DrawStock(), htmx=htmx)
    if htmx:
        assert response.status_code == 200
        html = response.content.decode()
        assert "<html" not in html and 'id="table"' in html
        assert "You drew from the stock." in html
    else:
        assert response.status_code == 303
        assert response["Location"] == url(table) + "#table-status"
    after = hand_of(table)
    assert len(after.hands[HUMAN]) == 11
    # The card just drawn is marked, for its player.
    page = client.get(url(table)).content.decode()
    drawn = re.search(r'for="card-(..)">(?:(?!</label>).)*just drawn', page, re.S)
    assert drawn is not None and drawn.group(1) == str(before.stock[0])
    card = max(after.hands[HUMAN], key=lambda c: c.points)
    response = post_move(client, table, Discard(card), htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert card not in hand_of(table).hands[HUMAN]


@pytest.mark.parametrize("htmx", [False, True])
def test_take_discard(client: Client, htmx: bool) -> None:
    table = start_table(client, "knock", 3)
    to_learners_turn(client, table)
    top = hand_of(table).discard_pile[0]
    response = post_move(client, table, DrawDiscard(), htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert top in hand_of(table).hands[HUMAN]


@pytest.mark.parametrize("htmx", [False, True])
def test_computer_players_move_one_step_at_a_time(client: Client, htmx: bool) -> None:
    table = start_table(client, "basic", 4)
    hand = hand_of(table)
    # Play until a computer player is to move.
    while hand.turn == HUMAN:
        post_move(client, table, learner_move(hand))
        hand = hand_of(table)
    moves_before = len(hand.log)
    response = client.post(
        url(table, "computer"), {"version": str(table.version)}, **(HTMX if htmx else {})
    )
    assert response.status_code == (200 if htmx else 303)
    assert len(hand_of(table).log) == moves_before + 1


def test_skip_to_my_turn(client: Client) -> None:
    table = start_table(client, "basic", 5)
    hand = hand_of(table)
    while hand.turn == HUMAN:
        post_move(client, table, learner_move(hand))
        hand = hand_of(table)
    response = client.post(url(table, "computer"), {"version": str(table.version), "all": "1"})
    assert response.status_code == 303
    hand = hand_of(table)
    assert hand.is_over or hand.turn == HUMAN


def test_the_log_numbers_its_latest_lines_as_in_the_whole_hand(client: Client) -> None:
    """The browser walk: the log shows the latest lines, and numbered them from 1."""
    table = start_table(client, "basic", 5)
    hand = hand_of(table)
    while len(hand.view(HUMAN).log) <= 8 and not hand.is_over:
        if hand.turn == HUMAN:
            post_move(client, table, learner_move(hand))
        else:
            to_learners_turn(client, table)
        hand = hand_of(table)
    events = len(hand.view(HUMAN).log)
    html = client.get(url(table)).content.decode()
    # (Its class says how many digits its last number has: site.css indents it to fit.)
    lines = re.split(r'class="log__lines[^"]*"', html, maxsplit=1)[1].split("</ol>", 1)[0]
    assert lines.startswith(f' start="{events - 7}">') and lines.count("<li") == 8


@pytest.mark.parametrize("htmx", [False, True])
def test_hint_is_given_and_counted(client: Client, htmx: bool) -> None:
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    response = client.post(
        url(table, "hint"),
        {"version": str(table.version)},
        follow=not htmx,
        **(HTMX if htmx else {}),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "The coach suggests" in html
    assert "1 hint used" in html
    table.refresh_from_db()
    assert len(table.hints[-1]) == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_the_hint_takes_the_focus_on_a_whole_page(client: Client, htmx: bool) -> None:
    """The Lithuanian walk without JavaScript: "Hint" reloaded the page with the focus
    at its top, the coach's advice a screen below the hand. A whole page opens with the
    focus on the advice (read out where it is); htmx's swap is left to #announce and
    site.js, and a later page draws no advice to focus."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    response = client.post(
        url(table, "hint"),
        {"version": str(table.version)},
        follow=not htmx,
        **(HTMX if htmx else {}),
    )
    html = response.content.decode()
    advice = re.search(r'<section class="coach coach--advice"[^>]*>', html)
    assert advice is not None
    assert (" autofocus" in advice[0]) is not htmx
    assert ('tabindex="-1"' in advice[0]) is not htmx
    assert html.count(" autofocus") == (0 if htmx else 1)
    assert "coach--advice" not in client.get(url(table)).content.decode()


def test_a_hint_without_javascript_redirects_and_a_reload_counts_nothing(
    client: Client,
) -> None:
    """The walk without JavaScript: "Hint" was answered at …/hint/, and a reload asked to
    send the form again. It redirects (Post/Redirect/Get) to the table's page at the
    version the hint left (``?hinted=``, no fragment: the advice takes the focus), which
    shows the advice, counted once however often it is reloaded. The address gives no
    hint that was not asked for: another learner's table, the table moved on, or a
    version it is not at shows the page as it is. With htmx, the table in place."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    response = client.post(url(table, "hint"), {"version": str(table.version)})
    assert response.status_code == 303
    table.refresh_from_db()
    location = response["Location"]
    assert location == url(table) + f"?hinted={table.version}"
    recorded = table.hints
    assert len(recorded[-1]) == 1
    for _ in range(2):  # the page, and a reload of it
        html = client.get(location).content.decode()
        advice = re.search(r'<section class="coach coach--advice"[^>]*>', html)
        assert advice is not None and " autofocus" in advice[0]
        assert "1 hint used" in html
        table.refresh_from_db()
        assert table.hints == recorded
    hints = table.hints
    # Another version, or a stranger: nothing.
    assert "coach--advice" not in client.get(url(table) + "?hinted=999").content.decode()
    assert Client().get(location).status_code == 404
    # The table moved on: the address shows it as it is, no advice.
    post_move(client, table, DrawStock())
    assert "coach--advice" not in client.get(location).content.decode()
    table.refresh_from_db()
    assert table.hints == hints


@pytest.mark.parametrize("htmx", [False, True])
def test_meld_and_lay_off_in_basic(client: Client, htmx: bool) -> None:
    """Find a seed where the learner can meld, then lay off; play those moves by form."""
    for seed in range(1, 400):
        table = start_table(client, "basic", 2)
        Table.objects.filter(pk=table.pk).update(seed=seed)
        table.refresh_from_db()
        table.rounds = [[{**table.rounds[0][0], "seed": seed, "dealer": 1}]]
        table.save()
        hand = hand_of(table)
        post_move(client, table, DrawStock())
        hand = hand_of(table)
        melds = [m for m in hand.legal_moves() if isinstance(m, LayDown)]
        if not melds:
            continue
        response = post_move(client, table, melds[0], htmx=htmx)
        assert response.status_code == (200 if htmx else 303), response.content.decode()[:500]
        hand = hand_of(table)
        assert len(hand.table) == 1
        layoffs = [m for m in hand.legal_moves() if isinstance(m, LayOff)]
        if layoffs:
            response = post_move(client, table, layoffs[0], htmx=htmx)
            assert response.status_code == (200 if htmx else 303)
            assert len(hand_of(table).table[0].cards) == 4
        return
    pytest.fail("no seed with a meld on the first turn")


def tables_after_a_first_meld(client: Client) -> Iterator[tuple[Table, Any]]:
    """Two-player Basic Rummy tables where the learner, first to play, drew and laid a
    meld down: one for each deal (seed) that lets them, with the hand as it then is."""
    for seed in range(1, 400):
        table = start_table(client, "basic", 2)
        Table.objects.filter(pk=table.pk).update(seed=seed)
        table.refresh_from_db()
        table.rounds = [[{**table.rounds[0][0], "seed": seed, "dealer": 1}]]
        table.save()
        post_move(client, table, DrawStock())
        melds = [m for m in hand_of(table).legal_moves() if isinstance(m, LayDown)]
        if melds:
            post_move(client, table, melds[0])
            yield table, hand_of(table)


def test_the_learners_melds_on_the_table_are_named_as_their_seat_is(client: Client) -> None:
    """The Russian pupil's walk: his seat said «Саша (вы)», his melds on the table only
    «Саша» (a default name he had not chosen). A meld of the learner's is named as
    their seat is: "Aistė (you)"."""
    table, hand = next(tables_after_a_first_meld(client))
    assert hand.table[0].owner == HUMAN
    html = client.get(url(table)).content.decode()
    owners = re.findall(r'<span class="meld__owner">([^<]*)</span>', html)
    assert owners == ["Aistė (you)"], owners
    # And in the hand's review, once it is over.
    play_whole_hand(client, table, check=False)
    review = url(table).rstrip("/") + "/review/1/"
    steps = "".join(client.get(review, {"move": str(n)}).content.decode() for n in range(4))
    assert '<span class="meld__owner">Aistė (you)</span>' in steps
    assert '<span class="meld__owner">Aistė</span>' not in steps


@pytest.mark.parametrize("htmx", [False, True])
def test_a_layoff_without_its_meld_puts_the_focus_on_the_melds(client: Client, htmx: bool) -> None:
    """The Lithuanian walk: "Choose the meld on the table to lay the card off onto." was
    right, but the focus went back to the card chosen, not to the melds the reason
    speaks of. The first meld's button takes it, described by the reason; the card
    stays chosen."""
    for table, hand in tables_after_a_first_meld(client):
        if not hand.table or len(hand.hands[HUMAN]) < 2:
            continue
        card = str(hand.hands[HUMAN][0])
        response = client.post(
            url(table, "move"),
            {"version": str(table.version), "action": "lay_off", "cards": [card]},
            **(HTMX if htmx else {}),
        )
        assert response.status_code == 400
        html = response.content.decode()
        assert "Choose the meld on the table" in html
        radios = re.findall(r'<input type="radio" name="meld"[^>]*>', html)
        assert radios and " autofocus" in radios[0]
        assert 'aria-describedby="hand-error"' in radios[0]
        assert all(" autofocus" not in r for r in radios[1:])
        assert '<p id="hand-error" class="message message--error">' in html
        assert html.count(" autofocus") == 1  # not the reason, not a card
        assert re.search(rf'value="{card}"[^>]*\bchecked\b', html)
        return
    pytest.fail("no seed with a meld on the first turn")


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_layoff_keeps_its_meld_chosen(client: Client, htmx: bool) -> None:
    """The walk without JavaScript: a card laid off onto a meld it does not fit was
    refused, the card stayed ticked, but no meld was chosen any more (the learner had to
    pick it again). The meld sent stays chosen too, and nothing else is."""
    for table, hand in tables_after_a_first_meld(client):
        meld_id = hand.table[0].id if hand.table else None
        legal = hand.legal_moves()
        wrong = [c for c in hand.hands[HUMAN] if LayOff(c, meld_id or 0) not in legal]
        if meld_id is None or not wrong:
            continue
        version = table.version
        card = str(wrong[0])
        response = client.post(
            url(table, "move"),
            {"version": str(version), "action": "lay_off", "cards": [card], "meld": meld_id},
            **(HTMX if htmx else {}),
        )
        if not htmx:  # the table's page shows the refusal (Post/Redirect/Get)
            assert response.status_code == 303 and "?refused=" in response["Location"]
            response = client.get(response["Location"])
        assert response.status_code == (422 if htmx else 200)
        html = response.content.decode()
        radios = re.findall(r'<input type="radio" name="meld"[^>]*>', html)
        assert [r for r in radios if " checked" in r] == [
            r for r in radios if f'value="{meld_id}"' in r
        ]
        assert any(" checked" in r for r in radios)
        assert re.search(rf'value="{card}"[^>]*\bchecked\b', html)
        table.refresh_from_db()
        assert table.version == version
        # The next page (nothing refused) chooses no meld; "No, go back" from a layoff's
        # question keeps it chosen (``?keep=KC&keep_meld=0``) as it keeps the card.
        page = client.get(url(table)).content.decode()
        assert not re.search(r'name="meld"[^>]*\bchecked\b', page)
        back = client.get(url(table) + f"?keep={card}&keep_meld={meld_id}").content.decode()
        assert re.search(rf'name="meld" value="{meld_id}"[^>]*\bchecked\b', back)
        return
    pytest.fail("no seed with a meld on the first turn")


# ------------------------------------------------------------------ refusals
def assert_refused(client: Client, table: Table, response, status: int, text: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.content.decode()[:3000]
    assert text in response.content.decode()


def test_out_of_turn(client: Client) -> None:
    table = start_table(client, "gin")
    hand = hand_of(table)
    if hand.turn == HUMAN:
        post_move(client, table, learner_move(hand))
        post_move(client, table, learner_move(hand_of(table)))
    before = snapshot(table)
    response = post_move(client, table, DrawStock(), htmx=True)
    assert_refused(client, table, response, 422, "It is not your turn: Ona is playing.")
    assert snapshot(table) == before


def test_card_not_held(client: Client) -> None:
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    hand = hand_of(table)
    stranger = next(c for c in hand.stock)
    before = snapshot(table)
    response = post_move(client, table, Discard(stranger), htmx=True)
    assert response.status_code == 422
    assert "You do not hold" in response.content.decode()
    assert snapshot(table) == before


def test_illegal_meld_is_explained(client: Client) -> None:
    table = start_table(client, "basic", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    cards = sorted(hand_of(table).hands[HUMAN])[:3]
    before = snapshot(table)
    response = post_move(client, table, LayDown(tuple(cards)), htmx=True)
    # The fixed seeds deal a hand whose three lowest cards are no meld.
    assert response.status_code == 422
    assert "is not a" in response.content.decode()
    assert snapshot(table) == before


@pytest.mark.parametrize("language", ["en", "lt"])
def test_the_log_the_announcement_and_a_refusal_name_their_cards(
    client: Client, language: str
) -> None:
    """The accessibility finding: the log's "You discarded 9♣." and a refusal were read
    as "9 black club suit" (in an English voice's names for symbols, even on a
    Lithuanian page). Their cards are named as a card picture is, in the page's
    language; the eye reads the same line; the page's title stays plain text."""
    from django.utils import translation

    from game.cards import card_name, card_short

    table = start_table(client, "basic", 2, language=language)
    to_learners_turn(client, table)
    move_url = url(table, "move", language)
    client.post(move_url, {"version": str(table.version), "action": "draw_stock"})
    card = max(hand_of(table).hands[HUMAN], key=lambda c: c.points)  # (reads the version)
    response = client.post(
        move_url, {"version": str(table.version), "action": "discard", "cards": str(card)}, **HTMX
    )
    assert response.status_code == 200
    with translation.override(language):
        name, corner = card_name(card), card_short(card)
    named = (
        f'<span class="card-name card-name--wraps"><span aria-hidden="true">{corner}</span>'
        f'<span class="visually-hidden">{name}</span></span>'
    )
    html = response.content.decode()
    announce = html.split('<div id="announce"', 1)[1].split("</div>", 1)[0]
    lines = html.split('class="log__lines', 1)[1].split("</ol>", 1)[0]
    assert named in announce and named in lines.rsplit("<li>", 1)[1]
    page = client.get(url(table, language=language)).content.decode()
    assert named in page.split('id="table-status"', 1)[1].split("</p>", 1)[0]
    assert named in page.split('class="log__lines', 1)[1].split("</ol>", 1)[0]
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "visually-hidden" not in page.split("</head>", 1)[0]
    # A refusal, in the message and in what the screen reader is told at once.
    to_learners_turn(client, table)
    client.post(move_url, {"version": str(table.version), "action": "draw_stock"})
    table.refresh_from_db()
    cards = sorted(hand_of(table).hands[HUMAN])[:3]
    refused = client.post(
        move_url,
        {"version": str(table.version), "action": "meld", "cards": [str(c) for c in cards]},
        **HTMX,
    )
    assert refused.status_code == 422  # the fixed seeds: the three lowest are no meld
    html = refused.content.decode()
    with translation.override(language):
        names = ", ".join(card_name(c) for c in cards)
    alert = html.split('class="message message--error">', 1)[1].split("</p>", 1)[0]
    assert f'<span class="visually-hidden">{names}</span>' in alert
    assert alert in html.split('<div id="announce"', 1)[1].split("</div>", 1)[0]


def test_knock_over_ten_in_gin(client: Client) -> None:
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    hand = hand_of(table)
    card = hand.hands[HUMAN][0]
    before = snapshot(table)
    response = post_move(client, table, Knock(card), htmx=True)
    assert response.status_code == 422  # the fixed seeds deal a hand far over 10
    assert "You cannot knock" in response.content.decode()
    assert snapshot(table) == before


def test_discarding_the_card_just_taken(client: Client) -> None:
    table = start_table(client, "basic", 2)
    to_learners_turn(client, table)
    top = hand_of(table).discard_pile[0]
    post_move(client, table, DrawDiscard())
    before = snapshot(table)
    response = post_move(client, table, Discard(top), htmx=True)
    assert response.status_code == 422
    assert "may not throw it back" in response.content.decode()
    assert snapshot(table) == before


def test_move_on_a_finished_hand(client: Client) -> None:
    table = start_table(client, "knock", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    hand = hand_of(table)
    post_move(client, table, Knock(hand.hands[HUMAN][0]))
    assert hand_of(table).is_over
    before = snapshot(table)
    response = post_move(client, table, DrawStock(), htmx=True)
    assert response.status_code == 422
    assert "This hand is over" in response.content.decode()
    assert snapshot(table) == before


def test_stale_version(client: Client) -> None:
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    table.refresh_from_db()
    old = table.version
    client.post(url(table, "move"), {"version": str(old), "action": "draw_stock"})
    before = snapshot(table)
    response = client.post(
        url(table, "move"), {"version": str(old), "action": "draw_stock"}, **HTMX
    )
    assert response.status_code == 409
    assert "has moved on since this page was shown" in response.content.decode()
    assert snapshot(table) == before


def test_a_stale_move_without_javascript_redirects_to_the_table_that_says_so(
    client: Client,
) -> None:
    """The Italian walk without JavaScript: the same form sent twice was answered at
    ``/move/`` (409), whose reload asked to send the form again. It redirects (303) to
    the table as it is now, which says the table moved on; a reload sends nothing."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    table.refresh_from_db()
    old = table.version
    client.post(url(table, "move"), {"version": str(old), "action": "draw_stock"})
    before = snapshot(table)
    response = client.post(
        url(table, "move"), {"version": str(old), "action": "draw_stock", "arrange": "0"}
    )
    assert response.status_code == 303
    assert response["Location"] == url(table) + "?state=stale&arrange=0"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "has moved on since this page was shown" in page.content.decode()
    assert snapshot(table) == before
    # Without the flag the page says nothing of it.
    assert "has moved on" not in client.get(url(table)).content.decode()


def test_someone_elses_table(client: Client) -> None:
    table = start_table(client, "gin")
    stranger = Client()
    stranger.get("/en/")
    before = snapshot(table)
    assert stranger.get(url(table)).status_code == 404
    response = stranger.post(url(table, "move"), {"version": "0", "action": "draw_stock"})
    assert response.status_code == 404
    assert stranger.post(url(table, "computer"), {"version": "0"}).status_code == 404
    assert stranger.post(url(table, "hint"), {"version": "0"}).status_code == 404
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "draw_stock"}, "The page is out of date"),
        ({"version": "x", "action": "draw_stock"}, "The page is out of date"),
        ({"version": "{v}", "action": "fly"}, "Choose what to do"),
        ({"version": "{v}", "action": "discard", "cards": ["ZZ"]}, "“ZZ” is not a card."),
        ({"version": "{v}", "action": "discard"}, "Choose exactly one card to discard."),
        ({"version": "{v}", "action": "meld", "cards": ["2C", "2C", "2D"]}, "chosen twice"),
        ({"version": "{v}", "action": "lay_off", "cards": ["2C"]}, "Choose the meld"),
    ],
)
def test_malformed_posts(client: Client, data: dict[str, object], message: str) -> None:
    table = start_table(client, "basic", 2)
    to_learners_turn(client, table)
    table.refresh_from_db()
    before = snapshot(table)
    payload = {
        k: (v.replace("{v}", str(table.version)) if isinstance(v, str) else v)
        for k, v in data.items()
    }
    response = client.post(url(table, "move"), payload, **HTMX)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert snapshot(table) == before


def test_refusal_in_lithuanian(client: Client) -> None:
    table = start_table(client, "gin", language="lt")
    to_learners_turn(client, table)
    response = client.post(
        url(table, "move", "lt"),
        {"version": str(table.version), "action": "discard", "cards": ["2C"]},
        **HTMX,
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "First draw a card" not in html
    # Said once: by #announce (an alert beside it was read a second time, the
    # accessibility walk); shown beside the buttons.
    said = re.search(r'<div id="announce" hx-swap-oob="innerHTML">([^<]+)</div>', html)
    assert said is not None and said.group(1) in html.split('id="hand-form"')[1]
    assert 'role="alert"' not in html


def test_a_refusal_without_javascript_opens_with_the_focus_on_it(client: Client) -> None:
    """A page drawn whole has no #announce to speak the refusal, and an alert already
    there when the page loads is seldom read: the focus opens on the reason (the page
    the refused move redirects to: no fragment, which would make the browser skip it)."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    response = client.post(
        url(table, "move"), {"version": str(table.version), "action": "discard", "cards": ["2C"]}
    )
    assert response.status_code == 303 and "#" not in response["Location"]
    response = client.get(response["Location"])
    assert response.status_code == 200
    html = response.content.decode()
    focused = re.findall(r"<[^>]* autofocus[^>]*>[^<]*", html)
    assert len(focused) == 1 and "message--error" in focused[0], focused
    assert 'tabindex="-1"' in focused[0] and "First draw a card" in focused[0]
    assert 'role="alert"' not in html and 'id="announce" hx-swap-oob' not in html


def refused_without_javascript(client: Client, table: Table, language: str = "en") -> Any:
    """A meld the rules refuse (the fixed seeds: the three lowest cards of the learner's
    hand after drawing are no meld), sent without JavaScript: the answer, and the cards."""
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    cards = sorted(hand_of(table).hands[HUMAN])[:3]
    table.refresh_from_db()
    data = {"version": str(table.version), "action": "meld", "cards": [str(c) for c in cards]}
    return client.post(url(table, "move", language), data), cards


def ticked(html: str) -> list[str]:
    return sorted(re.findall(r'name="cards" value="(..)"[^>]*\bchecked\b', html))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_refused_move_without_javascript_redirects_to_the_table_that_says_it(
    client: Client, language: str
) -> None:
    """The walk without JavaScript: a refused move was answered at its POST (a 422
    page): a reload asked to send the form again, and the address bar showed the move's
    address. It redirects (303) to the table's page, the refusal signed into its address
    (``?refused=``): the reason in the page's language, its cards named, the cards sent
    still ticked, the focus on it; a reload shows the same and changes nothing."""
    table = start_table(client, "basic", 2, language=language)
    response, cards = refused_without_javascript(client, table, language)
    before = snapshot(table)
    assert response.status_code == 303
    address = response["Location"]
    assert address.startswith(url(table, language=language) + "?refused=") and "#" not in address
    for _ in range(2):  # the page, and a reload of it
        page = client.get(address)
        assert page.status_code == 200
        html = page.content.decode()
        with translation.override(language):
            names = ", ".join(card_name(c) for c in cards)
        error = html.split('<p id="hand-error" class="message message--error"', 1)[1]
        error = error.split("</p>", 1)[0]
        assert ' tabindex="-1" autofocus>' in error
        assert f'<span class="visually-hidden">{names}</span>' in error
        assert ("не" if language == "ru" else "is not a") in error
        assert ticked(html) == sorted(str(c) for c in cards)
        assert snapshot(table) == before
    assert "hand-error" not in client.get(url(table, language=language)).content.decode()


def test_a_refusal_token_shows_only_on_its_learners_table_while_it_stands(
    client: Client,
) -> None:
    """The refusal in the address is signed for the table's learner, that table and its
    version: forged, another learner's, another table's, or once the table has moved on,
    the page shows the table as it is, nothing more, and nothing changes."""
    from game import moveforms
    from game.engine import IllegalMove, MoveError
    from game.practice import services

    table = start_table(client, "basic", 2)
    response, _cards = refused_without_javascript(client, table)
    address = response["Location"]
    token = address.split("?refused=", 1)[1]
    assert "hand-error" in client.get(address).content.decode()
    before = snapshot(table)

    def shows_nothing(page: str, who: Client = client) -> None:
        answer = who.get(page)
        assert answer.status_code == 200
        assert "hand-error" not in answer.content.decode()
        assert snapshot(table) == before

    shows_nothing(address[:-3] + ("AAA" if not address.endswith("AAA") else "BBB"))
    shows_nothing(url(table) + "?refused=" + token[::-1])
    shows_nothing(url(table) + "?refused=")
    # Another table of the same learner.
    other = start_table(client, "basic", 2)
    answer = client.get(url(other) + "?refused=" + token)
    assert answer.status_code == 200 and "hand-error" not in answer.content.decode()
    # Signed for another learner (the same table and version).
    theirs = moveforms.refusal_token(
        where=(table.pk, table.version),
        move=DrawStock(),
        error=IllegalMove(MoveError.ALREADY_DREW),
        cards=(),
        learner=table.learner_id + 1000,
        salt="practice.refused",
    )
    assert theirs is not None
    shows_nothing(url(table) + "?refused=" + theirs)
    # A guided hand's token is not a practice table's.
    guided = moveforms.refusal_token(
        where=(table.pk, table.version),
        move=DrawStock(),
        error=IllegalMove(MoveError.ALREADY_DREW),
        cards=(),
        learner=table.learner_id,
        salt="guided.refused",
    )
    assert guided is not None
    shows_nothing(url(table) + "?refused=" + guided)
    # Another learner cannot open the table at all.
    stranger = Client()
    assert stranger.get(address).status_code == 404
    # Once the table moved on, the old address shows the table as it is.
    state = services.table_state(table=table)
    services.table_move(
        table=table, version=table.version, move=learner_move(state.hand), confirmed=True
    )
    table.refresh_from_db()
    before = snapshot(table)
    shows_nothing(address)


def test_with_htmx_a_refused_move_is_still_answered_in_place(client: Client) -> None:
    table = start_table(client, "basic", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    cards = sorted(hand_of(table).hands[HUMAN])[:3]
    before = snapshot(table)
    response = post_move(client, table, LayDown(tuple(cards)), htmx=True)
    assert response.status_code == 422 and "Location" not in response
    assert 'id="hand-error"' in response.content.decode()
    assert snapshot(table) == before


def test_a_new_tables_first_page_opens_at_its_status(client: Client) -> None:
    """The walk without JavaScript: a new table's first page opened at the header and
    the menu, every later one at the status line over the hand."""
    response = client.post("/en/practice/new/", {"game": "gin", "players": "2", "name": "Ona"})
    assert response.status_code == 303
    table = Table.objects.get()
    assert response["Location"] == url(table) + "#table-status"
    assert 'id="table-status"' in client.get(response["Location"]).content.decode()


def test_a_finished_hand_with_nothing_to_score_opens_at_the_status(client: Client) -> None:
    """A hand the learner sat out (three-player Gin) ends with nothing for them to score:
    no "Score it yourself" takes the focus, so the page the last step redirects to
    opens at the status line, as during the hand (it opened at the top of the page)."""
    from game.practice import services

    table = start_table(client, "gin", 3)
    for _ in range(12):
        state = services.table_state(table=table)
        if state.sitting_out:
            break
        factories.play_hand_out(table)
        services.table_next_hand(table=table, version=table.version)
        table.refresh_from_db()
    else:
        pytest.fail("the learner never sat a hand out")
    response = client.post(url(table, "computer"), {"version": str(table.version), "all": "1"})
    assert hand_of(table).is_over
    assert response.status_code == 303 and response["Location"] == url(table) + "#table-status"
    html = client.get(response["Location"]).content.decode()
    assert " autofocus" not in html and 'id="table-status"' in html


def test_corrupt_table_says_so(client: Client) -> None:
    table = start_table(client, "gin")
    Table.objects.filter(pk=table.pk).update(rounds=[[{"seats": [0, 1], "moves": ["fly away"]}]])
    response = client.get(url(table))
    assert response.status_code == 500
    assert "This table cannot be opened" in response.content.decode()


# ------------------------------------------------------------------ whole hands
def play_whole_hand(client: Client, table: Table, check: bool = True) -> list[str]:
    """Play the current hand to its end through HTTP, checking every response for leaks."""
    bodies = []
    me = learner_seat(table)
    for _ in range(600):
        hand = hand_of(table)
        if hand.is_over:
            break
        if me is not None and hand.turn == me:
            response = post_move(client, table, learner_move(hand, me), htmx=True)
        else:
            response = client.post(url(table, "computer"), {"version": str(table.version)}, **HTMX)
        assert response.status_code == 200, response.content.decode()[:2000]
        body = response.content.decode()
        if check:
            leaks = hidden_cards(hand_of(table), me).leaks(body, table.public_id)
            other = table_state(table=table).other
            if other is not None:
                leaks += other_table_leaks(body, other, table.public_id)
            assert leaks == [], f"hidden cards in the response: {leaks}"
        bodies.append(body)
    hand = hand_of(table)
    assert hand.is_over
    if check:  # (stepping into the walkthrough is remembered: the hand counts as scored)
        for step in ("1", "2", "all"):
            body = client.get(url(table) + f"?step={step}").content.decode()
            assert hidden_cards(hand, me).leaks(body, table.public_id) == []
    return bodies


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("basic", 3, {}),
        ("gin", 2, {}),
        ("gin", 2, {"lay_out_yourself": "on"}),
        ("knock", 4, {}),
        ("gin", 3, {}),
        ("gin", 4, {}),
    ],
)
def test_no_response_shows_a_hidden_card(
    client: Client, game: str, players: int, options: dict[str, str]
) -> None:
    table = start_table(client, game, players, **options)
    for _ in range(2):
        play_whole_hand(client, table)
        table.refresh_from_db()
        response = client.post(url(table, "next"), {"version": str(table.version)})
        assert response.status_code == 303, response.content.decode()
    body = client.get(url(table)).content.decode()
    assert hidden_cards(hand_of(table), learner_seat(table)).leaks(body, table.public_id) == []


def test_scoring_walkthrough_steps(client: Client) -> None:
    table = start_table(client, "knock", 3)
    play_whole_hand(client, table, check=False)
    first = client.get(url(table), **HTMX).content.decode()
    one = client.get(url(table) + "?step=1", **HTMX).content.decode()
    every = client.get(url(table) + "?step=all", **HTMX).content.decode()
    # First the learner may score it: no step yet, the way in is "Next step".
    assert "score-yourself__form" in first and 'class="score-step"' not in first
    assert one.count('class="score-step"') == 1
    assert every.count('class="score-step"') > 1
    assert "Next step" in first and "Next step" in one and "Next step" not in every
    assert "Next hand" in every


def test_next_hand_refused_while_playing(client: Client) -> None:
    table = start_table(client, "gin")
    before = snapshot(table)
    response = client.post(url(table, "next"), {"version": str(table.version)}, **HTMX)
    assert response.status_code == 422
    assert "Finish this hand" in response.content.decode()
    assert snapshot(table) == before


@pytest.mark.parametrize("htmx", [False, True])
def test_confirmation_before_knocking(client: Client, htmx: bool) -> None:
    table = start_table(client, "knock", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    hand = hand_of(table)
    card = hand.hands[HUMAN][0]
    response = post_move(client, table, Knock(card), htmx=htmx, confirm=False)
    assert response.status_code == 200
    assert "Are you sure?" in response.content.decode()
    assert ("<html" in response.content.decode()) is not htmx
    assert not hand_of(table).is_over
    response = post_move(client, table, Knock(card), htmx=htmx, confirm=True)
    assert response.status_code == (200 if htmx else 303)
    assert hand_of(table).is_over
    table.refresh_from_db()
    response = client.post(
        url(table, "next"), {"version": str(table.version)}, **(HTMX if htmx else {})
    )
    assert response.status_code == (200 if htmx else 303)
    table.refresh_from_db()
    assert len(table.rounds) == 2 or "wins" in client.get(url(table) + "?step=all").content.decode()


@pytest.mark.parametrize("htmx", [False, True])
def test_under_a_knock_s_question_the_moves_are_disabled(client: Client, htmx: bool) -> None:
    """The Italian walk without JavaScript: under "Are you sure?" Discard and Knock stayed
    pressable, another move sent under the question. Its answers are the only way on."""
    table = start_table(client, "knock", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    plain = client.get(url(table)).content.decode()
    moves = re.findall(r'<button type="submit" name="action"[^>]*>', plain)
    assert moves and not any(" disabled" in move for move in moves)
    card = hand_of(table).hands[HUMAN][0]
    asked = post_move(client, table, Knock(card), htmx=htmx, confirm=False).content.decode()
    assert 'id="confirm-yes"' in asked and 'id="confirm-no"' in asked
    moves = re.findall(r'<button type="submit" name="action"[^>]*>', asked)
    assert moves and all(" disabled" in move for move in moves)
    # The Gin walk: the knock's card stands ticked under its question, and the hand's
    # heading says the deadwood after the discard, as the question does (it said the
    # eleven cards', "deadwood 15 points", beside "You knock with 7 points").
    assert re.search(rf'name="cards" value="{card}"[^>]*\bchecked\b', asked)
    ticked = re.findall(r'name="cards" value="(\w+)"[^>]*\bchecked\b', asked)
    assert ticked == [str(card)], ticked
    heading = re.search(r'class="my-hand__deadwood">\(([^)]*)\)', asked)
    said = re.search(r"You knock with (\d+|no) points? of deadwood|You knock with no", asked)
    assert heading is not None and said is not None
    left = "0" if said[1] in (None, "no") else said[1]
    assert heading[1] == (
        f"deadwood after discarding {explain_card(card)}: {left} point{'s' if left != '1' else ''}"
    ), heading[1]


def test_arrange_is_on_at_first_and_toggles_off(client: Client) -> None:
    """The pedagogy review: Arrange, which shows the melds, was off by default."""
    table = start_table(client, "gin")
    arranged = client.get(url(table)).content.decode()
    plain = client.get(url(table) + "?arrange=0").content.decode()
    assert 'class="arranged"' in arranged and 'class="arranged"' not in plain
    assert 'aria-pressed="true"' in arranged and 'aria-pressed="false"' in plain
    assert 'name="arrange" value="0"' in arranged  # the toggle turns it off


def test_arrange_switched_off_stays_off_without_javascript(client: Client) -> None:
    """The Lithuanian walk without JavaScript: Arrange switched off came back on after
    every move (the answer's redirect kept only ``?arrange=1``), and after a computer
    player's step, the hint and the next hand (their forms did not say it). Every form
    of the table sends the board's Arrange, and the page it leads to keeps it."""
    table = start_table(client, "knock", 2)
    to_learners_turn(client, table)
    plain = client.get(url(table) + "?arrange=0").content.decode()
    hint = re.search(r'<form method="post" action="[^"]*/hint/".*?</form>', plain, flags=re.S)
    assert hint is not None and 'name="arrange" value="0"' in hint[0]
    answer = client.post(url(table, "hint"), {"version": str(table.version), "arrange": "0"})
    assert answer.status_code == 303 and "arrange=0" in answer["Location"]
    assert 'class="arranged"' not in client.get(answer["Location"]).content.decode()
    moved = post_move(client, table, DrawStock(), arrange="0")
    assert moved.status_code == 303 and moved["Location"].endswith("?arrange=0#table-status")
    page = client.get(moved["Location"]).content.decode()
    assert 'class="arranged"' not in page and 'aria-pressed="false"' in page
    hand = hand_of(table)
    # A knock asks first: "Yes" sends Arrange, "No, go back" keeps it in its address.
    asked = post_move(
        client, table, Knock(hand.cards(HUMAN)[0]), confirm=False, arrange="0"
    ).content.decode()
    confirm = asked.split('<section class="confirm"', 1)[1].split("</section>", 1)[0]
    assert 'name="arrange" value="0"' in confirm
    back = re.search(r'id="confirm-no" href="([^"]*)"', confirm)
    assert back is not None and "arrange=0" in back[1] and "keep=" in back[1]
    assert 'class="arranged"' not in client.get(back[1].replace("&amp;", "&")).content.decode()
    moved = post_move(client, table, Discard(hand.cards(HUMAN)[0]), arrange="0")
    assert moved["Location"].endswith("?arrange=0#table-status")
    page = client.get(moved["Location"]).content.decode()
    bots = re.search(r'<form class="bots".*?</form>', page, flags=re.S)
    assert bots is not None and 'name="arrange" value="0"' in bots[0]
    table.refresh_from_db()
    stepped = client.post(
        url(table, "computer"), {"version": str(table.version), "all": "0", "arrange": "0"}
    )
    assert stepped.status_code == 303 and stepped["Location"].endswith("?arrange=0#table-status")
    # Arranged (the first view), the forms say so and the pages keep it too.
    on = client.get(url(table)).content.decode()
    assert 'name="arrange" value="1"' in on.split('class="bots"', 1)[1]


def test_without_javascript_the_page_after_a_move_opens_at_the_status(client: Client) -> None:
    """The walk on a phone without JavaScript: after every move the table's page came
    back at its top, the header and the menu before the hand (for the keyboard and a
    screen reader too). While the hand is played, every redirect (a move, a computer
    player's step, "Next hand") opens it at the status line over the hand
    (``#table-status``, an element of the page). The move that ends the hand does not:
    its page puts the focus on "Score it yourself" itself (autofocus, which a browser
    skips on a page opened at a fragment)."""
    table = start_table(client, "knock", 2)
    page = url(table)
    answers = []
    for _ in range(300):
        hand = hand_of(table)
        if hand.is_over:
            break
        if hand.turn == HUMAN:
            response = post_move(client, table, learner_move(hand))
        else:
            data = {"version": str(table.version), "all": "0"}
            response = client.post(url(table, "computer"), data)
        assert response.status_code == 303
        answers.append(response["Location"])
    else:
        raise AssertionError("the hand did not end")
    *played, ended = answers
    assert played and all(address == page + "#table-status" for address in played)
    shown = client.get(played[-1]).content.decode()
    assert re.search(r'<p class="table-area__status" id="table-status">Hand 1 ', shown)
    assert ended == page
    over = client.get(ended).content.decode()
    assert 'id="table-status"' in over and 'class="score-yourself' in over
    focused = re.findall(r"<[^>]* autofocus[^>]*>", over)
    assert len(focused) == 1 and 'name="guess_player"' in focused[0]
    table.refresh_from_db()
    dealt = client.post(url(table, "next"), {"version": str(table.version)})
    assert dealt.status_code == 303 and dealt["Location"] == page + "#table-status"


def test_without_javascript_a_language_button_opens_the_table_where_the_form_did(
    client: Client,
) -> None:
    """The walk without JavaScript: after a move the page opened at the status line
    (``#table-status``), and a language button sent the learner to the same table in
    Lithuanian at its top (the browser never sends a fragment; the buttons' ``next`` had
    none). The page's address says where it opens as the redirect to it did: every
    redirect's address is the buttons' next on the page it leads to, fragment and all (a
    move, a computer player's step, the move that ends the hand and its "Score it
    yourself", a hint, a refused move, a stale page, Arrange switched off, "Next hand");
    the other language's page opens there too."""
    table = start_table(client, "knock", 2)
    page = url(table)
    plain = client.get(page).content.decode()
    assert switcher_next(plain) == page + "#table-status"
    assert switched(client, plain, "lt") == url(table, language="lt") + "#table-status"
    answers = []

    def followed(response: Any) -> None:
        address = opened_where_sent(client, response, "lt")
        assert client.get(address.replace("/en/", "/lt/", 1)).status_code == 200
        answers.append(address)

    to_learners_turn(client, table)
    table.refresh_from_db()
    followed(client.post(url(table, "hint"), {"version": str(table.version)}))
    old = {"version": str(table.version), "action": "draw_stock"}
    followed(client.post(url(table, "move"), old))
    followed(client.post(url(table, "move"), old))  # sent twice: stale
    for _ in range(300):
        hand = hand_of(table)
        if hand.is_over:
            break
        if hand.turn == HUMAN:
            followed(post_move(client, table, learner_move(hand), arrange="0"))
        else:
            data = {"version": str(table.version), "all": "0"}
            followed(client.post(url(table, "computer"), data))
    else:
        raise AssertionError("the hand did not end")
    table.refresh_from_db()
    followed(client.post(url(table, "next"), {"version": str(table.version)}))
    followed(refused_without_javascript(client, table)[0])
    kinds = {address.partition("?")[2].partition("=")[0] for address in answers}
    assert {"hinted", "state", "refused", "arrange", ""} <= kinds
    assert any(a in (page, page + "?arrange=0") for a in answers)  # the hand's end
    assert any(a == page + "#table-status" for a in answers)


def test_card_names_in_the_page(client: Client) -> None:
    table = start_table(client, "gin", language="it")
    html = client.get(url(table, language="it")).content.decode()
    card = hand_of(table).hands[HUMAN][0]
    from django.utils import translation

    from game.cards import card_name

    with translation.override("it"):
        assert f'aria-label="{card_name(card)}"' in html
    assert isinstance(card, Card)


def test_the_browser_does_not_fill_in_the_name_at_a_new_table(client: Client) -> None:
    """On a school's shared computer the browser offered, in "Your name", the names the
    pupils before had typed there; the page offers this learner's own name."""
    page = client.get("/en/practice/").content.decode()
    field = re.search(r'<input [^>]*name="name"[^>]*>', page)
    assert field is not None and 'autocomplete="off"' in field[0]


def test_a_refused_new_table_opens_on_the_field_in_error_described_by_it(
    client: Client,
) -> None:
    """The Lithuanian walk without JavaScript: "99999" points to win came back with the
    focus on the page's body (no field took it) and the field described by an error id
    that was on no element (the error a screen reader never read). As every form drawn
    by _form_fields.html does, the field refused takes the focus, its description names
    its error, and what was typed stays."""
    response = client.post(
        "/lt/practice/new/",
        {"game": "basic", "players": "3", "name": "Ona", "target_score": "99999"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert not Table.objects.exists()
    field = re.search(r'<input [^>]*name="target_score"[^>]*>', page)
    assert field is not None and " autofocus" in field[0] and 'value="99999"' in field[0]
    described = re.search(r'aria-describedby="([^"]*)"', field[0])
    assert described is not None
    for part in described[1].split():
        assert f'id="{part}"' in page, part
    error = re.search(r'id="id_target_score_error"[^>]*>(.*?)</div>', page, flags=re.S)
    assert error is not None and "1000" in error[1]
    # Only the field refused asks for the focus; the name typed is kept.
    assert page.count(" autofocus") == 1
    name = re.search(r'<input [^>]*name="name"[^>]*>', page)
    assert name is not None and 'value="Ona"' in name[0]


# ------------------------------------------------------------------ review
def test_review_steps_through_a_finished_hand(client: Client) -> None:
    table = start_table(client, "gin")
    play_whole_hand(client, table, check=False)
    hand = hand_of(table)
    review = url(table).rstrip("/") + "/review/1/"
    first = client.get(review)
    assert first.status_code == 200
    html = first.content.decode()
    assert f"Move 0 of {len(hand.log)}" in html
    # The learner's own hand says so, as their seat does at the table (the browser walk).
    assert '<h3 class="review__seat">Aistė (you)' in html and html.count("(you)") == 2
    # The learner's turn is "your turn", not the third person's "to play" (the Russian
    # pupil's walk read «Саша (вы) · ходит»); the computer player's is "to play".
    steps = "".join(client.get(review, {"move": str(n)}).content.decode() for n in range(6))
    assert "Aistė (you) · your turn</h3>" in steps and " · to play</h3>" in steps
    assert "(you) · to play" not in steps
    # Every hand face up: the computer player's dealt cards are shown.
    for card in hand.deal.hands[1]:
        assert f'data-card="{card}"' in html
    # The learner's moves carry the coach's verdict; step through them all with htmx.
    verdicts = 0
    for step in range(len(hand.log) + 1):
        response = client.get(review, {"move": str(step)}, **HTMX)
        assert response.status_code == 200
        body = response.content.decode()
        assert "<html" not in body
        if "The coach agrees" in body or "The coach preferred" in body:
            verdicts += 1
    learner_moves = sum(1 for e in hand.log if e.player == HUMAN)
    assert verdicts == learner_moves
    last = client.get(review, {"move": str(len(hand.log))}).content.decode()
    assert "The hand is over." in last and "Next move" not in last
    # Back at the table, the walkthrough is whole, with "Next hand" (the newcomer's
    # walk: it opened on "score it yourself" again, and the table looked stuck).
    back = re.search(r'href="([^"]+)">Back to the table<', first.content.decode())
    assert back is not None and back[1] == url(table) + "?step=all"
    table_page = client.get(back[1]).content.decode()
    assert 'id="next-hand"' in table_page


def test_the_review_names_a_meld_on_the_table_once(client: Client) -> None:
    """A meld on the table is named once, in words (its owner, its cards): the cards drawn
    are hidden from screen readers, which read them after its name as an image of the
    whole meld and then as one image a card (as at the table, the accessibility walk)."""
    table = start_table(client, "basic")
    play_whole_hand(client, table, check=False)
    hand = hand_of(table)
    review = url(table).rstrip("/") + "/review/1/"
    seen = 0
    for step in range(len(hand.log) + 1):
        body = client.get(review, {"move": str(step)}, **HTMX).content.decode()
        melds = re.findall(r'<li class="meld">(.*?)</li>', body)
        seen += len(melds)
        for meld in melds:
            words = spoken_text(meld)
            cards = [Card.parse(c) for c in re.findall(r'data-card="(..)"', meld)]
            assert "[img" not in words and ", ".join(map(card_name, cards)) in words, meld
    assert seen


def test_review_refuses_an_unfinished_hand_and_strangers(client: Client) -> None:
    table = start_table(client, "knock", 3)
    review = url(table).rstrip("/") + "/review/1/"
    response = client.get(review)
    assert response.status_code == 422
    assert "once it is over" in response.content.decode()
    assert client.get(url(table).rstrip("/") + "/review/2/").status_code == 404
    assert Client().get(review).status_code == 404


def test_gin_score_sheet_shows_boxes(client: Client) -> None:
    table = start_table(client, "gin")
    play_whole_hand(client, table, check=False)
    html = client.get(url(table) + "?step=all").content.decode()
    assert "Score sheet" in html and "Boxes" in html


# ------------------------------------------------------------------ Gin's formats
def test_three_player_gin_rotates_who_sits_out(client: Client) -> None:
    table = start_table(client, "gin", 3)
    assert table.format == TableFormat.GIN_THREE
    sat_out = set()
    for _ in range(4):
        table.refresh_from_db()
        board = table.rounds[-1][0]
        assert len(board["seats"]) == 2
        out = ({0, 1, 2} - set(board["seats"])).pop()
        sat_out.add(out)
        if out == HUMAN:
            html = client.get(url(table)).content.decode()
            assert "You sit out this hand" in html
            # The two who play, by name (the presenter's sentence).
            names = table_state(table=table).names
            assert f"Watch {names[0]} and {names[1]} play: the winner" in html
            assert 'name="cards"' not in html
            before = snapshot(table)
            response = post_move(client, table, DrawStock(), htmx=True)
            assert response.status_code == 422
            assert snapshot(table) == before
        play_whole_hand(client, table)
        hand = hand_of(table)
        table.refresh_from_db()
        if hand.result is not None and hand.result.winners:
            winner = board["seats"][hand.result.winners[0]]
            loser = next(s for s in board["seats"] if s != winner)
            if client.post(url(table, "next"), {"version": str(table.version)}).status_code != 303:
                break
            table.refresh_from_db()
            nxt = table.rounds[-1][0]["seats"]
            assert winner in nxt and out in nxt and loser not in nxt
        else:
            client.post(url(table, "next"), {"version": str(table.version)})
            table.refresh_from_db()
            assert table.rounds[-1][0]["seats"] == board["seats"]
    assert len(sat_out) >= 2


def test_four_player_gin_plays_two_tables_and_nets_them(client: Client) -> None:
    table = start_table(client, "gin", 4)
    assert table.format == TableFormat.GIN_FOUR
    table.refresh_from_db()
    first, second = table.rounds[0]
    assert HUMAN in first["seats"] and set(first["seats"]) | set(second["seats"]) == {0, 1, 2, 3}
    assert 2 not in first["seats"]  # partners sit at different tables
    play_whole_hand(client, table)
    table.refresh_from_db()
    other = table_state(table=table).other
    assert other is not None and other.is_over
    html = client.get(url(table) + "?step=all").content.decode()
    assert "At the other table" in html
    # The learner's partnership is theirs ("You and Ben"), on the sheet and the seats.
    assert "You and Ben" in html and "Ona and Marta" in html
    assert "Aistė and Ben" not in html
    # Partners switch opponents on the next deal.
    client.post(url(table, "next"), {"version": str(table.version)})
    table.refresh_from_db()
    if len(table.rounds) == 2:
        assert table.rounds[1][0]["seats"] != first["seats"]


@pytest.mark.parametrize("game", ["basic", "gin", "knock"])
def test_home_page_leads_to_a_table_of_each_game(client: Client, game: str) -> None:
    home = client.get("/en/").content.decode()
    link = f"/en/practice/?game={game}#new-table"
    assert link in home
    page = client.get(link.split("#")[0]).content.decode()
    assert f'<option value="{game}" selected>' in page


# ------------------------------------------------------------------ odd input (review findings)
@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000])
def test_unicode_and_huge_numbers_are_refused_not_crashed(client: Client, value: str) -> None:
    table = start_table(client, "basic", 2)
    to_learners_turn(client, table)
    before = snapshot(table)
    for name in ("move", "computer", "hint", "next"):
        response = client.post(url(table, name), {"version": value, "action": "draw_stock"}, **HTMX)
        assert response.status_code == 400, name
    response = client.post(
        url(table, "move"),
        {"version": str(table.version), "action": "lay_off", "cards": ["2C"], "meld": value},
        **HTMX,
    )
    assert response.status_code == 400
    assert snapshot(table) == before


def test_review_names_follow_the_board_at_three_player_gin(client: Client) -> None:
    table = start_table(client, "gin", 3)
    for _ in range(6):
        table.refresh_from_db()
        board = table.rounds[-1][0]
        if HUMAN not in board["seats"]:
            break
        play_whole_hand(client, table, check=False)
        table.refresh_from_db()
        if client.post(url(table, "next"), {"version": str(table.version)}).status_code != 303:
            pytest.fail("the match ended before the learner sat out")
    board = table.rounds[-1][0]
    assert HUMAN not in board["seats"]
    play_whole_hand(client, table, check=False)
    names = [table.seats[s]["name"] for s in board["seats"]]
    html = client.get(url(table).rstrip("/") + f"/review/{len(table.rounds)}/").content.decode()
    for name in names:
        assert f'<h3 class="review__seat">{name}' in html
    assert (
        "You drew"
        not in client.get(
            url(table).rstrip("/") + f"/review/{len(table.rounds)}/", {"move": "1"}
        ).content.decode()
    )


def test_move_names_are_translated(client: Client) -> None:
    table = start_table(client, "gin", language="lt")
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    table.refresh_from_db()
    response = client.post(
        url(table, "move", "lt"),
        {"version": str(table.version), "action": "meld", "cards": ["2C", "3C", "4C"]},
        **HTMX,
    )
    assert response.status_code == 422
    assert "melding" not in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["%00", "ab%00cd", "a%20b", "x" * 17, "%E2%82%AC"])
def test_a_table_id_that_cannot_be_one_is_a_404_before_any_query(
    client: Client, bad: str, django_assert_max_num_queries: Any
) -> None:
    factories.table("gin", 2)
    for suffix in ("", "move/", "hint/"):
        with django_assert_max_num_queries(0):
            response = client.get(f"/en/practice/{bad}/{suffix}")
        assert response.status_code == 404


def test_the_review_says_which_card_was_discarded_face_down(client: Client) -> None:
    """The tamper probe's finding 10: the review's last step shows the knocker's
    face-down discard. A review shows a finished hand face up (the knocker's hand, that
    card in it, one step earlier too), so it stays shown, and the pile says it was
    discarded face down. Played until a computer player knocks."""
    from game.engine import BotPlayer, HandEnd
    from game.practice import services as practice

    start_table(client, "gin")
    learner = Table.objects.get().learner
    for seed in range(1, 40):
        table = factories.table("gin", 2, owner=learner, seed=seed)
        state = practice.table_state(table=table)
        chooser = BotPlayer(seed=seed)
        while not state.hand.is_over:
            if state.my_turn:
                move = chooser.choose(state.view)
                state = practice.table_move(
                    table=table, version=table.version, move=move, confirmed=True
                )
            else:
                state = practice.table_bot_step(table=table, version=table.version, all_steps=True)
        result = state.hand.result
        assert result is not None
        if result.end in (HandEnd.KNOCK, HandEnd.GIN) and result.player != HUMAN:
            break
    else:
        pytest.fail("no computer player knocked in 39 hands")
    card = state.hand.discard_pile[0]
    # At the table the card stays face down, the hand over or not.
    assert f'data-card="{card}"' not in client.get(url(table)).content.decode()
    total = len(state.board.moves)
    review = url(table).rstrip("/") + "/review/1/"
    last = client.get(review, {"move": str(total)}).content.decode()
    pile = last.split('class="piles"', 1)[1].split("</div>\n  </div>", 1)[0]
    assert "Discarded face down" in pile and f'data-card="{card}"' in pile
    earlier = client.get(review, {"move": str(total - 1)}).content.decode()
    assert "Discarded face down" not in earlier


def test_knock_rummy_s_total_and_balance_are_explained(client: Client) -> None:
    """The pedagogy review: the Knock table showed "Total" and "Balance" unexplained."""
    table = start_table(client, "knock", 3)
    play_whole_hand(client, table, check=False)
    html = client.get(url(table) + "?step=all").content.decode()
    assert "Balance" in html and "Balance: what you were paid minus what you paid." in html
    gin = start_table(client, "gin")
    play_whole_hand(client, gin, check=False)
    assert "what you were paid" not in client.get(url(gin) + "?step=all").content.decode()


def test_the_coach_says_when_the_learner_can_knock(client: Client) -> None:
    """The pedagogy review: at tables nothing told a beginner they could knock."""
    from game.engine import BotPlayer
    from game.engine import Knock as KnockMove
    from game.practice import services as practice

    start_table(client, "gin")
    learner = Table.objects.get().learner
    seen = False
    for seed in range(1, 80):
        table = factories.table("gin", 2, owner=learner, seed=seed)
        state = practice.table_state(table=table)
        chooser = BotPlayer(seed=seed)
        for _ in range(60):
            if state.hand.is_over:
                break
            if not state.my_turn:
                state = practice.table_bot_step(table=table, version=table.version, all_steps=True)
                continue
            can_knock = any(isinstance(m, KnockMove) for m in state.view.legal_moves)
            html = client.get(url(table)).content.decode()
            assert ("You can knock now" in html or "You can go gin now" in html) is can_knock
            if can_knock:
                seen = True
                break
            move = chooser.choose(state.view)
            state = practice.table_move(
                table=table, version=table.version, move=move, confirmed=True
            )
        if seen:
            break
    assert seen


def test_score_it_yourself_before_the_walkthrough(client: Client) -> None:
    """The pedagogy review: the site scored every hand for the learner, who was never
    asked. At the end of a hand the learner may say who collects and how much first."""
    table = start_table(client, "gin")
    play_whole_hand(client, table, check=False)
    hand = hand_of(table)
    assert hand.result is not None
    received = hand.result.settlement.received
    best = max(received.values())
    assert best > 0  # the fixed seed deals a hand somebody wins
    winner = next(p for p, v in received.items() if v == best)
    page = client.get(url(table)).content.decode()
    assert "Score it yourself first" in page and 'name="guess_points"' in page
    # The newcomer's walk: the question came while the other hand was shown as "10
    # cards", and the learner's own hand was gone. Every hand is face up to score it.
    hands = page.split("score-yourself__hands", 1)[1].split('class="score-yourself__form', 1)[0]
    for cards in hand.result.hands:
        assert all(f'data-card="{c}"' in hands for c in cards)
    assert sum(len(cards) for cards in hand.result.hands) == hands.count("data-card=")
    wrong = client.get(url(table), {"guess_player": str(winner), "guess_points": str(best + 1)})
    html = wrong.content.decode()
    assert "Not quite." in html and "Next step" not in html  # the whole walkthrough
    # What the learner said comes after the answer, the form being gone (the Lithuanian
    # Knock walk: "Not quite. Alex: 14 points." did not say which half was wrong).
    said = re.search(r"Not quite\.</strong> [^<]*: [^<]*\. You said ([^<,]+), ([^<]+)\.", html)
    assert said is not None and said.group(2) == f"{best + 1} points", html
    assert said.group(1) in html.split("score-yourself", 1)[1]
    assert html.count('class="score-step"') == len(explain.told_steps(hand.result.settlement))
    right = client.get(url(table), {"guess_player": str(winner), "guess_points": str(best)})
    assert "Right!" in right.content.decode()
    odd = client.get(url(table), {"guess_player": "9", "guess_points": "lots"})
    assert odd.status_code == 200 and "Type a number" in odd.content.decode()


def test_a_malformed_score_comes_back_as_typed_with_the_focus_on_it(client: Client) -> None:
    """The Lithuanian walk: "2O" typed under "Score it yourself" came back with both
    fields emptied, the page opened at the top (its anchor #score-verdict was not on the
    refused page) and the reason not tied to the field. The choice and the text are kept
    (escaped), the page opens at the form, and the field refused takes the focus,
    described by the reason, as a lesson's check does."""
    table = start_table(client, "gin")
    play_whole_hand(client, table, check=False)
    hand = hand_of(table)
    assert hand.result is not None
    received = hand.result.settlement.received
    winner = next(p for p, v in received.items() if v == max(received.values()))
    html = client.get(url(table), {"guess_player": str(winner), "guess_points": "2O"}).content
    page = html.decode()
    assert "Type a number" in page
    assert re.search(rf'name="guess_player" value="{winner}"[^>]*\bchecked\b', page)
    assert page.count(" checked>") == 1
    field = re.search(r'<input[^>]*name="guess_points"[^>]*>', page)
    assert field is not None
    assert 'value="2O"' in field[0] and " autofocus" in field[0]
    # The page's anchor names the field: a browser focuses it (and shows it) even
    # without JavaScript, where it skips autofocus at an anchor.
    assert 'id="score-answer"' in field[0]
    assert 'aria-describedby="score-yourself-error"' in field[0]
    assert 'id="score-yourself-error"' in page
    # The form's anchor is on the page it answers with (a refusal as a verdict).
    action = re.search(r'<form method="get" action="[^"#]*#([\w-]+)"', page)
    assert action is not None and f'id="{action[1]}"' in page
    # What was typed is escaped; an empty answer is refused the same way.
    odd = client.get(url(table), {"guess_player": str(winner), "guess_points": '<b>"'})
    assert 'value="&lt;b&gt;&#34;"' in odd.content.decode()
    empty = client.get(url(table), {"guess_player": str(winner), "guess_points": ""})
    assert "Type a number" in empty.content.decode()
    # A number below 0 is told so (the Italian walk: "-5" got "Type a number").
    below = client.get(url(table), {"guess_player": str(winner), "guess_points": "-5"})
    assert "Type a number from 0 up, like 14." in below.content.decode()
    assert "Type a number from 0 up" not in empty.content.decode()
    # No player chosen: the first player takes the focus, described by the reason; the
    # points are kept.
    nobody = client.get(url(table), {"guess_points": "12"}).content.decode()
    first = re.search(r'<input type="radio" name="guess_player"[^>]*>', nobody)
    assert first is not None and " autofocus" in first[0] and 'id="score-answer"' in first[0]
    assert 'aria-describedby="score-yourself-error"' in first[0]
    assert 'value="12"' in nobody and "Pick a player" in nobody
    # A refused answer counts for nothing: it gives nothing away (the Italian Knock walk:
    # "abc" showed the walkthrough's first step, the new scores and the score sheet).
    before = client.get(url(table)).content.decode()
    assert 'class="score-step"' not in before
    for refused in (page, odd.content.decode(), empty.content.decode(), nobody):
        assert 'class="score-step"' not in refused
        # The score sheet waits too (its note is drawn with it).
        assert ("scores__note" in refused) == ("scores__note" in before)


def _until_laid_out(
    learner: Any, knocker_is_me: bool, *, with_layoff: bool = False
) -> tuple[Table, Any]:
    """A Gin table laid out by hand, played with sensible moves until a knock (not gin)
    puts the hand in the layout, with the learner as the knocker or as the defender."""
    from game.engine import BotPlayer, defender_play
    from game.practice import services as practice

    for seed in range(1, 200):
        table = factories.table("gin", 2, owner=learner, seed=seed, players_lay_out=True)
        state = practice.table_state(table=table)
        chooser = BotPlayer(seed=seed)
        while not state.hand.is_over and state.hand.phase not in (Phase.LAY_OUT, Phase.LAY_OFF):
            if state.my_turn:
                move = chooser.choose(state.view)
                state = practice.table_move(
                    table=table, version=table.version, move=move, confirmed=True
                )
            else:
                state = practice.table_bot_step(table=table, version=table.version)
        if state.hand.is_over or (state.hand.knocker == HUMAN) is not knocker_is_me:
            continue
        if not knocker_is_me:  # the computer lays out; the learner then lays off
            state = practice.table_bot_step(table=table, version=table.version, all_steps=True)
            assert state.hand.phase is Phase.LAY_OFF and state.my_turn
            melds = [tm.meld for tm in state.hand.table]
            if with_layoff and not defender_play(melds, state.hand.cards(HUMAN)).layoffs:
                continue
        return table, state
    pytest.fail("no knock in 199 hands")


def test_the_learner_lays_out_their_own_melds_after_knocking(client: Client) -> None:
    """The pedagogy review: in Gin the site laid out and scored for the learner."""
    from game.engine import Done, arrangement_of, cards_mask

    start_table(client, "gin")
    table, state = _until_laid_out(Table.objects.get().learner, knocker_is_me=True)
    page = client.get(url(table)).content.decode()
    assert "Lay out your melds" in page

    assert 'value="meld"' in page and 'value="done"' in page and 'value="knock"' not in page
    # Done at once: the melds still in the hand would count, over the limit.
    refused = post_move(client, table, Done())
    # Without JavaScript, said by the table's page the refusal redirects to.
    assert refused.status_code == 303
    refused = client.get(refused["Location"])
    assert "The cards you have not laid out come to" in refused.content.decode()
    best = arrangement_of(cards_mask(state.hand.cards(HUMAN)))
    for meld in best.melds:
        response = post_move(client, table, LayDown(meld.cards), htmx=True)
        assert response.status_code == 200, response.content.decode()[:1000]
        assert hidden_cards(hand_of(table), HUMAN).leaks(response.content.decode(), "") == []
    response = post_move(client, table, Done(), htmx=True)
    assert response.status_code == 200
    hand = hand_of(table)
    assert hand.phase is Phase.LAY_OFF and hand.turn != HUMAN
    assert "is laying off cards onto your melds" in response.content.decode()
    client.post(url(table, "computer"), {"version": str(table.version), "all": "1"})
    hand = hand_of(table)
    assert hand.is_over and hand.result is not None
    shown = next(s for s in hand.result.settlement.steps if s.code.value == "show")
    assert shown.params["deadwood"] == best.deadwood
    # The review steps through the layout too, each step a page.
    review = url(table).rstrip("/") + "/review/1/"
    total = len(hand.log)
    for step in range(total - 6, total + 1):
        response = client.get(review, {"move": str(step)})
        assert response.status_code == 200, step


def test_the_defender_chooses_their_layoffs_and_sees_what_they_missed(client: Client) -> None:
    from game.engine import Done, defender_play

    start_table(client, "gin")
    learner = Table.objects.get().learner
    table, state = _until_laid_out(learner, knocker_is_me=False, with_layoff=True)
    melds = [tm.meld for tm in state.hand.table]
    best = defender_play(melds, state.hand.cards(HUMAN), player=HUMAN)
    page = client.get(url(table)).content.decode()
    assert "Lay off your deadwood" in page and 'value="lay_off"' in page
    assert 'value="knock"' not in page and 'value="discard"' not in page
    # A card onto a meld it does not fit is refused with the reason, and changes nothing.
    fits = {lo.card for lo in best.layoffs}
    wrong = next(c for c in state.hand.cards(HUMAN) if c not in fits)
    if LayOff(wrong, 0) not in state.hand.legal_moves():
        version = table.version
        refused = post_move(client, table, LayOff(wrong, 0))
        assert refused.status_code == 303
        refused = client.get(refused["Location"])
        assert refused.status_code == 200 and "does not fit" in refused.content.decode()
        table.refresh_from_db()
        assert table.version == version
    # Done without laying anything off: scored as made, and the miss is told.
    response = post_move(client, table, Done())
    assert response.status_code == 303
    hand = hand_of(table)
    assert hand.is_over and hand.result is not None
    codes = [s.code.value for s in hand.result.settlement.steps]
    assert "missed_layoffs" in codes
    page = client.get(url(table) + "?step=all").content.decode()
    assert "could have laid off" in page
    assert hidden_cards(hand, HUMAN).leaks(page, table.public_id) == []


def test_a_move_costs_three_queries(
    client: Client, settings: Any, django_assert_num_queries: Any
) -> None:
    """The speed issue: at most 3 SQL queries per move: the rate limit's upsert, the
    table read with its learner (the visitor cookie), the table's conditional update.
    On PostgreSQL the first two are one statement (``PreparedQuery.first_after``)."""
    settings.RATE_LIMIT_ENABLED = True
    queries = 2 if connection.vendor == "postgresql" else 3
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    table.refresh_from_db()
    data = {"version": str(table.version), "action": "draw_stock"}
    with django_assert_num_queries(queries):
        response = client.post(url(table, "move"), data, **HTMX)
    assert response.status_code == 200
    table.refresh_from_db()
    with django_assert_num_queries(queries):
        response = client.post(url(table, "hint"), {"version": str(table.version)}, **HTMX)
    assert response.status_code == 200


def test_the_knock_question_says_what_follows_at_a_table_laid_out_by_hand() -> None:
    from game.practice.presenters import _confirm

    knock = Knock(Card.parse("7S"))
    laid = _confirm(knock, lay_out=True)
    auto = _confirm(knock)
    assert laid is not None and "you lay out your melds" in laid["question"]
    assert auto is not None and "everyone shows their cards" in auto["question"]
    assert laid["fields"] == auto["fields"] == [("action", "knock"), ("cards", "7S")]


def test_the_cached_parts_of_a_table_follow_the_page_language(client: Client) -> None:
    """Card choices, seats and log lines are made once per process and language: a page
    in another language never gets the words of the one drawn first."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    table.refresh_from_db()
    data = {"version": str(table.version), "action": "draw_stock"}
    client.post(url(table, "move"), data, **HTMX)
    pages = {
        language: client.get(f"/{language}/practice/{table.public_id}/").content.decode()
        for language in ("en", "lt", "ru", "en")
    }
    # The learner's own seat has its own "your turn" (the Russian pupil's walk).
    english = ("just drawn", ">your turn<", ">dealer<")
    assert all(word in pages["en"] for word in english)
    assert "ką tik iš kaladės" in pages["lt"] and ">jūsų ėjimas<" in pages["lt"]
    assert "только что из прикупа" in pages["ru"]
    for language in ("lt", "ru"):
        assert not any(word in pages[language] for word in english), language


def test_a_boards_partial_posts_with_the_pages_token_and_sends_no_new_one() -> None:
    """htmx sends the whole page's CSRF token with each request (``hx-headers`` on the
    <body>): a board drawn for htmx has no token field of its own, makes Django send
    no new cookie, and every POST form in it posts through htmx. The page without
    JavaScript keeps the field in each of its forms."""
    client = Client(enforce_csrf_checks=True)
    home = client.get("/en/practice/").content.decode()
    field = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', home)
    assert field is not None
    response = client.post(
        "/en/practice/new/",
        {"game": "basic", "players": "3", "name": "Aistė", "csrfmiddlewaretoken": field.group(1)},
    )
    assert response.status_code == 303
    table = Table.objects.get()
    page = client.get(url(table)).content.decode()
    header = re.search(r"""hx-headers='\{"X-CSRFToken": "([^"]+)"\}'""", page)
    assert header is not None
    token = header.group(1)
    forms = re.findall(r'<form [^>]*method="post".*?</form>', page, flags=re.S)
    assert forms and all("csrfmiddlewaretoken" in form for form in forms)

    def step(path: str, data: dict[str, str], **headers: str) -> Any:
        table.refresh_from_db()
        return client.post(path, {"version": str(table.version), **data}, **HTMX, **headers)

    # A request without the page's token is refused: the check is on.
    assert step(url(table, "computer"), {"all": "0"}).status_code == 403
    for _ in range(6):
        if hand_of(table).turn != HUMAN:
            response = step(url(table, "computer"), {"all": "0"}, HTTP_X_CSRFTOKEN=token)
        elif hand_of(table).phase is Phase.DRAW:
            response = step(url(table, "move"), move_data(DrawStock()), HTTP_X_CSRFTOKEN=token)
        else:
            card = max(hand_of(table).hands[HUMAN], key=lambda c: c.points)
            response = step(
                url(table, "move"),
                {**move_data(Discard(card)), "confirm": "1"},
                HTTP_X_CSRFTOKEN=token,
            )
        assert response.status_code == 200, response.content.decode()[:500]
        html = response.content.decode()
        assert "<html" not in html and "csrfmiddlewaretoken" not in html
        assert "csrftoken" not in response.cookies
        for form in re.findall(r'<form [^>]*method="post".*?</form>', html, flags=re.S):
            assert "hx-post=" in form, form[:200]


def test_nothing_gives_the_score_away_while_the_learner_scores_the_hand(client: Client) -> None:
    """The browser review: "Score it yourself first" stood beside the winner's new score,
    the updated sheet and the walkthrough's first step. Until the learner answers or
    steps into the walkthrough, the scores are those before the hand, and no sheet."""
    table = start_table(client, "gin", 2)
    play_whole_hand(client, table, check=False)
    state = table_state(table=Table.objects.get(pk=table.pk))
    assert state.hand.result is not None and any(state.scores)
    first = client.get(url(table)).content.decode()
    assert "score-yourself__form" in first
    assert re.findall(r'seat__score">([^<]*)<', first) == ["score 0", "score 0"]
    assert 'class="scores"' not in first and 'class="score-step"' not in first
    for later in ("?step=1", "?step=all", "?guess_player=0&guess_points=7"):
        page = client.get(url(table) + later).content.decode()
        shown = re.findall(r'seat__score">([^<]*)<', page)
        assert shown != ["score 0", "score 0"], later
        assert 'class="scores"' in page and 'class="score-step"' in page, later


def test_stepping_into_the_walkthrough_puts_the_question_away(client: Client) -> None:
    """The Lithuanian walk without JavaScript (Knock Rummy): "Next step" showed the
    winner's new score over the seats and the updated sheet, while "Score it yourself
    first" still asked who collects and how much, through every step. A step into the
    walkthrough settles the question (as a reload of the table already did): the
    walkthrough goes on without it."""
    table = start_table(client, "knock", 2)
    play_whole_hand(client, table, check=False)
    first = client.get(url(table)).content.decode()
    assert "score-yourself__form" in first
    for htmx in (False, True):
        one = client.get(url(table) + "?step=1", **(HTMX if htmx else {})).content.decode()
        assert one.count('class="score-step"') == 1 and "Next step" in one
        assert 'class="scores"' in one
        assert "score-yourself" not in one and "Score it yourself first" not in one
    # An answer is still judged beside the whole walkthrough.
    answered = client.get(url(table), {"guess_player": "0", "guess_points": "7"}).content
    assert b"score-yourself" in answered and b"Next step" not in answered


def test_the_russian_hand_says_its_deadwood_as_the_term_list_does() -> None:
    """The Russian walk: «(лишние карты: 46 очков)» over the hand; docs/terms/ru.md says
    the value of the deadwood «лишних карт на 46 очков»."""
    client = Client()
    table = start_table(client, "gin", language="ru")
    page = client.get(url(table, language="ru")).content.decode()
    said = re.search(r'<span class="my-hand__deadwood">\((.*?)\)</span>', page)
    assert said is not None, page[:2000]
    assert re.fullmatch(r"лишних карт на \d+ очк(о|а|ов)", said.group(1)), said.group(1)


@pytest.mark.parametrize("answer", ["score", "step"])
def test_a_scored_hand_is_remembered_after_a_reload(client: Client, answer: str) -> None:
    """The Italian walk: "Score it yourself" answered, then a reload (or back through
    "All your tables"): the question was asked again, the seats' scores were the old
    ones, no "Next hand", and at a finished match nothing said who won ("Hand 5 · first
    to 100 wins", as if play went on). The answer lived only in the address. The table
    remembers that the learner scored the hand (or stepped through its scoring); a
    later page shows the whole walkthrough, the new scores and the match's end, and no
    version is spent (a page open in another tab stays current)."""
    table = start_table(client, "knock", 2)
    Table.objects.filter(pk=table.pk).update(options={**table.options, "target_score": 1})
    play_whole_hand(client, table, check=False)
    table.refresh_from_db()
    state = table_state(table=table)
    assert state.hand.result is not None and any(state.scores)
    winner = explain.match_over(state.names[max(range(2), key=lambda s: state.scores[s])])
    version = table.version
    first = client.get(url(table)).content.decode()
    assert "score-yourself__form" in first and winner not in first
    query = "?guess_player=0&guess_points=7" if answer == "score" else "?step=1"
    client.get(url(table) + query)
    for htmx in (False, True):
        again = client.get(url(table), **(HTMX if htmx else {})).content.decode()
        assert "score-yourself__form" not in again
        assert re.findall(r'seat__score">([^<]*)<', again) != ["score 0", "score 0"]
        assert 'class="scores"' in again and "Next step" not in again
        assert winner in factories.shown(again) and "Start a new table" in again
    table.refresh_from_db()
    assert table.scored_hand == 1 and table.version == version


def test_a_malformed_step_does_not_count_as_stepping_through_the_scoring(
    client: Client,
) -> None:
    """A GET that stores: only a step the page links to (``?step=1``, ``?step=all``)
    remembers the hand as scored; an empty or malformed ``?step`` shows the question
    and the first step as before and stores nothing."""
    table = start_table(client, "knock", 2)
    play_whole_hand(client, table, check=False)
    for raw in ("", "x", "0", "-1"):
        page = client.get(url(table), {"step": raw})
        assert page.status_code == 200, raw
        table.refresh_from_db()
        assert table.scored_hand == 0, raw
        assert "score-yourself__form" in client.get(url(table)).content.decode(), raw
    client.get(url(table), {"step": "all"})
    table.refresh_from_db()
    assert table.scored_hand == 1


def test_the_next_hand_is_asked_to_be_scored_again(client: Client) -> None:
    """What the table remembers is one hand's: the next hand's end asks again, and
    "Next hand" shows once the hand is scored."""
    table = start_table(client, "knock", 2)
    play_whole_hand(client, table, check=False)
    client.get(url(table) + "?guess_player=0&guess_points=7")
    page = client.get(url(table)).content.decode()
    assert "Next hand" in page and "score-yourself__form" not in page
    table.refresh_from_db()
    response = client.post(url(table, "next"), {"version": str(table.version)}, **HTMX)
    assert response.status_code == 200
    table.refresh_from_db()
    play_whole_hand(client, table, check=False)
    assert "score-yourself__form" in client.get(url(table)).content.decode()


def test_an_answer_in_the_address_is_its_hands_only(client: Client) -> None:
    """The new-features walk: with JavaScript the table's address keeps the last hand's
    "Score it yourself" answer through "Next hand"; at the next hand's end a reload read
    it as that hand's answer ("Not quite. Ona: 24 points."), and the same answer sent
    again did nothing (the address did not change). The form and the steps name their
    hand (``hand=N``), and another hand's answer or step in the address is not this
    one's: the question is asked."""
    table = start_table(client, "knock", 2)
    play_whole_hand(client, table, check=False)
    first = client.get(url(table)).content.decode()
    assert '<input type="hidden" name="hand" value="1">' in first
    assert "step=2&amp;hand=1" in first or "step=1&amp;hand=1" in first
    old = "?guess_player=0&guess_points=7&hand=1"
    assert "Not quite." in client.get(url(table) + old).content.decode() or "Right!" in (
        client.get(url(table) + old).content.decode()
    )
    table.refresh_from_db()
    client.post(url(table, "next"), {"version": str(table.version)}, **HTMX)
    table.refresh_from_db()
    play_whole_hand(client, table, check=False)
    for stale in (old, "?step=all&hand=1"):
        page = client.get(url(table) + stale, **HTMX).content.decode()
        assert "score-yourself__form" in page, stale
        assert "Not quite." not in page and "Right!" not in page, stale
        assert '<input type="hidden" name="hand" value="2">' in page
    table.refresh_from_db()
    assert table.scored_hand == 1
    # This hand's own answer counts.
    client.get(url(table) + "?guess_player=0&guess_points=7&hand=2")
    table.refresh_from_db()
    assert table.scored_hand == 2


@pytest.mark.parametrize("htmx", [False, True])
def test_no_go_back_keeps_the_knocks_card_ticked(client: Client, htmx: bool) -> None:
    """The new-features walk: "No, go back" from the knock's question unticked the card
    chosen for it, to be picked again. It keeps it ticked, and changes nothing."""
    table = start_table(client, "knock", 2)
    to_learners_turn(client, table)
    post_move(client, table, DrawStock())
    card = hand_of(table).hands[HUMAN][0]
    asked = post_move(client, table, Knock(card), htmx=htmx, confirm=False).content.decode()
    back = re.search(r'id="confirm-no" href="([^"]+)"', asked)
    assert back is not None and back.group(1).endswith(f"?keep={card}#table-status")
    table.refresh_from_db()
    version = table.version
    page = client.get(back.group(1), **(HTMX if htmx else {})).content.decode()
    assert re.search(rf'value="{card}"[^>]* checked', page)
    others = [c for c in hand_of(table).hands[HUMAN] if c != card]
    assert not any(re.search(rf'value="{c}"[^>]* checked', page) for c in others)
    table.refresh_from_db()
    assert table.version == version and not hand_of(table).is_over


def test_arrange_without_javascript_opens_the_page_at_the_status(client: Client) -> None:
    """The walk without JavaScript: Arrange (a form sent with GET) opened the table at
    its top. Its address opens it at the status line over the hand; it differs from the
    page's own by the arrange it switches, so the page is loaded."""
    table = start_table(client, "gin")
    to_learners_turn(client, table)
    html = client.get(url(table)).content.decode()
    form = re.search(r'<form method="get" action="([^"]*)" hx-get="([^"]*)">\s*<input[^>]*>', html)
    assert form is not None and form[1] == url(table) + "#table-status" and form[2] == url(table)
    assert 'name="arrange" value="0"' in form[0]


def _seen(html: str) -> str:
    """A piece of markup as the eye reads it: the cards by their corners (the names for
    screen readers left out), without tags."""
    html = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def _status(html: str) -> str:
    return html.split('id="table-status">', 1)[1].split("</p>", 1)[0]


def _said(html: str) -> str:
    """The status line's second line: what happened since the learner's last move."""
    return _status(html).split('class="table-area__last">', 1)[1].removesuffix("</span>")


def _announced(html: str) -> str:
    return html.split('<div id="announce"', 1)[1].split(">", 1)[1].split("</div>", 1)[0]


def _log_lines(html: str) -> list[str]:
    log = html.split('<section class="log"', 1)[1].split("</section>", 1)[0]
    return re.findall(r"<li>(.*?)</li>", log, re.S)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_status_line_says_the_computer_players_turns_since_your_move(
    client: Client, language: str
) -> None:
    """The phone walk: the status line said the log's latest line only ("Ben discarded
    2♣."): Ben's draw before it, and Ona's whole turn, were in the log a screen below.
    It says one sentence for each computer player's turn since the learner's last move
    ("Ona drew from the stock and discarded 7♥. Ben..."), in the order played, every card
    of those log lines named as the log names it; the learner's own move when it is the
    latest ("You discarded 9♣.", the log's line). #announce, the live region, says what
    each htmx swap added: the learner's move, one computer move (the log's line), or after
    "Skip to my turn" every turn, as the status line says them; on a page drawn whole,
    nothing (the status line is read from the top)."""
    table = start_table(client, "basic", 3, language=language)
    names = table_state(table=table).names
    page = client.get(url(table, language=language)).content.decode()
    assert _log_lines(page) == [] or names[HUMAN] not in _seen(_said(page))
    to_learners_turn(client, table)
    move_url = url(table, "move", language)
    client.post(move_url, {"version": str(table.version), "action": "draw_stock"})
    table.refresh_from_db()
    card = max(hand_of(table).hands[HUMAN], key=lambda c: c.points)
    html = client.post(
        move_url, {"version": str(table.version), "action": "discard", "cards": str(card)}, **HTMX
    ).content.decode()
    # The learner's own move: the log's line, said once, on the screen and aloud.
    assert _seen(_said(html)) == _seen(_log_lines(html)[-1])
    assert _announced(html) == _said(html)
    table.refresh_from_db()
    done = len(hand_of(table).log)
    html = client.post(
        url(table, "computer", language), {"version": str(table.version), "all": "1"}, **HTMX
    ).content.decode()
    table.refresh_from_db()
    hand = hand_of(table)
    assert hand.turn == HUMAN and not hand.is_over
    said = _seen(_said(html))
    sentences = re.split(r"(?<=[.!])\s+", said)
    # One sentence a turn, each opening with its player's name, in the order played.
    players = [
        e.player
        for i, e in enumerate(hand.log[done:])
        if i == 0 or e.player != hand.log[done + i - 1].player
    ]
    assert [s.split(" ", 1)[0] for s in sentences] == [names[p] for p in players], said
    assert len(players) == 2 and names[HUMAN] not in said
    # Every card of those moves, as the log writes it.
    with translation.override(language):
        for line in _log_lines(html)[-(len(hand.log) - done) :]:
            for corner in re.findall(r'<span aria-hidden="true">([^<]*)</span>', line):
                assert corner in said, (corner, said)
    # "Skip to my turn": every turn, as shown, and that the turn is the learner's now.
    with translation.override(language):
        your_turn = gettext("Your turn.")
    assert _announced(html) == f"{_said(html)} {your_turn}"
    # A page drawn whole says the same, once: the live region is empty.
    page = client.get(url(table, language=language)).content.decode()
    assert _said(page) == _said(html) and _announced(page) == ""
    # One computer move at a time: the status line grows by it, #announce says it alone.
    client.post(move_url, {"version": str(table.version), "action": "draw_stock"})
    table.refresh_from_db()
    card = max(hand_of(table).hands[HUMAN], key=lambda c: c.points)
    client.post(move_url, {"version": str(table.version), "action": "discard", "cards": str(card)})
    table.refresh_from_db()
    html = client.post(
        url(table, "computer", language), {"version": str(table.version), "all": "0"}, **HTMX
    ).content.decode()
    table.refresh_from_db()
    back = " " + your_turn if hand_of(table).turn == HUMAN else ""
    assert _announced(html) == _log_lines(html)[-1] + back
    mover = names[hand_of(table).log[-1].player]
    assert re.split(r"(?<=[.!])\s+", _seen(_said(html)))[-1].startswith(mover)


@pytest.mark.parametrize("language", ["en", "lt"])
def test_show_all_says_how_the_hand_ended_not_its_last_step(client: Client, language: str) -> None:
    """The Lithuanian Knock walk: after "Rodyti viską" (Show all) the table's live region
    said the walkthrough's last line alone, «Ona: gauta 0 taškų, sumokėta 27 taškai, iš
    viso −27.», as if it were the table's news. It says how the hand ended, the
    walkthrough's headline ("You knocked.", "Ona knocked."); the status line over the
    hand still says the turns since the learner's move (who ended the hand, and how);
    "Next step" says the step it shows, as before."""
    table = start_table(client, "knock", 2, language=language)
    state = play_hand_out(table)
    ended_by = state.hand.log[-1]
    page_url = url(table, language=language)
    html = client.get(page_url + "?step=all", **HTMX).content.decode()
    headline = re.search(r'<h2 id="result-title">(.*?)</h2>', html, re.S)
    assert headline is not None
    steps = re.findall(r'<li class="score-step">\s*<p>(.*?)</p>', html, re.S)
    assert len(steps) > 1
    assert _seen(_announced(html)) == _seen(headline[1])
    assert _seen(_announced(html)) != _seen(steps[-1])
    # The status line: the last turn, which ended the hand (its knock, or the stock run out).
    said = _seen(_said(html))
    assert said == _seen(_said(client.get(page_url).content.decode()))
    names = table_state(table=table).names
    if ended_by.player != HUMAN:
        assert said.startswith(names[ended_by.player])
    # One step at a time: the step just shown.
    html = client.get(page_url + "?step=2", **HTMX).content.decode()
    steps = re.findall(r'<li class="score-step">\s*<p>(.*?)</p>', html, re.S)
    assert len(steps) == 2 and _seen(_announced(html)) == _seen(steps[-1])


@pytest.mark.parametrize("game", ["basic", "knock", "gin"])
def test_the_match_summary_tells_the_learner_their_own_lines(client: Client, game: str) -> None:
    """The walkthrough says "You knock..." to the learner, and the match's summary under
    it said "Aistė wins the match!" and "The match is over: Aistė wins.". The learner's
    own lines are told to them ("You win the match!", Gin's "Your game total: ...", "The
    match is over: you win."); the others keep their names. Tables to 10 points, played
    until the learner wins one."""
    from game.practice import services

    for _table in range(8):
        table = start_table(client, game, 2, target_score="10")
        for _hand in range(20):
            state = play_hand_out(table)
            table.refresh_from_db()
            if state.match.is_over:
                break
            services.table_next_hand(table=table, version=table.version)
            table.refresh_from_db()
        winner = state.match.winner
        assert winner is not None
        if winner == HUMAN:
            break
    else:
        raise AssertionError("the learner won none of eight matches")
    page = client.get(url(table), {"step": "all"}).content.decode()
    assert "The match is over: you win." in page and "Aistė wins" not in page
    summary = re.search(r'<ul class="summary-lines">(.*?)</ul>', page, re.S)
    assert summary is not None, page[-3000:]
    lines = summary.group(1)
    if game == "gin":
        assert "Your game total: " in lines and "Game total for Aistė" not in lines, lines
    else:
        assert "<li>You win the match!</li>" in lines, lines
    assert "Aistė" not in lines, lines


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_without_javascript_the_status_line_names_the_card_drawn_from_the_stock(
    client: Client, language: str
) -> None:
    """The Russian screen-reader walk without JavaScript: a draw from the stock opened
    the page at the status line (#table-status), which said «Вы взяли карту из прикупа.»
    and not which card. It names it, as a card is named in a sentence (its corner for the
    eye, its name for a screen reader), until the learner's next move."""
    table = start_table(client, "basic", 2, language=language)
    to_learners_turn(client, table)
    move_url = url(table, "move", language)
    response = client.post(move_url, {"version": str(table.version), "action": "draw_stock"})
    assert response.status_code == 303
    table.refresh_from_db()
    drawn = table_state(table=table).view.drawn
    assert drawn is not None
    page = client.get(url(table, language=language)).content.decode()
    status = page.split('id="table-status"', 1)[1].split("</p>", 1)[0]
    with translation.override(language):
        name = card_name(drawn)
        sentence = gettext("The card you drew: %(card)s.") % {"card": "CARD"}
    before = sentence.split("CARD", 1)[0]
    if language == "it":  # «…pescata è il K♣», «…la Q♥», «…l'8♦»: the article agrees
        before = before.rsplit(" ", 2)[0]
        assert re.search(r"La carta pescata è (il |la |l')<", status), status
    assert before in status and f'<span class="visually-hidden">{name}</span>' in status
    # The next move: the card is no news any more.
    client.post(move_url, {"version": str(table.version), "action": "discard", "cards": str(drawn)})
    page = client.get(url(table, language=language)).content.decode()
    assert before not in page.split('id="table-status"', 1)[1].split("</p>", 1)[0]


def test_score_it_yourself_is_not_invalid_before_an_answer_and_says_a_refusal_once(
    client: Client,
) -> None:
    """The Russian screen-reader walk: the hand over, the focus on "Who collects?" read
    its first player as an invalid entry before anything was answered (Chromium calls a
    required field invalid while it is empty), and a refused answer's reason was an alert
    as well as the description of the field focused. The fields are not required (the
    server says what is missing, in the page's language), and the reason is said where
    the focus lands, once."""
    table = start_table(client, "gin", language="ru")
    play_whole_hand(client, table, check=False)
    page = client.get(url(table, language="ru")).content.decode()
    form = page.split('class="score-yourself__form"', 1)[1].split("</form>", 1)[0]
    assert 'name="guess_player"' in form and " required" not in form
    refused = client.get(url(table, language="ru"), {"guess_points": "12"}).content.decode()
    form = refused.split('class="score-yourself__form"', 1)[1].split("</form>", 1)[0]
    with translation.override("ru"):
        reason = gettext("Pick a player.")
    assert reason in form and 'role="alert"' not in form
    first = re.search(r'<input type="radio" name="guess_player"[^>]*>', form)
    assert first is not None and 'aria-describedby="score-yourself-error"' in first[0]


def test_score_it_yourself_says_each_player_s_name_once_over_their_hand(client: Client) -> None:
    """The Russian screen-reader walk: over each hand to score, «Вы» was said, then the
    list «Вы» again. The list is named; the name over it is for the eye."""
    table = start_table(client, "basic", language="ru")
    play_whole_hand(client, table, check=False)
    page = client.get(url(table, language="ru")).content.decode()
    hands = page.split('class="score-yourself__hands"', 1)[1].split("</fieldset>", 1)[0]
    names = re.findall(r'<p class="score-yourself__name"([^>]*)>([^<]*)</p>', hands)
    assert names and all('aria-hidden="true"' in attrs for attrs, _name in names)
    for _attrs, name in names:
        # Each hand's list is named by its player; the learner's own, arranged, a list
        # per meld and one of deadwood, each named "Aistė: Run".
        assert f'<ul class="hand" aria-label="{name}">' in hands or re.search(
            rf'<ul class="hand[^"]*score-yourself__own" aria-label="{re.escape(name)}: ', hands
        )


def test_a_layoff_is_said_with_the_meld_it_went_onto(client: Client) -> None:
    """The Russian screen-reader walk: «Оля добавляет карту семёрка бубен к
    комбинации.» did not say which meld grew. The learner's layoff, in the log, on the
    status line and in #announce after the swap, names the meld as it lay before ("You
    laid off 7♦ onto 4♦ 5♦ 6♦."), and so does the hand's review; a computer player's
    layoff is told by the same sentences (tests/game/test_explain.py)."""
    found = next(
        (
            (table, hand, move)
            for table, hand in tables_after_a_first_meld(client)
            for move in hand.legal_moves()
            if isinstance(move, LayOff)
        ),
        None,
    )
    assert found is not None, "no deal lets the learner lay off after a first meld"
    table, hand, layoff = found
    meld = hand.table[layoff.meld_id].cards
    html = post_move(client, table, layoff, htmx=True).content.decode()
    expected = f"You laid off {explain_card(layoff.card)} onto {explain.cards_short(meld)}."
    assert _seen(_log_lines(html)[-1]) == expected
    assert _seen(_said(html)) == expected
    assert _seen(_announced(html)) == expected
    # Read aloud, the meld's cards are named, as the log names a card.
    assert all(card_name(c) in _announced(html) for c in (layoff.card, *meld))
    play_whole_hand(client, table, check=False)
    review = url(table).rstrip("/") + "/review/1/"
    step = client.get(review, {"move": str(len(hand.log))}).content.decode()
    assert expected in _seen(step)


def table_headings(html: str) -> list[str]:
    """The h2 headings of a page's #table, in order, as a screen reader's heading keys
    meet them (visually hidden ones too)."""
    board = html.split('<div id="table"', 1)[1]
    return [
        re.sub(r"<[^>]+>|\s+", " ", text).strip()
        for text in re.findall(r"<h2\b[^>]*>(.*?)</h2>", board, re.S)
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_melds_and_the_hand_have_headings_to_jump_to(client: Client, language: str) -> None:
    """The Russian screen-reader walk: moving by headings went from «Прикуп и сброс» to
    «Ход игры», past the melds on the table, the hand and its buttons (named groups, found
    only by form-field keys). Each has a heading of its own, between the piles' and the
    log's, hidden as the seats' and the piles' are (the groups' titles show)."""
    table, _hand = next(tables_after_a_first_meld(client))
    html = client.get(url(table, language=language)).content.decode()
    with translation.override(language):
        expected = [
            gettext(text)
            for text in (
                "Players",
                "Stock and discard pile",
                "Melds on the table",
                "Your cards",
                "What happened",
            )
        ]
    assert table_headings(html) == expected
    for title in ("table-melds-title", "my-cards-title"):
        assert f'<h2 id="{title}" class="visually-hidden">' in html


def test_a_computer_players_layoff_is_announced_with_its_meld(client: Client) -> None:
    """The Russian screen-reader walk's own case: a computer player's layoff, one step
    of the computer players ("Next move"), was said in #announce without the meld it
    went onto. The log's line and #announce name it, as it lay before."""
    table = start_table(client, "basic", 2)
    for seed in range(1, 200):
        board = {**table.rounds[0][0], "seed": seed, "dealer": 1, "moves": []}
        table.rounds = [[board]]
        table.save()
        hand = hand_of(table)
        moves: list[str] = []
        while not hand.is_over and len(moves) < 300:
            move = BotPlayer(seed=7).choose(hand.view(hand.turn))
            if isinstance(move, LayOff) and hand.turn != HUMAN:
                break
            moves.append(str(move))
            hand = hand.play(move)
        else:
            continue
        if any(e.kind is MoveKind.LAYOFF for e in hand.log if e.player != HUMAN):
            continue  # the first layoff of the hand only: simpler to read
        break
    else:
        pytest.fail("no deal has a computer player's layoff")
    table.rounds = [[{**board, "moves": moves}]]
    table.save()
    html = client.post(
        url(table, "computer"), {"version": str(table.version), "all": "0"}, **HTMX
    ).content.decode()
    # The table's computer player lays off too, perhaps another card (its own choice).
    played = hand_of(table).log[-1].move
    assert isinstance(played, LayOff), played
    meld = hand.table[played.meld_id].cards
    name = table_state(table=table).names[hand.turn]
    expected = f"{name} laid off {explain_card(played.card)} onto {explain.cards_short(meld)}."
    assert _seen(_log_lines(html)[-1]) == expected
    assert _seen(_announced(html)).startswith(expected)
