"""Bräde's and backgammon's rulesets as data (engine.rules.brade): each one's fields say
how it differs from the baseline (docs/engine.md, "Rulesets")."""

from __future__ import annotations

import pytest

from engine import rules as registry
from engine.position import Geometry
from engine.rules.brade import OPTIONS, RULESETS
from engine.rules.ruleset import Cut, Family, Usage


def test_every_ruleset_is_registered_under_its_own_id_with_its_options() -> None:
    assert set(RULESETS) == set(OPTIONS)
    for rid, rules in RULESETS.items():
        assert rules.id == rid and registry.get(rid) == rules
        for opt in OPTIONS[rid]:
            assert opt in registry.get(f"{rid}+{opt}").options


def test_the_baseline_and_how_the_others_differ() -> None:
    t = RULESETS["talisman"]
    assert (t.family, t.usage, t.bearoff, t.cut, t.scoring) == (
        Family.BRADE, Usage.MAX_PIPS, "reduce_rearmost", None, "ww")
    assert RULESETS["classic"].max_band_run == 5 and not RULESETS["classic"].blockade_burst
    assert RULESETS["vasa"].cut is Cut.VASA and RULESETS["vasa"].usage is Usage.MAX_DICE
    bh = RULESETS["behrens-helmfrid"]
    assert bh.kejsarspel and bh.bearoff == "exact" and bh.scoring == "games"


def test_backgammon_has_none_of_brades_band_rules() -> None:
    bg = RULESETS["backgammon"]
    assert bg.geometry is Geometry.BACKGAMMON and bg.family is Family.BACKGAMMON
    assert not (bg.binding_ban or bg.blockade_burst or bg.entry_blockade or bg.entry_burst)


@pytest.mark.parametrize(("name", "field", "value"), [
    ("talisman+ny2", "scoring", "ny2"),
    ("classic+easy_reentry", "entry_burst", "count"),
    ("classic+one_die", "one_die", "n"),
    ("vasa+double_six", "double_six", True),
    ("behrens-helmfrid+traditional", "scoring", "bh_traditional"),
])
def test_an_option_changes_its_field(name: str, field: str, value: object) -> None:
    assert getattr(registry.get(name), field) == value
