"""The move contract: validate, suggest and count plays by walking their steps (issue 12).

``legal_turns`` lists every play of a roll, and a later puff pasch has up to ~145,000
of them; a player's path never needs that list.  It needs to know whether a typed play
is legal (and which ``Turn`` it is), a few plays that match what has been typed, and
whether exactly one play exists.  Each is answered here by walking single steps through
the rules' own step generators (``movegen.Board.steps`` for bräde and backgammon, the
generator in ``engine.puff`` for puff), so a rule fixed there holds here too.

Bräde's obligation (B-20 max pips, seed 003's max dice, backgammon's both dice) asks for
the best use of the roll; that is computed once per roll by a depth-first search with a
memo by position that stops a branch as soon as it reaches the theoretical maximum (every
die, full pips), and then a walk prunes every branch that cannot reach it.  Puff has no
look-ahead (P-3): a play is legal when every step is legal for its die and it stops only
where the next die cannot move.

The ``Turn`` a typed play validates to equals the one ``legal_turns`` lists (same steps,
position and outcome), wins that cut a turn short included: the matched result is looked
up again in ``legal_turns``' own search order, pruned to the branches that can still reach
that result.  Special plays that are not step sequences (the double-six column,
kejsarspel) occur on small rolls only; there the list is used (``_ListRoll``).
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.dice import Dice
from engine.endings import (
    Measure,
    dice_orders,
    final_outcome,
    jan_kind,
    measure,
    obliged,
    win,
    win_now,
)
from engine.errors import AmbiguousMove, IllegalMove, MoveError, UnparsableMove
from engine.generators import legal_turns
from engine.hops import (
    dice_pool,
    echo,
    first_obstacle,
    parse_hops,
    point_name,
    reachable,
    steps_needed,
)
from engine.movegen import BURST, HIT, Board, check_dice
from engine.position import BAR, OFF, Position, Side
from engine.puff import DELTA, StepWalker, shared_step
from engine.rules.ruleset import Cut, RuleSet
from engine.turn import Outcome, Step, Turn
from engine.words import READ_BAR, READ_OFF

#: The cuts as plain names: a search compares them at every step, and an enum member
#: looked up there (``Cut.VASA``) costs a measurable share of a small search.
_VASA, _CLASSIC_JAN, _BH_SPRANGJAN = Cut.VASA, Cut.CLASSIC_JAN, Cut.BH_SPRANGJAN

#: Autocomplete shows at most this many plays (Discord's limit).
SUGGESTIONS = 25
#: Plays a shuffled suggestion draws from (a problem's roll has far fewer).
SHUFFLED_POOL = 5000
_FORFEIT_WORDS = ("-", "–", "pass", "fåta", "fata")

# -- constraints on the walk --------------------------------------------------------------
# A walk visits legal step sequences; a constraint says which steps it may take next and
# whether a play may end here.  Its state is hashable so the walk's memo can include it.
# A constraint that ``prunes`` also says whether a play can still end here at all with
# the dice left (``fits``), so the walk gives up a branch as soon as it cannot.


class _Free:
    """Any play."""

    start: Any = ()
    prunes = False

    def fits(self, cs: Any, rest: tuple[int, ...]) -> bool:
        return True

    def advance(self, cs: Any, frm: int, to: int) -> list[Any]:
        return [cs]

    def complete(self, cs: Any) -> bool:
        return True

    def free(self, cs: Any) -> bool:
        return True


_FREE = _Free()


class _Hops:
    """The typed hops ``(from, to)``, each split into steps of any dice: in any order, or
    (``ordered``) one after the other in the order typed.

    The order typed is the order played (``docs/rules.md``, "Move text"): it can decide a
    play's outcome, a jan completed by a hit or by a burst (B-34), so a typed play is first
    walked in its own order and in any order only when that order cannot be played.
    """

    prunes = True

    def __init__(self, hops: list[tuple[int, int]], ordered: bool = False) -> None:
        self.ordered = ordered
        self.start: Any = tuple(hops) if ordered else tuple(sorted(hops))
        self._fits: dict[tuple[Any, ...], bool] = {}

    def fits(self, cs: Any, rest: tuple[int, ...]) -> bool:
        """Can the hops still pending in ``cs`` be played with the dice ``rest``?"""
        k = (cs, rest)
        got = self._fits.get(k)
        if got is None:
            got = self._fits[k] = _hops_fit(self.pending(cs), rest)
        return got

    def pending(self, cs: Any) -> tuple[tuple[int, int], ...]:
        hops: tuple[tuple[int, int], ...] = cs  # unordered: the state is the hops left
        return hops

    def advance(self, cs: Any, frm: int, to: int) -> list[Any]:
        if self.ordered:  # only the first hop still pending may move
            if not cs or cs[0][0] != frm:
                return []
            goal = cs[0][1]
            if to == goal:
                return [cs[1:]]
            return [((to, goal), *cs[1:])] if to < goal and to != OFF else []
        out = []
        prev = None
        for j, hop in enumerate(cs):
            if hop == prev:
                continue
            prev = hop
            cur, goal = hop
            if cur != frm:
                continue
            if to == goal:
                out.append(cs[:j] + cs[j + 1:])
            elif to < goal and to != OFF:
                out.append(tuple(sorted((*cs[:j], *cs[j + 1:], (to, goal)))))
        return out

    def complete(self, cs: Any) -> bool:
        return not cs

    def free(self, cs: Any) -> bool:
        return False


class _Prefix(_Hops):
    """Plays that begin with the typed hops and then a step whose text starts with the
    partly typed last word (``8/1`` matches ``8/10`` and ``8/11``)."""

    def __init__(self, hops: list[tuple[int, int]], partial: str) -> None:
        super().__init__(hops)
        self.partial = partial
        self.start = (self.start, not partial)

    def advance(self, cs: Any, frm: int, to: int) -> list[Any]:
        pending, done = cs
        if pending:
            return [(p, done) for p in _Hops.advance(self, pending, frm, to)]
        if done:
            return [cs]
        return [((), True)] if _step_matches(frm, to, self.partial) else []

    def complete(self, cs: Any) -> bool:
        return not cs[0] and cs[1]

    def pending(self, cs: Any) -> tuple[tuple[int, int], ...]:
        hops: tuple[tuple[int, int], ...] = cs[0]
        return hops

    def free(self, cs: Any) -> bool:
        return not cs[0] and cs[1]


@functools.lru_cache(maxsize=512)
def _subset_sums(rest: tuple[int, ...]) -> frozenset[int]:
    """Every total some of the dice ``rest`` make (0 included)."""
    sums = {0}
    for d in rest:
        sums |= {s + d for s in sums}
    return frozenset(sums)


def _hops_fit(pending: tuple[tuple[int, int], ...], rest: tuple[int, ...]) -> bool:
    """Can every hop in ``pending`` still be played with the dice ``rest``?

    A hop moves one checker from its point to its goal without passing it (bearing off
    aside), so its distance is a sum of some of the dice left, and the hops together need
    no more than all of them.  Both only get harder as dice are used, so a branch that
    fails here can never complete what was typed.
    """
    need = 0
    for cur, goal in pending:
        if goal == OFF:
            continue
        if goal - cur not in _subset_sums(rest):
            return False
        need += goal - cur
    return need <= sum(rest)


def _step_matches(frm: int, to: int, partial: str) -> bool:
    heads = READ_BAR if frm == BAR else (str(frm),)
    tails = READ_OFF if to == OFF else (str(to),)
    return any(f"{h}/{t}".startswith(partial) for h in heads for t in tails)


# -- results --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Result:
    """A legal play found by a walk: ``key`` identifies it as ``legal_turns`` dedups
    (resulting position and outcome); ``turn`` is built only when asked for."""

    key: tuple[Any, ...]
    turn: Turn | None


# -- bräde and backgammon -------------------------------------------------------------------


def _tails(counts: Sequence[int]) -> list[int]:
    """``tail[p]``: the checkers of ``counts`` on points ``p`` and above (``tail[26] = 0``)."""
    tail = [0] * 27
    for p in range(25, -1, -1):
        tail[p] = tail[p + 1] + counts[p]
    return tail


def _below(counts: Sequence[int], tail: list[int]) -> bool:
    """Whether the mover's checkers ``counts`` can still reach the target whose ``_tails``
    are ``tail``: they only move toward lower points, so no point may have more of them on
    it and above than the target has."""
    s = 0
    for p in range(25, -1, -1):
        s += counts[p]
        if s > tail[p]:
            return False
    return True


def _first_with(results: Iterator[_Result], key: tuple[Any, ...]) -> Turn | None:
    """The first play a walk finds with result ``key``."""
    for r in results:
        if r.key == key:
            return r.turn
    return None


class _BradeRoll:
    """One bräde or backgammon roll walked over ``Board`` (``docs/rules.md`` T-2..T-5,
    B-1..B-21); how the turn ends is ``engine.endings``', as for ``legal_turns``."""

    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        self.rules = rules
        self.base = position
        self.dice = tuple(dice)
        self.board = Board(rules, position)
        self.orders = dice_orders(self.dice)
        #: How the roll's use is compared: (steps, pips) reduced to what the rule counts.
        self.cmp: Measure = measure(rules.usage)
        self.cut = rules.cut
        self.brade = rules.is_brade
        self._rem: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.path: list[tuple[int, int, int, int]] = []
        self.top: Any = None
        self.allowed: frozenset[int] = frozenset()
        self.reached = False  # a constrained walk got to the end of what was typed
        self.prune = True
        self._settle()

    # The best use of the roll -------------------------------------------------------------
    def _best_rest(self, seq: tuple[int, ...], i: int) -> tuple[int, int]:
        """(steps, pips) of the best continuation from the board now, for dice ``seq[i:]``;
        memo by position, and a branch stops once it reaches every die at full pips."""
        if i == len(seq):
            return (0, 0)
        board = self.board
        k = (seq[i:], board.key())
        got = self._rem.get(k)
        if got is not None:
            return got
        best = (0, 0)
        cands = board.steps(seq[i])
        if cands:
            cmp = self.cmp
            bound = cmp((len(seq) - i, sum(seq[i:])))
            best_c = None
            for frm, to, kind in cands:
                board.push(frm, to, kind)
                r = self._best_rest(seq, i + 1)
                board.pop()
                v = (r[0] + 1, r[1] + to - frm)
                c = cmp(v)
                if best_c is None or c > best_c:
                    best, best_c = v, c
                    if c == bound:
                        break
        self._rem[k] = best
        return best

    def _settle(self) -> None:
        """The measure every kept play must reach, and the orders of the dice it may use
        (``endings.obliged``), from the best use of the roll in each order."""
        vals = [self._best_rest(o, 0) for o in self.orders]
        self.allowed, self.top = obliged(self.rules.usage, self.dice, self.orders, vals)

    # Outcomes, as legal_turns judges them (``engine.endings``) -----------------------------
    def _outcome(self, kind: str) -> Outcome:
        """A win of ``kind`` on the board as it stands (munk decided here, B-32)."""
        return win(self.rules, kind, self.base.turn, self.board.op[BAR] > 0)

    def _final(self, jan_at: int | None, jan_burst: bool) -> Outcome | None:
        """Wins judged after the whole turn (B-21): ``endings.final_outcome``."""
        return final_outcome(self.rules, self.base.turn, self.board.me, self.board.op,
                             None if jan_at is None else jan_kind(jan_burst))

    def _result(self, outcome: Outcome | None, want: bool) -> _Result:
        key = (self.board.key(), outcome.kind if outcome else None,
               outcome.munk if outcome else None)
        if not want:
            return _Result(key, None)
        steps = tuple(Step(f, t, d, k == HIT, k == BURST) for f, t, d, k in self.path)
        return _Result(key, Turn(steps, self.board.position(self.base), outcome))

    # The walk ---------------------------------------------------------------------------
    def walk(self, con: Any = _FREE, *, want: bool = True, greedy: bool = False,
             viable: Callable[[Board], bool] | None = None,
             prune: bool = True) -> Iterator[_Result]:
        """Legal plays that ``con`` admits, in ``legal_turns``' search order (``greedy``:
        hits and bursts tried first).  A play may come more than once (by other paths).
        ``prune=False`` also walks branches that fall short of the roll's best use (to
        tell whether the typed steps can be played at all)."""
        self.reached = False
        self.prune = prune
        # A walk left early (the caller had enough) leaves its steps pushed: start afresh.
        self.board = Board(self.rules, self.base)
        self.path = []
        seen: set[tuple[Any, ...]] = set()
        for o, seq in enumerate(self.orders):
            yield from self._dfs(o, seq, 0, 0, None, False, con, con.start, seen, want,
                                 greedy, viable)

    def _dfs(self, o: int, seq: tuple[int, ...], i: int, pips: int, jan_at: int | None,
             jan_burst: bool, con: Any, cs: Any, seen: set[Any], want: bool, greedy: bool,
             viable: Callable[[Board], bool] | None) -> Iterator[_Result]:
        board = self.board
        if i:
            k = (o, i, board.key(), jan_at is not None, jan_burst, cs)
            if k in seen:
                return
            seen.add(k)
        if viable is not None and not viable(board):
            return
        if con.prunes and not con.fits(cs, seq[i:]):
            return
        done = con.complete(cs)
        if done:
            self.reached = True
        cut, cmp, top = self.cut, self.cmp, self.top
        ok_order = o in self.allowed
        # Only vasa's and Behrens–Helmfrid's stops are kept whatever the roll's use.
        if self.prune and (cut is None or cut is _CLASSIC_JAN):
            if not ok_order:
                return
            rest = self._best_rest(seq, i)
            if cmp((i + rest[0], pips + rest[1])) < top:
                return
        cands = board.steps(seq[i]) if i < len(seq) else []
        if not cands:
            if done and ok_order and cmp((i, pips)) == top and not (
                    jan_at is not None and (cut is _CLASSIC_JAN
                                            or (cut is _BH_SPRANGJAN and jan_burst))):
                yield self._result(self._final(jan_at, jan_burst), want)
            return
        if greedy:
            cands = sorted(cands, key=lambda c: -c[2])
        d = seq[i]
        path = self.path
        for frm, to, kind in cands:
            nexts = con.advance(cs, frm, to)
            if not nexts:
                continue
            board.push(frm, to, kind)
            path.append((frm, to, d, kind))
            j_at, j_b = jan_at, jan_burst
            stop: Outcome | None = None
            if kind and j_at is None and self.brade and board.opponent_jan():
                j_at, j_b = i, kind == BURST
                if cut is _BH_SPRANGJAN and j_b:
                    stop = self._outcome("sprangjan")
                elif cut is _CLASSIC_JAN:
                    # Jan ends the game at this step, which must begin a play that is
                    # legal under max dice (house rule, B-21 under classic).
                    rest = self._best_rest(seq, i + 1)
                    if ok_order and cmp((i + 1 + rest[0], pips + to - frm + rest[1])) == top:
                        stop = self._outcome(jan_kind(j_b))
                    else:
                        nexts = []
            if cut is _VASA:
                stop = win_now(self.rules, self.base.turn, board.me, board.op,
                               None if j_at is None else jan_kind(j_b))
            if stop is not None:
                # A win that ends the turn: nothing past it is a kept play.
                if any(con.complete(ns) for ns in nexts):
                    self.reached = True
                    if viable is None or viable(board):
                        yield self._result(stop, want)
            else:
                for ns in nexts:
                    yield from self._dfs(o, seq, i + 1, pips + to - frm, j_at, j_b, con, ns,
                                         seen, want, greedy, viable)
            path.pop()
            board.pop()

    def first_with(self, key: tuple[Any, ...]) -> Turn | None:
        """The play with result ``key`` as ``legal_turns`` lists it: the first one found in
        its search order, the walk pruned to boards from which the result is reachable
        (the mover's checkers only move forward, the opponent's only leave)."""
        me_t, op_t = self._target_counts(key)
        tail = _tails(me_t)

        def viable(board: Board) -> bool:
            if not _below(board.me, tail):
                return False
            op = board.op
            for q in range(1, 25):
                t = op_t[q]
                if t and op[q] != t:
                    return False
            return True

        return _first_with(self.walk(_FREE, viable=viable), key)

    def _target_counts(self, key: tuple[Any, ...]) -> tuple[list[int], list[int]]:
        cm, co = key[0][0], key[0][1]
        return list(cm.to_bytes(26, "little")), list(co.to_bytes(26, "little"))


# -- puff ----------------------------------------------------------------------------------


class _PuffRoll:
    """One puff roll walked over ``engine.puff``'s step walker (P-1..P-5)."""

    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        self.gen = StepWalker(rules, position, tuple(dice))
        self.first = self.gen.first_roll()
        self.path: list[Step] = []
        self.reached = False

    def walk(self, con: Any = _FREE, *, want: bool = True, greedy: bool = False,
             viable: Callable[[int, int], bool] | None = None) -> Iterator[_Result]:
        """Legal plays ``con`` admits.  Free stretches of steps with one die are taken in
        non-decreasing order of origin, as ``puff_turns`` takes them (the same results)."""
        self.reached = False
        self.path = []  # a walk left early leaves its steps behind: start afresh
        gen = self.gen
        if self.first:  # lang_entry (2): one play only, its two steps in either order
            turn = gen.first_roll_turn()
            for steps in (turn.steps, turn.steps[::-1]):
                cs = con.start
                states = [cs]
                for s in steps:
                    states = [n for c in states for n in con.advance(c, s.frm, s.to)]
                if any(con.complete(c) for c in states):
                    self.reached = True
                    yield _Result(("first",), turn if want else None)
                    return
            return
        yield from self._dfs(0, gen.state0, 0, 0, 0, con, con.start, set(), want, greedy,
                             viable)

    def _dfs(self, i: int, state: int, hits: int, live: int, min_from: int, con: Any,
             cs: Any, seen: set[Any], want: bool, greedy: bool,
             viable: Callable[[int, int], bool] | None) -> Iterator[_Result]:
        k = (i, state, hits, live, min_from, cs)
        if k in seen:
            return
        seen.add(k)
        if viable is not None and not viable(state, hits):
            return
        gen = self.gen
        if con.prunes and not con.fits(cs, gen.seq[i:]):
            return
        done = con.complete(cs)
        if done:
            self.reached = True
        cands = gen.steps(gen.seq[i], state, hits, live) if i < gen.n else []
        if not cands:
            if done:
                key = (state, hits, gen.again(state, i) if gen.reroll else False)
                yield _Result(key, gen.turn_for(key, tuple(self.path)) if want else None)
            return
        if greedy:
            cands = sorted(cands, key=lambda c: not c[2])
        seq = gen.seq
        d = seq[i]
        same_next = i + 1 < gen.n and seq[i + 1] == d
        on_bar = state & 255
        free = con.free(cs)
        delta = DELTA
        step = shared_step
        path = self.path
        for frm, to, hit in cands:
            if frm < min_from:
                continue
            nexts = con.advance(cs, frm, to)
            if not nexts:
                continue
            s2 = state + delta[frm][to]
            h2 = hits | (1 << to) if hit else hits
            live2 = to if on_bar and gen.lang_me and to <= 24 else 0
            min2 = frm if free and same_next and not on_bar else 0
            path.append(step(frm, to, d, hit))
            for ns in nexts:
                yield from self._dfs(i + 1, s2, h2, live2, min2, con, ns, seen, want, greedy,
                                     viable)
            path.pop()

    def first_with(self, key: tuple[Any, ...]) -> Turn | None:
        """The play with result ``key`` as ``puff_turns`` lists it (its first path,
        ``StepWalker.path_to``)."""
        if self.first:
            return next(iter(self.walk()), _Result((), None)).turn
        steps = self.gen.path_to(key)
        return None if steps is None else self.gen.turn_for(key, steps)


# -- rolls with a special play: the (small) list ------------------------------------------


class _ListRoll:
    """A roll that may be played as a special (double-six column, kejsarspel): such
    rolls have few plays, and the list is the reference."""

    def __init__(self, rules: RuleSet, position: Position, dice: Dice) -> None:
        self.rules, self.base, self.dice = rules, position, tuple(dice)
        self.legal = legal_turns(rules, position, dice)
        self.reached = False

    def walk(self, con: Any = _FREE, *, want: bool = True, greedy: bool = False,
             viable: Any = None) -> Iterator[_Result]:
        if con is _FREE:  # the special plays first: a roll's buttons always offer them
            for t in self.legal:
                if t.special is not None:
                    yield _Result(("special", t.special, t.position), t)
        for t in self.legal:
            if t.special is not None:
                continue
            states = [con.start]
            for s in t.steps:
                states = [n for c in states for n in con.advance(c, s.frm, s.to)]
            if any(con.complete(c) for c in states):
                yield _Result((t.position, t.outcome), t)

    def first_with(self, key: tuple[Any, ...]) -> Turn | None:
        return _first_with(self.walk(), key)


Roll = _BradeRoll | _PuffRoll | _ListRoll


def roll_walker(rules: RuleSet, position: Position, dice: Dice) -> Roll:
    """The walker for one roll (the measure of its best use is computed here, once)."""
    dice = tuple(dice)
    if rules.die_by_die:
        return _PuffRoll(rules, position, dice)
    check_dice(dice)
    me = position.mover
    if rules.is_brade and ((rules.double_six and dice == (6, 6)) or (
            rules.kejsarspel and len(dice) == 2 and me[24] == 7 and me[23] == 7)):
        return _ListRoll(rules, position, dice)
    return _BradeRoll(rules, position, dice)


# -- the contract -----------------------------------------------------------------------------


def validate(rules: RuleSet, position: Position, dice: Dice, text: str) -> Turn:
    """The one legal play ``text`` describes (lenient notation, ``docs/rules.md``, "Move text"), as
    ``legal_turns`` lists it; a ``MoveError`` saying why not otherwise."""
    roll = roll_walker(rules, position, dice)
    return _validate(roll, rules, position, dice, text)


def _validate(roll: Roll, rules: RuleSet, position: Position, dice: Dice, text: str) -> Turn:
    raw = (text or "").strip() if isinstance(text, str) else str(text)
    if raw.lower() in _FORFEIT_WORDS:
        for r in roll.walk(_Hops([])):
            if r.turn is not None and r.turn.is_forfeit:
                return r.turn
        raise IllegalMove("move.must_play", text=echo(raw))
    if isinstance(roll, _ListRoll):
        return _validate_listed(roll, rules, position, dice, raw)
    if "kejsar" in raw.lower():
        raise IllegalMove("move.illegal", text=echo(raw))
    hops = parse_hops(raw)
    most = 8 if rules.die_by_die else len(dice_pool(dice))
    found = _typed_plays(roll, hops) if len(hops) <= most else {}
    if not found:
        raise _diagnose(roll, rules, position, dice, raw, hops)
    key, turn = _one_of(found, raw)
    return roll.first_with(key) or turn


def _typed_plays(roll: Roll, hops: list[tuple[int, int]]) -> dict[tuple[Any, ...], Turn]:
    """The legal plays the typed hops can be, one per result (position and outcome): the
    plays that make the hops in the order typed if there are any, else those that make
    them in any order.

    The order typed is the order played (``docs/rules.md``, "Move text"): two orders of
    the same steps can both be legal and end differently (a jan completed by a hit or by a
    burst, B-34), and a player who typed the burst first played the burst first.  Only
    when the typed order cannot be played is another order of the same steps taken.
    """
    for ordered in (True, False) if len(hops) > 1 else (False,):
        found: dict[tuple[Any, ...], Turn] = {}
        for r in roll.walk(_Hops(hops, ordered)):
            if r.key not in found and r.turn is not None:
                found[r.key] = r.turn
        if found:
            return found
    return {}


def _one_of(found: dict[tuple[Any, ...], Turn], raw: str) -> tuple[tuple[Any, ...], Turn]:
    """The play the typed text means among ``found``: an ``AmbiguousMove`` when they end
    on different boards (the player must say which); of plays ending on the same board
    in the typed order (a hop split into dice either way), the one worth most."""
    if len({t.position for t in found.values()}) > 1:
        options = " | ".join(t.text for t in list(found.values())[:4])
        raise AmbiguousMove("move.ambiguous", text=echo(raw), options=options)
    return max(found.items(), key=lambda kv: kv[1].outcome.points if kv[1].outcome else 0)


def _validate_listed(roll: _ListRoll, rules: RuleSet, position: Position, dice: Dice,
                     raw: str) -> Turn:
    """A roll with a special play: the typed text against its (few) listed plays."""
    legal = roll.legal
    if "kejsar" in raw.lower():
        for t in legal:
            if t.special == "kejsarspel":
                return t
        raise IllegalMove("move.illegal", text=echo(raw))
    for t in legal:  # an exact copy of a turn's own text always means that turn
        if t.text == raw:
            return t
    hops = parse_hops(raw)
    column = [t for t in legal if t.special == "column"]
    if column and sorted(hops) == [(1, 7)] * 6:
        return column[0]
    found = _typed_plays(roll, hops)
    if not found:
        raise _diagnose(roll, rules, position, dice, raw, hops)
    return _one_of(found, raw)[1]


def _diagnose(roll: Roll, rules: RuleSet, position: Position, dice: Dice, raw: str,
              hops: list[tuple[int, int]]) -> MoveError:
    """Name the broken rule when it can be told from the typed play (cheaply)."""
    reached = roll.reached
    if isinstance(roll, _BradeRoll) and not reached:
        for _ in roll.walk(_Hops(hops), want=False, prune=False):
            pass
        reached = roll.reached
    legal = [r.turn for _, r in zip(range(4), roll.walk(), strict=False) if r.turn is not None]
    if legal and all(t.is_forfeit for t in legal):
        return IllegalMove("move.forfeit_only")
    if rules.die_by_die:
        return IllegalMove("move.illegal", text=echo(raw))
    me = position.mover
    pool = dice_pool(dice)
    for a, b in hops:
        if b != OFF and not reachable(b - a, pool):
            return IllegalMove("move.no_die", text=echo(raw), frm=point_name(a), to=point_name(b))
    landings = {h[1] for h in hops}
    for a, _ in hops:
        if a == BAR and not me[BAR]:
            return IllegalMove("move.no_checker", text=echo(raw), point="bar")
        if a != BAR and a not in landings and not me[a]:
            if me[BAR]:
                return IllegalMove("move.enter_first", text=echo(raw))
            return IllegalMove("move.no_checker", text=echo(raw), point=a)
    if len(hops) > len(pool):
        return IllegalMove("move.illegal", text=echo(raw))
    if not reached:
        # The first obstacle met playing the hops in the typed order.
        failure = first_obstacle(rules, position, dice, hops)
        if failure is not None:
            k, params = failure
            return IllegalMove(k, text=echo(raw), **params)
        return IllegalMove("move.illegal", text=echo(raw))
    used = sum(steps_needed(h) for h in hops)
    most = max((len(t.steps) for t in legal), default=0)
    if used < most:
        if len(dice) == 2 and dice[0] != dice[1]:
            return IllegalMove("move.use_both", text=echo(raw))
        return IllegalMove("move.use_more", text=echo(raw))
    if used == 1 and len(dice) == 2 and dice[0] != dice[1]:
        hi = max(dice)
        if any(t.steps and t.steps[0].die == hi for t in legal):
            return IllegalMove("move.use_higher", text=echo(raw))
    return IllegalMove("move.use_more", text=echo(raw))


def is_legal(rules: RuleSet, position: Position, dice: Dice, turn: Turn) -> bool:
    """Is ``turn`` (for instance one an AI or a button produced) a legal play of the roll?"""
    roll = roll_walker(rules, position, dice)
    if isinstance(roll, _ListRoll):
        return turn in roll.legal
    if turn.special is not None:
        return False
    con = _Hops([(s.frm, s.to) for s in turn.steps])
    return any(r.turn is not None and r.turn.position == turn.position
               and r.turn.outcome == turn.outcome for r in roll.walk(con))


def count(rules: RuleSet, position: Position, dice: Dice, stop: int | None = None) -> int:
    """How many legal plays the roll has (``len(legal_turns)``), or ``stop`` as soon as
    that many are found: ``count(..., stop=2) == 1`` is "exactly one legal play"."""
    roll = roll_walker(rules, position, dice)
    seen: set[tuple[Any, ...]] = set()
    for r in roll.walk(want=False):
        seen.add(r.key)
        if stop is not None and len(seen) >= stop:
            break
    return len(seen)


def only_play(rules: RuleSet, position: Position, dice: Dice) -> Turn | None:
    """The roll's one legal play (a forfeit included) if it has exactly one, else None."""
    roll = roll_walker(rules, position, dice)
    first: _Result | None = None
    for r in roll.walk():
        if first is None:
            first = r
        elif r.key != first.key:
            return None
    return first.turn if first is not None else None


def each_play(rules: RuleSet, position: Position, dice: Dice) -> Iterator[Turn]:
    """The legal plays one at a time, in ``legal_turns``' search order (a play may come
    more than once, by another path): a caller that stops at the first play it needs
    never pays for the rest of the list."""
    for r in roll_walker(rules, position, dice).walk():
        if r.turn is not None:
            yield r.turn


def first_plays(rules: RuleSet, position: Position, dice: Dice, n: int) -> list[Turn]:
    """Up to ``n`` distinct legal plays, in ``legal_turns``' search order."""
    roll = roll_walker(rules, position, dice)
    out: dict[tuple[Any, ...], Turn] = {}
    for r in roll.walk():
        if r.key not in out and r.turn is not None:
            out[r.key] = r.turn
            if len(out) >= n:
                break
    return list(out.values())


def suggest(rules: RuleSet, position: Position, dice: Dice, typed: str = "",
            limit: int = SUGGESTIONS, *, order: str = "neutral") -> list[Turn]:
    """Up to ``limit`` distinct legal plays matching what has been typed.

    ``order``: ``"neutral"`` (what a member chooses from in a game: autocomplete) sorts
    them by their steps as written (``neutral_key``), which says nothing about which is
    better; ``"shuffled"`` (a problem's answer, where even the notation's order would
    hint: the best play begins at a low point more often than not) in a fixed order no
    play's merit decides, a hash of the position, the dice and the play (``shuffle_key``),
    over every matching play; ``"best"`` (a hint, where the engine's opinion is asked
    for) best first by a cheap order (wins, hits and bursts, fewer blots, more pips) and
    a special play (the double-six column, kejsarspel) first.

    A play matches when it begins with the typed hops (any order, any split into dice)
    followed by a step whose text starts with the last, partly typed word; a complete
    typed play that validates comes first.  The walk stops after ``2 * limit`` plays
    (``SHUFFLED_POOL`` when shuffled: the one shown first must be any of them).
    """
    roll = roll_walker(rules, position, dice)
    typed = typed if isinstance(typed, str) else ""
    exact: Turn | None = None
    if typed.strip():
        try:
            exact = _validate(roll, rules, position, dice, typed)
        except MoveError:
            exact = None
    con = _prefix(typed)
    pool: dict[tuple[Any, ...], Turn] = {}
    most = SHUFFLED_POOL if order == "shuffled" else 2 * limit
    if con is not None:
        for r in roll.walk(con):
            if r.key not in pool and r.turn is not None:
                pool[r.key] = r.turn
                if len(pool) >= most:
                    break
    best = order == "best"
    found = list(pool.values())
    out: list[Turn] = []
    if exact is not None:
        out.append(exact)
    # The special plays (the double-six column, kejsarspel) are no step sequence a prefix
    # walk can meet: offered while the text is blank or begins one of their texts (first
    # in the best order, in their place by their text in the neutral one).
    if isinstance(roll, _ListRoll):
        specials = [t for t in roll.legal if t.special is not None and t is not exact
                    and _begins_special(typed, t)]
        if best:
            out.extend(specials)
        else:
            found += specials
    if best:
        ranked = best_first(found, position.turn)
    elif order == "shuffled":
        seed = f"{position.format()}|{'-'.join(map(str, dice))}|"
        ranked = sorted(found, key=lambda t: shuffle_key(seed, t.text))
    else:
        ranked = sorted(found, key=lambda t: neutral_key(t.text))
    for t in ranked:
        if any(t.position == o.position and t.outcome == o.outcome for o in out):
            continue
        out.append(t)
    return out[:limit]


def _begins_special(typed: str, turn: Turn) -> bool:
    """Is ``typed`` blank or the beginning of a text naming the special play ``turn``
    (its own text, or ``1/7(6)`` for a column)?"""
    text = " ".join(typed.lower().split())
    if not text:
        return True
    names = [turn.text]
    if turn.steps and len(set(turn.steps)) == 1:
        names.append(f"{turn.steps[0].text}({len(turn.steps)})")
    return any(name.startswith(text) for name in names)


def _prefix(typed: str) -> _Prefix | None:
    """The constraint for a partly typed play, or None when the text cannot start one."""
    text = typed.lower().replace("–", "-").replace("—", "-").replace("\\", "/")
    if len(text) > 400:
        return None
    words = text.split()
    partial = ""
    if words and not text[-1:].isspace():
        partial = words.pop().strip("*!").replace("-", "/")
        parts = partial.split("/")
        if len(parts) > 2:  # ``1/7/1``: the hop 1/7 typed, ``7/1`` being typed
            words.append("/".join(parts[:-1]))
            partial = "/".join(parts[-2:])
        if partial.endswith("(") or "(" in partial:
            return None
    hops: list[tuple[int, int]] = []
    if words:
        try:
            hops = parse_hops(" ".join(words))
        except UnparsableMove:
            return None
    return _Prefix(hops, partial)


# -- every play once, in a neutral order (the play picker, issue 37) ----------------------

_STEP_WORD = re.compile(r"^(bar|\d{1,2})/(off|\d{1,2})([*!]?)$")
_MARKS = {"": 0, "*": 1, "!": 2}


def neutral_key(text: str) -> tuple[tuple[int, int, int], ...]:
    """A play's place in the neutral order: step by step as written, each by where it
    starts (the bar first), where it lands (off last) and its mark (a hit, a burst).

    The order a member chooses from wherever they choose (the picker, the play buttons,
    autocomplete): it follows the notation, so plays that begin alike stand together
    and a list reads like a table of contents, and it carries no judgement of the plays
    (``best_first`` is the engine's opinion, given only where a member asks for it).
    A word that is no step (``24/kejsarspel``) sorts after every step.
    """
    key = []
    for word in text.split():
        m = _STEP_WORD.match(word)
        if m is None:
            key.append((99, 99, 99))
            continue
        frm = BAR if m[1] == "bar" else int(m[1])
        to = OFF if m[2] == "off" else int(m[2])
        key.append((frm, to, _MARKS[m[3]]))
    return tuple(key)


def shuffle_key(seed: str, text: str) -> bytes:
    """A play's place in a fixed shuffle of a roll's plays (``seed``: the roll): a hash,
    so no property of the play, its merit or its notation, decides it."""
    return hashlib.blake2b(f"{seed}{text}".encode(), digest_size=8).digest()


def listing(rules: RuleSet, position: Position, dice: Dice) -> list[str]:
    """Every legal play of the roll once (one per result, as ``legal_turns`` dedups
    them), as its text in the mover's own numbering (``Turn.text``), in the neutral
    order (``neutral_key``): what the play picker offers, deterministic from the position
    and the dice, so a picker's choices can be found again after a restart.

    Each play is written as the walk first meets it (for bräde the turn ``legal_turns``
    lists).  This *is* the whole list: a later puff pasch has up to ~250,000 plays and
    takes seconds, so callers on an event loop run it elsewhere (the bot: in a worker
    process); ``play_of`` turns a text back into its ``Turn``.
    """
    roll = roll_walker(rules, position, dice)
    if isinstance(roll, _ListRoll):
        texts = [t.text for t in roll.legal]
    elif isinstance(roll, _PuffRoll) and roll.first:
        texts = [roll.gen.first_roll_turn().text]
    else:
        return [text for _, text in sorted(_first_paths(roll))]
    return sorted(texts, key=neutral_key)


def _first_paths(roll: _BradeRoll | _PuffRoll) -> list[tuple[tuple[Any, ...], str]]:
    """``(neutral_key, text)`` of the first path to each result of a free walk, built
    from the walk's own steps (a puff step is one shared ``Step``, so it is looked up by
    identity; a bräde step is a small tuple)."""
    out: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}
    steps: dict[Any, tuple[tuple[int, int, int], str]] = {}
    brade = isinstance(roll, _BradeRoll)
    walker: Any = roll  # its path holds a bräde walk's tuples or puff's shared Steps
    for r in roll.walk(want=False):
        if r.key in out:
            continue
        keys, words = [], []
        for s in walker.path:
            k = s if brade else id(s)
            got = steps.get(k)
            if got is None:
                step: Step = Step(s[0], s[1], s[2], s[3] == HIT, s[3] == BURST) if brade else s
                got = steps[k] = ((step.frm, step.to, 2 if step.burst else 1 if step.hit else 0),
                                  step.text)
            keys.append(got[0])
            words.append(got[1])
        out[r.key] = (tuple(keys), " ".join(words) if words else "-")
    return list(out.values())


_COLUMN_TEXT = " ".join(["1/7"] * 6)


def special_of(text: str) -> str | None:
    """The special play a listed text names (``Turn.special``: the double-six column's
    six ``1/7``, kejsarspel's ``24/kejsarspel``), for words to show instead; None for
    an ordinary play (no ordinary bräde play has six steps)."""
    if text.endswith("/kejsarspel"):
        return "kejsarspel"
    if text == _COLUMN_TEXT:
        return "column"
    return None


class _Steps:
    """Exactly these steps, one die each, in this order: a listed play found again."""

    prunes = False
    start: Any = 0

    def __init__(self, steps: list[tuple[int, int]]) -> None:
        self.steps = steps

    def fits(self, cs: Any, rest: tuple[int, ...]) -> bool:
        return True

    def advance(self, cs: Any, frm: int, to: int) -> list[Any]:
        return [cs + 1] if cs < len(self.steps) and self.steps[cs] == (frm, to) else []

    def complete(self, cs: Any) -> bool:
        done: bool = cs == len(self.steps)
        return done

    def free(self, cs: Any) -> bool:
        return False


def play_of(rules: RuleSet, position: Position, dice: Dice, text: str) -> Turn | None:
    """The legal play a ``listing`` text names (its steps exactly, in order), or None
    when the roll has no such play (the position or the dice are not the ones the text
    was listed for)."""
    roll = roll_walker(rules, position, dice)
    if isinstance(roll, _ListRoll):
        return next((t for t in roll.legal if t.text == text), None)
    if isinstance(roll, _PuffRoll) and roll.first:
        turn = roll.gen.first_roll_turn()
        return turn if turn.text == text else None
    steps = []
    for word in ([] if text.strip() == "-" else text.split()):
        m = _STEP_WORD.match(word)
        if m is None:
            return None
        steps.append((BAR if m[1] == "bar" else int(m[1]), OFF if m[2] == "off" else int(m[2])))
    if not steps and text.strip() != "-":
        return None
    for r in roll.walk(_Steps(steps)):
        if r.turn is not None:
            return r.turn
    return None


def best_first(turns: Sequence[Turn], mover: Side) -> list[Turn]:
    """``turns`` (plays of ``mover``) in the cheap order that suggestions use when no
    search has ranked them: wins first (by points), then bursts and hits, then fewer of
    the mover's blots left, then the most pips moved.  Stable, so equal plays keep their
    order."""

    def score(t: Turn) -> tuple[int, int, int, int]:
        won = t.outcome.points if t.outcome is not None else 0
        me = t.position.side(mover)
        blots = sum(1 for p in range(1, 25) if me[p] == 1)
        strikes = sum(3 if s.burst else 2 if s.hit else 0 for s in t.steps)
        return (won, strikes, -blots, t.pips)

    return sorted(turns, key=score, reverse=True)


__all__ = ["SUGGESTIONS", "best_first", "count", "each_play", "first_plays", "is_legal",
           "listing", "neutral_key", "only_play", "play_of", "roll_walker", "shuffle_key",
           "special_of", "suggest", "validate"]
