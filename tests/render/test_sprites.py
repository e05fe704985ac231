"""The small pictures a board is made of (render.sprites): sizes, shapes and colours."""

from __future__ import annotations

import pytest

from engine.position import Side
from render.sprites import checker, die, faded_face, hit_marker
from render.themes import CLASSIC, CONTRAST, Theme


def test_sizes_are_as_promised() -> None:
    assert checker(CLASSIC, Side.WHITE, 40).size == (44, 44)
    assert die(CLASSIC, 3, 30).size == (36, 36)
    assert hit_marker(CLASSIC, 20).mode == "RGBA"


def test_a_checker_shows_its_sides_face_at_its_centre() -> None:
    for side, face in ((Side.WHITE, CLASSIC.white_face), (Side.BLACK, CLASSIC.black_face)):
        im = checker(CLASSIC, side, 40)
        r, g, b, a = im.getpixel((21, 21))
        assert a == 255
        assert sum(abs(x - y) for x, y in zip((r, g, b), face, strict=True)) < 60


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST], ids=lambda t: t.name)
def test_a_faded_die_differs_from_a_live_one(theme: Theme) -> None:
    live, faded = die(theme, 5, 30), die(theme, 5, 30, faded=True)
    assert live.tobytes() != faded.tobytes()
    assert faded_face(theme) not in (theme.die_face, theme.die_edge)


def test_each_face_has_its_own_picture() -> None:
    faces = {die(CLASSIC, f, 30).tobytes() for f in range(1, 7)}
    assert len(faces) == 6
