"""Projector mode: a guided hand step by step, its answer and why, face up or as the
learner sees it; a pupil's finished practice hand move by move with the coach's view;
teachers only (and a pupil's hands for their own teacher only)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from classroom import services as classes
from game.guided import scenarios
from game.guided.scenarios import LEARNER
from tests import factories

pytestmark = pytest.mark.django_db
SLUG = "gin-01-first-knock"
BASE = f"/en/classroom/projector/guided/{SLUG}/"


@pytest.fixture
def teacher() -> Client:
    client = Client()
    client.force_login(User.objects.create_user("ms-jones"))
    return client


def cards_shown(html: str) -> int:
    return len(re.findall(r'class="card[ "][^>]*role="img"', html))


def test_only_a_teacher_projects(teacher: Client) -> None:
    assert Client().get(BASE).status_code == 302
    assert teacher.get("/en/classroom/projector/").status_code == 200
    assert teacher.get("/en/classroom/projector/guided/nope/").status_code == 404


def test_each_step_asks_then_answers_then_moves_on(teacher: Client) -> None:
    scenario = scenarios.get(SLUG)
    assert scenario is not None
    line = scenarios.right_line(scenario)
    first = teacher.get(BASE).content.decode()
    assert "Step 1 of" in first and 'rel="next"' in first and 'rel="prev"' not in first
    assert "The right move" not in first
    answer = teacher.get(BASE + "?step=0&reveal=1").content.decode()
    assert "The right move" in answer and 'href="/en/classroom/projector/guided/' in answer
    second = teacher.get(BASE + "?step=1").content.decode()
    assert "Step 2 of" in second and 'rel="prev"' in second
    end = teacher.get(BASE + f"?step={len(line) + 50}").content.decode()  # clamped
    assert "From the start" in end and 'rel="next"' not in end
    for junk in ("x", "-3", "1e9"):
        assert teacher.get(BASE + f"?step={junk}").status_code == 200


def test_face_up_shows_every_hand_and_the_learners_view_only_theirs(teacher: Client) -> None:
    scenario = scenarios.get(SLUG)
    assert scenario is not None
    hand = scenarios.replay(scenario, []).hand
    up = teacher.get(BASE + "?view=all").content.decode()
    mine = teacher.get(BASE).content.decode()  # as the learner sees it, unless asked
    everyone = sum(len(hand.cards(seat)) for seat in range(hand.players))
    learner = len(hand.cards(LEARNER))
    discard = 1 if hand.view(LEARNER).discard_pile else 0
    assert cards_shown(up) == everyone + discard
    assert cards_shown(mine) == learner + discard
    assert "face down" in mine and "face down" not in up


def discard_shown(html: str) -> str | None:
    pile = html.split("Discard pile", 1)[1].split("</p>", 1)[0]
    found = re.search(r'data-card="(\w+)"', pile)
    return found.group(1) if found else None


@pytest.mark.parametrize("slug", [s.slug for s in scenarios.library()])
def test_the_discard_pile_shows_its_top_card_at_every_step(teacher: Client, slug: str) -> None:
    """The browser walk: the projector showed the bottom card of the pile (the engine's
    pile is top first), so "Ona throws the 10♠" stood beside a K♥."""
    scenario = scenarios.get(slug)
    assert scenario is not None
    line = scenarios.right_line(scenario)
    seen = set()
    for step in range(len(line) + 1):
        top = scenarios.replay(scenario, line[:step]).hand.view(LEARNER).discard_top
        html = teacher.get(f"/en/classroom/projector/guided/{slug}/?step={step}").content.decode()
        assert discard_shown(html) == (None if top is None else str(top)), step
        seen.add(top)
    assert len(seen) > 1  # the pile's top changed during the hand


def learner_cards(html: str) -> list[str]:
    seat = html.split("projector__seat--learner", 1)[1].split("</li>\n", 1)[0]
    return re.findall(r'data-card="(\w+)"', seat)


def test_the_answer_is_played_on_the_board_it_speaks_of(teacher: Client) -> None:
    """The Italian teacher's walk: the answer said "You drew 3♣. Look at your clubs now"
    over a hand of ten cards without 3♣. Shown, the answer is played on the board (the
    learner's move only: the computer's reply is the next step's)."""
    base = "/en/classroom/projector/guided/basic-01-groups-and-runs/"
    question = teacher.get(base + "?step=0").content.decode()
    answer = teacher.get(base + "?step=0&reveal=1").content.decode()
    assert "Look at your clubs now" in answer
    assert len(learner_cards(question)) == 10 and "3C" not in learner_cards(question)
    assert len(learner_cards(answer)) == 11 and "3C" in learner_cards(answer)
    assert "You drew from the stock." in answer
    assert learner_cards(teacher.get(base + "?step=1").content.decode()) == learner_cards(answer)


def test_a_step_with_several_right_moves_names_them_all(teacher: Client) -> None:
    """The walk: "The right move: Meld 7♠ 7♥ 7♦" while the step took the run of clubs as
    right too (and the bars said so)."""
    base = "/en/classroom/projector/guided/basic-01-groups-and-runs/"
    both = teacher.get(base + "?step=1&reveal=1").content.decode()
    assert "The right moves:" in both and "The right move:" not in both
    assert re.search(
        r"Meld 7.* or meld 3.*4.*5.*6",
        factories.shown(both.split("The right moves:")[1].split("</p>")[0]),
    )
    one = teacher.get(base + "?step=2&reveal=1").content.decode()
    assert "The right move:" in one and "The right moves" not in one


def seat_names(html: str) -> list[str]:
    return [
        n.split(" · ")[0].strip() for n in re.findall(r'class="projector__name">([^<]*)<', html)
    ]


def test_the_learners_seat_is_the_class_as_the_question_and_the_log_say_you(
    teacher: Client,
) -> None:
    """The class-of-thirty walk: the wall showed the seat "Alex · to play" beside "You
    play first" and "1. You took 3♦ from the discard pile.": the class plays that seat."""
    base = "/en/classroom/projector/guided/basic-01-groups-and-runs/"
    for query in ("?step=0", "?step=0&reveal=1", "?step=2", "?step=2&view=all"):
        html = teacher.get(base + query).content.decode()
        assert seat_names(html)[0] == "You (the class)", (query, seat_names(html))
        assert "Alex" not in html, query
    # The meld the class laid is theirs on the table too.
    melded = teacher.get(base + "?step=2").content.decode()
    assert "You put" in melded and re.search(
        r'<ul class="melds"><li[^>]*>You \(the class\):', melded
    )
    # Named once for a screen reader, as at the table: the owner and the cards' names,
    # the cards drawn hidden (not an aria-label over the drawing, read again card by card).
    meld = melded.split('<ul class="melds">', 1)[1].split("</li>", 1)[0]
    assert meld.startswith("<li>"), meld[:80]
    spoken = re.search(
        r'<span class="visually-hidden">([^<]*)</span><span aria-hidden="true">', meld
    )
    assert spoken is not None and "of" in spoken[1], meld


def test_the_projector_speaks_to_the_class_as_to_many_and_a_learners_table_to_one(
    teacher: Client,
) -> None:
    """The Italian proofreading: the class's seat was «Tu (la classe)», told «tocca a
    te», and the log and the answer said «Hai calato…», «Cala…» to it: a whole class is
    «voi». The class's moves are said in their own context (:data:`game.explain.CLASS_DID`),
    never in a single learner's words, which stay as they were; the right move is named,
    not ordered (:data:`~game.explain.CLASS_SUGGESTIONS`: «La mossa giusta: Calare…», the
    Italian teacher's walk found «Calate…», an order, where the bars name each move too);
    English says "You" to both."""
    from django.utils import translation

    from game import explain
    from game.engine import MoveKind

    base = "/it/classroom/projector/guided/basic-01-groups-and-runs/"
    shown = teacher.get(base + "?step=1&reveal=1").content.decode()
    log = re.search(r'<ol class="log__lines projector__log">(.*?)</ol>', shown, re.S)
    answer = re.search(r'class="projector__answer"[^>]*>\s*<p><strong>[^:]*: ([^<]*)', shown)
    assert log is not None and answer is not None
    params = {"name": "Giulia", "cards": ["7S", "7H", "7D"], "card": "7S", "knocker": True}
    with translation.override("it"):
        drew = explain.CLASS_DID[MoveKind.DRAW_STOCK].render({})
        drew_alone = explain.YOU_DID[MoveKind.DRAW_STOCK].render({})
        tu = {explain.SUGGESTIONS[kind].render(params).split(" ", 1)[0] for kind in MoveKind}
        named = {
            explain.CLASS_SUGGESTIONS[kind].render(params).split(" ", 1)[0] for kind in MoveKind
        }
    assert drew in log[1] and drew_alone not in log[1], log[1]
    said = answer[1].split(" ", 1)[0]
    assert said in named - tu and re.fullmatch(r"\w+(are|ere|ire)", said), answer[1]
    # English: "You" to the class as to one learner.
    with translation.override("en"):
        for kind in MoveKind:
            assert explain.CLASS_DID[kind].render(params) == explain.YOU_DID[kind].render(params)
            assert explain.CLASS_SUGGESTIONS[kind].render(params) == explain.SUGGESTIONS[
                kind
            ].render(params)


# ------------------------------------------------------------------ a pupil's practice hand
def a_class_with_ona() -> tuple[Client, Any, Any, Any]:
    """Ms Jones logged in (her client), her class 5B, and Ona's learner and pupil in it."""
    teacher_user = User.objects.create_user("ms-jones")
    teacher = Client()
    teacher.force_login(teacher_user)
    classroom = classes.class_create(teacher=teacher_user, name="5B", language="en")
    ona = factories.learner("Ona")
    pupil = classes.class_join(learner=ona, code=classroom.join_code, name="Ona").pupil
    return teacher, classroom, ona, pupil


def test_a_pupils_finished_hand_on_the_projector_move_by_move() -> None:
    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("gin", 2, owner=ona, seed=9)
    unfinished = factories.table("knock", 2, owner=ona, seed=3)
    state = factories.play_hand_out(table)
    base = f"/en/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/"

    listing = teacher.get(base).content.decode()
    assert f"{base}{table.public_id}/1/" in listing
    assert unfinished.public_id not in listing  # no finished hand there yet
    class_page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert base in class_page

    hand = base + f"{table.public_id}/1/"
    first = teacher.get(hand).content.decode()
    assert "Move 1 of" in first and 'rel="next"' in first and 'rel="prev"' not in first
    # Every hand face up at the start; as Ona saw it, only hers.
    assert cards_shown(first) >= 2 * 10  # Gin: ten cards each
    learner_view = teacher.get(hand + "?view=learner").content.decode()
    assert cards_shown(learner_view) < cards_shown(first)
    assert "face down" in learner_view
    # Ona's own move has the coach's view.
    mine = next(i for i, e in enumerate(state.hand.log) if e.player == 0)
    coached = teacher.get(hand + f"?move={mine}").content.decode()
    assert 'class="projector__answer"' in coached
    theirs = next(i for i, e in enumerate(state.hand.log) if e.player == 1)
    assert 'class="projector__answer"' not in teacher.get(hand + f"?move={theirs}").content.decode()
    end = teacher.get(hand + "?move=999").content.decode()
    assert "From the start" in end and 'rel="next"' not in end
    # Her seat is called by her name in the class, not the one the table was given.
    pupil.name = "Ona K."
    pupil.save()
    assert '<p class="projector__name">Ona K.' in teacher.get(hand).content.decode()

    # Only Ona's teacher, only Ona's tables, only hands that exist.
    other = Client()
    other.force_login(User.objects.create_user("mr-smith"))
    assert other.get(hand).status_code == 404
    assert other.get(base).status_code == 404
    stranger = factories.table("gin", 2, owner=factories.learner("Petras"), seed=9)
    factories.play_hand_out(stranger)
    assert teacher.get(base + f"{stranger.public_id}/1/").status_code == 404
    assert teacher.get(base + f"{table.public_id}/7/").status_code == 404
    assert teacher.get(base + f"{unfinished.public_id}/1/").status_code == 404


def test_a_projected_hand_gives_no_computer_player_the_pupils_name_in_the_class() -> None:
    """The Italian teacher's walk: a pupil's table had another name than hers in the
    class, a computer player took her class name, and the projector showed "Giulia
    (tu)" against a computer "Giulia". Here Ona's table calls her Aistė, and its
    computer player is Ona there; on the projector (where she is Ona) it takes neither
    her name nor her classmates' (Ben, Marta), in the list of her hands too."""
    from game.practice.services import seat_names as names_at_the_table

    teacher, classroom, ona, pupil = a_class_with_ona()
    for name in ("Ben", "Marta"):
        classes.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    table = factories.table("gin", 2, owner=ona, name="Aistė", seed=9)
    factories.play_hand_out(table)
    assert names_at_the_table(table) == ["Aistė", "Ona"]  # at her table, as before
    base = f"/en/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/"
    for query in ("", "?move=3", "?move=999"):
        hand = teacher.get(base + f"{table.public_id}/1/{query}").content.decode()
        names = [n.split(" · ")[0].strip() for n in re.findall(r'projector__name">([^<]*)<', hand)]
        assert names == ["Ona", "Luca"], (query, names)
    listing = teacher.get(base).content.decode()
    assert "Luca" in listing and not re.search(
        r"\b(Ona|Ben|Marta)\b", listing.split("<h1", 1)[1].split("</h1>", 1)[1]
    ), listing


def test_a_pupils_hand_as_they_saw_it_hides_the_computers_face_down_knock_discard() -> None:
    """Gin laid out by hand: after the computer knocks, its discard lies face down while
    the knocker lays out and the pupil lays off. "As the pupil saw it" showed it."""
    from game.engine import Knock
    from game.practice.services import table_state

    teacher, classroom, ona, pupil = a_class_with_ona()
    for seed in range(1, 60):
        table = factories.table("gin", 2, owner=ona, seed=seed, players_lay_out=True)
        hand = factories.play_hand_out(table).hand
        knock = next((i for i, m in enumerate(hand.moves) if isinstance(m, Knock)), None)
        if knock is not None and hand.log[knock].player == 1 and len(hand.moves) > knock + 2:
            break
    else:
        raise AssertionError("no hand where the computer knocked and the play went on")
    hidden = str(table_state(table=table).hand.moves[knock].discard)  # type: ignore[attr-defined]
    url = f"/en/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/{table.public_id}/1/"
    after = knock + 1
    as_seen = teacher.get(url, {"move": after, "view": "learner"}).content.decode()
    assert f'data-card="{hidden}"' not in as_seen and "card--back" in as_seen
    face_up = teacher.get(url, {"move": after}).content.decode()
    assert f'data-card="{hidden}"' in face_up


def test_a_projected_page_does_not_show_the_teachers_user_name() -> None:
    """The Russian teacher's walk: the join page on the projector, the live exercise and
    the projected guided hands showed "marina.petrovna Log out" in the header, half of
    her log-in before the class. The projected pages leave the account out; the class
    page (not projected) still has it."""
    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("gin", 2, owner=ona, seed=9)
    factories.play_hand_out(table)
    base = f"/en/classroom/{classroom.public_id}/"
    teacher.post(base + "live/start/", {"scenario": "knock-02-everyone-pays"})
    projected = [
        base + "projector/",
        base + "live/",
        "/en/classroom/projector/",
        "/en/classroom/projector/guided/gin-01-first-knock/",
        base + f"pupils/{pupil.pk}/hands/{table.public_id}/1/",
    ]
    for url in projected:
        response = teacher.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert "ms-jones" not in html and "Log out" not in html, url
        assert "Log in" not in html, url  # nor an offer to log in: she is logged in
    class_page = teacher.get(base).content.decode()
    assert "ms-jones" in class_page and "Log out" in class_page


def test_the_class_seat_on_the_projector_has_its_own_your_turn_tag(teacher: Client) -> None:
    """The Russian teacher's walk: the class's seat read «Вы (класс) · ходит», the
    shared third-person "to play" beside "you". The class's seat has its own tag, "your
    turn" (its own msgid, with a context), the other seats keep "to play"."""
    from unittest import mock

    from classroom import projector

    page = teacher.get(BASE).content.decode()
    assert "You (the class) · your turn" in page
    assert "You (the class) · to play" not in page
    with mock.patch.object(projector, "pgettext", lambda context, msgid: f"[{context}|{msgid}]"):
        marked = teacher.get(BASE).content.decode()
    assert "You (the class) · [the class&#x27;s seat on the projector|your turn]" in marked


def test_a_projected_italian_hand_says_its_own_class_words_and_a_learners_hand_tu(
    teacher: Client, client: Client
) -> None:
    """The Italian teacher's walk: the projector said «Cominci tu», «Hai bussato», «La
    tua prima bussata» to thirty pupils, a learner's words. The projected hand says
    the class's own (``class_title``, ``class_prompt``, ``class_right``: «voi»); a
    learner's own guided hand still says «tu»."""
    import html as html_module

    def said(page: str) -> str:
        return html_module.unescape(re.sub(r"<[^>]+>", "", page))

    base = f"/it/classroom/projector/guided/{SLUG}/"
    asked = said(teacher.get(base).content.decode())
    assert "La vostra prima bussata" in asked and "Cominciate voi. Guardate" in asked
    assert "La tua prima bussata" not in asked and "Cominci tu" not in asked
    answered = said(teacher.get(base + "?step=1&reveal=1").content.decode())
    assert "Avete bussato con 1 punto" in answered and "Hai bussato" not in answered
    assert "Quale scartate, e potete bussare adesso?" in answered
    index = said(teacher.get("/it/classroom/projector/").content.decode())
    assert "La vostra prima bussata" in index and "Bussate presto" in index
    # A learner at home: «tu», as before.
    own = said(client.get(f"/it/guided/{SLUG}/").content.decode())
    assert "La tua prima bussata" in own and "Cominci tu. Guarda" in own
    assert "Cominciate voi" not in own and "La vostra" not in own
    # English "you" fits a class: the projector says the learner's words.
    assert "You play first. Look at the discard pile" in said(teacher.get(BASE).content.decode())


def test_a_pupils_projected_hand_tells_the_class_of_the_pupil_by_name() -> None:
    """The class watching Ona's hand is not Ona: the projector called her seat "Ona
    (you)" and said "You drew…", "You played: … The coach preferred: …" and "The case
    for your move" to thirty pupils. Her seat, its melds, her moves and the coach's
    verdict now name her; her own review of the hand still says "you". (The coach's
    reasons under the verdict are its advice to the seat's player, said to the class in
    its own words: the next test.)"""
    from game.engine import Advice, Card, CoachReason, Discard, RankedMove, Why
    from game.practice import presenters as practice_presenters

    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("gin", 2, owner=ona, seed=9)
    state = factories.play_hand_out(table)
    hand = f"/en/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/{table.public_id}/1/"
    hers = [i for i, e in enumerate(state.hand.log) if e.player == 0]
    told = []
    for move in [*hers, len(state.hand.log)]:
        page = teacher.get(hand, {"move": move + 1}).content.decode()
        names = [n.split(" · ")[0].strip() for n in re.findall(r'projector__name">([^<]*)<', page)]
        assert names[0] == "Ona", names
        for you in ("(you)", "You ", "your move", "Your move"):
            assert you not in page.split("<main", 1)[1], (move, you)
        prompt = re.search(r'class="projector__prompt">([^<]*)<', page)
        if prompt is not None:
            told.append(prompt[1])
    assert any(line.startswith("Ona ") for line in told), told
    # The verdict on a move the coach did not prefer names the player when told to others
    # (her own review, ``by_name`` unset, still says "You played": test_views).

    def ranked(code: str, rank: int, score: float) -> RankedMove:
        reason = CoachReason(Why.DISCARD_HIGH, {"card": code, "points": 10})
        return RankedMove(Discard(Card.parse(code)), score, rank, (reason,))

    advice = Advice(0, (ranked("KC", 1, 13.6), ranked("2C", 2, 20.0)))
    move = Discard(Card.parse("2C"))
    told_of = practice_presenters.move_verdict(advice, move, ["Ona", "Luca"], player="Ona")
    said_to = practice_presenters.move_verdict(advice, move, ["Ona", "Luca"])
    assert told_of.text.startswith("Ona played: ") and said_to.text.startswith("You played: ")


#: A single learner's «tu» in the coach's Italian reasons («Prendi il 7♦: …», «…delle tue
#: carte spaiate…», «Tieni…», «…contro di te»), and the class's «voi».
TU = re.compile(
    r"\b(?:tu|tua|tue|tuo|tuoi|ti|te|Prendi|Tieni|Pesca|Bussa|Aspetta|Chiudi|Cala|Attacca"
    r"|Hai|hai|puoi|Puoi|formi|rompi|faresti|stai|cali|finisci|liberatene)\b"
)
VOI = re.compile(
    r"\b(?:voi|vostra|vostre|vostro|vostri|vi|Prendete|Tenete|Pescate|Bussate|Aspettate"
    r"|Chiudete|Calate|Attaccate|Avete|avete|potete|Potete|formate|rompete|fareste|state"
    r"|calate|finite|liberatevene)\b"
)


def coach_reasons(page: str, box: str, end: str) -> list[str]:
    """The coach's reasons on a page: the items of its box (``box`` to ``end``)."""
    import html as html_module

    if box not in page:
        return []
    shown = page.split(box, 1)[1].split(end, 1)[0]
    return [
        html_module.unescape(re.sub(r"<[^>]+>", "", item))
        for item in re.findall(r"<li>(.*?)</li>", shown, re.S)
    ]


def test_the_coachs_reasons_on_a_projected_hand_speak_to_the_class() -> None:
    """The Italian teacher's walk: under «Ona ha giocato: …» the coach's reasons said
    «Prendi il 7♦: …», «Il conto delle tue carte spaiate…», «Tieni…» to thirty pupils, a
    single learner's words. On the projector they are said to the class
    (:data:`game.explain.CLASS_REASONS`, «Prendete…», «…delle vostre carte spaiate…»);
    Ona's own review of the hand still says «tu». English "you" fits both: the same
    reasons, word for word."""
    from learners.services import SESSION_KEY

    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("gin", 2, owner=ona, seed=9)
    state = factories.play_hand_out(table)
    own = Client()
    session = own.session
    session[SESSION_KEY] = ona.pk
    session.save()
    moves = range(len(state.hand.log) + 1)

    def projected(language: str, move: int) -> list[str]:
        page = teacher.get(
            f"/{language}/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/"
            f"{table.public_id}/1/",
            {"move": move},
        ).content.decode()
        return coach_reasons(page, 'class="projector__answer"', "</div>")

    def reviewed(language: str, move: int) -> list[str]:
        page = own.get(
            f"/{language}/practice/{table.public_id}/review/1/", {"move": move}
        ).content.decode()
        return coach_reasons(page, '<section class="coach"', "</section>")

    to_class = [r for m in moves for r in projected("it", m)]
    to_ona = [r for m in moves for r in reviewed("it", m)]
    assert to_class and len(to_class) == len(to_ona), (to_class, to_ona)
    for said in to_class:
        assert not TU.search(said), said
    assert any(VOI.search(said) for said in to_class), to_class
    for said in to_ona:
        assert not VOI.search(said), said
    assert any(TU.search(said) for said in to_ona), to_ona
    # English: "you" to a class as to one learner.
    for move in moves:
        assert projected("en", move) == reviewed("en", move), move


def test_a_pupils_projected_hand_names_the_moves_it_quotes() -> None:
    """The Italian teacher's walk: Ona's hand on the projector quoted her buttons, a
    single learner's orders, «Ona ha giocato: «Prendi lo scarto»» and «Perché il tutor
    preferisce «Pesca dal tallone»», above the class's «Pescate dal tallone: …». A move
    the verdict and its headings quote is named as every move is on the projector,
    :data:`game.explain.CLASS_SUGGESTIONS`: the infinitive, «Prendere lo scarto»,
    «Pescare dal tallone» (as lt and ru name a move). Ona's own review still quotes her
    buttons; English is as it was."""
    from game.engine import Move
    from game.practice import services as practice
    from learners.services import SESSION_KEY

    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("gin", 2, owner=ona, seed=9)
    assert practice.table_state(table=table).my_turn
    # Ona takes the discard where the coach draws from the stock (the walk's move).
    practice.table_move(
        table=table, version=table.version, move=Move.parse("draw discard"), confirmed=True
    )
    table.refresh_from_db()
    factories.play_hand_out(table)
    hand = f"/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/{table.public_id}/1/"

    def box(page: str) -> str:
        import html as html_module

        shown = page.split('class="projector__answer"', 1)[1].split("</div>", 1)[0]
        return html_module.unescape(re.sub(r"<[^>]+>", "", shown))

    projected = box(teacher.get("/it" + hand, {"move": 0}).content.decode())
    assert (
        "Ona ha scelto la mossa «Prendere lo scarto». "
        "Il tutor avrebbe preferito «Pescare dal tallone»." in projected
    ), projected
    assert "Cosa c'è di buono nella mossa «Prendere lo scarto»" in projected, projected
    assert "Perché il tutor preferisce «Pescare dal tallone»" in projected, projected
    # Every move it quotes is named by its infinitive: never «Prendi…», «Prendete…».
    quoted = re.findall(r"«([^»]*)»", projected)
    assert quoted and all(re.match(r"\w+(are|ere|ire) ", q + " ") for q in quoted), quoted
    # Her own review of the hand quotes the buttons she pressed; English as before.
    own = Client()
    session = own.session
    session[SESSION_KEY] = ona.pk
    session.save()
    review = own.get(f"/it/practice/{table.public_id}/review/1/", {"move": 0}).content.decode()
    assert (
        "Hai giocato: «Prendi lo scarto». Il tutor avrebbe preferito: «Pesca dal tallone»."
        in review
    )
    english = box(teacher.get("/en" + hand, {"move": 0}).content.decode())
    assert "Ona played: Take the discard. The coach preferred: Draw from the stock." in english


def test_the_projected_join_steps_speak_to_the_class_in_italian(teacher: Client) -> None:
    """The join page is projected to the whole class: its steps say «voi» in Italian
    («Aprite…», «Scrivete…»), as lt and ru already spoke to many (h8's proofreading found
    «Apri», «Scrivi il tuo nome e premi…»)."""
    user = User.objects.get(username="ms-jones")
    classroom = classes.class_create(teacher=user, name="5B", language="it")
    page = teacher.get(f"/it/classroom/{classroom.public_id}/projector/").content.decode()
    steps = page.split('<ol class="projector__steps">', 1)[1].split("</figure>", 1)[0]
    for voi in ("Aprite", "Scrivete questo codice", "il vostro nome", "premete", "inquadrate"):
        assert voi in steps, voi
    for tu in ("Apri ", "Scrivi ", "il tuo nome", "premi ", "inquadra "):
        assert tu not in steps, tu


def test_the_projected_join_pages_heading_speaks_to_the_class(teacher: Client) -> None:
    """Above «Aprite…», «Scrivete…» the projected join page's heading said «Iscriviti alla
    classe 5B», a single pupil's «tu» (its words were the pupil's own join page's, the
    same msgid): «tu» and «voi» on one screen. The projector's heading (and its tab's
    title) has words of its own, said to the class; a pupil's join page keeps «tu»."""
    from unittest import mock

    from django.utils import translation as django_translation

    user = User.objects.get(username="ms-jones")
    classroom = classes.class_create(teacher=user, name="5B", language="it")
    projected = f"/it/classroom/{classroom.public_id}/projector/"
    real = django_translation.pgettext

    def marked(context: str, msgid: str) -> str:
        return f"[{context}|{msgid}]" if msgid.startswith("Join ") else real(context, msgid)

    with mock.patch.object(django_translation, "pgettext", marked):
        page = teacher.get(projected).content.decode()
    heading = page.split('<h1 id="projector-title">', 1)[1].split("</h1>", 1)[0]
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    said = "[the join page on the projector, said to the whole class|Join 5B]"
    assert heading == said and title.startswith(said), (heading, title)
    # In Italian: «voi» on the projector, «tu» on a pupil's own join page.
    page = teacher.get(projected).content.decode()
    assert "Iscrivetevi alla classe 5B" in page and "Iscriviti alla classe" not in page
    own = Client().get(f"/it/join/{classroom.join_code}/").content.decode()
    assert "Iscriviti alla classe 5B" in own, own


@pytest.mark.parametrize(
    ("joined", "said"),
    [
        (0, "Dar niekas neprisijungė."),
        (1, "Prisijungė 1 mokinys"),
        (2, "Prisijungė 2 mokiniai"),
        (10, "Prisijungė 10 mokinių"),
        (21, "Prisijungė 21 mokinys"),
    ],
)
def test_the_projected_join_page_says_how_many_pupils_have_joined(
    teacher: Client, joined: int, said: str
) -> None:
    """The Lithuanian teacher's walk: with phones joining all over the room, the
    projected join page never said whether everyone was in; the count was on the class
    page, on another screen. It says so now, with Lithuanian's three forms (1 mokinys,
    2 mokiniai, 10 mokinių, 21 mokinys)."""
    user = User.objects.get(username="ms-jones")
    classroom = classes.class_create(teacher=user, name="3A", language="lt")
    for n in range(joined):
        learner = factories.learner(f"Vaikas{n}")
        classes.class_join(learner=learner, code=classroom.join_code, name=f"Vaikas {n}")
    page = teacher.get(f"/lt/classroom/{classroom.public_id}/projector/").content.decode()
    shown = page.split('id="projector-joined"', 1)[1].split("</p>", 1)[0]
    assert said in shown


def test_the_projected_join_count_is_asked_again_and_redrawn_only_when_it_changed(
    teacher: Client,
) -> None:
    """The count redraws itself as pupils join (htmx asks the page again, with the count
    it shows): 204 while nobody new has joined, the count alone when someone has; a
    teacher's class only."""
    user = User.objects.get(username="ms-jones")
    classroom = classes.class_create(teacher=user, name="3A", language="lt")
    url = f"/lt/classroom/{classroom.public_id}/projector/"
    page = teacher.get(url).content.decode()
    assert f'hx-get="{url}?pupils=0"' in page
    polled = {"HTTP_HX_REQUEST": "true"}
    assert teacher.get(url + "?pupils=0", **polled).status_code == 204
    classes.class_join(learner=factories.learner("Ona"), code=classroom.join_code, name="Ona")
    again = teacher.get(url + "?pupils=0", **polled)
    part = again.content.decode()
    assert again.status_code == 200 and "Prisijungė 1 mokinys" in part
    assert f'hx-get="{url}?pupils=1"' in part and "<html" not in part
    assert teacher.get(url + "?pupils=1", **polled).status_code == 204
    other = Client()
    other.force_login(User.objects.create_user("mr-smith"))
    assert other.get(url + "?pupils=0", **polled).status_code == 404


def test_a_pupils_projected_hand_is_named_by_its_number_in_lithuanian() -> None:
    """h6's walk: the projected hand's heading read «Ona: 1 dalijimas», which a class
    reads as "Ona: 1 hand" (a count), while the list one click before says «Dalijimas 1»
    and the class's tables «dalijimas 1». It says «Ona: dalijimas 1» now."""
    teacher, classroom, ona, pupil = a_class_with_ona()
    table = factories.table("basic", 2, owner=ona, seed=5)
    factories.play_hand_out(table)
    base = f"/lt/classroom/{classroom.public_id}/pupils/{pupil.pk}/hands/"
    page = teacher.get(f"{base}{table.public_id}/1/").content.decode()
    heading = page.split("<h1", 1)[1].split("</h1>", 1)[0]
    assert "Ona: dalijimas 1" in heading and "1 dalijimas" not in heading


@pytest.mark.parametrize(("language", "words"), [("en", "no cards left"), ("lt", "kortų neliko")])
def test_a_projected_seat_out_of_cards_says_so_not_zero_cards_face_down(
    teacher: Client, language: str, words: str
) -> None:
    """h6's walk: at the end of a live exercise the class's seat, which had gone out, read
    «Jūs (klasė) 0 užverstų kortų» ("0 cards, face down", as if its cards were hidden).
    A seat with no cards left says so."""
    slug = "basic-02-stock-or-discard"
    end = teacher.get(f"/{language}/classroom/projector/guided/{slug}/?step=99").content.decode()
    learner_seat = end.split("projector__seat--learner", 1)[1].split("</li>", 1)[0]
    assert words in learner_seat
    assert not re.search(r">\s*0 [^<]*(face down|užvers)", end)


@pytest.mark.parametrize("slug", ["basic-01-groups-and-runs", "knock-02-everyone-pays"])
def test_the_projected_log_is_numbered_as_in_the_whole_hand(teacher: Client, slug: str) -> None:
    """The projector shows a hand's latest lines (four, two of them on a live page): they
    were numbered from 1 at every step ("1. Ona drew…" for the hand's ninth move; h2's
    finding), a list without its start. Each line now has its number in the hand, also
    when CSS hides the ones before it (a hidden line is not counted by the browser)."""
    scenario = scenarios.get(slug)
    assert scenario is not None
    line = scenarios.right_line(scenario)
    longest = 0
    for step in range(len(line) + 1):
        moves = len(scenarios.replay(scenario, line[:step]).hand.view(LEARNER).log)
        html = teacher.get(f"/en/classroom/projector/guided/{slug}/?step={step}").content.decode()
        found = re.search(r'<ol class="log__lines projector__log[^"]*">(.*?)</ol>', html, re.S)
        if moves == 0:
            assert found is None, step
            continue
        assert found is not None, step
        numbers = [int(n) for n in re.findall(r'<li value="(\d+)">', found.group(1))]
        assert numbers and len(numbers) == found.group(1).count("<li"), (step, found.group(1))
        assert numbers == list(range(moves - len(numbers) + 1, moves + 1)), (step, numbers)
        longest = max(longest, moves)
    assert longest > 4  # past the lines shown: the first shown is not 1


def test_the_projected_join_count_leaves_out_the_pupils_removed(teacher: Client) -> None:
    """A removed pupil's row stays (their work is kept), and one who joins again has a
    second: the projector counted them all ("3 pupils have joined" to a class of two,
    and never fewer after a removal)."""
    user = User.objects.get(username="ms-jones")
    classroom = classes.class_create(teacher=user, name="3A", language="en")
    pupils = [
        classes.class_join(learner=factories.learner(n), code=classroom.join_code, name=n).pupil
        for n in ("Ona", "Jonas", "Rasa")
    ]
    url = f"/en/classroom/{classroom.public_id}/projector/"
    assert "3 pupils have joined" in teacher.get(url).content.decode()
    classes.pupil_remove(pupil=pupils[0])
    assert "2 pupils have joined" in teacher.get(url).content.decode()
    again = teacher.get(url + "?pupils=3", HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and "2 pupils have joined" in again.content.decode()


def test_the_projected_join_count_after_a_log_out_sends_the_page_to_the_log_in() -> None:
    """Logged out in another tab, the projector's count poll was sent to the log-in page,
    which htmx drew into the count on the projected screen. The poll now sends the whole
    page there, as the class page's poll does; the page itself still asks for a log-in."""
    user = User.objects.create_user("ms-jones")
    classroom = classes.class_create(teacher=user, name="3A", language="en")
    url = f"/en/classroom/{classroom.public_id}/projector/"
    anonymous = Client()
    polled = anonymous.get(url + "?pupils=0", HTTP_HX_REQUEST="true")
    assert polled.status_code == 204
    assert polled.headers["HX-Redirect"] == f"/en/accounts/login/?next={url}"
    page = anonymous.get(url)
    assert page.status_code == 302 and page.headers["Location"].startswith("/en/accounts/login/")
