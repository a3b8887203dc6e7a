"""What happened and what to do: the log's sentences and the coach's suggested moves,
one per :class:`MoveKind`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from operator import attrgetter

from django.utils.translation import get_language, npgettext, pgettext
from django.utils.translation import gettext as _

from game.engine import (
    AnyMove,
    Discard,
    DrawDiscard,
    Event,
    HandEnd,
    Knock,
    LayDown,
    LayOff,
    MoveKind,
    TableMeld,
)
from learners.names import one_stop

from .catalogue import Names, Params, Sentence
from .numbers import card_short, cards_short, either, listed

# The parameters of a log line: "name", and the move's cards as codes ("card", "cards").


def _name(p: Params, n: Names) -> dict[str, object]:
    return {"name": p["name"]}


def _name_card(p: Params, n: Names) -> dict[str, object]:
    return {"name": p["name"], "card": card_short(p["card"])}


def _name_cards(p: Params, n: Names) -> dict[str, object]:
    return {"name": p["name"], "cards": cards_short(p["cards"])}


def _card_onto(p: Params, n: Names) -> dict[str, object]:
    """A layoff's card, and its meld where the log knows it (``meld``)."""
    if "meld" in p:
        return {"card": card_short(p["card"]), "meld": cards_short(p["meld"])}
    return {"card": card_short(p["card"])}


def _name_card_onto(p: Params, n: Names) -> dict[str, object]:
    return {"name": p["name"], **_card_onto(p, n)}


def _name_card_if_seen(p: Params, n: Names) -> dict[str, object]:
    """A knock's parameters: its discard only where the reader saw it (Gin's lies face
    down: the others' log says only that the player knocked)."""
    return {"name": p["name"], **({"card": card_short(p["card"])} if "card" in p else {})}


#: What the learner did ("You drew from the stock.").
YOU_DID: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(lambda p: _("You drew from the stock.")),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: _("You took %(card)s from the discard pile."),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.DISCARD: Sentence(
        lambda p: _("You discarded %(card)s."), lambda p, n: {"card": card_short(p["card"])}
    ),
    MoveKind.MELD: Sentence(
        lambda p: _("You put %(cards)s on the table."),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    # A layoff names the meld it went onto, as it was before ("meld": its cards), where
    # the log knows it (the Russian screen-reader walk: «Оля добавляет карту 7♦ к
    # комбинации.» did not say which of the table's melds grew).
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            _("You laid off %(card)s onto %(meld)s.")
            if "meld" in p
            else _("You laid off %(card)s.")
        ),
        _card_onto,
    ),
    # A knock that ended the hand with no deadwood is told as the hand's headline tells
    # it (the rules audit: a gin read "You knocked." in the log, "You went gin!" above).
    MoveKind.KNOCK: Sentence(
        lambda p: (
            _("You went gin!")
            if p.get("end") == HandEnd.GIN.value
            else _("You knocked with rummy!")
            if p.get("end") == HandEnd.RUMMY.value
            else _("You knocked and discarded %(card)s.")
            if "card" in p
            else _("You knocked.")
        ),
        _name_card_if_seen,
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            _("You have laid out your melds.")
            if p.get("knocker")
            else _("You have finished laying off.")
        )
    ),
}

#: What the class did, on the projector (a guided hand, a live exercise): the class plays
#: one seat, and "you" is the whole class (Italian «Avete pescato dal tallone.», not a
#: single learner's «Hai pescato…»; Lithuanian and Russian say "you" to one learner as to
#: many). :data:`YOU_DID`'s sentences, with their context (a literal: makemessages reads
#: it).
CLASS_DID: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(
        lambda p: pgettext("said to the whole class on the projector", "You drew from the stock.")
    ),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: pgettext(
            "said to the whole class on the projector", "You took %(card)s from the discard pile."
        ),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.DISCARD: Sentence(
        lambda p: pgettext("said to the whole class on the projector", "You discarded %(card)s."),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.MELD: Sentence(
        lambda p: pgettext(
            "said to the whole class on the projector", "You put %(cards)s on the table."
        ),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            pgettext(
                "said to the whole class on the projector", "You laid off %(card)s onto %(meld)s."
            )
            if "meld" in p
            else pgettext("said to the whole class on the projector", "You laid off %(card)s.")
        ),
        _card_onto,
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: (
            pgettext("said to the whole class on the projector", "You went gin!")
            if p.get("end") == HandEnd.GIN.value
            else pgettext("said to the whole class on the projector", "You knocked with rummy!")
            if p.get("end") == HandEnd.RUMMY.value
            else pgettext(
                "said to the whole class on the projector", "You knocked and discarded %(card)s."
            )
            if "card" in p
            else pgettext("said to the whole class on the projector", "You knocked.")
        ),
        _name_card_if_seen,
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            pgettext("said to the whole class on the projector", "You have laid out your melds.")
            if p.get("knocker")
            else pgettext(
                "said to the whole class on the projector", "You have finished laying off."
            )
        )
    ),
}

#: What another player did ("Ona drew from the stock.").
THEY_DID: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(lambda p: _("%(name)s drew from the stock."), _name),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: _("%(name)s took %(card)s from the discard pile."), _name_card
    ),
    MoveKind.DISCARD: Sentence(lambda p: _("%(name)s discarded %(card)s."), _name_card),
    MoveKind.MELD: Sentence(lambda p: _("%(name)s put %(cards)s on the table."), _name_cards),
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            _("%(name)s laid off %(card)s onto %(meld)s.")
            if "meld" in p
            else _("%(name)s laid off %(card)s.")
        ),
        _name_card_onto,
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: (
            _("%(name)s went gin.")
            if p.get("end") == HandEnd.GIN.value
            else _("%(name)s knocked with rummy.")
            if p.get("end") == HandEnd.RUMMY.value
            else _("%(name)s knocked and discarded %(card)s.")
            if "card" in p
            else _("%(name)s knocked.")
        ),
        _name_card_if_seen,
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            _("%(name)s: every meld is laid out.")
            if p.get("knocker")
            else _("%(name)s: no more layoffs.")
        ),
        _name,
    ),
}

#: What the computer did in the learner's seat while they were away ("The computer, in
#: your seat, discarded 9♥."): never told as the learner's own move.
COMPUTER_FOR_YOU: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(lambda p: _("The computer, in your seat, drew from the stock.")),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: _("The computer, in your seat, took %(card)s from the discard pile."),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.DISCARD: Sentence(
        lambda p: _("The computer, in your seat, discarded %(card)s."),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.MELD: Sentence(
        lambda p: _("The computer, in your seat, put %(cards)s on the table."),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            _("The computer, in your seat, laid off %(card)s onto %(meld)s.")
            if "meld" in p
            else _("The computer, in your seat, laid off %(card)s.")
        ),
        _card_onto,
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: (
            _("The computer, in your seat, knocked and discarded %(card)s.")
            if "card" in p
            else _("The computer, in your seat, knocked.")
        ),
        _name_card_if_seen,
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            _("The computer, in your seat, laid out your melds.")
            if p.get("knocker")
            else _("The computer, in your seat, finished laying off.")
        )
    ),
}

#: What the computer did in another person's seat while they were away ("The computer,
#: in Ona's seat, discarded 9♥.").
COMPUTER_FOR_THEM: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(
        lambda p: _("The computer, in %(name)s's seat, drew from the stock."), _name
    ),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: _("The computer, in %(name)s's seat, took %(card)s from the discard pile."),
        _name_card,
    ),
    MoveKind.DISCARD: Sentence(
        lambda p: _("The computer, in %(name)s's seat, discarded %(card)s."), _name_card
    ),
    MoveKind.MELD: Sentence(
        lambda p: _("The computer, in %(name)s's seat, put %(cards)s on the table."), _name_cards
    ),
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            _("The computer, in %(name)s's seat, laid off %(card)s onto %(meld)s.")
            if "meld" in p
            else _("The computer, in %(name)s's seat, laid off %(card)s.")
        ),
        _name_card_onto,
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: (
            _("The computer, in %(name)s's seat, knocked and discarded %(card)s.")
            if "card" in p
            else _("The computer, in %(name)s's seat, knocked.")
        ),
        _name_card_if_seen,
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            _("The computer, in %(name)s's seat, laid out every meld.")
            if p.get("knocker")
            else _("The computer, in %(name)s's seat, finished laying off.")
        ),
        _name,
    ),
}


def _card(p: Params, n: Names) -> dict[str, object]:
    return {"card": card_short(p["card"])}


def _cards(p: Params, n: Names) -> dict[str, object]:
    return {"cards": cards_short(p["cards"])}


#: Another player's move as a part of the sentence that tells their whole turn ("drew
#: from the stock", "discarded 7♥": :func:`turn_sentence` joins them, "Ona drew from
#: the stock and discarded 7♥."). A run of layoffs is one part ("laid off 5♥ 6♥").
THEIR_TURN: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(lambda p: pgettext("a player's turn", "drew from the stock")),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: pgettext("a player's turn", "took %(card)s from the discard pile"), _card
    ),
    MoveKind.DISCARD: Sentence(lambda p: pgettext("a player's turn", "discarded %(card)s"), _card),
    # Melds laid out one after another are one part, "laid out A♠ 2♠ 3♠, 5♠ 6♠ 7♠ and
    # Q♣ Q♦ Q♠" (``melds``: their cards, listed), not "laid out" for each.
    MoveKind.MELD: Sentence(
        lambda p: (
            pgettext("a player's turn: two or more melds, listed", "laid out %(melds)s")
            if "melds" in p
            else pgettext("a player's turn", "laid out %(cards)s")
        ),
        lambda p, n: (
            {"melds": listed([cards_short(m) for m in p["melds"]])}
            if "melds" in p
            else _cards(p, n)
        ),
    ),
    # ``onto_melds``: how many melds the cards went onto (ru «к комбинации» for one,
    # «к комбинациям» for several; a turn's parts stored without it: several). With
    # ``meld`` (its cards, before the layoffs) the part names the one meld they all went
    # onto: "laid off 7♦ 8♦ onto 4♦ 5♦ 6♦".
    MoveKind.LAYOFF: Sentence(
        lambda p: (
            npgettext(
                "a player's turn, the cards laid off onto the meld named",
                "laid off %(cards)s onto %(meld)s",
                "laid off %(cards)s onto %(meld)s",
                len(p["cards"]),
            )
            if "meld" in p
            else npgettext(
                "a player's turn, the cards all laid off onto one meld",
                "laid off %(cards)s",
                "laid off %(cards)s",
                len(p["cards"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "a player's turn", "laid off %(cards)s", "laid off %(cards)s", len(p["cards"])
            )
        ),
        lambda p, n: (
            {"cards": cards_short(p["cards"]), "meld": cards_short(p["meld"])}
            if "meld" in p
            else _cards(p, n)
        ),
    ),
    # A knock with its discard seen is two parts: "knocked and discarded 2♠".
    MoveKind.KNOCK: Sentence(
        lambda p: (
            pgettext("a player's turn", "went gin")
            if p.get("end") == HandEnd.GIN.value
            else pgettext("a player's turn", "knocked with rummy")
            if p.get("end") == HandEnd.RUMMY.value
            else pgettext("a player's turn", "knocked")
        )
    ),
    MoveKind.DONE: Sentence(
        lambda p: (
            pgettext("a player's turn", "laid out every meld")
            if p.get("knocker")
            else pgettext("a player's turn", "finished laying off")
        )
    ),
}


#: The meld a layoff went onto, as it was before the layoff (its cards, as codes).
Onto = tuple[str, ...] | None


def melds_before(events: Sequence[Event], table: Sequence[TableMeld]) -> list[Onto]:
    """For each of ``events`` (a hand's log, or its latest events), the meld a layoff
    went onto as it lay before the layoff: the cards of its meld on ``table`` (the
    table after the last of ``events``) less those laid off onto it since, in the
    table's order ("4♦ 5♦ 6♦" for a 7♦ laid off onto the run); ``None`` for another
    move, and for a layoff onto a meld ``table`` does not have (no table given)."""
    onto: list[Onto] = [None] * len(events)
    since: dict[int, set[str]] = {}
    for i in range(len(events) - 1, -1, -1):
        move = events[i].move
        if isinstance(move, LayOff) and move.meld_id < len(table):
            gone = since.setdefault(move.meld_id, set())
            gone.add(str(move.card))
            onto[i] = tuple(c for c in map(str, table[move.meld_id].cards) if c not in gone)
    return onto


def turn_sentence(
    events: Sequence[Event],
    names: Names,
    *,
    knocker: int | None = None,
    end: HandEnd | None = None,
    onto: Sequence[Onto] = (),
) -> str:
    """One player's turn (``events``, all theirs, in order) in one sentence: "Ona
    discarded 7♥.", "Ben took 9♠ from the discard pile, laid out 9♣ 9♦ 9♠ and discarded
    2♣." (:data:`THEIR_TURN`'s parts, a run of layoffs one part, a run of melds one part,
    "knocked and laid out A♠ 2♠ 3♠ and Q♣ Q♦ Q♠", the knocker's "done" after them left
    out, a knock with its discard seen two: "knocked and discarded 2♠"). A draw from the
    stock, which shows no card, is said only while it is the whole turn ("Ona drew from
    the stock."): every turn begins with a draw, the log says each, and a phone's status
    line has room for few words.
    ``knocker`` and ``end``: as :func:`event_sentence`'s. ``onto``: for each of
    ``events``, the meld a layoff went onto (:func:`melds_before`): where each is known,
    a run of layoffs is one part for each meld, which it names ("laid off 7♦ onto 4♦ 5♦
    6♦"), in the order the melds were first laid off onto."""
    parts: list[str] = []
    layoffs: list[str] = []
    melds: dict[int, Onto] = {}
    by_meld: dict[int, list[str]] = {}
    laid_out: list[list[str]] = []
    said_melds = False

    def laid_off() -> None:
        if layoffs:
            if all(m is not None for m in melds.values()):
                for meld_id, cards in by_meld.items():
                    params = {"cards": cards, "meld": melds[meld_id], "onto_melds": 1}
                    parts.append(THEIR_TURN[MoveKind.LAYOFF].render(params))
            else:
                params = {"cards": list(layoffs), "onto_melds": len(melds)}
                parts.append(THEIR_TURN[MoveKind.LAYOFF].render(params))
            layoffs.clear()
            melds.clear()
            by_meld.clear()

    def melded() -> None:
        nonlocal said_melds
        if laid_out:
            params: dict[str, object] = (
                {"melds": list(laid_out)} if len(laid_out) > 1 else {"cards": laid_out[0]}
            )
            parts.append(THEIR_TURN[MoveKind.MELD].render(params))
            laid_out.clear()
            said_melds = True

    for i, event in enumerate(events):
        params = {
            "knocker": event.player == knocker,
            **move_params(event.move, str(event.taken) if event.taken else None),
        }
        if isinstance(event.move, LayOff):
            melded()
            layoffs.append(str(params["card"]))
            # The meld as it was before the first of the run's layoffs onto it.
            melds.setdefault(event.move.meld_id, onto[i] if i < len(onto) else None)
            by_meld.setdefault(event.move.meld_id, []).append(str(params["card"]))
            continue
        laid_off()
        if isinstance(event.move, LayDown):
            laid_out.append([str(c) for c in event.move.cards])
            continue
        melded()
        # A knocker's "done" after their melds, said, adds nothing ("Ona knocked, laid
        # out A♠ 2♠ 3♠, laid out ... and laid out every meld").
        if event.kind is MoveKind.DONE and params["knocker"] and said_melds:
            continue
        if event.kind is MoveKind.KNOCK and end in (HandEnd.GIN, HandEnd.RUMMY):
            params["end"] = end.value
        parts.append(THEIR_TURN[event.kind].render(params))
        if event.kind is MoveKind.KNOCK and "card" in params and "end" not in params:
            parts.append(THEIR_TURN[MoveKind.DISCARD].render(params))
    laid_off()
    melded()
    # Short on a phone: a turn goes on from a draw from the stock, which shows nothing
    # (the log says it); only a turn that is that draw so far says it.
    if len(parts) > 1 and events[0].kind is MoveKind.DRAW_STOCK:
        del parts[0]
    moves = (
        parts[0]
        if len(parts) == 1
        else pgettext("the moves of a player's turn", "%(first)s and %(last)s")
        % {"first": ", ".join(parts[:-1]), "last": parts[-1]}
    )
    name = names[events[0].player]
    return one_stop(
        pgettext("a player's turn", "%(name)s %(moves)s.") % {"name": name, "moves": moves}
    )


def since_your_move(
    log: Sequence[Event],
    names: Names,
    *,
    human: int | None,
    players: int,
    end: HandEnd | None = None,
    table: Sequence[TableMeld] = (),
    short: bool = False,
) -> list[str]:
    """What happened since the learner's last move, as a practice table's status line
    says it: their own move, if it is the latest ("You discarded 9♥.", the log's line);
    else one sentence for each of the other players' turns since (:func:`turn_sentence`),
    at most ``players`` − 1 of them (a learner sitting out, or not yet to move, has no
    move of theirs to count from). Empty before the first move. ``table``: the melds on
    the table now, for a layoff to name the meld it went onto (:func:`melds_before`);
    ``short``: the other players' turns without them ("Ben laid off 10♠ and discarded
    9♦.", for a phone's status line, whose hand must stay in the first screen: the log's
    lines name them)."""
    if not log:
        return []
    knocker = knocker_of(log)
    if human is not None and log[-1].player == human:
        onto = melds_before(log[-1:], table)[0]
        return [event_sentence(log[-1], names, human=human, knocker=knocker, end=end, onto=onto)]
    start = len(log)
    while start > 0 and log[start - 1].player != human:
        start -= 1
    since = log[start:]
    melds = melds_before(since, () if short else table)
    turns: list[list[int]] = []
    for i, event in enumerate(since):
        if turns and since[turns[-1][0]].player == event.player:
            turns[-1].append(i)
        else:
            turns.append([i])
    return [
        turn_sentence(
            [since[i] for i in turn],
            names,
            knocker=knocker,
            end=end,
            onto=[melds[i] for i in turn],
        )
        for turn in turns[-max(1, players - 1) :]
    ]


#: The coach's suggestion, as an instruction ("Discard 9♣").
SUGGESTIONS: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(lambda p: _("Draw from the stock")),
    MoveKind.DRAW_DISCARD: Sentence(lambda p: _("Take the discard")),
    MoveKind.DISCARD: Sentence(
        lambda p: _("Discard %(card)s"), lambda p, n: {"card": card_short(p["card"])}
    ),
    MoveKind.MELD: Sentence(
        lambda p: _("Meld %(cards)s"), lambda p, n: {"cards": cards_short(p["cards"])}
    ),
    MoveKind.LAYOFF: Sentence(
        lambda p: _("Lay off %(card)s"), lambda p, n: {"card": card_short(p["card"])}
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: _("Knock, discarding %(card)s"), lambda p, n: {"card": card_short(p["card"])}
    ),
    MoveKind.DONE: Sentence(lambda p: pgettext("suggestion", "Press Done")),
}


#: A move named on the projector, before a class: the right move ("The right move: …"),
#: a bar of the pupils' answers, the move a pupil played and the coach's choice on their
#: projected hand (:data:`SUGGESTIONS`' words as the move's name, said to nobody in
#: particular: Italian «Scartare il 9♣», as lt and ru name every move, «Išmesti kortą…»,
#: «Сбросить карту…»). Not «Scartate il 9♣», an order to the class: over the bars, before
#: the answer, «Prendete lo scarto» read as the teacher telling the class what to do; nor
#: a learner's «Scarta il 9♣», which a projected hand quoted above «Pescate dal tallone: …»
#: (the Italian teacher's walk). Their context is a literal: makemessages reads it.
CLASS_SUGGESTIONS: dict[MoveKind, Sentence] = {
    MoveKind.DRAW_STOCK: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Draw from the stock")
    ),
    MoveKind.DRAW_DISCARD: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Take the discard")
    ),
    MoveKind.DISCARD: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Discard %(card)s"),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.MELD: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Meld %(cards)s"),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    MoveKind.LAYOFF: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Lay off %(card)s"),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.KNOCK: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Knock, discarding %(card)s"),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MoveKind.DONE: Sentence(
        lambda p: pgettext("the name of a move, on the projector", "Press Done")
    ),
}


def move_params(move: AnyMove | None, taken: str | None = None) -> dict[str, object]:
    """A move's cards as the parameters of its sentences (``card`` or ``cards``)."""
    if isinstance(move, LayDown):
        return {"cards": [str(c) for c in move.cards]}
    if isinstance(move, Discard | LayOff):
        return {"card": str(move.card)}
    if isinstance(move, Knock):
        return {"card": str(move.discard)}
    if isinstance(move, DrawDiscard) and taken is not None:
        return {"card": taken}
    return {}


def event_sentence(
    event: Event,
    names: Names,
    *,
    human: int | None = None,
    knocker: int | None = None,
    end: HandEnd | None = None,
    by_computer: bool = False,
    onto: Onto = None,
    to_class: bool = False,
) -> str:
    """What happened, in plain words: "Ona drew from the stock."; "You..." for ``human``
    (``to_class``: the class's seat on the projector, "you" said to a whole class,
    :data:`CLASS_DID`).

    A knock whose discard lay face down (``move`` is None) is told without its card.
    ``knocker`` tells a "done" of the knocker's layout from the defender's. ``end``: how
    the hand ended, once it has (``HandResult.end``): a knock that ended it with gin, or
    with rummy in Knock Rummy, says so ("Ona went gin."). Only a finished hand's end is
    known to its players, and a gin or rummy ends the hand at the knock, with every
    hand shown: the sentence tells nothing a player could not see.
    ``by_computer``: the computer made the move in a person's seat while they were away
    ("The computer, in your seat, ...").
    ``onto``: a layoff's meld as it was before it (:func:`melds_before`), which the
    sentence names ("Ona laid off 7♦ onto 4♦ 5♦ 6♦."); without it, "Ona laid off 7♦.".
    """
    params = {
        "name": names[event.player],
        "knocker": event.player == knocker,
        **move_params(event.move, str(event.taken) if event.taken else None),
    }
    if onto is not None and event.kind is MoveKind.LAYOFF:
        params["meld"] = list(onto)
    if event.kind is MoveKind.KNOCK and end in (HandEnd.GIN, HandEnd.RUMMY):
        params["end"] = end.value
    if by_computer:
        catalogue = COMPUTER_FOR_YOU if event.player == human else COMPUTER_FOR_THEM
    elif event.player != human:
        catalogue = THEY_DID
    else:
        catalogue = CLASS_DID if to_class else YOU_DID
    return catalogue[event.kind].render(params, names)


def knocker_of(log: Sequence[Event]) -> int | None:
    """The player who knocked in ``log``, if anyone did."""
    # Asked of the whole hand on every drawing of a table: the kinds are gathered by
    # map(), without a Python loop, and searched only if a knock is among them.
    kinds = list(map(_KIND, log))
    return log[kinds.index(MoveKind.KNOCK)].player if MoveKind.KNOCK in kinds else None


_KIND = attrgetter("kind")


def log_sentences(
    log: Sequence[Event],
    names: Names,
    *,
    human: int | None = None,
    last: int | None = None,
    end: HandEnd | None = None,
    by_computer: Collection[int] = (),
    table: Sequence[TableMeld] = (),
    to_class: bool = False,
) -> list[str]:
    """:func:`event_sentence` of every event of a hand's log (of the ``last`` ones only,
    when given: a table shows its latest lines). ``end``: how the hand ended, if it has
    (a knock that went gin is told so); ``by_computer``: the positions in the whole log
    of the moves the computer made in a person's seat; ``table``: the melds on the
    table now (the view's), for each layoff to name the meld it went onto;
    ``to_class``: ``human`` is the class's seat on the projector, told its moves as a
    whole class."""
    knocker = knocker_of(log)
    start = 0 if last is None else max(0, len(log) - last)
    seats, language = tuple(names), get_language()
    shown = log[start:]
    # Only a layoff shown needs the table: the layoffs after it are shown too.
    onto = melds_before(shown, table) if MoveKind.LAYOFF in map(_KIND, shown) else None
    return [
        _sentence(
            e,
            seats,
            human,
            knocker,
            end,
            language,
            start + i in by_computer,
            onto[i] if onto is not None else None,
            to_class,
        )
        for i, e in enumerate(shown)
    ]


@lru_cache(maxsize=8192)
def _sentence(
    event: Event,
    names: tuple[str, ...],
    human: int | None,
    knocker: int | None,
    end: HandEnd | None,
    language: str | None,
    by_computer: bool = False,
    onto: Onto = None,
    to_class: bool = False,
) -> str:
    # A table's log repeats its lines on every move: each is told once per process.
    return event_sentence(
        event,
        names,
        human=human,
        knocker=knocker,
        end=end,
        by_computer=by_computer,
        onto=onto,
        to_class=to_class,
    )


def move_phrase(move: AnyMove, *, to_class: bool = False) -> str:
    """The coach's suggested move, as an instruction: "Discard 9♣" (``to_class``: named
    on the projector, before a class, :data:`CLASS_SUGGESTIONS`: Italian «Scartare il
    9♣»)."""
    catalogue = CLASS_SUGGESTIONS if to_class else SUGGESTIONS
    return catalogue[move.kind].render(move_params(move))


def moves_phrase(moves: Sequence[AnyMove], *, to_class: bool = False) -> str:
    """Any one of several moves, as one instruction: "Meld 2♦ 3♦ 4♦ or meld 9♥ 10♥ J♥"
    (an instruction starts with its verb: the ones after the first are lower-cased)."""
    phrases = [move_phrase(m, to_class=to_class) for m in moves]
    phrases[1:] = [p[:1].lower() + p[1:] for p in phrases[1:]]
    return either(phrases)


__all__ = [
    "CLASS_DID",
    "CLASS_SUGGESTIONS",
    "COMPUTER_FOR_THEM",
    "COMPUTER_FOR_YOU",
    "SUGGESTIONS",
    "THEIR_TURN",
    "THEY_DID",
    "YOU_DID",
    "event_sentence",
    "knocker_of",
    "log_sentences",
    "melds_before",
    "move_params",
    "move_phrase",
    "moves_phrase",
    "since_your_move",
    "turn_sentence",
]
