"""Team league rows (issue 48): the league core's JSON plus the columns the bot finds a
league by, behind one small repository object (``LeagueRepository``).

The league service (bot/service/league.py) is handed a ``LeagueRepository`` and never
sees SQL or a transaction: each method is one unit of work on the store it was made
with.  A save is version-checked, so a stale writer (another process on a shared
PostgreSQL database) is told instead of overwriting.
"""

from __future__ import annotations

import json
from typing import Any

from bot.store.dialect import ascii_lower
from bot.store.protocol import Database, Tx
from bot.store.rows import LeagueRow

_SELECT = f"SELECT {', '.join(LeagueRow.COLUMNS)} FROM leagues"


def _same_name(tx: Tx) -> str:
    """Names compare case-insensitively in ASCII only, on both databases (dialect.py)."""
    return f"{ascii_lower(tx.dialect, 'name')} = {ascii_lower(tx.dialect, '?')}"


class LeagueRepository:
    """The leagues of every server, on one store."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def create(self, *, guild_id: int, channel_id: int, name: str, lang: str,
                     data: dict[str, Any], now: float) -> int | None:
        """A new league; None when the server has an open league of that name."""
        async with self.store.transaction() as tx:
            taken = await tx.one(
                f"SELECT 1 FROM leagues WHERE guild_id = ? AND {_same_name(tx)} "
                "AND state != 'finished'", (guild_id, name.strip()))
            if taken is not None:
                return None
            rows = await tx.run(
                "INSERT INTO leagues (guild_id, channel_id, name, state, lang, data, "
                "created_at, updated_at) VALUES (?, ?, ?, 'registration', ?, ?, ?, ?) "
                "RETURNING id",
                (guild_id, channel_id, name.strip(), lang, json.dumps(data), now, now))
        return int(rows[0][0])

    async def get(self, league_id: int) -> LeagueRow | None:
        async with self.store.read() as tx:
            row = await tx.one(f"{_SELECT} WHERE id = ?", (league_id,))
        return LeagueRow.from_sql(row) if row else None

    async def by_name(self, guild_id: int, name: str) -> LeagueRow | None:
        """The server's league of that name: an open one first, else the newest."""
        async with self.store.read() as tx:
            row = await tx.one(
                f"{_SELECT} WHERE guild_id = ? AND {_same_name(tx)} "
                "ORDER BY state = 'finished', id DESC LIMIT 1", (guild_id, name.strip()))
        return LeagueRow.from_sql(row) if row else None

    async def names(self, guild_id: int, typed: str = "", limit: int = 25) -> list[str]:
        """Names for autocomplete: open leagues first, then the newest."""
        async with self.store.read() as tx:
            rows = await tx.all(
                f"SELECT name FROM leagues WHERE guild_id = ? AND "
                f"{ascii_lower(tx.dialect, 'name')} LIKE {ascii_lower(tx.dialect, '?')} "
                "ESCAPE '\\' ORDER BY state = 'finished', id DESC LIMIT ?",
                (guild_id, "%" + typed.replace("\\", "\\\\").replace("%", "\\%")
                 .replace("_", "\\_") + "%", limit))
        return [str(r[0]) for r in rows]

    async def open_in(self, guild_id: int) -> list[LeagueRow]:
        """A server's leagues that are not closed (a game's end looks for its board)."""
        async with self.store.read() as tx:
            rows = await tx.all(f"{_SELECT} WHERE guild_id = ? AND state != 'finished' "
                                "ORDER BY id", (guild_id,))
        return [LeagueRow.from_sql(r) for r in rows]

    async def running(self) -> list[LeagueRow]:
        """Leagues whose line-up deadlines may fall due."""
        async with self.store.read() as tx:
            rows = await tx.all(f"{_SELECT} WHERE state = 'running' ORDER BY id")
        return [LeagueRow.from_sql(r) for r in rows]

    async def save(self, league_id: int, version: int, *, state: str,
                   data: dict[str, Any], now: float) -> bool:
        """Write the league if nobody has since; False for a stale writer."""
        async with self.store.transaction() as tx:
            rows = await tx.run(
                "UPDATE leagues SET state = ?, data = ?, version = version + 1, "
                "updated_at = ? WHERE id = ? AND version = ? RETURNING id",
                (state, json.dumps(data), now, league_id, version))
        return bool(rows)
