"""Points for each way of winning, per scoring table (seed 004 table; ``docs/rules.md``,
"Points (bräde)" and each ruleset's points).

Ny 1 adds a plus or minus "in the margin" that breaks tied matches; it is returned as a
tick of +1/−1 beside the points.
"""

from __future__ import annotations

VACKERT = ("enkelt-kronspel", "dubbelt-kronspel", "trappspel", "uppspel", "kejsarspel")

# kind-class -> (points, tick) per table; "vackert" stands for every beautiful game.
_TABLES: dict[str, dict[str, tuple[int, int]]] = {
    "ww": {"hemspel": (1, 0), "vackert": (1, 0), "resign": (1, 0), "munk": (2, 0),
           "jan": (2, 0), "sprangjan": (4, 0)},
    "ny1": {"hemspel": (1, 0), "vackert": (1, 0), "resign": (1, 1), "munk": (2, -1),
            "jan": (2, 1), "sprangjan": (4, -1)},
    "ny2": {"hemspel": (3, 0), "vackert": (3, 0), "resign": (4, 0), "munk": (5, 0),
            "jan": (7, 0), "sprangjan": (11, 0)},
}


def points(table: str, kind: str, munk: bool = False) -> tuple[int, int]:
    """(points, tick) for a win of ``kind`` under ``table``."""
    if table in _TABLES:
        t = _TABLES[table]
        if kind in ("hemspel", *VACKERT):
            return t["munk"] if munk else t["hemspel" if kind == "hemspel" else "vackert"]
        return t[kind]
    if table == "games":
        return 1, 0
    if table == "bg":
        return {"single": 1, "gammon": 2, "backgammon": 3, "resign": 1}[kind], 0
    # classic, vasa, Behrens–Helmfrid's traditional values: base + 1 for munk.
    base = {
        "classic": {"hemspel": 1, "vackert": 2, "uppspel": 3, "jan": 4, "sprangjan": 6,
                    "resign": 1},
        "vasa": {"hemspel": 1, "vackert": 2, "jan": 4, "sprangjan": 6, "resign": 1},
        "bh_traditional": {"hemspel": 1, "vackert": 1, "uppspel": 2, "kejsarspel": 2,
                           "jan": 2, "sprangjan": 4, "resign": 1},
    }[table]
    value = base.get(kind, base["vackert"] if kind in VACKERT else None)
    if value is None:
        raise KeyError(kind)
    return value + (1 if munk else 0), 0


def jan_value(table: str) -> int:
    """What a plain jan is worth: M-2 asks whether jan in every remaining game suffices."""
    return points(table, "jan")[0]


#: The most one game can score where the table has no jan (house): backgammon's
#: backgammon (×3), puff's torn (×4; ×3 without that option, but a larger value only
#: decides a match later, never wrongly early).
_TOP_VALUE = {"bg": 3, "puff": 4, "games": 1}


def catch_up_value(table: str) -> int:
    """What the trailer may hope for in each remaining game when M-2 asks "can they still
    catch up?": jan in bräde (the seed's rule), the largest single win where there is no
    jan (puff, backgammon; house), so a match is never decided while it can still turn."""
    top = _TOP_VALUE.get(table)
    return jan_value(table) if top is None else top
