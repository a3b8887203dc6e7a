"""Guided hands as data: the scenario format, the validator, and every hand played right."""

from __future__ import annotations

import re
import tomllib
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
        (
            "it",
            'class_prompt = "Cominciate voi.',
            'klass_prompt = "Cominciate voi.',
            "it/broken.toml, step 1: class_prompt is missing",
        ),
        (
            "it",
            'class_right = "Avete bussato',
            'klass_right = "Avete bussato',
            "it/broken.toml, step 2: class_right is missing",
        ),
        (
            "it",
            'class_title = "La vostra prima bussata"',
            "",
            "it/broken.toml: class_title is missing",
        ),
        ("it", 'class_right = "Avete bussato', 'class_right = "{XX} Avete', "class_right: "),
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


def test_a_language_whose_words_fit_a_class_may_leave_the_class_words_out(
    tmp_path: Path,
) -> None:
    """English, Lithuanian and Russian say "you", «jūs», «вы» to one learner and to a
    class alike: without class words of their own the projector says the learner's.
    One given is the class's; Italian gives them all (:data:`CLASS_LANGUAGES`)."""
    assert "lt" not in guided.CLASS_LANGUAGES and "it" in guided.CLASS_LANGUAGES
    path = broken(
        tmp_path, "[[steps]]\nprompt", '[[steps]]\nclass_prompt = "Jūs pradedate."\nprompt', "lt"
    )
    scenario = guided.load(path)
    first, second = scenario.steps
    assert first.class_prompt["lt"] == "Jūs pradedate." != first.prompt["lt"]
    assert second.class_prompt["lt"] == second.prompt["lt"]
    assert first.class_right["ru"] == first.right["ru"]
    assert scenario.class_title["en"] == scenario.title["en"]
    assert scenario.class_title["it"] == "La vostra prima bussata" != scenario.title["it"]
    assert first.class_prompt["it"].startswith("Cominciate voi.")


#: Words an Italian coach says to one learner and never of anyone else («tu», «hai»,
#: «puoi», «prendi»...): never in the words said to a class. (A form that is a third
#: person too, «scarta», «pesca», or a noun, «gli scarti», is left out.)
TU_WORDS = re.compile(
    r"\b(?:tu|te|ti|tuo|tua|tuoi|tue|hai|puoi|devi|vuoi|cominci|peschi|bussi|segni|"
    r"incassi|prendi|finisci|tieni|ricordati|calala|scartala)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_italian_class_words_say_voi_not_tu(slug: str) -> None:
    """Every text the projector shows has its Italian class version, in «voi»: none
    says a learner's «tu» («Cominci tu», «Hai pescato», «Ti serve?»)."""
    scenario = guided.get(slug)
    assert scenario is not None
    texts = [scenario.class_title["it"]]
    for step in scenario.steps:
        texts += [step.class_prompt["it"], step.class_right["it"]]
    for text in texts:
        found = TU_WORDS.findall(re.sub(r"\{[^}]*\}", "", text))
        assert not found, (slug, found, text)
    # The learner's own words say «tu» (the check finds them): the class's are their own.
    learner = " ".join(step.prompt["it"] + " " + step.right["it"] for step in scenario.steps)
    assert TU_WORDS.search(learner), slug


def test_check_scenarios_rejects_a_hand_without_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = broken(tmp_path, "", "")
    (tmp_path / "lt" / "broken.toml").unlink()
    with pytest.raises(CommandError):
        call_command("check_scenarios", str(path))
    assert "missing file lt/broken.toml" in capsys.readouterr().err


def test_check_scenarios_finds_a_bare_file_name_among_the_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("check_scenarios", EXAMPLE.name)
    assert "1 guided hand(s) checked: all fine" in capsys.readouterr().out


def test_check_scenarios_names_a_player_without_a_stand_in(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The developer's walk: a new Russian name without its row in stand-ins.toml passed
    check_scenarios and failed only the whole suite."""
    real = {language: guided.stand_ins(language) for language in site_languages()}
    monkeypatch.setattr(
        guided,
        "stand_ins",
        lambda language: {
            name: forms
            for name, forms in real[language].items()
            if (language, name) != ("ru", "Оля")
        },
    )
    with pytest.raises(CommandError):
        call_command("check_scenarios", str(EXAMPLE))
    err = capsys.readouterr().err
    assert "ru/gin-01-first-knock.toml: the player's name 'Оля' has no row" in err


def test_check_scenarios_names_hands_whose_order_is_not_the_paths(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The developer's walk: a hand whose ``order`` put it elsewhere than its place on the
    path passed check_scenarios; the suite's test said so only with a diff of addresses."""
    gin = [s for s in LIBRARY if s.game is Game.GIN]
    swapped = [gin[1], gin[0], *gin[2:]]
    others = [s for s in LIBRARY if s.game is not Game.GIN]
    monkeypatch.setattr(guided, "library", lambda: (*others, *swapped))
    with pytest.raises(CommandError):
        call_command("check_scenarios", str(EXAMPLE))
    err = capsys.readouterr().err
    assert "gin guided hands: their order differs from the path's" in err
    assert f"{gin[0].slug} (order = {gin[0].order})" in err


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


def _common_start(words: list[str]) -> str:
    """What every one of ``words`` begins with ("On" of "Ona", "Onos", "Oną")."""
    first = min(words, key=len)
    end = next((i for i in range(len(first)) if any(w[i] != first[i] for w in words)), len(first))
    return first[:end]


def _words_of(language: str) -> list[str]:
    """Every text of every hand's words in ``language`` (not its list of names)."""
    texts: list[str] = []

    def walk(value: object, key: str = "") -> None:
        if isinstance(value, str) and key != "names":
            texts.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, dict):
            for k, item in value.items():
                walk(item, k)

    for scenario in guided.library():
        path = guided.SCENARIO_DIR / language / f"{scenario.slug}.toml"
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return texts


@pytest.mark.parametrize("language", site_languages())
def test_every_players_name_has_a_stand_in_in_every_form_the_words_write(language: str) -> None:
    """A learner called as a hand's player meets that player under another name (the
    teacher's walk: Giulia against "Giulia"): every player's name of ``language`` has a
    stand-in, none of them a name of the hands, and every form the words write a name in
    (Lithuanian «Onos», Russian «Оли») has the same form of the stand-in."""
    stand_ins = guided.stand_ins(language)
    names = {n for s in guided.library() for n in s.names[language][1:]}
    assert names <= set(stand_ins), names - set(stand_ins)
    used = [form for forms in stand_ins.values() for form in forms.values()]
    assert len(set(used)) == len(used)
    assert not {form for form in used} & names
    words = _words_of(language)
    for name, forms in stand_ins.items():
        assert forms.get(name), (language, name)  # the name itself
        stem = _common_start(list(forms))
        written = {w for text in words for w in re.findall(rf"\b{re.escape(stem)}\w*", text)}
        assert written <= set(forms), (language, name, written - set(forms))


@pytest.mark.parametrize("language", site_languages())
def test_every_player_has_a_second_stand_in_for_a_class_with_the_first(language: str) -> None:
    """A live exercise avoids every pupil's name of the class: where the first stand-in
    is a pupil's name too, the second is taken, in the same forms as the first, none of
    them a name of the hands or another's stand-in."""
    choices = guided.stand_in_choices(language)
    names = {n for s in guided.library() for n in s.names[language][1:]}
    used = []
    for name, rows in choices.items():
        assert len(rows) == 2, (language, name)
        assert set(rows[0]) == set(rows[1]) and rows[0][name] != rows[1][name]
        used += [form for row in rows for form in row.values()]
    assert len(set(used)) == len(used) and not set(used) & names


def test_no_italian_stand_in_needs_a_d_eufonica_the_words_do_not_write() -> None:
    """A stand-in takes its player's place word for word, the «e», «o», «a» before it
    unchanged: knock-04's «Paolo (9) le paga 4 e Marta (14) le paga 9» read «… e Elena
    (14) …» for a class with a Marta, where an Italian teacher writes «ed Elena»
    (docs/terms/it.md, :func:`learners.names.euphonic_d`). No stand-in of a name the
    words write after an «e», «o» or «a» starts with that vowel, and none after an
    «ed», «od», «ad» starts with another."""
    rows = guided.stand_in_choices("it")
    forms = {
        form: [row[form] for row in choices] for choices in rows.values() for form in choices[0]
    }
    before = re.compile(rf"\b([eoa]d?) ({'|'.join(map(re.escape, forms))})\b", re.IGNORECASE)
    for text in _words_of("it"):
        for word, name in before.findall(text):
            vowel = word[0].lower()
            for stand_in in forms[name]:
                assert (stand_in[0].lower() == vowel) == word.lower().endswith("d"), (
                    f"«{word} {name}» becomes «{word} {stand_in}»: {text}"
                )


def test_a_class_with_the_namesake_and_the_stand_in_meets_the_second_stand_in() -> None:
    scenario = guided.get("gin-05-layoffs-chain")
    assert scenario is not None
    words = guided.words_for(scenario, "", "it", also=["Giulia", "Chiara"])
    assert words.say("Quando bussa Giulia") == "Quando bussa Sara"
    lt = guided.words_for(scenario, "", "lt", also=["Ona", "Rūta"])
    assert lt.say("Ona, Onos, Onai, Oną") == "Greta, Gretos, Gretai, Gretą"
    assert guided.words_for(scenario, "", "it", also=["Paolo"]).say("Giulia") == "Giulia"


def test_a_learners_namesake_is_called_by_the_stand_in_in_every_form() -> None:
    scenario = guided.get("gin-05-layoffs-chain")
    assert scenario is not None
    words = guided.words_for(scenario, "giùlia", "it")  # case and accents aside
    assert words.say("Quando bussa Giulia. Giulia'") == "Quando bussa Chiara. Chiara'"
    ru = guided.words_for(scenario, "ОЛЯ", "ru")
    assert ru.say("Оля берёт, у Оли {3C}, Олю, Олей; Олег") == (
        "Катя берёт, у Кати {3C}, Катю, Катей; Олег"
    )
    assert guided.words_for(scenario, "Paola", "it").say("Giulia") == "Giulia"


@pytest.mark.parametrize("language", site_languages())
def test_no_right_text_repeats_the_lead_the_page_prints(language: str) -> None:
    """The page prints "Right!" before a step's right text: the Russian walk read
    «Верно! Верно! 9♠ 9♥ 9♦ — группа» (and every language "Right! Right." in gin-03). The
    lead's word is the catalogue's own, in each language."""
    from django.utils import translation

    with translation.override(language):
        lead = translation.gettext("Right!")
    said = re.findall(r"\w+", lead.casefold())
    assert said, lead
    for scenario in guided.library():
        for step in scenario.steps:
            text = step.right.get(language, "")
            start = re.findall(r"\w+", text.casefold())[: len(said)]
            assert start != said, (scenario.slug, step.number, text)


@pytest.mark.parametrize("language", site_languages())
def test_no_prompt_opens_by_saying_again_what_the_step_before_just_said(language: str) -> None:
    """The coach prints a step's right text, then the next step's prompt under it: the
    Russian pupil's walk read «Вы постучали: сумма лишних карт — 2 очка. … Вы постучали.
    Теперь выложите …» in gin-02 (every language alike). A prompt's first sentence is
    not the opening of a sentence the right text before it has just said."""

    def sentences(text: str) -> list[list[str]]:
        return [re.findall(r"\w+", part.casefold()) for part in re.split(r"[.!?:;]", text)]

    for scenario in guided.library():
        for before, step in zip(scenario.steps, scenario.steps[1:], strict=False):
            said = [words for words in sentences(before.right.get(language, "")) if words]
            first = next((w for w in sentences(step.prompt.get(language, "")) if w), [])
            repeats = [words for words in said if words[: len(first)] == first]
            assert not repeats, (scenario.slug, step.number, first)


def _words(text: str) -> list[str]:
    """A text's words, each card code ({3D}) one word, in lower case."""
    return re.findall(r"\{[^}]*\}|\w+", text.casefold())


def _sentences(text: str) -> list[str]:
    return [part for part in re.split(r"(?<=[.!?])\s+", text.strip()) if _words(part)]


def says_again(answer: str, prompt: str) -> bool:
    """Whether ``prompt`` opens by telling again what ``answer``, just above it, ended
    with: its first sentence, a statement of five words or more, has half of them or
    more in the answer's last sentence (a question, or a short "Now finish the hand.",
    goes on from it)."""
    said, opening = _sentences(answer), _sentences(prompt)
    if not said or not opening or opening[0].endswith("?"):
        return False
    first, last = _words(opening[0]), set(_words(said[-1]))
    return len(first) >= 5 and 2 * sum(word in last for word in first) >= len(first)


def test_says_again_catches_the_walks_repeats_and_lets_a_next_step_be() -> None:
    """The walks' two repeats, in the words they had: basic-04's last card and
    knock-02's loose cards; and what follows an answer without repeating it."""
    assert says_again("One card left: the {JD}.", "Your last card is the {JD}. You can lay it off.")
    assert says_again(
        "Three eights! Now {4S} {5S} {6S} and {8H} {8C} {8D} are melds, and only {3D} and "
        "{9D} are loose.",
        "Your loose cards are {3D} and {9D}. After your discard only one of them will be left.",
    )
    assert not says_again("One card left: the {JD}.", "Lay it off onto Ona's meld or discard it.")
    assert not says_again("Only the {3C} is left in your hand.", "Now finish the hand.")
    assert not says_again("You drew the {JD}.", "Where does the {JD} go?")


@pytest.mark.parametrize("language", site_languages())
def test_no_prompt_tells_again_in_other_words_what_the_answer_before_it_said(
    language: str,
) -> None:
    """The Russian pupil's walk: "One card left: the J♦." then "Your last card is the
    J♦." (basic-04), "... only 3♦ and 9♦ are loose." then "Your loose cards are 3♦ and
    9♦." (knock-02). A prompt goes on from the answer above it (:func:`says_again`)."""
    for scenario in LIBRARY:
        for before, step in zip(scenario.steps, scenario.steps[1:], strict=False):
            prompt = step.prompt.get(language, "")
            assert not says_again(before.right.get(language, ""), prompt), (
                scenario.slug,
                step.number,
                prompt,
            )


@pytest.mark.parametrize("language", site_languages())
def test_a_lay_out_steps_prompt_does_not_repeat_the_help_beside_it(language: str) -> None:
    """The walk: at gin-02's lay-out step the help box said "Lay out your melds: choose
    the cards of one meld and press Lay out..." and the coach's prompt above it said it
    again. The help box says how (the cards to choose, the buttons), the prompt what
    and why: no five words in a row in both (a term may take four: it «le tue carte
    spaiate», "your deadwood"), at every step where the box shows."""
    from django.utils import translation

    from game.board import lay_out_help

    def runs(text: str) -> set[tuple[str, ...]]:
        words = _words(text)
        return {tuple(words[i : i + 5]) for i in range(len(words) - 4)}

    shown = 0
    with translation.override(language):
        for scenario in LIBRARY:
            line = guided.right_line(scenario)
            for index, step in enumerate(scenario.steps[: len(line)]):
                view = guided.replay(scenario, line[:index]).hand.view(guided.LEARNER)
                help_text = lay_out_help(view, scenario.names[language])
                if not help_text:
                    continue
                shown += 1
                common = runs(help_text) & runs(step.prompt[language])
                assert not common, (scenario.slug, step.number, common)
    assert shown >= 5  # gin-02 lays out by hand, gin-05 lays off


def test_a_wrong_moves_words_give_its_cost_in_every_language_or_in_none() -> None:
    """The coach adds "Your deadwood would be 10 instead of 1." to a wrong discard's or
    knock's words unless they already give both numbers in figures
    (:func:`presenters.says_cost`): so each language either gives them or leaves them to
    the coach (Russian gin-01 wrote «вместо одного» and got the line twice over)."""
    from game.engine import deadwood_after
    from game.guided.presenters import says_cost

    checked = 0
    for scenario in LIBRARY:
        line = guided.right_line(scenario)
        for index, step in enumerate(scenario.steps[: len(line)]):
            hand = guided.replay(scenario, line[:index]).hand
            view = hand.view(guided.LEARNER)
            best = deadwood_after(view, line[index])
            for wrong in step.wrong:
                if not hand.is_legal(wrong.move, guided.LEARNER):
                    continue
                mine = deadwood_after(view, wrong.move)
                if mine is None or best is None or mine == best:
                    continue
                said = {lang: says_cost(text, (mine, best)) for lang, text in wrong.say.items()}
                assert len(set(said.values())) == 1, (scenario.slug, step.number, said)
                checked += said["en"]
    assert checked >= 5


@pytest.mark.parametrize("language", site_languages())
def test_knock_05_says_once_which_card_to_throw(language: str) -> None:
    """The walk: knock-05's answer after the draw ended "Now the 9♥ can go.", and the
    prompt under it opened "Throw the 9♥ and your deadwood is..." (its hints and its
    "other" name it again, as a hint ladder does). The answer says the draw only; the
    prompt says which card goes, in every language (ru named it in words: «девятки
    червей»)."""
    scenario = next(s for s in LIBRARY if s.slug == "knock-05-shared-tie")
    drawn, throw = scenario.steps[2], scenario.steps[3]
    assert "{9H}" in throw.prompt[language]
    answer = drawn.right[language].casefold()
    assert "{9h}" not in answer and "девятк" not in answer, answer
