"""The site's path converters: what an id or a code in a URL may look like.

Anything else (a NUL byte, which PostgreSQL refuses in a text column; a space; 5,000
characters) is a 404 before any query. Registered on import: each ``urls`` module that
uses them imports this one.
"""

from __future__ import annotations

from django.urls import register_converter


class PublicIdConverter:
    """A table's or a class's public id (``secrets.token_urlsafe``): URL-safe base64, at
    most the models' 16 characters."""

    regex = "[A-Za-z0-9_-]{1,16}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class CodeConverter:
    """A code in a link (a class's join code, a table's code), read leniently by
    :func:`rummy_site.codes.normalise`: any printable text of up to 32 characters, no
    control characters."""

    regex = "[^/\x00-\x1f\x7f]{1,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PublicIdConverter, "id")
register_converter(CodeConverter, "code")
