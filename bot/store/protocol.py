"""What the services need of a database, declared once: ``Database`` and its ``Tx``.

Two stores implement it, SQLite's ``Store`` (bot/store/db.py: one process, one file) and
PostgreSQL's ``PgStore`` (bot/store/postgres.py: many processes, one server), and the
services are written against these declarations alone, so a third store (or a fake in a
test) knows what to provide.  Nothing here names a driver: a transaction is ``Tx``, what
any store's transaction offers (SQLite's ``SqliteTx`` and PostgreSQL's ``PgTx`` are two).
The services reach the store's feature queries through repositories
(bot/store/repositories.py), each method taking the ``Tx`` that makes it part of the
caller's unit of work.  tests/bot/store/test_protocol.py holds both stores to the
signatures below.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, runtime_checkable

from bot.store.rows import EventRow, GameRow, ServerDefaults


class Conflict(Exception):
    """A write lost to another: a unique key refused it (a second live game in one channel,
    the same key inserted twice) or PostgreSQL gave up on a serialization failure or a
    deadlock.  The transaction is rolled back; the caller answers as for the state it
    lost to."""


class Tx(Protocol):
    """One transaction's (or one read's) statements, in the caller's unit of work.

    ``one``/``all``/``run`` take portable SQL with ``?`` placeholders: the store's feature
    modules (``bot/store/*_sql.py``) build on them; the typed methods are the games' and
    the servers' rows every service reads."""

    #: ``"sqlite"`` or ``"postgresql"``: the few statements that differ ask.
    dialect: str
    #: Appended to a SELECT whose rows this transaction updates ("" where the database
    #: locks otherwise).
    for_update: str

    async def one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        """The first row of ``sql``, or None."""
        ...

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        ...

    async def run(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """A write; its ``RETURNING`` rows, if any."""
        ...

    async def game(self, game_id: int) -> GameRow | None:
        ...

    async def live_game(self, channel_id: int) -> GameRow | None:
        ...

    async def last_game(self, channel_id: int) -> GameRow | None:
        ...

    async def active_games(self) -> list[GameRow]:
        ...

    async def insert_game(self, *, guild_id: int | None, channel_id: int, status: str,
                          rules: str, white_id: int, black_id: int, match_length: int,
                          seed: int, state: dict[str, Any] | None, now: float,
                          rated: bool = False, tournament_id: int | None = None,
                          challenger_id: int | None = None,
                          league_id: int | None = None) -> int:
        ...

    async def update_game(self, game_id: int, expected_version: int, *, now: float,
                          **fields: Any) -> GameRow | None:
        """Write ``fields`` and bump the version, only if nobody else has since; None
        means the row moved on under us (a stale writer)."""
        ...

    async def touch_reminded(self, game_id: int, version: int, level: int) -> bool:
        ...

    async def append_events(self, game_id: int, events: list[dict[str, Any]], *, at: float,
                            actor_id: int | None) -> None:
        ...

    async def events(self, game_id: int) -> list[EventRow]:
        ...

    async def server_defaults(self, guild_id: int) -> ServerDefaults:
        ...

    async def upsert_guild_row(self, table: str, columns: tuple[str, ...],
                               values: tuple[Any, ...], fields: tuple[str, ...]
                               ) -> tuple[Any, ...]:
        ...

    async def save_server_defaults(self, s: ServerDefaults,
                            fields: tuple[str, ...] = ("lang", "rules")) -> ServerDefaults:
        ...


@runtime_checkable
class Database(Protocol):
    #: ``"sqlite"`` or ``"postgresql"`` (bot/store/dialect.py), for the few statements
    #: that differ.
    dialect: str
    #: Where it is, for logs and errors: the file, or the URL with its password masked.
    target: str

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One atomic unit of work: committed on success, rolled back on any exception,
        and cancellation-safe (``BEGIN``, ``COMMIT`` and ``ROLLBACK`` run to their end)."""
        ...

    def read(self) -> AbstractAsyncContextManager[Tx]:
        """Reads of committed state that never wait for another command's transaction."""
        ...

    def autocommit(self) -> AbstractAsyncContextManager[Tx]:
        """Writes outside a transaction: each statement commits on its own, so a write
        that is one statement costs one round trip instead of three (``BEGIN``, it,
        ``COMMIT``).  Only for statements that are atomic alone; a statement cancelled
        mid-flight may or may not have committed, so only for writes whose outcome the
        caller can do without (``Posts.record_board``)."""
        ...

    async def save_game(self, game_id: int, expected_version: int, *, now: float,
                        events: list[dict[str, Any]], actor_id: int | None,
                        **fields: Any) -> GameRow | None:
        """A game's new state and its new events in one statement, if the game is still
        at ``expected_version``; None when somebody saved first (nothing written)."""
        ...

    async def migrate(self) -> list[int]:
        """Apply the migrations not yet applied; their numbers."""
        ...

    async def check(self) -> list[str]:
        """``["ok"]`` when the database is sound, else what is wrong."""
        ...

    async def close(self) -> None:
        ...
