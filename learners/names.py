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


@functools.cache
def _marks() -> frozenset[str]:
    """The words the site marks a learner's own name with, "(you)", in every language
    (as :func:`name_key` reads them)."""
    words = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            marked = translation.pgettext("the learner's own name at a table", "%(name)s (you)")
        found = _LAST_BRACKETS.search(marked % {"name": ""})
        if found:
            words.add(name_key(found.group(1)))
    return frozenset(words)


def _without_marks(name: str) -> str:
    """``name`` without the site's own "(you)" at its end, in any language and however
    it is written (a player called "Ona (you)" made another player's seat read as
    theirs: the tamper probe).

    >>> _without_marks("Ona (you)"), _without_marks("Ona (jūs)"), _without_marks("Ona(ВЫ)")
    ('Ona', 'Ona', 'Ona')
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


__all__ = ["BLANK_CHARACTERS", "REMOVED_CATEGORIES", "clean_display_name", "name_key"]
