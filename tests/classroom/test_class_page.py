"""The class page in a lesson (the lesson-time walk, a class of thirty at 1366 x 768: 5,600
px, "Who may need help now" 3,400 px down under the join code, the seating form and the
pupils' list): who may need help first, then the live part, the parts a teacher uses now
and then folded (open when the page comes back to one of them), and the poll's redraw in
a few queries whatever the number of lessons and practice hands set."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from classroom import dashboard, services
from classroom.models import Classroom, Pupil
from lessons.models import Lesson
from rummy_site import codes
from tests import factories
from tests.classroom.test_dashboard import refuse_a_discard_before_drawing

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
#: The now-and-then parts, in the page's order: each heading in view, its body folded.
FOLDED = ["seat", "set-assignment", "pupils", "join", "downloads", "settings"]


def teacher() -> User:
    return User.objects.create_user("mokytoja", password="Kortos-2026!x")


def a_class_at_work(user: User, pupils: int = 30, language: str = "lt") -> Classroom:
    """A class of ``pupils`` seated at tables, an assignment set, Ona stuck."""
    classroom = services.class_create(teacher=user, name="5b", language=language)
    learners = []
    for number in range(pupils):
        name = "Ona" if number == 0 else f"Mokinys {number:02}"
        learner = factories.learner(name)
        services.class_join(learner=learner, code=classroom.join_code, name=name)
        learners.append(learner)
    services.assignment_add(classroom=classroom, what="drill:gin:deadwood")
    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(learners[0])
    services.class_seat(classroom=classroom, game="gin", players=2)
    return classroom


def h2s(html: str) -> list[str]:
    return re.findall(r'<h2 id="([\w-]+)-title"', html)


def fold_of(html: str, part: str) -> str:
    """The ``<details class="class-fold" ...>`` tag of a part's section."""
    section = html.split(f'<section aria-labelledby="{part}-title"', 1)[1].split("</section>")[0]
    found = re.search(r'<details class="class-fold"[^>]*>', section)
    assert found is not None, part
    return found.group(0)


def test_who_may_need_help_comes_first_and_the_now_and_then_parts_are_folded() -> None:
    """The order of a lesson: who may need help, the assignments and the grid, the
    tables, the mistakes, the live exercise; then, each under its heading and folded,
    the seating, setting an assignment, the pupils' list, joining, the downloads and the
    name. "On this page" links to each in that order. Nothing is gone: every form and
    link is still on the page (without JavaScript, a summary opens its part)."""
    user = teacher()
    classroom = a_class_at_work(user)
    client = Client()
    client.force_login(user)
    html = client.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert h2s(html) == [
        "stuck",
        "assignments",
        "tables",
        "mistakes",
        "live",
        "seat",
        "set-assignment",
        "pupils",
        "join",
        "downloads",
        "settings",
    ]
    for part in FOLDED:
        tag = fold_of(html, part)
        assert " open" not in tag, (part, tag)
    # The pupils' list, the join code and every form, in their folds.
    pupils = html.split('<section aria-labelledby="pupils-title"', 1)[1].split("</section>")[0]
    assert pupils.index('<details class="class-fold"') < pupils.index('<table class="pupils">')
    assert pupils.count("<tr id=") == 30
    join = html.split('<section aria-labelledby="join-title"', 1)[1].split("</section>")[0]
    assert join.index("<summary>") < join.index('class="code code--big"')
    base = f"/lt/classroom/{classroom.public_id}/"
    for action in ("tables/", "assignments/", "edit/", "joining/", "code/", "archive/"):
        assert f'action="{base}{action}' in html, action
    downloads = html.split('<section aria-labelledby="downloads-title"', 1)[1].split("</section>")[
        0
    ]
    assert (
        f'formaction="{base}grid.csv"' in downloads and f'action="{base}mistakes.csv"' in downloads
    )
    jump = html.split('id="class-jump"', 1)[1].split("</nav>")[0]
    links = re.findall(r'<a href="#([\w-]+)-title" id="to-[\w-]+">', jump)
    assert links == [
        "stuck",
        "assignments",
        "tables",
        "mistakes",
        "live",
        "set-assignment",
        "pupils",
        "join",
    ]
    # The live part still holds what it held, and only that.
    live = html.split('<div id="class-progress"', 1)[1].split('aria-labelledby="live-title"')[0]
    assert h2s(live) == ["stuck", "assignments", "tables", "mistakes"]
    assert "<details" not in live.split('<ul class="class-stuck__list">')[0]


def test_a_class_nobody_has_joined_shows_how_to_join_first_unfolded() -> None:
    """A new class: the code is what the teacher needs first. "How pupils join" is at the
    top, open (no fold), and setting an assignment is open while the class has none."""
    user = teacher()
    classroom = services.class_create(teacher=user, name="5b", language="en")
    client = Client()
    client.force_login(user)
    html = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert h2s(html)[0] == "join"
    join = html.split('<section aria-labelledby="join-title"', 1)[1].split("</section>")[0]
    assert '<details class="class-fold"' not in join and 'class="code code--big"' in join
    assert " open" in fold_of(html, "set-assignment")
    assert 'id="to-join"' not in html  # it is right there


@pytest.mark.parametrize(
    ("post", "data", "part"),
    [
        ("tables/", {"game": "gin", "players": "9"}, "seat"),
        ("assignments/", {"what": "", "count": "1", "due": ""}, "set-assignment"),
        ("edit/", {"name": "", "language": "lt"}, "settings"),
        ("joining/", {"open": "x"}, "join"),
    ],
)
def test_a_refused_form_comes_back_with_its_part_open(
    post: str, data: dict[str, str], part: str
) -> None:
    """A refused form comes back open at itself, with what was typed and its error;
    the other parts stay folded."""
    user = teacher()
    classroom = a_class_at_work(user, pupils=3)
    client = Client()
    client.force_login(user)
    response = client.post(f"/lt/classroom/{classroom.public_id}/{post}", data)
    assert response.status_code in (400, 409), response.status_code
    html = response.content.decode()
    for other in FOLDED:
        assert (" open" in fold_of(html, other)) == (other == part), other


def test_the_pupils_list_opens_where_the_page_comes_back_to_a_row() -> None:
    """After a rename (its notice in the row), a new code's or a removal's question, the
    list is open at that row; opened afresh, it is folded again (nothing is kept)."""
    user = teacher()
    classroom = a_class_at_work(user, pupils=3)
    ona = Pupil.objects.get(classroom=classroom, name="Ona")
    client = Client()
    client.force_login(user)
    base = f"/lt/classroom/{classroom.public_id}/"
    renamed = client.post(base + f"pupils/{ona.pk}/name/", {"name": "Ona B."}, follow=True)
    assert " open" in fold_of(renamed.content.decode(), "pupils")
    for what in ("code/", "remove/"):
        asked = client.post(base + f"pupils/{ona.pk}/{what}").content.decode()
        assert " open" in fold_of(asked, "pupils"), what
    assert " open" not in fold_of(client.get(base).content.decode(), "pupils")


def test_the_polls_redraw_reads_each_thing_once(
    django_assert_max_num_queries, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """The redraw read each lesson assignment's title in a query of its own, the class's
    language again, the lessons' titles for the mistakes and again for who may need
    help, and every practice table once per practice assignment (replaying each). Now
    once each: the same number of queries for one lesson and practice target as for
    four, and each table replayed once."""
    from game.practice import services as practice

    for slug in ("melds", "runs", "knocking", "scoring"):
        Lesson.objects.create(
            language="lt", game="gin", slug=slug, order=1, title=slug.title(), summary="",
            body="", kind=Lesson.Kind.LESSON,
        )  # fmt: skip
    user = teacher()
    classroom = a_class_at_work(user, pupils=4)
    ona = Pupil.objects.get(classroom=classroom, name="Ona").learner
    client = Client()
    client.force_login(user)
    poll = f"/lt/classroom/{classroom.public_id}/progress/?stamp=old"
    services.assignment_add(classroom=classroom, what="lesson:gin:melds")
    services.assignment_add(classroom=classroom, what="hands:gin:", count=2)
    factories.play_hand_out(factories.table("gin", 2, owner=ona, seed=5))
    # 28: the session, the user, the class and its stamp, its pupils, and the live part
    # (with the live exercise running now, if one is: its line at the part's top).
    with django_assert_max_num_queries(28) as few:
        one = client.get(poll, **HTMX)
    assert one.status_code == 200
    for slug in ("runs", "knocking", "scoring"):
        services.assignment_add(classroom=classroom, what=f"lesson:gin:{slug}")
    for what in ("wins:gin:", "hands:knock:", "hands:basic:"):
        services.assignment_add(classroom=classroom, what=what, count=2)
    replayed = []
    real = practice.table_state
    monkeypatch.setattr(
        practice, "table_state", lambda table: replayed.append(table.pk) or real(table=table)
    )
    with django_assert_max_num_queries(len(few.captured_queries)):
        many = client.get(poll, **HTMX)
    html = many.content.decode()
    for title in ("Melds", "Runs", "Knocking", "Scoring"):
        assert f"Pamoka: {title} (Gin Rummy)" in html
    assert len(replayed) == len(set(replayed))
    # Each practice target counts the tables started after it was set: the first, Ona's
    # table; the three set since, none.
    row = html.split('<th scope="row">Ona</th>', 1)[1].split("</tr>", 1)[0]
    practice_cells = re.findall(r'<span class="state__detail"[^>]*>(\d/2)</span>', row)
    assert practice_cells == ["1/2", "0/2", "0/2", "0/2"], row


@pytest.mark.parametrize(
    ("post", "data", "said"),
    [
        ("code/", {}, "The class has a new code."),
        ("joining/", {"open": "0"}, "Joining is closed: nobody new can join the class."),
        ("codes-again/", {}, "Pupils on this network can type codes again."),
    ],
)
def test_the_join_part_opens_where_its_own_forms_come_back(
    post: str, data: dict[str, str], said: str
) -> None:
    """ "Make a new code", "Close joining" and "Let this network try codes again" are in
    the join part, folded near the page's end: the page came back at its top with "The
    class has a new code." and the new code out of sight, in the closed fold 3,000 px
    below. It comes back at the join part, open, the notice said there, the new code
    under it; opened afresh, the part is folded again (nothing is kept)."""
    user = teacher()
    classroom = a_class_at_work(user, pupils=3, language="en")
    client = Client()
    client.force_login(user)
    base = f"/en/classroom/{classroom.public_id}/"
    response = client.post(base + post, data)
    assert response.status_code in (302, 303), response.status_code
    address = response["Location"]
    assert address.startswith(base) and "#" in address, address
    page = client.get(address).content.decode()
    tag = fold_of(page, "join")
    assert " open" in tag, tag
    join = page.split('<section aria-labelledby="join-title"', 1)[1].split("</section>")[0]
    assert f'id="{address.split("#", 1)[1]}"' in join, address  # the fragment is in it
    assert said in join, join
    assert said not in page.split('<section aria-labelledby="join-title"', 1)[0]  # once
    classroom.refresh_from_db()
    if post == "code/":
        assert codes.grouped(classroom.join_code) in join  # the new code, in sight
    assert " open" not in fold_of(client.get(base).content.decode(), "join")


def test_a_join_forms_notice_is_said_on_an_archived_classs_page_too() -> None:
    """An archived class's page has no "How pupils join" (a stale tab may still send its
    forms): "Make a new code" sent there comes back with its notice at the page's top,
    not in a part the page does not draw (it was lost)."""
    user = teacher()
    classroom = a_class_at_work(user, pupils=3, language="en")
    services.class_set_archived(classroom=classroom, archived=True)
    client = Client()
    client.force_login(user)
    response = client.post(f"/en/classroom/{classroom.public_id}/code/", follow=True)
    page = response.content.decode()
    assert 'aria-labelledby="join-title"' not in page
    assert "The class has a new code." in page, page


@pytest.mark.parametrize(
    ("tables", "word"), [(1, "stalo"), (2, "stalų"), (10, "stalų"), (21, "stalo")]
)
def test_the_lithuanian_end_of_the_tables_says_at_how_many_tables(tables: int, word: str) -> None:
    """h6's proofreading: «Žaidimas dar vyksta: 2 stalai. Baigti jį visam laikui?» (the
    game is still on: 2 tables; end it?) and «Žaidimas baigtas: 2 stalai.» said the
    number as a list's heading, «jį» (it) the game; the question and what follows it now
    say «prie 2 stalų» (at 2 tables), as a teacher says it, in the genitive that «prie»
    takes (1 and 21 stalo, 2 and 10 stalų), the play impersonal and no pronoun after."""
    from django.utils import translation
    from django.utils.translation import ngettext

    with translation.override("lt"):
        asked = ngettext(
            "End the %(tables)s table being played for good?",
            "End the %(tables)s tables being played for good?",
            tables,
        ) % {"tables": tables}
        ended = ngettext(
            "%(count)d table has ended: nobody can make a move there any more. Its "
            "finished hands stay to review.",
            "%(count)d tables have ended: nobody can make a move there any more. Their "
            "finished hands stay to review.",
            tables,
        ) % {"count": tables}
    assert asked == f"Prie {tables} {word} dar žaidžiama. Baigti žaidimą visam laikui?"
    assert ended.startswith(f"Žaidimas baigtas prie {tables} {word}: ")


def test_the_lithuanian_class_page_quotes_the_running_live_exercises_title() -> None:
    """h6's walk: «Dabar vyksta: Kaladė ar išmestų kortų krūva?, žingsnis 1 iš 7.» (a
    question mark, then a comma): the title, a question, is quoted now."""
    from classroom import live

    client = Client()
    user = teacher()
    client.force_login(user)
    classroom = services.class_create(teacher=user, name="3A", language="lt")
    live.start(classroom=classroom, slug="basic-02-stock-or-discard")
    page = client.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert "Dabar vyksta „Kaladė ar išmestų kortų krūva?“: žingsnis 1 iš 7." in page
