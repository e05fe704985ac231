"""The 21 distinct rolls, and the plays that answer one: what every look-ahead averages over.

Mästare's search (``engine.ai.agents``), the batched look-ahead (``engine.ai.lookahead``),
the analysis and the training's deeper targets all average a position's value over the
next roll in the same way.  They share these two from here, below all of them, so the
search can use the look-ahead without the two importing each other.
"""

from __future__ import annotations

from engine.ai.evaluation import DEFAULT_WEIGHTS, Model, evaluate
from engine.ai.pasch import beam_turns, is_long_pasch
from engine.dice import Dice
from engine.generators import legal_turns
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: The 21 distinct rolls with their weight out of 36.
ROLLS21: tuple[tuple[Dice, int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def replies(rules: RuleSet, pos: Position, dice: Dice, w: Model = DEFAULT_WEIGHTS,
            width: int = 1) -> list[Turn]:
    """The next mover's plays for ``dice``; for a later puff pasch (eight steps, P-4,
    often thousands of results) the plays a beam of ``width`` finds by the next mover's
    own judgement (``engine.ai.pasch``), width 1 being a greedy walk."""
    if is_long_pasch(rules, pos, dice):
        def score(p: Position, s: Side) -> float:
            return evaluate(rules, p, s, w)
        return beam_turns(rules, pos, dice, score, width)
    return legal_turns(rules, pos, dice)


__all__ = ["ROLLS21", "replies"]
