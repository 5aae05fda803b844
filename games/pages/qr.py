"""QR codes of the links the pages share (a match, a table's cards, the projector)."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    # The same link always draws the same code; drawing it costs more than the rest of a page.
    # No width or height, a viewBox: the code scales to its box and is never clipped.
    return segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff", omitsize=True)
