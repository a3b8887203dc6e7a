"""The path from the first minute: a newcomer is started on Basic Rummy, a returning
learner continues where they left off, and each game's path lists its steps in order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from classroom import services as classroom_services
from game.engine import Game
from game.guided import scenarios
from game.guided.models import GuidedResult
from learners.models import Learner
from learners.services import cookie_name, digest
from lessons.models import FirstAnswer, Lesson
from rummy_site import path
from rummy_site.languages import codes as languages
from tests.factories import move_data

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def loaded(db: None) -> None:
    call_command("load_lessons", verbosity=0)


def first_lesson(game: str, language: str = "en") -> Lesson:
    found = Lesson.objects.filter(language=language, game=game, kind="lesson").order_by("order")
    lesson = found.first()
    assert lesson is not None
    return lesson


@pytest.mark.parametrize("language", languages())
def test_a_newcomer_is_started_on_basic_rummy(client: Client, language: str) -> None:
    html = client.get(f"/{language}/").content.decode()
    start = re.search(r'class="hero__start"><a class="button button--big" href="([^"]+)"', html)
    assert start is not None
    assert start.group(1) == f"/{language}/learn/basic/"
    # The path page: a turn in a few steps first, then "Continue" to the first lesson.
    page = client.get(start.group(1)).content.decode()
    assert 'class="turn-steps"' in page and page.count("<li><strong>") == 4
    assert f'href="/{language}/lessons/basic/{first_lesson("basic").slug}/"' in page
    for game in ("basic", "gin", "knock"):
        assert f'href="/{language}/learn/{game}/"' in html
    assert Learner.objects.count() == 0  # reading the home page creates nobody


@pytest.mark.parametrize("language", languages())
def test_each_game_card_on_the_home_page_leads_to_its_path(client: Client, language: str) -> None:
    """The Lithuanian Knock walk: a newcomer who wants to learn Knock Rummy read its card
    on the home page, whose one button («Žaisti Knock Rummy») opened a practice table's
    form; the way to learn it was the small "Or choose a game" link above. Each card
    leads to its game's path first, then to a practice table."""
    html = client.get(f"/{language}/").content.decode()
    cards = re.findall(r'<li class="game-card">(.*?)</li>', html, re.S)
    assert len(cards) == 3
    for game, card in zip(("basic", "gin", "knock"), cards, strict=True):
        learn = card.index(f'<a class="button" href="/{language}/learn/{game}/">')
        practise = card.index(f'href="/{language}/practice/?game={game}#new-table"')
        assert learn < practise


def test_a_returning_learner_continues_the_game_they_worked_on(client: Client) -> None:
    lesson = first_lesson("gin")
    client.post(f"/en/lessons/gin/{lesson.slug}/read/")
    html = client.get("/en/").content.decode()
    # Read, not mastered: the first Gin lesson is still the step to continue with.
    assert f'href="/en/lessons/gin/{lesson.slug}/">Continue: {lesson.title}' in html
    assert "Gin Rummy: 0 of" in html


def test_the_home_page_counts_the_steps_done_as_the_path_page_does(client: Client) -> None:
    """The Russian newcomer's walk: the home page said "step 8 of 16" (the place of the
    next step) beside the path page's "9 of 16 steps done", for a learner who did a step
    out of order. Both count the steps done; the home page's button names the next."""
    lesson = first_lesson("basic")
    client.post(f"/en/lessons/basic/{lesson.slug}/read/")
    learner = Learner.objects.get()
    steps = path.path_of(game=Game.BASIC, learner=learner, language="en")
    later = [step for step in steps if step.kind == "guided"][1]
    slug = later.url.rstrip("/").split("/")[-1]
    GuidedResult.objects.create(learner=learner, scenario=slug, stars=3, hints=0)
    home = client.get("/en/").content.decode()
    page = client.get("/en/learn/basic/").content.decode()
    assert f"Basic Rummy: 1 of {len(steps)} steps done." in home
    assert f"1 of {len(steps)} steps done" in page
    assert ", step 1 of" not in home
    assert f'href="/en/lessons/basic/{lesson.slug}/">Continue: {lesson.title}' in home


def test_the_path_lists_lessons_then_their_guided_hands_then_practice(client: Client) -> None:
    learner = Learner.objects.create()
    steps = path.path_of(game=path.Game.GIN, learner=learner, language="en")
    kinds = [s.kind for s in steps]
    assert kinds[0] == "lesson" and kinds[-1] == "practice" and "guided" in kinds
    guided = [s.url for s in steps if s.kind == "guided"]
    assert len(guided) == len(set(guided))  # each guided hand once, where first linked
    lessons_in_order = [s.title for s in steps if s.kind == "lesson"]
    assert lessons_in_order == [
        x.title
        for x in Lesson.objects.filter(language="en", game="gin", kind="lesson").order_by("order")
    ]
    assert not any(s.done for s in steps)
    # A finished guided hand is done; its lesson, read but not mastered, is not.
    slug = guided[0].rstrip("/").split("/")[-1]
    GuidedResult.objects.create(learner=learner, scenario=slug, stars=3, hints=0)
    again = path.path_of(game=path.Game.GIN, learner=learner, language="en")
    assert [s.done for s in again if s.url == guided[0]] == [True]
    assert path.continue_step(again) == again[0]


def test_a_mastered_lesson_is_a_done_step(client: Client) -> None:
    learner = Learner.objects.create()
    lesson = first_lesson("basic")
    for index, args in enumerate(lesson.checks):
        random = "random" in args.split()
        for seed in (101, 102) if random else (index + 1,):
            FirstAnswer.objects.create(
                learner=learner,
                game="basic",
                slug=lesson.slug,
                index=index,
                seed=seed,
                correct=True,
                solved=True,
            )
    steps = path.path_of(game=path.Game.BASIC, learner=learner, language="en")
    assert steps[0].done and path.continue_step(steps) == steps[1]


@pytest.mark.parametrize("language", languages())
def test_each_game_s_path_page_in_every_language(client: Client, language: str) -> None:
    for game in ("basic", "gin", "knock"):
        response = client.get(f"/{language}/learn/{game}/")
        assert response.status_code == 200
        html = response.content.decode()
        assert f'<html lang="{language}">' in html and 'aria-current="step"' in html
        assert html.count('class="path-step ') >= 3
    assert client.get(f"/{language}/learn/poker/").status_code == 404
    assert client.head(f"/{language}/learn/gin/").status_code == 200


def test_every_linked_guided_hand_is_on_some_path() -> None:
    on_paths = {
        s.url.rstrip("/").split("/")[-1]
        for game in path.Game
        for s in path.path_of(game=game, learner=None, language="en")
        if s.kind == "guided"
    }
    linked = {slug for x in Lesson.objects.filter(language="en") for slug in x.guided}
    assert linked <= on_paths and linked <= {s.slug for s in scenarios.library()}


def test_a_finished_guided_hands_next_is_the_next_step_of_the_path(client: Client) -> None:
    """The newcomer's walk: finishing basic-01 offered "Next: Stock or discard?" (the
    library's next hand), past the path's steps between them. It is the path's next step
    not done yet."""
    steps = path.path_of(game=Game.BASIC, learner=None, language="en")
    urls = [step.url for step in steps]
    first_hand = next(step for step in steps if step.kind == "guided")
    here = urls.index(first_hand.url)
    assert (
        path.step_after(game=Game.BASIC, url=first_hand.url, learner=None, language="en")
        == steps[here + 1]
    )
    assert path.step_after(game=Game.BASIC, url=urls[-1], learner=None, language="en") is None
    # In the page: play the hand to its end, then follow its "Next".
    slug = first_hand.url.rstrip("/").rsplit("/", 1)[1]
    scenario = scenarios.get(slug)
    assert scenario is not None
    client.get(first_hand.url)
    for version, move in enumerate(scenarios.right_line(scenario)):
        client.post(f"/en/guided/{slug}/move/", {"version": version, **move_data(move)})
    page = client.get(first_hand.url).content.decode()
    found = re.search(r'id="next-guided" href="([^"]+)"', page)
    assert found is not None and found.group(1) == steps[here + 1].link
    # After a hand whose next step is a lesson, the lesson: not the next hand.
    hand = next(
        s for i, s in enumerate(steps[:-1]) if s.kind == "guided" and steps[i + 1].kind == "lesson"
    )
    following = path.step_after(game=Game.BASIC, url=hand.url, learner=None, language="en")
    assert following is not None and following.kind == "lesson"


@pytest.mark.parametrize("placed", [False, True])
def test_a_guided_hands_next_keeps_arrange_off_into_a_guided_hand_only(
    client: Client, placed: bool
) -> None:
    """The walk without JavaScript: a guided hand played with Arrange switched off
    offered its "Next" with Arrange on again. The path's next step keeps it off when it
    is a guided hand (here: the lessons between them done, by the placement check); a
    lesson, which has no Arrange, is linked as it is."""
    from lessons.models import LessonPlacement

    steps = path.path_of(game=Game.BASIC, learner=None, language="en")
    here = next(
        i
        for i, s in enumerate(steps[:-1])
        if s.kind == "guided"
        and steps[i + 1].kind == "lesson"
        and any(t.kind == "guided" for t in steps[i + 1 :])
    )
    slug = steps[here].url.rstrip("/").rsplit("/", 1)[1]
    scenario = scenarios.get(slug)
    assert scenario is not None
    response = None
    for version, move in enumerate(scenarios.right_line(scenario)):
        data = {"version": version, "arrange": "0", **move_data(move)}
        response = client.post(f"/en/guided/{slug}/move/", data)
        assert response.status_code == 303
    assert response is not None
    learner = Learner.objects.get()
    later = steps[here + 1 :]
    following = next(s for s in later if s.kind == "guided")
    if placed:
        for step in later[: later.index(following)]:
            LessonPlacement.objects.create(
                learner=learner, game="basic", slug=step.url.rstrip("/").rsplit("/", 1)[1]
            )
    html = client.get(response["Location"]).content.decode()
    found = re.search(r'id="next-guided" href="([^"]+)"', html)
    wanted = f"{following.url}?arrange=0#table-status" if placed else steps[here + 1].link
    assert found is not None and found.group(1) == wanted


#: The lesson of each game's path that first teaches the knock (Gin's first lesson
#: says when a player may knock; Knock Rummy's third is the turn and the knock).
TEACHES_THE_KNOCK = {Game.GIN: "cards-and-values", Game.KNOCK: "a-turn-and-the-knock"}


@pytest.mark.parametrize("game", list(TEACHES_THE_KNOCK))
def test_no_guided_hand_asks_for_a_knock_before_the_path_teaches_it(game: Game) -> None:
    """The Lithuanian newcomer's walk: Knock Rummy's path sent the learner from the
    lesson on melds into "Knock early" ("Ar pasibelsite?"), a lesson before the knock
    is taught."""
    from game.engine import MoveKind

    steps = path.path_of(game=game, learner=None, language="en")
    taught = next(
        i
        for i, s in enumerate(steps)
        if s.kind == "lesson" and s.url.rstrip("/").endswith(TEACHES_THE_KNOCK[game])
    )
    for index, step in enumerate(steps):
        if step.kind != "guided":
            continue
        hand = scenarios.get(step.url.rstrip("/").split("/")[-1])
        assert hand is not None
        if any(m.kind is MoveKind.KNOCK for m in scenarios.right_line(hand)):
            assert index > taught, step.title


#: Gin Rummy by name, in each language's texts ("джин-рамми" in Russian).
GIN = re.compile(r"\bGin\b|джин")
#: The word for Gin Rummy's defender, which the Knock path never teaches.
DEFENDER = {"en": "defender", "lt": "besigin", "ru": "защищающ", "it": "chi difende"}
#: What may mention Gin Rummy on the Knock path: an aside in brackets, for those who know it.
ASIDE = re.compile(r"\([^()]*\)")


def test_the_knock_path_does_not_explain_knock_rummy_by_gin_rummy(client: Client) -> None:
    """The Lithuanian newcomer's walk: a learner sent from Basic Rummy to Knock Rummy was
    told "close to Gin Rummy", "as in Gin Rummy", "in Gin Rummy the defender may lay
    off...", about a game they had never played, with a word ("defender") never defined.
    Knock Rummy's lessons, guided hands, turn steps and home-page card stand on their
    own or compare with Basic Rummy; Gin Rummy only in a bracketed aside."""
    from django.conf import settings
    from django.utils import translation

    from rummy_site.turns import TURNS

    base = Path(settings.BASE_DIR)
    for language in languages():
        texts = {
            str(p.relative_to(base)): p.read_text(encoding="utf-8")
            for p in [
                *sorted((base / "lessons" / "content" / language / "knock").glob("*.md")),
                *sorted((base / "game" / "guided" / "content" / language).glob("knock-*.toml")),
            ]
        }
        assert len(texts) >= 13, language
        for where, text in texts.items():
            assert not GIN.search(ASIDE.sub("", text)), (where, GIN.findall(ASIDE.sub("", text)))
            assert DEFENDER[language] not in text.lower(), where
    lesson3 = base / "lessons" / "content" / "en" / "knock" / "03-a-turn-and-the-knock.md"
    asides = [a for a in ASIDE.findall(lesson3.read_text()) if GIN.search(a)]
    assert asides and all(a.startswith("(If you have played Gin Rummy") for a in asides)
    with translation.override("en"):
        for step, what in TURNS[Game.KNOCK]:
            assert not GIN.search(f"{step} {what}"), what
    html = client.get("/en/").content.decode()
    card = re.search(r"<h3>Knock Rummy</h3>(.*?)</li>", html, re.S)
    assert card is not None and "knock" in card.group(1)
    assert not GIN.search(card.group(1)), card.group(1)


def test_a_visitor_with_progress_is_offered_an_account_once_on_the_path(client: Client) -> None:
    """A learner at home found no way to carry on from the phone to the tablet: the only
    account was a teacher's. The path offers one, in one line, once they have done a
    step; not to a newcomer, an account, or a pupil (whose return code carries their work)."""
    offer = 'href="/en/accounts/signup/?next=/en/learn/basic/">Save your progress</a>'
    assert offer not in client.get("/en/learn/basic/").content.decode()  # a newcomer
    steps = path.path_of(game=path.Game.BASIC, learner=None, language="en")
    hand = next(s.url for s in steps if s.kind == "guided").rstrip("/").split("/")[-1]
    client.get("/en/practice/")  # the visitor cookie
    learner = Learner.objects.create(visitor_key=digest(client.cookies[cookie_name()].value))
    GuidedResult.objects.create(learner=learner, scenario=hand, stars=3, hints=0)
    page = client.get("/en/learn/basic/").content.decode()
    assert page.count(offer) == 1
    assert "An account keeps your progress so you can continue on another device." in page
    assert offer not in client.get("/en/learn/gin/").content.decode()  # nothing done there
    # A pupil of a class is not offered one.
    teacher = User.objects.create_user("teacher", password="Kortos-2026!x")
    classroom = classroom_services.class_create(teacher=teacher, name="5B", language="en")
    joined = classroom_services.class_join(learner=learner, code=classroom.join_code, name="Ona")
    assert offer not in client.get("/en/learn/basic/").content.decode()
    # Removed from the class, she is a learner like any other again (sign-up takes her
    # learner then): the offer is back.
    classroom_services.pupil_remove(pupil=joined.pupil)
    assert offer in client.get("/en/learn/basic/").content.decode()
    # Nor an account.
    account = Client()
    account.force_login(teacher)
    GuidedResult.objects.create(
        learner=Learner.objects.create(user=teacher), scenario=hand, stars=3, hints=0
    )
    page = account.get("/en/learn/basic/").content.decode()
    assert "1 of " in page and "Save your progress" not in page


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("game", list(Game))
def test_the_guided_hands_page_lists_a_games_hands_in_the_paths_order(
    game: Game, language: str
) -> None:
    """The Lithuanian adult's walk: /lt/guided/ listed Gin's hands in another order than
    the path (the first knock third on the path, first on the list). The list, the
    library's "next hand" and a class's choice of hands follow the path."""
    with translation.override(language):
        steps = path.path_of(game=game, learner=None, language=language)
    on_path = [s.url for s in steps if s.kind == "guided"]
    page = Client().get(f"/{language}/guided/").content.decode()
    listed = [
        url
        for url in re.findall(r'href="(/[a-z]{2}/guided/[^"/]+/)#table-status"', page)
        if url in on_path
    ]
    assert listed == on_path
    library = [s for s in scenarios.library() if s.game is game]
    assert [f"/{language}/guided/{s.slug}/" for s in library] == on_path


def test_a_newcomer_starts_the_path_and_a_learner_with_a_step_done_continues_it(
    client: Client,
) -> None:
    """The path's button says "Start: …" to a learner who has done none of its steps
    («Продолжить: …» read to a newcomer as if they had begun: the Russian pupil's walk),
    and "Continue: …" once a step is done."""
    lesson = first_lesson("basic")
    page = client.get("/en/learn/basic/").content.decode()
    assert f'href="/en/lessons/basic/{lesson.slug}/">Start: {lesson.title}' in page
    assert "Continue: " not in page
    client.post(f"/en/lessons/basic/{lesson.slug}/read/")
    learner = Learner.objects.get()
    steps = path.path_of(game=Game.BASIC, learner=learner, language="en")
    guided = next(step for step in steps if step.kind == "guided")
    slug = guided.url.rstrip("/").split("/")[-1]
    GuidedResult.objects.create(learner=learner, scenario=slug, stars=3, hints=0)
    page = client.get("/en/learn/basic/").content.decode()
    assert f'">Continue: {lesson.title}' in page and "Start: " not in page


def test_a_learner_who_has_begun_a_game_is_told_continue_on_its_path_as_at_home(
    client: Client,
) -> None:
    """A learner who has read the first Basic lesson (not mastered: no step done) was
    told "Continue: <the lesson>" on the home page and "Start: <the lesson>" on
    the path page a click later, the same button to the same step. A game they have
    worked on is continued on both; a game they have not touched is started."""
    lesson = first_lesson("basic")
    client.post(f"/en/lessons/basic/{lesson.slug}/read/")
    home = client.get("/en/").content.decode()
    page = client.get("/en/learn/basic/").content.decode()
    said = f'href="/en/lessons/basic/{lesson.slug}/">Continue: {lesson.title}'
    assert said in home  # as before (test_a_returning_learner_continues_...)
    assert said in page and "Start: " not in page
    gin = first_lesson("gin")
    untouched = client.get("/en/learn/gin/").content.decode()
    assert f'">Start: {gin.title}' in untouched and "Continue: " not in untouched


def lesson_step(game: Game, slug: str, language: str = "en") -> tuple[list[path.PathStep], int]:
    with translation.override(language):
        steps = path.path_of(game=game, learner=None, language=language)
    url = f"/{language}/lessons/{game.value}/{slug}/"
    return steps, next(i for i, step in enumerate(steps) if step.url == url)


@pytest.mark.parametrize("language", languages())
def test_a_lessons_done_leads_to_the_guided_hand_the_path_puts_after_it(
    client: Client, language: str
) -> None:
    """The Italian Knock walk: at the end of the lesson "A turn, the knock and the void
    hand" the one big button was "Done: next lesson, ...", which passed the guided hand
    "Knock early" that the path puts after it (its link a line of small text above). The
    button names that hand and leads to it; once it is played, to the next lesson."""
    slug = "a-turn-and-the-knock"
    steps, here = lesson_step(Game.KNOCK, slug, language)
    hand = steps[here + 1]
    assert hand.kind == "guided"
    with translation.override(language):
        label = translation.gettext("Done: next, a guided hand, %(title)s") % {"title": ""}
    page = client.get(f"/{language}/lessons/knock/{slug}/").content.decode()
    assert f"{label}{hand.title}" in re.sub(r"\s+", " ", page).replace("&#x27;", "'")
    response = client.post(f"/{language}/lessons/knock/{slug}/read/")
    assert response.status_code == 303 and response["Location"] == hand.link
    # The hand played: "Done" goes on to the next lesson, as it did.
    learner = Learner.objects.get()
    GuidedResult.objects.create(
        learner=learner, scenario=hand.url.rstrip("/").rsplit("/", 1)[1], stars=3, hints=0
    )
    response = client.post(f"/{language}/lessons/knock/{slug}/read/")
    assert response["Location"] == steps[here + 2].url


def test_the_last_lessons_done_leads_to_the_practice_table(client: Client) -> None:
    """After the last lesson (whose guided hands came earlier on the path) "Done" went
    back to the list of lessons; the path's next step is a whole hand at a table."""
    steps, here = lesson_step(Game.KNOCK, "when-to-knock")
    assert steps[here + 1].kind == "practice"
    page = client.get("/en/lessons/knock/when-to-knock/").content.decode()
    assert "Done: next, play a whole hand at a practice table" in page
    response = client.post("/en/lessons/knock/when-to-knock/read/")
    assert response["Location"] == steps[here + 1].link


def test_a_lesson_followed_by_a_lesson_still_leads_to_it(client: Client) -> None:
    steps, here = lesson_step(Game.KNOCK, "cards-and-values")
    assert steps[here + 1].kind == "lesson"
    response = client.post("/en/lessons/knock/cards-and-values/read/")
    assert response["Location"] == steps[here + 1].url
