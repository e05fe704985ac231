"""The ``RuleSet`` value (engine.rules.ruleset): texts become enums, and the family hooks
answer what differs between bräde, backgammon and puff, so the engine asks the ruleset
instead of comparing families (issue 32)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import rules as registry
from engine.game import Game
from engine.position import Side
from engine.rules.ruleset import Cut, Family, RuleSet, Usage

BRADE = ["talisman", "behrens-helmfrid", "classic", "vasa"]
PUFF = ["puff-lang", "puff-kontrar", "puff-dubbel-kontrar"]


def test_texts_given_for_enums_become_enums() -> None:
    base = registry.get("talisman")
    made = RuleSet(**{**base.__dict__, "family": "puff", "usage": "bg", "cut": "vasa"})
    assert made.family is Family.PUFF and made.usage is Usage.BG and made.cut is Cut.VASA
    assert made.family == "puff"  # a StrEnum still equals its stored text


@pytest.mark.parametrize("rid", BRADE)
def test_brade_hooks(rid: str) -> None:
    r = registry.get(rid)
    assert r.is_brade
    assert not (r.higher_die_starts or r.opening_roll_plays or r.die_by_die
                or r.generalpasch or r.only_bearing_off_wins)


def test_backgammon_hooks() -> None:
    r = registry.get("backgammon")
    assert r.higher_die_starts and r.opening_roll_plays and r.only_bearing_off_wins
    assert not (r.is_brade or r.die_by_die or r.generalpasch)


@pytest.mark.parametrize("rid", PUFF)
def test_puff_hooks(rid: str) -> None:
    r = registry.get(rid)
    assert r.higher_die_starts and r.die_by_die
    assert not (r.is_brade or r.opening_roll_plays or r.only_bearing_off_wins)
    assert not r.generalpasch
    assert registry.get(rid + "+generalpasch").generalpasch


def test_generalpasch_needs_a_die_by_die_family() -> None:
    """The option's name alone does not make a bräde ruleset keep the teka's pasch."""
    r = registry.get("talisman")
    assert not replace(r, options=frozenset({"generalpasch"})).generalpasch


@pytest.mark.parametrize("rid", ["talisman", "backgammon", "puff-lang"])
def test_the_game_starts_as_the_hooks_say(rid: str) -> None:
    """T-1 through ``Game.opening``: who starts and whether the teka's dice are a roll."""
    r = registry.get(rid)
    for seed in range(12):
        game = Game.new(r, seed=seed)
        w, b = game.opening()
        higher = Side.WHITE if w > b else Side.BLACK
        assert (game.turn is higher) == r.higher_die_starts
        assert (game.phase == "move" or game.is_over or game.turn_count > 0) == (
            r.opening_roll_plays)
