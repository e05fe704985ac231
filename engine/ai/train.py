"""Train the learned evaluation (``engine.ai.net``) by self-play and TD(λ).

    python -m engine.ai.train --rules puff-kontrar --games 8000 --seed 1 \\
        --out engine/ai/weights/puff-kontrar.npz

Two stages, both deterministic for a given seed (the games are played in ``--jobs``
processes, but each game's dice and choices come from its own seed, and they are
gathered in order):

1. **Games.**  ``gesäll`` plays both sides, with a random legal play instead of its own
   choice on ``--explore`` of the turns (so the games visit positions gesäll alone never
   would).  Every position after a turn is recorded from the point of view of the side
   to move, with the game's result.
2. **Fitted TD(λ).**  Round 0 fits the network to the games' results (the λ = 1
   return).  Each later round recomputes every position's λ-return from the network's
   own values of the positions that followed it — G_t = (1 − λ)·V(s_t+1) + λ·G_t+1, the
   last one being the result — and fits again.  This is TD(λ) run offline over stored
   games rather than online during play, which lets numpy do the work in large batches.

The file it writes records the games, rounds and seed it was made with (``Net.meta``).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine import rules as rules_registry
from engine.ai.agents import GreedyAgent, RandomAgent
from engine.ai.arena import MAX_TURNS, opening
from engine.ai.net import Net, encode
from engine.ai.pasch import is_long_pasch
from engine.position import Geometry, Side

Record = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def play_recorded(rules_name: str, seed: int, explore: float) -> Record:
    """One self-play game: the ``encode`` arrays (me, op, pasched) of every position after
    a turn, and ``sign`` (+1 where white is to move, −1 where black is) with one element
    more at the end: the game's result in points for white."""
    rules = rules_registry.get(rules_name)
    rng = random.Random(seed)
    greedy, rand = GreedyAgent(), RandomAgent()
    pos = rules.start().with_turn(opening(rules, rng))
    me, op, flags, sign = [], [], [], []
    result = 0.0
    for _ in range(MAX_TURNS):
        dice = ((rng.randint(1, 6),) if pos.onedie
                else (rng.randint(1, 6), rng.randint(1, 6)))
        turns = None if is_long_pasch(rules, pos, dice) else rules.legal_turns(pos, dice)
        agent = rand if rng.random() < explore else greedy
        turn = agent.choose(rules, pos, dice, rng, turns)
        if turn.outcome is not None:
            o = turn.outcome
            result = float(o.points) if o.winner is Side.WHITE else -float(o.points)
            break
        pos = turn.position
        white = pos.turn is Side.WHITE
        me.append(pos.white if white else pos.black)
        op.append(pos.black if white else pos.white)
        flags.append((pos.turn in pos.pasch, pos.turn.other in pos.pasch))
        sign.append(1.0 if white else -1.0)
    return (np.array(me, dtype=np.int8).reshape(-1, 26),
            np.array(op, dtype=np.int8).reshape(-1, 26),
            np.array(flags, dtype=np.float32).reshape(-1, 2),
            np.array([*sign, result], dtype=np.float32))


def _play(args: tuple[str, int, float]) -> Record:
    return play_recorded(*args)


def play_games(rules_name: str, games: int, seed: int, explore: float, jobs: int,
               progress: bool = False) -> list[Record]:
    tasks = [(rules_name, seed * 1_000_003 + i, explore) for i in range(games)]
    if jobs <= 1:
        return [_play(t) for t in tasks]
    out = []
    with mp.get_context("spawn").Pool(jobs) as pool:
        for i, rec in enumerate(pool.imap(_play, tasks, chunksize=8)):
            out.append(rec)
            if progress and (i + 1) % 500 == 0:
                print(f"  {i + 1} games", file=sys.stderr, flush=True)
    return out


def save_games(path: str | Path, records: Sequence[Record]) -> None:
    """The played games, so later fits need not play them again (``--data``)."""
    np.savez_compressed(path, me=np.concatenate([r[0] for r in records]),
                        op=np.concatenate([r[1] for r in records]),
                        pasched=np.concatenate([r[2] for r in records]),
                        sign=np.concatenate([r[3][:-1] for r in records]),
                        results=np.array([r[3][-1] for r in records], dtype=np.float32),
                        lengths=np.array([len(r[0]) for r in records]))


def load_games(path: str | Path) -> list[Record]:
    with np.load(path) as z:
        ends = np.cumsum(z["lengths"])
        starts = ends - z["lengths"]
        return [(z["me"][s:e], z["op"][s:e], z["pasched"][s:e],
                 np.append(z["sign"][s:e], res))
                for s, e, res in zip(starts, ends, z["results"], strict=True)]


class Dataset:
    """All games' positions in flat arrays, with each game's span and result."""

    def __init__(self, records: Sequence[Record], geometry: Geometry) -> None:
        self.x = encode(np.concatenate([r[0] for r in records]),
                        np.concatenate([r[1] for r in records]),
                        np.concatenate([r[2] for r in records]), geometry)
        self.sign = np.concatenate([r[3][:-1] for r in records])
        self.results = np.array([r[3][-1] for r in records], dtype=np.float32)
        lengths = [len(r[0]) for r in records]
        self.ends = np.cumsum(lengths)
        self.starts = self.ends - np.array(lengths)

    def returns(self, net: Net | None, lam: float) -> np.ndarray:
        """Each position's λ-return for its side to move (λ = 1 without a network)."""
        n = len(self.sign)
        white_v = (net.forward(self.x) * self.sign if net is not None
                   else np.zeros(n, dtype=np.float32))
        g = np.empty(n, dtype=np.float32)
        for s, e, z in zip(self.starts, self.ends, self.results, strict=True):
            nxt = z
            for t in range(e - 1, s - 1, -1):
                g[t] = nxt  # white's λ-return of position t
                if net is not None and lam < 1:
                    nxt = (1 - lam) * white_v[t] + lam * nxt
        return g * self.sign


def fit(net: Net, x: np.ndarray, y: np.ndarray, epochs: int, rng: np.random.Generator,
        lr: float = 1e-3, batch: int = 256) -> float:
    """Adam on mean squared error; returns the last epoch's loss."""
    params = [net.w1, net.b1, net.w2]
    b2 = np.array([net.b2], dtype=np.float32)
    params.append(b2)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    loss = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        total = 0.0
        for k in range(0, len(y), batch):
            idx = order[k:k + batch]
            xb, yb = x[idx], y[idx]
            h = np.tanh(xb @ net.w1 + net.b1)
            out = h @ net.w2 + b2[0]
            err = out - yb
            total += float(err @ err)
            g_out = 2 * err / len(yb)
            g_w2 = h.T @ g_out
            g_b2 = np.array([g_out.sum()], dtype=np.float32)
            g_h = np.outer(g_out, net.w2) * (1 - h * h)
            g_w1 = xb.T @ g_h
            g_b1 = g_h.sum(axis=0)
            step += 1
            for p, g, mi, vi in zip(params, (g_w1, g_b1, g_w2, g_b2), m, v, strict=True):
                mi *= 0.9
                mi += 0.1 * g
                vi *= 0.999
                vi += 0.001 * g * g
                p -= lr * (mi / (1 - 0.9 ** step)) / (np.sqrt(vi / (1 - 0.999 ** step)) + 1e-8)
        loss = total / len(y)
    net.b2 = float(b2[0])
    return loss


def train(rules_name: str, games: int, seed: int, *, explore: float = 0.05,
          hidden: int = 48, rounds: int = 4, epochs: int = 6, lam: float = 0.7,
          jobs: int = 1, progress: bool = False, data: str | Path | None = None) -> Net:
    """Play (or, with ``data`` naming an existing file, load) the games and fit a net."""
    rules = rules_registry.get(rules_name)
    t0 = time.perf_counter()
    if data is not None and Path(data).exists():
        records = load_games(data)
        games = len(records)
    else:
        records = play_games(rules.name, games, seed, explore, jobs, progress)
        if data is not None:
            save_games(data, records)
    data = Dataset(records, rules.geometry)
    if progress:
        print(f"{games} games, {len(data.sign)} positions in {time.perf_counter() - t0:.0f} s",
              file=sys.stderr, flush=True)
    rng = np.random.default_rng(seed)
    net = Net.fresh(hidden, rng)
    for r in range(rounds):
        y = data.returns(net if r else None, 1.0 if r == 0 else lam)
        loss = fit(net, data.x, y, epochs, rng)
        if progress:
            print(f"round {r}: λ={1.0 if r == 0 else lam}, loss {loss:.4f} "
                  f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    net.meta = {"rules": rules.id, "games": str(games), "seed": str(seed),
                "explore": str(explore), "hidden": str(hidden), "rounds": str(rounds),
                "epochs": str(epochs), "lambda": str(lam), "positions": str(len(data.sign))}
    return net


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.train", description=__doc__)
    ap.add_argument("--rules", required=True)
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.05)
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--data", default=None,
                    help="file of played games: read if it exists, else written")
    ap.add_argument("--out", required=True)
    ns = ap.parse_args(list(argv) if argv is not None else None)
    net = train(ns.rules, ns.games, ns.seed, explore=ns.explore, hidden=ns.hidden,
                rounds=ns.rounds, epochs=ns.epochs, lam=ns.lam, jobs=ns.jobs, progress=True,
                data=ns.data)
    net.save(ns.out)
    print(f"wrote {ns.out}: {net.meta}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
