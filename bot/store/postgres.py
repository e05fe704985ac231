"""The PostgreSQL store: an asyncpg pool behind the SQLite store's interface.

Several bot processes share one database, so nothing here serialises in Python: each
``transaction()`` is a pool connection between ``BEGIN`` and ``COMMIT`` at READ COMMITTED,
and correctness rests on the database (the version-checked ``UPDATE``, unique keys,
``INSERT … ON CONFLICT``, ``SELECT … FOR UPDATE`` where a row is read and then written).

The statements are the SQLite store's own portable text (``bot/store/dialect.py`` turns
``?`` into ``$n``); the save of a turn and the event append are written for PostgreSQL
there.  Migrations are ``migrations/postgresql/NNNN_name.sql``, the same numbers and names
as SQLite's, applied at open under an advisory lock so two processes starting at once do
not both apply one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store.db import (
    MIGRATIONS,
    Conflict,
    StoreError,
    migration_files,
    prove_writable,
    run_to_end,
)
from bot.store.dialect import (
    FOR_UPDATE,
    PG_APPEND_EVENTS,
    POSTGRESQL,
    mask_in_text,
    mask_url,
    pg_save_game,
    to_postgres,
)
from bot.store.portable import PortableTx, event_kind, game_update
from bot.store.rows import GameRow

log = logging.getLogger(__name__)

PG_MIGRATIONS = MIGRATIONS / "postgresql"
CONNECT_TIMEOUT = 10.0  # seconds to reach the server and log in
COMMAND_TIMEOUT = 30.0  # seconds for one statement before asyncpg cancels it
RETRY_EVERY = 2.0  # seconds between tries while a server that is not up yet is waited for
POOL_MIN, POOL_MAX = 1, 10
_MIGRATION_LOCK = 0x6272616465  # "brade": pg_advisory_xact_lock key for migrations

# A write that lost to another transaction: the caller answers as for the state it lost to.
_CONFLICTS = (asyncpg.UniqueViolationError, asyncpg.SerializationError,
              asyncpg.DeadlockDetectedError)


# asyncpg's pool re-arms a timer on every release (close an idle connection after 300 s)
# and its statement cache arms one per prepared statement (forget it after 300 s); the
# store turns both off (``max_inactive_connection_lifetime=0``,
# ``max_cached_statement_lifetime=0``): its statements are a fixed few dozen, a server
# that drops a connection is handled where it is used (``_begin``, ``_ReadTx``), and each
# timer is loop work per command for nothing (under SimCord, which records every live
# timer, the 80 statement timers of a full pool were most of a PostgreSQL turn's CPU).


async def _reset(conn: asyncpg.Connection) -> None:
    """On release to the pool: end a transaction somebody left open, and nothing else.

    asyncpg's default reset runs a query on every release (``RESET ALL`` and more), a
    round trip per command; the store sets no session state, so only an open transaction
    needs undoing (``transaction()`` already rolls back; this is the backstop).
    """
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


def _not_up_yet(error: BaseException) -> bool:
    """A failure a server that is still starting gives: worth another try."""
    if isinstance(error, socket.gaierror):  # "try again": a name not published yet
        return error.errno == socket.EAI_AGAIN
    return isinstance(error, ConnectionRefusedError | ConnectionResetError | TimeoutError
                      | asyncpg.CannotConnectNowError | asyncpg.ConnectionDoesNotExistError)


def _describe(error: BaseException, url: str) -> str | None:
    """What a failure at open means for the person running the bot; None: not ours."""
    if isinstance(error, StoreError):
        return error.problem
    if isinstance(error, asyncpg.InvalidPasswordError):
        return ("wrong password (password authentication failed); check the URL's user and "
                "password. With docker compose: PostgreSQL keeps the password POSTGRES_PASSWORD "
                "had when its volume was first made, so changing it in .env later does not "
                "change it; put the old one back, or change it in the database (docker compose "
                "exec db psql -U brade -c \"ALTER ROLE brade PASSWORD 'new'\")")
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return f"login refused: {error}"
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return f"no such database on the server ({error}); create it first (createdb)"
    if isinstance(error, asyncpg.TooManyConnectionsError):
        return f"the server refuses more connections ({error})"
    if isinstance(error, asyncpg.CannotConnectNowError):
        return f"the server is not accepting connections yet ({error})"
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return f"the user may not create or change the tables ({error}); grant it or use the owner"
    if isinstance(error, asyncpg.ReadOnlySQLTransactionError):
        return f"the database is read-only ({error})"
    if isinstance(error, socket.gaierror):
        return f"the host name cannot be resolved ({error.strerror or error})"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused: is PostgreSQL running and listening on that host and port?"
    if isinstance(error, TimeoutError):  # asyncio.TimeoutError is TimeoutError on 3.11
        return (f"no answer from the server within {CONNECT_TIMEOUT:g} s (a firewall, or a "
                "wrong host or port?)")  # PgStore.open words a timeout once connected
    if isinstance(error, OSError):
        return f"cannot reach the server: {error.strerror or error}"
    if isinstance(error, asyncpg.ClientConfigurationError | ValueError):
        return (f"not a valid PostgreSQL URL ({error}); the form is "
                "postgresql://user:password@host:port/database")
    if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError):
        return f"{type(error).__name__}: {error}"
    return None


class PgTx(PortableTx):
    """The typed queries on a pool connection: the portable SQL with ``$n`` placeholders,
    rows as tuples, and PostgreSQL's own text where SQLite's cannot serve."""

    dialect = POSTGRESQL
    for_update = FOR_UPDATE[POSTGRESQL]

    async def _q(self, sql: str, params: Iterable[Any]) -> list[tuple[Any, ...]]:
        return await self._exec(to_postgres(sql), tuple(params))

    async def _exec(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        try:
            rows = await self._conn.fetch(sql, *params)
        except _CONFLICTS as error:
            raise Conflict(" ".join(str(error).split())) from error
        return [tuple(r) for r in rows]

    async def append_events(self, game_id: int, events: list[dict[str, Any]], *, at: float,
                            actor_id: int | None) -> None:
        if not events:
            return
        await self._exec(PG_APPEND_EVENTS, (
            game_id, at, actor_id, [event_kind(e) for e in events],
            [json.dumps(e, ensure_ascii=False) for e in events]))


class PgStore:
    """The PostgreSQL store: many processes, one database."""

    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, url: str, *,
                 connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self._pool = pool
        self._url = url  # for migrate()'s own connection; never shown (``target`` is)
        self._connect_timeout = connect_timeout
        self.target = mask_url(url)
        self.path = self.target  # what the SQLite store's logs and errors name

    @classmethod
    async def open(cls, url: str, *, check: bool = True,
                   connect_timeout: float = CONNECT_TIMEOUT, wait: float = 0.0,
                   waiting: Callable[[str], None] | None = None) -> PgStore:
        """Connect, migrate and, with ``check``, prove the database writable.

        A server that is not up yet (the connection refused, "the database system is
        starting up", no answer) is tried again every ``RETRY_EVERY`` seconds for up to
        ``wait`` seconds, ``waiting`` told once (a PostgreSQL container still
        initialising when the bots start, docker compose's first start); anything else
        (a wrong password, no such database, a bad URL) fails at once.  Any failure
        closes the pool and raises ``StoreError``: one line naming the URL (password
        masked) and what is wrong.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        told = False
        while True:
            try:
                return await cls._open(url, check=check, connect_timeout=connect_timeout)
            except StoreError as error:
                left = deadline - loop.time()
                if not (error.transient and left > 0):
                    raise
                if not told and waiting is not None:
                    waiting(f"waiting for the {error} (the server may still be starting); "
                            f"trying again for up to {wait:g} s")
                told = True
                log.info("the database is not up yet (%s); trying again", error.problem)
                await asyncio.sleep(min(RETRY_EVERY, left))

    @classmethod
    async def _open(cls, url: str, *, check: bool, connect_timeout: float) -> PgStore:
        shown = mask_url(url)
        pool: asyncpg.Pool | None = None
        try:
            pool = await asyncpg.create_pool(
                url, min_size=POOL_MIN, max_size=POOL_MAX, timeout=connect_timeout,
                command_timeout=COMMAND_TIMEOUT, reset=_reset,
                max_cached_statement_lifetime=0, max_inactive_connection_lifetime=0,
                server_settings={"application_name": "brade"})
            store = cls(pool, url, connect_timeout=connect_timeout)
            await store.migrate()
            if check:
                await store._check_writable()
            return store
        except BaseException as error:
            if pool is not None:
                await _close_pool(pool)
            problem = _describe(error, url)
            if problem is None or isinstance(error, asyncio.CancelledError):
                raise
            if isinstance(error, TimeoutError) and pool is not None:  # connected: not the network
                problem = (f"a start-up statement took longer than {COMMAND_TIMEOUT:g} s "
                           "(a lock held by another session, or an overloaded server?)")
            elif isinstance(error, TimeoutError) and connect_timeout != CONNECT_TIMEOUT:
                problem = problem.replace(f"{CONNECT_TIMEOUT:g} s", f"{connect_timeout:g} s")
            failure = StoreError(shown, mask_in_text(problem))
            failure.transient = pool is None and _not_up_yet(error)
            raise failure from None

    async def migrate(self) -> list[int]:
        """Apply every migration not yet recorded, each file in its own transaction with
        its ``schema_migrations`` row; returns the numbers applied by this call.

        Runs on a connection of its own without the pool's statement timeout: waiting for
        another process that is applying a long migration (the advisory lock), or a
        migration that takes long itself, is not a failure.
        """
        try:
            conn = await asyncpg.connect(self._url, timeout=self._connect_timeout,
                                         command_timeout=None,
                                         server_settings={"application_name": "brade migrate"})
        except TimeoutError:  # not a statement: said as for the pool's connections
            raise StoreError(self.target, f"no answer from the server within "
                             f"{self._connect_timeout:g} s (a firewall, or a wrong host or "
                             "port?)") from None
        try:
            return await self._migrate(conn)
        finally:
            try:
                await run_to_end(asyncio.wait_for(conn.close(), 10))
            except Exception:
                conn.terminate()

    async def _migrate(self, conn: asyncpg.Connection) -> list[int]:
        files = migration_files(PG_MIGRATIONS)
        applied = []
        async with conn.transaction():
            await _migration_lock(conn)
            # Asked first: a user without CREATE on the schema (PostgreSQL 15's
            # default for non-owners) can run an already migrated database.
            if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
                await conn.execute("CREATE TABLE schema_migrations ("
                                   "version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for number, name, sql in files:
            if number in done:
                continue
            async with conn.transaction():
                # Another process may have applied it while we waited for the lock.
                await _migration_lock(conn)
                if await conn.fetchval("SELECT 1 FROM schema_migrations WHERE version = $1",
                                       number):
                    continue
                await conn.execute(sql)
                await conn.execute("INSERT INTO schema_migrations (version, name) "
                                   "VALUES ($1, $2)", number, name)
            log.info("applied migration %04d_%s (postgresql)", number, name)
            applied.append(number)
        return applied

    async def _check_writable(self) -> None:
        await prove_writable(self)

    async def check(self) -> list[str]:
        """``["ok"]`` when the server answers and every migration is applied."""
        try:
            async with self._pool.acquire() as conn:
                if await conn.fetchval("SELECT 1") != 1:
                    return ["the server did not answer SELECT 1"]
                found = [r[0] for r in await conn.fetch(
                    "SELECT version FROM schema_migrations ORDER BY version")]
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
            return [" ".join(f"{type(error).__name__}: {error}".split())]
        want = [n for n, _, _ in migration_files(PG_MIGRATIONS)]
        if found != want:
            return [f"migrations applied {found}, expected {want}"]
        return ["ok"]

    async def close(self) -> None:
        await _close_pool(self._pool)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        """One atomic unit of work on one pool connection: committed on success, rolled
        back on any exception.

        Cancellation-safe like the SQLite store's: ``BEGIN``, ``COMMIT`` and ``ROLLBACK``
        run to completion even when the command is cancelled meanwhile (the cancellation
        is re-raised afterwards), and a connection goes back to the pool only outside a
        transaction (rolled back, or terminated if even that fails; the pool then opens a
        fresh one).  A statement cancelled mid-flight is cancelled on the server by asyncpg
        before the ROLLBACK runs.
        """
        conn = await self._begin()
        try:
            try:
                yield PgTx(conn)
            except BaseException as error:
                await _roll_back(conn)
                if isinstance(error, _CONFLICTS):
                    raise Conflict(" ".join(str(error).split())) from error
                raise
            try:
                await run_to_end(conn.execute("COMMIT"))
            except BaseException as error:
                await _roll_back(conn)
                if isinstance(error, _CONFLICTS):
                    raise Conflict(" ".join(str(error).split())) from error
                raise
        finally:
            await self._pool.release(conn)  # shielded by asyncpg; a no-op for a dead one

    async def _begin(self) -> asyncpg.Connection:
        """A pool connection inside ``BEGIN``.

        A pooled connection the server has dropped (a restart, an administrator, an idle
        timeout) is only found out when used; at ``BEGIN`` nothing has happened yet, so
        the next connection is tried (the pool replaces the dead one).
        """
        for attempt in range(POOL_MAX + 1):
            conn = await self._pool.acquire()
            try:
                await run_to_end(conn.execute("BEGIN"))
                return conn
            except BaseException as error:
                lost = _connection_lost(error)
                if lost:
                    _terminate(conn)
                else:
                    await _roll_back(conn)  # BEGIN ran, then the cancellation came
                await self._pool.release(conn)
                if attempt < POOL_MAX and lost:
                    log.info("a pooled connection was gone (%s); trying another",
                             type(error).__name__)
                    continue
                raise
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PgTx]:
        """Reads of committed state, each statement on its own (autocommit).

        A statement that finds its pooled connection dropped by the server is run again
        on another one (a read changes nothing, so running it twice is harmless).
        """
        tx = _ReadTx(self._pool, await self._pool.acquire())
        try:
            yield tx
        finally:
            if tx._conn is not None:  # None: a replacement was being fetched
                await self._pool.release(tx._conn)

    @asynccontextmanager
    async def autocommit(self) -> AsyncIterator[PgTx]:
        """Statements on one pool connection outside a transaction, each committed on
        its own.  Not retried on a connection the server dropped: a write may have
        committed before the connection was lost (as for ``save_game`` below)."""
        async with self._pool.acquire() as conn:
            yield PgTx(conn)

    # save_game is not retried on a lost connection: asyncpg reports a connection the
    # server dropped only after the statement was written to it ("closed in the middle of
    # operation"), the same error as a connection lost while the statement ran and maybe
    # committed.  A retry could then answer "stale" for a turn that was saved.
    async def save_game(self, game_id: int, expected_version: int, *, now: float,
                        events: list[dict[str, Any]], actor_id: int | None,
                        **fields: Any) -> GameRow | None:
        """A game's new state and its new events in one statement (one round trip).

        The version check works as in ``Tx.update_game``: None means somebody saved
        first, and then no event is written either.  Run to its end even if the caller
        is cancelled, so the outcome is known, as on SQLite.
        """
        names, values = game_update(fields)
        params = (*values, now, game_id, expected_version, now, actor_id,
                  [event_kind(e) for e in events],
                  [json.dumps(e, ensure_ascii=False) for e in events])
        async with self._pool.acquire() as conn:
            rows = await run_to_end(PgTx(conn)._exec(pg_save_game(names, GameRow.COLUMNS),
                                                     params))
        return GameRow.from_sql(rows[0]) if rows else None


class _ReadTx(PgTx):
    """``read()``'s queries: on a connection the server dropped, the statement runs again
    on the next pool connection (as ``_begin`` does for ``BEGIN``)."""

    def __init__(self, pool: asyncpg.Pool, conn: asyncpg.Connection) -> None:
        super().__init__(conn)
        self._pool = pool

    async def _exec(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        for attempt in range(POOL_MAX + 1):
            try:
                return await super()._exec(sql, params)
            except Exception as error:
                if attempt == POOL_MAX or not _connection_lost(error):
                    raise
                log.info("a pooled connection was gone (%s); reading on another",
                         type(error).__name__)
                _terminate(self._conn)
                conn, self._conn = self._conn, None
                await self._pool.release(conn)
                self._conn = await self._pool.acquire()
        raise AssertionError("unreachable")


async def _migration_lock(conn: asyncpg.Connection) -> None:
    """The database's migration lock, for this transaction, however long another process
    holds it (``migrate()``'s connection has no statement timeout)."""
    if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", _MIGRATION_LOCK):
        log.info("another process is migrating the database; waiting for it to finish")
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)


def _connection_lost(error: BaseException) -> bool:
    """The connection died under us (not the statement's fault)."""
    return isinstance(error, asyncpg.PostgresConnectionError | asyncpg.AdminShutdownError
                      | asyncpg.InterfaceError | asyncpg.InternalClientError | ConnectionError)


def _terminate(conn: asyncpg.Connection) -> None:
    """Drop a connection whose state is unknown; the pool opens a fresh one."""
    try:
        conn.terminate()
    except asyncpg.InterfaceError:  # already taken back by the pool
        pass


async def _roll_back(conn: asyncpg.Connection) -> None:
    """End whatever transaction the connection is in; terminate it if that fails."""
    try:
        if conn.is_closed() or not conn.is_in_transaction():
            return
    except asyncpg.InterfaceError:  # the pool took back a connection that died
        return
    try:
        await run_to_end(conn.execute("ROLLBACK"))
    except Exception:
        log.warning("ROLLBACK failed; dropping the connection", exc_info=True)
        _terminate(conn)


async def _close_pool(pool: asyncpg.Pool) -> None:
    try:
        await run_to_end(asyncio.wait_for(pool.close(), 10))
    except Exception:
        log.debug("closing the pool", exc_info=True)
        pool.terminate()
