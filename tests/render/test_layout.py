"""Screen geometry: which board point lands where for each geometry and perspective (G-4),
and the traditional stacking of bands (seed 004, "Band och blottor")."""

from __future__ import annotations

import pytest

from engine.position import Geometry, Side
from render.layout import (
    LAYOUT,
    checker_center,
    point_center,
    point_rect,
    stack_offsets,
    view_slot,
)


@pytest.mark.parametrize("geometry", list(Geometry))
def test_white_view_puts_board_numbers_in_standard_slots(geometry: Geometry) -> None:
    # White's own numbers are the board's: 1 bottom right, 12 bottom left, 13 top left.
    assert view_slot(1, Side.WHITE, geometry) == (11, False)
    assert view_slot(12, Side.WHITE, geometry) == (0, False)
    assert view_slot(13, Side.WHITE, geometry) == (0, True)
    assert view_slot(24, Side.WHITE, geometry) == (11, True)


@pytest.mark.parametrize("geometry", list(Geometry))
def test_black_view_puts_blacks_own_point_one_bottom_right(geometry: Geometry) -> None:
    for own in range(1, 25):
        board = geometry.board_point(Side.BLACK, own)
        col, top = view_slot(board, Side.BLACK, geometry)
        assert top == (own >= 13)
        assert col == (12 - own if own <= 12 else own - 13)


def test_brade_black_view_is_the_board_turned_half_round() -> None:
    # G-4 bräde: black's p is white's p±12, so black's view is a 180° turn.
    for b in range(1, 25):
        wc, wt = view_slot(b, Side.WHITE, Geometry.BRADE)
        bc, bt = view_slot(b, Side.BLACK, Geometry.BRADE)
        assert (bc, bt) == (11 - wc, not wt)


def test_backgammon_and_kontrar_black_view_flips_top_and_bottom() -> None:
    for g in (Geometry.BACKGAMMON, Geometry.KONTRAR):
        for b in range(1, 25):
            wc, wt = view_slot(b, Side.WHITE, g)
            assert view_slot(b, Side.BLACK, g) == (wc, not wt)


def test_dubbel_kontrar_black_view_mirrors_left_and_right() -> None:
    for b in range(1, 25):
        wc, wt = view_slot(b, Side.WHITE, Geometry.DUBBEL_KONTRAR)
        assert view_slot(b, Side.BLACK, Geometry.DUBBEL_KONTRAR) == (11 - wc, wt)


def test_lang_puff_looks_the_same_from_both_sides() -> None:
    for b in range(1, 25):
        assert view_slot(b, Side.BLACK, Geometry.LANG) == view_slot(b, Side.WHITE, Geometry.LANG)


@pytest.mark.parametrize("n", range(1, 16))
def test_band_stands_in_two_equal_stacks_with_odd_checker_on_top_in_the_middle(n: int) -> None:
    offs = stack_offsets(n)
    assert len(offs) == n
    left = [d for dx, d in offs if dx < 0]
    right = [d for dx, d in offs if dx > 0]
    middle = [d for dx, d in offs if dx == 0]
    assert len(left) == len(right) == n // 2
    assert len(middle) == n % 2
    if middle:  # on top: farther from the base than every stacked checker
        assert all(middle[0] > d for d in left + right)
    # a tall band closes up instead of overflowing its point
    assert max(d for _, d in offs) + LAYOUT.checker / 2 <= LAYOUT.point_len


@pytest.mark.parametrize("perspective", list(Side))
@pytest.mark.parametrize("geometry", list(Geometry))
def test_point_center_lies_inside_its_point(geometry: Geometry, perspective: Side) -> None:
    for b in range(1, 25):
        x, y = point_center(b, perspective, geometry=geometry)
        col, top = view_slot(b, perspective, geometry)
        x0, y0, x1, y1 = point_rect(col, top)
        assert x0 < x < x1 and y0 < y < y1
        assert (x, y) == checker_center(b, 0, 1, perspective, geometry)


def test_layout_is_at_least_1000_pixels_wide() -> None:
    assert LAYOUT.width >= 1000


def test_long_arrows_along_one_side_bow_toward_the_middle() -> None:
    from render.layout import arrow_bow

    mid = LAYOUT.mid_y
    top, bottom = mid - 250, mid + 250
    assert arrow_bow((100, top), (600, top), mid) > 0  # top row: bends down
    assert arrow_bow((600, bottom), (100, bottom), mid) < 0  # bottom row: bends up
    assert arrow_bow((100, top), (180, top), mid) == 0  # next point: straight
    assert arrow_bow((100, top), (600, bottom), mid) == 0  # across the board: straight
