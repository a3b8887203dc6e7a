"""The shared board presenter: built from a state and parsed display options, it shows
the learner's own cards only, the right buttons, and the scoring walkthrough."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.board import Action, BoardDisplay, actions, board_context, lay_off_apart
from game.engine import Card, Deal, Hand, HandEnd, LayOff, PlayerView, new_hand, replay_hand
from game.explain import told_steps

pytestmark = pytest.mark.django_db(databases=[])  # no database: a pure presenter


@dataclass(frozen=True)
class Seat:
    """A minimal BoardState: an engine hand seen from one seat (None: sitting out)."""

    hand: Hand
    me: int | None = 0

    @property
    def names(self) -> list[str]:
        return ["Aistė", "Ona", "Ben", "Marta"][: self.hand.players]

    @property
    def view(self) -> PlayerView:
        return self.hand.view(self.me)

    @property
    def my_turn(self) -> bool:
        return self.me is not None and not self.hand.is_over and self.hand.turn == self.me

    @property
    def sitting_out(self) -> bool:
        return self.me is None

    @property
    def bots_to_move(self) -> bool:
        return not self.hand.is_over and self.hand.turn != self.me


GIN = Deal.build(
    ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"], discard="TC", stock="AD"
)


def test_the_board_shows_the_learners_cards_and_no_one_elses() -> None:
    hand = new_hand("knock", players=3, seed=21, dealer=2)
    context = board_context(Seat(hand), BoardDisplay())
    assert context["hand_cards"] == list(hand.cards(0))
    assert [s.cards for s in context["seats"]] == [len(h) for h in hand.hands]
    shown = {str(c) for c in context["hand_cards"]} | {str(context["discard_top"])}
    hidden = {str(c) for p in (1, 2) for c in hand.cards(p)} | {str(c) for c in hand.stock}
    assert not shown & hidden
    assert [a.value for a in context["actions"]] == ["draw_stock", "draw_discard"]
    assert context["seats"][0].is_you and context["seats"][0].is_turn


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_the_draw_buttons_say_what_the_coach_and_the_projector_call_the_moves(
    language: str,
) -> None:
    """The class-of-thirty walk: the pupils pressed "Take discard" while the projector's
    bars and their feedback said "Take the discard": one move, two names."""
    from django.utils import translation

    from game.engine import DrawDiscard, DrawStock
    from game.explain import move_phrase

    hand = new_hand("knock", players=3, seed=21, dealer=2)
    with translation.override(language):
        labels = {a.value: a.label for a in board_context(Seat(hand), BoardDisplay())["actions"]}
        assert labels == {
            "draw_stock": move_phrase(DrawStock()),
            "draw_discard": move_phrase(DrawDiscard()),
        }
    if language == "en":
        assert labels == {"draw_stock": "Draw from the stock", "draw_discard": "Take the discard"}


def test_the_buttons_follow_the_game_and_the_phase() -> None:
    gin = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN)
    assert [a.value for a in board_context(Seat(gin), BoardDisplay())["actions"]] == [
        "discard",
        "knock",
    ]
    basic = replay_hand(
        "basic",
        ["draw stock", "meld 7H 8H 9H"],
        dealer=1,
        deal=Deal.build(["7H 8H 9H 2C", "KS 7D AH 3D"], discard="5D", stock="QS"),
    )
    actions = board_context(Seat(basic), BoardDisplay())["actions"]
    assert [a.value for a in actions] == ["discard", "meld", "lay_off"]
    # Two cards left after the meld: "Discard". One card left: discarding it goes out.
    last = replay_hand(
        "basic",
        ["draw stock", "meld 7H 8H 9H"],
        dealer=1,
        deal=Deal.build(["7H 8H 9H", "KS 7D AH"], discard="5D", stock="QS"),
    )
    labels = [a.label for a in board_context(Seat(last), BoardDisplay())["actions"]]
    assert labels[0] == "Go out"


def test_the_knockers_face_down_discard_is_not_shown_to_the_defender() -> None:
    over = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    defender = board_context(Seat(over, me=1), BoardDisplay())
    assert defender["discard_face_down"] and defender["discard_top"] is None
    assert "KD" not in " ".join(defender["log"])
    knocker = board_context(Seat(over, me=0), BoardDisplay())
    assert not knocker["discard_face_down"] and knocker["discard_top"] == Card.parse("KD")


def test_a_learner_sitting_out_sees_no_hand() -> None:
    hand = new_hand("gin", seed=4)
    context = board_context(Seat(hand, me=None), BoardDisplay())
    assert context["hand_cards"] == [] and context["sitting_out"] and not context["actions"]


def test_the_scoring_walkthrough_shows_the_steps_asked_for() -> None:
    over = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    settlement = over.result.settlement  # type: ignore[union-attr]
    total = len(told_steps(settlement))
    # The knocker's total only repeated the points of the step before it: left out.
    assert total == len(settlement.steps) - 1
    # First the learner may score it themselves: no step is shown, none gives it away.
    first = board_context(Seat(over), BoardDisplay())
    assert first["scoring_pending"] and first["score_yourself"] is not None
    assert first["shown_steps"] == [] and first["more_steps"] and first["next_step"] == 1
    assert not first["walkthrough"]
    step_one = board_context(Seat(over), BoardDisplay(steps=1, walkthrough=True))
    assert len(step_one["shown_steps"]) == 1 and step_one["next_step"] == 2
    assert not step_one["scoring_pending"]
    third = board_context(Seat(over), BoardDisplay(steps=3, walkthrough=True))
    assert len(third["shown_steps"]) == 3 and third["walkthrough"]
    every = board_context(Seat(over), BoardDisplay(steps=None, walkthrough=True))
    assert len(every["shown_steps"]) == total and not every["more_steps"]
    beyond = board_context(Seat(over), BoardDisplay(steps=999, walkthrough=True))
    assert len(beyond["shown_steps"]) == total
    # Someone who only watched the hand has nothing to score: the first step at once.
    watcher = board_context(Seat(over, me=None), BoardDisplay())
    assert len(watcher["shown_steps"]) == 1 and not watcher["scoring_pending"]
    assert first["result"].headline == "You knocked."
    assert board_context(Seat(over, me=1), BoardDisplay())["result"].headline == "Aistė knocked."


def test_ticked_cards_are_kept_only_after_a_refusal_and_melds_are_labelled() -> None:
    gin = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN)
    display = BoardDisplay(arrange=True, selected=(Card.parse("KD"),))
    assert board_context(Seat(gin), display)["selected"] == []
    refused = board_context(Seat(gin), display, error="No.")
    assert refused["selected"] == [Card.parse("KD")] and refused["arrange"]
    labels = [label for label, _meld in refused["arranged_melds"]]
    assert labels == ["Run", "Group", "Group"]


def test_laying_out_by_hand_says_what_to_do_and_to_whom() -> None:
    """Gin laid out by hand: the knocker is told to lay out, the defender to lay off;
    the other player, and a learner sitting out, what is going on (never "your melds"
    to someone who has none)."""
    from game.board import lay_out_help
    from tests.engine.test_play_errors import LAID_OUT, gin_by_hand

    names = ["Aistė", "Ona"]
    laying_out = gin_by_hand()
    assert lay_out_help(laying_out.view(0), names).startswith("Lay out your melds")
    assert lay_out_help(laying_out.view(1), names) == "Aistė is laying out their melds."
    laying_off = gin_by_hand(*LAID_OUT)
    assert lay_out_help(laying_off.view(1), names).startswith("Lay off your deadwood")
    assert lay_out_help(laying_off.view(0), names) == "Ona is laying off cards onto your melds."
    assert lay_out_help(laying_off.view(None), names) == "Ona is laying off cards."
    assert [a.value for a in actions(laying_off.view(1))] == ["lay_off", "done"]
    assert lay_out_help(gin_by_hand(*LAID_OUT, "done").view(1), names) == ""


def test_other_good_moves_leave_out_a_move_the_coach_speaks_against() -> None:
    """The keyboard walk: "Other good moves: take the discard: your deadwood goes from 41
    to 41; Q♣ does not help enough". A move with a reason against it is not listed."""
    from game.board import advice_context
    from game.engine import Advice, CoachReason, DrawDiscard, DrawStock, RankedMove, Why

    stock = RankedMove(DrawStock(), 1.0, 1, (CoachReason(Why.DRAW_STOCK),))
    useless = RankedMove(
        DrawDiscard(),
        2.0,
        2,
        (
            CoachReason(Why.DEADWOOD, {"before": 41, "after": 41}),
            CoachReason(Why.TOP_NOT_USEFUL, {"card": "QC"}),
        ),
    )
    assert not useless.good and stock.good
    context = advice_context(Advice(0, (stock, useless)), ["Nico", "Giulia"])
    assert context is not None and context["others"] == []
    helpful = RankedMove(
        DrawDiscard(), 2.0, 2, (CoachReason(Why.TAKE_FOR_MELD, {"card": "QC", "cards": []}),)
    )
    context = advice_context(Advice(0, (stock, helpful)), ["Nico", "Giulia"])
    assert context is not None and len(context["others"]) == 1


@dataclass(frozen=True)
class Named(Seat):
    """A state whose players are named as given."""

    given: tuple[str, ...] = ()

    @property
    def names(self) -> list[str]:
        return list(self.given)


def test_the_learners_seat_says_it_is_theirs_in_every_language() -> None:
    """The newcomer's walk: a learner given a name by default ("Aleksas", "Саша") met it
    at the table with nothing saying it was them."""
    from django.utils import translation

    hand = new_hand("gin", seed=3)
    for language, you in [("en", "Alex (you)"), ("lt", "Alex (jūs)"), ("ru", "Alex (вы)")]:
        with translation.override(language):
            context = board_context(Named(hand, me=0, given=("Alex", "Ona")), BoardDisplay())
        assert [s.name for s in context["seats"]] == [you, "Ona"]
    with translation.override("it"):
        context = board_context(Named(hand, me=1, given=("Giulia", "Nico")), BoardDisplay())
    assert [s.name for s in context["seats"]] == ["Giulia", "Nico (tu)"]


def test_sentences_tell_the_learner_apart_only_from_a_player_of_the_same_name() -> None:
    from game.board import told_apart

    assert told_apart(["Ona", "ONA"], 1) == ["Ona", "ONA (you)"]
    assert told_apart(["Ona", "Rasa"], 1) == ["Ona", "Rasa"]
    assert told_apart(["Ona", "Ona"], None) == ["Ona", "Ona"]
    # The seat is marked once, not twice, beside a namesake.
    hand = new_hand("gin", seed=3)
    context = board_context(Named(hand, me=1, given=("Ona", "ONA")), BoardDisplay())
    assert [s.name for s in context["seats"]] == ["Ona", "ONA (you)"]


def test_score_it_yourself_shows_a_hand_laid_out_by_hand_as_the_table_did() -> None:
    """The newcomer's walk: after a Gin hand laid out by hand, "score it yourself" showed
    the hands as dealt at the end: the defender's row held the card they had laid off
    (10 cards where their seat said 9), the knocker's melds were gone. It now shows the
    knocker's melds, with the layoff on its meld, and the cards each still holds."""
    from game.board import result_of

    hand = replay_hand(
        "gin",
        [
            "draw stock",  # Aistė draws the A♦
            "knock KD",  # deadwood A♦: 1
            "meld 2C 3C 4C",
            "meld 5H 5D 5S",
            "meld 9S 9H 9D",
            "done",
            "layoff 5C 0",  # Ona lays the 5♣ off onto 2♣ 3♣ 4♣
            "done",
        ],
        dealer=1,
        deal=GIN,
        options={"players_lay_out": True},
    )
    assert hand.is_over
    result = result_of(Seat(hand), ["Aistė", "Ona"])
    assert result is not None and result.laid_out is not None
    knocker, defender = result.laid_out
    assert [[str(c) for c in m] for m in knocker.melds] == [
        ["2C", "3C", "4C", "5C"],
        ["5D", "5H", "5S"],
        ["9D", "9H", "9S"],
    ]
    assert [str(c) for c in knocker.cards] == ["AD"]
    # The card Ona laid off is marked as hers, as at a Basic Rummy table.
    assert [str(c) for c in knocker.laid_off] == ["5C"]
    assert knocker.caption == "Laid off by Ona: 5♣" and defender.caption == ""
    assert "5C" not in {str(c) for c in defender.cards} and len(defender.cards) == 9
    page = board_context(Seat(hand), BoardDisplay())
    assert page["score_yourself"] is not None  # the learner scores it first
    # Laid out by the engine (the option off), the hands stay as they were dealt.
    engine = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    assert engine.is_over and result_of(Seat(engine), ["Aistė", "Ona"]).laid_out is None  # type: ignore[union-attr]


#: The fourth question of the lesson "Scoring a hand" at a table: Aistė draws the K♠
#: and knocks with it; Ona holds the 5♠ that would lay off onto a group of fives.
FIVES = Deal.build(
    ["3C 4C 5C 5D 5H 7S 8S 9S TS JS", "5S KC KD KH 8C 8D 8H 2D 9C QH"], discard="QC", stock="KS"
)


@pytest.mark.parametrize(
    "moves",
    [
        ["draw stock", "knock KS"],
        ["draw stock", "knock KS", "meld 3C 4C 5C", "meld 7S 8S 9S TS JS", "done", "done"],
    ],
    ids=["laid-out-by-the-engine", "laid-out-by-hand"],
)
def test_the_walkthrough_says_why_the_knocker_shows_more_deadwood(moves: list[str]) -> None:
    """The rules audit: a knocker whose least deadwood (5♣ 5♦ 5♥ as a group: 7) would
    score less, since the defender lays the 5♠ off onto it (21 − 7 = 14), shows 5♦ 5♥
    as deadwood and scores 26 − 10 = 16; the walkthrough never said why."""
    options = {"players_lay_out": len(moves) > 2}
    hand = replay_hand("gin", moves, dealer=1, deal=FIVES, options=options)
    assert hand.is_over
    context = board_context(Seat(hand), BoardDisplay(steps=None, walkthrough=True))
    texts = [step.text for step in context["shown_steps"]]
    # Told to the learner, the knocker (the Russian pupil's walk: «Саша (вы) стучит»).
    score = texts.index("Ona has 26 deadwood, more than your 10: you score 26 − 10 = 16.")
    why = context["shown_steps"][score + 1]
    assert why.text == (
        "Laid out as 5♣ 5♦ 5♥ · 7♠ 8♠ 9♠ 10♠ J♠, your deadwood would be only 7, but "
        "Ona would lay off 5♠ and keep 21: you would score only 21 − 7 = 14. So you "
        "show the layout that scores more."
    )
    # The layout it speaks of is drawn beside it, as a shown hand is.
    assert [[str(c) for c in meld] for meld in why.melds] == [
        ["5C", "5D", "5H"],
        ["7S", "8S", "9S", "TS", "JS"],
    ]
    assert [str(c) for c in why.cards] == ["3C", "4C"]
    assert not any(text.startswith("A better layout") for text in texts)


def test_a_knock_that_goes_gin_is_told_as_gin_in_the_log_and_the_headline() -> None:
    """The rules audit: a hand won by gin read "Ona went gin." above and "Ona knocked."
    in the log (and in the screen reader's announcement, the log's last line). The knock
    discard stays face down: the defender's log does not name it."""
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"],
        discard="TC",
        stock="9C",
    )
    over = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=deal)
    assert over.result is not None and over.result.end is HandEnd.GIN
    defender = board_context(Seat(over, me=1), BoardDisplay())
    assert defender["result"].headline == "Aistė went gin."
    assert defender["log"][-1] == "Aistė went gin."
    assert "KD" not in " ".join(defender["log"]) and "K♦" not in " ".join(defender["log"])
    knocker = board_context(Seat(over, me=0), BoardDisplay())
    assert knocker["log"][-1] == "You went gin!" == knocker["result"].headline
    # A knock with deadwood is still a knock; so is one whose hand is not over yet.
    knock = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    assert board_context(Seat(knock, me=1), BoardDisplay())["log"][-1] == "Aistė knocked."


def test_a_knock_rummy_knock_with_no_deadwood_is_told_as_rummy() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"],
        discard="TC",
        stock="9C",
    )
    over = replay_hand("knock", ["draw stock", "knock KD"], dealer=1, deal=deal)
    assert over.result is not None and over.result.end is HandEnd.RUMMY
    other = board_context(Seat(over, me=1), BoardDisplay())
    assert other["log"][-1] == other["result"].headline == "Aistė knocked with rummy."
    own = board_context(Seat(over, me=0), BoardDisplay())
    assert own["log"][-1] == own["result"].headline == "You knocked with rummy!"


BASIC = Deal.build(
    ["2H 3H 4H 5H KS KD 9C JC QD 7D", "AC 3S 6D TC TD 2S 4C 8C 9D JS"], stock="QS 8S"
)


def test_a_card_laid_off_onto_someone_elses_meld_is_shown_as_the_layers() -> None:
    """The Russian newcomer's walk: Оля's 5♥, laid off onto Саша's run, was drawn inside
    his meld as if it were his, where rules.md (Basic Rummy) and lesson 3 say a card laid
    off lies in front of the player who laid it off. It stays in the meld it extends (the
    next layoff goes onto the whole run), marked and said as the layer's, and the layer's
    seat lists it."""
    from game.board import table_melds
    from game.templatetags.cards import meld_choices

    hand = replay_hand(
        "basic",
        ["draw stock", "meld 2H 3H 4H", "discard 5H", "draw discard", "layoff 5H 0"],
        dealer=1,
        deal=BASIC,
    )
    mine = board_context(Seat(hand), BoardDisplay())
    (meld,) = mine["table_melds"]
    # The learner's own meld is named as their seat is (the Russian pupil's walk).
    assert meld["owner"] == "Aistė (you)"
    assert [str(c) for c in meld["cards"]] == ["2H", "3H", "4H", "5H"]
    assert meld["laid"] == ["5H"] and meld["caption"] == "Laid off by Ona: 5♥"
    assert [s.laid_off for s in mine["seats"]] == ["", "Laid off: 5♥ onto your meld"]
    theirs = board_context(Seat(hand, me=1), BoardDisplay())
    assert theirs["table_melds"][0]["caption"] == "Laid off by you: 5♥"
    assert theirs["seats"][1].laid_off == "Laid off: 5♥ onto Aistė's meld"
    # One radio choice for the whole meld, its cards named together, the card laid off
    # marked, and whose it is read with the choice's name.
    html = str(meld_choices(theirs["table_melds"]))
    assert html.count('type="radio"') == 1 and html.count('class="meld__laid"') == 1
    named = "two of hearts, three of hearts, four of hearts, five of hearts"
    assert f'<span class="visually-hidden">{named}</span>' in html
    label = html[html.index("<label") : html.index("</label>")]
    assert "Laid off by you:" in label and "five of hearts" in label
    # A card the owner lays off onto their own meld lies in front of them: not marked.
    own = replay_hand(
        "basic",
        ["draw stock", "meld 2H 3H 4H", "discard KS", "draw stock", "discard JS", "draw stock"],
        dealer=1,
        deal=BASIC,
    ).play(LayOff(Card.parse("5H"), 0))
    assert table_melds(own.view(0).table, ["Aistė", "Ona"], 0)[0]["laid"] == []


@pytest.mark.parametrize(
    ("language", "spoken"),
    [
        ("en", "two of hearts, three of hearts, four of hearts, five of hearts"),
        ("lt", "širdžių dviakė, širdžių triakė, širdžių keturakė, širdžių penkakė"),
        ("ru", "двойка червей, тройка червей, четвёрка червей, пятёрка червей"),
        ("it", "due di cuori, tre di cuori, quattro di cuori, cinque di cuori"),
    ],
    ids=["en", "lt", "ru", "it"],
)
def test_a_meld_to_choose_is_named_once(language: str, spoken: str) -> None:
    """A meld on the table, a radio button to lay a card off on, is named by its label's
    words alone: its cards drawn are hidden from screen readers, which read them after
    the radio button's name as an image of the meld and then as one image a card (as a
    card of the hand form is named once, the accessibility walk)."""
    from django.utils import translation

    from game.templatetags.cards import meld_choices
    from tests.a11y import spoken_labels

    hand = replay_hand(
        "basic",
        ["draw stock", "meld 2H 3H 4H", "discard 5H", "draw discard", "layoff 5H 0"],
        dealer=1,
        deal=BASIC,
    )
    with translation.override(language):
        melds = board_context(Seat(hand, me=1), BoardDisplay())["table_melds"]
        html = str(meld_choices(melds))
    (words,) = spoken_labels(html)
    assert words.startswith(f"Aistė {spoken} ") and "[img" not in words
    assert words.count(spoken.split(", ")[0]) == 1  # no card said twice in the meld
    assert html.count('role="img"') == 4  # still drawn, for the eye


def test_the_advice_said_after_a_swap_is_its_suggestion_and_reasons() -> None:
    """The Gin walk: with htmx, Hint left the focus on its button and #announce said the
    heading only ("The coach suggests: Draw from the stock"), the reasons a screen
    below. What it says (``said``) is the heading, a sentence, and each reason."""
    from game.board import advice_context
    from game.engine import Advice, CoachReason, DrawStock, RankedMove, Why

    stock = RankedMove(DrawStock(), 1.0, 1, (CoachReason(Why.DRAW_STOCK),))
    context = advice_context(Advice(0, (stock,)), ["Nico", "Giulia"])
    assert context is not None and context["steps"]
    assert context["said"] == " ".join([context["heading"] + ".", *context["steps"]])


def test_score_it_yourself_shows_the_knockers_hand_as_the_knock_laid_it_out() -> None:
    """A Gin knocker's hand in "Score it yourself" is arranged as the settlement laid it
    out and scored it, not as the least deadwood: here A♣ 2♣ 3♣ 4♣ would leave 6 of
    deadwood, but the 5♣ the defender holds would be laid off onto that run, so the
    knock shows A♣ 2♣ 3♣ and keeps the 4♣ as deadwood (10), for 48 points. The learner
    counting the hand above the question counted 6, then met the walkthrough's 10."""
    hand = replay_hand(
        "gin",
        ["draw stock", "knock QH"],
        dealer=1,
        deal=Deal.build(
            ["AC 3S 2D 6D 4C 2C 6C 6H AS 3C", "TS 7S KS KC 9C JD 5C JH 7H JC"],
            discard="8S",
            stock="QH",
        ),
    )
    shown = hand.result.settlement.arrangements[0]  # type: ignore[union-attr]
    assert shown is not None and shown.deadwood == 10
    own = board_context(Seat(hand), BoardDisplay())["result"].own
    assert own is not None and own.player == 0
    assert [cards for _label, cards in own.melds] == [tuple(m.cards) for m in shown.melds]
    assert sorted(own.deadwood) == sorted(shown.deadwood_cards)
    # The defender's hand, before laying off, stands as their board drew it.
    defender = board_context(Seat(hand, me=1), BoardDisplay())["result"].own
    assert defender is not None and len(defender.deadwood) + sum(
        len(cards) for _label, cards in defender.melds
    ) == len(hand.result.hands[1])  # type: ignore[union-attr]


def test_score_it_yourself_does_not_split_a_basic_rummy_hand_into_melds_and_deadwood() -> None:
    """In Basic Rummy every card left in a hand counts against it, melded or not
    (7♥ 8♥ 9♥ 2♣: 26 points, not 2): "Score it yourself" shows the learner's hand as it
    was, with no run labelled apart from "Deadwood cards" that would say otherwise."""
    hand = replay_hand(
        "basic",
        ["draw stock", "discard QS", "draw stock", "meld KS KD KC", "discard 4S"],
        dealer=1,
        deal=Deal.build(["7H 8H 9H 2C", "KS KD KC"], discard="5D", stock="QS 4S"),
    )
    assert hand.is_over and hand.result.settlement.transfers[0].points == 26  # type: ignore[union-attr]
    result = board_context(Seat(hand), BoardDisplay())["result"]
    assert result is not None and result.own is None


def test_lay_off_is_drawn_beside_the_melds_on_the_table_and_only_there() -> None:
    """The hand form draws "Lay off" beside the melds on the table (one Tab after them),
    the other buttons in the row under the hand; with no melds on the table (a page
    whose buttons were changed after the context: a guided hand's), all in the row."""
    buttons = [
        Action("discard", "Discard", True),
        Action("meld", "Meld"),
        Action("lay_off", "Lay off"),
    ]
    beside, row = lay_off_apart(buttons, ["a meld"])
    assert [a.value for a in beside] == ["lay_off"]
    assert [a.value for a in row] == ["discard", "meld"]
    assert lay_off_apart(buttons, []) == ([], buttons)
