"""Typed rows the store hands out; plain values, no database handles."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

LIVE = ("offered", "active")


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    status: str
    rules: str
    white_id: int
    black_id: int
    match_length: int
    seed: int
    state: dict[str, Any] | None
    version: int
    created_at: float
    updated_at: float
    reminded: int
    abort_by: int | None
    result: dict[str, Any] | None
    rated: bool = False  # both players members and the game counts for ratings
    tournament_id: int | None = None  # a tournament's match game: no hints

    COLUMNS = ("id", "guild_id", "channel_id", "status", "rules", "white_id", "black_id",
               "match_length", "seed", "state", "version", "created_at", "updated_at",
               "reminded", "abort_by", "result", "rated", "tournament_id")

    @classmethod
    def from_sql(cls, row: tuple[Any, ...]) -> GameRow:
        d = dict(zip(cls.COLUMNS, row, strict=True))
        d["state"] = json.loads(d["state"]) if d["state"] else None
        d["result"] = json.loads(d["result"]) if d["result"] else None
        d["rated"] = bool(d["rated"])
        return cls(**d)

    @property
    def live(self) -> bool:
        return self.status in LIVE

    def players(self) -> tuple[int, int]:
        return self.white_id, self.black_id


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    lang: str | None = None
    rules: str | None = None


@dataclass(frozen=True)
class EventRow:
    seq: int
    at: float
    actor_id: int | None
    kind: str
    data: dict[str, Any]
