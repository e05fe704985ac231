"""The ``backgammon`` ruleset against gnubg-nn's ``moves()`` on 20,000 positions (issue 7).

    python benchmarks/gnubg_diff.py [--n 20000] [--seed S] [--repeat 3] [--show 5]

Half the corpus is seeded random self-play, half synthetic bear-off-heavy positions
(``engine.testing.bearoff_position``).  For every position and its roll the set of
resulting boards must be equal; prints the mismatch count (and the first few), then the
mean time of the engine's legal-turn generation against gnubg's ``moves()`` on the same
positions, measured in this run, interleaved position by position (best of ``--repeat``
per position for both).
Target: engine mean <= 25x gnubg mean.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from functools import partial

import gnubg_nn
from corpus import SEED, backgammon_mixed

from engine import rules as rules_registry
from engine.generators import legal_turns
from engine.position import Position
from engine.testing import gnubg_board

RATIO_TARGET = 25.0
Board = tuple[tuple[int, ...], tuple[int, ...]]


def gnubg_set(board: list[list[int]], pos: Position, d1: int, d2: int) -> set[Board]:
    keys = gnubg_nn.moves(board, d1, d2)
    out = set()
    for k in keys:
        op, me = gnubg_nn.board_from_position_key(k)
        out.add((tuple(op), tuple(me)))
    return out or {gnubg_board(pos)}  # gnubg lists nothing when no move is possible


def best_of(fn, args, repeat: int) -> float:
    clock = time.perf_counter_ns
    best = None
    for _ in range(repeat):
        t0 = clock()
        fn(*args)
        dt = clock() - t0
        best = dt if best is None or dt < best else best
    return best / 1e3  # microseconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--show", type=int, default=5, help="mismatches to print")
    args = ap.parse_args(argv)
    rules = rules_registry.get("backgammon")
    t0 = time.perf_counter()
    corpus = backgammon_mixed(args.n, args.seed)
    print(f"corpus: {len(corpus)} positions ({len(corpus) - args.n // 2} self-play, "
          f"{args.n // 2} bear-off-heavy), built in {time.perf_counter() - t0:.1f} s")

    boards = [[list(r) for r in gnubg_board(pos)] for pos, _ in corpus]
    mismatches = 0
    for (pos, dice), board in zip(corpus, boards, strict=True):
        ours = {gnubg_board(t.position, pos.turn) for t in legal_turns(rules, pos, dice)}
        theirs = gnubg_set(board, pos, dice[0], dice[1])
        if ours != theirs:
            mismatches += 1
            if mismatches <= args.show:
                print(f"MISMATCH {pos.format()} dice={dice[0]}-{dice[1]}: "
                      f"{len(ours - theirs)} engine-only, {len(theirs - ours)} gnubg-only")
    print(f"mismatches: {mismatches} of {len(corpus)}")

    # Interleaved per position (engine, then gnubg, best of --repeat each) so that load
    # from other processes hits both sides alike; the ratio is what the target is about.
    gc.collect()
    legal, moves = partial(legal_turns, rules), gnubg_nn.moves
    eng: list[float] = []
    gnu: list[float] = []
    for (pos, dice), board in zip(corpus, boards, strict=True):
        eng.append(best_of(legal, (pos, dice), args.repeat))
        gnu.append(best_of(moves, (board, dice[0], dice[1]), args.repeat))
    half = len(corpus) - args.n // 2
    print(f"{'subset':<14}{'engine mean us':>15}{'gnubg mean us':>15}{'ratio':>8}"
          f"{'engine p50':>12}{'gnubg p50':>11}{'p50 ratio':>10}")
    for name, sl in (("all", slice(None)), ("self-play", slice(0, half)),
                     ("bear-off", slice(half, None))):
        e, g = eng[sl], gnu[sl]
        em, gm = statistics.fmean(e), statistics.fmean(g)
        ep, gp = statistics.median(e), statistics.median(g)
        print(f"{name:<14}{em:>15.1f}{gm:>15.2f}{em / gm:>8.1f}{ep:>12.1f}{gp:>11.2f}"
              f"{ep / gp:>10.1f}")
    ratio = statistics.fmean(eng) / statistics.fmean(gnu)
    print(f"engine mean / gnubg mean = {ratio:.1f}x (target <= {RATIO_TARGET:.0f}x): "
          f"{'met' if ratio <= RATIO_TARGET else 'MISSED'}")
    return 0 if mismatches == 0 and ratio <= RATIO_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
