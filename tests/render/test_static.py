"""The static layer under every board (render.static): its numbers in each player's own
numbering (G-2, G-4), the colours that say whose numbers they are."""

from __future__ import annotations

import pytest

from engine.position import Geometry, Side
from render.static import number_for, ruler_colours
from render.themes import CLASSIC


@pytest.mark.parametrize("geometry", list(Geometry))
@pytest.mark.parametrize("view", list(Side))
def test_each_side_numbers_every_point_once(geometry: Geometry, view: Side) -> None:
    for owner in Side:
        seen = {number_for(geometry, view, owner, col, top)
                for col in range(12) for top in (False, True)}
        assert seen == set(range(1, 25))


def test_the_viewers_own_numbers_run_from_the_bottom_right() -> None:
    g = Geometry.BRADE
    assert number_for(g, Side.WHITE, Side.WHITE, 11, False) == 1
    assert number_for(g, Side.WHITE, Side.WHITE, 0, False) == 12
    assert number_for(g, Side.WHITE, Side.WHITE, 0, True) == 13
    assert number_for(g, Side.WHITE, Side.WHITE, 11, True) == 24
    assert number_for(g, Side.BLACK, Side.BLACK, 11, False) == 1


def test_the_rulers_wear_their_owners_colours() -> None:
    assert ruler_colours(CLASSIC, Side.WHITE) == (CLASSIC.white_face, CLASSIC.white_text)
    assert ruler_colours(CLASSIC, Side.BLACK) == (CLASSIC.black_face, CLASSIC.black_text)
