"""``render_answer``: a solved problem's picture, the solver's play beside the best one.

Each play is drawn on its own board with the board's own arrows (``render_image``'s
``last_turn``), from the solver's side, the two boards side by side like the analysis
picture's biggest mistake (``render.review``), so the difference is seen, not read.  A
right answer is one board: the best play.  The captions come worded from the caller (the
bot's languages); this module only places them.

A pure function of its arguments, safe in a worker process.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.position import Position, Side
from engine.turn import Turn
from render.board import render_image
from render.fonts import draw_text, text_width
from render.themes import get_theme

WIDTH = 1240
MARGIN = 24
#: Caption height and size: legible when Discord shows the picture ~550 px wide.
CAPTION = 52
CAPTION_SIZE = 34
BOARD_SCALE = (WIDTH - 3 * MARGIN) / 2 / 1202  # two boards side by side
#: A caption's colour by its kind: the solver's play when it was not the best, the best.
MISSED = (204, 40, 40)
BEST = (32, 128, 64)


def _board(position: Position, rules: object, dice: Sequence[int], turn: Turn, mover: Side,
           lang: str, theme: str, names: tuple[str, str] | None, scale: float) -> Image.Image:
    im = render_image(turn.position, rules, dice=tuple(dice), last_turn=turn,
                      last_mover=mover, perspective=mover, theme=theme, lang=lang,
                      dice_side=mover, names=names)
    if scale == 1:
        return im
    return im.resize((round(im.width * scale), round(im.height * scale)), Image.LANCZOS)


def render_answer(position: Position, rules: object, dice: Sequence[int], mover: Side,
                  best: Turn, theirs: Turn | None, captions: Sequence[str], *,
                  lang: str = "sv", theme: str = "classic",
                  names: tuple[str, str] | None = None) -> bytes:
    """PNG bytes: ``theirs`` (left) beside ``best`` (right), each under its caption; with
    ``theirs`` None (a right answer) the best play alone.  ``position`` is the problem's
    (before the play), only for its geometry checks; each board shows the position after
    its play."""
    th = get_theme(theme)
    if theirs is None:
        board = _board(position, rules, dice, best, mover, lang, theme, names,
                       2 * BOARD_SCALE)
        im = Image.new("RGB", (WIDTH, MARGIN + CAPTION + board.height + MARGIN),
                       th.background)
        _caption(im, (MARGIN, MARGIN), captions[0], WIDTH - 2 * MARGIN, BEST)
        im.paste(board, ((WIDTH - board.width) // 2, MARGIN + CAPTION))
        return _png(im)
    left = _board(position, rules, dice, theirs, mover, lang, theme, names, BOARD_SCALE)
    right = _board(position, rules, dice, best, mover, lang, theme, names, BOARD_SCALE)
    height = MARGIN + CAPTION + max(left.height, right.height) + MARGIN
    im = Image.new("RGB", (WIDTH, height), th.background)
    xs = (MARGIN, WIDTH - MARGIN - right.width)
    for x, board, caption, colour in zip(xs, (left, right), captions, (MISSED, BEST),
                                         strict=True):
        _caption(im, (x, MARGIN), caption, board.width, colour)
        im.paste(board, (x, MARGIN + CAPTION))
    return _png(im)


def _caption(im: Image.Image, xy: tuple[int, int], text: str, room: int,
             colour: tuple[int, int, int]) -> None:
    """A caption as large as fits ``room`` (a long play, a pasch of four steps, shrinks)."""
    size = CAPTION_SIZE
    while size > 14 and text_width(text, size, "bold") > room:
        size -= 2
    draw_text(im, (xy[0], xy[1] + (CAPTION_SIZE - size) // 2), text, size, colour, "bold")


def _png(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, "PNG", optimize=True)
    return buf.getvalue()


__all__ = ["render_answer"]
