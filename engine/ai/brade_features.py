"""What the learned evaluation sees of a bräde position, beyond where the checkers stand.

The board encoding of ``engine.ai.net`` (checkers per point, bar, off, pips) is enough
for puff, where the race and the hits decide.  Bräde is decided as often by its sudden
wins, which a small network cannot work out from checker counts alone in the games a
45-minute training can play: jan (B-33) is a count over the bar and six points compared
with seven, sprängjan (B-34) depends on who may burst what on entering (B-12), a vackert
spel (B-31) on cumulative counts from the top.  So this module spells those out, for
both sides, in the mover's point of view like the rest of the input:

- **Jan** (B-33): the jan count (own bar + occupied own first-quarter points) and how
  many hits are still needed; the side's blots beyond its first quarter that an enemy
  checker still stands behind (each hit adds one to the count), how many there are
  against the hits needed, and the rolls of 36 that hit one of them.
- **Sprängjan** (B-34): whether the opponent, having checkers on the bar, may enter by
  bursting (the ruleset's entry-burst rule, B-12 or "all blocked"; never with 14 off,
  B-13), and on how many of the opponent's entry points a burst would leave the side jan
  — with the chance that the coming roll shows one of them.
- **Blots in reach**: blots 1–6 pips in front of an enemy checker (direct), 7–12
  (indirect), and the rolls of 36 that hit at least one (blocking ignored, as in
  ``engine.ai.evaluation``).
- **Runs of bands** along the path of the player they block (G-5), measured by the
  engine's one definition (``engine.bands.runs``): the longest run, the blocked checkers
  within six points behind runs of three, of four or five, and of six or more that cannot
  be burst, whether a run can be burst (B-10, the ruleset's ``blockade_burst``; not by a
  player with 14 off, B-13), whether blocked checkers stand behind it, and whether an
  entering checker may burst it (B-11: it reaches from the first into the second quarter,
  or any blockade where the ruleset says so).
- **The home band** (own point 1, two or more) and checkers still at home.
- **Vackert spel** (B-31, and kejsarspel where the ruleset has it): for each pattern,
  whether it is still possible (no checker off, and from the top down no point holds more
  than the pattern's cumulative count, since checkers only move forward) and the pips
  still to go to it (which is exact: every checker ends on a pattern point, so the pips
  are the pattern's point sum minus the checkers' own).
- **Munk** (B-32): the opponent has a checker on the bar.
- **The race**: the pip difference, and whether any checker is off (which ends the
  vackert spel chances).

Everything is computed on whole batches with numpy (one matrix of counts per side), so
the 20-odd replies to a roll cost one pass; the runs come from the engine per distinct
band pattern and are cached.  ``SIDE`` numbers per side (mover's first), then ``RUN`` per
direction (the mover's bands against the opponent first), then ``COMMON``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine import bands
from engine.position import BAR, OFF, Geometry
from engine.rules.ruleset import RuleSet

#: Numbers per side, per direction of runs, and shared (see ``feature_names``).
SIDE_NAMES = (
    "jan_count", "jan_need1", "jan_need2", "jan_need3", "jan_blots", "jan_blots_enough",
    "jan_shots", "jan_now", "spr_allowed", "spr_faces", "spr_shots", "blots_direct",
    "blots_indirect", "blot_shots", "entry_open", "home_band", "home_count", "munk",
    "any_off",
    "enkelt_ok", "enkelt_near", "enkelt_pips", "dubbelt_ok", "dubbelt_near",
    "dubbelt_pips", "trapp_ok", "trapp_near", "trapp_pips", "upp_ok", "upp_near",
    "upp_pips", "kejsar_ok", "kejsar_near", "kejsar_pips", "vackert_best",
)
RUN_NAMES = ("run_longest", "run_trapped3", "run_trapped45", "run_trapped6",
             "run_burstable", "run_burstable_behind", "run_entry_burstable")
COMMON_NAMES = ("pip_diff",)
SIDE = len(SIDE_NAMES)
RUN = len(RUN_NAMES)
FEATURES = 2 * SIDE + 2 * RUN + len(COMMON_NAMES)

#: (name, cumulative counts the pattern allows from point 24 down to 20, point sum).
_PATTERNS = (
    ("enkelt", (3, 6, 9, 12, 15), 3 * (20 + 21 + 22 + 23 + 24)),
    ("dubbelt", (5, 10, 15, 15, 15), 5 * (22 + 23 + 24)),
    ("trapp", (7, 12, 15, 15, 15), 3 * 22 + 5 * 23 + 7 * 24),
    ("upp", (15, 15, 15, 15, 15), 15 * 24),
)
#: Kejsarspel (Behrens–Helmfrid): 7 on 24, 7 on 23, the 15th on 18–22 for its roll.
_KEJSAR_SUM = 7 * 24 + 7 * 23
_POINTS = np.arange(26, dtype=np.float32)
_POINTS[OFF] = 0.0
_PIPS = np.array([25, *range(24, 0, -1), 0], dtype=np.float32)


def feature_names() -> list[str]:
    """Column names in order, for tests and for reading a network's weights."""
    return ([f"me_{n}" for n in SIDE_NAMES] + [f"op_{n}" for n in SIDE_NAMES]
            + [f"mine_{n}" for n in RUN_NAMES] + [f"theirs_{n}" for n in RUN_NAMES]
            + list(COMMON_NAMES))


def _reach_matrix() -> np.ndarray:
    """(25, 36): row ``d`` marks the ordered rolls that carry one checker exactly ``d``
    pips (blocking ignored), as ``engine.ai.evaluation.REACH``."""
    m = np.zeros((25, 36), dtype=np.float32)
    for i, (a, b) in enumerate((a, b) for a in range(1, 7) for b in range(1, 7)):
        steps = (a, 2 * a, 3 * a, 4 * a) if a == b else (a, b, a + b)
        for d in steps:
            if d <= 24:
                m[d, i] = 1
    return m


_REACH = _reach_matrix()


@lru_cache(maxsize=8)
def _cross(geometry: Geometry) -> np.ndarray:
    """Index ``q`` (0..25) holds the other side's number of a side's own point ``q``; bar
    and off map to themselves (they are not on the board)."""
    return np.array([0, *(geometry.cross(q) for q in range(1, 25)), 25], dtype=np.intp)


# -- runs of bands: the engine's definition, one call per distinct band pattern ----------


def engine_runs(owner: tuple[int, ...], to_owner: tuple[int, ...]) -> list[tuple[int, int]]:
    """Runs of at least two of the owner's bands as (first point, length) in the blocked
    player's numbering.  The one place this module asks the engine (G-5's one definition,
    ``engine.bands``); if that API moves, only this line changes."""
    return [(lo, hi - lo + 1) for lo, hi in bands.runs(owner, to_owner, 2)]


_MAX_RUNS = 8  # runs of two or more among 24 points, a gap between each


@lru_cache(maxsize=1 << 16)
def _runs_of_mask(mask: int, geometry: Geometry) -> tuple[tuple[int, int], ...]:
    """Runs for a band pattern: bit ``q - 1`` set when the owner has a band on the blocked
    player's point ``q``.  Rebuilds owner counts from the mask and asks the engine."""
    to_owner = tuple(_cross(geometry)[:25])
    owner = [0] * 26
    for q in range(1, 25):
        if mask >> (q - 1) & 1:
            owner[to_owner[q]] = 2
    return tuple(engine_runs(tuple(owner), to_owner))[:_MAX_RUNS]


_BITS = (1 << np.arange(24, dtype=np.int64)).astype(np.int64)


def _run_features(owner: np.ndarray, runner: np.ndarray, geometry: Geometry,
                  rules: RuleSet) -> np.ndarray:
    """``RUN`` numbers for the owner's bands along the runner's path; both (n, 26) in
    their own numbering."""
    n = owner.shape[0]
    cross = _cross(geometry)
    band = owner[:, cross[1:25]] >= 2  # (n, 24): band on the runner's point q
    masks = band.astype(np.int64) @ _BITS
    uniq, inv = np.unique(masks, return_inverse=True)
    starts = np.zeros((len(uniq), _MAX_RUNS), dtype=np.intp)
    lengths = np.zeros((len(uniq), _MAX_RUNS), dtype=np.intp)
    for k, m in enumerate(uniq.tolist()):
        for j, (s, length) in enumerate(_runs_of_mask(int(m), geometry)):
            starts[k, j] = s
            lengths[k, j] = length
    s = starts[inv.reshape(-1)]
    ln = lengths[inv.reshape(-1)]
    # Blocked checkers within six points behind each run (the bar counts as point 0).
    before = np.concatenate([np.zeros((n, 1), np.float32),
                             np.cumsum(runner[:, 0:25], axis=1)], axis=1)  # sum of 0..k-1
    rows = np.arange(n)[:, None]
    trapped = before[rows, s] - before[rows, np.maximum(s - 6, 0)]
    behind = before[rows, s] > 0
    may_burst = bool(rules.blockade_burst) and rules.is_brade
    burst_ok = (runner[:, OFF] != 14) if may_burst else np.zeros(n, dtype=bool)
    six = ln >= 6
    burstable = six & burst_ok[:, None]
    if rules.entry_blockade == "any":
        entry = burstable & (s <= 6)
    elif rules.entry_blockade:
        entry = burstable & (s <= 6) & (s + ln - 1 >= 7)  # B-11
    else:
        entry = np.zeros_like(burstable)
    out = np.empty((n, RUN), dtype=np.float32)
    out[:, 0] = ln.max(axis=1) / 7
    out[:, 1] = np.minimum((trapped * (ln == 3)).sum(axis=1), 6) / 6
    out[:, 2] = np.minimum((trapped * ((ln == 4) | (ln == 5))).sum(axis=1), 6) / 6
    out[:, 3] = np.minimum((trapped * (six & ~burstable)).sum(axis=1), 6) / 6
    out[:, 4] = burstable.any(axis=1)
    out[:, 5] = (burstable & behind).any(axis=1)
    out[:, 6] = (entry & (runner[:, BAR] > 0)[:, None]).any(axis=1)
    return out


# -- per side -------------------------------------------------------------------------


def _shots(blot: np.ndarray, hitter: np.ndarray) -> np.ndarray:
    """Rolls of 36 on which a checker of ``hitter`` can land on a blot; both (n, 25)
    masks in the hitter's numbering (index 0 the bar), blocking ignored."""
    n = blot.shape[0]
    dist = np.zeros((n, 25), dtype=np.float32)
    for d in range(1, 25):
        dist[:, d] = (blot[:, d:] & hitter[:, :25 - d]).any(axis=1)
    shots: np.ndarray = ((dist @ _REACH) > 0).sum(axis=1) / 36
    return shots


def _side_features(c: np.ndarray, o: np.ndarray, geometry: Geometry,
                   rules: RuleSet) -> np.ndarray:
    """``SIDE`` numbers for the side with counts ``c`` against ``o`` (both (n, 26), own
    numbering)."""
    n = c.shape[0]
    cross = _cross(geometry)
    out = np.zeros((n, SIDE), dtype=np.float32)
    col = {name: i for i, name in enumerate(SIDE_NAMES)}

    # Jan (B-33).
    occ1 = (c[:, 1:7] > 0).sum(axis=1)
    count = c[:, BAR] + occ1
    need = 7 - count
    out[:, col["jan_count"]] = count / 7
    out[:, col["jan_need1"]] = need <= 1
    out[:, col["jan_need2"]] = need == 2
    out[:, col["jan_need3"]] = need == 3
    # The side's blots in the opponent's numbering, and where the opponent's checkers are.
    blot_own = c[:, 0:25] == 1
    blot_own[:, 0] = False
    blot = np.zeros((n, 25), dtype=bool)
    blot[:, cross[1:25]] = blot_own[:, 1:25]
    outside_own = blot_own.copy()
    outside_own[:, 1:7] = False
    outside = np.zeros((n, 25), dtype=bool)
    outside[:, cross[1:25]] = outside_own[:, 1:25]
    hitter = o[:, 0:25] > 0
    behind = np.cumsum(hitter, axis=1) > 0  # some opponent checker at or before q
    contact = np.zeros((n, 25), dtype=bool)
    contact[:, 1:] = behind[:, :24]
    jan_blots = (outside & contact).sum(axis=1)
    out[:, col["jan_blots"]] = jan_blots / 7
    out[:, col["jan_blots_enough"]] = (jan_blots >= need) & (need >= 1)
    jan_shots = _shots(outside, hitter)
    out[:, col["jan_shots"]] = jan_shots
    out[:, col["jan_now"]] = jan_shots * (need == 1)

    # Sprängjan (B-34): the opponent enters on its d, the side's cross(d), by bursting.
    entry_pts = cross[1:7]  # the side's numbers of the opponent's entry points 1..6
    mine_there = c[:, entry_pts]
    own_blocked = o[:, 1:7] > 0  # B-2: never onto own checkers
    free = ((~own_blocked) & (mine_there <= 1)).sum(axis=1)
    if not rules.is_brade or rules.entry_burst is None:
        allowed = np.zeros(n, dtype=bool)
    elif rules.entry_burst == "count":
        allowed = o[:, BAR] > free  # B-12
    else:
        allowed = free == 0
    allowed &= (o[:, BAR] > 0) & (o[:, OFF] != 14)  # B-13
    faces = (~own_blocked) & (mine_there >= 2) & (
        (c[:, BAR] + occ1)[:, None] + mine_there > 6) & allowed[:, None]
    k = faces.sum(axis=1)
    out[:, col["spr_allowed"]] = allowed
    out[:, col["spr_faces"]] = k / 6
    out[:, col["spr_shots"]] = 1 - ((6 - k) / 6) ** 2

    # Blots in reach: distance from the nearest enemy checker behind, in its numbering.
    near = np.zeros((n, 25), dtype=bool)
    for d in range(1, 7):
        near[:, d:] |= hitter[:, :25 - d]
    far = np.zeros((n, 25), dtype=bool)
    for d in range(7, 13):
        far[:, d:] |= hitter[:, :25 - d]
    out[:, col["blots_direct"]] = (blot & near).sum(axis=1) / 5
    out[:, col["blots_indirect"]] = (blot & far & ~near).sum(axis=1) / 5
    out[:, col["blot_shots"]] = _shots(blot, hitter)

    # Entering: own first-quarter points that are empty of own checkers and not an enemy
    # band (B-2, B-5); the home band; munk (B-32).
    out[:, col["entry_open"]] = ((c[:, 1:7] == 0) & (o[:, cross[1:7]] <= 1)).sum(axis=1) / 6
    out[:, col["home_band"]] = c[:, 1] >= 2
    out[:, col["home_count"]] = c[:, 1] / 15
    out[:, col["munk"]] = o[:, BAR] > 0
    off = c[:, OFF] > 0
    out[:, col["any_off"]] = off

    # Vackert spel (B-31): cumulative counts from the top must stay within the pattern's.
    top = np.cumsum(c[:, 24:19:-1], axis=1)  # checkers on 24, 23..24, ..., 20..24
    placed = c[:, 0:25] @ _POINTS[0:25]
    best = np.zeros(n, dtype=np.float32)
    for name, cum, total in _PATTERNS:
        ok = ~off & (top <= np.array(cum, dtype=np.float32)).all(axis=1)
        pips = np.maximum(total - placed, 0)
        _pattern(out, col, name, ok, pips)
        best = np.maximum(best, ok * np.exp(-pips / 15))
    if rules.kejsarspel:
        rear = np.argmax(c[:, 0:25] > 0, axis=1).astype(np.float32)
        ok = ~off & (top[:, 0] <= 7) & (top[:, 1] <= 14)
        pips = np.maximum(_KEJSAR_SUM - (placed - rear), 0) + np.maximum(18 - rear, 0)
        _pattern(out, col, "kejsar", ok, pips)
        best = np.maximum(best, ok * np.exp(-pips / 15))
    out[:, col["vackert_best"]] = best
    return out


def _pattern(out: np.ndarray, col: dict[str, int], name: str, ok: np.ndarray,
             pips: np.ndarray) -> None:
    out[:, col[f"{name}_ok"]] = ok
    out[:, col[f"{name}_near"]] = ok * np.exp(-pips / 15)
    out[:, col[f"{name}_pips"]] = ok * np.minimum(pips, 60) / 60


def encode(me: np.ndarray, op: np.ndarray, rules: RuleSet) -> np.ndarray:
    """The (n, ``FEATURES``) bräde numbers of a batch; ``me``/``op`` (n, 26) counts in each
    side's own numbering, the mover first."""
    me = np.asarray(me, dtype=np.float32)
    op = np.asarray(op, dtype=np.float32)
    n = me.shape[0]
    g = rules.geometry
    both_c = np.concatenate([me, op])
    both_o = np.concatenate([op, me])
    sides = _side_features(both_c, both_o, g, rules)  # mover's rows first
    runs = _run_features(both_c, both_o, g, rules)  # the mover's bands first
    out = np.empty((n, FEATURES), dtype=np.float32)
    out[:, 0:SIDE] = sides[:n]
    out[:, SIDE:2 * SIDE] = sides[n:]
    out[:, 2 * SIDE:2 * SIDE + RUN] = runs[:n]
    out[:, 2 * SIDE + RUN:2 * SIDE + 2 * RUN] = runs[n:]
    out[:, -1] = (op @ _PIPS - me @ _PIPS) / 50  # the mover's lead in the race
    return out
