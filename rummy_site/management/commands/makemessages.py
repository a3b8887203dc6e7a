"""``makemessages`` that also reads the Jinja2 boards (``templates/**/*.jinja``).

Django's command hands every template to ``xgettext`` after turning its
``{% translate %}`` and ``{% blocktranslate %}`` tags into Python calls; it does not
know Jinja2's ``{% trans %}`` blocks and ``_()`` calls. Here a ``.jinja`` file is read
by Jinja2's own extractor (:func:`jinja2.ext.babel_extract`, which needs no Babel) and
each message written as the Python call ``xgettext`` reads, on the line it stands on,
so the catalogues point at the template. Without ``--extension`` the command reads
``html``, ``txt``, ``py`` and ``jinja`` files.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import makemessages
from jinja2.ext import babel_extract

#: The Python function xgettext knows for each Jinja2 gettext function.
CALLS = {
    "_": "gettext",
    "gettext": "gettext",
    "ngettext": "ngettext",
    "pgettext": "pgettext",
    "npgettext": "npgettext",
}


def jinja_as_python(source: str) -> str:
    """The messages of a Jinja2 template as Python calls, each on its template line."""
    lines: list[str] = []
    with open_text(source) as stream:
        found = babel_extract(stream, list(CALLS), [], {"extensions": "jinja2.ext.i18n"})
        for lineno, function, message, _comments in found:
            args = message if isinstance(message, tuple) else (message,)
            strings = [repr(a) for a in args if isinstance(a, str)]
            if not strings:
                continue
            if function in ("ngettext", "npgettext"):
                strings.append("n")
            while len(lines) < lineno - 1:
                lines.append("")
            lines.append(f"{CALLS[function]}({', '.join(strings)})")
    return "\n".join(lines) + "\n"


def open_text(source: str) -> Any:
    import io

    return io.BytesIO(source.encode("utf-8"))


class BuildFile(makemessages.BuildFile):
    def preprocess(self) -> None:
        if self.domain == "django" and self.path.endswith(".jinja"):
            with open(self.path, encoding="utf-8") as fp:
                content = jinja_as_python(fp.read())
            with open(self.work_path, "w", encoding="utf-8") as fp:
                fp.write(content)
            return
        super().preprocess()


class Command(makemessages.Command):
    build_file_class = BuildFile

    def handle(self, *args: Any, **options: Any) -> None:
        if not options.get("extensions"):
            options["extensions"] = ["html", "txt", "py", "jinja"]
        super().handle(*args, **options)
