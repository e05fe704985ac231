"""PNG encoding onto a theme's palette (render.encode): the theme's own colours exact, and
mapping only the boxes drawn since the static layer gives the same picture as mapping
everything."""

from __future__ import annotations

from dataclasses import fields

from PIL import Image, ImageDraw

import render.board  # noqa: F401  (registers the sample boards the palette learns from)
from render.encode import indexed, palette, to_png
from render.themes import CLASSIC
from tests.render.helpers import decode


def test_the_themes_own_colours_are_in_its_palette_exactly() -> None:
    pal = palette(CLASSIC).getpalette() or []
    colours = {tuple(pal[i:i + 3]) for i in range(0, 768, 3)}
    for f in fields(CLASSIC):
        value = getattr(CLASSIC, f.name)
        if isinstance(value, tuple):
            assert value in colours, f.name


def test_only_the_boxes_drawn_since_the_base_are_mapped_and_nothing_changes() -> None:
    static = Image.new("RGB", (120, 80), CLASSIC.background)
    ImageDraw.Draw(static).rectangle((10, 10, 110, 70), fill=CLASSIC.field)
    base = indexed(static, CLASSIC)
    drawn = static.copy()
    boxes = [(20, 20, 40, 40), (35, 30, 60, 50), (90, 5, 118, 15)]
    dr = ImageDraw.Draw(drawn)
    dr.ellipse((20, 20, 39, 39), fill=CLASSIC.accent)
    dr.rectangle((35, 30, 59, 49), fill=(200, 30, 30))  # not a theme colour: mapped
    dr.line((90, 5, 117, 14), fill=CLASSIC.text, width=3)
    partial = decode(to_png(drawn, CLASSIC, base, boxes))
    whole = decode(to_png(drawn, CLASSIC))
    assert partial.tobytes() == whole.tobytes()
    assert partial.getpixel((30, 30)) == CLASSIC.accent
