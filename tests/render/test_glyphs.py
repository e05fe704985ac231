"""Every string the board can show draws with real glyphs: no missing-glyph boxes for å,
ä, ö, the en dash or the multiplication sign (``render/fonts.py``)."""

from __future__ import annotations

import pytest

from engine.dice import FACE_NAMES, roll_name
from render.fonts import font, missing_glyphs
from render.texts import LABELS, all_strings

WEIGHTS = ("regular", "medium", "bold")


def test_the_check_can_fail() -> None:
    # Roboto has no arrows: the check must notice, or it proves nothing.
    assert missing_glyphs("a→b", font(20)) == ["→"]
    assert missing_glyphs("åäö–×", font(20)) == []


def test_all_strings_cover_every_roll_name_and_label() -> None:
    strings = all_strings()
    for hi in range(1, 7):
        assert FACE_NAMES[hi] in strings
        for lo in range(1, hi + 1):
            assert any(roll_name((hi, lo)) in s for s in strings)
    joined = " ".join(strings)
    assert {"å", "ä", "ö", "–"} <= set(joined)
    assert len(strings) >= sum(len(v) for v in LABELS.values())


@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_board_string_has_every_glyph(weight: str) -> None:
    f = font(24, weight)
    missing = {s: m for s in all_strings() if (m := missing_glyphs(s, f))}
    assert missing == {}
