"""Puff's rulesets as data (engine.rules.puff): three geometries, one set of rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import rules as registry
from engine.errors import RulesError
from engine.rules.puff import LANG_VARIANTS, OPTIONS, RULESETS, VARIANTS
from engine.rules.ruleset import Family, Usage


def test_the_three_puffs_differ_only_in_geometry_and_title() -> None:
    base = RULESETS["puff-lang"]
    assert len({r.geometry for r in RULESETS.values()}) == 3
    for rules in RULESETS.values():
        assert rules.family is Family.PUFF and rules.usage is Usage.PUFF
        same = replace(rules, id=base.id, geometry=base.geometry, title=base.title)
        assert same == base


def test_lang_entry_is_lang_puffs_alone() -> None:
    assert set(OPTIONS["puff-lang"]) == set(LANG_VARIANTS) == {*VARIANTS, "lang_entry"}
    assert "lang_entry" in registry.get("puff-lang+lang_entry").options
    with pytest.raises(RulesError):
        registry.get("puff-kontrar+lang_entry")


def test_options_are_written_either_way() -> None:
    assert registry.get("puff-lang+fourth-pasch") == registry.get("puff-lang",
                                                                   ["fourth_pasch"])
