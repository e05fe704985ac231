"""Board themes (render.themes): named, complete, and readable."""

from __future__ import annotations

from dataclasses import fields

import pytest

from render.themes import CLASSIC, CONTRAST, THEMES, Theme, get_theme


def luminance(c: tuple[int, ...]) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_themes_by_name_and_an_unknown_one_refused() -> None:
    assert get_theme("classic") is CLASSIC and get_theme(CONTRAST) is CONTRAST
    assert set(THEMES) == {CLASSIC.name, CONTRAST.name}
    with pytest.raises(ValueError, match="unknown theme"):
        get_theme("neon")


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST], ids=lambda t: t.name)
def test_every_colour_is_rgb(theme: Theme) -> None:
    for f in fields(theme):
        value = getattr(theme, f.name)
        if isinstance(value, tuple):
            assert len(value) == 3 and all(0 <= v <= 255 for v in value), f.name


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST], ids=lambda t: t.name)
def test_the_strips_text_is_readable(theme: Theme) -> None:
    """WCAG's 4.5:1 for the text on the canvas around the board."""
    assert contrast(theme.text, theme.background) >= 4.5


def test_the_contrast_theme_has_more_contrast() -> None:
    assert contrast(CONTRAST.text, CONTRAST.background) >= \
        contrast(CLASSIC.text, CLASSIC.background)
