"""Batched look-ahead: a play's value over the next roll (two-ply) or the next two (three).

``engine.ai.analysis`` judges a play by the average, over the 21 rolls of the next mover,
of that mover's best reply by the one-ply value (two-ply, "one roll ahead", as
``mästare`` searches).  It asks the evaluation once per roll.  Here the same values are
computed for many plays at once: every reply of every roll of every play goes to the
evaluation in one batch, which for the learned network (``engine.ai.net``) costs a
fraction of 21 small calls per play.  The problem generator (``engine.ai.problems``)
values every play of thousands of positions this way, and checks its answers one roll
deeper (``expect(..., depth=2)``) so that a problem's answer is not an artefact of one
evaluation.

The values are the analysis' own: the same rolls, the same replies (a later puff pasch
walked greedily, ``engine.ai.pasch``), the same choice of the best reply, the same
model (``analysis.evaluator``); only the batching differs, which can move a value in the
sixth decimal (float32 sums in another order).

Whoever is to move in a position chooses: the value is always for ``me``, so the choice
is the maximum when ``me`` is to move (a puff pasch rolls again, P-4) and the minimum
otherwise.  A play that ends the game is worth its points.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.evaluation import Model, turn_values
from engine.ai.rolls import ROLLS21, replies
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: At depth two, replies per roll (best by one-ply for their mover) searched a roll deeper.
DEEP_REPLIES = 2


def _points(turn: Turn, me: Side) -> float:
    o = turn.outcome
    assert o is not None
    return float(o.points if o.winner is me else -o.points)


def expect(rules: RuleSet, positions: Sequence[Position], me: Side, model: Model,
           depth: int = 1, deep_replies: int = DEEP_REPLIES) -> list[float]:
    """Expected points for ``me`` of each position (its ``turn`` to roll), looking
    ``depth`` rolls ahead: depth 1 is the value of a play two-ply (the analysis'), depth 2
    lets each roll's ``deep_replies`` best replies (one-ply) be judged at depth 1 and
    the mover take the best of those."""
    if not positions:
        return []
    flat: list[Turn] = []
    spans: list[list[tuple[int, int]]] = []  # per position, per roll: (start, end) in flat
    for pos in positions:
        rows = []
        for dice, _ in ROLLS21:
            rs = replies(rules, pos, dice, model)
            rows.append((len(flat), len(flat) + len(rs)))
            flat.extend(rs)
        spans.append(rows)
    values = turn_values(rules, flat, me, model)
    if depth <= 1:
        out = []
        for pos, rows in zip(positions, spans, strict=True):
            pick = max if pos.turn is me else min
            total = 0.0
            for (_, w), (a, b) in zip(ROLLS21, rows, strict=True):
                total += w * pick(values[a:b])
            out.append(total / 36)
        return out
    # Depth 2: the chosen replies of every roll of every position, one batch deeper.
    chosen: list[list[list[int]]] = []
    deeper: list[Position] = []
    deeper_at: dict[int, int] = {}
    for pos, rows in zip(positions, spans, strict=True):
        mine = pos.turn is me
        per_roll = []
        for a, b in rows:
            order = sorted(range(a, b), key=lambda i: -values[i] if mine else values[i])
            top = order[:deep_replies]
            for i in top:
                if flat[i].outcome is None and i not in deeper_at:
                    deeper_at[i] = len(deeper)
                    deeper.append(flat[i].position)
            per_roll.append(top)
        chosen.append(per_roll)
    deep = expect(rules, deeper, me, model, depth - 1, deep_replies)
    out = []
    for pos, per_roll in zip(positions, chosen, strict=True):
        pick = max if pos.turn is me else min
        total = 0.0
        for (_, w), top in zip(ROLLS21, per_roll, strict=True):
            vals = [_points(flat[i], me) if flat[i].outcome is not None
                    else deep[deeper_at[i]] for i in top]
            total += w * pick(vals)
        out.append(total / 36)
    return out


def play_values(rules: RuleSet, plays: Sequence[Turn], me: Side, model: Model,
                depth: int = 1, deep_replies: int = DEEP_REPLIES) -> list[float]:
    """Each play's value for ``me`` (its mover) ``depth`` rolls ahead (``expect``); a play
    that ends the game is worth its points."""
    open_ = [t.position for t in plays if t.outcome is None]
    it = iter(expect(rules, open_, me, model, depth, deep_replies))
    return [_points(t, me) if t.outcome is not None else next(it) for t in plays]


__all__ = ["DEEP_REPLIES", "expect", "play_values"]
