"""The values a tournament is made of: players, pairings, rounds (JSON-ready).

Times are timezone-aware ``datetime`` values handed in by the caller; nothing here reads
a clock, so a test can move time by passing a later value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class Format(StrEnum):
    SINGLE_ELIMINATION = "single_elimination"
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


class State(StrEnum):
    REGISTRATION = "registration"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"


class Status(StrEnum):
    PENDING = "pending"  # to be played
    DONE = "done"  # a result: played, set by the organiser, or a walkover
    BYE = "bye"  # ``a`` sits out (Swiss: a full point; knockout: goes through)
    CANCELLED = "cancelled"  # the tournament finished before it was played


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


@dataclass
class Player:
    id: str
    name: str
    rating: float = 1500.0
    seed: int = 0  # 1 = strongest, given at the start from the ratings
    withdrawn: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "rating": self.rating, "seed": self.seed,
                "withdrawn": self.withdrawn}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        return cls(str(d["id"]), str(d["name"]), float(d.get("rating", 1500.0)),
                   int(d.get("seed", 0)), bool(d.get("withdrawn", False)))


@dataclass
class Pairing:
    """One match of a round.  ``b`` is None for a bye; ``winner`` None with status DONE
    is a double forfeit.  ``a_points``/``b_points`` are the match score in game points.
    ``ref`` is free for the caller (the bot keeps its thread or match id there)."""

    id: str
    round: int
    table: int
    a: str
    b: str | None
    status: Status = Status.PENDING
    winner: str | None = None
    a_points: int = 0
    b_points: int = 0
    walkover: bool = False
    set_by_organiser: bool = False
    reminded: bool = False  # the "reminder due" event was handed out
    walkover_noticed: bool = False  # the "walkover due" event was handed out
    ref: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def decided(self) -> bool:
        return self.status in (Status.DONE, Status.BYE)

    @property
    def loser(self) -> str | None:
        if self.status is not Status.DONE or self.winner is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a

    def opponent(self, player: str) -> str | None:
        if player == self.a:
            return self.b
        return self.a if player == self.b else None

    def points_of(self, player: str) -> int:
        return self.a_points if player == self.a else self.b_points if player == self.b else 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "round": self.round, "table": self.table, "a": self.a,
                "b": self.b, "status": self.status.value, "winner": self.winner,
                "a_points": self.a_points, "b_points": self.b_points,
                "walkover": self.walkover, "set_by_organiser": self.set_by_organiser,
                "reminded": self.reminded, "walkover_noticed": self.walkover_noticed,
                "ref": self.ref}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Pairing:
        return cls(str(d["id"]), int(d["round"]), int(d["table"]), str(d["a"]),
                   None if d.get("b") is None else str(d["b"]), Status(d["status"]),
                   None if d.get("winner") is None else str(d["winner"]),
                   int(d.get("a_points", 0)), int(d.get("b_points", 0)),
                   bool(d.get("walkover", False)), bool(d.get("set_by_organiser", False)),
                   bool(d.get("reminded", False)), bool(d.get("walkover_noticed", False)),
                   d.get("ref"))


@dataclass
class Round:
    number: int
    pairings: list[Pairing] = field(default_factory=list)
    opened_at: datetime | None = None  # None: scheduled (round robin) but not yet open
    deadline: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.opened_at is not None

    @property
    def complete(self) -> bool:
        return all(p.status is not Status.PENDING for p in self.pairings)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "pairings": [p.to_json() for p in self.pairings],
                "opened_at": _iso(self.opened_at), "deadline": _iso(self.deadline)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Round:
        return cls(int(d["number"]), [Pairing.from_json(p) for p in d["pairings"]],
                   _dt(d.get("opened_at")), _dt(d.get("deadline")))


@dataclass(frozen=True)
class DueEvent:
    """Something a scheduler should act on: ``kind`` is "reminder" (the deadline is
    near: ping the players) or "walkover_due" (it has passed: ask the organiser)."""

    kind: str
    pairing: str
    round: int
    players: tuple[str, ...]
    deadline: datetime


@dataclass(frozen=True)
class Change:
    """What an action set in motion, for the bot to announce: "round_opened" (with the
    new pairings' ids: create their threads), "walkover" (an automatic one, e.g. against
    a removed player), "repaired" (the open round was dropped to be paired again after
    a correction: ``refs`` are the dropped matches' refs whose threads must close),
    "departed" (``players`` found gone from the server before a round was paired:
    withdrawn), "finished", or "cancelled" (called off before the start)."""

    kind: str
    round: int | None = None
    pairings: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
