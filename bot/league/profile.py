"""A member's profile from their finished games: record by ruleset, ways of winning, and
their dice.

The store hands over one ``GameSummary`` per finished game (from its rows and the
stored ``Outcome``); this module only counts, so the profile command and its tests need
no database.  Outcome kinds are the ids of ``docs/rules.md``, "Outcome kinds".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine import rules as rules_registry
from engine.errors import EngineError
from engine.scoring import VACKERT
from engine.turn import Outcome

#: Ways of winning a profile counts, in display order.  ``munk`` is a flag on a hemspel
#: or vackert spel, so a munk win counts under both.
WAYS = ("hemspel", "vackert", "munk", "jan", "sprangjan", "resign")


@dataclass(frozen=True)
class GameSummary:
    """One finished game from one member's side."""

    game_id: str
    rules: str  # the ruleset id with options, e.g. "talisman+ny2"
    opponent: str | None  # None: the computer
    won: bool
    kind: str  # the outcome kind (docs/rules.md, "Outcome kinds")
    munk: bool
    points: int
    finished_at: datetime | None = None
    rated: bool = False

    @classmethod
    def of(cls, player: str, *, game_id: str, rules: str, white: str, black: str | None,
           outcome: Outcome, finished_at: datetime | None = None,
           rated: bool = False) -> GameSummary:
        """``player``'s view of a game between ``white`` and ``black``."""
        plays_white = player == white
        won = outcome.winner.value == ("white" if plays_white else "black")
        return cls(str(game_id), rules, black if plays_white else white, won, outcome.kind,
                   outcome.munk, outcome.points, finished_at, rated)


@dataclass
class Profile:
    games: int = 0
    wins: int = 0
    losses: int = 0
    points_won: int = 0
    points_lost: int = 0
    by_rules: dict[str, list[int]] = field(default_factory=dict)  # id -> [wins, losses]
    ways: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WAYS, 0))
    recent: list[GameSummary] = field(default_factory=list)


def way_of(kind: str) -> str:
    """The profile's bucket for an outcome kind: every beautiful game is "vackert"."""
    return "vackert" if kind in VACKERT else kind


def build_profile(games: Iterable[GameSummary], recent: int = 5) -> Profile:
    """Count ``games`` (any order); ``recent`` newest first, games without a time last."""
    p = Profile()
    rows = list(games)
    for g in rows:
        p.games += 1
        base = g.rules.split("+", 1)[0]
        rec = p.by_rules.setdefault(base, [0, 0])
        if g.won:
            p.wins += 1
            p.points_won += g.points
            rec[0] += 1
            way = way_of(g.kind)
            p.ways[way] = p.ways.get(way, 0) + 1
            if g.munk:
                p.ways["munk"] += 1
        else:
            p.losses += 1
            p.points_lost += g.points
            rec[1] += 1
    rows.sort(key=lambda g: (g.finished_at is None, -(g.finished_at.timestamp())
                             if g.finished_at else 0))
    p.recent = rows[:recent]
    return p


# -- a member's dice (docs/dice.md, "Your dice") -------------------------------------------


@dataclass
class DiceCount:
    """A member's own rolls: ``rolls`` of two dice and how many were a pasch; ``faces``
    counts every die of them and of one-die rolls (B-36), face 1 at index 0."""

    rolls: int = 0
    doubles: int = 0
    faces: list[int] = field(default_factory=lambda: [0] * 6)

    @property
    def dice(self) -> int:
        return sum(self.faces)

    def add(self, dice: Sequence[int]) -> None:
        for d in dice:
            self.faces[d - 1] += 1
        if len(dice) == 2:
            self.rolls += 1
            self.doubles += dice[0] == dice[1]


def count_dice(events: Iterable[tuple[int, int, str, str, dict[str, Any]]],
               user_id: int) -> DiceCount:
    """Count ``user_id``'s rolls among the ``(game id, white id, rules, kind, data)``
    events of their games (teka, start and roll, in order).  Backgammon's first roll is
    left out: it is the two players' teka dice, never a pasch, so it would bend the
    pasch share; the teka itself is not a roll of one's own either."""
    count = DiceCount()
    game, kinds, backgammon = None, ["", ""], False
    for game_id, white_id, rules, kind, data in events:
        if game_id != game:
            game, kinds = game_id, ["", ""]
            try:
                backgammon = rules_registry.get(rules).opening_roll_plays
            except EngineError:  # a ruleset this version no longer knows
                backgammon = False
        opening = backgammon and kinds == ["teka", "start"]
        kinds = [kinds[1], kind]
        if kind != "roll" or opening:
            continue
        side = "white" if user_id == white_id else "black"
        if data.get("side") == side and data.get("dice"):
            count.add([int(d) for d in data["dice"]])
    return count
