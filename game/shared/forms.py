"""The forms of the tables for people: open a table, sit down at one with its code."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from game.practice.forms import NewTableForm, chosen_computers, mark_one_game_options
from game.practice.services import NAME_LENGTH
from game.shared.services import AWAY_SECONDS
from learners.names import clean_display_name


def _name_field() -> forms.CharField:
    """The "Your name" field, the name the others see. Not filled in by the browser
    (``autocomplete="off"``): on a school's shared computer its suggestions are the
    names the pupils before typed, and a pupil who takes one sits down as a classmate
    (the page offers only this browser's own learner's name, as the class's join form
    does); nor is it kept for the next pupil."""
    return forms.CharField(
        label=gettext_lazy("Your name"),
        max_length=NAME_LENGTH,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class OpenTableForm(forms.Form):
    """A new table: the game, how many play (how many of them computer players), how
    the computer players play at Knock Rummy, and the name the others see."""

    # As a practice table's: the game and how many play.
    game = NewTableForm.declared_fields["game"]
    players = NewTableForm.declared_fields["players"]
    computers = forms.TypedChoiceField(
        label=gettext_lazy("Computer players among them"),
        coerce=int,
        choices=[(n, str(n)) for n in range(0, 6)],
        initial=0,
        error_messages={"invalid_choice": gettext_lazy("Choose from 0 to 5 computer players.")},
        help_text=gettext_lazy("The other seats wait for people who have the table's code."),
    )
    # As a practice table's, ticked for a new table: at Knock Rummy the computer players
    # (and the computer in the seat of a person who does not answer) give the people time
    # to play, or, unticked, play to win. Shown while Knock Rummy is chosen (every time
    # without JavaScript, named by its game).
    patient_computers = NewTableForm.declared_fields["patient_computers"]
    away = forms.TypedChoiceField(
        label=gettext_lazy("When a player does not answer"),
        coerce=int,
        choices=[
            (30, gettext_lazy("the computer plays for them after 30 seconds")),
            (60, gettext_lazy("the computer plays for them after 1 minute")),
            (120, gettext_lazy("the computer plays for them after 2 minutes")),
            (300, gettext_lazy("the computer plays for them after 5 minutes")),
            (0, gettext_lazy("wait for them as long as it takes")),
        ],
        initial=AWAY_SECONDS,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Choose how long to wait from the list.")},
        help_text=gettext_lazy("A player who comes back takes their seat again."),
    )
    name = _name_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mark_one_game_options(self)

    def clean_name(self) -> str:
        return _visible_name(self.cleaned_data["name"])

    def clean_away(self) -> int:
        away = self.cleaned_data["away"]
        return AWAY_SECONDS if away is None else int(away)

    def policy(self) -> str | None:
        """How the computer players play (``game.practice.services.COMPUTERS``): at Knock
        Rummy as the opener chose; else ``None``, the table's default."""
        return chosen_computers(self.cleaned_data)


class SitDownForm(forms.Form):
    """Sit down at a table: its code and the name the others see."""

    code = forms.CharField(
        label=gettext_lazy("Table code"),
        max_length=20,
        help_text=gettext_lazy("The code the player who opened the table gives you."),
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
    name = _name_field()

    def clean_name(self) -> str:
        return _visible_name(self.cleaned_data["name"])


def _visible_name(raw: str) -> str:
    """The name the others see, cleaned; refused when nothing visible is left (a name of
    zero-width or blank characters passed the field's own required check)."""
    name = clean_display_name(raw, NAME_LENGTH)
    if not name:
        raise forms.ValidationError(_("Type your name: the other players will call you by it."))
    return name
