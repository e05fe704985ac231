"""``render_review``: a game's analysis as one picture a player would rather look at than read.

Top to bottom: a title with the players and the result; the equity graph — white's
expected points before each roll, as the engine's analysis judges it (``engine.ai.
analysis``), shaded toward the side that is ahead, with every blunder (red) and doubtful
play (amber) marked on the turn it was made; one line per player with the points lost,
the blunders and the luck of the dice; and the game's biggest mistake drawn twice, the
play made beside the best play, each with the board's own arrows (``render_board``'s
``last_turn``) so the difference is seen, not read.

A pure function of its arguments (no clock, no randomness), safe in any worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.ai.analysis import BLUNDER, DOUBTFUL, Decision, GameAnalysis
from engine.analyse_cli import number  # the decimal mark, as the text report writes it
from engine.dice import format_dice, roll_name
from engine.notation import format_turn
from engine.position import Side
from render.board import render_image
from render.fonts import draw_text, font, text_width
from render.texts import LANGS, outcome_text
from render.themes import RGB, get_theme

WIDTH = 1240
MARGIN = 24
GRAPH_H = 330
BOARD_SCALE = (WIDTH - 3 * MARGIN) / 2 / 1202  # two boards side by side
BLUNDER_RGB: RGB = (204, 40, 40)
DOUBTFUL_RGB: RGB = (232, 150, 20)
WHITE_AREA: RGB = (236, 226, 200)
BLACK_AREA: RGB = (96, 84, 74)

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Game analysis: {white} (white) – {black} (black) · {rules}",
        "unfinished": "Unfinished game · {n} turns analysed",
        "axis": "White's expected points before each roll",
        "ahead_w": "white ahead", "ahead_b": "black ahead",
        "turn": "turn",
        "legend_b": "blunder (≥ {b})", "legend_d": "doubtful (≥ {d})",
        "player": "{name}: {lost} points lost in {n} decisions · {bl} · {db} · luck {luck}",
        "blunders_1": "1 blunder", "blunders_n": "{n} blunders",
        "doubtful_1": "1 doubtful play", "doubtful_n": "{n} doubtful plays",
        "worst": "Biggest mistake: turn {n}, {name} rolled {dice} ({roll}) and lost {loss} "
                 "points",
        "played": "Played: {play}", "best": "Best: {play}",
        "clean": "No play lost points: every decision was the best one.",
    },
    "sv": {
        "title": "Partianalys: {white} (vit) – {black} (svart) · {rules}",
        "unfinished": "Partiet pågår · {n} drag analyserade",
        "axis": "Vits förväntade poäng före varje slag",
        "ahead_w": "vit leder", "ahead_b": "svart leder",
        "turn": "drag",
        "legend_b": "grovt misstag (≥ {b})", "legend_d": "tveksamt (≥ {d})",
        "player": "{name}: {lost} poäng förlorade på {n} beslut · {bl} · {db} · tur {luck}",
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
           anchor: str) -> None:
    """A label that stays legible over the shaded curve: drawn on its own patch."""
    box = ImageDraw.Draw(im).textbbox(xy, text, font=font(15), anchor=anchor)
    ImageDraw.Draw(im).rectangle([box[0] - 4, box[1] - 2, box[2] + 4, box[3] + 2], fill=bg)
    draw_text(im, xy, text, 15, fill, anchor=anchor)


def _scale(im: Image.Image, factor: float) -> Image.Image:
    return im.resize((round(im.width * factor), round(im.height * factor)), Image.Resampling.LANCZOS)


def _graph(a: GameAnalysis, lang: str, w: int, h: int, theme_bg: RGB, ink: RGB,
           muted: RGB) -> Image.Image:
    """The equity graph: white's expected points by turn, blunders marked."""
    words = _WORDS[lang]
    im = Image.new("RGB", (w, h), theme_bg)
    d = ImageDraw.Draw(im)
    curve = a.equity_curve()
    left, right, top, bottom = 62, w - 12, 30, h - 34
    draw_text(im, (left, 4), words["axis"], 18, ink, "medium")
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
    # grid: whole points and the zero line
    k = -int(span)
    while k <= span:
        yy = y(k)
        d.line([(left, yy), (right, yy)], fill=muted if k == 0 else (205, 200, 190),
               width=2 if k == 0 else 1)
        draw_text(im, (left - 8, yy), number(k, lang, 0, sign=k != 0), 15, muted,
                  anchor="rm")
        k += 1
    if len(curve) >= 2:
        d.line([(x(n), y(v)) for n, v in curve], fill=ink, width=3)
    _label(im, (left + 6, top + 4), words["ahead_w"], muted, theme_bg, "la")
    _label(im, (left + 6, bottom - 4), words["ahead_b"], muted, theme_bg, "ld")
    # turn ticks at round numbers
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9)
                if (last - first) / s <= 14)
    for n in [first, *range((first // step + 1) * step, last + 1, step)]:
        if n != first and x(n) - x(first) < 24:
            continue
        d.line([(x(n), bottom), (x(n), bottom + 5)], fill=muted, width=1)
        draw_text(im, (x(n), bottom + 7), str(n), 14, muted, anchor="ma")
    # marks: each decision's verdict at the equity before it was made
    for dec in a.decisions:
        if not dec.verdict:
            continue
        colour = BLUNDER_RGB if dec.verdict == "blunder" else DOUBTFUL_RGB
        r = 8 if dec.verdict == "blunder" else 6
        cx, cy = x(dec.number), y(dec.white_equity)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=ink, width=2)
        if dec.verdict == "blunder":
            draw_text(im, (cx, cy - r - 3), str(dec.number), 14, colour, "bold", anchor="md")
    # legend
    lx = left + 8 + text_width(words["axis"], 18, "medium") + 24
    for key, colour, r in (("legend_b", BLUNDER_RGB, 8), ("legend_d", DOUBTFUL_RGB, 6)):
        text = words[key].format(b=number(BLUNDER, lang), d=number(DOUBTFUL, lang))
        d.ellipse([lx, 14 - r, lx + 2 * r, 14 + r], fill=colour, outline=ink, width=2)
        draw_text(im, (lx + 2 * r + 6, 14), text, 15, ink, anchor="lm")
        lx += 2 * r + 6 + text_width(text, 15) + 24
    return im


def _board(d: Decision, turn_kind: str, rules: str, lang: str, theme: str) -> Image.Image:
    turn = d.played if turn_kind == "played" else d.best
    im = render_image(turn.position, rules, dice=d.dice, last_turn=turn, last_mover=d.side,
                      perspective=d.side, theme=theme, lang=lang, dice_side=d.side)
    return _scale(im, BOARD_SCALE)


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
    boards: tuple[Image.Image, Image.Image] | None = None
    if worst is not None:
        boards = (_board(worst, "played", a.rules, lang, theme),
                  _board(worst, "best", a.rules, lang, theme))
    board_h = boards[0].height if boards else 0
    height = MARGIN + 70 + GRAPH_H + 16 + 2 * 30 + 20 + 34 + (board_h + 34 if boards else 0) \
        + MARGIN
    im = Image.new("RGB", (WIDTH, height), th.background)
    y = MARGIN
    draw_text(im, (MARGIN, y), words["title"].format(white=who[Side.WHITE],
                                                     black=who[Side.BLACK], rules=a.rules),
              26, th.text, "bold")
    y += 36
    o = a.outcome
    sub = (outcome_text(lang, o.winner, o.kind, o.points, o.munk) if o is not None
           else words["unfinished"].format(n=len(a.decisions)))
    draw_text(im, (MARGIN, y), sub, 20, th.muted)
    y += 34
    graph = _graph(a, lang, WIDTH - 2 * MARGIN, GRAPH_H, th.background, th.text, th.muted)
    im.paste(graph, (MARGIN, y))
    y += GRAPH_H + 16
    for side in (Side.WHITE, Side.BLACK):
        p = a.players[side]
        face = th.white_face if side is Side.WHITE else th.black_face
        rim = th.white_rim if side is Side.WHITE else th.black_rim
        ImageDraw.Draw(im).ellipse([MARGIN, y + 3, MARGIN + 20, y + 23], fill=face,
                                   outline=rim, width=2)
        draw_text(im, (MARGIN + 30, y), words["player"].format(
            name=who[side], lost=number(p.total_loss, lang), n=p.decisions,
            bl=_count(words, "blunders", p.blunders), db=_count(words, "doubtful", p.doubtful),
            luck=number(p.luck, lang, sign=True)), 19, th.text)
        y += 30
    y += 20
    if worst is None or boards is None:
        draw_text(im, (MARGIN, y), words["clean"], 21, th.text, "medium")
        return _png(im)
    draw_text(im, (MARGIN, y), words["worst"].format(
        n=worst.number, name=who[worst.side], dice=format_dice(worst.dice),
        roll=roll_name(worst.dice), loss=number(worst.loss, lang)), 21, BLUNDER_RGB
        if worst.verdict == "blunder" else th.text, "bold")
    y += 34
    xs = (MARGIN, WIDTH - MARGIN - boards[1].width)
    for x, key, turn, board in zip(xs, ("played", "best"), (worst.played, worst.best), boards,
                                   strict=True):
        draw_text(im, (x, y), words[key].format(play=format_turn(turn, lang)), 19, th.text,
                  "medium")
        im.paste(board, (x, y + 30))
    return _png(im)


def _png(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", optimize=True)
    return buf.getvalue()
