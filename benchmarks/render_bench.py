"""Render time and PNG size over 1,000 boards from random self-play (issue 2 targets:
p50 ≤ 20 ms, p99 ≤ 50 ms including PNG encoding, ≤ 120 KB, ≥ 1000 px wide).

    python benchmarks/render_bench.py [--boards 1000] [--seed 1] [--theme classic]

Self-play cycles through the registered rulesets (bräde and backgammon); each board gets
its dice, its last turn, names, a score and alternating perspective and language, so
every layer of the picture is exercised.  Warm-up (fonts, static layers, palettes) is
timed separately.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from engine import rules as registry
from engine.dice import roll
from engine.generators import legal_turns
from engine.position import Side
from render import render_board
from render.board import board_layout
from render.options import BoardOptions


def positions(n: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    ids = registry.ids()
    out = []
    k = 0
    while len(out) < n:
        rules = registry.get(ids[k % len(ids)])
        k += 1
        pos = rules.start()
        for _ in range(200):
            dice = roll(rng)
            turns = legal_turns(rules, pos, dice)
            t = rng.choice(turns)
            nxt = roll(rng)
            out.append((rules, t.position, t, nxt))
            if t.outcome or len(out) >= n:
                break
            pos = t.position
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--theme", default="classic")
    ap.add_argument("--numbers", default=None, choices=["both"],
                    help="print both players' numbering (two rows on each edge)")
    args = ap.parse_args()

    boards = positions(args.boards, args.seed)
    t0 = time.perf_counter()
    for rid in registry.ids():
        rules = registry.get(rid)
        for persp in Side:
            render_board(rules.start(), BoardOptions.of(rules, perspective=persp, theme=args.theme,
                         numbers=args.numbers))
    warm = time.perf_counter() - t0

    times, cpu, sizes = [], [], []
    for i, (rules, pos, turn, dice) in enumerate(boards):
        kw = dict(dice=dice, last_turn=turn, names=("Anna", "Björn"), score=(i % 5, 3, 7),
                  perspective=Side.WHITE if i % 2 else Side.BLACK,
                  lang="sv" if i % 3 else "en", theme=args.theme, numbers=args.numbers)
        t, c = time.perf_counter(), time.process_time()
        png = render_board(pos, BoardOptions.of(rules, **kw))
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        sizes.append(len(png) / 1024)
    times.sort()
    cpu.sort()
    q = statistics.quantiles(times, n=100)
    qc = statistics.quantiles(cpu, n=100)
    L = board_layout(args.numbers)
    print(f"boards: {len(times)}  theme: {args.theme}  numbers: {args.numbers or 'one side'}  "
          f"size: {L.width}x{L.height}")
    print(f"warm-up (static layers, palette, fonts): {warm * 1000:.0f} ms")
    print(f"render+encode ms: p50 {q[49]:.1f}  p99 {q[98]:.1f}  max {times[-1]:.1f}  "
          f"mean {statistics.fmean(times):.1f}")
    print(f"CPU ms (this process):  p50 {qc[49]:.1f}  p99 {qc[98]:.1f}  max {cpu[-1]:.1f}")
    print(f"PNG KB: mean {statistics.fmean(sizes):.1f}  max {max(sizes):.1f}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs (wall times stretch when the machine is busy)")


if __name__ == "__main__":
    main()
