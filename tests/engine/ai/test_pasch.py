"""The beam through a later puff pasch (engine.ai.pasch): which rolls take it, and that
every play it returns is legal where it was played."""

from __future__ import annotations

from dataclasses import replace

from engine import plays
from engine import rules as registry
from engine.ai.pasch import beam_turns, is_long_pasch
from engine.position import Position, Side
from engine.testing import later_pasch_corpus

PUFF = registry.get("puff-lang")


def pips(pos: Position, side: Side) -> float:
    return -float(pos.pips(side))


def test_only_a_later_puff_pasch_is_long() -> None:
    pos, dice, _ = later_pasch_corpus(PUFF, 1, seed=3)[0]
    assert is_long_pasch(PUFF, pos, dice)
    assert not is_long_pasch(PUFF, pos, (dice[0], dice[0] % 6 + 1))  # not a pasch
    assert not is_long_pasch(PUFF, replace(pos, pasch=frozenset()), dice)  # a first one
    assert not is_long_pasch(registry.get("talisman"), Position.start(), (2, 2))
    fourth = registry.get("puff-lang+fourth_pasch")
    assert not is_long_pasch(fourth, replace(pos, streak=3), dice)


def test_the_beams_plays_are_legal_and_distinct() -> None:
    for pos, dice, _ in later_pasch_corpus(PUFF, 3, seed=5):
        found = beam_turns(PUFF, pos, dice, pips, width=4)
        assert found and len({(t.position, t.outcome) for t in found}) == len(found)
        for turn in found:
            again = plays.validate(PUFF, pos, dice, turn.text)
            assert again.position == turn.position
        greedy = beam_turns(PUFF, pos, dice, pips, width=1)
        assert len(greedy) >= 1
