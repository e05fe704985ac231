"""The layer that never changes between boards: wood, points, numbers, rail, trays, and
the start areas and directions of the geometry.  Drawn once per (theme, geometry,
perspective), twice too large for smooth edges, then cached.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from engine.position import Geometry, Side
from render.fonts import font, note_text
from render.layout import LAYOUT, Layout, number_center, ruler_rect, slot, tray_rect
from render.themes import RGB, Theme

S = 2  # supersampling of the static layer


def _wood(w: int, h: int, base: RGB, grain: RGB, seed: int, vertical: bool = False,
          wave: float = 0.0) -> Image.Image:
    """Quiet, planed wood grain: a few tones in bands across the grain, straight along it.

    Straight on purpose: rows (or columns) that repeat cost next to nothing to compress,
    while wavy grain more than doubled the PNG time; ``wave`` bends it where wanted.
    """
    if vertical:
        return _wood(h, w, base, grain, seed, wave=wave).transpose(Image.Transpose.ROTATE_90)
    rng = random.Random(seed)
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    t = np.zeros((h, w), dtype=np.float32)
    for _ in range(5):
        f = rng.uniform(0.02, 0.16) / S
        ph = rng.uniform(0, 6.3)
        bend = wave * rng.uniform(2, 9) * S * np.sin(x * rng.uniform(0.002, 0.006) / S * 6.3 + ph)
        t += np.sin((y + bend) * f + ph) * rng.uniform(0.3, 1.0)
    t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
    t = np.round(t * 5) / 5  # a few tones: grain bands, not noise
    a = np.array(base, dtype=np.float32)
    b = np.array(grain, dtype=np.float32)
    rgb = a[None, None, :] + (b - a)[None, None, :] * t[..., None]
    return Image.fromarray(rgb.astype(np.uint8), "RGB")


def _flat(w: int, h: int, col: RGB) -> Image.Image:
    return Image.new("RGB", (w, h), col)


@lru_cache(maxsize=24)
def base_layer(theme: Theme, geometry: Geometry, perspective: Side,
               layout: Layout = LAYOUT, numbers: tuple[Side, ...] | None = None) -> Image.Image:
    """The board without anything that changes in a game.  ``perspective`` is the side at
    the bottom; ``numbers`` the sides whose numbering is printed, one row of numbers per
    side on each edge, the first next to the points (default: the perspective's)."""
    L = layout
    rings = numbers or (perspective,)
    if len(rings) != L.rulers:
        raise ValueError(f"a layout with {L.rulers} rows of numbers cannot print {len(rings)}")
    im = Image.new("RGB", (L.width * S, L.height * S), theme.background)
    dr = ImageDraw.Draw(im)

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return round(x0 * S), round(y0 * S), round(x1 * S), round(y1 * S)

    # frame
    bx0, by0 = L.board_x, L.board_y
    bx1, by1 = bx0 + L.board_w, by0 + L.board_h
    frame = (_wood(L.board_w * S, L.board_h * S, theme.frame, theme.frame_dark, 7)
             if theme.wood else _flat(L.board_w * S, L.board_h * S, theme.frame))
    mask = Image.new("L", frame.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, *frame.size), 12 * S, fill=255)
    im.paste(frame, box(bx0, by0, bx1, by1)[:2], mask)
    dr.rounded_rectangle(box(bx0, by0, bx1, by1), 12 * S, outline=theme.frame_light, width=S)

    # field, in two halves either side of the rail
    fy0, fy1 = L.field_y, L.field_y + L.field_h
    for x0 in (L.field_x, L.rail_x + L.rail):
        w = 6 * L.point_w
        dr.rectangle(box(x0 - 3, fy0 - 3, x0 + w + 3, fy1 + 3), fill=theme.frame_dark)
        surf = (_wood(w * S, L.field_h * S, theme.field, theme.field_grain, 11 + x0)
                if theme.wood else _flat(w * S, L.field_h * S, theme.field))
        im.paste(surf, box(x0, fy0, x0, fy0)[:2])

    # rail
    rail = (_wood(L.rail * S, (L.board_h - 8) * S, theme.rail, theme.frame_dark, 5, True)
            if theme.wood else _flat(L.rail * S, (L.board_h - 8) * S, theme.rail))
    im.paste(rail, box(L.rail_x, by0 + 4, 0, 0)[:2])
    dr.line(box(L.rail_x, by0 + 4, L.rail_x, by1 - 4), fill=theme.frame_dark, width=2 * S)
    dr.line(box(L.rail_x + L.rail, by0 + 4, L.rail_x + L.rail, by1 - 4), fill=theme.frame_dark,
            width=2 * S)
    if theme.wood:  # hinges of a folding board
        for hy in (L.mid_y - L.middle // 2 + 6, L.mid_y + L.middle // 2 - 14):
            dr.rounded_rectangle(box(L.rail_cx - 10, hy, L.rail_cx + 10, hy + 8), 2 * S,
                                 fill=(176, 140, 82), outline=(96, 70, 36), width=S)

    # points
    for col in range(12):
        for top in (False, True):
            own = 12 - col if not top else 13 + col
            colour = theme.point_dark if own % 2 else theme.point_light
            x0 = L.column_x(col)
            xc = x0 + L.point_w / 2
            inset = 3
            if top:
                tri = [(x0 + inset, fy0), (x0 + L.point_w - inset, fy0), (xc, fy0 + L.point_len)]
            else:
                tri = [(x0 + inset, fy1), (x0 + L.point_w - inset, fy1), (xc, fy1 - L.point_len)]
            pts = [(round(px * S), round(py * S)) for px, py in tri]
            dr.polygon(pts, fill=colour, outline=theme.point_edge)
            dr.line([*pts, pts[0]], fill=theme.point_edge, width=S)

    _rulers(im, theme, geometry, perspective, rings, L)

    # borne-off trays
    for bottom in (True, False):
        x0, y0, x1, y1 = tray_rect(bottom, L)
        dr.rounded_rectangle(box(x0, y0, x1, y1), 10 * S, fill=theme.frame_dark)
        dr.rounded_rectangle(box(x0 + 5, y0 + 5, x1 - 5, y1 - 5), 7 * S, fill=theme.tray)
    return im.resize((L.width, L.height), Image.Resampling.LANCZOS)


def ruler_colours(theme: Theme, side: Side) -> tuple[RGB, RGB]:
    """(background, ink) of the row of numbers in ``side``'s numbering: the side's checker
    face and the ink of a count written on it, so whose numbers they are is seen."""
    if side is Side.WHITE:
        return theme.white_face, theme.white_text
    return theme.black_face, theme.black_text


def number_for(geometry: Geometry, perspective: Side, owner: Side, col: int, top: bool) -> int:
    """The number ``owner`` calls the point in screen slot (col, top) of a board drawn
    with ``perspective`` at the bottom (G-2, G-4)."""
    own = 12 - col if not top else 13 + col
    if owner is perspective:
        return own
    return geometry.own_point(owner, geometry.board_point(perspective, own))


def _rulers(im: Image.Image, theme: Theme, geometry: Geometry, perspective: Side,
            rings: tuple[Side, ...], L: Layout) -> None:
    """The rows of point numbers, one per numbering printed, in the colours of the side
    whose numbers they are, with each side's start area and direction of travel marked
    in its row (docs/rules.md, G-4 and P-1): arrows in the cells beyond the start points, and
    where another side's numbers are printed there, the cells in that side's colours.

    Puff starts from the bar onto points 1–6; bräde from the home point 1; backgammon has
    no start area, only the direction.  When both sides start in the same quarter (lång
    puff) and one row holds both marks, the cell is split, the row owner's half nearer
    the field.
    """
    dr = ImageDraw.Draw(im)
    f = font(L.text * S, "bold")
    puff = geometry not in (Geometry.BRADE, Geometry.BACKGAMMON)
    span = range(1, 7) if puff else range(1, 2)
    for ring, owner in enumerate(rings):
        bg, ink = ruler_colours(theme, owner)
        marked = [owner] if len(rings) > 1 else [owner, owner.other]
        starts: dict[tuple[int, bool], list[Side]] = {}
        for side in marked:
            for p in span:
                b = geometry.board_point(side, p)
                starts.setdefault(slot(geometry.own_point(perspective, b)), []).append(side)
        for top in (True, False):
            x0, y0, x1, y1 = ruler_rect(top, ring, L)
            dr.rounded_rectangle((x0 * S, (y0 + 2) * S, x1 * S, (y1 - 2) * S), 6 * S, fill=bg)
            for col in range(12):
                cx, cy = number_center(col, top, L, ring)
                cell_ink = ink
                sides = starts.get((col, top), [])
                cx0 = L.column_x(col)
                for k, side in enumerate(sides):
                    face, side_ink = ruler_colours(theme, side)
                    cy0, cy1 = float(y0 + 2), float(y1 - 2)
                    if len(sides) > 1:  # shared: the owner's half nearer the field
                        near = k == 0
                        mid = (cy0 + cy1) / 2
                        cy0, cy1 = ((mid, cy1) if near else (cy0, mid)) if top else \
                            ((cy0, mid) if near else (mid, cy1))
                    if side is not owner:
                        dr.rectangle((cx0 * S, round(cy0 * S), (cx0 + L.point_w) * S,
                                      round(cy1 * S)), fill=face)
                        if len(sides) == 1:
                            cell_ink = side_ink
                    _direction(dr, geometry, perspective, side, cx0, cy0, cy1, side_ink,
                               half=len(sides) > 1, L=L)
                text = str(number_for(geometry, perspective, owner, col, top))
                note_text(text, L.text, "bold")
                # a cell split between two colours: the number outlined in the row's own
                # background, so it reads on either half
                halo = 3 * S if len(sides) > 1 else 0
                dr.text((cx * S, cy * S), text, font=f, fill=cell_ink, anchor="mm",
                        stroke_width=halo, stroke_fill=bg)


def _direction(dr: ImageDraw.ImageDraw, geometry: Geometry, perspective: Side, side: Side,
               x: float, y0: float, y1: float, ink: RGB, half: bool, L: Layout) -> None:
    """Arrows either side of a start cell's number, pointing the way ``side`` travels
    along the row from its point 1 to its point 2."""
    c1, _ = slot(geometry.own_point(perspective, geometry.board_point(side, 1)))
    c2, _ = slot(geometry.own_point(perspective, geometry.board_point(side, 2)))
    rightward = c2 > c1
    cy = (y0 + y1) / 2
    ends: tuple[float, ...] = (x + 8, x + L.point_w - 8)
    if half:  # half height: one arrow, on the side the path leaves by
        ends = (ends[1],) if rightward else (ends[0],)
    for ax in ends:
        _triangle(dr, ax, cy, rightward, min(6.0, (y1 - y0) / 2 - 2), ink)


def _triangle(dr: ImageDraw.ImageDraw, x: float, y: float, right: bool, r: float,
              fill: RGB) -> None:
    k = 1 if right else -1
    pts = [(x + k * r, y), (x - k * r * 0.7, y - r), (x - k * r * 0.7, y + r)]
    dr.polygon([(round(px * S), round(py * S)) for px, py in pts], fill=fill)
