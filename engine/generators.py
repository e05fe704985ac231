"""Which algorithm lists a ruleset's plays: the dispatcher below the ``RuleSet`` value.

A ``RuleSet`` is data and imports no algorithm; the generators import it.  This module
joins the two: ``legal_turns(rules, position, dice)`` hands the position to the generator
of the ruleset's family (``engine.movegen`` for bräde and backgammon, ``engine.puff`` for
puff), so a caller never needs to know which one that is.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import movegen, puff
from engine.dice import Dice
from engine.position import Position
from engine.rules.ruleset import Family, RuleSet
from engine.turn import Turn

Generator = Callable[[RuleSet, Position, Dice], list[Turn]]


def _puff_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """``puff.puff_turns`` after the same check of the dice as every family's."""
    movegen.check_dice(dice)
    return puff.puff_turns(rules, position, dice)


#: The generator of each family: every legal play of a roll, as a list, the dice checked
#: first (a DiceError for anything but one or two dice 1..6).  A family not named here gets
#: the general search, which reads nothing but the ruleset's fields.
GENERATORS: dict[str, Generator] = {
    Family.BRADE: movegen.brade_turns,
    Family.BACKGAMMON: movegen.brade_turns,
    Family.PUFF: _puff_turns,
}


def generator_for(rules: RuleSet) -> Generator:
    """The function that lists ``rules``' legal plays."""
    return GENERATORS.get(rules.family, movegen.brade_turns)


def legal_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """Every legal complete play of ``dice`` from ``position`` under ``rules``
    (``docs/rules.md``: T-2..T-5, B-1..B-21, P-1..P-5), one per distinct result."""
    return generator_for(rules)(rules, position, dice)


__all__ = ["GENERATORS", "generator_for", "legal_turns"]
