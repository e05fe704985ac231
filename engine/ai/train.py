"""Train the learned evaluation (``engine.ai.net``) by self-play and TD(λ).

    python -m engine.ai.train --rules talisman --seed 1 --out engine/ai/weights/talisman.npz

(``--games``, ``--generations`` and ``--hidden`` default to the ruleset's full run,
``DEFAULTS``: at most 45 minutes with ``--jobs 2`` on the project's 2-core machine.)

The stages, all deterministic for a given seed (the games are played in ``--jobs``
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
3. **Generations** (``--generations``, bräde's default 2): the network so far plays the
   next ``--games`` games itself (one ply, the same exploration), they join the data and
   fitting goes on from where it was.  Gesäll's games teach what gesäll's evaluation
   knows; the network's own games show it the positions its own choices lead to.

4. **Deeper rounds** (``--deeper-rounds``, backgammon only): positions drawn from the
   games kept are valued one roll deeper with the network so far (``engine.ai.deeper``:
   over the 21 rolls, the best play's outcome probabilities) and the network is fitted
   to those values, which carry none of a single game's luck; ``--deeper-rolls 2``
   values them two rolls deeper (each roll's best play valued a roll deeper in turn).

Bräde networks read the ``brade`` encoding (``engine.ai.brade_features``: jan count,
sprängjan, blots in reach, runs of bands, vackert spel distance, munk, race) and learn the
ruleset's own points (a jan pays two to six times a hemspel, by the scoring table); the
file records the table, and mästare uses the network only under that table.

Backgammon networks read the ``bg`` encoding (``engine.ai.bg_features``: shots and what
they cost, entering, escapes and primes, contact, gammon and backgammon risk) and learn
the game's points (gammon 2, backgammon 3); a network's games are played side by side
(``play_lockstep``, ``LOCKSTEP``), which makes them about three times cheaper.

The file it writes records the games, rounds and seed it was made with (``Net.meta``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine import rules as rules_registry
from engine.ai import deeper
from engine.ai.agents import GreedyAgent, RandomAgent, pick_best
from engine.ai.arena import MAX_TURNS, opening
from engine.ai.evaluation import turn_value
from engine.ai.net import OUTCOMES, SIZES, Net, encode_for, encoding_for, flip, outcome_targets
from engine.ai.pasch import is_long_pasch
from engine.errors import EngineError
from engine.generators import legal_turns
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

Record = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class NetPlayer(GreedyAgent):
    """Gesäll judging with a given network: the player of a later generation's games."""

    def __init__(self, net: Net) -> None:
        super().__init__()
        self.net = net

    def model(self, rules: RuleSet) -> Net:
        return self.net


#: The network a worker process's games are played with (``None``: gesäll's own).
_PLAYER: Net | None = None


def _set_player(arrays: tuple[Any, ...] | None) -> None:
    global _PLAYER
    _PLAYER = None if arrays is None else Net(*arrays)


def play_recorded(rules_name: str, seed: int, explore: float,
                  player: Net | None = None) -> Record:
    """One self-play game: the ``encode`` arrays (me, op, pasched) of every position after
    a turn, and ``sign`` (+1 where white is to move, −1 where black is) with one element
    more at the end: the game's result in points for white.  Both sides are gesäll, or
    with ``player`` that network at one ply; a random play on ``explore`` of the turns."""
    rules = rules_registry.get(rules_name)
    rng = random.Random(seed)
    greedy = GreedyAgent() if player is None else NetPlayer(player)
    rand = RandomAgent()
    pos = rules.start().with_turn(opening(rules, rng))
    me, op, flags, sign = [], [], [], []
    result = 0.0
    for _ in range(MAX_TURNS):
        dice = ((rng.randint(1, 6),) if pos.onedie
                else (rng.randint(1, 6), rng.randint(1, 6)))
        turns = None if is_long_pasch(rules, pos, dice) else legal_turns(rules, pos, dice)
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


@dataclass
class _Running:
    """One game of ``play_lockstep``: its generator, where it stands, what it recorded."""

    rng: random.Random
    pos: Position
    me: list[tuple[int, ...]] = field(default_factory=list)
    op: list[tuple[int, ...]] = field(default_factory=list)
    flags: list[tuple[bool, bool]] = field(default_factory=list)
    sign: list[float] = field(default_factory=list)
    result: float = 0.0
    done: bool = False

    def record(self) -> Record:
        return (np.array(self.me, dtype=np.int8).reshape(-1, 26),
                np.array(self.op, dtype=np.int8).reshape(-1, 26),
                np.array(self.flags, dtype=np.float32).reshape(-1, 2),
                np.array([*self.sign, self.result], dtype=np.float32))


def play_lockstep(rules_name: str, seeds: Sequence[int], explore: float,
                  player: Net) -> list[Record]:
    """The games ``play_recorded(rules_name, seed, explore, player)`` plays, for each seed,
    played side by side: at each turn every game still running rolls and lists its plays
    as it would alone, and the network values all of their results in one batch.  One
    batch of a thousand positions costs a fraction of fifty batches of twenty (numpy's
    work per call is the same whatever the rows), which is what a network's self-play
    spends its time on.  Each game draws from its own generator in the same order as
    alone; only the batching differs, which can move a value in the last bits of a
    float32 and so, very rarely, break a near tie the other way."""
    rules = rules_registry.get(rules_name)
    rand = RandomAgent()
    greedy = NetPlayer(player)
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        games.append(_Running(rng, rules.start().with_turn(opening(rules, rng))))
    for _ in range(MAX_TURNS):
        live = [g for g in games if not g.done]
        if not live:
            break
        chosen: dict[int, Turn] = {}
        pending: list[tuple[int, list[Turn]]] = []
        for k, g in enumerate(live):
            rng, pos = g.rng, g.pos
            dice = ((rng.randint(1, 6),) if pos.onedie
                    else (rng.randint(1, 6), rng.randint(1, 6)))
            turns = None if is_long_pasch(rules, pos, dice) else legal_turns(rules, pos, dice)
            agent = rand if rng.random() < explore else greedy
            if agent is rand or turns is None:
                chosen[k] = agent.choose(rules, pos, dice, rng, turns)
            else:
                pending.append((k, turns))
        positions = [t.position for _, ts in pending for t in ts if t.outcome is None]
        values = iter(player.white_values(rules, positions))
        for k, ts in pending:
            me = live[k].pos.turn
            vals = []
            for t in ts:
                if t.outcome is not None:
                    vals.append(turn_value(rules, t, me, player))
                else:
                    v = next(values)
                    vals.append(v if me is Side.WHITE else -v)
            scored = sorted(zip(ts, vals, strict=True), key=lambda tv: -tv[1])
            chosen[k] = pick_best(scored, live[k].rng)
        for k, g in enumerate(live):
            turn = chosen[k]
            if turn.outcome is not None:
                o = turn.outcome
                g.result = float(o.points) if o.winner is Side.WHITE else -float(o.points)
                g.done = True
                continue
            pos = g.pos = turn.position
            white = pos.turn is Side.WHITE
            g.me.append(pos.white if white else pos.black)
            g.op.append(pos.black if white else pos.white)
            g.flags.append((pos.turn in pos.pasch, pos.turn.other in pos.pasch))
            g.sign.append(1.0 if white else -1.0)
    return [g.record() for g in games]


def _play(args: tuple[str, list[int], float]) -> list[Record]:
    rules_name, seeds, explore = args
    if _PLAYER is not None and len(seeds) > 1:
        return play_lockstep(rules_name, seeds, explore, _PLAYER)
    return [play_recorded(rules_name, s, explore, player=_PLAYER) for s in seeds]


def play_games(rules_name: str, games: int, seed: int, explore: float, jobs: int,
               progress: bool = False, player: Net | None = None,
               lockstep: int = 1) -> list[Record]:
    """``games`` games, game ``i`` from seed ``seed·1000003 + i`` whatever ``jobs`` is.
    A network's games are played ``lockstep`` at a time (``play_lockstep``), in groups
    fixed by the game numbers, so ``jobs`` changes nothing there either."""
    step = max(1, lockstep) if player is not None else 1
    seeds = [seed * 1_000_003 + i for i in range(games)]
    tasks = [(rules_name, seeds[k:k + step], explore) for k in range(0, games, step)]
    arrays = None if player is None else (player.w1, player.b1, player.w2, player.b2,
                                          player.meta)
    if jobs <= 1:
        _set_player(arrays)
        try:
            return [rec for t in tasks for rec in _play(t)]
        finally:
            _set_player(None)
    out: list[Record] = []
    single_threaded_blas()  # inherited by the workers: one process per core is enough
    with mp.get_context("spawn").Pool(jobs, initializer=_set_player,
                                      initargs=(arrays,)) as pool:
        for recs in pool.imap(_play, tasks, chunksize=max(1, 8 // step)):
            for rec in recs:
                out.append(rec)
                if progress and len(out) % 500 == 0:
                    print(f"  {len(out)} games", file=sys.stderr, flush=True)
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
    """``save_games``' games back.  Each array is read once: an ``NpzFile`` inflates an
    array anew at every ``z[name]``, and a game's slice would keep its own whole copy
    alive (a 10,000-game file then took minutes and gigabytes)."""
    with np.load(path) as z:
        me, op, pasched, sign = z["me"], z["op"], z["pasched"], z["sign"]
        lengths, results = z["lengths"], z["results"]
    ends = np.cumsum(lengths)
    starts = ends - lengths
    return [(me[s:e], op[s:e], pasched[s:e], np.append(sign[s:e], res))
            for s, e, res in zip(starts, ends, results, strict=True)]


#: Positions encoded (and valued) per numpy pass: bounds the temporary arrays.
CHUNK = 100_000


class Dataset:
    """All games' positions in flat arrays, with each game's span and result."""

    def __init__(self, records: Sequence[Record], rules: RuleSet,
                 encoding: str | None = None) -> None:
        self.encoding = encoding or encoding_for(rules)
        me = np.concatenate([r[0] for r in records])
        op = np.concatenate([r[1] for r in records])
        flags = np.concatenate([r[2] for r in records])
        # Bräde and backgammon in half precision: their inputs are flags and small
        # fractions, and a full run's data (six million positions × 283 inputs) then
        # fits in a few GB.
        dtype = np.float16 if self.encoding in ("brade", "bg") else np.float32
        self.x = np.empty((len(me), SIZES[self.encoding]), dtype=dtype)
        for k in range(0, len(me), CHUNK):
            self.x[k:k + CHUNK] = encode_for(self.encoding, rules, me[k:k + CHUNK],
                                             op[k:k + CHUNK], flags[k:k + CHUNK])
        self.sign = np.concatenate([r[3][:-1] for r in records])
        self.results = np.array([r[3][-1] for r in records], dtype=np.float32)
        lengths = [len(r[0]) for r in records]
        self.ends = np.cumsum(lengths)
        self.starts = self.ends - np.array(lengths)

    def returns(self, net: Net | None, lam: float) -> np.ndarray:
        """Each position's λ-return for its side to move (λ = 1 without a network)."""
        n = len(self.sign)
        white_v = (np.concatenate([net.forward(self.x[k:k + CHUNK].astype(np.float32))
                                   for k in range(0, max(n, 1), CHUNK)])[:n] * self.sign
                   if net is not None else np.zeros(n, dtype=np.float32))
        g = np.empty(n, dtype=np.float32)
        for s, e, z in zip(self.starts, self.ends, self.results, strict=True):
            nxt = z
            for t in range(e - 1, s - 1, -1):
                g[t] = nxt  # white's λ-return of position t
                if net is not None and lam < 1:
                    nxt = (1 - lam) * white_v[t] + lam * nxt
        returns: np.ndarray = g * self.sign
        return returns

    def outcome_returns(self, net: Net | None, lam: float) -> np.ndarray:
        """Each position's λ-return of the five ``OUTCOMES`` for its side to move, (n, 5):
        ``returns`` for a ``probabilities`` network.  The recursion runs in white's
        view (a position's value is the next one's, seen by the other side) and the rows
        are turned to the mover's at the end; λ = 1 without a network."""
        n = len(self.sign)
        black = self.sign < 0
        if net is not None:
            white_v = np.concatenate([net.raw(self.x[k:k + CHUNK].astype(np.float32))
                                      for k in range(0, max(n, 1), CHUNK)])[:n]
            white_v[black] = flip(white_v[black])
        finals = outcome_targets(self.results)
        g = np.empty((n, len(OUTCOMES)), dtype=np.float32)
        for s, e, z in zip(self.starts, self.ends, finals, strict=True):
            nxt = z
            for t in range(e - 1, s - 1, -1):
                g[t] = nxt
                if net is not None and lam < 1:
                    nxt = (1 - lam) * white_v[t] + lam * nxt
        g[black] = flip(g[black])
        return g


def fit(net: Net, x: np.ndarray, y: np.ndarray, epochs: int, rng: np.random.Generator,
        lr: float = 1e-3, batch: int = 256) -> float:
    """Adam; returns the last epoch's loss.  A ``points`` network fits its one output by
    mean squared error; a ``probabilities`` network its five sigmoids by cross-entropy
    (whose gradient at the pre-sigmoid sum is simply ``p − y``)."""
    probs = net.outputs == "probabilities"
    params = [net.w1, net.b1, net.w2]
    b2 = (np.asarray(net.b2, dtype=np.float32).copy() if probs
          else np.array([net.b2], dtype=np.float32))
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
            xb, yb = x[idx].astype(np.float32), y[idx]
            h = np.tanh(xb @ net.w1 + net.b1)
            if probs:
                p = 1 / (1 + np.exp(-(h @ net.w2 + b2)))
                pc = np.clip(p, 1e-7, 1 - 1e-7)
                total += float(-(yb * np.log(pc) + (1 - yb) * np.log(1 - pc)).sum())
                g_out = (p - yb) / len(yb)
                g_w2 = h.T @ g_out
                g_b2 = g_out.sum(axis=0)
                g_h = (g_out @ net.w2.T) * (1 - h * h)
            else:
                out = h @ net.w2 + b2[0]
                err = out - yb
                total += float(err @ err)
                g_o = 2 * err / len(yb)
                g_w2 = h.T @ g_o
                g_b2 = np.array([g_o.sum()], dtype=np.float32)
                g_h = np.outer(g_o, net.w2) * (1 - h * h)
            g_w1 = xb.T @ g_h
            g_b1 = g_h.sum(axis=0)
            step += 1
            for p_, g, mi, vi in zip(params, (g_w1, g_b1, g_w2, g_b2), m, v, strict=True):
                mi *= 0.9
                mi += 0.1 * g
                vi *= 0.999
                vi += 0.001 * g * g
                p_ -= lr * (mi / (1 - 0.9 ** step)) / (np.sqrt(vi / (1 - 0.999 ** step)) + 1e-8)
        loss = total / len(y)
    net.b2 = b2 if probs else float(b2[0])
    return loss


def train(rules_name: str, games: int, seed: int, *, explore: float = 0.05,
          hidden: int = 48, rounds: int = 4, epochs: int = 6, lam: float = 0.7,
          jobs: int = 1, progress: bool = False, data: str | Path | None = None,
          generations: int = 1, encoding: str | None = None,
          checkpoints: str | Path | None = None, lockstep: int = 1,
          outputs: str = "points", resume: bool = False, window: int | None = None,
          deeper_rounds: int = 0, deeper_positions: int = 100_000,
          deeper_rolls: int = 1) -> Net:
    """Play (or, with ``data`` naming an existing file, load) the games and fit a net.

    With ``generations`` > 1, each further generation plays ``games`` more games with
    the network so far (one ply, the same ``explore``), adds them to the data and goes
    on fitting the same network for ``rounds`` more rounds: self-play TD(λ) in a few
    large steps.  ``data`` holds the first generation's games only.  With
    ``checkpoints`` (a path without ``.npz``), the network after each generation is
    saved as ``<checkpoints>-gen<N>.npz``, so the arena can draw the curve over training,
    and that generation's games as ``<checkpoints>-gen<N>-games.npz``.
    ``lockstep``: how many of the network's games are played side by side
    (``play_lockstep``).  ``outputs``: ``points`` or ``probabilities`` (``Net``).

    ``resume`` (with ``checkpoints``): start after the last generation saved there, with
    its network, the random state its fitting had reached (kept in the network's
    metadata) and the games of every generation whose file is still there (of the last
    ``window`` ones, with a window).  With every
    file kept, a run stopped and resumed makes the network an unbroken run makes.

    ``deeper_rounds`` (a backgammon network, ``engine.ai.deeper``): after the last
    generation, that many rounds each draw ``deeper_positions`` positions from the
    games kept, value each one roll deeper with the network so far and fit the
    network to those values (``deeper_rolls`` 2: two rolls deeper, about twenty times
    the work a position).  With ``checkpoints`` each round's network is saved as
    ``<checkpoints>-deeper<K>.npz`` and ``resume`` goes on after the last one."""
    rules = rules_registry.get(rules_name)
    t0 = time.perf_counter()

    def say(text: str) -> None:
        if progress:
            print(f"{text} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    start = 0
    rng = np.random.default_rng(seed)
    if window is not None and window < 1:
        raise ValueError("the window holds at least one generation")
    if deeper_rounds and not deeper.qualifies(rules):
        raise ValueError("deeper targets need positions the records give in full "
                         "(backgammon)")
    net: Net | None = None
    gens: list[list[Record]] = []
    deeper_done = 0
    deeper_record = ""
    if resume:
        if checkpoints is None:
            raise ValueError("resume needs the checkpoints' prefix")
        last = last_generation(checkpoints)
        done = last_generation(checkpoints, "deeper")
        deeper_done = 0 if done is None else done + 1
        if last is not None:
            net = Net.load(f"{checkpoints}-gen{last}.npz" if not deeper_done
                           else f"{checkpoints}-deeper{deeper_done - 1}.npz")
            if "rng" in net.meta:
                rng.bit_generator.state = json.loads(net.meta["rng"])
            deeper_record = net.meta.get("deeper", "")
            # the window as the unbroken run held it after ``last``; the next
            # generation's games push its oldest out
            first_kept = 0 if window is None else max(0, last + 1 - window)
            for g in range(last + 1):
                path = Path(f"{checkpoints}-gen{g}-games.npz")
                gens.append(load_games(path) if g >= first_kept and path.exists() else [])
            start = last + 1
            say(f"resuming after generation {last}: {sum(map(len, gens))} games kept")
    if net is None:
        if data is not None and Path(data).exists():
            first_games = load_games(data)
            games = len(first_games)
        else:
            first_games = play_games(rules.name, games, seed, explore, jobs, progress)
            if data is not None:
                save_games(data, first_games)
        gens = [first_games]
        net = Net.fresh(hidden, rng, encoding or encoding_for(rules), outputs)
        if checkpoints is not None:
            save_games(f"{checkpoints}-gen0-games.npz", first_games)
    records = [r for g in gens for r in g]
    for gen in range(start, generations):
        if gen:
            new = play_games(rules.name, games, seed + 7919 * gen, explore,
                             jobs, progress, player=net, lockstep=lockstep)
            if checkpoints is not None:
                save_games(f"{checkpoints}-gen{gen}-games.npz", new)
            gens.append(new)
        for old in range(len(gens) - (window or len(gens))):
            gens[old] = []  # out of the window: its memory goes too
        records = [r for g in gens for r in g]
        dataset = Dataset(records, rules, net.encoding)
        say(f"generation {gen}: {len(records)} games, {len(dataset.sign)} positions")
        for r in range(rounds):
            first = gen == 0 and r == 0
            target = (dataset.outcome_returns if net.outputs == "probabilities"
                      else dataset.returns)
            y = target(None if first else net, 1.0 if first else lam)
            loss = fit(net, dataset.x, y, epochs, rng)
            say(f"round {r}: λ={1.0 if first else lam}, loss {loss:.4f}")
        del dataset
        if checkpoints is not None:
            net.meta = _meta(rules, games, seed, explore, hidden, rounds, epochs, lam,
                             records, gen + 1, net.encoding, net.outputs, window)
            net.meta["rng"] = json.dumps(rng.bit_generator.state)
            net.save(f"{checkpoints}-gen{gen}.npz")
    net.meta = _meta(rules, games, seed, explore, hidden, rounds, epochs, lam, records,
                     generations, net.encoding, net.outputs, window)
    if deeper_record:
        net.meta["deeper"] = deeper_record
    if deeper_rounds:
        me = np.concatenate([r[0] for r in records])
        op = np.concatenate([r[1] for r in records])
        flags = np.concatenate([r[2] for r in records])
        sign = np.concatenate([r[3][:-1] for r in records])
        for k in range(deeper_done, deeper_rounds):
            idx = np.sort(rng.choice(len(me), size=min(deeper_positions, len(me)),
                                     replace=False))
            y = deeper.deeper_targets(rules, net, me[idx], op[idx], sign[idx], jobs,
                                      rolls=deeper_rolls)
            x = encode_for(net.encoding, rules, me[idx], op[idx], flags[idx])
            loss = fit(net, x, y, epochs, rng)
            say(f"deeper round {k}: {len(idx)} positions {deeper_rolls} roll(s) deep, "
                f"loss {loss:.4f}")
            net.meta = _meta(rules, games, seed, explore, hidden, rounds, epochs, lam,
                             records, generations, net.encoding, net.outputs, window)
            deeper_record = net.meta["deeper"] = one_round_more(deeper_record, len(idx),
                                                                   deeper_rolls)
            if checkpoints is not None:
                net.meta["rng"] = json.dumps(rng.bit_generator.state)
                net.save(f"{checkpoints}-deeper{k}.npz")
                del net.meta["rng"]
    return net


def one_round_more(record: str, positions: int, rolls: int = 1) -> str:
    """A network's record of its deeper rounds (``"6x100000+2x200000+1x30000/2"``: six
    rounds of 100,000 positions, then two of 200,000, each a roll deeper, then one of
    30,000 two rolls deeper) with one round of ``positions`` more, ``rolls`` deep."""
    size = str(positions) if rolls == 1 else f"{positions}/{rolls}"
    parts = [p.split("x") for p in record.split("+")] if record else []
    if parts and parts[-1][1] == size:
        parts[-1][0] = str(int(parts[-1][0]) + 1)
    else:
        parts.append(["1", size])
    return "+".join(f"{k}x{n}" for k, n in parts)


def last_generation(prefix: str | Path, stage: str = "gen") -> int | None:
    """The last generation (``stage`` ``gen``) or deeper round (``deeper``) whose network
    was saved under ``prefix`` (``train``'s ``checkpoints``), or None."""
    name = Path(prefix).name
    found = [int(m.group(1)) for f in Path(prefix).parent.glob(f"{name}-{stage}*.npz")
             if (m := re.fullmatch(re.escape(name) + rf"-{stage}(\d+)\.npz", f.name))]
    return max(found) if found else None


def _meta(rules: RuleSet, games: int, seed: int, explore: float, hidden: int, rounds: int,
          epochs: int, lam: float, records: Sequence[Record], generations: int,
          encoding: str, outputs: str = "points",
          window: int | None = None) -> dict[str, str]:
    """What a network file records about how it was made (``Net.meta``)."""
    meta = {"rules": rules.id, "games": str(games), "seed": str(seed),
            "explore": str(explore), "hidden": str(hidden), "rounds": str(rounds),
            "epochs": str(epochs), "lambda": str(lam),
            "positions": str(sum(len(r[0]) for r in records)), "encoding": encoding}
    if generations > 1:
        meta["generations"] = str(generations)
    if outputs != "points":
        meta["outputs"] = outputs
    if window is not None:
        meta["window"] = str(window)
    if rules.is_brade:
        meta["scoring"] = rules.scoring
    return meta


#: The documented full run per ruleset: (games per generation, generations, hidden
#: units).  Sized so that ``--jobs 2`` finishes in at most 45 minutes on the project's
#: 2-core machine (docs/ai.md, "The learned evaluation"), backgammon's in about 30
#: minutes of CPU with ``--jobs 1``; a ruleset not listed gets ``FALLBACK``.
DEFAULTS: dict[str, tuple[int, int, int]] = {
    "puff-kontrar": (20_000, 1, 48),
    "puff-lang": (20_000, 1, 48),
    "puff-dubbel-kontrar": (20_000, 1, 48),
    "talisman": (20_000, 2, 64),
    "behrens-helmfrid": (20_000, 2, 64),
    "classic": (20_000, 2, 64),
    "vasa": (20_000, 2, 64),
    "backgammon": (10_000, 6, 128),
}
FALLBACK = (8_000, 1, 48)
#: The outputs a ruleset's network has (``Net.outputs``), else ``points``: backgammon's
#: are the outcome probabilities a doubling cube needs (issue 42).
OUTPUTS: dict[str, str] = {"backgammon": "probabilities"}
#: Games a network plays side by side (``play_lockstep``) per ruleset, else one at a
#: time: the networks shipped before it were trained one game at a time, and their
#: commands stay exactly reproducible.
LOCKSTEP: dict[str, int] = {"backgammon": 64}


_BLAS_ENV = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def single_threaded_blas() -> bool:
    """Ask processes started from now on for one BLAS thread each; True if that changed
    anything.  The matrices here are small (a batch of 256 by 283 by 64): a second BLAS
    thread does not pay for itself, and on a shared machine the threads' busy-waiting
    made the fit 30 times slower in CPU time (1.2 against 34 µs per sample, measured)."""
    changed = False
    for k in _BLAS_ENV:
        if k not in os.environ:
            os.environ[k] = "1"
            changed = True
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None and single_threaded_blas():
        # numpy has already started its BLAS with its own thread count: start afresh.
        os.execv(sys.executable, [sys.executable, "-m", "engine.ai.train", *sys.argv[1:]])
    ap = argparse.ArgumentParser(
        prog="python -m engine.ai.train", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", required=True, help="ruleset id, e.g. talisman, puff-lang")
    ap.add_argument("--games", type=int, default=None,
                    help="games per generation (default: the ruleset's DEFAULTS)")
    ap.add_argument("--generations", type=int, default=None,
                    help="1: gesäll's games only; more: then games by the network so far")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.05)
    ap.add_argument("--hidden", type=int, default=None)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", default=None,
                    help="file of the first generation's games: read if it exists, "
                         "else written")
    ap.add_argument("--lockstep", type=int, default=None,
                    help="games a network plays side by side (default: the ruleset's "
                         "LOCKSTEP, else 1)")
    ap.add_argument("--checkpoints", default=None, metavar="PREFIX",
                    help="also save the network after each generation as "
                         "PREFIX-genN.npz")
    ap.add_argument("--outputs", choices=("points", "probabilities"), default=None,
                    help="points: one output, expected points; probabilities: win, "
                         "gammon and backgammon for each side (default: the ruleset's "
                         "OUTPUTS, else points)")
    ap.add_argument("--resume", action="store_true",
                    help="with --checkpoints: go on after the last generation saved there")
    ap.add_argument("--window", type=int, default=None, metavar="N",
                    help="fit each generation on the last N generations' games only "
                         "(default: every generation's)")
    ap.add_argument("--deeper-rounds", type=int, default=0, metavar="K",
                    help="then K rounds fitting positions of the games kept to their "
                         "values one roll deeper (backgammon; engine.ai.deeper)")
    ap.add_argument("--deeper-positions", type=int, default=100_000, metavar="N",
                    help="positions drawn for each deeper round")
    ap.add_argument("--deeper-rolls", type=int, choices=deeper.ROLLS, default=1,
                    metavar="R",
                    help="how many rolls deeper those values look: 1, or 2 (about "
                         "twenty times the work a position)")
    ap.add_argument("--out", required=True)
    ns = ap.parse_args(list(argv) if argv is not None else None)
    if ns.resume and ns.checkpoints is None:
        ap.error("--resume needs --checkpoints PREFIX")
    if ns.window is not None and ns.window < 1:
        ap.error("--window needs at least 1 generation")
    try:
        rules = rules_registry.get(ns.rules)
    except EngineError as e:  # an unknown ruleset or option: say so, plainly
        print(e.message("en"), file=sys.stderr)
        return 2
    if ns.deeper_rounds and not deeper.qualifies(rules):
        ap.error("--deeper-rounds needs positions the records give in full: backgammon")
    games, generations, hidden = DEFAULTS.get(rules.id, FALLBACK)
    t0 = time.perf_counter()
    net = train(rules.name, ns.games or games, ns.seed, explore=ns.explore,
                hidden=ns.hidden or hidden, rounds=ns.rounds, epochs=ns.epochs, lam=ns.lam,
                jobs=ns.jobs, progress=True, data=ns.data,
                generations=ns.generations or generations, checkpoints=ns.checkpoints,
                lockstep=ns.lockstep or LOCKSTEP.get(rules.id, 1),
                outputs=ns.outputs or OUTPUTS.get(rules.id, "points"), resume=ns.resume,
                window=ns.window, deeper_rounds=ns.deeper_rounds,
                deeper_positions=ns.deeper_positions, deeper_rolls=ns.deeper_rolls)
    net.save(ns.out)
    size = Path(ns.out).stat().st_size
    print(f"wrote {ns.out} ({size / 1024:.0f} KB) in {time.perf_counter() - t0:.0f} s: "
          f"{net.meta}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
