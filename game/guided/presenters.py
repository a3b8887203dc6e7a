"""What the guided-hand pages show: the coach panel over the shared board."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.functional import Promise
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from game import explain
from game.board import BoardDisplay, advice_context, board_context, told_apart
from game.cards import MARKUP, spoken_html, text_html, text_plain
from game.engine import Game, advise
from game.moveforms import STATUS_ID, move_fields, page_anchor
from rummy_site.reversing import cached_reverse

from . import scenarios
from .models import GuidedResult
from .scenarios import LEARNER
from .services import GuidedState, Mistake, MistakeTopic, Verdict, VerdictKind

#: A mistake's topic, as the summary at the end of a hand lists it.
MISTAKE_LABELS: dict[MistakeTopic, Promise] = {
    MistakeTopic.BAD_RUN: gettext_lazy("tried a run that is not one"),
    MistakeTopic.BAD_GROUP: gettext_lazy("tried a group that is not one"),
    MistakeTopic.BAD_MELD: gettext_lazy("tried a meld that is not one"),
    MistakeTopic.KNOCK_OVER_LIMIT: gettext_lazy("knocked with too much deadwood"),
    MistakeTopic.THREW_BACK_TAKEN_CARD: gettext_lazy("threw back the card just taken"),
    MistakeTopic.FORGOT_TO_DRAW: gettext_lazy("forgot to draw first"),
    MistakeTopic.LAYOFF_DOES_NOT_FIT: gettext_lazy("laid off a card that does not fit"),
    MistakeTopic.AGAINST_THE_RULES: gettext_lazy("tried a move the rules forbid"),
    MistakeTopic.OTHER_PILE: gettext_lazy("drew from the other pile"),
    MistakeTopic.OTHER_DISCARD: gettext_lazy("discarded another card"),
    MistakeTopic.OTHER_KNOCK: gettext_lazy("knocked when the lesson wanted something else"),
    MistakeTopic.OTHER_MOVE: gettext_lazy("played another move than the lesson's"),
    MistakeTopic.MISSED_KNOCK: gettext_lazy("did not knock when the lesson wanted a knock"),
    MistakeTopic.KNOCK_OTHER_DISCARD: gettext_lazy(
        "knocked as the lesson wanted, but discarded another card"
    ),
    MistakeTopic.LAYOUT_OVER_LIMIT: gettext_lazy(
        "tried to lay out melds that leave too much deadwood"
    ),
}


#: A number written in figures in the hand's words (not a card's, in its markup).
_NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")


def opened_at_the_coach(url: str) -> str:
    """A guided hand's page ``url`` as a link into it opens it (the library's, the
    learner's path's, a lesson's, "Next"): at the coach over the hand
    (``#table-status``), as a move's answer opens it and a practice table's first page.
    On a 360 x 740 phone, opened at its top, the page showed the coach's prompt but the
    hand only in part, and its buttons (the first move's draw) below the first screen."""
    return f"{url}#{STATUS_ID}"


def opened_at(context: dict[str, Any]) -> None:
    """Where a guided hand's page drawn from ``context`` (:func:`guided_context`, with the
    view's ``hinted`` and ``asking_restart``) opens by its address without JavaScript, as
    its ``page_anchor`` (the language buttons' next): at the coach (``#table-status``), as
    a move's redirect opened it (:func:`opened_at_the_coach`), unless the page puts the
    focus somewhere itself (autofocus, which a page opened at a fragment skips): a
    refused move's reason, the coach's question on a move that is not the step's ("Try
    again"), the hint just given, "Start this hand again?" ("Keep playing"), a finished
    hand to score ("Score it yourself") or its score just answered, the walkthrough's
    next step; then at its top (:func:`game.moveforms.page_anchor`)."""
    said = context["feedback"] or {}
    takes_focus = bool(
        context["error"]
        or said.get("alert")
        or said.get("continue")
        or context.get("hinted")
        or context.get("asking_restart")
        or context["scoring_pending"]
        or context["score_yourself"]
        or context["walkthrough"]
    )
    context["page_anchor"] = page_anchor(takes_focus=takes_focus)


def hand_link(slug: str) -> str:
    """The link into the guided hand ``slug`` (:func:`opened_at_the_coach`)."""
    return opened_at_the_coach(cached_reverse("guided:hand", slug))


def mistake_label(key: str) -> str:
    """A mistake (by its key), as the summary lists it: "tried an illegal run"."""
    return str(MISTAKE_LABELS[Mistake.topic_of(key)])


def index_context(results: dict[str, GuidedResult], learner_name: str = "") -> dict[str, Any]:
    """Every guided hand by game, with the learner's best result (a player whose name
    reads as the learner's under another name: :func:`scenarios.words_for`)."""
    games = []
    for game in Game:
        hands = [
            {
                "scenario": s,
                "title": text_html(scenarios.words_for(s, learner_name)(s.title)),
                "summary": text_html(scenarios.words_for(s, learner_name)(s.summary)),
                "result": results.get(s.slug),
            }
            for s in scenarios.library()
            if s.game is game
        ]
        if hands:
            games.append({"game": game, "label": explain.game_name(game), "hands": hands})
    return {"games": games}


def _why_not(state: GuidedState) -> str:
    """For a legal move that is not the step's, when the scenario has no words for it:
    the move the step teaches and the coach's reasons for it (the pedagogy review:
    "not what this step is about" said no why); every one, when the step takes several
    (the newcomer's walk: basic-02 named one of its two runs)."""
    step = state.step
    rights = scenarios.right_moves(step, state.hand) if step is not None else []
    if not rights:
        return _("That move is allowed, but it is not what this step is about.")
    if len(rights) > 1:
        # "Meld 2♦ 3♦ 4♦ or meld 9♥ 10♥ J♥ Q♥".
        return _("That move is allowed, but this step is about another one: %(move)s.") % {
            "move": explain.moves_phrase(rights)
        }
    right = rights[0]
    ranked = next((r for r in advise(state.hand, LEARNER).moves if r.move == right), None)
    names = told_apart(state.names, state.me)
    reasons = [explain.coach_reason(r, names) for r in ranked.reasons] if ranked else []
    text = _("That move is allowed, but this step is about another one: %(move)s.") % {
        "move": explain.move_phrase(right)
    }
    return " ".join([text, *reasons])


def says_cost(text: str, price: tuple[int, int]) -> bool:
    """Do the hand's own words on a move already give what it would cost (both numbers,
    written in figures outside the card markup)? Then the coach's line "Your deadwood
    would be 10 instead of 1." only repeats them (the Russian walk, gin-01: "...10 points
    of deadwood instead of 1. Your deadwood would have been 10, not 1.")."""
    said = {int(n) for n in _NUMBER.findall(MARKUP.sub(" ", text))}
    return set(price) <= said


def feedback(state: GuidedState, verdict: Verdict | None) -> dict[str, Any] | None:
    """The coach's words on a judged move: a lead ("Right!", "Not allowed."), the why,
    and for a legal move that is not the step's, the fields to play it anyway."""
    if verdict is None:
        return None
    if verdict.continued:
        # Played as the learner chose: the coach's question is settled, the hand goes on
        # (said once: "Played. You made your own move" said it twice, the Italian walk).
        return {
            "kind": "played",
            "lead": _("Played."),
            "text": _("The hand goes on from here."),
        }
    if verdict.kind is VerdictKind.RIGHT:
        lead = _("Right!") if verdict.text else _("Done.")
        return {"kind": verdict.kind.value, "text": text_html(verdict.text), "lead": lead}
    if verdict.kind is VerdictKind.ILLEGAL:
        assert verdict.error is not None
        return {
            "kind": verdict.kind.value,
            "lead": _("Not allowed."),
            "text": explain.refusal(verdict.error, told_apart(state.names, state.me)),
            "more": text_html(verdict.text),
            "alert": True,
        }
    text = text_html(verdict.text) or _why_not(state)
    price = verdict.cost
    if price is not None and not says_cost(verdict.text, price):
        text = format_html(
            "{} {}",
            text,
            _("Your deadwood would be %(mine)s instead of %(best)s.")
            % {"mine": price[0], "best": price[1]},
        )
    return {
        "kind": verdict.kind.value,
        "lead": _("Allowed, but not the point."),
        "text": text,
        "fields": move_fields(verdict.move),
        "continue": True,
    }


def _closing_words(state: GuidedState) -> SafeString | None:
    """The coach's words on the last step of a hand played along its path (the score,
    and why), for once the hand is over; ``None`` before, or for a hand that left the
    path (the browser walk: "you score 71" above a walkthrough that said 142)."""
    steps = state.scenario.steps
    if not state.hand.is_over or state.off_path or state.progress.strayed or not steps:
        return None
    return text_html(state.words(steps[-1].right)) or None


def guided_context(
    state: GuidedState,
    display: BoardDisplay,
    *,
    verdict: Verdict | None = None,
    error: str = "",
    refused: str = "",
) -> dict[str, Any]:
    scenario = state.scenario
    words = state.words
    context = board_context(state, display, error=error, refused=refused, nameless=state.nameless)
    if verdict is not None and verdict.kind is VerdictKind.ILLEGAL:
        # A move the rules forbid is told beside the cards it was sent with: they stay
        # ticked, as after a move refused at a practice table (the Lithuanian walk
        # without JavaScript: 8♥ laid off on the sevens came back with nothing ticked).
        context["selected"] = list(display.selected)
        # And a layoff's meld stays chosen (it had to be picked again).
        context["chosen_meld"] = display.meld
    step = state.step
    attempt = state.attempt
    library = [s for s in scenarios.library() if s.game is scenario.game]
    position = library.index(scenario) if scenario in library else 0
    following = library[position + 1] if position + 1 < len(library) else None
    mistakes = state.mistakes
    by_label: dict[str, int] = {}
    for m in mistakes:
        label = mistake_label(m.key)
        by_label[label] = by_label.get(label, 0) + 1
    coaching = step is not None and not state.off_path
    if coaching:
        # The step asks which move to make ("The 9♦ is on the discard pile. Do you need
        # it?"): no button looks like the answer. At a table the usual move is filled
        # ("Draw from the stock", "Discard"); here every move is (the Italian Knock walk:
        # the filled "Draw from the stock" was tapped, amber, where the pile was wanted).
        context["actions"] = [replace(a, primary=True) for a in context["actions"]]
    said = feedback(state, verdict)
    closing = _closing_words(state)
    pending = bool(context["scoring_pending"])
    said_now = said is not None and said["kind"] == VerdictKind.RIGHT.value
    if said is not None and closing is not None and said_now and pending:
        # The last step's words give the score away: they wait for the learner's answer
        # (the browser walk found them just above "Who collects?").
        said = {**said, "text": _("The hand is over. Work out the score yourself below.")}
    if pending or said_now:
        closing = None  # not yet, or said just now in the feedback
    advice = None
    if state.off_path:
        prompt = _("You have left the lesson's path: finish the hand your own way.")
        if state.advice_asked:
            advice = advice_context(advise(state.hand, LEARNER), told_apart(state.names, state.me))
        elif state.my_turn:
            prompt += " " + _("The coach still gives advice: ask for a hint.")
    else:
        prompt = text_html(words(step.prompt)) if step else ""
    context.update(
        {
            # The hand's forms and links, reversed once per hand and language.
            "move_url": cached_reverse("guided:move", scenario.slug),
            "page_url": cached_reverse("guided:hand", scenario.slug),
            "hint_url": cached_reverse("guided:hint", scenario.slug),
            "restart_url": cached_reverse("guided:restart", scenario.slug),
            "scenario": scenario,
            "title": text_html(words(scenario.title)),
            "title_plain": text_plain(words(scenario.title)),
            "summary": text_html(words(scenario.summary)),
            "summary_plain": text_plain(words(scenario.summary)),
            "game_label": explain.game_name(scenario.game),
            "version": state.version,
            "step": step,
            "step_number": step.number if step else len(scenario.steps),
            "step_count": len(scenario.steps),
            "prompt": prompt,
            "off_path": state.off_path,
            "hints": [text_html(words(h)) for h in step.hints[: state.hints_shown]]
            if step and coaching
            else [],
            "more_hints": (step is not None and coaching and state.hints_shown < len(step.hints))
            or (state.off_path and state.my_turn and not state.advice_asked),
            "advice": advice,
            "feedback": said,
            "closing_words": closing,
            "finished": state.hand.is_over,
            "stars": attempt.stars if attempt and attempt.finished else None,
            "hints_used": len(attempt.hints) if attempt else 0,
            "mistake_count": len(mistakes),
            "mistake_kinds": list(by_label.items()),
            # The library's next hand of the game; the view puts the learner's path's
            # next step here when it has one (rummy_site.path.step_after).
            "next_url": hand_link(following.slug) if following else "",
            "next_title": text_html(
                scenarios.words_for(following, state.learner_name)(following.title)
            )
            if following
            else "",
        }
    )
    return context


def announcement(context: Mapping[str, Any]) -> SafeString:
    """What a guided hand's #announce says after an htmx swap (the board prints it; a
    page drawn whole has it empty and is read from the coach): a refusal; the restart's
    question; a step of the scoring walkthrough (after "Show all" the hand's headline,
    how it ended); nothing after a move the rules forbid (its reason takes the focus
    and is read there); the verdict on any other move with the next step; the coach's
    advice off the lesson's path (its suggestion and reasons, as at a practice table:
    :func:`game.board.advice_context`'s "said"); the hint just given; else the step's
    prompt. ``context``: :func:`guided_context`'s, with the view's ``asking_restart``."""
    if context["error"]:
        return spoken_html(context["error"])
    if context.get("asking_restart"):
        return escape(f"{_('Start this hand again?')} {_('Your moves so far will be lost.')}")
    steps = context["shown_steps"]
    if context["walkthrough"] and steps:
        return spoken_html(context["result"].headline if context["all_steps"] else steps[-1].text)
    said = context["feedback"]
    if said and said.get("alert"):
        return SafeString("")
    if said:
        return format_html("{} {} {}", said["lead"], spoken_html(said["text"]), context["prompt"])
    if context["advice"]:
        return spoken_html(context["advice"]["said"])
    if context["hints"]:
        return format_html("{}", context["hints"][-1])
    return format_html("{}", context["prompt"])


__all__ = [
    "MISTAKE_LABELS",
    "announcement",
    "feedback",
    "guided_context",
    "hand_link",
    "index_context",
    "mistake_label",
    "opened_at_the_coach",
]
