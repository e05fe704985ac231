"""What the learned evaluation sees of a backgammon position, beyond where the checkers stand.

The board encoding of ``engine.ai.net`` (for each point "at least one, two, three
checkers" and the count beyond, bar, off, pips: Tesauro's truncated unary encoding) is
what TD-Gammon learnt from, over hundreds of thousands of games.  The project's training
has minutes, not weeks, so, as GNU Backgammon's own networks do, this module spells out
what a small network would otherwise have to discover: how likely a blot is to be hit
and what that costs, how hard it is to come in from the bar or to get the back checkers
out from behind a prime, whether the game is still one of contact at all, and what
decides gammons and backgammons (checkers still outside the home board, or in the
winner's).  Everything is in the mover's point of view like the rest of the input, for
both sides (mover first):

- **Shots** (``hit_chance``, ``hit_pips``): the rolls of 36 on which the other side can
  hit at least one of the side's blots, and the pips the side loses on average (the hit
  checker's own point number, the farthest one when a roll hits two).  Combination
  shots need their intermediate landing points open (the side's own bands block them),
  and a side with checkers on the bar hits only from the bar, as the rules allow.
- **Entering**: the other side's bands in the side's entry zone (its own points 1–6), and
  the chance that one checker stays on the bar for a roll (zero when none is there).
- **Escape and primes**: the rolls of 36 with which the rearmost checker can get past
  every enemy band within twelve pips in front of it, the longest run of enemy bands in
  front of it, and the side's own longest run of bands anywhere.
- **Contact**: the pips the side's checkers still have to go to pass the enemy's
  rearmost checker (zero once the game is a race for it), whether it holds an anchor in
  the enemy's home board (own points 1–6) and how far forward.
- **Gammons and backgammons**: checkers outside the own home board and the pips to bring
  them in (a side that has borne nothing off loses double, P 2 in ``docs/rules.md``'s
  backgammon section), checkers still on the bar or in the enemy's home board (triple).
- **Home board**: bands on the own home points 19–24 (how hard the other side comes in).

``COMMON``: whether the sides are still in contact, and the mover's lead in the race.

Computed on whole batches with numpy; the shot and escape counts walk every roll's
landing points for every starting point at once, as bit masks of the 24 points shifted
by each step (a few operations on a (rows, 42 ways) array), in slices of ``SLICE`` rows.
"""

from __future__ import annotations

import numpy as np

from engine.position import BAR

SIDE_NAMES = (
    "hit_chance", "hit_pips", "entry_closed", "bar_stays", "escapes", "prime_ahead",
    "own_prime", "break_contact", "back_anchor", "anchor_forward", "outside_home",
    "pips_to_home", "in_enemy_home", "home_points",
)
COMMON_NAMES = ("contact", "pip_lead")
SIDE = len(SIDE_NAMES)
FEATURES = 2 * SIDE + len(COMMON_NAMES)
#: Rows encoded per numpy pass (bounds the temporary arrays).
SLICE = 2048

_PIPS = np.array([25, *range(24, 0, -1), 0], dtype=np.float32)
#: Index ``q`` holds the other side's number of a side's own point ``q`` (bar and off
#: map to themselves: they are on no point).
_CROSS = np.array([0, *range(24, 0, -1), 25], dtype=np.intp)


def feature_names() -> list[str]:
    """Column names in order, for tests and for reading a network's weights."""
    return [f"me_{n}" for n in SIDE_NAMES] + [f"op_{n}" for n in SIDE_NAMES] + list(
        COMMON_NAMES)


def _steps() -> np.ndarray:
    """(21, 2, 4): the pips of each step of the two ways one checker can use each of the
    21 rolls: a-b as a then b, or b then a; a double a-a as a four times (both ways the
    same).  A missing step is 0 (the checker stays where it is)."""
    out = np.zeros((21, 2, 4), dtype=np.int64)
    r = 0
    for a in range(1, 7):
        for b in range(a, 7):
            out[r] = [(a, a, a, a)] * 2 if a == b else [(a, b, 0, 0), (b, a, 0, 0)]
            r += 1
    return out


_STEPS = _steps().reshape(42, 4).astype(np.int32)
#: Weight of each of the 21 rolls out of 36.
_ROLL_WEIGHT = np.array([1.0 if a == b else 2.0 for a in range(1, 7) for b in range(a, 7)],
                        dtype=np.float32) / 36
_BITS = np.left_shift(np.int32(1), np.arange(26, dtype=np.int32))
_BOARD = int(_BITS[1:25].sum())  # bits of points 1..24


def _mask(flags: np.ndarray) -> np.ndarray:
    """One int32 per row: bit q set where ``flags[:, q]`` (q < 26)."""
    return flags.astype(np.int32) @ _BITS[:flags.shape[1]]


def _reach(start: np.ndarray, blocked: np.ndarray, goal: np.ndarray) -> np.ndarray:
    """(n, 21): for each row and roll, the goal points a checker from a start can land on
    with every earlier landing open (bit q: the point q), 0 if none.  Masks per row in
    the moving side's numbering: ``start`` its starting points (0 the bar), ``blocked``
    the points it may not land on, ``goal`` those that count.  One checker moves the
    whole roll, step by step: the reachable points are shifted by each step's pips."""
    n = start.shape[0]
    open_ = (~blocked & _BOARD).astype(np.int32)[:, None]
    goal = goal.astype(np.int32)[:, None]
    reach = np.repeat(start.astype(np.int32)[:, None], 42, axis=1)
    hits = np.zeros((n, 42), dtype=np.int32)
    landed = np.empty_like(hits)
    for k in range(4):
        np.left_shift(reach, _STEPS[:, k], out=reach)
        reach &= open_
        np.bitwise_and(reach, goal, out=landed)
        hits |= landed
    pair = hits.reshape(n, 21, 2)
    return pair[:, :, 0] | pair[:, :, 1]


def _lowest_bit(x: np.ndarray) -> np.ndarray:
    """The index of each number's lowest set bit (-1 for 0)."""
    low = x & -x
    return np.where(low > 0, np.log2(np.maximum(low, 1)).astype(np.int64), -1)


def _longest_run(mask: np.ndarray, cap: int = 6) -> np.ndarray:
    """The longest run of consecutive set bits in each mask, counted up to ``cap`` (six
    bands in a row already block everything)."""
    length = np.zeros(mask.shape, dtype=np.float32)
    for _ in range(cap):
        length += mask != 0
        mask = mask & (mask >> 1)
    return length


def _side(c: np.ndarray, o: np.ndarray) -> np.ndarray:
    """``SIDE`` numbers for the side with counts ``c`` against ``o``, both (n, 26) in
    their own numbering."""
    n = c.shape[0]
    out = np.zeros((n, SIDE), dtype=np.float32)
    col = {name: i for i, name in enumerate(SIDE_NAMES)}
    o_here = o[:, _CROSS]  # the enemy's counts on the side's own points (bar/off kept)
    c_there = c[:, _CROSS]  # the side's counts in the enemy's numbering
    c_there[:, 0] = 0  # (the side's own bar and off are no points of the enemy's path)
    c_there[:, 25] = 0

    # Shots: the enemy moves in its own numbering; the side's bands block its landings.
    hitter = o[:, 0:25] > 0
    hitter[o[:, BAR] > 0, 1:] = False  # a checker on the bar must come in first
    hit = _reach(_mask(hitter), _mask(c_there >= 2), _mask(c_there[:, 0:25] == 1) & _BOARD)
    # The hit blot's own point is the pips it loses; the farthest one is the enemy's
    # nearest (its lowest bit), 25 − that.
    lowest = _lowest_bit(hit)
    lost = np.where(lowest > 0, 25 - lowest, 0).astype(np.float32)
    out[:, col["hit_chance"]] = (hit != 0) @ _ROLL_WEIGHT
    out[:, col["hit_pips"]] = lost @ _ROLL_WEIGHT / 24

    # Entering on own 1..6 against the enemy's bands there.
    closed = (o_here[:, 1:7] >= 2).sum(axis=1)
    out[:, col["entry_closed"]] = closed / 6
    out[:, col["bar_stays"]] = (c[:, BAR] > 0) * (closed / 6) ** 2

    # The rearmost checker: its escape past the enemy's bands within 12 pips ahead.
    occupied = c[:, 0:25] > 0
    rear = np.where(occupied.any(axis=1), occupied.argmax(axis=1), 25)
    enemy_band = o_here >= 2  # (n, 26) in the side's numbering
    enemy_band[:, 0] = False
    enemy_band[:, 25] = False
    idx = np.arange(26)
    ahead = (idx[None, :] > rear[:, None]) & (idx[None, :] <= rear[:, None] + 12)
    last_block = np.where(enemy_band & ahead, idx[None, :], -1).max(axis=1)
    start = np.where(rear < 25, np.left_shift(1, np.minimum(rear, 24)), 0)
    beyond = _mask(idx[None, :] > last_block[:, None])
    escaped = _reach(start, _mask(enemy_band), beyond) != 0
    out[:, col["escapes"]] = np.where(last_block >= 0, escaped @ _ROLL_WEIGHT, 1.0)
    out[:, col["prime_ahead"]] = _longest_run(
        _mask(enemy_band & (idx[None, :] > rear[:, None]))) / 6
    out[:, col["own_prime"]] = _longest_run(_mask(c[:, 1:25] >= 2)) / 6

    # Contact: pips to pass the enemy's rearmost checker (its bar = the side's 25).
    o_occ = o[:, 0:25] > 0
    o_rear = np.where(o_occ.any(axis=1), o_occ.argmax(axis=1), 25)
    front = 25 - o_rear  # the enemy's rearmost checker on the side's own numbering
    behind = idx[None, 0:25] < front[:, None]
    out[:, col["break_contact"]] = (c[:, 0:25] * behind
                                    * (front[:, None] - idx[None, 0:25])).sum(axis=1) / 100
    anchors = c[:, 1:7] >= 2
    out[:, col["back_anchor"]] = anchors.any(axis=1)
    out[:, col["anchor_forward"]] = np.where(anchors, np.arange(1, 7), 0).max(axis=1) / 6

    # Gammons (nothing off) and backgammons (on the bar or in the enemy's home board).
    out[:, col["outside_home"]] = c[:, 0:19].sum(axis=1) / 15
    out[:, col["pips_to_home"]] = (c[:, 0:19] * (19 - idx[None, 0:19])).sum(axis=1) / 100
    out[:, col["in_enemy_home"]] = c[:, 0:7].sum(axis=1) / 15
    out[:, col["home_points"]] = (c[:, 19:25] >= 2).sum(axis=1) / 6
    return out


def in_contact(me: np.ndarray, op: np.ndarray) -> np.ndarray:
    """Per row, whether some checker still has to pass an enemy one (``me``/``op``: the
    (n, 26) counts of ``encode``, each side in its own numbering)."""
    me_occ = me[:, 0:25] > 0
    op_occ = op[:, 0:25] > 0
    me_rear = np.where(me_occ.any(axis=1), me_occ.argmax(axis=1), 25)
    op_rear = np.where(op_occ.any(axis=1), op_occ.argmax(axis=1), 25)
    out: np.ndarray = me_rear + op_rear < 25
    return out


def _encode_slice(me: np.ndarray, op: np.ndarray) -> np.ndarray:
    n = me.shape[0]
    both = _side(np.concatenate([me, op]), np.concatenate([op, me]))
    out = np.empty((n, FEATURES), dtype=np.float32)
    out[:, 0:SIDE] = both[:n]
    out[:, SIDE:2 * SIDE] = both[n:]
    out[:, 2 * SIDE] = in_contact(me, op)
    out[:, 2 * SIDE + 1] = (op @ _PIPS - me @ _PIPS) / 50
    return out


def encode(me: np.ndarray, op: np.ndarray) -> np.ndarray:
    """The (n, ``FEATURES``) backgammon numbers of a batch; ``me``/``op`` (n, 26) counts
    in each side's own numbering (bar 0, points 1–24, off 25), the mover first."""
    me = np.asarray(me, dtype=np.int16)
    op = np.asarray(op, dtype=np.int16)
    if me.shape[0] <= SLICE:
        return _encode_slice(me, op)
    return np.concatenate([_encode_slice(me[k:k + SLICE], op[k:k + SLICE])
                           for k in range(0, me.shape[0], SLICE)])
