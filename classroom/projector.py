"""Projector mode: a guided hand, or a pupil's finished practice hand, step by step in
large type, for the teacher to walk the class through it.

Step ``k`` is the position after the learner's first ``k`` right moves (and the
computer's moves that follow them), with the coach's question for the next move;
"show the answer" adds the right move and the coach's explanation. The hands are face
up (every player's cards) or as the learner sees them (the others' cards face down).

A pupil's practice hand is its review (:func:`game.practice.services.table_review`),
move by move, with the coach's view of each of the pupil's moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from game import explain
from game.board import arranged_cards, log_numbering, table_melds
from game.cards import text_html, text_plain
from game.engine import AnyMove, Hand
from game.guided import scenarios
from game.guided.scenarios import LEARNER, Scenario, ScenarioProgress
from game.names import learner_default
from game.practice import presenters as practice_presenters
from game.practice import services as practice
from rummy_site.languages import current


@dataclass(frozen=True)
class Position:
    step: int
    reveal: bool
    face_up: bool


def parse_position(query: Any, scenario: Scenario) -> Position:
    """The step (clamped to the hand's), whether the answer is shown, and the view, from
    the page's address; anything else in it is ignored."""
    try:
        step = int(str(query.get("step", "0")))
    except ValueError:
        step = 0
    step = max(0, min(step, len(scenario.steps)))
    # As the learner sees it unless asked (the browser walk: with every hand face up the
    # class saw Ona's cards while asked what the learner should do); ``view=all`` shows all.
    return Position(step, query.get("reveal") == "1", query.get("view") == "all")


def _url(scenario: Scenario, step: int, reveal: bool, face_up: bool) -> str:
    base = reverse("classroom:project_guided", kwargs={"slug": scenario.slug})
    query = f"?step={step}"
    if reveal:
        query += "&reveal=1"
    if face_up:
        query += "&view=all"
    return base + query


@dataclass(frozen=True)
class Answer:
    """A step's answer as the class is shown it: ``rights``, every move the step takes
    as right, the line's own first; ``hand``, the board with the line's move played."""

    rights: list[AnyMove]
    hand: Hand


def answer_at(progress: ScenarioProgress, line: Sequence[AnyMove], index: int) -> Answer | None:
    """The answer to the step ``progress`` waits at (``index``: the moves of ``line``
    made), as the projector shows it and each pupil's device in a live exercise;
    ``None`` past the last step. The board is the learner's move alone, not the
    computer's answers to it (those come with the next step)."""
    step = progress.step
    if step is None:
        return None
    hand = progress.hand
    # Every move the step takes as right (the teacher's walk: a run was marked right on
    # the bars while the answer named only the group), the line's own first.
    rights = scenarios.right_moves(step, hand)
    if index >= len(line):
        return Answer(rights, hand)
    move = line[index]
    # The board with the answer played: the coach's words speak of it ("You drew 3♣.
    # Now look at your clubs"), and the class should see the cards they name.
    return Answer([move, *(m for m in rights if m != move)], hand.play(move, LEARNER))


def the_class() -> str:
    """The learner's seat on the projector (a guided hand, a live exercise): the class
    plays it, and the question and the log call that player "you" (the class-of-thirty
    walk: the wall showed "Alex · to play" beside "You play first" and "1. You took 3♦
    from the discard pile."): a whole class, «Voi (la classe)» in Italian, as the log
    and the answer say "you" to it (``to_class``: :data:`game.explain.CLASS_DID`)."""
    return _("You (the class)")


def the_class_turn() -> str:
    """The class's seat's own "to play" tag: the seat is "you", and the shared tag (a
    third person: «ходит», «eina») read «Вы (класс) · ходит» (the Russian teacher's
    walk): "your turn"."""
    return pgettext("the class's seat on the projector", "your turn")


def projector_context(
    scenario: Scenario, position: Position, *, words: scenarios.Words | None = None
) -> dict[str, Any]:
    """A guided hand on the projector at ``position``, in the words its hand says to a
    whole class (its title, prompts and right texts: ``class_title``, ``class_prompt``,
    ``class_right``, :mod:`game.guided.scenarios`; Italian «Cominciate voi», where a
    learner's own hand says «Cominci tu»). ``words``: the hand's words for
    the class watching it (a live exercise: a player whose name reads as a pupil's is
    called by their stand-in, as on every pupil's device,
    :func:`classroom.live.class_words`); none, the hand's own."""
    words = words or scenarios.Words()
    line = scenarios.right_line(scenario)
    step_index = min(position.step, len(line))
    progress = scenarios.replay(scenario, line[:step_index])
    hand = progress.hand
    step = progress.step
    answer = None
    shown_hand = hand
    played = answer_at(progress, line, step_index) if position.reveal else None
    if step is not None and played is not None:
        rights, shown_hand = played.rights, played.hand
        answer = {
            "move": explain.moves_phrase(rights, to_class=True) if rights else "",
            "several": len(rights) > 1,
            # The right text as said to the class: Italian «Avete bussato», not «Hai
            # bussato» (:data:`game.guided.scenarios.CLASS_LANGUAGES`).
            "why": text_html(words(step.class_right)),
        }
    names = [words.say(n) if n else learner_default() for n in scenario.names.get(current()) or []]
    if len(names) < hand.players:
        names = [learner_default(), *names][: hand.players]
    names[LEARNER] = the_class()
    view = shown_hand.view(LEARNER)
    seats = []
    for seat in range(shown_hand.players):
        shown = seat == LEARNER or position.face_up or shown_hand.is_over
        seats.append(
            {
                "name": names[seat],
                # In the order each pupil's board draws their own (melds first).
                "cards": arranged_cards(shown_hand.cards(seat), ace_high=shown_hand.ace_high)
                if shown
                else [],
                "count": len(shown_hand.cards(seat)),
                "turn": seat == shown_hand.turn and not shown_hand.is_over,
                "learner": seat == LEARNER,
                "turn_words": the_class_turn() if seat == LEARNER else "",
            }
        )
    log = explain.log_sentences(
        view.log,
        names,
        human=LEARNER,
        last=4,
        end=view.result.end if view.result else None,
        # No table: a layoff's line leaves its meld out («…к комбинации.»). The class
        # sees the melds on the board, and a projected line that names one took a
        # second line in Russian, running the busiest live page below a 1024 x 768
        # screen (the meld named is for a screen reader: the learner's own table).
        to_class=True,
    )
    total = len(scenario.steps)
    if step is not None and not position.reveal:
        forward = _url(scenario, position.step, True, position.face_up)
    elif position.step < total:
        forward = _url(scenario, position.step + 1, False, position.face_up)
    else:
        forward = ""
    if position.reveal:
        back = _url(scenario, position.step, False, position.face_up)
    elif position.step > 0:
        back = _url(scenario, position.step - 1, True, position.face_up)
    else:
        back = ""
    return {
        "scenario": scenario,
        "title": text_html(words(scenario.class_title)),
        "title_plain": text_plain(words(scenario.class_title)),
        "game_label": explain.game_name(scenario.game),
        "step_number": position.step + (1 if step is not None else 0),
        "step_count": total,
        "prompt": text_html(words(step.class_prompt)) if step is not None else "",
        "answer": answer,
        "finished": hand.is_over or step is None,
        "seats": seats,
        "discard_top": view.discard_top,
        "stock_size": view.stock_size,
        "melds": table_melds(view.table, names),
        "log": log,
        **log_numbering(view.log, log),
        "face_up": position.face_up,
        "back_url": back,
        "forward_url": forward,
        "toggle_url": _url(scenario, position.step, position.reveal, not position.face_up),
        "start_url": _url(scenario, 0, False, position.face_up),
    }


# ------------------------------------------------------------------ a pupil's practice hand
@dataclass(frozen=True)
class HandRef:
    """A pupil's finished practice hand: the table (its public id) and the hand's number."""

    table: str
    deal: int


def pupil_hands(
    tables: list[Any], *, besides: Sequence[str] = (), also: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """A pupil's practice tables (newest first), each with its finished hands, for the
    teacher to choose one to project; their computer players named as the projected hand
    names them (``besides``: the pupil's name in the class, ``also``: their classmates',
    :func:`game.practice.services.seat_names`). A table that cannot be read is left
    out."""
    listed = []
    for table in tables:
        try:
            state = practice.table_state(table=table)
        except practice.CorruptTable:
            continue
        finished = len(state.rounds) - (0 if state.hand.is_over else 1)
        if finished < 1:
            continue
        listed.append(
            {
                "table": table,
                "game_label": explain.game_name(table.game),
                "opponents": ", ".join(practice.seat_names(table, besides=besides, also=also)[1:]),
                "deals": list(range(1, finished + 1)),
            }
        )
    return listed


def hand_url(public_id: str, pupil_id: int, ref: HandRef, move: int, face_up: bool) -> str:
    base = reverse(
        "classroom:pupil_hand",
        kwargs={
            "public_id": public_id,
            "pupil_id": pupil_id,
            "table_id": ref.table,
            "deal": ref.deal,
        },
    )
    return base + f"?move={move}" + ("" if face_up else "&view=learner")


def pupil_hand_context(
    review: Any,
    table: Any,
    ref: HandRef,
    *,
    public_id: str,
    pupil_id: int,
    face_up: bool,
    pupil_name: str = "",
) -> dict[str, Any]:
    """A pupil's finished hand on the projector, move by move: every hand face up (or as
    the pupil saw it: the others' cards face down until the end), the move about to be
    made, and the coach's view of each of the pupil's moves in large print. The pupil's
    seat is called by their name in the class (``pupil_name``), not the one they gave
    the table (often the form's default), and the class is told of the pupil, not
    spoken to as the pupil: the seat and its melds "Ona", not "Ona (you)"; "Ona drew
    from the stock.", "Ona played: …", "The case for the move …" (the template), not
    "You drew…", "You played: …", "your move". The coach's reasons under them are its
    advice to the seat's player ("Take 7♦: …", "Your deadwood goes from …"), said to the
    whole class as the players of the seat (Italian «Prendete il 7♦: …», «Il conto delle
    vostre carte spaiate…», not the pupil's own «Prendi…», «…delle tue carte spaiate…»:
    :data:`game.explain.CLASS_REASONS`)."""
    if pupil_name and review.me is not None:
        names = list(review.names)
        names[review.me] = pupil_name
        review = replace(review, names=tuple(names))
    context = practice_presenters.review_context(review, table, ref.deal, by_name=True)
    final = review.move is None
    seats = []
    for seat, hand in enumerate(context["hands"]):
        shown = face_up or final or seat == review.me
        seats.append(
            {
                "name": hand["name"],
                "cards": arranged_cards(hand["cards"], ace_high=review.before.ace_high)
                if shown
                else [],
                "count": len(hand["cards"]),
                "turn": hand["to_play"],
                "learner": seat == review.me,
            }
        )
    step, total = review.number, review.total
    if not (face_up or final) and review.before.knock_discard_hidden_from(review.me):
        # Gin's knock discard lies face down: the pupil never saw it at the table.
        context["discard_top"] = None
    context.update(
        {
            "seats": seats,
            "melds": context["table_melds"],
            "log": [],
            "face_up": face_up,
            "back_url": hand_url(public_id, pupil_id, ref, step - 1, face_up) if step > 0 else "",
            "forward_url": hand_url(public_id, pupil_id, ref, step + 1, face_up)
            if step < total
            else "",
            "start_url": hand_url(public_id, pupil_id, ref, 0, face_up),
            "toggle_url": hand_url(public_id, pupil_id, ref, step, not face_up),
        }
    )
    return context
