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
   Sprängjan (B-34): with the side on roll entering under B-12's count, which of the
   waiting side's bands in its first quarter would burst it jan.  A blockade of six or
   more bands (B-10) is a liability for its owner, not a prime.
3. **Everything else** falls back to the generic part: any family this module does not
   know (puff, backgammon, future ones) gets race + blots + primes + entry.

It is antisymmetric by construction (``evaluate(p, s) == -evaluate(p, s.other)``), so a
search can take the opponent's best reply as the minimum of the mover's value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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

#: Vackert spel patterns (B-31) as (kind, {point: count}); the pips they still stand
#: short of "all off" are saved compared with hemspel.
_PATTERNS: tuple[tuple[str, dict[int, int]], ...] = (
    ("enkelt-kronspel", {20: 3, 21: 3, 22: 3, 23: 3, 24: 3}),
    ("dubbelt-kronspel", {22: 5, 23: 5, 24: 5}),
    ("trappspel", {22: 3, 23: 5, 24: 7}),
    ("uppspel", {24: 15}),
)


def _pattern_table() -> list[tuple[str, int, list[int]]]:
    out = []
    for kind, target in _PATTERNS:
        residual = sum((25 - p) * n for p, n in target.items())
        # cumulative capacity from point 24 down to 19: checkers at or above k may not
        # exceed the pattern's, since checkers only move forward.
        cap = [sum(n for p, n in target.items() if p >= k) for k in range(25)]
        out.append((kind, residual, cap))
    return out


PATTERNS = _pattern_table()


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


def turn_value(rules: RuleSet, turn: Turn, side: Side, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Expected points for ``side`` after ``turn``: the outcome if it ends the game."""
    o = turn.outcome
    if o is not None:
        return float(o.points) if o.winner is side else -float(o.points)
    return evaluate(rules, turn.position, side, w)


def evaluate(rules: RuleSet, position: Position, side: Side,
             w: Weights = DEFAULT_WEIGHTS) -> float:
    """Expected points of ``position`` for ``side`` (antisymmetric, see module doc)."""
    v = _evaluate_white(rules, position, w)
    return v if side is Side.WHITE else -v


# -- per-side features -------------------------------------------------------------------


class _SideView:
    """One side's counts and the opponent's, with the work shared by the terms."""

    __slots__ = ("blots", "c", "occ1", "op", "rolls", "x")

    def __init__(self, c: tuple[int, ...], op: tuple[int, ...], x: list[int]) -> None:
        self.c = c
        self.op = op
        self.x = x
        self.rolls = 0.0
        self.blots: list[tuple[int, int, bool]] = []  # (point, hit mask, contact)
        self.occ1 = 0


def _blot_masks(v: _SideView) -> None:
    """For each blot: the rolls of 36 on which the opponent can hit it, and whether any
    opponent checker still stands behind it at all (contact)."""
    c, op, x = v.c, v.op, v.x
    behind = [r for r in range(25) if op[r]]
    out = []
    for p in range(1, 25):
        if c[p] != 1:
            continue
        q = x[p]
        m = 0
        contact = False
        for r in behind:
            if r >= q:
                break
            contact = True
            m |= REACH[q - r]
        out.append((p, m, contact))
    v.blots = out


def _entry_open(c: tuple[int, ...], op: tuple[int, ...], x: list[int], brade: bool) -> int:
    n = 0
    for d in range(1, 7):
        if brade and c[d]:
            continue  # B-2: never onto own checkers
        if op[x[d]] <= 1:
            n += 1
    return n


def _evaluate_white(rules: RuleSet, pos: Position, w: Weights) -> float:
    brade = rules.family == "brade"
    x = _CROSS[pos.geometry]
    wh = _SideView(pos.white, pos.black, x)
    bl = _SideView(pos.black, pos.white, x)
    on_roll_white = pos.turn is Side.WHITE
    table = rules.scoring
    for v in (wh, bl):
        _blot_masks(v)
        _race(v, w, brade, rules)
    # Blots the opponent may hit: full weight for the side that just moved.
    for v, moving_next in ((wh, on_roll_white), (bl, not on_roll_white)):
        weight = w.hit_weight_on_roll if moving_next else w.hit_weight
        loss = 0.0
        for p, m, _ in v.blots:
            if m:
                loss += m.bit_count() / 36 * (p + 8 * w.entry_delay)
        v.rolls += weight * loss * ROLLS_PER_PIP
    # Primes and blockades, seen along the other side's path.
    burst_ok = brade and rules.blockade_burst
    _primes(wh, bl, w, burst_ok)
    _primes(bl, wh, w, burst_ok)

    delta = bl.rolls - wh.rolls + (w.move_bonus if on_roll_white else -w.move_bonus)
    sigma = w.sigma_a * math.sqrt(max(wh.rolls + bl.rolls, 0.0)) + w.sigma_b
    z = 1.7 * delta / sigma
    p_white = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    if not brade:
        return _generic_value(rules, pos, p_white)

    win_w = _win_value(table, wh, bl, w)
    win_b = _win_value(table, bl, wh, w)
    race = p_white * win_w - (1 - p_white) * win_b

    jan_pts = float(points(table, "jan")[0])
    spr_pts = float(points(table, "sprangjan")[0])
    # Jan chances: the side not on roll can be jan'd by the coming roll; both by pressure.
    pj_w, ps_w = _jan_risk(wh, bl, w, not on_roll_white, rules)
    pj_b, ps_b = _jan_risk(bl, wh, w, on_roll_white, rules)
    sudden = pj_w + ps_w + pj_b + ps_b
    if sudden > 0.95:
        f = 0.95 / sudden
        pj_w, ps_w, pj_b, ps_b = pj_w * f, ps_w * f, pj_b * f, ps_b * f
        sudden = 0.95
    return ((pj_b - pj_w) * jan_pts + (ps_b - ps_w) * spr_pts + (1 - sudden) * race)


def _race(v: _SideView, w: Weights, brade: bool, rules: RuleSet) -> None:
    c = v.c
    pips = 0
    for p in range(25):
        if c[p]:
            pips += (25 - p) * c[p]
    rolls = (pips + (w.bearoff_waste if c[OFF] < 15 else 0.0)) * ROLLS_PER_PIP
    if c[BAR]:
        opened = _entry_open(c, v.op, v.x, brade)
        p_in = 1 - ((6 - opened) / 6) ** 2
        rolls += min(6.0, c[BAR] * (1 / max(p_in, 0.08) - 1) * w.entry_delay)
    if brade:
        v.occ1 = sum(1 for p in range(1, 7) if c[p])
        if not c[OFF]:
            best = rolls
            for _, residual, cap in PATTERNS:
                above = 0
                ok = True
                for k in range(24, 18, -1):
                    above += c[k]
                    if above > cap[k]:
                        ok = False
                        break
                if ok:
                    r = (pips - residual) * ROLLS_PER_PIP + w.pattern_extra
                    if r < best:
                        best = r
            rolls = best
    v.rolls = rolls


def _primes(owner: _SideView, runner: _SideView, w: Weights, burst_ok: bool) -> None:
    """Runs of ``owner``'s bands along ``runner``'s path: a prime slows the runner's
    checkers just behind it; a burstable blockade (B-10) is instead a risk to its owner."""
    oc, rc, x = owner.c, runner.c, owner.x
    q = 1
    while q <= 24:
        if oc[x[q]] < 2:
            q += 1
            continue
        s = q
        while q <= 24 and oc[x[q]] >= 2:
            q += 1
        length = q - s
        if length < 3:
            continue
        trapped = 0
        for r in range(max(0, s - 6), s):
            trapped += rc[r]
        if length >= 6 and burst_ok:
            if any(rc[r] for r in range(0, s)):
                owner.rolls += w.burstable_run
            continue
        if not trapped:
            continue
        f = (w.prime3 if length == 3 else w.prime4 if length == 4
             else w.prime5 if length == 5 else w.full_prime)
        runner.rolls += f * min(trapped, 6)


def _win_value(table: str, me: _SideView, op: _SideView, w: Weights) -> float:
    """Points a win is likely worth: hemspel, or a vackert spel if that road is open;
    plus munk when the loser sits on the bar near the end (B-32)."""
    base = float(points(table, "hemspel")[0])
    if me.rolls < 3.0 and op.c[BAR]:
        extra = float(points(table, "hemspel", True)[0]) - base
        base += w.munk_chance * extra
    return base


def _jan_risk(v: _SideView, op: _SideView, w: Weights, exposed: bool,
              rules: RuleSet) -> tuple[float, float]:
    """(P jan, P sprängjan) against the side ``v`` over the next roll or so."""
    c = v.c
    if c[OFF] == 15:
        return 0.0, 0.0
    need = 7 - c[BAR] - v.occ1  # hits still needed (B-33)
    outside = [(p, m) for p, m, contact in v.blots if p > 6 and contact]
    p_now = 0.0
    if exposed and need >= 1 and len(outside) >= need:
        m = 0
        for _, mm in outside:
            m |= mm
        shots = m.bit_count() / 36
        p_now = shots if need == 1 else shots * (w.jan_now2 if need == 2 else
                                                  w.jan_now3 if need == 3 else 0.0)
    pressure = c[BAR] + v.occ1 + w.jan_blot_weight * len(outside)
    p_slow = w.jan_pressure / (1 + math.exp(-w.jan_slope * (pressure - w.jan_centre)))
    if not outside and not c[BAR]:
        p_slow = 0.0
    p_jan = min(0.95, p_now + (1 - p_now) * p_slow)
    # Sprängjan: the opponent is on roll (``exposed``) and enters under B-12 onto my bands.
    p_spr = 0.0
    o = op.c
    if exposed and o[BAR] and rules.entry_burst and o[OFF] != 14:
        x = v.x
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
                if c[BAR] + n + v.occ1 > 6:
                    m |= DIE[d]
                else:
                    loss += n
            p_spr = m.bit_count() / 36
            p_jan = min(0.95 - p_spr, p_jan + w.burst_band_risk * loss / 15)
    return p_jan, p_spr


def _generic_value(rules: RuleSet, pos: Position, p_white: float) -> float:
    """Any family without bräde's sudden wins: the race, a little gammon for the side far
    behind (puff's ×2 with checkers still in the first quarter, backgammon's gammon)."""
    w = pos.white
    b = pos.black
    g_b = 0.0  # chance-ish that black loses double
    g_w = 0.0
    if not w[OFF] and sum(w[0:7]) and b[OFF] >= 8:
        g_w = 0.3
    if not b[OFF] and sum(b[0:7]) and w[OFF] >= 8:
        g_b = 0.3
    return p_white * (1 + g_b) - (1 - p_white) * (1 + g_w)
