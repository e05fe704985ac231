"""Helpers shared by the puff tests (no tests here): build positions, list plays.

Positions are written in each side's own numbering (G-2).  In konträr puff black's
own point ``q`` is white's (the board's) point ``25 − q`` (G-4), so the tests say in a
comment which board point a black checker stands on.
"""

from __future__ import annotations

from engine import rules as registry
from engine.generators import legal_turns
from engine.position import Position, Side, format_side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn


def puff(name: str = "puff-kontrar") -> RuleSet:
    return registry.get(name)


def pos(rules: RuleSet, text: str) -> Position:
    if "turn=" not in text:
        text += " turn=white"
    return rules.parse_position(text)


def turns(rules: RuleSet, text: str, dice: tuple[int, int]) -> list[Turn]:
    return legal_turns(rules, pos(rules, text), dice)


def texts(rules: RuleSet, text: str, dice: tuple[int, int]) -> set[str]:
    return {t.text for t in turns(rules, text, dice)}


def results(rules: RuleSet, text: str, dice: tuple[int, int],
            side: Side = Side.WHITE) -> set[str]:
    """The distinct ``side`` checker lists the legal plays leave."""
    return {format_side(t.position.side(side)) for t in turns(rules, text, dice)}


def only(rules: RuleSet, text: str, dice: tuple[int, int]) -> Turn:
    ts = turns(rules, text, dice)
    assert len(ts) == 1, [t.text for t in ts]
    return ts[0]
