"""The board as a record of the game (issue 22, the renderer's side): a board that holds
still from message to message, whose numbers say whose they are, dice that belong to
their roller, and a last board that shows the result.  Pixel probes at the spots
``render.layout`` computes."""

from __future__ import annotations

import pytest

from engine import rules as registry
from engine.generators import legal_turns
from engine.position import Geometry, Position, Side
from engine.turn import Outcome, Step, Turn
from render import render_board
from render.board import BOTH, Result, Score, board_layout, numbering
from render.fonts import log_text
from render.layout import (
    LAYOUT,
    PAST_DIE,
    checker_center,
    die_centers,
    label_y,
    number_center,
    ruler_rect,
)
from render.options import BoardOptions
from render.static import base_layer, number_for
from render.themes import CLASSIC
from tests.render.helpers import count_near, decode, dist

TALISMAN = registry.get("talisman")
FADED = tuple(round(a + (b - a) * 0.35) for a, b in zip(CLASSIC.die_face, CLASSIC.die_edge,
                                                         strict=True))  # a played die


def game_turns(n: int = 4):
    """Consecutive (position after, turn, dice, mover) of a seeded game."""
    import random

    from engine.dice import roll

    rng = random.Random(7)
    pos = TALISMAN.start()
    out = []
    while len(out) < n:
        dice = roll(rng)
        turns = legal_turns(TALISMAN, pos, dice)
        t = turns[0]
        out.append((t.position, t, dice, pos.turn))
        pos = t.position
    return out


def test_consecutive_boards_keep_each_home_in_its_corner() -> None:
    """Two boards of a game between members, one per message, drawn with the same fixed
    perspective: white's home point bottom right and black's top left in both, whoever
    is to move; the old behaviour (drawn for the side to move) flipped them."""
    (p1, t1, d1, m1), (p2, t2, d2, m2) = game_turns(2)
    assert p1.turn is not p2.turn
    w_home = checker_center(1, 0, 1, Side.WHITE, Geometry.BRADE)
    b_home = checker_center(Geometry.BRADE.board_point(Side.BLACK, 1), 0, 1, Side.WHITE,
                            Geometry.BRADE)
    assert w_home[0] > LAYOUT.rail_x and w_home[1] > LAYOUT.mid_y
    assert b_home[0] < LAYOUT.rail_x and b_home[1] < LAYOUT.mid_y
    L = board_layout(BOTH)
    for pos, turn, dice, mover in ((p1, t1, d1, m1), (p2, t2, d2, m2)):
        im = decode(render_board(pos, BoardOptions.of(TALISMAN, last_turn=turn, dice=dice, dice_side=mover,
                                 perspective=Side.WHITE, numbers=BOTH)))
        for side, home in ((Side.WHITE, w_home), (Side.BLACK, b_home)):
            bp = Geometry.BRADE.board_point(side, 1)
            n = pos.at_board(bp)[1]
            x, y = checker_center(bp, 0, n, Side.WHITE, Geometry.BRADE, L)
            face = CLASSIC.white_face if side is Side.WHITE else CLASSIC.black_face
            assert dist(im.getpixel((x, y)), face) < 40, (side, pos.turn)
            assert (x > L.rail_x, y > L.mid_y) == (home[0] > LAYOUT.rail_x,
                                                   home[1] > LAYOUT.mid_y)


@pytest.mark.parametrize("geometry", list(Geometry))
def test_both_numberings_in_each_players_colours(geometry: Geometry) -> None:
    """``numbers="both"``: two rows on each edge, the bottom player's next to the points,
    each in its player's colours, each point labelled with that player's own number."""
    pos = Position.start(geometry)
    L = board_layout(BOTH)
    assert L.height == LAYOUT.height + 2 * LAYOUT.ruler and L.width == LAYOUT.width
    base_layer.cache_clear()  # the numbers are drawn (and logged) with the static layer
    with log_text() as drawn:
        im = decode(render_board(pos, BoardOptions.of(None, perspective=Side.BLACK, numbers=BOTH)))
    numbers = [t for t, s, w in drawn if t.isdigit() and s == L.text and w == "bold"]
    assert len(numbers) >= 48
    for ring, owner in enumerate(numbering(BOTH, Side.BLACK)):
        bg = CLASSIC.black_face if owner is Side.BLACK else CLASSIC.white_face
        for top in (True, False):
            _, y0, _, y1 = ruler_rect(top, ring, L)
            assert dist(im.getpixel((L.rail_cx, (y0 + y1) // 2)), bg) < 30
        for col in range(12):
            for top in (True, False):
                n = number_for(geometry, Side.BLACK, owner, col, top)
                assert n == geometry.own_point(owner, geometry.board_point(
                    Side.BLACK, 12 - col if not top else 13 + col))
        # every point of the row has its number once
        assert sorted(number_for(geometry, Side.BLACK, owner, c, t)
                      for c in range(12) for t in (True, False)) == list(range(1, 25))
    # a single numbering prints one row, in its owner's colours
    im_w = decode(render_board(pos, BoardOptions.of(None, perspective=Side.BLACK, numbers=Side.WHITE)))
    _, cy = number_center(3, True, LAYOUT)
    assert dist(im_w.getpixel((LAYOUT.rail_cx, cy)), CLASSIC.white_face) < 30
    assert im_w.height == LAYOUT.height


def test_the_roll_to_play_is_large_in_the_rollers_half_and_labelled() -> None:
    pos = Position.start().with_turn(Side.BLACK)
    with log_text() as drawn:
        im = decode(render_board(pos, BoardOptions.of(TALISMAN, dice=(5, 2), perspective=Side.WHITE)))
    (x5, y5), _ = die_centers(2, False)  # black, at the top, throws into the left half
    assert x5 < LAYOUT.rail_x and dist(im.getpixel((x5, y5)), CLASSIC.die_pip) < 40
    assert "sinkadus" in [t for t, _, _ in drawn]
    # the roll's label is led by a black checker
    cx = LAYOUT.half_centre_x(False)
    assert count_near(im, (cx - 120, label_y() - 12, cx, label_y() + 12),
                      CLASSIC.black_face, 20) > 60


def test_a_board_waiting_for_the_next_roll_shows_the_last_roll_as_its_rollers() -> None:
    """Åsa (white, bottom) played 4-1; Erik (black) is to roll.  Her dice lie faded and
    small in her half with her play in her numbering, nothing in his half, and his strip
    has the turn."""
    (pos, turn, dice, mover), = game_turns(1)
    assert mover is Side.WHITE and pos.turn is Side.BLACK
    with log_text() as drawn:
        im = decode(render_board(pos, BoardOptions.of(TALISMAN, dice=dice, dice_side=mover, last_turn=turn,
                                 perspective=Side.WHITE, numbers=BOTH)))
    texts = [t for t, _, _ in drawn]
    L = board_layout(BOTH)
    assert turn.text in texts  # white's play in white's own numbering
    # no full-size die of the roll in black's (left) half, the faded ones in white's
    for right, want in ((False, 0), (True, 1)):
        cx = L.half_centre_x(right)
        y = die_centers(2, right, L)[0][1]
        box = (cx - 140, y - PAST_DIE // 2, cx + 140, y + PAST_DIE // 2)
        found = count_near(im, box, FADED, 8)
        assert (found > 100) == bool(want), right
    # the turn belongs to black: its strip (top) has the accent bar, white's has not
    top_strip, bottom_strip = L.strip_rect(False), L.strip_rect(True)
    assert count_near(im, (top_strip[0], top_strip[1] + 10, top_strip[0] + 8,
                           top_strip[3] - 10), CLASSIC.accent, 20) > 50
    assert count_near(im, (bottom_strip[0], bottom_strip[1] + 10, bottom_strip[0] + 8,
                           bottom_strip[3] - 10), CLASSIC.accent, 20) == 0


def test_the_last_play_is_written_in_its_movers_numbering() -> None:
    """Black plays 19/off 24/off (its numbers); on a board drawn with white at the bottom
    and white's numbers printed, the text still reads 19/ut 24/ut, as the message does."""
    pos = Position.parse("white=1x5,13x10 black=19x3,20x2,24x2,offx8 turn=black")
    turn = next(t for t in legal_turns(TALISMAN, pos, (6, 1)) if "24/off" in t.text)
    with log_text() as drawn:
        render_board(turn.position, BoardOptions.of(TALISMAN, last_turn=turn, dice=(6, 1),
                     dice_side=Side.BLACK, perspective=Side.WHITE, numbers=Side.WHITE))
    assert "19/ut 24/ut" in [t for t, _, _ in drawn]


def test_the_roll_just_played_and_the_roll_to_play_side_by_side() -> None:
    (pos, turn, dice, _), = game_turns(1)
    with log_text() as drawn:
        im = decode(render_board(pos, BoardOptions.of(TALISMAN, dice=(6, 5), last_turn=turn, last_dice=dice,
                                 perspective=Side.WHITE)))
    texts = [t for t, _, _ in drawn]
    assert turn.text in texts and "sex sinka" in texts
    (x6, y6), _ = die_centers(2, False)  # black's roll to play, top player's half
    assert count_near(im, (x6 - 25, y6 - 25, x6 + 25, y6 + 25), CLASSIC.die_pip, 40) > 100
    assert count_near(im, (x6 - 25, y6 - 25, x6 + 25, y6 + 25), CLASSIC.die_face, 10) > 1000
    # white's roll just played: faded dice in white's half
    cx, y = LAYOUT.half_centre_x(True), die_centers(2, True)[0][1]
    assert count_near(im, (cx - 140, y - 20, cx + 140, y + 20), FADED, 8) > 300


def test_a_finished_board_shows_the_result_and_no_turn_or_dice() -> None:
    (pos, turn, dice, _), = game_turns(1)
    result = Result(Outcome("resign", 2, False, Side.WHITE), Score(5, 3, 5), match_over=True)
    for lang, lines in (("sv", ["Åsa vinner", "Erik gav upp · 2 poäng",
                                "Åsa vinner matchen 5–3"]),
                        ("en", ["Åsa wins", "Erik resigned · 2 points",
                                "Åsa wins the match 5–3"])):
        with log_text() as drawn:
            im = decode(render_board(pos, BoardOptions.of(TALISMAN, dice=(6, 5), last_turn=turn,
                                     last_dice=dice, names=("Åsa", "Erik"), lang=lang,
                                     result=result, score=(5, 3, 5))))
        texts = [t for t, _, _ in drawn]
        for line in lines:
            assert line in texts
        assert not {"drar", "to play", "sex sinka"} & set(texts)
        assert ("vinner" if lang == "sv" else "wins") in texts  # the winner's strip
        for right in (False, True):
            (x, y), _ = die_centers(2, right)
            assert count_near(im, (x - 20, y - 20, x + 20, y + 20), CLASSIC.die_face, 8) == 0
    # a match still going: the score after this game
    with log_text() as drawn:
        render_board(pos, BoardOptions.of(TALISMAN, names=("Åsa", "Erik"), lang="en",
                     result=Result(Outcome("gammon", 2, False, Side.BLACK), Score(1, 2, 5))))
    texts = [t for t, _, _ in drawn]
    assert "Erik wins" in texts and "gammon · 2 points" in texts
    assert "Åsa 1–2 Erik · match of 5 games" in texts


def test_a_winning_last_turn_still_ends_the_board_without_a_result_argument() -> None:
    after = Position.parse("white=1x14,6 black=bar,1x14 turn=black")
    won = Turn((Step(1, 6, 5, hit=True),), after, Outcome("jan", 2, False, Side.WHITE))
    with log_text() as drawn:
        render_board(after, BoardOptions.of(TALISMAN, last_turn=won, dice=(5, 3), lang="en"))
    texts = [t for t, _, _ in drawn]
    assert "White wins" in texts and "jan · 2 points" in texts and "to play" not in texts


def test_bad_numbers_are_refused() -> None:
    with pytest.raises(ValueError):
        render_board(Position.start(), BoardOptions.of(TALISMAN, numbers="all"))


def _paschs(ruleset: str, plies: int, seed: int = 3):
    """(position after, turn, dice, mover) of every pasch of a seeded random self-play."""
    import random

    from engine.dice import roll

    rules = registry.get(ruleset)
    rng = random.Random(seed)
    pos = rules.start()
    for _ in range(plies):
        dice = roll(rng)
        t = rng.choice(legal_turns(rules, pos, dice))
        if dice[0] == dice[1] and t.steps and t.outcome is None:
            yield t.position, t, dice, pos.turn
        pos = rules.start() if t.outcome else t.position


@pytest.mark.parametrize(("ruleset", "plies"), [("talisman", 150), ("vasa", 150),
                                                ("backgammon", 150), ("puff-lang", 40)])
def test_a_four_step_play_fits_its_label(ruleset: str, plies: int) -> None:
    """Issue 30: "6/10 10/14 14/18* 18/2…" was cut.  A pasch's label is written whole:
    in full where it fits under its dice, else as chains (``6/18*/22``), reaching over the
    rail as far as the next player's roll leaves room; never cut with "…".  A later puff
    pasch (eight steps) gets the whole row when no roll is shown beside it."""
    from engine.notation import chained_turn, format_turn
    from render.fonts import text_width

    rules = registry.get(ruleset)
    seen = 0
    for pos, turn, dice, mover in _paschs(ruleset, plies):
        rolled = (3, 1) if rules.family != "puff" else None
        with log_text() as drawn:
            render_board(pos, BoardOptions.of(rules, dice=rolled, last_turn=turn, last_dice=dice,
                         last_mover=mover, numbers=BOTH, lang="sv"))
        full, short = format_turn(turn, "sv"), chained_turn(turn, "sv")
        label = next(t for t, _, _ in drawn if t in (full, short) or t.endswith("…"))
        assert label in (full, short), (label, full)
        assert text_width(label, LAYOUT.text, "bold") + LAYOUT.text + 36 <= LAYOUT.field_w
        seen += 1
    assert seen >= 2


def test_the_last_board_shows_the_last_play_and_no_warning() -> None:
    """Issue 30: the last board still showed the loser's jan danger ("janfara: 2 ingångar
    kvar, 3 slagna") after the jan was scored, and left out the last play.  Now the plate
    carries the play's dice and label under the result, and no strip warns of anything.
    The plate lies under the board (issue 46), not over the middle of the field."""
    jan = Position.parse("white=1x3,19x2,20x2,21x2,22x2,23x2,24x2 "
                         "black=barx6,1x6,2,3,4 turn=black")
    won = Turn((Step(18, 20, 2, hit=True), Step(20, 21, 1)), jan,
               Outcome("jan", 2, False, Side.WHITE))
    for lang, warn in (("sv", "janfara"), ("en", "jan danger")):
        with log_text() as drawn:
            im = decode(render_board(jan, BoardOptions.of(TALISMAN, last_turn=won, last_dice=(2, 1),
                                     last_mover=Side.WHITE, lang=lang, names=("Åsa", "Erik"),
                                     score=(2, 0, 3), result=Result(won.outcome,
                                                                    Score(2, 0, 3)))))
        texts = [t for t, _, _ in drawn]
        assert not [t for t in texts if warn in t or "järnbanden" in t or "blockad" in t]
        assert "18/20* 20/21" in texts
        # the faded dice of the last roll lie on the plate, under the board (issue 46)
        assert im.height > LAYOUT.height
        assert count_near(im, (0, LAYOUT.height, LAYOUT.width, im.height), FADED, 8) > 300
        # the same board before the end did warn
        with log_text() as drawn:
            render_board(jan, BoardOptions.of(TALISMAN, lang=lang, names=("Åsa", "Erik")))
        assert [t for t, _, _ in drawn if warn in t]
