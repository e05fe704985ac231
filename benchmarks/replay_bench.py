"""Time and size of an animated replay (issue 6) for a typical 60-turn bräde game.

    python benchmarks/replay_bench.py [--turns 60] [--runs 5] [--seed 0]

Picks the first random self-play talisman game (seeds from ``--seed`` on) whose length is
within two turns of ``--turns``, then renders its replay as GIF and APNG at the default
scale (0.5, 601 px wide): cold (first call in the process: palette learning, static
layers, fonts), then ``--runs`` warm calls (median and max).  Also shows what the size
ladder does when ``max_bytes`` is tight, and a game twice as long.
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import statistics
import time

from PIL import Image

from engine.__main__ import play_random_game
from engine.game import Game
from render.replay import render_replay


def find_game(turns: int, seed: int) -> tuple[int, Game]:
    for s in range(seed, seed + 5000):
        g = play_random_game("talisman", random.Random(s))
        if abs(g.turn_count - turns) <= 2:
            return s, g
    raise SystemExit(f"no game of about {turns} turns in 5000 seeds")


def frames(data: bytes) -> tuple[int, tuple[int, int]]:
    im = Image.open(io.BytesIO(data))
    return im.n_frames, im.size


def timed(fn, runs: int) -> tuple[list[float], bytes]:  # type: ignore[no-untyped-def]
    times = []
    data = b""
    for _ in range(runs):
        t0 = time.perf_counter()
        data = fn()
        times.append(time.perf_counter() - t0)
    return times, data


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    seed, game = find_game(args.turns, args.seed)
    names = ("Anna", "Bertil")
    print(f"game: talisman seed {seed}, {game.turn_count} turns, "
          f"{game.outcome.kind if game.outcome else 'unfinished'}")
    print(f"max RSS before: {rss_mb():.0f} MB")

    t0 = time.perf_counter()
    render_replay(game, names=names)
    print(f"cold first call (gif): {time.perf_counter() - t0:.2f} s")

    for fmt in ("gif", "apng"):
        times, data = timed(lambda f=fmt: render_replay(game, names=names, fmt=f), args.runs)
        n, size = frames(data)
        per = statistics.median(times) / n * 1000
        print(f"{fmt:4}: {len(data) / 1e6:.2f} MB, {n} frames of {size[0]}×{size[1]}, "
              f"{len(data) / n / 1e3:.1f} kB/frame; warm median "
              f"{statistics.median(times):.2f} s (max {max(times):.2f} s, "
              f"{per:.1f} ms/frame)")
    print(f"max RSS after: {rss_mb():.0f} MB")

    full = len(render_replay(game, names=names))
    for bound in (full // 2, full // 5):
        t0 = time.perf_counter()
        data = render_replay(game, names=names, max_bytes=bound)
        dt = time.perf_counter() - t0
        n, size = frames(data)
        print(f"max_bytes {bound / 1e6:.2f} MB: {len(data) / 1e6:.2f} MB, {n} frames of "
              f"{size[0]}×{size[1]}, {dt:.2f} s")

    seed2, long_game = find_game(2 * args.turns, seed + 1)
    times, data = timed(lambda: render_replay(long_game, names=names), 1)
    n, size = frames(data)
    print(f"long game (seed {seed2}, {long_game.turn_count} turns) gif: "
          f"{len(data) / 1e6:.2f} MB, {n} frames, {times[0]:.2f} s")
    print(f"max RSS at the end: {rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
