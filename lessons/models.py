"""Lessons loaded from their Markdown files, and what each learner has done with them."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from learners.models import Learner


class Lesson(models.Model):
    """One lesson (or a game's printable summary, or the glossary) in one language.

    Loaded by ``python manage.py load_lessons`` from ``lessons/content/``; the
    files are the source, this table is what the pages read. ``body`` is the
    rendered Markdown with markers where cards (``<!--cards:7H 8H-->``) and
    checks (``<!--check:N-->``) are drawn (the cards once per process and language,
    ``lessons.render.body_pieces``; the checks on each request, with the learner's
    answers); ``checks`` holds each check's shortcode arguments, in order.
    """

    class Kind(models.TextChoices):
        LESSON = "lesson", _("lesson")
        SUMMARY = "summary", _("rule summary")
        GLOSSARY = "glossary", _("glossary")

    language = models.CharField(max_length=8)
    game = models.CharField(max_length=8, blank=True)
    slug = models.SlugField(max_length=80)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.LESSON)
    order = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(max_length=200)
    summary = models.CharField(max_length=400, blank=True)
    guided = models.JSONField(default=list)
    body = models.TextField()
    checks = models.JSONField(default=list)

    class Meta:
        ordering = ["game", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["language", "game", "slug"], name="one_lesson_per_language"
            )
        ]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return f"{self.language}/{self.game}/{self.slug}"


class LessonRead(models.Model):
    """A learner finished reading a lesson (in any language)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lessons_read")
    game = models.CharField(max_length=8)
    slug = models.SlugField(max_length=80)
    read_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "game", "slug"], name="read_once")
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.slug} read"


class CheckAnswer(models.Model):
    """A learner's answers to one check of a lesson: how many, and whether the check was
    answered right at the first answer to one of its questions (see :class:`FirstAnswer`;
    rows from before first answers were kept say whether any answer was right)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="check_answers")
    game = models.CharField(max_length=8)
    slug = models.SlugField(max_length=80)
    index = models.PositiveSmallIntegerField()
    attempts = models.PositiveIntegerField(default=0)
    correct = models.BooleanField(default=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "game", "slug", "index"], name="one_answer_row_per_check"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.slug} check {self.index}"


class FirstAnswer(models.Model):
    """A learner's first answer to one question: a check of a lesson, dealt from ``seed``
    (a check with fixed cards has one question). Only the first answer is kept, and only
    it counts toward mastery; the retries are counted (a wrong answer gets a retry, then
    a hint, then the solution). Unique, so that of two answers sent at once one is
    first."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="first_answers")
    game = models.CharField(max_length=8)
    slug = models.SlugField(max_length=80)
    index = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    #: The answer's fields as posted (cards, points, player, melds, answer).
    answer = models.JSONField(default=dict)
    correct = models.BooleanField()
    #: Answers given to this question so far (the first, then the retries).
    tries = models.PositiveSmallIntegerField(default=1)
    #: Answered right at some try (only ``correct``, the first answer, counts).
    solved = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "game", "slug", "index", "seed"], name="one_first_answer"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.slug} check {self.index} question {self.seed}"


class LessonPlacement(models.Model):
    """A lesson the learner skipped by passing their game's placement check (they knew
    its questions already): it counts as done on the path."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lesson_placements")
    game = models.CharField(max_length=8)
    slug = models.SlugField(max_length=80)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "game", "slug"], name="placed_once")
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.slug} placed"
