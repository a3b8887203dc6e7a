"""The lesson files and pages: complete in every language, rendered, navigated, remembered."""

from __future__ import annotations

import itertools
import re

import pytest
from django.test import Client

from game.engine import Game
from game.guided import scenarios as guided
from lessons import content
from lessons.models import Lesson, LessonRead
from rummy_site.languages import codes as languages

LANGUAGES = languages()


def test_the_lesson_files_have_no_problems() -> None:
    """A lesson missing in a language, or shortcodes that differ from English, fail here."""
    assert content.problems() == []


@pytest.mark.parametrize("game", [g.value for g in Game])
def test_each_game_has_at_least_six_lessons_and_a_summary(game: str) -> None:
    for language in LANGUAGES:
        assert len(content.lesson_paths(language, game)) >= 6, f"{language}/{game}"
        assert (content.CONTENT_DIR / language / game / "summary.md").exists()
    assert all((content.CONTENT_DIR / lang / "glossary.md").exists() for lang in LANGUAGES)


def test_a_translation_with_other_headings_is_caught(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A glossary (or lesson) whose sections and entries differ from the English one's:
    a concept explained in one language and missing in another."""
    english = "---\ntitle: G\n---\n## Cards\n### Deck\nx\n### Suit\ny\n"
    for lang in LANGUAGES:
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "glossary.md").write_text(english)
    (tmp_path / "lt" / "glossary.md").write_text(english.replace("### Suit\ny\n", ""))
    monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
    assert content.problems() == [
        "lt/glossary.md: its headings differ from the English file's (sections (1,) of "
        "### entries, English (2,))"
    ]


def test_every_kind_of_check_is_used() -> None:
    kinds = {
        code.args.split()[0]
        for document in content.all_documents()
        for code in document.shortcodes
        if code.kind == "check"
    }
    assert kinds == set(content.CHECK_KINDS)


def test_linked_guided_hands_exist() -> None:
    for document in content.all_documents():
        for slug in document.guided:
            assert guided.get(slug) is not None, f"{document.path}: no guided hand {slug}"


def test_a_missing_translation_and_different_shortcodes_are_caught(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for lang in LANGUAGES:
        (tmp_path / lang / "gin").mkdir(parents=True)
    text = "---\ntitle: T\n---\nSee [cards 7H 8H 9H] and [check meld 7H 8H 9S].\n"
    (tmp_path / "en" / "gin" / "01-x.md").write_text(text)
    (tmp_path / "lt" / "gin" / "01-x.md").write_text(text)
    (tmp_path / "ru" / "gin" / "01-x.md").write_text(text.replace("9S", "9H"))
    monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
    found = content.problems()
    assert "ru/gin/01-x.md: its shortcodes differ from the English file's" in found
    assert "it/gin/01-x.md: missing (the English file exists)" in found
    (tmp_path / "it" / "gin" / "01-x.md").write_text(
        text.replace("[check meld 7H 8H 9S]", "[check fly 7H]")
    )
    assert any("unknown check" in p for p in content.problems())


def test_a_broken_english_lesson_is_one_problem_not_four(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A mistake in an English file is named once: its translations are not also
    said to have "no English original" (the file is there; it failed to read)."""
    for lang in LANGUAGES:
        (tmp_path / lang / "gin").mkdir(parents=True)
        (tmp_path / lang / "gin" / "01-x.md").write_text(
            "---\ntitle: T\n---\nSee [check deadwood 7H 8H 9H].\n"
        )
    (tmp_path / "en" / "gin" / "01-x.md").write_text(
        "---\ntitle: T\n---\nSee [check deadwood 7H 8H 1H].\n"
    )
    (tmp_path / "lt" / "gin" / "02-y.md").write_text("---\ntitle: Y\n---\nY.\n")
    monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
    found = content.problems()
    assert len(found) == 2, found
    assert "en/gin/01-x.md" in found[0] and "1H" in found[0]
    assert found[1] == "lt/gin/02-y.md: has no English original"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_table_stands_in_a_box_that_scrolls_sideways(
    client: Client, loaded_lessons: None, language: str
) -> None:
    """The English Gin week's walk on a 320 px phone: the scoring table broke its words,
    "knoc|ker", "defe|nder" (a break anywhere let the table fit the screen). Its words
    stay whole now, and a table wider than the screen scrolls sideways in its box: every
    table of every lesson, summary and glossary is in one, which takes the focus (the
    keyboard scrolls it) and is named by the table's column headings, no two alike on a
    page (axe: scrollable-region-focusable, landmark-unique)."""
    tables = 0
    for lesson in Lesson.objects.filter(language=language):
        if lesson.kind == Lesson.Kind.LESSON:
            url = f"/{language}/lessons/{lesson.game}/{lesson.slug}/"
        elif lesson.kind == Lesson.Kind.SUMMARY:
            url = f"/{language}/lessons/{lesson.game}/summary/"
        else:
            url = f"/{language}/lessons/glossary/"
        html = client.get(url).content.decode()
        boxes = re.findall(
            r'<div class="table-scroll" role="region" aria-label="([^"]+)" tabindex="0">'
            r"<table>.*?</table></div>",
            html,
            re.S,
        )
        assert len(boxes) == html.count("<table"), url
        assert len(set(boxes)) == len(boxes), (url, boxes)
        tables += len(boxes)
    assert tables >= 10  # the scoring tables of the three games, and more
    if language == "en":
        page = client.get("/en/lessons/gin/scoring-a-hand/").content.decode()
        assert 'aria-label="Result, Who scores, How much" tabindex="0"><table>' in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_renders_in_every_language(
    client: Client, loaded_lessons: None, language: str
) -> None:
    lessons = Lesson.objects.filter(language=language)
    assert lessons.count() >= 3 * 7 + 1
    for lesson in lessons:
        if lesson.kind == Lesson.Kind.LESSON:
            url = f"/{language}/lessons/{lesson.game}/{lesson.slug}/"
        elif lesson.kind == Lesson.Kind.SUMMARY:
            url = f"/{language}/lessons/{lesson.game}/summary/"
        else:
            url = f"/{language}/lessons/glossary/"
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 200, url
        assert f'<html lang="{language}">' in html
        assert (
            f"<title>{lesson.title}" in html.replace("&#x27;", "'").replace("&quot;", '"')
            or lesson.title[:20] in html
        )
        assert 'name="description"' in html and 'hreflang="lt"' in html
        assert "<!--cards:" not in html and "<!--check:" not in html
        assert html.count('class="check ') == (len(lesson.checks) if lesson.kind == "lesson" else 0)
        # Each check is a landmark named by its title: no two alike (axe: landmark-unique).
        titles = [
            re.sub(r"<[^>]+>", "", title)
            for title in re.findall(r'<h3 class="check__title"[^>]*>(.*?)</h3>', html, re.S)
        ]
        assert len(set(titles)) == len(titles), (url, titles)


@pytest.mark.django_db
def test_index_navigation_and_progress(client: Client, loaded_lessons: None) -> None:
    index = client.get("/en/lessons/").content.decode()
    assert index.count("<progress") == 3
    first, second = Lesson.objects.filter(language="en", game="gin", kind="lesson").order_by(
        "order"
    )[:2]
    page = client.get(f"/en/lessons/gin/{first.slug}/").content.decode()
    assert f"/en/lessons/gin/{second.slug}/" not in re.findall(r'rel="prev"[^>]*', page)
    assert "Lesson 1 of" in page
    response = client.post(f"/en/lessons/gin/{first.slug}/read/")
    assert response.status_code == 303 and response["Location"] == f"/en/lessons/gin/{second.slug}/"
    assert LessonRead.objects.filter(game="gin", slug=first.slug).exists()
    game = client.get("/en/lessons/gin/").content.decode()
    # Read is not mastered (the pedagogy review: "0 of 4 right" still ticked the lesson).
    assert "lesson-list__read" in game and "0 of" in game and "✓" not in game
    # Progress is per lesson, not per language: reading in English counts in Italian too.
    assert "lesson-list__read" in client.get("/it/lessons/gin/").content.decode()


@pytest.mark.django_db
def test_unknown_lessons_and_games(client: Client, loaded_lessons: None) -> None:
    assert client.get("/en/lessons/poker/").status_code == 404
    assert client.get("/en/lessons/gin/no-such-lesson/").status_code == 404
    assert client.post("/en/lessons/gin/no-such-lesson/read/").status_code == 404
    slug = Lesson.objects.filter(language="en", game="gin", kind="lesson").first().slug  # type: ignore[union-attr]
    assert client.post(f"/en/lessons/gin/{slug}/check/99/", {"answer": "1"}).status_code == 404


@pytest.mark.django_db
def test_lessons_lead_into_their_guided_hands(client: Client, loaded_lessons: None) -> None:
    linked = Lesson.objects.filter(language="ru", kind="lesson").exclude(guided=[]).first()
    assert linked is not None
    html = client.get(f"/ru/lessons/{linked.game}/{linked.slug}/").content.decode()
    for slug in linked.guided:
        assert f"/ru/guided/{slug}/" in html


def test_card_rows_stay_where_the_text_puts_them() -> None:
    """The pedagogy review: Gin lesson 5's "Way A" and "Way B" (two card rows on one line)
    were drawn below the table that follows, in every language. In every lesson of every
    language the rows come out in the order of the text, each inside its paragraph."""
    from lessons.render import CARDS_MARK, render_document

    for document in content.all_documents():
        html, _checks = render_document(document)
        written = [" ".join(m.split()) for m in re.findall(r"\[cards ([^\]]*)\]", document.body)]
        drawn = [" ".join(m.split()) for m in CARDS_MARK.findall(html)]
        assert drawn == written, document.path
        for block in re.split(r"\n(?=<(?:p|h\d|table|ul|ol|blockquote)\b)", html):
            if CARDS_MARK.search(block):
                assert re.match(r"<(p|li|table|ul|ol|blockquote)\b", block), (
                    document.path,
                    block[:80],
                )
    gin5 = next(
        d
        for d in content.all_documents()
        if d.game == "gin" and d.path.name.startswith("05") and d.language == "en"
    )
    html, _checks = render_document(gin5)
    way_a = html.index("<strong>Way A.</strong>")
    way_b = html.index("<strong>Way B.</strong>")
    assert "<!--cards:4H 4S 4D-->" in html[way_a:way_b]
    assert "<!--cards:8C 9C TC JC-->" in html[way_a:way_b]


def test_a_guided_hand_is_not_linked_before_its_move_is_taught() -> None:
    """The pedagogy review: "Your first knock" was linked from Gin lesson 3, before
    knocking is taught in lesson 4."""
    for language in languages():
        lessons = [
            d
            for d in content.all_documents()
            if d.language == language and d.game == "gin" and d.order
        ]
        knock_lesson = next(d.order for d in lessons if d.slug == "knock-gin-and-layoffs")
        for document in lessons:
            if "gin-01-first-knock" in document.guided:
                assert document.order >= knock_lesson, (language, document.slug)


def test_a_body_is_drawn_in_each_page_s_language_from_its_kept_pieces() -> None:
    """A lesson body's cards and card names are drawn once per language and kept: the
    same body asked for in English, Lithuanian and again English is named in each."""
    from django.utils import translation

    from lessons.render import body_pieces, draw_cards, split_checks

    html = "<p>Hold <!--names:KC--> and <!--cards:KC QC JC-->.</p><!--check:0--><p>End</p>"
    drawn = {}
    for language in ("en", "lt", "en"):
        with translation.override(language):
            pieces = body_pieces(html)
            assert pieces == tuple(split_checks(draw_cards(html)))
            assert pieces[1] == 0 and isinstance(pieces[0], str)
            drawn.setdefault(language, pieces)
            assert pieces is drawn[language]  # kept, not drawn again
    assert drawn["en"] != drawn["lt"]
    assert "king of clubs" in str(drawn["en"][0]).lower()


def test_the_letters_on_the_cards_are_explained_where_the_ranks_are_first_shown() -> None:
    """The Lithuanian newcomer's walk: the cards show T, V, D, K (tūzas, valetas, dama,
    karalius), and nothing said so. Each game's first lesson and the glossary, in every
    language, name the letter the site draws in a card's corner for the ace, jack, queen
    and king, each followed by its rank's name."""
    from django.utils import translation

    from game.cards import RANK_NAMES, rank_index
    from game.engine import Rank

    for language in LANGUAGES:
        documents = [
            d
            for d in content.all_documents()
            if d.language == language
            and (d.path.name == "glossary.md" or (d.order == 1 and d.game is not None))
        ]
        assert len(documents) == 4, language
        with translation.override(language):
            letters = {
                str(rank_index(r)): str(RANK_NAMES[r])
                for r in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
            }
        for document in documents:
            for letter, name in letters.items():
                said = rf"(?<!\w){re.escape(letter)}(?!\w)\W+(?:\w+\W+){{0,2}}?{name}(?!\w)"
                assert re.search(said, document.body), (document.path, letter, name)


def test_basic_lesson_6_recalls_lesson_5_s_hand_without_saying_the_learner_scored_it() -> None:
    """The Lithuanian newcomer's walk: "Remember the first hand you scored in lesson 5"
    (lesson 6), but a learner who answered it wrong was given other cards by "another
    one" and never scored these. Lesson 6 names the hand by its cards, the ones of
    lesson 5's first question, and does not say the learner scored them."""
    for language in LANGUAGES:
        lessons = {
            d.order: d
            for d in content.all_documents()
            if d.language == language and d.game == "basic" and d.order in (5, 6)
        }
        first = next(s for s in lessons[5].shortcodes if s.kind == "check")
        recalled = re.search(r"\{(KS 7D AH)\}", lessons[6].body)
        assert recalled and recalled.group(1) in first.args, language
        sentence = lessons[6].body[: recalled.start()].rsplit(".", 1)[-1]
        said_scored = {"en": "you scored", "lt": "skaičiavote", "ru": "вы считали"}
        assert said_scored.get(language, "hai contato") not in sentence, (language, sentence)


@pytest.mark.django_db
def test_progress_is_said_once(client: Client, loaded_lessons: None) -> None:
    """ "Lesson 2 of 7" was read twice, as a paragraph and as the progress bar it names
    (the accessibility walk): the bar, a drawing of the words above it, is hidden from
    screen readers. So on every page with such a bar."""
    lesson = Lesson.objects.filter(language="en", game="gin", kind="lesson").first()
    assert lesson is not None
    for url in (
        "/en/lessons/",
        "/en/lessons/gin/",
        f"/en/lessons/gin/{lesson.slug}/",
        "/en/learn/gin/",
    ):
        html = client.get(url).content.decode()
        bars = re.findall(r"<progress[^>]*>", html)
        assert bars and all('aria-hidden="true"' in bar for bar in bars), (url, bars)
        assert all("aria-labelledby" not in bar for bar in bars)
        assert "progress-label" in html  # the words stay


def test_gin_lesson_5_says_who_lays_out_at_a_practice_table() -> None:
    """The Lithuanian walk: Gin lesson 5 said the site always shows the knocker's best
    layout, but a new Gin practice table lets the learner lay out their melds
    (``players_lay_out``), scores the hand as laid out, and the coach then says what a
    better layout would have scored. The lesson says both, in every language."""
    said = {
        # (the learner lays out; the scoring says what another layout would have given;
        #  with the option off the site lays out the best way)
        "en": (
            "lay out your own melds",
            "another arrangement would have scored more",
            "scores best for the knocker",
        ),
        "lt": (
            "derinius išdedate patys",
            "kitas išdėstymas būtų davęs daugiau taškų",
            "svetainė pati išdėstys",
        ),
        "ru": (
            "вы сами выкладываете комбинации",
            "другая раскладка больше очков",
            "сайт сам раскладывает",
        ),
        "it": (
            "cali tu le combinazioni",
            "un'altra disposizione avrebbe reso di più",
            "è il sito a disporre",
        ),
    }
    for language in LANGUAGES:
        lesson = next(
            d
            for d in content.all_documents()
            if d.language == language and d.game == "gin" and d.order == 5
        )
        text = " ".join(lesson.body.split())
        for words in said[language]:
            assert words in text, (language, words)


def test_lithuanian_asks_who_scores_in_one_wording() -> None:
    """The Lithuanian walk: the drills and the Knock lessons asked «Kas gauna taškų ir
    kiek?», the hands «Kas gauna taškus?». One wording, the hands' one, everywhere."""
    from django.utils import translation

    with translation.override("lt"):
        who = translation.gettext("Who collects?")
        who_and_how_much = translation.gettext("Who scores, and how much?")
    assert who_and_how_much.startswith(who.rstrip("?"))
    for document in content.all_documents():
        if document.language == "lt":
            assert "gauna taškų" not in document.body, document.path


def test_knock_lesson_7_and_the_coach_agree_about_more_opponents() -> None:
    """An Italian learner at three- and four-player tables: Knock lesson 7's section on
    more opponents (lessons/content/<lang>/knock/07-when-to-knock.md, "More opponents do
    not call for a lower count", was "The more opponents, the lower you need to be")
    said to knock with a smaller count
    against many players, while the coach (``game.engine.coach._Context.knock_bar``),
    and so the computer players, knock at the same share of what each opponent probably
    holds whatever their number. Measured (``bench/knock_bar.py``), a bar that falls
    with more opponents loses points, so the lesson now says so. The lesson says what
    the coach does: the same bar for a fixed expected deadwood against one opponent and
    against four (away from the wall), or a lower one."""
    from game.engine import new_hand
    from game.engine.coach import _Context

    view = new_hand("knock", players=5, seed=3).view(0)
    context = _Context(view)
    assert view.stock_size > 10  # far from the wall
    lower = context.knock_bar(30.0, 4) < context.knock_bar(30.0, 1)
    said = {
        # against many players: knock with a smaller count ...
        "lower": {
            "en": "Against many players, knock with a smaller count",
            "lt": "belskitės tik tada, kai jūsų suma mažesnė",
            "ru": "Против многих игроков стучите с меньшей суммой",
            "it": "Contro molti giocatori, bussa con un conto più basso",
        },
        # ... or as readily as against one
        "same": {
            "en": "knock as readily as you would against one",
            "lt": "belskitės taip pat drąsiai kaip prieš vieną varžovą",
            "ru": "стучите так же смело, как против одного",
            "it": "bussa con la stessa prontezza che avresti contro uno solo",
        },
    }
    for language in LANGUAGES:
        lesson = next(
            d
            for d in content.all_documents()
            if d.language == language and d.game == "knock" and d.slug == "when-to-knock"
        )
        text = " ".join(lesson.body.split())
        assert said["lower" if lower else "same"][language] in text, (language, lower)
        assert said["same" if lower else "lower"][language] not in text, (language, lower)


@pytest.mark.parametrize(
    "check", ["[check knock ace-high {cards}]", "[check meld ace-high 7H 8H 9H]"]
)
def test_ace_high_is_refused_where_the_check_has_no_such_option(
    tmp_path, monkeypatch, check: str
) -> None:  # type: ignore[no-untyped-def]
    """The developer's walk: load_lessons --check passed `[check knock ace-high ...]`, a
    Gin check, whose parser then takes "ace-high" for a card."""
    cards = "2C 3C 4C 5H 5D 5S 9S 9H 9D AD"
    for lang in LANGUAGES:
        (tmp_path / lang / "gin").mkdir(parents=True)
        (tmp_path / lang / "gin" / "01-x.md").write_text(
            "---\ntitle: T\n---\n" + check.format(cards=cards) + "\n"
        )
    monkeypatch.setattr(content, "CONTENT_DIR", tmp_path)
    found = content.problems()
    assert any("en/gin/01-x.md" in p and "ace-high" in p for p in found), found


#: Words for playing for money or stakes, in each language.
STAKES = re.compile(r"stakes|for money|pinig|ставк|деньг|\bposta\b|soldi", re.IGNORECASE)


def test_the_knock_balance_is_told_as_points_not_stakes() -> None:
    """Knock Rummy's lesson 6, its summary and the glossary said "if you play for
    stakes" (lt «jei žaidžiate iš pinigų», ru «на ставки (например, на деньги)», it «con
    una posta»): a school site's score sheet shows every player's balance in points, so
    the lessons say so, in every language, with no word of money or stakes."""
    for language in LANGUAGES:
        for path in sorted((content.CONTENT_DIR / language).rglob("*.md")):
            text = path.read_text(encoding="utf-8")
            assert not STAKES.search(text), (path, STAKES.search(text))


@pytest.mark.django_db
def test_a_lesson_s_questions_are_headed_under_its_sections(
    client: Client, loaded_lessons: None
) -> None:
    """The Russian screen-reader walk: a lesson's question («Попробуйте 1 …») was an h2,
    a section of its own beside the section it is asked in («Потренируемся считать»).
    In every lesson it is an h3, after an h2, the levels never skipped; answered with
    htmx it stays one. A question on a page of its own (review, drills) keeps its h2."""
    lessons = Lesson.objects.filter(kind="lesson").exclude(checks=[])
    assert lessons.exists()
    for lesson in lessons:
        html = client.get(f"/{lesson.language}/lessons/{lesson.game}/{lesson.slug}/")
        main = html.content.decode().split("<main", 1)[1]
        levels = [
            (int(h), "check__title" in attrs) for h, attrs in re.findall(r"<h(\d)([^>]*)>", main)
        ]
        assert [level for level, check in levels if check] and all(
            level == 3 for level, check in levels if check
        ), (lesson.slug, levels)
        steps = [level for level, _check in levels]
        assert all(b <= a + 1 for a, b in itertools.pairwise(steps)), (lesson.slug, steps)
    lesson = lessons.get(language="ru", game="basic", slug="cards-and-values")
    swapped = client.post(
        f"/ru/lessons/{lesson.game}/{lesson.slug}/check/0/",
        {"answer": "1"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert '<h3 class="check__title"' in swapped


#: How each language says that the lowest count collects "the difference".
DIFFERENCE = {"en": "difference", "lt": "skirtum", "ru": "разниц", "it": "differenza"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knock_lesson_teaches_who_collects_before_it_asks(language: str) -> None:
    """The Italian Knock walk: lesson 3 ("A turn, the knock and the void hand") asked
    "Who scores, and how much?" (a knocker's 1 against 46) before anything had said what
    a hand is settled with; lesson 4 taught it. The text before the question says it."""
    text = (content.CONTENT_DIR / language / "knock" / "03-a-turn-and-the-knock.md").read_text(
        "utf-8"
    )
    before = text[: text.index("[check score")]
    section = before.rsplit("## ", 1)[-1]  # "Everyone shows, nobody lays off"
    assert DIFFERENCE[language] in section.lower()
