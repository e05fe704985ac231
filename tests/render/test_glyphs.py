"""Every string the board can show draws with real glyphs: no missing-glyph boxes for å,
ä, ö, the en dash or the multiplication sign (DESIGN.md, fonts)."""

from __future__ import annotations

import unicodedata

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


# -- names in other scripts (issue 25, point 4) ------------------------------------------------

NAMES = ["שלום עליכם", "محمد علي", "Erik 🎲🔥", "דוד 🌸 (2)", "👨‍👩‍👧 family", "Zoë ❤️",
         "Ψυχή", "Дмитрий", "नमस्ते", "สมชาย", "Nguyễn Văn An", "Åsa Öberg"]


@pytest.mark.parametrize("name", NAMES)
def test_names_in_other_scripts_draw_without_a_missing_glyph(name: str) -> None:
    from render.fonts import FALLBACKS, cmap, readable, runs, undrawable

    assert undrawable(name, "bold") == []
    assert readable(name, "fallback", weight="bold") == name
    # each run's font has a glyph for every character it is given to draw
    for path, chars, _ in runs(name, "bold"):
        have = cmap(path)
        assert all(ord(c) in have or unicodedata.category(c) == "Cf"
                   or 0xFE00 <= ord(c) <= 0xFE0F for c in chars), (path, chars)
    assert len(FALLBACKS) > 5


def test_the_board_draws_the_names_it_is_given_or_their_fallbacks() -> None:
    from engine.position import Position
    from render import render_board
    from render.fonts import log_text, undrawable

    with log_text() as drawn:
        render_board(Position.start(), "talisman", names=("Ken 健二", "דוד 🌸"),
                     fallback_names=("ken_42", "david"))
    texts = [t for t, _, _ in drawn]
    assert "ken_42" in texts and "דוד 🌸" in texts
    assert not any(undrawable(t) for t in texts)  # no missing-glyph box anywhere
    # nothing drawable at all, no fallback: the side's name
    with log_text() as drawn:
        render_board(Position.start(), "talisman", names=("健二", "李"), lang="en")
    assert {"White", "Black"} <= {t for t, _, _ in drawn}


def test_a_name_is_cut_to_what_can_be_drawn_when_nothing_else_is_given() -> None:
    from render.fonts import readable, undrawable

    assert undrawable("Ken 健二", "bold") == ["健", "二"]
    assert readable("Ken 健二", weight="bold") == "Ken"
    assert readable("健二", "", weight="bold") == ""


def test_right_to_left_names_are_laid_out_right_to_left() -> None:
    from render.bidi import display
    from render.fonts import RAQM, runs, text_mask

    assert display("שלום abc") == "abc םולש"  # Hebrew reads from the right
    assert display("abc שלום def") == "abc םולש def"
    assert display("מנחם 123") == "123 םחנמ"  # numbers stay left to right
    # the runs come in visual order: the emoji of a Hebrew name stands at its left end
    assert [r[1].strip() for r in runs("דוד 🌸", "bold")] == ["🌸", "דוד"]
    # shaped Arabic is narrower than its letters set apart (they join) with libraqm
    joined, _, _ = text_mask("محمد", 40, "bold")
    apart, _, _ = text_mask(" ".join("محمد"), 40, "bold")
    assert joined.width < apart.width
    assert RAQM or joined.width > 0
