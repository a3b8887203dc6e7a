"""The teacher seats the class at tables for people in one step, watches every table
on the dashboard (whose turn, scores) and opens any of them face up; pupils find their
table on their classroom page; only the class's teacher sees its tables."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone, translation

from classroom import presenters, services
from classroom.models import Classroom, ClassTable
from game import explain
from game.engine import BotPlayer, DrawStock, HandEnd
from game.shared import presenters as shared_presenters
from game.shared import services as shared
from game.shared.models import SharedTable
from learners.models import Learner
from tests.practice.helpers import hidden_cards
from tests.shared.test_services import play_to_the_end
from tests.switcher import switcher_next

from .test_views import a_class, learner_of, pupil_joins, teacher_client

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def test_the_teacher_seats_the_class_and_nobody_plays_only_the_computer() -> None:
    """The teacher's walk with a class of 31 at tables of 3: the 31st pupil sat alone
    with two computer players. Five pupils in pairs sit as 3 and 2, every one with
    people, and the page says how the class was split."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    pupils = [
        pupil_joins(classroom.join_code, name) for name in ("Ona", "Jonas", "Ieva", "Rasa", "Tomas")
    ]
    response = teacher.post(
        f"/en/classroom/{classroom.public_id}/tables/", {"game": "knock", "players": "2"}
    )
    assert response.status_code == 303
    tables = list(SharedTable.objects.order_by("pk"))
    assert len(tables) == 2 and ClassTable.objects.filter(classroom=classroom).count() == 2
    assert [len(t.seats) for t in tables] == [3, 2]
    seated = [s for t in tables for s in t.seats if s.get("learner")]
    assert sorted(s["name"] for s in seated) == ["Ieva", "Jonas", "Ona", "Rasa", "Tomas"]
    assert not any(s.get("bot") for t in tables for s in t.seats)
    said = teacher.get(response["Location"]).content.decode()
    assert "The class sits at 2 tables: 1 table of 3 and 1 table of 2." in said
    summary = said.split("The class sits at", 1)[1].split("</p>", 1)[0]
    # No seat for a computer player (the Knock choice says how one would play a seat).
    assert "omputer player" not in summary and "the computer plays their seat" in summary
    assert all(shared.shared_state(table=t).dealt for t in tables)
    # Each pupil finds their table on their classroom page, and plays it.
    page = pupils[0].get("/lt/classroom/").content.decode()
    link = re.search(r'href="(/lt/play/[^/"]+/)"', page)
    assert link is not None
    assert pupils[0].get(link[1]).status_code == 200
    # The teacher's dashboard lists the tables; the face-up view shows every hand.
    dashboard = teacher.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert dashboard.count("/tables/") >= 3
    face_up = teacher.get(
        f"/lt/classroom/{classroom.public_id}/tables/{tables[0].public_id}/?view=all"
    )
    assert face_up.status_code == 200
    state = shared.shared_state(table=tables[0])
    hand = state.hand_of(state.current[0])
    html = face_up.content.decode()
    for seat in range(hand.players):
        assert all(f'data-card="{c}"' in html for c in hand.cards(seat))


def test_a_move_at_a_class_table_redraws_the_teachers_dashboard() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    # Dealt from a fixed seed: a table's seed is otherwise random, and in some deals
    # the computer player knocks on its first turn, before Ona ever moves.
    with mock.patch.object(shared.random, "SystemRandom", lambda: random.Random(3)):
        services.class_seat(classroom=classroom, game="gin", players=2)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert teacher.get(poll, **HX).status_code == 204
    table = SharedTable.objects.get()
    state = shared.shared_state(table=table)
    board = state.current[0]
    assert board.moves, "the deal has the computer player move first"
    assert state.to_move(board) == 0  # the computer player has moved up to Ona's turn
    response = ona.post(
        f"/en/play/{table.public_id}/move/", {"version": table.version, "action": "draw_stock"}
    )
    assert response.status_code == 303
    assert teacher.get(poll, **HX).status_code == 200


def test_a_move_at_a_class_table_is_the_pupils_last_activity_at_no_query_more() -> None:
    """The Italian teacher's walk: while the class played at its tables, "Last active"
    said each pupil's last lesson or drill, hours before. A person's move notes when in
    their seat, in the move's own UPDATE (the queries of a move are as many as before);
    the class page reads it: "Class table: Gin Rummy", just now."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from classroom import dashboard
    from drills.models import DrillRecord

    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    pupil_joins(classroom.join_code, "Ona")
    ona = Learner.objects.get(memberships__classroom=classroom)
    DrillRecord.objects.create(learner=ona, game="gin", kind="deadwood", answered=1)
    DrillRecord.objects.update(updated=timezone.now() - timedelta(hours=2))
    with mock.patch.object(shared.random, "SystemRandom", lambda: random.Random(3)):
        services.class_seat(classroom=classroom, game="gin", players=2)
    table = SharedTable.objects.get()
    before = timezone.now().replace(microsecond=0)
    with CaptureQueriesContext(connection) as queries:
        shared.shared_move(
            table=table, learner=ona, version=table.version, move=DrawStock(), confirmed=True
        )
    writes = [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]
    assert len(writes) == 1 and len(queries) == 1, [q["sql"][:60] for q in queries]
    table.refresh_from_db()
    assert table.seats[0]["moved"] >= before.timestamp()
    pupils = services.pupils_of(classroom=classroom)
    with translation.override("en"):  # as the page's language is (not a test's before)
        active = dashboard.activity(classroom, pupils, now=timezone.now())
        assert active[ona.pk].what == "Class table: Gin Rummy"
    assert active[ona.pk].when >= before
    services.assignment_add(classroom=classroom, what="drill:gin:deadwood")  # the grid
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "Class table: Gin Rummy" in page


def test_only_the_classs_teacher_seats_and_watches_its_tables() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    empty = teacher.post(
        f"/en/classroom/{classroom.public_id}/tables/", {"game": "knock", "players": "2"}
    )
    assert empty.status_code == 400 and "Nobody is in the class" in empty.content.decode()
    pupil_joins(classroom.join_code, "Ona")
    for bad in ({"game": "poker", "players": "2"}, {"game": "gin", "players": "5"}, {}):
        response = teacher.post(f"/en/classroom/{classroom.public_id}/tables/", bad)
        assert response.status_code == 400
    assert not SharedTable.objects.exists()
    services.class_seat(classroom=classroom, game="basic", players=3)
    table = SharedTable.objects.get()
    other, _other = teacher_client("mr-smith")
    url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    assert other.get(url).status_code == 404
    assert (
        other.post(
            f"/en/classroom/{classroom.public_id}/tables/", {"game": "knock", "players": "2"}
        ).status_code
        == 404
    )
    assert Client().get(url).status_code == 302
    mine = a_class(user, "6A")
    assert (
        teacher.get(f"/en/classroom/{mine.public_id}/tables/{table.public_id}/").status_code == 404
    )


def test_the_teacher_pauses_a_table_and_switches_its_hints_off() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    jonas = pupil_joins(classroom.join_code, "Jonas")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    control = f"/lt/classroom/{classroom.public_id}/tables/{table.public_id}/control/"
    assert teacher.post(control, {"do": "pause"}).status_code == 303
    table.refresh_from_db()
    assert table.paused
    page = teacher.get(f"/lt/classroom/{classroom.public_id}/tables/{table.public_id}/")
    assert 'value="go-on"' in page.content.decode()
    # Said on the table's side too, which the class looks at on a projector (the Italian
    # teacher's walk: only the teacher's column said it), in the page and in its redraw.
    shown = page.content.decode().split('<div id="class-table"', 1)[1]
    redrawn = teacher.get(
        f"/lt/classroom/{classroom.public_id}/tables/{table.public_id}/", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<html" not in redrawn  # the table's partial, as the poll redraws it
    for table_side in (shown, redrawn):
        assert 'class="message message--error class-table__paused"' in table_side
    # The pupils' page says so; a move is refused and changes nothing.
    pupil_page = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    assert "pristabd" in pupil_page.lower()  # "pristabdė" (paused), in Lithuanian
    state = shared.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    version = table.version
    mover = next(c for c in (ona, jonas) if shared.seat_of(table, learner_of(c)) == seat)
    # Nothing is offered to the player whose turn it is (the teacher's walk: "Your turn."
    # and the move buttons stayed while paused).
    movers_page = mover.get(f"/en/play/{table.public_id}/").content.decode()
    assert "Your turn." not in movers_page
    assert 'value="draw_stock"' not in movers_page
    assert "This table is paused: nobody can make a move." in movers_page
    # Said once, and then what to do (the Russian teacher's walk: "The game at this table
    # is paused" and then "The teacher has paused the game at this table").
    assert "Wait until your teacher lets you go on." in movers_page
    assert "has paused this table" not in movers_page
    refused = mover.post(
        f"/lt/play/{table.public_id}/move/", {"version": version, "action": "draw_stock"}
    )
    # Without JavaScript: back to the table, which says it is paused (Post/Redirect/Get).
    assert refused.status_code == 303
    assert refused["Location"] == f"/lt/play/{table.public_id}/?state=paused#table-status"
    table.refresh_from_db()
    assert table.version == version
    assert teacher.post(control, {"do": "go-on"}).status_code == 303
    assert teacher.post(control, {"do": "hints-off"}).status_code == 303
    table.refresh_from_db()
    assert not table.paused and not table.hints
    assert teacher.post(control, {"do": "explode"}).status_code == 400
    # Another teacher, and a logged-out visitor, change nothing.
    other, _other = teacher_client("mr-smith")
    assert other.post(control, {"do": "pause"}).status_code == 404
    assert Client().post(control, {"do": "pause"}).status_code == 303
    table.refresh_from_db()
    assert not table.paused


def test_a_move_sent_just_before_the_pause_is_told_only_that_the_table_is_paused() -> None:
    """The teacher's walk with a class of 31: a pupil whose move arrived just after the
    pause was told "The table changed in the meantime. Here it is as it is now." above
    the paused banner. She is told the table is paused, once."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    ona = pupil_joins(classroom.join_code, "Ona", "en")
    jonas = pupil_joins(classroom.join_code, "Jonas", "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    state = shared.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = next(c for c in (ona, jonas) if shared.seat_of(table, learner_of(c)) == seat)
    seen = table.version  # the version on the mover's page
    control = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/control/"
    assert teacher.post(control, {"do": "pause"}).status_code == 303
    for path, data in [
        ("move/", {"version": seen, "action": "draw_stock"}),
        ("hint/", {"version": seen}),
    ]:
        # With htmx the 409 partial; without JavaScript the page it redirects to (303).
        for headers, status in ((HX, 409), ({}, 200)):
            refused = mover.post(f"/en/play/{table.public_id}/{path}", data, follow=True, **headers)
            html = refused.content.decode()
            assert refused.status_code == status
            assert [code for _, code in refused.redirect_chain] == ([] if headers else [303])
            assert "changed in the meantime" not in html
            assert html.count("Wait until your teacher lets you go on.") == 1
    table.refresh_from_db()
    assert table.paused and len(shared.shared_state(table=table).current[0].moves) == len(
        state.current[0].moves
    )


def test_the_teachers_face_up_view_polls_and_redraws_after_a_move() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    jonas = pupil_joins(classroom.join_code, "Jonas")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    url = f"/lt/classroom/{classroom.public_id}/tables/{table.public_id}/"
    page = teacher.get(url).content.decode()
    assert f"?v={table.version}" in page and 'id="class-table"' in page
    assert teacher.get(url, {"v": table.version}, **HX).status_code == 204
    state = shared.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = next(c for c in (ona, jonas) if shared.seat_of(table, learner_of(c)) == seat)
    mover.post(
        f"/lt/play/{table.public_id}/move/", {"version": table.version, "action": "draw_stock"}
    )
    redraw = teacher.get(url, {"v": table.version}, **HX)
    assert redraw.status_code == 200
    html = redraw.content.decode()
    assert 'id="class-table"' in html and "<html" not in html
    # After a discard the pile holds two cards: the page shows the one on top (the
    # browser walk found the bottom one on the teacher's page).
    table.refresh_from_db()
    state = shared.shared_state(table=table)
    thrown = state.hand_of(state.current[0]).cards(seat)[0]
    mover.post(
        f"/lt/play/{table.public_id}/move/",
        {"version": table.version, "action": "discard", "cards": [str(thrown)]},
    )
    table.refresh_from_db()
    pile = teacher.get(url).content.decode().split("kortų krūva", 1)[1].split("</p>", 1)[0]
    assert f'data-card="{thrown}"' in pile
    # Another teacher's poll of it is refused like the page.
    other, _other = teacher_client("mr-smith")
    assert other.get(url, {"v": 0}, **HX).status_code == 404


def test_seating_the_class_twice_at_once_makes_one_set_of_tables() -> None:
    """Three "Seat the class" posts at once made three sets of tables, every pupil at
    each: a second seating within a few seconds is refused (409, said in the page's
    language), later it is allowed, and a day has a limit of tables."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    for name in ("Ona", "Jonas", "Ieva", "Rasa"):
        pupil_joins(classroom.join_code, name)
    url = f"/lt/classroom/{classroom.public_id}/tables/"
    assert teacher.post(url, {"game": "knock", "players": "2"}).status_code == 303
    again = teacher.post(url, {"game": "knock", "players": "2"})
    assert again.status_code == 409 and "prieš akimirką" in again.content.decode()
    assert SharedTable.objects.count() == 2
    SharedTable.objects.update(created=timezone.now() - timedelta(seconds=services.RESEAT_SECONDS))
    assert teacher.post(url, {"game": "knock", "players": "2"}).status_code == 303
    assert SharedTable.objects.count() == 4
    SharedTable.objects.update(created=timezone.now() - timedelta(minutes=1))
    with mock.patch.object(services, "CLASS_TABLES_PER_DAY", 5):
        full = teacher.post(url, {"game": "knock", "players": "2"})
    assert full.status_code == 429 and SharedTable.objects.count() == 4


def test_a_renamed_pupil_is_renamed_at_their_table_and_a_removed_one_leaves_it() -> None:
    """The walkthrough: a removed pupil kept playing at the class's table, listed "to
    play"; a renamed one kept the old name there. Now a computer player plays a removed
    pupil's seat, under the same name, for good; a rename reaches the table's seat."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    jonas = pupil_joins(classroom.join_code, "Jonas")
    base = f"/lt/classroom/{classroom.public_id}/"
    teacher.post(base + "tables/", {"game": "gin", "players": "2"})
    table = SharedTable.objects.get()
    version = table.version
    ona_pupil = classroom.pupils.get(name="Ona")
    jonas_pupil = classroom.pupils.get(name="Jonas")

    renamed = teacher.post(base + f"pupils/{ona_pupil.pk}/name/", {"name": "Ona K."})
    assert renamed.status_code == 303
    table.refresh_from_db()
    assert sorted(s["name"] for s in table.seats) == ["Jonas", "Ona K."]
    assert table.version == version + 1  # the players' pages redraw with the name
    version = table.version

    assert (
        teacher.post(base + f"pupils/{jonas_pupil.pk}/remove/", {"confirm": "1"}).status_code == 303
    )
    table.refresh_from_db()
    gone = next(s for s in table.seats if s["name"] == "Jonas")
    assert gone.get("bot") and "learner" not in gone
    assert shared.seat_of(table, learner_of(jonas)) is None
    assert shared.seat_of(table, learner_of(ona)) is not None
    # Jonas's page no longer has a seat to play or take back; the table plays on.
    page = jonas.get(f"/lt/play/{table.public_id}/").content.decode()
    assert 'name="action"' not in page
    assert table.version > version
    # Whoever was to move, the hand waits for Ona now: the computer played Jonas's turn.
    state = shared.shared_state(table=table)
    hand = state.hand_of(state.current[0])
    assert hand.is_over or table.seats[hand.turn].get("learner") == learner_of(ona).pk


def test_a_removed_pupils_seat_goes_to_the_computer_at_once_and_the_others_are_told() -> None:
    """The teacher's browser walk: a removed pupil's table page offered them a "Sit down"
    form and listed them at the table, and the others were not told. Now their seat is
    the computer's at once (it plays their turn), the others' pages say so as they say
    who is away, and the removed pupil's page says the table is full, their old seat a
    computer player's, with no form; a move they send changes nothing."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = {n: pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas", "Ieva")}
    services.class_seat(classroom=classroom, game="knock", players=3)
    table = SharedTable.objects.get()
    to_move = table.seats[table.waiting[0][0]]["name"]
    others = [n for n in clients if n != to_move]
    pupil = classroom.pupils.get(name=to_move)
    version = table.version
    base = f"/en/classroom/{classroom.public_id}/"
    assert teacher.post(base + f"pupils/{pupil.pk}/remove/", {"confirm": "1"}).status_code == 303
    table.refresh_from_db()
    assert table.version > version  # the others' pages hear of it (game.shared.events)
    assert all(table.seats[seat]["name"] != to_move for seat, _since in table.waiting)
    page = clients[others[0]].get(f"/en/play/{table.public_id}/").content.decode()
    assert f"The computer plays for those who have left the table: {to_move}." in page
    gone = clients[to_move].get(f"/en/play/{table.public_id}/", follow=True)
    html = gone.content.decode()
    assert "Every seat at this table is taken." in html
    # No longer of the class: the table's players are not named to them (as to anyone
    # with only the table's code), their old seat among them.
    assert "A class plays at this table" in html and to_move not in html.split("<h1")[1]
    assert "/play/sit/" not in html  # no form to sit down
    version = table.version
    response = clients[to_move].post(
        f"/en/play/{table.public_id}/move/", {"version": str(version), "action": "draw_stock"}
    )
    assert response.status_code == 303 and "/play/code/" in response["Location"]
    with pytest.raises(shared.NotSeated):
        shared.leave_seat(table=table, learner=learner_of(clients[to_move]))
    table.refresh_from_db()
    assert table.version == version


def test_a_class_tables_link_does_not_name_its_pupils_to_anyone_else() -> None:
    """The Russian teacher's walk: the page of a class table's link, opened by anyone
    with its code (not logged in, not of the class), listed the pupils sitting there. A
    pupil's name is theirs: the page says a class plays there, and names nobody; the
    players themselves go on to their table from it. A table for people opened by
    someone (not a class's) still says who sits at it, to choose to sit down."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = {n: pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas", "Ieva")}
    services.class_seat(classroom=classroom, game="knock", players=3)
    table = SharedTable.objects.get()
    link = f"/en/play/code/{table.code}/"
    for outsider in (Client(), teacher):
        page = outsider.get(link)
        assert page.status_code == 200
        main = page.content.decode().split("<main", 1)[1]
        assert "A class plays at this table: only its players see who sits there." in main
        assert not any(name in main for name in clients), main
        assert "Every seat at this table is taken." in main
        # Sending the code with the form says the same, naming nobody.
        sent = outsider.post("/en/play/sit/", {"code": table.code, "name": "Zoe"})
        main = sent.content.decode().split("<main", 1)[1]
        assert sent.status_code == 409 and not any(name in main for name in clients), main
    # Its players: on to their table (at its status line), which names them.
    at_table = clients["Ona"].get(link)
    assert at_table.status_code == 302
    assert at_table["Location"] == f"/en/play/{table.public_id}/#table-status"
    # A table for people someone opened says who sits there, to the people it awaits.
    host = Client()
    opened = host.post(
        "/en/play/new/", {"name": "Rasa", "game": "gin", "players": "2", "computers": "0"}
    )
    assert opened.status_code == 303
    other = SharedTable.objects.exclude(pk=table.pk).get()
    html = Client().get(f"/en/play/code/{other.code}/").content.decode()
    assert "At the table: Rasa" in html and "A class plays at this table" not in html


def test_the_teacher_ends_a_table_and_nobody_moves_there_again() -> None:
    """A class table had no end: a pupil seated again found two "Your table" entries that
    could not be told apart. The teacher ends one: the players' pages say so and offer
    no move, a move sent anyway is refused and changes nothing, and the pupils' page
    lists it as ended, to look back at."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona", "en")
    jonas = pupil_joins(classroom.join_code, "Jonas", "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    page_url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    assert 'value="end"' in teacher.get(page_url).content.decode()
    control = page_url + "control/"
    other, _other = teacher_client("mr-smith")
    assert other.post(control, {"do": "end"}).status_code == 404
    table.refresh_from_db()
    assert table.ended is None
    state = shared.shared_state(table=table)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    mover = next(c for c in (ona, jonas) if shared.seat_of(table, learner_of(c)) == seat)
    version = table.version

    ended = teacher.post(control, {"do": "end", "confirm": "1", "hand": "1"})
    assert ended.status_code == 303
    table.refresh_from_db()
    assert table.ended is not None and table.version == version + 1  # the pages redraw
    teachers_page = teacher.get(page_url).content.decode()
    assert "This table has ended" in teachers_page and 'value="pause"' not in teachers_page
    pupils_page = mover.get(f"/en/play/{table.public_id}/").content.decode()
    assert "Your teacher has ended this table" in pupils_page
    assert 'name="action"' not in pupils_page and 'id="leave-table"' not in pupils_page
    assert f"?v={table.version}" not in pupils_page  # nothing left to wait for
    refused = mover.post(
        f"/en/play/{table.public_id}/move/",
        {"version": table.version, "action": "draw_stock"},
        **HX,
    )
    assert refused.status_code == 409
    assert "Your teacher has ended this table" in refused.content.decode()
    # Nothing is to play, nobody is away, and the cards are no form to pick from (the
    # tamper probe: "Ben to play", the away line and the hand's checkboxes stayed).
    assert "seat--turn" not in pupils_page and 'name="cards"' not in pupils_page
    assert "data-card=" in pupils_page.split("Your cards", 1)[1]
    assert mover.post(control, {"do": "end"}).status_code == 303  # a pupil is sent to log in
    for change in ("pause", "hints-off"):
        refused_control = teacher.post(control, {"do": change})
        assert refused_control.status_code == 409
        assert "This table has ended." in refused_control.content.decode()
        assert "Your teacher" not in refused_control.content.decode()  # said to the teacher
    table.refresh_from_db()
    assert table.version == version + 1 and not table.paused and table.hints
    index = mover.get("/en/classroom/").content.decode()
    assert "Ended table" in index and "Your table" not in index
    dashboard = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "<strong>table ended</strong>" in dashboard.split('id="tables-title"', 1)[1]


def test_seating_the_class_again_ends_its_earlier_tables() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona", "en")
    pupil_joins(classroom.join_code, "Jonas", "en")
    url = f"/en/classroom/{classroom.public_id}/tables/"
    assert teacher.post(url, {"game": "knock", "players": "2"}).status_code == 303
    first = SharedTable.objects.get()
    # Another class's table is not this class's to end.
    elsewhere = a_class(user, "6A")
    pupil_joins(elsewhere.join_code, "Rasa", "en")
    services.class_seat(classroom=elsewhere, game="gin", players=2)
    SharedTable.objects.update(created=timezone.now() - timedelta(seconds=services.RESEAT_SECONDS))
    assert teacher.post(url, {"game": "gin", "players": "2"}).status_code == 303
    first.refresh_from_db()
    assert first.ended is not None
    mine = SharedTable.objects.filter(class_table__classroom=classroom)
    assert mine.count() == 2 and mine.filter(ended__isnull=True).get().game == "gin"
    assert SharedTable.objects.get(class_table__classroom=elsewhere).ended is None
    index = ona.get("/en/classroom/").content.decode()
    assert index.count("Your table") == 1 and index.count("Ended table") == 1
    assert index.index("Your table") < index.index("Ended table")  # the newest first
    dashboard = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    tables = dashboard.split('id="tables-title"', 1)[1]
    assert tables.index("Gin Rummy") < tables.index("Knock Rummy")  # played first


def test_every_pupil_of_a_big_class_finds_their_table() -> None:
    """The tamper probe: with 42 pupils at 21 tables, two pupils had no table on their
    classroom page (only the class's latest 20 tables were looked through)."""
    _teacher, user = teacher_client()
    classroom = a_class(user)
    learners = [Learner.objects.create() for _ in range(42)]
    for number, learner in enumerate(learners):
        services.class_join(learner=learner, code=classroom.join_code, name=f"Kid{number}")
    services.class_seat(classroom=classroom, game="gin", players=2)
    assert SharedTable.objects.count() == 21
    for learner in learners:
        (membership,) = presenters.my_assignments(learner)
        assert len(membership["tables"]) == 1, learner.pk
        assert shared.seat_of(membership["tables"][0]["table"], learner) is not None


def test_a_teacher_has_one_class_of_a_name() -> None:
    """The tamper probe: "Make the class" posted twice made two classes called 9Z, each
    with its own code. A second class of a name (in any case) is refused; an archived
    class's name is free again; a rename to another class's name is refused."""
    teacher, user = teacher_client()
    made = teacher.post("/en/classroom/new/", {"name": "9Z", "language": "en"})
    assert made.status_code == 303
    again = teacher.post("/en/classroom/new/", {"name": "9z", "language": "lt"})
    assert again.status_code == 409 and "already have a class" in again.content.decode()
    assert Classroom.objects.filter(teacher=user).count() == 1
    other, _other_user = teacher_client("mr-smith")  # another teacher's 9Z is theirs
    assert other.post("/en/classroom/new/", {"name": "9Z", "language": "en"}).status_code == 303
    second = a_class(user, "9Y", "en")
    rename = teacher.post(
        f"/en/classroom/{second.public_id}/edit/", {"name": "9Z", "language": "en"}
    )
    assert rename.status_code == 409
    second.refresh_from_db()
    assert second.name == "9Y"
    services.class_set_archived(
        classroom=Classroom.objects.get(teacher=user, name="9Z"), archived=True
    )
    assert teacher.post("/en/classroom/new/", {"name": "9Z", "language": "en"}).status_code == 303


def test_seating_the_class_again_while_an_earlier_table_keeps_changing() -> None:
    """Ending the earlier tables gives up on one that changes under it four times in a
    row (moves racing the seating): the class is seated anyway, that table stays open."""
    _teacher, user = teacher_client()
    classroom = a_class(user)
    for name in ("Ona", "Jonas"):
        pupil_joins(classroom.join_code, name)
    services.class_seat(classroom=classroom, game="knock", players=2)
    SharedTable.objects.update(created=timezone.now() - timedelta(seconds=services.RESEAT_SECONDS))
    with mock.patch.object(shared, "_write", return_value=False):
        tables = services.class_seat(classroom=classroom, game="gin", players=2)
    assert len(tables) == 1
    assert SharedTable.objects.filter(class_table__classroom=classroom).count() == 2
    assert SharedTable.objects.filter(ended__isnull=True).count() == 2


def test_the_teachers_view_tells_the_computers_moves_in_an_away_pupils_seat() -> None:
    """The teacher's walk: the computer's moves in a pupil's seat read as the pupil's
    ("Giulia discarded 9♥"); the away line listed names after a colon."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = {n: pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas")}
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    to_move = table.seats[table.waiting[0][0]]["name"]
    shared.leave_seat(table=table, learner=learner_of(clients[to_move]))
    page = teacher.get(f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/")
    html = page.content.decode().replace("&#x27;", "'")
    assert f"The computer plays in {to_move}'s seat until they come back." in html
    said = f"The computer, in {re.escape(to_move)}'s seat, "
    assert re.search(rf'<li value="\d+">{said}', html), html
    assert not re.search(rf'<li value="\d+">{re.escape(to_move)} ', html)


def test_a_computer_player_never_has_a_pupils_name_and_the_teacher_sees_which_is_one() -> None:
    """The teacher's walk (Italian class): the computer players were called Giulia, Luca
    and Sofia like the pupils, and the class page listed "Giulia" at two tables, one of
    them a computer, unmarked. A computer player now takes no name of a pupil of the
    class (at any table), and the teacher's lists mark it "(computer)"."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    names = ("Ona", "Ben", "Marta")  # the first English computer players' names
    for name in names:
        pupil_joins(classroom.join_code, name, "en")
    # Three pupils sit at one table now; a split that leaves one with the computer (as
    # a game for two only would) shows the names.
    with mock.patch.object(shared, "split_people", lambda *_args: [(2, 2), (1, 2)]):
        seated = teacher.post(
            f"/en/classroom/{classroom.public_id}/tables/", {"game": "knock", "players": "2"}
        )
    assert seated.status_code == 303
    tables = list(SharedTable.objects.order_by("pk"))
    bots = [s["name"] for t in tables for s in t.seats if s.get("bot")]
    assert bots == ["Luca"]
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "Luca (computer)" in page
    assert not any(f"{name} (computer)" in page for name in names)
    table = next(t for t in tables if any(s.get("bot") for s in t.seats))
    watch = teacher.get(f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/")
    assert "Luca (computer)" in watch.content.decode()


def test_a_class_of_one_plays_the_computer_and_is_told_so() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    pupil_joins(classroom.join_code, "Ona")
    response = teacher.post(
        f"/en/classroom/{classroom.public_id}/tables/", {"game": "basic", "players": "3"}
    )
    (table,) = SharedTable.objects.all()
    assert [bool(s.get("bot")) for s in table.seats] == [False, True, True]
    said = teacher.get(response["Location"]).content.decode()
    assert "The class sits at 1 table of 3. Computer players take 2 seats." in said


def test_a_class_with_the_first_six_computer_names_meets_none_of_its_pupils_names() -> None:
    """The Italian teacher's walk: Giulia, Luca, Marta and Sofia are in any class, and
    with six computer players' names a table short of people got a pupil's name. Seven
    pupils, six of them with the first six names, the seventh alone at a table of six:
    its computer players take none of the class's names."""
    pupils = ("Ben", "Marta", "Luca", "Ivan", "Sofia", "Tomas", "Ona")
    people = [(Learner.objects.create(), name) for name in pupils]
    with mock.patch.object(shared, "split_people", lambda *_args: [(6, 6), (1, 6)]):
        tables = shared.seat_people(people=people, game="basic", players=6)
    last = tables[-1].seats
    assert len(tables) == 2 and len(last) == 6 and last[0]["name"] == "Ona"
    assert [s["name"] for s in last if s.get("bot")] == ["Nina", "Omar", "Clara", "Hugo", "Lena"]
    assert shared.shared_state(table=tables[-1]).dealt


def test_when_a_class_has_every_computer_name_the_table_still_gets_other_names() -> None:
    """Pupils with every computer player's name, and one alone at a table of six: the
    computer players take the names of pupils at other tables (marked on the teacher's
    lists), never one of its own table, and are as many as its seats need."""
    from django.utils import translation

    from game.names import COMPUTER_NAMES

    with translation.override("en"):
        names = [str(n) for n in COMPUTER_NAMES]
    people = [(Learner.objects.create(), name) for name in [*names[1:], "Ona"]]
    split = [(6, 6), (len(people) - 7, 6), (1, 6)]
    with mock.patch.object(shared, "split_people", lambda *_args: split):
        tables = shared.seat_people(people=people, game="basic", players=6)
    last = tables[-1].seats
    assert len(tables) == 3 and len(last) == 6 and last[0]["name"] == "Ona"
    assert [s["name"] for s in last if s.get("bot")] == ["Ben", "Marta", "Luca", "Ivan", "Sofia"]
    assert shared.shared_state(table=tables[-1]).dealt


def test_seating_gin_at_five_is_refused_naming_the_numbers_it_is_played_by() -> None:
    """The Italian teacher's walk: Gin Rummy for 5 was refused with "Choose a game and a
    number of players it is played with", which does not say which. The refusal names
    them, the form keeps what was chosen, and each game's option says its numbers (the
    list follows the game with JavaScript; the help says them without)."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    pupil_joins(classroom.join_code, "Ona", "en")
    url = f"/en/classroom/{classroom.public_id}/tables/"
    response = teacher.post(url, {"game": "gin", "players": "5"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Gin Rummy is for 2 to 4 players." in html
    assert not SharedTable.objects.exists()
    assert re.search(r'<option value="gin" data-players="2 3 4" selected>', html)
    assert re.search(r'<option value="5" selected>', html)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert 'data-players="2 3 4 5 6"' in page
    assert "Gin Rummy: 2; with 3, one sits out each hand" in page


def test_a_refused_seating_is_said_as_such_even_just_after_a_seating() -> None:
    """Right after the class was seated, a seating the game refuses is told why, not
    "seated a moment ago"; and a refused seating seats nobody, so the next try (a number
    Gin is played by) seats the class at once."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    pupil_joins(classroom.join_code, "Ona", "en")
    url = f"/en/classroom/{classroom.public_id}/tables/"
    assert teacher.post(url, {"game": "knock", "players": "2"}).status_code == 303
    refused = teacher.post(url, {"game": "gin", "players": "5"}).content.decode()
    assert "Gin Rummy is for 2 to 4 players." in refused
    assert "a moment ago" not in refused
    # A minute later (past the double-click guard): refused, then seated at once.
    SharedTable.objects.update(created=timezone.now() - timedelta(minutes=1))
    assert teacher.post(url, {"game": "gin", "players": "5"}).status_code == 400
    assert teacher.post(url, {"game": "gin", "players": "2"}).status_code == 303
    assert SharedTable.objects.filter(game="gin").count() == 1


def test_the_class_tables_list_says_short_states() -> None:
    """The Italian teacher's walk: "Knock Rummy · hand 1 · The hand is over. · ended": a
    sentence inside a "·" list, and "ended" (in Italian «chiuso», which reads as a player
    going out). Now short states: "hand 1 over", "table ended", "table paused"."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = [pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas")]
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    url = f"/en/classroom/{classroom.public_id}/"

    def listed() -> str:
        page = teacher.get(url).content.decode()
        item = page.split('class="class-tables__list"', 1)[1].split("<li>", 1)[1]
        return " ".join(item.split(":", 1)[0].split())

    assert listed() == "<strong>Table 1</strong> · Knock Rummy · hand 1"
    shared.set_paused(table=table, paused=True)
    assert (
        listed()
        == "<strong>Table 1</strong> · Knock Rummy · hand 1 · <strong>table paused</strong>"
    )
    shared.set_paused(table=table, paused=False)
    table.refresh_from_db()
    play_to_the_end(table, [learner_of(c) for c in clients])
    assert listed() == "<strong>Table 1</strong> · Knock Rummy · hand 1 over"
    table.refresh_from_db()
    shared.end_table(table=table)
    assert (
        listed()
        == "<strong>Table 1</strong> · Knock Rummy · hand 1 over · <strong>table ended</strong>"
    )


def test_the_teacher_sees_who_asked_for_more_time() -> None:
    """A pupil who asks for more time ("I need more time") keeps the seat; the teacher
    still sees who is slow: to play, and how often they asked."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    with mock.patch.object(shared.random, "SystemRandom", lambda: random.Random(3)):
        services.class_seat(classroom=classroom, game="gin", players=2)
    table = SharedTable.objects.get()
    assert table.away_seconds == 120
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "<strong>Ona (to play)</strong>" in page
    response = ona.post(f"/en/play/{table.public_id}/more-time/", {"version": table.version})
    assert response.status_code == 200
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "<strong>Ona (to play, asked for more time once)</strong>" in page


def test_the_class_page_says_whose_seat_the_computer_plays() -> None:
    """The Italian teacher's walk: a pupil who stopped answering was replaced by the
    computer, and the class page still listed her as playing ("Sofia 0"); only the
    table's own page said so. Said at her name until she takes her seat back."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = {n: pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas")}
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "the computer plays in their seat" not in page
    to_move = table.seats[table.waiting[0][0]]["name"]
    other = "Jonas" if to_move == "Ona" else "Ona"
    shared.leave_seat(table=table, learner=learner_of(clients[to_move]))
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert f"{to_move} (the computer plays in their seat) " in page
    assert f"{other} (the computer" not in page
    table.refresh_from_db()
    shared.take_seat_back(table=table, learner=learner_of(clients[to_move]))
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "the computer plays in their seat" not in page


def test_the_class_page_offers_to_pause_its_live_updates_outside_the_redrawn_part() -> None:
    """The class page's live part redraws itself (its poll, with JavaScript); a toggle
    button pauses it (aria-pressed, site.js). It sits outside the part (a redraw keeps
    it) and is hidden until the script shows it: without JavaScript nothing redraws
    itself. Not offered while the part is not polled (a removal asked at its line)."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    control = re.search(r'<p class="live-updates" id="live-updates" hidden>(.*?)</p>', page, re.S)
    assert control is not None
    assert re.search(
        r'<button type="button" class="button button--secondary" id="pause-updates"'
        r'[^>]*data-resume="Resume live updates"[^>]*>Pause live updates</button>',
        control[1],
    )
    assert page.index('id="live-updates"') < page.index('id="class-progress"')
    part = teacher.get(f"/en/classroom/{classroom.public_id}/progress/", **HX).content.decode()
    assert 'id="class-progress"' in part and "pause-updates" not in part


def test_the_italian_seating_says_how_the_class_plays_not_that_it_is_seated() -> None:
    """The Italian walk: «La classe è seduta a 1 tavolo da 4.» read oddly (a class «è
    seduta», and the digit 1): «La classe gioca a un tavolo da 4.»"""
    from types import SimpleNamespace

    from django.utils import translation

    def tables(*sizes: int) -> list[SimpleNamespace]:
        return [SimpleNamespace(seats=[{"bot": False}] * size) for size in sizes]

    with translation.override("it"):
        one = presenters.seating_summary(tables(4))
        three = presenters.seating_summary(tables(4, 4, 3))
        two = presenters.seating_summary(tables(3, 3))
    assert one.startswith("La classe gioca a un tavolo da 4. ")
    assert two.startswith("La classe gioca a 2 tavoli da 3. ")
    assert three.startswith("La classe gioca a 3 tavoli: 2 tavoli da 4 e 1 tavolo da 3. ")


def a_won_class_match() -> tuple[Client, Classroom, SharedTable, list[Client], str]:
    """A class Knock Rummy table (to 1 point) played until someone wins its match: the
    teacher's client, the class, the table, the pupils' clients and the winner's name."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = [pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas")]
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    SharedTable.objects.filter(pk=table.pk).update(options={"target_score": 1})
    table.refresh_from_db()
    people = [learner_of(c) for c in clients]
    for _hand in range(6):
        play_to_the_end(table, people)
        table.refresh_from_db()
        state = shared.shared_state(table=table)
        result = state.result()
        assert result is not None
        match = state.rules.match(state.rounds, (*state.results, result))
        if match.is_over:
            break
        shared.next_hand(table=table, learner=people[0], version=table.version)
        table.refresh_from_db()
    else:
        raise AssertionError("nobody scored in six hands")
    assert match.winner is not None
    return teacher, classroom, table, clients, str(table.seats[match.winner]["name"])


def test_the_teacher_sees_that_a_match_is_over_and_who_won() -> None:
    """The Italian walk: the class page's row read like the end of an ordinary hand, and
    the watch page said only "The hand is over." and still offered to pause the table and
    to end it. Both now name the winner, and the watch page offers nothing to stop."""
    teacher, classroom, table, _clients, winner = a_won_class_match()
    said = f"The match is over: {winner} wins."
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    row = page.split('class="class-tables__list"', 1)[1].split("</li>", 1)[0]
    assert f"<strong>{said}</strong>" in row
    url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    watch = teacher.get(url).content.decode()
    assert said in watch
    for gone in ('value="pause"', 'value="end"', 'value="hints-off"'):
        assert gone not in watch
    # Nothing changes there any more: the view stops asking.
    assert 'hx-get="' not in watch.split('id="class-table"', 1)[1].split(">", 1)[0]
    # A watch page drawn before the end: its redraw says so and drops the buttons.
    partial = teacher.get(url, **HX).content.decode()
    assert said in partial
    assert '<div id="table-controls" hx-swap-oob="true" hidden></div>' in partial


def test_a_pupil_whose_match_is_over_is_told_who_won_not_offered_to_play() -> None:
    """The Italian walk: after the match was won, the pupils' classroom page still said
    "Your table: Knock Rummy — Play", which led to a finished table."""
    _teacher, _classroom, table, clients, winner = a_won_class_match()
    page = clients[0].get("/en/classroom/").content.decode()
    line = page.split("Knock Rummy", 1)[1].split("</p>", 1)[0]
    assert f"The match is over: {winner} wins." in line
    assert "See how it ended" in line and f'/en/play/{table.public_id}/"' in line
    assert ">Play</a>" not in page


def test_a_pupils_class_table_links_back_to_their_class_page_while_the_match_goes_on() -> None:
    """The Italian walk: a pupil's class table page ended with "Play with others" and no
    way back to the class page (their assignments) while the match went on. It offers it
    now, beside "Play with others"; a table among friends (no class) does not; once the
    teacher ends the table, the board's own button is the way back, offered once."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    marco = pupil_joins(classroom.join_code, "Marco", "en")
    pupil_joins(classroom.join_code, "Giulia", "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    page = marco.get(f"/en/play/{table.public_id}/").content.decode()
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    assert (
        '<a href="/en/classroom/">Your assignments</a> · <a href="/en/play/">Play with others</a>'
        in main
    )
    # A table among friends: no class page to go back to.
    ona = Client()
    ona.get("/en/play/")
    made = ona.post("/en/play/new/", {"game": "knock", "players": 2, "computers": 0, "name": "Ona"})
    assert made.status_code == 303
    friends = SharedTable.objects.exclude(pk=table.pk).get()
    mine = ona.get(f"/en/play/{friends.public_id}/").content.decode()
    assert "Play with others" in mine and "Your assignments" not in mine
    # Ended by the teacher: the board's button, and not a second link under it.
    control = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/control/"
    assert teacher.post(control, {"do": "end", "confirm": "1", "hand": "1"}).status_code == 303
    ended = marco.get(f"/en/play/{table.public_id}/").content.decode()
    assert ended.split("<main", 1)[1].count('href="/en/classroom/"') == 1


def _play_moves(table: SharedTable, learners: list[Learner], count: int) -> None:
    """Each pupil plays the computer's choice for their seat, ``count`` moves in all
    (fewer if the hand ends first)."""
    by_seat = {shared.seat_of(table, learner): learner for learner in learners}
    for _ in range(count):
        state = shared.shared_state(table=table)
        if state.round_over:
            return
        seat = next(s for s in by_seat if state.my_turn(s))
        view = state.view_for(seat)
        assert view is not None
        move = BotPlayer(seed=seat).choose(view)
        shared.shared_move(
            table=table, learner=by_seat[seat], version=table.version, move=move, confirmed=True
        )


def test_the_teacher_shows_a_class_table_to_the_class_every_hand_face_down() -> None:
    """The Russian teacher's walk: the only view of a class table had every hand face
    up, "for your eyes only", on a screen the computer room projects. The class page
    and the table's page now open it for the class: every seat face down (its card
    count), the piles, the table's melds, the log and the scores; no card of any hand
    in play. Every hand face up is a second, deliberate choice, and back."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = [pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas", "Ieva")]
    with mock.patch.object(shared.random, "SystemRandom", lambda: random.Random(3)):
        services.class_seat(classroom=classroom, game="basic", players=3)
    table = SharedTable.objects.get()
    _play_moves(table, [learner_of(c) for c in clients], 9)
    table.refresh_from_db()
    state = shared.shared_state(table=table)
    hand = state.hand_of(state.current[0])
    assert not hand.is_over and hand.log
    url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    dashboard = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    row = dashboard.split('class="class-tables__list"', 1)[1].split("</li>", 1)[0]
    assert f'<a href="{url}">Show to the class</a>' in row
    assert f'<a href="{url}?view=all">Watch, every hand face up</a>' in row

    def leaks(html: str) -> list[str]:
        return hidden_cards(hand, None).leaks(
            html.replace(classroom.public_id, ""), table.public_id
        )

    shown = teacher.get(url)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert leaks(html) == []
    assert "for your eyes only" not in html
    assert "Every hand face down: you may show this screen to the class." in html
    assert f'href="{url}?view=all"' in html
    for seat in range(hand.players):
        count = len(hand.cards(seat))
        assert f"{count} cards, face down" in html
    assert 'class="log__lines projector__log"' in html
    for row in presenters.table_projector_context(table)["scores"]:
        assert row["name"] in html
    # Its redraws stay face down.
    assert "&amp;view=all" not in html and "&view=all" not in html
    assert leaks(teacher.get(url, **HX).content.decode()) == []
    # Every hand face up, asked for: the checker sees them, and a link hides them again.
    face_up = teacher.get(url + "?view=all").content.decode()
    assert leaks(face_up) != []
    assert "for your eyes only" in face_up
    assert f'<a href="{url}">Hide the hands</a>' in face_up
    assert f"?v={table.version}&amp;view=all" in face_up
    assert leaks(teacher.get(url + "?view=all", **HX).content.decode()) != []
    # The teacher's buttons bring the page back in the view they were pressed in.
    control = url + "control/"
    back = teacher.post(control, {"do": "pause", "view": "all"})
    assert back.status_code == 303 and back["Location"] == url + "?view=all"
    back = teacher.post(control, {"do": "go-on"})
    assert back.status_code == 303 and back["Location"] == url
    assert leaks(teacher.post(control, {"do": "explode"}).content.decode()) == []
    # Only the class's teacher sees either view.
    other, _other = teacher_client("mr-smith")
    assert other.get(url).status_code == 404
    assert other.get(url + "?view=all").status_code == 404
    assert Client().get(url).status_code == 302
    # Once the hand is over, its hands are shown as its players were shown them.
    table.refresh_from_db()
    over = play_to_the_end(table, [learner_of(c) for c in clients])
    final = over.hand_of(over.current[0])
    html = teacher.get(url).content.decode()
    assert final.result is not None
    if final.result.end not in (HandEnd.VOID, HandEnd.BLOCKED):
        for seat in range(final.players):
            assert all(f'data-card="{c}"' in html for c in final.cards(seat))
    assert (
        hidden_cards(final, None).leaks(html.replace(classroom.public_id, ""), table.public_id)
        == []
    )


def test_a_table_ended_during_a_hand_still_shows_its_players_the_scores_so_far() -> None:
    """The Russian teacher's walk: ended during hand 2, the pupils' page ("See how it
    ended") showed no score at all, though it had "Scores so far" before the end. The
    finished hand's scores stay, open, and no line says another hand is played."""
    _teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    clients = [pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas")]
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    people = [learner_of(c) for c in clients]
    play_to_the_end(table, people)
    table.refresh_from_db()
    shared.next_hand(table=table, learner=people[0], version=table.version)
    table.refresh_from_db()
    state = shared.shared_state(table=table)
    totals = state.rules.match(state.rounds, state.results).scores
    shared.end_table(table=table)
    for client, person in zip(clients, people, strict=True):
        page = client.get(f"/en/play/{table.public_id}/").content.decode()
        assert "Your teacher has ended this table" in page
        assert "<h3>Scores</h3>" in page
        sheet = page.split("<h3>Scores</h3>", 1)[1].split("</table>", 1)[0]
        for seat, total in zip(table.seats, totals, strict=True):
            # Each pupil's own row is "You" (game.scores.labels), the other's by name.
            label = "You" if seat.get("learner") == person.pk else seat["name"]
            row = sheet.split(f'<th scope="row">{label}</th>', 1)[1].split("</tr>", 1)[0]
            assert f"<td>{explain.points(total)}</td>" in row
        assert "<details" not in page.split("<h3>Scores</h3>", 1)[0].rsplit("</p>", 1)[1]
        assert "another hand is played" not in page
        assert "Scores so far" not in page


def a_knock_table_of_two() -> tuple[Client, SharedTable, str]:
    """Ona and Jonas of an English class seated at Knock Rummy: the teacher's client, the
    table, and the address of the teacher's page of it."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    for name in ("Ona", "Jonas"):
        pupil_joins(classroom.join_code, name, "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    return teacher, table, f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"


def test_ending_a_class_table_asks_first_and_a_stale_yes_ends_nothing() -> None:
    """The Russian teacher's walk: "End the table", beside "Pause the table" on the
    projector, ended the match for good at one click. It asks first (the question where
    the buttons were, the focus on "Cancel"); "Yes, end it" ends the table. A "Yes" from
    another hand, or sent once the match is over, ends nothing."""
    teacher, table, page_url = a_knock_table_of_two()
    control = page_url + "control/"
    version = table.version
    asked = teacher.post(control, {"do": "end"})
    assert asked.status_code == 200
    html = asked.content.decode()
    table.refresh_from_db()
    assert table.ended is None and table.version == version  # nothing changed yet
    question = html.split('<div class="confirm no-print" id="table-controls"', 1)[1]
    question = question.split("</div>", 1)[0]
    assert "End this table for good?" in question
    assert re.search(
        r'<a class="button" href="' + page_url + r'" id="end-table-cancel" autofocus>Cancel</a>',
        question,
    )
    assert "Yes, end it" in question and 'name="confirm" value="1"' in question
    assert 'name="hand" value="1"' in question
    assert 'value="pause"' not in html  # the question stands where the buttons were
    # A "Yes" asked in another hand asks again and ends nothing.
    stale = teacher.post(control, {"do": "end", "confirm": "1", "hand": "2"})
    assert stale.status_code == 200 and "End this table for good?" in stale.content.decode()
    table.refresh_from_db()
    assert table.ended is None and table.version == version
    assert teacher.post(control, {"do": "end", "confirm": "1", "hand": "1"}).status_code == 303
    table.refresh_from_db()
    assert table.ended is not None


def test_a_yes_to_end_sent_once_the_match_is_over_ends_nothing() -> None:
    teacher, classroom, table, clients, winner = a_won_class_match()
    control = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/control/"
    hand = len(shared.shared_state(table=table).rounds)
    version = table.version
    done = teacher.post(control, {"do": "end", "confirm": "1", "hand": str(hand)})
    assert done.status_code == 303
    table.refresh_from_db()
    assert table.ended is None and table.version == version
    # The pupils are still told who won, not that the teacher ended the table.
    assert f"The match is over: {winner} wins." in clients[0].get("/en/classroom/").content.decode()


def test_after_pausing_or_switching_hints_the_page_opens_on_the_button_that_undoes_it() -> None:
    """The Russian teacher's walk: after "Pause the table" the page came back with the
    focus at its top, 16 Tab presses from "Let them go on", and the new state was not
    said. The page opens on the button that undoes it (autofocus, no fragment: a browser
    skips autofocus on a page opened at an anchor), described by the new state, once."""
    teacher, _table, page_url = a_knock_table_of_two()
    control = page_url + "control/"

    def button(html: str, value: str) -> str:
        found = re.search(r'<button type="submit" name="do" value="' + value + '"[^>]*>', html)
        assert found is not None, value
        return found[0]

    for do, undo, state in [
        ("pause", "go-on", "This table is paused: nobody can make a move."),
        ("go-on", "pause", "The players can make their moves again."),
        ("hints-off", "hints-on", "The hints are off at this table."),
        ("hints-on", "hints-off", "The hints are on at this table."),
    ]:
        response = teacher.post(control, {"do": do})
        assert response["Location"] == page_url  # no fragment
        html = teacher.get(page_url).content.decode()
        assert html.count(" autofocus") == 1
        described = re.search(r'autofocus aria-describedby="([^"]+)"', button(html, undo))
        assert described is not None, do
        said = re.search(r'id="' + described[1] + r'">([^<]+)<', html)
        assert said is not None and said[1] == state
        again = teacher.get(page_url).content.decode()  # said once
        assert "autofocus" not in button(again, undo)
        assert "The players can make their moves again." not in again


def test_the_teacher_chooses_how_the_computer_players_knock() -> None:
    """The seat form offers the practice form's Knock Rummy option, ticked: the class's
    tables (their computer players, and the computer in an absent pupil's seat) are
    patient, or, unticked (the box posts nothing), play to win."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    url = f"/en/classroom/{classroom.public_id}/tables/"
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    box = re.search(r'<input[^>]*name="patient_computers"[^>]*>', page)
    assert box is not None and "checked" in box[0] and 'data-game="knock"' in box[0]
    # Said to the teacher, who does not play: the pupils are given the time.
    assert "Knock Rummy: the computer players give the pupils time to play" in page
    assert "give you time" not in page
    # Refused (nobody in the class yet), the form comes back as it was sent.
    refused = teacher.post(url, {"game": "knock", "players": "2"})
    assert refused.status_code == 400
    box = re.search(r'<input[^>]*name="patient_computers"[^>]*>', refused.content.decode())
    assert box is not None and "checked" not in box[0]
    ona = pupil_joins(classroom.join_code, "Ona", "en")
    for data, stored in (
        ({"patient_computers": "on"}, "patient"),
        ({}, "bot"),
    ):
        SharedTable.objects.all().delete()
        response = teacher.post(url, {"game": "knock", "players": "2", **data})
        assert response.status_code == 303
        (table,) = SharedTable.objects.all()
        assert table.computers == stored
        # Ona alone plays a computer player: her table says how it knocks.
        own = ona.get(f"/en/play/{table.public_id}/").content.decode()
        said = (
            "The computer players give you time to play"
            if stored == "patient"
            else "The computer players play to win"
        )
        assert said in own
    SharedTable.objects.all().delete()
    gin = teacher.post(url, {"game": "gin", "players": "2", "patient_computers": "on"})
    assert gin.status_code == 303 and SharedTable.objects.get().computers == "bot"


def test_a_bad_policy_seats_nobody() -> None:
    _teacher, user = teacher_client()
    classroom = a_class(user)
    pupil_joins(classroom.join_code, "Ona")
    pupil_joins(classroom.join_code, "Jonas")
    (earlier,) = services.class_seat(classroom=classroom, game="knock", players=2)
    # Seated before the double-click guard's time: only the bad policy refuses the next.
    SharedTable.objects.filter(pk=earlier.pk).update(created=timezone.now() - timedelta(minutes=5))
    with pytest.raises(ValueError, match="is not one of patient, bot"):
        services.class_seat(classroom=classroom, game="knock", players=2, policy="random")
    assert list(SharedTable.objects.all()) == [earlier]
    earlier.refresh_from_db()
    assert earlier.ended is None  # the class's tables before stay as they were


#: What the teacher's screen of a Knock Rummy class table says of the computer, by the
#: choice made when seating the class and whether a computer player sits there.
TEACHER_LINES = {
    ("patient", False): (
        "If a pupil leaves the table or stops answering, the computer plays their seat and "
        "gives the pupils time to play: it does not knock before everyone has had two turns."
    ),
    ("bot", False): (
        "If a pupil leaves the table or stops answering, the computer plays their seat to "
        "win: it knocks as soon as a knock pays."
    ),
    ("patient", True): (
        "The computer players give the pupils time to play: they do not knock before "
        "everyone has had two turns."
    ),
    ("bot", True): "The computer players play to win: they knock as soon as a knock pays.",
}
#: What a pupil's own page of a class table of pupils only says (a table for people's).
PUPIL_LINES = {
    "patient": (
        "If a player leaves the table or stops answering, the computer plays their seat and "
        "gives you time to play: it does not knock before everyone has had two turns."
    ),
    "bot": (
        "If a player leaves the table or stops answering, the computer plays their seat to "
        "win: it knocks as soon as a knock pays."
    ),
}


@pytest.mark.parametrize("ticked", [True, False])
def test_a_knock_class_table_says_how_the_computer_plays_to_the_teacher_and_the_pupils(
    ticked: bool,
) -> None:
    """The walk: at a class's Knock Rummy tables of pupils only, nobody could see the
    teacher's choice ("the computer players give the pupils time to play"), though it
    applies to the seat of a pupil who stops answering. The teacher's screen of a table
    says it in the words of that choice, about the pupils; each pupil's page says it to
    them; a table with a computer player says how the computer players knock."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    pupils = [pupil_joins(classroom.join_code, name) for name in ("Ona", "Jonas", "Ieva")]
    data = {"game": "knock", "players": "2", **({"patient_computers": "on"} if ticked else {})}
    assert teacher.post(f"/en/classroom/{classroom.public_id}/tables/", data).status_code == 303
    policy = "patient" if ticked else "bot"
    (table,) = SharedTable.objects.all()  # three pupils at one table of 3: no computer
    assert table.computers == policy and not any(s.get("bot") for s in table.seats)
    url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    for view in ("", "?view=all"):
        page = teacher.get(url + view).content.decode()
        said = [line for line in TEACHER_LINES.values() if line in page]
        assert said == [TEACHER_LINES[(policy, False)]], view
    page = pupils[0].get(f"/en/play/{table.public_id}/").content.decode()
    assert [line for line in PUPIL_LINES.values() if line in page] == [PUPIL_LINES[policy]]
    assert not any(line in page for line in TEACHER_LINES.values())
    # A class of one plays the computer: the teacher reads how the computer players knock.
    alone = a_class(user, "6A")
    pupil_joins(alone.join_code, "Rasa")
    assert teacher.post(f"/en/classroom/{alone.public_id}/tables/", data).status_code == 303
    (with_computer,) = SharedTable.objects.exclude(pk=table.pk)
    page = teacher.get(
        f"/en/classroom/{alone.public_id}/tables/{with_computer.public_id}/"
    ).content.decode()
    assert [line for line in TEACHER_LINES.values() if line in page] == [
        TEACHER_LINES[(policy, True)]
    ]


def test_a_gin_class_table_says_nothing_of_how_the_computer_knocks() -> None:
    teacher, user = teacher_client()
    classroom = a_class(user)
    for name in ("Ona", "Jonas"):
        pupil_joins(classroom.join_code, name)
    services.class_seat(classroom=classroom, game="gin", players=2)
    (table,) = SharedTable.objects.all()
    page = teacher.get(f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/")
    assert "table-area__computers" not in page.content.decode()


@pytest.mark.parametrize("ticked", [True, False])
def test_seating_the_class_says_the_knock_choice_just_made(ticked: bool) -> None:
    """The Italian teacher's walk: "Seat the class"'s summary said how the class was split
    and not how the computer knocks, the choice just made in the same form. It says it
    now, in the words the table's page uses: at tables of pupils only, of the computer
    in a leaving pupil's seat; with computer players, of them; at Gin Rummy, nothing."""
    teacher, user = teacher_client()
    data = {"players": "2", **({"patient_computers": "on"} if ticked else {})}
    policy = "patient" if ticked else "bot"
    for names, computers in ((("Ona", "Jonas"), False), (("Rasa",), True)):
        classroom = a_class(user, f"{len(names)}A")
        for name in names:
            pupil_joins(classroom.join_code, name)
        url = f"/en/classroom/{classroom.public_id}/tables/"
        page = teacher.post(url, {"game": "knock", **data}, follow=True).content.decode()
        assert "The hands are dealt" in page
        said = [line for line in TEACHER_LINES.values() if line in page]
        assert said == [TEACHER_LINES[(policy, computers)]], (names, said)
    gin = a_class(user, "Gin")
    for name in ("Ona", "Jonas"):
        pupil_joins(gin.join_code, name)
    page = teacher.post(
        f"/en/classroom/{gin.public_id}/tables/", {"game": "gin", **data}, follow=True
    ).content.decode()
    assert "The hands are dealt" in page
    assert not any(line in page for line in TEACHER_LINES.values())


# ------------------------------------------------------------------ the end of a lesson
def _class_at_two_tables() -> tuple[Client, Classroom, list[Client]]:
    teacher, user = teacher_client()
    classroom = a_class(user)
    clients = [pupil_joins(classroom.join_code, n, "en") for n in ("Ona", "Jonas", "Ieva", "Rasa")]
    services.class_seat(classroom=classroom, game="knock", players=2)
    return teacher, classroom, clients


def test_the_teacher_ends_all_the_classs_tables_in_one_go() -> None:
    """The Italian teacher's walk: at the end of a lesson each table took two clicks to
    end. "End all the class's tables" asks first, in the tables section (the page not
    polled meanwhile, the focus on "Cancel"), then ends every table still played, and
    says how many; another class's table goes on, and the form sent again ends nothing
    and says so."""
    teacher, classroom, _clients = _class_at_two_tables()
    elsewhere = a_class(classroom.teacher, "6A")
    pupil_joins(elsewhere.join_code, "Tomas", "en")
    services.class_seat(classroom=elsewhere, game="gin", players=2)
    page_url = f"/en/classroom/{classroom.public_id}/"
    url = f"{page_url}end-tables/"
    page = teacher.get(page_url).content.decode()
    tables_part = page.split('id="tables-title"', 1)[1]
    assert f'action="{url}#end-tables-cancel"' in tables_part
    assert "End all the class's tables" in tables_part

    asked = teacher.post(url)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "End the 2 tables being played for good?" in html
    assert (
        'id="end-tables-cancel"' in html and "autofocus" in html.split('id="end-tables-cancel"')[1]
    )
    assert "hx-get" not in html.split('id="class-progress"', 1)[1].split(">", 1)[0]
    assert not SharedTable.objects.filter(ended__isnull=False).exists()  # asked, not done
    mine = SharedTable.objects.filter(class_table__classroom=classroom)
    named = re.search(r'name="tables" value="([^"]+)"', html)
    assert named is not None and set(named[1].split()) == {t.public_id for t in mine}
    versions = {t.pk: t.version for t in SharedTable.objects.all()}

    done = teacher.post(url, {"confirm": "1", "tables": named[1]})
    assert done.status_code == 303 and done["Location"] == page_url + "#main"
    assert all(t.ended is not None for t in mine.all())
    assert all(t.version == versions[t.pk] + 1 for t in mine.all())  # the pages redraw
    assert SharedTable.objects.get(class_table__classroom=elsewhere).ended is None
    after = teacher.get(done["Location"]).content.decode()
    assert "2 tables have ended: nobody can make a move there any more." in after
    assert after.split('id="tables-title"', 1)[1].count("<strong>table ended</strong>") == 2
    assert "End all the class's tables" not in after  # nothing left to end

    again = teacher.post(url, {"confirm": "1", "tables": named[1]})
    assert again.status_code == 409
    assert "nothing was ended" in again.content.decode()
    assert all(t.version == versions[t.pk] + 1 for t in mine.all())
    nothing = teacher.post(url)  # asked again with nothing being played
    assert nothing.status_code == 409 and "nothing was ended" in nothing.content.decode()


def test_ending_all_the_tables_leaves_a_table_seated_since_the_question() -> None:
    """A stale "Yes, end them" (the class was seated again meanwhile, which ended the
    tables it named) ends nothing, not the new tables, and says so."""
    teacher, classroom, _clients = _class_at_two_tables()
    url = f"/en/classroom/{classroom.public_id}/end-tables/"
    html = teacher.post(url).content.decode()
    named = re.search(r'name="tables" value="([^"]+)"', html)
    assert named is not None
    SharedTable.objects.update(created=timezone.now() - timedelta(seconds=services.RESEAT_SECONDS))
    services.class_seat(classroom=classroom, game="gin", players=2)
    new = SharedTable.objects.filter(game="gin")
    assert new.count() == 2 and not new.filter(ended__isnull=False).exists()
    stale = teacher.post(url, {"confirm": "1", "tables": named[1]})
    assert stale.status_code == 409 and "nothing was ended" in stale.content.decode()
    assert not new.filter(ended__isnull=False).exists()
    # Only the tables named end: one of the new ones, the other goes on.
    first, second = new.order_by("pk")
    done = teacher.post(url, {"confirm": "1", "tables": f"{first.public_id} nonsense"})
    assert done.status_code == 303
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.ended is not None and second.ended is None
    assert "1 table has ended" in teacher.get(done["Location"]).content.decode()


def test_only_the_classs_teacher_ends_all_its_tables() -> None:
    """Another teacher is told the class does not exist (404, as for its other pages),
    a pupil is sent to log in, and neither ends a table, even naming them."""
    _teacher, classroom, clients = _class_at_two_tables()
    url = f"/en/classroom/{classroom.public_id}/end-tables/"
    names = " ".join(t.public_id for t in SharedTable.objects.all())
    other, _other = teacher_client("mr-smith")
    assert other.post(url).status_code == 404
    assert other.post(url, {"confirm": "1", "tables": names}).status_code == 404
    pupil = clients[0].post(url, {"confirm": "1", "tables": names})
    assert pupil.status_code == 303 and "/accounts/login/" in pupil["Location"]
    assert _teacher.get(url).status_code == 405  # a form's POST only
    assert not SharedTable.objects.filter(ended__isnull=False).exists()
    # The service itself finds only the class's own tables.
    others = a_class(_other, "7C")
    with pytest.raises(services.NoTablesToEnd):
        services.class_end_tables(classroom=others, public_ids=names.split())
    assert not SharedTable.objects.filter(ended__isnull=False).exists()


def test_a_won_match_is_not_among_the_tables_to_end() -> None:
    """A table whose match is over has nothing left to end (as on its own page): it is
    not counted, and the button is not offered for it alone."""
    teacher, classroom, table, _clients, _winner = a_won_class_match()
    assert services.class_running_tables(classroom=classroom) == []
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "end-tables" not in page
    with pytest.raises(services.NoTablesToEnd):
        services.class_end_tables(classroom=classroom, public_ids=[table.public_id])
    table.refresh_from_db()
    assert table.ended is None


def test_the_teachers_screen_scores_four_player_gin_by_partnership() -> None:
    """The Italian class-table walk: a four-player Gin table on the projector read
    "Sofia 0 · Giulia 0 · Luca 0 · Marta 0", partners' scores twice and nowhere who
    played with whom. Its scores line names each partnership once, with its score; a
    two-player table's still names each player."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    for name in ("Giulia", "Luca", "Marta", "Sofia"):
        pupil_joins(classroom.join_code, name, "en")
    services.class_seat(classroom=classroom, game="gin", players=4)
    table = SharedTable.objects.get()
    names = [s["name"] for s in table.seats]
    url = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    html = teacher.get(url).content.decode()
    line = f"{names[0]} and {names[2]} 0 · {names[1]} and {names[3]} 0"
    assert line in html
    assert f"{names[0]} 0 ·" not in html
    # The class page's list of tables: the players, then each partnership's score once.
    dashboard = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    row = dashboard.split('class="class-tables__list"', 1)[1].split("</li>", 1)[0]
    row = re.sub(r"<[^>]+>|\s+", " ", row)
    assert f"· {names[0]} and {names[2]} 0, {names[1]} and {names[3]} 0 ·" in row
    players = row.split(f"· {names[0]} and", 1)[0]
    assert all(name in players for name in names) and " 0" not in players
    with translation.override("it"):
        rows = presenters.table_projector_context(table)["scores"]
    assert [r["name"] for r in rows] == [f"{names[0]} e {names[2]}", f"{names[1]} e {names[3]}"]
    # Two players: each by name, as before.
    pair = a_class(user, name="5C", language="en")
    for name in ("Ona", "Jonas"):
        pupil_joins(pair.join_code, name, "en")
    services.class_seat(classroom=pair, game="gin", players=2)
    two = SharedTable.objects.exclude(pk=table.pk).get()
    seats = [s["name"] for s in two.seats]
    page = teacher.get(f"/en/classroom/{pair.public_id}/tables/{two.public_id}/")
    assert f"{seats[0]} 0 · {seats[1]} 0" in page.content.decode()
    listed = teacher.get(f"/en/classroom/{pair.public_id}/").content.decode()
    listed = listed.split('class="class-tables__list"', 1)[1].split("</li>", 1)[0]
    assert " and " not in listed


def test_after_seating_the_class_the_top_of_its_page_leads_to_its_tables() -> None:
    """The Italian class-table walk: after "Seat the class" the page opens at its top,
    the notice there, and "Show to the class" is two and a half screens further down, at
    the foot of the page. While the class has tables, a link under its name leads to
    them (#tables-title); a class with none has no such link."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="it")
    for name in ("Giulia", "Luca"):
        pupil_joins(classroom.join_code, name, "it")
    page = f"/it/classroom/{classroom.public_id}/"
    assert 'href="#tables-title"' not in teacher.get(page).content.decode()
    seated = teacher.post(page + "tables/", {"game": "gin", "players": "2"}, follow=True)
    html = seated.content.decode()
    top = html.split("<h1>", 1)[1].split('id="join-title"', 1)[0]
    assert '<a href="#tables-title" id="to-tables">I tavoli della classe</a>' in top
    assert "La classe gioca a un tavolo da 2." in html.split('id="join-title"', 1)[0]
    assert 'id="tables-title"' in html


# ------------------------------------------------------------------ the seating form
def test_the_seating_form_says_how_each_size_splits_the_class_before_it_is_pressed() -> None:
    """The Italian teacher's walk: "3 per table" for four pupils made two tables of 2,
    and the form had said nothing before it was pressed. Under the size it says the
    rule, and for each size how the class's pupils would sit, as the seating does."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    url = f"/en/classroom/{classroom.public_id}/"
    assert "seat-preview" not in teacher.get(url).content.decode()  # no pupils yet
    for name in ("Ona", "Jonas", "Ieva", "Rasa"):
        pupil_joins(classroom.join_code, name)
    page = teacher.get(url).content.decode()
    assert "tables differ by one player at most" in page
    assert "With the class&#x27;s 4 pupils:" in page
    for line in (
        "2 at a table: 2 tables of 2.",
        "3 at a table: 2 tables of 2.",
        "4 at a table: 1 table of 4.",
        "6 at a table: 1 table of 4.",
    ):
        assert line in page, line
    assert 'aria-describedby="seat-players-help seat-rule"' in page
    teacher.post(f"{url}tables/", {"game": "knock", "players": "3"})
    assert sorted(len(t.seats) for t in SharedTable.objects.all()) == [2, 2]


def test_the_preview_names_the_computer_players_a_lone_pupil_would_meet() -> None:
    """One pupil at tables of 3 plays two computer players, as the seating seats them."""
    with translation.override("en"):
        preview = presenters.seating_preview(1, [2, 3])
        assert preview["title"] == "With the class's 1 pupil:"
        assert preview["lines"] == [
            (2, "2 at a table: 1 table of 2. A computer player takes 1 seat."),
            (3, "3 at a table: 1 table of 3. Computer players take 2 seats."),
        ]
        assert presenters.seating_preview(0, [2]) == {}
        assert presenters.seating_preview(31, [3])["lines"] == [
            (3, "3 at a table: 9 tables of 3 and 2 tables of 2.")
        ]


def test_the_seating_s_split_is_joined_as_every_list_on_the_site() -> None:
    """The tables by their size are one list, joined by the shared helper
    (:func:`game.explain.listed`: commas, then the language's "and", Italian's «ed»
    before an e), not by a join of their own that said "A and B and C"."""
    from collections import Counter

    sizes = Counter({4: 1, 3: 9, 2: 2})
    with translation.override("en"):
        assert presenters._split_words(sizes) == ("1 table of 4, 9 tables of 3 and 2 tables of 2")
        assert presenters._split_words(Counter({3: 9, 2: 2})) == "9 tables of 3 and 2 tables of 2"
    with translation.override("it"):
        assert presenters._split_words(sizes) == "1 tavolo da 4, 9 tavoli da 3 e 2 tavoli da 2"


def test_after_seating_the_form_keeps_the_choice_just_made() -> None:
    """The Italian teacher's walk: after "Seat the class" (Gin Rummy, 4) the form was
    back at "Basic Rummy / 2" and the Knock box ticked. It keeps the game, the size and
    the box just chosen; another class's form keeps its own."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    other = a_class(user, "3B")
    for name in ("Ona", "Jonas", "Ieva", "Rasa"):
        pupil_joins(classroom.join_code, name)
    url = f"/en/classroom/{classroom.public_id}/"
    page = teacher.post(f"{url}tables/", {"game": "gin", "players": "4"}, follow=True)
    html = page.content.decode()
    assert 'value="gin" data-players="2 3 4" selected' in html
    assert '<option value="4" selected>' in html
    # Seated long enough ago not to be taken for a double click.
    SharedTable.objects.update(created=timezone.now() - timedelta(minutes=5))
    teacher.post(f"{url}tables/", {"game": "knock", "players": "3"})
    html = teacher.get(url).content.decode()
    assert 'value="knock"' in html and re.search(r'value="knock"[^>]*selected', html)
    assert '<option value="3" selected>' in html
    assert re.search(r'id="seat-patient"[^>]*checked', html) is None
    fresh = teacher.get(f"/en/classroom/{other.public_id}/").content.decode()
    assert " selected" not in fresh.split('id="seat-game"', 1)[1].split("</select>", 2)[1]
    assert re.search(r'id="seat-patient"[^>]*checked', fresh)


def test_the_seating_choice_is_kept_with_the_class_for_the_teachers_other_browsers() -> None:
    """The choice lived in the session: the teacher's other browser (the projector's
    laptop) opened the form with the defaults. It is kept with the class now."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    for name in ("Ona", "Jonas", "Ieva", "Rasa"):
        pupil_joins(classroom.join_code, name)
    url = f"/en/classroom/{classroom.public_id}/"
    teacher.post(f"{url}tables/", {"game": "knock", "players": "3"})
    classroom.refresh_from_db()
    assert classroom.seating == {"game": "knock", "players": 3, "patient_computers": False}
    laptop = Client()
    laptop.force_login(user)
    html = laptop.get(url).content.decode()
    assert re.search(r'value="knock"[^>]*selected', html)
    assert '<option value="3" selected>' in html
    assert re.search(r'id="seat-patient"[^>]*checked', html) is None
    # A refused seating keeps the choice kept before.
    SharedTable.objects.update(created=timezone.now() - timedelta(minutes=5))
    teacher.post(f"{url}tables/", {"game": "gin", "players": "9"})
    classroom.refresh_from_db()
    assert classroom.seating["game"] == "knock"


def test_each_table_of_a_seating_has_a_number_every_page_calls_it_by() -> None:
    """The class-of-thirty walk: eight tables alike but for their players, and the
    teacher could not say "table 3". A seating numbers its tables from 1; the class
    page, the projector's page of a table, each pupil's classroom page and their table's
    page call it "Table N" (in the page's language); seating again numbers from 1 again.
    A table for people that is no class's has no number."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    pupils = {
        name: pupil_joins(classroom.join_code, name)
        for name in ("Ona", "Jonas", "Ieva", "Rasa", "Tomas", "Eglė")
    }
    tables = services.class_seat(classroom=classroom, game="basic", players=2)
    rows = ClassTable.objects.filter(classroom=classroom).order_by("number")
    assert [r.number for r in rows] == [1, 2, 3]
    assert [r.table_id for r in rows] == [t.pk for t in tables]
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    listed = page.split('class="class-tables__list"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r"<strong>(Table \d)</strong>", listed) == ["Table 1", "Table 2", "Table 3"]
    third = tables[2]
    projected = teacher.get(f"/it/classroom/{classroom.public_id}/tables/{third.public_id}/")
    heading = projected.content.decode().split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert heading.startswith("Tavolo 3 · ")
    # A pupil at the third table: their classroom page and their table's page.
    name = next(s["name"] for s in third.seats if s.get("learner"))
    mine = pupils[name].get("/en/classroom/").content.decode()
    assert re.search(r"Your table:</strong> Table 3 · ", mine)
    play = pupils[name].get(f"/ru/play/{third.public_id}/").content.decode()
    assert '<h1 class="table-title">Стол № 3 · ' in play
    # Seated again: the new tables count from 1.
    ClassTable.objects.update(created=timezone.now() - timedelta(minutes=1))
    SharedTable.objects.update(created=timezone.now() - timedelta(minutes=1))
    services.class_seat(classroom=classroom, game="gin", players=2)
    newest = ClassTable.objects.filter(classroom=classroom).order_by("-pk")[:3]
    assert sorted(r.number for r in newest) == [1, 2, 3]
    # A table for people opened by a player has no number, and no label.
    sam = Learner.objects.create()
    own = shared.open_table(learner=sam, name="Sam", game="basic", players=2, computers=1)
    assert shared.class_table_number(own) == 0
    assert shared_presenters.table_label(shared.class_table_number(own)) == ""


def test_a_class_seated_with_a_seed_gets_the_same_deal_and_order() -> None:
    """A test that needs a known deal (the projected four-player Gin table's, which
    checked whichever case the random deal made) seats the class with a ``seed``: the
    same pupils in the same seats and the same deals for the same seed; "Seat the
    class" itself passes none, and seats at random."""
    _teacher, user = teacher_client()
    seated = []
    for name in ("3A", "3B"):
        classroom = a_class(user, name)
        for pupil in ("Ona", "Jonas", "Ieva", "Rasa"):
            pupil_joins(classroom.join_code, pupil)
        tables = services.class_seat(classroom=classroom, game="gin", players=2, seed=7)
        seated.append([(t.seed, [s["name"] for s in t.seats]) for t in tables])
    assert seated[0] == seated[1] and len(seated[0]) == 2
    other = a_class(user, "3C")
    for pupil in ("Ona", "Jonas", "Ieva", "Rasa"):
        pupil_joins(other.join_code, pupil)
    tables = services.class_seat(classroom=other, game="gin", players=2)
    assert [t.seed for t in tables] != [seed for seed, _names in seated[0]]


def test_a_pupil_without_a_name_of_their_own_is_their_class_name_to_their_classmates() -> None:
    """A learner who never gave a name is the language's default («Aleksas», «Алекс»)
    only in a sentence at their own practice table: at a class table their classmates
    (and the teacher's view, and the log) call them by their name in the class, never
    by a made-up default."""
    from game.names import learner_default

    teacher, user = teacher_client()
    classroom = a_class(user, "5B", "ru")
    pupils = [pupil_joins(classroom.join_code, name, "ru") for name in ("Оля", "Петя")]
    Learner.objects.filter(pk=learner_of(pupils[0]).pk).update(display_name="")
    tables = services.class_seat(classroom=classroom, game="gin", players=2)
    table = tables[0]
    state = shared.shared_state(table=table)
    mover = pupils[state.hand_of(state.current[0]).turn]
    url = f"/ru/play/{table.public_id}/"
    moved = mover.post(url + "move/", {"version": str(table.version), "action": "draw_stock"})
    assert moved.status_code == 303, moved.content.decode()[:300]
    with translation.override("ru"):
        default = learner_default()
    for client in (*pupils, teacher):
        page = client.get(
            url
            if client is not teacher
            else f"/ru/classroom/{classroom.public_id}/tables/{table.public_id}/"
        ).content.decode()
        assert "Оля" in page and default not in page


def test_class_tables_made_in_the_same_instant_keep_one_order() -> None:
    """Tables seated in the same instant (one seating's tables, on a fast server) are
    listed the latest made first, by key, by every list of them: the class page's, the
    tables still played, and a pupil's own (h1's review: two lists ordered by time only,
    which leaves the database free to give equal times in any order)."""
    _teacher, classroom, clients = _class_at_two_tables()
    earlier = timezone.now() - timedelta(minutes=5)
    SharedTable.objects.filter(class_table__classroom=classroom).update(created=earlier)
    services.class_seat(classroom=classroom, game="knock", players=2)  # seated again
    tables = list(SharedTable.objects.filter(class_table__classroom=classroom))
    assert len(tables) == 4
    same = timezone.now()
    SharedTable.objects.filter(pk__in=[t.pk for t in tables]).update(created=same)
    newest_first = sorted(tables, key=lambda t: t.pk, reverse=True)
    assert services.class_tables(classroom=classroom) == newest_first
    # Seating the class again ended its earlier tables: two are still played.
    running = [t for t in newest_first if t.ended is None]
    assert len(running) == 2
    assert services.class_running_tables(classroom=classroom) == running
    ona = learner_of(clients[0])
    mine = [t for t in newest_first if shared.seat_of(t, ona) is not None]
    assert len(mine) == 2
    assert services.tables_of_learner(classroom=classroom, learner=ona) == mine


def test_the_teachers_class_table_page_opens_at_its_top_as_its_buttons_send_it() -> None:
    """The teacher's page of a class table has no status line (``#table-status`` is a
    player's): drawn for a GET, face up, for the POST that asks "End this table for
    good?" and for a refused button, its language buttons name the page without a
    fragment (its top, where it opens), and no form or redirect of it sends the teacher
    to a fragment the page does not have."""
    teacher, _table, page_url = a_knock_table_of_two()
    control = page_url + "control/"
    drawn = {
        "page": teacher.get(page_url),
        "face up": teacher.get(page_url + "?view=all"),
        "asked": teacher.post(control, {"do": "end"}),
        "refused": teacher.post(control, {"do": "bogus"}),
    }
    for what, response in drawn.items():
        html = response.content.decode()
        assert "#" not in switcher_next(html), what
        assert 'id="table-status"' not in html, what
        for action in re.findall(r'action="([^"]*)"', html):
            fragment = action.partition("#")[2]
            assert not fragment or f'id="{fragment}"' in html, (what, action)
    for do in ("pause", "go-on"):
        assert "#" not in teacher.post(control, {"do": do})["Location"]


@pytest.mark.parametrize(("pupils", "listed", "folded"), [(10, 5, 0), (12, 4, 2)])
def test_the_class_page_lists_the_first_tables_and_folds_the_rest(
    pupils: int, listed: int, folded: int
) -> None:
    """The class-of-thirty walk on a phone: fifteen tables took 1,550 px of the live part.
    The first four are listed (the tables still played first), the rest in a fold, "N
    more tables"; five are listed whole (a fold for one table would save nothing). The
    page's poll draws it alike."""
    teacher, user = teacher_client()
    classroom = a_class(user, language="en")
    for number in range(pupils):
        pupil_joins(classroom.join_code, f"Pupil {number + 1:02}", "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    poll = teacher.get(f"/en/classroom/{classroom.public_id}/progress/?stamp=old", **HX)
    for html in (page, poll.content.decode()):
        part = html.split('id="tables-title"', 1)[1].split('id="mistakes-title"', 1)[0]
        first, _fold, rest = part.partition('<details class="class-tables__more" id="tables-more">')
        assert first.count("Show to the class") == listed
        assert rest.count("Show to the class") == folded
        if folded:
            assert f"<summary>{folded} more tables</summary>" in rest


def test_a_table_ended_from_its_page_redraws_its_pupils_classroom_page() -> None:
    """A pupil's classroom page asks every few seconds whether their classes changed:
    a table ended from its own page did not change the class, and the page went on
    offering "Play" at it (ending the class's tables from the class page did)."""
    teacher, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona", "en")
    pupil_joins(classroom.join_code, "Jonas", "en")
    services.class_seat(classroom=classroom, game="knock", players=2)
    table = SharedTable.objects.get()
    page = ona.get("/en/classroom/").content.decode()
    assert "Your table" in page and "Ended table" not in page
    poll = re.search(r'hx-get="(/en/classroom/\?mine=[0-9a-f]+)"', page)
    assert poll is not None
    control = f"/en/classroom/{classroom.public_id}/tables/{table.public_id}/control/"
    assert teacher.post(control, {"do": "end", "confirm": "1", "hand": "1"}).status_code == 303
    redrawn = ona.get(poll.group(1), HTTP_HX_REQUEST="true")
    assert redrawn.status_code == 200 and "Ended table" in redrawn.content.decode()
