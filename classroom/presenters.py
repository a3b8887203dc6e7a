"""What the classroom's pages show, built from the services' records: a pupil's
assignments, the class page's live part (the grid, the common mistakes, who may need
help, the poll's address) and the guided hands for the projector. The views call these
and render; nothing here reads a request."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from game import explain
from game.cards import text_plain
from game.engine import Game
from game.guided import scenarios
from rummy_site.languages import pick

from . import assignments, dashboard, services
from .models import Classroom


def my_assignments(learner: Any) -> list[dict[str, Any]]:
    """The learner's classes, each with its assignments and the learner's state of each."""
    classes = []
    for pupil in services.memberships_of(learner=learner):
        items = services.assignments_of(classroom=pupil.classroom)
        statuses = assignments.progress(items, [learner], today=timezone.localdate())
        classes.append(
            {
                "pupil": pupil,
                "assignments": [
                    {
                        "label": assignments.label(a, pupil.classroom.language),
                        "url": assignments.url(a),
                        "due": a.due,
                        "status": statuses[(a.pk, learner.pk)],
                    }
                    for a in items
                ],
            }
        )
    return classes


def grid(classroom: Classroom, pupils: list[Any]) -> dict[str, Any]:
    """The class's assignments, and each pupil's state of each (a row per pupil)."""
    items = services.assignments_of(classroom=classroom)
    statuses = assignments.progress(items, [p.learner for p in pupils], today=timezone.localdate())
    columns = [
        {
            "assignment": a,
            "label": assignments.label(a, classroom.language),
            "done": sum(
                1 for p in pupils if statuses[(a.pk, p.learner_id)].state is assignments.State.DONE
            ),
        }
        for a in items
    ]
    active = dashboard.activity(classroom, pupils, now=timezone.now())
    rows = [
        {
            "pupil": p,
            "active": active.get(p.learner_id),
            "cells": [statuses[(a.pk, p.learner_id)] for a in items],
        }
        for p in pupils
    ]
    return {"columns": columns, "rows": rows}


def poll_seconds() -> int:
    """How often the class page asks whether anything changed (``CLASSROOM_POLL_SECONDS``)."""
    return int(getattr(settings, "CLASSROOM_POLL_SECONDS", 10))


def progress_context(classroom: Classroom, pupils: list[Any], stamp: str) -> dict[str, Any]:
    """What the class page's live part shows: the grid, the common mistakes, and the
    address its poll asks (with the stamp it was drawn at)."""
    url = reverse("classroom:progress", kwargs={"public_id": classroom.public_id})
    return {
        "grid": grid(classroom, pupils),
        "mistakes": dashboard.common_mistakes(classroom, pupils),
        "stuck": dashboard.stuck_pupils(classroom, pupils, now=timezone.now()),
        "stamp": stamp,
        "poll_url": f"{url}?stamp={stamp}",
        "poll_seconds": poll_seconds(),
    }


def project_index_context() -> dict[str, Any]:
    """The guided hands to show on the projector, by game."""
    games = [
        {
            "label": explain.game_name(game),
            "hands": [
                {"slug": s.slug, "title": text_plain(pick(s.title))}
                for s in scenarios.library()
                if s.game == game
            ],
        }
        for game in Game
    ]
    return {"games": games}


__all__ = ["grid", "my_assignments", "poll_seconds", "progress_context", "project_index_context"]
