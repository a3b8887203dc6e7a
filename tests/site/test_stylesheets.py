"""The stylesheets keep working on an old school computer's browser.

A browser that does not know a unit or a function drops a declaration that uses it and
keeps the one before (``width: 4rem; width: 14cqi``: 4rem). Not so for a custom
property: its value is kept as written, unchecked, and only where it is used
(``width: var(--w)``) does the browser find it cannot read it, and that declaration is
then as if unset: a card with ``--w: min(4.6vw, 14cqi)`` has no width at all on a
browser from before container units (Chrome 105, Firefox 110, Safari 16). So a custom
property whose value needs such a unit or function is set only under an ``@supports``
that asks for it, and the older browser keeps the earlier value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import tinycss2
from tinycss2.ast import AtRule, Declaration, Node, QualifiedRule

STATIC = Path(__file__).resolve().parents[2] / "static" / "css"

#: What an old browser does not read, and what ``@supports`` asks for it.
NEWER = {
    "container units": (re.compile(r"\d(cqi|cqw|cqh|cqb|cqmin|cqmax)\b"), "cqi"),
    "round()": (re.compile(r"\bround\("), "round("),
}


def _declarations(nodes: list[Node], supports: str = "") -> Iterator[tuple[Declaration, str]]:
    """Every declaration in ``nodes`` with the ``@supports`` conditions around it."""
    for node in nodes:
        if isinstance(node, QualifiedRule):
            content = tinycss2.parse_blocks_contents(node.content, skip_whitespace=True)
            for item in content:
                if isinstance(item, Declaration):
                    yield item, supports
                elif isinstance(item, QualifiedRule | AtRule):  # nested rules
                    yield from _declarations([item], supports)
        elif isinstance(node, AtRule) and node.content is not None:
            condition = supports
            if node.lower_at_keyword == "supports":
                condition += " " + tinycss2.serialize(node.prelude)
            inner = tinycss2.parse_rule_list(node.content, skip_whitespace=True)
            yield from _declarations(inner, condition)


def _custom_properties_needing(path: Path) -> list[tuple[int, str, str, str]]:
    """(line, property, what it needs, the @supports around it) for each custom
    property of ``path`` whose value needs something an old browser lacks."""
    rules = tinycss2.parse_stylesheet(path.read_text(), skip_whitespace=True)
    found = []
    for declaration, supports in _declarations(rules):
        if not declaration.name.startswith("--"):
            continue
        value = tinycss2.serialize(declaration.value)
        for what, (pattern, _asked) in NEWER.items():
            if pattern.search(value):
                found.append((declaration.source_line, declaration.name, what, supports))
    return found


@pytest.mark.parametrize("name", ["site.css"])
def test_a_custom_property_that_needs_a_newer_browser_is_set_only_where_it_has_one(name):
    unguarded = [
        f"{name}:{line} {prop} needs {what}"
        for line, prop, what, supports in _custom_properties_needing(STATIC / name)
        if NEWER[what][1] not in supports
    ]
    assert not unguarded, "set it under @supports: " + "; ".join(unguarded)


def test_the_check_finds_a_custom_property_outside_supports(tmp_path):
    """The check itself: a custom property with container units outside ``@supports``
    is found, and the same inside ``@supports (width: 1cqi)`` is not."""
    css = tmp_path / "t.css"
    css.write_text(
        ".a { --w: min(4vw, 14cqi); }\n"
        "@media (min-width: 62rem) { .b { --x: calc(round(up, 3.5, 1) * 1px); } }\n"
        "@supports (width: 1cqi) { .c { --w: 14cqi; } }\n"
        ".d { width: 14cqi; }\n"
    )
    found = _custom_properties_needing(css)
    assert [(line, prop, what) for line, prop, what, _ in found] == [
        (1, "--w", "container units"),
        (2, "--x", "round()"),
        (3, "--w", "container units"),
    ]
    assert "cqi" in found[2][3] and found[0][3] == "" and found[1][3] == ""
