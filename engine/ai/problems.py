"""Make a ruleset's problem set from strong self-play (``engine.ai.problem_set``).

    python -m engine.ai.problems --rules talisman --seed 1 --count 300 \\
        --out engine/ai/problem_sets/talisman.json
    python -m engine.ai.problems --check engine/ai/problem_sets/talisman.json

Deterministic for a given seed: game ``i`` rolls its dice from ``seed·1000003 + i`` and
both sides play the analysis' best play (``engine.ai.analysis``: every play one-ply, the
best ``CANDIDATES`` two-ply with the shipped evaluation), which is ``mästare``'s search
with wider pruning: the strongest play the engine has.  Games are played until
``--count`` problems are kept.  One process (a problem set is made once, and the
machine's other core is someone else's); ``--progress`` logs each game.

**A position qualifies** (each test counted in the file's ``made`` figures) when:

1. it is an ordinary roll: two dice (no owed one-die roll, B-36), no later puff pasch
   (P-4: its plays cannot all be listed), not a generalpasch to be named;
2. it has at least ``MIN_PLAYS`` different legal plays;
3. it is not a pure race: some checker of one side can still meet one of the other's
   (their remaining paths cross on the board, G-4);
4. the best play beats the second best by at least ``MARGIN`` points two-ply among the
   analysis' candidates, and still does when every legal play is valued two-ply (so the
   stored loss of every play is on one scale);
5. the best play does not simply win a hemspel (bearing off the last checkers is no
   puzzle) — jan, sprängjan and a vackert spel are kept: finding them is;
6. **confirmed one roll deeper** (``engine.ai.lookahead``, depth 2: over the next
   mover's 21 rolls, its ``DEEP_REPLIES`` best replies each valued two-ply): the best
   play and its closest ``RIVALS`` keep their order, the best still ahead by at least
   ``DEEP_MARGIN``.  A problem's answer is then no artefact of one evaluation's horizon.
7. it is not the same position and roll as a problem already kept.

Each kept problem gets a theme where one can be said in words (``theme``), from the
engine's own notions: the outcome kinds, bursts and hits of the plays' steps, and
``engine.ai.brade_features`` (jan count, jan shots, vackert spel distance, runs of bands
measured by ``engine.bands``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine import rules as registry
from engine.ai import brade_features
from engine.ai.analysis import CANDIDATES, evaluator
from engine.ai.arena import MAX_TURNS, opening
from engine.ai.evaluation import Model, turn_values
from engine.ai.lookahead import DEEP_REPLIES, play_values
from engine.ai.pasch import is_long_pasch
from engine.ai.problem_set import Problem, ProblemSet, write
from engine.dice import Dice
from engine.endings import JANS
from engine.generators import legal_turns
from engine.position import OFF, Position, Side
from engine.rules.ruleset import RuleSet
from engine.scoring import VACKERT
from engine.turn import Turn

#: Points the best play must gain on the second best, two-ply.
MARGIN = 0.20
#: ... and one roll deeper.
DEEP_MARGIN = 0.20
#: Fewest different legal plays a problem has.
MIN_PLAYS = 3
#: Plays besides the best checked one roll deeper: the closest by two-ply.
RIVALS = 2
#: Problems kept from one game at most, so a set is not a few games' positions.
PER_GAME = 3

#: Margin buckets reported in ``made`` (points, lower bounds).
BUCKETS = (0.2, 0.3, 0.5, 1.0, 2.0)
_COL = {name: i for i, name in enumerate(brade_features.feature_names())}


# -- the tests a position passes --------------------------------------------------------


def is_race(pos: Position) -> bool:
    """No contact left: the two sides' remaining paths (from each side's rearmost checker,
    the bar counting as its first point, to its 24) share no board point (G-4), so no
    checker can hit or block another any more."""
    g = pos.geometry

    def road(side: Side) -> set[int]:
        c = pos.side(side)
        rear = next((p for p in range(OFF) if c[p]), None)
        if rear is None:
            return set()
        return {g.board_point(side, q) for q in range(max(rear, 1), 25)}

    return not road(Side.WHITE) & road(Side.BLACK)


def ordinary_roll(rules: RuleSet, pos: Position, dice: Dice) -> bool:
    """Two dice, no owed one-die roll, no later pasch, no generalpasch to name."""
    if len(dice) != 2 or pos.onedie or pos.general is not None:
        return False
    if rules.die_by_die:
        if is_long_pasch(rules, pos, dice):
            return False
        from engine.puff import roll_options

        if len(roll_options(rules, pos, dice)) > 1:
            return False
    return True


# -- themes -------------------------------------------------------------------------------


def _features(rules: RuleSet, turns: Sequence[Turn]) -> np.ndarray:
    """``brade_features`` of the positions after ``turns`` (their mover is the solver's
    opponent: ``me_*`` columns are the opponent's, ``op_*`` the solver's, ``theirs_*`` the
    solver's bands in the opponent's way)."""
    from engine.ai.net import mover_arrays

    me, op, _ = mover_arrays([t.position for t in turns])
    return brade_features.encode(me, op, rules)


def _hits(t: Turn) -> int:
    return sum(1 for s in t.steps if s.hit)


def _bearing_off(pos: Position) -> bool:
    """The mover's checkers are all in its fourth quarter or off (B-15, P-5)."""
    c = pos.mover
    return sum(c[19:26]) == 15


def theme(rules: RuleSet, pos: Position, best: Turn, second: Turn) -> str | None:
    """What tells the best play from the second best, where one reason can be named
    (``engine.ai.problem_set`` lists the ids); the first that applies, in that order."""
    o = best.outcome
    if o is not None:
        if o.kind in JANS:
            return "jan-win"
        if o.kind in VACKERT:
            return "vackert-win"
    if any(s.burst for s in best.steps) and not any(s.burst for s in second.steps):
        return "burst"
    if second.outcome is not None:
        return None
    f = _features(rules, [best, second])
    b, s = f[0], f[1]

    def col(row: np.ndarray, name: str) -> float:
        return float(row[_COL[name]])

    brade = rules.is_brade
    hits = _hits(best) > _hits(second)
    if brade and hits and col(b, "me_jan_count") * 7 >= 5:
        return "jan-hit"
    if (brade and col(b, "op_jan_count") * 7 >= 5
            and col(b, "op_jan_shots") + 0.1 <= col(s, "op_jan_shots")):
        return "jan-save"
    if (brade and col(b, "op_vackert_best") >= 0.2
            and col(b, "op_vackert_best") >= col(s, "op_vackert_best") + 0.1):
        return "vackert"
    if _bearing_off(pos) and col(b, "op_blot_shots") < col(s, "op_blot_shots"):
        return "bearoff"
    if (col(b, "theirs_run_longest") * 7 >= 4
            and col(b, "theirs_run_longest") > col(s, "theirs_run_longest")):
        return "blockade"
    if hits:
        return "hit"
    if col(b, "op_blot_shots") + 0.08 <= col(s, "op_blot_shots"):
        return "safe"
    return None


def problem_id(rules_id: str, position: str, dice: Dice) -> str:
    """``talisman-1a2b3c4d``: the ruleset and a digest of the position and roll, so a
    problem keeps its id (and its difficulty in a bot's store) when a set is made again
    and the same position is found."""
    digest = hashlib.sha1(f"{position}|{sorted(dice)}".encode()).hexdigest()[:8]
    return f"{rules_id}-{digest}"


# -- one decision -------------------------------------------------------------------------


@dataclass
class Figures:
    """What the run examined and why positions were left out (the file's ``made``)."""

    games: int = 0
    turns: int = 0
    examined: int = 0
    skipped: Counter[str] = field(default_factory=Counter[str])
    kept: int = 0
    margins: list[float] = field(default_factory=list)
    deep: list[float] = field(default_factory=list)
    themes: Counter[str] = field(default_factory=Counter[str])

    def as_json(self, args: dict[str, Any]) -> dict[str, Any]:
        def hist(xs: list[float]) -> dict[str, int]:
            out = {}
            for lo, hi in zip(BUCKETS, [*BUCKETS[1:], None], strict=True):
                key = f"{lo:.2f}-{hi:.2f}" if hi is not None else f"{lo:.2f}+"
                out[key] = sum(1 for x in xs if x >= lo and (hi is None or x < hi))
            return out

        def pct(xs: list[float], q: float) -> float:
            return round(float(np.percentile(xs, q)), 3) if xs else 0.0

        return {**args, "games": self.games, "turns": self.turns, "examined": self.examined,
                "kept": self.kept, "skipped": dict(sorted(self.skipped.items())),
                "margin": {"buckets": hist(self.margins), "median": pct(self.margins, 50),
                           "p10": pct(self.margins, 10), "p90": pct(self.margins, 90)},
                "deep_margin": {"buckets": hist(self.deep), "median": pct(self.deep, 50)},
                "themes": dict(sorted(self.themes.items(), key=lambda kv: -kv[1]))}


@dataclass(frozen=True)
class Found:
    """A decision of the self-play: the play chosen, and the problem it makes (if any)."""

    play: Turn
    problem: Problem | None


def decide(rules: RuleSet, pos: Position, dice: Dice, model: Model, figures: Figures,
           game: int = 0, number: int = 0,
           want: bool = True) -> Found:
    """The analysis' best play of ``dice`` (to go on with the game) and, when ``want``
    and the position qualifies (module doc), the problem it makes."""
    me = pos.turn
    plays = legal_turns(rules, pos, dice) if not is_long_pasch(rules, pos, dice) else None
    if plays is None:  # a later puff pasch: the beam mästare walks it with
        from engine.ai.agents import SearchAgent

        turn = SearchAgent().choose(rules, pos, dice, random.Random(0))
        figures.skipped["roll"] += 1
        return Found(turn, None)
    if len(plays) == 1:
        return Found(plays[0], None)
    one = turn_values(rules, plays, me, model)
    order = sorted(range(len(plays)), key=lambda i: -one[i])
    searched = order[:CANDIDATES]
    two = dict(zip(searched, play_values(rules, [plays[i] for i in searched], me, model),
                   strict=True))
    best = max(searched, key=lambda i: two[i])
    found = Found(plays[best], None)
    if not want:
        return found
    figures.examined += 1
    if not ordinary_roll(rules, pos, dice):
        figures.skipped["roll"] += 1
        return found
    if len(plays) < MIN_PLAYS:
        figures.skipped["few-plays"] += 1
        return found
    if is_race(pos):
        figures.skipped["race"] += 1
        return found
    ranked = sorted(searched, key=lambda i: -two[i])
    if two[ranked[0]] - two[ranked[1]] < MARGIN:
        figures.skipped["close"] += 1
        return found
    rest = [i for i in range(len(plays)) if i not in two]
    two.update(zip(rest, play_values(rules, [plays[i] for i in rest], me, model),
                   strict=True))
    ranked = sorted(range(len(plays)), key=lambda i: -two[i])
    margin = two[ranked[0]] - two[ranked[1]]
    if ranked[0] != best or margin < MARGIN:
        figures.skipped["close-all-plays"] += 1
        return found
    o = plays[best].outcome
    if o is not None and o.kind not in VACKERT and o.kind not in JANS:
        figures.skipped["plain-win"] += 1
        return found
    rivals = ranked[:1 + RIVALS]
    deep = play_values(rules, [plays[i] for i in rivals], me, model, depth=2)
    deep_margin = deep[0] - max(deep[1:])
    if deep_margin < DEEP_MARGIN:
        figures.skipped["not-confirmed"] += 1
        return found
    top = two[ranked[0]]
    table = tuple((plays[i].text, round(top - two[i], 4)) for i in ranked)
    problem = Problem(problem_id(rules.name, pos.format(), dice), rules.name,
                      pos.format(), tuple(dice), table,
                      round(margin, 4), round(deep_margin, 4), round(top, 4),
                      theme(rules, pos, plays[ranked[0]], plays[ranked[1]]), game, number)
    return Found(found.play, problem)


# -- the run ------------------------------------------------------------------------------


def generate(rules_name: str, seed: int, count: int, max_games: int = 100_000,
             per_game: int = PER_GAME, progress: bool = False) -> ProblemSet:
    """``count`` problems from self-play games (module doc); deterministic per seed."""
    rules = registry.get(rules_name)
    model = evaluator(rules)
    figures = Figures()
    kept: list[Problem] = []
    seen: set[tuple[str, Dice]] = set()
    start = time.monotonic()
    for g in range(max_games):
        if len(kept) >= count:
            break
        rng = random.Random(seed * 1_000_003 + g)
        pos = rules.start().with_turn(opening(rules, rng))
        figures.games += 1
        in_game = 0
        for n in range(1, MAX_TURNS + 1):
            dice: Dice = ((rng.randint(1, 6),) if pos.onedie
                          else (rng.randint(1, 6), rng.randint(1, 6)))
            figures.turns += 1
            want = in_game < per_game and len(kept) < count
            found = decide(rules, pos, dice, model, figures, g, n, want)
            p = found.problem
            if p is not None:
                key = (p.position, tuple(sorted(dice)))
                if key in seen:
                    figures.skipped["repeat"] += 1
                else:
                    seen.add(key)
                    kept.append(p)
                    in_game += 1
                    figures.kept += 1
                    figures.margins.append(p.margin)
                    figures.deep.append(p.deep)
                    figures.themes[p.theme or "-"] += 1
            if found.play.outcome is not None:
                break
            pos = found.play.position
        if progress:
            print(f"game {g}: {len(kept)} kept, {figures.examined} examined, "
                  f"{time.monotonic() - start:.0f}s", file=sys.stderr, flush=True)
    made = figures.as_json({"seed": seed, "count": count, "margin": MARGIN,
                            "deep_margin": DEEP_MARGIN, "min_plays": MIN_PLAYS,
                            "per_game": per_game, "candidates": CANDIDATES,
                            "rivals": RIVALS, "deep_replies": DEEP_REPLIES})
    return ProblemSet(rules.name, tuple(kept), made)


def check(ps: ProblemSet, tolerance: float = 2e-3) -> list[str]:
    """Every problem of ``ps`` valued again, every play two-ply by the shipped evaluation:
    what no longer holds (a play missing or new, the best no longer best, a loss moved by
    more than ``tolerance``), one line each; empty when the set still stands."""
    rules = registry.get(ps.rules)
    model = evaluator(rules)
    out = []
    for p in ps.problems:
        pos = p.board()
        legal = {t.text: t for t in legal_turns(rules, pos, p.dice)}
        stored = [text for text, _ in p.plays]
        if set(legal) != set(stored):
            out.append(f"{p.id}: the legal plays are not the stored ones")
            continue
        values = play_values(rules, [legal[t] for t in stored], pos.turn, model)
        top = max(values)
        if values[0] < top:
            out.append(f"{p.id}: {stored[values.index(top)]} is now better than {p.best}")
        for (text, loss), v in zip(p.plays, values, strict=True):
            if abs(top - v - loss) > tolerance:
                out.append(f"{p.id}: {text} loses {top - v:.4f}, stored {loss:.4f}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    from engine.ai.train import single_threaded_blas

    if argv is None and single_threaded_blas():
        # numpy has already started its BLAS with its own thread count: start afresh.
        os.execv(sys.executable, [sys.executable, "-m", "engine.ai.problems", *sys.argv[1:]])
    ap = argparse.ArgumentParser(
        prog="python -m engine.ai.problems", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", help="ruleset id, e.g. talisman, puff-kontrar")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300, help="problems to keep")
    ap.add_argument("--max-games", type=int, default=100_000,
                    help="stop after this many games even with fewer problems")
    ap.add_argument("--per-game", type=int, default=PER_GAME,
                    help="problems kept from one game at most")
    ap.add_argument("--out", help="the JSON file to write")
    ap.add_argument("--progress", action="store_true", help="log each game to stderr")
    ap.add_argument("--check", metavar="FILE",
                    help="instead: value every play of every problem in FILE again and "
                         "report what no longer holds (exit status 1 if anything)")
    args = ap.parse_args(argv)
    t0, c0 = time.monotonic(), time.process_time()
    if args.check:
        from engine.ai.problem_set import read

        ps = read(args.check)
        wrong = check(ps)
        for line in wrong:
            print(line)
        print(f"{ps.rules}: {len(ps.problems)} problems checked, {len(wrong)} differences; "
              f"{time.monotonic() - t0:.0f}s wall, {time.process_time() - c0:.0f}s CPU")
        return 1 if wrong else 0
    if not args.out or not args.rules:
        ap.error("--rules and --out are required to make a set")
    ps = generate(args.rules, args.seed, args.count, args.max_games, args.per_game,
                  args.progress)
    write(args.out, ps)
    m = ps.made
    print(f"{ps.rules}: {m['kept']} problems kept of {m['examined']} decisions examined "
          f"in {m['games']} games ({m['turns']} turns); skipped {m['skipped']}; "
          f"margin {m['margin']}; deep {m['deep_margin']}; themes {m['themes']}; "
          f"{time.monotonic() - t0:.0f}s wall, {time.process_time() - c0:.0f}s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
