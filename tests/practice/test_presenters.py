"""What a practice page shows, from states built by the factories (no HTTP)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from game import explain
from game.board import BoardDisplay
from game.engine import Knock, Move
from game.moveforms import parse_move
from game.practice import presenters, services
from tests import factories

pytestmark = pytest.mark.django_db


def test_the_score_sheet_follows_the_game() -> None:
    """The learner's row is "You" (their partnership's "You and Ben"), as the
    walkthrough and the summary speak to them; the others' by name."""
    gin = factories.table("gin", seed=4)
    sheet = presenters.score_sheet(factories.play_hand_out(gin))
    assert sheet.boxes and not sheet.balances and sheet.title == "Score sheet"
    assert [row["name"] for row in sheet.rows] == ["You", "Ona"]
    knock = factories.table("knock", 3, seed=4)
    sheet = presenters.score_sheet(factories.play_hand_out(knock))
    assert sheet.balances and not sheet.boxes and sheet.title == "Scores"
    assert all("net" in row for row in sheet.rows)
    assert [row["name"] for row in sheet.rows] == ["You", "Ona", "Ben"]
    partners = factories.table("gin", 4, seed=4)
    sheet = presenters.score_sheet(factories.play_hand_out(partners))
    assert [row["name"] for row in sheet.rows] == ["You and Ben", "Ona and Marta"]


@pytest.mark.parametrize(
    ("language", "you", "yours", "theirs"),
    [
        ("lt", "Jūs", "Jūs ir Benas", "Ona ir Marta"),
        ("ru", "Вы", "Вы и Борис", "Оля и Марта"),
        ("it", "Tu", "Tu e Paolo", "Giulia e Marta"),
    ],
)
def test_the_score_sheet_and_the_seats_say_you_in_every_language(
    language: str, you: str, yours: str, theirs: str
) -> None:
    """The learner's row and their partnership's label (the sheet's row, each partner's
    seat score) are theirs in the page's language, "You" and "You and Ben" (the words
    the site uses for them where a name stands alone and at the head of a list), not
    "Aistė and Ben" beside a summary that says «Jūs ir Benas laimite»; the others by
    name."""
    with translation.override(language):
        gin = factories.play_hand_out(factories.table("gin", seed=4))
        first = presenters.score_sheet(gin).rows[0]["name"]
        state = factories.play_hand_out(factories.table("gin", 4, seed=2))
        context = presenters.table_context(state, BoardDisplay(steps=None, walkthrough=True))
    assert first == you
    assert [row["name"] for row in context["sheet"].rows] == [yours, theirs]
    assert [seat.side for seat in context["seats"]] == [yours, theirs]


def test_the_teacher_s_sheet_keeps_every_name() -> None:
    """Without a learner to tell it to (the projector, the teacher), every row is a name."""
    from game import scores

    state = factories.play_hand_out(factories.table("gin", 4, seed=2))
    names = services.seat_names(state.table)
    sheet = scores.score_sheet(state.match, names)
    assert [row["name"] for row in sheet.rows] == ["Aistė and Ben", "Ona and Marta"]
    assert scores.labels(["Aistė", "Ona", "Ben"]) == ["Aistė", "Ona", "Ben"]
    assert scores.labels(["Aistė", "Ona", "Ben"], you=2) == ["Aistė", "Ona", "You"]


@pytest.mark.parametrize("text", ["knock 7H", "discard 7H", "meld 7H 8H 9H", "layoff 7H 0"])
def test_a_confirmation_posts_the_same_move_again(text: str) -> None:
    table = factories.table("gin", seed=4)
    state = services.table_state(table=table)
    move = Move.parse(text)
    context = presenters.table_context(state, BoardDisplay(), confirm=move)  # type: ignore[arg-type]
    confirm = context["confirm"]
    assert confirm["question"].endswith(("The hand ends.", "everyone shows their cards."))
    from django.http import QueryDict

    data = QueryDict(mutable=True)
    for name, value in confirm["fields"]:
        data.appendlist(name, value)
    assert parse_move(data).move == move


def test_the_table_context_has_the_match_and_the_hints() -> None:
    table = factories.table("basic", 3, seed=4)
    state = factories.play(table, 3)
    context = presenters.table_context(state, BoardDisplay(), notice="Hello")
    assert context["target"] == 150 and context["deal_number"] == 1
    assert context["game_label"] == "Basic Rummy" and context["notice"] == "Hello"
    assert context["hints_used"] == 0 and context["match_over"] is None
    assert [seat.score for seat in context["seats"]] == ["0", "0", "0"]
    # The target said with its noun (the Russian newcomer's walk: «…наберёт 60»).
    assert context["status_line"] == "Hand 1 · first to 150 points wins"


def test_the_review_tells_the_move_and_the_coachs_verdict() -> None:
    table = factories.table("gin", seed=9)
    state = factories.play_hand_out(table)
    first_mine = next(i for i, e in enumerate(state.hand.log) if e.player == services.HUMAN)
    review = services.table_review(table=table, round_number=1, step=first_mine)
    context = presenters.review_context(review, table, 1)
    assert context["sentence"].startswith("You ")
    assert context["verdict"]
    assert len(context["hands"]) == 2 and not context["final"]
    end = presenters.review_context(
        services.table_review(table=table, round_number=1, step=10_000), table, 1
    )
    assert end["final"] and end["next_step"] is None and end["verdict"] == ""


def test_the_list_of_tables() -> None:
    table = factories.table("knock", 4, seed=4)
    (summary,) = presenters.table_summaries([table])
    assert summary.game == "Knock Rummy" and summary.players == 4 and summary.hands == 1
    assert summary.opponents == "Ona, Ben, Marta"


def test_a_move_as_good_as_the_coachs_first_choice_is_agreed_with() -> None:
    """Equal moves are ranked by their text only: discarding the KS when the KC, KD and
    KS score the same is one of the coach's first choices, not "the coach preferred"."""
    from game import explain
    from game.engine import Advice, Card, CoachReason, Discard, RankedMove, Why

    def ranked(code: str, rank: int, score: float) -> RankedMove:
        reason = CoachReason(Why.DISCARD_HIGH, {"card": code, "points": 10})
        return RankedMove(Discard(Card.parse(code)), score, rank, (reason,))

    advice = Advice(0, (ranked("KC", 1, 13.6), ranked("KS", 2, 13.6), ranked("2C", 3, 20.0)))
    tied = presenters.move_verdict(advice, Discard(Card.parse("KS")), ["You", "Ona"])
    assert tied.text == "The coach agrees: this was its first choice." and tied.preferred is None
    worse = presenters.move_verdict(advice, Discard(Card.parse("2C")), ["You", "Ona"])
    assert worse.preferred is not None and "preferred" in worse.text
    assert worse.preferred["mine"] == explain.move_phrase(Discard(Card.parse("2C")))


def test_four_player_gin_ends_the_walkthrough_with_the_two_tables_netted() -> None:
    """rules.md, Gin, 4 players: "each side adds its points from both tables, and the
    side with more enters the difference as one box". Here Ona beat Aistė by 8 and Ben
    beat Marta by 12 at the other table: the walkthrough said so, then the score sheet
    showed a box of 4 that no step explained, and Aistė's seat "score 4" after she lost.
    Aistė's partnership is told to her ("you and Ben"), as the walkthrough's other steps."""
    state = factories.play_hand_out(factories.table("gin", 4, seed=2))
    context = presenters.table_context(state, BoardDisplay(steps=None, walkthrough=True))
    steps = [step.text for step in context["shown_steps"]]
    assert "You have 14 deadwood, more than 6: Ona scores 14 − 6 = 8." in steps
    assert context["other_table"]["steps"][3] == (
        "Marta has 18 deadwood, more than 6: Ben scores 18 − 6 = 12."
    )
    assert steps[-1] == (
        "The two tables count together: you and Ben scored 12, Ona and Marta 8. Only the "
        "difference goes on the score sheet: you and Ben enter one box of 12 − 8 = 4."
    )
    assert [row["boxes"] for row in context["sheet"].rows] == [["4"], []]
    # Each seat's score is its partnership's, and says so.
    # (The learner's side as the sheet says it, "You and Ben".)
    assert [seat.score_label for seat in context["seats"]] == [
        "You and Ben: score 4",
        "Ona and Marta: score 0",
    ]
    # Stepping through, the netting is the last step; scoring it yourself, no step shows.
    stepping = presenters.table_context(state, BoardDisplay(steps=len(steps) - 1, walkthrough=True))
    assert stepping["more_steps"] and stepping["shown_steps"][-1].text == steps[-2]
    assert presenters.table_context(state, BoardDisplay())["shown_steps"] == []


def test_two_player_gin_has_no_netting_step_nor_sides() -> None:
    state = factories.play_hand_out(factories.table("gin", seed=4))
    context = presenters.table_context(state, BoardDisplay(steps=None, walkthrough=True))
    assert not any("two tables" in step.text for step in context["shown_steps"])
    assert all(seat.side == "" for seat in context["seats"])


@pytest.mark.parametrize("partial", [True, False])
def test_the_confirmation_focuses_no_and_says_its_question(partial: bool) -> None:
    """The focus goes to "No, go back", the choice that loses nothing (the Italian walk:
    on "Yes, end the hand", a second Enter knocked), as the guided hand's "Start this
    hand again?" puts it on "Keep playing". The question is the description of both
    buttons (a screen reader said "Are you sure? region, Yes, end the hand, button"
    without which card or move: the accessibility walk), and #announce does not say
    the last move again over it."""
    import re

    from rummy_site.jinja import draw

    table = factories.table("gin", seed=4)
    state = services.table_state(table=table)
    context = presenters.table_context(state, BoardDisplay(), confirm=Move.parse("knock 7H"))
    html = draw("practice/_board.jinja", {**context, "is_partial": partial, "csrf_input": ""})
    question = re.search(r'<p id="confirm-question">(.+?)</p>', factories.shown(html))
    confirm = context["confirm"]
    assert question is not None
    assert question.group(1) == f"{confirm['question']} {confirm['count']}"
    focused = re.findall(r"<(?:a|button) [^>]*autofocus[^>]*>", html)
    assert len(focused) == 1 and 'id="confirm-no"' in focused[0]
    assert 'aria-describedby="confirm-question"' in focused[0]
    yes = re.search(r'<button [^>]*id="confirm-yes"[^>]*>', html)
    assert yes is not None and 'aria-describedby="confirm-question"' in yes.group(0)
    if partial:
        assert '<div id="announce" hx-swap-oob="innerHTML"></div>' in html


@pytest.mark.parametrize("game", ["knock", "gin"])
def test_a_knock_s_confirmation_says_the_deadwood_it_knocks_with(game: str) -> None:
    """The Italian walk: "Knock now, discarding J♠?" did not say what the learner was
    about to do; the deadwood after the discard is said (in Gin, the knock limit is
    about it too). Other moves that end the hand have no count."""
    from game.engine import deadwood_after

    table = factories.table(game, seed=4)
    state = services.table_state(table=table)
    hand = state.view.cards
    counts = {}
    for card in hand:
        move = Move.parse(f"knock {card}")
        left = deadwood_after(state.view, move)
        context = presenters.table_context(state, BoardDisplay(), confirm=move)
        counts[card] = context["confirm"]["count"]
        assert counts[card] == (
            "You knock with no deadwood."
            if left == 0
            else f"You knock with {left} point{'s' if left != 1 else ''} of deadwood."
        )
    assert len(set(counts.values())) > 1  # each discard its own count
    going_out = presenters.table_context(state, BoardDisplay(), confirm=Move.parse("discard 7H"))
    assert going_out["confirm"]["count"] == ""


def test_an_empty_box_on_the_score_sheet_is_said_in_words() -> None:
    """A player without a box yet had "–", read as "dash" or not at all (the
    accessibility walk): the dash is for the eye, and words say it."""
    from game.scores import ScoreSheet
    from rummy_site.jinja import draw

    sheet = ScoreSheet(
        "Score sheet",
        [
            {"name": "Ona", "boxes": [], "total": "0"},
            {"name": "Aistė", "boxes": ["25"], "total": "25"},
        ],
        [],
        boxes=True,
    )
    html = draw("game/_score_sheet.jinja", {"sheet": sheet, "target": 100})
    assert '<span aria-hidden="true">–</span><span class="visually-hidden">no boxes</span>' in html
    assert "<td>25</td>" in html


def test_the_reasons_for_a_move_the_coach_did_not_prefer_have_their_own_heading() -> None:
    """The Russian pupil's walk: in a hand's review, "You played: draw from the stock.
    The coach preferred: take the discard." came over the reasons for the move played,
    «Возьмите карту из прикупа: …», which read as the coach's advice. They now come
    under "The case for your move “…”", before "Why the coach prefers “…”"; when the
    coach agrees, its reasons need no heading. (A pupil's hand projected for the class,
    ``classroom/project_hand.html``, draws them alike.)"""
    from django.template.loader import render_to_string

    from game.engine import Advice, Card, CoachReason, Discard, RankedMove, Why

    def ranked(code: str, rank: int, score: float) -> RankedMove:
        reason = CoachReason(Why.DISCARD_HIGH, {"card": code, "points": 10})
        return RankedMove(Discard(Card.parse(code)), score, rank, (reason,))

    advice = Advice(0, (ranked("KC", 1, 13.6), ranked("2C", 2, 20.0)))
    for move, heading in (("2C", True), ("KC", False)):
        verdict = presenters.move_verdict(advice, Discard(Card.parse(move)), ["You", "Ona"])
        context = {
            "verdict": verdict.text,
            "played_steps": verdict.played,
            "preferred": verdict.preferred,
            "stock_size": 20,
        }
        with translation.override("en"):
            html = render_to_string("game/_review_step.html", context)
        # The reason for the move played (its cards drawn by |spoken): "… get rid of it."
        assert verdict.played and "get rid of it" in html
        assert ("The case for your move" in html) is heading
        if heading:
            mine = html.index("The case for your move")
            assert mine < html.index("get rid of it") < html.index("Why the coach prefers")


def test_what_speaks_against_a_move_is_not_the_case_for_it() -> None:
    """The Lithuanian Knock walk: a learner knocked with 43 deadwood and the hand's review
    said «Kas kalba už jūsų ėjimą „Pasibelsti…“» (the case for your move), then «Palaukite:
    laisvų kortų suma 43 – tai daug…» ("Wait: 43 deadwood is a lot"), the coach's reason
    against it. A reason that speaks against the move played (``CAUTIONS``) now comes
    under "What speaks against your move “…”"; the case for it keeps the others. (A
    pupil's hand projected for the class, ``classroom/project_hand.html``, draws them
    alike.)"""
    from django.template.loader import render_to_string

    from game.engine import Advice, Card, CoachReason, Discard, RankedMove, Why

    queen = Card.parse("QS")
    deadwood = CoachReason(Why.DEADWOOD, {"before": 53, "after": 43})
    wait = CoachReason(Why.KNOCK_WAIT, {"deadwood": 43, "expected": 43.0})
    high = CoachReason(Why.DISCARD_HIGH, {"card": "QS", "points": 10})
    advice = Advice(
        0,
        (
            RankedMove(Discard(queen), 43.0, 1, (deadwood, high)),
            RankedMove(Knock(queen), 136.0, 2, (wait, deadwood)),
        ),
    )
    verdict = presenters.move_verdict(advice, Knock(queen), ["You", "Ona"])
    context = {
        "verdict": verdict.text,
        "played_steps": verdict.played,
        "against_steps": verdict.against,
        "mine": verdict.mine,
        "preferred": verdict.preferred,
        "stock_size": 20,
    }
    with translation.override("en"):
        html = render_to_string("game/_review_step.html", context)
    case = html.index("The case for your move")
    against = html.index("What speaks against your move")
    coach = html.index("Why the coach prefers")
    said_wait = html.index("deadwood is a lot")
    assert case < html.index("Your deadwood goes from 53 to 43") < against < said_wait < coach
    assert len(verdict.against) == 1 and "Wait:" in verdict.against[0]
    assert all("Wait:" not in line for line in verdict.played)


def test_the_announcement_is_decided_by_the_presenter() -> None:
    """What #announce says after an htmx swap (presenters.announcement, printed by the
    board as it is): nothing under a move's question; else a refusal; a step of the
    walkthrough (after "Show all" the hand's headline); the coach's hint; after "Skip to
    my turn" every turn since the learner's move, else the log's latest line; before the
    first move who plays first."""
    from game.board import Result, ScoreStep

    base: dict[str, object] = {
        "confirm": None,
        "error": "",
        "walkthrough": False,
        "shown_steps": [],
        "all_steps": False,
        "result": None,
        "advice": None,
        "log": ["You discarded 7♥.", "Ona discarded 2♣."],
        "you_first": True,
        "turn_name": "Ona",
        "since_said": "Ona laid off 10♠ and discarded 2♣.",
        "since_told": "Ona laid off 10♠ onto J♠ Q♠ K♠ and discarded 2♣.",
    }

    def said(skipped: bool = False, **changes: object) -> str:
        return presenters.announcement({**base, **changes}, skipped=skipped)

    steps = [ScoreStep("Ona knocks."), ScoreStep("You pay 7.")]
    result = Result(headline="Ona knocked.", steps=steps)
    assert said() == "Ona discarded 2♣."
    # After "Skip to my turn": the turns, a layoff with the meld it went onto, which the
    # status line (since_said) leaves to the log.
    assert said(skipped=True) == "Ona laid off 10♠ onto J♠ Q♠ K♠ and discarded 2♣."
    assert said(log=[]) == "The cards are dealt. You play first."
    assert said(log=[], you_first=False) == "The cards are dealt. Ona plays first."
    assert said(confirm={"question": "Knock now?"}, error="No.") == ""
    assert said(error="That card is not in your hand.", advice={"heading": "H"}) == (
        "That card is not in your hand."
    )
    assert said(walkthrough=True, shown_steps=steps[:1], result=result) == "Ona knocks."
    assert said(walkthrough=True, shown_steps=steps, all_steps=True, result=result) == (
        "Ona knocked."
    )
    # The walkthrough not open (scoring it yourself): the move, not a step.
    assert said(shown_steps=steps, result=result) == "Ona discarded 2♣."
    # The coach's hint: its suggestion and its reasons (board.advice_context's "said").
    hint = {"heading": "The coach suggests: discard 9♣", "said": "The coach suggests: x. Y."}
    assert said(advice=hint) == "The coach suggests: x. Y."


@pytest.mark.parametrize("skipped", [False, True])
def test_a_table_s_context_carries_its_announcement_and_status(skipped: bool) -> None:
    """The board prints ``announce`` and the status line's ``latest`` as the presenter
    made them, the same as the template's own decision made them before."""
    from game.cards import spoken_html
    from rummy_site.jinja import draw

    state = factories.play(factories.table("basic", 3, seed=4), 3)
    context = presenters.table_context(state, BoardDisplay(), skipped=skipped)
    log, since, told = context["log"], context["since_said"], context["since_told"]
    assert context["latest"] == (since or log[-1])
    assert context["announce"] == (told if skipped and told else log[-1])
    html = draw("practice/_board.jinja", {**context, "is_partial": True, "csrf_input": ""})
    announce = re.search(r'<div id="announce"[^>]*>(.*?)</div>', html, re.S)
    assert announce is not None and announce.group(1) == str(spoken_html(context["announce"]))


def test_a_learner_who_gave_no_name_is_you_at_the_table_and_in_the_review() -> None:
    """A table started with no name: the learner's seat, the players to score and their
    hand in the review say "You" (as a guided hand's), never the default name; a
    sentence that needs a name for them has the language's default."""
    from game.names import learner_default

    table = factories.table("gin", seed=9, name="")
    state = factories.play_hand_out(table)
    assert state.nameless and services.seat_names(table)[0] == learner_default()
    context = presenters.table_context(state, BoardDisplay())
    assert [seat.name for seat in context["seats"] if seat.is_you] == ["You"]
    players = [name for _index, name in context["score_yourself"]["players"]]
    assert "You" in players and learner_default() not in players
    review = services.table_review(table=table, round_number=1, step=0)
    hands = presenters.review_context(review, table, 1)["hands"]
    assert [hand["name"] for hand in hands if hand["yours"]] == ["You"]
    named = factories.play_hand_out(factories.table("gin", seed=9))
    assert not named.nameless
    seats = presenters.table_context(named, BoardDisplay())["seats"]
    assert [seat.name for seat in seats if seat.is_you] == ["Aistė (you)"]


def test_the_sit_out_line_joins_the_two_players_as_the_language_does() -> None:
    """Three-player Gin: "Watch Ona and Ben play", made by the presenter so that the
    Italian «e» before an e is «ed» (the d eufonica), as every list of names."""
    with translation.override("it"):
        said = presenters._sit_out_line(["Marta", "Elena"])
        other = presenters._sit_out_line(["Elena", "Marta"])
    assert "Marta ed Elena" in said and "Elena e Marta" in other
    assert presenters._sit_out_line(["Ona", "Ben"]) == (
        "You sit out this hand. Watch Ona and Ben play: the winner plays the next hand against you."
    )


def test_the_announcement_says_what_the_eye_sees_and_the_log_does_not() -> None:
    """The Russian screen-reader walk: after a draw from the stock #announce said "You
    drew from the stock." and never which card (the eye sees it marked in the hand); when
    a computer player's move gave the turn back nothing said it was the learner's turn;
    and when Ona went out it said her last discard only, the focus going on to "Score it
    yourself" under a heading nobody read. Now the card drawn is named, "Your turn." ends
    a computer player's move that gives the turn back, and the hand's headline (how it
    ended) ends the move that ends it."""
    from game.cards import card_short
    from game.engine import DrawStock, MoveKind

    table = factories.table("basic", seed=4)
    state = services.table_state(table=table)
    while not (state.my_turn and state.view.log and state.view.log[-1].player != state.me):
        if state.my_turn:
            step = factories.learner_move(state.hand, state.me or 0)
            state = services.table_move(
                table=table, version=table.version, move=step, confirmed=True
            )
        else:
            state = services.table_bot_step(table=table, version=table.version)
    context = presenters.table_context(state, BoardDisplay())
    assert context["announce"] == f"{context['log'][-1]} Your turn."

    state = services.table_move(
        table=table, version=table.version, move=DrawStock(), confirmed=True
    )
    context = presenters.table_context(state, BoardDisplay())
    drawn = context["view"].drawn
    assert context["view"].log[-1].kind is MoveKind.DRAW_STOCK and drawn is not None
    assert context["announce"] == (
        f"You drew from the stock. The card you drew: {card_short(drawn)}."
    )
    # The learner's next move: the card is no news any more.
    after = services.table_move(
        table=table,
        version=table.version,
        move=factories.learner_move(state.hand, 0),
        confirmed=True,
    )
    assert "The card you drew" not in presenters.table_context(after, BoardDisplay())["announce"]

    over = factories.play_hand_out(table)
    context = presenters.table_context(over, BoardDisplay())
    assert context["announce"] == f"{context['log'][-1]} {context['result'].headline}"
    # Opened as a walkthrough, a step says itself (as before).
    steps = presenters.table_context(over, BoardDisplay(steps=1, walkthrough=True))
    assert steps["announce"] == steps["shown_steps"][-1].text


def test_the_status_line_leaves_a_turns_layoff_meld_to_the_log() -> None:
    """A phone's status line keeps to few words (a computer's layoff named with its meld,
    "Ben laid off 10♠ onto J♠ Q♠ K♠", put the hand's first row below a 360×740 phone's
    first screen): the other players' turns there say the card only; #announce after
    "Skip to my turn" says the meld too, and so does the learner's own layoff, the log's
    line, on both."""
    from game.engine import Discard, DrawStock, Event, LayDown, LayOff, parse_cards
    from game.engine.melds import make_meld
    from game.engine.view import TableMeld

    c = parse_cards
    table = [TableMeld(0, 1, make_meld(c("TS JS QS KS")))]
    log = [
        Event.of(0, DrawStock()),
        Event.of(0, Discard(c("2C")[0])),
        Event.of(1, DrawStock()),
        Event.of(1, LayDown(tuple(c("JS QS KS")))),
        Event.of(1, LayOff(c("TS")[0], 0)),
        Event.of(1, Discard(c("9D")[0])),
    ]
    names = ["Aistė", "Ona"]
    with translation.override("en"):
        told = explain.since_your_move(log, names, human=0, players=2, table=table)
        short = explain.since_your_move(log, names, human=0, players=2, table=table, short=True)
        mine = [*log[:2], Event.of(0, LayOff(c("TS")[0], 0))]
        own = explain.since_your_move(mine, names, human=0, players=2, table=table, short=True)
    assert told == ["Ona laid out J♠ Q♠ K♠, laid off 10♠ onto J♠ Q♠ K♠ and discarded 9♦."]
    assert short == ["Ona laid out J♠ Q♠ K♠, laid off 10♠ and discarded 9♦."]
    assert own == ["You laid off 10♠ onto J♠ Q♠ K♠."]
