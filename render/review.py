"""``render_review``: a game's analysis as one picture a player would rather look at than read.

Top to bottom: a title with the players and the result; the equity graph — white's
expected points before each roll, as the engine's analysis judges it (``engine.ai.
analysis``), shaded toward the side that is ahead, with every blunder (red) and doubtful
play (amber) marked on the turn it was made, its legend on a row of its own above it; a
few lines per player with the points lost, the blunders and the luck of the dice; and
the game's biggest mistake drawn twice, the play made above the best play, each with the
board's own arrows (``render_board``'s ``last_turn``) so the difference is seen, not read.

Laid out for the width Discord shows it at (about 550 px on a desktop, 320 px on a
phone): the picture is as wide as a board, every text at least the smallest legible on
a phone (capitals 8 px tall shown 320 px wide, ``render.fonts.PHONE``, as on a board),
and short enough that a phone shows it that wide (at most ``SHOWN_H`` tall at 320 px:
the boards without their players' strips), and the two boards stand one above the other at full size rather than side by
side at half size, where their texts could not be read.

A pure function of its arguments (no clock, no randomness), safe in any worker thread.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.ai.analysis import BLUNDER, DOUBTFUL, Decision, GameAnalysis
from engine.dice import format_dice, roll_name
from engine.notation import format_turn
from engine.position import Side
from engine.words import number  # the decimal mark, as the text report writes it
from render.board import board_layout, render_image
from render.encode import full_colour_png
from render.fonts import draw_text, fit, smallest_legible, text_mask, text_width, wrap
from render.layout import LAYOUT
from render.options import BoardOptions
from render.texts import LANGS, outcome_text
from render.themes import RGB, get_theme

WIDTH = LAYOUT.width  # as wide as a board, so the boards are drawn at full size
MARGIN = 20
GRAPH_H = 340
TEXT = smallest_legible(WIDTH)  # legible on a phone: capitals 8 px shown 320 px wide
LINE = TEXT + 12
#: How tall a picture shown 320 px wide may be before a phone shows it narrower (as
#: SimCord's preview draws one: at most 720 px tall).
SHOWN_H = 720
BLUNDER_RGB: RGB = (204, 40, 40)
DOUBTFUL_RGB: RGB = (232, 150, 20)
WHITE_AREA: RGB = (236, 226, 200)
BLACK_AREA: RGB = (96, 84, 74)

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Game analysis · {rules}",
        "players": "{white} (white) – {black} (black)",
        "unfinished": "Unfinished game · {n} turns analysed",
        "axis": "White's expected points before each roll",
        "ahead_w": "white ahead", "ahead_b": "black ahead",
        "turn": "turn",
        "legend_b": "blunder (≥ {b})", "legend_d": "doubtful (≥ {d})",
        "player": "{name}: {lost} points lost in {n} decisions",
        "player_2": "{bl} · {db} · luck {luck}",
        "blunders_1": "1 blunder", "blunders_n": "{n} blunders",
        "doubtful_1": "1 doubtful play", "doubtful_n": "{n} doubtful plays",
        "worst": "Biggest mistake: turn {n}, {name} rolled {dice} ({roll}) and lost {loss} "
                 "points",
        "played": "Played: {play}", "best": "Best: {play}",
        "clean": "No play lost points: every decision was the best one.",
    },
    "sv": {
        "title": "Partianalys · {rules}",
        "players": "{white} (vit) – {black} (svart)",
        "unfinished": "Partiet pågår · {n} drag analyserade",
        "axis": "Vits förväntade poäng före varje slag",
        "ahead_w": "vit leder", "ahead_b": "svart leder",
        "turn": "drag",
        "legend_b": "grovt misstag (≥ {b})", "legend_d": "tveksamt (≥ {d})",
        "player": "{name}: {lost} poäng förlorade på {n} beslut",
        "player_2": "{bl} · {db} · tur {luck}",
        "blunders_1": "1 grovt misstag", "blunders_n": "{n} grova misstag",
        "doubtful_1": "1 tveksamt drag", "doubtful_n": "{n} tveksamma drag",
        "worst": "Största misstaget: drag {n}, {name} slog {dice} ({roll}) och förlorade "
                 "{loss} poäng",
        "played": "Spelat: {play}", "best": "Bäst: {play}",
        "clean": "Inget drag förlorade poäng: varje beslut var det bästa.",
    },
}


def _count(words: Mapping[str, str], key: str, n: int) -> str:
    return words[f"{key}_1" if n == 1 else f"{key}_n"].format(n=n)


def _label(im: Image.Image, xy: tuple[float, float], text: str, fill: RGB, bg: RGB,
           anchor: str) -> tuple[float, float, float, float]:
    """A label that stays legible over the shaded curve: drawn on its own patch."""
    mask, dx, dy = text_mask(text, TEXT, "regular", anchor)
    x0, y0 = xy[0] + dx - 4, xy[1] + dy - 2
    patch = (x0, y0, x0 + mask.width + 8, y0 + mask.height + 4)
    ImageDraw.Draw(im).rectangle(patch, fill=bg)
    draw_text(im, xy, text, TEXT, fill, anchor=anchor)
    return patch


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _legend(im: Image.Image, x: float, y: float, lang: str, ink: RGB) -> None:
    """The marks' legend, on a row of its own above the graph (inside the graph the
    blunders' turn numbers ran into it)."""
    d = ImageDraw.Draw(im)
    for key, colour, r in (("legend_b", BLUNDER_RGB, 9), ("legend_d", DOUBTFUL_RGB, 7)):
        text = _WORDS[lang][key].format(b=number(BLUNDER, lang), d=number(DOUBTFUL, lang))
        d.ellipse([x, y - r, x + 2 * r, y + r], fill=colour, outline=ink, width=2)
        draw_text(im, (x + 2 * r + 8, y), text, TEXT, ink, anchor="lm")
        x += 2 * r + 8 + text_width(text, TEXT) + 32


def _graph(a: GameAnalysis, lang: str, w: int, h: int, theme_bg: RGB, ink: RGB,
           muted: RGB) -> Image.Image:
    """The equity graph: white's expected points by turn, blunders marked and numbered
    where a number does not run into another label."""
    words = _WORDS[lang]
    im = Image.new("RGB", (w, h), theme_bg)
    d = ImageDraw.Draw(im)
    curve = a.equity_curve()
    left, right, top, bottom = 64, w - 14, 10, h - TEXT - 14
    span = max([1.0, *(abs(v) for _, v in curve)])
    span = float(int(span) + (0 if span == int(span) else 1))
    first = min((n for n, _ in curve), default=1)
    last = max((n for n, _ in curve), default=2)
    last = max(last, first + 1)

    def x(n: float) -> float:
        return left + (n - first) / (last - first) * (right - left)

    def y(v: float) -> float:
        return top + (span - v) / (2 * span) * (bottom - top)

    zero = y(0)
    if len(curve) >= 2:
        pts = [(x(n), y(v)) for n, v in curve]
        d.polygon([(pts[0][0], zero), *pts, (pts[-1][0], zero)], fill=WHITE_AREA)
        # Shade the part below zero dark: clip by redrawing under the axis.
        below = Image.new("RGB", (w, h), theme_bg)
        bd = ImageDraw.Draw(below)
        bd.polygon([(pts[0][0], zero), *pts, (pts[-1][0], zero)], fill=BLACK_AREA)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rectangle([0, round(zero), w, h], fill=255)
        im.paste(below, (0, 0), mask)
    # grid: whole points and the zero line, labelled where the labels do not touch
    k = -int(span)
    every = max(1, math.ceil((TEXT + 6) / ((bottom - top) / (2 * span))))
    while k <= span:
        yy = y(k)
        d.line([(left, yy), (right, yy)], fill=muted if k == 0 else (205, 200, 190),
               width=2 if k == 0 else 1)
        if k % every == 0:
            draw_text(im, (left - 8, yy), number(k, lang, 0, sign=k != 0), TEXT, muted,
                      anchor="rm")
        k += 1
    if len(curve) >= 2:
        d.line([(x(n), y(v)) for n, v in curve], fill=ink, width=3)
    taken = [_label(im, (left + 6, top + 4), words["ahead_w"], muted, theme_bg, "la"),
             _label(im, (left + 6, bottom - 4), words["ahead_b"], muted, theme_bg, "ld")]
    # turn ticks at round numbers, as many as their labels have room for
    room = text_width(str(last), TEXT) + 24
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9)
                if (x(first + s) - x(first)) >= room)
    for n in [first, *range((first // step + 1) * step, last + 1, step)]:
        if n != first and x(n) - x(first) < room:
            continue
        d.line([(x(n), bottom), (x(n), bottom + 5)], fill=muted, width=1)
        draw_text(im, (x(n), bottom + 7), str(n), TEXT, muted, anchor="ma")
    # marks: each decision's verdict at the equity before it was made
    marks = [dec for dec in a.decisions if dec.verdict]
    for dec in marks:
        colour = BLUNDER_RGB if dec.verdict == "blunder" else DOUBTFUL_RGB
        r = 9 if dec.verdict == "blunder" else 7
        cx, cy = x(dec.number), y(dec.white_equity)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=ink, width=2)
        taken.append((cx - r, cy - r, cx + r, cy + r))
    # the blunders' turn numbers: above the mark, else below it, else left out (the
    # mistake the picture is about is named in words under the graph)
    for dec in sorted((m for m in marks if m.verdict == "blunder"),
                      key=lambda m: -m.loss):
        cx, cy = x(dec.number), y(dec.white_equity)
        tw = text_width(str(dec.number), TEXT, "bold")
        for above in (True, False):
            ty = cy - 12 if above else cy + 12
            box = (cx - tw / 2 - 3, ty - TEXT if above else ty, cx + tw / 2 + 3,
                   ty if above else ty + TEXT)
            if box[1] < 0 or box[3] > bottom or any(_overlaps(box, t) for t in taken):
                continue
            d.rectangle(box, fill=theme_bg)
            draw_text(im, (cx, ty), str(dec.number), TEXT, BLUNDER_RGB, "bold",
                      anchor="md" if above else "ma")
            taken.append(box)
            break
    return im


def _board(d: Decision, turn_kind: str, rules: str, lang: str, theme: str) -> Image.Image:
    """The board after the play, from its mover's side: the board alone, without the
    players' strips (the caption says whose play it is), as a problem's answer draws it,
    so that the whole picture is short enough to be shown a phone's width (issue 46)."""
    turn = d.played if turn_kind == "played" else d.best
    im = render_image(turn.position, BoardOptions.of(rules, dice=d.dice, last_turn=turn, last_mover=d.side,
                      perspective=d.side, theme=theme, lang=lang, dice_side=d.side))
    L = board_layout(None, d.side)
    return im.crop((0, L.crop_top, im.width, L.height - L.crop_bottom))


def render_review(analysis: GameAnalysis, *, lang: str = "sv", theme: str = "classic",
                  names: Mapping[Side, str] | None = None) -> bytes:
    """The analysis as PNG bytes (see the module doc); ``names`` overrides the record's."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    th = get_theme(theme)
    words = _WORDS[lang]
    a = analysis
    who = {Side.WHITE: a.white, Side.BLACK: a.black, **(names or {})}
    worst = a.worst
    inner = WIDTH - 2 * MARGIN
    o = a.outcome
    # the text first, as (text, size, weight, colour, indent) lines, to know the height
    head = [(fit(words["title"].format(rules=a.rules), TEXT + 5, "bold", inner), TEXT + 5,
             "bold", th.text, 0),
            (fit(words["players"].format(white=who[Side.WHITE], black=who[Side.BLACK]), TEXT,
                 "medium", inner), TEXT, "medium", th.text, 0),
            (fit(outcome_text(lang, o.winner, o.kind, o.points, o.munk) if o is not None
                 else words["unfinished"].format(n=len(a.decisions)), TEXT, "regular",
                 inner), TEXT, "regular", th.muted, 0),
            (fit(words["axis"], TEXT, "medium", inner), TEXT, "medium", th.text, 0)]
    players = []
    for side in (Side.WHITE, Side.BLACK):
        p = a.players[side]
        first = words["player"].format(name=who[side], lost=number(p.total_loss, lang),
                                       n=p.decisions)
        second = words["player_2"].format(
            bl=_count(words, "blunders", p.blunders), db=_count(words, "doubtful", p.doubtful),
            luck=number(p.luck, lang, sign=True))
        players.append([(x, TEXT, "regular", th.text, 34) for x in
                        wrap(first, TEXT, "regular", inner - 34)
                        + wrap(second, TEXT, "regular", inner - 34)])
    if worst is None:
        tail = [(x, TEXT, "medium", th.text, 0) for x in wrap(words["clean"], TEXT, "medium",
                                                               inner)]
        boards: list[tuple[str, Image.Image]] = []
    else:
        colour = BLUNDER_RGB if worst.verdict == "blunder" else th.text
        tail = [(x, TEXT, "bold", colour, 0) for x in wrap(words["worst"].format(
            n=worst.number, name=who[worst.side], dice=format_dice(worst.dice),
            roll=roll_name(worst.dice), loss=number(worst.loss, lang)), TEXT, "bold", inner)]
        boards = [(fit(words[key].format(play=format_turn(turn, lang)), TEXT, "medium", inner),
                   _board(worst, key, a.rules, lang, theme))
                  for key, turn in (("played", worst.played), ("best", worst.best))]
    height = (MARGIN + LINE * len(head) + LINE + GRAPH_H + 16
              + sum(LINE * len(p) + 8 for p in players) + 12 + LINE * len(tail)
              + sum(LINE + b.height + 16 for _, b in boards) + MARGIN)
    im = Image.new("RGB", (WIDTH, height), th.background)
    y = MARGIN

    def write(lines: list[tuple[str, int, str, RGB, int]]) -> None:
        nonlocal y
        for text, size, weight, colour, indent in lines:
            draw_text(im, (MARGIN + indent, y + LINE / 2), text, size, colour, weight, "lm")
            y += LINE

    write(head)
    _legend(im, MARGIN + 4, y + LINE / 2, lang, th.text)
    y += LINE
    im.paste(_graph(a, lang, inner, GRAPH_H, th.background, th.text, th.muted), (MARGIN, y))
    y += GRAPH_H + 16
    for side, lines in zip((Side.WHITE, Side.BLACK), players, strict=True):
        face = th.white_face if side is Side.WHITE else th.black_face
        rim = th.white_rim if side is Side.WHITE else th.black_rim
        r = 11
        ImageDraw.Draw(im).ellipse([MARGIN, y + LINE / 2 - r, MARGIN + 2 * r,
                                    y + LINE / 2 + r], fill=face, outline=rim, width=2)
        write(lines)
        y += 8
    y += 12
    write(tail)
    for caption, board in boards:
        write([(caption, TEXT, "medium", th.text, 0)])
        im.paste(board, ((WIDTH - board.width) // 2, y))
        y += board.height + 16
    return full_colour_png(im)


