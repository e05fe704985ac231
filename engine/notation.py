"""Move notation: what players type, mapped to exactly one legal turn (RULES.md §6).

Players write plays loosely: ``1/7 7/12``, ``1/7/12``, ``1/12``, ``1-7``, ``b/5``,
``bar/5``, ``20/off``, ``20/ut``, steps in any order.  Rather than matching strings, the
typed hops are *played out* on the board with the ruleset's own single-step rules, in
every order and every split of a hop into dice; the resulting positions are then looked
up among the legal turns.  So anything that reaches a legal result is accepted, and a
hop written without its landing point that could mean two different plays is reported as
ambiguous instead of guessed.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from engine.dice import Dice
from engine.errors import AmbiguousMove, IllegalMove, UnparsableMove
from engine.movegen import BURST, HIT, PLAIN, Board
from engine.position import BAR, OFF, Position
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

_POINT = r"(?:bar|b|off|ut|hem|\d{1,2})"
_CHAIN = re.compile(rf"^{_POINT}[*!]*(?:[/\-]{_POINT}[*!]*)+(?:\((\d)\))?$")
_MAX_HOPS = 8


def format_turn(turn: Turn) -> str:
    return turn.text


def parse_hops(text: str) -> list[tuple[int, int]]:
    """Split typed text into hops ``(from, to)``; ``1/7/12`` gives two hops."""
    if not isinstance(text, str):
        raise UnparsableMove("move.unparsable", text=str(text))
    cleaned = text.strip().lower().replace("–", "-").replace("—", "-").replace("\\", "/")
    cleaned = re.sub(r"\s*/\s*", "/", cleaned)
    tokens = [t for t in re.split(r"[\s,;]+", cleaned) if t]
    if not tokens:
        raise UnparsableMove("move.unparsable", text=text)
    hops: list[tuple[int, int]] = []
    for tok in tokens:
        m = _CHAIN.match(tok)
        if not m:
            raise UnparsableMove("move.unparsable", text=text)
        repeat = int(m.group(1)) if m.group(1) else 1
        body = re.sub(r"\(\d\)$", "", tok).rstrip("*!")
        names = re.split(r"[/\-]", body)
        pts = []
        for n in names:
            n = n.rstrip("*!")
            if n in ("bar", "b"):
                pts.append(BAR)
            elif n in ("off", "ut", "hem"):
                pts.append(OFF)
            else:
                v = int(n)
                if not 0 <= v <= 25:
                    raise UnparsableMove("move.unparsable", text=text)
                pts.append(v)
        if repeat < 1:
            raise UnparsableMove("move.unparsable", text=text)
        for _ in range(repeat):
            for a, b in itertools.pairwise(pts):
                if b <= a:
                    raise UnparsableMove("move.unparsable", text=text)
                hops.append((a, b))
    if len(hops) > _MAX_HOPS:
        raise UnparsableMove("move.unparsable", text=text)
    return hops


def parse_play(rules: RuleSet, position: Position, dice: Dice, text: str,
               legal: list[Turn] | None = None) -> Turn:
    """The one legal turn ``text`` describes, or a MoveError saying why not."""
    if legal is None:
        legal = rules.legal_turns(position, dice)
    raw = (text or "").strip()
    if raw in ("-", "–", "pass", "fåta", "fata"):
        forfeit = [t for t in legal if t.is_forfeit]
        if forfeit:
            return forfeit[0]
        raise IllegalMove("move.must_play", text=raw)
    if "kejsar" in raw.lower():
        k = [t for t in legal if t.special == "kejsarspel"]
        if k:
            return k[0]
        raise IllegalMove("move.illegal", text=raw)
    for t in legal:  # an exact copy of a turn's own text always means that turn
        if t.text == raw:
            return t
    hops = parse_hops(raw)
    if rules.family == "puff":
        from engine.puff import play_out

        reached = play_out(rules, position, dice, hops)
        matched = [t for t in legal if t.position in reached]
        if len({t.position for t in matched}) > 1:
            options = " | ".join(t.text for t in matched[:4])
            raise AmbiguousMove("move.ambiguous", text=raw, options=options)
        if matched:
            return matched[0]
        return _match_steps(raw, hops, legal)
    column = [t for t in legal if t.special == "column"]
    if column and Counter(hops) == Counter({(1, 7): 6}):
        return column[0]
    results, failure = _play_out(rules, position, dice, hops)
    matched = [t for t in legal if t.position in results and t.special is None]
    if not matched:
        raise _diagnose(raw, rules, position, dice, hops, legal, results, failure)
    positions = {t.position for t in matched}
    if len(positions) > 1:
        options = " | ".join(t.text for t in matched[:4])
        raise AmbiguousMove("move.ambiguous", text=raw, options=options)
    return max(matched, key=lambda t: t.outcome.points if t.outcome else 0)


def _match_steps(raw: str, hops: list[tuple[int, int]], legal: list[Turn]) -> Turn:
    """Match typed hops against each turn's own steps (rules without a Board).

    A hop ``a/b`` matches a chain of the turn's steps from ``a`` to ``b``; every step must
    be covered.  Used where single steps depend on turn history the Board does not model
    (puff's dice order and pasch sequence).
    """
    matched = [t for t in legal if t.steps and _covers(hops, list(t.steps))]
    positions = {t.position for t in matched}
    if not matched:
        if legal and all(t.is_forfeit for t in legal):
            raise IllegalMove("move.forfeit_only")
        raise IllegalMove("move.illegal", text=raw)
    if len(positions) > 1:
        options = " | ".join(t.text for t in matched[:4])
        raise AmbiguousMove("move.ambiguous", text=raw, options=options)
    return matched[0]


def _covers(hops: list[tuple[int, int]], steps: list) -> bool:
    if not hops:
        return not steps
    a, b = hops[0]
    return _chain(a, b, hops[1:], steps)


def _chain(cur: int, b: int, rest: list[tuple[int, int]], steps: list) -> bool:
    for i, s in enumerate(steps):
        if s.frm != cur or s.to > b:
            continue
        left = steps[:i] + steps[i + 1:]
        if s.to == b and _covers(rest, left):
            return True
        if s.to < b and _chain(s.to, b, rest, left):
            return True
    return False


def _dice_pool(dice: Dice) -> list[int]:
    if len(dice) == 2 and dice[0] == dice[1]:
        return [dice[0]] * 4
    return list(dice)


def _play_out(rules: RuleSet, position: Position, dice: Dice,
              hops: list[tuple[int, int]]) -> tuple[set[Position], tuple | None]:
    """Every position reachable by playing ``hops`` in some order and dice split.

    Also returns the first obstacle met in the typed order, for the error message.
    """
    pool = _dice_pool(dice)
    results: set[Position] = set()
    first_failure: list[tuple | None] = [None]
    board = Board(rules, position)
    seen_orders: set[tuple] = set()
    for order in itertools.permutations(range(len(hops))):
        seq = tuple(hops[i] for i in order)
        if seq in seen_orders:
            continue
        seen_orders.add(seq)
        _run(board, list(seq), 0, pool, results, first_failure, position, order == tuple(
            range(len(hops))))
    return results, first_failure[0]


def _run(board: Board, hops: list[tuple[int, int]], i: int, pool: list[int],
         results: set[Position], failure: list, base: Position, typed_order: bool) -> None:
    if i == len(hops):
        results.add(board.position(base))
        return
    a, b = hops[i]
    _hop(board, a, b, hops, i, pool, results, failure, base, typed_order)


def _hop(board: Board, cur: int, b: int, hops: list[tuple[int, int]], i: int,
         pool: list[int], results: set[Position], failure: list, base: Position,
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


def _obstacle(board: Board, frm: int, to: int) -> tuple | None:
    """Why a single step from ``frm`` to ``to`` is not allowed on ``board`` right now."""
    me = board.me
    if frm != BAR and me[BAR]:
        return ("move.enter_first", {})
    if not me[frm]:
        return ("move.no_checker", {"point": _name(frm)})
    if to == OFF:
        return ("move.no_bearoff", {})
    if me[to] and board.brade and (to <= 11 or frm == BAR):
        return ("move.no_band", {"point": to})
    if board.op[board.x[to]] >= 2:
        return ("move.blocked", {"point": to})
    return None


def _diagnose(raw: str, rules: RuleSet, position: Position, dice: Dice,
              hops: list[tuple[int, int]], legal: list[Turn], results: set[Position],
              failure: tuple | None) -> IllegalMove:
    """Name the broken rule when it can be told from the typed play."""
    me = position.mover
    if legal and all(t.is_forfeit for t in legal):
        return IllegalMove("move.forfeit_only")
    pool = _dice_pool(dice)
    for a, b in hops:
        if b != OFF and not _reachable(b - a, pool):
            return IllegalMove("move.no_die", text=raw, frm=_name(a), to=_name(b))
    landings = {h[1] for h in hops}
    for a, _ in hops:
        if a == BAR and not me[BAR]:
            return IllegalMove("move.no_checker", text=raw, point="bar")
        if a != BAR and a not in landings and not me[a]:
            if me[BAR]:
                return IllegalMove("move.enter_first", text=raw)
            return IllegalMove("move.no_checker", text=raw, point=a)
    if not results and failure is not None:
        key, params = failure
        return IllegalMove(key, text=raw, **params)
    if results:
        used = sum(_steps_needed(h) for h in hops)
        most = max((len(t.steps) for t in legal), default=0)
        if used < most:
            if len(dice) == 2 and dice[0] != dice[1]:
                return IllegalMove("move.use_both", text=raw)
            return IllegalMove("move.use_more", text=raw)
        if used == 1 and len(dice) == 2 and dice[0] != dice[1]:
            hi = max(dice)
            if any(t.steps and t.steps[0].die == hi for t in legal):
                return IllegalMove("move.use_higher", text=raw)
        return IllegalMove("move.use_more", text=raw)
    return IllegalMove("move.illegal", text=raw)


def _steps_needed(hop: tuple[int, int]) -> int:
    return 1 if hop[1] - hop[0] <= 6 else 2


def _reachable(x: int, pool: list[int]) -> bool:
    sums = {0}
    for d in pool:
        sums |= {s + d for s in sums}
    return x in sums


def _name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


__all__ = ["BURST", "HIT", "PLAIN", "format_turn", "parse_hops", "parse_play"]
