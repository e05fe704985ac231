"""Legal-turn generation time over a fixed, seeded self-play corpus per ruleset (issue 7).

    python benchmarks/engine_bench.py [--n 10000] [--puff-n 1000] [--seed S] [--repeat 3]
                                      [--rules a,b]

For each ruleset: 10,000 positions from seeded random self-play, each with the roll thrown
there; every position is timed ``--repeat`` times and the fastest counts (removes scheduler
and GC noise, keeps the generator's own cost).  Prints p50, p90, p99, max and mean in ms.
Targets: bräde p50 <= 0.2 ms, p99 <= 5 ms.

Puff rulesets (when registered) use ``--puff-n`` positions, 1,000 by default: a puff
position has about a thousand legal turns and takes tens of milliseconds, so 10,000 of
them (pass ``--puff-n 10000``) take the better part of an hour.
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time

from corpus import SEED, Corpus, rulesets, selfplay

from engine import rules as rules_registry

P50_TARGET_MS, P99_TARGET_MS = 0.2, 5.0


def time_corpus(ruleset: str, corpus: Corpus, repeat: int) -> tuple[list[float], list[int]]:
    """Per-position best-of-``repeat`` time in ms, and the number of legal turns."""
    rules = rules_registry.get(ruleset)
    legal = rules.legal_turns
    clock = time.perf_counter_ns
    times: list[float] = []
    counts: list[int] = []
    for pos, dice in corpus:
        best = None
        for _ in range(repeat):
            t0 = clock()
            turns = legal(pos, dice)
            dt = clock() - t0
            best = dt if best is None or dt < best else best
        times.append(best / 1e6)
        counts.append(len(turns))
    return times, counts


def pct(sorted_xs: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    i = min(len(sorted_xs) - 1, max(0, round(q / 100 * len(sorted_xs) + 0.5) - 1))
    return sorted_xs[i]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--puff-n", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default="", help="comma-separated ids (default: all)")
    args = ap.parse_args(argv)
    ids = [r for r in args.rules.split(",") if r] or rulesets()
    print(f"python {platform.python_version()} on {platform.machine()}; "
          f"seed={args.seed} best of {args.repeat}")
    header = (f"{'ruleset':<20}{'n':>6}{'build s':>8}{'turns/pos':>10}{'p50 ms':>9}{'p90 ms':>9}"
              f"{'p99 ms':>9}{'max ms':>9}{'mean ms':>9}  targets")
    print(header)
    failed = False
    for rid in ids:
        family = rules_registry.get(rid).family
        n = args.puff_n if family == "puff" else args.n
        t0 = time.perf_counter()
        corpus = selfplay(rid, n, args.seed)
        build = time.perf_counter() - t0
        gc.collect()
        times, counts = time_corpus(rid, corpus, args.repeat)
        xs = sorted(times)
        p50, p90, p99 = pct(xs, 50), pct(xs, 90), pct(xs, 99)
        verdict = ""
        if family == "brade":
            ok = p50 <= P50_TARGET_MS and p99 <= P99_TARGET_MS
            failed |= not ok
            verdict = "met" if ok else "MISSED"
        print(f"{rid:<20}{n:>6}{build:>8.1f}{statistics.fmean(counts):>10.1f}{p50:>9.3f}{p90:>9.3f}"
              f"{p99:>9.3f}{xs[-1]:>9.3f}{statistics.fmean(times):>9.3f}  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
