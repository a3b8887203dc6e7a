"""What a screen reader reads of a piece of markup, roughly: its words and the names of
its images, leaving out whatever is inside ``aria-hidden="true"``."""

from __future__ import annotations

from html.parser import HTMLParser

_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class _Labels(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.labels: list[list[str]] = []
        self.in_label = 0

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        hidden = self.hidden or found.get("aria-hidden") == "true"
        if tag == "label":
            self.in_label += 1
            self.labels.append([])
        if self.in_label and not hidden and found.get("role") == "img":
            self.labels[-1].append(f"[img {found.get('aria-label', '')}]")
            hidden = True  # an image's content is not read
        if tag not in _VOID:
            self.stack.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break
        if tag == "label":
            self.in_label -= 1

    def handle_data(self, data: str) -> None:
        if self.in_label and not self.hidden and data.strip():
            self.labels[-1].append(data.strip())


def spoken_labels(html: str) -> list[str]:
    """Each ``<label>``'s words as a screen reader reads them, an image as ``[img name]``."""
    parser = _Labels()
    parser.feed(html)
    return [" ".join(words) for words in parser.labels]


def spoken_text(html: str) -> str:
    """A piece of markup's words as a screen reader reads them, an image as ``[img name]``."""
    return spoken_labels(f"<label>{html}</label>")[0]
