"""Small factories: learners, practice tables and guided attempts built through the
services (not through HTTP), for the unit tests of services and presenters and as
the browser tests' way to read the state behind a page."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from game.engine import AnyMove, BotPlayer, Discard, Game, Hand
from game.guided import scenarios
from game.guided import services as guided_services
from game.moveforms import move_fields
from game.practice import services as practice
from game.practice.models import Table
from learners.models import Learner

#: A card named for screen readers (game.cards.text_html, spoken_html): what the eye
#: reads of it is its first span.
_NAMED_CARD = re.compile(
    r'<span class="card-name[^"]*"><span aria-hidden="true">([^<]*)</span>'
    r'<span class="visually-hidden">[^<]*</span></span>'
)


def shown(html: str) -> str:
    """``html`` as the eye reads it: each card named for screen readers only by what it
    shows ("9♣ V♦"), its hidden name gone."""
    return _NAMED_CARD.sub(r"\1", html)


def fix_table_seeds(monkeypatch: pytest.MonkeyPatch, start: int) -> Iterator[int]:
    """New tables are dealt from seeds ``start``, ``start + 1``...: every run plays the
    same hands."""
    seeds = itertools.count(start)
    monkeypatch.setattr(practice, "new_table_seed", lambda: next(seeds))
    return seeds


def learner(name: str = "Aistė") -> Learner:
    return Learner.objects.create(display_name=name)


def table(
    game: str = "gin",
    players: int = 2,
    *,
    owner: Learner | None = None,
    seed: int = 1000,
    name: str = "Aistė",
    computers: str | None = None,
    **options: Any,
) -> Table:
    """A new practice table (the learner in seat 0, computer players in the others; how
    they play: ``computers``, by default the table's default)."""
    return practice.table_start(
        learner=owner or learner(name),
        game=Game(game),
        players=players,
        options=options,
        name=name,
        seed=seed,
        computers=computers,
    )


def hand_of(table: Table) -> Hand:
    """The learner's board as it stands, read from the database."""
    table.refresh_from_db()
    return practice.table_state(table=table).hand


def learner_move(hand: Hand, me: int = practice.HUMAN) -> AnyMove:
    """A sensible move for the learner (the computer player's choice for the learner's seat)."""
    return BotPlayer(seed=1).choose(hand.view(me))


def play(table: Table, moves: int) -> practice.TableState:
    """Play ``moves`` steps at the table: the learner's sensible moves (confirmed) and the
    computer players' moves, one at a time, stopping at the end of the hand."""
    state = practice.table_state(table=table)
    for _ in range(moves):
        if state.hand.is_over:
            break
        if state.my_turn:
            move = learner_move(state.hand, state.me if state.me is not None else 0)
            state = practice.table_move(
                table=table, version=table.version, move=move, confirmed=True
            )
        else:
            state = practice.table_bot_step(table=table, version=table.version)
    return state


def play_hand_out(table: Table) -> practice.TableState:
    """Play the current hand to its end."""
    state = play(table, 2000)
    assert state.hand.is_over
    return state


def scenario(slug: str = "gin-01-first-knock") -> scenarios.Scenario:
    found = scenarios.get(slug)
    assert found is not None, slug
    return found


def attempt_with(
    owner: Learner, slug: str, moves: int
) -> tuple[guided_services.GuidedState, list[AnyMove]]:
    """A guided attempt with the scenario's first ``moves`` right moves made."""
    hand = scenario(slug)
    line = scenarios.right_line(hand)[:moves]
    state = guided_services.guided_page(learner=owner, scenario=hand)
    for move in line:
        state, _verdict = guided_services.attempt_move(
            learner=owner, scenario=hand, version=state.version, move=move
        )
    return state, line


def a_wrong_move(hand: scenarios.Scenario) -> tuple[int, AnyMove, str]:
    """A step of a guided hand, a wrong move at it, and the scenario's words for it (or "")."""
    for step in hand.steps:
        for wrong in step.wrong:
            return step.number, wrong.move, wrong.say["en"]
    # No prepared wrong move: a discard before drawing (illegal at any draw step).
    progress = scenarios.replay(hand, [])
    return 1, Discard(progress.hand.cards(0)[0]), ""


def move_data(move: AnyMove) -> dict[str, str | list[str]]:
    """:func:`move_fields` as a dict, as a test client posts it (``cards`` a list)."""
    data: dict[str, str | list[str]] = {}
    for name, value in move_fields(move):
        if name == "cards":
            cards = data.setdefault("cards", [])
            assert isinstance(cards, list)
            cards.append(value)
        else:
            data[name] = value
    return data


__all__ = [
    "a_wrong_move",
    "attempt_with",
    "fix_table_seeds",
    "hand_of",
    "learner",
    "learner_move",
    "move_data",
    "play",
    "play_hand_out",
    "scenario",
    "table",
]
