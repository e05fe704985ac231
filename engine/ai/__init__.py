"""Computer players for every ruleset: agents, their evaluation and the arena.

``get_agent("gesäll").choose(rules, position, dice, rng)`` returns one legal ``Turn``;
``.rank(rules, position, dice)`` lists every legal turn with its value (for hints).
Search is CPU-bound: callers on an event loop must run it in a worker process —
``pick`` and ``hints`` take plain, picklable arguments for exactly that.
"""

from engine.ai.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    canonical,
    get_agent,
    hints,
    named_roll,
    names,
    pick,
    prefers_one_die,
)
from engine.ai.evaluation import evaluate, turn_value

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "SearchAgent", "canonical", "evaluate",
           "get_agent", "hints", "named_roll", "names", "pick", "prefers_one_die", "turn_value"]
