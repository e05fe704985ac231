"""Small pictures drawn once and pasted many times: checkers, dice, markers.

Each is drawn four times too large and scaled down, which gives smooth edges that
Pillow's drawing primitives alone do not.  All are cached per theme and size, so a board
costs only pastes.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.position import Side
from render.themes import Theme

SS = 4  # supersampling factor


def _down(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    return im.resize(size, Image.Resampling.LANCZOS)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    (r, g, bl) = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return r, g, bl


@lru_cache(maxsize=32)
def checker(theme: Theme, side: Side, d: int) -> Image.Image:
    """A checker seen from above with a soft shadow; RGBA, ``d + 4`` pixels square."""
    face = theme.white_face if side is Side.WHITE else theme.black_face
    rim = theme.white_rim if side is Side.WHITE else theme.black_rim
    n = (d + 4) * SS
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(im)
    r = d * SS / 2
    c = r + 1 * SS
    sh = 1.6 * SS  # shadow offset
    dr.ellipse((c - r + sh, c - r + sh * 1.3, c + r + sh, c + r + sh * 1.3), fill=(0, 0, 0, 90))
    dr.ellipse((c - r, c - r, c + r, c + r), fill=(*rim, 255))
    edge = 0.09 * r if theme.wood else 0.13 * r
    dr.ellipse((c - r + edge, c - r + edge, c + r - edge, c + r - edge), fill=(*face, 255))
    if theme.wood:
        # a turned groove and a soft light from the top left, like a lathe-turned checker
        lighter = _mix(face, (255, 255, 255), 0.35 if side is Side.BLACK else 0.6)
        darker = _mix(face, (0, 0, 0), 0.18 if side is Side.WHITE else 0.5)
        g = 0.58 * r
        dr.ellipse((c - g, c - g, c + g, c + g), outline=(*darker, 255), width=round(0.05 * r))
        g2 = g - 0.05 * r
        dr.arc((c - g2, c - g2, c + g2, c + g2), 200, 290, fill=(*lighter, 255),
               width=round(0.04 * r))
        g3 = r - edge - 0.06 * r
        dr.arc((c - g3, c - g3, c + g3, c + g3), 190, 280, fill=(*lighter, 255),
               width=round(0.05 * r))
    else:
        g = 0.55 * r
        inner = theme.black_rim if side is Side.BLACK else theme.white_rim
        dr.ellipse((c - g, c - g, c + g, c + g), outline=(*inner, 255), width=round(0.08 * r))
    return _down(im, (d + 4, d + 4))


@lru_cache(maxsize=8)
def ghost(theme: Theme, side: Side, d: int) -> Image.Image:
    """Where a moved checker stood: a dashed ring in the mover's colour."""
    col = theme.white_face if side is Side.WHITE else theme.black_face
    edge = theme.white_rim if side is Side.WHITE else theme.black_rim
    n = (d + 4) * SS
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(im)
    r = d * SS / 2 - SS
    c = n / 2
    w = round(0.16 * r)
    dr.ellipse((c - r, c - r, c + r, c + r), fill=(*col, 70))
    for k in range(12):
        a0 = k * 30
        dr.arc((c - r, c - r, c + r, c + r), a0, a0 + 18, fill=(*edge, 255), width=w + 2 * SS)
        dr.arc((c - r + SS, c - r + SS, c + r - SS, c + r - SS), a0, a0 + 18,
               fill=(*col, 255), width=w)
    return _down(im, (d + 4, d + 4))


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def faded_face(theme: Theme) -> tuple[int, int, int]:
    """The face of a faded die (the roll just played, a puff pasch's lower faces): one of
    the palette's exact colours (``render.encode``), so it is drawn as it is chosen."""
    return _mix(theme.die_face, theme.die_edge, 0.35)


@lru_cache(maxsize=64)
def die(theme: Theme, face: int, size: int, faded: bool = False) -> Image.Image:
    """A die showing ``face``; ``faded`` for the lower faces of a puff pasch (P-4)."""
    n = (size + 6) * SS
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(im)
    s = size * SS
    o = 2 * SS
    rad = s * 0.18
    dr.rounded_rectangle((o + 2 * SS, o + 3 * SS, o + s + 2 * SS, o + s + 3 * SS), rad,
                         fill=(0, 0, 0, 110))
    face_col = theme.die_face if not faded else faded_face(theme)
    dr.rounded_rectangle((o, o, o + s, o + s), rad, fill=(*face_col, 255),
                         outline=(*theme.die_edge, 255), width=max(SS, round(s * 0.03)))
    pr = s * 0.085
    for fx, fy in _PIPS[face]:
        x, y = o + fx * s, o + fy * s
        dr.ellipse((x - pr, y - pr, x + pr, y + pr), fill=(*theme.die_pip, 255))
    return _down(im, (size + 6, size + 6))


@lru_cache(maxsize=8)
def hit_marker(theme: Theme, d: int) -> Image.Image:
    """A hit: a round badge with a cross (shape as well as colour, for colour-blind eyes)."""
    n = d * SS
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(im)
    c, r = n / 2, n / 2 - SS
    dr.ellipse((c - r, c - r, c + r, c + r), fill=(255, 255, 255, 255))
    r2 = r - 1.5 * SS
    dr.ellipse((c - r2, c - r2, c + r2, c + r2), fill=(*theme.hit, 255))
    k = r2 * 0.5
    w = round(r2 * 0.28)
    dr.line((c - k, c - k, c + k, c + k), fill=(255, 255, 255, 255), width=w)
    dr.line((c - k, c + k, c + k, c - k), fill=(255, 255, 255, 255), width=w)
    return _down(im, (d, d))


@lru_cache(maxsize=8)
def burst_marker(theme: Theme, d: int) -> Image.Image:
    """A burst band: a jagged star, unlike the round hit badge."""
    n = d * SS
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(im)
    c = n / 2
    pts_out, pts_in = [], []
    spikes = 10
    for k in range(2 * spikes):
        a = math.pi * k / spikes - math.pi / 2
        r = (n / 2 - SS) if k % 2 == 0 else n * 0.27
        pts_out.append((c + r * math.cos(a), c + r * math.sin(a)))
        r2 = r - 2.5 * SS
        pts_in.append((c + r2 * math.cos(a), c + r2 * math.sin(a)))
    dr.polygon(pts_out, fill=(40, 20, 0, 255))
    dr.polygon(pts_in, fill=(*theme.burst, 255))
    return _down(im, (d, d))
