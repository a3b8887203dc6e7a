"""Classes and their pupils.

A :class:`Classroom` belongs to one teacher (a user) and has a join code, unique
among all classes, that pupils type (or reach by the join link or the QR code on the
projector). A :class:`Pupil` is a learner's membership of a class: the name the class
knows them by and a personal return code. Removing a pupil keeps the row (with
``removed`` set) so that the class's history stays whole; a removed pupil is no longer
in the class, and may join again under a new membership.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from learners.models import Learner
from rummy_site import codes, languages


def new_public_id() -> str:
    """An unguessable id for the class's pages (not the database key)."""
    return secrets.token_urlsafe(9)


def new_join_code() -> str:
    return codes.new_code(codes.JOIN_LENGTH)


def new_return_code() -> str:
    return codes.new_code(codes.RETURN_LENGTH)


class Classroom(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="classrooms",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name of the class"), max_length=60)
    #: The language the class's pages and join link open in.
    language = models.CharField(_("language"), max_length=8, choices=languages.choices)
    join_code = models.CharField(max_length=8, unique=True, default=new_join_code)
    #: Whether pupils may join now (the teacher closes joining once the class is in).
    joining_open = models.BooleanField(default=True)
    #: When the teacher archived the class (no joining, out of the list), if they did.
    archived = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    #: When the class last changed (its name, code, pupils or assignments): with the
    #: pupils' own records, what the dashboard's poll compares (classroom.dashboard).
    changed = models.DateTimeField(default=timezone.now)
    #: The last "Seat the class" choice (``game``, ``players``, ``patient_computers``),
    #: chosen again in its form: kept with the class, so that another browser of the
    #: teacher's (the projector's laptop) offers it too; empty before the first seating.
    seating = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def can_join(self) -> bool:
        return self.joining_open and self.archived is None


class Pupil(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="pupils")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="memberships")
    name = models.CharField(_("name"), max_length=24)
    return_code = models.CharField(max_length=10, unique=True, default=new_return_code)
    joined = models.DateTimeField(auto_now_add=True)
    #: When the teacher removed the pupil from the class, if they did.
    removed = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("pupil")
        verbose_name_plural = _("pupils")
        ordering = ["name", "pk"]
        constraints = [
            # Two pupils may not share a name in one class (whatever its case).
            models.UniqueConstraint(
                Lower("name"),
                "classroom",
                condition=models.Q(removed__isnull=True),
                name="pupil_one_name_per_class",
            ),
            # A learner is in a class once.
            models.UniqueConstraint(
                "classroom",
                "learner",
                condition=models.Q(removed__isnull=True),
                name="pupil_once_per_class",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shown_return_code(self) -> str:
        """The return code as printed and shown: ``KX7M-4PRT``."""
        return codes.grouped(self.return_code)


class Assignment(models.Model):
    """Something the teacher set the class: a lesson (done when mastered), a guided hand
    (done when finished), a drill (done at a streak of :data:`DRILL_STREAK`), or hands
    at practice tables (``count`` finished, or won, at tables started after it was set).
    ``ref`` names the lesson, the guided hand or the drill; ``due`` is optional."""

    class Kind(models.TextChoices):
        LESSON = "lesson", _("lesson")
        GUIDED = "guided", _("guided hand")
        DRILL = "drill", _("drill")
        HANDS = "hands", _("hands to finish")
        WINS = "wins", _("hands to win")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    game = models.CharField(max_length=8)
    ref = models.CharField(max_length=80, blank=True)
    count = models.PositiveSmallIntegerField(default=1)
    due = models.DateField(_("due date"), null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} {self.game} {self.ref} x{self.count}"


#: The streak that completes a drill assignment.
DRILL_STREAK = 5


class Mistake(models.Model):
    """A pupil's mistake, recorded where it happened (only for learners in a class): a
    move refused at a practice table, a wrong or refused move in a guided hand, a wrong
    first answer to a lesson's question, a wrong answer in a drill. ``topic`` is what it
    was about (a guided hand's mistake topic, ``wrong_answer`` or ``drill_answer``);
    ``code`` the engine's reason (``MoveError:knock_over_limit``, ``MeldFailure:run_gap``;
    for a guided hand's other move, the kind of move), ``params`` what explains it (cards
    as codes), ``where`` the table, the guided hand, the lesson's question
    (``slug#index``) or the drill (its kind: ``deadwood``)."""

    class Source(models.TextChoices):
        TABLE = "table", _("practice table")
        GUIDED = "guided", _("guided hand")
        LESSON = "lesson", _("lesson")
        DRILL = "drill", _("drill")

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="mistakes_made")
    source = models.CharField(max_length=8, choices=Source.choices)
    game = models.CharField(max_length=8)
    topic = models.CharField(max_length=40)
    code = models.CharField(max_length=60, blank=True)
    params = models.JSONField(default=dict)
    where = models.CharField(max_length=100, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("mistake")
        verbose_name_plural = _("mistakes")
        indexes = [models.Index(fields=["learner", "created"], name="mistake_learner_created")]

    def __str__(self) -> str:
        return f"{self.source} {self.game} {self.topic} {self.code}"


class LiveExercise(models.Model):
    """A guided hand the teacher plays with the whole class, step by step: each pupil
    answers the step on their own device, the projector shows how many chose each move,
    the teacher reveals the answer and moves the class on.

    ``step`` is how many of the hand's right moves have been made (the class answers the
    next one); ``revealed`` whether the answer of this step is shown (answering is then
    closed). A class has at most one running exercise (``ended`` unset)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="exercises")
    scenario = models.CharField(max_length=80)
    step = models.PositiveSmallIntegerField(default=0)
    revealed = models.BooleanField(default=False)
    started = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("live exercise")
        verbose_name_plural = _("live exercises")
        constraints = [
            models.UniqueConstraint(
                "classroom",
                condition=models.Q(ended__isnull=True),
                name="one_live_exercise_per_class",
            )
        ]

    def __str__(self) -> str:
        return f"{self.scenario} step {self.step}"


class LiveAnswer(models.Model):
    """A pupil's answer to one step of a live exercise: the move (as its text), how the
    guided hand judges it (right, other, illegal) and, for a move against the rules, the
    engine's reason. One answer per pupil and step: the first counts."""

    exercise = models.ForeignKey(LiveExercise, on_delete=models.CASCADE, related_name="answers")
    pupil = models.ForeignKey(Pupil, on_delete=models.CASCADE, related_name="live_answers")
    step = models.PositiveSmallIntegerField()
    move = models.CharField(max_length=120)
    verdict = models.CharField(max_length=8)
    code = models.CharField(max_length=60, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("live exercise answer")
        verbose_name_plural = _("live exercise answers")
        constraints = [
            models.UniqueConstraint(
                fields=["exercise", "pupil", "step"], name="one_live_answer_per_step"
            )
        ]

    def __str__(self) -> str:
        return f"{self.pupil} step {self.step}: {self.move}"


class ClassTable(models.Model):
    """A table for people the teacher seated some of the class's pupils at (the table
    itself belongs to the game, :class:`game.shared.models.SharedTable`)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(
        "shared.SharedTable", on_delete=models.CASCADE, related_name="class_table"
    )
    #: Its number among the tables of the seating that made it (1, 2, ...): what the
    #: class page, the projector and its pupils call it ("Table 3"), so that a teacher
    #: can say which (the class-of-thirty walk: eight tables, alike but for their
    #: players). The migration that added it numbered the tables seated before; 0 is
    #: only the column's default.
    number = models.PositiveSmallIntegerField(default=0, db_default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("class table")
        verbose_name_plural = _("class tables")
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.classroom} {self.table}"
