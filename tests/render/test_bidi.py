"""The order of mixed-direction text (render.bidi): Hebrew and Arabic names read right to
left beside Latin text, through FriBidi where it loads and python-bidi otherwise."""

from __future__ import annotations

import pytest

from render import bidi

HEBREW = "שלום"


def test_visual_order_reverses_a_right_to_left_run_only() -> None:
    assert bidi.visual("Anna") == "Anna"
    assert bidi.visual(HEBREW) == HEBREW[::-1]
    mixed = bidi.visual(f"Anna {HEBREW} 3")
    assert mixed.startswith("Anna ") and HEBREW[::-1] in mixed


def test_brackets_in_right_to_left_text_are_mirrored() -> None:
    assert bidi.visual(f"{HEBREW} (1)").count("(") == 1
    assert bidi.visual(f"({HEBREW})") == f"({HEBREW[::-1]})"


@pytest.mark.skipif(not bidi.FRIBIDI, reason="GNU FriBidi is not installed here")
def test_fribidi_levels_and_order() -> None:
    levels, order = bidi.levels_and_order(f"ab {HEBREW}")
    assert levels[:3] == [0, 0, 0] and all(v % 2 == 1 for v in levels[3:])
    assert order[:3] == [0, 1, 2] and order[3:] == [6, 5, 4, 3]
    assert bidi.levels_and_order("") == ([], [])
