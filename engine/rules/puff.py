"""The puff rulesets, described as data (seed 002; P-1..P-6 and G-4).

Puff shares bräde's board but hardly any of its step rules, so its rulesets switch off
every bräde field (no binding ban, no bursting, no one-die rule) and name puff's own
regimes; the puff generator (``engine.puff``) reads them.  The variants change no field:
the generator reads ``rules.options`` (``VARIANTS``).
"""

from __future__ import annotations

from typing import Any

from engine.position import Geometry
from engine.rules.ruleset import Family, RuleSet, Usage

#: Options every puff ruleset accepts; they change no RuleSet field, the generator reads
#: ``rules.options`` (``docs/rules.md``, "Puff options").
VARIANTS = ("fourth_pasch", "strict_reroll", "generalpasch", "exact_off", "torn", "gasmarsch")
#: Lång puff's extra option: the seed's last rules section (``docs/rules.md``, "Option
#: ``lang_entry``").
LANG_VARIANTS = (*VARIANTS, "lang_entry")

_PUFF: dict[str, Any] = {"family": Family.PUFF, "usage": Usage.PUFF, "bearoff": "puff", "binding_ban": False,
               "blockade_burst": False, "entry_blockade": None, "entry_burst": None,
               "one_die": None, "scoring": "puff", "resign": "any"}

RULESETS: dict[str, RuleSet] = {
    "puff-lang": RuleSet("puff-lang", geometry=Geometry.LANG, title="Lång puff", **_PUFF),
    "puff-kontrar": RuleSet("puff-kontrar", geometry=Geometry.KONTRAR, title="Konträr puff",
                            **_PUFF),
    "puff-dubbel-kontrar": RuleSet("puff-dubbel-kontrar", geometry=Geometry.DUBBEL_KONTRAR,
                                   title="Dubbel konträr puff", **_PUFF),
}

#: Options each puff ruleset accepts; ``lang_entry`` is lång puff's only.
OPTIONS: dict[str, dict[str, dict[str, object]]] = {
    "puff-lang": {o: {} for o in LANG_VARIANTS},
    "puff-kontrar": {o: {} for o in VARIANTS},
    "puff-dubbel-kontrar": {o: {} for o in VARIANTS},
}
