"""The Jinja2 environment of the game boards (``templates/**/*.jinja``).

Every page is a Django template but one part: the board of a table or a guided hand
(``game/_board.jinja``, its parts and the three boards that extend it), drawn on every
move, computer step and redraw. It was the largest part of a move's time in Django's
template language (0.7 of 2.3 ms in process, a few microseconds on each of its
hundred-odd nodes); Jinja2 compiles a template to Python and draws the same board in
well under half the time (``bench/move_parts.py``).
A Django template draws a board with ``{% jinja "practice/_board.jinja" %}``
(:mod:`rummy_site.templatetags.jinja`), which hands it the page's whole context.

The environment keeps the Django templates' rules, so that a board reads as they do:

* autoescaping on, and ``Undefined`` chainable: a name the context lacks is empty,
  as in a Django template, however deep it is looked up;
* translations are Django's own (the page's active language): ``_()`` and
  ``gettext()`` escape what they return, as ``{% translate %}`` does, while a
  ``{% trans %}`` block is the translator's markup with its variables escaped, as
  ``{% blocktranslate %}`` is, with the same message ids. ``make messages`` finds
  them (:mod:`rummy_site.management.commands.makemessages`);
* the card tags of :mod:`game.templatetags.cards` (``card``, ``card_choices``...),
  ``url`` and ``static`` are functions, and its filters are filters: ``|spoken`` names
  the cards of a generated sentence for screen readers (the log, a refusal, the
  coach's advice, the scoring steps, what ``#announce`` says).
"""

from __future__ import annotations

from typing import Any

from django.template import engines
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext, trans_real
from jinja2 import ChainableUndefined, Environment, pass_context
from jinja2.runtime import Context

from game.board import lay_off_apart
from game.templatetags import cards
from learners.names import one_stop

from .reversing import cached_reverse


def url(name: str, *args: str | int) -> str:
    """``{% url name arg... %}`` (remembered per language: :mod:`rummy_site.reversing`)."""
    return cached_reverse(name, *args)


@pass_context
def card_choices(context: Context, values: Any) -> str:
    """``{% card_choices cards %}``: the hand form's cards, with the context's
    ``selected``, ``taken`` and ``drawn``."""
    return cards.choices_html(
        values,
        selected=context.get("selected"),
        taken=context.get("taken"),
        drawn=context.get("drawn"),
    )


def draw(template_name: str, values: dict[str, Any], csrf_token: object = None) -> SafeString:
    """The Jinja2 template ``template_name`` drawn with ``values``, and ``csrf_input``
    (the hidden field ``{% csrf_token %}`` draws) made from ``csrf_token``."""
    if csrf_token and str(csrf_token) != "NOTPROVIDED":
        values["csrf_input"] = format_html(
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', csrf_token
        )
    # The active language's catalogue, looked up once for the whole drawing rather
    # than by each of its twenty-odd words (what Django's gettext() does each time).
    # "_" is given too, so that _("...") calls it straight rather than through the
    # i18n extension's alias (which has Jinja call "gettext" in turn); and as plain
    # functions, not the catalogue's bound methods, whose attributes Jinja looks up
    # slowly on each call (half of a _("...") was that: 5.0 -> 2.7 us).
    catalog = trans_real.catalog()
    translate, translate_plural = catalog.gettext, catalog.ngettext

    def gettext(message: str) -> str:
        return translate(message)

    def ngettext(singular: str, plural: str, number: int) -> str:
        return translate_plural(singular, plural, number)

    values.setdefault("gettext", gettext)
    values.setdefault("_", gettext)
    values.setdefault("ngettext", ngettext)
    board = engines["jinja2"].env.get_template(template_name)  # type: ignore[attr-defined]
    return mark_safe(str(board.render(values)))


class BoardEnvironment(Environment):
    """Jinja2's environment with a template's globals as one plain dict.

    Jinja chains a template's globals to the environment's (a ``ChainMap``), and every
    context a board makes (the board, and each part it includes) copies their names:
    iterating a ``ChainMap`` is slow in Python, and took about a seventh of a board's
    drawing (``bench/move_parts.py``: 0.38 -> 0.33 ms). A dict made once per template
    holds the same names; the globals are all set in :func:`environment` before any
    template is loaded, as Jinja asks.
    """

    def make_globals(self, d: Any) -> dict[str, Any]:
        return {**self.globals, **(d or {})}


def environment(**options: Any) -> Environment:
    # Django's backend passes Undefined (DebugUndefined with DEBUG): both fail on a
    # missing name's attribute, where a Django template draws nothing.
    options["undefined"] = ChainableUndefined
    # The boards are a dozen fixed files: their compiled templates are kept in a plain
    # dict (cache_size -1) rather than Jinja's LRU cache, which takes a lock and moves
    # the entry on each of a board's half-dozen includes, every drawing.
    options.setdefault("cache_size", -1)
    env = BoardEnvironment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )
    env.globals.update(
        url=url,
        static=static,
        card=cards.card,
        card_choices=card_choices,
        seat_items=cards.seat_items,
        meld_choices=cards.meld_choices,
        line_items=cards.line_items,
        lay_off_apart=lay_off_apart,
    )
    env.filters["one_stop"] = one_stop
    env.filters["spoken"] = cards.spoken
    return env
