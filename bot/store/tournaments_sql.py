"""Tournament rows: the league core's JSON plus the columns the bot finds them by."""

from __future__ import annotations

import json
from typing import Any

from bot.store.dialect import ascii_lower
from bot.store.protocol import Tx
from bot.store.rows import TournamentRow

_SELECT = f"SELECT {', '.join(TournamentRow.COLUMNS)} FROM tournaments"



def _same_name(tx: Tx) -> str:
    """Names compare case-insensitively in ASCII only, on both databases (dialect.py)."""
    return f"{ascii_lower(tx.dialect, 'name')} = {ascii_lower(tx.dialect, '?')}"


async def insert_tournament(tx: Tx, *, guild_id: int, channel_id: int, name: str, state: str,
                            lang: str, data: dict[str, Any], now: float) -> int:
    rows = await tx.run(
        "INSERT INTO tournaments (guild_id, channel_id, name, state, lang, data, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, name, state, lang, json.dumps(data), now, now))
    return int(rows[0][0])


async def tournament(tx: Tx, tournament_id: int) -> TournamentRow | None:
    row = await tx.one(f"{_SELECT} WHERE id = ?", (tournament_id,))
    return TournamentRow.from_sql(row) if row else None


async def by_name(tx: Tx, guild_id: int, name: str) -> TournamentRow | None:
    """The server's tournament of that name: an unfinished one first, else the newest."""
    row = await tx.one(
        f"{_SELECT} WHERE guild_id = ? AND {_same_name(tx)} "
        "ORDER BY state = 'finished', id DESC LIMIT 1", (guild_id, name.strip()))
    return TournamentRow.from_sql(row) if row else None


async def live_name_taken(tx: Tx, guild_id: int, name: str) -> bool:
    return await tx.one(
        f"SELECT 1 FROM tournaments WHERE guild_id = ? AND {_same_name(tx)} "
        "AND state != 'finished'", (guild_id, name.strip())) is not None


async def names(tx: Tx, guild_id: int, typed: str = "", limit: int = 25) -> list[str]:
    """Names for autocomplete: unfinished tournaments first, then the newest."""
    rows = await tx.all(
        f"SELECT name FROM tournaments WHERE guild_id = ? AND "
        f"{ascii_lower(tx.dialect, 'name')} LIKE {ascii_lower(tx.dialect, '?')} ESCAPE '\\' "
        "ORDER BY state = 'finished', id DESC LIMIT ?",
        (guild_id, "%" + typed.replace("\\", "\\\\").replace("%", "\\%")
         .replace("_", "\\_") + "%", limit))
    return [str(r[0]) for r in rows]


async def running(tx: Tx) -> list[TournamentRow]:
    """Tournaments whose deadlines may fall due."""
    rows = await tx.all(f"{_SELECT} WHERE state = 'running' ORDER BY id")
    return [TournamentRow.from_sql(r) for r in rows]


async def save(tx: Tx, tournament_id: int, version: int, *, state: str,
               data: dict[str, Any], now: float) -> bool:
    """Write the tournament if nobody has since; False for a stale writer."""
    rows = await tx.run(
        "UPDATE tournaments SET state = ?, data = ?, version = version + 1, updated_at = ? "
        "WHERE id = ? AND version = ? RETURNING id",
        (state, json.dumps(data), now, tournament_id, version))
    return bool(rows)


async def of_guild(tx: Tx, guild_id: int, limit: int = 15) -> list[TournamentRow]:
    """A server's tournaments for ``/tournament list``: unfinished first, newest first."""
    rows = await tx.all(f"{_SELECT} WHERE guild_id = ? ORDER BY state = 'finished', id DESC "
                        "LIMIT ?", (guild_id, limit))
    return [TournamentRow.from_sql(r) for r in rows]


async def unfinished(tx: Tx, guild_id: int) -> list[TournamentRow]:
    """A server's tournaments that have not finished (a member leaving is withdrawn)."""
    rows = await tx.all(f"{_SELECT} WHERE guild_id = ? AND state != 'finished' ORDER BY id",
                        (guild_id,))
    return [TournamentRow.from_sql(r) for r in rows]
