"""Computer players for every ruleset: agents, their evaluation and the arena.

``get_agent("gesäll").choose(rules, position, dice, rng)`` returns one legal ``Turn``;
``.rank(rules, position, dice)`` lists every legal turn with its value (for hints).
Search is CPU-bound: callers on an event loop must run it in a worker (DESIGN: blocking
work never runs on the event loop).
"""

from engine.ai.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    canonical,
    get_agent,
    names,
)
from engine.ai.evaluation import evaluate, turn_value

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "SearchAgent", "canonical", "evaluate",
           "get_agent", "names", "turn_value"]
