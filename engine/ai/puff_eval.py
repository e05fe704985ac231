"""A puff evaluation: expected points of a puff position, for ``mästare``.

Puff (P-1..P-6) is not bräde and not backgammon, and the generic race model in
``evaluation`` misses what decides it:

- **The race counts dice, not pips.**  Bearing off (P-5) lets only the rearmost checker
  leave, one die per checker, so fifteen checkers on 24 (fifteen pips) still need
  fifteen dice.  A side's race is the dice it needs — its pips to its last point at
  about 3.5 a die, plus one die per checker to leave — over the dice it gets per roll:
  once it has had its first pasch every later pasch plays eight dice and rolls again
  (P-4), about 3.6 dice a roll, against 2.3 for a side still waiting for its first
  pasch (which plays four and no re-roll).
- **Hits.**  Bands are never hit, blots always are (P-2), and a hit checker goes back to
  the bar and must re-enter from the start (P-1): it loses its whole road so far, and it
  can wait on the bar behind the opponent's bands on its entry points.
- **×2 and ×3** (P-6): the loser pays double with a checker still on own 1–6 and triple
  with one on the bar.  Late in the race this is where the points are, so the value
  weighs, for each side, how many of its rolls the winner still needs against how long
  the loser's laggards (on the bar or own 1–6) need to get out.
- **Primes.**  Six bands in a row cannot be passed at all in puff (P-2).

The value is antisymmetric like ``evaluation.evaluate`` and uses its blot helper.
``PuffWeights`` holds the knobs, set by hand (not tuned by self-play).  At one ply it is
no stronger than the generic model (about 50% over 300 paired games against gesäll); its
worth is in mästare's look-ahead: mästare–gesäll went from 54.8% to 59.1% in puff-kontrar.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import mul

from engine.ai import evaluation as ev
from engine.position import BAR, OFF, Position, Side
from engine.rules.ruleset import RuleSet


@dataclass(frozen=True)
class PuffWeights:
    """Hand-set knobs of the puff evaluation (rolls, pips, or probabilities as named)."""

    dice_pasched: float = 3.6  # dice per roll after the first pasch (P-4 re-rolls)
    dice_fresh: float = 2.33  # before it
    die_pips: float = 3.5  # pips a die carries on average
    move_bonus: float = 0.5  # rolls: being on roll
    sigma_a: float = 0.75  # pasch chains make puff races swingier than bräde's
    sigma_b: float = 0.9
    hit_weight: float = 0.9
    hit_weight_on_roll: float = 0.25
    entry_delay: float = 1.0  # weight of the rolls a checker waits on the bar
    prime3: float = 0.15
    prime4: float = 0.45
    prime5: float = 1.0
    prime6: float = 2.5  # a full prime cannot be passed at all (P-2)
    gammon_slope: float = 1.1
    gammon_shift: float = 0.5  # rolls: the winner's last roll can carry many checkers
    lag_checker: float = 0.35  # rolls per laggard beyond its pips (one die each)

    def white_value(self, rules: RuleSet, pos: Position) -> float:
        return puff_white_value(rules, pos, self)


DEFAULT_PUFF = PuffWeights()
_PIPW = (24, *range(23, -1, -1), 0)  # pips to the last point (24), bar .. off


def _sig(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _entry_chance(c: tuple[int, ...], op: tuple[int, ...], x: list[int]) -> float:
    """Chance per die that a bar checker of ``c`` enters (P-1: own checkers never block,
    an opposing band does)."""
    return sum(1 for d in range(1, 7) if op[x[d]] <= 1) / 6


def puff_white_value(rules: RuleSet, pos: Position, w: PuffWeights = DEFAULT_PUFF) -> float:
    """White's expected points in a puff position (see the module doc)."""
    x = ev._CROSS[pos.geometry]
    wc, bc = pos.white, pos.black
    white_on_roll = pos.turn is Side.WHITE
    # pips per roll and dice per roll
    w_dice = w.dice_pasched if Side.WHITE in pos.pasch else w.dice_fresh
    b_dice = w.dice_pasched if Side.BLACK in pos.pasch else w.dice_fresh
    w_pace = w_dice * w.die_pips
    b_pace = b_dice * w.die_pips

    w_in = _entry_chance(wc, bc, x)
    b_in = _entry_chance(bc, wc, x)
    wr = sum(map(mul, wc, _PIPW)) / w_pace + (15 - wc[OFF]) / w_dice
    br = sum(map(mul, bc, _PIPW)) / b_pace + (15 - bc[OFF]) / b_dice
    # Bar time: while a checker waits nothing else moves (P-1), and a lower die that
    # cannot enter forfeits the whole roll (P-3), so a checker needs about 1/chance rolls.
    w_wait = min(6.0, 1 / max(w_in, 1 / 6) - 1) * w.entry_delay  # rolls lost per entry
    b_wait = min(6.0, 1 / max(b_in, 1 / 6) - 1) * w.entry_delay
    w_bar = min(10.0, wc[BAR] * (1 + w_wait) / 2) if wc[BAR] else 0.0
    b_bar = min(10.0, bc[BAR] * (1 + b_wait) / 2) if bc[BAR] else 0.0
    wr += min(10.0, wc[BAR] * w_wait)
    br += min(10.0, bc[BAR] * b_wait)

    # Blots: a hit checker loses its road (its own point number of pips) and must wait to
    # re-enter behind the opponent's bands on its entry points.
    wblots = ev._blots(wc, bc, x)
    bblots = ev._blots(bc, wc, x)
    loss = sum(m.bit_count() * (p / w_pace + w_wait) for p, m, _ in wblots if m)
    wr += (w.hit_weight_on_roll if white_on_roll else w.hit_weight) * loss / 36
    loss = sum(m.bit_count() * (p / b_pace + b_wait) for p, m, _ in bblots if m)
    br += (w.hit_weight if white_on_roll else w.hit_weight_on_roll) * loss / 36

    wr += _trapped(bc, wc, x, w)  # black's primes hold white back
    br += _trapped(wc, bc, x, w)

    delta = br - wr + (w.move_bonus if white_on_roll else -w.move_bonus)
    sigma = w.sigma_a * math.sqrt(max(wr + br, 0.0)) + w.sigma_b
    p_white = _sig(1.7 * delta / sigma)

    win_w = 1.0 + _gammons(bc, b_pace, b_bar, wr, w)
    win_b = 1.0 + _gammons(wc, w_pace, w_bar, br, w)
    return p_white * win_w - (1.0 - p_white) * win_b


def _gammons(lc: tuple[int, ...], pace: float, bar_time: float, winner_rolls: float,
             w: PuffWeights) -> float:
    """Expected extra points (P-6) the loser with counts ``lc`` pays if the other side
    wins in about ``winner_rolls`` rolls: +1 for a checker still on own 1–6 or the bar,
    +1 more for one on the bar."""
    lag = lc[0] + lc[1] + lc[2] + lc[3] + lc[4] + lc[5] + lc[6]
    if not lag:
        return 0.0
    pips = sum((7 - p) * lc[p] for p in range(7))
    escape = pips / pace + w.lag_checker * lag + bar_time
    g = _sig(w.gammon_slope * (escape - winner_rolls + w.gammon_shift))
    if lc[BAR]:
        g += _sig(w.gammon_slope * (bar_time - winner_rolls + w.gammon_shift))
    return g


def _trapped(oc: tuple[int, ...], rc: tuple[int, ...], x: list[int], w: PuffWeights) -> float:
    """Rolls the runner ``rc`` loses behind the owner's runs of bands (P-2: never hit)."""
    out = 0.0
    for s, length in ev.band_runs(oc, x):
        trapped = sum(rc[max(0, s - 6):s])
        if not trapped:
            continue
        f = (w.prime3 if length == 3 else w.prime4 if length == 4
             else w.prime5 if length == 5 else w.prime6)
        out += f * min(trapped, 6)
    return out
