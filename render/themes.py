"""Colour themes.  A theme is plain data; the drawing code never names a colour itself.

``classic`` is a wooden bräde board: walnut frame, maple field, oxblood and ivory points,
ivory and ebony checkers.  ``contrast`` is for colour-blind and low-vision spectators: it
uses the Okabe–Ito palette (distinguishable under every common colour-vision deficiency)
and separates everything by lightness and shape as well as hue — hits are crosses, bursts
are stars, whatever the colours.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    name: str
    background: RGB  # canvas around the board
    text: RGB  # information strips
    muted: RGB  # secondary text
    accent: RGB  # whose turn it is
    frame: RGB  # frame wood (or flat colour)
    frame_dark: RGB  # frame grain / bevel shadow
    frame_light: RGB  # bevel highlight
    field: RGB  # playing surface
    field_grain: RGB
    point_dark: RGB
    point_light: RGB
    point_edge: RGB
    numbers: RGB  # point numbers on the frame
    rail: RGB
    tray: RGB
    white_face: RGB
    white_rim: RGB
    white_text: RGB  # count written on a white checker
    black_face: RGB
    black_rim: RGB
    black_text: RGB
    arrow: RGB  # last-turn arrows
    arrow_edge: RGB
    hit: RGB  # a blot hit
    burst: RGB  # a band burst
    warn: RGB  # jan danger
    blockade: RGB
    die_face: RGB
    die_pip: RGB
    die_edge: RGB
    strip: RGB  # information strip background
    strip_active: RGB  # strip of the side to move
    field_text: RGB  # words written on the playing field
    wood: bool = True  # draw grain


CLASSIC = Theme(
    name="classic",
    background=(38, 27, 20),
    text=(246, 236, 216),
    muted=(196, 176, 150),
    accent=(244, 190, 80),
    frame=(112, 66, 38),
    frame_dark=(78, 44, 24),
    frame_light=(150, 98, 60),
    field=(224, 194, 146),
    field_grain=(209, 176, 126),
    point_dark=(122, 38, 28),
    point_light=(247, 236, 212),
    point_edge=(92, 58, 34),
    numbers=(246, 228, 196),
    rail=(104, 60, 34),
    tray=(86, 50, 28),
    white_face=(246, 240, 228),
    white_rim=(196, 182, 160),
    white_text=(70, 44, 28),
    black_face=(40, 34, 32),
    black_rim=(12, 10, 10),
    black_text=(240, 226, 200),
    arrow=(36, 150, 196),
    arrow_edge=(10, 40, 60),
    hit=(214, 40, 40),
    burst=(255, 166, 0),
    warn=(255, 120, 60),
    blockade=(255, 200, 60),
    die_face=(250, 247, 240),
    die_pip=(30, 24, 20),
    die_edge=(120, 100, 80),
    strip=(52, 37, 27),
    strip_active=(86, 58, 34),
    field_text=(60, 40, 24),
)

# Okabe & Ito (2008): blue #0072B2, orange #E69F00, sky blue #56B4E9, vermillion #D55E00,
# yellow #F0E442, reddish purple #CC79A7, bluish green #009E73.
CONTRAST = Theme(
    name="contrast",
    background=(0, 0, 0),
    text=(255, 255, 255),
    muted=(200, 200, 200),
    accent=(240, 228, 66),
    frame=(28, 28, 28),
    frame_dark=(0, 0, 0),
    frame_light=(90, 90, 90),
    field=(232, 232, 232),
    field_grain=(232, 232, 232),
    point_dark=(0, 114, 178),
    point_light=(230, 159, 0),
    point_edge=(0, 0, 0),
    numbers=(255, 255, 255),
    rail=(28, 28, 28),
    tray=(50, 50, 50),
    white_face=(255, 255, 255),
    white_rim=(0, 0, 0),
    white_text=(0, 0, 0),
    black_face=(0, 0, 0),
    black_rim=(255, 255, 255),
    black_text=(255, 255, 255),
    arrow=(204, 121, 167),
    arrow_edge=(0, 0, 0),
    hit=(213, 94, 0),
    burst=(240, 228, 66),
    warn=(240, 228, 66),
    blockade=(0, 158, 115),
    die_face=(255, 255, 255),
    die_pip=(0, 0, 0),
    die_edge=(0, 0, 0),
    strip=(20, 20, 20),
    strip_active=(0, 70, 110),
    field_text=(0, 0, 0),
    wood=False,
)

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, CONTRAST)}


def get_theme(theme: str | Theme) -> Theme:
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r}; known: {', '.join(THEMES)}") from None
