"""What the lesson pages post and link: an answer to a check, and a question's seed."""

from __future__ import annotations

import random
from typing import Any

from django.http import QueryDict

from rummy_site.parsing import MAX_SEED, small_int


def parse_answer(form: QueryDict) -> dict[str, Any]:
    """The fields of an answer, as the checks read them (each check judges its own)."""
    return {
        "answer": form.get("answer", ""),
        "cards": form.getlist("cards"),
        "points": form.get("points", ""),
        "player": form.get("player", ""),
        "melds": form.getlist("melds"),
    }


def check_seed(query: QueryDict, form: QueryDict, index: int, *, answered: bool) -> int:
    """A random check's seed: from its answer's form, or from a link
    (``?check=N&seed=...``; ``seed=new`` for another question), else a fixed one."""
    if answered:
        raw = form.get("seed")
    elif small_int(query.get("check")) == index:
        raw = query.get("seed")
    else:
        raw = None
    if raw == "new":
        return random.SystemRandom().randrange(1, MAX_SEED)
    seed = small_int(raw)
    if seed is not None and 0 < seed <= MAX_SEED:
        return seed
    return index + 1


__all__ = ["check_seed", "parse_answer"]
