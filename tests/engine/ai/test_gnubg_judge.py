"""The gnubg judge's machinery (``benchmarks/gnubg_judge.py``), where a mistake would
report a wrong figure: whose side a judged value is from, the decisions it draws, and
what a choice is said to give away."""

from __future__ import annotations

import gnubg_nn
import numpy as np
import pytest

from benchmarks.gnubg_judge import decisions, gnubg_choice, judged, losses, widths
from engine import rules as registry
from engine.ai.net import equity
from engine.generators import legal_turns
from engine.testing import gnubg_board

BG = registry.get("backgammon")


@pytest.fixture(scope="module")
def drawn():
    return decisions(BG, 12, seed=3)


def test_the_decisions_are_choices_and_the_same_for_a_seed(drawn) -> None:
    assert len(drawn) == 12
    assert all(len(turns) > 1 for _, _, turns in drawn)
    assert all(turns == legal_turns(BG, pos, dice) for pos, dice, turns in drawn)
    again = decisions(BG, 12, seed=3)
    assert [(p, d) for p, d, _ in again] == [(p, d) for p, d, _ in drawn]


def test_a_play_is_judged_from_its_mover_s_side() -> None:
    pos = BG.parse_position("white=24x2,offx13 black=19x14,offx1 turn=white")
    [won] = legal_turns(BG, pos, (6, 5))
    assert judged([won], pos.turn, 0) == [1.0]  # the game's points, no evaluation
    pos = BG.start()
    turns = legal_turns(BG, pos, (3, 1))
    values = judged(turns, pos.turn, 0)
    after = turns[0].position  # black on roll: gnubg answers for black
    theirs = gnubg_nn.probabilities([list(r) for r in gnubg_board(after)], 0)
    assert values[0] == pytest.approx(-float(equity(np.array([theirs]))[0]), abs=1e-6)
    # making the five point with 3-1 is the best opening play by any judge
    best = turns[int(np.argmax(values))].position
    # (8/5 6/5: one checker each from the 8 and 6 points, counted 17 and 19 here)
    assert (best.white[20], best.white[19], best.white[17]) == (2, 4, 2)
    assert losses([values], [int(np.argmax(values))]) == [0.0]


def test_gnubg_gives_nothing_away_by_its_own_judgement(drawn) -> None:
    # Judged at gnubg's own 0-ply, gnubg's 0-ply choice is the best play: if a side or
    # a mapping were wrong, it would seem to give points away.
    values = [judged(turns, pos.turn, 0) for pos, _, turns in drawn]
    lost = losses(values, [gnubg_choice(pos, dice, turns) for pos, dice, turns in drawn])
    assert max(lost) == pytest.approx(0.0, abs=1e-5)


def test_the_widths_left_out_are_mastare_s_own() -> None:
    assert widths("4:0.3") == [(4, 0.3, 2, 1, 0.12)]
    assert widths("4:0.3:0,8:0.5:3:2") == [(4, 0.3, 0, 1, 0.12), (8, 0.5, 3, 2, 0.12)]
    assert widths("4:0.3:2:1:0.25") == [(4, 0.3, 2, 1, 0.25)]
