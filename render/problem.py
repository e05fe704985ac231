"""``render_answer``: a solved problem's picture, the solver's play above the best one.

Each play is drawn on its own board with the board's own arrows (``render_image``'s
``last_turn``), from the solver's side, like the analysis picture's biggest mistake
(``render.review``), so the difference is seen, not read.  A right answer is one board:
the best play.  The captions come worded from the caller (the bot's languages); this
module only places them.

Laid out for the size Discord shows a picture at (at most about 550 px wide and 720 px
tall, as SimCord's preview draws it; a taller picture is shown narrower, its texts
smaller): the picture is as wide as a board and the boards stand one above the other at
full size (side by side, at half size, their texts could not be read), without the
players' strips above and below each board (names and pips: the problem's own board
showed them) so that two boards and their captions fit that height; a caption is at
least the board's smallest text (capitals 8 px tall shown 320 px wide on a phone, as
every text on a board), and a long one (a
pasch of four steps, a long name of a loss) wraps onto a second line rather than shrink
below it.

``answer_alt_text`` says the same in words for a screen reader (the attachment's
description): the captions, then the board after the best play (``render.alt_text``).

Pure functions of their arguments, safe in a worker process.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.position import Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn
from render.alt_text import LIMIT, alt_text
from render.board import board_layout, render_image
from render.encode import full_colour_png
from render.fonts import draw_text, text_width, wrap
from render.layout import LAYOUT
from render.options import BoardOptions
from render.themes import RGB, get_theme

WIDTH = LAYOUT.width  # as wide as a board: the boards are drawn at full size
MARGIN = 14
#: A caption's size where it fits on one line, and the least it shrinks to before it wraps.
CAPTION = LAYOUT.name_text
TEXT = LAYOUT.text
LINE = CAPTION + 14
GAP = 16  # below a board, before the next caption
#: The most Discord shows a picture at: a picture taller than ``SHOWN_H`` at ``SHOWN_W``
#: wide is shown narrower.
SHOWN_W, SHOWN_H = 550, 720
#: A caption's colour by its kind: the solver's play when it was not the best, the best.
MISSED: RGB = (204, 40, 40)
BEST: RGB = (32, 128, 64)


def _board(rules: RuleSet | str, dice: Sequence[int], turn: Turn, mover: Side, lang: str,
           theme: str, names: tuple[str, str] | None) -> Image.Image:
    """The position after ``turn``, its arrows, the roll it played, from the mover's side:
    the board alone, without the players' strips."""
    im = render_image(turn.position, BoardOptions.of(rules, dice=tuple(dice), last_turn=turn,
                      last_mover=mover, perspective=mover, theme=theme, lang=lang,
                      dice_side=mover, names=names))
    L = board_layout(None, mover)
    # the board's own height: a play that wins grows the picture by the result's plate
    return im.crop((0, L.crop_top, im.width, L.height - L.crop_bottom))


def caption_lines(text: str, room: int = WIDTH - 2 * MARGIN) -> tuple[int, list[str]]:
    """A caption's size and lines: one line at the largest size from ``CAPTION`` down to
    ``TEXT`` that fits ``room``, else wrapped at words at ``TEXT``."""
    for size in range(CAPTION, TEXT - 1, -1):
        if text_width(text, size, "bold") <= room:
            return size, [text]
    return TEXT, wrap(text, TEXT, "bold", room)


def render_answer(rules: RuleSet | str, dice: Sequence[int], mover: Side, best: Turn,
                  theirs: Turn | None, captions: Sequence[str], *, lang: str = "sv",
                  theme: str = "classic", names: tuple[str, str] | None = None) -> bytes:
    """PNG bytes: ``theirs`` above ``best``, each under its caption (``captions`` in that
    order); with ``theirs`` None (a right answer) the best play alone under
    ``captions[0]``.  Each board shows the position after its play."""
    th = get_theme(theme)
    plays = [(best, BEST)] if theirs is None else [(theirs, MISSED), (best, BEST)]
    parts = [(caption_lines(caption), colour,
              _board(rules, dice, turn, mover, lang, theme, names))
             for (turn, colour), caption in zip(plays, captions, strict=False)]
    height = MARGIN + sum(LINE * len(lines) + board.height + GAP
                          for (_, lines), _, board in parts) - GAP + MARGIN
    im = Image.new("RGB", (WIDTH, height), th.background)
    y = MARGIN
    for (size, lines), colour, board in parts:
        for line in lines:
            draw_text(im, (MARGIN, y + LINE / 2), line, size, colour, "bold", "lm")
            y += LINE
        im.paste(board, ((WIDTH - board.width) // 2, y))
        y += board.height + GAP
    return full_colour_png(im)


def answer_alt_text(rules: RuleSet | str, dice: Sequence[int], mover: Side, best: Turn,
                    captions: Sequence[str], *, lang: str = "sv",
                    names: tuple[str, str] | None = None, limit: int = LIMIT) -> str:
    """The answer picture in words (at most ``limit`` characters): its captions, then the
    board after the best play as ``render.alt_text`` describes a board."""
    said = " ".join(c.rstrip(".") + "." for c in captions)
    room = limit - len(said) - 1
    if room < 80:  # captions too long to leave the board room: they alone, cut
        return said if len(said) <= limit else said[:limit - 1].rstrip() + "…"
    board = alt_text(best.position,
                     BoardOptions.of(rules, dice=dice, last_turn=best, last_mover=mover,
                                     dice_side=mover, lang=lang, names=names),
                     limit=room)
    return f"{said} {board}"


__all__ = ["SHOWN_H", "SHOWN_W", "answer_alt_text", "caption_lines", "render_answer"]
