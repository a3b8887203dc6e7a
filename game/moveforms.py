"""The move a table's form posts, and the form fields of a move: inverses of each other.

The hand form of a table (practice or guided) posts ``action`` (the button
pressed), the chosen ``cards`` and, for a layoff, the ``meld``. ``parse_move``
reads them into an engine move, or raises :class:`~rummy_site.errors.BadInput`
with a translated message; ``move_fields`` gives the fields that post a move
(for the confirmation and "continue anyway" forms, and the tests), so that
``parse_move(move_fields(m)).move == m`` for every move.

Without JavaScript a form's answer is a redirect to the table's page
(:func:`table_address`, opened at its status), a refused move's with the refusal signed
into the address (:func:`refusal_token`, read back by :func:`read_refusal`: a guided
hand, a practice table and a table for people alike); a page's Refresh and reload load
it again by an address other than its own (:func:`again_address`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, assert_never
from urllib.parse import urlencode

from django.http import HttpResponseRedirect, QueryDict
from django.utils.translation import gettext as _

from game.engine import (
    AnyMove,
    Card,
    Discard,
    Done,
    DrawDiscard,
    DrawStock,
    IllegalMove,
    InvalidNotation,
    Knock,
    LayDown,
    LayOff,
    MeldFailure,
    Move,
    MoveError,
)
from rummy_site.errors import BadInput
from rummy_site.parsing import small_int
from rummy_site.questions import read_answered, sign_answered

from .board import BoardDisplay

#: The id of the part of a table's page that says what has just happened and what is to
#: do next, just above the hand and its buttons: a practice table's and a table for
#: people's status line, a guided hand's coach (:func:`table_address` opens a page there).
STATUS_ID = "table-status"

#: The query flag of a table's page after a form sent without JavaScript that the table's
#: state refused, naming the reason (``?state=stale``: a page the table had moved on
#: from; at a table for people also ``turn``, ``paused``, ``ended``, ``away``): a
#: practice table and a table for people redirect there alike. Not signed: anyone who
#: writes it in by hand is told only what the page shows already or may have changed.
STATE_FLAG = "state"

#: The ``action`` values of the hand form's buttons.
ACTIONS = ("draw_stock", "draw_discard", "discard", "meld", "lay_off", "knock", "done")


class NoMeldChosen(BadInput):
    """A layoff posted without the meld on the table it goes onto: the page puts the
    focus on the melds' choice, described by the reason."""

    field = "meld"


@dataclass(frozen=True)
class MoveRequest:
    """A parsed post: the move and whether the learner confirmed it (knocking, going out)."""

    move: AnyMove
    confirmed: bool


def parse_version(data: QueryDict) -> int:
    """The version of the table the page was drawn from."""
    version = small_int(data.get("version", ""))
    if version is None:
        raise BadInput(_("The page is out of date. Here is the table as it is now."))
    return version


def parse_cards(data: QueryDict) -> list[Card]:
    """The cards ticked on the form, in order (each a card, none twice)."""
    cards = []
    for token in data.getlist("cards"):
        try:
            cards.append(Card.parse(token))
        except InvalidNotation:
            raise BadInput(_("“%(token)s” is not a card.") % {"token": token[:10]}) from None
    if len(set(cards)) != len(cards):
        raise BadInput(_("The same card was chosen twice."))
    return cards


def parse_move(data: QueryDict) -> MoveRequest:
    """The move a form post asks for. Raises :class:`BadInput` with a translated message."""
    action = data.get("action", "")
    if action not in ACTIONS:
        raise BadInput(_("Choose what to do: draw, meld, lay off, knock or discard."))
    cards = parse_cards(data)
    confirmed = data.get("confirm") == "1"
    move: AnyMove
    if action == "draw_stock":
        move = DrawStock()
    elif action == "draw_discard":
        move = DrawDiscard()
    elif action in ("discard", "knock"):
        if len(cards) != 1:
            raise BadInput(
                _("Choose exactly one card to discard.")
                if action == "discard"
                else _("Choose the one card to discard as you knock.")
            )
        move = Discard(cards[0]) if action == "discard" else Knock(cards[0])
    elif action == "done":
        move = Done()
    elif action == "meld":
        if len(cards) < 3:
            raise BadInput(_("Choose at least three cards for a meld."))
        move = LayDown(tuple(cards))
    else:
        if len(cards) != 1:
            raise BadInput(_("Choose one card to lay off."))
        meld = small_int(data.get("meld", ""))
        if meld is None:
            raise NoMeldChosen(_("Choose the meld on the table to lay the card off onto."))
        move = LayOff(cards[0], meld)
    return MoveRequest(move=move, confirmed=confirmed)


def move_fields(move: AnyMove) -> list[tuple[str, str]]:
    """The form fields that post ``move`` (the inverse of :func:`parse_move`)."""
    match move:
        case DrawStock():
            return [("action", "draw_stock")]
        case DrawDiscard():
            return [("action", "draw_discard")]
        case Discard(card=card):
            return [("action", "discard"), ("cards", str(card))]
        case Knock(discard=card):
            return [("action", "knock"), ("cards", str(card))]
        case LayDown(cards=cards):
            return [("action", "meld"), *(("cards", str(c)) for c in cards)]
        case LayOff(card=card, meld_id=meld_id):
            return [("action", "lay_off"), ("cards", str(card)), ("meld", str(meld_id))]
        case Done():
            return [("action", "done")]
        case _:
            assert_never(move)


def arrange_off(form: QueryDict) -> bool:
    """Whether a board's form switched its Arrange off (``arrange=0``, sent by every form
    of a board that can be posted without JavaScript). The address the post then
    redirects to says so (``?arrange=0``), or it would come back on; on is the board's
    default, which no address needs to say."""
    return form.get("arrange") == "0"


def with_arrange(url: str, arrange: bool) -> str:
    """``url`` with the board's Arrange switched off (``arrange=0``), when it is: the
    links that open a board again (a table's Refresh, its reload, its poll; the next
    guided hand) keep it off, as the forms' answers do (on is the board's default, said
    by no address). A fragment stays at the end (``…/?arrange=0#table-status``)."""
    if arrange or not url:
        return url
    page, hash_mark, fragment = url.partition("#")
    return f"{page}{'&' if '?' in page else '?'}arrange=0{hash_mark}{fragment}"


def table_address(url: str, form: QueryDict, *, at_status: bool, **query: str) -> str:
    """The address a board's form posted without JavaScript redirects to (Post/Redirect/Get):
    the table's page ``url`` with ``query``, Arrange kept off if the form switched it off
    (:func:`arrange_off`), and with ``at_status`` opened at the table's status
    (``#table-status``, :data:`STATUS_ID`): the browser scrolls it to the top of the screen
    and starts the sequential focus navigation there, so that a phone shows it over the
    hand and its buttons, and Tab (the first card) and a screen reader go on from it (the
    page came back at its top, the header and the menu before the hand). Not where the
    page puts the focus somewhere itself (autofocus: a finished hand's "Score it
    yourself", a guided hand's "Try again" or the hint just given, "Take my seat back"):
    a browser skips autofocus on a page opened at a fragment."""
    if arrange_off(form):
        query["arrange"] = "0"
    return url + (f"?{urlencode(query)}" if query else "") + (f"#{STATUS_ID}" if at_status else "")


def page_anchor(*, takes_focus: bool) -> str:
    """Where a table's page opens without JavaScript, for its ``page_anchor`` (the
    language buttons' ``next``, "Log in" and the display settings:
    :func:`rummy_site.templatetags.site.page_path`): at the table's status
    (:data:`STATUS_ID`), as :func:`table_address` opens it with ``at_status``, unless the
    page puts the focus somewhere itself (``takes_focus``: a reason said, the coach's hint,
    a move's question, "Score it yourself", the walkthrough's next step; autofocus, which
    a browser skips on a page opened at a fragment), where ``""``: its top. The browser
    never sends a fragment, so without this the page in another language opened at its
    top, the hand and the status below the first screen of a phone. Each table-like page
    (a practice table, a guided hand, a table for people, a pupil's live exercise) says
    whether it takes the focus from what it draws (the same conditions as its template's
    autofocus), so that its address opens it where a form's redirect to it opened it
    (the tests "a language button opens the table where the form did" follow each kind
    of redirect and find its address, fragment and all, in the page's buttons)."""
    return "" if takes_focus else STATUS_ID


#: The query flag of a table's page loaded again by its own link or by itself (a table
#: for people's Refresh and its reload while its player waits): there one time, gone the
#: next (:func:`again_address`).
AGAIN_FLAG = "again"


def loaded_again(query: QueryDict) -> bool:
    """Whether a page's address has the :data:`AGAIN_FLAG` (``query``: the request's GET)."""
    return query.get(AGAIN_FLAG) == "1"


def again_address(url: str, *, again: bool) -> str:
    """The address that loads a table's page ``url`` (with its query) again, opened at
    the table's status (``#table-status``), from the page at that address: on a page
    whose own address it is, ``url#table-status`` would not load anything (Chromium, a
    link or a meta refresh alike: a navigation to the fragment, which only scrolls), so
    the flag the page's address has (``again``) is taken off it, or the one it has not
    put on (``again=1``): each load's address differs from the one before."""
    if not again:
        url = f"{url}{'&' if '?' in url else '?'}{AGAIN_FLAG}=1"
    return f"{url}#{STATUS_ID}"


class SeeOther(HttpResponseRedirect):
    """A form's answer at another address (303: the browser loads it with a GET, and a
    reload there sends nothing again)."""

    status_code = 303


#: The kinds of reason a refused move's token names (:func:`refusal_token`): a rule of
#: the turn's (the engine's ``MoveError``) or a meld's (``MeldFailure``).
_REASONS: dict[str, type[MoveError] | type[MeldFailure]] = {
    "move": MoveError,
    "meld": MeldFailure,
}


@dataclass(frozen=True)
class Refusal:
    """A move the rules forbid, as its table's page shows it again after the redirect
    (:func:`read_refusal`): the move, the engine's reason (its code and values, which the
    page words in its own language) and the cards that were ticked."""

    move: AnyMove
    error: IllegalMove
    cards: tuple[Card, ...]

    @property
    def meld(self) -> int | None:
        """The meld on the table a refused layoff was sent to (it stays chosen)."""
        return self.move.meld_id if isinstance(self.move, LayOff) else None


def refusal_token(
    *,
    where: tuple[int, int],
    move: AnyMove,
    error: IllegalMove,
    cards: tuple[Card, ...],
    learner: int,
    salt: str,
) -> str | None:
    """A move the rules forbid, signed for ``learner`` only, for the address of the
    table's page a move sent without JavaScript redirects to (``?refused=``,
    Post/Redirect/Get: a reload there shows the same refusal and sends nothing):
    ``where`` the hand refused it at (the table's or the attempt's key, and its version
    then), the move, the engine's reason (its code and values) and the ``cards`` that
    were ticked. ``salt``: the kind of table (a guided hand's, a practice table's, a
    table for people's). ``None`` for a reason of another kind, or values that cannot be
    signed (the caller answers the move's page as before). Read back by
    :func:`read_refusal`; a guided hand, a practice table and a table for people share it."""
    kind = next((k for k, t in _REASONS.items() if isinstance(error.reason, t)), None)
    if kind is None:
        return None
    data = {
        "a": where[0],
        "v": where[1],
        "m": str(move),
        "r": [kind, error.reason.value],
        "p": error.params,
        "c": [str(card) for card in cards],
    }
    try:
        return sign_answered(data, learner=learner, salt=salt)
    except (TypeError, ValueError):  # a reason's value JSON does not hold
        return None


def _reason(raw: Any) -> MoveError | MeldFailure:
    kind, value = raw
    return _REASONS[str(kind)](str(value))


def _params(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise TypeError(raw)
    return {str(k): v for k, v in raw.items()}


def read_refusal(
    token: str, *, where: tuple[int, int], learner: int | None, salt: str
) -> Refusal | None:
    """The refused move :func:`refusal_token` signed for ``learner`` with ``salt``, while
    the hand is still ``where`` it was refused (the same table or attempt, at the same
    version); ``None`` for no token, another learner's, another table's, a forged,
    malformed or old one (:data:`~rummy_site.questions.ANSWERED_MAX_AGE`), or once the
    hand has moved on (the page then shows the table as it is)."""
    data = read_answered(
        token,
        learner=learner,
        salt=salt,
        fields={
            "a": int,
            "v": int,
            "m": lambda move: Move.parse(str(move)),
            "r": _reason,
            "p": _params,
            "c": lambda cards: tuple(Card.parse(str(c)) for c in cards),
        },
    )
    if data is None or (data["a"], data["v"]) != where:
        return None
    return Refusal(data["m"], IllegalMove(data["r"], data["p"]), data["c"])


def parse_display(query: QueryDict, form: QueryDict) -> BoardDisplay:
    """How the learner asked to see the board: arranged into melds unless ``?arrange=0``
    (or the form's ``arrange=0``: a beginner sees their melds from the start),
    ``?step=N`` or ``?step=all`` of the scoring walkthrough, the cards ticked on the form,
    the meld on the table chosen for a layoff (or kept: ``?keep_meld=0``), and a "score
    it yourself" answer (``?guess_player=N&guess_points=X``)."""
    raw_step = query.get("step", "1")
    # Only a step the page links to ("all", 1, 2, ...) steps into the walkthrough (and a
    # practice table remembers that: ``services.scoring_seen``); an empty or malformed
    # ``?step`` shows the first step and changes nothing.
    stepped = "step" in query and (raw_step == "all" or bool(small_int(raw_step)))
    selected = []
    # The cards ticked on the form, or those "No, go back" keeps ticked (``?keep=KC``).
    kept = not form.getlist("cards") and bool(query.getlist("keep"))
    for token in form.getlist("cards") or query.getlist("keep"):
        try:
            selected.append(Card.parse(token))
        except InvalidNotation:
            continue
    return BoardDisplay(
        arrange=query.get("arrange", form.get("arrange", "1")) != "0",
        steps=None if raw_step == "all" else (small_int(raw_step) or 1),
        walkthrough=stepped,
        selected=tuple(selected),
        kept=kept,
        hand=small_int(query.get("hand", "")),
        # The meld chosen on the form, or the one "No, go back" keeps (``?keep_meld=0``).
        meld=small_int(query.get("keep_meld", "") if kept else form.get("meld", "")),
        guess=(query.get("guess_player", ""), query.get("guess_points", ""))
        if "guess_points" in query or "guess_player" in query
        else None,
    )


__all__ = [
    "ACTIONS",
    "AGAIN_FLAG",
    "STATE_FLAG",
    "STATUS_ID",
    "MoveRequest",
    "NoMeldChosen",
    "Refusal",
    "SeeOther",
    "again_address",
    "arrange_off",
    "loaded_again",
    "move_fields",
    "page_anchor",
    "parse_cards",
    "parse_display",
    "parse_move",
    "parse_version",
    "read_refusal",
    "refusal_token",
    "table_address",
    "with_arrange",
]
