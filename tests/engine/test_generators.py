"""Which algorithm lists a ruleset's plays (engine.generators)."""

from __future__ import annotations

import pytest

from engine import movegen
from engine import rules as registry
from engine.errors import DiceError
from engine.generators import GENERATORS, generator_for, legal_turns
from engine.rules.ruleset import Family


def test_each_family_has_its_generator() -> None:
    assert set(GENERATORS) == set(Family)
    assert generator_for(registry.get("talisman")) is movegen.brade_turns
    assert generator_for(registry.get("backgammon")) is movegen.brade_turns
    assert generator_for(registry.get("puff-lang")) is not movegen.brade_turns


@pytest.mark.parametrize("rid", ["talisman", "backgammon", "puff-lang"])
def test_every_family_checks_the_dice_first(rid: str) -> None:
    rules = registry.get(rid)
    for bad in ((0, 3), (7, 1), (1, 2, 3), ()):
        with pytest.raises(DiceError):
            legal_turns(rules, rules.start(), bad)


def test_the_opening_plays_of_a_roll() -> None:
    rules = registry.get("talisman")
    turns = legal_turns(rules, rules.start(), (5, 2))
    assert turns and all(t.pips == 7 for t in turns)
    assert len({t.position for t in turns}) == len(turns)  # one per distinct result
