"""The mistakes that make review cards: a wrong first answer in a lesson, and a mistake
in a guided hand or a move refused at a practice table, when its kind has a question to
practise it (a meld that is not one, a knock over the limit, a knock missed or made where
it loses, a card laid off where it does not fit: :data:`review.services.TOPIC_CHECKS`)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from game.guided.services import refusal_topic
from game.guided.signals import mistake_recorded
from game.practice.signals import move_refused
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


@receiver(move_refused)
def _table_refusal(sender: Any, learner: Any, game: Any, error: Any, **_: Any) -> None:
    key = services.topic_key(str(game), str(refusal_topic(error)))
    if services.topic_question(key) is not None:
        services.record_mistake(learner=learner, key=key)
