"""The review page: the question of the first due card (drawn with the lessons' check
partial), where it comes from, and once answered the explanation and the next date."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game import explain
from game.guided.presenters import MISTAKE_LABELS
from game.guided.services import MistakeTopic
from lessons.presenters import explanation, kept_answer, question_box

from . import services
from .services import Question, Reviewed


def source(item: Question) -> dict[str, str]:
    """Where the question comes from: a lesson (with its link), or a kind of mistake made
    in play (a guided hand, a practice table or a table for people: one card each)."""
    if item.lesson is not None:
        url = reverse("lessons:lesson", kwargs={"game": item.game, "slug": item.lesson.slug})
        return {"text": _("From the lesson “%(title)s”") % {"title": item.lesson.title}, "url": url}
    label = MISTAKE_LABELS.get(MistakeTopic(item.topic), "")
    return {
        "text": _("From the hands you played (%(game)s): %(mistake)s")
        % {"game": explain.game_name(item.game), "mistake": label},
        "url": "",
    }


def check_box(
    item: Question,
    *,
    reviewed: Reviewed | None = None,
    error: str = "",
    picked: Sequence[str] = (),
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
    judged: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The check partial's context for a review question (``lessons/_check.html``): a
    single question (no "Another one": the scheduler picks the next), and once answered
    the explanation, right or wrong, beside the answer ``judged`` in its fields, the form
    closed (its fields and buttons disabled: the answer is given, "Next question" is what
    is left to do). A question not yet answered opens with the focus in its first field,
    as a drill's does (the Russian keyboard walk: after "Next question" the page opened at
    its top, the question 17 Tabs away, 4 keys by the skip link). A refused ``answer``
    comes back in its fields, the focus on the one refused (``refused``), described by
    the reason."""
    box = question_box(
        item.check,
        item.seed,
        token=item.token,
        url=reverse("review:answer"),
        error=error,
        autofocus=reviewed is None,
        answer=answer,
        refused=refused,
    )
    # The answer is a page of its own, whose "Next question" takes the focus: no
    # #check-0 in its address (Chromium gives no autofocus to a page opened at a
    # fragment, the browser walk found the keyboard back at the top of the page).
    box["whole_page"] = True
    outcome = reviewed.outcome if reviewed else None
    if outcome is not None:
        box["stage"] = "right" if outcome.correct else "solution"
        box["outcome"] = outcome
        box["explanation"] = explanation(item.check, outcome)
    if outcome is not None:
        box["picked"] = list(picked)
        # Answered: a second answer would be refused (the question is the next one's
        # now), so the form is closed, the answer kept in it (the Lithuanian Knock walk
        # without JavaScript: an empty field and an active "Check" beside "You answered:
        # 1."), and "Next question" is the one thing to press.
        box["closed"] = True
        if judged is not None:
            box["kept"] = kept_answer(judged)["kept"]
    return box


def comes_back(due: datetime, now: datetime | None = None) -> str:
    """When a question comes back, as the end of "This question comes back ...": "in 9
    minutes". Said by the site, not by Django's ``naturaltime``, whose "9 minutės nuo
    dabar" is not how a Lithuanian teacher says it ("po 9 minučių"). ``now`` is the
    review clock's (:func:`review.services.now`) unless given.

    Each unit is rounded before it is said, and a count that rounds up to the next unit is
    said in that unit: a day's interval, read a moment after it was set, is "in 1 day",
    not "in 24 hours" (the English Gin week's walk), and 59 minutes 40 seconds "in 1
    hour"."""
    seconds = (due - (now or services.now())).total_seconds()
    if seconds < 60:
        return _("in less than a minute")
    minutes = round(seconds / 60)
    if minutes < 60:
        return ngettext("in %(count)s minute", "in %(count)s minutes", minutes) % {"count": minutes}
    hours = round(seconds / 3600)
    if hours < 24:
        return ngettext("in %(count)s hour", "in %(count)s hours", hours) % {"count": hours}
    days = round(seconds / 86400)
    if days < 60:
        return ngettext("in %(count)s day", "in %(count)s days", days) % {"count": days}
    count = round(days / 30)
    return ngettext("in %(count)s month", "in %(count)s months", count) % {"count": count}


def page_context(
    item: Question | None,
    *,
    due: int,
    next_due: datetime | None,
    reviewed: Reviewed | None = None,
    error: str = "",
    picked: Sequence[str] = (),
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
    judged: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    check = (
        check_box(
            item,
            reviewed=reviewed,
            error=error,
            picked=picked,
            answer=answer,
            refused=refused,
            judged=judged,
        )
        if item
        else None
    )
    return {
        "item": item,
        "source": source(item) if item else None,
        "check": check,
        "reviewed": reviewed,
        # A refused answer with no question to show it beside (nothing is due now).
        "error": "" if item else error,
        "due_count": due,
        "next_due": next_due,
        "reviewed_when": comes_back(reviewed.due) if reviewed else "",
        "next_when": comes_back(next_due) if next_due else "",
    }


__all__ = ["check_box", "comes_back", "page_context", "source"]
