"""Fonts: Roboto from the ``font-roboto`` package (Apache 2.0), loaded once per size.

Pillow's built-in bitmap font has no å, ä, ö or en dash, so a real font is required;
``font-roboto`` ships the TTF files inside the wheel, so nothing is fetched at run time.
"""

from __future__ import annotations

from functools import lru_cache

import font_roboto  # type: ignore[import-untyped]  # font-roboto ships no type information
from PIL import Image, ImageDraw, ImageFont

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


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, weight: str = "regular",
              anchor: str = "la") -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a mask, with its offset from the anchor point.

    Boards repeat most of their words (names, roll names, counts), and pasting a cached
    mask is several times cheaper than rasterising the glyphs again.
    """
    f = font(size, weight)
    # Whole pixels: the basic layout engine measures in them (Pillow types them as float).
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
    return mask, x0, y0


def draw_text(im: Image.Image, xy: tuple[float, float], text: str, size: int,
              fill: tuple[int, int, int], weight: str = "regular",
              anchor: str = "la") -> tuple[int, int, int, int]:
    """Draw ``text`` and return the box it covers."""
    mask, dx, dy = text_mask(text, size, weight, anchor)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    im.paste(fill, (x, y), mask)
    return x, y, x + mask.width, y + mask.height


def text_width(text: str, size: int, weight: str = "regular") -> int:
    return round(font(size, weight).getlength(text))
