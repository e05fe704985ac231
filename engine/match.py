"""Matches: an odd number of completed games, points by table, decided early (M-1, M-2).

Kept apart from ``Game`` because a match outlives its games: the bot stores one match
row and starts each game from ``next_starter``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import GameError
from engine.position import Side
from engine.rules.ruleset import Family
from engine.scoring import catch_up_value
from engine.turn import Outcome


@dataclass
class Match:
    """``length`` games to be *completed* (M-1); resigned games are extra unless barred."""

    length: int
    scoring: str = "ww"
    allow_resign: bool = True
    family: Family = Family.BRADE
    results: list[Outcome] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.length < 1 or self.length % 2 == 0:
            raise GameError("match.bad_length", length=self.length)
        self.family = Family(self.family)  # a stored match gives the text

    # -- score --------------------------------------------------------------------------
    def score(self, side: Side) -> int:
        return sum(o.points for o in self.results if o.winner is side)

    def ticks(self, side: Side) -> int:
        """Ny 1's plus/minus balance (seed 004), the tie-break of a level score."""
        return sum(o.tick for o in self.results if o.winner is side)

    @property
    def completed(self) -> int:
        """Games that count toward the length: a resigned game adds one game (M-1)."""
        return sum(1 for o in self.results if o.kind != "resign")

    @property
    def remaining(self) -> int:
        return max(0, self.length - self.completed)

    def record(self, outcome: Outcome) -> None:
        if self.is_over:
            raise GameError("game.over")
        self.results.append(outcome)

    # -- the end ------------------------------------------------------------------------
    def _ahead(self) -> Side | None:
        w, b = self.score(Side.WHITE), self.score(Side.BLACK)
        if w != b:
            return Side.WHITE if w > b else Side.BLACK
        tw, tb = self.ticks(Side.WHITE), self.ticks(Side.BLACK)
        if tw != tb:
            return Side.WHITE if tw > tb else Side.BLACK
        return None

    def _can_catch_up(self, trailer: Side) -> bool:
        """M-2: could ``trailer`` still win by jan in every remaining scheduled game?

        Puff and backgammon have no jan: there the largest win counts (``catch_up_value``).
        """
        leader = trailer.other
        r = self.remaining
        best = self.score(trailer) + r * catch_up_value(self.scoring)
        lead = self.score(leader)
        if best != lead:
            return best > lead
        tick = 1 if self.scoring == "ny1" else 0  # jan carries a plus in Ny 1
        return self.ticks(trailer) + r * tick > self.ticks(leader)

    @property
    def winner(self) -> Side | None:
        ahead = self._ahead()
        if ahead is None:
            return None
        if self.remaining == 0 or not self._can_catch_up(ahead.other):
            return ahead
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def next_starter(self) -> Side | None:
        """T-1: the loser of a bräde game starts the next; puff tekar every game."""
        if not self.results or self.family is Family.PUFF:
            return None
        return self.results[-1].winner.other

    # -- storage ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"length": self.length, "scoring": self.scoring,
                "allow_resign": self.allow_resign, "family": self.family,
                "results": [o.to_json() | {"tick": o.tick} for o in self.results]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Match:
        return cls(int(d["length"]), d.get("scoring", "ww"), bool(d.get("allow_resign", True)),
                   d.get("family", "brade"), [Outcome.from_json(o) for o in d["results"]])
