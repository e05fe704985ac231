"""Text on the pictures (render.fonts): widths, cutting and wrapping, legible sizes."""

from __future__ import annotations

from render.fonts import DESKTOP, PHONE, fit, smallest_legible, text_width, undrawable, wrap


def test_wider_text_and_bolder_weights_measure_wider() -> None:
    assert text_width("Bräde", 30) < text_width("Brädespel", 30)
    assert text_width("Bräde", 30) < text_width("Bräde", 40)
    assert text_width("Bräde", 30, "regular") <= text_width("Bräde", 30, "bold")


def test_fit_cuts_with_an_ellipsis_only_when_needed() -> None:
    assert fit("kort", 30, "regular", 1000) == "kort"
    cut = fit("en mycket lång rad som inte får plats", 30, "regular", 200)
    assert cut.endswith("…") and text_width(cut, 30, "regular") <= 200


def test_wrap_breaks_between_words_within_the_width() -> None:
    text = "Vit vinner med jan och får två poäng i matchen"
    lines = wrap(text, 30, "regular", 260)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(text_width(x, 30, "regular") <= 260 for x in lines)


def test_smaller_shown_pictures_need_larger_text() -> None:
    desktop = smallest_legible(1040, *DESKTOP)
    phone = smallest_legible(1040, *PHONE)
    assert smallest_legible(1040) == phone > desktop >= 6  # the phone is the default
    assert smallest_legible(520) < phone  # half as wide: half the pixels per cap
    # a picture narrower than the phone shows it is shown at its own size
    assert smallest_legible(200) == smallest_legible(100) == 10


def test_swedish_and_common_scripts_are_drawable() -> None:
    assert undrawable("Bräde åäö ÅÄÖ – ½ «»") == []
