"""The board as a player reads it (issue 13): drawn from Black's side it is Black's board,
the last turn's text uses the numbers on the labels, counts stay readable under arrows,
and a count never looks like one more checker.  Pixel probes at ``render.layout``'s spots."""

from __future__ import annotations

import re

import pytest

from engine import rules as registry
from engine.dice import roll_name
from engine.generators import legal_turns
from engine.notation import format_turn
from engine.position import Geometry, Position, Side
from engine.turn import Step, Turn
from render import render_board
from render.layout import (
    BAR_SHOWN,
    LAYOUT,
    bar_center,
    checker_center,
    clear_of,
    die_centers,
    slot,
    view_slot,
)
from render.options import BoardOptions
from render.themes import CLASSIC, CONTRAST, Theme
from tests.render.helpers import count_near, decode, dist

TALISMAN = registry.get("talisman")


def black_bears_off():
    """Black, bearing off with 6-1, plays 19/off 24/off (its own numbers)."""
    pos = Position.parse("white=1x5,13x10 black=19x3,20x2,24x2,offx8 turn=black")
    turn = next(t for t in legal_turns(TALISMAN, pos, (6, 1)) if "24/off" in t.text)
    return turn


def test_last_turn_text_is_in_its_movers_numbering() -> None:
    """Whichever side the board is drawn from, a play is written as its mover counts
    (issue 22): black's bear-off reads 19/ut 24/ut, never white's 7/ut 12/ut."""
    turn = black_bears_off()
    assert turn.text == "19/off 24/off"
    assert format_turn(turn, "sv") == "19/ut 24/ut"
    assert format_turn(turn, "en") == "19/off 24/off"


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST])
def test_black_reads_its_own_board(theme: Theme) -> None:
    """Black's bear-off drawn for black: its 19–24 top right beside its tray, the arrow
    from the point labelled 24 (black's own 24) into the tray, black's dice on black's
    right with the roll's name."""
    turn = black_bears_off()
    after = turn.position
    png = render_board(after, BoardOptions.of(TALISMAN, last_turn=turn, dice=(6, 1), dice_side=Side.BLACK,
                       perspective=Side.BLACK, theme=theme, lang="sv"))
    im = decode(png)
    b24 = Geometry.BRADE.board_point(Side.BLACK, 24)
    assert view_slot(b24, Side.BLACK, Geometry.BRADE) == slot(24) == (11, True)
    # one black checker is left on black's 24: where the arrow leaves from, top right
    x, y = checker_center(b24, 0, 1, Side.BLACK, Geometry.BRADE)
    assert x > LAYOUT.rail_x and y < LAYOUT.mid_y
    assert dist(im.getpixel((x, y)), theme.black_face) < 40
    # the ghost of the checker that left stands beside it, and the arrow starts there
    gx, gy = checker_center(b24, 1, 2, Side.BLACK, Geometry.BRADE)
    assert count_near(im, (gx - 6, gy - 6, gx + 6, gy + 6), theme.arrow, 45) > 20
    # black's dice lie in black's right half (the bottom player's), with a 6 pip centre
    (d6, _), _ = die_centers(2, True), None
    assert d6[0] > LAYOUT.rail_x
    # a white-viewed board of the same turn puts those checkers in the bottom left
    im_w = decode(render_board(after, BoardOptions.of(TALISMAN, last_turn=turn, perspective=Side.WHITE,
                               theme=theme)))
    wx, wy = checker_center(b24, 0, 1, Side.WHITE, Geometry.BRADE)
    assert wx < LAYOUT.rail_x and wy > LAYOUT.mid_y
    assert dist(im_w.getpixel((wx, wy)), theme.black_face) < 40
    assert png != render_board(after, BoardOptions.of(TALISMAN, last_turn=turn, dice=(6, 1),
                               dice_side=Side.BLACK, perspective=Side.BLACK, theme=theme,
                               lang="en"))
    assert roll_name((6, 1)) == "sex äss"


@pytest.mark.parametrize("geometry", [Geometry.BRADE, Geometry.DUBBEL_KONTRAR])
def test_a_bear_off_arrow_stays_by_the_movers_home(geometry: Geometry) -> None:
    """Issue 30: against the computer, Black's bear-off arrow arced across the whole board
    to the tray.  The top player's home in bräde lies bottom left (top left in dubbel
    konträr puff), the trays right: the arrow now points off the board by the left edge,
    beyond the home's last point, and nothing of it reaches the right half.  The bottom
    player's home lies beside its tray, and its arrow still ends there."""
    from render.layout import tray_rect

    rules = "talisman" if geometry is Geometry.BRADE else "puff-dubbel-kontrar"
    home = [geometry.board_point(Side.BLACK, p) for p in (20, 22)]
    black = ",".join(f"{geometry.own_point(Side.BLACK, b)}x2" for b in home)
    pos = Position.parse(f"white=1x15 black={black},offx11 turn=white", geometry)
    turn = Turn((Step(20, 25, 5), Step(22, 25, 3)), pos)
    im = decode(render_board(pos, BoardOptions.of(rules, last_turn=turn, last_mover=Side.BLACK)))
    L = LAYOUT
    right_half = (L.rail_x + L.rail, L.field_y, L.width, L.field_y + L.field_h)
    assert count_near(im, right_half, CLASSIC.arrow, 30) == 0
    left_edge = (L.board_x, L.field_y, L.field_x + 12, L.field_y + L.field_h)
    assert count_near(im, left_edge, CLASSIC.arrow, 30) > 20
    # white, the viewer, bears off top right into its tray beside it
    mine = Position.parse("white=20x2,22x2,offx11 black=1x15 turn=black", geometry)
    im = decode(render_board(mine, BoardOptions.of(rules, last_turn=Turn((Step(20, 25, 5),), mine),
                             last_mover=Side.WHITE)))
    assert count_near(im, tray_rect(True), CLASSIC.arrow, 30) > 20
    left_half = (0, L.field_y, L.rail_x, L.field_y + L.field_h)
    assert count_near(im, left_half, CLASSIC.arrow, 30) == 0


def test_start_dot_leaves_the_count_readable() -> None:
    """White plays 1/7 1/6 from the home band: 13 are left, their count written on the top
    checker, and both arrows start clear of it."""
    pos = Position.start()
    turn = next(t for t in legal_turns(TALISMAN, pos, (6, 5)) if t.text == "1/7 1/6")
    im = decode(render_board(turn.position, BoardOptions.of(TALISMAN, last_turn=turn)))
    plain = decode(render_board(turn.position, BoardOptions.of(TALISMAN)))
    cx, cy = checker_center(1, 12, 13, Side.WHITE, Geometry.BRADE)  # the count's checker
    r = LAYOUT.checker * 0.33 * 0.7  # a square inside the patch the count is written on
    box = (cx - r, cy - r, cx + r, cy + r)
    # the digits, in the white checker's ink, and not a pixel of arrow over them
    assert count_near(im, box, CLASSIC.white_text, 40) > 20
    assert count_near(im, box, CLASSIC.arrow, 45) == 0
    assert im.crop(tuple(round(v) for v in box)).tobytes() == \
        plain.crop(tuple(round(v) for v in box)).tobytes()
    # the start dots moved toward the middle, still drawn
    for index, count in ((14, 15), (13, 14)):
        sx, sy = clear_of(checker_center(1, index, count, Side.WHITE, Geometry.BRADE),
                          (cx, cy))
        assert sy < cy - LAYOUT.checker * 0.5
        assert count_near(im, (sx - 5, sy - 5, sx + 5, sy + 5), CLASSIC.arrow, 45) > 10


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST])
def test_counts_do_not_look_like_checkers(theme: Theme) -> None:
    """A count is written on the checker in its own ink: no disc of the other colour that
    reads as one more (opposing) checker, on a point or on the bar."""
    pos = Position.parse("white=barx6,1x9 black=barx2,1x9,3,4,5,6 turn=white")
    im = decode(render_board(pos, BoardOptions.of(TALISMAN, theme=theme)))
    # white's six on the bar: four drawn, the count on the fourth, nothing beyond
    shown = [bar_center(True, i) for i in range(BAR_SHOWN)]
    for x, y in shown[:-1]:
        assert dist(im.getpixel((x, y)), theme.white_face) < 40
    x, y = shown[-1]
    r = round(LAYOUT.checker * 0.32)  # 24 × 24 pixels in the middle of the face
    disc = (x - r, y - r, x + r, y + r)
    assert count_near(im, disc, theme.white_face, 40) > 200  # still a white checker
    assert count_near(im, disc, theme.black_face, 40) < 250  # digits only, no black disc
    nx, ny = bar_center(True, BAR_SHOWN)
    assert count_near(im, (nx - 10, ny - 10, nx + 10, ny + 10), theme.white_face, 12) == 0
    # black's two on the bar: both drawn, no count needed
    for i in range(2):
        bx, by = bar_center(False, i)
        assert dist(im.getpixel((bx, by)), theme.black_face) < 40
    bx, by = bar_center(False, 2)  # no third checker, and no count disc, beyond them
    assert count_near(im, (bx - 10, by - 10, bx + 10, by + 10), theme.black_face, 12) == 0
    cx, cy = bar_center(False, 1)
    assert count_near(im, (cx - 10, cy - 10, cx + 10, cy + 10), theme.black_face, 12) > 200
    # a band's count on black's home point: on a black checker, no white disc
    home = Geometry.BRADE.board_point(Side.BLACK, 1)
    hx, hy = checker_center(home, 8, 9, Side.WHITE, Geometry.BRADE)
    top = (hx - r, hy - r, hx + r, hy + r)
    assert count_near(im, top, theme.black_face, 40) > 200
    assert count_near(im, top, theme.white_face, 40) < 250


RULE_ID = re.compile(r"\b[BPGTM]-\d+\b")


def test_no_rule_ids_in_anything_the_board_or_replay_writes() -> None:
    from render.bracket import WORDS
    from render.replay import _WORDS
    from render.texts import all_strings

    texts = list(all_strings())
    texts += [t for words in (*WORDS.values(), *_WORDS.values()) for t in words.values()]
    leaks = [t for t in texts if RULE_ID.search(t)]
    assert not leaks
    assert RULE_ID.search("most pips, B-20")  # the pattern does catch one
