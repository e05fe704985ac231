"""How much each backgammon choice of mästare's gives away, as GNU Backgammon judges it.

    python benchmarks/gnubg_judge.py [--weights FILE[,FILE...]] [--decisions 2000]
        [--seed 1] [--judge-ply 1] [--widths 4:0.3[:2[:1[:0.12]]][,8:0.5:0...]]

The arena (``gnubg_arena.py``) says who wins, but 400 games tell apart only differences
of about five points in the share won: two networks a point or two apart look alike, and
which of them is ahead changes from one seed to the next (``docs/ai.md``).  This measures
the play itself, decision by decision, which is what a stronger network changes.

The decisions: positions of gesäll's self-play games (5% random plays, the games the
training starts from, ``engine.ai.train.play_recorded``, seeded), each with a roll drawn
from the seeded generator; only those with more than one legal play count.  Gesäll's
hand-built evaluation never changes, so a seed names the same decisions whichever
network is shipped.  Every legal
play of each decision is valued once by gnubg-nn at ``--judge-ply`` plies (1 by
default: a roll ahead on gnubg's network, so a stronger judge than gnubg's own 0-ply
opponent in the arena), from the mover's side, in expected points (money play, no
cube).  A choice's loss is the best play's value less the chosen play's.

For each network (``--weights``, default the shipped one; a comma-separated list
compares them on the same decisions) and each width of mästare's search (``--widths``:
candidates searched and their margin below the one-ply best, then optionally how many
of the closest are looked at a roll deeper, 0 for none, and how many replies a roll
that look follows; mästare's own 4 within 0.3, 2 deeper, 1 reply, by default)
mästare chooses as in a game, and the
script prints the mean loss a decision (in thousandths of a point, with its 95%
interval), the shares of choices losing more than 0.02 and 0.1 points, and for every
network or width after the first, the paired difference from the first (the same decisions, so
the interval is much narrower than either alone).  gnubg's own 0-ply choice is judged
alike as a reference.  gnubg-nn is the project's test oracle: a judge here, never a
teacher (none of its values trains anything).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import gnubg_nn
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.gnubg_arena import GnubgPlayer  # noqa: E402
from engine import rules as rules_registry  # noqa: E402
from engine.ai.agents import SearchAgent  # noqa: E402
from engine.ai.deeper import positions_of  # noqa: E402
from engine.ai.evaluation import Model  # noqa: E402
from engine.ai.net import Net, equity, for_ruleset  # noqa: E402
from engine.ai.train import play_recorded  # noqa: E402
from engine.dice import Dice  # noqa: E402
from engine.generators import legal_turns  # noqa: E402
from engine.position import Position, Side  # noqa: E402
from engine.rules.ruleset import RuleSet  # noqa: E402
from engine.testing import gnubg_board  # noqa: E402
from engine.turn import Turn  # noqa: E402

RULES = "backgammon"
RULES_SET = rules_registry.get(RULES)


class _Search(SearchAgent):
    """mästare's search with a given network and width."""

    def __init__(self, net: Net, candidates: int, margin: float, deeper: int,
                 replies: int, deeper_margin: float) -> None:
        super().__init__(candidates=candidates, margin=margin, deeper=deeper,
                         deeper_replies=replies, deeper_margin=deeper_margin)
        self.net = net

    def model(self, rules: RuleSet) -> Model:
        return self.net


def decisions(rules: RuleSet, count: int, seed: int) -> list[tuple[Position, Dice, list[Turn]]]:
    """``count`` positions with a roll and more than one legal play, from gesäll's
    self-play games (game ``k`` seeded ``seed·1000 + k``)."""
    rng = random.Random(seed)
    out: list[tuple[Position, Dice, list[Turn]]] = []
    game = 0
    while len(out) < count:
        me, op, _, sign = play_recorded(RULES, seed * 1000 + game, 0.05)
        game += 1
        for pos in positions_of(rules, me, op, sign[:-1]):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turns = legal_turns(rules, pos, dice)
            if len(turns) > 1:
                out.append((pos, dice, turns))
                if len(out) == count:
                    break
    return out


def judged(turns: Sequence[Turn], mover: Side, ply: int) -> list[float]:
    """Each play's value for ``mover`` by gnubg at ``ply`` plies, in expected points."""
    values = []
    for t in turns:
        o = t.outcome
        if o is not None:
            values.append(float(o.points if o.winner is mover else -o.points))
            continue
        after = t.position  # the other side on roll: gnubg answers for it
        board = [list(row) for row in gnubg_board(after)]
        p = np.array([gnubg_nn.probabilities(board, ply)], dtype=np.float32)
        v = float(equity(p)[0])
        values.append(-v if after.turn is not mover else v)
    return values


def gnubg_choice(pos: Position, dice: Dice, turns: list[Turn]) -> int:
    """The index of the play gnubg's 0-ply ``best_move`` makes (the arena's mapping)."""
    return turns.index(GnubgPlayer(0).choose(RULES_SET, pos, dice, random.Random(0), turns))


def losses(values: Sequence[Sequence[float]], choices: Sequence[int]) -> list[float]:
    """What each choice gives away: the best play's judged value less the chosen one's."""
    return [max(v) - v[c] for v, c in zip(values, choices, strict=True)]


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, half


def widths(text: str) -> list[tuple[int, float, int, int, float]]:
    """``--widths``: each ``CANDIDATES:MARGIN[:DEEPER[:REPLIES[:DEEPER_MARGIN]]]``, the
    parts left out being mästare's own (``SearchAgent``'s defaults)."""
    own = SearchAgent()
    out = []
    for part in text.split(","):
        w = part.split(":")
        out.append((int(w[0]), float(w[1]), int(w[2]) if len(w) > 2 else own.deeper,
                    int(w[3]) if len(w) > 3 else own.deeper_replies,
                    float(w[4]) if len(w) > 4 else own.deeper_margin))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default=None,
                    help="network files, comma-separated (default: the shipped one)")
    ap.add_argument("--decisions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--judge-ply", type=int, default=1)
    ap.add_argument("--widths", default="4:0.3",
                    help="mästare's search widths, "
                         "CANDIDATES:MARGIN[:DEEPER[:REPLIES[:DEEPER_MARGIN]]] "
                         "comma-separated (its own: 4:0.3:2:1:0.12)")
    ns = ap.parse_args(argv)
    rules = RULES_SET
    t0 = time.perf_counter()
    found = decisions(rules, ns.decisions, ns.seed)
    values = [judged(turns, pos.turn, ns.judge_ply) for pos, _, turns in found]
    print(f"{len(found)} decisions (seed {ns.seed}), every play judged by gnubg "
          f"{ns.judge_ply}-ply in {time.perf_counter() - t0:.0f} s")

    def report(label: str, lost: Sequence[float], seconds: float | None) -> None:
        m, half = _mean_ci(lost)
        big = sum(x > 0.02 for x in lost) / len(lost)
        blunders = sum(x > 0.1 for x in lost) / len(lost)
        took = f", {seconds / len(lost) * 1e3:.1f} ms a decision" if seconds else ""
        print(f"{label}: {1e3 * m:.1f} ± {1e3 * half:.1f} thousandths lost a decision; "
              f"> 0.02: {100 * big:.1f}%, > 0.1: {100 * blunders:.1f}%{took}")

    gnubg = losses(values, [gnubg_choice(pos, dice, turns) for pos, dice, turns in found])
    report("gnubg 0-ply", gnubg, None)
    paths = ns.weights.split(",") if ns.weights else [None]
    first: list[float] | None = None
    for path, (candidates, margin, deeper, replies, close) in ((p, w) for p in paths
                                                                for w in widths(ns.widths)):
        net = Net.load(path) if path else for_ruleset(RULES)
        assert net is not None
        agent = _Search(net, candidates, margin, deeper, replies, close)
        rng = random.Random(ns.seed)
        t1 = time.process_time()
        chosen = []
        for pos, dice, turns in found:
            pick = agent.choose(rules, pos, dice, rng, turns)
            chosen.append(turns.index(pick))
        lost = losses(values, chosen)
        report(f"mästare ({Path(path).name if path else 'shipped'}, {candidates} within "
               f"{margin}, {deeper} within {close} a roll deeper with {replies} replies "
               "a roll)", lost,
               time.process_time() - t1)
        if first is None:
            first = lost
        else:
            m, half = _mean_ci([b - a for a, b in zip(first, lost, strict=True)])
            print(f"  against the first: {1e3 * m:+.1f} ± {1e3 * half:.1f} thousandths "
                  "a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
