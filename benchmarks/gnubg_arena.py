"""The computer at backgammon against GNU Backgammon's network (issue 33), cubeless.

    python benchmarks/gnubg_arena.py [--agent mästare] [--games 400] [--seed 1]
        [--ply 0] [--jobs 1] [--weights FILE] [--progress] [--start-pair N]
    python benchmarks/gnubg_arena.py --summarize LOG[,LOG]

gnubg plays through ``gnubg-nn`` (the project's backgammon test oracle, a test
dependency): its ``best_move`` at ``--ply`` plies (0 by default: the network alone), money
play without the cube.  It is the yardstick only: nothing of it is in the engine or the
bot, and none of its evaluations trains anything.

The project's engine is the referee: every game is an ``engine.game.Game`` (the
backgammon opening: one die each, the higher starts and plays both, T-1), gnubg's choice
is mapped onto one of the engine's legal turns (the one whose resulting board is the
board gnubg chose, as ``tests/engine/test_backgammon_gnubg.py`` compares them) and played
with ``Game.play_turn``, which checks it against the legal list.

Games come in pairs with one dice stream (the game's generator, seeded per pair, rolls
the teka and every roll), seats swapped: the k-th roll of both games is the same, so luck
mostly cancels within a pair.  Prints the engine agent's share of the games won (Wilson
95%), its points per game (gammon 2, backgammon 3; normal 95% over pairs), the wins by
kind on both sides and the decision times of both players (wall clock, decisions with
more than one legal turn).  ``--weights`` plays ``mästare``'s search with another
network file (a checkpoint of a training run: the curve over training).  ``--progress``
logs one line per pair in the arena's format (``python -m engine arena --summarize``
reads it too), and a cut match goes on with ``--start-pair``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import gnubg_nn

from engine import rules as rules_registry
from engine.ai.agents import Agent, SearchAgent, canonical, get_agent
from engine.ai.arena import MAX_TURNS, GameResult, log_pair, read_log, summarize
from engine.ai.evaluation import Model
from engine.ai.net import Net
from engine.dice import Dice
from engine.errors import EngineError
from engine.game import Game
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet
from engine.testing import gnubg_board
from engine.turn import Turn

RULES = "backgammon"


class GnubgPlayer:
    """gnubg-nn's ``best_move`` as an agent: the board it chooses mapped back onto the
    engine's legal turn that leads there."""

    name = "gnubg"

    def __init__(self, ply: int = 0) -> None:
        self.ply = ply

    def choose(self, rules: RuleSet, position: Position, dice: Dice, rng: random.Random,
               turns: Sequence[Turn] | None = None) -> Turn:
        assert turns is not None  # the referee always hands the legal list in
        if len(turns) == 1:
            return turns[0]
        board = [list(row) for row in gnubg_board(position)]
        _, key = gnubg_nn.best_move(board, dice[0], dice[1], n=self.ply, b=1)
        # The board after gnubg's move, turned round for the opponent to roll next
        # (unlike ``moves()``, whose keys keep the mover's view).
        chosen = tuple(map(tuple, gnubg_nn.board_from_position_key(key)))
        for t in turns:
            if gnubg_board(t.position, position.turn.other) == chosen:
                return t
        raise RuntimeError(f"gnubg chose a board no legal turn gives: {position.format()} "
                           f"dice {dice}")


class NetMaster(SearchAgent):
    """``mästare``'s search judging with a given network file instead of the shipped one."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.net = Net.load(path)
        self.name = f"mästare({Path(path).name})"

    def model(self, rules: RuleSet) -> Model:
        return self.net


def make_agent(name: str, weights: str | None) -> Agent:
    return NetMaster(weights) if weights else get_agent(name)


def play_game(rules: RuleSet, white: Agent, black: Agent, dice_seed: int,
              agent_seed: int, times: dict[str, list[float]]
              ) -> tuple[Side | None, int, str | None, int]:
    """One game refereed by ``engine.game.Game``; (winner, points, kind, turns).  Each
    decision with a choice adds its wall time (ms) to ``times`` under the player's name."""
    game = Game.new(rules, seed=dice_seed)
    agents = {Side.WHITE: white, Side.BLACK: black}
    rngs = {Side.WHITE: random.Random(agent_seed * 2 + 1),
            Side.BLACK: random.Random(agent_seed * 2 + 2)}
    game.opening()  # backgammon: the higher die starts and plays both opening dice
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        if game.phase == "roll":
            game.roll()  # a roll without a legal play is forfeited at once
            continue
        mover = game.turn
        legal = game.legal_turns
        assert game.dice is not None
        t0 = time.perf_counter()
        turn = agents[mover].choose(rules, game.position, game.dice, rngs[mover], legal)
        if len(legal) > 1:
            times.setdefault(agents[mover].name, []).append(
                (time.perf_counter() - t0) * 1e3)
        game.play_turn(turn)
        turns += 1
    o = game.outcome
    if o is None:
        return None, 0, None, turns
    return o.winner, o.points, o.kind, turns


def play_pair(args: tuple[str, str | None, int, int, int]
              ) -> tuple[list[GameResult], dict[str, list[float]]]:
    """Both seatings of pair ``index``: the engine agent white, then gnubg white (a
    worker-process entry point, hence plain arguments)."""
    agent_name, weights, ply, seed, index = args
    rules = rules_registry.get(RULES)
    ours, theirs = make_agent(agent_name, weights), GnubgPlayer(ply)
    dice_seed = seed * 1_000_003 + index
    times: dict[str, list[float]] = {}
    out = []
    for a_white in (True, False):
        white, black = (ours, theirs) if a_white else (theirs, ours)
        winner, pts, kind, n = play_game(rules, white, black, dice_seed, dice_seed, times)
        if winner is None:
            who, signed = None, 0
        else:
            a_won = (winner is Side.WHITE) == a_white
            who, signed = ("a", pts) if a_won else ("b", -pts)
        out.append(GameResult(index, a_white, who, signed, kind, n))
    return out, times


def run(agent: str, weights: str | None, ply: int, games: int, seed: int, jobs: int,
        progress: bool, start: int) -> tuple[list[GameResult], dict[str, list[float]]]:
    pairs = (max(games, 2) + 1) // 2
    tasks = [(agent, weights, ply, seed, i) for i in range(start, pairs)]
    results: list[GameResult] = []
    times: dict[str, list[float]] = {}
    log = sys.stderr if progress else None

    def take(res: tuple[list[GameResult], dict[str, list[float]]]) -> None:
        pair, t = res
        results.extend(log_pair(pair, results, log))
        for k, v in t.items():
            times.setdefault(k, []).extend(v)

    if jobs <= 1:
        for task in tasks:
            take(play_pair(task))
        return results, times
    import multiprocessing as mp

    for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(k, "1")  # one process per core is enough
    with mp.get_context("spawn").Pool(jobs) as pool:
        for res in pool.imap(play_pair, tasks, chunksize=1):
            take(res)
    return results, times


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def report(label: str, results: list[GameResult], times: dict[str, list[float]],
           seconds: float | None) -> str:
    s = summarize(results)
    took = "" if seconds is None else f", {seconds:.0f} s"
    lines = [
        f"gnubg arena: {label} (A) vs gnubg 0-ply (B), backgammon, cubeless: {s.games} "
        f"games in {s.pairs} pairs (same dice, seats swapped){took}",
        f"A wins {s.wins}, loses {s.losses}, unfinished {s.draws}",
        f"A win share {100 * s.win_rate:.1f}%  Wilson 95% [{100 * s.win_low:.1f}, "
        f"{100 * s.win_high:.1f}]",
        f"A points/game {s.mean_points:+.3f}  95% [{s.points_low:+.3f}, "
        f"{s.points_high:+.3f}] (normal, over pairs)",
    ]
    for who, title in (("a", "A"), ("b", "gnubg")):
        kinds: dict[str, int] = {}
        for r in results:
            if r.winner == who and r.kind:
                kinds[r.kind] = kinds.get(r.kind, 0) + 1
        lines.append(f"{title}'s wins by kind: "
                     + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"))
    for name, xs in sorted(times.items()):
        if xs:
            lines.append(f"decision time {name}: {len(xs)} decisions, mean "
                         f"{statistics.fmean(xs):.1f} ms, median {statistics.median(xs):.1f}"
                         f" ms, p95 {pct(xs, 0.95):.1f} ms, max {max(xs):.1f} ms")
    lines.append(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="mästare",
                    help="the engine's level: nybörjare, gesäll, mästare, mästare-hand")
    ap.add_argument("--weights", default=None,
                    help="play mästare's search with this network file instead")
    ap.add_argument("--games", type=int, default=400, help="games, rounded up to pairs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ply", type=int, default=0, help="gnubg's plies (0: its network)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--progress", action="store_true", help="log each pair to stderr")
    ap.add_argument("--start-pair", type=int, default=0,
                    help="go on with a cut match from this pair (its dice are as before)")
    ap.add_argument("--summarize", metavar="LOG", default=None,
                    help="summarize --progress log file(s), comma-separated, instead")
    ns = ap.parse_args(list(argv) if argv is not None else None)
    try:
        agent = canonical(ns.agent)
    except EngineError as e:
        print(e.message("en"), file=sys.stderr)
        return 2
    label = f"mästare with {ns.weights}" if ns.weights else agent
    if ns.summarize:
        lines: list[str] = []
        for path in ns.summarize.split(","):
            with open(path, encoding="utf-8") as f:
                lines.extend(f)
        logged = read_log(lines)
        if not logged:
            print("no finished pairs in the log", file=sys.stderr)
            return 2
        print(report(label, logged, {}, None))
        return 0
    t0 = time.perf_counter()
    results, times = run(agent, ns.weights, ns.ply, ns.games, ns.seed, ns.jobs,
                         ns.progress, ns.start_pair)
    if not results:
        print("no pairs left to play after --start-pair", file=sys.stderr)
        return 2
    print(report(label, results, times, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
