"""A table for people: two to six players at one table, each on their own device.

Like a practice table it stores only what was done: the engine's rounds as data
(boards and their moves, :func:`game.engine.rounds_to_data`) and the results of the
finished ones; every page replays the hand. Unlike one, any seat may be a person:
``seats`` lists who sits where, ``[{"name": "Ona", "learner": 12}, {"name": "Kortas",
"bot": true}, {"name": "", "open": true}]``. The hand is dealt when the last open seat
is taken. ``version`` counts every change: a move is made only from the version its
player saw, so of two moves at once exactly one goes in.

A person who stops answering is replaced by a computer player: ``waiting`` lists the
people to move now and since when, so that any player's poll can tell in its one
query that someone has been waiting longer than ``away_seconds``; their seat is then
marked ``"away": true`` and the computer plays it until they take it back (a player
who pressed "Leave the table" is away too, with ``"left_on_purpose": true``); each move
the computer makes for them is noted in the seat's ``computer_played`` (``[hand number,
move number]``), told as the computer's; a person's own move notes when in their
seat's ``moved`` (unix seconds: a pupil's last activity on the class page). A pupil
removed from their class leaves their seat for good: it becomes a computer player's,
under the same name, marked ``"left": true``. A teacher
may pause a class table (no move is made while ``paused``), switch the coach's hints
off (``hints``) and end it for good (``ended``: no move is made from then on, and its
finished hands stay to review).
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from rummy_site import codes
from rummy_site.fields import JSONTextField

#: How long a table's share code is (a class's join code is as long).
CODE_LENGTH = codes.JOIN_LENGTH


def new_public_id() -> str:
    return secrets.token_urlsafe(9)


def new_code() -> str:
    return codes.new_code(CODE_LENGTH)


class SharedTable(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    #: What the players type (or the link carries) to sit down.
    code = models.CharField(max_length=8, unique=True, default=new_code)
    game = models.CharField(max_length=8)
    format = models.CharField(max_length=10)
    options = models.JSONField(default=dict)
    seats = models.JSONField()
    rounds = JSONTextField(default=list)
    results = models.JSONField(default=list)
    seed = models.BigIntegerField()
    version = models.PositiveIntegerField(default=0)
    #: The people to move now, and since when: ``[[seat, unix seconds], ...]``.
    waiting = models.JSONField(default=list)
    #: How long a person to move may take before a computer player takes their seat
    #: (0: never).
    away_seconds = models.PositiveIntegerField(default=120)
    #: How the computer players play (and the computer in an away person's seat): the
    #: engine's policy, as a practice table's ``computers``. A new Knock Rummy table gets
    #: ``"patient"`` (no knock before every player has had two turns); the tables opened
    #: before keep the strong player (``"bot"``) they were played by.
    computers = models.CharField(max_length=8, default="bot", db_default="bot")
    #: Whether the players may ask the coach for a hint.
    hints = models.BooleanField(default=True)
    #: Paused by the teacher: no move is made until they go on.
    paused = models.BooleanField(default=False)
    #: When the teacher ended the table (seating their class again ends its earlier
    #: tables): no move is made from then on; the finished hands stay to review.
    ended = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("table for people")
        verbose_name_plural = _("tables for people")

    def __str__(self) -> str:
        return f"{self.game} table {self.code}"
