"""What a table for people shows each player: the shared board (game/board.py) from
their own seat, who is at the table, whose turn it is, and the table's code to share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import reverse

from game import explain
from game.board import BoardDisplay, board_context
from game.engine import Board, Hand, PlayerView
from rummy_site import codes

from .services import SharedState


@dataclass(frozen=True)
class SeatState:
    """A table for people as one player sees it (what the shared board needs): their
    board of the round and their seat at it; a player sitting out (three-player Gin)
    watches the board being played, seeing no one's cards."""

    shared: SharedState
    seat: int | None

    @property
    def board(self) -> Board:
        mine = self.shared.board_of(self.seat) if self.seat is not None else None
        return mine if mine is not None else self.shared.current[0]

    @property
    def hand(self) -> Hand:
        return self.shared.hand_of(self.board)

    @property
    def me(self) -> int | None:
        return self.board.seat_of(self.seat) if self.seat is not None else None

    @property
    def names(self) -> list[str]:
        names = self.shared.names
        return [names[s] for s in self.board.seats]

    @property
    def view(self) -> PlayerView:
        return self.hand.view(self.me)

    @property
    def my_turn(self) -> bool:
        return self.shared.my_turn(self.seat)

    @property
    def sitting_out(self) -> bool:
        return self.me is None

    @property
    def bots_to_move(self) -> bool:
        return False  # the computer players move at once, on the server


def poll_seconds() -> int:
    """How often a player's page asks whether the table changed (``SHARED_POLL_SECONDS``,
    1 by default: the others' moves show within about a second)."""
    return int(getattr(settings, "SHARED_POLL_SECONDS", 1))


def table_context(
    state: SharedState, seat: int | None, display: BoardDisplay, *, error: str = ""
) -> dict[str, Any]:
    """A player's page of the table: the waiting room until every seat is taken, then
    the board from their seat; the poll's address carries the version it was drawn at."""
    table = state.table
    page_url = reverse("shared:table", kwargs={"public_id": table.public_id})
    seats = [
        {
            "name": s.get("name", ""),
            "open": bool(s.get("open")),
            "bot": bool(s.get("bot")),
            "you": i == seat,
        }
        for i, s in enumerate(table.seats)
    ]
    context: dict[str, Any] = {
        "table": table,
        "seat": seat,
        "game_label": explain.game_name(table.game),
        "code": codes.grouped(table.code),
        "share_url": reverse("shared:sit", kwargs={"code": table.code}),
        "page_url": page_url,
        "move_url": reverse("shared:move", kwargs={"public_id": table.public_id}),
        "next_url": reverse("shared:next", kwargs={"public_id": table.public_id}),
        "poll_url": f"{page_url}?v={table.version}",
        "poll_seconds": poll_seconds(),
        "version": table.version,
        "people": seats,
        "open_seats": sum(1 for s in seats if s["open"]),
        "dealt": state.dealt,
        "error": error,
    }
    if not state.dealt:
        return context
    mine = SeatState(state, seat)
    context.update(board_context(mine, display, error=error))
    to_move = state.to_move(mine.board)
    context.update(
        {
            "turn_name": state.names[to_move] if to_move is not None else "",
            "round_over": state.round_over,
            "others_playing": mine.hand.is_over and not state.round_over,
            "version": table.version,
        }
    )
    if state.round_over:
        result = state.result()
        assert result is not None
        results = (*state.results, result)
        context["match_over"] = state.rules.match(state.rounds, results).is_over
    return context


__all__ = ["SeatState", "poll_seconds", "table_context"]
