"""What every store's transaction shares: ``PortableTx``, the typed queries of ``Tx``
(bot/store/protocol.py) in portable SQL with ``?`` placeholders, built on one primitive
each driver supplies (``_q``: run a statement, its rows as tuples).

SQLite's ``SqliteTx`` (bot/store/db.py) and PostgreSQL's ``PgTx`` (bot/store/postgres.py)
are two of it, side by side: each says how a statement runs on its driver, and
PostgreSQL's replaces the one statement that cannot be portable (``append_events``).
Nothing here imports a driver.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.store.rows import LIVE, EventRow, GameRow, ServerDefaults

_SELECT_GAME = f"SELECT {', '.join(GameRow.COLUMNS)} FROM games"


def game_update(fields: dict[str, Any]) -> tuple[list[str], list[Any]]:
    """The columns and values of a game update, JSON encoded; refuses unknown columns."""
    for key in ("state", "result"):
        if key in fields and fields[key] is not None:
            fields[key] = json.dumps(fields[key])
    bad = set(fields) - {*GameRow.COLUMNS, "new_events"} | ({"id", "version"} & set(fields))
    if bad:
        raise ValueError(f"cannot update {sorted(bad)}")
    return list(fields), list(fields.values())


def event_kind(e: dict[str, Any]) -> str:
    return str(e.get("kind") or e.get("type") or "event")


class PortableTx:
    """The typed queries on a connection the caller holds (inside a store's
    ``transaction``, ``read`` or ``autocommit``); a driver's subclass supplies ``_q``."""

    #: ``"sqlite"`` or ``"postgresql"``: the driver's subclass says.
    dialect: str
    #: Appended to a SELECT whose rows this transaction updates.
    for_update: str

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def _q(self, sql: str, params: Iterable[Any]) -> list[tuple[Any, ...]]:
        """Run ``sql`` (``?`` placeholders) on the driver; its rows.  A unique key's
        refusal raises ``Conflict``."""
        raise NotImplementedError

    # The store's feature modules (``bot/store/*_sql.py``) build their queries on these
    # three, so every statement still runs inside the caller's transaction.

    async def one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        """The first row of ``sql``, or None."""
        rows = await self._q(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._q(sql, params)

    async def run(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """A write; its ``RETURNING`` rows, if any."""
        return await self._q(sql, params)

    # -- games ---------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        row = await self.one(f"{_SELECT_GAME} WHERE id = ?", (game_id,))
        return GameRow.from_sql(row) if row else None

    async def live_game(self, channel_id: int) -> GameRow | None:
        row = await self.one(
            f"{_SELECT_GAME} WHERE channel_id = ? AND status IN {LIVE}", (channel_id,))
        return GameRow.from_sql(row) if row else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        row = await self.one(
            f"{_SELECT_GAME} WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return GameRow.from_sql(row) if row else None

    async def active_games(self) -> list[GameRow]:
        rows = await self.all(f"{_SELECT_GAME} WHERE status = 'active'")
        return [GameRow.from_sql(r) for r in rows]

    async def insert_game(self, *, guild_id: int | None, channel_id: int, status: str,
                          rules: str, white_id: int, black_id: int, match_length: int,
                          seed: int, state: dict[str, Any] | None, now: float,
                          rated: bool = False, tournament_id: int | None = None,
                          challenger_id: int | None = None,
                          league_id: int | None = None) -> int:
        """A new game row; ``challenger_id``: the member who asked for it (an open
        challenge counts toward their limit, ``limits_sql.open_count``)."""
        rows = await self.run(
            "INSERT INTO games (guild_id, channel_id, status, rules, white_id, black_id, "
            "match_length, seed, state, version, created_at, updated_at, rated, tournament_id, "
            "challenger_id, league_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            (guild_id, channel_id, status, rules, white_id, black_id, match_length, seed,
             json.dumps(state) if state is not None else None, now, now, int(rated),
             tournament_id, challenger_id, league_id))
        return int(rows[0][0])

    async def update_game(self, game_id: int, expected_version: int, *, now: float,
                          **fields: Any) -> GameRow | None:
        """Write ``fields`` and bump the version, only if nobody else has since.

        Returns the updated row; None means the row moved on under us (a stale writer).
        """
        names, values = game_update(fields)
        sets = "".join(f"{k} = ?, " for k in names)
        rows = await self.run(
            f"UPDATE games SET {sets}version = version + 1, updated_at = ? "
            f"WHERE id = ? AND version = ? RETURNING {', '.join(GameRow.COLUMNS)}",
            (*values, now, game_id, expected_version))
        return GameRow.from_sql(rows[0]) if rows else None

    async def touch_reminded(self, game_id: int, version: int, level: int) -> bool:
        """Mark a reminder sent without counting it as a move (version unchanged)."""
        return bool(await self.run(
            "UPDATE games SET reminded = ? WHERE id = ? AND version = ? "
            "AND reminded < ? RETURNING id", (level, game_id, version, level)))

    # -- events --------------------------------------------------------------------

    async def append_events(self, game_id: int, events: list[dict[str, Any]], *, at: float,
                            actor_id: int | None) -> None:
        if not events:
            return
        # One statement (one hop to the database thread): the new rows number on from the
        # game's last seq.  SQLite computes an INSERT's SELECT over its own target table
        # in full before inserting, so every row sees the same MAX.
        params: list[Any] = []
        rows = []
        for i, e in enumerate(events, 1):
            rows.append("SELECT ?, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?)"
                        " + ?, ?, ?, ?, ?")
            params += [game_id, game_id, i, at, actor_id,
                       event_kind(e), json.dumps(e, ensure_ascii=False)]
        await self.run("INSERT INTO events (game_id, seq, at, actor_id, kind, data) "
                   + " UNION ALL ".join(rows), params)

    async def events(self, game_id: int) -> list[EventRow]:
        rows = await self.all(
            "SELECT seq, at, actor_id, kind, data FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,))
        return [EventRow(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    # -- a server's defaults -------------------------------------------------------

    async def server_defaults(self, guild_id: int) -> ServerDefaults:
        row = await self.one("SELECT lang, rules FROM guild_settings WHERE guild_id = ?",
                              (guild_id,))
        return ServerDefaults(guild_id, *row) if row else ServerDefaults(guild_id)

    async def upsert_guild_row(self, table: str, columns: tuple[str, ...],
                               values: tuple[Any, ...], fields: tuple[str, ...]
                               ) -> tuple[Any, ...]:
        """Insert a per-server row (``guild_id`` first in ``columns``) or, if there is
        one, write only ``fields`` of it; the row as stored.  Only the changed columns:
        two settings commands at once both keep their change."""
        bad = set(fields) - set(columns[1:])
        if bad or not fields:
            raise ValueError(f"cannot save {table} fields {sorted(bad) or 'none'}")
        names = ", ".join(columns)
        sets = ", ".join(f"{f} = excluded.{f}" for f in fields)
        rows = await self.run(
            f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {sets} RETURNING {names}", values)
        return tuple(rows[0])

    async def save_server_defaults(self, s: ServerDefaults,
                            fields: tuple[str, ...] = ("lang", "rules")) -> ServerDefaults:
        """Write only ``fields`` and return the row as stored."""
        row = await self.upsert_guild_row("guild_settings", ("guild_id", "lang", "rules"),
                                          (s.guild_id, s.lang, s.rules), fields)
        return ServerDefaults(*row)
