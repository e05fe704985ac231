"""A plain-text board for the terminal game (``python -m engine play``)."""

from __future__ import annotations

from engine.position import BAR, OFF, Position, Side

_MARK = {Side.WHITE: "O", Side.BLACK: "X"}


def _cell(pos: Position, board: int) -> str:
    side, n = pos.at_board(board)
    if side is None:
        return " . "
    return f"{n:>2}{_MARK[side]}"


_WORDS = {
    "en": ("bar", "off", "pips", "to move", {"white": "white", "black": "black"}),
    "sv": ("slagna", "ute", "ögon kvar", "drar", {"white": "vit", "black": "svart"}),
}


def draw(pos: Position, perspective: Side = Side.WHITE, lang: str = "en", *,
         both: bool = False) -> str:
    """Board points 13..24 on top, 12..1 below, as seen by ``perspective``.

    Numbers are the viewer's own points, so each player reads the board in their path;
    ``both`` adds the opponent's numbers outside them, so a play written in its mover's
    numbering (as the terminal game writes the opponent's) can be found too.
    The summary line is in ``lang`` ("en" or "sv").
    """
    bar_w, off_w, pips_w, move_w, sides = _WORDS["sv" if lang.startswith("sv") else "en"]
    g = pos.geometry
    top = [g.board_point(perspective, p) for p in range(13, 25)]
    bottom = [g.board_point(perspective, p) for p in range(12, 0, -1)]

    def row(points: list[int]) -> str:
        cells = [_cell(pos, b) for b in points]
        return " ".join(cells[:6]) + " | " + " ".join(cells[6:])

    def nums(points: list[int], side: Side = perspective) -> str:
        cells = [f"{g.own_point(side, b):>3}" for b in points]
        return " ".join(cells[:6]) + " | " + " ".join(cells[6:])

    w, b = pos.side(Side.WHITE), pos.side(Side.BLACK)
    outer = [nums(top, perspective.other)] if both else []
    under = [nums(bottom, perspective.other)] if both else []
    lines = [
        *outer, nums(top), row(top), "-" * 51, row(bottom), nums(bottom), *under,
        f"{bar_w}: O {w[BAR]}  X {b[BAR]}    {off_w}: O {w[OFF]}  X {b[OFF]}    "
        f"{pips_w}: O {pos.pips(Side.WHITE)}  X {pos.pips(Side.BLACK)}    "
        f"{move_w}: {_MARK[pos.turn]} ({sides[pos.turn.value]})",
    ]
    return "\n".join(lines)
