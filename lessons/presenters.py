"""What the lesson pages show: each check's question and, once answered, its explanation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game import explain
from game.cards import text_plain, with_articles
from game.engine import (
    Arrangement,
    Card,
    Game,
    IllegalMove,
    Meld,
    MeldKind,
    Rank,
    StepCode,
    card_points,
    check_meld,
    deadwood_of,
    make_meld,
)
from game.names import computer_names
from rummy_site.parsing import KEPT_LENGTH

from .checks import (
    Check,
    DeadwoodCheck,
    DiscardCheck,
    KnockCheck,
    LayoffCheck,
    MeldCheck,
    Outcome,
    ScoreCheck,
    parse_check,
)
from .forms import answer_token, question_token
from .models import Lesson
from .render import body_pieces, draw_cards
from .services import MASTERY_STREAK, Progress


def player_names(count: int) -> list[str]:
    """Players of a score question have the computer players' names in the page's
    language (never letters, which would read as cards: "A" is an ace)."""
    return computer_names(count)


def _meld_label(meld: Meld) -> str:
    return _("group") if meld.kind is MeldKind.GROUP else _("run")


def _arrangement(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [list(m.cards) for m in arrangement.melds],
        "deadwood_cards": list(arrangement.deadwood_cards),
        "deadwood": arrangement.deadwood,
    }


def _score_role(check: ScoreCheck) -> str:
    """What the player who ended a score question's hand did, as the table's headline
    says it: a Gin knock with no deadwood is gin, a Knock Rummy one is a knock with
    rummy (the rules audit: a gin hand read "Ona (knocked)")."""
    if check.game is Game.BASIC:
        return _("went out")
    if deadwood_of(check.hands[check.player]):
        return _("knocked")
    return _("went gin") if check.game is Game.GIN else _("knocked with rummy")


def question(check: Check, seed: int) -> dict[str, Any]:
    """The question of a check (cards dealt from ``seed`` for a random one)."""
    data: dict[str, Any] = {"kind": check.kind, "random": check.random}
    if isinstance(check, MeldCheck):
        data["text"] = _("Is there a meld among these cards? Pick its cards, or say there is none.")
        data["cards"] = check.question(seed)
    elif isinstance(check, DeadwoodCheck):
        data["text"] = _(
            "Count the deadwood: what are the cards left outside the best melds worth?"
        )
        data["cards"] = check.question(seed)
        if check.ace_high:
            data["note"] = _("With the ace-high option: every ace is worth 15.")
    elif isinstance(check, KnockCheck):
        data["text"] = _(
            "Gin Rummy: can this hand knock? These are the 10 cards after the discard."
        )
        data["cards"] = check.question(seed)
    elif isinstance(check, DiscardCheck):
        data["text"] = _(
            "You have just drawn: 11 cards. Which one do you discard to keep the least deadwood?"
        )
        data["cards"] = check.question(seed)
    elif isinstance(check, ScoreCheck):
        names = player_names(len(check.hands))
        data["text"] = _("Who scores, and how much?")
        data["players"] = [
            {
                "index": i,
                "name": names[i],
                "cards": list(hand),
                "role": _score_role(check) if i == check.player else "",
            }
            for i, hand in enumerate(check.hands)
        ]
        data["game"] = check.game
    elif isinstance(check, LayoffCheck):
        data["text"] = _("Where can this card be laid off?")
        data["card"] = check.card
        data["melds"] = [{"index": i, "cards": list(m.cards)} for i, m in enumerate(check.melds)]
    return data


def _there_is_one(melds: Sequence[Meld]) -> str:
    """ "There is one: ..." with every meld the cards could make, each whole (the browser
    walk: 5♣ 5♦ 5♥ 5♠ was answered with "5♣ 5♥ 5♠ is a group", as if the 5♦ did not
    belong; and 3♣ 6♣ 7♣ 8♣ 6♦ 6♠ with the sixes alone, as if 6♣ 7♣ 8♣ were not a run):
    the melds that are not part of a longer one, the longest first, as alternatives
    ("A or B": the question asks for one)."""
    whole = [
        m for m in melds if not any(m.mask != o.mask and m.mask & o.mask == m.mask for o in melds)
    ]
    whole.sort(key=lambda meld: -len(meld.cards))
    if len(whole) == 1:
        return _("There is one: %(cards)s is a %(kind)s.") % {
            "cards": explain.cards_short(whole[0].cards),
            "kind": _meld_label(whole[0]),
        }
    return _("There is one: %(melds)s.") % {
        "melds": explain.either(
            [
                _("%(cards)s (a %(kind)s)")
                % {"cards": explain.cards_short(m.cards), "kind": _meld_label(m)}
                for m in whole
            ]
        )
    }


def explanation(check: Check, outcome: Outcome) -> dict[str, Any]:
    """Why the right answer is right, as sentences and cards."""
    d = outcome.details
    lines: list[str] = []
    shown: dict[str, Any] = {}
    if isinstance(check, MeldCheck):
        melds = d["melds"]
        if d.get("none"):
            if melds:
                lines.append(_there_is_one(melds))
            else:
                # After the page's "Right!" (not "Right! Right: ...").
                lines.append(_("No three or four of these cards make a group or a run."))
        elif outcome.correct:
            meld = d["meld"]
            lines.append(
                _("Yes: %(cards)s is a %(kind)s.")
                % {"cards": explain.cards_short(meld.cards), "kind": _meld_label(meld)}
            )
        else:
            lines.append(explain.meld_failure(d["failure"], d.get("params", {})))
            if melds:
                lines.append(_there_is_one(melds))
            else:
                lines.append(_("In fact there is no meld among these cards."))
    elif isinstance(check, DeadwoodCheck):
        arrangement = d["arrangement"]
        shown = _arrangement(arrangement)
        each = [card_points(c, ace_high_or_low=check.ace_high) for c in arrangement.deadwood_cards]
        total = {
            "cards": explain.cards_short(arrangement.deadwood_cards),
            "sum": " + ".join(map(str, each)) + f" = {arrangement.deadwood}",
        }
        if not arrangement.melds and len(each) > 1:
            # Basic lesson 1 counts cards with no meld before lesson 2 speaks of the best
            # arrangement (the Russian walk: «При лучшей раскладке» a lesson early).
            lines.append(
                _(
                    "None of these cards make a meld, so all of them are deadwood: "
                    "%(cards)s, that is %(sum)s."
                )
                % total
            )
        else:
            lines.append(
                ngettext(
                    "The best arrangement leaves %(count)s point of deadwood.",
                    "The best arrangement leaves %(count)s points of deadwood.",
                    arrangement.deadwood,
                )
                % {"count": arrangement.deadwood}
            )
            if len(arrangement.deadwood_cards) == 1:
                # The one card named too (the rules audit: "2 points" alone did not say
                # which).
                card = arrangement.deadwood_cards[0]
                lines.append(
                    with_articles(
                        _("The card outside the melds: %(card)s, worth %(points)s.")
                        % {
                            "card": explain.card_short(card),
                            "points": explain.deadwood_points(
                                card_points(card, ace_high_or_low=check.ace_high)
                            ),
                        }
                    )
                )
            elif len(arrangement.deadwood_cards) > 1:
                # The sum written out, card by card (the newcomer's walk: "22 points"
                # alone did not show how 10 + 7 + 1 + 4 make it).
                lines.append(_("The cards outside the melds: %(cards)s, that is %(sum)s.") % total)
        if not outcome.correct:
            lines.append(_("You said %(given)s.") % {"given": d["given"]})
    elif isinstance(check, KnockCheck):
        arrangement = d["arrangement"]
        shown = _arrangement(arrangement)
        if d["can"]:
            lines.append(
                _("Yes: the deadwood is %(deadwood)s, which is %(limit)s or less.")
                % {"deadwood": arrangement.deadwood, "limit": d["limit"]}
            )
        else:
            lines.append(
                _("No: the deadwood is %(deadwood)s, more than %(limit)s.")
                % {"deadwood": arrangement.deadwood, "limit": d["limit"]}
            )
    elif isinstance(check, DiscardCheck):
        shown = _arrangement(d["arrangement"])
        best = d["best"]
        if outcome.correct:
            # After the page's "Right!" (not "Right! Right: without ...": the Italian walk).
            lines.append(
                with_articles(
                    _("Without %(card)s your deadwood is %(points)s, the least there can be.")
                    % {"card": explain.card_short(d["picked"]), "points": d["least"]}
                )
            )
        else:
            lines.append(
                with_articles(
                    _("Without %(card)s your deadwood would be %(given)s.")
                    % {"card": explain.card_short(d["picked"]), "given": d["given"]}
                )
            )
        if not outcome.correct or len(best) > 1:
            values = {"cards": explain.cards_short(best), "least": d["least"]}
            if len(best) == 1:
                line = ngettext(
                    "The best discard is %(cards)s: it leaves %(least)s point of deadwood.",
                    "The best discard is %(cards)s: it leaves %(least)s points of deadwood.",
                    d["least"],
                )
            else:
                line = ngettext(
                    "Each of %(cards)s is as good: it leaves %(least)s point of deadwood.",
                    "Each of %(cards)s is as good: it leaves %(least)s points of deadwood.",
                    d["least"],
                )
            # A single best card takes its article where the language writes one.
            lines.append(with_articles(line % values))
    elif isinstance(check, ScoreCheck):
        names = player_names(len(check.hands))
        collectors = d["collectors"]
        if collectors:
            lines.append(
                _("%(names)s: %(points)s.")
                % {
                    "names": explain.people(collectors, names),
                    "points": explain.points_noun(d["points"]),
                }
            )
        settlement = d["settlement"]
        shown = {
            "steps": [
                explain.settlement_step(s, names, game=settlement.game)
                for s in explain.told_steps(settlement)
            ]
        }
    elif isinstance(check, LayoffCheck):
        for i, meld in enumerate(check.melds):
            extended = d["extended"].get(i)
            if extended is not None:
                lines.append(
                    _("It fits %(meld)s: %(extended)s.")
                    % {
                        "meld": explain.cards_short(meld.cards),
                        "extended": explain.cards_short(extended.cards),
                    }
                )
            else:
                lines.append(
                    _("It does not fit %(meld)s.") % {"meld": explain.cards_short(meld.cards)}
                    + _why_not_a_meld([*meld.cards, check.card])
                )
    return {"lines": lines, **shown}


def _why_not_a_meld(cards: Sequence[Card]) -> str:
    """A space and the engine's reason why ``cards`` are no meld (a run round the
    corner...), or nothing."""
    failure = check_meld(cards)
    if failure is None:
        return ""
    try:
        make_meld(cards)
        params: dict[str, Any] = {}
    except IllegalMove as exc:
        params = dict(exc.params)
    return " " + explain.meld_failure(failure, params)


def hint(check: Check, outcome: Outcome) -> str:
    """After a second wrong answer: why, without the answer (the rule to apply, or what
    is wrong with the cards picked)."""
    if isinstance(check, MeldCheck):
        failure = outcome.details.get("failure")
        if failure is not None:
            return explain.meld_failure(failure, outcome.details.get("params", {}))
        return _(
            "Look again: a group is three or four cards of one rank, a run three or more "
            "cards of one suit in a row."
        )
    if isinstance(check, DeadwoodCheck):
        if not outcome.details["arrangement"].melds:
            # The first lesson's questions hold no meld: the hint must not send the
            # learner looking for one (the newcomer's walk).
            if check.ace_high:
                return _(
                    "None of these cards make a meld: add up all their values. Here an ace "
                    "counts 15; kings, queens and jacks 10."
                )
            return _(
                "None of these cards make a meld: add up all their values. Aces count 1, "
                "kings, queens and jacks 10."
            )
        if check.ace_high:
            return _(
                "Try every way to make melds: the best one leaves the fewest points in "
                "cards outside them. Here an ace counts 15; kings, queens and jacks 10."
            )
        return _(
            "Try every way to make melds: the best one leaves the fewest points in cards "
            "outside them. Aces count 1, kings, queens and jacks 10."
        )
    if isinstance(check, KnockCheck):
        return _(
            "Make the best melds first, then add up the cards left over: you may knock "
            "when they come to %(limit)s or less."
        ) % {"limit": outcome.details["limit"]}
    if isinstance(check, DiscardCheck):
        return _(
            "Find your melds first and keep them. Of the cards left over, throw the one "
            "worth the most, unless it is one card short of a meld."
        )
    if isinstance(check, ScoreCheck):
        if check.game is Game.BASIC:
            return _(
                "The player who went out collects the value of every card left in the other hands."
            )
        if check.game is Game.KNOCK:
            return _(
                "The lowest count collects the difference from each other player. A tie "
                "goes against the knocker: an opponent level with the knocker collects "
                "instead, and players tied for the lowest share. An undercut knocker also "
                "pays 10 to each opponent below them; a knocker with rummy, and nobody "
                "level, gets 25 more from each."
            )
        settlement = outcome.details["settlement"]
        if any(step.code is StepCode.LEAST_DEADWOOD_LAYOUT for step in settlement.steps):
            # The knocker's least deadwood is not their best layout (the lesson's "the
            # knocker chooses how to lay out the hand"): a learner who answered with it
            # needs that rule, not the general one.
            return _(
                "The knocker may lay out the melds in more than one way. Try each way: "
                "count the knocker's deadwood, see what the defender can lay off, and count "
                "the defender's. The knocker shows the way that scores the most, even with "
                "more deadwood."
            )
        return _(
            "Count each side's deadwood after the defender lays off: the knocker collects "
            "the difference, unless the defender has as little or less (an undercut, with "
            "its bonus). Gin has a bonus too."
        )
    return _layoff_hint(check)


def _layoff_hint(check: LayoffCheck) -> str:
    """The layoff rule, with the ace's place when the question turns on it: an ace, or
    a king beside a run of its suit that starts with the ace. A layoff question's aces
    are low, as in Gin, Knock Rummy and Basic Rummy without its ace-high option (the
    rules audit: the hint said "a run never goes round the corner from king to ace",
    which is K-A-2 in the lessons, when the ace was refused on J-Q-K because it is
    low)."""
    rule = _("A card fits a group of its rank, or a run of its suit at either end.")
    card = check.card
    ace_matters = card.rank is Rank.ACE or (
        card.rank is Rank.KING
        and any(
            m.kind is MeldKind.RUN and m.cards[0].suit is card.suit and m.cards[0].rank is Rank.ACE
            for m in check.melds
        )
    )
    if not ace_matters:
        return rule
    return (
        rule
        + " "
        + _(
            "The ace is low: it goes below the 2, as in %(low)s, never above the king "
            "(%(high)s is not a run)."
        )
        % {"low": text_plain("{A-2-3}"), "high": text_plain("{Q-K-A}")}
    )


# -- Pages ----------------------------------------------------------------------------


def _share(done: int, total: int) -> dict[str, int]:
    return {"read": done, "total": total, "percent": round(100 * done / total) if total else 0}


def index_context(progress: Progress, lessons: dict[Game, list[Lesson]]) -> dict[str, Any]:
    """The lessons' index: each game's lessons and how many the learner has mastered."""
    games = []
    for game, items in lessons.items():
        read = sum(1 for lesson in items if progress.lesson_done(lesson))
        games.append(
            {
                "game": game,
                "label": explain.game_name(game),
                "lessons": [{"lesson": x, "done": progress.lesson_done(x)} for x in items],
                **_share(read, len(items)),
            }
        )
    return {"games": games}


def game_context(progress: Progress, game: Game, lessons: list[Lesson]) -> dict[str, Any]:
    """One game's lessons, each with what the learner did of it."""
    items = [
        {
            "lesson": lesson,
            "read": progress.lesson_read(lesson),
            "done": progress.lesson_done(lesson),
            "checks": len(lesson.checks),
            "mastered": progress.checks_mastered(lesson),
        }
        for lesson in lessons
    ]
    read = sum(1 for item in items if item["done"])
    return {
        "game": game,
        "label": explain.game_name(game),
        "items": items,
        **_share(read, len(items)),
    }


def check_context(
    lesson: Lesson,
    index: int,
    check: Check,
    *,
    seed: int,
    outcome: Outcome | None = None,
    tries: int = 0,
    progress: Progress | None = None,
    error: str = "",
    picked: Sequence[str] = (),
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
    judged: Mapping[str, Any] | None = None,
    learner: int | None = None,
) -> dict[str, Any]:
    """One check of a lesson (the ``lessons/_check.html`` partial): its question (and
    its signed token, which the answer sends back), and once answered the feedback
    (the cards the learner picked, and the rest of the answer ``judged``, are kept).
    ``tries``: which answer to this question it was. A right answer is explained at
    once; a wrong one gets a retry, then a hint that says why, then the solution.
    ``progress``: for the check's mastery mark. A refused (malformed) ``answer`` comes
    back in its fields, the focus on the one refused (``refused``), described by the
    reason (:func:`kept_answer`); the feedback shown stays beside it (``outcome``,
    ``tries``). ``judged``: the answer the feedback is for, signed with the
    ``learner``'s id into the form (:func:`answer_token`), so that a malformed answer
    sent from it is refused beside the same feedback."""
    stage = ""
    if outcome is not None:
        stage = "right" if outcome.correct else ("retry", "hint", "solution")[min(tries, 3) - 1]
    # The lesson's own check says what masters it: ``check`` may be a fresh question of
    # its kind (lessons.services.check_for).
    fixed = not parse_check(lesson.checks[index]).random
    needed = 1 if fixed else MASTERY_STREAK
    streak = progress.check_streak(lesson, index) if progress else 0
    answered_before = bool(progress and progress.check_answered(lesson, index))
    box = {
        "index": index,
        # Its heading under the lesson's section it is in (an h2): an h3 (the Russian
        # screen-reader walk heard «Попробуйте 1» as a section of its own). A question on
        # a page of its own (question_box: review, drills, placement) keeps its h2.
        "heading": 3,
        "seed": seed,
        "token": question_token(lesson.game, lesson.slug, index, seed),
        "repeated": tries > 1,
        "stage": stage,
        "hint": hint(check, outcome) if outcome is not None and stage == "hint" else "",
        "mastered": streak >= needed,
        "streak": min(streak, needed),
        "needed": needed,
        # A fixed check whose first answer was wrong is mastered by a fresh question.
        "missed": fixed and answered_before and streak < needed,
        # Answered wrong and not yet worked out (a retry, or a hint, is offered): the
        # next step is this question, and only then a fresh one.
        "still_open": stage in ("retry", "hint"),
        # "Another one" beside a question answered: the page's question is the learner's
        # next one until it is answered (lessons.services.question_seed), so there is
        # nothing else to offer before.
        "another": outcome is not None and (not fixed or streak < needed),
        "question": question(check, seed),
        "outcome": outcome,
        "explanation": (
            explanation(check, outcome)
            if outcome is not None and stage in ("right", "solution")
            else None
        ),
        "error": error,
        "picked": list(picked) if outcome or error else [],
        "url": reverse(
            "lessons:check", kwargs={"game": lesson.game, "slug": lesson.slug, "index": index}
        ),
        "lesson_url": reverse("lessons:lesson", kwargs={"game": lesson.game, "slug": lesson.slug}),
        "shown": (
            answer_token(
                lesson.game,
                lesson.slug,
                index,
                seed,
                learner=learner,
                answer=judged,
                tries=max(tries, 1),
            )
            if outcome is not None and judged is not None and learner is not None
            else ""
        ),
    }
    if outcome is not None and judged is not None:
        # The answer judged stays in its fields beside its feedback, as the cards picked
        # do (the Lithuanian walk without JavaScript: "Not quite. Try again" over an
        # emptied field, the number typed gone).
        box["kept"] = kept_answer(judged, index=index)["kept"]
    if outcome is not None:
        # The focus goes back to the question's field, described by the feedback (as a
        # refused answer's is by its reason, and a drill's next question by the last
        # verdict): a keyboard user hears why, and tries again where they are (the
        # feedback itself took the focus, two Shift+Tabs from the field: the walk).
        # Without JavaScript too: the page an answer redirects to has no fragment (at
        # one, Chromium skips autofocus), and the browser scrolls the field into view.
        box["autofocus"] = True
        box["described_by"] = f"check-{index}-feedback"
    if error and answer is not None:
        box.update(kept_answer(answer, field=refused, index=index))
    return box


def kept_answer(answer: Mapping[str, Any], *, field: str = "", index: int = 0) -> dict[str, Any]:
    """What a refused (malformed) answer's question is drawn with again: every field as
    the learner left it (the cards picked, the number typed, the player chosen, the
    melds ticked; the template escapes what was typed), and the focus on the field
    refused (``field``: :attr:`ServiceError.field`; else the question's first), described
    by the reason. Merged into the check partial's context."""

    def listed(key: str) -> list[str]:
        raw = answer.get(key, [])
        return [str(v)[:KEPT_LENGTH] for v in ([raw] if isinstance(raw, str) else raw)]

    return {
        "picked": listed("cards"),
        "kept": {
            "answer": str(answer.get("answer", ""))[:KEPT_LENGTH],
            "points": str(answer.get("points", ""))[:KEPT_LENGTH],
            "player": str(answer.get("player", ""))[:KEPT_LENGTH],
            "melds": listed("melds"),
        },
        "refused": field,
        "autofocus": True,
        "described_by": f"check-{index}-error",
    }


def question_box(
    check: Check,
    seed: int,
    *,
    token: str,
    url: str,
    error: str = "",
    autofocus: bool = True,
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
) -> dict[str, Any]:
    """A single question outside a lesson (a drill, the placement check) for the
    ``lessons/_check.html`` partial: no "Another one", no mastery mark; ``token`` is
    what the answer sends back, ``url`` where it goes. With an ``error``, the refused
    ``answer`` is kept in its fields (:func:`kept_answer`; ``refused``: its field)."""
    shown = question(check, seed)
    box = {
        "index": 0,
        "seed": seed,
        "token": token,
        "repeated": False,
        "stage": "",
        "hint": "",
        "mastered": False,
        "streak": 0,
        "needed": 1,
        "missed": False,
        "still_open": False,
        "another": False,
        "question": shown,
        "outcome": None,
        "explanation": None,
        "error": error,
        "picked": [],
        "url": url,
        "lesson_url": url,
        "autofocus": autofocus,
    }
    if error and answer is not None:
        box.update(kept_answer(answer, field=refused))
    return box


def lesson_context(
    lesson: Lesson,
    lessons: list[Lesson],
    progress: Progress,
    checks: dict[int, dict[str, Any]],
    guided_hands: list[dict[str, str]],
) -> dict[str, Any]:
    """A lesson page: its body (the lesson's HTML, with its cards drawn in the page's
    language, and its checks), where it stands among the game's lessons, and the guided
    hands that practise it."""
    position = next((i for i, x in enumerate(lessons) if x.slug == lesson.slug), 0)
    body: list[Any] = [
        {"html": mark_safe(piece)} if isinstance(piece, str) else {"check": checks[piece]}
        for piece in body_pieces(lesson.body)
    ]
    return {
        "lesson": lesson,
        "body": body,
        "label": explain.game_name(lesson.game),
        "previous": lessons[position - 1] if position > 0 else None,
        "next": lessons[position + 1] if position + 1 < len(lessons) else None,
        "position": position + 1,
        "total": len(lessons),
        "read": progress.lesson_read(lesson),
        "guided_hands": guided_hands,
    }


def printable_context(lesson: Lesson) -> dict[str, Any]:
    """A rule summary or the glossary: the lesson's HTML with its cards drawn."""
    context: dict[str, Any] = {"lesson": lesson, "body": mark_safe(draw_cards(lesson.body))}
    if lesson.game:
        context["label"] = explain.game_name(lesson.game)
    return context
