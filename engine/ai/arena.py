"""The arena: two agents play paired games and the result comes with its intervals.

``python -m engine arena --a mästare --b gesäll --rules talisman --games 200 --seed 1``

Games come in pairs that share one dice stream: in the first game A has white, in the
second B has white, and the k-th roll of each game is the same.  Luck then mostly cancels
within a pair, so fewer games tell the agents apart.  Each game opens per T-1 (each side
rolls one die, ties again; bräde: the lower starts, puff and backgammon: the higher,
``RuleSet.teka_starter``), then the starter rolls both dice afresh, except in backgammon,
where the teka's two dice are the starter's first roll, as ``Game.opening`` plays it; the
side to move after a turn is ``turn.position.turn`` (puff pasches roll again).  A game still running after ``MAX_TURNS`` turns is a draw.

The arena plays the engine directly, so it needs nothing from ``engine.game``.

Any level of ``engine.ai.agents`` plays, including ``mästare-hand`` (mästare without a
network), so a new network can be measured against the play it replaces.  Long matches:
``--progress`` logs every finished pair, ``--start-pair N`` goes on with a cut match on the
same dice, and ``--summarize LOG[,LOG]`` counts the logged pairs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from engine import rules as rules_registry
from engine.ai.agents import Agent, canonical, get_agent
from engine.ai.pasch import is_long_pasch
from engine.ai.stats import mean_interval, wilson
from engine.dice import Dice
from engine.errors import EngineError
from engine.generators import legal_turns
from engine.position import Side
from engine.rules.ruleset import RuleSet

MAX_TURNS = 2000


@dataclass(frozen=True)
class GameResult:
    """One game from A's point of view: ``points`` > 0 when A won (0 for a draw)."""

    pair: int
    a_white: bool
    winner: str | None  # "a", "b" or None (draw)
    points: int
    kind: str | None
    turns: int


def teka(dice_rng: random.Random) -> tuple[int, int]:
    """T-1: white's die and black's, rolled until they differ (white's drawn first, as
    ``Game.opening`` draws them)."""
    while True:
        w, b = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
        if w != b:
            return w, b


def opening(rules: RuleSet, dice_rng: random.Random) -> Side:
    """T-1: who starts (the ruleset's answer, ``RuleSet.teka_starter``)."""
    return rules.teka_starter(*teka(dice_rng))


def opening_roll(rules: RuleSet, dice_rng: random.Random) -> tuple[Side, Dice | None]:
    """T-1 as ``Game.opening`` plays it: who starts, and the starter's first roll when the
    teka's dice are it (backgammon, ``RuleSet.opening_roll_plays``: the higher first);
    None: the starter rolls afresh."""
    w, b = teka(dice_rng)
    first = (max(w, b), min(w, b)) if rules.opening_roll_plays else None
    return rules.teka_starter(w, b), first


def play_game(rules: RuleSet, white: Agent, black: Agent, dice_seed: int, agent_seed: int,
              max_turns: int = MAX_TURNS) -> tuple[Side | None, int, str | None, int]:
    """Play one game; returns (winner side or None, points, outcome kind, turns played)."""
    dice_rng = random.Random(dice_seed)
    agent_rng = {Side.WHITE: random.Random(agent_seed * 2 + 1),
                 Side.BLACK: random.Random(agent_seed * 2 + 2)}
    agents = {Side.WHITE: white, Side.BLACK: black}
    starter, first = opening_roll(rules, dice_rng)
    pos = rules.start().with_turn(starter)
    for n in range(1, max_turns + 1):
        dice: Dice
        if first is not None:
            dice, first = first, None
        elif pos.onedie:
            dice = (dice_rng.randint(1, 6),)
        else:
            dice = (dice_rng.randint(1, 6), dice_rng.randint(1, 6))
        mover = pos.turn
        # A later puff pasch can have 100,000 plays: the agents find theirs themselves
        # (engine.ai.pasch) rather than the arena listing them all.
        turns = None if is_long_pasch(rules, pos, dice) else legal_turns(rules, pos, dice)
        turn = agents[mover].choose(rules, pos, dice, agent_rng[mover], turns)
        if turn.outcome is not None:
            return turn.outcome.winner, turn.outcome.points, turn.outcome.kind, n
        pos = turn.position
    return None, 0, None, max_turns


def play_pair(args: tuple[str, str, str, int, int]) -> list[GameResult]:
    """Both seatings of pair ``index`` (a worker-process entry point, hence plain args)."""
    a_name, b_name, rules_name, seed, index = args
    rules = rules_registry.get(rules_name)
    a, b = get_agent(a_name), get_agent(b_name)
    dice_seed = seed * 1_000_003 + index
    out = []
    for a_white in (True, False):
        white, black = (a, b) if a_white else (b, a)
        winner, pts, kind, n = play_game(rules, white, black, dice_seed, dice_seed)
        if winner is None:
            who = None
            signed = 0
        else:
            a_won = (winner is Side.WHITE) == a_white
            who = "a" if a_won else "b"
            signed = pts if a_won else -pts
        out.append(GameResult(index, a_white, who, signed, kind, n))
    return out


@dataclass(frozen=True)
class Summary:
    games: int
    pairs: int
    wins: int
    losses: int
    draws: int
    win_rate: float
    win_low: float
    win_high: float
    mean_points: float
    points_low: float
    points_high: float


def summarize(results: Sequence[GameResult]) -> Summary:
    """Win rate of A (draws half) with Wilson 95%, and mean points per game with a normal
    95% interval computed over pair means (the pairs are the independent units)."""
    n = len(results)
    wins = sum(1 for r in results if r.winner == "a")
    losses = sum(1 for r in results if r.winner == "b")
    draws = n - wins - losses
    lo, hi = wilson(wins + 0.5 * draws, n)
    pairs: dict[int, list[int]] = {}
    for r in results:
        pairs.setdefault(r.pair, []).append(r.points)
    pair_means = [sum(v) / len(v) for v in pairs.values()]
    m, plo, phi = mean_interval(pair_means)
    rate = (wins + 0.5 * draws) / n if n else 0.0
    return Summary(n, len(pairs), wins, losses, draws, rate, lo, hi, m, plo, phi)


def run(a: str, b: str, rules_name: str, games: int, seed: int,
        jobs: int = 1, progress: TextIO | None = None, start: int = 0) -> list[GameResult]:
    """Play ``games`` games (rounded up to whole pairs), in ``jobs`` processes.

    With ``progress``, one line per finished pair (its games' signed points for A, and
    the running win rate) is written there, so a long match that has to be stopped still
    leaves its games on record (``summarize_log`` reads them back).  ``start`` skips the
    first pairs: a cut match goes on from its first missing pair with the very dice it
    would have had (each pair's dice come from ``seed`` and its index alone)."""
    pairs = (max(games, 2) + 1) // 2
    tasks = [(a, b, rules_name, seed, i) for i in range(start, pairs)]
    out: list[GameResult] = []
    if jobs <= 1:
        for t in tasks:
            out.extend(log_pair(play_pair(t), out, progress))
        return out
    import multiprocessing as mp

    for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(k, "1")  # the workers: one process per core is enough
    with mp.get_context("spawn").Pool(jobs) as pool:
        for res in pool.imap(play_pair, tasks, chunksize=1):
            out.extend(log_pair(res, out, progress))
    return out


def log_pair(pair: list[GameResult], done: list[GameResult],
             progress: TextIO | None) -> list[GameResult]:
    """Write a finished pair's line to ``progress`` (``summarize_log`` reads it back);
    the pair is returned for the caller's list.  Other arenas (``benchmarks``) log the
    same way, so one reader serves them all."""
    if progress is not None:
        every = [*done, *pair]
        wins = sum(1.0 if r.winner == "a" else 0.5 if r.winner is None else 0.0
                   for r in every)
        games = " ".join(f"{'W' if r.a_white else 'B'}:{r.winner or '-'}:{r.points:+d}:"
                         f"{r.kind or '-'}:{r.turns}" for r in pair)
        print(f"pair {pair[0].pair} {games} | {len(every)} games, "
              f"A {wins / len(every):.3f}", file=progress, flush=True)
    return pair


def summarize_log(lines: Sequence[str]) -> Summary:
    """The summary of the games in ``--progress`` lines (for a match cut short, or one
    played in parts with ``--start-pair``: a pair logged twice counts once)."""
    return summarize(read_log(lines))


def read_log(lines: Sequence[str]) -> list[GameResult]:
    """The games of ``--progress`` lines, a pair logged twice once."""
    pairs: dict[int, list[GameResult]] = {}
    for line in lines:
        if not line.startswith("pair "):
            continue
        head, _, _ = line.partition(" | ")
        _, index, *games = head.split()
        pairs[int(index)] = []
        for g in games:
            seat, who, pts, kind, turns = g.split(":")
            pairs[int(index)].append(GameResult(
                int(index), seat == "W", None if who == "-" else who, int(pts),
                None if kind == "-" else kind, int(turns)))
    return [r for games in pairs.values() for r in games]


def format_summary(a: str, b: str, rules_name: str, s: Summary,
                   seconds: float | None) -> str:
    took = "" if seconds is None else f", {seconds:.1f} s"
    return "\n".join([
        f"arena {a} (A) vs {b} (B), rules {rules_name}: {s.games} games in {s.pairs} pairs "
        f"(same dice, seats swapped){took}",
        f"A wins {s.wins}, loses {s.losses}, draws {s.draws}",
        f"A win rate {s.win_rate:.3f}  Wilson 95% [{s.win_low:.3f}, {s.win_high:.3f}]",
        f"A mean points/game {s.mean_points:+.3f}  95% [{s.points_low:+.3f}, "
        f"{s.points_high:+.3f}] (normal, over pairs)",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine arena`` (the lead wires this into ``engine/__main__.py``)."""
    ap = argparse.ArgumentParser(prog="python -m engine arena",
                                 description="Paired games between two AI levels.")
    ap.add_argument("--a", required=True,
                    help="agent A: nybörjare, gesäll, mästare, or mästare-hand (mästare "
                         "on the hand-built evaluation, never a network)")
    ap.add_argument("--b", required=True, help="agent B")
    ap.add_argument("--rules", default=rules_registry.DEFAULT, help="ruleset id (+options)")
    ap.add_argument("--games", type=int, default=100, help="games, rounded up to pairs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="worker processes (default: all cores)")
    ap.add_argument("--progress", action="store_true",
                    help="write one line per finished pair to stderr")
    ap.add_argument("--start-pair", type=int, default=0,
                    help="go on with a cut match from this pair (its dice are as before)")
    ap.add_argument("--summarize", metavar="LOG", default=None,
                    help="print the summary of the pairs in --progress log file(s) "
                         "(comma-separated) instead of playing")
    ns = ap.parse_args(list(argv) if argv is not None else None)
    if ns.summarize:
        lines: list[str] = []
        try:
            for path in ns.summarize.split(","):
                with open(path, encoding="utf-8") as f:
                    lines.extend(f)
        except OSError as e:
            print(f"cannot read {e.filename}: {e.strerror}", file=sys.stderr)
            return 2
        s = summarize_log(lines)
        if not s.games:
            print("no finished pairs in the log", file=sys.stderr)
            return 2
        print(format_summary(ns.a, ns.b, ns.rules, s, None))
        return 0
    try:
        a, b = canonical(ns.a), canonical(ns.b)
        rules = rules_registry.get(ns.rules)
    except EngineError as e:
        print(e.message("en"), file=sys.stderr)
        return 2
    if ns.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    results = run(a, b, rules.name, ns.games, ns.seed, ns.jobs,
                  sys.stderr if ns.progress else None, ns.start_pair)
    if not results:
        print("no pairs left to play after --start-pair", file=sys.stderr)
        return 2
    print(format_summary(a, b, rules.name, summarize(results), time.perf_counter() - t0))
    kinds: dict[str, int] = {}
    for r in results:
        if r.winner == "a" and r.kind:
            kinds[r.kind] = kinds.get(r.kind, 0) + 1
    if kinds:
        print("A's wins by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
