"""Seeded position generators for tests and benchmarks: random legal trajectories and
synthetic backgammon bear-off positions, plus gnubg's board layout.

Pure engine code (no test framework, no gnubg import) so that tests and the scripts under
``benchmarks/`` draw their positions from one place and a seed always means the same corpus.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import puff
from engine.dice import Dice
from engine.generators import legal_turns
from engine.position import BAR, CHECKERS, OFF, Geometry, Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: A game that has not ended after this many turns is abandoned (bräde can stall on
#: forfeits); the trajectory simply starts a new game.
MAX_TURNS_PER_GAME = 600


def roll_for(position: Position, rng: random.Random) -> Dice:
    """A roll for the side to move; one die while the position owes one-die rolls (B-36)."""
    if position.onedie:
        return (rng.randint(1, 6),)
    return (rng.randint(1, 6), rng.randint(1, 6))


def trajectory(rules: RuleSet, rng: random.Random) -> Iterator[tuple[Position, Dice, list[Turn]]]:
    """An endless stream of random self-play: each position to move, its roll, its legal turns.

    Every turn is picked uniformly from ``legal_turns``; when a turn ends the game
    (or the game runs past ``MAX_TURNS_PER_GAME``) a new game starts with a random side
    on roll.
    """
    while True:
        pos = rules.start().with_turn(rng.choice((Side.WHITE, Side.BLACK)))
        for _ in range(MAX_TURNS_PER_GAME):
            dice = roll_for(pos, rng)
            turns = legal_turns(rules, pos, dice)
            yield pos, dice, turns
            turn = rng.choice(turns)
            if turn.outcome is not None:
                break
            pos = turn.position


#: A board counts as scattered for ``later_pasch_corpus`` with checkers on this many points.
SCATTERED = 8


def later_pasch_corpus(rules: RuleSet, n: int, seed: int) -> list[tuple[Position, Dice, str]]:
    """``n`` puff positions where the mover plays a later pasch of eight steps from
    scattered checkers, each with the pasch (1-1 or 2-2: small steps, the most ways to
    play them) and the text of one legal play of it: the hardest typed plays to check.

    Positions come from seeded random self-play (``puff.random_turn``, so no roll is
    listed in full); one is taken when the mover has had a pasch before, has nobody on the
    bar or off and checkers on at least ``SCATTERED`` points, and a random play of the
    pasch uses all eight steps.
    """
    rng = random.Random(seed)
    out: list[tuple[Position, Dice, str]] = []
    while len(out) < n:
        pos = rules.start().with_turn(rng.choice((Side.WHITE, Side.BLACK)))
        for _ in range(MAX_TURNS_PER_GAME):
            me = pos.mover
            if (pos.turn in pos.pasch and not me[BAR] and not me[OFF]
                    and sum(1 for p in range(1, 25) if me[p]) >= SCATTERED):
                for d in (1, 2):
                    play = puff.random_turn(rules, pos, (d, d), rng)
                    if len(play.steps) == 8 and len(out) < n:
                        out.append((pos, (d, d), play.text))
            turn = puff.random_turn(rules, pos, roll_for(pos, rng), rng)
            if turn.outcome is not None:
                break
            pos = turn.position
    return out


def selfplay_corpus(rules: RuleSet, n: int, seed: int) -> list[tuple[Position, Dice]]:
    """``n`` (position, roll) pairs from seeded random self-play, in the order played."""
    rng = random.Random(seed)
    out: list[tuple[Position, Dice]] = []
    for pos, dice, _ in trajectory(rules, rng):
        out.append((pos, dice))
        if len(out) >= n:
            break
    return out


# -- synthetic backgammon bear-off positions -------------------------------------------

_HOME = range(19, 25)  # a side's own home board in its own numbering


def _spread(rng: random.Random, n: int, points: list[int], counts: list[int]) -> None:
    """Drop ``n`` checkers on ``points`` with uneven random weights (stacks and gaps)."""
    if not points:
        counts[OFF] += n
        return
    weights = [rng.random() ** 2 + 0.02 for _ in points]
    for p in rng.choices(points, weights, k=n):
        counts[p] += 1


def bearoff_position(rng: random.Random) -> Position:
    """A random, legal backgammon position where the side on roll is bearing off or close.

    Mixes the cases a bear-off generator gets wrong: checkers already off, stacks and gaps
    (higher die from the rearmost point), a checker or two still outside home or on the
    bar (must come home before bearing off), opponent checkers left in the home board
    (blots to hit, points blocked during the bear-off), an opponent on the bar.
    """
    g = Geometry.BACKGAMMON
    me = [0] * 26
    op = [0] * 26
    off = rng.choice((0, 0, 1, 2, 3, 5, 8, 10, 12, 13, 14))
    me[OFF] = off
    left = CHECKERS - off
    kind = rng.random()
    stragglers = 0
    if kind < 0.25 and left > 1:  # some on the bar (hit during the bear-off)
        stragglers = rng.randint(1, min(3, left - 1))
        me[BAR] = stragglers
    elif kind < 0.5 and left > 1:  # some still outside home
        stragglers = rng.randint(1, min(3, left - 1))
        for _ in range(stragglers):
            me[rng.choice((7, 10, 12, 13, 14, 15, 16, 17, 18, 18, 17, 16))] += 1
    _spread(rng, left - stragglers, list(_HOME), me)

    # Opponent: own numbering; its point q stands on the mover's point 25 - q.
    op_off = rng.choice((0, 0, 0, 2, 5, 9))
    op[OFF] = op_off
    op_left = CHECKERS - op_off
    free = [q for q in range(1, 25) if not me[g.cross(q)]]
    contact = rng.random() < 0.6
    if contact and op_left:
        # Checkers back in the mover's home (the opponent's 1..6), as blots or anchors.
        back = [q for q in free if q <= 6]
        n_back = min(op_left, rng.choice((1, 1, 2, 2, 3, 4)))
        if back:
            for _ in range(n_back):
                op[rng.choice(back)] += 1
            op_left -= n_back
        if op_left and rng.random() < 0.25:
            n_bar = min(op_left, rng.randint(1, 2))
            op[BAR] += n_bar
            op_left -= n_bar
    home = [q for q in free if q >= 13 and q not in (1, 2, 3, 4, 5, 6)]
    _spread(rng, op_left, [q for q in home if q >= 19] or home, op)
    mover = rng.choice((Side.WHITE, Side.BLACK))
    mt, ot = tuple(me), tuple(op)
    white, black = (mt, ot) if mover is Side.WHITE else (ot, mt)
    return Position(white, black, mover, g)


def scattered_position(rng: random.Random) -> Position:
    """Any legal backgammon position at all: both sides scattered over bar, points and off
    with uneven weights, no two colours on a point.  Reaches shapes no sensible game does
    (many on the bar, checkers far back while others are off), which is the point."""
    g = Geometry.BACKGAMMON
    me = [0] * 26
    op = [0] * 26
    spots = list(range(26))
    _spread(rng, CHECKERS, spots, me)
    free = [q for q in range(26) if q in (BAR, OFF) or not me[g.cross(q)]]
    _spread(rng, CHECKERS, free, op)
    mover = rng.choice((Side.WHITE, Side.BLACK))
    mt, ot = tuple(me), tuple(op)
    white, black = (mt, ot) if mover is Side.WHITE else (ot, mt)
    return Position(white, black, mover, g)


def bearoff_corpus(n: int, seed: int) -> list[tuple[Position, Dice]]:
    """``n`` seeded synthetic bear-off positions, each with a random roll."""
    rng = random.Random(seed)
    out: list[tuple[Position, Dice]] = []
    for _ in range(n):
        pos = bearoff_position(rng)
        out.append((pos, (rng.randint(1, 6), rng.randint(1, 6))))
    return out


# -- gnubg's board layout ----------------------------------------------------------------


def gnubg_side(counts: tuple[int, ...]) -> tuple[int, ...]:
    """One side in gnubg's layout: index i is that side's point i+1 counted from its home
    (own path point 24 − i), index 24 the bar; borne-off checkers are implicit."""
    return (*counts[24:0:-1], counts[BAR])


def gnubg_board(position: Position, mover: Side | None = None) -> tuple[tuple[int, ...], ...]:
    """``position`` as gnubg's ``[opponent, side on roll]`` board, ``mover`` on roll
    (default: the position's own ``turn``). Backgammon geometry only."""
    if position.geometry is not Geometry.BACKGAMMON:
        raise ValueError("gnubg boards exist only for the backgammon geometry")
    s = position.turn if mover is None else mover
    return (gnubg_side(position.side(s.other)), gnubg_side(position.side(s)))
