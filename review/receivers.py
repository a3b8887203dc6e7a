"""The mistakes that make review cards: a wrong first answer in a lesson, a mistake in a
guided hand whose kind has a question to practise it."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from game.guided.signals import mistake_recorded
from lessons.signals import wrong_first_answer

from . import services


@receiver(wrong_first_answer)
def _lesson_mistake(sender: Any, learner: Any, game: str, slug: str, index: int, **_: Any) -> None:
    services.record_mistake(learner=learner, key=services.check_key(game, slug, index))


@receiver(mistake_recorded)
def _guided_mistake(sender: Any, learner: Any, game: Any, topic: Any, **_: Any) -> None:
    key = services.topic_key(str(game), str(topic))
    if services.topic_question(key) is not None:
        services.record_mistake(learner=learner, key=key)
