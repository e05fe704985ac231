"""The rules engine for bräde, puff and backgammon: pure Python, no I/O outside the CLI."""

from engine.errors import (
    AmbiguousMove,
    DiceError,
    EngineError,
    GameError,
    IllegalMove,
    MoveError,
    PositionError,
    RulesError,
    UnparsableMove,
)
from engine.generators import legal_turns
from engine.position import Geometry, Position, Side
from engine.rules import get as get_rules
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Step, Turn

__all__ = [
    "AmbiguousMove", "DiceError", "EngineError", "GameError", "Geometry", "IllegalMove",
    "MoveError", "Outcome", "Position", "PositionError", "RuleSet", "RulesError", "Side",
    "Step", "Turn", "UnparsableMove", "get_rules", "legal_turns",
]
