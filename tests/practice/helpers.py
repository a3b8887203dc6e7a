"""Driving practice tables through real HTTP requests, as a browser would."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse

from game.cards import card_name
from game.engine import DECK, AnyMove, Card, Discard, Hand
from game.practice.models import Table
from game.practice.services import HUMAN, table_state
from tests.factories import move_data

HTMX = {"HTTP_HX_REQUEST": "true"}


def start_table(
    client: Client, game: str, players: int = 2, language: str = "en", **options: Any
) -> Table:
    data = {"game": game, "players": str(players), "name": "Aistė", **options}
    response = client.post(f"/{language}/practice/new/", data)
    assert response.status_code == 303, response.content.decode()[:2000]
    public_id = response["Location"].split("#", 1)[0].rstrip("/").rsplit("/", 1)[1]
    return Table.objects.get(public_id=public_id)


def url(table: Table, name: str = "table", language: str = "en") -> str:
    from django.utils import translation

    with translation.override(language):
        return reverse(f"practice:{name}", kwargs={"public_id": table.public_id})


def post_move(
    client: Client,
    table: Table,
    move: AnyMove,
    *,
    htmx: bool = False,
    confirm: bool = True,
    **extra: Any,
) -> Any:
    table.refresh_from_db()
    data = {"version": str(table.version), **move_data(move), **extra}
    if confirm:
        data["confirm"] = "1"
    return client.post(url(table, "move"), data, **(HTMX if htmx else {}))


def snapshot(table: Table) -> tuple[Any, Any, int]:
    table.refresh_from_db()
    return (table.rounds, table.hints, table.version)


@dataclass
class Hidden:
    """The cards the learner may not see at a moment of the hand."""

    cards: set[Card]

    def leaks(self, body: str, public_id: str) -> list[str]:
        # Four-player Gin: the other table plays with its own deck; its section is
        # checked against that table's hidden cards (see other_table_leaks).
        body = re.sub(r'<section class="other-table".*?</section>', "", body, flags=re.S)
        # The suits' shapes at the top of every page: their path data has "9.4C.8" in it.
        body = re.sub(r'<svg class="suit-sprite".*?</svg>', "", body, flags=re.S)
        # Random tokens (CSRF, the table's id) may contain "7H"-like runs: drop them.
        text = re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', "", body)
        text = text.replace(public_id, "")
        found = []
        for card in self.cards:
            code = str(card)
            short = ("10" if code[0] == "T" else code[0]) + card.suit.symbol
            patterns = [rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", re.escape(short)]
            for pattern in patterns:
                if re.search(pattern, text):
                    found.append(f"{code} ({pattern})")
            if card_name(card) in text:
                found.append(f"{code} (name)")
        return found


def learner_seat(table: Table) -> int | None:
    """The learner's engine seat at the current board (None: sitting out)."""
    table.refresh_from_db()
    return table_state(table=table).me


def hidden_cards(hand: Hand, me: int | None = HUMAN) -> Hidden:
    """Everything but the learner's own hand, the face-up discard pile and the table."""
    visible: set[Card] = set(hand.discard_pile)
    if me is not None:
        visible |= set(hand.hands[me])
    # Every card that was ever face up stays known, even after the discard pile
    # is turned into a new stock (Basic Rummy).
    visible |= set(hand.deal.discard[:1])
    # (The upcard and every discard were seen face up by everyone.)
    discarded = {e.move.card for e in hand.log if isinstance(e.move, Discard)}
    discarded |= set(hand.deal.discard[:1])
    visible |= discarded
    for meld in hand.table:
        visible |= set(meld.cards)
    if hand.is_over:
        assert hand.result is not None
        for cards in hand.result.hands:
            visible |= set(cards)
    knocker = hand.knocker
    # The knocker's discard lies face down: only the knocker saw it (a learner sitting
    # out, me None, did not), while the hand is laid out and after; the settlement shows
    # every card counted or laid off. Unless it was discarded face up before (and taken
    # back up): that everyone saw, and the log may tell it.
    if (
        hand.game == "gin"
        and knocker is not None
        and knocker != me
        and hand.discard_pile[0] not in discarded
    ):
        visible.discard(hand.discard_pile[0])
    return Hidden(set(DECK) - visible)


def other_table_leaks(body: str, other: Hand, public_id: str) -> list[str]:
    """Four-player Gin: the other table's section shows only what its showdown shows."""
    match = re.search(r'<section class="other-table".*?</section>', body, flags=re.S)
    if match is None:
        return []
    return hidden_cards(other, None).leaks(match.group(0).replace("other-table", ""), public_id)
