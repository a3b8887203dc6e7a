"""Count what the text tests look for, in this tree or in any earlier commit.

    python bench/text_counts.py            # the working tree
    python bench/text_counts.py ba597a3    # the texts as they were at a commit

For each language: cards typed by hand in the sources (lessons, guided hands'
words, the catalogue), how many of them show English rank letters where the
language has its own (lt, ru), and the variants the current term lists
(``docs/terms/<lang>.md``) forbid. Reads both layouts of the guided hands: the
words split per language (``game/guided/content/<lang>/``) and the older single
files with every language in them (``game/scenarios/*.toml``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.dev")
django.setup()

import polib  # noqa: E402

from rummy_site import proofing  # noqa: E402
from rummy_site.languages import codes  # noqa: E402


def _texts(data: object, language: str) -> Iterator[str]:
    """The ``language`` texts of a scenario file of either layout."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _texts(item, language)
    elif isinstance(data, dict):
        if language in data and all(isinstance(v, str) for v in data.values()):
            yield data[language]  # the old layout: {en = "...", lt = "..."}
            return
        for key, value in data.items():
            if key not in ("names", "deal", "expect", "move", "rule", "final", "game"):
                yield from _texts(value, language)


def sources(root: Path, language: str) -> Iterator[str]:
    for path in sorted((root / "lessons" / "content" / language).rglob("*.md")):
        yield proofing._SHORTCODE.sub("", path.read_text(encoding="utf-8"))
    split = root / "game" / "guided" / "content" / language
    if split.is_dir():
        for path in sorted(split.glob("*.toml")):
            yield from _texts(tomllib.loads(path.read_text(encoding="utf-8")), language)
    else:
        for path in sorted((root / "game" / "scenarios").glob("*.toml")):
            yield from _texts(tomllib.loads(path.read_text(encoding="utf-8")), language)
    po = root / "locale" / (codes()[1] if language == "en" else language) / "LC_MESSAGES"
    for entry in polib.pofile(str(po / "django.po")):
        if entry.obsolete:
            continue
        if language == "en":
            yield entry.msgid
        else:
            yield from entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]


def counts(root: Path) -> dict[str, dict[str, int]]:
    result = {}
    for language in codes():
        by_hand = latin = variants = 0
        for text in sources(root, language):
            cards = proofing.hand_written_cards(text)
            by_hand += len(cards)
            latin += len(proofing.latin_cards(" ".join(c for c, _ in cards), language))
            variants += len(proofing.term_variants(text, language))
        result[language] = {"by hand": by_hand, "English letters": latin, "variants": variants}
    return result


def main() -> None:
    revision = sys.argv[1] if len(sys.argv) > 1 else None
    with tempfile.TemporaryDirectory() as tmp:
        root = ROOT
        if revision:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", revision, "lessons", "game", "locale"],
                check=True,
                capture_output=True,
            ).stdout
            with tarfile.open(fileobj=BytesIO(archive)) as tar:
                tar.extractall(tmp, filter="data")
            root = Path(tmp)
        print(f"texts at {revision or 'the working tree'}")
        print(f"{'language':<10}{'cards by hand':>15}{'English letters':>17}{'term variants':>15}")
        for language, found in counts(root).items():
            print(
                f"{language:<10}{found['by hand']:>15}{found['English letters']:>17}"
                f"{found['variants']:>15}"
            )


if __name__ == "__main__":
    main()
