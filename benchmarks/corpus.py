"""Seeded position corpora shared by the benchmark scripts.

Run the scripts from the repository root (``python benchmarks/engine_bench.py``); this
module sits next to them.  A (ruleset, n, seed) triple always yields the same positions and
rolls, so figures from different runs and machines measure the same work.
"""

from __future__ import annotations

import os
import random
import zlib
from pathlib import Path

from engine import rules as rules_registry
from engine.dice import Dice
from engine.position import Position
from engine.testing import bearoff_corpus, selfplay_corpus, trajectory

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


#: One position of a move-contract corpus: the position, its roll, the text of one legal
#: play, a text that is probably illegal (checked when timed) and a partly typed play.
Typed = tuple[Position, Dice, str, str, str]


def typed_corpus(ruleset: str, n: int = 10_000, seed: int = SEED) -> list[Typed]:
    """``selfplay``'s positions (the same trajectory) with texts for the move contract.

    Cached as text under ``$BRADE_CORPUS_CACHE`` (default ``/tmp/brade-corpus``), so that
    the old and the new code (``git worktree``) are timed on the very same inputs and a
    puff corpus, whose every position lists all its plays once, is built only once.
    """
    cache = Path(os.environ.get("BRADE_CORPUS_CACHE", "/tmp/brade-corpus"))
    path = cache / f"{ruleset}-{n}-{seed}.txt"
    rules = rules_registry.get(ruleset)
    if path.exists():
        out = []
        for line in path.read_text().splitlines():
            pos, dice, legal, illegal, partial = line.split("\t")
            out.append((rules.parse_position(pos), tuple(int(d) for d in dice.split("-")),
                        legal, illegal, partial))
        return out
    rng = random.Random(seed_for(ruleset, seed))
    pick = random.Random(seed_for(ruleset, seed) + 1)
    out = []
    for pos, dice, turns in trajectory(rules, rng):
        texts = [t.text for t in turns if t.special is None]
        legal = pick.choice(texts) if texts else "-"
        out.append((pos, dice, legal, _illegal(legal, pick), legal[: max(1, len(legal) // 2)]))
        if len(out) >= n:
            break
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{p.format()}\t{'-'.join(map(str, d))}\t{a}\t{b}\t{c}\n"
                            for p, d, a, b, c in out))
    return out


def _illegal(text: str, rng: random.Random) -> str:
    """A near miss: one step's landing point moved by one (or an extra step)."""
    words = text.split()
    if not words or text == "-":
        return "1/2"
    i = rng.randrange(len(words))
    frm, _, to = words[i].rstrip("*!").partition("/")
    if to.isdigit():
        words[i] = f"{frm}/{int(to) + 1 if int(to) < 24 else int(to) - 1}"
    else:
        words.append(words[-1].rstrip("*!"))
    return " ".join(words)
