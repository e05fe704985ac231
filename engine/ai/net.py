"""A learned evaluation: a small network that values a position for the side to move.

The hand-built evaluations (``evaluation``, ``puff_eval``) are guesses about what matters;
this one is fitted to what happened in self-play games (``engine.ai.train``: offline
TD(λ) over recorded games).  It values a position from the side to move's point of view,
so one network serves both colours and the value is antisymmetric by construction.

Input (``FEATURES`` numbers), everything in the mover's own numbering (G-2), the
opponent's checkers mapped onto it through the ruleset's geometry (G-4):

- for each of the mover's points 1–24 and then the opponent's: at least one checker, at
  least two (a band), at least three, and the count beyond three (÷ 3) — 4 × 48;
- both sides' checkers on the bar (÷ 3) and borne off (÷ 15);
- both sides' pips still to go (÷ 100);
- whether each side has had its first pasch (puff P-4 gives it longer rolls after).

That is the ``board`` encoding (puff).  Bräde networks use the ``brade`` encoding: the
same board numbers without the pasch flags, followed by what decides bräde spelled out
(``engine.ai.brade_features``: jan count, sprängjan, blots in reach, runs of bands,
vackert spel distance, munk, the race), and backgammon networks the ``bg`` encoding: the
board numbers followed by ``engine.ai.bg_features`` (shots and their cost, entering,
escapes, primes, contact, gammon and backgammon risk).  A network records its encoding in
its metadata.

Output, by the network's ``outputs`` (its metadata):

- ``points`` (every network shipped before issue 42): one number, the expected points of
  the game for the side to move under the ruleset's scoring (puff pays 1, 2 or 3, P-6;
  bräde's jan and sprängjan pay more than a hemspel; backgammon's gammon 2 and
  backgammon 3).
- ``probabilities`` (backgammon): five, as GNU Backgammon's networks have them, each a
  sigmoid: the side to move wins, wins a gammon (or more), wins a backgammon, loses a
  gammon (or more), loses a backgammon (``OUTCOMES``).  A doubling cube needs these, not
  only their expectation; the expected points follow (``equity``), so everything that
  asks a network for a value asks the same question of either kind.

One hidden layer of ``tanh`` units; weights are an ``.npz`` in ``engine/ai/weights``,
named by ruleset id.  Batches are the unit of work: scoring the 20-odd replies to one roll in one matrix
product costs about what scoring two of them one by one would.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from pathlib import Path

import numpy as np

from engine.ai import bg_features, brade_features
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules.ruleset import Family, RuleSet

WEIGHTS_DIR = Path(__file__).with_name("weights")
FEATURES = 4 * 48 + 8
#: The board numbers a bräde network reads (``encode`` without the pasch flags).
BOARD = 4 * 48 + 6
#: Inputs per encoding.
SIZES = {"board": FEATURES, "brade": BOARD + brade_features.FEATURES,
         "bg": BOARD + bg_features.FEATURES}
#: The encoding each family's networks must have (puff's is the plain board one).
FAMILY_ENCODING = {Family.BRADE: "brade", Family.BACKGAMMON: "bg", Family.PUFF: "board"}

#: What a ``probabilities`` network's five outputs are, for the side to move.
OUTCOMES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
#: The kinds of output a network may have (``Net.outputs``).
OUTPUTS = ("points", "probabilities")

#: Pips still to go from each index (bar .. off) in the mover's own numbering.
_PIPS = np.array([25, *range(24, 0, -1), 0], dtype=np.float32)


@lru_cache(maxsize=8)
def _cross_index(geometry: Geometry) -> np.ndarray:
    """Column ``q - 1`` holds the opponent's own number for the mover's point ``q``."""
    return np.array([geometry.cross(q) for q in range(1, 25)], dtype=np.intp)


def encode(me: np.ndarray, op: np.ndarray, pasched: np.ndarray,
           geometry: Geometry) -> np.ndarray:
    """Features of a batch: ``me``/``op`` are (n, 26) counts in each side's own numbering
    (bar 0, points 1–24, off 25), ``pasched`` (n, 2) the mover's and the opponent's
    first-pasch flags.  Training and play both come through here, so they cannot drift."""
    me = np.asarray(me, dtype=np.float32)
    op = np.asarray(op, dtype=np.float32)
    n = me.shape[0]
    pts = np.concatenate([me[:, 1:25], op[:, _cross_index(geometry)]], axis=1)  # (n, 48)
    out = np.empty((n, FEATURES), dtype=np.float32)
    out[:, 0:48] = pts >= 1
    out[:, 48:96] = pts >= 2
    out[:, 96:144] = pts >= 3
    out[:, 144:192] = np.maximum(pts - 3, 0) / 3
    out[:, 192] = me[:, BAR] / 3
    out[:, 193] = op[:, BAR] / 3
    out[:, 194] = me[:, OFF] / 15
    out[:, 195] = op[:, OFF] / 15
    out[:, 196] = me @ _PIPS / 100
    out[:, 197] = op @ _PIPS / 100
    out[:, 198:200] = pasched
    return out


def encoding_for(rules: RuleSet) -> str:
    """The encoding a new network for ``rules`` uses: its family's (``FAMILY_ENCODING``)."""
    return FAMILY_ENCODING[rules.family]


def encode_for(encoding: str, rules: RuleSet, me: np.ndarray, op: np.ndarray,
               pasched: np.ndarray) -> np.ndarray:
    """Features of a batch under ``encoding`` (arguments as ``encode``, plus the rules:
    bräde's features depend on its burst rules, kejsarspel and geometry)."""
    board = encode(me, op, pasched, rules.geometry)
    if encoding == "board":
        return board
    if encoding == "brade":
        return np.concatenate([board[:, :BOARD], brade_features.encode(me, op, rules)],
                              axis=1)
    if encoding == "bg":
        return np.concatenate([board[:, :BOARD], bg_features.encode(me, op)], axis=1)
    raise ValueError(f"unknown encoding {encoding!r}")


def mover_arrays(positions: Sequence[Position]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (me, op, pasched) arrays ``encode`` takes, from positions (mover = ``turn``).
    Built with ``np.fromiter`` over the flat counts: turning a list of tuples into an
    array costs several times as much, and the search asks this for every roll."""
    me, op, flags = [], [], []
    for p in positions:
        if p.turn is Side.WHITE:
            me.append(p.white)
            op.append(p.black)
        else:
            me.append(p.black)
            op.append(p.white)
        flags.append((p.turn in p.pasch, p.turn.other in p.pasch))
    n = len(me)

    def flat(rows: list[tuple[int, ...]]) -> np.ndarray:
        return np.fromiter(chain.from_iterable(rows), dtype=np.float32,
                           count=26 * n).reshape(n, 26)

    return (flat(me), flat(op),
            np.fromiter(chain.from_iterable(flags), dtype=np.float32,
                        count=2 * n).reshape(n, 2))


def equity(p: np.ndarray) -> np.ndarray:
    """Expected points for the side to move from rows of the five ``OUTCOMES``
    probabilities: a win is worth one, a gammon one more, a backgammon one more again,
    and the same for a loss (P(loss) = 1 − P(win)); cubeless money play."""
    out: np.ndarray = (2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4])
    return out


def flip(p: np.ndarray) -> np.ndarray:
    """The same rows of ``OUTCOMES`` seen by the other side: its win is our loss, its
    gammons ours lost."""
    return np.stack([1 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]], axis=1)


def possible(p: np.ndarray, me: np.ndarray, op: np.ndarray) -> np.ndarray:
    """Backgammon ``OUTCOMES`` rows with what the board rules out set to zero, as GNU
    Backgammon's evaluation does after its networks.  A network's sigmoids are never
    exactly zero, so it gives a side that has borne off a checker a fraction of a per
    cent to lose a gammon, which it cannot (``docs/rules.md``, backgammon: a gammon is
    a win over a side that has borne off nothing); a cube's decisions
    and the analysis's figures would carry that.  ``me``/``op``: the (n, 26) counts of
    ``mover_arrays`` (bar 0, points 1–24, off 25), the side the rows are for first.

    - A side that has borne off loses no gammon (and so no backgammon).
    - Once the sides are past each other (no contact), a side with no checker on the
      bar or in the other's home board (its own points 1–6) can no longer be caught
      there: it loses no backgammon.
    - A backgammon is a gammon and a gammon a win: each chance is at most the one
      before it."""
    p = np.array(p, dtype=np.float32, copy=True)
    me_off, op_off = me[:, OFF] > 0, op[:, OFF] > 0
    apart = ~bg_features.in_contact(me, op)
    me_caught = me[:, 0:7].sum(axis=1) > 0
    op_caught = op[:, 0:7].sum(axis=1) > 0
    p[me_off, 3:5] = 0
    p[op_off, 1:3] = 0
    p[apart & ~me_caught, 4] = 0
    p[apart & ~op_caught, 2] = 0
    p[:, 1] = np.minimum(p[:, 1], p[:, 0])
    p[:, 2] = np.minimum(p[:, 2], p[:, 1])
    p[:, 3] = np.minimum(p[:, 3], 1 - p[:, 0])
    p[:, 4] = np.minimum(p[:, 4], p[:, 3])
    return p


def outcome_targets(points: np.ndarray) -> np.ndarray:
    """Rows of ``OUTCOMES`` (0 or 1) for finished games, from the points won by the side
    the rows are for (±1 a single game, ±2 a gammon, ±3 a backgammon)."""
    r = np.asarray(points, dtype=np.float32)
    return np.stack([r > 0, r >= 2, r >= 3, r <= -2, r <= -3], axis=1).astype(np.float32)


class Net:
    """One hidden layer; ``forward`` gives expected points for the side to move, and a
    ``probabilities`` network (``outputs``) its five ``OUTCOMES`` as well."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
                 b2: float | np.ndarray, meta: dict[str, str] | None = None) -> None:
        self.w1 = np.ascontiguousarray(w1, dtype=np.float32)
        self.b1 = np.asarray(b1, dtype=np.float32)
        self.w2 = np.asarray(w2, dtype=np.float32)
        self.meta = dict(meta or {})
        if self.outputs == "probabilities":
            self.b2: float | np.ndarray = np.asarray(b2, dtype=np.float32).reshape(-1)
            if self.w2.shape != (self.w1.shape[1], len(OUTCOMES)) or self.b2.shape != (
                    len(OUTCOMES),):
                raise ValueError("a probabilities network needs five outputs")
        else:
            self.b2 = float(np.asarray(b2))

    @property
    def encoding(self) -> str:
        """How positions become inputs (``board`` for networks saved before bräde's)."""
        return self.meta.get("encoding", "board")

    @property
    def outputs(self) -> str:
        """``points`` (one output: expected points) or ``probabilities`` (``OUTCOMES``)."""
        return self.meta.get("outputs", "points")

    @classmethod
    def fresh(cls, hidden: int, rng: np.random.Generator, encoding: str = "board",
              outputs: str = "points") -> Net:
        if outputs not in OUTPUTS:
            raise ValueError(f"unknown outputs {outputs!r}")
        n = SIZES[encoding]
        scale = 1 / np.sqrt(n)
        w1 = rng.normal(0, scale, (n, hidden))
        meta = {"encoding": encoding}
        if outputs == "points":
            return cls(w1, np.zeros(hidden), rng.normal(0, 1 / np.sqrt(hidden), hidden), 0.0,
                       meta)
        meta["outputs"] = outputs
        return cls(w1, np.zeros(hidden),
                   rng.normal(0, 1 / np.sqrt(hidden), (hidden, len(OUTCOMES))),
                   np.zeros(len(OUTCOMES)), meta)

    def raw(self, x: np.ndarray) -> np.ndarray:
        """The network's own outputs for input rows: expected points (n,) for a
        ``points`` network, the (n, 5) ``OUTCOMES`` probabilities for the other kind."""
        h = np.tanh(x @ self.w1 + self.b1)
        out: np.ndarray = h @ self.w2 + self.b2
        if self.outputs == "probabilities":
            out = 1 / (1 + np.exp(-out))
        return out

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Expected points for the side to move, whatever the network's outputs."""
        out = self.raw(x)
        return equity(out) if self.outputs == "probabilities" else out

    def inputs(self, rules: RuleSet, positions: Sequence[Position]) -> np.ndarray:
        """The input rows for positions (mover = ``turn``) under this network's encoding."""
        return encode_for(self.encoding, rules, *mover_arrays(positions))

    # -- the evaluation interface the agents use (``evaluation.Model``) ------------------

    def mover_values(self, rules: RuleSet, positions: Sequence[Position]) -> np.ndarray:
        if self.outputs == "probabilities":
            return equity(self.probabilities(rules, positions))
        return self.forward(self.inputs(rules, positions))

    def probabilities(self, rules: RuleSet, positions: Sequence[Position]) -> np.ndarray:
        """The (n, 5) ``OUTCOMES`` probabilities for each position's side to move; only a
        ``probabilities`` network has them.  A backgammon network's are made possible
        (``possible``): what the board rules out is zero, not the network's small guess."""
        if self.outputs != "probabilities":
            raise ValueError("this network gives expected points only")
        me, op, flags = mover_arrays(positions)
        p = self.raw(encode_for(self.encoding, rules, me, op, flags))
        return possible(p, me, op) if self.encoding == "bg" else p

    def white_value(self, rules: RuleSet, pos: Position) -> float:
        v = float(self.mover_values(rules, [pos])[0])
        return v if pos.turn is Side.WHITE else -v

    def white_values(self, rules: RuleSet, positions: Sequence[Position]) -> list[float]:
        """White's expected points for each position, in one batch."""
        if not positions:
            return []
        vs = self.mover_values(rules, positions)
        return [float(v) if p.turn is Side.WHITE else -float(v)
                for v, p in zip(vs, positions, strict=True)]

    # -- files ---------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        np.savez_compressed(path, w1=self.w1, b1=self.b1, w2=self.w2,
                            b2=np.asarray(self.b2, dtype=np.float32),
                            meta=np.array(sorted(self.meta.items()), dtype=str))

    @classmethod
    def load(cls, path: str | Path) -> Net:
        with np.load(path) as z:
            meta = {str(k): str(v) for k, v in z["meta"]} if "meta" in z else {}
            return cls(z["w1"], z["b1"], z["w2"], z["b2"], meta)


@lru_cache(maxsize=16)
def for_ruleset(ruleset_id: str) -> Net | None:
    """The shipped network for a ruleset id (its options share it), or None."""
    path = WEIGHTS_DIR / f"{ruleset_id}.npz"
    return Net.load(path) if path.exists() else None


def for_rules(rules: RuleSet) -> Net | None:
    """The shipped network that fits ``rules``: the ruleset's, unless it was trained under
    another scoring table (talisman+ny2 pays 3/7/11 where the W&W-trained net expects
    1/2/4, so its values would be on the wrong scale) or another encoding than the one
    the family needs (``FAMILY_ENCODING``)."""
    net = for_ruleset(rules.id)
    if net is None:
        return None
    if net.meta.get("scoring", rules.scoring) != rules.scoring:
        return None
    if net.encoding != FAMILY_ENCODING[rules.family]:
        return None
    return net
