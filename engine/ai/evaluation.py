"""A hand-built static evaluation: the expected points of a position for one side.

The value is in game points (a plain win is worth ``points(table, "hemspel")``), so a
turn that wins outright (``Turn.outcome``) and a turn that only leads somewhere can be
compared on one scale, and jan (B-33) or sprängjan (B-34), worth two to six points, weigh
what they are worth.

The model, in three layers:

1. **Race in rolls.**  Each side's effective rolls to finish: pips (+ a little bear-off
   waste), rolls lost on the bar behind closed entry points, rolls lost to blots the
   opponent hits next roll, checkers held behind the opponent's bands (primes), and, in
   bräde, the shorter road of a vackert spel (B-31: 26–45 pips fewer than bearing off,
   only while no checker is off).  The difference becomes a win probability with a
   logistic whose width grows with the remaining game.
2. **Bräde's sudden wins.**  Jan (B-33: bar + own occupied first-quarter points > 6): the
   chance the opponent completes it with the next roll (how many of my blots outside the
   first quarter are hit by how many of the 36 rolls), and a slower pressure term built
   from the janblotta idea (B-35: seven checkers that could end up unable to enter).
   Sprängjan (B-34): when the side on roll may enter by bursting (B-12's count, or the
   all-blocked rule), which of the waiting side's bands on the entering side's first
   quarter would, burst, leave the waiting side jan — and by how many of the 36 rolls.
   A blockade of six or more bands (B-10) is a liability for its owner, not a prime.
3. **Everything else** falls back to the generic part: any family this module does not
   know (puff, backgammon, future ones) gets race + blots + primes + entry.

It is antisymmetric by construction (``evaluate(p, s) == -evaluate(p, s.other)``), so a
search can take the opponent's best reply as the minimum of the mover's value.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import mul
from typing import Any, Protocol

from engine.bands import runs
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules.ruleset import RuleSet
from engine.scoring import points
from engine.turn import Turn

# -- dice tables ----------------------------------------------------------------------

#: The 36 ordered rolls; bit i of a mask stands for ``_ROLLS36[i]``.
_ROLLS36 = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _reach_mask(d: int) -> int:
    """Rolls (of 36) that can carry one checker exactly ``d`` pips, blocking ignored."""
    m = 0
    for i, (a, b) in enumerate(_ROLLS36):
        if a == b:
            ok = d in (a, 2 * a, 3 * a, 4 * a)
        else:
            ok = d in (a, b, a + b)
        if ok:
            m |= 1 << i
    return m


def _die_mask(d: int) -> int:
    """Rolls showing a ``d`` on either die (an entry with ``d``)."""
    return sum(1 << i for i, (a, b) in enumerate(_ROLLS36) if d in (a, b))


REACH = [0] + [_reach_mask(d) for d in range(1, 25)] + [0] * 30
DIE = [0] + [_die_mask(d) for d in range(1, 7)]
ROLLS_PER_PIP = 1 / 8.17  # mean pips of a roll, doubles counted four times

_CROSS: dict[Geometry, list[int]] = {
    g: [0] + [g.cross(p) for p in range(1, 25)] + [0] for g in Geometry
}


@dataclass(frozen=True)
class Weights:
    """The hand-set knobs, gathered so a tuning run can vary them."""

    bearoff_waste: float = 4.0  # pips
    pattern_extra: float = 1.6  # rolls a vackert spel costs beyond its pips (exactness)
    move_bonus: float = 0.5  # rolls: being on roll
    sigma_a: float = 0.55
    sigma_b: float = 0.7
    hit_weight: float = 0.85  # of the pips a hit blot loses, for the side not on roll
    hit_weight_on_roll: float = 0.2  # its blots can still be tidied first
    entry_delay: float = 0.7
    prime3: float = 0.15
    prime4: float = 0.4
    prime5: float = 0.9
    full_prime: float = 1.6  # six in a row where bands cannot be burst (puff, backgammon)
    burstable_run: float = 2.0  # rolls lost by the owner of a six-band blockade (B-10)
    jan_now2: float = 0.3  # chance factor that one roll hits two needed blots
    jan_now3: float = 0.07
    jan_pressure: float = 0.3  # ceiling of the slow jan term
    jan_slope: float = 1.2
    jan_blot_weight: float = 0.6
    jan_centre: float = 6.8
    burst_band_risk: float = 0.35  # checkers of my bands in the opponent's entry zone
    munk_chance: float = 0.5


DEFAULT_WEIGHTS = Weights()


class OtherModel(Protocol):
    """Weights of another evaluation (puff's), which carry their own value function."""

    def white_value(self, rules: RuleSet, pos: Position) -> float: ...


Model = Weights | OtherModel


def turn_value(rules: RuleSet, turn: Turn, side: Side, w: Model = DEFAULT_WEIGHTS) -> float:
    """Expected points for ``side`` after ``turn``: the outcome if it ends the game."""
    o = turn.outcome
    if o is not None:
        return float(o.points) if o.winner is side else -float(o.points)
    return evaluate(rules, turn.position, side, w)


def turn_values(rules: RuleSet, turns: Sequence[Turn], side: Side,
                w: Model = DEFAULT_WEIGHTS) -> list[float]:
    """``turn_value`` of each turn.  A model that scores positions in batches (the learned
    network, ``engine.ai.net``) gets all the unfinished ones in one call: one matrix
    product for a roll's 20-odd plays costs about what two single calls would."""
    batch = getattr(w, "white_values", None)
    if batch is None:
        return [turn_value(rules, t, side, w) for t in turns]
    values = iter(batch(rules, [t.position for t in turns if t.outcome is None]))
    out = []
    for t in turns:
        if t.outcome is not None:
            out.append(turn_value(rules, t, side, w))  # the points, no evaluation
        else:
            v = next(values)
            out.append(v if side is Side.WHITE else -v)
    return out


def evaluate(rules: RuleSet, position: Position, side: Side,
             w: Model = DEFAULT_WEIGHTS) -> float:
    """Expected points of ``position`` for ``side`` (antisymmetric, see module doc)."""
    v = white_value(rules, position, w)
    return v if side is Side.WHITE else -v


#: Memo of white's value per (ruleset, weights): the look-ahead meets the same positions
#: again (the opponent's replies it scored become that opponent's candidates next turn;
#: about one evaluation in six repeats in a mästare game).  Bounded: cleared when full.
_MEMO: dict[tuple[str, int], tuple[object, dict[tuple[Any, ...], float]]] = {}
MEMO_LIMIT = 200_000


def white_value(rules: RuleSet, pos: Position, w: Model = DEFAULT_WEIGHTS) -> float:
    """White's expected points, memoised (the value is a pure function of its inputs).

    ``w`` is either this module's ``Weights`` or another model's weights that know their
    own value function (``white_value(rules, pos)``, e.g. ``puff_eval.PuffWeights``)."""
    slot = _MEMO.get((rules.name, id(w)))
    if slot is None or slot[0] is not w:
        slot = _MEMO[(rules.name, id(w))] = (w, {})
    memo = slot[1]
    key = (pos.white, pos.black, pos.turn, pos.pasch, pos.streak, pos.column)
    v = memo.get(key)
    if v is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        v = memo[key] = (_evaluate_white(rules, pos, w) if isinstance(w, Weights)
                         else w.white_value(rules, pos))
    return v


# -- per-side features -------------------------------------------------------------------

_PIPW = (25, *range(24, 0, -1), 0)  # pips still to go from each index (bar .. off)
_TABLE_CACHE: dict[str, tuple[float, float, float, float]] = {}


def _values(table: str) -> tuple[float, float, float, float]:
    """(hemspel, hemspel with munk, jan, sprängjan) points under a scoring table."""
    v = _TABLE_CACHE.get(table)
    if v is None:
        v = (float(points(table, "hemspel")[0]), float(points(table, "hemspel", True)[0]),
             float(points(table, "jan")[0]), float(points(table, "sprangjan")[0]))
        _TABLE_CACHE[table] = v
    return v


def _blots(c: tuple[int, ...], op: tuple[int, ...], x: list[int]) -> list[tuple[int, int, bool]]:
    """Each blot of ``c``: (point, rolls of 36 on which ``op`` can hit it, contact) —
    contact meaning some opponent checker still stands behind it at all."""
    out = []
    behind = None
    for p in range(1, 25):
        if c[p] != 1:
            continue
        if behind is None:
            behind = [r for r in range(25) if op[r]]
        q = x[p]
        m = 0
        contact = False
        for r in behind:
            if r >= q:
                break
            contact = True
            m |= REACH[q - r]
        out.append((p, m, contact))
    return out


def _entry_open(c: tuple[int, ...], op: tuple[int, ...], x: list[int], brade: bool) -> int:
    n = 0
    for d in range(1, 7):
        if brade and c[d]:
            continue  # B-2: never onto own checkers
        if op[x[d]] <= 1:
            n += 1
    return n


def _race(c: tuple[int, ...], op: tuple[int, ...], x: list[int], w: Weights,
          brade: bool) -> float:
    """Rolls this side still needs: pips, bar delay and, in bräde, the vackert spel road."""
    pips = sum(map(mul, c, _PIPW))
    rolls: float = (pips + (w.bearoff_waste if c[OFF] < 15 else 0.0)) * ROLLS_PER_PIP
    if c[BAR]:
        opened = _entry_open(c, op, x, brade)
        p_in = 1 - ((6 - opened) / 6) ** 2
        rolls += min(6.0, c[BAR] * (1 / max(p_in, 0.08) - 1) * w.entry_delay)
    if brade and not c[OFF]:
        # B-31 patterns: checkers only move forward, so a pattern stays possible while no
        # point from the top down holds more than the pattern's cumulative count.
        s24 = c[24]
        s23 = s24 + c[23]
        s22 = s23 + c[22]
        s21 = s22 + c[21]
        if s24 <= 3 and s23 <= 6 and s22 <= 9 and s21 <= 12:
            residual = 45  # enkelt kronspel
        elif s24 <= 5 and s23 <= 10:
            residual = 30  # dubbelt kronspel
        elif s24 <= 7 and s23 <= 12:
            residual = 26  # trappspel
        else:
            residual = 15  # uppspel
        r = (pips - residual) * ROLLS_PER_PIP + w.pattern_extra
        if r < rolls:
            rolls = r
    return rolls


def _evaluate_white(rules: RuleSet, pos: Position, w: Weights) -> float:
    brade = rules.is_brade
    x = _CROSS[pos.geometry]
    wc, bc = pos.white, pos.black
    white_on_roll = pos.turn is Side.WHITE
    wr = _race(wc, bc, x, w, brade)
    br = _race(bc, wc, x, w, brade)
    wblots = _blots(wc, bc, x)
    bblots = _blots(bc, wc, x)
    # Blots the opponent may hit: full weight for the side that just moved.
    k = 8 * w.entry_delay
    loss = 0.0
    for p, m, _ in wblots:
        if m:
            loss += m.bit_count() * (p + k)
    wr += (w.hit_weight_on_roll if white_on_roll else w.hit_weight) * loss * (
        ROLLS_PER_PIP / 36)
    loss = 0.0
    for p, m, _ in bblots:
        if m:
            loss += m.bit_count() * (p + k)
    br += (w.hit_weight if white_on_roll else w.hit_weight_on_roll) * loss * (
        ROLLS_PER_PIP / 36)
    # Primes and blockades, seen along the other side's path.
    burst_ok = brade and rules.blockade_burst
    own, other = _primes(wc, bc, x, w, burst_ok, 7 if pos.column is Side.WHITE else 0)
    wr += own
    br += other
    own, other = _primes(bc, wc, x, w, burst_ok, 7 if pos.column is Side.BLACK else 0)
    br += own
    wr += other

    delta = br - wr + (w.move_bonus if white_on_roll else -w.move_bonus)
    sigma = w.sigma_a * math.sqrt(max(wr + br, 0.0)) + w.sigma_b
    z = 1.7 * delta / sigma
    p_white = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    if not brade:
        return _generic_value(rules, pos, p_white)

    hem, hem_munk, jan_pts, spr_pts = _values(rules.scoring)
    win_w = hem + (w.munk_chance * (hem_munk - hem) if wr < 3.0 and bc[BAR] else 0.0)
    win_b = hem + (w.munk_chance * (hem_munk - hem) if br < 3.0 and wc[BAR] else 0.0)
    race = p_white * win_w - (1 - p_white) * win_b

    # Jan chances: the side not on roll can be jan'd by the coming roll; both by pressure.
    pj_w, ps_w = _jan_risk(wc, bc, x, wblots, w, not white_on_roll, rules)
    pj_b, ps_b = _jan_risk(bc, wc, x, bblots, w, white_on_roll, rules)
    sudden = pj_w + ps_w + pj_b + ps_b
    if sudden > 0.95:
        f = 0.95 / sudden
        pj_w, ps_w, pj_b, ps_b = pj_w * f, ps_w * f, pj_b * f, ps_b * f
        sudden = 0.95
    return (pj_b - pj_w) * jan_pts + (ps_b - ps_w) * spr_pts + (1 - sudden) * race


def band_runs(oc: tuple[int, ...], x: list[int], shortest: int = 3,
              no_band: int = 0) -> Iterator[tuple[int, int]]:
    """(first point, length) of each run of at least ``shortest`` bands of the owner
    (counts ``oc``) along the runner's path ``x`` (points 1..24 in the runner's numbering):
    the primes both the bräde and the puff evaluation price.  Measured by ``engine.bands``
    (G-5), the rules' one definition: ``no_band`` is the owner's double-six column point
    (7), which is no band whatever its count, or 0."""
    for lo, hi in runs(oc, x, shortest, no_band):
        yield lo, hi - lo + 1


def _primes(oc: tuple[int, ...], rc: tuple[int, ...], x: list[int], w: Weights,
            burst_ok: bool, no_band: int = 0) -> tuple[float, float]:
    """(rolls added to the owner, rolls added to the runner) for runs of the owner's
    bands along the runner's path: a prime slows the runner's checkers just behind it; a
    burstable blockade (B-10) is instead a risk to its owner."""
    owner = runner = 0.0
    for s, length in band_runs(oc, x, no_band=no_band):
        if length >= 6 and burst_ok:
            if any(rc[0:s]):
                owner += w.burstable_run
            continue
        trapped = sum(rc[max(0, s - 6):s])
        if not trapped:
            continue
        f = (w.prime3 if length == 3 else w.prime4 if length == 4
             else w.prime5 if length == 5 else w.full_prime)
        runner += f * min(trapped, 6)
    return owner, runner


def _jan_risk(c: tuple[int, ...], o: tuple[int, ...], x: list[int],
              blots: list[tuple[int, int, bool]], w: Weights, exposed: bool,
              rules: RuleSet) -> tuple[float, float]:
    """(P jan, P sprängjan) against the side with counts ``c`` over the next roll or so;
    ``exposed``: the opponent (counts ``o``) rolls next."""
    if c[OFF] == 15:
        return 0.0, 0.0
    occ1 = (c[1] > 0) + (c[2] > 0) + (c[3] > 0) + (c[4] > 0) + (c[5] > 0) + (c[6] > 0)
    need = 7 - c[BAR] - occ1  # hits still needed (B-33)
    outside = [(p, m) for p, m, contact in blots if p > 6 and contact]
    p_now = 0.0
    if exposed and need >= 1 and len(outside) >= need:
        m = 0
        for _, mm in outside:
            m |= mm
        shots = m.bit_count() / 36
        p_now = shots if need == 1 else shots * (w.jan_now2 if need == 2 else
                                                  w.jan_now3 if need == 3 else 0.0)
    if outside or c[BAR]:
        pressure = c[BAR] + occ1 + w.jan_blot_weight * len(outside)
        p_slow = w.jan_pressure / (1 + math.exp(-w.jan_slope * (pressure - w.jan_centre)))
    else:
        p_slow = 0.0
    p_jan = min(0.95, p_now + (1 - p_now) * p_slow)
    # Sprängjan: the opponent is on roll and enters under B-12 onto my bands.
    p_spr = 0.0
    if exposed and o[BAR] and rules.entry_burst and o[OFF] != 14:
        free = 0
        bands = []
        for d in range(1, 7):
            if o[d]:
                continue
            n = c[x[d]]
            if n <= 1:
                free += 1
            else:
                bands.append((d, n))
        allowed = (o[BAR] > free) if rules.entry_burst == "count" else free == 0
        if allowed and bands:
            m = 0
            loss = 0.0
            for d, n in bands:
                if c[BAR] + n + occ1 > 6:
                    m |= DIE[d]
                else:
                    loss += n
            p_spr = m.bit_count() / 36
            p_jan = max(0.0, min(0.95 - p_spr, p_jan + w.burst_band_risk * loss / 15))
    return p_jan, p_spr


def _generic_value(rules: RuleSet, pos: Position, p_white: float) -> float:
    """Any family without bräde's sudden wins: the race, a little gammon for the side far
    behind (puff's ×2 with checkers still in the first quarter, backgammon's gammon)."""
    w = pos.white
    b = pos.black
    g_b = 0.0  # chance-ish that black loses double
    g_w = 0.0
    if not w[OFF] and any(w[0:7]) and b[OFF] >= 8:
        g_w = 0.3
    if not b[OFF] and any(b[0:7]) and w[OFF] >= 8:
        g_b = 0.3
    return p_white * (1 + g_b) - (1 - p_white) * (1 + g_w)
