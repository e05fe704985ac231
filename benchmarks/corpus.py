"""Seeded position corpora shared by the benchmark scripts.

Run the scripts from the repository root (``python benchmarks/engine_bench.py``); this
module sits next to them.  A (ruleset, n, seed) triple always yields the same positions and
rolls, so figures from different runs and machines measure the same work.
"""

from __future__ import annotations

import zlib

from engine import rules as rules_registry
from engine.dice import Dice
from engine.position import Position
from engine.testing import bearoff_corpus, selfplay_corpus

Corpus = list[tuple[Position, Dice]]

#: The base seed of every corpus; each ruleset derives its own from its id.
SEED = 20260522


def seed_for(name: str, seed: int = SEED) -> int:
    return seed ^ zlib.crc32(name.encode())


def selfplay(ruleset: str, n: int = 10_000, seed: int = SEED) -> Corpus:
    """``n`` positions (with the roll actually thrown there) from random self-play."""
    return selfplay_corpus(rules_registry.get(ruleset), n, seed_for(ruleset, seed))


def bearoff(n: int = 10_000, seed: int = SEED) -> Corpus:
    """``n`` synthetic backgammon bear-off positions, each with a random roll."""
    return bearoff_corpus(n, seed_for("bearoff", seed))


def backgammon_mixed(n: int = 20_000, seed: int = SEED) -> Corpus:
    """Half self-play, half bear-off-heavy: the gnubg differential corpus."""
    return selfplay("backgammon", n - n // 2, seed) + bearoff(n // 2, seed)


def rulesets() -> list[str]:
    """Every registered ruleset id (puff ones too when they are registered)."""
    rules_registry.get()  # loads plugins such as puff
    return rules_registry.ids()
