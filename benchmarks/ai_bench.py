"""Decision time of the AI levels over self-play positions (issue 4 speed targets).

    python benchmarks/ai_bench.py [--rules talisman] [--positions 500] [--seed 4]
                                  [--agents gesäll,mästare]

The corpus is gesäll self-play (so the positions look like real games, not random
play's scattered blots), every position with its roll, including forced and single-turn
ones, as a bot would meet them.  Prints mean, median, p95 and max per agent, in ms, as
wall-clock time and as this process's CPU time (the second is the fairer figure on a
shared, busy machine; ``os.getloadavg()`` is printed for the same reason).
Targets: gesäll p95 ≤ 20 ms, mästare p95 ≤ 1.5 s on the project machine.

The evaluation memo (``engine.ai.evaluation``) is emptied before every timed decision:
the corpus was made by evaluating these very positions, and a warm memo would time
look-ups, not the search.  Each figure is therefore a cold decision, as in a fresh worker.
A later puff pasch is walked with the agents' beam (``engine.ai.pasch``), as in play.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from engine import rules as registry
from engine.ai import evaluation, get_agent
from engine.ai.agents import canonical
from engine.dice import Dice
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet


def corpus(rules: RuleSet, n: int, seed: int) -> list[tuple[Position, Dice]]:
    rng = random.Random(seed)
    agent = get_agent("gesäll")
    out: list[tuple[Position, Dice]] = []
    while len(out) < n:
        pos = rules.start().with_turn(rng.choice((Side.WHITE, Side.BLACK)))
        for _ in range(600):
            dice = ((rng.randint(1, 6),) if pos.onedie
                    else (rng.randint(1, 6), rng.randint(1, 6)))
            out.append((pos, dice))
            turn = agent.choose(rules, pos, dice, rng)
            if turn.outcome is not None or len(out) >= n:
                break
            pos = turn.position
    return out


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="talisman")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--agents", default="gesäll,mästare")
    ns = ap.parse_args()
    rules = registry.get(ns.rules)
    positions = corpus(rules, ns.positions, ns.seed)
    print(f"{len(positions)} positions from gesäll self-play, rules {rules.name}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name in ns.agents.split(","):
        agent = get_agent(name)
        rng = random.Random(0)
        wall, cpu = [], []
        for pos, dice in positions:
            evaluation._MEMO.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            agent.choose(rules, pos, dice, rng)
            cpu.append((time.process_time() - c0) * 1000)
            wall.append((time.perf_counter() - t0) * 1000)
        for label, ms in (("wall", wall), ("cpu", cpu)):
            print(f"{canonical(name):10s} {label:4s} mean {statistics.fmean(ms):8.2f} ms  "
                  f"median {pct(ms, 0.5):8.2f}  p95 {pct(ms, 0.95):8.2f}  max {max(ms):8.2f}")


if __name__ == "__main__":
    main()
