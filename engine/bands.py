"""Runs of bands, measured along the path of the player they block (G-5).

Every rule that asks "how many bands in a row?" asks it here: the blockade that may be
burst (B-10), the blockade an entering checker may burst because it reaches from the
mover's first into the second quarter (B-11), classic's limit of five bands in a row, and
the board picture's blockade outline (``render.analysis``).  One definition, so the
rules and the picture can never disagree.

Why along the *blocked* player's path: that is the way the blocked checkers travel
(seed 004: "sex eller sju band i rad i motspelarens färdväg").  In bräde that path runs
from its 12 to its 13, which are the band owner's 24 and 1, so the owner's 19–24 and its
home band on 1 can make one run of seven, while the owner's 12 and 13 (the blocked
player's 24 and 1, the two ends of its path) never join.

This module sits at the bottom of the engine: it imports nothing from it, so the move
generator, the game and the renderer can all use it.
"""

from __future__ import annotations

from collections.abc import Sequence

#: B-10: six (or seven) bands in a row make a blockade.
BLOCKADE = 6


def run_span(owner: Sequence[int], to_owner: Sequence[int], p: int,
             no_band: int = 0) -> tuple[int, int]:
    """The owner's run of bands standing on the blocked player's point ``p`` (G-5).

    ``owner`` holds the owner's counts in the owner's own numbering; ``to_owner[q]`` is
    the owner's number of the blocked player's point ``q`` (1..24); ``no_band`` is an
    owner point whose checkers are not a band whatever their count (a double-six column
    on 7, seed 003: "betraktas dock dessa pjäser inte som ett band"), or 0.

    Returns ``(lo, hi)``, the first and last point of the run in the *blocked* player's
    numbering; its length is ``hi - lo + 1``, and 0 (``lo == p + 1``) when ``p`` holds no
    band.  The walk stops at 1 and 24: the ends of the blocked player's path.
    """
    o = to_owner[p]
    if owner[o] < 2 or o == no_band:
        return p + 1, p
    lo = p
    while lo > 1:
        o = to_owner[lo - 1]
        if owner[o] < 2 or o == no_band:
            break
        lo -= 1
    hi = p
    while hi < 24:
        o = to_owner[hi + 1]
        if owner[o] < 2 or o == no_band:
            break
        hi += 1
    return lo, hi


def run_length(owner: Sequence[int], to_owner: Sequence[int], p: int,
               no_band: int = 0) -> int:
    """How many bands in a row stand on the blocked player's point ``p`` (``run_span``)."""
    lo, hi = run_span(owner, to_owner, p, no_band)
    return hi - lo + 1


def runs(owner: Sequence[int], to_owner: Sequence[int], minimum: int = BLOCKADE,
         no_band: int = 0) -> list[tuple[int, int]]:
    """Every run of at least ``minimum`` bands, as ``(lo, hi)`` in the blocked player's
    numbering, in path order (the arguments as for ``run_span``)."""
    out: list[tuple[int, int]] = []
    p = 1
    while p <= 24:
        lo, hi = run_span(owner, to_owner, p, no_band)
        if hi < lo:
            p += 1
            continue
        if hi - lo + 1 >= minimum:
            out.append((lo, hi))
        p = hi + 1
    return out


def entry_room(own: Sequence[int]) -> int:
    """B-33: first-quarter points not occupied by the player's own checkers, minus the
    checkers on the player's bar.  Below zero the player is jan: they can never enter
    them all (B-2: no entry onto own checkers).  Index 0 of ``own`` is the bar."""
    return 6 - ((own[1] > 0) + (own[2] > 0) + (own[3] > 0) + (own[4] > 0) + (own[5] > 0)
                + (own[6] > 0)) - own[0]


def is_jan(own: Sequence[int]) -> bool:
    """B-33: (checkers on own bar) + (own first-quarter points occupied) > 6."""
    return entry_room(own) < 0


#: B-37: the owner's 18 and 19, which are the opponent's 6 and 7.
IRON_POINTS = (18, 19)


def iron_bands(own: Sequence[int]) -> bool:
    """B-37, *järnbanden* (also *fars- och morsbanden*): bands on the owner's 18 and 19,
    the opponent's 6 and 7, so that 6-5, 6-6 and 5-5 can no longer take the opponent's
    checkers out from home.  No rule attaches to it; the picture names it, because players
    do.  Bräde numbering (the two paths meet at 12/13), indexed by the owner's points."""
    return all(own[p] >= 2 for p in IRON_POINTS)
