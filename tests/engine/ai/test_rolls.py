"""The 21 rolls every look-ahead averages over, and the plays that answer one: every
legal play, or along a later puff pasch the beam's walk through them."""

from __future__ import annotations

from engine import rules as registry
from engine.ai import evaluate
from engine.ai.pasch import beam_turns, is_long_pasch
from engine.ai.rolls import ROLLS21, replies
from engine.generators import legal_turns
from engine.position import Side


def test_rolls21_cover_36() -> None:
    assert len(ROLLS21) == 21
    assert sum(w for _, w in ROLLS21) == 36


def test_an_ordinary_roll_is_answered_by_every_legal_play() -> None:
    rules = registry.get("backgammon")
    pos = rules.start()
    for dice, _ in ROLLS21:
        assert [t.position for t in replies(rules, pos, dice)] == [
            t.position for t in legal_turns(rules, pos, dice)]


def test_later_puff_pasch_is_walked_with_a_beam_of_legal_plays() -> None:
    # A later pasch plays eight steps (P-4) and can have thousands of results; the agents
    # walk it die by die keeping the best boards.  Every play found must be one of the
    # legal results, and the search must repeat exactly.
    rules = registry.get("puff-kontrar")
    pos = rules.parse_position(
        "white=13x3,16x4,20x8 black=2x5,3x5,4x5 turn=white pasch=white,black")
    first = rules.parse_position("white=13x3,16x4,20x8 black=2x5,3x5,4x5 turn=white")
    assert is_long_pasch(rules, pos, (3, 3)) and not is_long_pasch(rules, first, (3, 3))
    assert not is_long_pasch(rules, pos, (3, 4))
    for d in range(1, 7):
        legal = {(t.position, t.outcome) for t in legal_turns(rules, pos, (d, d))}
        greedy = replies(rules, pos, (d, d))
        assert greedy and all((t.position, t.outcome) in legal for t in greedy)
        wide = beam_turns(rules, pos, (d, d), lambda p, s: evaluate(rules, p, s), 6)
        assert all((t.position, t.outcome) in legal for t in wide)
        assert len(wide) >= len(greedy)
        # After a later pasch the same player rolls again (P-4) unless the play won.
        assert all(t.position.turn is Side.WHITE for t in wide if t.outcome is None)
    assert [t.position for t in replies(rules, pos, (2, 2))] == [
        t.position for t in replies(rules, pos, (2, 2))]
