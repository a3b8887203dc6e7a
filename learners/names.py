"""Display names as people type them, cleaned of what nobody can see.

A name is shown to other people (a table's players, later a teacher and a class),
so it may hold letters, marks, digits, punctuation, symbols and single spaces, and
nothing that changes how the text around it is drawn: no control characters, no
invisible or bidirectional formatting characters (``U+200B``, ``U+202E``...), no
private-use or unassigned code points. The name is normalised (NFC) so that the
same name typed on two keyboards is the same string.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping

from django.conf import settings
from django.utils import translation

#: Unicode general categories a name may not contain: controls, formatting
#: characters (zero-width and bidirectional controls), surrogates, private use,
#: unassigned code points, and line or paragraph separators.
REMOVED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Characters of other categories that draw nothing: the Braille blank and the Hangul
#: fillers (letters that show as an empty name on a teacher's grid), and Khmer's
#: inherent vowels.
BLANK_CHARACTERS = frozenset("\u2800\u115f\u1160\u3164\uffa0\u17b4\u17b5")


def clean_display_name(raw: str, max_length: int) -> str:
    """``raw`` without invisible characters, its spaces collapsed, at most ``max_length``.

    >>> clean_display_name("  Ona\\u200b \\u202eMarta\\t", 24)
    'Ona Marta'
    >>> clean_display_name("Jo\\u0308nas", 24)  # o + combining diaeresis
    'Jönas'
    >>> clean_display_name("\\u2800\\u3164", 24)  # Braille blank, Hangul filler
    ''
    """
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace()
        or (unicodedata.category(ch) not in REMOVED_CATEGORIES and ch not in BLANK_CHARACTERS)
    )
    return _without_marks(" ".join(kept.split()))[:max_length].rstrip()


#: A parenthesised word at the end of a name (ASCII or full-width brackets).
_LAST_BRACKETS = re.compile(r"\s*[(\uff08]([^()\uff08\uff09]*)[)\uff09]\s*$")


#: The site's marks after a name: the learner's own, "(you)", and a computer player's in
#: a list of players, "(computer)" (msgctxt, msgid).
_MARKED = (
    ("the learner's own name at a table", "%(name)s (you)"),
    ("a computer player's name in a list of players", "%(name)s (computer)"),
)


@functools.cache
def _marks() -> frozenset[str]:
    """The words the site marks a name with, "(you)" and "(computer)", in every
    language (as :func:`name_key` reads them)."""
    words = set()
    for code, _name in settings.LANGUAGES:
        for context, mark in _MARKED:
            with translation.override(code):
                marked = translation.pgettext(context, mark)
            found = _LAST_BRACKETS.search(marked % {"name": ""})
            if found:
                words.add(name_key(found.group(1)))
    return frozenset(words)


def _without_marks(name: str) -> str:
    """``name`` without the site's own "(you)" or "(computer)" at its end, in any
    language and however it is written (a player called "Ona (you)" made another
    player's seat read as theirs: the tamper probe; a pupil called "Ona (computer)"
    would read as a computer player on the teacher's list of tables).

    >>> _without_marks("Ona (you)"), _without_marks("Ona (jūs)"), _without_marks("Ona(ВЫ)")
    ('Ona', 'Ona', 'Ona')
    >>> _without_marks("Ona (Computer)")
    'Ona'
    >>> _without_marks("Ona (Anna)")
    'Ona (Anna)'
    """
    while (found := _LAST_BRACKETS.search(name)) and name_key(found.group(1)) in _marks():
        name = name[: found.start()]
    return name


#: Cyrillic and Greek letters (as casefolded) that look like a Latin one, in either
#: case (Cyrillic "н" for its capital "Н", which reads as "H"): two names that differ
#: only by such letters read as one name on a teacher's grid or at a table.
_LOOKALIKES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
        "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
        "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x",
    }
)  # fmt: skip


def name_key(name: str) -> str:
    """What two names must not share to be told apart by people: the name without its
    case, its width (full-width letters) or its look-alike letters, spaces collapsed.

    >>> name_key("Ona") == name_key("ＯＮＡ") == name_key("Оna")  # full-width; Cyrillic О
    True
    >>> name_key("Нина") == name_key("нина") != name_key("Нона")
    True
    >>> name_key("Aistė") == name_key("Aiste")  # a letter of its own, not a look-alike
    False
    """
    text = unicodedata.normalize("NFKC", " ".join(str(name).split())).casefold()
    return unicodedata.normalize("NFC", text).translate(_LOOKALIKES)


#: A run of digits in a name, read as a number when names are put in order.
_DIGITS = re.compile(r"(\d+)")
#: Letters sorted as letters of their own, after the plain one, rather than as the plain
#: one accented: Cyrillic "й" (after "и" in every language that writes it), and
#: Lithuanian's "č", "š", "ž" on a Lithuanian page ("Cz" before "Ča"; elsewhere "č"
#: sorts with "c", as "è" with "e"; "ą", "ė", "ū"... sort with their plain letter in
#: Lithuanian too).
_OWN_LETTERS = {"": "й", "lt": "йčšž"}
#: After every letter: "č" is "c" and this.
_AFTER_ALL = "\U0010ffff"


def _letters_key(text: str, own: str) -> str:
    return "".join(
        unicodedata.normalize("NFD", ch)[0] + _AFTER_ALL
        if ch in own
        else "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        for ch in text
    )


def order_key(name: str, language: str | None = None) -> tuple[tuple[str | int, ...], str, str]:
    """A name's place in a list, as people read it (for the page's ``language``, else the
    active one): numbers by their value, letters whatever their case or accents, accents
    and then case telling apart only names that are otherwise the same.

    >>> sorted(["P11", "p2", "P1", "P21", "P5"], key=order_key)
    ['P1', 'p2', 'P5', 'P11', 'P21']
    >>> sorted(["Ėglės", "Čiurlionio", "Ąžuolo", "Zuikių"], key=lambda n: order_key(n, "lt"))
    ['Ąžuolo', 'Čiurlionio', 'Ėglės', 'Zuikių']
    >>> sorted(["5Б", "5а", "10А", "5Й"], key=order_key)
    ['5а', '5Б', '5Й', '10А']
    """
    language = (language or translation.get_language() or "").split("-")[0]
    own = _OWN_LETTERS.get(language, _OWN_LETTERS[""])
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFKC", name).casefold())
    # Text and numbers alternate (text first, perhaps empty): like with like at each place.
    runs = _DIGITS.split(folded)
    primary = tuple(int(run) if i % 2 else _letters_key(run, own) for i, run in enumerate(runs))
    return primary, folded, name


#: A sentence's full stop straight after a name's own (a letter, then "..", never "...").
_DOUBLE_STOP = re.compile(r"(?<=[^\W\d_]\.)\.(?!\.)")


def one_stop(text: str) -> str:
    """``text`` with one full stop where a name that ends in its own ("Ona K.", as the
    join page suggests) ends a sentence: "Dabar eina Ona K..", "You are Ona K.. Your
    return code" (the teacher's walk). Safe text stays safe (the stop is all it takes).

    >>> one_stop("The cards are dealt. Ona K.. plays first."), one_stop("Wait...")
    ('The cards are dealt. Ona K. plays first.', 'Wait...')
    """
    if ".." not in text:
        return text
    kept = _DOUBLE_STOP.sub("", text)
    # Markup and SafeString stay what they are: a stop taken out cannot make them unsafe.
    return type(text)(kept) if hasattr(text, "__html__") else kept


#: Italian's «a», «e» and «o» (capitalised too) just before a placeholder:
#: ``a %(payee)s``, ``%(first)s e %(last)s``, ``%(first)s o %(last)s``.
_VOWEL_BEFORE_PLACEHOLDER = re.compile(r"\b([AaEeOo]) (?=%\((\w+)\)s)")


def euphonic_d(template: str, values: Mapping[str, object]) -> str:
    """``template`` (a translated sentence, before its ``%(name)s`` are filled from
    ``values``) with Italian's d eufonica before a value that starts with the same
    vowel: the «a» turned «ad» before an a («paga ad Anna», «paga a Bruno»), the «e»
    ("and") turned «ed» before an e («Marta ed Elena», «tu ed Elena»; «Marta e Anna»,
    not before another vowel), the «o» ("or") turned «od» before an o («Marta od
    Ottavia», «Ottavia o Marta»): the one rule school grammars and the Accademia della
    Crusca give, the d only where the same vowel meets (docs/terms/it.md). Other
    languages' unchanged.

    >>> with translation.override("it"):
    ...     euphonic_d("%(name)s paga a %(payee)s.", {"name": "Bruno", "payee": "Anna"})
    ...     euphonic_d("%(first)s e %(last)s", {"first": "Marta", "last": "Elena"})
    ...     euphonic_d("%(first)s o %(last)s", {"first": "Marta", "last": "Ottavia"})
    '%(name)s paga ad %(payee)s.'
    '%(first)s ed %(last)s'
    '%(first)s od %(last)s'
    """
    if translation.get_language() != "it":
        return template
    lowered = template.lower()
    if "a %(" not in lowered and "e %(" not in lowered and "o %(" not in lowered:
        return template

    def agree(match: re.Match[str]) -> str:
        first = unicodedata.normalize("NFD", str(values.get(match.group(2), ""))[:1])
        vowel = match.group(1)
        return vowel + "d " if first[:1].lower() == vowel.lower() else match.group(0)

    return _VOWEL_BEFORE_PLACEHOLDER.sub(agree, template)


__all__ = [
    "BLANK_CHARACTERS",
    "REMOVED_CATEGORIES",
    "clean_display_name",
    "euphonic_d",
    "name_key",
    "one_stop",
    "order_key",
]
