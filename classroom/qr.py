"""The join link as a QR code: an SVG drawn by the server with segno (no script, no
CDN), kept per link."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=256)
def qr_svg(url: str, title: str) -> SafeString:
    """The link as an inline SVG QR code that scales with its box, titled for screen
    readers."""
    code = segno.make_qr(url, error="m")
    svg = code.svg_inline(
        scale=1, border=2, dark="#000", light="#fff", omitsize=True, svgclass="qr__svg"
    )
    # segno writes no title: a screen reader says what the picture is.
    opening, _, rest = svg.partition(">")
    return mark_safe(f'{opening} role="img">{format_html("<title>{}</title>", title)}{rest}')
