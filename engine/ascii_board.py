"""A plain-text board for the terminal game (``python -m engine play``)."""

from __future__ import annotations

from engine.position import BAR, OFF, Position, Side

_MARK = {Side.WHITE: "O", Side.BLACK: "X"}


def _cell(pos: Position, board: int) -> str:
    side, n = pos.at_board(board)
    if side is None:
        return " . "
    return f"{n:>2}{_MARK[side]}"


def draw(pos: Position, perspective: Side = Side.WHITE) -> str:
    """Board points 13..24 on top, 12..1 below, as seen by ``perspective``.

    Numbers are the viewer's own points, so each player reads the board in their path.
    """
    g = pos.geometry
    top = [g.board_point(perspective, p) for p in range(13, 25)]
    bottom = [g.board_point(perspective, p) for p in range(12, 0, -1)]

    def own(b: int) -> int:
        return g.own_point(perspective, b)

    def row(points: list[int]) -> str:
        cells = [_cell(pos, b) for b in points]
        return " ".join(cells[:6]) + " | " + " ".join(cells[6:])

    def nums(points: list[int]) -> str:
        cells = [f"{own(b):>3}" for b in points]
        return " ".join(cells[:6]) + " | " + " ".join(cells[6:])

    w, b = pos.side(Side.WHITE), pos.side(Side.BLACK)
    lines = [
        nums(top), row(top), "-" * 51, row(bottom), nums(bottom),
        f"bar: O {w[BAR]}  X {b[BAR]}    off: O {w[OFF]}  X {b[OFF]}    "
        f"pips: O {pos.pips(Side.WHITE)}  X {pos.pips(Side.BLACK)}    "
        f"to move: {_MARK[pos.turn]} ({pos.turn.value})",
    ]
    return "\n".join(lines)
