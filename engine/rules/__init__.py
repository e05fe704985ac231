"""The ruleset registry: every ruleset by id, with its options (RULES.md §3–§5).

``get("classic+easy_reentry+double_six")`` or ``get("classic", ["easy_reentry"])``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engine.errors import RulesError
from engine.position import Geometry
from engine.rules.ruleset import RuleSet

DEFAULT = "talisman"

_BASE: dict[str, RuleSet] = {
    # seed 004 — the baseline of §3.
    "talisman": RuleSet("talisman", "brade", Geometry.BRADE, "Lyckans Talisman (W&W 1956)"),
    # seed 000.
    "behrens-helmfrid": RuleSet(
        "behrens-helmfrid", "brade", Geometry.BRADE, "Behrens–Helmfrid (2005)",
        bearoff="exact", entry_blockade="any", entry_burst="all_blocked",
        cut="bh_sprangjan", kejsarspel=True, scoring="games", resign="any"),
    # seed 003, "The Board" classic rules.
    "classic": RuleSet(
        "classic", "brade", Geometry.BRADE, "Classic (The Board)",
        usage="max_dice", bearoff="any_higher", blockade_burst=False, entry_blockade=None,
        entry_burst="all_blocked", max_band_run=5, cut="classic_jan", one_die=None,
        scoring="classic"),
    # seed 003, Vasa competition rules.
    "vasa": RuleSet(
        "vasa", "brade", Geometry.BRADE, "Vasa competition rules",
        usage="max_dice", bearoff="rearmost_point", cut="vasa", one_die=None,
        scoring="vasa"),
    "backgammon": RuleSet(
        "backgammon", "backgammon", Geometry.BACKGAMMON, "Backgammon (no cube)",
        usage="bg", bearoff="reduce_rearmost", binding_ban=False, blockade_burst=False,
        entry_blockade=None, entry_burst=None, one_die=None, scoring="bg", resign="any"),
}

#: Options each ruleset accepts, and what they change.
_OPTIONS: dict[str, dict[str, dict[str, object]]] = {
    "talisman": {"double_six": {"double_six": True}, "ny1": {"scoring": "ny1"},
                 "ny2": {"scoring": "ny2"}},
    "behrens-helmfrid": {"double_six": {"double_six": True},
                         "traditional": {"scoring": "bh_traditional"}},
    "classic": {"easy_reentry": {"entry_burst": "count"}, "double_six": {"double_six": True},
                "one_die": {"one_die": "n"}},
    "vasa": {"double_six": {"double_six": True}},
    "backgammon": {},
}


def ids() -> list[str]:
    return list(_BASE)


def options_of(ruleset_id: str) -> list[str]:
    return list(_OPTIONS.get(ruleset_id, {}))


def register(rules: RuleSet, options: dict[str, dict[str, object]]) -> None:
    """Add a ruleset family (puff registers itself this way)."""
    _BASE[rules.id] = rules
    _OPTIONS[rules.id] = options


def get(name: str = DEFAULT, options: Iterable[str] = ()) -> RuleSet:
    """The ruleset ``name`` (``id`` or ``id+option+option``) with ``options`` switched on."""
    _load_plugins()
    parts = [p.strip() for p in (name or DEFAULT).strip().lower().split("+")]
    rid, opts = parts[0], [*parts[1:], *options]
    if rid not in _BASE:
        raise RulesError("rules.unknown", name=rid, known=", ".join(_BASE))
    rules = _BASE[rid]
    allowed = _OPTIONS[rid]
    chosen: set[str] = set()
    for opt in opts:
        opt = opt.strip().lower().replace("-", "_")
        if not opt:
            continue
        if opt not in allowed:
            raise RulesError("rules.unknown_option", name=rid, option=opt,
                             known=", ".join(allowed) or "-")
        chosen.add(opt)
        rules = replace(rules, **allowed[opt])  # type: ignore[arg-type]
    return replace(rules, options=frozenset(chosen))


_plugins_loaded = False


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    try:
        import engine.puff  # noqa: F401  (registers the puff rulesets)
    except ImportError:
        pass
