"""Tables for people through HTTP: open one, share its code, sit down, play from two
browsers in two languages; each page carries only its player's cards; stale, doubled
and foreign posts change nothing; the poll is 204 in one query while nothing moved."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import gettext

from game.cards import card_name
from game.cards import card_short as explain_card
from game.engine import BotPlayer, Card, Knock, LayDown, Phase
from game.practice.services import replay
from game.shared import services
from game.shared.models import SharedTable
from learners.models import Learner
from tests import factories
from tests.practice.helpers import hidden_cards
from tests.shared.test_services import play_to_the_end
from tests.switcher import opened_where_sent, switcher_next

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
CARD = re.compile(r'(?:data-card|value)="([2-9TJQKA][CDHS])"')


def browser(language: str = "en") -> Client:
    client = Client()
    client.get(f"/{language}/play/")  # the visitor cookie
    return client


def open_and_fill(  # type: ignore[no-untyped-def]
    game: str = "knock",
    players: int = 2,
    computers: int = 0,
    seed: int | None = None,
    patient: bool = True,
):
    """A table opened by Ona (Lithuanian) and filled by people in Russian; ``seed``: the
    deal's (before the last seat is taken), for a test that needs a known hand;
    ``patient``: "the computer players give you time to play" ticked, as the page has it
    (unticked, the box posts nothing)."""
    ona = browser("lt")
    data: dict[str, Any] = {"game": game, "players": players, "computers": computers}
    data |= {"name": "Ona", **({"patient_computers": "on"} if patient else {})}
    response = ona.post("/lt/play/new/", data)
    assert response.status_code == 303, response.content.decode()[:500]
    table = SharedTable.objects.get()
    if seed is not None:
        assert not table.rounds, "dealt already: the seed comes too late"
        SharedTable.objects.filter(pk=table.pk).update(seed=seed)
    others = []
    for number in range(players - computers - 1):
        other = browser("ru")
        page = other.get(f"/ru/play/code/{table.code}/")
        assert page.status_code == 200 and "Ona" in page.content.decode()
        sat = other.post("/ru/play/sit/", {"code": table.code.lower(), "name": f"Саша{number}"})
        assert sat.status_code == 303, sat.content.decode()[:500]
        others.append(other)
    table.refresh_from_db()
    return table, ona, others


def log_lines(html: str) -> list[str]:
    """The lines of a table's log ("What happened")."""
    found = re.search(r'<ol class="log__lines[^>]*>(.*?)</ol>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1)) if found else []


def cards_on(html: str) -> set[str]:
    return set(CARD.findall(html))


def test_the_waiting_room_then_the_hand_and_each_sees_only_their_cards() -> None:
    ona = browser("lt")
    ona.post("/lt/play/new/", {"game": "knock", "players": 2, "computers": 0, "name": "Ona"})
    table = SharedTable.objects.get()
    waiting = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    assert table.code[:3] in waiting and "/play/code/" in waiting
    sasha = browser("ru")
    sasha.post("/ru/play/sit/", {"code": table.code, "name": "Саша"})
    table.refresh_from_db()
    state = services.shared_state(table=table)
    hand = state.hand_of(state.current[0])
    board = state.current[0]
    pages = {
        0: ona.get(f"/lt/play/{table.public_id}/"),
        1: sasha.get(f"/ru/play/{table.public_id}/"),
    }
    for seat, response in pages.items():
        html = response.content.decode()
        assert response.status_code == 200
        mine = {str(c) for c in hand.cards(board.seat_of(seat))}
        theirs = {str(c) for c in hand.cards(board.seat_of(1 - seat))}
        assert mine <= cards_on(html)
        assert not theirs & cards_on(html), "another player's card is on the page"
    assert '<html lang="lt">' in pages[0].content.decode()
    assert '<html lang="ru">' in pages[1].content.decode()
    # Someone not at the table is sent to its link, and sees no card at all.
    stranger = browser()
    response = stranger.get(f"/en/play/{table.public_id}/", follow=True)
    assert not cards_on(response.content.decode())


def test_two_people_play_a_hand_to_the_end_over_http() -> None:
    """Every move over HTTP; the one that ends the hand is asked about first, as at a
    practice table (the Italian walk's knock question): nothing changes until it is
    confirmed, the focus on "No, go back", a knock's deadwood said."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    clients = {0: (ona, "lt"), 1: (sasha, "ru")}
    asked = 0
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in clients if state.my_turn(s))
        client, language = clients[seat]
        move = BotPlayer(seed=seat).choose(state.view_for(seat))  # type: ignore[arg-type]
        data = {"version": str(table.version), **factories.move_data(move)}
        url = f"/{language}/play/{table.public_id}/move/"
        # (asked in English, to read its words)
        response = client.post(url.replace(f"/{language}/", "/en/", 1), data, **HX)
        assert response.status_code == 200, response.content.decode()[:800]
        html = response.content.decode()
        version = table.version
        table.refresh_from_db()
        if 'id="confirm-question"' in html:
            asked += 1
            assert table.version == version  # nothing made yet
            focused = re.findall(r"<(?:a|button) [^>]*autofocus[^>]*>", html)
            assert len(focused) == 1 and 'id="confirm-no"' in focused[0]
            if isinstance(move, Knock):
                assert re.search(r"You knock with (no deadwood|\d+ points? of deadwood)", html)
            response = client.post(url, {**data, "confirm": "1"}, **HX)
            assert response.status_code == 200, response.content.decode()[:800]
        else:
            assert table.version > version
    else:
        raise AssertionError("the hand did not end")
    assert asked == 1  # the move that ended it, and no other
    for client, language in clients.values():
        html = client.get(f"/{language}/play/{table.public_id}/").content.decode()
        assert 'id="result-title"' in html
    response = ona.post(f"/lt/play/{table.public_id}/next/", {"version": table.version})
    assert response.status_code == 303
    table.refresh_from_db()
    assert len(table.rounds) == 2


def test_out_of_turn_stale_foreign_and_malformed_moves_change_nothing() -> None:
    table, ona, (sasha,) = open_and_fill("gin", 2)
    state = services.shared_state(table=table)
    first = state.to_move(state.current[0])
    mover, waiter = (ona, sasha) if first == 0 else (sasha, ona)
    url = f"/en/play/{table.public_id}/move/"
    version = table.version
    wait = waiter.post(url, {"version": version, "action": "draw_stock"}, **HX)
    assert wait.status_code == 409 and "not your turn" in wait.content.decode()
    stranger = browser()
    assert stranger.post(url, {"version": version, "action": "draw_stock"}).status_code == 303
    bad = mover.post(url, {"version": version, "action": "discard", "cards": ["ZZ"]}, **HX)
    assert bad.status_code == 400
    held = state.view_for(first).cards[0]  # type: ignore[union-attr]
    refused = mover.post(url, {"version": version, "action": "discard", "cards": [str(held)]}, **HX)
    assert refused.status_code == 422 and "draw" in refused.content.decode().lower()
    table.refresh_from_db()
    assert table.version == version
    # A double click: the first goes in, the second is told the table moved on.
    assert mover.post(url, {"version": version, "action": "draw_stock"}, **HX).status_code == 200
    again = mover.post(url, {"version": version, "action": "draw_stock"}, **HX)
    assert again.status_code == 409
    table.refresh_from_db()
    assert table.version == version + 1
    assert len(services.shared_state(table=table).current[0].moves) == 1
    assert Card.parse(str(held))  # the card is a real one


def test_the_poll_is_204_in_few_queries_until_another_player_moves() -> None:
    table, ona, (sasha,) = open_and_fill("knock", 2)
    url = f"/en/play/{table.public_id}/"
    with CaptureQueriesContext(connection) as queries:
        assert ona.get(url, {"v": table.version}, **HX).status_code == 204
    assert len(queries) <= 2, [q["sql"] for q in queries]
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    mover.post(url + "move/", {"version": table.version, "action": "draw_stock"}, **HX)
    redraw = ona.get(url, {"v": table.version}, **HX)
    assert redraw.status_code == 200 and 'id="table"' in redraw.content.decode()
    assert "<html" not in redraw.content.decode()


def test_bad_forms_and_codes_are_refused_with_a_message() -> None:
    client = browser()
    for data in (
        {"game": "poker", "players": 2, "computers": 0, "name": "Ona"},
        {"game": "gin", "players": 5, "computers": 0, "name": "Ona"},
        {"game": "knock", "players": 2, "computers": 2, "name": "Ona"},
        {"game": "knock", "players": 2, "computers": 0, "name": ""},
    ):
        assert client.post("/en/play/new/", data).status_code == 400
    assert not SharedTable.objects.exists()
    link = client.get("/en/play/code/XXXXXX/")  # a mistyped link
    assert link.status_code == 404 and "no table with this code" in link.content.decode()
    assert 'name="code"' in link.content.decode()  # the form to type it again
    wrong = client.post("/en/play/sit/", {"code": "XXXXXX", "name": "Ona"})
    assert wrong.status_code == 404 and "no table with this code" in wrong.content.decode()
    table, _ona, _others = open_and_fill("knock", 3, computers=1)
    full = browser().post("/en/play/sit/", {"code": table.code, "name": "Ieva"})
    assert full.status_code == 409 and "taken" in full.content.decode()


def test_an_absent_players_seat_is_taken_by_the_computer_on_the_others_poll() -> None:
    table, ona, (sasha,) = open_and_fill()
    url = f"/lt/play/{table.public_id}/"
    seat = next(s for s, _since in table.waiting)
    # The one to move has waited too long: the other's poll (one query to see it)
    # redraws the table with the computer playing that seat, and says so.
    SharedTable.objects.filter(pk=table.pk).update(waiting=[[seat, 0]])
    watcher, watcher_lang = (sasha, "ru") if seat == 0 else (ona, "lt")
    away, away_lang = (ona, "lt") if seat == 0 else (sasha, "ru")
    redraw = watcher.get(
        f"/{watcher_lang}/play/{table.public_id}/", {"v": table.version}, **HX
    ).content.decode()
    table.refresh_from_db()
    assert table.seats[seat]["away"] is True
    name = table.seats[seat]["name"]
    assert name in redraw and 'id="table"' in redraw
    # The absent player's page offers the seat back, in their language; taking it back
    # puts them at the table again.
    page = away.get(f"/{away_lang}/play/{table.public_id}/").content.decode()
    assert "/back/" in page and 'id="take-seat-back"' in page
    version = table.version
    assert away.post(f"/{away_lang}/play/{table.public_id}/back/").status_code == 303
    table.refresh_from_db()
    assert "away" not in table.seats[seat] and table.version == version + 1
    assert url  # the Lithuanian page is the one the first player opened


def test_leave_hint_and_a_teachers_switch_through_http() -> None:
    table, ona, (sasha,) = open_and_fill()
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, lang = (ona, "lt") if seat == 0 else (sasha, "ru")
    url = f"/{lang}/play/{table.public_id}/"
    page = mover.get(url).content.decode()
    assert "/hint/" in page
    hint = mover.post(url + "hint/", {"version": table.version}, **HX).content.decode()
    assert 'class="coach coach--advice"' in hint
    table.refresh_from_db()
    assert table.version == state.version  # a hint changes nothing
    # The other player may not ask on the mover's turn.
    other, other_lang = (sasha, "ru") if seat == 0 else (ona, "lt")
    other_url = f"/{other_lang}/play/{table.public_id}/"
    refused = other.post(other_url + "hint/", {"version": table.version}, **HX)
    assert refused.status_code == 409
    # Without JavaScript: back to the table, which says why (Post/Redirect/Get).
    refused = other.post(other_url + "hint/", {"version": table.version})
    assert refused.status_code == 303 and refused["Location"] == other_url + "?state=turn"
    # With the hints switched off, neither the button nor the hint.
    services.set_hints(table=table, hints=False)
    assert "/hint/" not in mover.get(url).content.decode()
    off = mover.post(url + "hint/", {"version": table.version})
    assert off.status_code == 403 and 'class="coach coach--advice"' not in off.content.decode()
    # Leaving: the computer plays the seat at once.
    assert mover.post(url + "leave/").status_code == 303
    table.refresh_from_db()
    assert table.seats[seat]["away"] is True
    assert not services.shared_state(table=table).my_turn(seat)


def test_each_players_review_shows_only_what_they_saw_and_the_revealed_hands() -> None:
    table, ona, (sasha,) = open_and_fill()
    clients = {0: (ona, "lt"), 1: (sasha, "ru")}
    url = f"/play/{table.public_id}/review/1/"
    # Not over yet: no review (the others' cards are still secret).
    early = ona.get("/lt" + url)
    assert early.status_code == 409 and "review__position" not in early.content.decode()
    humans = [Learner.objects.get(pk=table.seats[seat]["learner"]) for seat in (0, 1)]
    state = play_to_the_end(table, humans)
    board = state.current[0]
    final = state.hand_of(board)
    for seat, (client, lang) in clients.items():
        me = board.seat_of(seat)
        other = 1 - me
        for step in range(len(board.moves)):
            before = replay(state.rules, board.upto(step))
            html = client.get(f"/{lang}{url}", {"move": step}, **HX).content.decode()
            shown = cards_on(html)
            mine = {str(c) for c in before.cards(me)}
            assert mine <= shown
            # Of the other's cards, only the ones face up (melds, the discard pile) and
            # the ones revealed at the end of the hand may be on the page.
            public = {str(c) for c in before.view(me).discard_pile[:1]}
            public |= {str(c) for m in before.table for c in m.cards}
            revealed = {str(c) for c in final.cards(other)}
            secret = {str(c) for c in before.cards(other)} - public - revealed - mine
            assert not secret & shown, (seat, step, secret & shown)
            # The stock's order is never shown.
            assert not ({str(c) for c in before.stock} - mine - revealed - public) & shown
    stranger = browser()
    assert stranger.get("/en" + url).status_code == 302
    assert ona.get(f"/lt/play/{table.public_id}/review/9/").status_code == 404


def test_a_players_review_says_your_turn_over_their_own_cards() -> None:
    """The Russian pupil's walk: a review read «Ваши карты · ходит», the third person's
    "to play" over the player's own cards. It is "your turn" there; the others keep
    "to play"."""
    table, ona, (sasha,) = open_and_fill()
    url = f"/en/play/{table.public_id}/review/1/"
    humans = [Learner.objects.get(pk=table.seats[seat]["learner"]) for seat in (0, 1)]
    state = play_to_the_end(table, humans)
    board = state.current[0]
    pages = "".join(
        client.get(url, {"move": step}, **HX).content.decode()
        for client in (ona, sasha)
        for step in range(len(board.moves))
    )
    assert "Your cards · your turn</h2>" in pages and " · to play</li>" in pages
    assert "Your cards · to play" not in pages


def test_the_opener_sets_how_long_a_silent_player_is_waited_for() -> None:
    ona = browser("it")
    fields = {"game": "gin", "players": 2, "computers": 0, "name": "Ona"}
    bad = ona.post("/it/play/new/", {**fields, "away": "7"})
    assert bad.status_code == 400 and not SharedTable.objects.exists()
    assert 'name="away"' in bad.content.decode()
    assert ona.post("/it/play/new/", {**fields, "away": "30"}).status_code == 303
    assert SharedTable.objects.get().away_seconds == 30
    ona.post("/it/play/new/", {**fields, "away": "0"})
    assert SharedTable.objects.order_by("-pk").first().away_seconds == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("game", "players"),
    [("basic", 3), ("gin", 2), ("knock", 4), ("gin", 3), ("gin", 4)],
)
def test_no_page_of_a_table_for_people_shows_a_card_its_player_may_not_see(
    game: str, players: int
) -> None:
    """Every player's responses through a whole hand (their moves, the question before a
    move that ends the hand, their polls after the others' moves, a hint) carry no card
    their seat may not see: not another player's, not the stock's, not a face-down knock
    discard. In three-player Gin the one sitting out sees no hand; in four-player Gin
    each is checked against their own board."""
    table, first, others = open_and_fill(game, players)
    clients = [first, *others]
    by_seat = {
        services.seat_of(table, Learner.objects.get(pk=s["learner"])): clients[i]
        for i, s in enumerate(table.seats)
    }
    page_url = f"/en/play/{table.public_id}/"

    def check(seat: int, body: str) -> None:
        state = services.shared_state(table=table)
        board = state.board_of(seat) or state.current[0]
        me = board.seat_of(seat) if seat in board.seats else None
        leaks = hidden_cards(state.hand_of(board), me).leaks(body, table.public_id)
        assert leaks == [], f"seat {seat} was shown {leaks}"

    asked = 0  # confirmation pages checked
    for _ in range(800):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in by_seat if state.my_turn(s))
        client = by_seat[seat]
        version = table.version
        hint = client.post(page_url + "hint/", {"version": version}, **HX)
        assert hint.status_code == 200
        # The coach names cards that would make a meld ("4♣ would make a meld"): words
        # about cards wanted, not cards shown, which #announce says too; the rest of the
        # page is checked.
        assert 'class="coach coach--advice"' in hint.content.decode()
        check(
            seat,
            re.sub(
                r'<section class="coach coach--advice".*?</section>'
                r'|<div id="announce"[^>]*>.*?</div>',
                "",
                hint.content.decode(),
                flags=re.S,
            ),
        )
        move = BotPlayer(seed=seat).choose(state.view_for(seat))  # type: ignore[arg-type]
        data = {"version": str(version), **factories.move_data(move)}
        board = state.board_of(seat)
        hand = state.hand_of(board)  # type: ignore[arg-type]
        if hand.play(move, board.seat_of(seat)).play_over:  # type: ignore[union-attr]
            # A move that ends the hand is asked about first: that page is checked too.
            question = client.post(page_url + "move/", data, **HX)
            assert question.status_code == 200
            assert 'id="confirm-yes"' in question.content.decode()
            table.refresh_from_db()
            assert table.version == version
            check(seat, question.content.decode())
            asked += 1
        response = client.post(page_url + "move/", {**data, "confirm": "1"}, **HX)
        assert response.status_code == 200, response.content.decode()[:800]
        table.refresh_from_db()
        check(seat, response.content.decode())
        for other, other_client in by_seat.items():
            if other != seat:
                poll = other_client.get(page_url, {"v": version}, **HX)
                assert poll.status_code == 200
                check(other, poll.content.decode())
    else:
        raise AssertionError("the hand did not end")
    assert asked, "no move that ends the hand was asked about"
    for seat, client in by_seat.items():
        check(seat, client.get(page_url).content.decode())
        check(seat, client.get(page_url, {"step": "all"}).content.decode())


def test_a_move_sends_its_rate_limit_count_with_the_player_s_read(settings) -> None:  # type: ignore[no-untyped-def]
    """A player's move: the learner read with the POST's count (one statement on
    PostgreSQL, two elsewhere), then the table and its conditional update."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    settings.RATE_LIMIT_ENABLED = True
    state = services.shared_state(table=table)
    mover = ona if state.my_turn(0) else sasha
    with CaptureQueriesContext(connection) as queries:
        response = mover.post(
            f"/en/play/{table.public_id}/move/",
            {"version": table.version, "action": "draw_stock"},
            **HX,
        )
    assert response.status_code == 200
    statements = [q["sql"] for q in queries]
    together = connection.vendor == "postgresql"
    assert len(statements) == (3 if together else 4), statements
    assert (
        statements[0].startswith(("WITH", "INSERT")) and '"rummy_site_ratecount"' in statements[0]
    )
    learner = statements[0] if together else statements[1]
    assert 'FROM "learners_learner"' in learner
    assert statements[-2].startswith('SELECT "shared_sharedtable"')
    assert statements[-1].startswith('UPDATE "shared_sharedtable"')


def test_a_review_shows_the_others_hands_only_when_the_hand_ended_with_them_shown() -> None:
    """The tamper probe: the review of a void hand (the stock ran out) showed the other
    player's cards "as they were shown at the end", which nobody showed."""
    from game.engine import Deal, DrawDiscard, HandEnd, Move, new_hand
    from game.shared.presenters import shown_at_the_end

    hand = new_hand("basic", deal=Deal.build(["7H 8H 2C", "KS 7D AH"], discard="5D"), dealer=1)
    hand = hand.rules.update(hand, stock=(), hands=(hand.hands[0] + hand.stock, hand.hands[1]))
    void = hand.play(DrawDiscard()).play(Move.parse("discard 2C"))
    assert void.result is not None and void.result.end is HandEnd.VOID
    assert shown_at_the_end(void, 0, ["Ona", "Jonas"]) == []
    # Ona goes out: Jonas counts the cards he shows.
    playing = new_hand("basic", deal=Deal.build(["7H 8H 9H", "KS 7D AH"], discard="5D"), dealer=1)
    playing = playing.play(Move.parse("draw stock")).play(Move.parse("meld 7H 8H 9H"))
    assert shown_at_the_end(playing, 0, ["Ona", "Jonas"]) == []  # not over: nothing
    out = playing.play(Move.parse(f"discard {playing.hands[0][0]}"))
    assert out.result is not None and out.result.end is HandEnd.RUMMY
    assert shown_at_the_end(out, 0, ["Ona", "Jonas"]) == [
        {"name": "Jonas", "cards": list(out.cards(1))}
    ]
    assert shown_at_the_end(out, None, ["Ona", "Jonas"])[0]["name"] == "Ona"


def test_the_browser_does_not_fill_in_a_name_at_a_table() -> None:
    """On a school's shared computer the browser offered, in "Your name", the names the
    pupils before had typed there: a pupil who took one sat down as a classmate. The
    page offers only this browser's own learner's name."""
    ona = browser("en")
    index = ona.get("/en/play/").content.decode()
    for form in ("open", "sit"):
        field = re.search(rf'<input [^>]*id="{form}_name"[^>]*>', index)
        assert field is not None and 'autocomplete="off"' in field[0], form
    ona.post("/en/play/new/", {"game": "gin", "players": 2, "computers": 0, "name": "Ona"})
    table = SharedTable.objects.get()
    sit = browser("en").get(f"/en/play/code/{table.code}/").content.decode()
    field = re.search(r'<input [^>]*name="name"[^>]*>', sit)
    assert field is not None and 'autocomplete="off"' in field[0]


@pytest.mark.parametrize("blank", ["\u200b", "\u2800", "\u3164 \u115f", " \u00ad "])
def test_a_name_that_shows_nothing_is_refused(blank: str) -> None:
    """A zero-width space, the Braille blank or a Hangul filler passed the field's own
    required check and sat down as an empty name."""
    ona = browser("lt")
    fields = {"game": "gin", "players": 2, "computers": 1, "name": blank}
    refused = ona.post("/lt/play/new/", fields)
    assert refused.status_code == 400 and not SharedTable.objects.exists()
    assert "Įrašykite savo vardą" in refused.content.decode()


@pytest.mark.parametrize("mark", ["(you)", "(jūs)", "(вы)", "(tu)", "（YOU）", "(уоu)"])
def test_a_name_cannot_carry_the_sites_you(mark: str) -> None:
    """The tamper probe: a player who sat down as "Ona (you)" made another player's seat
    read "Ona (you)" on the host's page, twice "(you)". The site's own mark, in any of
    its languages and however written (full-width, Cyrillic look-alikes), is no part of
    a name: here "Ona" is then taken."""
    ona = browser("lt")
    ona.post("/lt/play/new/", {"game": "gin", "players": 2, "computers": 0, "name": "Ona"})
    table = SharedTable.objects.get()
    other = browser("en")
    refused = other.post("/en/play/sit/", {"code": table.code, "name": f"Ona {mark}"})
    assert refused.status_code == 409
    assert "Someone at this table already has this name" in refused.content.decode()
    table.refresh_from_db()
    assert sum(1 for s in table.seats if not s.get("open")) == 1
    sat = other.post("/en/play/sit/", {"code": table.code, "name": "Ona (Anna)"})
    assert sat.status_code == 303


def test_a_page_without_javascript_offers_refresh_and_reloads_itself_only_when_asked() -> None:
    """The teacher's walk: a pupil without JavaScript read "Giulia is to play" with no
    way to see the move but the browser's reload, and the computer took her seat. The
    accessibility walk: the page then reloaded itself every 10 s, sending a keyboard's or
    a screen reader's place back to the top, with no way to stop it (WCAG 2.2.1, F41).
    While someone else is to move (or the table waits for players) the page has a
    Refresh link, says that it does not change by itself, and reloads itself only once
    asked to ("?reload=1", which the reload keeps), saying how often, with a link to
    stop; on the player's own turn neither (a reload would drop the cards they ticked)."""
    ona = browser("lt")
    ona.post("/lt/play/new/", {"game": "knock", "players": 2, "computers": 0, "name": "Ona"})
    table = SharedTable.objects.get()
    url = f"/en/play/{table.public_id}/"
    auto = f"{url}?reload=1"
    # Each opens the page again at its status, by an address other than its own (see
    # test_refresh_and_the_reload_open_the_page_again_at_its_status).
    again = f"{auto}&amp;again=1#table-status"
    refresh = f'<noscript><meta http-equiv="refresh" content="10; url={again}"></noscript>'
    waiting = ona.get(url).content.decode()
    assert 'http-equiv="refresh"' not in waiting
    assert f'<a href="{url}?again=1#table-status">Refresh</a>' in waiting
    assert "Without JavaScript this page does not change by itself" in waiting
    assert f'<a href="{again}">Reload this page by itself while I wait</a>' in waiting
    waiting = ona.get(auto).content.decode()
    assert refresh in waiting and f'<a href="{again}">Refresh</a>' in waiting
    assert "This page reloads itself every 10 seconds while you wait." in waiting
    assert f'<a href="{url}#table-status">Stop reloading</a>' in waiting
    sasha = browser("ru")
    sasha.post("/ru/play/sit/", {"code": table.code, "name": "Саша"})
    table.refresh_from_db()
    state = services.shared_state(table=table)
    mover, other = (ona, sasha) if state.my_turn(0) else (sasha, ona)
    theirs = other.get(url).content.decode()
    assert 'http-equiv="refresh"' not in theirs and "is to play" in theirs
    assert f'id="refresh-table" href="{url}?again=1#table-status"' in theirs
    assert 'id="reload-note"' in theirs
    theirs = other.get(auto).content.decode()
    assert refresh in theirs and f'id="refresh-table" href="{again}"' in theirs
    assert "This page reloads itself every 10 seconds while you wait." in theirs
    mine = mover.get(auto).content.decode()
    assert "Your turn." in mine
    assert 'http-equiv="refresh"' not in mine and 'id="refresh-table"' not in mine
    assert 'id="reload-note"' not in mine
    # Their move, sent from the page that reloads itself: back to it, still reloading.
    move = f"/en/play/{table.public_id}/move/?reload=1"
    sent = mover.post(move, {"version": table.version, "action": "draw_stock"})
    assert sent.status_code == 303 and sent["Location"] == auto + "#table-status"
    # Paused by the teacher, it reloads itself less often, and says so.
    table.refresh_from_db()
    services.set_paused(table=table, paused=True)
    paused = other.get(auto).content.decode()
    assert f'content="60; url={again}"' in paused
    assert "This page reloads itself every 60 seconds while you wait." in paused


def test_leaving_is_told_as_leaving_and_the_computers_moves_in_a_seat_as_the_computers() -> None:
    """The teacher's walk: after "Leave the table" the pupil read "You were away", and
    her log told the computer's moves in her seat as her own ("You drew from the stock.
    You discarded 9♥."); the others read them as hers ("Giulia discarded 9♥")."""
    table, ona, (sasha,) = open_and_fill()
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, other = (ona, sasha) if seat == 0 else (sasha, ona)
    name = table.seats[seat]["name"]
    url = f"/en/play/{table.public_id}/"
    assert mover.post(url + "leave/").status_code == 303
    table.refresh_from_db()
    state = services.shared_state(table=table)
    made = state.computer_moves(state.board_of(seat))
    assert len(made) == 2  # the computer drew and discarded in the seat
    page = mover.get(url).content.decode()
    assert "You left the table, so the computer is playing your seat." in page
    assert "You were away" not in page
    mine = log_lines(page)
    assert all(line.startswith("The computer, in your seat, ") for line in mine[:2]), mine
    assert not any(line.startswith("You ") for line in mine), mine
    theirs = html.unescape(other.get(url).content.decode())
    lines = log_lines(theirs)
    assert all(line.startswith(f"The computer, in {name}'s seat, ") for line in lines[:2])
    assert not any(line.startswith(f"{name} ") for line in lines), lines
    assert f"The computer plays in {name}'s seat until they come back." in theirs
    # Back at the table: "You left" is gone, and the computer's moves stay its own.
    assert mover.post(url + "back/").status_code == 303
    table.refresh_from_db()
    assert "left_on_purpose" not in table.seats[seat]
    page = mover.get(url).content.decode()
    assert "You left the table" not in page
    assert log_lines(page)[:2] == mine[:2]


def test_a_player_away_too_long_is_told_they_were_away() -> None:
    table, ona, (sasha,) = open_and_fill()
    state = services.shared_state(table=table)
    to_move = next(s for s in (0, 1) if state.my_turn(s))
    SharedTable.objects.filter(pk=table.pk).update(waiting=[[to_move, 0]])
    table.refresh_from_db()
    assert services.replace_absent(table=table)
    page = (ona, sasha)[to_move].get(f"/en/play/{table.public_id}/").content.decode()
    assert "You were away, so the computer is playing your seat." in page
    assert "You left the table" not in page
    assert log_lines(page)[0].startswith("The computer, in your seat, ")


def test_a_review_tells_the_computers_move_in_a_persons_seat_as_the_computers() -> None:
    table, ona, (sasha,) = open_and_fill()
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = (ona, sasha)[seat]
    url = f"/en/play/{table.public_id}/"
    mover.post(url + "leave/")
    table.refresh_from_db()
    play_to_the_end(table, [Learner.objects.get(pk=table.seats[1 - seat]["learner"])])
    table.refresh_from_db()
    state = services.shared_state(table=table)
    board = state.board_of(seat)
    assert board is not None
    made = sorted(state.computer_moves(board, 1))
    assert made
    for step in made[:2]:
        review = mover.get(f"{url}review/1/", {"move": step}).content.decode()
        assert "The computer, in your seat," in review, step


def _backdate_turn(table: SharedTable, seconds: int) -> None:
    """The person to move's turn came ``seconds`` ago."""
    table.refresh_from_db()
    table.waiting = [[seat, since - seconds, *more] for seat, since, *more in table.waiting]
    SharedTable.objects.filter(pk=table.pk).update(waiting=table.waiting)


def test_the_player_to_move_reads_by_when_and_is_warned_the_last_seconds() -> None:
    """The class tables' walk: the seat went to the computer after two minutes with no
    warning. On their turn the page says by when they must move (a page without
    JavaScript does not change by itself) and offers "I need more time"; drawn in the
    last 30 seconds, the warning shows (before, it waits, hidden, for the script); the
    others' pages say none of it. The clock stands still: "in 20 seconds" is not "in 19"
    because a second passed between the deal and the page."""
    with mock.patch("time.time", return_value=1_800_000_000.25):
        _the_player_to_move_reads_by_when_and_is_warned_the_last_seconds()


def _the_player_to_move_reads_by_when_and_is_warned_the_last_seconds() -> None:
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, other = (ona, sasha) if seat == 0 else (sasha, ona)
    url = f"/en/play/{table.public_id}/"
    page = mover.get(url).content.decode()
    assert "or the computer will play your turn." in page
    assert 'id="more-time"' in page and "I need more time" in page
    # Its answer opens at the status line, as its language buttons send it.
    assert f'formaction="/en/play/{table.public_id}/more-time/#table-status"' in page
    assert re.search(r'<p [^>]*id="turn-warning" hidden>', page)
    assert 'data-warn-seconds="30"' in page
    theirs = other.get(url).content.decode()
    assert 'id="turn-deadline"' not in theirs and "I need more time" not in theirs
    _backdate_turn(table, 100)
    page = mover.get(url).content.decode()
    warning = re.search(r'<p [^>]*id="turn-warning"[^>]*>(.*?)</p>', page)
    assert warning is not None and " hidden" not in warning[0]
    assert warning[1] == "The computer will play your turn in 20 seconds."
    # Paused by the teacher: nobody is waited for, nothing is said.
    table.refresh_from_db()
    services.set_paused(table=table, paused=True)
    assert 'id="turn-deadline"' not in mover.get(url).content.decode()


def test_the_time_to_move_is_said_without_the_servers_clock(settings: Any) -> None:
    """The line "Move by 14:03:20" was the server's clock (Europe/Vilnius): an hour off
    in Italy, and in Moscow in winter. The server cannot know the pupil's clock, so the
    page says how long is left instead, in minutes, under a minute in seconds."""
    from game.shared.presenters import turn_deadline

    settings.TIME_ZONE = "Europe/Vilnius"
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    page = mover.get(f"/en/play/{table.public_id}/").content.decode()
    line = re.search(r'<p class="turn-deadline__line"[^>]*>(.*?)</p>', page)
    assert line is not None and not re.search(r"\d:\d\d", line[1]), line
    assert re.fullmatch(
        r"You have about [12] minutes? to move, or the computer will play your turn\.", line[1]
    ), line[1]
    deadline = services.deadline_of(table, seat)
    assert deadline is not None
    said = {
        left: turn_deadline(table, seat, now=deadline - left)["line"]
        for left in (300, 140, 119, 90, 89, 60, 59, 1)
    }
    assert said == {
        300: "You have about 5 minutes to move, or the computer will play your turn.",
        140: "You have about 2 minutes to move, or the computer will play your turn.",
        # To the nearest minute: a 2-minute turn drawn a second in is not "about 1".
        119: "You have about 2 minutes to move, or the computer will play your turn.",
        90: "You have about 2 minutes to move, or the computer will play your turn.",
        89: "You have about 1 minute to move, or the computer will play your turn.",
        60: "You have about 1 minute to move, or the computer will play your turn.",
        59: "You have 59 seconds to move, or the computer will play your turn.",
        1: "You have 1 second to move, or the computer will play your turn.",
    }
    # The line for each minute to come, for the page's script to keep it true.
    lines = turn_deadline(table, seat, now=deadline - 140)["lines"]
    assert lines == {
        "2": "You have about 2 minutes to move, or the computer will play your turn.",
        "1": "You have about 1 minute to move, or the computer will play your turn.",
    }
    drawn = re.search(r'class="turn-deadline__line" data-lines="([^"]*)"', page)
    assert drawn is not None
    assert json.loads(html.unescape(drawn[1]))["1"] == lines["1"]


def test_i_need_more_time_moves_the_deadline_and_keeps_the_ticked_cards() -> None:
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    _backdate_turn(table, 100)
    since = table.waiting[0][1]
    ticked = [str(c) for c in state.view_for(seat).cards[:2]]  # type: ignore[union-attr]
    url = f"/en/play/{table.public_id}/more-time/"
    version = table.version
    data = {"version": version, "arrange": "0", "cards": ticked}
    response = mover.post(url, data, **HX)
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.version == version + 1
    assert services.deadline_of(table, seat) == since + 2 * table.away_seconds
    html = response.content.decode()
    assert re.search(r'<p [^>]*id="turn-warning" hidden>', html)  # 140 s left
    # The new time is said, and the cards ticked stay ticked.
    announce = re.search(r'<div id="announce" hx-swap-oob="innerHTML">(.*?)</div>', html)
    assert announce is not None and "or the computer will play your turn." in announce[1]
    for code in ticked:
        assert re.search(rf'value="{code}"[^>]*checked', html), code
    # Sent again from the same page (a double press): refused, nothing changes.
    again = mover.post(url, data, **HX)
    assert again.status_code == 409 and "The table changed" in again.content.decode()
    table.refresh_from_db()
    assert table.version == version + 1
    assert services.deadline_of(table, seat) == since + 2 * table.away_seconds
    # Without JavaScript the form posts and the table comes back in the answer.
    plain = mover.post(url, {**data, "version": table.version})
    assert plain.status_code == 200 and "<html" in plain.content.decode()
    table.refresh_from_db()
    assert services.deadline_of(table, seat) == since + 3 * table.away_seconds


def announced(html: str) -> str:
    found = re.search(r'<div id="announce" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S)
    assert found is not None
    return found.group(1).strip()


def test_the_others_move_that_makes_it_my_turn_is_announced_with_your_turn() -> None:
    """The accessibility walk: after the other player's move #announce said "Bianca
    discarded 6♣." and not "Your turn.", which only the status line said."""
    table, ona, (sasha,) = open_and_fill("gin", 2)
    url = f"/en/play/{table.public_id}/"
    state = services.shared_state(table=table)
    first = state.to_move(state.current[0])
    clients = {0: ona, 1: sasha}
    mover, waiter = clients[first], clients[1 - first]  # type: ignore[index]
    # The first player's own page: their turn came with the deal.
    assert announced(mover.get(url, **HX).content.decode()).endswith("Your turn.")
    drawn = mover.post(url + "move/", {"version": table.version, "action": "draw_stock"}, **HX)
    assert "Your turn." not in announced(drawn.content.decode())  # their own draw
    table.refresh_from_db()
    state = services.shared_state(table=table)
    card = state.view_for(first).cards[0]  # type: ignore[arg-type, union-attr]
    data = {"version": table.version, "action": "discard", "cards": [str(card)]}
    discarded = mover.post(url + "move/", data, **HX).content.decode()
    assert "Your turn." not in announced(discarded)
    table.refresh_from_db()
    html = waiter.get(url, {"v": table.version - 1}, **HX).content.decode()
    assert announced(html) == f"{log_lines(html)[-1]} Your turn."
    assert "discarded" in log_lines(html)[-1]


def test_the_italian_status_line_names_anna_without_a_bare_a() -> None:
    """The Italian walk: «Ora tocca a Anna.» on the status line (and what a screen reader
    hears); an Italian writes «ad Anna», or says it another way: «Ora è il turno di Anna.»"""
    anna = browser("it")
    anna.post("/it/play/new/", {"game": "knock", "players": 2, "computers": 0, "name": "Anna"})
    table = SharedTable.objects.get()
    aldo = browser("it")
    aldo.post("/it/play/sit/", {"code": table.code, "name": "Aldo"})
    table.refresh_from_db()
    state = services.shared_state(table=table)
    waiting, name = (aldo, "Anna") if state.my_turn(0) else (anna, "Aldo")
    page = waiting.get(f"/it/play/{table.public_id}/").content.decode()
    status = re.search(r'<p class="table-area__status"[^>]*>(.*?)</p>', page, re.S)
    assert status is not None
    assert f"Ora è il turno di {name}." in status.group(1)
    assert not re.search(r"\b[Aa]\s+A(nna|ldo)\b", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize(
    ("game", "computers", "said"), [("knock", 1, True), ("knock", 0, False), ("basic", 1, False)]
)
def test_a_table_with_computer_players_says_how_they_knock(
    game: str, computers: int, said: bool
) -> None:
    """The new-features walk: a practice table says how its computer players knock, a
    table for people with computer players did not."""
    table, ona, _others = open_and_fill(game, players=2, computers=computers)
    with translation.override("lt"):
        line = translation.gettext(
            "The computer players give you time to play: they do not knock before everyone "
            "has had two turns."
        )
    page = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    assert (line in page) is said


def _form(html: str, action: str) -> str:
    """The form posting to ``action`` (its address's last part, "hint/"...) in a page."""
    found = re.search(rf'<form [^>]*action="[^"]*/{action}"[^>]*>.*?</form>', html, flags=re.S)
    assert found is not None, action
    return found[0]


def test_a_hint_without_javascript_redirects_to_the_table() -> None:
    """The Lithuanian walk (as at a practice table): Hint without JavaScript drew the
    table in the POST's answer, at .../hint/, and a reload asked to send the form again.
    It redirects to the table's page (``?hinted=`` the version it was given at, no
    fragment), which shows the advice, focused, while the table is there and it is the
    player's turn; a reload shows it again and changes nothing. Another player, the
    hints switched off since, or the table moved on: the page as it is, no advice."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, other = (ona, sasha) if seat == 0 else (sasha, ona)
    url = f"/en/play/{table.public_id}/"
    response = mover.post(url + "hint/", {"version": table.version})
    assert response.status_code == 303
    location = response["Location"]
    assert location == f"{url}?hinted={table.version}"
    for _reload in range(2):
        page = mover.get(location)
        html = page.content.decode()
        assert page.status_code == 200
        advice = re.search(r'<section class="coach coach--advice"[^>]*>', html)
        assert advice is not None and 'tabindex="-1" autofocus' in advice[0]
        table.refresh_from_db()
        assert table.version == state.version  # a hint changes nothing
    assert "coach--advice" not in other.get(location).content.decode()
    assert "coach--advice" not in mover.get(f"{url}?hinted=abc").content.decode()
    assert "coach--advice" not in mover.get(f"{url}?hinted={table.version + 1}").content.decode()
    # With htmx, the partial as before.
    partial = mover.post(url + "hint/", {"version": table.version}, **HX)
    assert partial.status_code == 200 and "coach--advice" in partial.content.decode()
    services.set_hints(table=table, hints=False)
    assert (
        "coach--advice"
        not in mover.get(location.replace(str(state.version), str(table.version))).content.decode()
    )


def test_without_javascript_a_language_button_opens_the_table_where_the_form_did() -> None:
    """The walk without JavaScript (as at a practice table): after a move the page opened
    at the status line (``#table-status``), and a language button sent the player to the
    same table in another language at its top (the browser never sends a fragment; the
    buttons' ``next`` had none). Every redirect's address is the buttons' next on the
    page it leads to, fragment and all (the hint, a move, a move sent twice, a move out of
    turn, leaving the table and its "Take my seat back", taking it back, the move that
    ends the hand, "Next hand"), and the page in Italian opens there too; so does a
    table's page opened by its address, the waiting room's as the hand's."""
    ona = browser("lt")
    ona.post("/lt/play/new/", {"game": "knock", "players": 2, "computers": 0, "name": "Ona"})
    table = SharedTable.objects.get()
    url = f"/en/play/{table.public_id}/"
    waiting = ona.get(url).content.decode()
    assert switcher_next(waiting) == url + "#table-status"
    table.delete()
    table, ona, (sasha,) = open_and_fill("knock", 2)
    url = f"/en/play/{table.public_id}/"
    answers = []

    def followed(client: Client, response: Any) -> None:
        answers.append(opened_where_sent(client, response, "it"))

    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, other = (ona, sasha) if seat == 0 else (sasha, ona)
    assert switcher_next(mover.get(url).content.decode()) == url + "#table-status"
    followed(mover, mover.post(url + "hint/", {"version": table.version}))
    data = {"version": table.version, "action": "draw_stock", "arrange": "0"}
    followed(mover, mover.post(url + "move/", data))
    followed(mover, mover.post(url + "move/", data))  # sent twice
    table.refresh_from_db()
    data = {"version": table.version, "action": "draw_stock"}
    followed(other, other.post(url + "move/", data))  # not their turn
    followed(mover, mover.post(url + "leave/", {}))
    followed(mover, mover.post(url + "back/", {}))
    table.refresh_from_db()
    humans = [Learner.objects.get(pk=table.seats[s]["learner"]) for s in (0, 1)]
    play_to_the_end(table, humans)
    table.refresh_from_db()
    followed(mover, mover.post(url + "next/", {"version": table.version}))
    assert [a.partition("?")[2].partition("=")[0] for a in answers] == [
        "hinted",
        "arrange",
        "state",
        "state",
        "",
        "back",
        "",
    ]
    assert [a.endswith("#table-status") for a in answers] == [0, 1, 0, 0, 0, 1, 1]


def test_arrange_switched_off_stays_off_without_javascript() -> None:
    """The walk without JavaScript (as at a practice table): Arrange switched off came
    back on after every move (the answer's redirect kept only ``?reload=1``), after the
    hint, leaving the table, taking the seat back and the next hand (their forms did
    not say it), and after Refresh while the others played. Every form sends the board's
    Arrange, and the page it leads to keeps it switched off; so do Refresh, the reload
    and (with JavaScript) the poll."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover, other = (ona, sasha) if seat == 0 else (sasha, ona)
    url = f"/en/play/{table.public_id}/"
    plain = mover.get(url + "?arrange=0").content.decode()
    assert 'class="arranged"' not in plain
    assert 'name="arrange" value="0"' in _form(plain, "hint/")
    assert 'name="arrange" value="0"' in _form(plain, "leave/")
    hinted = mover.post(url + "hint/", {"version": table.version, "arrange": "0"})
    assert hinted.status_code == 303 and "arrange=0" in hinted["Location"]
    hint = mover.get(hinted["Location"]).content.decode()
    assert 'class="coach coach--advice"' in hint and 'class="arranged"' not in hint
    # A move, from the page that reloads itself too: back to it, reloading, Arrange off.
    data = {"version": table.version, "action": "draw_stock", "arrange": "0"}
    moved = mover.post(url + "move/?reload=1", data)
    assert (
        moved.status_code == 303 and moved["Location"] == f"{url}?reload=1&arrange=0#table-status"
    )
    page = mover.get(moved["Location"]).content.decode()
    assert 'class="arranged"' not in page and 'aria-pressed="false"' in page
    table.refresh_from_db()
    card = services.shared_state(table=table).view_for(seat).cards[0]  # type: ignore[union-attr]
    data = {"version": table.version, "action": "discard", "cards": str(card), "arrange": "0"}
    moved = mover.post(url + "move/", data)
    assert moved.status_code == 303 and moved["Location"] == f"{url}?arrange=0#table-status"
    # Waiting for the other: Refresh, the reload offered and the poll keep it off.
    waiting = mover.get(moved["Location"]).content.decode()
    assert f'id="refresh-table" href="{url}?arrange=0&amp;again=1#table-status"' in waiting
    assert f'href="{url}?reload=1&amp;arrange=0&amp;again=1#table-status"' in waiting
    table.refresh_from_db()
    assert f'hx-get="{url}?v={table.version}&amp;arrange=0"' in waiting
    reloading = mover.get(f"{url}?reload=1&arrange=0").content.decode()
    assert f'content="10; url={url}?reload=1&amp;arrange=0&amp;again=1#table-status"' in reloading
    assert f'<a href="{url}?arrange=0#table-status">Stop reloading</a>' in reloading
    # Leaving and taking the seat back keep it.
    left = mover.post(url + "leave/", {"arrange": "0"})
    assert left.status_code == 303 and left["Location"] == f"{url}?arrange=0"
    away = mover.get(left["Location"]).content.decode()
    assert 'name="arrange" value="0"' in _form(away, "back/")
    back = mover.post(url + "back/", {"arrange": "0"})
    # (with the flag that says "You are back at your seat.")
    assert back.status_code == 303 and back["Location"] == f"{url}?back=1&arrange=0#table-status"
    # The next hand's button says it too, and its answer keeps it.
    table.refresh_from_db()
    humans = [Learner.objects.get(pk=table.seats[s]["learner"]) for s in (0, 1)]
    play_to_the_end(table, humans)
    table.refresh_from_db()
    over = mover.get(f"{url}?arrange=0&step=all").content.decode()
    assert 'name="arrange" value="0"' in _form(over, "next/")
    nxt = mover.post(url + "next/", {"version": table.version, "arrange": "0"})
    assert nxt.status_code == 303 and nxt["Location"] == f"{url}?arrange=0#table-status"
    # Arranged (the first view), the forms say so and the addresses say nothing.
    on = other.get(url).content.decode()
    assert 'name="arrange" value="1"' in _form(on, "leave/")
    assert "arrange=0" not in on


def test_a_refused_layoff_keeps_its_meld_chosen() -> None:
    """The walk without JavaScript (as at a practice table): a card laid off onto a meld
    it does not fit was refused with the card still ticked but no meld chosen. The meld
    it was sent with stays chosen too."""
    from game.engine import LayOff

    table, ona, (sasha,) = open_and_fill("basic", 2, seed=7)
    clients = {0: ona, 1: sasha}
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        assert not state.round_over, "no meld on the table before the hand ended"
        seat = next(s for s in clients if state.my_turn(s))
        view = state.view_for(seat)
        assert view is not None
        board = state.board_of(seat)
        assert board is not None
        legal = state.hand_of(board).legal_moves()
        wrong = [c for m in view.table for c in view.cards if LayOff(c, m.id) not in legal]
        if view.table and wrong:
            meld = next(m.id for m in view.table if LayOff(wrong[0], m.id) not in legal)
            data = {"version": table.version, "action": "lay_off", "cards": str(wrong[0])}
            response = clients[seat].post(
                f"/en/play/{table.public_id}/move/", {**data, "meld": meld}
            )
            # Without JavaScript, the table's page the refusal redirects to says it.
            assert response.status_code == 303 and "?refused=" in response["Location"]
            response = clients[seat].get(response["Location"])
            html = response.content.decode()
            assert response.status_code == 200 and 'id="hand-error"' in html, html[:500]
            chosen = re.findall(
                r'<input type="radio" name="meld" value="(\d+)"[^>]*\bchecked', html
            )
            assert chosen == [str(meld)]
            assert re.search(rf'name="cards" value="{wrong[0]}"[^>]*\bchecked\b', html)
            return
        move = BotPlayer(seed=seat).choose(view)
        data = {"version": str(table.version), **factories.move_data(move), "confirm": "1"}
        response = clients[seat].post(f"/en/play/{table.public_id}/move/", data)
        assert response.status_code == 303, response.content.decode()[:500]
    raise AssertionError("no meld on the table")


@pytest.mark.parametrize("reload", [True, False])
def test_no_go_back_keeps_the_page_reloading_itself(reload: bool) -> None:
    """The walk without JavaScript: the knock's question, asked on a page that reloads
    itself while its player waits (``?reload=1``), had a "No, go back" that dropped it
    (the page then stopped reloading), where every other link and answer of the page
    keeps it. It keeps it too, with the card kept ticked; a page that does not reload
    itself is not made to."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    url = f"/en/play/{table.public_id}/"
    flag = "?reload=1" if reload else ""
    drawn = mover.post(f"{url}move/{flag}", {"version": table.version, "action": "draw_stock"})
    assert drawn.status_code == 303 and drawn["Location"] == url + flag + "#table-status"
    table.refresh_from_db()
    card = services.shared_state(table=table).view_for(seat).cards[0]  # type: ignore[union-attr]
    data = {"version": table.version, "action": "knock", "cards": str(card)}
    asked = mover.post(f"{url}move/{flag}", data)
    page = asked.content.decode()
    assert asked.status_code == 200 and 'id="confirm-question"' in page
    back = re.search(r'id="confirm-no" href="([^"]+)"', page)
    assert back is not None
    address = html.unescape(back[1])
    # Without JavaScript the table opens at its status line over the hand.
    assert address == f"{url}?keep={card}" + ("&reload=1" if reload else "") + "#table-status"
    again = mover.get(address).content.decode()
    assert re.search(rf'name="cards" value="{card}"[^>]*\bchecked\b', again)


@pytest.mark.parametrize("htmx", [False, True])
def test_under_a_knock_s_question_the_moves_are_disabled(htmx: bool) -> None:
    """The Italian walk without JavaScript: under "Are you sure?" Discard and Knock stayed
    pressable, another move sent under the question. Its answers are the only way on."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    url = f"/en/play/{table.public_id}/"
    mover.post(f"{url}move/", {"version": table.version, "action": "draw_stock"})
    table.refresh_from_db()
    plain = mover.get(url).content.decode()
    moves = re.findall(r'<button type="submit" name="action"[^>]*>', plain)
    assert moves and not any(" disabled" in move for move in moves)
    card = services.shared_state(table=table).view_for(seat).cards[0]  # type: ignore[union-attr]
    data = {"version": table.version, "action": "knock", "cards": str(card)}
    asked = mover.post(f"{url}move/", data, **(HX if htmx else {}))
    page = asked.content.decode()
    assert asked.status_code == 200 and 'id="confirm-yes"' in page
    moves = re.findall(r'<button type="submit" name="action"[^>]*>', page)
    assert moves and all(" disabled" in move for move in moves)
    # The Gin walk: the knock's card stands ticked under its question, and the hand's
    # heading says the deadwood after the discard, as the question does (it said the
    # eleven cards', "deadwood 15 points", beside "You knock with 7 points").
    assert re.search(rf'name="cards" value="{card}"[^>]*\bchecked\b', page)
    ticked = re.findall(r'name="cards" value="(\w+)"[^>]*\bchecked\b', page)
    assert ticked == [str(card)], ticked
    heading = re.search(r'class="my-hand__deadwood">\(([^)]*)\)', page)
    said = re.search(r"You knock with (\d+|no) points? of deadwood|You knock with no", page)
    assert heading is not None and said is not None
    left = "0" if said[1] in (None, "no") else said[1]
    assert heading[1] == (
        f"deadwood after discarding {explain_card(card)}: {left} point{'s' if left != '1' else ''}"
    ), heading[1]


def test_without_javascript_the_page_after_a_move_opens_at_the_status_line() -> None:
    """The walk on a phone without JavaScript: after every move the table's page came
    back at its top, the header and the menu before the hand. While the hand is played
    a move and "Next hand" redirect to the page at its status line ("Your turn.", "Ona
    is to play.", ``#table-status``, an element of the page); the move that ends the
    hand does not, its page putting the focus on "Score it yourself" itself (autofocus,
    which a browser skips on a page opened at a fragment)."""
    table, ona, (sasha,) = open_and_fill("knock", 2, seed=7)
    clients = {0: (ona, "lt"), 1: (sasha, "ru")}
    answers = []
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in clients if state.my_turn(s))
        client, language = clients[seat]
        move = BotPlayer(seed=seat).choose(state.view_for(seat))  # type: ignore[arg-type]
        data = {"version": str(table.version), "confirm": "1", **factories.move_data(move)}
        response = client.post(f"/{language}/play/{table.public_id}/move/", data)
        assert response.status_code == 303, response.content.decode()[:800]
        answers.append((client, response["Location"]))
    else:
        raise AssertionError("the hand did not end")
    *played, (client, ended) = answers
    assert all(address.endswith("/#table-status") for _client, address in played)
    for mover, address in played[-2:]:
        shown = mover.get(address).content.decode()
        assert re.search(r'<p class="table-area__status" id="table-status">', shown)
    assert "#" not in ended
    over = client.get(ended).content.decode()
    focused = re.findall(r"<[^>]* autofocus[^>]*>", over)
    assert len(focused) == 1 and 'name="guess_player"' in focused[0]
    table.refresh_from_db()
    dealt = ona.post(f"/lt/play/{table.public_id}/next/", {"version": table.version})
    assert dealt.status_code == 303 and dealt["Location"].endswith("/#table-status")


def test_a_finished_hand_with_nothing_to_score_opens_at_the_status_line() -> None:
    """As at a practice table: a hand that ends with nothing for the player to score (a
    Gin hand whose stock ran out: nobody scores) has no "Score it yourself" to take the
    focus, so the page the last move redirects to opens at the status line, as during
    the hand (it opened at the top of the page)."""
    from game.engine import Discard

    table, ona, (sasha,) = open_and_fill("gin", 2, seed=11)
    clients = {0: (ona, "lt"), 1: (sasha, "ru")}
    ended = ""
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in clients if state.my_turn(s))
        client, language = clients[seat]
        move = BotPlayer(seed=seat).choose(state.view_for(seat))  # type: ignore[arg-type]
        if isinstance(move, Knock):  # nobody knocks: the stock runs out
            move = Discard(move.discard)
        data = {"version": str(table.version), "confirm": "1", **factories.move_data(move)}
        response = client.post(f"/{language}/play/{table.public_id}/move/", data)
        assert response.status_code == 303, response.content.decode()[:800]
        ended = response["Location"]
    else:
        raise AssertionError("the hand did not end")
    result = state.hand_of(state.current[0]).result
    assert result is not None and not result.winners  # void: nobody scores
    assert ended.endswith("/#table-status")
    over = client.get(ended).content.decode()
    assert " autofocus" not in over and 'id="table-status"' in over


def _refused_meld(table: SharedTable, clients: dict[int, tuple[Client, str]]) -> tuple[Any, ...]:
    """Play the fixed deal until a player may draw, draw, then send three cards that are
    no meld without JavaScript: (the answer, the player's seat, the cards sent)."""
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        assert not state.round_over
        seat = next(s for s in clients if state.my_turn(s))
        client, language = clients[seat]
        view = state.view_for(seat)
        assert view is not None
        move_url = f"/{language}/play/{table.public_id}/move/"
        board = state.board_of(seat)
        assert board is not None
        hand = state.hand_of(board)
        if hand.phase is Phase.PLAY:
            legal = hand.legal_moves()
            for cards in _triples(view.cards):
                if not any(isinstance(m, LayDown) and set(m.cards) == set(cards) for m in legal):
                    data = {"version": str(table.version), "action": "meld"}
                    response = client.post(move_url, {**data, "cards": [str(c) for c in cards]})
                    return response, seat, cards
        move = BotPlayer(seed=seat).choose(view)
        data = {"version": str(table.version), "confirm": "1", **factories.move_data(move)}
        assert client.post(move_url, data).status_code == 303
    raise AssertionError("nobody could draw")


def _triples(cards: Any) -> list[tuple[Card, ...]]:
    ordered = sorted(cards)
    return [tuple(ordered[i : i + 3]) for i in range(len(ordered) - 2)]


def test_a_refused_move_without_javascript_redirects_to_the_table_that_says_it() -> None:
    """The walk without JavaScript, as at a practice table: a refused move was answered
    at its POST (a 422 page, whose reload asked to send the form again). It redirects
    (303) to the table, the refusal signed for that player into the address
    (``?refused=``): the reason in the page's language, the cards sent still ticked, the
    focus on the reason; a reload shows the same and changes nothing. Another player's
    page, a forged token or the table moved on show the table as it is."""
    table, ona, (sasha,) = open_and_fill("basic", 2, seed=7)
    clients = {0: (ona, "lt"), 1: (sasha, "ru")}
    response, seat, cards = _refused_meld(table, clients)
    client, language = clients[seat]
    other, other_language = clients[1 - seat]
    table.refresh_from_db()
    before = (table.version, table.rounds)
    assert response.status_code == 303
    address = response["Location"]
    page = f"/{language}/play/{table.public_id}/"
    assert address.startswith(page + "?refused=") and "#" not in address
    for _ in range(2):  # the page, and a reload of it
        shown = client.get(address)
        assert shown.status_code == 200
        body = shown.content.decode()
        error = body.split('<p id="hand-error" class="message message--error"', 1)[1]
        assert error.startswith(' tabindex="-1" autofocus>')
        with translation.override(language):
            names = ", ".join(card_name(c) for c in cards)
        assert f'<span class="visually-hidden">{names}</span>' in error.split("</p>", 1)[0]
        ticked = re.findall(r'name="cards" value="(..)"[^>]*\bchecked\b', body)
        assert sorted(ticked) == sorted(str(c) for c in cards)
        table.refresh_from_db()
        assert (table.version, table.rounds) == before
    token = address.split("?refused=", 1)[1]
    theirs = other.get(f"/{other_language}/play/{table.public_id}/?refused={token}")
    assert theirs.status_code == 200 and "hand-error" not in theirs.content.decode()
    forged = client.get(page + "?refused=" + token[:-2] + ("xx" if token[-2:] != "xx" else "yy"))
    assert forged.status_code == 200 and "hand-error" not in forged.content.decode()
    table.refresh_from_db()
    assert (table.version, table.rounds) == before
    # With htmx: the move's own answer, 422, as before.
    data = {"version": str(table.version), "action": "meld", "cards": [str(c) for c in cards]}
    swapped = client.post(page + "move/", data, **HX)
    assert swapped.status_code == 422 and 'id="hand-error"' in swapped.content.decode()
    # Once the table moved on (the player's own move), the address shows it as it is.
    state = services.shared_state(table=table)
    view = state.view_for(seat)
    assert view is not None
    move = BotPlayer(seed=seat).choose(view)
    data = {"version": str(table.version), "confirm": "1", **factories.move_data(move)}
    assert client.post(page + "move/", data).status_code == 303
    assert "hand-error" not in client.get(address).content.decode()


def test_a_move_the_table_s_state_refuses_without_javascript_redirects_to_the_table() -> None:
    """The Italian walk without JavaScript: a move out of turn, the same form sent twice,
    a move at a paused table were answered at ``/move/`` (409), whose reload asked to
    send the form again. They redirect (303) to the table as it is now, whose address
    names the reason and whose page says it; a reload sends nothing. With htmx, the 409
    partial as before."""
    table, ona, (sasha,) = open_and_fill("gin", 2)
    state = services.shared_state(table=table)
    first = state.to_move(state.current[0])
    mover, waiter = (ona, sasha) if first == 0 else (sasha, ona)
    url = f"/en/play/{table.public_id}/"
    version = table.version
    draw = {"version": version, "action": "draw_stock"}
    # Out of turn, from a page that reloads itself: the reload flag is kept.
    wait = waiter.post(f"{url}move/?reload=1", {**draw, "arrange": "0"})
    assert wait.status_code == 303
    assert wait["Location"] == f"{url}?state=turn&reload=1&arrange=0"
    page = waiter.get(wait["Location"])
    assert page.status_code == 200 and "It is not your turn yet." in page.content.decode()
    # A double click: the first goes in, the second is told the table changed.
    assert mover.post(f"{url}move/", draw).status_code == 303
    again = mover.post(f"{url}move/", draw)
    assert again.status_code == 303 and again["Location"] == f"{url}?state=stale"
    said = mover.get(again["Location"]).content.decode()
    assert "The table changed in the meantime." in said
    table.refresh_from_db()
    assert table.version == version + 1
    # Paused: the page says it itself, opened at its status line.
    services.set_paused(table=table, paused=True)
    table.refresh_from_db()
    card = services.shared_state(table=table).view_for(first).cards[0]  # type: ignore[union-attr]
    discard = {"version": table.version, "action": "discard", "cards": str(card)}
    paused = mover.post(f"{url}move/", discard)
    assert paused.status_code == 303
    assert paused["Location"] == f"{url}?state=paused#table-status"
    assert "nobody can make a move" in mover.get(paused["Location"]).content.decode()
    # With htmx the 409 partial, as before; an unknown flag shows the table, no reason.
    assert mover.post(f"{url}move/", draw, **HX).status_code == 409
    assert "changed in the meantime" not in mover.get(f"{url}?state=nonsense").content.decode()
    before = table.version
    table.refresh_from_db()
    assert table.version == before  # nothing moved while paused


def test_a_new_tables_first_page_opens_at_its_status() -> None:
    """The walk without JavaScript: opening a table, or sitting down at one, led to its
    page's top (the header and the menu); it opens at the table's status: the waiting
    room (its code to give), or the status line over the hand just dealt."""
    ona = browser("lt")
    data = {"game": "knock", "players": 2, "computers": 0, "name": "Ona"}
    opened = ona.post("/lt/play/new/", data)
    table = SharedTable.objects.get()
    assert opened["Location"] == f"/lt/play/{table.public_id}/#table-status"
    waiting = ona.get(opened["Location"]).content.decode()
    assert re.search(r'<section class="waiting" id="table-status"', waiting)
    sasha = browser("ru")
    sat = sasha.post("/ru/play/sit/", {"code": table.code, "name": "Саша"})
    assert sat["Location"] == f"/ru/play/{table.public_id}/#table-status"
    dealt = sasha.get(sat["Location"]).content.decode()
    assert '<p class="table-area__status" id="table-status">' in dealt
    assert " autofocus" not in dealt


def test_refresh_and_the_reload_open_the_page_again_at_its_status() -> None:
    """The walk without JavaScript: Refresh, the page's reload while its player waits,
    and Arrange opened the page at its top (the header and the menu). They open it at
    the status line; Refresh and the reload by an address that differs from the page's
    own each time (the same address with a fragment would only scroll it). A page that
    puts the focus somewhere itself ("Take my seat back") keeps its links without the
    fragment, which would make the browser skip it."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    waiter, mover = (sasha, ona) if state.my_turn(0) else (ona, sasha)
    url = f"/en/play/{table.public_id}/"
    page = waiter.get(url).content.decode()
    assert f'id="refresh-table" href="{url}?again=1#table-status"' in page
    again = waiter.get(f"{url}?again=1").content.decode()
    assert f'id="refresh-table" href="{url}#table-status"' in again
    reloading = waiter.get(f"{url}?reload=1&again=1").content.decode()
    assert f'content="10; url={url}?reload=1#table-status"' in reloading
    arrange = re.search(r'<form method="get" action="([^"]*)"', mover.get(url).content.decode())
    assert arrange is not None and arrange[1] == f"{url}#table-status"
    # Away: "Take my seat back" takes the focus; Refresh and Arrange open the page at its top.
    assert waiter.post(url + "leave/").status_code == 303
    away = waiter.get(url).content.decode()
    assert re.search(r'id="take-seat-back"[^>]* autofocus', away)
    refresh = re.search(r'id="refresh-table" href="([^"]*)"', away)
    assert refresh is not None and "#" not in refresh[1]
    arrange = re.search(r'<form method="get" action="([^"]*)"', away)
    assert arrange is not None and arrange[1] == url


def test_at_four_player_gin_each_player_is_told_who_their_partner_is() -> None:
    """The Italian class-table walk: a pupil at four-player Gin saw their own board
    alone, and nothing said who their partner was at the other table, nor that the two
    hands make one score. Each player's page says it under the status line, in their
    language; a two-player table's says nothing of the kind."""
    table, ona, others = open_and_fill("gin", 4)
    names = [s["name"] for s in table.seats]
    assert names[0] == "Ona"
    page = html.unescape(ona.get(f"/en/play/{table.public_id}/").content.decode())
    assert (
        f"You play in partnership with {names[2]}, at the other table: "
        "your two hands' results make one score."
    ) in page
    seat = next(i for i, n in enumerate(names) if n == "Саша0")
    mine = others[0].get(f"/en/play/{table.public_id}/").content.decode()
    assert f"You play in partnership with {names[(seat + 2) % 4]}," in mine
    # The poll's redraw (htmx) keeps it.
    partial = ona.get(f"/en/play/{table.public_id}/", **HX).content.decode()
    assert f"You play in partnership with {names[2]}," in partial
    SharedTable.objects.all().delete()
    two, first, _others = open_and_fill("gin", 2)
    assert "in partnership" not in first.get(f"/en/play/{two.public_id}/").content.decode()


def test_taking_the_seat_back_says_the_player_is_back() -> None:
    """The Italian walk: after "Take my seat back" the away notice went and nothing said
    the pupil was back (a screen reader heard nothing). Without JavaScript the page it
    redirects to opens with the line (a page without the flag does not); with
    JavaScript the answer says it in #announce (with "Your turn." on their turn) and on
    the page. Away again, the flag in the address says nothing."""
    table, ona, _others = open_and_fill()
    url = f"/en/play/{table.public_id}/"
    back_line = "You are back at your seat."
    assert ona.post(url + "leave/").status_code == 303
    redirect = ona.post(url + "back/")
    assert redirect.status_code == 303 and "back=1" in redirect["Location"]
    page = ona.get(redirect["Location"]).content.decode()
    assert f'id="seat-back">{back_line}</p>' in page
    assert back_line not in ona.get(url).content.decode()
    assert ona.post(url + "leave/").status_code == 303
    partial = ona.post(url + "back/", **HX).content.decode()
    announce = partial.split('<div id="announce" hx-swap-oob="innerHTML">', 1)[1]
    announce = announce.split("</div>", 1)[0]
    assert announce.startswith(back_line)
    table.refresh_from_db()
    turn = services.shared_state(table=table).my_turn(0)
    assert ("Your turn." in announce) == turn
    assert 'id="seat-back"' in partial
    # The focus goes to the table's status (where the page without JavaScript opens,
    # #table-status), not to the hand's first card: the only autofocus drawn.
    assert re.findall(r"<[^>]* autofocus[^>]*>", partial) == [
        '<p class="table-area__status" id="table-status" tabindex="-1" autofocus>'
    ]
    assert redirect["Location"].endswith("#table-status")
    ona.post(url + "leave/")
    assert back_line not in ona.get(redirect["Location"]).content.decode()


def test_the_code_page_opens_a_seated_player_s_table_at_its_status() -> None:
    """Someone already seated who opens the table's code page (the link, the QR code, the
    code typed again) is sent to their table, at its status line (``#table-status``) as
    a table's first page and every page after a move open: it opened at the page's top,
    on a phone the hand below the first screen (tests/browser/test_shared.py)."""
    table, ona, (sasha,) = open_and_fill()
    for client, language in ((ona, "lt"), (sasha, "ru")):
        response = client.get(f"/{language}/play/code/{table.code}/")
        assert response.status_code == 302
        assert response["Location"] == f"/{language}/play/{table.public_id}/#table-status"
    # Someone not seated gets the code page itself.
    assert browser().get(f"/en/play/code/{table.code}/").status_code == 200


def test_the_hand_at_a_table_for_people_has_a_heading_to_jump_to() -> None:
    """As at a practice table (the Russian screen-reader walk): the hand and its buttons
    come under a heading of their own, after the piles' and before the log's."""
    from tests.practice.test_views import table_headings

    table, ona, _others = open_and_fill("basic", 2)
    html = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    with translation.override("lt"):
        expected = [gettext(t) for t in ("Stock and discard pile", "Your cards", "What happened")]
    headings = table_headings(html)
    assert headings[-3:] == expected, headings


def test_the_page_i_need_more_time_draws_opens_where_its_language_buttons_send_it() -> None:
    """ "I need more time" without JavaScript draws the table in the POST's answer (the
    ticked cards stay ticked), not after a redirect: that page opened at its top (the
    button's form action had no fragment) while its language buttons sent the player to
    the status line (``#table-status``, its ``page_anchor``). The button's action names
    the place the page's buttons name, and that place is on the page."""
    table, ona, (sasha,) = open_and_fill("knock", 2)
    state = services.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = ona if seat == 0 else sasha
    _backdate_turn(table, 100)
    page = f"/en/play/{table.public_id}/"
    offered = mover.get(page).content.decode()
    button = re.search(r'<button [^>]*id="more-time"[^>]*>', offered)
    assert button is not None
    action = html.unescape(re.search(r'formaction="([^"]+)"', button[0])[1])  # type: ignore[index]
    table.refresh_from_db()
    answer = mover.post(action.split("#", 1)[0], {"version": table.version, "arrange": "0"})
    assert answer.status_code == 200
    drawn = answer.content.decode()
    fragment = switcher_next(drawn).partition("#")[2]
    assert fragment == "table-status" and f'id="{fragment}"' in drawn
    assert action.partition("#")[2] == fragment
