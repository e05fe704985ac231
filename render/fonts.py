"""Fonts: Roboto from the ``font-roboto`` package (Apache 2.0), loaded once per size.

Pillow's built-in bitmap font has no å, ä, ö or en dash, so a real font is required;
``font-roboto`` ships the TTF files inside the wheel, so nothing is fetched at run time.
"""

from __future__ import annotations

from functools import lru_cache

import font_roboto
from PIL import ImageFont

_FILES = {
    "regular": font_roboto.Roboto,
    "medium": font_roboto.RobotoMedium,
    "bold": font_roboto.RobotoBold,
    "italic": font_roboto.RobotoItalic,
    "black": font_roboto.RobotoBlack,
}


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    # The basic layout engine is deterministic and needs no libraqm; Roboto needs no
    # complex shaping for Swedish or English.
    return ImageFont.truetype(_FILES[weight], size, layout_engine=ImageFont.Layout.BASIC)


_NOTDEF = "\U000f0000"  # a private-use code point no Roboto face maps


def missing_glyphs(text: str, f: ImageFont.FreeTypeFont) -> list[str]:
    """Characters of ``text`` that ``f`` would draw as the missing-glyph box."""
    notdef = f.getmask(_NOTDEF)
    ref = (notdef.size, bytes(notdef))
    out = []
    for ch in dict.fromkeys(text):
        if ch.isspace():
            continue
        m = f.getmask(ch)
        if (m.size, bytes(m)) == ref:
            out.append(ch)
    return out
