"""Pupils' mistakes recorded where they happen, the class's common mistakes in words,
the dashboard's poll (204 in a few queries while nothing changed) and the CSV exports."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from classroom import dashboard, mistakes, services
from classroom.mistakes import TOPIC_LESSONS
from classroom.models import Mistake, Pupil
from game.engine import Discard
from game.guided.models import GuidedAttempt
from game.practice import services as practice
from game.practice.models import Table
from learners.models import Learner
from lessons.models import Lesson
from rummy_site import ratelimit
from tests import factories

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
CONTENT = Path(__file__).resolve().parents[2] / "lessons" / "content"


@pytest.fixture(autouse=True)
def _limits_on_and_a_still_clock(monkeypatch: pytest.MonkeyPatch, settings) -> None:  # type: ignore[no-untyped-def]
    # The suite turns rate limits off (rummy_site.settings.test); these tests count.
    settings.RATE_LIMIT_ENABLED = True
    settings.POST_RATE_PER_VISITOR = "100000/m"
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_000.0)


@pytest.fixture
def teacher() -> User:
    return User.objects.create_user("ms-jones", password="Kortos-2026!x")


def pupil_in(classroom, name: str) -> Learner:  # type: ignore[no-untyped-def]
    learner = factories.learner(name)
    services.class_join(learner=learner, code=classroom.join_code, name=name)
    return learner


def refuse_a_discard_before_drawing(learner: Learner) -> None:
    table = factories.table("gin", 2, owner=learner, seed=7)
    state = practice.table_state(table=table)
    if state.bots_to_move:
        state = practice.table_bot_step(table=table, version=table.version, all_steps=True)
    card = state.hand.cards(state.me)[0]
    with pytest.raises(practice.MoveRefused):
        practice.table_move(table=table, version=table.version, move=Discard(card), confirmed=True)


def test_every_mistake_topic_has_words_for_the_teacher() -> None:
    from classroom.mistakes import COACH_DEADWOOD, TOPIC_WORDS
    from game.guided.services import MistakeTopic

    assert set(TOPIC_WORDS) == {*MistakeTopic, COACH_DEADWOOD}
    assert set(TOPIC_LESSONS) == set(TOPIC_WORDS)


def test_every_topic_links_to_a_lesson_that_exists_in_every_language() -> None:
    for topic, lessons in TOPIC_LESSONS.items():
        for game, slug in lessons.items():
            for language in ("en", "lt", "ru", "it"):
                found = list((CONTENT / language / game).glob(f"[0-9][0-9]-{slug}.md"))
                assert found, (topic, game, slug, language)


def test_a_pupils_refused_move_is_recorded_with_its_reason_and_a_strangers_is_not(
    teacher: User,
) -> None:
    classroom = services.class_create(teacher=teacher, name="5B", language="lt")
    ona = pupil_in(classroom, "Ona")
    refuse_a_discard_before_drawing(ona)
    refuse_a_discard_before_drawing(factories.learner("Stranger"))
    mistake = Mistake.objects.get()
    assert (mistake.learner, mistake.source, mistake.game) == (ona, "table", "gin")
    assert mistake.code.startswith("MoveError:") and mistake.topic == "forgot_to_draw"
    assert mistake.where == ona.tables.get().public_id


def test_a_refusal_that_is_no_mistake_of_the_rules_is_not_recorded(teacher: User) -> None:
    from game.engine import DrawStock

    classroom = services.class_create(teacher=teacher, name="5B", language="lt")
    ona = pupil_in(classroom, "Ona")
    table = factories.table("gin", 2, owner=ona, seed=7)
    state = practice.table_state(table=table)
    if not state.bots_to_move:
        state = practice.table_move(
            table=table, version=table.version, move=DrawStock(), confirmed=True
        )
        card = state.hand.cards(state.me)[0]
        practice.table_move(table=table, version=table.version, move=Discard(card), confirmed=True)
    # Now the computer is to move: a move of hers is "not your turn" (a stale tab).
    with pytest.raises(practice.MoveRefused):
        practice.table_move(table=table, version=table.version, move=DrawStock(), confirmed=True)
    assert not Mistake.objects.exists()


def test_a_wrong_guided_move_and_a_wrong_lesson_answer_are_recorded(teacher: User) -> None:
    from game.guided import services as guided

    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = pupil_in(classroom, "Ona")
    hand = factories.scenario("gin-01-first-knock")
    step, wrong, _words = factories.a_wrong_move(hand)
    state, _line = factories.attempt_with(ona, hand.slug, step)
    guided.attempt_move(learner=ona, scenario=hand, version=state.version, move=wrong)
    lesson = Lesson.objects.create(
        language="en", game="gin", slug="melds-groups-and-runs", order=2, title="Melds",
        summary="", body="", checks=["meld 7H 8H 9S 7S 7D"],
    )  # fmt: skip
    from lessons import services as lessons

    lessons.check_answer(
        learner=ona, lesson=lesson, index=0, seed=1, answer={"answer": "none", "cards": []}
    )
    sources = sorted(Mistake.objects.values_list("source", "where"))
    assert sources == [("guided", hand.slug), ("lesson", "melds-groups-and-runs#0")]


def test_common_mistakes_are_grouped_in_words_with_the_lesson_and_who(teacher: User) -> None:
    Lesson.objects.create(
        language="lt", game="gin", slug="a-turn", order=3, title="Ėjimas", summary="", body=""
    )
    classroom = services.class_create(teacher=teacher, name="5B", language="lt")
    ona, jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    for learner in (ona, ona, jonas):
        refuse_a_discard_before_drawing(learner)
    pupils = services.pupils_of(classroom=classroom)
    from django.utils import translation

    with translation.override("lt"):
        groups = dashboard.common_mistakes(classroom, pupils)
    assert len(groups) == 1
    group = groups[0]
    assert (group.times, group.names) == (3, ["Jonas", "Ona"])
    assert group.lesson_url == "/lt/lessons/gin/a-turn/" and group.lesson_title == "Ėjimas"
    assert group.example and "forgot" not in group.words  # in Lithuanian
    # A mistake made before joining the class is not the class's.
    late = factories.learner("Late")
    refuse_a_discard_before_drawing(late)  # not in a class: not even recorded
    assert Mistake.objects.filter(learner=late).count() == 0


def test_who_made_a_mistake_is_in_the_order_of_the_class_list(teacher: User) -> None:
    """The class-of-thirty walk in Lithuanian: "Who" read "Augustas, … Žemyna" with
    Ąžuolas and Šarūnas after every other name (sorted by code point), where the pupils'
    list has Ąžuolas after Austėja and Šarūnas after Saulius."""
    from django.utils import translation

    from game.engine import Card, Game, IllegalMove, make_meld
    from game.practice.signals import move_refused

    classroom = services.class_create(teacher=teacher, name="5B", language="lt")
    names = ["Žemyna", "Zita", "Šarūnas", "Saulius", "Ąžuolas", "Austėja", "Benas"]
    with pytest.raises(IllegalMove) as refused:
        make_meld([Card.parse(c) for c in ("3C", "4C", "5H")])
    for name in names:
        move_refused.send(
            sender=Table, learner=pupil_in(classroom, name), game=Game.GIN,
            error=refused.value, table="t1",
        )  # fmt: skip
    with translation.override("lt"):
        pupils = services.pupils_of(classroom=classroom)
        [group] = dashboard.common_mistakes(classroom, pupils)
        assert group.names == [p.name for p in pupils]
        assert group.names == [
            "Austėja",
            "Ąžuolas",
            "Benas",
            "Saulius",
            "Šarūnas",
            "Zita",
            "Žemyna",
        ]


def test_a_group_shows_an_example_when_any_of_its_mistakes_has_one(
    teacher: User, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    """The browser walk: "Basic Rummy: a run that is not one", made at a practice table
    (an example) and then in a guided hand (none), showed no example: it was read from
    the group's latest mistake only. Now from the latest that has one, in as many
    queries as before."""
    from game.engine import Card, Game, IllegalMove, make_meld
    from game.guided.services import refusal_topic
    from game.practice.signals import move_refused

    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    with pytest.raises(IllegalMove) as refused:
        make_meld([Card.parse(c) for c in ("3C", "4C", "5H")])
    for _time in range(2):
        move_refused.send(
            sender=Table, learner=ona, game=Game.BASIC, error=refused.value, table="t1"
        )
    topic = refusal_topic(refused.value)
    mistakes.record(learner=jonas, source="guided", game="basic", topic=topic, where="basic-02")
    pupils = services.pupils_of(classroom=classroom)
    with django_assert_num_queries(3):  # counted, the lessons' titles, the examples
        groups = dashboard.common_mistakes(classroom, pupils)
    assert [(g.words, g.times, g.names) for g in groups] == [
        ("Basic Rummy: a run that is not one", 3, ["Jonas", "Ona"])
    ]
    assert groups[0].example == "3♣ 4♣ 5♥ is not a run: a run needs one suit."
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "For example: 3♣ 4♣ 5♥ is not a run" in factories.shown(page)
    # Its cards are named for screen readers on the page; the CSV keeps the plain text.
    names = "three of clubs, four of clubs, five of hearts"
    assert f'<span aria-hidden="true">3♣ 4♣ 5♥</span><span class="visually-hidden">{names}' in page
    export = client.get(f"/en/classroom/{classroom.public_id}/mistakes.csv").content.decode()
    assert "3♣ 4♣ 5♥ is not a run: a run needs one suit." in export
    assert "<" not in export and names not in export
    # A group with no mistake that has an example has none, and costs no query for it.
    Mistake.objects.filter(learner=ona).delete()
    with django_assert_num_queries(2):
        groups = dashboard.common_mistakes(classroom, pupils)
    assert groups[0].example == "" and groups[0].names == ["Jonas"]


def test_the_poll_answers_204_in_three_queries_while_nothing_changed(
    teacher: User, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # Another class and table first, so that no id of this class's rows matches another
    # row's by chance (a subquery joined on the wrong key would still pass).
    services.class_create(teacher=teacher, name="Other", language="en")
    factories.table("gin", 2, owner=factories.learner("Stranger"), seed=3)
    factories.table("gin", 2, owner=factories.learner("Stranger 2"), seed=3)
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = pupil_in(classroom, "Ona")
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    with django_assert_max_num_queries(3):
        assert client.get(poll, **HTMX).status_code == 204
    refuse_a_discard_before_drawing(ona)  # Ona does something
    response = client.get(poll, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="class-progress"') and "Ona" in html
    assert "<html" not in html
    newer = html.split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert newer != poll and client.get(newer, **HTMX).status_code == 204
    # Without htmx: the class page. Another teacher: not found.
    assert client.get(poll).status_code == 302
    other = Client()
    other.force_login(User.objects.create_user("other"))
    assert other.get(poll, **HTMX).status_code == 404


def test_the_dashboard_redraws_each_minute_for_the_times_it_shows(
    teacher: User, settings, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    # "3 minutes ago" and who has been on one step for minutes change with time alone.
    settings.CLASSROOM_REDRAW_SECONDS = 60
    now = [6_000_000.0]
    monkeypatch.setattr(dashboard, "clock", lambda: now[0])
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    pupil_in(classroom, "Ona")
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    now[0] += 59
    assert client.get(poll, **HTMX).status_code == 204
    now[0] += 1
    assert client.get(poll, **HTMX).status_code == 200


def test_the_csv_exports_are_the_grid_and_the_mistakes(teacher: User) -> None:
    classroom = services.class_create(teacher=teacher, name="5B rummy", language="en")
    ona = pupil_in(classroom, "Ona")
    services.assignment_add(classroom=classroom, what="drill:gin:deadwood")
    refuse_a_discard_before_drawing(ona)
    client = Client()
    client.force_login(teacher)
    base = f"/en/classroom/{classroom.public_id}/"
    grid = client.get(base + "grid.csv")
    assert grid["Content-Type"].startswith("text/csv")
    assert 'filename="5b-rummy-grid.csv"' in grid["Content-Disposition"]
    rows = grid.content.decode("utf-8-sig").splitlines()
    assert rows[0].startswith('Pupil,Last active (Europe/Vilnius),Last activity: what,"Drill:')
    assert rows[1].startswith("Ona,") and rows[1].endswith(",not started")
    mistakes = client.get(base + "mistakes.csv").content.decode("utf-8-sig").splitlines()
    assert len(mistakes) == 2 and ",Ona," in mistakes[1]
    other = Client()
    other.force_login(User.objects.create_user("other"))
    assert other.get(base + "grid.csv").status_code == 404
    assert other.get(base + "mistakes.csv").status_code == 404


def test_the_grid_csv_has_each_pupils_last_activity_in_the_teachers_zone(
    teacher: User, settings
) -> None:  # type: ignore[no-untyped-def]
    """The page's grid shows each pupil's last activity (when, and what); the grid CSV
    had no such column. Now it has both, the time in the zone chosen (named in the
    heading) as the other CSV times are written; a pupil who did nothing yet: empty."""
    import zoneinfo

    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = pupil_in(classroom, "Ona")
    pupil_in(classroom, "Jonas")
    refuse_a_discard_before_drawing(ona)
    client = Client()
    client.force_login(teacher)
    text = client.get(f"/en/classroom/{classroom.public_id}/grid.csv?tz=America/New_York")
    heading, *rows = csv.reader(io.StringIO(text.content.decode("utf-8-sig")))
    assert heading == ["Pupil", "Last active (America/New_York)", "Last activity: what"]
    pupils = services.pupils_of(classroom=classroom)
    seen = dashboard.activity(classroom, pupils, now=timezone.now())[ona.pk]
    with timezone.override(zoneinfo.ZoneInfo("America/New_York")):
        when = dashboard.csv_time(seen.when)
    assert seen.what and rows == [["Jonas", "", ""], ["Ona", when, seen.what]]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", when)


def test_the_mistakes_csv_writes_times_in_the_sites_time_zone(teacher: User, settings) -> None:  # type: ignore[no-untyped-def]
    """The export wrote UTC ("2026-12-03T20:32:05+00:00") beside pages that show local
    time ("2026-12-03 22:32"): now the site's time, as a spreadsheet reads it (the
    Italian teacher's walk: "2026-12-03T22:32:05+02:00", with its offset, stayed text
    in LibreOffice), the zone named in the column's heading."""
    from datetime import UTC, datetime

    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = pupil_in(classroom, "Ona")
    Pupil.objects.update(joined=datetime(2026, 12, 1, tzinfo=UTC))
    refuse_a_discard_before_drawing(ona)
    Mistake.objects.update(created=datetime(2026, 12, 3, 20, 32, 5, tzinfo=UTC))
    pupils = services.pupils_of(classroom=classroom)
    heading, row = csv.reader(io.StringIO(dashboard.mistakes_csv(classroom, pupils)))
    assert heading[:2] == ["When (Europe/Vilnius)", "Pupil"]
    assert row[:2] == ["2026-12-03 22:32", "Ona"]
    assert datetime.strptime(row[0], "%Y-%m-%d %H:%M") == datetime(2026, 12, 3, 22, 32)


def test_the_csv_files_are_named_in_the_pages_language(
    teacher: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Italian teacher's walk: "3a-b-grid.csv" and "3a-b-mistakes.csv" on the Italian
    site. The words are the page's language's (pgettext, here standing in for the
    catalogues); a name that is not ASCII goes as RFC 6266's filename*."""
    from urllib.parse import quote

    from django.utils import translation

    from classroom import views

    words = {
        "it": {"grid": "compiti", "mistakes": "errori", "class": "classe"},
        "ru": {"grid": "задания", "mistakes": "ошибки", "class": "класс"},
    }

    def in_the_pages_language(context: str, word: str) -> str:
        assert context == "a CSV file's name"
        return words.get(translation.get_language(), {}).get(word, word)

    monkeypatch.setattr(views, "pgettext", in_the_pages_language)
    client = Client()
    client.force_login(teacher)
    italian = services.class_create(teacher=teacher, name="3ª B", language="it")
    base = f"/it/classroom/{italian.public_id}/"
    assert client.get(base + "grid.csv")["Content-Disposition"] == (
        'attachment; filename="3a-b-compiti.csv"'
    )
    assert client.get(base + "mistakes.csv")["Content-Disposition"] == (
        'attachment; filename="3a-b-errori.csv"'
    )
    russian = services.class_create(teacher=teacher, name="5Б", language="ru")
    said = client.get(f"/ru/classroom/{russian.public_id}/mistakes.csv")["Content-Disposition"]
    assert said == "attachment; filename*=utf-8''" + quote("5б-ошибки.csv")
    # A name with nothing to keep in a file's name: the class, in the page's language.
    marks = services.class_create(teacher=teacher, name="!!!", language="it")
    said = client.get(f"/it/classroom/{marks.public_id}/grid.csv")["Content-Disposition"]
    assert said == 'attachment; filename="classe-compiti.csv"'


def test_the_csv_writes_times_in_the_teachers_time_zone(teacher: User, settings) -> None:  # type: ignore[no-untyped-def]
    """The Italian teacher's walk: the export's times were the server's (Vilnius's,
    +02:00) in Rome. The class page's form carries the zone chosen (``?tz=``; site.js
    chooses the browser's own); without it, or with a name no zone has, the one kept
    from the last download, else the site's. The heading names the zone written in, in
    the class's language."""
    from datetime import UTC, datetime

    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="3B", language="it")
    ona = pupil_in(classroom, "Ona")
    Pupil.objects.update(joined=datetime(2026, 12, 1, tzinfo=UTC))
    refuse_a_discard_before_drawing(ona)
    Mistake.objects.update(created=datetime(2026, 12, 3, 20, 32, 5, tzinfo=UTC))
    client = Client()
    client.force_login(teacher)
    url = f"/it/classroom/{classroom.public_id}/mistakes.csv"

    def first_time(query: str) -> tuple[str, str]:
        text = client.get(url + query).content.decode("utf-8-sig")
        heading, row = list(csv.reader(io.StringIO(text)))[:2]
        return heading[0], row[0]

    assert first_time("?tz=America/New_York") == (
        "Data e ora (America/New_York)",
        "2026-12-03 15:32",
    )
    del client.cookies["csv_time_zone"]
    for query in ("", "?tz="):
        assert first_time(query) == ("Data e ora (Europe/Vilnius)", "2026-12-03 22:32"), query
    # Chosen once, kept: the next download without a zone (a bookmark) is in it too.
    assert first_time("?tz=Europe/Rome") == ("Data e ora (Europe/Rome)", "2026-12-03 21:32")
    assert first_time("") == ("Data e ora (Europe/Rome)", "2026-12-03 21:32")


def test_a_zone_no_one_has_is_said_on_the_downloads_page_and_changes_nothing(
    teacher: User, settings
) -> None:  # type: ignore[no-untyped-def]
    """An unknown ``?tz=`` (an old link, a typing slip) fell back to another zone without
    a word. Now no file: the downloads' page says so (400), the name asked for in it,
    every zone offered again, the zone kept before kept."""
    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="3B", language="en")
    client = Client()
    client.force_login(teacher)
    base = f"/en/classroom/{classroom.public_id}/"
    client.get(base + "grid.csv?tz=Europe/Rome")
    for what in ("grid.csv", "mistakes.csv"):
        for bogus in ("Nowhere/Bogus", "../../etc/passwd", "A" * 200):
            response = client.get(f"{base}{what}?tz={bogus}")
            page = response.content.decode()
            assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
            assert "There is no time zone called" in page and bogus[:64] in page
            assert 'aria-invalid="true"' in page and 'value="Europe/Rome" selected' in page
            assert "csv_time_zone" not in response.cookies
    assert client.cookies["csv_time_zone"].value == "Europe/Rome"


def test_without_javascript_the_class_page_offers_the_csvs_time_zone(
    teacher: User, settings
) -> None:  # type: ignore[no-untyped-def]
    """Without JavaScript the downloads were links with the site's zone only (site.js
    added the browser's to them). Now a form: a zone to choose (the site's offered, for
    site.js to replace with the browser's own; once a file is downloaded, the zone it
    was in, kept) and a button for each file, which sends it."""
    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="3B", language="it")
    client = Client()
    client.force_login(teacher)
    base = f"/it/classroom/{classroom.public_id}/"

    def the_form() -> tuple[str, str]:
        page = client.get(base).content.decode()
        form = page.split('class="inline-form class-downloads', 1)[1].split("</form>", 1)[0]
        select = re.search(r"<select[^>]*>", form)
        chosen = re.findall(r'<option value="([^"]*)" selected>', form)
        assert select is not None and 'name="tz"' in select[0] and len(chosen) == 1, form
        assert f'formaction="{base}grid.csv"' in form and f'action="{base}mistakes.csv"' in page
        return chosen[0], select[0]

    zone, select = the_form()
    assert zone == "Europe/Vilnius" and "data-browser-zone" in select
    response = client.get(base + "grid.csv?tz=Europe/Rome")
    assert response.cookies["csv_time_zone"].value == "Europe/Rome"
    zone, select = the_form()
    assert zone == "Europe/Rome" and "data-browser-zone" not in select
    # A kept name no zone has (an old or altered cookie) is not offered.
    client.cookies["csv_time_zone"] = "Nowhere/Bogus"
    zone, select = the_form()
    assert zone == "Europe/Vilnius" and "data-browser-zone" in select


def test_the_class_page_offers_its_regions_zones_and_the_downloads_page_every_region(
    teacher: User, settings
) -> None:  # type: ignore[no-untyped-def]
    """The Russian teacher's walk: the class page's list of 600 zones (old names too:
    "US/Eastern", "Etc/GMT+3") was 20 KB of it, and as wide as its longest name. Now it
    offers the zones of the site's region (and of the one kept), by region, each named
    by its place; "Other time zones" leads to the downloads' own page, with every
    region's; a zone chosen there is offered on the class page with its region."""
    settings.TIME_ZONE = "Europe/Vilnius"
    classroom = services.class_create(teacher=teacher, name="3B", language="en")
    client = Client()
    client.force_login(teacher)
    base = f"/en/classroom/{classroom.public_id}/"

    def the_select(page: str) -> str:
        return page.split('<select id="csv-zone"', 1)[1].split("</select>", 1)[0]

    page = client.get(base).content.decode()
    select = the_select(page)
    assert re.findall(r'<optgroup label="([^"]*)">', select) == ["Europe"]
    assert '<option value="Europe/Vilnius" selected>Vilnius</option>' in select
    assert "America/" not in select and "US/" not in select and "Etc/" not in select
    assert len(select.encode()) < 4000
    assert f'href="{base}downloads/"' in page
    everything = client.get(base + "downloads/").content.decode()
    every = the_select(everything)
    regions = re.findall(r'<optgroup label="([^"]*)">', every)
    assert regions[:2] == ["Europe", "Asia"] and "America" in regions and len(regions) >= 8
    assert '<option value="America/Argentina/Buenos_Aires">Argentina/Buenos Aires</option>' in every
    assert "US/Eastern" not in every and f'href="{base}downloads/"' not in everything
    assert 'action="' + base + 'mistakes.csv"' in everything
    assert f'formaction="{base}grid.csv"' in everything
    client.get(base + "grid.csv?tz=Asia/Yekaterinburg")
    select = the_select(client.get(base).content.decode())
    assert re.findall(r'<optgroup label="([^"]*)">', select) == ["Europe", "Asia"]
    assert '<option value="Asia/Yekaterinburg" selected>Yekaterinburg</option>' in select
    # A zone of no region (UTC), kept: offered as it is.
    client.get(base + "grid.csv?tz=UTC")
    select = the_select(client.get(base).content.decode())
    assert select.count(" selected") == 1 and '<option value="UTC" selected>UTC</option>' in select
    other = Client()
    other.force_login(User.objects.create_user("other"))
    assert other.get(base + "downloads/").status_code == 404


def test_a_pupil_repeating_a_mistake_is_shown_as_stuck_with_their_last_activity(
    teacher: User,
) -> None:
    from django.utils import timezone

    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(ona)
    refuse_a_discard_before_drawing(jonas)
    pupils = services.pupils_of(classroom=classroom)
    now = timezone.now()
    stuck = dashboard.stuck_pupils(classroom, pupils, now=now)
    assert [(s.name, s.times) for s in stuck] == [("Ona", dashboard.STUCK_TIMES)]
    assert "a move before drawing" in stuck[0].words
    later = now + timezone.timedelta(minutes=dashboard.STUCK_MINUTES + 1)
    assert dashboard.stuck_pupils(classroom, pupils, now=later) == []
    active = dashboard.activity(classroom, pupils, now=timezone.now())
    assert set(active) == {ona.pk, jonas.pk} and active[ona.pk].when <= timezone.now()
    assert active[ona.pk].what == "Practice table: Gin Rummy"
    old = dashboard.activity(classroom, pupils, now=timezone.now() + dashboard.RECENT * 2)
    assert old[ona.pk].what == "" and old[ona.pk].when == active[ona.pk].when
    client = Client()
    client.force_login(teacher)
    services.assignment_add(classroom=classroom, what="drill:gin:deadwood")
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    live = page.split('id="class-progress"', 1)[1].split("Set an assignment", 1)[0]
    assert "Who may need help now" in live and "<time datetime=" in live, live
    assert '<ol class="assignment-list">' in live  # numbered, as the grid's columns


def test_who_may_need_help_names_each_pupil_once_latest_first(teacher: User) -> None:
    """The class-of-thirty walk: "Who may need help now" had a line per kind of mistake
    and pupil, 14 lines with the same names scattered ("Grace: Basic Rummy: a move
    before drawing (4 times)" ... "Grace: Basic Rummy: in a guided hand, another
    discard (3 times)"). Now one item per pupil, the one stuck most recently first, with
    their mistakes counted, latest first, the game named once."""
    from game.guided.services import MistakeTopic

    classroom = services.class_create(teacher=teacher, name="7C", language="en")
    grace, elijah = pupil_in(classroom, "Grace"), pupil_in(classroom, "Elijah")
    now = timezone.now()
    Pupil.objects.update(joined=now - timezone.timedelta(hours=1))

    def made(learner: Learner, topic: str, times: int, minutes_ago: int) -> None:
        for _ in range(times):
            mistake = Mistake.objects.create(
                learner=learner, source=Mistake.Source.TABLE, game="basic", topic=topic
            )
            created = now - timezone.timedelta(minutes=minutes_ago)
            Mistake.objects.filter(pk=mistake.pk).update(created=created)

    made(grace, MistakeTopic.FORGOT_TO_DRAW, 4, minutes_ago=2)
    made(grace, MistakeTopic.OTHER_DISCARD, 3, minutes_ago=6)
    made(elijah, MistakeTopic.FORGOT_TO_DRAW, 3, minutes_ago=4)
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    part = page.split('id="stuck-title"', 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", part, re.S)
    assert items == [
        "<strong>Grace</strong>: Basic Rummy: a move before drawing (4 times); "
        "in a guided hand, another discard (3 times)",
        "<strong>Elijah</strong>: Basic Rummy: a move before drawing (3 times)",
    ]
    pupils = services.pupils_of(classroom=classroom)
    grouped = dashboard.by_pupil(dashboard.stuck_pupils(classroom, pupils, now=now))
    assert [(p.name, [(i.words, i.times) for i in p.items]) for p in grouped] == [
        (
            "Grace",
            [
                ("Basic Rummy: a move before drawing", 4),
                ("in a guided hand, another discard", 3),
            ],
        ),
        ("Elijah", [("Basic Rummy: a move before drawing", 3)]),
    ]
    # The poll's redraw draws the same list.
    Mistake.objects.filter(learner=elijah).update(created=now)  # Elijah, just now
    poll = client.get(f"/en/classroom/{classroom.public_id}/progress/", **HTMX)
    part = poll.content.decode().split('id="stuck-title"', 1)[1].split("</section>", 1)[0]
    names = re.findall(r"<li><strong>(.*?)</strong>", part)
    assert names == ["Elijah", "Grace"]


def test_a_pupil_who_finished_the_guided_hand_since_is_not_stuck_on_it(teacher: User) -> None:
    """The Russian teacher's walk: Anya made the wrong-pile move in "Knock early", then
    finished it (★ in the grid), and "Who may need help now" still listed her for it.
    A guided hand's mistakes no longer count once the pupil has finished that hand
    after them; another hand's, or a hand not finished, still do."""
    from game.guided.models import GuidedResult
    from game.guided.services import MistakeTopic

    classroom = services.class_create(teacher=teacher, name="6A", language="en")
    anya, dima = pupil_in(classroom, "Anya"), pupil_in(classroom, "Dima")
    now = timezone.now()
    Pupil.objects.update(joined=now - timezone.timedelta(hours=1))
    hand, other = "knock-01-knock-early", "knock-02-everyone-pays"

    def made(learner: Learner, where: str, minutes_ago: int) -> None:
        for _ in range(dashboard.STUCK_TIMES):
            mistake = Mistake.objects.create(
                learner=learner,
                source=Mistake.Source.GUIDED,
                game="knock",
                topic=MistakeTopic.OTHER_PILE,
                params={"move": "draw stock", "step": 2},
                where=where,
            )
            created = now - timezone.timedelta(minutes=minutes_ago)
            Mistake.objects.filter(pk=mistake.pk).update(created=created)

    def finished(learner: Learner, where: str, minutes_ago: int) -> None:
        result = GuidedResult.objects.create(learner=learner, scenario=where, stars=3, hints=0)
        updated = now - timezone.timedelta(minutes=minutes_ago)
        GuidedResult.objects.filter(pk=result.pk).update(updated=updated)

    made(anya, hand, minutes_ago=6)
    made(dima, hand, minutes_ago=6)
    pupils = services.pupils_of(classroom=classroom)
    stuck = dashboard.stuck_pupils(classroom, pupils, now=now)
    assert sorted(s.name for s in stuck) == ["Anya", "Dima"]
    finished(anya, hand, minutes_ago=2)  # after her mistakes
    finished(dima, other, minutes_ago=2)  # another hand
    stuck = dashboard.stuck_pupils(classroom, pupils, now=now)
    assert [s.name for s in stuck] == ["Dima"]
    # Finished before the mistakes (played again, and stuck this time): still counted.
    GuidedResult.objects.filter(learner=anya).update(updated=now - timezone.timedelta(minutes=9))
    assert sorted(s.name for s in dashboard.stuck_pupils(classroom, pupils, now=now)) == [
        "Anya",
        "Dima",
    ]


def test_a_pupil_on_the_same_step_for_minutes_is_shown_as_stuck(teacher: User) -> None:
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    factories.attempt_with(ona, "gin-02-groups-runs-discard", 1)  # at step 2
    factories.attempt_with(jonas, "gin-02-groups-runs-discard", 1)
    pupils = services.pupils_of(classroom=classroom)
    now = timezone.now()

    def stuck(at):  # type: ignore[no-untyped-def]
        active = dashboard.activity(classroom, pupils, now=at)
        return [
            (s.name, s.words, s.times)
            for s in dashboard.stuck_pupils(classroom, pupils, now=at, active=active)
        ]

    assert stuck(now) == []  # just reached the step
    later = now + timezone.timedelta(minutes=dashboard.STUCK_STEP_MINUTES + 2)
    found = stuck(later)
    assert [name for name, _w, _t in found] == ["Ona", "Jonas"]  # the longest first
    assert {name for name, _w, _t in found} == {"Ona", "Jonas"}
    words = dict((name, w) for name, w, _t in found)["Ona"]
    assert "step 2" in words and "7 minutes" in words
    # Jonas went on to something else since: he is not stuck on that step.
    table = factories.table("gin", 2, owner=jonas)
    Table.objects.filter(pk=table.pk).update(updated=now + timezone.timedelta(minutes=4))
    assert [name for name, _w, _t in stuck(later)] == ["Ona"]
    # Long gone (nothing touched in the last minutes): not "stuck now".
    gone = now + timezone.timedelta(minutes=dashboard.STUCK_MINUTES + 1)
    assert stuck(gone) == []
    # A move to the next step starts the clock again.
    attempt = GuidedAttempt.objects.get(learner=ona)
    GuidedAttempt.objects.filter(pk=attempt.pk).update(step_started=later)
    assert [name for name, _w, _t in stuck(later)] == []


def test_a_pupil_who_took_the_placement_check_is_shown_so(teacher: User) -> None:
    """The placement check keeps its first answers with the lessons' (under its own
    slug): the pupil's latest activity said "Lesson: placement"."""
    from lessons import services as lessons
    from rummy_site import placement

    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = pupil_in(classroom, "Ona")
    lessons.first_verdict(
        learner=ona, game="knock", slug=placement.SLUG, index=0, seed=7, correct=True
    )
    pupils = services.pupils_of(classroom=classroom)
    active = dashboard.activity(classroom, pupils, now=timezone.now())
    assert active[ona.pk].what == "Placement check: Knock Rummy"


def test_lesson_answers_and_guided_moves_have_an_example_on_the_page_and_in_the_csv(
    teacher: User,
) -> None:
    """The Italian teacher's walk: "a wrong first answer to question 1 of “Melds”" said
    neither the question nor the answer, a guided hand's "Meld 7♦ 8♦ 2♥" had no example
    either, and the mistakes CSV's "Details" column was empty for all of them. Each
    kind of lesson question now keeps its cards and the answer given, a guided hand's
    mistake its move at its step: on the page, cards as the page's language writes them,
    and in the CSV as plain text."""
    from game.engine import Move
    from game.explain import move_phrase
    from game.guided import services as guided
    from lessons import services as lessons
    from lessons.presenters import player_names

    classroom = services.class_create(teacher=teacher, name="3A", language="en")
    marco = pupil_in(classroom, "Marco")
    checks = {
        "meld 7H 8H 9S": {"cards": ["7H", "8H", "9S"]},
        "deadwood 2C 3D 9H": {"answer": "12"},
        "knock AC 2C 3C 4D 5D 6D 7H 8H 9H KS": {"answer": "no"},
        "discard AC 2C 3C 4D 5D 6D 7H 8H 9H KS QS": {"cards": ["AC"]},
        "score knock 0 | 4D 5D 6D 8C 8S 8H TH | 2S 3S 4S QC QD QH 4C | JC JD JH 7C 7D 7S KC": {
            "player": "2",
            "points": "5",
        },
        "layoff 5H | 6H 7H 8H | 5C 5D 5S": {"answer": "none"},
    }
    lesson = Lesson.objects.create(
        language="en", game="knock", slug="melds", order=2, title="Melds", summary="",
        body="", checks=list(checks),
    )  # fmt: skip
    for index, answer in enumerate(checks.values()):
        answered = lessons.check_answer(
            learner=marco, lesson=lesson, index=index, seed=index + 1, answer=answer
        )
        assert not answered.outcome.correct, index
    hand = factories.scenario("gin-01-first-knock")
    step, wrong, _words = factories.a_wrong_move(hand)
    state, _line = factories.attempt_with(marco, hand.slug, step)
    guided.attempt_move(learner=marco, scenario=hand, version=state.version, move=wrong)
    kept = Mistake.objects.get(source="guided").params
    assert kept["move"] == str(wrong)
    title = {"gin-01-first-knock": "Your first knock"}.get(hand.slug, hand.slug)
    expected = [
        "7♥ 8♥ 9♠: picked 7♥ 8♥ 9♠ as a meld",
        "2♣ 3♦ 9♥: answered 12 points of deadwood",
        "A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♥ 8♥ 9♥ K♠: answered that this hand cannot knock",
        "A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♥ 8♥ 9♥ K♠ Q♠: chose to discard A♣",
        f"answered that {player_names(3)[2]} collects 5",
        "5♥, the melds 6♥ 7♥ 8♥; 5♣ 5♦ 5♠: answered that it fits none",
        f"“{title}”, step {kept['step']}: {move_phrase(Move.parse(str(wrong)))}",
    ]
    client = Client()
    client.force_login(teacher)
    base = f"/en/classroom/{classroom.public_id}/"
    text = client.get(base + "mistakes.csv").content.decode("utf-8-sig")
    details = [row[3] for row in csv.reader(io.StringIO(text))][1:]
    assert sorted(details) == sorted(expected)
    page = factories.shown(client.get(base).content.decode())
    for line in expected:
        assert f"For example: {line}" in page.replace("&quot;", '"')
    # On a Russian page the cards are as Russian writes them (К♠: a king).
    russian = factories.shown(client.get(f"/ru/classroom/{classroom.public_id}/").content.decode())
    assert "Т♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♥ 8♥ 9♥ К♠ Д♠" in russian


def headings(html: str) -> list[tuple[str, str]]:
    """The page's h2 and h3, in order: (level, text)."""
    return [
        (level, re.sub(r"<[^>]+>|\s+", " ", text).strip())
        for level, text in re.findall(r"<(h[23])\b[^>]*>(.*?)</\1>", html, re.S)
    ]


def test_the_dashboards_parts_are_sections_with_headings_of_their_own(teacher: User) -> None:
    """The accessibility walk: "Who may need help now", "The class's tables" and "Common
    mistakes" were h3 in the section "Assignments", before "Set an assignment". Each is a
    section of the page with its h2 now, still in the poll's redrawn part ("Who may need
    help now" first: the lesson-time walk); the form to set an assignment is a section of
    its own, out of that part."""
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, _jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    services.class_seat(classroom=classroom, game="gin", players=2)
    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(ona)
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    outline = [text for level, text in headings(page) if level == "h2"]
    parts = [
        "Who may need help now",
        "Assignments",
        "The class's tables",
        "Common mistakes",
        "Set an assignment",
        "Name and language",
    ]
    assert [t for t in outline if t in parts] == parts
    assert [level for level, _text in headings(page) if level == "h3"] == []
    for name in ("assignments", "stuck", "tables", "mistakes"):
        assert f'<section aria-labelledby="{name}-title"' in page
    # One section does not hold another (each h2 is its own region's name).
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    depth = 0
    for tag in re.findall(r"</?section\b", main):
        depth += 1 if tag == "<section" else -1
        assert depth <= 1
    # The poll's part holds the four, not the form.
    form = 'aria-labelledby="set-assignment-title"'
    live = page.split('<div id="class-progress"', 1)[1].split(form)[0]
    assert all(f'id="{n}-title"' in live for n in ("assignments", "stuck", "tables", "mistakes"))
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    refuse_a_discard_before_drawing(ona)
    redrawn = client.get(poll.split("stamp=")[0], **HTMX).content.decode()
    assert redrawn.lstrip().startswith('<div id="class-progress"')
    assert [t for _level, t in headings(redrawn)] == parts[:4]
    assert "set-assignment" not in redrawn


def answer_a_drill_wrong(learner: Learner, kind: str = "deadwood") -> None:
    from drills import services as drills
    from game.engine import Game

    question = drills.new_question(learner=learner, game=Game.GIN, kind=kind)
    right = question.check.arrangement(question.seed).deadwood  # type: ignore[attr-defined]
    done = drills.answer(
        learner=learner,
        game=Game.GIN,
        kind=kind,
        token=question.token,
        answer={"answer": str(right + 1)},
    )
    assert not done.outcome.correct


def test_a_pupils_wrong_drill_answers_are_among_the_common_mistakes(teacher: User) -> None:
    """The Italian teacher's walk: four wrong drill answers never reached "Most frequent
    mistakes", though a drill is work the dashboard follows (the grid, last activity).
    Grouped by the drill, with the lesson that teaches it, an example, on the page, in
    the CSV and in "Who may need help now"; a stranger's is not kept."""
    Lesson.objects.create(
        language="en", game="gin", slug="cards-and-values", order=1, title="Cards and values",
        summary="", body="",
    )  # fmt: skip
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, jonas = pupil_in(classroom, "Ona"), pupil_in(classroom, "Jonas")
    for learner in (ona, ona, ona, jonas):
        answer_a_drill_wrong(learner)
    answer_a_drill_wrong(factories.learner("Stranger"))
    assert list(Mistake.objects.values_list("source", "topic", "where").distinct()) == [
        ("drill", mistakes.DRILL_ANSWER, "deadwood")
    ]
    assert Mistake.objects.count() == 4
    pupils = services.pupils_of(classroom=classroom)
    [group] = dashboard.common_mistakes(classroom, pupils)
    assert group.words == "Gin Rummy: a wrong answer in the drill “Count the deadwood”"
    assert (group.times, group.names) == (4, ["Jonas", "Ona"])
    assert group.lesson_url == "/en/lessons/gin/cards-and-values/"
    assert re.search(r": answered \d+ points? of deadwood$", group.example), group.example
    [stuck] = dashboard.stuck_pupils(classroom, pupils, now=timezone.now())
    assert (stuck.name, stuck.times, stuck.words) == ("Ona", 3, group.words)
    rows = list(csv.reader(io.StringIO(dashboard.mistakes_csv(classroom, pupils))))
    assert [row[2] for row in rows[1:]] == [group.words] * 4 and all(r[3] for r in rows[1:])
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "a wrong answer in the drill “Count the deadwood”" in page


def test_every_drill_links_to_a_lesson_that_exists_in_every_language() -> None:
    from drills.services import DRILLS

    for game, kinds in DRILLS.items():
        for kind in kinds:
            slug = mistakes.DRILL_LESSONS[kind][game.value]
            for language in ("en", "lt", "ru", "it"):
                found = list((CONTENT / language / game.value).glob(f"[0-9][0-9]-{slug}.md"))
                assert found, (kind, game, slug, language)


def test_a_long_class_page_has_a_way_to_each_part_from_its_top(teacher: User) -> None:
    """The class-of-thirty walk at 1366 x 768: "Who may need help now" was 4,000 px
    down, under the join, live and seating sections, the 30 rows of the pupils' list
    and the grid. The top of the page links to it (while someone needs help), to the
    assignments, the common mistakes and the pupils' list, whose link counts them in
    the language's plural."""
    classroom = services.class_create(teacher=teacher, name="5b", language="lt")
    names = [f"Mokinys {n}" for n in range(1, 22)]
    learners = [pupil_in(classroom, name) for name in names]
    client = Client()
    client.force_login(teacher)
    url = f"/lt/classroom/{classroom.public_id}/"

    def top() -> str:
        page = client.get(url).content.decode()
        return page.split('id="class-jump"', 1)[1].split("</nav>", 1)[0]

    links = re.findall(r'<a href="#([\w-]+)" id="to-[\w-]+">([^<]*)</a>', top())
    assert links == [
        ("assignments-title", "Užduotys"),
        ("mistakes-title", "Dažniausios klaidos"),
        ("live-title", "Dalijimas visa klase"),
        ("set-assignment-title", "Skirkite užduotį"),
        ("pupils-title", "21 mokinys"),
        ("join-title", "Kaip mokiniai prisijungia"),
    ]
    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(learners[0])
    pupil_in(classroom, "Mokinys 22")
    links = re.findall(r'<a href="#([\w-]+)" id="to-[\w-]+">([^<]*)</a>', top())
    assert links[0] == ("stuck-title", "Kam dabar gali reikėti pagalbos")
    assert links[-2] == ("pupils-title", "22 mokiniai")
    page = client.get(url).content.decode()
    for target, _words in links:
        assert page.count(f'id="{target}"') == 1


def test_the_link_to_who_may_need_help_comes_with_the_polls_redraw(teacher: User) -> None:
    """The class-of-thirty walk: "Who may need help now" came with the progress part's
    redraw, but "On this page" was drawn with the page, so its link to the part came
    only with a reload. The poll's answer brings the link out of band (htmx puts it in
    "On this page"), and takes it away when nobody needs help."""
    classroom = services.class_create(teacher=teacher, name="5b", language="en")
    ona = pupil_in(classroom, "Ona")
    client = Client()
    client.force_login(teacher)
    page = client.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    jump = page.split('id="class-jump"', 1)[1].split("</nav>", 1)[0]
    assert '<span id="jump-stuck"></span>' in jump  # the place the poll fills
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    pupil_in(classroom, "Jonas")  # the part changes, nobody needs help
    quiet = client.get(poll, **HTMX).content.decode()
    assert '<span id="jump-stuck" hx-swap-oob="true"></span>' in quiet
    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(ona)
    redrawn = client.get(poll, **HTMX).content.decode()
    oob = redrawn.split('<span id="jump-stuck" hx-swap-oob="true">', 1)[1].split("</span>", 1)[0]
    assert '<a href="#stuck-title" id="to-stuck">Who may need help now</a>' in oob
    assert redrawn.count('id="stuck-title"') == 1


def test_the_page_says_when_it_lists_only_the_commonest_mistakes(teacher: User) -> None:
    """The class-of-thirty walk: 19 kinds of mistakes, 8 listed, and nothing said of the
    other 11 ("Basic Rummy: a run that is not one", six pupils, among them). The page
    says how many kinds there are in all, and where every mistake is."""
    classroom = services.class_create(teacher=teacher, name="5b", language="lt")
    ona = pupil_in(classroom, "Ona")
    client = Client()
    client.force_login(teacher)
    url = f"/lt/classroom/{classroom.public_id}/"

    def wrong_answer(question: int) -> None:
        where = f"melds-groups-and-runs#{question}"
        mistakes.record(learner=ona, source="lesson", game="gin", topic="wrong_answer", where=where)

    for question in range(8):
        wrong_answer(question)
    page = client.get(url).content.decode()
    assert page.count("<li><strong>Gin Rummy: neteisingas pirmasis atsakymas") == 8
    assert 'id="mistakes-more"' not in page  # all of them are listed
    wrong_answer(8)
    page = client.get(url).content.decode()
    assert page.count("<li><strong>Gin Rummy: neteisingas pirmasis atsakymas") == 8
    more = page.split('id="mistakes-more">', 1)[1].split("</p>", 1)[0]
    assert "9" in more
    # The poll's redraw says it too.
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    wrong_answer(9)
    redrawn = client.get(poll, **HTMX).content.decode()
    assert "10" in redrawn.split('id="mistakes-more">', 1)[1].split("</p>", 1)[0]
