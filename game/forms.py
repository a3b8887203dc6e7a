"""Parsing what the table page posts. Bad input becomes a translated message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from game.engine.cards import Card
from game.engine.errors import InvalidNotation
from game.engine.moves import Discard, DrawDiscard, DrawStock, Knock, LayDown, LayOff, Move
from game.engine.options import UnknownOption
from rummy_site.parsing import small_int

from .models import Table
from .services import NAME_LENGTH, PLAYER_COUNTS

ACTIONS = ("draw_stock", "draw_discard", "discard", "meld", "lay_off", "knock")


class BadInput(Exception):
    """A malformed request: the message is translated and shown to the learner."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_version(data: QueryDict) -> int:
    version = small_int(data.get("version", ""))
    if version is None:
        raise BadInput(_("The page is out of date. Here is the table as it is now."))
    return version


def _cards(data: QueryDict) -> list[Card]:
    cards = []
    for token in data.getlist("cards"):
        try:
            cards.append(Card.parse(token))
        except InvalidNotation:
            raise BadInput(_("“%(token)s” is not a card.") % {"token": token[:10]}) from None
    if len(set(cards)) != len(cards):
        raise BadInput(_("The same card was chosen twice."))
    return cards


@dataclass(frozen=True)
class MoveRequest:
    move: Move
    confirmed: bool


def parse_move(data: QueryDict) -> MoveRequest:
    """The move a form post asks for. Raises :class:`BadInput` with a translated message."""
    action = data.get("action", "")
    if action not in ACTIONS:
        raise BadInput(_("Choose what to do: draw, meld, lay off, knock or discard."))
    cards = _cards(data)
    confirmed = data.get("confirm") == "1"
    move: Move
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
    elif action == "meld":
        if len(cards) < 3:
            raise BadInput(_("Choose at least three cards for a meld."))
        move = LayDown(tuple(cards))
    else:
        if len(cards) != 1:
            raise BadInput(_("Choose one card to lay off."))
        meld = small_int(data.get("meld", ""))
        if meld is None:
            raise BadInput(_("Choose the meld on the table to lay the card off onto."))
        move = LayOff(cards[0], meld)
    return MoveRequest(move=move, confirmed=confirmed)


class NewTableForm(forms.Form):
    """Start a table: the game, how many play, the options, the learner's name."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=Table.Game.choices)
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        coerce=int,
        choices=[(n, str(n)) for n in range(2, 7)],
        initial=2,
        help_text=gettext_lazy(
            "Basic and Knock Rummy: 2 to 6. Gin Rummy: 2; with 3, one sits out each hand; "
            "with 4, two partnerships."
        ),
    )
    name = forms.CharField(
        label=gettext_lazy("Your name"),
        max_length=NAME_LENGTH,
        initial=pgettext_lazy("default name of the learner at a table", "Alex"),
    )
    ace_high_or_low = forms.BooleanField(
        label=gettext_lazy("Basic Rummy: the ace may also be high (Q-K-A), and counts 15"),
        required=False,
    )
    last_card_must_be_discarded = forms.BooleanField(
        label=gettext_lazy("Basic Rummy: you go out only by discarding your last card"),
        required=False,
    )
    target_score = forms.IntegerField(
        label=gettext_lazy("Target score"),
        min_value=10,
        max_value=1000,
        required=False,
        help_text=gettext_lazy("Leave empty for 150 in Basic Rummy, 100 in Gin and Knock Rummy."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game, players = data.get("game"), data.get("players")
        if game and players:
            low, high = PLAYER_COUNTS[game]
            if not low <= players <= high:
                self.add_error(
                    "players",
                    _("%(game)s is for %(low)s to %(high)s players.")
                    % {"game": Table.Game(game).label, "low": low, "high": high}
                    if low != high
                    else _("%(game)s is for %(low)s players.")
                    % {"game": Table.Game(game).label, "low": low},
                )
        if data.get("name") is not None and not data["name"].strip():
            self.add_error("name", _("Type your name: the other players will call you by it."))
        return data

    def options(self) -> dict[str, Any]:
        data = self.cleaned_data
        options: dict[str, Any] = {}
        if data["game"] == "basic":
            options["ace_high_or_low"] = data["ace_high_or_low"]
            options["last_card_must_be_discarded"] = data["last_card_must_be_discarded"]
        if data.get("target_score"):
            options["target_score"] = data["target_score"]
        return options


__all__ = [
    "BadInput",
    "MoveRequest",
    "NewTableForm",
    "UnknownOption",
    "parse_move",
    "parse_version",
]
