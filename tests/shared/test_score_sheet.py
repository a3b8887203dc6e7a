"""The score sheet at a table for people (the teacher's walk: classmates read "The hand
is over." and "The match is over." and never saw the running scores nor who won):
under each finished hand, once the walkthrough is all shown, every seated player and a
pupil who sat the hand out see the match's sheet (Basic totals, Gin's boxes, the
partnerships of four-player Gin, Knock Rummy's totals and balances, with the target),
on the full page and in the partial htmx swaps in; and at the match's end, who won."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from game import explain
from game.engine import GinPartnershipGame, KnockMatch, Match
from game.shared import services
from game.shared.models import SharedTable
from learners.models import Learner
from tests.shared.test_services import play_to_the_end
from tests.shared.test_views import HX, open_and_fill

pytestmark = pytest.mark.django_db


def shown(cell: str) -> str:
    """A cell's text as the eye sees it (not the words only a screen reader reads)."""
    cell = re.sub(r'<span class="visually-hidden">.*?</span>', "", cell)
    return html.unescape(re.sub(r"<[^>]+>", "", cell).strip())


def sheet_rows(page: str) -> list[list[str]]:
    """The score sheet's rows, each the name and the cells after it (empty: no sheet)."""
    found = re.search(r'<table class="scores">.*?<tbody>(.*?)</tbody>', page, re.S)
    if found is None:
        return []
    return [
        [shown(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", found.group(1), re.S)
    ]


def clients_by_seat(table: SharedTable, clients: list[Client]) -> dict[int, Client]:
    """Each person's browser by their seat (open_and_fill's order is the seats')."""
    people = [i for i, s in enumerate(table.seats) if s.get("learner")]
    return dict(zip(people, clients, strict=True))


def learners(table: SharedTable) -> list[Learner]:
    return [Learner.objects.get(pk=s["learner"]) for s in table.seats if s.get("learner")]


def match_of(table: SharedTable) -> Match:
    state = services.shared_state(table=table)
    result = state.result()
    assert result is not None
    return state.rules.match(state.rounds, (*state.results, result))


def expected_rows(table: SharedTable, you: int | None = None) -> list[list[str]]:
    """The sheet's rows worked out from the engine's match, by the seats' names, as the
    player at seat ``you`` reads them: their own row "You", their partnership's "You and
    Marta" (four-player Gin)."""
    match = match_of(table)
    seated = [str(s["name"]) for s in table.seats]
    names = ["You" if p == you else name for p, name in enumerate(seated)]
    if isinstance(match, KnockMatch):
        return [
            [names[p], explain.points(score), explain.signed(net)]
            for p, (score, net) in enumerate(zip(match.scores, match.net, strict=True))
        ]
    if isinstance(match, GinPartnershipGame):
        sides = [f"{seated[0]} and {seated[2]}", f"{seated[1]} and {seated[3]}"]
        if you is not None:
            sides[you % 2] = f"You and {seated[(you + 2) % 4]}"
        return [
            [
                sides[p],
                " · ".join(explain.points(b) for b in match.boxes[p]) or "–",
                explain.points(match.totals[p]),
            ]
            for p in (0, 1)
        ]
    if hasattr(match, "boxes"):
        return [
            [
                names[p],
                " · ".join(explain.points(b) for b in match.boxes[p]) or "–",
                explain.points(match.totals[p]),
            ]
            for p in sorted(match.boxes)
        ]
    return [[names[p], explain.points(total)] for p, total in enumerate(match.totals)]


@pytest.mark.parametrize(
    ("game", "players", "computers", "title", "columns"),
    [
        ("basic", 3, 1, "Scores", ["Player", "Total (to 150 points)"]),
        ("gin", 2, 0, "Score sheet", ["Player", "Boxes", "Total (to 100 points)"]),
        ("gin", 3, 0, "Score sheet", ["Player", "Boxes", "Total (to 100 points)"]),
        ("gin", 4, 2, "Score sheet", ["Player", "Boxes", "Total (to 100 points)"]),
        ("knock", 3, 1, "Scores", ["Player", "Total (to 100 points)", "Balance"]),
    ],
)
def test_every_player_sees_the_score_sheet_once_the_walkthrough_is_shown(
    game: str, players: int, computers: int, title: str, columns: list[str]
) -> None:
    table, first, others = open_and_fill(game, players, computers, seed=7)
    by_seat = clients_by_seat(table, [first, *others])
    play_to_the_end(table, learners(table))
    table.refresh_from_db()
    state = services.shared_state(table=table)
    assert state.round_over
    url = f"/en/play/{table.public_id}/"
    if (game, players) == ("gin", 3):
        # The pupil who sat the hand out (three people at three-player Gin) sees it too.
        assert any(state.board_of(s) is None for s in by_seat)
    for seat, client in by_seat.items():
        # Each player's sheet is theirs: their own row "You" ("You and Marta").
        rows = expected_rows(table, seat)
        assert rows != expected_rows(table), seat
        # While the walkthrough has steps to show, no sheet yet (not even the scores).
        start = client.get(url).content.decode()
        assert 'id="next-step"' in start, seat
        assert 'class="scores"' not in start and not sheet_rows(start), seat
        for response in (client.get(url, {"step": "all"}), client.get(url, {"step": "all"}, **HX)):
            page = response.content.decode()
            assert response.status_code == 200
            assert 'id="next-step"' not in page
            assert f"<h3>{title}</h3>" in page, seat
            heads = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', page)
            assert heads == columns, heads
            assert sheet_rows(page) == rows, (seat, sheet_rows(page))
        # The partial the poller swaps in is the board alone.
        assert "<html" not in page and 'id="table"' in page
        # Stepping to the walkthrough's last step shows it as well.
        total = len(re.findall(r'class="score-step"', page))
        last = client.get(url, {"step": total}).content.decode()
        assert sheet_rows(last) == rows


def test_a_seat_the_computer_plays_keeps_its_players_name_on_the_sheet() -> None:
    """A player who left (the computer plays their seat) and one removed from the table
    (a computer player for good, under the same name) are on the sheet by name."""
    table, ona, others = open_and_fill("knock", 3, seed=7)
    by_seat = clients_by_seat(table, [ona, *others])
    url = f"/en/play/{table.public_id}/"
    assert by_seat[1].post(url + "leave/").status_code == 303
    table.refresh_from_db()
    services.remove_player(table=table, learner=learners(table)[2])
    table.refresh_from_db()
    play_to_the_end(table, [learners(table)[0]])
    table.refresh_from_db()
    names = [str(s["name"]) for s in table.seats]
    assert names == ["Ona", "Саша0", "Саша1"]
    for seat in (0, 1):
        rows = sheet_rows(by_seat[seat].get(url, {"step": "all"}).content.decode())
        # The player who left reads their own row as "You" still: the seat is theirs.
        assert [row[0] for row in rows] == ["You" if p == seat else n for p, n in enumerate(names)]
        assert rows == expected_rows(table, seat)


@pytest.mark.parametrize("game", ["gin", "knock", "basic"])
def test_the_match_s_end_names_its_winner(game: str) -> None:
    """A match to 1 point ends with the first hand anyone scores: every player reads who
    won it above the sheet, and the sheet's summary (Gin's game end: boxes, bonuses,
    totals; else "Ona wins the match!"), and is offered no next hand. Each reads their
    own lines in the second person, as at a practice table: the winner "The match is
    over: you win." and "You win the match!" ("Your game total: ..."), the other the
    winner's name; each page is drawn for its player, none served another's."""
    table, ona, (sasha,) = open_and_fill(game, 2, seed=7)
    by_seat = clients_by_seat(table, [ona, sasha])
    SharedTable.objects.filter(pk=table.pk).update(options={"target_score": 1})
    table.refresh_from_db()
    for _hand in range(6):
        play_to_the_end(table, learners(table))
        table.refresh_from_db()
        match = match_of(table)
        if match.is_over:
            break
        services.next_hand(table=table, learner=learners(table)[0], version=table.version)
        table.refresh_from_db()
    else:
        raise AssertionError("nobody scored in six hands")
    assert match.winner is not None
    winner = str(table.seats[match.winner]["name"])
    url = f"/en/play/{table.public_id}/"
    # The winner's page last, after the other's: nothing of one is kept for the other.
    for seat in sorted(by_seat, key=lambda s: s == match.winner):
        client = by_seat[seat]
        start = client.get(url).content.decode()
        # The match's end waits for the walkthrough, as the next hand's button does.
        assert "The match is over" not in start and not sheet_rows(start)
        for response in (client.get(url, {"step": "all"}), client.get(url, {"step": "all"}, **HX)):
            page = html.unescape(response.content.decode())
            summary = re.search(r'<ul class="summary-lines">(.*?)</ul>', page, re.S)
            assert summary is not None
            if seat == match.winner:
                assert "The match is over: you win." in page
                assert winner not in summary.group(1), summary.group(1)
                if game == "gin":
                    assert "Your game total: " in summary.group(1), summary.group(1)
                else:
                    assert "<li>You win the match!</li>" in summary.group(1)
            else:
                assert f"The match is over: {winner} wins." in page
                assert "you win" not in page.lower()
                if game == "gin":
                    assert f"Game total for {winner}: " in summary.group(1), summary.group(1)
                else:
                    assert f"<li>{winner} wins the match!</li>" in summary.group(1)
            assert sheet_rows(page) == expected_rows(table, seat)
            assert 'id="next-hand"' not in page


def test_four_player_gin_ends_the_walkthrough_with_the_two_tables_netted() -> None:
    """Four-player Gin: the sheet enters one box per deal, the difference of what the
    sides scored at both tables. Every player's walkthrough ends with how (as at a
    practice table), once both tables are over, so that the box is not a riddle: their
    own partnership told to them ("you and Marta"), the other by its names."""
    table, first, others = open_and_fill("gin", 4, 2, seed=7)
    by_seat = clients_by_seat(table, [first, *others])
    play_to_the_end(table, learners(table))
    table.refresh_from_db()
    names = [str(s["name"]) for s in table.seats]
    url = f"/en/play/{table.public_id}/"
    for seat, client in by_seat.items():
        page = html.unescape(client.get(url, {"step": "all"}).content.decode())
        steps = re.findall(r'<li class="score-step">\s*<p>(.*?)</p>', page, re.S)
        assert steps[-1].startswith("The two tables count together: "), (seat, steps)
        side = seat % 2
        assert f"you and {names[(seat + 2) % 4]}" in steps[-1], steps[-1]
        assert f"{names[1 - side]} and {names[3 - side]}" in steps[-1], steps[-1]
        assert names[seat] not in steps[-1], steps[-1]
        assert sum("The two tables count together" in s for s in steps) == 1


def test_the_italian_score_sheet_has_one_name_in_every_game() -> None:
    """The Italian walk: the sheet was «Punteggi» at Knock Rummy and «Foglio dei punti» at
    Gin Rummy; docs/terms/it.md: the page the scores are written on is the «foglio dei
    punti», in every game."""
    from django.utils import translation

    from game.engine import BasicMatch, BasicOptions, GinGame
    from game.scores import score_sheet

    names = ["Anna", "Bruno"]
    with translation.override("it"):
        titles = {
            score_sheet(match, names).title
            for match in (GinGame(), KnockMatch(2), BasicMatch(2, BasicOptions()))
        }
    assert titles == {"Foglio dei punti"}


def test_during_the_next_hand_every_player_keeps_the_last_hand_and_the_scores() -> None:
    """The Italian walk: one player's "Next hand" took the walkthrough and the score sheet
    away from the others, and nothing on hand 2 led back to hand 1. During a match the
    board keeps each finished hand's review (the player's own) and the scores so far."""
    table, ona, (sasha,) = open_and_fill("knock", 2, seed=7)
    play_to_the_end(table, learners(table))
    table.refresh_from_db()
    finished = match_of(table)
    names = [str(s["name"]) for s in table.seats]
    assert isinstance(finished, KnockMatch)
    services.next_hand(table=table, learner=learners(table)[0], version=table.version)
    table.refresh_from_db()
    url = f"/en/play/{table.public_id}/"
    for seat, client in enumerate((ona, sasha)):
        # Each reads their own row as "You", the other's by name.
        expected = [
            ["You" if p == seat else names[p], explain.points(score), explain.signed(net)]
            for p, (score, net) in enumerate(zip(finished.scores, finished.net, strict=True))
        ]
        for response in (client.get(url), client.get(url, **HX)):
            page = html.unescape(response.content.decode())
            assert f'href="/en/play/{table.public_id}/review/1/">hand 1</a>' in page
            details = re.search(r'<details class="running-scores">(.*?)</details>', page, re.S)
            assert details is not None and "<summary>Scores so far</summary>" in details[1]
            assert sheet_rows(details[1]) == expected
        review = client.get(f"/en/play/{table.public_id}/review/1/")
        assert review.status_code == 200
