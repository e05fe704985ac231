"""``render_board``: one position (plus its context) to PNG bytes.

A pure function: no I/O, no clock, no randomness, so the same input gives the same bytes.
The static layer comes from a cache; each board pastes cached sprites on a copy of it,
writes its few words, and is encoded on a fixed palette.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from engine.dice import roll_name
from engine.notation import format_turn
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules.ruleset import Family
from engine.turn import Outcome, Turn
from render import encode, sprites
from render.analysis import TurnDrawing, band_runs, describe_turn, holds_iron_bands, jan_danger
from render.fonts import draw_text, font, text_width
from render.layout import (
    BAR_SHOWN,
    DIE,
    LAYOUT,
    Layout,
    arrow_bow,
    bar_center,
    checker_center,
    clear_of,
    die_centers,
    point_rect,
    slab_rect,
    tray_rect,
    view_slot,
)
from render.static import base_layer
from render.texts import (
    LANGS,
    RulesInfo,
    describe_rules,
    jan_text,
    label,
    outcome_text,
    side_name,
)
from render.themes import RGB, Theme, get_theme

COUNT_FROM = 7  # bands this tall show their count (seed 004: "mycket stort" bands)


@dataclass(frozen=True)
class Score:
    """Match score: points of each side and, for a match to N points, N."""

    white: int
    black: int
    length: int | None = None

    def of(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black


def _score(score: object) -> Score | None:
    if score is None or isinstance(score, Score):
        return score
    if isinstance(score, str):
        raise ValueError(f"score must be (white, black[, length]), not {score!r}")
    if isinstance(score, Mapping):
        return Score(int(score.get(Side.WHITE, score.get("white", 0))),
                     int(score.get(Side.BLACK, score.get("black", 0))),
                     int(score["length"]) if score.get("length") else None)
    if isinstance(score, Sequence) and len(score) in (2, 3):
        return Score(int(score[0]), int(score[1]), int(score[2]) if len(score) == 3 else None)
    raise ValueError(f"score must be (white, black[, length]) or a mapping, not {score!r}")


def _names(names: object) -> dict[Side, str]:
    if names is None:
        return {}
    if isinstance(names, Mapping):
        out = {}
        for k, v in names.items():
            out[Side(k)] = str(v)
        return out
    if isinstance(names, Sequence) and len(names) == 2:
        return {Side.WHITE: str(names[0]), Side.BLACK: str(names[1])}
    raise ValueError("names must map each side to a name, or be (white, black)")


def render_board(
    position: Position,
    rules: object = None,
    *,
    dice: Sequence[int] | None = None,
    last_turn: Turn | None = None,
    last_mover: Side | None = None,
    perspective: Side = Side.WHITE,
    theme: str | Theme = "classic",
    lang: str = "sv",
    names: object = None,
    score: object = None,
    dice_side: Side | None = None,
    layout: Layout = LAYOUT,
) -> bytes:
    """The board as PNG bytes.

    ``rules`` is a ``RuleSet``, a ruleset id or anything with an ``id`` (only its label and
    family are used).  ``dice`` are the dice on the board, thrown by ``dice_side`` (default:
    the side to move), with the roll's traditional name.  ``last_turn`` is drawn as arrows;
    its mover is inferred unless ``last_mover`` says.  ``names`` maps sides to player
    names; ``score`` is ``(white, black[, match length])``.

    ``perspective`` is the side the board is drawn for — pass the side of the player who
    acts on it (against the computer, the human).  That side sits at the bottom with its
    point 1 bottom right, the point labels are its own numbers (G-2), and the last turn's
    text is written in those numbers too (``format_turn(..., numbering=perspective)``),
    whoever moved, so the text names the labels its arrows start and end at.  Text is in
    ``lang`` ("sv": ``20/ut``; "en": ``20/off``).
    """
    th = get_theme(theme)
    b = _draw(position, rules, dice=dice, last_turn=last_turn, last_mover=last_mover,
              perspective=perspective, theme=th, lang=lang, names=names, score=score,
              dice_side=dice_side, layout=layout)
    base = _base_indexed(th, position.geometry, b.view, layout)
    return encode.to_png(b.im, th, base, b.dirty)


def render_image(position: Position, rules: object = None, **kwargs: Any) -> Image.Image:
    """The board as an RGB image, before palette encoding (arguments as ``render_board``)."""
    return _draw(position, rules, **kwargs).im


@lru_cache(maxsize=24)
def _base_indexed(theme: Theme, geometry: Geometry, perspective: Side,
                  layout: Layout) -> Image.Image:
    return encode.indexed(base_layer(theme, geometry, perspective, layout), theme)


def _draw(
    position: Position,
    rules: object = None,
    *,
    dice: Sequence[int] | None = None,
    last_turn: Turn | None = None,
    last_mover: Side | None = None,
    perspective: Side = Side.WHITE,
    theme: str | Theme = "classic",
    lang: str = "sv",
    names: object = None,
    score: object = None,
    dice_side: Side | None = None,
    layout: Layout = LAYOUT,
) -> _Board:
    if not isinstance(position, Position):
        raise TypeError("position must be an engine Position")
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    perspective = Side(perspective)
    th = get_theme(theme)
    info = describe_rules(rules, position.geometry, lang)
    if dice is not None:
        dice = tuple(int(d) for d in dice)
        if len(dice) not in (1, 2) or not all(1 <= d <= 6 for d in dice):
            raise ValueError(f"dice must be one or two faces 1–6, not {dice!r}")
    im = base_layer(th, position.geometry, perspective, layout).copy()
    b = _Board(im, position, info, th, lang, perspective, layout)
    drawing = describe_turn(position, last_turn, last_mover) if last_turn else None
    last = (drawing.mover, last_turn_text(last_turn, drawing.mover, perspective, lang)) \
        if drawing and last_turn else None
    over = last_turn is not None and last_turn.outcome is not None
    b.strips(_names(names), _score(score), last, over)
    b.blockades()
    if drawing:
        b.ghosts(drawing)
    b.checkers()
    if drawing:
        b.arrows(drawing)
    b.counts()  # last: no arrow or marker may cover a stack's count
    if last_turn is not None and last_turn.outcome is not None:
        b.outcome(last_turn.outcome)  # the game is over: the banner replaces the dice
    elif dice:
        b.dice(dice, Side(dice_side) if dice_side else position.turn)
    return b


def last_turn_text(turn: Turn, mover: Side, perspective: Side, lang: str = "sv") -> str:
    """The last turn as its strip writes it: in the numbering of the side the board is
    drawn from (the labels its arrows point at), with ``ut``/``off`` in the board's
    language — the engine's one turn formatter does the writing."""
    return format_turn(turn, lang, mover=mover, numbering=perspective)


class _Board:
    """One board being drawn; methods in painting order."""

    def __init__(self, im: Image.Image, pos: Position, info: RulesInfo, theme: Theme,
                 lang: str, perspective: Side, layout: Layout) -> None:
        self.im = im
        self.dirty: list[tuple[int, int, int, int]] = []  # boxes drawn over the base
        self.dr = _Recorder(ImageDraw.Draw(im), self.dirty)
        self.pos = pos
        self.info = info
        self.th = theme
        self.lang = lang
        self.view = perspective
        self.L = layout
        self.g: Geometry = pos.geometry
        self.badges: list[tuple[str, float, float, Side]] = []  # counts, painted last

    # -- helpers --------------------------------------------------------------------------
    def _paste(self, sprite: Image.Image, cx: float, cy: float) -> None:
        x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
        self.im.paste(sprite, (x, y), sprite)
        self.dirty.append((x, y, x + sprite.width, y + sprite.height))

    def _face(self, side: Side) -> tuple[RGB, RGB, RGB]:
        t = self.th
        if side is Side.WHITE:
            return t.white_face, t.white_rim, t.white_text
        return t.black_face, t.black_rim, t.black_text

    def _badge(self, text: str, cx: float, cy: float, side: Side, size: int = 19) -> None:
        """A count written on a stack's top checker in the checker's own ink.

        No disc of another colour: a dark disc on a white checker reads as a black checker
        (and the other way round).  A patch of the face's own colour only hides the
        groove of a wooden checker behind the digits.
        """
        face, _, ink = self._face(side)
        r = self.L.checker * 0.33
        self.dr.ellipse((cx - r, cy - r, cx + r, cy + r), fill=face)
        self._text((cx, cy + 1), text, size, ink, "bold", "mm")

    def counts(self) -> None:
        for text, cx, cy, side in self.badges:
            self._badge(text, cx, cy, side)

    def _text(self, xy: tuple[float, float], text: str, size: int, fill: RGB,
              weight: str = "regular", anchor: str = "la") -> None:
        self.dirty.append(draw_text(self.im, xy, text, size, fill, weight, anchor))

    def _at_bottom(self, side: Side) -> bool:
        return side is self.view

    # -- information strips -----------------------------------------------------------------
    def strips(self, names: dict[Side, str], score: Score | None,
               last: tuple[Side, str] | None = None, over: bool = False) -> None:
        """A strip per player: name, whose turn, pips, jan danger, järnbanden, the last turn's text,
        and on the right the match score and the ruleset."""
        L, th = self.L, self.th
        x0, x1 = L.margin, L.width - L.margin
        for side in (self.view, self.view.other):
            bottom = self._at_bottom(side)
            if bottom:
                y0 = L.board_y + L.board_h + 8
                y1 = L.height - 6
            else:
                y0, y1 = 6, L.board_y - 8
            active = side is self.pos.turn and not over
            self.dr.rounded_rectangle((x0, y0, x1, y1), 12,
                                      fill=th.strip_active if active else th.strip)
            if active:
                self.dr.rounded_rectangle((x0, y0, x0 + 8, y1), 4, fill=th.accent)
            cy = (y0 + y1) // 2
            # right end first, so the left side knows how much room it has
            rx = x1 - 18
            if score is not None:
                pts = str(score.of(side))
                w = max(44, text_width(pts, 30, "bold") + 20)
                self.dr.rounded_rectangle((rx - w, cy - 22, rx, cy + 22), 8,
                                          fill=th.background, outline=th.muted, width=1)
                self._text((rx - w / 2, cy + 1), pts, 30, th.text, "bold", "mm")
                rx -= w + 14
            if not bottom:
                note = self.info.title
            elif score is not None and score.length:
                note = label(self.lang, "match", n=score.length)
            else:
                note = ""
            word = label(self.lang, "to_move", side=side_name(self.lang, side)) \
                if active else ""
            pips = label(self.lang, "pips", n=self.pos.pips(side))
            danger = jan_danger(self.pos, side, self.info.family)
            chips = [(jan_text(self.lang, danger.free, danger.bar), th.warn)] if danger else []
            if holds_iron_bands(self.pos, side, self.info.family):
                chips.append((label(self.lang, "iron_bands"), th.blockade))
            name = names.get(side) or side_name(self.lang, side)
            plan = plan_strip(rx - (x0 + 64), text_width(name, 27, "bold"),
                              text_width(note, 20) + 24 if note else 0,
                              (text_width(word, 19, "bold") + 40 if word else 0)
                              + text_width(pips, 21) + 18,
                              [text_width(t, 19, "bold") + 40 for t, _ in chips])
            if plan.note:
                self._text((rx, cy + 1), note, 20, th.muted, "regular", "rm")
                rx -= text_width(note, 20) + 24
            chip = sprites.checker(th, side, 34)
            self._paste(chip, x0 + 38, cy)
            x = x0 + 64
            name = _fit(name, font(27, "bold"), plan.name)
            self._text((x, cy), name, 27, th.text, "bold", "lm")
            x += text_width(name, 27, "bold") + 16
            if word:
                w = text_width(word, 19, "bold") + 24
                self.dr.rounded_rectangle((x, cy - 15, x + w, cy + 15), 15, fill=th.accent)
                self._text((x + w / 2, cy + 1), word, 19, th.background, "bold", "mm")
                x += w + 16
            self._text((x, cy + 1), pips, 21, th.muted, "regular", "lm")
            x += text_width(pips, 21) + 18
            for txt, colour in chips[:plan.chips]:
                w = text_width(txt, 19, "bold") + 24
                self.dr.rounded_rectangle((x, cy - 15, x + w, cy + 15), 15, outline=colour,
                                          width=2)
                self._text((x + 12, cy + 1), txt, 19, colour, "bold", "lm")
                x += w + 16
            if last and last[0] is side and rx - x > 80:
                txt = _fit(label(self.lang, "last", text=last[1]), font(19, "medium"), rx - x)
                self._text((x, cy + 1), txt, 19, th.arrow if not th.wood else th.accent,
                           "medium", "lm")

    # -- blockades ----------------------------------------------------------------------------
    def blockades(self) -> None:
        words: dict[str, str] = {Family.BRADE: "blockade", Family.PUFF: "bridge"}
        word = words.get(self.info.family, "prime")
        for side in Side:
            for run in band_runs(self.pos, side):
                segments: dict[bool, list[int]] = {}
                for b in run:
                    col, top = view_slot(b, self.view, self.g)
                    segments.setdefault(top, []).append(col)
                first = True
                for top, cols in segments.items():
                    x0 = point_rect(min(cols), top, self.L)[0]
                    x1 = point_rect(max(cols), top, self.L)[2]
                    _, y0, _, y1 = point_rect(min(cols), top, self.L)
                    pad = 3
                    self.dr.rounded_rectangle((x0 + pad, y0 + pad, x1 - pad, y1 - pad), 10,
                                              outline=self.th.blockade, width=4)
                    if first:
                        first = False
                        txt = label(self.lang, word, n=len(run))
                        w = text_width(txt, 18, "bold") + 22
                        cx = (x0 + x1) / 2
                        cy = (y1 + 16) if top else (y0 - 16)
                        self.dr.rounded_rectangle((cx - w / 2, cy - 13, cx + w / 2, cy + 13),
                                                  13, fill=self.th.blockade)
                        self._text((cx, cy + 1), txt, 18, (20, 20, 20), "bold", "mm")

    # -- checkers ------------------------------------------------------------------------------
    def checkers(self) -> None:
        L, pos = self.L, self.pos
        d = L.checker
        for bpt in range(1, 25):
            side, n = pos.at_board(bpt)
            if not side:
                continue
            spr = sprites.checker(self.th, side, d)
            centres = [checker_center(bpt, i, n, self.view, self.g, L) for i in range(n)]
            for cx, cy in centres:
                self._paste(spr, cx, cy)
            if n >= COUNT_FROM:
                self.badges.append((str(n), *centres[-1], side))
            if pos.column is side and self.g.own_point(side, bpt) == 7:
                self._column_label(bpt, centres[-1][1])
        for side in Side:
            counts = pos.side(side)
            bottom = self._at_bottom(side)
            n = counts[BAR]
            if n:
                spr = sprites.checker(self.th, side, d)
                shown = min(n, BAR_SHOWN)
                for i in range(shown):
                    self._paste(spr, *bar_center(bottom, i, L))
                if n > shown:  # only when not all are drawn: the count, on the last one
                    self.badges.append((str(n), *bar_center(bottom, shown - 1, L), side))
            off = counts[OFF]
            tx0, ty0, tx1, ty1 = tray_rect(bottom, L)
            word = label(self.lang, "off")
            self._text(((tx0 + tx1) / 2, ty1 - 16 if bottom else ty0 + 16), word, 14,
                       self.th.muted, "medium", "mm")
            if off:
                face, rim, _ = self._face(side)
                for i in range(off):
                    x0, y0, x1, y1 = slab_rect(bottom, i, L)
                    self.dr.rounded_rectangle((x0, y0 + 1, x1, y1 + 1), 4, fill=(0, 0, 0))
                    self.dr.rounded_rectangle((x0, y0, x1, y1), 4, fill=face, outline=rim)
                    self.dr.line((x0 + 6, y0 + 3, x1 - 6, y0 + 3), fill=_lift(face), width=1)
                last = slab_rect(bottom, off - 1, L)
                cy = last[1] - 22 if not bottom else last[3] + 22
                self._text(((tx0 + tx1) / 2, cy), str(off), 26, self.th.text, "bold", "mm")

    def _column_label(self, bpt: int, tip_y: float) -> None:
        """The double-six column (seeds 001, 003) looks like a band but is not one: say so."""
        col, top = view_slot(bpt, self.view, self.g)
        cx = self.L.column_x(col) + self.L.point_w / 2
        cy = tip_y + (self.L.checker / 2 + 16) * (1 if top else -1)
        txt = label(self.lang, "column")
        w = text_width(txt, 16, "bold") + 16
        self.dr.rounded_rectangle((cx - w / 2, cy - 12, cx + w / 2, cy + 12), 12,
                                  fill=self.th.background)
        self._text((cx, cy + 1), txt, 16, self.th.text, "bold", "mm")

    # -- the last turn -------------------------------------------------------------------------
    def _place(self, place: int | str, n: int, side: Side) -> tuple[float, float]:
        """Centre of the ``n``-th checker (1-based) of a stack of ``n`` at a place."""
        bottom = self._at_bottom(side)
        if place == "bar":
            return bar_center(bottom, min(max(n, 1), BAR_SHOWN) - 1, self.L)
        if place == "off":
            x0, y0, x1, y1 = slab_rect(bottom, max(n, 1) - 1, self.L)
            return (x0 + x1) / 2, (y0 + y1) / 2
        return checker_center(int(place), max(n, 1) - 1, max(n, 1), self.view, self.g, self.L)

    def ghosts(self, drawing: TurnDrawing) -> None:
        spr = sprites.ghost(self.th, drawing.mover, self.L.checker)
        for place, (after, before) in drawing.vacated.items():
            if place == "bar":
                for i in range(after, min(before, BAR_SHOWN)):
                    self._paste(spr, *bar_center(self._at_bottom(drawing.mover), i, self.L))
                continue
            if place == "off":
                continue
            for i in range(after, before):
                self._paste(spr, *checker_center(int(place), i, before, self.view, self.g,
                                                 self.L))

    def arrows(self, drawing: TurnDrawing) -> None:
        mover = drawing.mover
        groups: dict[tuple, list] = {}
        for st in drawing.steps:
            a = self._clear_of_counts(self._place(st.frm, st.frm_n, mover))
            bpt = self._place(st.to, st.to_n, mover)
            groups.setdefault((a, bpt), []).append(st)
        self.dirty.extend(_draw_arrows(self.im, [(a, b, len(v)) for (a, b), v in groups.items()],
                                       self.th, self.L.checker, self.L.mid_y))
        r = self.L.checker / 2
        for (_, (bx, by)), sts in groups.items():
            if any(s.burst for s in sts):
                self._paste(sprites.burst_marker(self.th, 40), bx + r * 0.7, by - r * 0.7)
            elif any(s.hit for s in sts):
                self._paste(sprites.hit_marker(self.th, 24), bx + r * 0.8, by - r * 0.8)

    def _clear_of_counts(self, xy: tuple[float, float]) -> tuple[float, float]:
        """An arrow's start, moved off a stack's count: a checker leaves from the top of
        its stack, where the count of those left is written, so the dot would hide it."""
        for _, bx, by, _ in self.badges:
            xy = clear_of(xy, (bx, by), self.L)
        return xy

    # -- a finished game ----------------------------------------------------------------------
    def outcome(self, outcome: Outcome) -> None:
        """A banner across the middle: who won, how, and for how many points."""
        L, th = self.L, self.th
        txt = outcome_text(self.lang, outcome.winner, outcome.kind, outcome.points,
                           outcome.munk)
        cx = L.field_x + L.field_w / 2
        w = text_width(txt, 30, "bold") + 60
        self.dr.rounded_rectangle((cx - w / 2, L.mid_y - 30, cx + w / 2, L.mid_y + 30), 18,
                                  fill=th.accent, outline=th.background, width=3)
        self._text((cx, L.mid_y + 1), txt, 30, th.background, "bold", "mm")

    # -- dice --------------------------------------------------------------------------------
    def dice(self, dice: tuple[int, ...], owner: Side) -> None:
        L, th = self.L, self.th
        right = self._at_bottom(owner)  # each player throws into their own right half
        faces = sorted(dice, reverse=True)
        centres = die_centers(len(faces), right, L)
        for face, (x, y) in zip(faces, centres, strict=True):
            self._paste(sprites.die(th, face, DIE), x, y)
        if self.info.family == Family.PUFF and len(dice) == 2 and dice[0] == dice[1]:
            # P-4: a pasch also plays the opposite faces, shown small after "then"
            tx: float = centres[-1][0] + DIE / 2 + 14
            y = centres[-1][1]
            then = label(self.lang, "then")
            self._text((tx, y), then, 17, th.field_text, "medium", "lm")
            tx += text_width(then, 17) + 8
            small = 34
            for _ in range(2):
                self._paste(sprites.die(th, 7 - dice[0], small, faded=True), tx + small / 2, y)
                tx += small + 6
        name = roll_name(tuple(faces))
        if len(dice) == 1:
            name += " · " + label(self.lang, "one_die")
        cx = L.half_centre_x(right)
        tw = text_width(name, 25, "bold")
        ty = L.mid_y + 30
        self.dr.rounded_rectangle((cx - tw / 2 - 14, ty - 16, cx + tw / 2 + 14, ty + 16), 16,
                                  fill=th.background)
        self._text((cx, ty + 1), name, 25, th.text, "bold", "mm")


class _Recorder:
    """An ``ImageDraw`` that notes the box of everything drawn, so only those boxes need
    mapping to the palette (the rest is the cached, already-mapped static layer)."""

    def __init__(self, draw: ImageDraw.ImageDraw, boxes: list[tuple[int, int, int, int]]):
        self._draw = draw
        self._boxes = boxes

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._draw, name)
        if not callable(fn) or name in ("textlength", "textbbox"):
            return fn

        def call(xy: Any, *args: Any, **kwargs: Any) -> Any:
            flat = _flatten(xy)
            xs, ys = flat[0::2], flat[1::2]
            pad = 3 + int(kwargs.get("width", 1) or 1)
            self._boxes.append((int(min(xs)) - pad, int(min(ys)) - pad, int(max(xs)) + pad + 1,
                                int(max(ys)) + pad + 1))
            return fn(xy, *args, **kwargs)

        return call


def _flatten(xy: Iterable[float | Sequence[float]]) -> list[float]:
    out: list[float] = []
    for item in xy:
        if isinstance(item, (tuple, list)):
            out.extend(item)
        else:
            out.append(cast(float, item))
    return out


def _lift(c: RGB) -> RGB:
    r, g, b = (min(255, round(v + (255 - v) * 0.35)) for v in c)
    return r, g, b


#: A player's name is never squeezed below this (px) to make room for what follows it.
NAME_MIN = 150
NAME_MAX = 330


@dataclass(frozen=True)
class StripPlan:
    name: int  # the width the name may take
    chips: int  # how many of the chips (in order of importance) are drawn
    note: bool  # whether the note (ruleset, match length) is drawn


def plan_strip(room: float, name: float, note: float, fixed: float,
               chips: Sequence[float]) -> StripPlan:
    """What fits in a player's strip, left to right within ``room`` px: the name (``name``
    px wide in full), then ``fixed`` (the to-move chip and the pips), then the warning
    chips in order of importance; ``note`` (drawn at the right end) takes its room first.

    Nothing may run into the note or off the picture, so when the name would have to be
    cut below ``NAME_MIN`` the least important chip goes first, then the note; a name is
    only cut shorter than that when nothing else is left to give way.
    """
    want = min(name, NAME_MIN)
    kept = list(chips)
    show_note = bool(note)
    while True:
        left = room - (note if show_note else 0) - fixed - sum(kept) - 16
        if left >= want or (not kept and not show_note):
            break
        if len(kept) > 1 or (kept and not show_note):
            kept.pop()
        else:
            show_note = False
    return StripPlan(int(max(40, min(NAME_MAX, left))), len(kept), show_note)


def _fit(text: str, f: ImageFont.FreeTypeFont, width: int) -> str:
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _draw_arrows(im: Image.Image, arrows: list[tuple[tuple[float, float], tuple[float, float],
                 int]], th: Theme, d: int, mid_y: int) -> list[tuple[int, int, int, int]]:
    """Arrows from where a checker stood to where it went, with a count when several
    checkers took the same way (a double's four steps).

    An arrow along one side of the board bows toward the middle, over the empty tips of
    the points rather than across the checkers standing at their bases.
    """
    labels = []
    boxes = []
    for (ax, ay), (bx, by), count in arrows:
        x0, y0 = round(ax), round(ay)
        dx, dy = round(bx) - x0, round(by) - y0
        bow = arrow_bow((ax, ay), (bx, by), mid_y)
        got = _arrow_masks(dx, dy, d, bow)
        if got is None:
            continue
        edge, fill, ox, oy = got
        im.paste(th.arrow_edge, (x0 + ox, y0 + oy), edge)
        im.paste(th.arrow, (x0 + ox, y0 + oy), fill)
        boxes.append((x0 + ox, y0 + oy, x0 + ox + fill.width, y0 + oy + fill.height))
        if count > 1:
            labels.append(((ax + bx) / 2, (ay + by) / 2 + bow / 2, count))
    dr = ImageDraw.Draw(im)
    for cx, cy, count in labels:
        txt = f"×{count}"
        w = text_width(txt, 18, "bold") + 14
        dr.rounded_rectangle((cx - w / 2, cy - 13, cx + w / 2, cy + 13), 13, fill=th.arrow,
                             outline=th.arrow_edge, width=2)
        draw_text(im, (cx, cy + 1), txt, 18, (255, 255, 255), "bold", "mm")
        boxes.append((round(cx - w / 2) - 2, round(cy) - 15, round(cx + w / 2) + 2, round(cy) + 15))
    return boxes


@lru_cache(maxsize=256)  # a long arrow's masks take a few hundred kB: keep the cache small
def _arrow_masks(dx: int, dy: int, d: int,
                 bow: int = 0) -> tuple[Image.Image, Image.Image, int, int] | None:
    """Edge and fill masks of an arrow from (0, 0) to (dx, dy), bent ``bow`` pixels down
    (negative: up) at its middle, drawn twice too large and reduced for smooth edges.
    Checkers sit on a grid, so the same vectors recur and the cache makes an arrow cost
    two pastes."""
    if math.hypot(dx, dy) < 1:
        return None
    # the path: a quadratic Bézier through (dx/2, dy/2 + bow), sampled
    cx, cy = dx / 2, dy / 2 + 2 * bow  # a control point twice as far passes through bow
    n = 24 if bow else 1
    pts = [(0.0, 0.0)]
    for i in range(1, n + 1):
        t = i / n
        pts.append(((1 - t) ** 2 * 0 + 2 * (1 - t) * t * cx + t * t * dx,
                    (1 - t) ** 2 * 0 + 2 * (1 - t) * t * cy + t * t * dy))
    # trim the end so the head stops at the target checker's edge
    trim = d * 0.45
    while len(pts) > 2 and math.dist(pts[-2], (dx, dy)) < trim:
        pts.pop()
    lx, ly = pts[-2]
    seg = math.dist(pts[-2], (dx, dy))
    if seg < 1e-6:
        return None
    ux, uy = (dx - lx) / seg, (dy - ly) / seg
    end = max(0.0, seg - trim)
    ex, ey = lx + ux * end, ly + uy * end
    pts[-1] = (ex, ey)
    head = 17.0
    hx, hy = ex - ux * head, ey - uy * head
    px, py = -uy, ux
    w = 6.0
    k, pad = 2, 18
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    size = ((math.ceil(max(xs)) + pad - x0) * k, (math.ceil(max(ys)) + pad - y0) * k)
    edge = Image.new("L", size, 0)
    fill = Image.new("L", size, 0)
    de, df = ImageDraw.Draw(edge), ImageDraw.Draw(fill)

    def P(x: float, y: float) -> tuple[float, float]:
        return ((x - x0) * k, (y - y0) * k)

    shaft = [P(x, y) for x, y in pts[:-1]] + [P(hx, hy)]
    r = 6.5
    de.line(shaft, fill=255, width=round((w + 4) * k), joint="curve")
    de.polygon([P(ex + ux * 2.5, ey + uy * 2.5), P(hx + px * 14 - ux * 2, hy + py * 14 - uy * 2),
                P(hx - px * 14 - ux * 2, hy - py * 14 - uy * 2)], fill=255)
    de.ellipse((*P(-r - 2, -r - 2), *P(r + 2, r + 2)), fill=255)
    df.line([*shaft[:-1], P(hx + ux, hy + uy)], fill=235, width=round(w * k), joint="curve")
    df.polygon([P(ex, ey), P(hx + px * 11, hy + py * 11), P(hx - px * 11, hy - py * 11)],
               fill=235)
    df.ellipse((*P(-r, -r), *P(r, r)), fill=235)
    return edge.reduce(k), fill.reduce(k), x0, y0


def _samples(theme: Theme) -> list[Image.Image]:
    """Boards the palette is learnt from: every element the renderer draws appears."""
    from engine.turn import Step

    out = []
    start = Position.start(Geometry.BRADE)
    out.append(render_image(start, "talisman", dice=(5, 2), theme=theme))
    mid = Position.parse("white=bar,3,5,14x2,15x2,16x2,17x2,19x2,20,off "
                         "black=1x4,6,9x2,10x2,13x2,16,18x2,off turn=black", Geometry.BRADE)
    t = Turn((Step(10, 13, 3), Step(13, 17, 4, hit=True)), mid)
    out.append(render_image(mid, "talisman", dice=(4, 3), last_turn=t, last_mover=Side.WHITE,
                            theme=theme, score=(3, 2, 7), names=("Åsa", "Örjan")))
    puff = Position.start(Geometry.KONTRAR)
    out.append(render_image(puff, "puff-kontrar", dice=(5, 5), theme=theme,
                            perspective=Side.BLACK, lang="en"))
    return out


encode.set_samples(_samples)
