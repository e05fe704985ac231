"""The ruleset registry: every ruleset by id, with its options (``docs/rules.md``).

The top of the engine's rules layer: it collects the rulesets each family describes
(``engine.rules.brade``, ``engine.rules.puff``).  A ``RuleSet`` hands its positions to
the generators below it (``engine.movegen``, ``engine.puff``), which see the ``RuleSet``
type only for annotations, so nothing here imports in a circle (tests/engine/test_imports).

``get("classic+easy_reentry+double_six")`` or ``get("classic", ["easy_reentry"])``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.errors import RulesError
from engine.rules import brade, puff
from engine.rules.ruleset import RuleSet

DEFAULT = "talisman"

#: Every ruleset by id.  Each family describes its own (``engine.rules.brade``,
#: ``engine.rules.puff``); the registry only collects them.
_BASE: dict[str, RuleSet] = {**brade.RULESETS, **puff.RULESETS}

#: Options each ruleset accepts, and what they change (RuleSet fields of several types:
#: ``dataclasses.replace`` checks the names at run time).
_OPTIONS: dict[str, dict[str, dict[str, Any]]] = {**brade.OPTIONS, **puff.OPTIONS}


def ids() -> list[str]:
    return list(_BASE)


def options_of(ruleset_id: str) -> list[str]:
    return list(_OPTIONS.get(ruleset_id, {}))


def register(rules: RuleSet, options: dict[str, dict[str, object]]) -> None:
    """Add a ruleset (a test's or an extension's) under its id."""
    _BASE[rules.id] = rules
    _OPTIONS[rules.id] = options


def get(name: str = DEFAULT, options: Iterable[str] = ()) -> RuleSet:
    """The ruleset ``name`` (``id`` or ``id+option+option``) with ``options`` switched on."""
    extra = list(options) if isinstance(options, Iterable) else [options]
    if not isinstance(name, str) or not all(isinstance(o, str) for o in extra):
        # A stored game or a caller with a non-text id: the same polite error.
        raise RulesError("rules.unknown", name=repr(name)[:40], known=", ".join(_BASE))
    parts = [p.strip() for p in (name or DEFAULT).strip().lower().split("+")]
    rid, opts = parts[0], [*parts[1:], *extra]
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
        rules = replace(rules, **allowed[opt])
    return replace(rules, options=frozenset(chosen))
