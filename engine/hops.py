"""Typed hops: what a player's move text says, read linearly (``docs/rules.md``,
"Move text").

``parse_hops`` turns lenient text (``1/7 7/12``, ``1/7/12``, ``1-7``, ``b/5``, ``20/ut``,
``13/10(2)``) into hops ``(from, to)``; the move contract (``engine.plays``) then walks
those hops through the rules.  The helpers below name the first obstacle a typed play
meets, for a clear message.  This module sits under ``engine.plays`` and
``engine.notation`` and imports neither.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from engine.dice import Dice
from engine.errors import UnparsableMove
from engine.movegen import Board
from engine.position import BAR, OFF, Position
from engine.rules.ruleset import RuleSet
from engine.words import BAR_WORD, OFF_WORDS, READ_BAR, READ_OFF

_POINT = rf"(?:{'|'.join(READ_BAR + READ_OFF)}|\d{{1,2}})"
_CHAIN = re.compile(rf"^{_POINT}[*!]*(?:[/\-]{_POINT}[*!]*)+(?:\((\d)\))?$")
_MAX_HOPS = 8


#: How much of a player's text an error message repeats back.
ECHO_LIMIT = 60


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """The player's text as an error message repeats it: cut to ``limit`` characters with
    an ellipsis, so a message about a 100,000-character input stays a message."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def parse_hops(text: str) -> list[tuple[int, int]]:
    """Split typed text into hops ``(from, to)``; ``1/7/12`` gives two hops."""
    if not isinstance(text, str):
        raise UnparsableMove("move.unparsable", text=echo(str(text)))
    cleaned = text.lower().replace("–", "-").replace("—", "-").replace("\\", "/")
    # Linear in the input whatever it holds: whitespace runs collapse to one space first
    # (``re.sub(r"\s*/\s*")`` rescanned a run of spaces from every position in it).
    cleaned = " ".join(cleaned.split()).replace(" /", "/").replace("/ ", "/")
    tokens = [t for t in re.split(r"[\s,;]+", cleaned) if t]
    if len(tokens) > 4 * _MAX_HOPS:  # no play has that many words
        raise UnparsableMove("move.unparsable", text=echo(text))
    if not tokens:
        raise UnparsableMove("move.unparsable", text=echo(text))
    hops: list[tuple[int, int]] = []
    for tok in tokens:
        m = _CHAIN.match(tok)
        if not m:
            raise UnparsableMove("move.unparsable", text=echo(text))
        repeat = int(m.group(1)) if m.group(1) else 1
        body = re.sub(r"\(\d\)$", "", tok).rstrip("*!")
        names = re.split(r"[/\-]", body)
        pts = []
        for n in names:
            n = n.rstrip("*!")
            if n in READ_BAR:
                pts.append(BAR)
            elif n in READ_OFF:
                pts.append(OFF)
            else:
                v = int(n)
                if not 0 <= v <= 25:
                    raise UnparsableMove("move.unparsable", text=echo(text))
                pts.append(v)
        if repeat < 1:
            raise UnparsableMove("move.unparsable", text=echo(text))
        for _ in range(repeat):
            for a, b in itertools.pairwise(pts):
                if b <= a:
                    raise UnparsableMove("move.unparsable", text=echo(text))
                hops.append((a, b))
    if len(hops) > _MAX_HOPS:
        raise UnparsableMove("move.unparsable", text=echo(text))
    return hops


def dice_pool(dice: Dice) -> list[int]:
    """The dice a roll offers as steps: a double (bräde) is four of them."""
    if len(dice) == 2 and dice[0] == dice[1]:
        return [dice[0]] * 4
    return list(dice)


def _run(board: Board, hops: list[tuple[int, int]], i: int, pool: list[int],
         results: set[Position], failure: list[Any], base: Position, typed_order: bool) -> None:
    if i == len(hops):
        results.add(board.position(base))
        return
    a, b = hops[i]
    _hop(board, a, b, hops, i, pool, results, failure, base, typed_order)


def _hop(board: Board, cur: int, b: int, hops: list[tuple[int, int]], i: int,
         pool: list[int], results: set[Position], failure: list[Any], base: Position,
         typed_order: bool) -> None:
    for d in sorted(set(pool)):
        target = cur + d if cur != BAR else d
        if target > b and b != OFF:
            continue
        steps = [s for s in board.steps(d) if s[0] == cur]
        if not steps:
            exact = target == b or (b == OFF and target >= OFF)
            if typed_order and failure[0] is None and exact:
                failure[0] = _obstacle(board, cur, min(target, OFF))
            continue
        frm, to, kind = steps[0]
        rest = list(pool)
        rest.remove(d)
        board.push(frm, to, kind)
        if to == b or (b == OFF and to == OFF):
            _run(board, hops, i + 1, rest, results, failure, base, typed_order)
        elif to < b and to != OFF:
            _hop(board, to, b, hops, i, rest, results, failure, base, typed_order)
        board.pop()


def _obstacle(board: Board, frm: int, to: int) -> tuple[Any, ...] | None:
    """Why a single step from ``frm`` to ``to`` is not allowed on ``board`` right now."""
    me = board.me
    if frm != BAR and me[BAR]:
        return ("move.enter_first", {})
    if not me[frm]:
        return ("move.no_checker", {"point": point_name(frm)})
    if to == OFF:
        return ("move.no_bearoff", {})
    if me[to] and board.brade and (to <= 11 or frm == BAR):
        return ("move.no_band", {"point": to})
    if board.op[board.x[to]] >= 2:
        return ("move.blocked", {"point": to})
    return None


def steps_needed(hop: tuple[int, int]) -> int:
    return 1 if hop[1] - hop[0] <= 6 else 2


def reachable(x: int, pool: list[int]) -> bool:
    sums = {0}
    for d in pool:
        sums |= {s + d for s in sums}
    return x in sums


def point_name(p: int) -> str:
    return BAR_WORD if p == BAR else OFF_WORDS["en"] if p == OFF else str(p)


def first_obstacle(rules: RuleSet, position: Position, dice: Dice,
                   hops: list[tuple[int, int]]) -> tuple[Any, ...] | None:
    """``(message key, params)`` for the first step the hops, played in the typed order,
    cannot make (bräde and backgammon), or None."""
    failure: list[tuple[Any, ...] | None] = [None]
    _run(Board(rules, position), list(hops), 0, dice_pool(dice), set(), failure, position,
         True)
    return failure[0]
