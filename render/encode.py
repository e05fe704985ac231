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

from render.sprites import faded_face
from render.themes import Theme

COMPRESS = 1  # zlib level: 3 saves ~5% size for ~15% more time, 6 ~20% for twice

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
             if isinstance(getattr(theme, f.name), tuple)] + [faded_face(theme)]
    exact = list(dict.fromkeys(exact))
    learnt = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT,
                            dither=Image.Dither.NONE)
    learnt_pal = learnt.getpalette()
    assert learnt_pal is not None  # a quantized image always has a palette
    pal = learnt_pal[: 3 * (256 - len(exact))]
    for c in exact:
        pal.extend(c)
    pal.extend([0] * (768 - len(pal)))
    out = Image.new("P", (1, 1))
    out.putpalette(pal)
    return out


def full_colour_png(im: Image.Image) -> bytes:
    """PNG bytes of a picture kept in full colour (the stacked analysis and problem
    pictures, whose graphs and captions the board palette lacks): zlib level 6;
    ``optimize=True`` would take four times as long for 3 % smaller."""
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def indexed(im: Image.Image, theme: Theme) -> Image.Image:
    """``im`` mapped onto the theme's palette, each pixel to its nearest colour."""
    return im.quantize(palette=palette(theme), dither=Image.Dither.NONE)


def to_png(im: Image.Image, theme: Theme, base: Image.Image | None = None,
           boxes: list[tuple[int, int, int, int]] | None = None) -> bytes:
    """PNG bytes of ``im``.  With ``base`` (the static layer already mapped to the palette)
    and the ``boxes`` drawn since, only those boxes are mapped: the mapping is per pixel,
    so the result is the same as mapping the whole picture, at a fraction of the cost."""
    if base is None or boxes is None:
        q = indexed(im, theme)
    else:
        q = base.copy()
        for box in _merge(boxes, im.width, im.height):
            q.paste(indexed(im.crop(box), theme), box[:2])
    buf = io.BytesIO()
    q.save(buf, "PNG", compress_level=COMPRESS)
    return buf.getvalue()


def _merge(boxes: list[tuple[int, int, int, int]], w: int, h: int,
           band: int = 80) -> list[tuple[int, int, int, int]]:
    """Clip the boxes and merge them into horizontal bands of ``band`` rows: fewer, larger
    crops cost less than many small ones, and a pixel mapped twice maps the same."""
    rows: dict[int, list[int]] = {}
    for x0, y0, x1, y1 in boxes:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x0 >= x1 or y0 >= y1:
            continue
        for r in range(y0 // band, (y1 - 1) // band + 1):
            spans = rows.setdefault(r, [])
            spans.append(x0)
            spans.append(x1)
    out = []
    for r in sorted(rows):
        xs = rows[r]
        pairs = sorted(zip(xs[0::2], xs[1::2], strict=True))
        cur0, cur1 = pairs[0]
        for a, b in pairs[1:]:
            if a <= cur1 + 40:
                cur1 = max(cur1, b)
            else:
                out.append((cur0, r * band, cur1, min(h, (r + 1) * band)))
                cur0, cur1 = a, b
        out.append((cur0, r * band, cur1, min(h, (r + 1) * band)))
    return out
