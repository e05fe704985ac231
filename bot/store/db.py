"""The SQLite database: one aiosqlite connection, WAL, migrations, one transaction per command.

aiosqlite runs each connection's statements on its own background thread.  All writes
share one connection, and an ``asyncio.Lock`` keeps two commands' transactions from
interleaving on it: each command's writes happen inside ``async with store.transaction()``
(``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any exception).  Reads go to a second,
query-only connection and never wait for that lock: in WAL mode a reader sees the last
committed state while a writer works, and under load the shared lock was where commands
queued (reads waited p99 ≈ 400 ms for it in the 200-game benchmark).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.dialect import FOR_UPDATE, SQLITE, SQLITE_MIN
from bot.store.portable import PortableTx, event_kind
from bot.store.protocol import Conflict
from bot.store.rows import GameRow

log = logging.getLogger(__name__)
T = TypeVar("T")


def _no_statements(record: logging.LogRecord) -> bool:
    """aiosqlite logs every call it runs, parameters included, at DEBUG ("executing
    functools.partial(...)"): each game's seed and dice generator state.  Those records
    never pass, whatever level the bot or anyone else sets."""
    return record.levelno > logging.DEBUG


logging.getLogger("aiosqlite").addFilter(_no_statements)

MIGRATIONS = Path(__file__).parent / "migrations"


def migration_files(directory: Path = MIGRATIONS) -> list[tuple[int, str, str]]:
    """``(number, name, sql)`` of every ``NNNN_name.sql`` file in ``directory``, in order
    (the SQLite ones by default; PostgreSQL's live in ``migrations/postgresql``)."""
    out = []
    for path in sorted(directory.glob("*.sql")):
        m = re.fullmatch(r"(\d{4})_([\w-]+)\.sql", path.name)
        if not m:
            raise RuntimeError(f"migration file {path.name} is not named NNNN_name.sql")
        out.append((int(m.group(1)), m.group(2), path.read_text(encoding="utf-8")))
    numbers = [n for n, _, _ in out]
    # Each number once, counting up from 1.  A gap is allowed: features built side by
    # side take their numbers ahead of time (issue 35's 0014 before 0011-0013 land), and
    # ``migrate`` applies whatever is not recorded yet, in number order.
    if len(set(numbers)) != len(numbers) or (numbers and numbers[0] != 1):
        raise RuntimeError(f"migrations must be numbered from 1, each number once, "
                           f"found {numbers}")
    return out


async def _run(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    """Execute one statement in a single hop to the database thread; its rows, if any.

    ``execute_fetchall`` closes the cursor itself (an open cursor would block COMMIT).
    """
    return list(await conn.execute_fetchall(sql, tuple(params)))


class StoreError(Exception):
    """The database cannot be used: one line naming the file (or the URL, its password
    masked) and what is wrong."""

    #: A server that is not up yet (refused, starting up): worth another try at start-up.
    transient = False

    def __init__(self, path: Path | str, problem: str) -> None:
        problem = " ".join(problem.split())
        super().__init__(f"database {path}: {problem}")
        self.path = path
        self.problem = problem


def _is_unique(error: BaseException) -> bool:
    return isinstance(error, sqlite3.IntegrityError) and "UNIQUE constraint" in str(error)


class _Probe(Exception):
    """Raised inside the start-up write probe so its transaction rolls back."""


async def prove_writable(store: Any) -> None:
    """Write inside a transaction and roll it back: a read-only file, directory, database
    or role is refused at start-up instead of failing every command later.  Both
    backends' stores call it."""
    try:
        async with store.transaction() as tx:
            await tx.run("UPDATE schema_migrations SET name = name")
            raise _Probe
    except _Probe:
        pass


async def run_to_end(aw: Awaitable[T]) -> T:
    """Await ``aw`` to its end even if the caller is cancelled meanwhile, then re-raise
    the cancellation.

    aiosqlite hands each statement to its thread at once; cancelling the coroutine that
    waits for it does not stop the statement, it only stops us learning its outcome.
    For BEGIN, COMMIT, ROLLBACK and single-statement saves we must know it, so the wait
    is shielded and the cancellation delivered afterwards.
    """
    task = asyncio.ensure_future(aw)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.cancelled():
                raise
            cancelled = True
            if task.done():
                result = task.result()  # the statement's own error, if any, wins
                break
    if cancelled:
        raise asyncio.CancelledError
    return result


async def _close_quietly(conn: aiosqlite.Connection) -> None:
    """Close a connection and wait for its thread, even when cancelled meanwhile."""
    try:
        await run_to_end(conn.close())
    except Exception:  # a connection that never opened: stop its thread all the same
        log.debug("closing a failed database connection", exc_info=True)
        conn.stop()
    thread = getattr(conn, "_thread", None)
    if thread is not None and thread.is_alive() and thread.ident is not None:
        thread.join(5)  # it has its stop order: exits at once


def _check_sqlite_version(path: Path) -> None:
    """An SQLite library older than the store's SQL needs is refused at start-up, in one
    line, instead of every command failing later with a syntax error."""
    if sqlite3.sqlite_version_info < SQLITE_MIN:
        need = ".".join(map(str, SQLITE_MIN))
        raise StoreError(path, f"the SQLite library is {sqlite3.sqlite_version}; the bot "
                         f"needs {need} or newer (RETURNING, upsert); upgrade libsqlite3 "
                         "or use a Python built with a newer SQLite")


def _check_path(path: Path) -> None:
    """The mistakes SQLite words badly ("unable to open database file"), said plainly."""
    try:
        _check_path_parts(path)
    except OSError as e:  # e.g. a parent directory the bot may not enter
        raise StoreError(path, f"cannot be reached: {e.strerror or e}") from e


def _check_path_parts(path: Path) -> None:
    if path.is_dir():
        raise StoreError(path, "is a directory, not a database file; set BRADE_DB to a "
                         "file path")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        raise StoreError(path, f"the directory {parent} does not exist; create it first")
    if not parent.is_dir():
        raise StoreError(path, f"{parent} is not a directory")


def _describe(error: sqlite3.Error) -> str:
    """What a SQLite error at start-up means for the person running the bot."""
    text = str(error).strip() or type(error).__name__
    low = text.lower()
    if "not a database" in low:
        return "not an SQLite database (a wrong file, or damaged beyond repair)"
    if "malformed" in low or "corrupt" in low:
        return "the file is damaged (database disk image is malformed); restore a backup"
    if "readonly" in low or "read-only" in low:
        return ("read-only: the bot must be able to write the file and to create its "
                "-wal and -shm files in the same directory")
    if "unable to open" in low or "disk i/o" in low:
        return ("cannot be opened or written (the file and its directory must be writable: "
                f"SQLite creates -wal and -shm files beside it): {text}")
    if "locked" in low or "busy" in low:
        return "is locked by another process (is another bot running on it?)"
    return text


class Store:
    """The SQLite store: the default, one process on one file."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection,
                 reader: aiosqlite.Connection | None = None, *,
                 path: Path | None = None) -> None:
        self.path = path or Path("?")
        self.target = str(self.path)
        self._conn = conn
        self._reader = reader or conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, check: bool = True) -> Store:
        """Open (creating if need be), migrate and, with ``check``, prove the database usable.

        Any failure closes what was opened (an aiosqlite connection left open keeps a
        non-daemon thread alive, and the process with it) and raises ``StoreError``: one
        line naming the file and what is wrong with it.
        """
        path = Path(path)
        _check_sqlite_version(path)
        _check_path(path)
        opened: list[aiosqlite.Connection] = []
        try:
            conn = aiosqlite.connect(str(path), isolation_level=None)
            opened.append(conn)  # before the await: a failed connect has a thread too
            await conn
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON",
                           "busy_timeout=5000"):
                await _run(conn, f"PRAGMA {pragma}")
            store = cls(conn, path=path)
            if check:
                await store._check_intact()
            await store.migrate()
            reader = aiosqlite.connect(str(path), isolation_level=None)
            opened.append(reader)
            await reader
            for pragma in ("query_only=ON", "busy_timeout=5000"):
                await _run(reader, f"PRAGMA {pragma}")
            store._reader = reader
            if check:
                await store._check_writable()
            return store
        except BaseException as error:
            for c in reversed(opened):
                await _close_quietly(c)
            if isinstance(error, sqlite3.Error):
                raise StoreError(path, _describe(error)) from error
            raise

    async def _check_intact(self) -> None:
        """``PRAGMA quick_check``: a damaged or truncated file is refused at start-up,
        not discovered by a player's command."""
        rows = await _run(self._conn, "PRAGMA quick_check")
        found = [str(r[0]) for r in rows]
        if found != ["ok"]:
            raise StoreError(self.path, "the file is damaged (quick_check: "
                             f"{'; '.join(found)[:200]}); restore a backup")

    async def _check_writable(self) -> None:
        await prove_writable(self)

    async def check(self) -> list[str]:
        """``PRAGMA integrity_check`` of committed state: ``["ok"]`` when sound."""
        return [str(r[0]) for r in await _run(self._conn, "PRAGMA integrity_check")]

    async def close(self) -> None:
        if self._reader is not self._conn:
            await _close_quietly(self._reader)
        await _close_quietly(self._conn)

    async def migrate(self) -> list[int]:
        """Apply every migration not yet recorded; returns the numbers applied."""
        await _run(
            self._conn, "CREATE TABLE IF NOT EXISTS schema_migrations ("
            "version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        async with self._conn.execute("SELECT version FROM schema_migrations") as cur:
            done = {r[0] for r in await cur.fetchall()}
        applied = []
        for number, name, sql in migration_files():
            if number in done:
                continue
            # executescript commits first, so the BEGIN/COMMIT make the file atomic.
            await self._conn.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\n;INSERT INTO schema_migrations VALUES "
                f"({number}, '{name}');\nCOMMIT;")
            log.info("applied migration %04d_%s", number, name)
            applied.append(number)
        return applied

    async def journal_mode(self) -> str:
        async with self._conn.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """One atomic unit of work: committed on success, rolled back on any exception.

        Cancellation-safe: ``BEGIN`` runs inside the guarded block, and ``BEGIN``,
        ``COMMIT`` and ``ROLLBACK`` each run to completion even when the command is
        cancelled meanwhile (the cancellation is re-raised afterwards).  A cancelled
        ``BEGIN`` used to leave the shared connection inside an open transaction, where
        every later save landed uncommitted and was lost at the next restart.
        """
        async with self._lock:
            try:
                await run_to_end(_run(self._conn, "BEGIN IMMEDIATE"))
                yield SqliteTx(self._conn)
            except BaseException as error:
                await self._roll_back()
                if _is_unique(error):
                    raise Conflict(" ".join(str(error).split())) from error
                raise
            try:
                await run_to_end(_run(self._conn, "COMMIT"))
            except BaseException as error:
                await self._roll_back()  # a failed COMMIT leaves the transaction open
                if _is_unique(error):
                    raise Conflict(" ".join(str(error).split())) from error
                raise

    async def _roll_back(self) -> None:
        """End whatever transaction the write connection is in; a no-op outside one."""
        if self._conn.in_transaction:
            try:
                await run_to_end(_run(self._conn, "ROLLBACK"))
            except sqlite3.OperationalError:  # SQLite rolled back itself (e.g. I/O error)
                pass

    async def save_game(self, game_id: int, expected_version: int, *, now: float,
                        events: list[dict[str, Any]], actor_id: int | None,
                        **fields: Any) -> GameRow | None:
        """A game's new state and its new events in one statement (one round trip).

        The version check works as in ``Tx.update_game``: None means somebody saved
        first.  The events reach the log through the ``games_append_events`` trigger
        (migration 0005), inside the same statement, so both land or neither does.
        """
        fields["new_events"] = json.dumps(
            [{"at": now, "actor": actor_id, "kind": event_kind(e), "data": e}
             for e in events], ensure_ascii=False)
        async with self._lock:
            if self._conn.in_transaction:  # never inside a transaction left open
                await self._roll_back()
            return await run_to_end(SqliteTx(self._conn).update_game(
                game_id, expected_version, now=now, **fields))

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteTx]:
        """Reads of committed state; a write here fails (the connection is query-only)."""
        yield SqliteTx(self._reader)

    @asynccontextmanager
    async def autocommit(self) -> AsyncIterator[SqliteTx]:
        """Statements on the write connection, each committed on its own, under the lock
        that keeps them out of another command's transaction."""
        async with self._lock:
            if self._conn.in_transaction:  # never inside a transaction left open
                await self._roll_back()
            yield SqliteTx(self._conn)


class SqliteTx(PortableTx):
    """SQLite's ``Tx`` (bot/store/protocol.py): the portable queries run through
    aiosqlite on a connection the caller holds (inside ``Store.transaction``)."""

    dialect = SQLITE
    for_update = FOR_UPDATE[SQLITE]  # "": SQLite's write transactions lock the file

    async def _q(self, sql: str, params: Iterable[Any]) -> list[tuple[Any, ...]]:
        try:
            return await _run(self._conn, sql, params)
        except sqlite3.IntegrityError as error:
            if _is_unique(error):
                raise Conflict(" ".join(str(error).split())) from error
            raise
