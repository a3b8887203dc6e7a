"""Tables for people (issue 15, its first part: the service): opening a table, sitting
down with its code, each player's own view, moves only on one's turn and from the
version one was shown, the computer players, a hand played to its end by people."""

from __future__ import annotations

from unittest import mock

import pytest

from classroom.models import Mistake
from game.engine import BotPlayer, Discard, DrawStock
from game.practice.signals import move_refused
from game.shared import services
from game.shared.models import SharedTable
from tests import factories

pytestmark = pytest.mark.django_db


def people(*names: str):  # type: ignore[no-untyped-def]
    return [factories.learner(name) for name in names]


def a_full_table(game: str, players: int, computers: int = 0, seed: int = 7):  # type: ignore[no-untyped-def]
    """A table opened by the first learner, the others sat down; dealt."""
    humans = people(*[f"P{i}" for i in range(players - computers)])
    table = services.open_table(
        learner=humans[0], name="P0", game=game, players=players, computers=computers, seed=seed
    )
    for number, learner in enumerate(humans[1:], start=1):
        table, _seat = services.sit_down(
            table=services.table_by_code(code=table.code), learner=learner, name=f"P{number}"
        )
    return table, humans


def play_to_the_end(table: SharedTable, humans, limit: int = 3000):  # type: ignore[no-untyped-def]
    """Each person plays the computer's choice for their seat, from the version they
    were shown, until the hand (every board of the round) is over."""
    by_seat = {services.seat_of(table, h): h for h in humans}
    for _ in range(limit):
        state = services.shared_state(table=table)
        if state.round_over:
            return state
        seat = next(s for s in by_seat if state.my_turn(s))
        view = state.view_for(seat)
        assert view is not None
        move = BotPlayer(seed=seat).choose(view)
        state = services.shared_move(
            table=table, learner=by_seat[seat], version=table.version, move=move, confirmed=True
        )
    raise AssertionError("the hand did not end")


def test_a_table_waits_for_its_players_then_deals() -> None:
    ona, jonas, petras = people("Ona", "Jonas", "Petras")
    table = services.open_table(learner=ona, name="Ona", game="knock", players=3)
    assert [s.get("open", False) for s in table.seats] == [False, True, True]
    assert not services.shared_state(table=table).dealt
    assert services.seat_of(table, jonas) is None
    table, seat = services.sit_down(table=table, learner=jonas, name="Jonas")
    assert seat == 1 and not services.shared_state(table=table).dealt
    # Sitting down again keeps one's seat; a name taken at the table is refused.
    assert services.sit_down(table=table, learner=jonas, name="Jonas")[1] == 1
    for look_alike in ("ONA", "Оna", "Ｏｎａ"):  # upper case; a Cyrillic О; full width
        with pytest.raises(services.NameTaken):
            services.sit_down(table=table, learner=petras, name=look_alike)
    table, seat = services.sit_down(
        table=services.table_by_code(code=table.code.lower()), learner=petras, name="Petras"
    )
    assert seat == 2
    state = services.shared_state(table=table)
    assert state.dealt and state.names == ["Ona", "Jonas", "Petras"]
    with pytest.raises(services.TableFull):
        services.sit_down(table=table, learner=factories.learner("Ieva"), name="Ieva")
    with pytest.raises(services.TableNotFound):
        services.table_by_code(code="XXXXXX")


@pytest.mark.parametrize(
    ("game", "players", "computers"),
    [("gin", 1, 0), ("gin", 5, 0), ("basic", 7, 0), ("knock", 2, 2), ("poker", 2, 0)],
)
def test_a_table_the_game_is_not_played_at_is_refused(
    game: str, players: int, computers: int
) -> None:
    with pytest.raises(services.BadTable):
        services.open_table(
            learner=factories.learner("Ona"),
            name="Ona",
            game=game,
            players=players,
            computers=computers,
        )
    assert not SharedTable.objects.exists()


def test_each_player_sees_their_own_cards_and_no_one_elses() -> None:
    table, _humans = a_full_table("basic", 4, computers=1)
    state = services.shared_state(table=table)
    board = state.current[0]
    hand = state.hand_of(board)
    for seat in range(4):
        view = state.view_for(seat)
        assert view is not None
        mine = set(view.cards)
        assert mine == set(hand.cards(board.seat_of(seat)))
        for other in range(4):
            if other != seat:
                assert not mine & set(hand.cards(board.seat_of(other)))
        assert view.player == board.seat_of(seat)


def test_a_move_says_whether_the_player_confirmed_it() -> None:
    """``confirmed`` has no default (as a practice table's ``table_move``): a caller that
    forgets it cannot skip the question before a move that ends the hand."""
    table, (ona, jonas) = a_full_table("gin", 2)
    state = services.shared_state(table=table)
    mover = (ona, jonas)[state.to_move(state.current[0])]
    with pytest.raises(TypeError, match="confirmed"):
        services.shared_move(  # type: ignore[call-arg]
            table=table, learner=mover, version=table.version, move=DrawStock()
        )
    table.refresh_from_db()
    assert not services.shared_state(table=table).current[0].moves


def test_moves_only_on_ones_turn_from_the_version_one_saw() -> None:
    table, (ona, jonas) = a_full_table("gin", 2)
    state = services.shared_state(table=table)
    board = state.current[0]
    first = state.to_move(board)
    mover, waiter = (ona, jonas) if first == 0 else (jonas, ona)
    version = table.version
    with pytest.raises(services.NotYourTurn):
        services.shared_move(
            table=table, learner=waiter, version=version, move=DrawStock(), confirmed=True
        )
    with pytest.raises(services.NotSeated):
        services.shared_move(
            table=table,
            learner=factories.learner("Stranger"),
            version=version,
            move=DrawStock(),
            confirmed=True,
        )
    # A discard before drawing: the engine's reason, nothing kept.
    card = state.view_for(first).cards[0]  # type: ignore[union-attr]
    with pytest.raises(services.MoveRefused) as refused:
        services.shared_move(
            table=table, learner=mover, version=version, move=Discard(card), confirmed=True
        )
    assert refused.value.error.reason.value == "must_draw_first"
    table.refresh_from_db()
    assert table.version == version
    # Two moves from the same version (a double click, a second tab): one goes in.
    services.shared_move(
        table=table, learner=mover, version=version, move=DrawStock(), confirmed=True
    )
    stale = SharedTable.objects.get(pk=table.pk)
    with pytest.raises(services.StaleTable):
        services.shared_move(
            table=stale, learner=mover, version=version, move=DrawStock(), confirmed=True
        )
    stale.refresh_from_db()
    assert stale.version == version + 1
    assert len(services.shared_state(table=stale).current[0].moves) == 1


def test_a_refused_move_of_a_pupil_reaches_the_dashboard() -> None:
    from django.contrib.auth.models import User

    from classroom import services as classes

    room = classes.class_create(teacher=User.objects.create_user("t"), name="5B", language="en")
    table, humans = a_full_table("knock", 2)
    for human in humans:
        classes.class_join(learner=human, code=room.join_code, name=human.display_name or "x")
    sent = []
    move_refused.connect(lambda **kw: sent.append(kw), weak=False, dispatch_uid="test-shared")
    try:
        state = services.shared_state(table=table)
        seat = state.to_move(state.current[0])
        mover = humans[seat]  # type: ignore[index]
        card = state.view_for(seat).cards[0]  # type: ignore[union-attr]
        with pytest.raises(services.MoveRefused):
            services.shared_move(
                table=table,
                learner=mover,
                version=table.version,
                move=Discard(card),
                confirmed=True,
            )
    finally:
        move_refused.disconnect(dispatch_uid="test-shared")
    assert sent and sent[0]["table"] == table.public_id
    assert Mistake.objects.filter(learner=mover, where=table.public_id).count() == 1


@pytest.mark.parametrize(
    ("game", "players", "computers", "seed"),
    [
        ("knock", 3, 1, 11),
        ("basic", 2, 0, 11),
        ("gin", 2, 0, 11),
        ("gin", 3, 1, 11),
        ("gin", 4, 2, 11),
        # (At seed 11 the patient computer players' first hand ends the match: a knock
        # with 13 deadwood collects 119 points from five opponents.)
        ("knock", 6, 3, 12),
    ],
)
def test_people_play_a_hand_to_its_end_and_deal_the_next(
    game: str, players: int, computers: int, seed: int
) -> None:
    table, humans = a_full_table(game, players, computers, seed=seed)
    state = play_to_the_end(table, humans)
    assert state.round_over and state.result() is not None
    before = table.version
    next_state = services.next_hand(table=table, learner=humans[0], version=table.version)
    assert len(next_state.rounds) == 2 and table.version == before + 1
    with pytest.raises(services.StaleTable):
        services.next_hand(table=table, learner=humans[0], version=before)
    with pytest.raises(services.HandNotOver):
        services.next_hand(table=table, learner=humans[0], version=table.version)


def test_a_table_of_computers_and_one_person_is_dealt_at_once_and_the_poll_reads_one_number() -> (
    None
):
    table = services.open_table(
        learner=factories.learner("Ona"), name="Ona", game="knock", players=4, computers=3
    )
    state = services.shared_state(table=table)
    assert state.dealt
    # The computer players have moved up to Ona's turn (or the hand's end).
    assert state.round_over or state.my_turn(0)
    row = services.poll_row(public_id=table.public_id)
    assert row is not None and row.version == table.version and not row.someone_absent
    assert services.poll_row(public_id="nope") is None


# ------------------------------------------------------------------ away, back, paused, hints
def person_to_move(table: SharedTable) -> int:
    state = services.shared_state(table=table)
    return next(seat for seat in range(len(table.seats)) if state.my_turn(seat))


def test_who_is_to_move_is_kept_with_since_when_and_a_move_renews_it() -> None:
    table, humans = a_full_table("knock", 3)
    seat = person_to_move(table)
    assert [s for s, _since in table.waiting] == [seat]
    assert services.absent_seats(table.waiting, away_seconds=120, paused=False) == []
    since = table.waiting[0][1]
    later = since + 120
    assert services.absent_seats(table.waiting, away_seconds=120, paused=False, now=later) == [seat]
    assert services.absent_seats(table.waiting, away_seconds=120, paused=True, now=later) == []
    assert services.absent_seats(table.waiting, away_seconds=0, paused=False, now=later) == []
    by_seat = {services.seat_of(table, h): h for h in humans}
    view = services.shared_state(table=table).view_for(seat)
    assert view is not None
    services.shared_move(
        table=table, learner=by_seat[seat], version=table.version, move=DrawStock(), confirmed=True
    )
    assert [s for s, _since in table.waiting] == [seat]  # still theirs: they discard now


def test_a_person_who_does_not_answer_is_replaced_and_takes_the_seat_back() -> None:
    table, humans = a_full_table("knock", 3)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    since = table.waiting[0][1]
    assert not services.replace_absent(table=table, now=since + 119)
    version = table.version
    assert services.replace_absent(table=table, now=since + 120)
    table.refresh_from_db()
    assert table.version == version + 1 and table.seats[seat]["away"] is True
    state = services.shared_state(table=table)
    # The computer played their turn: someone else is to move now (or the hand is over).
    assert state.round_over or not state.my_turn(seat)
    assert seat not in [s for s, _since in table.waiting]
    # While away, their moves are refused with the reason; nothing changes.
    with pytest.raises(services.SeatAway):
        services.shared_move(
            table=table,
            learner=by_seat[seat],
            version=table.version,
            move=DrawStock(),
            confirmed=True,
        )
    assert table.version == version + 1
    table = services.take_seat_back(table=table, learner=by_seat[seat])
    table.refresh_from_db()
    assert "away" not in table.seats[seat] and table.version == version + 2
    # Back, they play their next turn themselves: the hand goes on to its end.
    assert play_to_the_end(table, humans).round_over


def test_a_player_who_leaves_is_played_by_the_computer_until_they_come_back() -> None:
    table, humans = a_full_table("knock", 2)
    leaver = humans[1]
    table = services.leave_seat(table=table, learner=leaver)
    table.refresh_from_db()
    assert table.seats[1]["away"] is True
    state = services.shared_state(table=table)
    assert state.round_over or state.my_turn(0)  # the computer has moved for seat 1
    # Leaving again changes nothing; a stranger cannot leave or come back.
    version = table.version
    services.leave_seat(table=table, learner=leaver)
    assert table.version == version
    with pytest.raises(services.NotSeated):
        services.take_seat_back(table=table, learner=factories.learner("Stranger"))
    # The one person left plays the hand to its end against their absent friend's seat.
    assert play_to_the_end(table, humans[:1]).round_over


def test_a_paused_table_takes_no_move_and_replaces_nobody() -> None:
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    table = services.set_paused(table=table, paused=True)
    version = table.version
    with pytest.raises(services.TablePaused):
        services.shared_move(
            table=table,
            learner=by_seat[seat],
            version=table.version,
            move=DrawStock(),
            confirmed=True,
        )
    with pytest.raises(services.TablePaused):
        services.shared_hint(table=table, learner=by_seat[seat], version=table.version)
    assert not services.replace_absent(table=table, now=table.waiting[0][1] + 10_000)
    table.refresh_from_db()
    assert table.version == version and table.paused
    # Going on gives the player to move their full time again.
    table = services.set_paused(table=table, paused=False)
    assert not table.paused and table.version == version + 1
    assert services.absent_seats(table.waiting, away_seconds=120, paused=False) == []
    services.shared_move(
        table=table, learner=by_seat[seat], version=table.version, move=DrawStock(), confirmed=True
    )


def test_leaving_a_paused_table_makes_no_move_until_it_goes_on() -> None:
    """ "Leave the table" got round the teacher's pause: the computer played the leaver's
    turn and the turns after it (both leaving, the whole hand) while the table was
    paused. It takes the seat only once the table goes on."""
    table, humans = a_full_table("knock", 2)
    table = services.set_paused(table=table, paused=True)
    moves = len(services.shared_state(table=table).current[0].moves)
    for person in humans:
        services.leave_seat(table=table, learner=person)
    table.refresh_from_db()
    state = services.shared_state(table=table)
    assert table.paused and len(state.current[0].moves) == moves
    assert (
        all(s.get("away") for s in table.seats) and services.seat_of(table, humans[0]) is not None
    )
    table = services.set_paused(table=table, paused=False)
    state = services.shared_state(table=table)
    assert len(state.current[0].moves) > moves and state.round_over  # both away: played out


def test_the_coach_hints_on_ones_turn_unless_the_teacher_switched_it_off() -> None:
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    state, advice = services.shared_hint(table=table, learner=by_seat[seat], version=table.version)
    assert advice.best is not None
    version = table.version
    assert version == state.version  # a hint changes nothing at the table
    with pytest.raises(services.NotYourTurn):
        services.shared_hint(table=table, learner=by_seat[1 - seat], version=table.version)
    table = services.set_hints(table=table, hints=False)
    with pytest.raises(services.HintsOff):
        services.shared_hint(table=table, learner=by_seat[seat], version=table.version)
    assert table.version == version + 1  # the pages redraw without the button


def test_a_learner_opens_at_most_so_many_tables_a_day(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.practice.services import TooManyTables

    monkeypatch.setattr(services, "MAX_TABLES_PER_DAY", 2)
    ona, jonas = people("Ona", "Jonas")
    for _ in range(2):
        services.open_table(learner=ona, name="Ona", game="gin", players=2)
    with pytest.raises(TooManyTables):
        services.open_table(learner=ona, name="Ona", game="gin", players=2)
    # Sitting down at someone else's table is not opening one; another learner may.
    services.open_table(learner=jonas, name="Jonas", game="gin", players=2)
    assert SharedTable.objects.count() == 3


def test_no_computer_player_takes_a_persons_name_at_the_table() -> None:
    """The tamper probe: Ona opened a table with two computer players, one of them Ona."""
    ona, jonas, ben = people("Ona", "Jonas", "Ben")
    table = services.open_table(learner=ona, name="Ona", game="gin", players=4, computers=2)
    assert [s["name"] for s in table.seats if s.get("bot")] == ["Ben", "Marta"]
    # Two people sit by themselves now; a split with computer players (one pupil, or a
    # game for a fixed number) shows the names.
    with mock.patch.object(services, "split_people", lambda *_args: [(2, 4)]):
        seated = services.seat_people(
            people=[(jonas, "Jonas"), (ben, "ben")], game="knock", players=4
        )
    assert [s["name"] for s in seated[0].seats] == ["Jonas", "ben", "Ona", "Marta"]


def test_an_ended_table_takes_no_move_and_waits_for_nobody() -> None:
    """A teacher ends a table for good: no move, no next hand, no hint, no seat taken
    back, nobody replaced by the computer (not even a seat removed from the class: it
    would play on), and ending it again changes nothing."""
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    services.leave_seat(table=table, learner=by_seat[1 - seat])
    table.refresh_from_db()
    moves = len(services.shared_state(table=table).current[0].moves)
    table = services.end_table(table=table)
    version = table.version
    assert table.ended is not None and table.waiting == []
    refusals = [
        lambda: services.shared_move(
            table=table, learner=by_seat[seat], version=version, move=DrawStock(), confirmed=True
        ),
        lambda: services.shared_hint(table=table, learner=by_seat[seat], version=version),
        lambda: services.next_hand(table=table, learner=by_seat[seat], version=version),
        lambda: services.take_seat_back(table=table, learner=by_seat[1 - seat]),
        lambda: services.set_paused(table=table, paused=True),
    ]
    for refused in refusals:
        with pytest.raises(services.TableEnded):
            refused()
    # A stale version is told the table ended, not that it changed.
    with pytest.raises(services.TableEnded):
        services.shared_move(
            table=table,
            learner=by_seat[seat],
            version=version - 1,
            move=DrawStock(),
            confirmed=True,
        )
    assert not services.replace_absent(table=table, now=services._now() + 10_000)
    services.leave_seat(table=table, learner=by_seat[seat])  # nothing to leave
    table.refresh_from_db()
    assert not table.seats[seat].get("away") and table.version == version
    services.remove_player(table=table, learner=by_seat[seat])
    assert services.end_table(table=table).ended == table.ended
    table.refresh_from_db()
    state = services.shared_state(table=table)
    assert len(state.current[0].moves) == moves  # the computer played no one's seat
    # Nobody sits down at an ended table with a seat open.
    opened = services.open_table(learner=humans[0], name="P0", game="gin", players=2)
    services.end_table(table=opened)
    with pytest.raises(services.TableEnded):
        services.sit_down(table=opened, learner=humans[1], name="P1")


# ------------------------------------------------------------------ more time
def test_asking_for_more_time_moves_the_deadline_and_the_seat_is_not_taken() -> None:
    """The class tables' walk: a slow pupil's seat went to the computer after the wait,
    with no way to ask for more. "I need more time" moves their deadline on by the
    table's wait; the database decides (the poll's row, any app instance)."""
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    since = table.waiting[0][1]
    assert services.deadline_of(table, seat) == since + 120
    assert services.more_time_left(table, seat) == services.MORE_TIME_TIMES
    version = table.version
    services.more_time(table=table, learner=by_seat[seat], version=version)
    table.refresh_from_db()
    assert table.version == version + 1
    assert services.deadline_of(table, seat) == since + 240
    row = services.poll_row(public_id=table.public_id)
    assert row is not None
    assert services.absent_seats(row.waiting, away_seconds=120, paused=False, now=since + 239) == []
    # Past the first deadline: not taken.
    assert not services.replace_absent(table=table, now=since + 120)
    table.refresh_from_db()
    assert not table.seats[seat].get("away") and table.version == version + 1
    # Half a turn (the draw) keeps the time asked for.
    services.shared_move(
        table=table, learner=by_seat[seat], version=table.version, move=DrawStock(), confirmed=True
    )
    assert services.deadline_of(table, seat) == since + 240
    # Past the new deadline the computer plays their turn.
    assert services.replace_absent(table=table, now=since + 240)
    table.refresh_from_db()
    assert table.seats[seat]["away"] is True


def test_a_stale_or_foreign_request_for_more_time_changes_nothing() -> None:
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    other = by_seat[1 - seat]
    version, waiting = table.version, list(table.waiting)
    with pytest.raises(services.StaleTable):
        services.more_time(table=table, learner=by_seat[seat], version=version - 1)
    with pytest.raises(services.NotYourTurn):
        services.more_time(table=table, learner=other, version=version)
    with pytest.raises(services.NotSeated):
        services.more_time(table=table, learner=factories.learner("Stranger"), version=version)
    # Two presses from the same page: the second is stale.
    services.more_time(table=table, learner=by_seat[seat], version=version)
    with pytest.raises(services.StaleTable):
        services.more_time(table=table, learner=by_seat[seat], version=version)
    table.refresh_from_db()
    assert table.version == version + 1
    assert services.deadline_of(table, seat) == waiting[0][1] + 240


def test_more_time_at_least_ten_times_a_turn_then_no_more() -> None:
    table, humans = a_full_table("knock", 2)
    by_seat = {services.seat_of(table, h): h for h in humans}
    seat = person_to_move(table)
    since = table.waiting[0][1]
    assert services.MORE_TIME_TIMES >= 10  # WCAG 2.2.1
    for _ in range(services.MORE_TIME_TIMES):
        services.more_time(table=table, learner=by_seat[seat], version=table.version)
    assert services.more_time_left(table, seat) == 0
    version = table.version
    with pytest.raises(services.NoMoreTime):
        services.more_time(table=table, learner=by_seat[seat], version=version)
    table.refresh_from_db()
    assert table.version == version
    assert services.deadline_of(table, seat) == since + 120 * (1 + services.MORE_TIME_TIMES)
    # Paused, nobody is waited for; going on gives the full time again.
    table = services.set_paused(table=table, paused=True)
    assert services.deadline_of(table, seat) is None
    with pytest.raises(services.TablePaused):
        services.more_time(table=table, learner=by_seat[seat], version=table.version)
    table = services.set_paused(table=table, paused=False)
    assert services.more_time_left(table, seat) == services.MORE_TIME_TIMES


def test_a_turn_that_comes_back_after_the_computers_moves_is_a_new_turn() -> None:
    """The tamper probe: at a table where the computer plays the others' seats, the turn
    that came back to a person kept the first turn's start and its "more time": a player
    who moved every 20 s at a table of 30 s lost their seat to the computer, and could
    ask for more time ten times in the whole hand, not ten times a turn."""
    ona = factories.learner("Ona")
    with mock.patch.object(services, "_now", return_value=1000):
        table = services.open_table(
            learner=ona, name="Ona", game="basic", players=2, computers=1, seed=3
        )
    assert table.waiting == [[0, 1000]]
    for now in (1010, 1020):
        with mock.patch.object(services, "_now", return_value=now):
            services.more_time(table=table, learner=ona, version=table.version)
            view = services.shared_state(table=table).view_for(0)
            assert view is not None
            move = next(m for m in view.legal_moves if isinstance(m, DrawStock | Discard))
            services.shared_move(
                table=table, learner=ona, version=table.version, move=move, confirmed=True
            )
    # Ona drew and discarded; the computer played its turn; hers has come again.
    state = services.shared_state(table=table)
    assert not state.round_over and state.my_turn(0)
    assert table.waiting == [[0, 1020]]
    assert services.deadline_of(table, 0) == 1020 + table.away_seconds
    assert services.more_time_left(table, 0) == services.MORE_TIME_TIMES
