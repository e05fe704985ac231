"""``render_board``: one position (plus its context) to PNG bytes.

A pure function: no I/O, no clock, no randomness, so the same input gives the same bytes.
The static layer comes from a cache; each board pastes cached sprites on a copy of it,
writes its few words, and is encoded on a fixed palette.

What a board shows, and where (issue 22):

- The board holds still: ``perspective`` is the side at the bottom for the whole game,
  and ``numbers`` says whose point numbers are printed — one side's, or both (a row of
  numbers for each player, in that player's colours), so every play, written in its
  mover's own numbering, can be read off the board.
- Each player throws into their own right half of the field: the bottom player's dice
  lie in the right half, the top player's in the left.  The roll to play is drawn large
  with its name; the roll just played is drawn smaller and faded, in its roller's half,
  with the roller's colour and the play made with it — never beside the next player's
  name as if it were theirs.
- A finished game (``result``, or a last turn that won) shows the result on a plate
  under the board, the picture grown by its height — who won, how, for how many points,
  the match score — with the last play's dice and label under it, and no turn, no roll
  to play and no warnings.  The plate never lies on the field: the checkers on the bar
  and the last play's arrows, where the game was decided, stay in view (issue 46).
- A line above the strips names the game (ruleset, match), so a player's strip holds
  only that player's things (issue 30).
- Every text is at least ``Layout.text`` px, legible when Discord shows the picture
  320 px wide on a phone (issues 37, 46); what cannot be that large (a later puff pasch's
  eight steps beside the next roll) is cut on the board and whole in the message and the
  alt text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw

from engine.dice import roll_name
from engine.notation import chained_turn, format_turn
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules.ruleset import Family
from engine.turn import Outcome, Turn
from render import encode, sprites
from render.analysis import TurnDrawing, band_runs, describe_turn, holds_iron_bands, jan_danger
from render.fonts import cap_height, draw_text, fit, readable, text_width
from render.layout import (
    BAR_SHOWN,
    DIE,
    LAYOUT,
    PAST_DIE,
    Layout,
    arrow_bow,
    bar_center,
    checker_center,
    clear_of,
    dice_y,
    label_y,
    point_rect,
    slab_rect,
    tray_rect,
    view_slot,
)
from render.options import BOTH, BoardOptions, Result, Score
from render.static import base_layer
from render.texts import (
    RulesInfo,
    describe_rules,
    jan_text,
    label,
    result_lines,
    side_name,
)
from render.themes import RGB, Theme, get_theme

COUNT_FROM = 7  # bands this tall show their count (seed 004: "mycket stort" bands)
DEFAULT = BoardOptions()  # a bare board: no dice, no play, no names
__all__ = ["BOTH", "BoardOptions", "Result", "Score", "render_board", "render_image"]


def _names(names: tuple[str, str] | None) -> dict[Side, str]:
    return {} if names is None else {Side.WHITE: names[0], Side.BLACK: names[1]}


def player_names(names: tuple[str, str] | None, fallback_names: tuple[str, str] | None,
                 lang: str) -> dict[Side, str]:
    """Each side's name as the board writes it: the display name where every character of
    it can be drawn, else the fallback (a member's username), else what can be drawn of
    either, else the side's name ("Vit")."""
    shown, spare = _names(names), _names(fallback_names)
    out = {}
    for side in Side:
        out[side] = readable(shown.get(side, ""), spare.get(side, ""), weight="bold") \
            or side_name(lang, side)
    return out


def numbering(numbers: Side | str | None, perspective: Side) -> tuple[Side, ...]:
    """The sides whose numbering is printed, the one next to the points first."""
    if numbers is None:
        return (perspective,)
    if numbers == BOTH:
        return (perspective, perspective.other)
    return (Side(str(numbers)),)


def render_board(position: Position, options: BoardOptions = DEFAULT) -> bytes:
    """The board as PNG bytes (what it shows: ``render.options.BoardOptions``).

    Orientation: ``perspective`` is the side at the bottom, its point 1 bottom right.
    Keep it fixed for a whole game (against the computer: the human's side) so the board
    holds still from message to message.  ``numbers`` is whose point numbers are printed:
    a side, or ``BOTH`` for a row of each player's numbers on each edge (default: the
    perspective's).

    Dice: ``dice`` were thrown by ``dice_side`` (default: the side to move).  Thrown by
    the side to move in a game still going, they are the roll to play, drawn large with
    the roll's traditional name; thrown by the other side, they are the roll just played.
    ``last_turn`` is drawn as arrows, its mover inferred unless ``last_mover`` says, and
    ``last_dice`` is the roll it was played with (default: ``dice`` when those are the
    mover's): drawn small and faded in the mover's half with the play, written in the
    mover's own numbering (G-2) and in ``lang`` ("sv": ``20/ut``; "en": ``20/off``).

    ``result`` marks a finished game (a last turn with an outcome does too): the board
    shows the result and no turn badge and no dice.  ``stopped`` marks a game ended
    without a result (aborted, or stopped by a tournament's organiser): no turn badge,
    no roll to play and no warnings either.
    """
    b = _draw(position, options)
    base = _base_indexed(b.th, position.geometry, b.view, b.L, b.rings)
    if b.im.size != base.size:  # a finished game's plate, under the static layer
        grown = Image.new("P", b.im.size)
        grown.putpalette(base.getpalette() or [])
        grown.paste(base, (0, 0))
        base = grown
    return encode.to_png(b.im, b.th, base, b.dirty)


def render_image(position: Position, options: BoardOptions = DEFAULT) -> Image.Image:
    """The board as an RGB image, before palette encoding."""
    return _draw(position, options).im


def board_layout(numbers: Side | str | None = None, perspective: Side = Side.WHITE,
                 layout: Layout = LAYOUT) -> Layout:
    """The layout a board with these ``numbers`` is drawn on (two rows of numbers on each
    edge when both numberings are printed): where a test probes its pixels."""
    return layout.with_rulers(len(numbering(numbers, Side(perspective))))


def result_band(layout: Layout, lines: int, play_row: bool) -> int:
    """How many pixels a finished game's picture grows by at its foot: the result's plate
    (``lines`` lines of the result, the first large, and the last play's row), a margin
    below it."""
    h = layout.big_text + (lines - 1) * (layout.text + 10) + 32
    if play_row:
        h += PAST_DIE + 14
    return h + layout.margin


@lru_cache(maxsize=24)
def _base_indexed(theme: Theme, geometry: Geometry, perspective: Side,
                  layout: Layout, rings: tuple[Side, ...]) -> Image.Image:
    return encode.indexed(base_layer(theme, geometry, perspective, layout, rings), theme)


def _draw(position: Position, o: BoardOptions) -> _Board:
    if not isinstance(position, Position):
        raise TypeError("position must be an engine Position")
    lang, perspective = o.lang, o.perspective
    th = get_theme(o.theme)
    info = describe_rules(o.rules, position.geometry, lang)
    dice, last_dice, last_turn, result = o.dice, o.last_dice, o.last_turn, o.result
    rings = numbering(o.numbers, perspective)
    L = o.layout.with_rulers(len(rings))
    im = base_layer(th, position.geometry, perspective, L, rings).copy()
    b = _Board(im, position, info, th, lang, perspective, L, rings)
    drawing = describe_turn(position, last_turn, o.last_mover) if last_turn else None
    mover = drawing.mover if drawing else o.last_mover
    if result is None and last_turn is not None and last_turn.outcome is not None:
        result = Result(last_turn.outcome)
    stopped = o.stopped
    thrower = o.dice_side or position.turn
    to_play = dice if dice and result is None and not stopped and thrower is position.turn \
        else None
    if dice and to_play is None and last_dice is None and (mover is None or mover is thrower):
        last_dice, mover = dice, thrower  # the roll just played, by its roller
    who = player_names(o.names, o.fallback_names, lang)
    b.head(o.score)
    b.strips(who, o.score, result, stopped)
    if result is None and not stopped:  # an ended game warns of nothing (its plate would
        # cover the warnings)
        b.blockades()
    if drawing:
        b.ghosts(drawing)
    b.checkers()
    if drawing:
        b.arrows(drawing)
    b.counts()  # last: no arrow or marker may cover a stack's count
    if result is not None:  # the game is over: the result and the last play replace the dice
        played = (mover, last_dice, last_turn) if mover is not None and \
            (last_dice or last_turn is not None) else None
        b.result(result, who, played)
        return b
    if to_play:
        b.dice(to_play, thrower)
    if mover is not None and (last_dice or last_turn is not None) and \
            not (to_play and mover is thrower):
        b.past(mover, last_dice, last_turn)
    return b


class _Board:
    """One board being drawn; methods in painting order."""

    def __init__(self, im: Image.Image, pos: Position, info: RulesInfo, theme: Theme,
                 lang: str, perspective: Side, layout: Layout,
                 rings: tuple[Side, ...]) -> None:
        self.im = im
        self.dirty: list[tuple[int, int, int, int]] = []  # boxes drawn over the base
        self.dr = _Recorder(ImageDraw.Draw(im), self.dirty)
        self.pos = pos
        self.info = info
        self.th = theme
        self.lang = lang
        self.view = perspective
        self.L = layout
        self.rings = rings
        self.g: Geometry = pos.geometry
        self.badges: list[tuple[str, float, float, Side, float]] = []  # counts, painted last
        #: left and right end of the label of the roll to play, which the last play's
        #: label must leave free
        self.label_taken: tuple[float, float] | None = None
        #: a finished game's result plate, under the board (``result``)
        self.plate: tuple[int, int, int, int] | None = None

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

    def _badge(self, text: str, cx: float, cy: float, side: Side, room: float) -> None:
        """A count written on a stack's top checker in the checker's own ink, on a patch of
        the checker's own face (a dark patch on a white checker would read as a black
        checker), as wide as the digits need and at most ``room``."""
        face, rim, ink = self._face(side)
        size = self.L.text
        h = max(self.L.checker * 0.8, cap_height(size, "bold") + 10)  # as tall as the digits need
        w = min(room, max(h, text_width(text, size, "bold") + 10))
        self.dr.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), h / 2,
                                  fill=face, outline=rim, width=1)
        self._text((cx, cy + 1), text, size, ink, "bold", "mm")

    def counts(self) -> None:
        for text, cx, cy, side, room in self.badges:
            self._badge(text, cx, cy, side, room)

    def _text(self, xy: tuple[float, float], text: str, size: int, fill: RGB,
              weight: str = "regular", anchor: str = "la") -> None:
        self.dirty.append(draw_text(self.im, xy, text, size, fill, weight, anchor))

    def _pill(self, cx: float, cy: float, text: str, fill: RGB, ink: RGB,
              weight: str = "bold", size: int | None = None, outline: RGB | None = None,
              chip: Side | None = None) -> float:
        """A rounded label centred at (cx, cy), optionally led by a checker of ``chip``'s
        colour (whose roll or play it is); returns its width."""
        size = size or self.L.text
        h = size + 12
        cw = h - 8 if chip is not None else 0
        w = text_width(text, size, weight) + 24 + (cw + 8 if chip is not None else 0)
        x0 = cx - w / 2
        self.dr.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), h / 2, fill=fill,
                                  outline=outline, width=2 if outline else 1)
        tx = x0 + 12
        if chip is not None:
            self._paste(sprites.checker(self.th, chip, cw), tx + cw / 2, cy)
            tx += cw + 8
        self._text((tx, cy + 1), text, size, ink, weight, "lm")
        return w

    def _at_bottom(self, side: Side) -> bool:
        return side is self.view

    # -- the game's line and the information strips ------------------------------------------
    def head(self, score: Score | None) -> None:
        """The line above the top strip naming the game: the ruleset and, in a match, the
        match's words.  Its own line, so a player's warning never shortens it (issue 30)."""
        L, th = self.L, self.th
        x0, y0, x1, y1 = L.head_rect()
        parts = [self.info.title]
        if score is not None and score.length:
            parts.append(label(self.lang, "match", n=score.length))
        room = x1 - x0 - 24
        text = " · ".join(parts)
        if len(parts) > 1 and text_width(text, L.text) > room:
            text = " · ".join(reversed(parts))  # the match first: the title may be cut
        self._text((x0 + 12, (y0 + y1) / 2 + 1), fit(text, L.text, "regular", room), L.text,
                   th.muted, "regular", "lm")

    def strips(self, names: dict[Side, str], score: Score | None,
               result: Result | None, stopped: bool = False) -> None:
        """A strip per player: a checker of their colour, the name, whose turn (or who
        won), the pips, jan danger and järnbanden while the game goes on; on the right
        the player's match score."""
        L, th = self.L, self.th
        t = L.text
        for side in (self.view, self.view.other):
            bottom = self._at_bottom(side)
            x0, y0, x1, y1 = L.strip_rect(bottom)
            active = side is self.pos.turn and result is None and not stopped
            won = result is not None and result.outcome.winner is side
            self.dr.rounded_rectangle((x0, y0, x1, y1), 10,
                                      fill=th.strip_active if active or won else th.strip)
            if active or won:
                self.dr.rounded_rectangle((x0, y0, x0 + 8, y1), 4, fill=th.accent)
            cy = (y0 + y1) // 2
            rx = x1 - 12
            if score is not None:
                pts = str(score.of(side))
                w = max(50, text_width(pts, L.name_text, "bold") + 22)
                self.dr.rounded_rectangle((rx - w, y0 + 6, rx, y1 - 6), 8,
                                          fill=th.background, outline=th.muted, width=1)
                self._text((rx - w / 2, cy + 1), pts, L.name_text, th.text, "bold", "mm")
                rx -= w + 12
            word = label(self.lang, "winner") if won else \
                label(self.lang, "turn") if active else ""
            pips = label(self.lang, "pips", n=self.pos.pips(side))
            chips: list[tuple[list[str], RGB]] = []
            if result is None and not stopped:  # a finished game warns of nothing
                danger = jan_danger(self.pos, side, self.info.family)
                if danger:
                    chips.append(([jan_text(self.lang, danger.free, danger.bar),
                                   label(self.lang, "jan_short")], th.warn))
                if holds_iron_bands(self.pos, side, self.info.family):
                    chips.append(([label(self.lang, "iron_bands")], th.blockade))
            name = names[side]
            fixed = (text_width(word, t, "bold") + 40 if word else 0) + text_width(pips, t) + 16
            left = x0 + 24 + L.bar_h - 14
            room = rx - left
            # the longest chip texts that leave the name its room; then what fits, the
            # least important dropped first
            name_w = text_width(name, L.name_text, "bold")
            want = min(name_w, NAME_MAX) + 16 + fixed  # a long chip text only if the name fits
            texts = [next((x for x in alts if text_width(x, t, "bold") + 40 <= room - want),
                          alts[-1]) for alts, _ in chips]
            plan = plan_strip(room, name_w, fixed, [text_width(x, t, "bold") + 40 for x in texts])
            d = L.bar_h - 18
            self._paste(sprites.checker(th, side, d), x0 + 16 + d / 2, cy)
            x = left
            name = fit(name, L.name_text, "bold", plan.name)
            self._text((x, cy), name, L.name_text, th.text, "bold", "lm")
            x += text_width(name, L.name_text, "bold") + 16
            if word:
                w = text_width(word, t, "bold") + 24
                self.dr.rounded_rectangle((x, cy - t / 2 - 6, x + w, cy + t / 2 + 6), t / 2 + 6,
                                          fill=th.accent)
                self._text((x + w / 2, cy + 1), word, t, th.background, "bold", "mm")
                x += w + 16
            self._text((x, cy + 1), pips, t, th.muted, "regular", "lm")
            x += text_width(pips, t) + 16
            for txt, (_, colour) in list(zip(texts, chips, strict=True))[:plan.chips]:
                w = text_width(txt, t, "bold") + 24
                self.dr.rounded_rectangle((x, cy - t / 2 - 6, x + w, cy + t / 2 + 6),
                                          t / 2 + 6, outline=colour, width=2)
                self._text((x + 12, cy + 1), txt, t, colour, "bold", "lm")
                x += w + 16

    # -- blockades ----------------------------------------------------------------------------
    def blockades(self) -> None:
        words: dict[str, str] = {Family.BRADE: "blockade", Family.PUFF: "bridge"}
        word = words.get(self.info.family, "prime")
        t = self.L.text
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
                        cx = (x0 + x1) / 2
                        cy = (y1 - t / 2 - 14) if top else (y0 + t / 2 + 14)
                        self._pill(cx, cy, txt, self.th.blockade, (20, 20, 20))

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
                col, _ = view_slot(bpt, self.view, self.g)
                self.badges.append((str(n), L.column_x(col) + L.point_w / 2, centres[-1][1],
                                    side, L.point_w - 4))
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
                    self.badges.append((str(n), *bar_center(bottom, shown - 1, L), side,
                                        L.rail - 4))
            off = counts[OFF]
            tx0, _, tx1, _ = tray_rect(bottom, L)
            if off:
                face, rim, _ = self._face(side)
                for i in range(off):
                    x0, y0, x1, y1 = slab_rect(bottom, i, L)
                    self.dr.rounded_rectangle((x0, y0 + 1, x1, y1 + 1), 4, fill=(0, 0, 0))
                    self.dr.rounded_rectangle((x0, y0, x1, y1), 4, fill=face, outline=rim)
                    self.dr.line((x0 + 6, y0 + 3, x1 - 6, y0 + 3), fill=_lift(face), width=1)
                last = slab_rect(bottom, off - 1, L)
                gap = L.text // 2 + 8
                cy = last[1] - gap if not bottom else last[3] + gap
                self._text(((tx0 + tx1) / 2, cy), str(off), L.text, self.th.text, "bold", "mm")

    def _column_label(self, bpt: int, tip_y: float) -> None:
        """The double-six column (seeds 001, 003) looks like a band but is not one: say so."""
        col, top = view_slot(bpt, self.view, self.g)
        cx = self.L.column_x(col) + self.L.point_w / 2
        t = self.L.text
        cy = tip_y + (self.L.checker / 2 + t / 2 + 10) * (1 if top else -1)
        self._pill(cx, cy, label(self.lang, "column"), self.th.background, self.th.text)

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
            bpt = self._off_edge(mover, a) if st.to == "off" and not self._exits_right(mover) \
                else self._place(st.to, st.to_n, mover)
            groups.setdefault((a, bpt), []).append(st)
        self.dirty.extend(_draw_arrows(self.im, [(a, b, len(v)) for (a, b), v in groups.items()],
                                       self.th, self.L.checker, self.L.mid_y, self.L.text))
        r = self.L.checker / 2
        for (_, (bx, by)), sts in groups.items():
            if any(s.burst for s in sts):
                self._paste(sprites.burst_marker(self.th, 40), bx + r * 0.7, by - r * 0.7)
            elif any(s.hit for s in sts):
                self._paste(sprites.hit_marker(self.th, 24), bx + r * 0.8, by - r * 0.8)

    def _exits_right(self, side: Side) -> bool:
        """Whether ``side``'s checkers leave the board by its right edge, where the trays
        are: its last point (its own 24) is in the rightmost column."""
        col, _ = view_slot(self.g.board_point(side, 24), self.view, self.g)
        return col == 11

    def _off_edge(self, side: Side, start: tuple[float, float]) -> tuple[float, float]:
        """Where a bear-off arrow points when ``side`` leaves the board by its left edge
        (the top player's in bräde, whose home lies bottom left): out over the frame
        beyond its last point, rising toward the middle so that it clears the checkers
        beside the one that left; the arrow stays by its home instead of crossing the
        board to the tray (issue 30).  An arrow's head stops a checker's half short of
        its target, so the target lies that far out."""
        L = self.L
        y = start[1]
        up = 1 if y > L.mid_y else -1
        return L.board_x + 4 - L.checker * 0.45, y - up * L.checker * 2.5

    def _clear_of_counts(self, xy: tuple[float, float]) -> tuple[float, float]:
        """An arrow's start, moved off a stack's count: a checker leaves from the top of
        its stack, where the count of those left is written, so the dot would hide it."""
        for _, bx, by, _, _ in self.badges:
            xy = clear_of(xy, (bx, by), self.L)
        return xy

    # -- a finished game ----------------------------------------------------------------------
    def result(self, result: Result, names: dict[Side, str],
               last: tuple[Side, tuple[int, ...] | None, Turn | None] | None = None) -> None:
        """A plate under the board, below the bottom player's strip: who won, how and for
        how many points, and the match score; under them the last play, its dice and its
        label, as the board before showed the play just made.  The picture grows by the
        plate's height (``result_band``) rather than lay the plate over the field: the
        board stays whole where the game was decided, the checkers on the bar (the reason
        for a jan) and the last play's arrows (issue 46)."""
        L, th = self.L, self.th
        lines = result_lines(self.lang, result.outcome, names, result.match,
                             result.match_over)
        sizes = [L.big_text] + [L.text] * (len(lines) - 1)
        weights = ["bold"] + ["medium"] * (len(lines) - 1)
        gap = 10
        x0, x1 = L.margin, L.width - L.margin
        cx = (x0 + x1) / 2
        room = x1 - x0 - 48
        lines = [fit(x, s, w, room) for x, s, w in zip(lines, sizes, weights, strict=True)]
        row = self._play_row(*last, room) if last else None
        h = result_band(L, len(lines), row is not None)
        top = L.height
        grown = Image.new("RGB", (self.im.width, top + h), th.background)
        grown.paste(self.im, (0, 0))
        self.im = grown
        self.dr = _Recorder(ImageDraw.Draw(grown), self.dirty)
        self.dirty.append((0, top, grown.width, grown.height))
        y0, y1 = top, top + h - L.margin
        self.plate = (x0, y0, x1, y1)
        self.dr.rounded_rectangle(self.plate, 14, fill=th.strip, outline=th.accent, width=4)
        y = y0 + 16
        for text, size, weight, colour in zip(lines, sizes, weights,
                                              [th.accent] + [th.text] * len(lines),
                                              strict=False):
            self._text((cx, y + size / 2), text, size, colour, weight, "mm")
            y += size + gap
        if row is not None:
            row[1](cx - row[0] / 2, y + 4 + PAST_DIE / 2)

    def _play_row(self, mover: Side, dice: tuple[int, ...] | None, turn: Turn | None,
                  room: float) -> tuple[float, Callable[[float, float], None]] | None:
        """The last play on one line, for the result's plate: its dice, small and faded,
        then the play on a label led by the mover's checker.  (width, draw at (x, cy))."""
        L, th = self.L, self.th
        faces = sorted(dice, reverse=True) if dice else []
        dice_w = len(faces) * (PAST_DIE + 8) + (8 if faces else 0)
        play = self._play_text(turn, room - dice_w - L.text - 36) if turn is not None else ""
        if not faces and not play:
            return None
        pill = text_width(play, L.text, "bold") + 24 + L.text + 12 if play else 0

        def draw(x: float, cy: float) -> None:
            for face in faces:
                self._paste(sprites.die(th, face, PAST_DIE, faded=True), x + PAST_DIE / 2, cy)
                x += PAST_DIE + 8
            if play:
                self._pill(x + 8 + pill / 2, cy, play, th.background, th.text, chip=mover)

        return dice_w + pill, draw

    def _play_text(self, turn: Turn, room: float, most: float | None = None) -> str:
        """The play as a label writes it: in full (the mover's numbering, as the message)
        where it fits ``room`` px, else as chains (``6/18*/22``, a pasch as players write
        it short), in ``room`` or else in ``most``; cut only when even that is too long
        (a later puff pasch: the message and the alt text write it whole)."""
        if turn.is_forfeit:
            return label(self.lang, "no_play")
        most = max(room, most or room)
        full, short = format_turn(turn, self.lang), chained_turn(turn, self.lang)
        size = self.L.text
        for text, limit in ((full, room), (short, room), (short, most)):
            if text_width(text, size, "bold") <= limit:
                return text
        return fit(short, size, "bold", most)

    # -- dice --------------------------------------------------------------------------------
    def dice(self, dice: tuple[int, ...], owner: Side) -> None:
        """The roll to play, in its roller's right half: large dice, and under them the
        roll's name on a label led by a checker of the roller's colour."""
        L, th = self.L, self.th
        right = self._at_bottom(owner)  # each player throws into their own right half
        faces = sorted(dice, reverse=True)
        cx = L.half_centre_x(right)
        then = label(self.lang, "then")
        pasch = self.info.family == Family.PUFF and len(dice) == 2 and dice[0] == dice[1]
        small = 36
        width = len(faces) * (DIE + 10) - 10
        if pasch:  # P-4: a pasch also plays the opposite faces, shown small after "then"
            width += 14 + text_width(then, L.text, "medium") + 8 + 2 * (small + 6)
        x = cx - width / 2
        y = dice_y(L)
        for face in faces:
            self._paste(sprites.die(th, face, DIE), x + DIE / 2, y)
            x += DIE + 10
        if pasch:
            x += 4
            self._text((x, y), then, L.text, th.field_text, "medium", "lm")
            x += text_width(then, L.text, "medium") + 8
            for _ in range(2):
                self._paste(sprites.die(th, 7 - dice[0], small, faded=True), x + small / 2, y)
                x += small + 6
        name = roll_name(tuple(faces))
        if len(dice) == 1:
            name += " · " + label(self.lang, "one_die")
        w = self._pill(cx, label_y(L), name, th.background, th.text, chip=owner)
        self.label_taken = (cx - w / 2, cx + w / 2)

    def past(self, mover: Side, dice: tuple[int, ...] | None, turn: Turn | None) -> None:
        """The roll just played, in its roller's half: small faded dice and the roll's
        name, and under them the play made with it in the mover's own numbering."""
        L, th = self.L, self.th
        right = self._at_bottom(mover)
        cx = L.half_centre_x(right)
        y = dice_y(L)
        if dice:
            faces = sorted(dice, reverse=True)
            name = roll_name(tuple(faces))
            width = len(faces) * (PAST_DIE + 8) - 8 + 12 + text_width(name, L.text, "bold")
            x = cx - width / 2
            for face in faces:
                self._paste(sprites.die(th, face, PAST_DIE, faded=True), x + PAST_DIE / 2, y)
                x += PAST_DIE + 8
            self._text((x + 4, y + 1), name, L.text, th.field_text, "bold", "lm")
        if turn is not None:
            # under the dice; a long play may reach over the rail, as far as the other
            # half's own label leaves free
            lo: float = L.field_x + 8
            hi: float = L.field_x + L.field_w - 8
            if self.label_taken is not None:
                lo, hi = (self.label_taken[1] + 16, hi) if right else \
                    (lo, self.label_taken[0] - 16)
            play = self._play_text(turn, 6 * L.point_w - 24 - L.text - 36,
                                   hi - lo - L.text - 36)
            w = text_width(play, L.text, "bold") + L.text + 36
            at = min(max(cx, lo + w / 2), hi - w / 2)
            self._pill(at, label_y(L), play, th.background, th.text, chip=mover)


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
NAME_MAX = 440


@dataclass(frozen=True)
class StripPlan:
    name: int  # the width the name may take
    chips: int  # how many of the chips (in order of importance) are drawn


def plan_strip(room: float, name: float, fixed: float, chips: Sequence[float]) -> StripPlan:
    """What fits in a player's strip, left to right within ``room`` px: the name (``name``
    px wide in full), then ``fixed`` (the to-move chip and the pips), then the warning
    chips in order of importance.

    Nothing may run off the strip, so when the name would have to be cut below
    ``NAME_MIN`` the least important chip goes first; a name is only cut shorter than
    that when no chip is left to give way.
    """
    want = min(name, NAME_MIN)
    kept = list(chips)
    while True:
        left = room - fixed - sum(kept) - 16
        if left >= want or not kept:
            break
        kept.pop()
    return StripPlan(int(max(40, min(NAME_MAX, left))), len(kept))


def _draw_arrows(im: Image.Image, arrows: list[tuple[tuple[float, float], tuple[float, float],
                 int]], th: Theme, d: int, mid_y: int,
                 size: int = 29) -> list[tuple[int, int, int, int]]:
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
        w = text_width(txt, size, "bold") + 14
        h = size / 2 + 5
        dr.rounded_rectangle((cx - w / 2, cy - h, cx + w / 2, cy + h), h, fill=th.arrow,
                             outline=th.arrow_edge, width=2)
        draw_text(im, (cx, cy + 1), txt, size, (255, 255, 255), "bold", "mm")
        boxes.append((round(cx - w / 2) - 2, round(cy - h) - 2, round(cx + w / 2) + 2,
                      round(cy + h) + 2))
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
    out.append(render_image(start, BoardOptions.of("talisman", dice=(5, 2), theme=theme)))
    mid = Position.parse("white=bar,3,5,14x2,15x2,16x2,17x2,19x2,20,off "
                         "black=1x4,6,9x2,10x2,13x2,16,18x2,off turn=black", Geometry.BRADE)
    t = Turn((Step(10, 13, 3), Step(13, 17, 4, hit=True)), mid)
    out.append(render_image(mid, BoardOptions.of("talisman", dice=(4, 3), last_turn=t, last_mover=Side.WHITE,
                            theme=theme, score=(3, 2, 7), names=("Åsa", "Örjan"),
                            numbers=BOTH)))
    out.append(render_image(mid, BoardOptions.of("talisman", last_turn=t, last_mover=Side.WHITE, theme=theme,
                            result=Result(Outcome("hemspel", 1, False, Side.WHITE),
                                          Score(4, 2, 7)), numbers=Side.BLACK)))
    puff = Position.start(Geometry.KONTRAR)
    out.append(render_image(puff, BoardOptions.of("puff-kontrar", dice=(5, 5), theme=theme,
                            perspective=Side.BLACK, lang="en")))
    return out


encode.set_samples(_samples)
