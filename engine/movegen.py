"""Legal turns for bräde and backgammon: whole step sequences, filtered by the roll's use.

The shape follows gnubg's generator: enumerate every sequence of single-die steps (T-2)
(depth-first with undo, so no position is copied until a turn is kept), keep the ones the
ruleset's obligation allows (B-20 max pips, seed 003's max dice, backgammon's both-dice
rule), then deduplicate by (resulting position, outcome).  The ruleset-specific wins that
cut a turn short (vasa's winning step, classic's jan, Behrens–Helmfrid's sprängjan) are
recorded as the search passes them.  How a turn ends (the dice orders, the obligation,
what a play wins) is ``engine.endings``', which the move contract (``engine.plays``)
calls too; this module only walks the steps.

Backgammon takes a fast path (``_BgSearch``) that gives the very same list; it and the
fast construction of positions and turns (``_position``, ``_turn``) exist for the
issue-7 benchmark (``benchmarks/gnubg_diff.py``: within 25x of gnubg's C generator).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from operator import itemgetter
from typing import Any

from engine.bands import BLOCKADE, is_jan, run_length, run_span
from engine.dice import Dice
from engine.endings import (
    backgammon_win,
    dice_orders,
    final_outcome,
    jan_kind,
    measure_fields,
    obliged,
    orders_matter,
    win,
    win_now,
)
from engine.errors import DiceError
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules.ruleset import Cut, Family, RuleSet, Usage
from engine.turn import Outcome, Step, Turn

PLAIN, HIT, BURST = 0, 1, 2

#: The cuts as plain names: a search compares them at every step, and an enum member
#: looked up there (``Cut.VASA``) costs a measurable share of a small search.
_VASA, _CLASSIC_JAN, _BH_SPRANGJAN = Cut.VASA, Cut.CLASSIC_JAN, Cut.BH_SPRANGJAN


class Board:
    """The mutable working state of one turn: the mover's and the opponent's counts.

    ``me`` is in the mover's numbering, ``op`` in the opponent's; ``x`` maps a mover point
    to the opponent's number for the same board point (G-4).  Steps are applied with
    ``push`` and taken back with ``pop`` so the search never copies a position.
    """

    __slots__ = ("brade", "cm", "co", "me", "my_col", "op", "op_col", "rules", "undo", "x")

    def __init__(self, rules: RuleSet, position: Position) -> None:
        self.rules = rules
        self.me = list(position.mover)
        self.op = list(position.waiting)
        self.x = _cross(position)
        self.my_col = position.column is position.turn
        self.op_col = position.column is position.turn.other
        self.undo: list[tuple[int, int, int, int, bool, bool, int, int]] = []
        self.brade = rules.is_brade
        # ``cm``/``co``: ``me``/``op`` packed a byte a point (counts never pass 15), kept
        # in step with the lists so that a position key costs no tuple copies (``key``).
        self.cm = _pack(self.me)
        self.co = _pack(self.op)

    # -- single steps -------------------------------------------------------------------
    def steps(self, d: int, lo: int = 0) -> list[tuple[int, int, int]]:
        """Every legal single step ``(from, to, kind)`` for die ``d`` (T-5, B-1..B-16).

        ``lo`` skips steps from points below it (the backgammon doubles search moves its
        checkers in non-decreasing order of origin, see ``_Search._dfs_bg``).
        """
        me, op, x, rules = self.me, self.op, self.x, self.rules
        if me[BAR]:  # T-5: while on the bar every step enters
            if lo > BAR:
                return []
            t = d  # B-5: entry with die d lands on own point d
            if me[t] and self.brade:  # B-2: never onto own checkers, home included
                return []
            q = x[t]
            c = op[q]
            if c == 0:
                return [(BAR, t, PLAIN)]
            if c == 1 or (self.op_col and q == 7):
                return [(BAR, t, HIT)]
            if self._entry_burst_ok(t):
                return [(BAR, t, BURST)]
            return []
        out: list[tuple[int, int, int]] = []
        bear_ok: bool | None = None
        for p in range(lo or 1, 25):
            if not me[p]:
                continue
            t = p + d
            if t >= OFF:
                if bear_ok is None:
                    bear_ok = not any(me[1:19])  # B-15
                if bear_ok and self._bearoff_ok(p, t):
                    out.append((p, OFF, PLAIN))
                continue
            if me[t]:
                if self.brade:
                    if t <= 11:  # B-1: no band on own 2..11 (nor joining a column on 7)
                        continue
                    if rules.max_band_run and me[t] == 1 and self._run_too_long(p, t):
                        continue
                out.append((p, t, PLAIN))
                continue
            q = x[t]
            c = op[q]
            if c == 0:
                out.append((p, t, PLAIN))
            elif c == 1 or (self.op_col and q == 7):
                out.append((p, t, HIT))  # B-3: a blot is hit (a column is hit whole)
            elif (rules.blockade_burst and me[OFF] != 14  # B-13
                  and run_length(op, x, t, 7 if self.op_col else 0) >= BLOCKADE):
                out.append((p, t, BURST))  # B-10: a band of a blockade on the mover's path
        return out

    def _bearoff_ok(self, p: int, t: int) -> bool:
        regime = self.rules.bearoff
        me = self.me
        if regime == "any_higher":
            return True
        rearmost = not any(me[19:p])
        if regime == "rearmost_point":  # vasa: only from the rearmost point, exact or reduced
            return rearmost
        if t == OFF:
            return True
        return regime == "reduce_rearmost" and rearmost  # B-16

    def _entry_burst_ok(self, t: int) -> bool:
        """May a checker entering on the mover's point ``t`` burst the band there?"""
        rules, me = self.rules, self.me
        if not self.brade or me[OFF] == 14:  # B-13
            return False
        if rules.blockade_burst and rules.entry_blockade:
            lo, hi = run_span(self.op, self.x, t, 7 if self.op_col else 0)
            if hi - lo + 1 >= BLOCKADE:  # B-10 (G-5: along the mover's path)
                if rules.entry_blockade == "any":  # behrens-helmfrid: any blockade band
                    return True
                if hi >= 7:  # B-11: the run reaches from the mover's 1st into its 2nd quarter
                    return True
        if rules.entry_burst is None:
            return False
        free = 0
        op, x = self.op, self.x
        for s in range(1, 7):
            if not me[s]:
                qs = x[s]
                if op[qs] <= 1 or (self.op_col and qs == 7):
                    free += 1
        if rules.entry_burst == "count":
            return me[BAR] > free  # B-12
        return free == 0  # "all_blocked"

    def _run_too_long(self, p: int, t: int) -> bool:
        """Classic: would the step ``p``→``t``, making a band on ``t``, leave more than
        five bands in a row along the opponent's path (G-5)?

        A band on own point 12 never counts (seed 003: "motståndaren aldrig blir blockerad
        efter den tungan"): it is the last point of the opponent's path, and the point
        before it, own 11, never holds a band (B-1), so no run passes through it.  No
        limit once the opponent has borne off 14.  A double-six column is not a band.
        """
        if self.op[OFF] == 14 or t == 12:
            return False
        me = self.me
        me[p] -= 1  # the board as the step leaves it: the run is measured there
        me[t] += 1
        n = run_length(me, self.x, self.x[t], 7 if self.my_col else 0)
        me[p] += 1
        me[t] -= 1
        limit = self.rules.max_band_run
        return limit is not None and n > limit

    # -- applying -----------------------------------------------------------------------
    def push(self, frm: int, to: int, kind: int) -> None:
        me, op = self.me, self.op
        cm, co = self.cm, self.co
        me[frm] -= 1
        me[to] += 1
        self.cm = cm + _NIB[to] - _NIB[frm]
        hit = 0
        if kind:
            q = self.x[to]
            hit = op[q]
            op[q] = 0
            op[BAR] += hit
            self.co = co - hit * _NIB[q] + hit
        my_col, op_col = self.my_col, self.op_col
        if my_col and frm == 7 and me[7] < 2:
            self.my_col = False
        if op_col and kind and self.x[to] == 7:
            self.op_col = False
        self.undo.append((frm, to, kind, hit, my_col, op_col, cm, co))

    def pop(self) -> None:
        frm, to, kind, hit, my_col, op_col, cm, co = self.undo.pop()
        me, op = self.me, self.op
        me[frm] += 1
        me[to] -= 1
        if kind:
            op[self.x[to]] = hit
            op[BAR] -= hit
        self.my_col, self.op_col = my_col, op_col
        self.cm, self.co = cm, co

    # -- judging ------------------------------------------------------------------------
    def opponent_jan(self) -> bool:
        """B-33: bar + own first-quarter points occupied > 6."""
        return is_jan(self.op)

    def key(self) -> tuple[Any, ...]:
        """Identifies the working position exactly (packed counts and column flags)."""
        return (self.cm, self.co, self.my_col, self.op_col)

    def counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.me), tuple(self.op)

    def position(self, base: Position, next_turn: Side | None = None) -> Position:
        """The position after the mover's turn, which began at ``base``."""
        base = first_roll_made(self.rules, base)
        mover = base.turn
        col: Side | None = None
        if self.my_col and self.me[7] >= 2:
            col = mover
        elif self.op_col and self.op[7] >= 2:
            col = mover.other
        me, op = tuple(self.me), tuple(self.op)
        white, black = (me, op) if mover is Side.WHITE else (op, me)
        return _position(base, white, black,
                         mover.other if next_turn is None else next_turn, col)


#: One byte per point: ``_NIB[p]`` is 1 in point ``p``'s byte of a packed side.
_NIB = tuple(1 << (8 * p) for p in range(26))


def _pack(counts: list[int]) -> int:
    return int.from_bytes(bytes(counts), "little")


# -- building the values fast ------------------------------------------------------------
# A legal-turn list holds one Position and one Turn per play, and their frozen-dataclass
# constructors (``dataclasses.replace`` alone costs ~7 µs) were the largest single cost of
# generation.  ``_PositionSlots`` and ``_TurnSlots`` have the same slot layouts without the
# frozen ``__setattr__``: filled by plain stores and then switched to the real class, they
# are the very same values, built several times faster.  ``_FAST`` checks at import that
# the classes still have exactly the fields filled here and that the switch gives equal
# values; if not (a field added, a ``__post_init__``), the real constructors are used.

_POS_FIELDS = ("white", "black", "turn", "geometry", "column", "pasch", "streak", "onedie",
               "general", "entered", "first")
_TURN_FIELDS = ("steps", "position", "outcome", "special")
#: ``object.__new__``, typed as what it is here: an instance mypy cannot follow (its class
#: is switched after the slots are filled).
_new: Callable[[type], Any] = object.__new__


class _PositionSlots:
    __slots__ = Position.__slots__


class _TurnSlots:
    __slots__ = Turn.__slots__


def _fast_ok() -> bool:
    if (tuple(f.name for f in fields(Position)) != _POS_FIELDS
            or tuple(f.name for f in fields(Turn)) != _TURN_FIELDS
            or hasattr(Position, "__post_init__") or hasattr(Turn, "__post_init__")):
        return False  # pragma: no cover
    ref = Position((0, *[1] * 15, *[0] * 10), (*[0] * 10, 15, *[0] * 15), Side.BLACK,
                   Geometry.LANG, Side.WHITE, frozenset({Side.BLACK}), 2, 1, (3, 4),
                   frozenset({Side.WHITE}), frozenset({Side.BLACK}))
    try:
        pos = _new(_PositionSlots)
        for name in _POS_FIELDS:
            setattr(pos, name, getattr(ref, name))
        pos.__class__ = Position
        turn = _new(_TurnSlots)
        turn.steps, turn.position, turn.outcome, turn.special = (Step(1, 2, 1),), pos, None, None
        turn.__class__ = Turn
    except TypeError:  # pragma: no cover - the layouts differ after all
        return False
    return (pos == ref and hash(pos) == hash(ref)
            and turn == Turn((Step(1, 2, 1),), ref, None))


_FAST = _fast_ok()


def _position(base: Position, white: tuple[Any, ...], black: tuple[Any, ...], turn: Side,
              column: Side | None) -> Position:
    """``replace(base, white=, black=, turn=, column=, onedie=0)``, fast (see above)."""
    if not _FAST:  # pragma: no cover
        return replace(base, white=white, black=black, turn=turn, column=column, onedie=0)
    pos = _new(_PositionSlots)
    pos.white = white
    pos.black = black
    pos.turn = turn
    pos.geometry = base.geometry
    pos.column = column
    pos.pasch = base.pasch
    pos.streak = base.streak
    pos.onedie = 0
    pos.general = base.general
    pos.entered = base.entered
    pos.first = base.first
    pos.__class__ = Position
    made: Position = pos  # the slots object is a Position now
    return made


def _turn(steps: tuple[Step, ...], position: Position, outcome: Outcome | None) -> Turn:
    """``Turn(steps, position, outcome)``, fast (see above)."""
    if not _FAST:  # pragma: no cover
        return Turn(steps, position, outcome)
    t = _new(_TurnSlots)
    t.steps = steps
    t.position = position
    t.outcome = outcome
    t.special = None
    t.__class__ = Turn
    made: Turn = t  # the slots object is a Turn now
    return made


_CROSS_CACHE: dict[object, list[int]] = {}


def _cross(position: Position) -> list[int]:
    g = position.geometry
    t = _CROSS_CACHE.get(g)
    if t is None:
        t = [0] + [g.cross(p) for p in range(1, 25)] + [0]
        _CROSS_CACHE[g] = t
    return t


# -- whole turns ----------------------------------------------------------------------


#: A leaf of the search, as a plain tuple (built once per leaf, so no class overhead):
#: (raw steps, key, dice used, pips moved, jan step index or None, jan by burst, won).
#: Raw steps are ``(from, to, die, kind)``; ``Step`` values are made only for kept turns.
_L_STEPS, _L_KEY, _L_N, _L_PIPS, _L_JAN, _L_JB, _L_WON = range(7)

_LEAF_MEASURES: dict[str, itemgetter[Any]] = {}


def _leaf_measure(usage: str) -> itemgetter[Any]:
    """``endings.measure(usage)`` read straight off a leaf (its dice used and pips)."""
    got = _LEAF_MEASURES.get(usage)
    if got is None:
        got = _LEAF_MEASURES[usage] = itemgetter(
            *((_L_N, _L_PIPS)[f] for f in measure_fields(usage)))
    return got

_STEPS: dict[tuple[int, int, int, int], Step] = {}


def _steps_of(raw: tuple[tuple[int, int, int, int], ...]) -> tuple[Step, ...]:
    """The shared, immutable ``Step`` for each raw step (a few hundred exist at most)."""
    out = []
    for r in raw:
        s = _STEPS.get(r)
        if s is None:
            frm, to, d, kind = r
            s = _STEPS[r] = Step(frm, to, d, kind == HIT, kind == BURST)
        out.append(s)
    return tuple(out)


def check_dice(dice: Dice) -> None:
    """DiceError unless ``dice`` is one or two die values 1..6 (T-3's doubles included)."""
    if (not isinstance(dice, tuple | list) or len(dice) not in (1, 2)
            or any(type(d) is not int or not 1 <= d <= 6 for d in dice)):
        raise DiceError("dice.bad", text=repr(dice)[:40])


def brade_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """Every legal complete play of ``dice`` from ``position`` in bräde or backgammon
    (``docs/rules.md`` T-2..T-5, B-1..B-21); ``engine.generators.legal_turns`` hands a
    puff position to ``engine.puff`` instead."""
    check_dice(dice)
    if (rules.family is Family.BACKGAMMON and len(dice) == 2 and position.column is None
            and rules.bearoff == "reduce_rearmost" and rules.usage is Usage.BG):
        return _BgSearch(position, dice).run()
    return _Search(rules, position, dice).run()


def search_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """``brade_turns`` by the general search alone, without the backgammon fast path.

    Both give the same list; the gnubg differential test runs this one too, so that the
    core bräde shares with backgammon (bar, both dice, higher die, bear-off) is checked
    against gnubg directly and not only through the fast path.
    """
    check_dice(dice)
    return _Search(rules, position, dice).run()


#: ``_BG_STEP[d][frm][kind]``: the shared ``Step`` of a backgammon step (its target is
#: ``frm + d``, or off), so the fast search builds its step texts without allocating.
_BG_STEP = [[[Step(f, min(f + d, OFF), d, k == HIT) for k in (PLAIN, HIT)]
             for f in range(25)] for d in range(7)]


def _bg_steps(me: list[int], op: list[int], x: list[int], d: int,
              lo: int) -> list[tuple[int, int, int]]:
    """``Board.steps`` for backgammon (no own-band rules, no bursting), from ``lo`` on."""
    if me[BAR]:
        if lo:
            return []
        c = op[x[d]]
        return [(BAR, d, c)] if c < 2 else []  # kind: 0 plain, 1 hit (HIT == 1)
    out = []
    bear_ok = None
    for p in range(lo or 1, 25):
        if me[p]:
            t = p + d
            if t < OFF:
                c = op[x[t]]
                if c < 2:
                    out.append((p, t, c))
            else:
                if bear_ok is None:
                    bear_ok = not any(me[1:19])
                if bear_ok and (t == OFF or not any(me[19:p])):  # exact, or rearmost
                    out.append((p, OFF, PLAIN))
    return out


class _BgSearch:
    """Backgammon's legal turns: the same list ``_Search`` gives, found faster.

    Backgammon has no wins mid-turn, no own-band rules and no bursting, so the whole
    search is two nested loops (four levels for doubles) over ``_bg_steps``, keyed on the
    packed position (``_pack``), with shared ``Step`` values; only the first sequence
    found for each result is kept (as ``_Search`` keeps it), and only those results are
    unpacked into positions.  Two prunings, both exact:

    * doubles take their steps in non-decreasing order of origin, as gnubg does: any
      legal sequence of equal dice stays legal, with the same result and hits, when
      reordered that way (checkers only move forward, the bar comes first, hits only
      open points, a rear checker moving first never spoils a bear-off), and the
      lexicographically least sequence of each result, the one kept, is so ordered;
    * in the second order of a non-double (the dice the other way round) a two-step
      play whose steps commute is skipped: the first order already found its result
      (``_pair``; ``_pair_again`` when only one checker moving on can be new).
    """

    __slots__ = ("base", "by_n", "cm0", "co0", "dice", "me", "me0", "ones", "op", "x")

    def __init__(self, position: Position, dice: Dice) -> None:
        self.base = position
        self.dice = dice
        self.me = list(position.mover)
        self.op = list(position.waiting)
        self.x = _cross(position)
        self.me0 = position.mover
        self.cm0 = _pack(self.me)
        self.co0 = _pack(self.op)
        #: Leaves by number of dice used (2..4): packed key -> steps, first found kept.
        self.by_n: list[dict[tuple[int, int], tuple[Step, ...]]] = [{}, {}, {}, {}, {}]
        #: One-die leaves in the order found: the higher-die rule filters them first.
        self.ones: list[tuple[tuple[int, int], tuple[Step, ...]]] = []

    def run(self) -> list[Turn]:
        d1, d2 = self.dice
        by_n = self.by_n
        if d1 == d2:
            self._doubles(d1, 0, BAR, self.cm0, self.co0, ())
            found = by_n[4] or by_n[3] or by_n[2]
        else:
            self._pair(d1, d2, False)
            me0 = self.me0
            if not me0[BAR] and sum(me0[1:19]) >= 2 and by_n[2]:
                self._pair_again(d2, d1)
            else:
                self._pair(d2, d1, True)
            found = by_n[2]
        if not found:
            ones = self.ones
            if d1 != d2 and ones:
                hi = max(d1, d2)
                ones = [o for o in ones if o[1][0].die == hi] or ones
            for key, raw in ones:
                if key not in found:
                    found[key] = raw
        if not found:
            found = {(self.cm0, self.co0): ()}
        return self._turns(found)

    def _turns(self, found: dict[tuple[int, int], tuple[Step, ...]]) -> list[Turn]:
        """One ``Turn`` per result; ``_position``/``_turn`` inlined, this is the hot loop."""
        base = self.base
        mover = base.turn
        nxt = mover.other
        white_moves = mover is Side.WHITE
        co0, op0 = self.co0, base.waiting
        geometry, pasch, streak = base.geometry, base.pasch, base.streak
        general, entered, first = base.general, base.entered, base.first
        new = _new
        out: list[Turn] = []
        for (cm, co), raw in found.items():
            me = tuple(cm.to_bytes(26, "little"))
            op = op0 if co == co0 else tuple(co.to_bytes(26, "little"))
            outcome = backgammon_win(mover, op) if me[OFF] == 15 else None
            if not _FAST:  # pragma: no cover
                made = (_position(base, me, op, nxt, None) if white_moves
                        else _position(base, op, me, nxt, None))
                out.append(_turn(raw, made, outcome))
                continue
            pos = new(_PositionSlots)
            if white_moves:
                pos.white = me
                pos.black = op
            else:
                pos.white = op
                pos.black = me
            pos.turn = nxt
            pos.geometry = geometry
            pos.column = None
            pos.pasch = pasch
            pos.streak = streak
            pos.onedie = 0
            pos.general = general
            pos.entered = entered
            pos.first = first
            pos.__class__ = Position
            t = new(_TurnSlots)
            t.steps = raw
            t.position = pos
            t.outcome = outcome
            t.special = None
            t.__class__ = Turn
            out.append(t)
        return out

    def _pair(self, a: int, b: int, second: bool) -> None:
        """Every play of ``a`` then ``b``; ``second``: the other order was searched."""
        me, op, x, nib = self.me, self.op, self.x, _NIB
        cands = _bg_steps(me, op, x, a, BAR)
        cm0, co0, me0, two = self.cm0, self.co0, self.me0, self.by_n[2]
        steps_a, steps_b = _BG_STEP[a], _BG_STEP[b]
        for f1, t1, k1 in cands:
            me[f1] -= 1
            me[t1] += 1
            cm1 = cm0 + nib[t1] - nib[f1]
            q1 = x[t1]
            if k1:
                op[q1] = 0
                op[BAR] += 1
                co1 = co0 - nib[q1] + 1
            else:
                co1 = co0
            step1 = steps_a[f1][k1]
            nexts = _bg_steps(me, op, x, b, BAR)
            if not nexts:
                self.ones.append(((cm1, co1), (step1,)))
            for f2, t2, k2 in nexts:
                # The steps commute when the second does not move the checker the first
                # just moved, neither needs the other to clear the bar, and a bear-off
                # by the second did not need the first checker home or out of its way.
                if second and (f2 != t1 or me0[t1]) and (f2 == BAR or not me0[BAR]) and (
                        t2 != OFF or (f1 >= 19 and (f2 + b == OFF or f1 >= f2))):
                    continue
                key = (cm1 + nib[t2] - nib[f2], co1 - nib[x[t2]] + 1 if k2 else co1)
                if key not in two:
                    two[key] = (step1, steps_b[f2][k2])
            me[f1] += 1
            me[t1] -= 1
            if k1:
                op[q1] = 1
                op[BAR] -= 1

    def _pair_again(self, a: int, b: int) -> None:
        """``_pair(a, b, True)`` where nobody is on the bar, no checker can be borne off
        (two or more are outside home) and ``_pair(b, a)`` found two-step plays: then the
        only plays it does not skip move one checker on with both dice, so only those
        are tried.  (Its one-die leaves never count: two-step plays exist.)"""
        me, op, x, nib = self.me, self.op, self.x, _NIB
        cm0, co0, me0, two = self.cm0, self.co0, self.me0, self.by_n[2]
        steps_a, steps_b = _BG_STEP[a], _BG_STEP[b]
        for f1, t1, k1 in _bg_steps(me, op, x, a, BAR):
            if me0[t1]:
                continue
            t2 = t1 + b
            if t2 >= OFF:
                continue
            q2 = x[t2]
            k2 = op[q2]
            if k2 >= 2:
                continue
            cm = cm0 + nib[t2] - nib[f1]
            co = co0 - nib[x[t1]] + 1 if k1 else co0
            key = (cm, co - nib[q2] + 1 if k2 else co)
            if key not in two:
                two[key] = (steps_a[f1][k1], steps_b[t1][k2])

    def _doubles(self, d: int, i: int, lo: int, cm: int, co: int, raw: tuple[Any, ...]) -> None:
        me, op, x, nib = self.me, self.op, self.x, _NIB
        cands = _bg_steps(me, op, x, d, lo)
        if not cands:
            if i == 1:
                self.ones.append(((cm, co), raw))
            elif i:
                leaves = self.by_n[i]
                if (cm, co) not in leaves:
                    leaves[(cm, co)] = raw
            return
        steps_d = _BG_STEP[d]
        if i == 3:
            leaves = self.by_n[4]
            for f, t, k in cands:
                key = (cm + nib[t] - nib[f], co - nib[x[t]] + 1 if k else co)
                if key not in leaves:
                    leaves[key] = (*raw, steps_d[f][k])
            return
        for f, t, k in cands:
            me[f] -= 1
            me[t] += 1
            q = x[t]
            if k:
                op[q] = 0
                op[BAR] += 1
                self._doubles(d, i + 1, f, cm + nib[t] - nib[f], co - nib[q] + 1,
                              (*raw, steps_d[f][k]))
                op[q] = 1
                op[BAR] -= 1
            else:
                self._doubles(d, i + 1, f, cm + nib[t] - nib[f], co, (*raw, steps_d[f][k]))
            me[f] += 1
            me[t] -= 1


def first_roll_made(rules: RuleSet, base: Position) -> Position:
    """``base`` with its mover among the sides that have made their first roll.

    Recorded only where a rule asks (bräde's ``double_six`` option: the column belongs to
    a player's own first roll), so other positions and their texts stay as they were.
    """
    if not rules.double_six or base.turn in base.first:
        return base
    return replace(base, first=base.first | {base.turn})


class _Search:
    #: Skip a board met again at the same depth of a double (see ``_dfs``); the tests
    #: switch it off to compare against the plain search.
    memo = True

    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        self.rules = rules
        self.base = position
        self.dice = dice
        self.double = len(dice) == 2 and dice[0] == dice[1]
        self.board = Board(rules, position)
        self.leaves: list[tuple[Any, ...]] = []
        #: ``leaves[a:b]`` of each order of the dice, in ``orders``' order.
        self.spans: list[tuple[int, int]] = []
        self.stops: list[tuple[tuple[Any, ...], tuple[Any, ...], Outcome]] = []
        self.path: list[tuple[int, int, int, int]] = []
        self.seen: set[tuple[Any, ...]] = set()
        #: key -> (mover counts, opponent counts) for every key a leaf or stop reached.
        self.snaps: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def run(self) -> list[Turn]:
        rules, board, dice = self.rules, self.board, self.dice
        specials: list[Turn] = []
        base = self.base
        mover = base.turn
        # Option double_six: only the mover's own first roll of the game (``docs/rules.md``,
        # "Option double_six"; seeds 001, 003), whatever the board looks like.  Every position this roll leads to
        # records the first roll as made (``first_roll_made``).
        first_roll = rules.double_six and mover not in base.first and board.me[1] == 15
        self.base = first_roll_made(rules, base)
        if rules.is_brade and first_roll and dice == (6, 6):
            if board.op_col:
                # seed 003: the opponent's column goes home when the own first roll is 6-6
                board.op[1] += board.op[7]
                board.op[7] = 0
                board.op_col = False
                board.co = _pack(board.op)
                self.base = board.position(self.base, mover)
            specials.append(self._column_turn())
        if rules.kejsarspel and not self.double and len(dice) == 2:
            k = self._kejsarspel()
            if k is not None:
                return [k]
        self.orders = orders = dice_orders(dice)
        bg = rules.family is Family.BACKGAMMON
        for seq in orders:
            self.seen.clear()
            start = len(self.leaves)
            if bg:
                self._dfs_bg(seq, 0, 0, BAR)
            else:
                self._dfs(seq, 0, 0, None, False, False)
            self.spans.append((start, len(self.leaves)))
        turns = self._select()
        return turns + specials

    # The search ------------------------------------------------------------------------
    def _dfs(self, seq: tuple[int, ...], i: int, pips: int, jan_at: int | None,
             jan_burst: bool, won: bool, jan_key: tuple[Any, ...] | None = None) -> None:
        board = self.board
        if i == len(seq):
            self._leaf(i, pips, jan_at, jan_burst, won)
            return
        if self.double and i and self.memo:
            # Two step orders that reach the same board at the same depth have the same
            # continuations, so the second is not searched again -- provided the plays
            # kept from here cannot differ.  Classic cuts its play at the jan step
            # ("förlorar genast"), so there the board at that step and its index must
            # match too (``jan_key``): without them a jan made at the first step was lost
            # whenever another order reached the same board with jan made later.
            k = (i, board.key(), jan_at is not None if jan_key is None else (jan_at, jan_key),
                 jan_burst, won)
            if k in self.seen:
                return
            self.seen.add(k)
        d = seq[i]
        cands = board.steps(d)
        if not cands:
            self._leaf(i, pips, jan_at, jan_burst, won)
            return
        cut = self.rules.cut
        path = self.path
        for frm, to, kind in cands:
            board.push(frm, to, kind)
            path.append((frm, to, d, kind))
            j_at, j_b, w, j_key = jan_at, jan_burst, won, jan_key
            if kind and j_at is None and self.rules.is_brade and board.opponent_jan():
                j_at, j_b = i, kind == BURST  # B-33 (B-34 when the step burst)
                if cut is _CLASSIC_JAN:
                    j_key = board.key()
                elif cut is _BH_SPRANGJAN and j_b:
                    # B-34 (Behrens–Helmfrid): a burst that makes jan wins on the spot.
                    self._stop(win(self.rules, "sprangjan", self.base.turn, False))
                    w = True
            if cut is _VASA and not won:
                o = win_now(self.rules, self.base.turn, board.me, board.op,
                            None if j_at is None else jan_kind(j_b))
                if o is not None:
                    self._stop(o)
                    w = True
            # Past a stopping win the search goes on: the rest of the sequence still
            # counts when the best use of the roll is measured "as if there were no
            # stopping" (vasa), and is dropped from the kept plays in _select.
            self._dfs(seq, i + 1, pips + to - frm, j_at, j_b, w, j_key)
            path.pop()
            board.pop()

    def _dfs_bg(self, seq: tuple[int, ...], i: int, pips: int, lo: int) -> None:
        """The same search for backgammon, which has no wins mid-turn and no own-band
        rules.  With doubles the steps are taken in non-decreasing order of origin
        (``lo``), as gnubg does: any legal sequence of equal dice stays legal, with the
        same result and the same hits, when reordered that way (checkers only move
        forward, the bar comes first, hits only open points, and moving a rear checker
        first never spoils a bear-off), and the first-found (lexicographically least)
        sequence of every result is already so ordered, so the turns and the step texts
        come out exactly as the unpruned search gives them."""
        board = self.board
        d = seq[i]
        cands = board.steps(d, lo)
        if not cands:
            self._leaf(i, pips, None, False, False)
            return
        path = self.path
        last = i + 1 == len(seq)
        double = self.double
        for frm, to, kind in cands:
            board.push(frm, to, kind)
            path.append((frm, to, d, kind))
            if last:
                self._leaf(i + 1, pips + to - frm, None, False, False)
            else:
                self._dfs_bg(seq, i + 1, pips + to - frm, frm if double else BAR)
            path.pop()
            board.pop()

    def _leaf(self, n: int, pips: int, jan_at: int | None, jan_burst: bool,
              won: bool) -> None:
        board = self.board
        key = board.key()
        if key not in self.snaps:
            self.snaps[key] = board.counts()
        self.leaves.append((tuple(self.path), key, n, pips, jan_at, jan_burst, won))

    def _stop(self, outcome: Outcome) -> None:
        board = self.board
        key = board.key()
        if key not in self.snaps:
            self.snaps[key] = board.counts()
        self.stops.append((tuple(self.path), key, outcome))

    # Selection -------------------------------------------------------------------------
    def _select(self) -> list[Turn]:
        rules = self.rules
        leaves = self.leaves
        best = self._filter(leaves)
        out: dict[tuple[Any, ...], Turn] = {}
        cut = rules.cut
        mover, snaps = self.base.turn, self.snaps
        judged: set[tuple[Any, ...]] = set()
        for leaf in best:
            jan_at = leaf[_L_JAN]
            if cut is _VASA and leaf[_L_WON]:
                continue
            if cut is _BH_SPRANGJAN and jan_at is not None and leaf[_L_JB]:
                continue
            if cut is _CLASSIC_JAN and jan_at is not None:
                steps = leaf[_L_STEPS][: jan_at + 1]
                key = self._replay_key(steps)
                outcome = self._win_at(key, jan_kind(leaf[_L_JB]))
                self._keep(out, steps, key, outcome)
                continue
            # B-21: the win is judged on the board after the whole play.  A board met
            # again with the same jan is the same play (the first one found is kept).
            key = leaf[_L_KEY]
            jan = None if jan_at is None else jan_kind(leaf[_L_JB])
            if (key, jan) in judged:
                continue
            judged.add((key, jan))
            me, op = snaps[key]
            self._keep(out, leaf[_L_STEPS], key, final_outcome(rules, mover, me, op, jan))
        for steps, key, outcome in self.stops:
            self._keep(out, steps, key, outcome)
        if not out:
            return [Turn((), self.base.with_turn(self.base.turn.other), None)]
        return list(out.values())

    def _filter(self, leaves: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The leaves that use the roll as the ruleset obliges (``endings.obliged``)."""
        if not leaves:
            return []
        usage = self.rules.usage
        ms = list(map(_leaf_measure(usage), leaves))
        if not orders_matter(usage, self.dice):  # every order: the greatest measure
            top = max(ms)
            return [lf for lf, m in zip(leaves, ms, strict=True) if m == top]
        best = []
        for a, b in self.spans:
            if b > a:
                part = ms[a:b]
                lf = leaves[a + part.index(max(part))]
                best.append((lf[_L_N], lf[_L_PIPS]))
            else:
                best.append((0, 0))
        allowed, top = obliged(usage, self.dice, self.orders, best)
        if len(allowed) == len(self.spans):  # every order: the leaves as they stand
            return [lf for lf, m in zip(leaves, ms, strict=True) if m == top]
        return [leaves[i] for j, (a, b) in enumerate(self.spans) if j in allowed
                for i in range(a, b) if ms[i] == top]

    def _keep(self, out: dict[tuple[Any, ...], Turn], steps: tuple[Any, ...], key: tuple[Any, ...],
              outcome: Outcome | None) -> None:
        k = (key, outcome.kind if outcome else None, outcome.munk if outcome else None)
        if k in out:
            return
        out[k] = _turn(_steps_of(steps), self._position_from_key(key), outcome)

    def _position_from_key(self, key: tuple[Any, ...]) -> Position:
        me, op = self.snaps[key]
        base = self.base
        mover = base.turn
        col: Side | None = None
        if key[2] and me[7] >= 2:
            col = mover
        elif key[3] and op[7] >= 2:
            col = mover.other
        white, black = (me, op) if mover is Side.WHITE else (op, me)
        return _position(base, white, black, mover.other, col)

    def _replay_key(self, steps: tuple[Any, ...]) -> tuple[Any, ...]:
        board = Board(self.rules, self.base)
        for frm, to, _d, kind in steps:
            board.push(frm, to, kind)
        key = board.key()
        if key not in self.snaps:
            self.snaps[key] = board.counts()
        return key

    def _win_at(self, key: tuple[Any, ...], kind: str) -> Outcome:
        """A win of ``kind`` on the board ``key`` (munk decided there, B-32)."""
        return win(self.rules, kind, self.base.turn, self.snaps[key][1][BAR] > 0)


    # Specials --------------------------------------------------------------------------
    def _column_turn(self) -> Turn:
        """Double-six option (seeds 001, 003): six checkers from home to 7, as a column."""
        me = list(self.board.me)
        me[1] -= 6
        me[7] += 6
        op = tuple(self.board.op)
        mover = self.base.turn
        white, black = (tuple(me), op) if mover is Side.WHITE else (op, tuple(me))
        pos = replace(self.base, white=white, black=black, turn=mover.other, column=mover,
                      onedie=0)
        return Turn(tuple(Step(1, 7, 6) for _ in range(6)), pos, None, "column")

    def _kejsarspel(self) -> Turn | None:
        """Behrens–Helmfrid's kejsarspel: 7 on 24, 7 on 23, the last checker rolls both."""
        me = self.board.me
        if me[24] != 7 or me[23] != 7 or me[OFF] or me[BAR]:
            return None
        q = next(p for p in range(1, 23) if me[p]) if any(me[1:23]) else None
        if q is None or sorted(self.dice) != sorted((24 - q, 23 - q)):
            return None
        board = Board(self.rules, self.base)
        board.me[q] -= 1
        board.me[24] += 1
        outcome = win(self.rules, "kejsarspel", self.base.turn, board.op[BAR] > 0)
        step = Step(q, 24, 24 - q)
        return Turn((step,), board.position(self.base), outcome, "kejsarspel")
