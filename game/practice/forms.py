"""The form that starts a practice table: the game, how many play, the options, a name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from game.cards import text_plain
from game.engine import Game, table_sizes
from game.explain import GAME_NAMES, game_name
from learners.names import clean_display_name

from .services import NAME_LENGTH

#: The target scores a table may be played to.
LOWEST_TARGET, HIGHEST_TARGET = 10, 1000


class NewTableForm(forms.Form):
    """Start a table: the game, how many play, the options, the learner's name."""

    game = forms.TypedChoiceField(
        label=gettext_lazy("Game"),
        choices=[(g.value, GAME_NAMES[g]) for g in Game],
        coerce=Game,
        error_messages={"invalid_choice": gettext_lazy("Choose one of the three games.")},
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        coerce=int,
        choices=[(n, str(n)) for n in range(2, 7)],
        initial=2,
        # Django's message repeats whatever was sent.
        error_messages={"invalid_choice": gettext_lazy("Choose from 2 to 6 players.")},
        help_text=gettext_lazy(
            "Basic and Knock Rummy: 2 to 6. Gin Rummy: 2; with 3, one sits out each hand; "
            "with 4, two partnerships."
        ),
    )
    # No name by default: the table then calls the learner "You" (its seats, the
    # players to score), as a guided hand does, and the site keeps no name for them. A
    # default name was a man's in Lithuanian («Aleksas») for every newcomer, and the
    # learner's name from then on: offered to their class and at a table for people.
    name = forms.CharField(
        label=gettext_lazy("Your name"),
        max_length=NAME_LENGTH,
        required=False,
        help_text=gettext_lazy("You may leave it empty: the table then calls you “You”."),
        # Not filled in by the browser: on a school's shared computer its suggestions are
        # the names the pupils before typed (the page offers this learner's own name).
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    ace_high_or_low = forms.BooleanField(
        label=format_lazy(
            gettext_lazy("Basic Rummy: the ace may also be high ({run}), and counts 15"),
            run=lazy(text_plain, str)("{Q-K-A}"),
        ),
        required=False,
    )
    last_card_must_be_discarded = forms.BooleanField(
        label=gettext_lazy("Basic Rummy: you go out only by discarding your last card"),
        required=False,
    )
    lay_out_yourself = forms.BooleanField(
        label=gettext_lazy(
            "Gin Rummy: after a knock, lay out your melds and choose your layoffs yourself"
        ),
        help_text=gettext_lazy(
            "The coach then says what a better layout or more layoffs would have scored. "
            "Without it, the site lays out the best way for you."
        ),
        initial=True,
        required=False,
    )
    patient_computers = forms.BooleanField(
        label=gettext_lazy("Knock Rummy: the computer players give you time to play"),
        help_text=gettext_lazy(
            "They do not knock before everyone has had two turns. Without it, they play to "
            "win: they knock as soon as a knock pays."
        ),
        initial=True,
        required=False,
    )
    #: The options of one game: the page shows them only while that game is chosen
    #: (static/js/site.js; without JavaScript every option shows, each named by its game).
    ONE_GAME_OPTIONS = {
        "ace_high_or_low": Game.BASIC,
        "last_card_must_be_discarded": Game.BASIC,
        "lay_out_yourself": Game.GIN,
        "patient_computers": Game.KNOCK,
    }
    target_score = forms.IntegerField(
        label=gettext_lazy("Target score"),
        min_value=LOWEST_TARGET,
        max_value=HIGHEST_TARGET,
        required=False,
        help_text=gettext_lazy(
            "Leave empty for 150 in Basic Rummy, 100 in Gin and Knock Rummy. For a shorter "
            "match, type a lower target, such as 50."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mark_one_game_options(self)
        # The site's own words for a target out of range or not a number (the Russian
        # pupil's walk: Django's «Убедитесь, что это значение больше либо равно 10.»).
        target = ngettext(
            "Type a target score from %(low)d to %(high)d point.",
            "Type a target score from %(low)d to %(high)d points.",
            HIGHEST_TARGET,
        ) % {"low": LOWEST_TARGET, "high": HIGHEST_TARGET}
        for code in ("min_value", "max_value", "invalid"):
            self.fields["target_score"].error_messages[code] = target

    def clean_name(self) -> str:
        """The name without invisible or direction-changing characters."""
        return clean_display_name(self.cleaned_data["name"], NAME_LENGTH)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game, players = data.get("game"), data.get("players")
        if game and players:
            low, high = table_sizes(game)
            if not low <= players <= high:
                self.add_error(
                    "players",
                    _("%(game)s is for %(low)s to %(high)s players.")
                    % {"game": game_name(game), "low": low, "high": high}
                    if low != high
                    else _("%(game)s is for %(low)s players.")
                    % {"game": game_name(game), "low": low},
                )
        # Something typed that is no name at all (invisible characters only) is refused;
        # an empty field is no name (the table says "You").
        typed = self.data.get("name", "")
        if data.get("name") == "" and isinstance(typed, str) and typed.strip():
            self.add_error("name", _("Type your name: the other players will call you by it."))
        return data

    def options(self) -> dict[str, Any]:
        data = self.cleaned_data
        options: dict[str, Any] = {}
        if data["game"] is Game.BASIC:
            options["ace_high_or_low"] = data["ace_high_or_low"]
            options["last_card_must_be_discarded"] = data["last_card_must_be_discarded"]
        if data["game"] is Game.GIN:
            options["players_lay_out"] = data["lay_out_yourself"]
        if data.get("target_score"):
            options["target_score"] = data["target_score"]
        return options

    def computers(self) -> str | None:
        """How the computer players play (``services.COMPUTERS``), as
        :func:`chosen_computers` says."""
        return chosen_computers(self.cleaned_data)


def chosen_computers(data: dict[str, Any]) -> str | None:
    """How a new table's computer players play (``services.COMPUTERS``), from a valid
    form's ``game`` and ``patient_computers`` (this form's, or a table for people's): at
    Knock Rummy as the player chose, ticked or not (an unticked box posts nothing, and
    is "bot"); at the other games ``None``, the table's default (they play alike)."""
    if data["game"] is not Game.KNOCK:
        return None
    return "patient" if data["patient_computers"] else "bot"


def mark_one_game_options(form: forms.BaseForm) -> None:
    """Mark each option of one game the form has (``NewTableForm.ONE_GAME_OPTIONS``) with
    its game (``data-game``): the page shows it only while that game is chosen
    (static/js/site.js); without JavaScript every option shows, named by its game."""
    for name, game in NewTableForm.ONE_GAME_OPTIONS.items():
        if name in form.fields:
            form.fields[name].widget.attrs["data-game"] = game.value


__all__ = ["NewTableForm", "chosen_computers", "mark_one_game_options"]
