"""Small helpers shared by the engine tests."""

from __future__ import annotations

from engine import rules as registry
from engine.generators import legal_turns
from engine.turn import Turn


def legal(rules_name: str, position: str, dice: tuple[int, ...]) -> list[Turn]:
    rules = registry.get(rules_name)
    return legal_turns(rules, rules.parse_position(position), dice)


def texts(rules_name: str, position: str, dice: tuple[int, ...]) -> set[str]:
    return {t.text for t in legal(rules_name, position, dice)}


def outcomes(rules_name: str, position: str, dice: tuple[int, ...]) -> dict[str, tuple | None]:
    return {t.text: (t.outcome.kind, t.outcome.points, t.outcome.munk) if t.outcome else None
            for t in legal(rules_name, position, dice)}
