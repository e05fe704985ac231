"""What the tournament service's tests share: the members, a clock the test moves, a
service on a SQLite store, a tournament made and read back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.league.tournament import Tournament
from bot.service.model import Ctx
from bot.service.tournaments import TournamentService
from bot.store import Store
from bot.store import tournaments_sql as sql

GUILD, CHANNEL, ORGANISER, ANNA, BERTIL, CARIN, DAVID = 1, 100, 10, 11, 12, 13, 14
PLAYERS = ((ANNA, "Anna"), (BERTIL, "Bertil"), (CARIN, "Carin"), (DAVID, "David"))
NOW = 1_800_000_000.0


def ctx(user: int, guild: int | None = GUILD) -> Ctx:
    return Ctx(user, CHANNEL, guild, "en-US", "en-US")


class Clock:
    """The service's clock: ``now`` seconds, moved by the test."""

    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def service(tmp_path: Path, **kw: Any) -> AsyncIterator[TournamentService]:
    """A tournament service on a fresh SQLite store (``clock`` defaults to ``NOW``)."""
    store = await Store.open(tmp_path / "t.sqlite3")
    kw.setdefault("clock", lambda: NOW)
    try:
        yield TournamentService(store, **kw)
    finally:
        await store.close()


async def cup(trn: TournamentService, format: str = "single_elimination", *,
              players: int = 4, start: bool = True, name: str = "Cup",
              **settings: Any) -> None:
    """``name`` created by ``ORGANISER``, joined by the first ``players`` members and,
    with ``start``, started."""
    args: dict[str, Any] = {"rounds": None, "rules": "talisman", "match_length": 1,
                            "max_players": None, "deadline_hours": None} | settings
    await trn.create(ctx(ORGANISER), name=name, format=format, **args)
    for user, who in PLAYERS[:players]:
        await trn.join(ctx(user), name, who)
    if start:
        await trn.start(ctx(ORGANISER), name)


async def row(trn: TournamentService, name: str = "Cup") -> sql.TournamentRow:
    async with trn.store.read() as tx:
        found = await sql.by_name(tx, GUILD, name)
    assert found is not None
    return found


async def tour(trn: TournamentService, name: str = "Cup") -> Tournament:
    return Tournament.from_json((await row(trn, name)).data)
