"""The end of a bräde or backgammon turn, and of a game given up: one home for each rule.

Two searches walk a roll: the generator that lists every play (``engine.movegen``) and
the move contract that walks a typed play step by step (``engine.plays``).  They must agree
play for play, so what decides how a turn ends is written here once and both call it:

- the orders a roll's dice are played in (T-2, T-3): ``dice_orders``;
- how much of the roll must be used (B-20 max pips; classic's and vasa's max dice, the
  higher die when only one can be used; backgammon's both dice, else the higher):
  ``measure`` and ``obliged``;
- what a finished play wins (B-21, B-30 hemspel, B-31 vackert spel, B-32 munk, B-33 jan,
  B-34 sprängjan, Behrens–Helmfrid's kejsarspel, vasa's winning step, backgammon's gammon
  and backgammon): ``win``, ``beautiful``, ``win_now``, ``final_outcome``,
  ``backgammon_win``;
- what a game given up scores (B-35): ``resignation`` and ``abandonment``, which
  ``engine.game.Game`` answers with.

Puff's wins are its own (P-6, ``engine.puff``): a puff roll has no look-ahead to measure
and none of bräde's patterns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from engine.dice import Dice
from engine.position import BAR, OFF, Side
from engine.rules.ruleset import RuleSet, Usage
from engine.scoring import points
from engine.turn import Outcome

#: The wins by jan (B-33, B-34): never with munk, and ahead of an equal other win.
JANS = ("jan", "sprangjan")

#: How far a play used its roll: (dice used, pips moved).
Use = tuple[int, int]

# -- the dice and their use ----------------------------------------------------------------


def dice_orders(dice: Dice) -> list[tuple[int, ...]]:
    """The orders a roll's dice may be played in (T-2, T-3): a lone die (B-36); a double
    as four of its number; two different dice either way round, as rolled first."""
    if len(dice) == 1:
        return [tuple(dice)]
    if dice[0] == dice[1]:
        return [(dice[0],) * 4]
    return [tuple(dice), (dice[1], dice[0])]


#: A play's use reduced to what the rule compares (an int or a tuple of ints; only ever
#: compared with another of the same ``usage``).
Measure = Callable[[Use], Any]

#: Which parts of a play's use (0: dice, 1: pips) each ``RuleSet.usage`` compares: B-20
#: counts pips, backgammon counts dice, max dice (classic, vasa) dice and then pips.
_FIELDS: dict[str, tuple[int, ...]] = {Usage.MAX_PIPS: (1,), Usage.BG: (0,), Usage.MAX_DICE: (0, 1)}


def measure_fields(usage: str) -> tuple[int, ...]:
    """The parts of a play's (dice, pips) that ``usage`` compares, in order: a search that
    keeps its plays in another shape picks the same fields from it (``engine.movegen``)."""
    return _FIELDS.get(usage, (0, 1))


_MEASURES: dict[str, Measure] = {u: itemgetter(*f) for u, f in _FIELDS.items()}
#: Every order of a roll (one or two of them): what ``obliged`` allows unless a rule
#: picks the higher die.
_EVERY: tuple[frozenset[int], ...] = (frozenset(), frozenset({0}), frozenset({0, 1}))


def measure(usage: str) -> Measure:
    """The key plays of one roll are compared by under ``usage``: a play must reach the
    largest key any play reaches (``obliged``).  A built-in, not a lambda: the generator
    measures every play it finds."""
    got = _MEASURES.get(usage)
    return got if got is not None else itemgetter(*measure_fields(usage))


def orders_matter(usage: str, dice: Dice) -> bool:
    """Does the order the dice were played in decide whether a play is kept?  Only under
    max dice and backgammon, for two different dice (the higher die when only one can be
    used); otherwise ``obliged`` keeps every play of the greatest measure, in any order."""
    return usage != Usage.MAX_PIPS and len(dice) == 2 and dice[0] != dice[1]


def obliged(usage: str, dice: Dice, orders: Sequence[tuple[int, ...]],
            best: Sequence[Use]) -> tuple[frozenset[int], Any]:
    """What the roll obliges, given the best use of it in each of ``orders``
    (``best[j]``: the largest ``measure`` a play in ``orders[j]`` reaches, as (dice, pips)):
    the indices of the orders a kept play may be played in, and the measure it must reach.

    B-20 keeps every play of the greatest pips, in either order.  Under max dice and
    backgammon a play uses as many dice as any; when only one die can be used it must be
    the higher, if the higher can be used (seed 003, and backgammon's own rule).
    """
    key = _MEASURES.get(usage) or measure(usage)
    if orders_matter(usage, dice) and max(v[0] for v in best) == 1:
        hi = max(dice)
        higher = [j for j, o in enumerate(orders) if o[0] == hi and best[j][0] == 1]
        if higher:
            return frozenset(higher), max(key(best[j]) for j in higher)
    n = len(orders)
    return (_EVERY[n] if n < len(_EVERY) else frozenset(range(n))), max(map(key, best),
                                                                        default=None)


# -- wins ------------------------------------------------------------------------------------


def win(rules: RuleSet, kind: str, winner: Side, loser_on_bar: bool) -> Outcome:
    """A bräde win of ``kind`` and its points under ``rules``' table; B-32: munk when the
    loser has a checker on the bar, never with jan."""
    munk = loser_on_bar and kind not in JANS
    pts, tick = points(rules.scoring, kind, munk)
    return Outcome(kind, pts, munk, winner, tick)


def jan_kind(burst: bool) -> str:
    """B-33, B-34: the jan a step made, by whether the step burst a band."""
    return "sprangjan" if burst else "jan"


def beautiful(me: Sequence[int]) -> str | None:
    """B-31: the vackert spel the counts ``me`` (own numbering) form, if any; none once a
    checker is off."""
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


def win_now(rules: RuleSet, winner: Side, me: Sequence[int], op: Sequence[int],
            jan: str | None) -> Outcome | None:
    """Vasa's winning step: does the board as it stands after a step win (hemspel, a
    vackert spel, or the ``jan`` the step made)?  ``me`` the mover's counts, ``op`` the
    opponent's."""
    if me[OFF] == 15:
        return win(rules, "hemspel", winner, op[BAR] > 0)
    b = beautiful(me)
    if b:
        return win(rules, b, winner, op[BAR] > 0)
    if jan is not None:
        return win(rules, jan, winner, op[BAR] > 0)
    return None


def backgammon_win(winner: Side, op: Sequence[int]) -> Outcome:
    """Backgammon's win once the winner is off: single; gammon when the loser has borne
    off none; backgammon when the loser also still has a checker on the bar or in the
    winner's home board (the loser's own points 1..6)."""
    if op[OFF]:
        kind = "single"
    else:
        kind = "backgammon" if op[BAR] or any(op[1:7]) else "gammon"
    return Outcome(kind, points("bg", kind)[0], False, winner)


def final_outcome(rules: RuleSet, winner: Side, me: Sequence[int], op: Sequence[int],
                  jan: str | None) -> Outcome | None:
    """The win a whole play ends on (B-21: judged after the full play), the most valuable
    of those that hold (a jan ahead of an equal other win): B-30 hemspel, B-31 a vackert
    spel, the ``jan`` a step of the play made (B-33, B-34); in backgammon only bearing off
    the last checker wins."""
    if me[OFF] != 15 and me[24] < 3 and jan is None:
        return None  # the common case, answered first: nothing can be won
    if rules.only_bearing_off_wins:
        return backgammon_win(winner, op) if me[OFF] == 15 else None
    found: list[Outcome] = []
    if me[OFF] == 15:
        found.append(win(rules, "hemspel", winner, op[BAR] > 0))
    else:
        b = beautiful(me)
        if b:
            found.append(win(rules, b, winner, op[BAR] > 0))
    if jan is not None:
        found.append(win(rules, jan, winner, op[BAR] > 0))
    if not found:
        return None
    return max(found, key=lambda o: (o.points, o.kind in JANS))


# -- games given up --------------------------------------------------------------------------


def resignation(rules: RuleSet, loser: Side) -> Outcome:
    """What the opponent wins when ``loser`` resigns (B-35): the table's resign value;
    puff's table has none, a resigned puff game is worth 1."""
    pts, tick = points(rules.scoring, "resign") if rules.scoring != "puff" else (1, 0)
    return Outcome("resign", pts, False, loser.other, tick)


def abandonment(rules: RuleSet, loser: Side) -> Outcome:
    """What the opponent wins when ``loser`` leaves a game they may not resign: a jan in
    bräde (B-35, house), a resignation's 1 point elsewhere."""
    if rules.is_brade:
        pts, tick = points(rules.scoring, "jan")
        return Outcome("jan", pts, False, loser.other, tick)
    return Outcome("resign", 1, False, loser.other, 0)


__all__ = [
    "JANS", "Measure", "Use", "abandonment", "backgammon_win", "beautiful", "dice_orders",
    "final_outcome", "jan_kind", "measure", "measure_fields", "obliged", "orders_matter",
    "resignation",
    "win", "win_now",
]
