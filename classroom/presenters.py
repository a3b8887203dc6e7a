"""What the classroom's pages show, built from the services' records: a pupil's
assignments, the class page's live part (the grid, the common mistakes, who may need
help, the poll's address) and the guided hands for the projector. The views call these
and render; nothing here reads a request."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from game import explain
from game.board import BoardDisplay, arranged_cards, board_context, log_numbering, table_melds
from game.cards import text_html, text_plain
from game.engine import AnyMove, Game, Move, TableFormat
from game.guided import presenters as guided_presenters
from game.guided import scenarios
from game.guided import services as guided
from game.moveforms import page_anchor
from game.names import as_computer
from game.practice import services as practice
from game.scores import partners
from game.shared import presenters as shared_presenters
from game.shared import services as shared
from rummy_site.languages import pick

from . import assignments, dashboard, live, projector, services
from .models import Classroom, LiveExercise, Pupil


def mine_stamp(pupils: Sequence[Pupil]) -> str:
    """The stamp of what a pupil's classroom page shows of their classes, for its poll
    (``?mine=``): their memberships and, for each class, when it last changed (its name,
    pupils, assignments, seating, tables ended, a live exercise started, moved on or
    ended: :func:`classroom.services.class_changed`),
    and today (an assignment's due date is told against it). Read with the memberships
    in one query, so the poll's answer while nothing changed (204) renders nothing: a
    class of thirty on the page, each asking every ten seconds. The pupil's own progress
    is not in it: it changes while they play, and the page is loaded anew when they come
    back to it; nor is a match that ends by its own last hand (they were at that table)."""
    parts = [timezone.localdate().isoformat()]
    parts += [f"{p.pk}:{p.classroom_id}:{p.classroom.changed.isoformat()}" for p in pupils]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def my_assignments(learner: Any) -> list[dict[str, Any]]:
    """The learner's classes, each with its assignments and the learner's state of each."""
    classes = []
    memberships = services.memberships_of(learner=learner)
    running = {
        e.classroom_id: e
        for e in LiveExercise.objects.filter(
            classroom_id__in=[p.classroom_id for p in memberships], ended__isnull=True
        )
    }
    for pupil in memberships:
        items = services.assignments_of(classroom=pupil.classroom)
        statuses = assignments.progress(items, [learner], today=timezone.localdate())
        seated = services.tables_of_learner(classroom=pupil.classroom, learner=learner)
        exercise = running.get(pupil.classroom_id)
        scenario = scenarios.get(exercise.scenario) if exercise else None
        classes.append(
            {
                "pupil": pupil,
                "live": text_plain(
                    live.class_words(scenario, live.class_names(pupil.classroom_id))(scenario.title)
                )
                if scenario
                else "",
                "tables": [
                    {
                        "table": t,
                        "label": shared_presenters.table_label(shared.class_table_number(t)),
                        "game_label": explain.game_name(t.game),
                        "match_over": _match_over(t),
                    }
                    for t in seated
                ],
                "assignments": [
                    {
                        "pk": a.pk,
                        "label": assignments.label(a, pupil.classroom.language, pupil.name),
                        "url": assignments.url(a),
                        "due": a.due,
                        "status": statuses[(a.pk, learner.pk)],
                    }
                    for a in items
                ],
            }
        )
    return classes


def _match_over(table: Any) -> str:
    """A pupil's table whose match is over: who won it (the Italian walk: "Play" led to a
    finished table); empty while it goes on."""
    try:
        return shared_presenters.match_over_line(shared.shared_state(table=table))
    except practice.CorruptTable:
        return ""


def grid(
    classroom: Classroom, pupils: list[Any], active: dict[int, dashboard.Activity] | None = None
) -> dict[str, Any]:
    """The class's assignments, and each pupil's state of each (a row per pupil), with
    each pupil's latest work (``active``, else read here)."""
    items = services.assignments_of(classroom=classroom)
    statuses = assignments.progress(
        items,
        [p.learner for p in pupils],
        today=timezone.localdate(),
        languages={classroom.pk: classroom.language},
    )
    titles = assignments.lesson_titles(items, classroom.language)
    columns = [
        {
            "assignment": a,
            "label": assignments.label(a, classroom.language, titles=titles),
            "done": sum(
                1 for p in pupils if statuses[(a.pk, p.learner_id)].state is assignments.State.DONE
            ),
        }
        for a in items
    ]
    if active is None:
        active = dashboard.activity(classroom, pupils, now=timezone.now())
    rows = [
        {
            "pupil": p,
            "active": active.get(p.learner_id),
            "cells": [statuses[(a.pk, p.learner_id)] for a in items],
        }
        for p in pupils
    ]
    return {"columns": columns, "rows": rows}


def poll_seconds() -> int:
    """How often the class page asks whether anything changed (``CLASSROOM_POLL_SECONDS``)."""
    return int(getattr(settings, "CLASSROOM_POLL_SECONDS", 10))


#: How many of the class's tables the class page lists before "N more tables" (a fold):
#: fifteen, each four or five lines of a 360 px phone, took 1,550 px (the class-of-thirty
#: walk); four and the fold take about a screen.
TABLES_LISTED = 4


def progress_context(classroom: Classroom, pupils: list[Any], stamp: str) -> dict[str, Any]:
    """What the class page's live part shows: the grid, the common mistakes, the class's
    tables (and how many are still being played), and the address its poll asks (with
    the stamp it was drawn at)."""
    url = reverse("classroom:progress", kwargs={"public_id": classroom.public_id})
    now = timezone.now()
    # The lessons' titles, read once for the activity, the mistakes and who may need help.
    lessons = dashboard.LessonTitles(classroom.language)
    active = dashboard.activity(classroom, pupils, now=now, lessons=lessons)
    tables = class_tables(classroom)
    mistakes, mistake_kinds = dashboard.ranked_mistakes(classroom, pupils, lessons=lessons)
    return {
        "grid": grid(classroom, pupils, active),
        "mistakes": mistakes,
        # How many kinds in all: the page says when it lists only the commonest.
        "mistake_kinds": mistake_kinds,
        "stuck": dashboard.by_pupil(
            dashboard.stuck_pupils(classroom, pupils, now=now, active=active, lessons=lessons)
        ),
        "stamp": stamp,
        "poll_url": f"{url}?stamp={stamp}",
        "poll_seconds": poll_seconds(),
        "tables": tables,
        # The first few listed, the rest in a fold ("N more tables"): one more is listed.
        "tables_listed": tables if len(tables) <= TABLES_LISTED + 1 else tables[:TABLES_LISTED],
        "tables_more": [] if len(tables) <= TABLES_LISTED + 1 else tables[TABLES_LISTED:],
        "live_now": live_now(classroom, pupils),
        # "End all the class's tables" is offered while one of them is being played.
        "tables_running": sum(
            1 for row in tables if row["table"].ended is None and not row["match_over"]
        ),
    }


def live_now(classroom: Classroom, pupils: Sequence[Pupil]) -> dict[str, Any] | None:
    """The live exercise running now, for the line at the top of the class page's live
    part (redrawn by its poll: the teacher's walk found the running exercise's line under
    the common mistakes): its hand, its step, what the step asks the class, how many
    pupils answered it (or that its answer is shown), the link to the projector's page of
    it. ``None`` when none runs."""
    exercise = live.running(classroom=classroom)
    scenario = scenarios.get(exercise.scenario) if exercise else None
    if exercise is None or scenario is None:
        return None
    words = live.class_words(scenario, [p.name for p in pupils])
    total = live.steps_of(scenario)
    step = live.position(scenario, min(exercise.step, total)).step
    return {
        "title": text_plain(words(scenario.class_title)),
        "step_number": min(exercise.step + 1, total),
        "step_count": total,
        "prompt": text_plain(words(step.class_prompt)) if step is not None else "",
        "at_end": step is None,
        "revealed": exercise.revealed,
        "answered": live.tally(exercise=exercise, step=exercise.step).answered,
        "pupils": len(pupils),
        "url": reverse("classroom:live", kwargs={"public_id": classroom.public_id}),
    }


def project_index_context() -> dict[str, Any]:
    """The guided hands to show on the projector, by game, by their titles as the
    projector shows them (``class_title``)."""
    games = [
        {
            "label": explain.game_name(game),
            "hands": [
                {"slug": s.slug, "title": text_plain(pick(s.class_title))}
                for s in scenarios.library()
                if s.game == game
            ],
        }
        for game in Game
    ]
    return {"games": games}


#: How the projector names a bar's verdict once the answer is shown.
VERDICT_WORDS = {
    guided.VerdictKind.RIGHT: gettext_lazy("the right move"),
    guided.VerdictKind.OTHER: gettext_lazy("allowed, but not the point"),
    guided.VerdictKind.ILLEGAL: gettext_lazy("against the rules"),
}

#: The same in a word: on the projector each bar is one line (the move, its verdict,
#: how many), and "allowed, but not the point" or "against the rules" took a second
#: line beside a long move (Knock Rummy's undercut in Russian: four answers ran 61 px
#: below a 1024 x 768 screen). The answer shown above the bars says what the step is
#: about.
VERDICT_SHORT = {
    guided.VerdictKind.RIGHT: pgettext_lazy("a live answer's verdict, short", "right"),
    guided.VerdictKind.OTHER: pgettext_lazy("a live answer's verdict, short", "allowed"),
    guided.VerdictKind.ILLEGAL: pgettext_lazy("a live answer's verdict, short", "forbidden"),
}


def live_poll_seconds() -> int:
    """How often a live exercise's pages ask whether the class moved on
    (``LIVE_POLL_SECONDS``): often, as the class waits for it."""
    return int(getattr(settings, "LIVE_POLL_SECONDS", 2))


def class_tables(classroom: Classroom) -> list[dict[str, Any]]:
    """The class's tables for the dashboard, those still played first: who sits there,
    whose turn it is (or that the hand is over, or the table ended) and how many times
    they asked for more time on it, whose seat the computer plays (a pupil who stopped
    answering, or left), the hand's number and each player's score (at four-player Gin,
    each partnership's, ``sides``)."""
    rows = []
    for table in _in_seating_order(services.class_tables(classroom=classroom)):
        try:
            state = shared.shared_state(table=table)
        except practice.CorruptTable:
            continue
        scores = shared.scores_of(state)
        turns = [state.to_move(b) for b in state.current]
        names = state.names
        listed = [as_computer(n) if table.seats[i].get("bot") else n for i, n in enumerate(names)]
        # Four-player Gin: the scores by partnership, once each, after the players (each
        # player's is their side's: "Sofia 0, Giulia 18, Luca 0, Marta 18" said it twice,
        # and not who played with whom; the Italian class-table walk).
        gin_four = state.rules.format is TableFormat.GIN_FOUR
        sides = _projected_scores(state, listed) if gin_four else []
        # Who asked for more time on this turn ("I need more time"): the teacher sees who
        # is slow, as before the computer took their seat.
        more = {e.seat: e.more for e in map(shared.WaitEntry.of, table.waiting)}
        rows.append(
            {
                "table": table,
                # "Table 3": the teacher tells the class which (the class-of-thirty walk).
                "label": shared_presenters.table_label(shared.class_table_number(table)),
                "game_label": explain.game_name(table.game),
                "hand": len(state.rounds),
                "players": [
                    {
                        "name": listed[i],
                        "score": "" if sides else explain.points(scores[i]),
                        "turn": i in turns and table.ended is None,
                        "more_time": more.get(i, 0) if table.ended is None else 0,
                        # The Italian teacher's walk: a pupil who stopped answering
                        # was listed as playing; only the table's own page said that
                        # the computer had taken the seat.
                        "away": bool(table.seats[i].get("away")) and table.ended is None,
                    }
                    for i, n in enumerate(names)
                ],
                "sides": sides,
                "round_over": state.round_over,
                # "The match is over: Ona wins." (the Italian walk: the row looked like
                # the end of an ordinary hand, and no winner was named).
                "match_over": shared_presenters.match_over_line(state),
            }
        )
    return rows


def _in_seating_order(tables: list[Any]) -> list[Any]:
    """The class's tables (the latest first) as the class page lists them: those still
    played first, and each seating's tables by their number ("Table 1, Table 2", not
    the other way round). Latest first, a seating's tables come numbered down to 1
    (``ClassTable.number``): the table after its "Table 1" is an earlier seating's."""
    seating = 0
    seatings = {}
    for table in tables:
        seatings[table.pk] = seating
        if shared.class_table_number(table) <= 1:
            seating += 1
    return sorted(
        tables,
        key=lambda t: (t.ended is not None, seatings[t.pk], shared.class_table_number(t)),
    )


def table_projector_context(table: Any, *, face_up: bool = False) -> dict[str, Any]:
    """A class table on the teacher's screen: every board of the hand. For the class
    (the screen is often projected), every hand face down: only what a spectator at the
    table may see (the engine's ``view(None)``), the hands once a hand ends as its
    players saw them; ``face_up``: every hand face up, for the teacher's eyes (the
    pupils at the table must not see that screen). Each hand in the order a pupil's
    board draws their own (melds first)."""
    state = shared.shared_state(table=table)
    names = state.names
    # The seats' and the scores' names say which are computer players; the log's lines
    # name them as they are.
    listed = [
        as_computer(n) if seat.get("bot") else n for n, seat in zip(names, table.seats, strict=True)
    ]
    boards = []
    for board in state.current:
        hand = state.hand_of(board)
        board_names = [names[s] for s in board.seats]
        view = hand.view(None)
        # Face down, a hand is shown once it is over, as its players were shown it (not
        # a void or blocked hand's, thrown in unseen).
        shown = face_up or bool(shared_presenters.shown_at_the_end(hand, None, board_names))
        log = explain.log_sentences(
            view.log,
            board_names,
            human=None,
            last=6,
            end=view.result.end if view.result else None,
            by_computer=state.computer_moves(board),
            table=view.table,
        )
        boards.append(
            {
                "seats": [
                    {
                        "name": listed[board.seats[p]],
                        # In the order each pupil's board draws their own.
                        "cards": arranged_cards(hand.cards(p), ace_high=hand.ace_high)
                        if shown
                        else [],
                        "count": view.hand_sizes[p],
                        "turn": p == hand.turn and not hand.is_over,
                        "learner": False,
                    }
                    for p in range(hand.players)
                ],
                "discard_top": view.discard_top,
                "discard_face_down": view.face_down_discard,
                "stock_size": view.stock_size,
                "melds": table_melds(view.table, board_names),
                "log": log,
                **log_numbering(view.log, log),
                "over": hand.is_over,
            }
        )
    return {
        "table": table,
        "face_up": face_up,
        "paused": table.paused,
        "ended": table.ended is not None,
        "hints_on": table.hints,
        "away_names": [s.get("name", "") for s in table.seats if s.get("away")],
        "away_line": shared_presenters.away_sentence(
            [s.get("name", "") for s in table.seats if s.get("away")]
        ),
        "label": shared_presenters.table_label(shared.class_table_number(table)),
        "game_label": explain.game_name(table.game),
        "computers_line": class_computers_line(table, state.rules.game),
        "hand": len(state.rounds),
        # Once the match is over, who won; nothing is left to pause or end.
        "match_over": shared_presenters.match_over_line(state),
        "boards": boards,
        "scores": _projected_scores(state, listed),
    }


def _projected_scores(state: shared.SharedState, listed: list[str]) -> list[dict[str, str]]:
    """The scores line over a class table on the teacher's screen: each player's score,
    or at four-player Gin each partnership's, once ("Ona and Ben 53 · Rūta and Eglė 0";
    the Italian class-table walk: four names and four scores, partners' the same, and
    nowhere on the screen who played with whom)."""
    scores = shared.scores_of(state)
    if state.rules.format is TableFormat.GIN_FOUR:
        # Both partners' seats hold their side's score (seats ``side`` and ``side + 2``).
        return [
            {"name": partners(listed, side), "score": explain.points(scores[side])}
            for side in (0, 1)
        ]
    return [{"name": n, "score": explain.points(s)} for n, s in zip(listed, scores, strict=True)]


def class_computers_line(table: Any, game: Game) -> str:
    """Knock Rummy: how the computer plays at a class table, as the teacher chose when
    seating the class ("the computer players give the pupils time to play", the table's
    ``computers``), said to the teacher in the words of that choice: the computer
    players at the table, else the computer in the seat of a pupil who leaves it or
    stops answering (a class's tables always hand such a seat on: ``seat_people``'s
    ``AWAY_SECONDS``); nothing once the table has ended, when nobody plays."""
    if game is not Game.KNOCK:
        return ""
    patient = practice.computers_policy(table) == "patient"
    computers = any(s.get("bot") for s in table.seats)
    if not computers and table.ended is not None:
        return ""
    return _knock_computers_words(patient=patient, computers=computers)


def _knock_computers_words(*, patient: bool, computers: bool) -> str:
    """The teacher's Knock Rummy choice in words: how the computer players knock
    (``computers``: some sit at the tables), else how the computer knocks in the seat of
    a pupil who leaves or stops answering."""
    if computers:
        if patient:
            return gettext(
                "The computer players give the pupils time to play: they do not knock "
                "before everyone has had two turns."
            )
        return gettext("The computer players play to win: they knock as soon as a knock pays.")
    if patient:
        return gettext(
            "If a pupil leaves the table or stops answering, the computer plays their seat "
            "and gives the pupils time to play: it does not knock before everyone has had "
            "two turns."
        )
    return gettext(
        "If a pupil leaves the table or stops answering, the computer plays their seat to "
        "win: it knocks as soon as a knock pays."
    )


def live_summary(classroom: Classroom) -> dict[str, Any]:
    """The class page's live exercise part: the running exercise (its hand and step), or
    the guided hands to start one with."""
    exercise = live.running(classroom=classroom)
    scenario = scenarios.get(exercise.scenario) if exercise else None
    if exercise is None or scenario is None:
        return {"live_running": None, "hands": project_index_context()["games"]}
    return {
        "live_running": {
            # As the projector calls the hand and its players.
            "title": text_plain(
                live.class_words(scenario, live.class_names(classroom.pk))(scenario.class_title)
            ),
            "step_number": min(exercise.step + 1, live.steps_of(scenario)),
            "step_count": live.steps_of(scenario),
        },
        "hands": [],
    }


def address_to_read(url: str) -> SafeString:
    """An address the class reads from the back of the room and types on their devices
    (the live exercise's ``/live/``, said in a sentence): the address itself in large type
    on a line of its own (``live__url``; at 0.75em, with its sentence, it was 14 px on a
    1280 x 720 projector: the Italian teacher's walk), broken, where it must be, only
    after a slash (``<wbr>``): never inside a number."""
    scheme, sep, rest = url.rpartition("://")
    *whole, last = rest.split("/")
    pieces = [escape(part) + "/" for part in whole] + ([escape(last)] if last else [])
    parts = mark_safe("<wbr>".join(pieces))
    return format_html('<strong class="live__url">{}{}{}</strong>', scheme, sep, parts)


#: The most bars the projector shows at a step: under the longest answer (Knock
#: Rummy's undercut, in Russian) four one-line bars end at 746 px of a 1024 x 768
#: screen in large type, and each more would take 36 px; a row of bars of one pupil
#: each says little anyway.
MOST_BARS = 4


def shown_bars(bars: Sequence[live.Bar]) -> tuple[list[live.Bar], list[live.Bar]]:
    """The bars the projector shows, and the rest, counted together on one more bar: all
    of them when they are :data:`MOST_BARS` or fewer, else the commonest three.

    Chosen by how many pupils chose each move only, never by its verdict, so that they
    stay where they were when the answer is shown (the right move took the third's
    place, and a bar the class was looking at was gone): the right move, when few chose
    it, is marked on the rest's bar (:func:`live_teacher_context`). Keeping it among the
    bars from the start would tell the class the answer before it is shown: a bar of one
    pupil shown beside "2 other moves, 7 pupils" could only be the right one."""
    if len(bars) <= MOST_BARS:
        return list(bars), []
    return list(bars[: MOST_BARS - 1]), list(bars[MOST_BARS - 1 :])


def _rest_bar(
    rest: Sequence[live.Bar], width: Callable[[int], int], *, revealed: bool
) -> dict[str, Any]:
    """The bar of a busy class's other moves, counted together; last, whatever its count
    (a chart's "other" comes after the moves it names, and it is no one move the class
    chose: above the commonest it would read as the class's first choice). Once the
    answer is shown and a right move is among them, their pupils are the bar's green
    part, and its words say how many chose one."""
    count = sum(b.count for b in rest)
    label = ngettext("%(kinds)s other move", "%(kinds)s other moves", len(rest))
    # A step may take several moves as right (any least-deadwood discard): every one of
    # them among the rest is counted.
    right = sum(b.count for b in rest if b.verdict is guided.VerdictKind.RIGHT)
    bar: dict[str, Any] = {
        "label": label % {"kinds": len(rest)},
        "count": count,
        "width": width(count),
        "rest": True,
    }
    if revealed and right:
        right_width = min(width(right), bar["width"])
        bar.update(
            {
                "right_inside": True,
                "right_width": right_width,
                "width": bar["width"] - right_width,
                "verdict_words": ngettext(
                    "%(pupils)s of them chose a right move",
                    "%(pupils)s of them chose a right move",
                    right,
                )
                % {"pupils": right},
                "verdict_short": pgettext(
                    "a live answer's verdict, short", "right among them: %(pupils)s"
                )
                % {"pupils": right},
            }
        )
    return bar


def live_teacher_context(
    classroom: Classroom, exercise: LiveExercise | None, *, face_up: bool
) -> dict[str, Any]:
    """The live exercise on the projector: the hand at the class's step (as on the
    projector's guided hand), the step's question, the bars of the pupils' answers, the
    answer once shown, and the teacher's buttons."""
    stamp = live.stamp(teacher=classroom.teacher_id, public_id=classroom.public_id) or ""
    url = reverse("classroom:live", kwargs={"public_id": classroom.public_id})
    context: dict[str, Any] = {
        "classroom": classroom,
        "exercise": exercise,
        "stamp": stamp,
        "poll_url": f"{url}?stamp={stamp}" + ("&view=all" if face_up else ""),
        "poll_seconds": live_poll_seconds(),
        "face_up": face_up,
        "toggle_url": url + ("" if face_up else "?view=all"),
        "hands": project_index_context()["games"],
    }
    if exercise is None:
        return context
    scenario = live.scenario_of(exercise)
    total = live.steps_of(scenario)
    shown = projector.projector_context(
        scenario,
        projector.Position(exercise.step, exercise.revealed, face_up),
        words=live.class_words(scenario, live.class_names(classroom.pk)),
    )
    result = live.tally(exercise=exercise, step=exercise.step)

    def width(count: int) -> int:
        # A bar's length in steps of 5%: a class of the stylesheet (no inline style).
        return 5 * round(20 * count / result.answered) if result.answered else 0

    kept, rest = shown_bars(result.bars)
    # Every move has its bar on the page: the projector shows the commonest three and the
    # rest's bar (the others folded), a phone every move and no rest's bar (the teacher
    # reads them there, scrolling; site.css).
    bars: list[dict[str, Any]] = [
        {
            # The move's name, as every move on the projector is named (Italian
            # «Prendere lo scarto»: «Prendete…» over the bars read as the teacher's order).
            "label": explain.move_phrase(b.move, to_class=True),
            "count": b.count,
            "width": width(b.count),
            "verdict": b.verdict.value if exercise.revealed else "",
            "verdict_words": VERDICT_WORDS[b.verdict] if exercise.revealed else "",
            "verdict_short": VERDICT_SHORT[b.verdict] if exercise.revealed else "",
            "folded": number >= len(kept),
        }
        for number, b in enumerate(result.bars)
    ]
    if rest:
        bars.append(_rest_bar(rest, width, revealed=exercise.revealed))
    context.update(shown)
    context.update(
        {
            "toggle_url": url + ("" if face_up else "?view=all"),
            "step_url": reverse("classroom:live_step", kwargs={"public_id": classroom.public_id})
            + ("?view=all" if face_up else ""),
            "bars": bars,
            "answered": result.answered,
            "pupil_count": result.pupils,
            "step": exercise.step,
            "revealed": exercise.revealed,
            "at_end": exercise.step >= total,
        }
    )
    return context


def live_pupil_context(
    found: tuple[Pupil, LiveExercise] | None,
    display: BoardDisplay,
    *,
    answered: live.Answered | None = None,
    error: str = "",
    reload: bool = False,
    again: bool = False,
    archived_class: str = "",
) -> dict[str, Any]:
    """A pupil's live exercise: the hand at the class's step as they see it, the step's
    question and the move form until they answer; then their answer, and once the
    teacher shows it, how it was judged and the right move. Without JavaScript, while
    the pupil waits for their teacher (to start, to show the answer, to go on), the page
    reloads itself if they asked it to (``reload``), as a table for people's does
    (:func:`game.shared.presenters.waiting_reload`); never while they choose their move.
    Its Refresh and its reload open it at the step's question and the pupil's answer
    (``#table-status``, the coach's box, as a guided hand's page), by an address other
    than the page's own (``again``: whether it has the flag,
    :func:`game.moveforms.again_address`): a link to the same address with a fragment
    only scrolls (Chromium), and the page opened at its top.
    ``archived_class``: no exercise, and the pupil's only class (so named) is archived:
    the page says so, and offers no waiting for an exercise that will not come."""
    context: dict[str, Any] = {
        "error": error,
        "page_url": reverse("live"),
        # Where its address opens the page without JavaScript (the language buttons'
        # next): at the step's question, as an answer's redirect and Refresh open it;
        # at its top where it says a reason (autofocus, in a page drawn for a form).
        "page_anchor": page_anchor(takes_focus=bool(error)),
        "poll_seconds": live_poll_seconds(),
        "stamp": live.pupil_stamp(found[1] if found else None),
    }
    context["poll_url"] = f"{reverse('live')}?stamp={context['stamp']}"
    hint = gettext(
        "Without JavaScript this page does not change by itself: press Refresh to see what "
        "your teacher shows next."
    )
    if found is None:
        shared_presenters.waiting_reload(
            context,
            waiting=not archived_class,
            paused=False,
            reload=reload,
            hint=hint,
            at_status=True,
            again=again,
        )
        return {
            **context,
            "exercise": None,
            "answer_focused": False,
            "hand_drawn": False,
            "archived_class": archived_class,
        }
    pupil, exercise = found
    scenario = live.scenario_of(exercise)
    step = exercise.step
    # The hand's players called alike on every screen of the class (its pupils' names
    # left to them).
    names = live.class_names(pupil.classroom_id)
    state = live.state_at(scenario, step, pupil.name, names)
    line = live.line_of(scenario)
    progress_step = state.step
    shown = (
        projector.answer_at(state.progress, line, step)
        if exercise.revealed and step < len(line)
        else None
    )
    # Once the answer is shown, the board has it played, as the projector's has (the
    # walk: "The right move: discard 9♥" beside a hand still holding 9♥): the pupil's
    # own view of it, the others' cards face down until the hand ends.
    board = state
    if shown is not None:
        board = replace(state, progress=replace(state.progress, hand=shown.hand))
    context.update(board_context(board, display, error=error))
    mine = (
        answered.answer if answered else live.answer_of(pupil=pupil, exercise=exercise, step=step)
    )
    verdict = answered.verdict if answered else None
    if mine is not None and verdict is None and exercise.revealed:
        verdict = live.judge(scenario, step, Move.parse(mine.move), pupil.name, names)
    feedback = None
    if verdict is not None and exercise.revealed:
        feedback = guided_presenters.feedback(state, verdict)
        if feedback is not None:
            feedback.pop("continue", None)  # the class plays the right line
    # Every move the step takes as right, the line's own first (the teacher's walk: the
    # answer named one meld of two, and a pupil who laid the other felt wrong).
    rights: list[AnyMove] = list(shown.rights) if shown is not None else []
    if verdict is not None and verdict.kind is guided.VerdictKind.RIGHT:
        rights = []  # the feedback says it already
    context.update(
        {
            "exercise": exercise,
            "pupil": pupil,
            "classroom": exercise.classroom,
            "title": text_html(state.words(scenario.title)),
            "title_plain": text_plain(state.words(scenario.title)),
            "game_label": explain.game_name(scenario.game),
            "move_url": shared_presenters.with_reload(
                reverse("live_answer", kwargs={"exercise_id": exercise.pk}), reload
            ),
            "version": step,
            "step_number": step + 1,
            "step_count": len(line),
            # The hand over at this step (not only on the board: a revealed last move
            # that ends it still shows how the pupil's answer was judged).
            "at_end": progress_step is None,
            "prompt": text_html(state.words(progress_step.prompt)) if progress_step else "",
            "answer": mine,
            "answer_phrase": explain.move_phrase(Move.parse(mine.move)) if mine else "",
            "revealed": exercise.revealed,
            "feedback": feedback,
            "right_move": explain.moves_phrase(rights) if rights else "",
            "right_several": len(rights) > 1,
            "why": text_html(state.words(progress_step.right)) if rights and progress_step else "",
        }
    )
    if mine is not None or exercise.revealed:
        context["actions"] = []  # answered, or closed: the cards, without buttons
    # Nothing to answer (answered, shown, or the hand over): waiting for the teacher.
    waiting = mine is not None or exercise.revealed or context["at_end"]
    shared_presenters.waiting_reload(
        context,
        waiting=waiting,
        paused=False,
        reload=reload,
        hint=hint,
        at_status=True,
        again=again,
    )
    # The answer, taken or judged, is drawn to take the focus and be read there (not by
    # #announce too); the cards are drawn with a refusal beside them.
    context["answer_focused"] = not context["at_end"] and (mine is not None or exercise.revealed)
    context["hand_drawn"] = not context["is_over"]
    return context


__all__ = [
    "MOST_BARS",
    "TABLES_LISTED",
    "VERDICT_SHORT",
    "VERDICT_WORDS",
    "address_to_read",
    "class_computers_line",
    "class_tables",
    "grid",
    "live_now",
    "live_poll_seconds",
    "live_pupil_context",
    "live_summary",
    "live_teacher_context",
    "my_assignments",
    "poll_seconds",
    "progress_context",
    "project_index_context",
    "shown_bars",
    "table_projector_context",
]


def _split_words(sizes: Counter[int]) -> str:
    """ "9 tables of 3 and 2 tables of 2": the tables by their number of seats, the
    bigger first, as every list on the site is joined (:func:`game.explain.listed`:
    "A, B and C", Italian's «ed» before an e)."""
    return explain.listed(
        [
            ngettext("%(count)s table of %(size)s", "%(count)s tables of %(size)s", n)
            % {"count": n, "size": size}
            for size, n in sorted(sizes.items(), reverse=True)
        ]
    )


def seating_preview(count: int, sizes: Iterable[int]) -> dict[str, Any]:
    """What "Seat the class" would do with the class's ``count`` pupils at each of
    ``sizes``, said before it is pressed (the Italian teacher's walk: "3 per table" for
    four pupils made two tables of 2, and the form had not said so): the ``title``
    ("With the class's 4 pupils:") and one line per size ("3 at a table: 2 tables of
    2."), split by :func:`game.shared.services.split_people` as the seating does (every
    game is played by 2 and more, and a size the chosen game is not played by is refused
    by the seating itself), with the seats computer players would fill. Nothing for a
    class without pupils."""
    if count <= 0:
        return {}
    lines = []
    for size in sizes:
        split = shared.split_people(count, size, 2, max(size, 2))
        said = gettext("%(size)s at a table: %(split)s.") % {
            "size": size,
            "split": _split_words(Counter(seats for _, seats in split)),
        }
        computers = sum(seats - people for people, seats in split)
        if computers:
            said += " " + _computer_seats_words(computers)
        lines.append((size, said))
    title = ngettext(
        "With the class's %(count)s pupil:", "With the class's %(count)s pupils:", count
    ) % {"count": count}
    return {"title": title, "lines": lines}


def _computer_seats_words(count: int) -> str:
    """How many seats computer players take, as the seating's preview and its summary
    say it: "Computer players take 3 seats."
    """
    return ngettext(
        "A computer player takes %(count)s seat.",
        "Computer players take %(count)s seats.",
        count,
    ) % {"count": count}


def seating_summary(tables: list[Any], *, policy: str | None = None) -> str:
    """How the class was split, for the teacher: "The class sits at 11 tables: 9 tables
    of 3 and 2 tables of 2." (bigger tables first), and how many seats computer players
    fill when someone could not play only with people. At Knock Rummy (``policy``, the
    teacher's choice: ``"patient"`` or ``"bot"``; ``None`` at the other games) it says
    that choice again, as the table's page does: how the computer players knock, or, at
    tables of pupils only, how the computer knocks in the seat of a pupil who leaves (the
    Italian teacher's walk: the summary said nothing of the choice just made)."""
    sizes = Counter(len(t.seats) for t in tables)
    if len(sizes) == 1:
        said = ngettext(
            "The class sits at %(count)s table of %(size)s.",
            "The class sits at %(count)s tables of %(size)s.",
            len(tables),
        ) % {"count": len(tables), "size": next(iter(sizes))}
    else:
        split = _split_words(sizes)
        said = ngettext(
            "The class sits at %(count)s table: %(split)s.",
            "The class sits at %(count)s tables: %(split)s.",
            len(tables),
        ) % {"count": len(tables), "split": split}
    computers = sum(1 for t in tables for s in t.seats if s.get("bot"))
    if computers:
        said += " " + _computer_seats_words(computers)
    if policy is not None:
        said += " " + _knock_computers_words(patient=policy == "patient", computers=computers > 0)
    return (
        said
        + " "
        + gettext("The hands are dealt: your pupils find their table on their classroom page.")
    )
