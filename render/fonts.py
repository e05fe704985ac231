"""Fonts: Roboto (``font-roboto``, Apache 2.0) for everything the board itself writes, and
Noto (``manimgx-fonts``, OFL 1.1) for what Roboto lacks in a player's name: Hebrew,
Arabic, the other scripts Noto Sans covers, emoji (monochrome, drawn in the text's
colour) and symbols.  Both packages ship the TTF files inside the wheel, so nothing is
fetched at run time.

Pillow draws a string with one font and has no fallback, so a string with characters
Roboto has no glyph for is split into runs, each drawn with the first font of the chain
that has all its characters (which characters a font has: its ``cmap``, read with
fontTools), in the visual order of the bidirectional algorithm (``render.bidi``).  Where
Pillow has libraqm, each run is handed to it in logical order with its direction, and
libraqm shapes it (Arabic letters join, right-to-left runs are laid out right to left,
brackets mirrored); without libraqm the line is put in visual order by python-bidi and
drawn left to right, which is correct for Hebrew and readable, though unjoined, for
Arabic.  A character no font has (Chinese, say: Noto CJK alone is larger than the rest of
the image) is never drawn as an empty box: ``readable`` picks the caller's fallback name
instead, or leaves the character out.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache

import font_roboto
import manimgx_fonts
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, features

from render import bidi

_FILES = {
    "regular": font_roboto.Roboto,
    "medium": font_roboto.RobotoMedium,
    "bold": font_roboto.RobotoBold,
    "italic": font_roboto.RobotoItalic,
    "black": font_roboto.RobotoBlack,
}
_WGHT = {"regular": 400, "medium": 500, "bold": 700, "italic": 400, "black": 900}

_NOTO = os.path.dirname(manimgx_fonts.__file__)
#: The fallback chain after Roboto, in the order a character looks for its font: the
#: scripts a name is most likely written in first, emoji before the symbol font so that
#: a heart is an emoji heart.
FALLBACKS: tuple[str, ...] = tuple(os.path.join(_NOTO, f"{name}[wght].ttf") for name in (
    "NotoSansHebrew", "NotoSansArabic", "NotoSans", "NotoSansDevanagari", "NotoSansBengali",
    "NotoSansThai", "NotoSansArmenian", "NotoSansGeorgian", "NotoSansEthiopic",
    "NotoSansGujarati", "NotoSansGurmukhi", "NotoSansKannada", "NotoSansKhmer",
    "NotoSansLao", "NotoSansMalayalam", "NotoSansMyanmar", "NotoSansOriya",
    "NotoSansSinhala", "NotoSansTamil", "NotoSansTelugu", "NotoEmoji", "NotoSansSymbols"))

_PICTURES = frozenset(p for p in FALLBACKS if "Emoji" in p or "Symbols" in p)

RAQM = features.check("raqm")
#: Runs go to libraqm in logical order, placed by FriBidi's visual order (``render.bidi``);
#: otherwise the line is reordered by python-bidi and drawn with the basic layout.
SHAPED = RAQM and bidi.FRIBIDI


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    # The basic layout engine is deterministic and needs no libraqm; Roboto needs no
    # complex shaping for Swedish or English.
    return ImageFont.truetype(_FILES[weight], size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=128)
def _face(path: str, size: int, weight: str, shaped: bool) -> ImageFont.FreeTypeFont:
    """A face for a run of a mixed line at ``size``, a variable font's weight axis set to
    match Roboto's ``weight``, laid out with libraqm when ``shaped`` (shaping,
    right-to-left runs, mirroring)."""
    engine = ImageFont.Layout.RAQM if shaped else ImageFont.Layout.BASIC
    f = ImageFont.truetype(path, size, layout_engine=engine)
    try:
        axes = f.get_variation_axes()
    except OSError:  # not a variable font
        return f
    if axes:
        want = _WGHT.get(weight, 400)
        f.set_variation_by_axes([min(max(want, int(a["minimum"] or 0)), int(a["maximum"] or 0))
                                 if a["name"] in (b"Weight", "Weight") else int(a["default"] or 0)
                                 for a in axes])
    return f


# -- which characters a font has ----------------------------------------------------------------


@cache
def cmap(path: str) -> frozenset[int]:
    """The code points ``path`` maps to a glyph (its best Unicode ``cmap`` subtable, read
    with fontTools once per file).  FreeType draws any other character as the
    missing-glyph box, glyph 0."""
    with TTFont(path, lazy=True) as f:
        notdef = f.getGlyphOrder()[0]
        return frozenset(cp for cp, glyph in f.getBestCmap().items() if glyph != notdef)


def _ignorable(ch: str) -> bool:
    """Characters that draw nothing of their own: joiners, variation selectors, bidi
    marks, tags (they ride along with the run they are in)."""
    cp = ord(ch)
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= cp <= 0xFE0F \
        or 0xE0100 <= cp <= 0xE01EF


def _roboto(weight: str) -> frozenset[int]:
    return cmap(_FILES[weight])


def font_for(ch: str, weight: str = "regular") -> str | None:
    """The file that draws ``ch``: Roboto's ``weight`` or the first fallback that has it;
    None when no font here has it."""
    cp = ord(ch)
    if cp in _roboto(weight):
        return _FILES[weight]
    for path in FALLBACKS:
        if cp in cmap(path):
            return path
    return None


def undrawable(text: str, weight: str = "regular") -> list[str]:
    """The characters of ``text`` no font here has a glyph for (each once)."""
    return [ch for ch in dict.fromkeys(text)
            if not ch.isspace() and not _ignorable(ch) and font_for(ch, weight) is None]


def readable(text: str, *fallbacks: str, weight: str = "regular") -> str:
    """``text`` if every character of it can be drawn, else the first of ``fallbacks``
    that can (a member's username for a nickname in a script no font here has); failing
    all, ``text`` with the characters that cannot be drawn left out, or "" when nothing
    legible is left of it."""
    for cand in (text, *fallbacks):
        if cand and cand.strip() and not undrawable(cand, weight):
            return cand
    for cand in (text, *fallbacks):
        bad = set(undrawable(cand or "", weight))
        kept = " ".join("".join(ch for ch in (cand or "") if ch not in bad).split())
        if any(ch.isalnum() for ch in kept):
            return kept
    return ""


def missing_glyphs(text: str, f: ImageFont.FreeTypeFont) -> list[str]:
    """Characters of ``text`` that ``f`` would draw as the missing-glyph box."""
    path = f.path if isinstance(f.path, str) else None
    if path is not None:
        have = cmap(path)
        return [ch for ch in dict.fromkeys(text)
                if not ch.isspace() and not _ignorable(ch) and ord(ch) not in have]
    notdef = f.getmask("\U000f0000")
    ref = (notdef.size, bytes(notdef))
    return [ch for ch in dict.fromkeys(text) if not ch.isspace()
            and (lambda m: (m.size, bytes(m)) == ref)(f.getmask(ch))]


# -- runs -----------------------------------------------------------------------------------------


def _plain(text: str, weight: str) -> bool:
    pts = _roboto(weight)
    return all(ord(ch) in pts for ch in text)


def _owners(text: str, weight: str) -> list[str]:
    """The font file each character of ``text`` is drawn with."""
    owner: list[str] = []
    prev = _FILES[weight]
    for ch in text:
        path = None
        if _ignorable(ch) or unicodedata.category(ch).startswith("M"):
            path = prev if ord(ch) in cmap(prev) or _ignorable(ch) else font_for(ch, weight)
        elif ch.isspace() or not (ch.isalnum() or unicodedata.category(ch).startswith("S")):
            # spaces and punctuation stay in the run they are in, if its font has them
            # and is a text font (the emoji font's space is as wide as an emoji)
            path = prev if ord(ch) in cmap(prev) and prev not in _PICTURES \
                else font_for(ch, weight)
        else:
            path = font_for(ch, weight)
        owner.append(path or prev)
        prev = owner[-1]
    return owner


def runs(text: str, weight: str = "regular") -> list[tuple[str, str, bool]]:
    """``text`` as (font file, characters, right to left) runs in the order they are
    drawn left to right.  Where ``SHAPED``, a run is one font at one embedding level,
    its characters in logical order (libraqm lays a right-to-left run out right to left);
    otherwise the runs are pieces of the line already in visual order, never right to
    left."""
    if not text:
        return []
    if not SHAPED:
        shown = bidi.visual(text)
        owner = _owners(shown, weight)
        out: list[tuple[str, str, bool]] = []
        start = 0
        for i in range(1, len(shown) + 1):
            if i == len(shown) or owner[i] != owner[start]:
                out.append((owner[start], shown[start:i], False))
                start = i
        return out
    owner = _owners(text, weight)
    levels, order = bidi.levels_and_order(text)
    pieces: list[tuple[str, int, list[int]]] = []
    for i in order:  # visual positions, left to right
        if pieces and pieces[-1][0] == owner[i] and pieces[-1][1] == levels[i]:
            pieces[-1][2].append(i)
        else:
            pieces.append((owner[i], levels[i], [i]))
    return [(path, "".join(text[i] for i in sorted(idx)), level % 2 == 1)
            for path, level, idx in pieces]


def _run_face(path: str, size: int, weight: str, rtl: bool) -> ImageFont.FreeTypeFont:
    if path == _FILES[weight] and not rtl:
        return font(size, weight)
    return _face(path, size, weight, SHAPED)


def _run_text(chars: str, rtl: bool,
              face: ImageFont.FreeTypeFont) -> tuple[str, str | None]:
    """The characters as ``face`` is handed them, and the direction to draw them in:
    libraqm is told the run's direction; the basic layout draws them left to right as
    they come (no direction)."""
    if face.layout_engine == ImageFont.Layout.RAQM:
        return chars, "rtl" if rtl else "ltr"
    return chars, None


# -- drawing --------------------------------------------------------------------------------------


_LOG: list[list[tuple[str, int, str]]] = []


@contextmanager
def log_text() -> Iterator[list[tuple[str, int, str]]]:
    """Collect (text, size, weight) of every text drawn inside the block: the text-size
    test reads every string a board shows from here."""
    out: list[tuple[str, int, str]] = []
    _LOG.append(out)
    try:
        yield out
    finally:
        _LOG.remove(out)


def note_text(text: str, size: int, weight: str) -> None:
    for out in _LOG:
        out.append((text, size, weight))


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, weight: str = "regular",
              anchor: str = "la") -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a mask, with its offset from the anchor point.

    Boards repeat most of their words (names, roll names, counts), and pasting a cached
    mask is several times cheaper than rasterising the glyphs again.
    """
    if _plain(text, weight):
        f = font(size, weight)
        # Whole pixels: the basic layout engine measures in them (Pillow types them as float).
        x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
        mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
        ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
        return mask, x0, y0
    return _mixed_mask(text, size, weight, anchor)


def _mixed_mask(text: str, size: int, weight: str,
                anchor: str) -> tuple[Image.Image, int, int]:
    """A line of several runs on Roboto's baseline; anchors as Pillow's, measured on
    Roboto's ascender and descender so a name with emoji sits where a plain one does."""
    placed = []
    pen = 0.0
    top, bottom = 0, 0
    for path, chars, rtl in runs(text, weight):
        f = _run_face(path, size, weight, rtl)
        s, direction = _run_text(chars, rtl, f)
        _, y0, _, y1 = (int(v) for v in f.getbbox(s, anchor="ls", direction=direction))
        placed.append((f, s, direction, pen))
        top, bottom = min(top, y0), max(bottom, y1)
        pen += f.getlength(s, direction=direction)
    width = max(1, round(pen) + 2)
    mask = Image.new("L", (width + 4, max(1, bottom - top)), 0)
    dr = ImageDraw.Draw(mask)
    for f, s, direction, x in placed:
        dr.text((x + 2, -top), s, font=f, fill=255, anchor="ls", direction=direction)
    asc, desc = font(size, weight).getmetrics()
    h, v = anchor[0], anchor[1]
    ax = {"l": 0.0, "m": pen / 2, "r": pen}[h]
    ay = {"a": -asc, "t": top, "m": (desc - asc) / 2, "s": 0, "b": bottom, "d": desc}[v]
    return mask, round(-2 - ax), round(top - ay)


def draw_text(im: Image.Image, xy: tuple[float, float], text: str, size: int,
              fill: tuple[int, int, int], weight: str = "regular",
              anchor: str = "la") -> tuple[int, int, int, int]:
    """Draw ``text`` and return the box it covers."""
    note_text(text, size, weight)
    mask, dx, dy = text_mask(text, size, weight, anchor)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    im.paste(fill, (x, y), mask)
    return x, y, x + mask.width, y + mask.height


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: str = "regular") -> int:
    if _plain(text, weight):
        return round(font(size, weight).getlength(text))
    total = 0.0
    for path, chars, rtl in runs(text, weight):
        f = _run_face(path, size, weight, rtl)
        s, direction = _run_text(chars, rtl, f)
        total += f.getlength(s, direction=direction)
    return round(total)


def fit(text: str, size: int, weight: str, width: float) -> str:
    """``text``, cut with an ellipsis where it would be wider than ``width``."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: int, weight: str, width: float) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (a word wider
    than that alone cut by ``fit``)."""
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if cur and text_width(trial, size, weight) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    lines.append(cur)
    return [fit(x, size, weight, width) for x in lines]


@cache
def cap_height(size: int, weight: str = "regular") -> int:
    """How tall a capital letter (and a digit) of this size is drawn, in pixels: what a
    reader calls the size of a text on a picture."""
    _, y0, _, y1 = font(size, weight).getbbox("H", anchor="ls")
    return round(y1 - y0)


#: Where Discord shows a picture and how tall a capital must be there to be read, as
#: (width shown, capital height) in pixels: a desktop channel shows an attached picture
#: at most about 550 px wide, a phone only about 310–330 px (issue 46; issue 37 measured
#: 400).  Every picture the bot posts — boards, problems and their answers, standings,
#: brackets, the analysis, a replay's frames — is held to the phone: capitals 8 px tall
#: shown 320 px wide (the same ratio as issue 37's 10 px at 400, so the boards kept their
#: sizes), hence larger still on a desktop.
DESKTOP: tuple[int, float] = (550, 11.0)
PHONE: tuple[int, float] = (320, 8.0)
#: The tallest a picture is shown at a phone's width: Discord (and SimCord's preview)
#: draws a taller picture narrower than ``PHONE[0]``, and its texts shrink with it.
PHONE_TALLEST = 720


def shown_whole(width: float, height: float) -> bool:
    """Whether a picture ``width`` × ``height`` is shown a phone's full width (or its
    own, when narrower), not narrower for its height."""
    return height * min(PHONE[0], width) <= PHONE_TALLEST * width


@cache
def smallest_legible(image_width: int, shown: int = PHONE[0], cap: float = PHONE[1]) -> int:
    """The smallest text size whose capitals are at least ``cap`` pixels tall when a
    picture ``image_width`` wide is shown ``shown`` wide (default: a phone, ``PHONE``;
    a picture narrower than that is shown at its own size)."""
    size = 6
    while min(cap_height(size, w) for w in ("regular", "medium", "bold")) * \
            min(shown, image_width) < cap * image_width:
        size += 1
    return size


def legible(size: int, image_width: int, shown: int = PHONE[0],
            cap: float = PHONE[1]) -> bool:
    """Whether ``size`` text on a picture ``image_width`` wide is read where it is shown:
    its capitals (in the lightest weight drawn) at least ``cap`` px tall at ``shown`` px
    wide, or at its own size when narrower."""
    return min(cap_height(size, w) for w in ("regular", "medium", "bold")) * \
        min(shown, image_width) >= cap * image_width
