"""The bräde rulesets and backgammon, described as data (``docs/rules.md``: the
B rules and "Other bräde rulesets").

Each ``RuleSet`` says how its game differs from the baseline ``talisman`` (seed 004); the
move generator (``engine.movegen``) reads these fields, so a ruleset is defined here and
nowhere else.  Options change fields too (``OPTIONS``).
"""

from __future__ import annotations

from engine.position import Geometry
from engine.rules.ruleset import Cut, Family, RuleSet, Usage

RULESETS: dict[str, RuleSet] = {
    # seed 004 — the baseline the B rules describe.
    "talisman": RuleSet("talisman", Family.BRADE, Geometry.BRADE, "Lyckans Talisman (W&W 1956)"),
    # seed 000.
    "behrens-helmfrid": RuleSet(
        "behrens-helmfrid", Family.BRADE, Geometry.BRADE, "Behrens–Helmfrid (2005)",
        bearoff="exact", entry_blockade="any", entry_burst="all_blocked",
        cut=Cut.BH_SPRANGJAN, kejsarspel=True, scoring="games", resign="any"),
    # seed 003, "The Board" classic rules.
    "classic": RuleSet(
        "classic", Family.BRADE, Geometry.BRADE, "Classic (The Board)",
        usage=Usage.MAX_DICE, bearoff="any_higher", blockade_burst=False, entry_blockade=None,
        entry_burst="all_blocked", max_band_run=5, cut=Cut.CLASSIC_JAN, one_die=None,
        scoring="classic"),
    # seed 003, Vasa competition rules.
    "vasa": RuleSet(
        "vasa", Family.BRADE, Geometry.BRADE, "Vasa competition rules",
        usage=Usage.MAX_DICE, bearoff="rearmost_point", cut=Cut.VASA, one_die=None,
        scoring="vasa"),
    "backgammon": RuleSet(
        "backgammon", Family.BACKGAMMON, Geometry.BACKGAMMON, "Backgammon (no cube)",
        usage=Usage.BG, bearoff="reduce_rearmost", binding_ban=False, blockade_burst=False,
        entry_blockade=None, entry_burst=None, one_die=None, scoring="bg", resign="any"),
}

#: Options each ruleset accepts, and the fields they change.
OPTIONS: dict[str, dict[str, dict[str, object]]] = {
    "talisman": {"double_six": {"double_six": True}, "ny1": {"scoring": "ny1"},
                 "ny2": {"scoring": "ny2"}},
    "behrens-helmfrid": {"double_six": {"double_six": True},
                         "traditional": {"scoring": "bh_traditional"}},
    "classic": {"easy_reentry": {"entry_burst": "count"}, "double_six": {"double_six": True},
                "one_die": {"one_die": "n"}},
    "vasa": {"double_six": {"double_six": True}},
    "backgammon": {},
}
