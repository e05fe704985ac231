"""Puff (seed 002; ``docs/rules.md`` P-1..P-6 and G-4): lång, konträr and dubbel konträr puff.

Puff shares bräde's board and numbering but hardly any of its step rules: bands may
stand anywhere, own checkers never block an entry, a lone opposing checker is hit
whether it is landed on or entered on, bands are never hit (P-1, P-2), and a roll is
used die by die in a fixed order with no look-ahead (P-3, P-4).  Bending
``engine.movegen.Board`` to all that would fill it with puff branches, so puff has its own
small step generator here.

A roll is turned into a fixed *sequence* of dice (lower die first; a pasch as upper faces
then lower faces, P-4) and every legal step is tried for each die in turn.  The first die
that cannot be moved ends the roll: for the lower die or an upper face that is the rule
(everything after is forfeited), and for the higher die or a lower face nothing after it
could move either, because the board has not changed and the remaining dice are equal.

A later pasch is eight steps, and on a spread board it has thousands (rarely over
100,000) of distinct results, all of which ``puff_turns`` lists.  Three things keep that
affordable: steps with the same die are tried only in non-decreasing order of their
starting point (every set of such steps reaches the same board in that order, see
``StepWalker._dfs``); a board met again at the same depth is not searched twice; and a board
is one int with a byte per point, so a step is an addition and needs no undo.
``random_turn`` samples one play without listing them all, for long random self-play.

The rulesets ``puff-lang``, ``puff-kontrar`` and ``puff-dubbel-kontrar`` are described in
``engine.rules.puff``.  The module also offers the helpers the game needs for the opening
and for generalpasch (``starter``, ``is_generalpasch_roll``, ``roll_options``) and the
play-out that lenient move notation needs (``play_out``).

``StepWalker`` is the one place puff's step rules live.  Besides ``puff_turns`` it is
driven step by step by the move contract (``engine.plays``: a typed play is walked, never
looked up in the list) and by the computer's beam through a later pasch
(``engine.ai.pasch``): a board is ``(state, hits)``, a step from ``frm`` to ``to`` makes
it ``(state + DELTA[frm][to], hits | 1 << to if hit else hits)``, and ``shared_step``
gives the ``Step`` value a play lists.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.dice import Dice
from engine.errors import DiceError
from engine.position import BAR, CHECKERS, OFF, Geometry, Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Step, Turn

PLAIN, HIT, BLOCKED = 0, 1, 2

#: Points of the puff wins (P-6 and the torn/gåsmarsch variants).
TORN_POINTS, GASMARSCH_POINTS = 4, 3


# -- helpers for the game ---------------------------------------------------------------


def starter(white_die: int, black_die: int) -> Side | None:
    """T-1: in puff the higher opening die starts; a tie (None) is rolled again."""
    if white_die == black_die:
        return None
    return Side.WHITE if white_die > black_die else Side.BLACK


def general_of(white_die: int, black_die: int) -> tuple[int, int]:
    """The generalpasch combination the deciding opening roll defines, higher die first."""
    return max(white_die, black_die), min(white_die, black_die)


def is_generalpasch_roll(rules: RuleSet, position: Position, dice: Dice) -> bool:
    """May the roller name a pasch instead (the generalpasch variant)?

    True when the option is on, the position carries the opening combination and the roll
    shows it (in either order).  The opening is never a tie, so a pasch never matches.
    """
    g = position.general
    return ("generalpasch" in rules.options and g is not None and len(dice) == 2
            and sorted(dice) == sorted(g))


def roll_options(rules: RuleSet, position: Position, dice: Dice) -> list[Dice]:
    """The rolls the player may play ``dice`` as: the dice themselves, and after a
    generalpasch roll also every pasch 1-1 … 6-6 ("får ange valfri pasch").

    The chosen one is passed to ``legal_turns`` exactly like a rolled one; a named pasch
    then counts as the player's first or later pasch, re-rolls and streaks as rolled.
    """
    if is_generalpasch_roll(rules, position, dice):
        return [tuple(dice), *((k, k) for k in range(1, 7))]
    return [tuple(dice)]


def die_sequence(rules: RuleSet, position: Position, dice: Dice) -> tuple[int, ...]:
    """The dice the roll is played as, in order (P-3, P-4): ``5-5`` as a first pasch is
    ``(5, 5, 2, 2)``.  (Lång puff's first roll under ``lang_entry`` may be played in
    either order; its sequence is still listed lower die first.)"""
    _check_dice(dice)
    return _plan(rules, position, dice)[0]


def rolls_again(rules: RuleSet, position: Position, dice: Dice) -> bool:
    """Does this roll let the same player roll again (P-4), unless the play wins?

    Under ``strict_reroll`` only a pasch played in full does; each turn's
    ``position.turn`` gives the answer for that play.
    """
    _check_dice(dice)
    return _plan(rules, position, dice)[1]


def hemspel_points(loser: tuple[int, ...]) -> int:
    """P-6: ×3 with a loser's checker on the bar, else ×2 with one on own 1–6, else 1."""
    if loser[BAR]:
        return 3
    if any(loser[1:7]):
        return 2
    return 1


# -- the generator ----------------------------------------------------------------------


def _check_dice(dice: Dice) -> None:
    if len(dice) != 2 or any(not (isinstance(d, int) and 1 <= d <= 6) for d in dice):
        raise DiceError("dice.bad", text="-".join(str(d) for d in dice))


def _plan(rules: RuleSet, position: Position, dice: Dice) -> tuple[tuple[int, ...], bool]:
    """(die sequence, re-roll after it) for a roll, before any step is tried (P-3, P-4)."""
    a, b = dice
    if a != b:
        return (min(a, b), max(a, b)), False
    d, u = a, 7 - a  # upper face, lower face: opposite faces sum to seven
    opts = rules.options
    if position.turn not in position.pasch:  # the player's first pasch of the game
        if "lang_entry" in opts and position.geometry is Geometry.LANG:
            return (d, d), False  # lang_entry (1): played like an ordinary roll
        return (d, d, u, u), False
    if "fourth_pasch" in opts and position.streak >= 3:
        return (d, d), False  # the fourth pasch in a row: once per upper face, turn ends
    return (d, d, d, d, u, u, u, u), True


_CROSS: dict[Geometry, list[int]] = {
    g: [0, *(g.cross(p) for p in range(1, 25)), 0] for g in Geometry}

_STEPS: dict[tuple[int, int, int, bool], Step] = {}


def shared_step(frm: int, to: int, die: int, hit: bool) -> Step:
    """The one ``Step`` value for a puff step (a few hundred exist), shared by every play."""
    k = (frm, to, die, hit)
    s = _STEPS.get(k)
    if s is None:
        s = _STEPS[k] = Step(frm, to, die, hit, False)
    return s


# The mover's counts are one int, a byte per point (index 0 bar … 25 off), so a step is
# one addition and ``int.to_bytes`` reads the counts back in C.  Hits are a bit set of the
# mover's points where an opposing blot has been hit this roll.
_SHIFT = 8
#: ``DELTA[frm][to]``: what a step from the mover's ``frm`` to ``to`` adds to a state.
DELTA = [[(1 << (_SHIFT * t)) - (1 << (_SHIFT * f)) for t in range(26)] for f in range(26)]
_LOW = sum(255 << (_SHIFT * p) for p in range(1, 19))  # points 1–18
_OFF_SHIFT = _SHIFT * OFF
#: ``StepWalker.path_to``'s slack bytes: ``_SLACK[frm][to]`` has a 1 in bytes frm+1..to,
#: ``_FOUR`` bit 4 of every byte 0..25.
_SLACK = [[sum(1 << (_SHIFT * p) for p in range(f + 1, t + 1)) for t in range(26)]
          for f in range(26)]
_FOUR = sum(16 << (_SHIFT * p) for p in range(26))


def _encode(counts: tuple[int, ...] | list[int]) -> int:
    return int.from_bytes(bytes(counts), "little")


def _decode(state: int) -> tuple[int, ...]:
    return tuple(state.to_bytes(26, "little"))


class StepWalker:
    """One roll of puff, walked step by step: the die sequence (``seq``, ``n`` dice, P-3,
    P-4) and the fixed facts about the board, with the single steps each die allows
    (``steps``), when the same player rolls again (``again``) and the ``Turn`` a walk's
    end makes (``turn_for``, ``position_for``).

    ``land[t]`` says what landing on the mover's point ``t`` did at the start of the roll
    (PLAIN, HIT, BLOCKED); a hit blot's point is plain afterwards.  Boards are passed as
    ``(state, hits)`` ints (``state0`` at the start), so a search needs no undo.  A walk
    starts with ``first_roll()``: lång puff's first roll under ``lang_entry`` is one play
    (``first_roll_turn``), not a walk.
    """

    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        _check_dice(dice)
        self.rules = rules
        self.base = position
        self.double = dice[0] == dice[1]
        self.seq, self.reroll = _plan(rules, position, dice)
        self.n = len(self.seq)
        opts = rules.options
        self.exact = "exact_off" in opts
        self.torn = "torn" in opts
        self.gasmarsch = "gasmarsch" in opts
        self.strict = "strict_reroll" in opts
        g = position.geometry
        lang = "lang_entry" in opts and g is Geometry.LANG
        self.lang = lang
        mover = position.turn
        me, op = position.mover, position.waiting
        self.state0 = _encode(me)
        self.op0 = op
        self.x = x = _CROSS[g]
        # lang_entry (5): while the mover has still to enter all 15 for the first time, a
        # checker entered this roll may go on with the next dice ("mellanlandning").
        self.lang_me = lang and mover not in position.entered
        # lang_entry (4): such a player's blots can be neither hit nor landed on.
        protected = lang and mover.other not in position.entered and op[BAR] > 0
        land = [BLOCKED] * 26
        for t in range(1, 25):
            c = op[x[t]]
            land[t] = PLAIN if c == 0 else HIT if c == 1 and not protected else BLOCKED
        self.land = land
        # Per die, the steps possible before the bear-off if the point is occupied (target
        # on the board and not a band): (from, to, delta, plain step, hitting step, hit bit).
        self.movable = {
            d: [(p, p + d, DELTA[p][p + d], shared_step(p, p + d, d, False),
                 shared_step(p, p + d, d, True), 1 << (p + d) if land[p + d] == HIT else 0)
                for p in range(1, 25 - d) if land[p + d] != BLOCKED]
            for d in set(self.seq)}
        self.path: list[Step] = []
        self.leaves: dict[tuple[int, int, bool], tuple[Step, ...]] = {}
        self.seen: set[tuple[int, int, int, int, int]] = set()
        self._ops: dict[int, tuple[int, ...]] = {}
        self._fields: dict[bool, tuple[Side, frozenset[Side], int]] = {}

    # -- single steps -------------------------------------------------------------------
    def steps(self, d: int, state: int, hits: int, live: int) -> list[tuple[int, int, bool]]:
        """Every legal single step ``(from, to, hit)`` for die ``d`` (P-1, P-2, P-5).

        ``live`` is the point of a checker entered during this roll that lang_entry lets
        continue while others still wait on the bar (0: none).
        """
        b = state.to_bytes(26, "little")
        land = self.land
        if b[BAR]:  # P-1 / T-5: only entering, onto own point d; own checkers never block
            out = []
            k = land[d]
            if k != BLOCKED:
                out.append((BAR, d, k == HIT and not (hits >> d) & 1))
            if live:
                t = live + d
                if t <= 24 and land[t] != BLOCKED:
                    out.append((live, t, land[t] == HIT and not (hits >> t) & 1))
            return out
        if state & _LOW:  # not all in the fourth quarter: no bearing off
            return [(p, t, bool(hb) and not hits & hb)
                    for p, t, _, _, _, hb in self.movable[d] if b[p]]
        # P-5: every checker is on 19–24.  Only the rearmost (or tied rearmost) leaves, with
        # any die that takes it past 24 (exact_off: also any checker exactly to 25); a die
        # that cannot take the rearmost off is used inside the quarter.
        out = []
        rear = 0
        for p in range(19, 25):
            if b[p]:
                if not rear:
                    rear = p
                t = p + d
                if t <= 24:
                    if land[t] != BLOCKED:
                        out.append((p, t, land[t] == HIT and not (hits >> t) & 1))
                elif p == rear or (self.exact and t == OFF):
                    out.append((p, OFF, False))
        return out

    # -- whole rolls --------------------------------------------------------------------
    def first_roll(self) -> bool:
        """lang_entry (2): is this the mover's first roll of the game?

        The position tells: the mover still has all 15 on the bar and the opponent either
        has too (the starter's first roll) or has made exactly one roll, which always
        enters two checkers (the second player's).  Later on neither can hold, because a
        player who has not yet entered all 15 cannot be hit (lang_entry (4)).
        """
        base = self.base
        if not self.lang or base.mover[BAR] != CHECKERS or base.turn in base.entered:
            return False
        if self.double and self.n != 2:
            return False  # only a first pasch can be a first roll
        return self.op0[BAR] in (CHECKERS, CHECKERS - 2)

    def run(self) -> list[Turn]:
        if self.first_roll():
            return [self.first_roll_turn()]
        self._dfs(0, self.state0, 0, 0, 0)
        return [self.turn_for(key, path) for key, path in self.leaves.items()]

    def _dfs(self, i: int, state: int, hits: int, min_from: int, live: int) -> None:
        """Depth-first over the die sequence; a die with no legal step ends the roll.

        Canonical order: of consecutive steps with the same die, only those with
        non-decreasing starting points are tried.  Any legal order of such steps can be
        sorted that way and stays legal with the same result: a later step never depends
        on an earlier one from a higher point (it cannot supply the checker, bring the last
        checker home or make the mover's rearmost), and hits only ever free points.
        lang_entry's entering steps are exempt (``min_from`` 0), their order matters.
        Boards met again at the same depth are not searched twice.
        """
        if i:
            k = (i, state, hits, live, min_from)
            if k in self.seen:
                return
            self.seen.add(k)
        seq = self.seq
        d = seq[i]
        last = i + 1 == self.n
        path = self.path
        if not state & 255 and state & _LOW:
            # The common case, inlined: free steps before the bear-off.
            b = state.to_bytes(26, "little")
            moves = [m for m in self.movable[d] if b[m[0]]]
            if not moves:
                self._leaf(state, hits, i)
                return
            same_next = not last and seq[i + 1] == d
            leaves = self.leaves
            simple_leaf = last and not (self.torn or self.gasmarsch)
            reroll = self.reroll
            for frm, _to, delta, plain, hitting, hb in moves:
                if frm < min_from:
                    continue
                if hb and not hits & hb:
                    h2 = hits | hb
                    path.append(hitting)
                else:
                    h2 = hits
                    path.append(plain)
                s2 = state + delta
                if simple_leaf:
                    key = (s2, h2, reroll and (s2 >> _OFF_SHIFT) & 255 != CHECKERS)
                    if key not in leaves:
                        leaves[key] = tuple(path)
                elif last:
                    self._leaf(s2, h2, self.n)
                else:
                    self._dfs(i + 1, s2, h2, frm if same_next else 0, 0)
                path.pop()
            return
        cands = self.steps(d, state, hits, live)
        if not cands:
            self._leaf(state, hits, i)
            return
        same_next = not last and seq[i + 1] == d
        on_bar = state & 255
        lang_me = self.lang_me
        for frm, to, hit in cands:
            if frm < min_from:
                continue
            s2 = state + DELTA[frm][to]
            h2 = hits | (1 << to) if hit else hits
            path.append(shared_step(frm, to, d, hit))
            if last:
                self._leaf(s2, h2, self.n)
            elif on_bar:
                self._dfs(i + 1, s2, h2, 0, to if lang_me and to <= 24 else 0)
            else:
                self._dfs(i + 1, s2, h2, frm if same_next else 0, 0)
            path.pop()

    def path_to(self, key: tuple[int, int, bool]) -> tuple[Step, ...] | None:
        """The steps ``puff_turns`` lists for the result ``key`` (``(state, hits, again)``
        of a play's end), or None when no play ends there.

        ``puff_turns`` keeps the first path its search finds to each result, so this is
        that search (``_dfs``'s order: same-die steps by non-decreasing origin) stopped at
        the first path to ``key``, giving up every branch that cannot reach it:

        - the mover's checkers only move forward, so none of its points may hold more of
          its checkers from there on than the result does (``_SLACK`` below);
        - every checker standing where the result has fewer must still move, one step
          each at least, so there must be as many steps left;
        - the result's hits are the only ones, and each one not yet made needs a step.

        Checking a typed play (``engine.plays``) asks this once, after the play's own walk
        found its result; on a later pasch the plain search met thousands of boards.
        """
        if self.first_roll():
            return None
        state_t, hits_t, again_t = key
        tgt = state_t.to_bytes(26, "little")
        start = self.state0.to_bytes(26, "little")
        # slack[p]: the result's checkers on points p..25 less the board's (never < 0).
        # Kept as one int, slack + 16 in byte p: a step frm -> to takes one from bytes
        # frm + 1 .. to, and a byte below 16 (bit 4 clear) is a point with too many.
        lanes = 0
        have = want = 0
        for p in range(OFF, -1, -1):
            have += start[p]
            want += tgt[p]
            if have > want:
                return None
            lanes |= (want - have + 16) << (_SHIFT * p)
        excess = sum(max(0, start[p] - tgt[p]) for p in range(OFF + 1))
        n, seq, reroll = self.n, self.seq, self.reroll
        others = ~hits_t
        seen: set[tuple[int, int, int, int, int]] = set()
        path: list[Step] = []

        def rec(i: int, state: int, hits: int, live: int, min_from: int, lanes: int,
                excess: int) -> bool:
            k = (i, state, hits, live, min_from)
            if k in seen:
                return False
            seen.add(k)
            cands = self.steps(seq[i], state, hits, live) if i < n else []
            if not cands:
                return (state == state_t and hits == hits_t
                        and (self.again(state, i) if reroll else False) == again_t)
            left = n - i - 1  # steps left after this one
            d = seq[i]
            same_next = left and seq[i + 1] == d
            on_bar = state & 255
            lang_me = self.lang_me
            for frm, to, hit in cands:
                if frm < min_from:
                    continue
                h2 = hits | (1 << to) if hit else hits
                if h2 & others:
                    continue
                l2 = lanes - _SLACK[frm][to]
                if l2 & _FOUR != _FOUR:
                    continue
                e2 = (excess - ((state >> (_SHIFT * frm)) & 255 > tgt[frm])
                      + ((state >> (_SHIFT * to)) & 255 >= tgt[to]))
                if e2 > left or (hits_t & ~h2).bit_count() > left:
                    continue
                path.append(shared_step(frm, to, d, hit))
                if rec(i + 1, state + DELTA[frm][to], h2,
                       to if on_bar and lang_me and to <= 24 else 0,
                       frm if same_next and not on_bar else 0, l2, e2):
                    return True
                path.pop()
            return False

        return tuple(path) if rec(0, self.state0, 0, 0, 0, lanes, excess) else None

    @staticmethod
    def borne_off(state: int) -> int:
        """How many of the mover's checkers ``state`` has borne off."""
        return (state >> _OFF_SHIFT) & 255

    def again(self, state: int, n: int) -> bool:
        """Does the same player roll next after a play of ``n`` steps that ends on
        ``state`` (P-4, strict_reroll)?"""
        if not self.reroll or (self.strict and n != self.n):
            return False
        return not self._won(state)

    def _won(self, state: int) -> bool:
        if (state >> _OFF_SHIFT) & 255 == CHECKERS:
            return True
        return (self.torn or self.gasmarsch) and self._formation(_decode(state)) is not None

    def _leaf(self, state: int, hits: int, n: int) -> None:
        key = (state, hits, self.again(state, n) if self.reroll else False)
        if key not in self.leaves:
            self.leaves[key] = tuple(self.path)

    def first_roll_turn(self) -> Turn:
        """lang_entry (2): one checker per die, in either order; a die whose point the
        opponent occupies (band or blot) is forfeited, the lower die included."""
        state = self.state0
        steps = []
        for d in self.seq:
            if self.op0[self.x[d]] == 0:
                state += DELTA[BAR][d]
                steps.append(shared_step(BAR, d, d, False))
        return self.turn_for((state, 0, False), tuple(steps))

    # -- results ------------------------------------------------------------------------
    def _formation(self, me: tuple[int, ...]) -> str | None:
        """The torn or gåsmarsch the mover's checkers form, if that option is on."""
        if self.torn and max(me[1:25]) == CHECKERS:
            return "torn"
        if self.gasmarsch and me[BAR] == 0 and me[OFF] == 0 and max(me[1:25]) == 1:
            first = me.index(1)
            if first <= 10 and all(me[first:first + CHECKERS]):
                return "gasmarsch"
        return None

    def _outcome(self, me: tuple[int, ...], op: tuple[int, ...]) -> Outcome | None:
        mover = self.base.turn
        if me[OFF] == CHECKERS:
            return Outcome("hemspel", hemspel_points(op), False, mover)
        if self.torn or self.gasmarsch:
            f = self._formation(me)
            if f == "torn":
                return Outcome("torn", TORN_POINTS, False, mover)
            if f == "gasmarsch":
                return Outcome("gasmarsch", GASMARSCH_POINTS, False, mover)
        return None

    def _op_after(self, hits: int) -> tuple[int, ...]:
        op = self._ops.get(hits)
        if op is None:
            lst = list(self.op0)
            t = 0
            h = hits
            while h:
                if h & 1:
                    lst[self.x[t]] = 0
                    lst[BAR] += 1
                h >>= 1
                t += 1
            op = self._ops[hits] = tuple(lst)
        return op

    def position_for(self, state: int, hits: int, again: bool) -> Position:
        fields = self._fields.get(again)
        base = self.base
        mover = base.turn
        if fields is None:
            pasch = base.pasch | {mover} if self.double else base.pasch
            fields = self._fields[again] = (
                mover if again else mover.other, pasch, base.streak + 1 if again else 0)
        nxt, pasch, streak = fields
        me = _decode(state)
        op = self._op_after(hits)
        white, black = (me, op) if mover is Side.WHITE else (op, me)
        entered = base.entered
        if self.lang and not me[BAR] and mover not in entered:
            entered = entered | {mover}
        return Position(white, black, nxt, base.geometry, None, pasch, streak, 0,
                        base.general, entered)

    def turn_for(self, key: tuple[int, int, bool], steps: tuple[Step, ...]) -> Turn:
        state, hits, again = key
        pos = self.position_for(state, hits, again)
        outcome = None
        if (state >> _OFF_SHIFT) & 255 == CHECKERS or self.torn or self.gasmarsch:
            outcome = self._outcome(_decode(state), self._op_after(hits))
        return Turn(steps, pos, outcome)


def puff_turns(rules: RuleSet, position: Position, dice: Dice) -> list[Turn]:
    """Every legal play of ``dice`` from ``position`` under a puff ruleset (P-1..P-6).

    One turn per distinct (resulting position, outcome); a forfeited roll is a single
    turn without steps.  ``turn.position.turn`` is whoever rolls next: the same player
    after a pasch that re-rolls (P-4), with ``pasch``/``streak`` updated.
    """
    return StepWalker(rules, position, tuple(dice)).run()


def random_turn(rules: RuleSet, position: Position, dice: Dice, rng: random.Random) -> Turn:
    """One legal play of ``dice``, picked by a random walk: each die takes a uniformly
    chosen legal step, and the walk stops where the rules stop the roll.

    The play's position and outcome are those of one of ``puff_turns`` (its steps may be
    listed in another order), but plays are not equally likely, and it costs only the
    steps: a later pasch can have tens of thousands of distinct results, so long random
    self-play of puff uses this instead of choosing among all of them.
    """
    gen = StepWalker(rules, position, tuple(dice))
    if gen.first_roll():
        return gen.first_roll_turn()
    state, hits, live = gen.state0, 0, 0
    steps: list[Step] = []
    for d in gen.seq:
        cands = gen.steps(d, state, hits, live)
        if not cands:
            break
        frm, to, hit = cands[rng.randrange(len(cands))]
        live = to if state & 255 and gen.lang_me and to <= 24 else 0
        state += DELTA[frm][to]
        if hit:
            hits |= 1 << to
        steps.append(shared_step(frm, to, d, hit))
    again = gen.again(state, len(steps))
    return gen.turn_for((state, hits, again), tuple(steps))


# -- notation ---------------------------------------------------------------------------


def play_out(rules: RuleSet, position: Position, dice: Dice,
             hops: list[tuple[int, int]]) -> set[Position]:
    """Every legal end position of playing the typed ``hops`` (``(from, to)``, 25 off).

    A hop may use several dice and need not use consecutive ones (in a pasch ``1/8`` can
    be a five of the upper faces and a two of the lower ones); hops may be played in any
    order, the dice only in the roll's order.  A play that stops while the roll could still
    go on is not a legal turn and gives nothing.  Positions equal those of ``puff_turns``.
    """
    gen = StepWalker(rules, position, tuple(dice))
    if gen.first_roll():
        turn = gen.first_roll_turn()
        typed = Counter(hops)
        return {turn.position} if typed == Counter((s.frm, s.to) for s in turn.steps) else set()
    seq = gen.seq
    out: set[Position] = set()
    seen: set[tuple[Any, ...]] = set()

    def rec(i: int, state: int, hits: int, pending: list[tuple[int, int]], live: int) -> None:
        key = (i, state, hits, live, tuple(sorted(pending)))
        if key in seen:
            return
        seen.add(key)
        if not pending:
            if i == len(seq) or not gen.steps(seq[i], state, hits, live):
                out.add(gen.position_for(state, hits, gen.again(state, i)))
            return
        if i == len(seq):
            return
        on_bar = state & 255
        cands = gen.steps(seq[i], state, hits, live)
        for j, (cur, goal) in enumerate(pending):
            if (cur, goal) in pending[:j]:
                continue
            for frm, to, hit in cands:
                if frm != cur or (to > goal and goal != OFF):
                    continue
                rest = pending[:j] + pending[j + 1:]
                if to != goal:
                    if to == OFF:
                        continue
                    rest.append((to, goal))
                rec(i + 1, state + DELTA[frm][to], hits | (1 << to) if hit else hits, rest,
                    to if on_bar and gen.lang_me and to <= 24 else 0)

    rec(0, gen.state0, 0, list(hops), 0)
    return out


__all__ = [
    "DELTA", "GASMARSCH_POINTS", "TORN_POINTS", "StepWalker", "die_sequence", "general_of",
    "hemspel_points", "is_generalpasch_roll", "play_out", "puff_turns", "random_turn",
    "roll_options", "rolls_again", "shared_step", "starter",
]
