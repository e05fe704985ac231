"""Puff's step generator (engine.puff), the parts its drivers (the move contract, the
computer's pasch beam) build on: ``StepWalker``'s board as one int whose steps are
additions, the shared ``Step`` values, the opening helpers.  The rules themselves are tested by aspect beside this file:
test_puff_rules.py (P-1..P-6), test_puff_options.py (the variants), test_puff_properties.py (random games
against a reference), test_puff_helpers.py (their shared helpers)."""

from __future__ import annotations

from engine import puff as puffmod
from engine.position import BAR, OFF


def test_a_board_is_one_int_and_a_step_one_addition() -> None:
    counts = [3, 2, 0, 1, *([0] * 20), 4, 5]
    state = puffmod._encode(counts)
    assert puffmod._decode(state) == tuple(counts)
    moved = list(counts)
    moved[BAR] -= 1
    moved[5] += 1
    assert puffmod._decode(state + puffmod.DELTA[BAR][5]) == tuple(moved)
    moved[3] -= 1
    moved[OFF] += 1
    assert puffmod._decode(state + puffmod.DELTA[BAR][5] + puffmod.DELTA[3][OFF]) == \
        tuple(moved)


def test_a_step_value_is_shared_by_every_play() -> None:
    first = puffmod.shared_step(3, 8, 5, True)
    assert puffmod.shared_step(3, 8, 5, True) is first
    assert (first.frm, first.to, first.die, first.hit, first.burst) == (3, 8, 5, True, False)
    assert puffmod.shared_step(3, 8, 5, False) is not first


def test_the_opening_and_the_generalpasch_combination() -> None:
    """T-1 in puff: the higher die starts, a tie rolls again; the opening's dice,
    higher first, are the generalpasch combination."""
    assert puffmod.starter(5, 2).value == "white" and puffmod.starter(1, 6).value == "black"
    assert puffmod.starter(4, 4) is None
    assert puffmod.general_of(2, 5) == puffmod.general_of(5, 2) == (5, 2)
