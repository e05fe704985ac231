"""Time of a whole-game analysis (issue 16: a 120-turn game in ≤ 60 s on this machine).

    nice -n 10 python benchmarks/analysis_bench.py [--rules talisman] [--turns 120]
        [--seed 1] [--runs 2] [--write game.txt]

Picks the first seeded game between two ``gesäll`` players (seeds from ``--seed`` on)
whose length is within three turns of ``--turns``, exports it as a record, and analyses
the record with ``engine.ai.analysis.analyse`` ``--runs`` times in this process (the
first run includes loading the evaluation).  Prints the wall and CPU time per run, per
turn (mean and slowest), the picture's drawing time, and the load average before and
after, since the machine is shared: CPU time is the figure that does not depend on what
else runs.  ``--write`` keeps the record (the README's example game is
``--rules talisman --turns 120 --seed 1``).

numpy's BLAS runs on one thread here, as in the bot's AI workers (``bot.service.ai``),
unless ``OPENBLAS_NUM_THREADS`` is set: with two threads (numpy's default on two cores)
the same analysis used twice the CPU for the same wall time on an idle machine, and on a
busy one took several times as long (issue 25: 40 turns, 8.5 s with one thread against
30.5 s with two at load average 11).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # before numpy loads: as the bot's AI worker

from engine.ai import get_agent  # noqa: E402
from engine.ai.analysis import analyse, analyse_moment, evaluator, moments  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.record import export  # noqa: E402


def gesall_game(rules: str, seed: int, limit: int = 400) -> Game:
    game = Game.new(rules, seed=seed)
    game.opening()
    rng = random.Random(seed)
    agent = get_agent("gesäll")
    while not game.is_over and game.turn_count < limit:
        if game.phase == "roll":
            game.roll(one_die=bool(game.history[game.turn].onedie_owed))
        if game.phase == "choose":
            game.choose_roll(game.roll_choices[0])
        if game.phase == "move":
            assert game.dice is not None
            game.apply_generated(agent.choose(game.rules, game.position, game.dice, rng))
    return game


def find_game(rules: str, turns: int, seed: int) -> tuple[int, Game]:
    for s in range(seed, seed + 500):
        g = gesall_game(rules, s)
        if g.is_over and abs(g.turn_count - turns) <= 3:
            return s, g
    raise SystemExit(f"no finished game of about {turns} turns in 500 seeds")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="talisman")
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--write", help="write the game's record to this file")
    args = ap.parse_args()

    load0 = os.getloadavg()
    seed, game = find_game(args.rules, args.turns, args.seed)
    text = export(game, white="Anna", black="Bertil", date="2026-11-24", seed=seed)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{args.rules}: seed {seed}, {game.turn_count} turns, result "
          f"{game.outcome.kind if game.outcome else '-'}; load average before "
          f"{load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")

    times = []
    result = None
    for run in range(1, args.runs + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        result = analyse(text)
        times.append(time.perf_counter() - t0)
        print(f"  run {run}: whole game {times[-1]:.2f} s, CPU "
              f"{time.process_time() - c0:.2f} s ({'cold' if run == 1 else 'warm'}; BLAS "
              f"threads {os.environ['OPENBLAS_NUM_THREADS']})")
    assert result is not None

    rules, turns, _ = moments(text)
    model = evaluator(rules)
    per = []
    for m in turns:
        t0 = time.perf_counter()
        analyse_moment(rules, m, model)
        per.append(time.perf_counter() - t0)
    real = sum(1 for d in result.decisions if d.is_decision)
    print(f"  per turn: mean {1000 * statistics.mean(per):.0f} ms, median "
          f"{1000 * statistics.median(per):.0f} ms, slowest {1000 * max(per):.0f} ms; "
          f"{real} decisions of {len(turns)} turns; judged by the {result.evaluator} "
          f"evaluation")

    from render.review import render_review

    t0 = time.perf_counter()
    data = render_review(result, lang="sv")
    print(f"  picture: {time.perf_counter() - t0:.2f} s, {len(data) // 1024} KiB")
    load1 = os.getloadavg()
    print(f"  load average after {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; "
          f"target ≤ 60 s for 120 turns: {'met' if max(times) <= 60 else 'MISSED'} "
          f"(slowest run {max(times):.2f} s)")


if __name__ == "__main__":
    main()
