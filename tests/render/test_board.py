"""The board (render.board): the rendered PNG valid, deterministic, small, and showing what
it should where it should (pixel probes at the coordinates ``render.layout`` computes);
the arguments it reads (names, score, numbering, dice) and refuses."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from engine import rules as registry
from engine.position import Geometry, Position, Side
from engine.turn import Step, Turn
from render import render_board
from render.board import render_image
from render.fonts import log_text
from render.gallery import scenes
from render.layout import (
    LAYOUT,
    arrow_bow,
    bar_center,
    checker_center,
    clear_of,
    die_centers,
    point_center,
    slab_rect,
)
from render.options import BoardOptions
from render.texts import describe_rules
from render.themes import CLASSIC, CONTRAST, THEMES, Theme
from tests.render.helpers import RGB, count_near, dist


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    assert im.format == "PNG"
    return im.convert("RGB")


def faces(theme: Theme) -> dict[Side, RGB]:
    return {Side.WHITE: theme.white_face, Side.BLACK: theme.black_face}


def assert_checker(im: Image.Image, xy: tuple[int, int], side: Side, theme: Theme) -> None:
    px = im.getpixel(xy)
    want, other = faces(theme)[side], faces(theme)[side.other]
    assert dist(px, want) < 40 and dist(px, want) < dist(px, other), (xy, px, side)


# White blot on its own 5, black blot on its own 9, three more white on its own 20 and the
# rest borne off: the board points differ in every geometry (G-4).
def probe_position(geometry: Geometry) -> Position:
    return Position.parse("white=5,20x3,offx11 black=9,offx14 turn=white", geometry)


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("perspective", list(Side))
@pytest.mark.parametrize("geometry", list(Geometry))
def test_checkers_of_the_right_colour_at_the_right_points(geometry: Geometry, perspective: Side,
                                                          theme: str) -> None:
    pos = probe_position(geometry)
    im = decode(render_board(pos, BoardOptions.of(None, perspective=perspective, theme=theme)))
    th = THEMES[theme]
    wb = geometry.board_point(Side.WHITE, 5)
    bb = geometry.board_point(Side.BLACK, 9)
    assert_checker(im, point_center(wb, perspective, geometry=geometry), Side.WHITE, th)
    assert_checker(im, point_center(bb, perspective, geometry=geometry), Side.BLACK, th)
    band = geometry.board_point(Side.WHITE, 20)
    for i in range(3):
        assert_checker(im, checker_center(band, i, 3, perspective, geometry), Side.WHITE, th)
    # and nothing on an empty point: the probe would see the point or the field
    empty = geometry.board_point(Side.WHITE, 11)
    px = im.getpixel(point_center(empty, perspective, geometry=geometry))
    assert dist(px, faces(th)[Side.WHITE]) > 10 or dist(px, th.point_light) < 10


def test_brade_start_from_either_side_puts_own_home_band_bottom_right() -> None:
    pos = Position.start(Geometry.BRADE)
    for view in Side:
        im = decode(render_board(pos, BoardOptions.of("talisman", perspective=view)))
        home = Geometry.BRADE.board_point(view, 1)
        x, y = point_center(home, view)
        assert x > LAYOUT.rail_x and y > LAYOUT.mid_y  # bottom right
        for i in (0, 1, 12):  # two stacks of seven (the fifteenth on top wears the count)
            assert_checker(im, checker_center(home, i, 15, view, Geometry.BRADE), view, CLASSIC)
        other = Geometry.BRADE.board_point(view.other, 1)
        ox, oy = point_center(other, view)
        assert ox < LAYOUT.rail_x and oy < LAYOUT.mid_y  # the opponent's home top left
        assert_checker(im, checker_center(other, 0, 15, view, Geometry.BRADE), view.other,
                       CLASSIC)


def test_bar_and_borne_off_checkers_per_side() -> None:
    pos = Position.parse("white=bar,1x12,offx2 black=barx3,1x10,offx2 turn=white")
    im = decode(render_board(pos, BoardOptions.of("talisman", perspective=Side.BLACK)))
    # the viewer's (black) bar checkers in the lower half of the rail, white's in the upper
    assert_checker(im, bar_center(True, 0), Side.BLACK, CLASSIC)
    assert_checker(im, bar_center(True, 2), Side.BLACK, CLASSIC)
    assert_checker(im, bar_center(False, 0), Side.WHITE, CLASSIC)
    for viewer, side in ((True, Side.BLACK), (False, Side.WHITE)):
        x0, y0, x1, y1 = slab_rect(viewer, 1)
        px = im.getpixel(((x0 + x1) // 2, (y0 + y1) // 2 + 1))
        assert dist(px, faces(CLASSIC)[side]) < 40


@pytest.mark.parametrize("perspective", list(Side))
def test_dice_lie_in_the_throwers_right_half(perspective: Side) -> None:
    for thrower in Side:
        pos = Position.start(Geometry.BRADE).with_turn(thrower)  # the roll to play
        im = decode(render_board(pos, BoardOptions.of("talisman", dice=(2, 5), dice_side=thrower,
                                 perspective=perspective)))
        right = thrower is perspective
        (x5, y5), (x2, y2) = die_centers(2, right)
        assert (x5 > LAYOUT.rail_x) == right
        # higher die first: the 5 shows a pip in its centre, the 2 a blank face
        assert dist(im.getpixel((x5, y5)), CLASSIC.die_pip) < 40
        assert dist(im.getpixel((x2, y2)), CLASSIC.die_face) < 30
        (ox, oy), _ = die_centers(2, not right)
        assert dist(im.getpixel((ox, oy)), CLASSIC.die_pip) > 60  # nothing in the other half


def test_no_dice_no_die_face() -> None:
    im = decode(render_board(Position.start(), BoardOptions.of("talisman")))
    (x, y), _ = die_centers(2, True)
    assert dist(im.getpixel((x, y)), CLASSIC.die_pip) > 60


def _hit_turn() -> tuple[Position, Turn]:
    # White took a checker from home with a 5 to its 6, hitting black's blot there
    # (black's 18 is white's 6 in bräde, G-4).
    after = Position.parse("white=1x14,6 black=bar,1x14 turn=black")
    return after, Turn((Step(1, 6, 5, hit=True),), after)


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST])
def test_last_turn_arrow_and_hit_marker(theme: Theme) -> None:
    after, turn = _hit_turn()
    plain = decode(render_board(after, BoardOptions.of("talisman", theme=theme)))
    im = decode(render_board(after, BoardOptions.of("talisman", last_turn=turn, theme=theme)))
    # the arrow leaves the top of the home band, clear of the count written on the 14 left
    a = clear_of(checker_center(1, 14, 15, Side.WHITE, Geometry.BRADE),
                 checker_center(1, 13, 14, Side.WHITE, Geometry.BRADE))
    b = checker_center(6, 0, 1, Side.WHITE, Geometry.BRADE)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2 + arrow_bow(a, b, LAYOUT.mid_y))
    assert dist(im.getpixel(mid), theme.arrow) < 45
    assert dist(plain.getpixel(mid), theme.arrow) > 45
    r = LAYOUT.checker // 2
    box = (b[0], b[1] - 2 * r, b[0] + 2 * r, b[1])  # the badge sits up and right of it
    assert count_near(im, box, theme.hit) > 40
    assert count_near(plain, box, theme.hit) < 5  # a point's edge may hold a pixel of it
    assert count_near(im, box, theme.burst) < 5  # a hit is not drawn as a burst


def test_burst_is_marked_differently_from_a_hit() -> None:
    after, _ = _hit_turn()
    turn = Turn((Step(1, 6, 5, burst=True),), after)
    im = decode(render_board(after, BoardOptions.of("talisman", last_turn=turn)))
    b = checker_center(6, 0, 1, Side.WHITE, Geometry.BRADE)
    r = LAYOUT.checker // 2
    box = (b[0] - 4, b[1] - 2 * r - 4, b[0] + 2 * r + 4, b[1] + 4)
    assert count_near(im, box, CLASSIC.burst) > 60
    assert count_near(im, box, CLASSIC.hit) < 5


def test_blockade_is_highlighted() -> None:
    pos = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    im = decode(render_board(pos, BoardOptions.of("talisman")))
    start = decode(render_board(Position.start(), BoardOptions.of("talisman")))
    field = (LAYOUT.field_x, LAYOUT.field_y, LAYOUT.field_x + LAYOUT.field_w,
             LAYOUT.field_y + LAYOUT.field_h)
    assert count_near(im, field, CLASSIC.blockade, 20) > 500
    assert count_near(start, field, CLASSIC.blockade, 20) == 0


def test_same_input_same_bytes() -> None:
    after, turn = _hit_turn()
    kw = dict(dice=(6, 6), last_turn=turn, names=("Åsa", "Örjan"), score=(1, 2, 5))
    assert render_board(after, BoardOptions.of("talisman", **kw)) == render_board(after, BoardOptions.of("talisman", **kw))


def test_same_bytes_in_a_fresh_process() -> None:
    # The palette is learnt at first use; it must not depend on hash seeds or history.
    code = ("import hashlib;from engine.position import Position;from render import "
            "BoardOptions,render_board;print(hashlib.sha256(render_board(Position.start(),"
            "BoardOptions.of('talisman',dice=(5,2)))).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout.strip()
    here = hashlib.sha256(render_board(Position.start(), BoardOptions.of("talisman", dice=(5, 2)))).hexdigest()
    assert out == here


def test_rules_may_be_a_ruleset_an_id_or_nothing() -> None:
    pos = Position.start(Geometry.LANG)
    for rules in (None, "puff-lang", "puff-lang+torn", registry.get("puff-lang")):
        assert describe_rules(rules, pos.geometry, "sv").title == "Lång puff"
        assert render_board(pos, BoardOptions.of(rules, dice=(3, 3)))
    info = describe_rules(registry.get("classic"), Geometry.BRADE, "en")
    assert (info.family, info.blockade_burst) == ("brade", False)


@pytest.mark.parametrize("bad", [
    dict(theme="neon"), dict(lang="de"), dict(dice=(7, 1)), dict(dice=(1, 2, 3)),
    dict(score="3-2"), dict(names=42),
])
def test_bad_arguments_raise_value_error(bad: dict) -> None:
    with pytest.raises(ValueError):
        render_board(Position.start(), BoardOptions.of("talisman", **bad))


def test_mapping_only_the_drawn_boxes_equals_mapping_the_whole_picture() -> None:
    # render_board maps only what it drew onto the palette; a forgotten box would leave
    # the static layer showing through.  Compare with mapping every pixel.
    from render import encode
    from render.board import _draw

    for _, kwargs in list(scenes())[:8]:
        kw = dict(kwargs)
        pos, rules = kw.pop("position"), kw.pop("rules")
        theme = THEMES[kw.get("theme", "classic")]
        full = encode.to_png(_draw(pos, BoardOptions.of(rules, **kw)).im, theme)
        assert decode(full).tobytes() == decode(render_board(pos, BoardOptions.of(rules, **kw))).tobytes()


def test_finished_game_shows_a_banner_instead_of_dice() -> None:
    from engine.turn import Outcome
    from render.board import result_band

    after, turn = _hit_turn()
    won = Turn(turn.steps, after, Outcome("jan", 2, False, Side.WHITE))
    im = decode(render_board(after, BoardOptions.of("talisman", last_turn=won, dice=(5, 3))))
    # the result's plate under the board: the picture grows by its height, its accent
    # outline below the bottom strip
    assert im.size == (LAYOUT.width, LAYOUT.height + result_band(LAYOUT, 2, True))
    below = (LAYOUT.margin, LAYOUT.height, LAYOUT.width - LAYOUT.margin, im.height)
    assert count_near(im, below, CLASSIC.accent, 12) > 2000
    assert count_near(im, below, CLASSIC.strip, 10) > 20000
    # no die anywhere on the board: neither black's roll to play nor white's roll just
    # played (the plate shows the last roll, small, under the board)
    for right in (False, True):
        (x, y), _ = die_centers(2, right)
        assert count_near(im, (x - 20, y - 24, x + 20, y + 24), CLASSIC.die_face, 12) == 0
    plain = decode(render_board(after.with_turn(Side.BLACK), BoardOptions.of("talisman", last_turn=turn,
                                dice=(5, 3))))
    (x, y), _ = die_centers(2, False)
    assert count_near(plain, (x - 20, y - 24, x + 20, y + 24), CLASSIC.die_face, 12) > 100


def test_the_result_leaves_the_bar_and_the_last_plays_arrows_in_view() -> None:
    """Issue 46: the winner's box covered the board where the game was decided — the
    checkers on the bar (the reason for a jan) and the last play's arrows.  The plate
    lies under the board, below the bottom strip; the bar's checkers and an arrow across
    the middle (where the plate lay) are drawn, from either side."""
    from engine.turn import Outcome
    from render.board import Result, _draw

    # black is jan (B-33) with six on the bar; white's last play went from its 11 to its
    # 17, across the middle left of the rail
    pos = Position.parse("white=1x2,17,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx6,1x6,2,3,4 turn=black")
    won = Turn((Step(11, 17, 6),), pos, Outcome("jan", 2, False, Side.WHITE))
    for view in Side:
        kw = dict(perspective=view, names=("Åsa", "Erik"), score=(3, 1, 5))
        b = _draw(pos, BoardOptions.of("talisman", last_turn=won, last_mover=Side.WHITE,
                                       **kw))
        assert b.plate is not None
        x0, y0, x1, y1 = b.plate
        # geometry: below the board and both strips, so nowhere on the field, the rail
        # (the bar), the arrows or the trays
        assert y0 >= LAYOUT.strip_rect(True)[3] > LAYOUT.board_y + LAYOUT.board_h
        assert (x0, x1, y1) == (LAYOUT.margin, LAYOUT.width - LAYOUT.margin,
                                b.im.height - LAYOUT.margin)
        # pixels: black's checkers on its half of the rail (the fourth carries the count)
        for i in range(3):
            assert dist(b.im.getpixel(bar_center(view is Side.BLACK, i)),
                        CLASSIC.black_face) < 40
        # the arrow, where it crosses the middle: in the left half for white at the
        # bottom, in the right half (the board turned, G-4) for black
        left = view is Side.WHITE
        xa, xb = (LAYOUT.field_x, LAYOUT.rail_x) if left else \
            (LAYOUT.rail_x + LAYOUT.rail, LAYOUT.field_x + LAYOUT.field_w)
        middle = (xa, LAYOUT.mid_y - 40, xb, LAYOUT.mid_y + 40)
        bare = render_image(pos, BoardOptions.of("talisman", result=Result(won.outcome), **kw))
        assert count_near(b.im, middle, CLASSIC.arrow, 40) > 150
        assert count_near(bare, middle, CLASSIC.arrow, 40) < 10


def test_jan_danger_warning_appears_in_the_endangered_players_strip() -> None:
    pos = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    top = (LAYOUT.margin, 0, LAYOUT.width - LAYOUT.margin, LAYOUT.board_y - 6)
    bottom = (LAYOUT.margin, LAYOUT.board_y + LAYOUT.board_h, LAYOUT.width - LAYOUT.margin,
              LAYOUT.height)
    im = decode(render_board(pos, BoardOptions.of("talisman")))  # black, in danger, sits at the top
    assert count_near(im, top, CLASSIC.warn, 25) > 200
    assert count_near(im, bottom, CLASSIC.warn, 25) == 0
    puff = decode(render_board(Position.start(Geometry.LANG), BoardOptions.of("puff-lang")))
    assert count_near(puff, top, CLASSIC.warn, 25) == 0  # puff has no jan


def test_iron_bands_are_named_in_the_holders_strip() -> None:
    """B-37: the name players use, in the strip of the player holding the bands."""
    pos = Position.parse("white=1x11,18x2,19x2 black=1x13,18x2 turn=black")
    top = (LAYOUT.margin, 0, LAYOUT.width - LAYOUT.margin, LAYOUT.board_y - 6)
    bottom = (LAYOUT.margin, LAYOUT.board_y + LAYOUT.board_h, LAYOUT.width - LAYOUT.margin,
              LAYOUT.height)
    im = decode(render_board(pos, BoardOptions.of("talisman")))  # white, holding them, at the bottom
    assert count_near(im, bottom, CLASSIC.blockade, 8) > 200
    assert count_near(im, top, CLASSIC.blockade, 8) == 0
    plain = decode(render_board(Position.parse("white=1x12,18x2,19 black=1x15 turn=black"), BoardOptions.of(
                                "talisman")))
    assert count_near(plain, bottom, CLASSIC.blockade, 8) == 0


def test_a_strip_keeps_the_name_readable_and_never_overlaps() -> None:
    from render.board import NAME_MAX, NAME_MIN, plan_strip

    # widths in px: room 900; to-move chip and pips 300; the chips 330, 150
    everything = plan_strip(900, 40, 300, [330, 150])  # a short name: all of it
    assert (everything.chips, everything.name) == (2, 104)
    long_name = plan_strip(900, 500, 300, [330, 150])  # järnbanden gives way first
    assert (long_name.chips, long_name.name) == (1, 254)
    assert long_name.name >= NAME_MIN
    cramped = plan_strip(700, 500, 300, [330, 150])  # then jan danger
    assert (cramped.chips, cramped.name) == (0, 384)
    assert plan_strip(2000, 900, 300, []).name == NAME_MAX


def test_the_games_line_keeps_the_title_and_the_match_beside_any_warning() -> None:
    """Issue 30: the title shrank to "Bräde" when a badge needed room, and "match to 3"
    went when jan danger came (issue 30).  The game's own line above the strips holds both, whatever
    the players' strips show."""
    danger = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                            "black=barx2,1x6,2,3,4,14x2,16,17 turn=black")
    iron = Position.parse("white=1x11,18x2,19x2 black=1x13,18x2 turn=black")
    for pos in (danger, iron):
        for lang, title, match in (("sv", "Bräde · Lyckans Talisman", "match om 3 partier"),
                                   ("en", "Bräde · Lyckans Talisman", "match of 3 games")):
            with log_text() as drawn:
                render_board(pos, BoardOptions.of("talisman", lang=lang, score=(1, 0, 3), numbers="both",
                             names=("Åsa Öberg-Lindqvist", "Erik Ärlig"), dice=(3, 1)))
            texts = [t for t, _, _ in drawn]
            assert f"{title} · {match}" in texts
            assert {"janfara", "jan danger", "järnbanden"} & set(texts)  # the warning too


@given(room=st.integers(200, 1200), name=st.integers(20, 600),
       fixed=st.integers(50, 350), chips=st.lists(st.integers(100, 450), max_size=2))
def test_what_a_strip_draws_fits_in_it(room: int, name: int, fixed: int,
                                       chips: list[int]) -> None:
    from render.board import plan_strip

    plan = plan_strip(room, name, fixed, chips)
    drawn = min(name, plan.name) + 16 + fixed + sum(chips[:plan.chips])
    assert drawn <= room or plan.chips == 0


# -- the arguments it reads -------------------------------------------------------------


def test_a_score_is_a_tuple_a_mapping_or_a_score() -> None:
    from render.options import Score, _score

    assert _score((3, 1)) == Score(3, 1) and _score([3, 1, 5]) == Score(3, 1, 5)
    assert _score({"white": 2, Side.BLACK: 4, "length": 7}) == Score(2, 4, 7)
    assert _score({"black": 1}) == Score(0, 1)
    assert _score(Score(1, 0)) == Score(1, 0)
    assert BoardOptions.of(score=None).score is None
    assert Score(2, 4).of(Side.BLACK) == 4 and Score(2, 4).of(Side.WHITE) == 2
    for bad in ("3-2", (1,), (1, 2, 3, 4), 5):
        with pytest.raises(ValueError):
            _score(bad)


def test_names_fall_back_to_what_can_be_drawn_then_to_the_side() -> None:
    from render.board import player_names

    assert player_names(("Anna", "Björn"), None, "sv") == {Side.WHITE: "Anna",
                                                           Side.BLACK: "Björn"}
    # A name no font here can draw gives way to the fallback (a member's username).
    got = player_names(("\U0001d504\U0001d52b\U0001d52b\U0001d51e", "Erik"),
                       ("anna_b", "erik"), "en")
    assert got[Side.WHITE] == "anna_b"
    # No name at all: the side's name in the board's language.
    assert player_names(None, None, "sv") == {Side.WHITE: "Vit", Side.BLACK: "Svart"}
    assert player_names(None, None, "en")[Side.BLACK] == "Black"
    # names as a mapping by side (BoardOptions.of), the missing one the side's name
    named = BoardOptions.of(names={"white": "Anna"}).names
    assert named == ("Anna", "") and player_names(named, None, "en")[Side.BLACK] == "Black"
    with pytest.raises(ValueError):
        BoardOptions.of(names=("only one",))


def test_the_numbering_printed_and_the_layout_it_needs() -> None:
    from render.board import BOTH, board_layout, numbering

    assert numbering(None, Side.BLACK) == (Side.BLACK,)
    assert numbering(BOTH, Side.BLACK) == (Side.BLACK, Side.WHITE)
    assert numbering("white", Side.BLACK) == (Side.WHITE,)
    one, two = board_layout(None, Side.WHITE), board_layout(BOTH, Side.WHITE)
    assert one == LAYOUT and two.height > one.height  # a second row of numbers each edge
    assert board_layout(BOTH, Side.BLACK) == two


@pytest.mark.parametrize("dice", [None, (4,), (6, 6), [1, 2]])
def test_one_or_two_dice_faces_are_drawn(dice: tuple[int, ...] | None) -> None:
    assert BoardOptions.of(dice=dice).dice == (tuple(dice) if dice is not None else None)

