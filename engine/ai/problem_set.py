"""Problems: positions to solve, one play clearly best, as shipped with the package.

A problem is a position from strong self-play, the roll to play, and every legal play
with the expected points it loses against the best (two-ply, the analysis' own judgement,
``engine.ai.analysis``).  They are made by ``python -m engine.ai.problems`` (see that
module for how a position qualifies) and shipped as one JSON file per ruleset in
``engine/ai/problem_sets``.  This module only reads them and judges an answer: the
bot shows a problem and tells the solver how many points their play loses.

Plays are stored as the engine's move text (``Turn.text``, read back by
``engine.notation.parse_play``); an answer is matched to a stored play by the position it
leaves, so any way of writing a play (``1/7 7/12``, ``1/12``) finds it.

**Themes** name what a problem is about, where one can be said in words (ids, worded
by whoever shows the problem; the rules they concern in brackets):

- ``jan-win`` — the best play makes the opponent jan or sprängjan now (B-33, B-34);
- ``vackert-win`` — the best play completes a vackert spel (B-31);
- ``burst`` — break a blockade: the best play bursts a band (B-10 … B-12);
- ``jan-hit`` — hit for jan: the best play hits and brings the opponent close to jan
  (B-33);
- ``jan-save`` — save the janblotta: the best play leaves the mover's own jan far less
  likely (B-33, B-35);
- ``vackert`` — keep a vackert spel in reach (B-31);
- ``bearoff`` — bear off safely: the mover is bearing off and the best play leaves fewer
  shots (B-15, P-5);
- ``blockade`` — build a run of bands in the opponent's way (G-5);
- ``hit`` — hit a blot (B-3, P-2);
- ``safe`` — leave fewer shots;
- ``None`` — no single reason: the evaluation's judgement as a whole.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from engine import rules as registry
from engine.dice import Dice
from engine.generators import legal_turns
from engine.notation import parse_play
from engine.position import Position
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

SETS_DIR = Path(__file__).with_name("problem_sets")

THEMES = ("jan-win", "vackert-win", "burst", "jan-hit", "jan-save", "vackert", "bearoff",
          "blockade", "hit", "safe")


@dataclass(frozen=True)
class Problem:
    """One problem.  ``plays`` holds every legal play (its text) with the points it loses
    against the best, best first; ``margin`` is what the second best loses, ``deep`` the
    margin one roll deeper (``engine.ai.lookahead``, depth 2), ``value`` the best play's
    expected points for the mover."""

    id: str
    rules: str
    position: str
    dice: Dice
    plays: tuple[tuple[str, float], ...]
    margin: float
    deep: float
    value: float
    theme: str | None = None
    game: int = 0
    turn: int = 0

    @property
    def best(self) -> str:
        return self.plays[0][0]

    @property
    def ruleset(self) -> RuleSet:
        return registry.get(self.rules)

    def board(self) -> Position:
        return self.ruleset.parse_position(self.position)

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "rules": self.rules, "position": self.position,
                "dice": list(self.dice), "plays": [[t, loss] for t, loss in self.plays],
                "margin": self.margin, "deep": self.deep, "value": self.value,
                "theme": self.theme, "game": self.game, "turn": self.turn}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Problem:
        return cls(str(d["id"]), str(d["rules"]), str(d["position"]),
                   tuple(int(x) for x in d["dice"]),
                   tuple((str(t), float(v)) for t, v in d["plays"]),
                   float(d["margin"]), float(d["deep"]), float(d["value"]),
                   d.get("theme"), int(d.get("game", 0)), int(d.get("turn", 0)))

    # -- judging an answer --------------------------------------------------------------

    def judge(self, text: str) -> Verdict:
        """The play ``text`` describes, the points it loses, the best play, and whether
        it is the best (the same play, or one that leaves the same position with the
        same win).

        Raises the engine's ``MoveError`` (worded by the caller, like a game's input)
        when the text is no legal play.  The play is matched to the stored one that
        leaves the same position (a problem is never a long puff pasch, so its plays are
        few enough to list).  A legal play missing from the stored list (the move
        generator changed since the set was made) counts as losing the most any stored
        play loses: never reported better than it may be."""
        rules, pos = self.ruleset, self.board()
        turn = parse_play(rules, pos, self.dice, text)
        loss = dict(self.plays)
        by_text = {t.text: t for t in legal_turns(rules, pos, self.dice)}
        best = by_text.get(self.best) or parse_play(rules, pos, self.dice, self.best)
        def same(a: Turn, b: Turn) -> bool:
            return a.position == b.position and a.outcome == b.outcome

        for t in by_text.values():
            if same(t, turn) and t.text in loss:
                return Verdict(t, loss[t.text], best, same(t, best))
        return Verdict(turn, max(loss.values()), best, same(turn, best))


class Verdict(NamedTuple):
    """A member's answer judged: their play, the points it loses, the best play."""

    turn: Turn
    loss: float
    best: Turn
    right: bool


@dataclass(frozen=True, eq=False)  # hashed by identity: the index below is cached
class ProblemSet:
    """A ruleset's problems and how they were made (``made``: the generator's figures)."""

    rules: str
    problems: tuple[Problem, ...]
    made: dict[str, Any]

    def by_id(self, pid: str) -> Problem | None:
        return _index(self).get(pid)


@lru_cache(maxsize=16)
def _index(ps: ProblemSet) -> dict[str, Problem]:
    return {p.id: p for p in ps.problems}


def read(path: str | Path) -> ProblemSet:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return ProblemSet(str(data["rules"]),
                      tuple(Problem.from_json(p) for p in data["problems"]),
                      dict(data.get("made", {})))


def write(path: str | Path, ps: ProblemSet) -> None:
    """One problem a line: the file stays readable and diffs stay small."""
    lines = [json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":"))
             for p in ps.problems]
    head = json.dumps(ps.made, ensure_ascii=False, sort_keys=True)
    text = ("{\"rules\":" + json.dumps(ps.rules) + ",\n\"made\":" + head
            + ",\n\"problems\":[\n" + ",\n".join(lines) + "\n]}\n")
    Path(path).write_text(text, encoding="utf-8")


def available() -> list[str]:
    """Ruleset ids with a shipped problem set."""
    return sorted(p.stem for p in SETS_DIR.glob("*.json"))


@lru_cache(maxsize=16)
def shipped(rules_id: str) -> ProblemSet | None:
    """The shipped problem set of a ruleset id, or None."""
    path = SETS_DIR / f"{rules_id}.json"
    return read(path) if path.exists() else None


def find(pid: str) -> Problem | None:
    """A shipped problem by id (``talisman-0042``: the ruleset id, a dash, a number)."""
    rules_id, _, _ = pid.rpartition("-")
    ps = shipped(rules_id) if rules_id else None
    return ps.by_id(pid) if ps is not None else None


__all__ = ["SETS_DIR", "THEMES", "Problem", "ProblemSet", "available", "find", "read",
           "shipped", "write"]
