"""Typed rows the store hands out; plain values, no database handles, the same from
every backend.  The services know the store's rows by these (exported from ``bot.store``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.league.ratings import Rating

LIVE = ("offered", "active")
#: (channel id, message id) of a posted message.
Where = tuple[int, int]


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
    league_id: int | None = None  # a team league's board (issue 48): as a tournament's

    COLUMNS = ("id", "guild_id", "channel_id", "status", "rules", "white_id", "black_id",
               "match_length", "seed", "state", "version", "created_at", "updated_at",
               "reminded", "abort_by", "result", "rated", "tournament_id", "league_id")

    @classmethod
    def from_sql(cls, row: tuple[Any, ...]) -> GameRow:
        d = dict(zip(cls.COLUMNS, row, strict=True))
        d["state"] = json.loads(d["state"]) if d["state"] else None
        d["result"] = json.loads(d["result"]) if d["result"] else None
        d["rated"] = bool(d["rated"])
        return cls(**d)

    @property
    def arranged(self) -> bool:
        """A competition's game (a tournament's match or a team league's board): the
        competition pairs its players, so no "Play again", no hints, and it does not
        count toward a member's open games."""
        return self.tournament_id is not None or self.league_id is not None

    @property
    def live(self) -> bool:
        return self.status in LIVE

    def players(self) -> tuple[int, int]:
        return self.white_id, self.black_id


@dataclass(frozen=True)
class ServerDefaults:
    """What a server's games start with unless a command says otherwise: the language
    of its public posts and the ruleset (``guild_settings``; None: the bot's own)."""

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


@dataclass(frozen=True)
class PlayerRow:
    guild_id: int
    user_id: int
    display_name: str
    avatar: str | None
    last_seen: float
    theme: str | None = None
    #: A play chosen in the picker is previewed and counts once confirmed (migration 0011).
    confirm_plays: bool = True
    #: The bot rolls for the member when the roll involves no choice (migration 0011).
    roll_for_me: bool = False


@dataclass(frozen=True)
class ServerDisplay:
    """How a server's games are shown: each in a thread of its own, or not, and the
    board theme of members who chose none (``guild_prefs``)."""

    guild_id: int
    threads: bool = False
    theme: str | None = None


@dataclass(frozen=True)
class NoticePrefs:
    """What a member asked to be told by direct message (``member_notices``)."""

    user_id: int
    #: None: no "your turn" messages; 0: as soon as they are away; N: after N minutes.
    turn_after: int | None = None
    problem_dm: bool = False
    #: When a direct message to them last failed, until ``/brade settings`` reports it.
    undelivered: float | None = None
    #: The language of the messages (theirs when they last chose); None: English.
    lang: str | None = None


@dataclass(frozen=True)
class Missing:
    """One kind of post the bot could not make in one channel: the rights it lacked."""

    channel_id: int
    action: str
    rights: tuple[str, ...]
    first_at: float
    last_at: float
    times: int


@dataclass(frozen=True)
class CompetitionRow:
    """A tournament's or a team league's row: its core's JSON (``data``) beside the
    columns the bot finds it by; both tables have these columns."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    state: str
    lang: str
    data: dict[str, Any]
    version: int
    created_at: float
    updated_at: float

    COLUMNS = ("id", "guild_id", "channel_id", "name", "state", "lang", "data", "version",
               "created_at", "updated_at")

    @classmethod
    def from_sql(cls, row: tuple[Any, ...]) -> CompetitionRow:
        d = dict(zip(cls.COLUMNS, row, strict=True))
        d["data"] = json.loads(d["data"])
        return cls(**d)


#: A tournament's row (``tournaments``).
TournamentRow = CompetitionRow
#: A team league's row (``leagues``, issue 48).
LeagueRow = CompetitionRow


@dataclass(frozen=True)
class RatedGame:
    """One applied game: who won, and both μ before and after (a profile's "+158")."""

    game_id: int
    winner_id: int
    loser_id: int
    winner_before: float
    winner_after: float
    loser_before: float
    loser_after: float
    applied_at: float

    def change_for(self, user_id: int) -> float:
        if user_id == self.winner_id:
            return self.winner_after - self.winner_before
        return self.loser_after - self.loser_before


@dataclass(frozen=True)
class Solver:
    """A member's problem rating on one server and their run of daily problems."""

    rating: Rating
    streak: int = 0
    streak_day: str | None = None
    best_streak: int = 0

    @property
    def solved(self) -> int:
        return self.rating.wins

    @property
    def failed(self) -> int:
        return self.rating.losses


@dataclass(frozen=True)
class Attempt:
    guild_id: int
    user_id: int
    problem_id: str
    day: str | None
    shown_at: float
    answered_at: float | None = None
    answer: str | None = None
    loss: float | None = None
    correct: bool | None = None
    delta: float | None = None


@dataclass(frozen=True)
class Daily:
    guild_id: int
    day: str
    problem_id: str
    channel_id: int
    message_id: int | None
    posted_at: float
