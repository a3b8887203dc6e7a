"""Give each catalog its real plural forms and a clean header.

``makemessages`` writes a fuzzy four-form header for Lithuanian and leaves
new catalogs' headers fuzzy and half-filled. Run after it (``make messages``
does). The forms are those of GNU gettext and CLDR for whole numbers:

- lt: 1, 21, 31... (not 11) | 2-9, 22-29... (not 12-19) | 0, 10-20, 30...
- ru: 1, 21, 31... (not 11) | 2-4, 22-24... (not 12-14) | everything else
- it: 1 | everything else
"""

from __future__ import annotations

from pathlib import Path

import polib

PLURAL_FORMS = {
    "lt": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "it": "nplurals=2; plural=(n != 1);",
}
TEAMS = {"lt": "Lithuanian", "ru": "Russian", "it": "Italian"}

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def fix(path: Path, code: str) -> None:
    po = polib.pofile(str(path), wrapwidth=79)
    nplurals = int(PLURAL_FORMS[code].split("nplurals=")[1].split(";")[0])
    po.metadata.update(
        {
            "Project-Id-Version": "Rummy School",
            "Language": code,
            "Language-Team": TEAMS[code],
            "Content-Type": "text/plain; charset=UTF-8",
            "Plural-Forms": PLURAL_FORMS[code],
        }
    )
    po.metadata_is_fuzzy = False
    po.header = "Rummy School's catalog. Regenerate with `make messages`."
    for entry in po:
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            entry.msgstr_plural = {i: forms.get(i, "") for i in range(nplurals)}
    po.save(str(path))


def main() -> None:
    for code in PLURAL_FORMS:
        po = LOCALE / code / "LC_MESSAGES" / "django.po"
        if po.exists():
            fix(po, code)


if __name__ == "__main__":
    main()
