"""Legal turns for bräde and backgammon: whole step sequences, filtered by the roll's use.

The shape follows gnubg's generator: enumerate every sequence of single-die steps
(depth-first with undo, so no position is copied until a turn is kept), keep the ones the
ruleset's obligation allows (B-20 max pips, seed 003's max dice, backgammon's both-dice
rule), then deduplicate by (resulting position, outcome).  The ruleset-specific wins that
cut a turn short (vasa's winning step, classic's jan, Behrens–Helmfrid's sprängjan) are
recorded as the search passes them.
"""

from __future__ import annotations

from dataclasses import replace

from engine.dice import Dice
from engine.errors import DiceError
from engine.position import BAR, OFF, Position, Side
from engine.rules.ruleset import RuleSet
from engine.scoring import points
from engine.turn import Outcome, Step, Turn

PLAIN, HIT, BURST = 0, 1, 2


class Board:
    """The mutable working state of one turn: the mover's and the opponent's counts.

    ``me`` is in the mover's numbering, ``op`` in the opponent's; ``x`` maps a mover point
    to the opponent's number for the same board point (G-4).  Steps are applied with
    ``push`` and taken back with ``pop`` so the search never copies a position.
    """

    __slots__ = ("brade", "me", "my_col", "op", "op_col", "rules", "undo", "x")

    def __init__(self, rules: RuleSet, position: Position) -> None:
        self.rules = rules
        self.me = list(position.mover)
        self.op = list(position.waiting)
        self.x = _cross(position)
        self.my_col = position.column is position.turn
        self.op_col = position.column is position.turn.other
        self.undo: list[tuple[int, int, int, int, bool, bool]] = []
        self.brade = rules.is_brade

    # -- single steps -------------------------------------------------------------------
    def steps(self, d: int) -> list[tuple[int, int, int]]:
        """Every legal single step ``(from, to, kind)`` for die ``d`` (RULES.md §2–§4)."""
        me, op, x, rules = self.me, self.op, self.x, self.rules
        if me[BAR]:  # T-5: while on the bar every step enters
            t = d
            if me[t] and self.brade:  # B-2: never onto own checkers, home included
                return []
            q = x[t]
            c = op[q]
            if c == 0:
                return [(BAR, t, PLAIN)]
            if c == 1 or (self.op_col and q == 7):
                return [(BAR, t, HIT)]
            if self._entry_burst_ok(q):
                return [(BAR, t, BURST)]
            return []
        out: list[tuple[int, int, int]] = []
        bear_ok: bool | None = None
        for p in range(1, 25):
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
                    if rules.max_band_run and me[t] == 1 and self._run_too_long(t):
                        continue
                out.append((p, t, PLAIN))
                continue
            q = x[t]
            c = op[q]
            if c == 0:
                out.append((p, t, PLAIN))
            elif c == 1 or (self.op_col and q == 7):
                out.append((p, t, HIT))
            elif rules.blockade_burst and me[OFF] != 14 and self._blockade(q) >= 6:
                out.append((p, t, BURST))  # B-10
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

    def _blockade(self, q: int) -> int:
        """Length of the run of opponent bands through the opponent's point ``q`` (G-5)."""
        op, col = self.op, self.op_col
        lo = q
        while lo > 1 and op[lo - 1] >= 2 and not (col and lo - 1 == 7):
            lo -= 1
        hi = q
        while hi < 24 and op[hi + 1] >= 2 and not (col and hi + 1 == 7):
            hi += 1
        return hi - lo + 1

    def _blockade_span(self, q: int) -> tuple[int, int]:
        op, col = self.op, self.op_col
        lo = q
        while lo > 1 and op[lo - 1] >= 2 and not (col and lo - 1 == 7):
            lo -= 1
        hi = q
        while hi < 24 and op[hi + 1] >= 2 and not (col and hi + 1 == 7):
            hi += 1
        return lo, hi

    def _entry_burst_ok(self, q: int) -> bool:
        """May an entering checker burst the band on the opponent's point ``q``?"""
        rules, me = self.rules, self.me
        if not self.brade or me[OFF] == 14:  # B-13
            return False
        if rules.blockade_burst and rules.entry_blockade and self._blockade(q) >= 6:
            if rules.entry_blockade == "any":
                return True
            lo, hi = self._blockade_span(q)  # B-11: reaches into the mover's 2nd quarter
            if lo <= self.x[7] <= hi:
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

    def _run_too_long(self, t: int) -> bool:
        """Classic: would a new band on ``t`` make more than five in a row (opponent's path)?"""
        if self.op[OFF] == 14:
            return False
        me, x = self.me, self.x
        if t == 12:
            return False

        def band_at_opp(qq: int) -> bool:
            p = x[qq]
            return p != 12 and me[p] >= 2

        q = x[t]
        n = 1
        j = q - 1
        while j >= 1 and band_at_opp(j):
            n += 1
            j -= 1
        j = q + 1
        while j <= 24 and band_at_opp(j):
            n += 1
            j += 1
        return n > self.rules.max_band_run  # type: ignore[operator]

    # -- applying -----------------------------------------------------------------------
    def push(self, frm: int, to: int, kind: int) -> None:
        me, op = self.me, self.op
        me[frm] -= 1
        me[to] += 1
        hit = 0
        if kind:
            q = self.x[to]
            hit = op[q]
            op[q] = 0
            op[BAR] += hit
        my_col, op_col = self.my_col, self.op_col
        if my_col and frm == 7 and me[7] < 2:
            self.my_col = False
        if op_col and kind and self.x[to] == 7:
            self.op_col = False
        self.undo.append((frm, to, kind, hit, my_col, op_col))

    def pop(self) -> None:
        frm, to, kind, hit, my_col, op_col = self.undo.pop()
        me, op = self.me, self.op
        me[frm] += 1
        me[to] -= 1
        if kind:
            op[self.x[to]] = hit
            op[BAR] -= hit
        self.my_col, self.op_col = my_col, op_col

    # -- judging ------------------------------------------------------------------------
    def opponent_jan(self) -> bool:
        """B-33: bar + own first-quarter points occupied > 6."""
        op = self.op
        return op[BAR] + (op[1] > 0) + (op[2] > 0) + (op[3] > 0) + (op[4] > 0) + (
            op[5] > 0) + (op[6] > 0) > 6

    def beautiful(self) -> str | None:
        """B-31: the vackert spel the mover's checkers form, if any."""
        me = self.me
        if me[OFF] or me[24] < 3:
            return None
        if me[24] == 15:
            return "uppspel"
        if me[20] == me[21] == me[22] == me[23] == me[24] == 3:
            return "enkelt-kronspel"
        if me[22] == me[23] == me[24] == 5:
            return "dubbelt-kronspel"
        if me[22] == 3 and me[23] == 5 and me[24] == 7:
            return "trappspel"
        return None

    def key(self) -> tuple:
        return (tuple(self.me), tuple(self.op), self.my_col, self.op_col)

    def position(self, base: Position, next_turn: Side | None = None) -> Position:
        mover = base.turn
        col: Side | None = None
        if self.my_col and self.me[7] >= 2:
            col = mover
        elif self.op_col and self.op[7] >= 2:
            col = mover.other
        me, op = tuple(self.me), tuple(self.op)
        white, black = (me, op) if mover is Side.WHITE else (op, me)
        return replace(base, white=white, black=black,
                       turn=mover.other if next_turn is None else next_turn, column=col,
                       onedie=0)


_CROSS_CACHE: dict[object, list[int]] = {}


def _cross(position: Position) -> list[int]:
    g = position.geometry
    t = _CROSS_CACHE.get(g)
    if t is None:
        t = [0] + [g.cross(p) for p in range(1, 25)] + [0]
        _CROSS_CACHE[g] = t
    return t


# -- whole turns ----------------------------------------------------------------------


class _Leaf:
    __slots__ = ("jan_at", "jan_burst", "key", "n", "pips", "snap", "state", "steps", "won")

    def __init__(self, steps, key, n, pips, jan_at, jan_burst, won, snap, state):
        self.steps = steps
        self.key = key
        self.n = n
        self.pips = pips
        self.jan_at = jan_at
        self.jan_burst = jan_burst
        self.won = won
        self.snap = snap
        self.state = state


def check_dice(dice: Dice) -> None:
    if len(dice) not in (1, 2) or any(not (isinstance(d, int) and 1 <= d <= 6) for d in dice):
        raise DiceError("dice.bad", text=str(dice))


def legal_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """Every legal complete play of ``dice`` from ``position`` (RULES.md §2–§4)."""
    check_dice(dice)
    if rules.family == "puff":
        from engine.puff import puff_turns

        return puff_turns(rules, position, dice)
    return _Search(rules, position, dice).run()


class _Search:
    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        self.rules = rules
        self.base = position
        self.dice = dice
        self.double = len(dice) == 2 and dice[0] == dice[1]
        self.board = Board(rules, position)
        self.leaves: list[_Leaf] = []
        self.stops: list[tuple[tuple[Step, ...], tuple, Outcome]] = []
        self.path: list[Step] = []
        self.seen: set[tuple] = set()
        self.start_pips = self._distance()

    def _distance(self) -> int:
        me = self.board.me
        return sum((25 - p) * me[p] for p in range(25))

    def run(self) -> list[Turn]:
        rules, board, dice = self.rules, self.board, self.dice
        specials: list[Turn] = []
        mover = self.base.turn
        if rules.is_brade and rules.double_six and dice == (6, 6) and board.me[1] == 15:
            if board.op_col:
                # seed 003: the opponent's column goes home when the own first roll is 6-6
                board.op[1] += board.op[7]
                board.op[7] = 0
                board.op_col = False
                self.base = board.position(self.base, mover)
            specials.append(self._column_turn())
        if rules.kejsarspel and not self.double and len(dice) == 2:
            k = self._kejsarspel()
            if k is not None:
                return [k]
        if len(dice) == 1:
            orders: list[tuple[int, ...]] = [dice]
        elif self.double:
            orders = [(dice[0],) * 4]
        else:
            orders = [dice, (dice[1], dice[0])]
        for seq in orders:
            self.seen.clear()
            self._dfs(seq, 0, None, False, False)
        turns = self._select()
        return turns + specials

    # The search ------------------------------------------------------------------------
    def _dfs(self, seq: tuple[int, ...], i: int, jan_at: int | None, jan_burst: bool,
             won: bool) -> None:
        board = self.board
        if i == len(seq):
            self._leaf(i, jan_at, jan_burst, won)
            return
        if self.double and i:
            k = (i, board.key(), jan_at is not None, jan_burst, won)
            if k in self.seen:
                return
            self.seen.add(k)
        d = seq[i]
        cands = board.steps(d)
        if not cands:
            self._leaf(i, jan_at, jan_burst, won)
            return
        cut = self.rules.cut
        for frm, to, kind in cands:
            board.push(frm, to, kind)
            self.path.append(Step(frm, to, d, kind == HIT, kind == BURST))
            j_at, j_b, w = jan_at, jan_burst, won
            if kind and j_at is None and self.rules.is_brade and board.opponent_jan():
                j_at, j_b = i, kind == BURST
                if cut == "bh_sprangjan" and j_b:
                    self._stop(Outcome("sprangjan", 0, False, self.base.turn))
                    w = True
            if cut == "vasa" and not won:
                o = self._win_now(j_at, j_b)
                if o is not None:
                    self._stop(o)
                    w = True
            # Past a stopping win the search goes on: the rest of the sequence still
            # counts when the best use of the roll is measured "as if there were no
            # stopping" (vasa), and is dropped from the kept plays in _select.
            self._dfs(seq, i + 1, j_at, j_b, w)
            self.path.pop()
            board.pop()

    def _leaf(self, n: int, jan_at: int | None, jan_burst: bool, won: bool) -> None:
        board = self.board
        self.leaves.append(_Leaf(tuple(self.path), board.key(), n,
                                 self.start_pips - self._distance(), jan_at, jan_burst, won,
                                 None, None))

    def _stop(self, outcome: Outcome) -> None:
        self.stops.append((tuple(self.path), self.board.key(), outcome))

    def _win_now(self, jan_at: int | None, jan_burst: bool) -> Outcome | None:
        """Vasa: does the position right now win (hemspel, vackert spel, jan)?"""
        board = self.board
        if board.me[OFF] == 15:
            return self._outcome("hemspel")
        b = board.beautiful()
        if b:
            return self._outcome(b)
        if jan_at is not None:
            return self._outcome("sprangjan" if jan_burst else "jan")
        return None

    def _outcome(self, kind: str) -> Outcome:
        munk = kind not in ("jan", "sprangjan") and self.board.op[BAR] > 0
        pts, tick = points(self.rules.scoring, kind, munk)
        return Outcome(kind, pts, munk, self.base.turn, tick)

    # Selection -------------------------------------------------------------------------
    def _select(self) -> list[Turn]:
        rules = self.rules
        leaves = self.leaves
        best = self._filter(leaves)
        out: dict[tuple, Turn] = {}
        cut = rules.cut
        for leaf in best:
            if cut == "vasa" and leaf.won:
                continue
            if cut == "bh_sprangjan" and leaf.jan_at is not None and leaf.jan_burst:
                continue
            if cut == "classic_jan" and leaf.jan_at is not None:
                steps = leaf.steps[: leaf.jan_at + 1]
                key = self._replay_key(steps)
                outcome = self._outcome_for_key(key, "sprangjan" if leaf.jan_burst else "jan")
                self._keep(out, steps, key, outcome)
                continue
            outcome = self._final_outcome(leaf)
            self._keep(out, leaf.steps, leaf.key, outcome)
        for steps, key, outcome in self.stops:
            if cut == "bh_sprangjan":
                outcome = self._outcome_for_key(key, "sprangjan")
            self._keep(out, steps, key, outcome)
        if not out:
            return [Turn((), self.base.with_turn(self.base.turn.other), None)]
        return list(out.values())

    def _filter(self, leaves: list[_Leaf]) -> list[_Leaf]:
        usage = self.rules.usage
        if not leaves:
            return []
        if usage == "max_pips":
            top = max(lf.pips for lf in leaves)
            return [lf for lf in leaves if lf.pips == top]
        top_n = max(lf.n for lf in leaves)
        kept = [lf for lf in leaves if lf.n == top_n]
        if top_n == 1 and len(self.dice) == 2 and not self.double:
            hi = max(self.dice)
            higher = [lf for lf in kept if lf.steps[0].die == hi]
            if higher:
                kept = higher
        if usage == "max_dice":
            top = max(lf.pips for lf in kept)
            kept = [lf for lf in kept if lf.pips == top]
        return kept

    def _keep(self, out: dict[tuple, Turn], steps: tuple[Step, ...], key: tuple,
              outcome: Outcome | None) -> None:
        k = (key, outcome.kind if outcome else None, outcome.munk if outcome else None)
        if k in out:
            return
        out[k] = Turn(steps, self._position_from_key(key), outcome)

    def _position_from_key(self, key: tuple) -> Position:
        me, op, my_col, op_col = key
        board = self.board
        saved = (board.me, board.op, board.my_col, board.op_col)
        board.me, board.op, board.my_col, board.op_col = list(me), list(op), my_col, op_col
        pos = board.position(self.base)
        board.me, board.op, board.my_col, board.op_col = saved
        return pos

    def _replay_key(self, steps: tuple[Step, ...]) -> tuple:
        board = Board(self.rules, self.base)
        for s in steps:
            board.push(s.frm, s.to, BURST if s.burst else HIT if s.hit else PLAIN)
        return board.key()

    def _outcome_for_key(self, key: tuple, kind: str) -> Outcome:
        op = key[1]
        munk = kind not in ("jan", "sprangjan") and op[BAR] > 0
        pts, tick = points(self.rules.scoring, kind, munk)
        return Outcome(kind, pts, munk, self.base.turn, tick)

    def _final_outcome(self, leaf: _Leaf) -> Outcome | None:
        """Wins judged after the whole turn (B-21): the most valuable one that holds."""
        me, op, _, _ = leaf.key
        rules = self.rules
        if rules.family == "backgammon":
            if me[OFF] != 15:
                return None
            if op[OFF]:
                kind = "single"
            else:
                # gammon; backgammon if the loser still has a checker on the bar or in the
                # winner's home board (the loser's own points 1..6).
                kind = "backgammon" if op[BAR] or any(op[1:7]) else "gammon"
            return Outcome(kind, points("bg", kind)[0], False, self.base.turn)
        found: list[Outcome] = []
        if me[OFF] == 15:
            found.append(self._outcome_for_key(leaf.key, "hemspel"))
        elif not me[OFF]:
            saved = self.board.me
            self.board.me = list(me)
            b = self.board.beautiful()
            self.board.me = saved
            if b:
                found.append(self._outcome_for_key(leaf.key, b))
        if leaf.jan_at is not None:
            found.append(self._outcome_for_key(leaf.key,
                                               "sprangjan" if leaf.jan_burst else "jan"))
        if not found:
            return None
        return max(found, key=lambda o: (o.points, o.kind in ("jan", "sprangjan")))

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
        munk = board.op[BAR] > 0
        pts, tick = points(self.rules.scoring, "kejsarspel", munk)
        outcome = Outcome("kejsarspel", pts, munk, self.base.turn, tick)
        step = Step(q, 24, 24 - q)
        return Turn((step,), board.position(self.base), outcome, "kejsarspel")
