"""Assignments: what can be set, and each pupil's state of it, from their own records."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from classroom import assignments, services
from classroom.assignments import State
from classroom.models import DRILL_STREAK, Assignment
from drills.models import DrillRecord
from game.guided.models import GuidedResult
from lessons.models import FirstAnswer, Lesson, LessonRead
from tests import factories

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2026, 12, 1)


@pytest.fixture
def classroom():  # type: ignore[no-untyped-def]
    teacher = User.objects.create_user("ms-jones", password="Kortos-2026!x")
    return services.class_create(teacher=teacher, name="5B", language="lt")


@pytest.fixture
def lesson() -> Lesson:
    return Lesson.objects.create(
        language="lt",
        game="gin",
        slug="melds",
        order=1,
        title="Deriniai",
        summary="",
        body="",
        checks=["meld 7H 8H 9S 7S 7D", "deadwood AS 2S 3S 4H 4D 4C KS QH"],
    )


def state_of(assignment: Assignment, learner) -> assignments.Status:  # type: ignore[no-untyped-def]
    return assignments.progress([assignment], [learner], today=TODAY)[(assignment.pk, learner.pk)]


def test_only_what_the_catalogue_offers_can_be_assigned(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    values = [value for _group, items in assignments.choices("lt") for value, _label in items]
    assert "lesson:gin:melds" in values and "guided:gin:gin-01-first-knock" in values
    assert "drill:gin:deadwood" in values and "hands:knock:" in values
    for bad in (
        "lesson:gin:nope",
        "lesson:basic:melds",
        "guided:basic:gin-01-first-knock",
        "drill:knock:layoff",
        "hands:knock:x",
        "poker:gin:",
        "lesson:gin",
        "",
    ):
        with pytest.raises(services.BadAssignment):
            services.assignment_add(classroom=classroom, what=bad)
    services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    with pytest.raises(services.AlreadyAssigned):
        services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    for count in (0, assignments.MOST_HANDS + 1):
        with pytest.raises(services.BadAssignment):
            services.assignment_add(classroom=classroom, what="hands:gin:", count=count)
    assert Assignment.objects.count() == 1


def test_a_lesson_is_done_when_every_check_is_mastered(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    # The same lesson in another language, written first, with a check more: the class
    # reads the Lithuanian one.
    checks = list(lesson.checks)
    lesson.delete()
    Lesson.objects.create(
        language="en",
        game="gin",
        slug="melds",
        order=1,
        title="Melds",
        summary="",
        body="",
        checks=[*checks, "deadwood KS QH"],
    )
    Lesson.objects.create(
        language="lt",
        game="gin",
        slug="melds",
        order=1,
        title="Deriniai",
        summary="",
        body="",
        checks=checks,
    )
    assignment = services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    ona = factories.learner("Ona")
    assert state_of(assignment, ona).state is State.NOT_STARTED
    LessonRead.objects.create(learner=ona, game="gin", slug="melds")
    assert state_of(assignment, ona).detail == "0/2"
    assert state_of(assignment, ona).state is State.IN_PROGRESS
    FirstAnswer.objects.create(learner=ona, game="gin", slug="melds", index=0, seed=0, correct=True)
    assert state_of(assignment, ona).detail == "1/2"
    assert state_of(assignment, ona).state is State.IN_PROGRESS
    FirstAnswer.objects.create(learner=ona, game="gin", slug="melds", index=1, seed=0, correct=True)
    assert state_of(assignment, ona) == assignments.Status(
        State.DONE, "2/2", detail_words="2 of 2 questions mastered"
    )


def test_a_guided_hand_is_done_when_finished_with_its_stars(classroom) -> None:  # type: ignore[no-untyped-def]
    assignment = services.assignment_add(classroom=classroom, what="guided:gin:gin-01-first-knock")
    ona = factories.learner("Ona")
    factories.attempt_with(ona, "gin-01-first-knock", 1)
    assert state_of(assignment, ona).state is State.IN_PROGRESS
    GuidedResult.objects.create(learner=ona, scenario="gin-01-first-knock", stars=2, hints=1)
    assert state_of(assignment, ona) == assignments.Status(State.DONE, "★★")


def test_a_guided_hand_assigned_opens_at_the_coach_over_the_hand(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """A pupil's link to an assigned guided hand opens it where every other link into a
    guided hand does (the index's, the path's, "Next"): at the coach over the hand,
    whose buttons a phone shows in its first screen; it opened at the page's top."""
    guided = services.assignment_add(classroom=classroom, what="guided:gin:gin-01-first-knock")
    lesson = services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    with translation.override("en"):
        assert assignments.url(guided) == "/en/guided/gin-01-first-knock/#table-status"
        assert "#" not in assignments.url(lesson)


def test_a_drill_is_done_at_its_streak(classroom) -> None:  # type: ignore[no-untyped-def]
    assignment = services.assignment_add(classroom=classroom, what="drill:gin:deadwood")
    ona = factories.learner("Ona")
    record = DrillRecord.objects.create(
        learner=ona, game="gin", kind="deadwood", best=2, answered=4
    )
    assert state_of(assignment, ona) == assignments.Status(
        State.IN_PROGRESS,
        f"2/{DRILL_STREAK}",
        detail_words=f"Best: 2 of {DRILL_STREAK} right answers in a row",
    )
    DrillRecord.objects.filter(pk=record.pk).update(best=DRILL_STREAK + 3)
    assert state_of(assignment, ona).state is State.DONE


def test_practice_hands_count_at_tables_started_after_the_assignment(classroom) -> None:  # type: ignore[no-untyped-def]
    ona = factories.learner("Ona")
    before = factories.table("knock", 2, owner=ona, seed=3)
    factories.play_hand_out(before)
    assignment = services.assignment_add(classroom=classroom, what="hands:knock:", count=2)
    assert state_of(assignment, ona) == assignments.Status(
        State.NOT_STARTED, "0/2", detail_words="0 of 2 hands finished"
    )
    after = factories.table("knock", 2, owner=ona, seed=4)
    assert state_of(assignment, ona).state is State.IN_PROGRESS  # a table, no hand yet
    factories.play_hand_out(after)
    assert state_of(assignment, ona) == assignments.Status(
        State.IN_PROGRESS, "1/2", detail_words="1 of 2 hands finished"
    )


def test_won_hands_are_the_learners_own_wins() -> None:
    from game.practice.services import hands_played

    ona = factories.learner("Ona")
    wins = 0
    for seed in range(6):
        state = factories.play_hand_out(factories.table("gin", 2, owner=ona, seed=100 + seed))
        winners = state.hand.result.settlement.winners  # type: ignore[union-attr]
        wins += any(state.board.seats[w] == 0 for w in winners)
    assert 0 < wins < 6  # the seeds give both
    counted = hands_played(learners=[ona])[(ona.pk, "gin")]
    assert (counted.finished, counted.won) == (6, wins)


def test_an_assignment_not_done_by_its_due_date_is_late(classroom) -> None:  # type: ignore[no-untyped-def]
    assignment = services.assignment_add(
        classroom=classroom, what="drill:gin:deadwood", due=TODAY - datetime.timedelta(days=1)
    )
    assert state_of(assignment, factories.learner("Ona")).state is State.LATE
    Assignment.objects.filter(pk=assignment.pk).update(due=TODAY)
    assignment.refresh_from_db()
    assert state_of(assignment, factories.learner("Jonas")).state is State.NOT_STARTED


def test_the_teacher_sets_an_assignment_and_the_pupil_sees_it_first(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    teacher = Client()
    teacher.force_login(classroom.teacher)
    base = f"/lt/classroom/{classroom.public_id}/"
    response = teacher.post(
        base + "assignments/", {"what": "lesson:gin:melds", "count": "3", "due": ""}
    )
    assert response.status_code == 303
    pupil = Client()
    pupil.get("/lt/join/")
    pupil.post("/lt/join/send/", {"code": classroom.join_code, "name": "Ona"})
    page = pupil.get("/lt/classroom/").content.decode()
    assert "Deriniai" in page and "/lt/lessons/gin/melds/" in page
    assert page.index("Deriniai") < page.index('id="join-class"')
    grid = teacher.get(base).content.decode()
    assert "progress-grid" in grid and "Ona" in grid
    # Bad forms change nothing; another teacher cannot set or remove.
    assert (
        teacher.post(base + "assignments/", {"what": "lesson:gin:nope", "count": "1"}).status_code
        == 400
    )
    assert (
        teacher.post(base + "assignments/", {"what": "hands:gin:", "count": "99"}).status_code
        == 400
    )
    assert (
        teacher.post(
            base + "assignments/", {"what": "hands:gin:", "count": "2", "due": "soon"}
        ).status_code
        == 400
    )
    other = Client()
    other.force_login(User.objects.create_user("other"))
    assert (
        other.post(base + "assignments/", {"what": "hands:gin:", "count": "2"}).status_code == 404
    )
    assignment = Assignment.objects.get()
    assert other.post(base + f"assignments/{assignment.pk}/remove/").status_code == 404
    assert Assignment.objects.count() == 1
    assert (
        teacher.post(base + f"assignments/{assignment.pk}/remove/", {"confirm": "1"}).status_code
        == 303
    )
    assert not Assignment.objects.exists()


def test_removing_an_assignment_asks_first_at_its_line(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """ "Remove" sat right after each assignment's line and removed it at once."""
    teacher = Client()
    teacher.force_login(classroom.teacher)
    services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    hands = services.assignment_add(classroom=classroom, what="hands:gin:", count=3)
    base = f"/en/classroom/{classroom.public_id}/"
    remove = base + f"assignments/{hands.pk}/remove/"
    page = teacher.get(base).content.decode()
    assert f'action="{remove}#remove-{hands.pk}-cancel"' in page and 'name="confirm"' not in page
    assert teacher.get(remove).status_code == 405  # never a GET
    asked = teacher.post(remove)
    assert asked.status_code == 200 and Assignment.objects.count() == 2
    html = asked.content.decode()
    box = html.split(f'id="remove-{hands.pk}"')[1].split("</div>")[0]
    assert "Remove “" in box and "work stays theirs" in box and "from then on" in box
    assert f'action="{remove}"' in box and 'name="confirm" value="1"' in box
    assert f'href="{base}#assignments-title"' in box  # no, go back
    # The focus on the safe choice, as "End this table for good?" has it (the Russian
    # teacher's walk: it was on "Remove"): the page opens at "No, go back".
    focused = re.findall(r"<[^>]*\bautofocus\b[^>]*>", html)
    cancel = f'id="remove-{hands.pk}-cancel" href="{base}#assignments-title" autofocus>'
    assert focused == [f'<a class="button" {cancel}']
    assert 'hx-trigger="every' not in html  # no poll takes the question away
    assert html.count('name="confirm"') == 1  # the other line keeps its plain "Remove"
    assert teacher.post(remove, {"confirm": "1"}).status_code == 303
    assert list(Assignment.objects.values_list("kind", flat=True)) == ["lesson"]


def test_the_class_grid_costs_a_few_queries_whatever_the_class_size(
    classroom, lesson, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    for what in ("lesson:gin:melds", "guided:gin:gin-01-first-knock", "drill:gin:deadwood"):
        services.assignment_add(classroom=classroom, what=what)
    learners = [factories.learner(f"P{n}") for n in range(30)]
    items = services.assignments_of(classroom=classroom)
    with django_assert_max_num_queries(8):
        statuses = assignments.progress(items, learners, today=timezone.localdate())
    assert len(statuses) == 90


def test_a_refused_form_comes_back_at_itself_with_its_field_focused(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """The class page is long: a refused assignment (or name) shows where the form is,
    its first field in error focused, not at the top with the error 2,000 px below; a
    form that went through comes back at the top, where its notice is."""
    teacher = Client()
    teacher.force_login(classroom.teacher)
    base = f"/en/classroom/{classroom.public_id}/"
    page = teacher.get(base).content.decode()
    assert f'action="{base}assignments/#set-assignment"' in page
    assert f'action="{base}edit/#class-settings"' in page
    refused = teacher.post(base + "assignments/", {"what": "", "count": "1", "due": ""})
    assert refused.status_code == 400
    html = refused.content.decode()
    field = html[html.index('name="what"') - 200 : html.index('name="what"') + 200]
    assert "autofocus" in field and "This field is required." in html
    # The fragment names the field in error (a browser skips autofocus at a fragment,
    # but focuses the element it names), and its label follows it.
    assert re.search(r'<select name="what"[^>]*id="set-assignment"', html)
    assert 'for="set-assignment"' in html and html.count('id="set-assignment"') == 1
    named = teacher.post(base + "edit/", {"name": "", "language": "lt"})
    assert named.status_code == 400 and 'name="name"' in named.content.decode()
    tag = named.content.decode().split('name="name"')[0].rsplit("<", 1)[1]
    assert "autofocus" in tag + named.content.decode().split('name="name"')[1].split(">")[0]
    assert re.search(r'<input[^>]*name="name"[^>]*id="class-settings"', named.content.decode())
    done = teacher.post(base + "assignments/", {"what": "hands:gin:", "count": "2", "due": ""})
    assert done.status_code == 303 and done["Location"] == base + "#main"


def test_an_assignment_is_named_in_the_pages_language_with_its_game(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """A Lithuanian class seen on an English page: the lesson's English title (its link
    opens the English lesson), and the game, as two games have lessons and guided hands
    of the same name; the select offers the English titles too."""
    Lesson.objects.create(
        language="en", game="gin", slug="melds", order=1, title="Melds", summary="", body=""
    )
    for what in (
        "lesson:gin:melds",
        "guided:gin:gin-03-aces-low",
        "guided:basic:basic-06-aces-low",
    ):
        services.assignment_add(classroom=classroom, what=what, count=1, due=None)
    teacher = Client()
    teacher.force_login(classroom.teacher)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "Lesson: Melds (Gin Rummy)" in page and "Lesson: Deriniai" not in page
    assert "Guided hand: Aces are low (Gin Rummy)" in page
    assert "Guided hand: Aces are low (Basic Rummy)" in page
    assert ">Lesson: Melds</option>" in page
    lithuanian = teacher.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert "Pamoka: Deriniai (Gin Rummy)" in lithuanian


def test_a_due_date_already_past_is_refused_beside_its_field(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """The Italian teacher's walk: a due date of three days ago was set ("The assignment
    is set"), and every pupil showed "late" from the first second. It is refused beside
    the date, naming today as the page writes dates; today and later are set."""
    teacher = Client()
    teacher.force_login(classroom.teacher)
    base = f"/en/classroom/{classroom.public_id}/"
    today = timezone.localdate()
    page = teacher.get(base).content.decode()
    assert f'min="{today.isoformat()}"' in page
    past = (today - datetime.timedelta(days=3)).isoformat()
    refused = teacher.post(base + "assignments/", {"what": "hands:gin:", "count": "2", "due": past})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert "The due date has passed: today is " in html
    assert date_format(today, "SHORT_DATE_FORMAT") in html
    assert not classroom.assignments.exists()
    for count, due in [(2, today), (3, today + datetime.timedelta(days=1))]:
        data = {"what": "hands:gin:", "count": str(count), "due": due.isoformat()}
        assert teacher.post(base + "assignments/", data).status_code == 303
    assert classroom.assignments.count() == 2


def test_a_number_of_hands_out_of_range_is_refused_in_the_sites_words(classroom) -> None:  # type: ignore[no-untyped-def]
    """The teacher's walk with a class of 31: 0 or 500 hands were refused with Django's
    "Ensure this value is greater than or equal to 1."."""
    teacher = Client()
    teacher.force_login(classroom.teacher)
    base = f"/en/classroom/{classroom.public_id}/assignments/"
    for count in ("0", "500", "-3", "three"):
        refused = teacher.post(base, {"what": "hands:gin:", "count": count})
        html = refused.content.decode()
        assert refused.status_code == 400
        assert "Ask for 1 to 20 hands." in html, count
        assert "Ensure this value" not in html and "Enter a whole number" not in html
    assert not Assignment.objects.exists()


def test_a_pupil_is_told_what_is_left_of_a_lesson_begun(classroom) -> None:  # type: ignore[no-untyped-def]
    """The teacher's walk with a class of 31: a pupil who answered every question of
    "Melds" right once saw "in progress 6/7" and could not tell what was missing (the
    question dealt at random needs two right first answers in a row). Her classroom
    page says what is left, and how."""
    Lesson.objects.create(
        language="lt",
        game="gin",
        slug="melds",
        order=1,
        title="Deriniai",
        summary="",
        body="",
        checks=["meld 7H 8H 9S 7S 7D", "meld random"],
    )
    assignment = services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    pupil = Client()
    pupil.get("/en/join/")
    pupil.post("/en/join/send/", {"code": classroom.join_code, "name": "Ona"})
    ona = classroom.pupils.get().learner
    LessonRead.objects.create(learner=ona, game="gin", slug="melds")
    with translation.override("en"):
        assert state_of(assignment, ona).todo == (
            "2 questions to master: answer them in the lesson."
        )
    for index in (0, 1):
        FirstAnswer.objects.create(
            learner=ona, game="gin", slug="melds", index=index, seed=index, correct=True
        )
    page = pupil.get("/en/classroom/").content.decode()
    assert "1 of 2 questions mastered" in page
    # The one answered waits in the lesson as a fresh question: nothing to press first.
    assert "1 question to master: answer it in the lesson." in page
    FirstAnswer.objects.create(learner=ona, game="gin", slug="melds", index=1, seed=7, correct=True)
    assert state_of(assignment, ona).todo == ""  # done: nothing left to say
    assert "to master" not in pupil.get("/en/classroom/").content.decode()


def test_what_a_states_count_counts_is_said_in_words(classroom, lesson) -> None:  # type: ignore[no-untyped-def]
    """The Russian teacher's walk: «не начато 0/3» (the pupil's list and the teacher's
    grid) never said what 0/3 counts. The pupil's list says it in words; the grid keeps
    "0/3" for the eye and says it in words to a screen reader (and in its title)."""
    services.assignment_add(classroom=classroom, what="hands:gin:", count=3)
    services.assignment_add(classroom=classroom, what="wins:gin:", count=1)
    pupil = Client()
    pupil.get("/en/join/")
    joined = pupil.post("/en/join/send/", {"code": classroom.join_code, "name": "Ona"})
    assert joined.status_code == 303
    mine = pupil.get("/en/classroom/").content.decode()
    assert "0 of 3 hands finished" in mine and "0 of 1 hand won" in mine
    teacher = Client()
    teacher.force_login(classroom.teacher)
    grid = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    cell = re.search(r'<td class="state state--not-started">(.*?)</td>', grid, re.S)
    assert cell is not None
    assert '<span class="visually-hidden">, 0 of 3 hands finished</span>' in cell[1]
    assert re.search(r'aria-hidden="true"[^>]*>0/3</span>', cell[1])
