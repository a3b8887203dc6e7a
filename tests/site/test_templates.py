"""The Django templates' own rules, checked over every file."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def test_no_django_template_opens_a_comment_it_does_not_close_on_the_same_line() -> None:
    """Django's ``{# ... #}`` is a comment on one line only: one over two lines is drawn as
    text on the page (the class page showed its comment to the Italian teacher). Longer
    comments are ``{% comment %}``. Jinja2 boards (``*.jinja``) may spread theirs over lines."""
    root = Path(settings.BASE_DIR) / "templates"
    opened = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*"))
        if path.suffix in {".html", ".txt"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert opened == []
