"""PNG encoding: a fixed 256-colour palette per theme, then zlib.

A full-colour PNG of this size costs ~20 ms to compress and ~100 KB; mapped onto a fixed
palette (no dithering, so flat areas stay flat) it costs a few milliseconds and a tenth
of the size.  The palette is learnt once per theme from a few sample boards plus the
theme's own colours, so it is the same on every run and the bytes stay deterministic.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import fields
from functools import lru_cache

from PIL import Image

from render.themes import Theme

COMPRESS = 3  # zlib level: 6 halves little more size and costs twice the time

_SAMPLES: dict[str, Callable[[Theme], list[Image.Image]]] = {}


def set_samples(fn: Callable[[Theme], list[Image.Image]]) -> None:
    """Register the function that draws the sample boards (board.py, to avoid a cycle)."""
    _SAMPLES["fn"] = fn


@lru_cache(maxsize=8)
def palette(theme: Theme) -> Image.Image:
    samples = _SAMPLES["fn"](theme)
    w = max(im.width for im in samples)
    sheet = Image.new("RGB", (w, sum(im.height for im in samples)))
    y = 0
    for im in samples:
        sheet.paste(im, (0, y))
        y += im.height
    exact = [getattr(theme, f.name) for f in fields(theme)
             if isinstance(getattr(theme, f.name), tuple)]
    exact = list(dict.fromkeys(exact))
    learnt = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT,
                            dither=Image.Dither.NONE)
    pal = learnt.getpalette()[: 3 * (256 - len(exact))]
    for c in exact:
        pal.extend(c)
    pal.extend([0] * (768 - len(pal)))
    out = Image.new("P", (1, 1))
    out.putpalette(pal)
    return out


def to_png(im: Image.Image, theme: Theme) -> bytes:
    q = im.quantize(palette=palette(theme), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    q.save(buf, "PNG", compress_level=COMPRESS)
    return buf.getvalue()
