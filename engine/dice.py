"""Dice: seedable rolls and the traditional names players say aloud
(``docs/rules.md``, "Roll names").

Rolls come from an injected ``random.Random`` so a game replays exactly from its seed.
Names are said higher die first (seed 001).
"""

from __future__ import annotations

import random
import re

from engine.errors import DiceError

Dice = tuple[int, ...]  # (d1, d2) for a roll, (d,) for a one-die roll (B-36)

# Face names (``docs/rules.md``, "Roll names"): 1 äss, 2 dus, 3 troja, 4 kvart, 5 sinka, 6 sex.
_NAMES: dict[tuple[int, int], str] = {
    (1, 1): "ässor all", (2, 1): "dus äss", (2, 2): "dusor all", (3, 1): "troja äss",
    (3, 2): "trojadus", (3, 3): "trojor all", (4, 1): "kvart äss", (4, 2): "kvart dus",
    (4, 3): "kvart troja", (4, 4): "kvartaner", (5, 1): "sinka äss", (5, 2): "sinkadus",
    (5, 3): "sinka tres", (5, 4): "sinka fyra", (5, 5): "sinkor all", (6, 1): "sex äss",
    (6, 2): "sex dus", (6, 3): "sex troja", (6, 4): "sex kvart", (6, 5): "sex sinka",
    (6, 6): "sexor all",
}
FACE_NAMES = {1: "äss", 2: "dus", 3: "troja", 4: "kvart", 5: "sinka", 6: "sex"}


def roll_name(dice: Dice) -> str:
    """The traditional Swedish name of a roll ("sinkadus"); a lone die gets its face name."""
    if len(dice) == 1:
        return FACE_NAMES[dice[0]]
    hi, lo = max(dice), min(dice)
    return _NAMES[(hi, lo)]


def format_dice(dice: Dice, dash: str = "-") -> str:
    """Higher die first, as the roll is said."""
    return dash.join(str(d) for d in sorted(dice, reverse=True))


def parse_dice(text: str) -> Dice:
    """``"5-2"``, ``"52"``, ``"5 2"`` or a lone ``"5"`` (a one-die roll)."""
    m = re.fullmatch(r"\s*([1-6])\s*(?:[-–/ ,x]?\s*([1-6]))?\s*", text or "")
    if not m:
        raise DiceError("dice.bad", text=text)
    return (int(m.group(1)),) if m.group(2) is None else (int(m.group(1)), int(m.group(2)))


def roll(rng: random.Random, n: int = 2) -> Dice:
    return tuple(rng.randint(1, 6) for _ in range(n))
