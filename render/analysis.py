"""What the board points out besides the checkers: blockades, jan danger, järnbanden,
the last turn.

Pure functions of engine values, so they are tested without drawing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bands import BLOCKADE, entry_room, iron_bands, runs
from engine.position import BAR, OFF, Position, Side
from engine.rules.ruleset import Family
from engine.turn import Turn


def band_runs(position: Position, side: Side, minimum: int = BLOCKADE) -> list[list[int]]:
    """Runs of at least ``minimum`` of ``side``'s bands, as board points in path order.

    The engine measures the runs (``engine.bands``, G-5: along the path of the player the
    bands block), so the outline drawn is the blockade the rules see.  A double-six column
    is not a band (seed 003).
    """
    g = position.geometry
    opp = side.other
    board = [0, *(g.board_point(opp, q) for q in range(1, 25))]
    to_owner = [0, *(g.own_point(side, board[q]) for q in range(1, 25))]
    no_band = 7 if position.column is side else 0
    return [[board[q] for q in range(lo, hi + 1)]
            for lo, hi in runs(position.side(side), to_owner, minimum, no_band)]


@dataclass(frozen=True)
class JanDanger:
    """B-33: jan when checkers on the bar exceed the entry points left in the first quarter.

    ``free`` is 6 minus the own first-quarter points the player occupies (B-2: never
    enter onto own checkers); ``bar`` the checkers waiting to enter.  ``margin`` is how
    many more hits the player can take before being jan.
    """

    side: Side
    free: int
    bar: int

    @property
    def margin(self) -> int:
        return self.free - self.bar


def jan_danger(position: Position, side: Side, family: str, close: int = 1) -> JanDanger | None:
    """The jan danger of ``side`` when at most ``close`` more hits would make it jan."""
    if family != Family.BRADE:
        return None
    own = position.side(side)
    if own[OFF]:
        return None  # bearing off: the first quarter is long empty
    free = entry_room(own) + own[BAR]  # the engine's B-33 count
    danger = JanDanger(side, free, own[BAR])
    return danger if danger.margin <= close else None


def holds_iron_bands(position: Position, side: Side, family: str) -> bool:
    """B-37: ``side`` holds *järnbanden* (a bräde name; puff's paths do not meet so)."""
    return family == Family.BRADE and iron_bands(position.side(side))


@dataclass(frozen=True)
class StepDrawing:
    """One step of the last turn in board terms: where to draw its arrow.

    ``frm``/``to`` are board points (1..24) or the strings "bar"/"off"; ``frm_n`` is the
    stack size the checker left (it was the top one), ``to_n`` the stack size it made.
    """

    frm: int | str
    to: int | str
    frm_n: int
    to_n: int
    hit: bool
    burst: bool


@dataclass(frozen=True)
class TurnDrawing:
    mover: Side
    steps: tuple[StepDrawing, ...]
    vacated: dict[int | str, tuple[int, int]]  # place -> (count after, count before)


def _before(counts: tuple[int, ...], turn: Turn) -> list[int] | None:
    c = list(counts)
    for s in reversed(turn.steps):
        c[s.to] -= 1
        if c[s.to] < 0:
            return None
        c[s.frm] += 1
    return c


def infer_mover(position: Position, turn: Turn) -> Side:
    """The side that played ``turn``: normally not the side to move now, but a puff pasch
    re-roll (P-4) lets the same side move again, so check which side the steps fit."""
    for side in (position.turn.other, position.turn):
        if _before(position.side(side), turn) is not None:
            return side
    return position.turn.other


def describe_turn(position: Position, turn: Turn, mover: Side | None = None) -> TurnDrawing:
    """Replay ``turn`` backwards from ``position`` (the position after it) and forwards
    again, giving each step its board places and stack sizes."""
    mover = mover or infer_mover(position, turn)
    after = position.side(mover)
    before = _before(after, turn) or list(after)
    g = position.geometry

    def place(p: int) -> int | str:
        if p == BAR:
            return "bar"
        if p == OFF:
            return "off"
        return g.board_point(mover, p)

    cur = list(before)
    steps = []
    for s in turn.steps:
        frm_n = cur[s.frm]
        cur[s.frm] -= 1
        cur[s.to] += 1
        steps.append(StepDrawing(place(s.frm), place(s.to), frm_n, cur[s.to], s.hit, s.burst))
    vacated = {place(p): (after[p], before[p]) for p in range(26) if before[p] > after[p]}
    return TurnDrawing(mover, tuple(steps), vacated)
