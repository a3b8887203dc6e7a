"""What every table shows, practice or guided: seats, piles, your cards and buttons, the
log and the scoring walkthrough (the ``game/_board.jinja`` template).

Built from parsed values only (a :class:`BoardState` and a :class:`BoardDisplay`),
never from the request. Everything comes from the learner's
:class:`~game.engine.PlayerView` until the hand is over, so no other player's
card, no stock order and no face-down discard can reach a template.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from game.engine import (
    Advice,
    Arrangement,
    Card,
    Discard,
    Game,
    Hand,
    HandEnd,
    HandResult,
    MeldKind,
    Phase,
    PlayerView,
    StepCode,
    best_arrangement,
)
from learners.names import name_key
from rummy_site import parsing
from rummy_site.parsing import KEPT_LENGTH, small_int

from . import explain
from .names import learner_you

#: How many of the latest log lines the table shows.
LOG_LINES = 8


@dataclass(frozen=True)
class BoardDisplay:
    """How the learner asked to see the board: cards arranged into melds, how many steps
    of the scoring walkthrough (``None``: all), whether they are stepping through it (the
    page then starts on its next step, so a keyboard user keeps their place), the cards
    they had ticked and the meld they chose (kept after a refused move)."""

    arrange: bool = True
    steps: int | None = 1
    #: "Score it yourself": the player and the points the learner said, as typed.
    guess: tuple[str, str] | None = None
    walkthrough: bool = False
    selected: tuple[Card, ...] = ()
    #: The table remembers that the learner scored this finished hand themselves (or
    #: stepped through its scoring): the question is not asked again.
    scored: bool = False
    #: The ``selected`` cards are those a move's question kept ticked ("No, go back").
    kept: bool = False
    #: The hand (its number at the table) the answer and the step in the address are
    #: for (``?hand=N``; ``None``: an address from before it was said).
    hand: int | None = None
    #: The meld on the table the form chose for a layoff (kept chosen after a refused
    #: move, as the ticked cards are).
    meld: int | None = None


def for_hand(display: BoardDisplay, number: int | None) -> BoardDisplay:
    """``display`` for hand ``number``: an answer or a step the address keeps from
    another hand is not this one's (with JavaScript a table's address stays as it was
    when the learner scored a hand, through "Next hand": the next hand's end read the
    old answer, and the same answer sent again did nothing; the new-features walk)."""
    if number is None or display.hand in (None, number):
        return display
    return replace(display, guess=None, steps=1, walkthrough=False, hand=number)


class BoardState(Protocol):
    """What the board needs of a table's state: a hand, the learner's seat, names."""

    @property
    def hand(self) -> Hand: ...
    @property
    def me(self) -> int | None: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def view(self) -> PlayerView: ...
    @property
    def my_turn(self) -> bool: ...
    @property
    def sitting_out(self) -> bool: ...
    @property
    def bots_to_move(self) -> bool: ...


@dataclass(frozen=True)
class Action:
    """A button of the hand form: ``name="action" value=value``."""

    value: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Seat:
    name: str
    cards: int
    score: str
    is_turn: bool
    is_you: bool
    is_dealer: bool
    #: Four-player Gin: the partnership the score belongs to ("Aud and Ben"), else "".
    side: str = ""
    #: The cards the player laid off onto others' melds, which lie in front of them (Basic
    #: Rummy): "Laid off: 5♥ onto Ona's meld" (:func:`laid_off_line`), else "".
    laid_off: str = ""

    # The seat's words are made here, not by {% blocktranslate %} in the template: a
    # table is drawn on every move, and these are its most repeated phrases.
    @property
    def cards_label(self) -> str:
        return ngettext("%(cards)s card", "%(cards)s cards", self.cards) % {"cards": self.cards}

    @property
    def score_label(self) -> str:
        if not self.score:
            return ""
        if self.side:
            # The partnership's score, which both partners share (a seat's "score 0"
            # beside the learner who had just won their table read as a mistake).
            return pgettext("partnership", "%(side)s: score %(score)s") % {
                "side": self.side,
                "score": self.score,
            }
        return _("score %(score)s") % {"score": self.score}


@dataclass(frozen=True)
class ScoreStep:
    text: str
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class LaidOut:
    """A player's cards at the end of a hand the players laid out by hand: the melds
    on the table (the knocker's, with the cards laid off onto them) and the cards
    still in their hand."""

    name: str
    melds: tuple[tuple[Card, ...], ...]
    cards: tuple[Card, ...]
    #: The cards in ``melds`` another player laid off onto them, and who did, said under
    #: them ("Laid off by Ben: 5♥"), as at the table (:func:`table_melds`).
    laid_off: tuple[Card, ...] = ()
    caption: str = ""


@dataclass
class Result:
    headline: str
    steps: list[ScoreStep] = field(default_factory=list)
    hands: list[tuple[str, list[Card]]] = field(default_factory=list)
    #: Gin laid out by hand: each player's cards as the table shows them (else None).
    laid_out: list[LaidOut] | None = None
    #: "Score it yourself": the learner's own hand at the end as the board arranges it
    #: (Arrange on), each meld with its label, then the deadwood; else None.
    own: OwnHand | None = None


@dataclass
class OwnHand:
    """The learner's hand as "Score it yourself" shows it (:func:`own_hand`): the seat
    (``player``), each meld with its label ("Run"), then the deadwood."""

    player: int
    melds: list[tuple[str, tuple[Card, ...]]]
    deadwood: tuple[Card, ...]


def actions(view: PlayerView) -> list[Action]:
    """The hand form's buttons for the learner's turn."""
    if not view.my_turn:
        return []
    if view.phase is Phase.DRAW:
        # The draws' names as the coach, the live exercise's bars and a pupil's feedback
        # say them (explain.move_phrase): "who pressed Take the discard?" names the
        # button the class pressed (the class-of-thirty walk: "Take discard" here,
        # "Take the discard" on the projector).
        buttons = [Action("draw_stock", _("Draw from the stock"), True)]
        if view.discard_top is not None:
            buttons.append(Action("draw_discard", _("Take the discard")))
        return buttons
    if view.phase is Phase.LAY_OUT:
        return [
            Action("meld", _("Lay out"), True),
            Action("done", pgettext("button", "Done: the rest is deadwood")),
        ]
    if view.phase is Phase.LAY_OFF:
        return [
            Action("lay_off", _("Lay off"), True),
            Action("done", pgettext("button", "Done: no more layoffs")),
        ]
    buttons = []
    if any(isinstance(m, Discard) for m in view.legal_moves):
        going_out = view.game is Game.BASIC and len(view.cards) == 1
        buttons.append(Action("discard", _("Go out") if going_out else _("Discard"), True))
    if view.game is Game.BASIC:
        buttons.append(Action("meld", pgettext("button", "Meld")))
        if view.table:
            buttons.append(Action("lay_off", _("Lay off")))
    else:
        buttons.append(Action("knock", _("Knock")))
    return buttons


def lay_off_apart(
    buttons: Sequence[Action], table_melds: Sequence[object]
) -> tuple[list[Action], list[Action]]:
    """The hand form's buttons as it draws them: "Lay off" beside the melds on the table
    (the next Tab stop after them: the walk at 125 % zoom found it 4 Tabs away), the
    others in the row under the hand. Without melds on the table, all in the row. Read
    at drawing time: a page may change its buttons after :func:`board_context` (a guided
    hand's, a closed live step's)."""
    if not table_melds:
        return [], list(buttons)
    return (
        [a for a in buttons if a.value == "lay_off"],
        [a for a in buttons if a.value != "lay_off"],
    )


def lay_out_help(view: PlayerView, names: Sequence[str]) -> str:
    """What to do while a Gin hand is laid out by hand, for the player to move (and for
    the other, what they are waiting for)."""
    if view.phase is Phase.LAY_OUT:
        if view.my_turn:
            return _(
                "Lay out your melds: choose the cards of one meld and press Lay out, once for "
                "each meld. Then press Done: the cards you keep are your deadwood."
            )
        return _("%(name)s is laying out their melds.") % {"name": names[view.turn]}
    if view.phase is Phase.LAY_OFF:
        if view.my_turn:
            return _(
                "Lay off your deadwood: choose one card and the meld it fits, and press Lay off. "
                "A card can also go onto a meld you have just made longer. Press Done when "
                "nothing more fits."
            )
        if view.player is None:  # sitting out: the melds are the knocker's, not theirs
            return _("%(name)s is laying off cards.") % {"name": names[view.turn]}
        return _("%(name)s is laying off cards onto your melds.") % {"name": names[view.turn]}
    return ""


def _headline(state: BoardState, names: Sequence[str]) -> str:
    result = state.hand.result
    assert result is not None
    you = result.player is not None and result.player == state.me
    player = names[result.player] if result.player is not None else ""
    if result.end is HandEnd.VOID:
        return _("The stock ran out: the hand is void and nobody scores.")
    if result.end is HandEnd.BLOCKED:
        return _("Nobody can go out any more: the hand is over and nobody scores.")
    if result.end is HandEnd.GIN:
        return _("You went gin!") if you else _("%(name)s went gin.") % {"name": player}
    if result.end is HandEnd.KNOCK:
        return _("You knocked.") if you else _("%(name)s knocked.") % {"name": player}
    if result.end is HandEnd.RUMMY and state.hand.game is Game.BASIC:
        return _("You went rummy!") if you else _("%(name)s went rummy.") % {"name": player}
    if result.end is HandEnd.RUMMY:
        return (
            _("You knocked with rummy!")
            if you
            else _("%(name)s knocked with rummy.") % {"name": player}
        )
    return _("You went out!") if you else _("%(name)s went out.") % {"name": player}


def result_of(
    state: BoardState, names: Sequence[str], labels: Sequence[str] | None = None
) -> Result | None:
    """The scoring walkthrough of a finished hand: a headline and each step with its cards,
    the learner's own steps told to them ("You knock...", "Ona pays you 7").
    ``labels``: the players' names where they stand alone (the hands shown to score it
    yourself), when they differ from the sentences' ``names`` (:func:`board_context`)."""
    result = state.hand.result
    if result is None:
        return None
    steps = []
    for step in explain.told_steps(result.settlement):
        cards: tuple[Card, ...] = ()
        melds: tuple[tuple[Card, ...], ...] = ()
        if step.code in (StepCode.SHOW, StepCode.KEEPS, StepCode.LEAST_DEADWOOD_LAYOUT):
            melds = tuple(tuple(Card.parse(c) for c in m) for m in step.params["melds"])
            cards = tuple(Card.parse(c) for c in step.params["deadwood_cards"])
        elif step.code is StepCode.LAYOFF:
            cards = (Card.parse(step.params["card"]),)
        elif step.code is StepCode.HAND_VALUE:
            cards = tuple(Card.parse(c) for c in step.params["cards"])
        # Under the headline, which says how the hand ended: no step says it again.
        text = explain.settlement_step(
            step, names, game=result.settlement.game, you=state.me, headed=True
        )
        steps.append(ScoreStep(text, cards, melds))
    return Result(
        headline=_headline(state, names),
        steps=steps,
        hands=[((labels or names)[i], list(h)) for i, h in enumerate(result.hands)],
        laid_out=_laid_out(state.hand, result, names, state.me, labels),
    )


def _laid_out(
    hand: Hand,
    result: HandResult,
    names: Sequence[str],
    me: int | None = None,
    labels: Sequence[str] | None = None,
) -> list[LaidOut] | None:
    """A knock the players laid out by hand (Gin's ``players_lay_out``): the knocker's
    melds as they laid them out, each with what the defender laid off onto it, and the
    cards each player still holds. "Score it yourself" shows these, as the table did:
    the hands as dealt at the end counted the defender's laid-off cards again (the
    newcomer's walk: "my row shows 10 cards, the A♣ I laid off among them")."""
    if result.end is not HandEnd.KNOCK or not hand.rules.lays_out_by_hand(hand.options):
        return None
    knocker = result.player
    shown = next(
        (s for s in result.settlement.steps if s.code is StepCode.SHOW),
        None,
    )
    if knocker is None or shown is None or shown.params["player"] != knocker:
        return None
    melds = [[Card.parse(c) for c in meld] for meld in shown.params["melds"]]
    off: dict[int, list[Card]] = {}
    for step in result.settlement.steps:
        if step.code is StepCode.LAYOFF:
            card = Card.parse(step.params["card"])
            melds[step.params["meld"]].append(card)
            off.setdefault(step.params["player"], []).append(card)
    laid = []
    labels = labels or names
    for player, cards in enumerate(result.hands):
        if player == knocker:
            kept = tuple(Card.parse(c) for c in shown.params["deadwood_cards"])
            caption = " ".join(laid_off_by(off[p], p, names, me) for p in off)
            laid.append(
                LaidOut(
                    labels[player],
                    tuple(tuple(sorted(m)) for m in melds),
                    kept,
                    tuple(c for p in off for c in off[p]),
                    caption,
                )
            )
        else:
            gone = off.get(player, [])
            laid.append(LaidOut(labels[player], (), tuple(c for c in cards if c not in gone)))
    return laid


def _score_yourself(
    state: BoardState, names: Sequence[str], guess: tuple[str, str] | None
) -> dict[str, Any] | None:
    """ "Score it yourself": before the walkthrough reveals the points, the learner may say
    who collects and how much; the engine's settlement judges it (every way a person
    writes a number, as in the lessons). ``None`` for a hand nobody scores, or one the
    learner only watched."""
    result = state.hand.result
    if result is None or state.me is None:
        return None
    best, collectors = _collectors(result)
    if not collectors:
        return None
    context: dict[str, Any] = {"players": list(enumerate(names))}
    if guess is None:
        return context
    player = small_int(guess[0])
    # A refused (malformed) answer comes back as the learner left it (the player
    # chosen, the text typed: escaped by the template), the focus on the field refused,
    # described by the reason, as a lesson's check does (lessons.presenters.kept_answer).
    refused = {
        "kept": {"player": guess[0][:KEPT_LENGTH], "points": guess[1][:KEPT_LENGTH]},
        "described_by": "score-yourself-error",
    }
    try:
        agrees = parsing.points_agree(guess[1], best)
    except ValueError as exc:
        # The words of a lesson's check (lessons.checks.BAD_ANSWER_MESSAGES).
        context.update(refused, error=parsing.points_message(exc), refused="points")
        return context
    if player is None or not 0 <= player < len(names):
        context.update(refused, error=_("Pick a player."), refused="player")
        return context
    right = player in collectors and agrees
    if collectors == [state.me]:
        # Told to the learner, as the walkthrough is ("You: 25 points." read as a label).
        answer = ngettext(
            "You score %(points)s point.", "You score %(points)s points.", int(best)
        ) % {"points": explain.points(best)}
    else:
        answer = _("%(names)s: %(points)s.") % {
            "names": explain.people(collectors, names),
            "points": explain.points_noun(best),
        }
    if not right:
        # The form is gone once answered: what the learner said comes after the answer,
        # as a lesson's check says it (the Lithuanian Knock walk: «Ne visai. Aleksas: 14
        # taškų.» did not say whether the player or the points were wrong).
        given = parsing.points(guess[1])
        if player == state.me:
            # Not "You said You, 45 points." (the English Gin week's walk: a guided hand
            # names the learner "You").
            said = ngettext(
                "You said you collect %(points)s point.",
                "You said you collect %(points)s points.",
                abs(int(given)),
            ) % {"points": explain.points(given)}
        else:
            named = f"{explain.people([player], names)}, {explain.points_noun(given)}"
            said = _("You said %(given)s.") % {"given": named}
        answer = f"{answer} {said}"
    context["verdict"] = {"correct": right, "answer": answer}
    return context


def _collectors(result: HandResult) -> tuple[Fraction, list[int]]:
    """The most any player collects in the hand, and who collects it (none: nobody
    scores)."""
    received = result.settlement.received
    best = max(received.values(), default=Fraction(0))
    return best, [p for p, v in received.items() if v == best and v > 0]


def scoring_pending(state: BoardState, display: BoardDisplay) -> bool:
    """Whether the learner is yet to score the finished hand themselves: nothing of its
    points is shown then (not the walkthrough's first step, nor the scores it changes)
    until they answer or step into the walkthrough."""
    result = state.hand.result
    return (
        result is not None
        and state.me is not None
        and not display.scored
        and not scoring_answered(state, display)
        and bool(_collectors(result)[1])
    )


def scoring_answered(state: BoardState, display: BoardDisplay) -> bool:
    """Has the learner, on this page, scored the finished hand themselves (an answer the
    site judges) or stepped into its scoring walkthrough?"""
    return (
        state.hand.result is not None
        and state.me is not None
        and (_judged(display.guess, state.hand.players) or display.walkthrough)
    )


def _judged(guess: tuple[str, str] | None, players: int) -> bool:
    """Is ``guess`` an answer the site judges? A refused one ("abc" points, no player)
    counts for nothing: the hand's points stay hidden beside the refusal (the Italian
    Knock walk: "abc" showed the first step, the new scores and the score sheet)."""
    if guess is None:
        return False
    player = small_int(guess[0])
    if player is None or not 0 <= player < players:
        return False
    try:
        parsing.points(guess[1])
    except ValueError:
        return False
    return True


def meld_label(kind: MeldKind) -> str:
    return _("Group") if kind is MeldKind.GROUP else _("Run")


def laid_off_by(cards: Sequence[Card], player: int, names: Sequence[str], me: int | None) -> str:
    """Under a meld, the cards another player laid off onto it: "Laid off by Ona: 5♥"."""
    said = {"cards": explain.cards_short(cards), "name": names[player]}
    if player == me:
        text = ngettext("Laid off by you: %(cards)s", "Laid off by you: %(cards)s", len(cards))
    else:
        text = ngettext(
            "Laid off by %(name)s: %(cards)s", "Laid off by %(name)s: %(cards)s", len(cards)
        )
    return text % said


def _others_layoffs(meld: Any) -> dict[int, list[Card]]:
    """The cards players other than its owner laid off onto a table meld, by player."""
    found: dict[int, list[Card]] = {}
    for player, card in getattr(meld, "laid_off", ()):
        if player != meld.owner:
            found.setdefault(player, []).append(card)
    return found


def table_melds(
    view_table: Sequence[Any], names: Sequence[str], me: int | None = None
) -> list[dict[str, Any]]:
    """The melds on the table, with their owners and accessible names. A card another
    player laid off onto a meld lies in front of them (rules.md, Basic Rummy; lesson 3):
    it stays drawn in the meld, which it extends for the next layoff, marked as theirs
    (``laid``) and said under it (``caption``: "Laid off by Ona: 5♥"), and their seat
    says it too (:func:`laid_off_line`). (The Russian newcomer's walk: Оля's 5♥ was
    drawn in Саша's meld, as if it were his.)"""
    melds = []
    for m in view_table:
        others = _others_layoffs(m)
        melds.append(
            {
                "id": m.id,
                "owner": names[m.owner],
                "cards": list(m.cards),
                "label": explain.full_card_names(m.cards),
                "laid": [str(c) for cards in others.values() for c in cards],
                "caption": " ".join(laid_off_by(others[p], p, names, me) for p in others),
            }
        )
    return melds


def laid_off_line(
    view_table: Sequence[Any], player: int, names: Sequence[str], me: int | None
) -> str:
    """A seat's cards laid off onto others' melds, which lie in front of the player:
    "Laid off: 5♥ onto Ona's meld; 9♣ onto your meld" ("" for none)."""
    parts = []
    for m in view_table:
        cards = _others_layoffs(m).get(player)
        if not cards:
            continue
        said = {"cards": explain.cards_short(cards), "name": names[m.owner]}
        if m.owner == me:
            parts.append(_("%(cards)s onto your meld") % said)
        else:
            parts.append(_("%(cards)s onto %(name)s's meld") % said)
    if not parts:
        return ""
    return _("Laid off: %(list)s") % {"list": "; ".join(parts)}


def advice_context(advice: Advice | None, names: Sequence[str]) -> dict[str, Any] | None:
    """The coach's suggestion, its reasons, and the next two good moves (none that a
    reason speaks against: :data:`game.engine.CAUTIONS`)."""
    if advice is None or advice.best is None:
        return None
    best = advice.best
    move = explain.move_phrase(best.move)
    # Quoted where the language quotes a move after a colon (ru «...», lt „...“).
    heading = _("The coach suggests: %(move)s") % {"move": move}
    steps = [explain.coach_reason(r, names) for r in best.reasons]
    return {
        "move": move,
        "heading": heading,
        "steps": steps,
        # What #announce says after htmx's swap, the focus staying on Hint: the
        # suggestion and its reasons, as a page drawn whole reads them with the focus on
        # the advice (the Gin walk: with htmx only the heading was said, the reasons
        # were a screen below, out of reach of the keyboard's place).
        "said": " ".join([heading if heading.endswith((".", "!", "?")) else heading + ".", *steps]),
        "others": [
            {
                "move": explain.move_phrase(m.move),
                "steps": [explain.coach_reason(r, names) for r in m.reasons],
            }
            # Only moves nothing speaks against are "other good moves".
            for m in [m for m in advice.moves[1:] if m.good][:2]
        ],
    }


def yours(name: str) -> str:
    """The learner's own name, marked as theirs: "Alex (you)". Their seat says it (a
    learner given a name by default otherwise met "Alex" at the table without being
    told it was them)."""
    return pgettext("the learner's own name at a table", "%(name)s (you)") % {"name": name}


def told_apart(names: Sequence[str], me: int | None) -> list[str]:
    """The players' names as sentences name them (the coach, the log, the scoring): the
    learner's marked as theirs (:func:`yours`) when another player's reads the same
    (:func:`learners.names.name_key`): a pupil called Ona against "Ona" is told apart
    from her."""
    marked = list(names)
    if me is not None and 0 <= me < len(marked):
        others = {name_key(name) for i, name in enumerate(marked) if i != me}
        if name_key(marked[me]) in others:
            marked[me] = yours(marked[me])
    return marked


def arranged(cards: Sequence[Card], *, ace_high: bool) -> Arrangement:
    """A hand as the board arranges the learner's own cards ("Arrange", on from the
    start): its best arrangement, melds first, then the deadwood."""
    return best_arrangement(list(cards), ace_high_or_low=ace_high)


def arranged_cards(cards: Sequence[Card], *, ace_high: bool) -> list[Card]:
    """A hand's cards in the order the board draws the learner's own: each meld of
    :func:`arranged`, then the deadwood. The projector draws every hand it shows in this
    order, so the class sees on the wall what each pupil sees on their device (the
    Russian teacher's walk: the coach said "Three eights!" over a hand that scattered
    them in the order they were dealt)."""
    return list(arranged(cards, ace_high=ace_high).cards)


def own_hand(state: BoardState, display: BoardDisplay) -> OwnHand | None:
    """The learner's hand at the end of the hand, for "Score it yourself" (Arrange on):
    its melds, then its deadwood, the things the question asks about (the walk: the
    knocking hand stood as dealt, its melds scattered), as the settlement laid it out
    and scored it: a Gin knocker's melds are the knock's best for the knocker, which
    may keep a card out of a run the defender would lay off onto (more deadwood than
    the board's least, more points). Gin's defender, whose settlement keeps only the
    cards left after laying off: the hand as the board drew it. ``None`` where a hand
    is not split (Basic Rummy: every card left counts, melded or not), with Arrange off
    (the learner arranges their cards themselves, through every form), for a learner
    who only watched, or with no cards left."""
    result = state.hand.result
    if result is None or state.me is None or not display.arrange:
        return None
    cards = list(result.hands[state.me])
    if not cards:
        return None
    arrangement = result.settlement.arrangements[state.me]
    if arrangement is None:
        return None
    if sorted(arrangement.cards) != sorted(cards):
        arrangement = arranged(cards, ace_high=state.view.ace_high)
    return OwnHand(
        state.me,
        [(meld_label(m.kind), tuple(m.cards)) for m in arrangement.melds],
        tuple(arrangement.deadwood_cards),
    )


def log_numbering(whole: Sequence[object], shown: Sequence[object]) -> dict[str, int]:
    """How the latest lines of a hand's log shown are numbered: as in the whole hand
    (``log_start``: the browser walk read a long hand's first line shown as "1."), and
    how many digits the last number has (``log_digits``: the list's indent, site.css
    ``.log__lines--3-digits``)."""
    start = len(whole) - len(shown) + 1
    return {"log_start": start, "log_digits": len(str(start + len(shown) - 1))}


def board_context(
    state: BoardState,
    display: BoardDisplay,
    *,
    scores: Sequence[str] | None = None,
    error: str = "",
    refused: str = "",
    last_steps: Sequence[ScoreStep] = (),
    by_computer: Collection[int] = (),
    nameless: bool = False,
    hand_number: int | None = None,
) -> dict[str, Any]:
    """The part of a page every table shares (practice and guided hands): seats, piles,
    the learner's cards and buttons, the log, and the scoring walkthrough.
    ``last_steps``: steps that end the walkthrough after the hand's own (four-player
    Gin: how the two tables' results make one box). ``by_computer``: the positions in
    the log of the moves the computer made in a person's seat (a table for people),
    told as the computer's. ``refused``: the form field a refused move is about
    (:attr:`~rummy_site.errors.ServiceError.field`: "meld", a layoff sent without its
    meld), which takes the focus, described by ``error``. ``nameless``: the learner gave
    no name (a guided hand): where their name would stand alone (their seat, "Score it
    yourself") they are "You" (:func:`game.names.learner_you`). The scoring tells the
    learner's own lines in the second person ("You knock with 2 deadwood",
    :func:`game.explain.settlement_step`), as the log does, with no name of theirs.
    ``hand_number``: the hand's number at a table of several, which its scoring's
    answer and steps name (:func:`for_hand`)."""
    display = for_hand(display, hand_number)
    view = state.view
    names = told_apart(state.names, state.me)
    # Where a name stands alone: the seats (the learner's own marked as theirs), and the
    # players to score and the melds' owners (``labels``).
    seat_names = [yours(state.names[i]) if i == state.me else names[i] for i in range(len(names))]
    labels = list(names)
    if nameless and state.me is not None:
        labels[state.me] = seat_names[state.me] = learner_you()
    # A learner sitting out (three-player Gin) sees no hand at all.
    my_cards = list(view.cards) if not state.sitting_out else []
    arrangement = arranged(my_cards, ace_high=view.ace_high)
    over = state.hand.is_over
    seats = [
        Seat(
            name=seat_names[i],
            cards=view.hand_sizes[i],
            score=scores[i] if scores is not None else "",
            is_turn=(i == view.turn and not over),
            is_you=(i == state.me),
            is_dealer=(i == view.dealer),
            laid_off=laid_off_line(view.table, i, names, state.me),
        )
        for i in range(view.players)
    ]
    result = result_of(state, names, labels)
    if result is not None:
        result.steps.extend(last_steps)
        result.own = own_hand(state, display)
    total = len(result.steps) if result else 0
    shown = total if display.steps is None else max(1, min(total, display.steps))
    score_yourself = _score_yourself(state, labels, display.guess) if result else None
    pending = result is not None and scoring_pending(state, display)
    if pending:
        shown = 0  # the learner's turn to score it: no step gives the answer away
    if score_yourself is not None and score_yourself.get("verdict"):
        shown = total  # answered: the whole walkthrough, to check it against
    log = explain.log_sentences(
        view.log,
        names,
        human=state.me,
        last=LOG_LINES,
        end=view.result.end if view.result else None,
        by_computer=by_computer,
        table=view.table,
    )
    return {
        "view": view,
        "seats": seats,
        "sitting_out": state.sitting_out,
        "watching": [s.name for s in seats],
        "turn_name": names[view.turn],
        # The log's first line says "You play first." to the learner, not their name (a
        # learner who gave none read "Alex (you) plays first": the new-features walk).
        "you_first": view.turn == state.me,
        "my_turn": state.my_turn,
        "bots_to_move": state.bots_to_move,
        "hand_cards": my_cards,
        # After a refused move, or "No, go back" from a move's question: the cards the
        # learner had ticked stay ticked (the new-features walk: the knock's card had to
        # be picked again).
        "selected": list(display.selected) if error or display.kept else [],
        # And the meld chosen for a refused layoff (or kept by "No, go back") stays
        # chosen (the walk: a card that did not fit the meld stayed ticked, but the meld
        # had to be picked again).
        "chosen_meld": display.meld if error or display.kept else None,
        "arrange": display.arrange,
        "arrangement": arrangement,
        "arranged_melds": [(meld_label(m.kind), m) for m in arrangement.melds],
        "taken": view.taken,
        "drawn": view.drawn,
        "stock_size": view.stock_size,
        "stock_label": ngettext("Stock: %(cards)s card", "Stock: %(cards)s cards", view.stock_size)
        % {"cards": view.stock_size},
        "deadwood_label": ngettext(
            "deadwood %(points)s point", "deadwood %(points)s points", arrangement.deadwood
        )
        % {"points": arrangement.deadwood},
        "discard_top": view.discard_top,
        "discard_face_down": view.face_down_discard,
        # A meld of the learner's is theirs by the seat's name ("Alex (you)", or "You"):
        # the Russian pupil's walk read «Саша» over his own melds, «Саша (вы)» on his seat.
        "table_melds": table_melds(view.table, seat_names, state.me),
        "actions": actions(view),
        "lay_out_help": lay_out_help(view, names),
        "log": log,
        **log_numbering(view.log, log),
        "result": result,
        "shown_steps": result.steps[:shown] if result else [],
        "more_steps": shown < total,
        "next_step": shown + 1,
        "walkthrough": display.walkthrough and result is not None,
        # "Show all": the whole walkthrough at once (#announce says how the hand ended).
        "all_steps": display.steps is None,
        # Asked until the learner answers it or steps into the walkthrough: a step shows
        # the points it asks for, and a practice table the new scores and the sheet (the
        # Lithuanian walk without JavaScript: "Score it yourself first" stood, through
        # every step, beside the winner's new score and the updated sheet).
        "score_yourself": score_yourself if score_yourself and (pending or display.guess) else None,
        "scoring_pending": pending,
        # The scoring's answer and steps name their hand (for_hand): "&hand=N".
        "hand_query": f"&hand={hand_number}" if hand_number is not None else "",
        "hand_number": hand_number,
        "error": error,
        "refused": refused if error else "",
        "is_over": over,
        "bot_delay": settings.BOT_STEP_DELAY_MS,
    }


__all__ = [
    "LOG_LINES",
    "Action",
    "BoardDisplay",
    "BoardState",
    "OwnHand",
    "Result",
    "ScoreStep",
    "Seat",
    "actions",
    "advice_context",
    "arranged",
    "arranged_cards",
    "board_context",
    "laid_off_by",
    "laid_off_line",
    "lay_out_help",
    "meld_label",
    "own_hand",
    "result_of",
    "scoring_answered",
    "scoring_pending",
    "table_melds",
]
