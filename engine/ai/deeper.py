"""Training targets one roll deeper than the network sees (backgammon's network).

Self-play TD(λ) (``engine.ai.train``) fits each position to what followed it in one
game: one roll of the dice, one line of play.  That target is noisy, and after 60,000
games the backgammon network had stopped gaining from more of it (``docs/ai.md``).  A
position's value one roll deeper has no such noise: it is the average, over the 21
rolls of the side to move, of the outcome probabilities after that side's best play
for the roll, as the network judges the positions the plays lead to.  Fitting the
network to those values teaches its one look what a look one roll further sees
(value iteration with the dice averaged exactly), the way GNU Backgammon's networks
were refined on the values of deeper searches.

Only positions that the stored records describe in full qualify: a backgammon
position is its checkers and the side to move.  Bräde and puff positions carry history
the records do not keep (puff's paschs, a double-six column, the one-die rolls owed),
so their networks keep the self-play targets alone.
"""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import replace
from typing import Any

import numpy as np

from engine import rules as rules_registry
from engine.ai.net import OUTCOMES, Net, equity, flip, outcome_targets
from engine.ai.rolls import ROLLS21
from engine.generators import legal_turns
from engine.position import Geometry, Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: Positions whose plays are valued in one batch: bounds the temporary arrays (a
#: position has about 21 × 20 plays).
BATCH = 32
#: Positions per task handed to a worker process.
TASK = 512
#: How many rolls deeper a target may look (``deeper_outcomes``).
ROLLS = (1, 2)


def qualifies(rules: RuleSet) -> bool:
    """Whether a record's arrays give the whole position (backgammon's geometry)."""
    return rules.start().geometry is Geometry.BACKGAMMON


def positions_of(rules: RuleSet, me: np.ndarray, op: np.ndarray,
                 sign: np.ndarray) -> list[Position]:
    """The positions behind a record's rows: ``me`` the side to move's checkers, ``op``
    the other side's, ``sign`` +1 where white is to move."""
    start = rules.start()
    out = []
    for m, o, s in zip(me, op, sign, strict=True):
        mine, theirs = tuple(int(v) for v in m), tuple(int(v) for v in o)
        white = s > 0
        out.append(replace(start, white=mine if white else theirs,
                           black=theirs if white else mine,
                           turn=Side.WHITE if white else Side.BLACK))
    return out


def _outcome_row(turn: Turn, mover: Side) -> np.ndarray:
    """The ``OUTCOMES`` row of a play that ends the game, for its player."""
    assert turn.outcome is not None
    won = turn.outcome.winner is mover
    row: np.ndarray = outcome_targets(np.array([turn.outcome.points if won
                                                else -turn.outcome.points]))[0]
    return row


def _best_plays(rules: RuleSet, net: Net, positions: list[Position]
                ) -> tuple[list[list[Turn]], np.ndarray]:
    """For each position and each of the 21 rolls, the play the network values best
    (expected points, one ply), and that play's ``OUTCOMES`` for its player: the
    network's probabilities after it, or the result of a play that ends the game."""
    plays: list[tuple[Side, Turn]] = []
    spans: list[list[tuple[int, int]]] = []
    for pos in positions:
        rows = []
        for dice, _ in ROLLS21:
            ts = legal_turns(rules, pos, dice)
            rows.append((len(plays), len(plays) + len(ts)))
            plays.extend((pos.turn, t) for t in ts)
        spans.append(rows)
    probs = np.empty((len(plays), len(OUTCOMES)), dtype=np.float32)
    open_ = [k for k, (_, t) in enumerate(plays) if t.outcome is None]
    if open_:
        after = [plays[k][1].position for k in open_]
        raw = net.probabilities(rules, after)
        # the network answers for the side to move after the play: turn it to the
        # player's own view where that is the other side
        other = np.array([a.turn is not plays[k][0] for a, k in zip(after, open_,
                                                                     strict=True)])
        raw[other] = flip(raw[other])
        probs[open_] = raw
    for k, (mover, t) in enumerate(plays):
        if t.outcome is not None:
            probs[k] = _outcome_row(t, mover)
    value = equity(probs)
    best: list[list[Turn]] = []
    chosen = np.empty((len(positions), len(ROLLS21), len(OUTCOMES)), dtype=np.float32)
    for i, rows in enumerate(spans):
        mine = []
        for r, (a, b) in enumerate(rows):
            k = a + int(np.argmax(value[a:b]))
            mine.append(plays[k][1])
            chosen[i, r] = probs[k]
        best.append(mine)
    return best, chosen


def _average(rows: np.ndarray) -> np.ndarray:
    """(n, 21, 5) rows per roll to (n, 5), each roll weighted by its chance (in 36ths,
    summed first: a sure result stays exactly sure)."""
    out = np.zeros((rows.shape[0], len(OUTCOMES)), dtype=np.float32)
    for r, (_, weight) in enumerate(ROLLS21):
        out += weight * rows[:, r]
    out /= 36
    return out


def _batch(rules: RuleSet, net: Net, positions: list[Position], rolls: int) -> np.ndarray:
    best, chosen = _best_plays(rules, net, positions)
    if rolls == 2:
        # Each roll's best play (one ply, as gnubg's deeper evaluations choose) is
        # valued one roll deeper itself: over the other side's 21 rolls and replies.
        open_ = [(i, r) for i, per in enumerate(best) for r, t in enumerate(per)
                 if t.outcome is None]
        after = [best[i][r] for i, r in open_]
        if open_:
            deeper = _batch(rules, net, [t.position for t in after], 1)
            # ``deeper`` is for the side to move after the play: the player's own
            # view where that is the other side (a backgammon turn always passes)
            mover_now = [positions[i].turn for i, _ in open_]
            other = np.array([t.position.turn is not m
                              for t, m in zip(after, mover_now, strict=True)])
            deeper[other] = flip(deeper[other])
            for (i, r), row in zip(open_, deeper, strict=True):
                chosen[i, r] = row
    return _average(chosen)


def deeper_outcomes(rules: RuleSet, net: Net, positions: list[Position],
                    rolls: int = 1) -> np.ndarray:
    """The (n, 5) ``OUTCOMES`` of each position, for its side to move, ``rolls`` (1 or
    2) rolls deeper.  One roll: over the 21 rolls (weighted by their chances), the
    probabilities after the play the network values best (expected points,
    ``net.equity``).  Two: the same plays, each valued one roll deeper in its turn
    (over the other side's rolls and best replies).  A play that ends the game counts
    its result."""
    if net.outputs != "probabilities":
        raise ValueError("deeper targets are for a probabilities network")
    if rolls not in ROLLS:
        raise ValueError(f"deeper targets look 1 or 2 rolls ahead, not {rolls}")
    batch = BATCH if rolls == 1 else 1
    parts = [_batch(rules, net, positions[k:k + batch], rolls)
             for k in range(0, len(positions), batch)]
    return (np.concatenate(parts) if parts
            else np.zeros((0, len(OUTCOMES)), dtype=np.float32))


_NET: Net | None = None


def _set_net(arrays: tuple[Any, ...]) -> None:
    global _NET
    _NET = Net(*arrays)


def _task(args: tuple[str, np.ndarray, np.ndarray, np.ndarray, int]) -> np.ndarray:
    rules_name, me, op, sign, rolls = args
    assert _NET is not None
    rules = rules_registry.get(rules_name)
    return deeper_outcomes(rules, _NET, positions_of(rules, me, op, sign), rolls)


def deeper_targets(rules: RuleSet, net: Net, me: np.ndarray, op: np.ndarray,
                   sign: np.ndarray, jobs: int = 1, task: int | None = None,
                   rolls: int = 1) -> np.ndarray:
    """``deeper_outcomes`` of a record's rows, ``rolls`` deep, in ``jobs`` processes
    (``task`` rows at a time, by default ``TASK`` a roll deep and a twentieth of it two
    rolls deep, which cost about twenty times as much); the same numbers whatever
    ``jobs`` is (no chance is involved, and the rows keep their order)."""
    if task is None:
        task = TASK if rolls == 1 else TASK // 20
    arrays = (net.w1, net.b1, net.w2, net.b2, net.meta)
    tasks = [(rules.name, me[k:k + task], op[k:k + task], sign[k:k + task], rolls)
             for k in range(0, len(me), task)]
    if jobs <= 1 or len(tasks) <= 1:
        _set_net(arrays)
        parts = [_task(t) for t in tasks]
    else:
        with mp.get_context("spawn").Pool(jobs, initializer=_set_net,
                                          initargs=(arrays,)) as pool:
            parts = list(pool.imap(_task, tasks))
    return (np.concatenate(parts) if parts
            else np.zeros((0, len(OUTCOMES)), dtype=np.float32))


__all__ = ["BATCH", "ROLLS", "deeper_outcomes", "deeper_targets", "positions_of", "qualifies"]
