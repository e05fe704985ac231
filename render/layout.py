"""Where things sit on the picture: one frozen ``Layout`` and pure coordinate helpers.

Everything the renderer draws, and every pixel a test probes, is computed here, so a
test can ask "where is the third checker on board point 13 when black is at the bottom?"
and get the exact pixel the renderer used.

Screen slots follow the viewer's own numbering (G-2): the viewer's points 1–12 run along
the bottom row from right to left, 13–24 along the top row from left to right, so the
viewer's home quarter is always bottom right.  Which board point lands in which slot is
the geometry's business (G-4): ``Geometry.own_point(viewer, board)``.  For bräde a black
viewer sees the board turned 180°, for backgammon and konträr puff flipped top to bottom,
for dubbel konträr puff mirrored left to right, for lång puff unchanged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from engine.position import Geometry, Side
from render.fonts import PHONE, smallest_legible


@dataclass(frozen=True)
class Layout:
    """All the dimensions of one board picture, in pixels.

    Laid out for the width Discord shows a picture at (about 550 px in a desktop
    channel, about 320 px on a phone): the picture is about 1,040 px wide, what a
    high-density screen shows at those widths, and every text on it is at least ``text``
    px: capitals 8 px tall when the picture is shown 320 px wide (issues 37, 46), so
    14 px and more at 550.  Checkers, dice and numbers are sized to go with that text.  Above the
    players' strips a line names the game (the ruleset, the match), so a strip holds
    only its player's things and a warning never pushes the game's name off.
    """

    margin: int = 6  # canvas edge to strips and frame
    head: int = 42  # the line naming the game, above the top strip
    bar_h: int = 64  # each player's information strip (top and bottom)
    gap: int = 6  # between a strip and the frame
    frame: int = 10  # wooden frame, left and right
    ruler: int = 42  # one row of point numbers on the frame
    rulers: int = 1  # rows of numbers on each edge: 2 prints both players' numbering
    point_w: int = 74  # width of one point ("tunga")
    checker: int = 35  # checker diameter; two stacks side by side fill a point
    point_len: int = 180  # length of a point from the frame to its tip
    middle: int = 124  # free band between the tips, where the dice lie
    rail: int = 52  # the middle rail between the quarters
    tray_gap: int = 6
    tray_w: int = 62  # borne-off tray, right of the board
    slab: int = 11  # thickness of a borne-off checker seen from the side

    def with_rulers(self, rulers: int) -> Layout:
        return self if rulers == self.rulers else _with_rulers(self, rulers)

    # -- text ---------------------------------------------------------------------------------
    @cached_property
    def text(self) -> int:
        """The smallest text size on this picture: legible on a phone (capitals 8 px tall
        shown 320 px wide, ``render.fonts.PHONE``), hence on a desktop too."""
        return smallest_legible(self.width, *PHONE)

    @cached_property
    def name_text(self) -> int:
        return self.text + 3

    @cached_property
    def big_text(self) -> int:
        return self.text + 9

    # -- overall size -----------------------------------------------------------------------
    @cached_property
    def numbers(self) -> int:
        """Height of the frame beyond each row of points: its rows of numbers."""
        return self.rulers * self.ruler + 4

    @cached_property
    def board_x(self) -> int:
        return self.margin

    @cached_property
    def board_y(self) -> int:
        return self.margin + self.head + self.bar_h + self.gap

    @cached_property
    def field_w(self) -> int:
        return 12 * self.point_w + self.rail

    @cached_property
    def field_h(self) -> int:
        return 2 * self.point_len + self.middle

    @cached_property
    def board_w(self) -> int:
        return self.field_w + 2 * self.frame

    @cached_property
    def board_h(self) -> int:
        return self.field_h + 2 * self.numbers

    @cached_property
    def width(self) -> int:
        return self.board_x + self.board_w + self.tray_gap + self.tray_w + self.margin

    @cached_property
    def height(self) -> int:
        return self.board_y + self.board_h + self.gap + self.bar_h + self.margin

    @cached_property
    def crop_top(self) -> int:
        """Pixels above the board's frame: the game's line and the top strip, which a
        picture showing the board alone (a problem's answer) leaves out."""
        return self.board_y

    @cached_property
    def crop_bottom(self) -> int:
        """Pixels below the board's frame: the bottom strip."""
        return self.height - self.board_y - self.board_h

    # -- the playing field --------------------------------------------------------------------
    @cached_property
    def field_x(self) -> int:
        return self.board_x + self.frame

    @cached_property
    def field_y(self) -> int:
        return self.board_y + self.numbers

    @cached_property
    def mid_y(self) -> int:
        """The horizontal centre line of the field."""
        return self.field_y + self.field_h // 2

    @cached_property
    def rail_x(self) -> int:
        return self.field_x + 6 * self.point_w

    @cached_property
    def rail_cx(self) -> int:
        return self.rail_x + self.rail // 2

    @cached_property
    def tray_x(self) -> int:
        return self.board_x + self.board_w + self.tray_gap

    def strip_rect(self, bottom: bool) -> tuple[int, int, int, int]:
        """A player's information strip: the bottom player's under the board."""
        x0, x1 = self.margin, self.width - self.margin
        if bottom:
            y0 = self.board_y + self.board_h + self.gap
            return x0, y0, x1, y0 + self.bar_h
        y0 = self.margin + self.head
        return x0, y0, x1, y0 + self.bar_h

    def head_rect(self) -> tuple[int, int, int, int]:
        """The line above the top strip that names the game: ruleset, match."""
        return self.margin, self.margin, self.width - self.margin, self.margin + self.head

    def column_x(self, col: int) -> int:
        """Left edge of screen column ``col`` (0 = leftmost point, 11 = rightmost)."""
        x = self.field_x + col * self.point_w
        return x + self.rail if col >= 6 else x

    def half_centre_x(self, right: bool) -> int:
        """Centre of the left or right half of the field (where dice are thrown)."""
        x0 = self.column_x(6) if right else self.column_x(0)
        return x0 + 3 * self.point_w


@lru_cache(maxsize=16)
def _with_rulers(layout: Layout, rulers: int) -> Layout:
    """One object per variant, so its computed sizes are computed once."""
    return replace(layout, rulers=rulers)


LAYOUT = Layout()


def slot(own: int) -> tuple[int, bool]:
    """Screen column and row of the viewer's own point ``own``: (col, on_top_row)."""
    if not 1 <= own <= 24:
        raise ValueError(f"point {own} is not on the board")
    if own <= 12:
        return 12 - own, False
    return own - 13, True


def view_slot(board_point: int, perspective: Side, geometry: Geometry) -> tuple[int, bool]:
    """Screen column and row of board point ``board_point`` (white's number, G-4)."""
    return slot(geometry.own_point(perspective, board_point))


def stack_spacing(n: int, layout: Layout = LAYOUT) -> float:
    """Distance between rows of a stack of ``n``; tall bands close up instead of overflowing."""
    rows = stack_rows(n)
    d = layout.checker
    if rows <= 1:
        return float(d)
    return min(float(d), (layout.point_len - 4 - d) / (rows - 1))


def stack_rows(n: int) -> int:
    """Rows a band of ``n`` needs: pairs side by side, an odd checker on top (seed 004)."""
    return n // 2 + (n % 2)


def stack_offsets(n: int, layout: Layout = LAYOUT) -> list[tuple[float, float]]:
    """(dx, distance from the point's base) of each of ``n`` checkers, bottom first.

    Seed 004, "Band och blottor": an even band stands in two equal stacks side by side; an
    odd checker lies on top in the middle.  A blot therefore sits in the middle.
    """
    d = layout.checker
    half = d / 2 + 1
    gap = stack_spacing(n, layout)
    pairs = n // 2
    out: list[tuple[float, float]] = []
    for i in range(2 * pairs):
        out.append((-half if i % 2 == 0 else half, 2 + d / 2 + (i // 2) * gap))
    if n % 2:
        out.append((0.0, 2 + d / 2 + pairs * gap))
    return out


def checker_center(board_point: int, index: int, count: int, perspective: Side,
                   geometry: Geometry, layout: Layout = LAYOUT) -> tuple[int, int]:
    """Pixel centre of checker ``index`` (0 = bottom of the stack) of a stack of ``count``."""
    col, top = view_slot(board_point, perspective, geometry)
    cx = layout.column_x(col) + layout.point_w / 2
    dx, dist = stack_offsets(count, layout)[index]
    y = layout.field_y + dist if top else layout.field_y + layout.field_h - dist
    return round(cx + dx), round(y)


def point_center(board_point: int, perspective: Side, layout: Layout = LAYOUT,
                 geometry: Geometry = Geometry.BRADE) -> tuple[int, int]:
    """Pixel centre of a blot on ``board_point`` (the middle of the point's base): the spot a
    test probes to find which colour holds a point.  A band's checkers stand either side
    of it; use ``checker_center`` for those."""
    col, top = view_slot(board_point, perspective, geometry)
    cx = layout.column_x(col) + layout.point_w / 2
    dist = 2 + layout.checker / 2
    y = layout.field_y + dist if top else layout.field_y + layout.field_h - dist
    return round(cx), round(y)


def point_rect(col: int, top: bool, layout: Layout = LAYOUT) -> tuple[int, int, int, int]:
    """Bounding box (x0, y0, x1, y1) of the point in screen column ``col``."""
    x0 = layout.column_x(col)
    if top:
        return x0, layout.field_y, x0 + layout.point_w, layout.field_y + layout.point_len
    y1 = layout.field_y + layout.field_h
    return x0, y1 - layout.point_len, x0 + layout.point_w, y1


def number_center(col: int, top: bool, layout: Layout = LAYOUT,
                  ring: int = 0) -> tuple[int, int]:
    """Centre of the point number printed on the frame beyond the point's base; ``ring``
    0 is the row of numbers next to the points, 1 the row beyond it."""
    cx = layout.column_x(col) + layout.point_w // 2
    _, y0, _, y1 = ruler_rect(top, ring, layout)
    return cx, (y0 + y1) // 2


def ruler_rect(top: bool, ring: int = 0, layout: Layout = LAYOUT) -> tuple[int, int, int, int]:
    """One row of point numbers along the top or bottom frame, across the whole field."""
    x0, x1 = layout.field_x, layout.field_x + layout.field_w
    r = layout.ruler
    if top:
        y1 = layout.field_y - 2 - ring * r
        return x0, y1 - r, x1, y1
    y0 = layout.field_y + layout.field_h + 2 + ring * r
    return x0, y0, x1, y0 + r


def bar_center(side_at_bottom: bool, index: int, layout: Layout = LAYOUT) -> tuple[int, int]:
    """Checker ``index`` of a side's bar stack on the rail: the bottom player's in the lower
    half, the top player's in the upper half, both growing away from the middle."""
    d = layout.checker
    dist = layout.middle // 2 + d // 2 + 6 + index * (d + 2)
    y = layout.mid_y + dist if side_at_bottom else layout.mid_y - dist
    return layout.rail_cx, y


def arrow_bow(a: tuple[float, float], b: tuple[float, float], mid_y: float) -> int:
    """How far a last-turn arrow from ``a`` to ``b`` bends at its middle (positive: down).

    A long arrow along one side of the board bows toward the middle, over the empty tips
    of the points instead of across the checkers at their bases; short or crossing
    arrows stay straight.
    """
    (ax, ay), (bx, by) = a, b
    dx, dy = abs(bx - ax), abs(by - ay)
    if (ay - mid_y) * (by - mid_y) <= 0 or dx <= 150 or dx <= 2 * dy:
        return 0
    return min(round(dx * 0.2), 70) * (1 if ay < mid_y else -1)


def clear_of(xy: tuple[float, float], spot: tuple[float, float],
             layout: Layout = LAYOUT) -> tuple[float, float]:
    """Where a last-turn arrow starts that would start at ``xy``, when a stack's count is
    written at ``spot``: moved toward the middle of the board to the stack's outer edge,
    so its start dot never covers the count; ``xy`` itself when it is clear."""
    x, y = xy
    if math.dist(xy, spot) >= layout.checker * 0.6:
        return xy
    step = layout.checker * 0.62
    return x, y + (step if y < layout.mid_y else -step)


DIE = 54  # size of a die of the roll to play, in pixels
PAST_DIE = 40  # size of a die of the roll just played


def dice_y(layout: Layout = LAYOUT) -> int:
    """Centre line of the dice in the middle band; the roll's name is written under it."""
    return layout.mid_y - layout.middle // 2 + 8 + DIE // 2


def label_y(layout: Layout = LAYOUT) -> int:
    """Centre line of the roll's name (or the play just made) under the dice."""
    return layout.mid_y + layout.middle // 2 - 8 - (layout.text + 10) // 2


def die_centers(n: int, right: bool, layout: Layout = LAYOUT,
                size: int = DIE) -> list[tuple[int, int]]:
    """Centres of ``n`` dice thrown into the left or right half, in the middle band above
    the roll's name: each player throws into their own right half, so the bottom player's
    dice lie in the right half and the top player's in the left."""
    cx = layout.half_centre_x(right)
    step = size + 10
    x0 = cx - (n - 1) * step / 2
    return [(round(x0 + i * step), dice_y(layout)) for i in range(n)]


BAR_SHOWN = 4  # checkers drawn on the rail before the stack shows its count instead


def tray_rect(viewer: bool, layout: Layout = LAYOUT) -> tuple[int, int, int, int]:
    """The borne-off tray of a side, right of the board.  The viewer's is the upper one,
    beside the viewer's own 19–24 (always top right), so bear-off arrows stay short."""
    x0, x1 = layout.tray_x, layout.tray_x + layout.tray_w
    if not viewer:
        return x0, layout.mid_y + 6, x1, layout.board_y + layout.board_h
    return x0, layout.board_y, x1, layout.mid_y - 6


def slab_rect(viewer: bool, index: int, layout: Layout = LAYOUT) -> tuple[int, int, int, int]:
    """Borne-off checker ``index`` (0 first) as a slab, stacked from the tray's outer end."""
    x0, y0, x1, y1 = tray_rect(viewer, layout)
    pad = 12
    t = layout.slab
    if not viewer:
        yb = y1 - pad - index * (t + 1)
        return x0 + pad, yb - t, x1 - pad, yb
    yt = y0 + pad + index * (t + 1)
    return x0 + pad, yt, x1 - pad, yt + t
