"""The drills' pages: each game's drills with the learner's records, and a drill's
question with the last answer's feedback above it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy

from game import explain
from lessons.presenters import explanation, question_box

from .models import DrillRecord
from .services import DRILLS, DrillAnswered, DrillQuestion

KIND_LABELS = {
    "meld": gettext_lazy("Meld or not?"),
    "deadwood": gettext_lazy("Count the deadwood"),
    "knock": gettext_lazy("Can you knock?"),
    "discard": gettext_lazy("The best discard"),
    "layoff": gettext_lazy("Where does it lay off?"),
    "score": gettext_lazy("Who scores, and how much?"),
}


def index_context(records: dict[tuple[str, str], DrillRecord]) -> dict[str, Any]:
    games = []
    for game, kinds in DRILLS.items():
        items = []
        for kind in kinds:
            record = records.get((game.value, kind))
            items.append(
                {
                    "label": KIND_LABELS[kind],
                    "url": reverse("drills:drill", kwargs={"game": game.value, "kind": kind}),
                    "best": record.best if record else 0,
                }
            )
        games.append({"game": game, "label": explain.game_name(game), "drills": items})
    return {"games": games}


def check_box(
    item: DrillQuestion,
    *,
    error: str = "",
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
) -> dict[str, Any]:
    """The check partial's context for a drill question (``lessons/_check.html``);
    ``answer``: a refused answer, drawn again in its fields beside its reason, the focus
    on the field ``refused``."""
    url = reverse("drills:answer", kwargs={"game": item.game.value, "kind": item.kind})
    return question_box(
        item.check,
        item.seed,
        token=item.token,
        url=url,
        error=error,
        answer=answer,
        refused=refused,
    )


def drill_context(
    item: DrillQuestion,
    record: DrillRecord | None,
    *,
    last: DrillAnswered | None = None,
    error: str = "",
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
) -> dict[str, Any]:
    check = check_box(item, error=error, answer=answer, refused=refused)
    # One question after another: not a lesson's numbered "Try it 1".
    check["no_badge"] = True
    if last is not None:
        # The page opens in the next question's answer (or on its first card, button or
        # player): a screen reader reads the last answer's verdict as its description.
        check["described_by"] = "drill-feedback"
    return {
        "game": item.game,
        "kind": item.kind,
        "title": KIND_LABELS[item.kind],
        "label": explain.game_name(item.game),
        "check": check,
        "streak": record.streak if record else 0,
        "best": record.best if record else 0,
        "last": last,
        "last_explanation": explanation(last.question.check, last.outcome) if last else None,
    }


__all__ = ["KIND_LABELS", "check_box", "drill_context", "index_context"]
