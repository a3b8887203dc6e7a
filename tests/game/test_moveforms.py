"""The hand form's fields and the engine's moves: parse_move and move_fields are inverses,
and every malformed post is a BadInput with a translated message."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.utils import translation

from game.engine import AnyMove, Card, Move
from game.moveforms import (
    arrange_off,
    move_fields,
    parse_display,
    parse_move,
    parse_version,
    table_address,
)
from rummy_site.errors import BadInput
from tests.factories import move_data

MOVES = [
    "draw stock",
    "draw discard",
    "discard 7H",
    "knock TS",
    "meld 7H 8H 9H",
    "meld QS QH QD QC",
    "layoff 5C 0",
    "layoff AS 12",
]


def query(fields: list[tuple[str, str]]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields:
        data.appendlist(name, value)
    return data


@pytest.mark.parametrize("text", MOVES)
def test_move_fields_and_parse_move_are_inverses(text: str) -> None:
    move: AnyMove = Move.parse(text)
    assert parse_move(query(move_fields(move))).move == move
    data = move_data(move)
    assert isinstance(data["action"], str)
    assert [("cards", c) for c in data.get("cards", [])] == [
        f for f in move_fields(move) if f[0] == "cards"
    ]


def test_a_confirmed_post() -> None:
    wanted = parse_move(query([*move_fields(Move.parse("knock TS")), ("confirm", "1")]))
    assert wanted.confirmed and not parse_move(query(move_fields(Move.parse("knock TS")))).confirmed


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ([], "Choose what to do"),
        ([("action", "fly")], "Choose what to do"),
        ([("action", "discard")], "Choose exactly one card"),
        ([("action", "discard"), ("cards", "7H"), ("cards", "8H")], "Choose exactly one card"),
        ([("action", "knock")], "Choose the one card to discard as you knock"),
        ([("action", "meld"), ("cards", "7H"), ("cards", "8H")], "at least three cards"),
        ([("action", "lay_off"), ("cards", "7H")], "Choose the meld on the table"),
        ([("action", "lay_off"), ("cards", "7H"), ("meld", "²")], "Choose the meld on the table"),
        ([("action", "lay_off")], "Choose one card to lay off"),
        ([("action", "discard"), ("cards", "ZZ")], "is not a card"),
        ([("action", "meld"), ("cards", "7H"), ("cards", "7H"), ("cards", "7S")], "twice"),
    ],
)
def test_malformed_posts_are_bad_input(fields: list[tuple[str, str]], message: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_move(query(fields))
    assert message in str(info.value.message) and info.value.status == 400


def test_bad_input_is_translated() -> None:
    with translation.override("lt"), pytest.raises(BadInput) as info:
        parse_move(query([("action", "fly")]))
    assert "Choose what to do" not in str(info.value.message)


@pytest.mark.parametrize("raw", ["", "x", "²", "-1", "1e3", "9" * 20])
def test_a_version_must_be_a_small_ascii_number(raw: str) -> None:
    with pytest.raises(BadInput):
        parse_version(query([("version", raw)]))
    assert parse_version(query([("version", "12")])) == 12


def test_display_options_are_read_from_the_query_and_the_form() -> None:
    plain = parse_display(query([]), query([]))
    assert plain.arrange and plain.steps == 1 and not plain.walkthrough  # arranged at first
    assert not parse_display(query([("arrange", "0")]), query([])).arrange
    assert not parse_display(query([]), query([("arrange", "0")])).arrange
    shown = parse_display(query([("step", "3"), ("arrange", "1")]), query([("cards", "7H")]))
    assert shown.arrange and shown.steps == 3 and shown.walkthrough
    assert shown.selected == (Card.parse("7H"),)
    assert parse_display(query([("step", "all")]), query([])).steps is None
    odd = parse_display(query([("step", "²")]), query([("cards", "ZZ"), ("arrange", "1")]))
    assert odd.steps == 1 and odd.arrange and odd.selected == ()
    # Only a step the page links to steps into the walkthrough.
    assert parse_display(query([("step", "all")]), query([])).walkthrough
    assert parse_display(query([("step", "1")]), query([])).walkthrough
    for raw in ("", "0", "x", "²", "-1", "9" * 13):
        bad = parse_display(query([("step", raw)]), query([]))
        assert bad.steps == 1 and not bad.walkthrough, raw


def test_the_meld_chosen_is_read_from_the_form_or_kept_by_no_go_back() -> None:
    """A layoff's meld, sent with the form, or kept in the address by "No, go back"
    (``?keep=KC&keep_meld=0``): the page keeps it chosen, as it keeps the cards ticked."""
    assert parse_display(query([]), query([("cards", "7H"), ("meld", "2")])).meld == 2
    kept = parse_display(query([("keep", "7H"), ("keep_meld", "1")]), query([]))
    assert kept.kept and kept.meld == 1
    assert parse_display(query([("keep_meld", "1")]), query([])).meld is None  # no card kept
    assert parse_display(query([]), query([("meld", "x")])).meld is None


def test_no_go_back_from_a_layoff_keeps_its_card_and_its_meld() -> None:
    from game.confirm import confirm_context
    from game.engine import LayOff

    asked = confirm_context(LayOff(Card.parse("7H"), 3))
    assert asked is not None and asked["keep"] == "keep=7H&keep_meld=3"


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_every_question_before_the_end_calls_the_hand_as_its_button_does(language: str) -> None:
    """The Russian walk: the knock's question said «Розыгрыш закончится» ("the play
    ends") over the button «Да, закончить раздачу» ("Yes, end the hand"), two words for
    one thing. Each question before a move that ends the hand names the hand with the
    button's word (its stem: ru «раздача», «раздачу»)."""
    from game.confirm import confirm_context
    from game.engine import Discard, Knock, LayDown, LayOff

    moves: list[tuple[AnyMove, bool]] = [
        (Knock(Card.parse("KS")), True),
        (Knock(Card.parse("KS")), False),
        (Discard(Card.parse("KS")), False),
        (LayDown(tuple(Card.parse(c) for c in ("7H", "8H", "9H"))), False),
        (LayOff(Card.parse("7H"), 0), False),
    ]
    with translation.override(language):
        hand = translation.gettext("Yes, end the hand").split()[-1].casefold()
        for move, lay_out in moves:
            asked = confirm_context(move, lay_out=lay_out)
            assert asked is not None
            assert hand[:5] in asked["question"].casefold(), (asked["question"], hand)


def test_arrange_off_is_only_an_arrange_switched_off() -> None:
    """The address a post without JavaScript redirects to says Arrange only when the
    form switched it off: on (the default), absent or malformed says nothing."""
    assert arrange_off(QueryDict("arrange=0"))
    for form in ("arrange=1", "", "arrange=", "arrange=no", "arrange=00"):
        assert not arrange_off(QueryDict(form)), form


def test_a_table_address_keeps_its_query_and_opens_at_the_status_when_asked() -> None:
    """The address a board's form without JavaScript redirects to: its query (in order),
    Arrange only when the form switched it off, and the status's fragment last, only
    where the page puts the focus nowhere itself."""
    page = "/en/practice/abc/"
    assert table_address(page, QueryDict(""), at_status=True) == page + "#table-status"
    assert table_address(page, QueryDict("arrange=1"), at_status=False) == page
    assert (
        table_address(page, QueryDict("arrange=0"), at_status=True, reload="1")
        == page + "?reload=1&arrange=0#table-status"
    )
    assert (
        table_address(page, QueryDict("arrange=0"), at_status=False, answered="x:y")
        == page + "?answered=x%3Ay&arrange=0"
    )


def test_an_address_to_load_a_page_again_differs_from_the_pages_own() -> None:
    """A link (or a meta refresh) to a page's own address with a fragment only scrolls
    (Chromium navigates to the fragment, loading nothing): Refresh and a table for
    people's reload take the flag off the page's address, or put it on, and open at the
    status."""
    from game.moveforms import again_address, loaded_again

    page = "/en/play/abc/"
    assert again_address(page, again=False) == page + "?again=1#table-status"
    assert again_address(page, again=True) == page + "#table-status"
    assert again_address(page + "?reload=1", again=False) == page + "?reload=1&again=1#table-status"
    assert again_address(page + "?reload=1", again=True) == page + "?reload=1#table-status"
    assert loaded_again(QueryDict("again=1")) and not loaded_again(QueryDict("again=0"))
    assert not loaded_again(QueryDict(""))
