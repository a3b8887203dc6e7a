"""The Jinja2 boards keep the Django templates' rules (``rummy_site.jinja``), and
``make messages`` reads them (``rummy_site.management.commands.makemessages``)."""

from __future__ import annotations

import pytest
from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from rummy_site.management.commands.makemessages import jinja_as_python


def render(source: str, **context: object) -> str:
    return engines["jinja2"].from_string(source).render(context)


def test_a_value_is_escaped_and_a_missing_name_is_empty_however_deep() -> None:
    assert render("{{ x }}", x="<b>") == "&lt;b&gt;"
    assert (
        render("[{{ missing }}][{{ missing.deeper.still }}][{{ missing|join(',') }}]") == "[][][]"
    )
    assert render("{% if missing.flag %}yes{% else %}no{% endif %}") == "no"


def test_translations_are_djangos_in_the_active_language() -> None:
    plural = "{% trans n=n %}{{ n }} hint used{% pluralize %}{{ n }} hints used{% endtrans %}"
    for language in ("lt", "ru", "it"):
        with translation.override(language):
            hint = translation.gettext("Hint")
            assert hint != "Hint" and render('{{ _("Hint") }}') == hint
            for n in (1, 2, 5, 21):
                expected = translation.ngettext("%(hints)s hint used", "%(hints)s hints used", n)
                assert render(
                    plural.replace("n=n", "hints=n").replace("{{ n }}", "{{ hints }}"), n=n
                ) == (expected % {"hints": n})


def test_a_trans_blocks_variables_are_escaped_as_blocktranslate_does() -> None:
    html = render(
        "{% trans trimmed name=name %}The cards are dealt. {{ name }} plays first.{% endtrans %}",
        name="<i>Ona</i>",
    )
    assert html == "The cards are dealt. &lt;i&gt;Ona&lt;/i&gt; plays first."


def test_the_django_tag_draws_a_board_part_with_the_pages_context_and_csrf_field() -> None:
    request = RequestFactory().get("/en/")
    board = engines["django"].from_string(
        '{% load jinja %}<main>{% jinja "game/_hand_form.jinja" %}</main>'
    )
    html = board.render({"move_url": "/m/", "version": 3, "hand_cards": ["7H"]}, request)
    assert html.startswith("<main><form") and html.endswith("</form></main>")
    assert 'name="csrfmiddlewaretoken" value="' in html
    assert 'name="version" value="3"' in html and 'id="card-7H"' in html


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('<p>{{ _("Hint") }}</p>', "gettext('Hint')"),
        (
            "{% trans trimmed name=n %}\n  The cards are dealt.\n  {{ name }} plays first.\n"
            "{% endtrans %}",
            "gettext('The cards are dealt. %(name)s plays first.')",
        ),
        (
            "{% trans s=s %}{{ s }} star of 3{% pluralize %}{{ s }} stars of 3{% endtrans %}",
            "ngettext('%(s)s star of 3', '%(s)s stars of 3', n)",
        ),
        ('{{ pgettext("spaced review", "Review") }}', "pgettext('spaced review', 'Review')"),
    ],
)
def test_makemessages_reads_a_jinja_templates_messages(source: str, expected: str) -> None:
    assert expected in jinja_as_python(source).splitlines()


def test_each_message_stands_on_its_template_line() -> None:
    lines = jinja_as_python('<p>\n\n{{ _("Hint") }}</p>\n{{ _("Arrange") }}').splitlines()
    assert lines[2] == "gettext('Hint')" and lines[3] == "gettext('Arrange')"


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_a_drawn_board_speaks_the_active_language(language: str) -> None:
    from rummy_site.jinja import draw

    with translation.override(language):
        players = translation.gettext("Players")
        html = draw("game/_seats.jinja", {"seats": []})
        log = draw("game/_log.jinja", {"log": [], "turn_name": "Ona"})
        expected = translation.gettext("The cards are dealt. %(name)s plays first.")
    assert f">{players}</h2>" in html
    assert expected % {"name": "Ona"} in log
    assert language == "en" or players != "Players"


@pytest.mark.parametrize("language", ["lt", "ru"])
def test_draw_gives_the_catalogues_words_and_plurals(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """draw() hands a board its own "_", "gettext" and "ngettext" (the catalogue's,
    looked up once): each gives what Django's own gives, plural forms included."""
    from rummy_site.jinja import draw

    env = engines["jinja2"].env  # type: ignore[attr-defined]
    source = (
        '{{ _("Hint") }}|{{ gettext("Arrange") }}|'
        "{% trans hints=n %}{{ hints }} hint used{% pluralize %}{{ hints }} hints used"
        "{% endtrans %}"
    )
    monkeypatch.setattr(env, "get_template", lambda name: env.from_string(source))
    for n in (1, 2, 5, 11, 21):
        with translation.override(language):
            html = draw("any", {"n": n})
            expected = [
                translation.gettext("Hint"),
                translation.gettext("Arrange"),
                translation.ngettext("%(hints)s hint used", "%(hints)s hints used", n)
                % {"hints": n},
            ]
        assert html.split("|") == expected
        assert expected[0] != "Hint"
