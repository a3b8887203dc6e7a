"""Guided hands as data: the scenario format, the validator, and every hand played right."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from game.engine import Game, Move
from game.guided import scenarios as guided
from rummy_site.languages import codes as site_languages

LIBRARY = guided.library()
SLUGS = [s.slug for s in LIBRARY]
EXAMPLE = guided.SCENARIO_DIR / "gin-01-first-knock.toml"


# ------------------------------------------------------------------ the library
def test_check_scenarios_accepts_the_whole_library(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("check_scenarios")
    assert f"{len(LIBRARY)} guided hand(s) checked: all fine" in capsys.readouterr().out


def test_the_library_covers_each_game() -> None:
    for game in Game:
        assert any(s.game == game for s in LIBRARY), f"no guided hand for {game}"


def broken(tmp_path: Path, old: str, new: str, file: str = "") -> Path:
    """A copy of the example hand and its words as ``broken``, with ``old`` replaced
    by ``new`` in the hand (``file=""``) or in one language's words (``file="it"``)."""
    path = tmp_path / "broken.toml"
    path.write_bytes(EXAMPLE.read_bytes())
    for code in site_languages():
        (tmp_path / code).mkdir()
        words = EXAMPLE.parent / code / EXAMPLE.name
        (tmp_path / code / "broken.toml").write_bytes(words.read_bytes())
    target = tmp_path / file / "broken.toml" if file else path
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {target}"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "",
            'expect = "knock KC"',
            'expect = "knock QS"',
            "broken.toml, step 2: expected move knock QS is illegal",
        ),
        ("", 'discard = "9D"', 'discard = "9S"', "the deal is not a valid deck"),
        ("it", 'title = "La tua prima bussata"', "", "it/broken.toml: title is missing"),
        ("", 'expect = "draw discard"', 'expect = "fly away"', "broken.toml, step 1: not a move"),
        ("", 'game = "gin"', 'game = "poker"', "game must be one of"),
        (
            "",
            "received = [25, 0]",
            "received = [20, 0]",
            "final received ['25', '0'], not ['20', '0']",
        ),
        ("", 'expect = "knock KC"', 'rule = "fly"', "unknown rule 'fly'"),
        (
            "",
            'expect = "knock KC"',
            'rule = "lay_off"',
            "step 2: no legal move fits the rule 'lay_off'",
        ),
        ("ru", 'names = ["", "Оля"]', 'names = ["", "Оля", "Боря"]', "must name all 2 seats"),
        ("lt", "{", "{XX ", "lt/broken.toml, step 1: hint 2: not a card"),
        ("en", "[[steps]]", "[[stepz]]", "step counts differ"),
    ],
)
def test_check_scenarios_rejects_a_broken_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    old: str,
    new: str,
    message: str,
) -> None:
    path = broken(tmp_path, old, new, file)
    with pytest.raises(CommandError):
        call_command("check_scenarios", str(path))
    assert message in capsys.readouterr().err


def test_check_scenarios_rejects_a_hand_without_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = broken(tmp_path, "", "")
    (tmp_path / "lt" / "broken.toml").unlink()
    with pytest.raises(CommandError):
        call_command("check_scenarios", str(path))
    assert "missing file lt/broken.toml" in capsys.readouterr().err


def test_the_number_of_hints_is_the_same_in_every_language(tmp_path: Path) -> None:
    path = broken(tmp_path, "hints = [\n", 'hints = [\n  "Vienas daugiau.",\n', "lt")
    with pytest.raises(guided.ScenarioError, match="hints differ between languages"):
        guided.load(path)


def test_check_scenarios_rejects_an_impossible_computer_move(tmp_path: Path) -> None:
    path = broken(tmp_path, "dealer = 1", "dealer = 0")  # Ona plays first, with no script
    problems = guided.validate_paths([path])
    assert problems and "computer script runs out" in str(problems[0])


@pytest.mark.parametrize("slug", SLUGS)
def test_every_scenario_played_right_ends_as_its_final_says(slug: str) -> None:
    scenario = guided.get(slug)
    assert scenario is not None
    line = guided.right_line(scenario)
    assert len(line) == len(scenario.steps)
    progress = guided.replay(scenario, line)
    assert progress.hand.is_over
    settlement = progress.hand.result.settlement  # type: ignore[union-attr]
    final = scenario.final
    assert final, f"{slug} has no [final]"
    assert settlement.kind.value == final["kind"]
    assert [settlement.received[p] for p in range(scenario.players)] == [
        Fraction(str(x)) for x in final["received"]
    ]
    for lang in site_languages():
        for step in scenario.steps:
            assert step.prompt[lang] and step.right[lang] and all(h[lang] for h in step.hints)


def test_wrong_moves_are_not_right_moves() -> None:
    for scenario in LIBRARY:
        for step in scenario.steps:
            for wrong in step.wrong:
                assert wrong.move not in step.expect


def test_a_meld_is_the_same_move_in_any_card_order() -> None:
    scenario = guided.get("basic-01-groups-and-runs")
    assert scenario is not None
    step = scenario.steps[1]
    progress = guided.replay(scenario, guided.right_line(scenario)[:1])
    assert step.accepts(progress.hand, Move.parse("meld 7D 7H 7S"))
    assert step.accepts(progress.hand, Move.parse("meld 7S 7D 7H"))


def test_a_wrong_move_is_never_right_even_when_it_fits_the_rule() -> None:
    scenario = guided.get("basic-01-groups-and-runs")
    assert scenario is not None
    step = scenario.steps[2]
    assert step.rule == "meld" and step.wrong
    progress = guided.replay(scenario, guided.right_line(scenario)[:2])
    assert not step.accepts(progress.hand, step.wrong[0].move)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_hands_title_and_summary_name_no_card_the_learner_cannot_see(slug: str) -> None:
    """The tamper probe: gin-05's summary (on the index and in the page's description)
    named the run still in Ona's hand, "onto her 2♣ 3♣ 4♣", before she laid it out. The
    cards a title or summary names are the learner's own, or face up at the start."""
    from game.cards import MARKUP, parse_markup
    from game.engine import Card

    scenario = guided.get(slug)
    assert scenario is not None
    view = scenario.new_hand().view(0)
    seen = {*view.cards, *view.discard_pile, *(c for m in view.table for c in m.cards)}
    for text in (scenario.title, scenario.summary):
        for language, words in text.items():
            for found in MARKUP.finditer(words):
                named = [c for c in parse_markup(found.group(1)) if isinstance(c, Card)]
                hidden = [str(c) for c in named if c not in seen]
                assert not hidden, (language, hidden)
