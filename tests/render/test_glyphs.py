"""Every string the board can show draws with real glyphs: no missing-glyph boxes for å,
ä, ö, the en dash or the multiplication sign (``render/fonts.py``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest

from engine.dice import FACE_NAMES, roll_name
from render.fonts import font, missing_glyphs
from render.options import BoardOptions
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
        render_board(Position.start(), BoardOptions.of("talisman", names=("Ken 健二", "דוד 🌸"),
                     fallback_names=("ken_42", "david")))
    texts = [t for t, _, _ in drawn]
    assert "ken_42" in texts and "דוד 🌸" in texts
    assert not any(undrawable(t) for t in texts)  # no missing-glyph box anywhere
    # nothing drawable at all, no fallback: the side's name
    with log_text() as drawn:
        render_board(Position.start(), BoardOptions.of("talisman", names=("健二", "李"), lang="en"))
    assert {"White", "Black"} <= {t for t, _, _ in drawn}


def test_a_name_is_cut_to_what_can_be_drawn_when_nothing_else_is_given() -> None:
    from render.fonts import readable, undrawable

    assert undrawable("Ken 健二", "bold") == ["健", "二"]
    assert readable("Ken 健二", weight="bold") == "Ken"
    assert readable("健二", "", weight="bold") == ""


@pytest.fixture(params=["shaped", "unshaped"])
def layout(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Both ways a mixed line is laid out: runs handed to libraqm in logical order,
    placed by FriBidi (where Pillow has libraqm and libfribidi is installed, as in the
    Docker image), and the line reordered by python-bidi and drawn with the basic layout
    (without them)."""
    from render import fonts

    if request.param == "shaped" and not fonts.SHAPED:
        pytest.skip("Pillow has no libraqm or FriBidi is not installed here")
    monkeypatch.setattr(fonts, "SHAPED", request.param == "shaped")
    fonts.text_mask.cache_clear()
    fonts.text_width.cache_clear()
    yield request.param
    fonts.text_mask.cache_clear()
    fonts.text_width.cache_clear()


def _on_screen(runs: list[tuple[str, str, bool]]) -> str:
    """The characters of the runs as they stand on the line, left to right."""
    return "".join(chars[::-1] if rtl else chars for _, chars, rtl in runs)


def _ink(text: str) -> list[set[tuple[int, int]]]:
    """The connected blobs of ink (8-neighbourhood) of ``text`` drawn at 40 px bold, left
    to right: a word whose letters join is one blob."""
    from render.fonts import text_mask

    mask, _, _ = text_mask(text, 40, "bold")
    w, h = mask.size
    px = mask.load()
    todo = {(x, y) for x in range(w) for y in range(h) if px[x, y] >= 128}
    blobs = []
    while todo:
        stack = [todo.pop()]
        blob = set(stack)
        while stack:
            x, y = stack.pop()
            for n in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if n in todo:
                    todo.remove(n)
                    blob.add(n)
                    stack.append(n)
        blobs.append(blob)
    return sorted(blobs, key=lambda b: min(x for x, _ in b))


@pytest.mark.parametrize(("name", "seen"), [
    ("שלום abc", "abc םולש"),  # Hebrew reads from the right
    ("abc שלום def", "abc םולש def"),
    ("מנחם 123", "123 םחנמ"),  # numbers stay left to right
    ("דוד 🌸", "🌸 דוד"),  # the emoji of a Hebrew name stands at its left end
    ("علي ٢٠٢٤", "٢٠٢٤ يلع"),
])
def test_right_to_left_names_are_laid_out_right_to_left(layout: str, name: str,
                                                       seen: str) -> None:
    from render.fonts import runs

    assert _on_screen(runs(name, "bold")) == seen


@pytest.mark.parametrize("name", [*NAMES, "שלום (abc)", "علي ٢٠٢٤", "abc שלום def"])
def test_runs_follow_the_bidirectional_algorithm(name: str) -> None:
    """FriBidi's order, as the runs put it together, is the order python-bidi's Rust
    implementation (unicode-bidi) gives the same line: two implementations agree."""
    import bidi

    from render.fonts import SHAPED, runs

    if not SHAPED:
        pytest.skip("Pillow has no libraqm or FriBidi is not installed here")
    assert _on_screen(runs(name, "bold")) == bidi.get_display(name)


def test_right_to_left_letters_are_drawn_right_to_left(layout: str) -> None:
    # lamed, the one Hebrew letter that rises above the others, is read first: it
    # stands at the right end
    blobs = _ink("לאאא")
    top = min(y for b in blobs for _, y in b)
    assert [i for i, b in enumerate(blobs) if any(y == top for _, y in b)] == [len(blobs) - 1]


def test_brackets_in_right_to_left_text_are_mirrored(layout: str) -> None:
    # "(2)" in a Hebrew name is read from the right: the leftmost glyph on the line is
    # its closing bracket, which right to left is drawn mirrored, as "(" (the ink
    # furthest left is the middle of the bracket, not its ends)
    blob = _ink("דוד (2)")[0]
    left = min(x for x, _ in blob)
    ys = sorted(y for _, y in blob)
    rows = [y for x, y in blob if x == left]
    assert ys[len(ys) // 4] < min(rows) and max(rows) < ys[3 * len(ys) // 4]


def test_arabic_letters_join_where_pillow_has_libraqm(layout: str) -> None:
    # محمد: meem, hah, meem and dal join into one stroke when shaped; drawn with the
    # basic layout they stand apart (readable, unjoined)
    assert len(_ink("محمد")) == (1 if layout == "shaped" else 4)
