"""How a class is shared out at tables (:func:`game.shared.services.split_people`):
every pupil seated once, every table within the game's numbers, nobody alone with the
computer when the numbers allow it, and the tables as even as they can be."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, table_sizes
from game.shared.services import split_people


@cache
def splits_into(count: int, least: int, high: int) -> bool:
    """Whether ``count`` people sit at tables of ``least`` to ``high``, none left over."""
    if count == 0:
        return True
    return any(splits_into(count - n, least, high) for n in range(least, min(high, count) + 1))


def check(count: int, players: int, low: int, high: int) -> None:
    tables = split_people(count, players, low, high)
    assert sum(people for people, _seats in tables) == count  # every one seated, once
    assert all(low <= seats <= high and 1 <= people <= seats for people, seats in tables)
    computers = sum(seats - people for people, seats in tables)
    avoidable = count >= 2 and splits_into(count, max(low, 2), high)
    if avoidable:
        assert computers == 0
        assert all(people >= 2 for people, _seats in tables)
        sizes = [people for people, _seats in tables]
        assert max(sizes) - min(sizes) <= 1
        # Never bigger than chosen, unless tables of that size would leave one short.
        tables_of_chosen = -(-count // players)
        assert max(sizes) <= players or count < tables_of_chosen * max(low, 2)
        if max(low, 2) == 2 and high >= 3:  # Basic, Knock and Gin: at most one more
            assert max(sizes) <= max(players, 3)
    else:
        assert len([1 for people, seats in tables if people < seats]) <= 1  # only the last


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(list(Game)), st.integers(1, 80), st.data())
def test_the_split_of_a_class_for_each_game(game: Game, count: int, data: st.DataObject) -> None:
    low, high = table_sizes(game)
    players = data.draw(st.integers(low, high))
    check(count, players, low, high)


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 6), st.integers(0, 4), st.integers(1, 80), st.data())
def test_the_split_for_any_numbers_a_game_may_be_played_by(
    low: int, more: int, count: int, data: st.DataObject
) -> None:
    high = min(low + more, 6)
    players = data.draw(st.integers(low, high))
    check(count, players, low, high)


def test_the_walks_classes() -> None:
    assert split_people(31, 3, 2, 6) == [(3, 3)] * 9 + [(2, 2)] * 2
    assert split_people(5, 4, 2, 4) == [(3, 3), (2, 2)]
    assert split_people(7, 2, 2, 6) == [(3, 3), (2, 2), (2, 2)]
    assert split_people(30, 3, 2, 6) == [(3, 3)] * 10
    assert split_people(1, 3, 2, 6) == [(1, 3)]  # one pupil: computer players, unavoidably
    assert split_people(7, 2, 2, 2) == [(2, 2)] * 3 + [(1, 2)]  # a game for two only
