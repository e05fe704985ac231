"""A solved problem's picture (render.problem): the solver's play above the best one, each
under its caption in its colour, or the best alone for a right answer; captions sized
and wrapped; and the same in words for a screen reader, within its limit.  (That every
text is legible at 400 px is in test_legibility.py.)"""

from __future__ import annotations

import pytest

from engine import rules as registry
from engine.generators import legal_turns
from engine.position import Side
from engine.turn import Turn
from render.alt_text import alt_text
from render.fonts import text_width
from render.options import BoardOptions
from render.problem import (
    BEST,
    CAPTION,
    GAP,
    LINE,
    MARGIN,
    MISSED,
    TEXT,
    WIDTH,
    answer_alt_text,
    caption_lines,
    render_answer,
)
from tests.render.helpers import count_near, decode

RULES = registry.get("talisman")
DICE = (5, 2)


@pytest.fixture(scope="module")
def plays() -> tuple[Turn, Turn]:
    """Two different plays of 5-2 from the start: one called best, one the solver's."""
    turns = legal_turns(RULES, RULES.start(), DICE)
    return turns[0], turns[-1]


def caption_band(top: float) -> tuple[float, float, float, float]:
    return (MARGIN, top, WIDTH - MARGIN, top + LINE)


def test_a_wrong_answer_shows_the_solvers_play_above_the_best(
        plays: tuple[Turn, Turn]) -> None:
    best, theirs = plays
    mover = RULES.start().turn
    wrong = decode(render_answer(RULES, DICE, mover, best, theirs,
                                 ("Yours: " + theirs.text, "Best: " + best.text)))
    right = decode(render_answer(RULES, DICE, mover, best, None, ("Best: " + best.text,)))
    assert wrong.width == right.width == WIDTH
    board = right.height - 2 * MARGIN - LINE  # one caption line, one board
    assert wrong.height == right.height + LINE + board + GAP  # a second caption and board
    # The first caption is the solver's, in the miss colour; the best one's is below.
    assert count_near(wrong, caption_band(MARGIN), MISSED) > 20
    assert count_near(wrong, caption_band(MARGIN), BEST) == 0
    second = MARGIN + LINE + board + GAP
    assert count_near(wrong, caption_band(second), BEST) > 20
    assert count_near(right, caption_band(MARGIN), BEST) > 20
    assert count_near(right, caption_band(MARGIN), MISSED) == 0


def test_the_boards_show_each_play_from_the_movers_side(plays: tuple[Turn, Turn]) -> None:
    best, theirs = plays
    one = decode(render_answer(RULES, DICE, Side.WHITE, best, None, ("x",)))
    other = decode(render_answer(RULES, DICE, Side.WHITE, theirs, None, ("x",)))
    assert one.size == other.size and one.tobytes() != other.tobytes()
    flipped = decode(render_answer(RULES, DICE, Side.BLACK, best, None, ("x",)))
    assert flipped.tobytes() != one.tobytes()


def test_a_caption_shrinks_to_fit_then_wraps() -> None:
    assert caption_lines("Best: 1/6 1/3") == (CAPTION, ["Best: 1/6 1/3"])
    room = text_width("A caption of some length", CAPTION, "bold") - 1
    size, lines = caption_lines("A caption of some length", room)
    assert TEXT <= size < CAPTION and len(lines) == 1
    size, lines = caption_lines(" ".join(["word"] * 60))
    assert size == TEXT and len(lines) > 1
    assert all(text_width(line, TEXT, "bold") <= WIDTH - 2 * MARGIN for line in lines)


def test_the_alt_text_says_the_captions_then_the_board(plays: tuple[Turn, Turn]) -> None:
    best, _ = plays
    said = answer_alt_text(RULES, DICE, Side.WHITE, best, ["Yours: 1/6", "Best: 1/3."],
                           lang="en")
    assert said.startswith("Yours: 1/6. Best: 1/3. ")
    board = alt_text(best.position, BoardOptions.of(RULES, dice=DICE, last_turn=best,
                                                    last_mover=Side.WHITE,
                                                    dice_side=Side.WHITE, lang="en"),
                     limit=len(said) - len("Yours: 1/6. Best: 1/3. "))
    assert said.endswith(board)


def test_the_alt_text_keeps_to_its_limit(plays: tuple[Turn, Turn]) -> None:
    best, _ = plays
    for limit in (1024, 300):
        assert len(answer_alt_text(RULES, DICE, Side.WHITE, best, ["Best."],
                                   limit=limit)) <= limit
    long = ["x" * 400, "y" * 400]
    cut = answer_alt_text(RULES, DICE, Side.WHITE, best, long, limit=500)
    assert len(cut) == 500 and cut.endswith("…") and cut.startswith("x" * 400 + ".")
