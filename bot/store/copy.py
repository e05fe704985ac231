"""Copying a server's SQLite database into another store (``python -m bot migrate``).

The copy never changes the source and never overwrites a row of the target:

* The source file is read through SQLite's backup API from a read-only connection into a
  private snapshot, and the snapshot is opened as a ``Store`` (which applies any
  migration an older file lacks).  So the file itself is never written, the copy sees one
  consistent state, and the counts checked at the end cannot move under it.
* Every table is first compared with the target.  A target row with the same key but other
  content (the target already served another bot), or one that would refuse a source row
  by another unique key (its own live game in the same channel, its own unfinished
  tournament of the same name), stops the copy before anything is written: it is
  reported, not resolved.
* Rows are then inserted in key order, in batches, each batch one transaction, with
  ``INSERT … ON CONFLICT DO NOTHING``: a second run, or a run after an interrupted one,
  adds only what is missing.
* PostgreSQL's sequences of ``games`` and ``tournaments`` are moved past the source's
  largest id before any row is inserted, so a game started on the target after a copy,
  even an interrupted one, gets a fresh id instead of one a copied game needs.
* Finally every table is compared again: the report counts source rows, rows present in
  the target with the same key and content, rows this run added, and any that differ or
  are missing.

Columns are read from the source's schema (less SQLite's ``games.new_events`` helper,
which the save trigger empties), so a later migration's new column is copied too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg

from bot.store import Conflict, Database, Store, StoreError
from bot.store.dialect import ascii_lower
from bot.store.rows import LIVE

log = logging.getLogger(__name__)

#: The tables copied, in the order they are written (a row's references come first),
#: each with its key.
TABLES: dict[str, tuple[str, ...]] = {
    "guild_settings": ("guild_id",),
    "guild_prefs": ("guild_id",),
    "players": ("guild_id", "user_id"),
    "tournaments": ("id",),
    "leagues": ("id",),
    "games": ("id",),
    "events": ("game_id", "seq"),
    "ratings": ("guild_id", "user_id"),
    "rated_games": ("game_id",),
    "live_boards": ("game_id",),
    "game_threads": ("channel_id",),
    "used_buttons": ("token",),
    "problem_ratings": ("problem_id",),
    "problem_solvers": ("guild_id", "user_id"),
    "problem_attempts": ("guild_id", "user_id", "problem_id"),
    "problem_channels": ("guild_id",),
    "daily_problems": ("guild_id", "day"),
    "missing_rights": ("guild_id", "channel_id", "action"),
}
#: Columns that exist only for SQLite's own mechanics and are not data.
SKIPPED = {"games": ("new_events",)}
#: Tables that are the store's bookkeeping, not a server's data: never copied.
#: ``bot_state`` says which commands this bot registered with Discord: the target's bot
#: registers its own once.
BOOKKEEPING = ("schema_migrations", "bot_state")  # and SQLite's own sqlite_* tables
#: JSON text: compared by meaning, since PostgreSQL may store it re-spelled (jsonb).
JSON_COLUMNS = {("games", "state"), ("games", "result"), ("events", "data"),
                ("tournaments", "data"), ("leagues", "data")}
#: Tables whose ids a sequence hands out on PostgreSQL.
SEQUENCES = ("games", "tournaments", "leagues")
BATCH = 500
#: Bound parameters one statement may carry: PostgreSQL allows 32767, SQLite 32766.
MAX_PARAMS = 32766
PROGRESS_EVERY = 50_000  # rows: a line now and then while a large table is under way

#: What a database refusing or failing looks like, on either side.
DB_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, OSError, StoreError,
    Conflict)

Progress = Callable[[str], None]


class CopyError(Exception):
    """The copy cannot go on: one line saying why (no password in it)."""


@dataclass
class Tally:
    """One table's comparison of source and target."""

    table: str
    source: int = 0  # rows in the source
    same: int = 0  # of them, present in the target with the same key and content
    new: int = 0  # rows this run inserted
    differ: int = 0  # present in the target under the same key with other content
    missing: int = 0  # not in the target at all
    clash: int = 0  # of the missing, rows another unique key of the target would refuse
    example: str = ""  # the first differing or missing row, for the report

    @property
    def ok(self) -> bool:
        return self.same == self.source


@dataclass
class Report:
    """The outcome of a migration: the final comparison, and whether anything was written."""

    tallies: list[Tally]
    written: bool
    skipped_tables: dict[str, int]  # tables of the source this copy does not know: rows

    @property
    def ok(self) -> bool:
        return all(t.ok for t in self.tallies)

    @property
    def new(self) -> int:
        return sum(t.new for t in self.tallies)

    @property
    def refused(self) -> bool:
        """The target holds data of its own in the way: the copy wrote nothing."""
        return any(t.differ or t.clash for t in self.tallies)

    def first_problem(self) -> Tally | None:
        """The table to name: a differing or clashing row first (it says why), else a
        missing one."""
        return next((t for t in self.tallies if t.differ or t.clash),
                    next((t for t in self.tallies if not t.ok), None))


# -- the source -----------------------------------------------------------------------------


def _snapshot(source: Path, into: Path) -> None:
    """A consistent copy of ``source`` (its WAL included) made without writing to it.

    A read-only connection still creates ``-wal`` and ``-shm`` files beside a WAL database
    to coordinate with writers.  When neither a ``-wal`` nor a ``-journal`` file exists, no
    connection has the database open and every committed page is in the file itself, so it
    is opened ``immutable`` and nothing at all appears beside it.  Otherwise (a bot still
    running, or one stopped uncleanly) the WAL holds committed rows that must be read.
    """
    side = [source.with_name(source.name + s) for s in ("-wal", "-journal")]
    flag = "mode=ro" if any(p.exists() for p in side) else "immutable=1"
    uri = f"file:{quote(str(source.resolve()))}?{flag}"
    src = sqlite3.connect(uri, uri=True)
    try:
        dst = sqlite3.connect(into)
        try:
            src.backup(dst)
            ours = dst.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                               "AND name = 'schema_migrations'").fetchone()
        finally:
            dst.close()
    finally:
        src.close()
    if not ours:  # migrating the snapshot would make any SQLite file look like an empty bot's
        raise CopyError(f"the source {source} is an SQLite file but not the bot's database "
                        "(it has no schema_migrations table)")


@asynccontextmanager
async def open_source(path: str | Path) -> AsyncIterator[Store]:
    """The SQLite database at ``path`` as a ``Store`` over a private snapshot of it.

    Raises ``CopyError`` when the file is missing or is not a usable SQLite database.
    """
    path = Path(path)
    if not path.is_file():
        what = "is a directory" if path.is_dir() else "does not exist"
        raise CopyError(f"the source database {path} {what}")
    with tempfile.TemporaryDirectory(prefix="brade-migrate-") as tmp:
        snap = Path(tmp) / "snapshot.sqlite3"
        try:
            await asyncio.to_thread(_snapshot, path, snap)
        except sqlite3.Error as e:
            raise CopyError(f"cannot read the source database {path}: "
                            f"{str(e).strip() or type(e).__name__}") from e
        try:
            store = await Store.open(snap)
        except StoreError as e:
            raise CopyError(f"cannot read the source database {path}: {e.problem}") from e
        try:
            yield store
        finally:
            await store.close()


async def source_columns(source: Store) -> dict[str, tuple[str, ...]]:
    """Each copied table's columns, from the source's schema."""
    out = {}
    async with source.read() as tx:
        for table in TABLES:
            rows = await tx.all(f"SELECT name FROM pragma_table_info('{table}') ORDER BY cid")
            skip = SKIPPED.get(table, ())
            out[table] = tuple(str(r[0]) for r in rows if r[0] not in skip)
            if not out[table]:
                raise CopyError(f"the source database has no table {table}")
    return out


async def unknown_tables(source: Store) -> dict[str, int]:
    """Tables of the source this copy does not know (a newer bot's), with their row counts."""
    async with source.read() as tx:
        names = [str(r[0]) for r in await tx.all(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {}
        for name in names:
            if name not in TABLES and name not in BOOKKEEPING \
                    and not name.startswith("sqlite_"):
                row = await tx.one(f'SELECT COUNT(*) FROM "{name}"')
                out[name] = int(row[0]) if row else 0
    return out


# -- reading in key order -------------------------------------------------------------------


def _after(key: Sequence[str]) -> str:
    """``WHERE`` for the rows after a key (row values compare in key order, on both)."""
    if len(key) == 1:
        return f"{key[0]} > ?"
    return f"({', '.join(key)}) > ({', '.join('?' * len(key))})"


def _between(key: Sequence[str]) -> str:
    cols = key[0] if len(key) == 1 else f"({', '.join(key)})"
    marks = "?" if len(key) == 1 else f"({', '.join('?' * len(key))})"
    return f"{cols} >= {marks} AND {cols} <= {marks}"


async def _batches(store: Database, table: str, cols: Sequence[str],
                   batch: int) -> AsyncIterator[list[tuple[Any, ...]]]:
    """All rows of ``table``, in key order, ``batch`` at a time (the key columns first)."""
    key = TABLES[table]
    select = f"SELECT {', '.join(cols)} FROM {table}"
    order = f" ORDER BY {', '.join(key)} LIMIT {int(batch)}"
    last: tuple[Any, ...] | None = None
    while True:
        async with store.read() as tx:
            if last is None:
                rows = await tx.all(select + order)
            else:
                rows = await tx.all(f"{select} WHERE {_after(key)}{order}", last)
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        yield rows
        last = rows[-1][: len(key)]
        if len(rows) < batch:
            return


def _ordered(table: str, cols: Sequence[str]) -> tuple[str, ...]:
    key = TABLES[table]
    return (*key, *(c for c in cols if c not in key))


def _same(table: str, col: str, a: Any, b: Any) -> bool:
    if a == b:  # int and float compare by value; PostgreSQL's booleans equal 0/1
        return True
    if (table, col) in JSON_COLUMNS and isinstance(a, str | None) and a is not None:
        try:
            return json.loads(a) == (json.loads(b) if isinstance(b, str) else b)
        except ValueError:
            return False
    return False


def _key_text(key: Sequence[str], values: Sequence[Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in zip(key, values, strict=True))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


async def compare(source: Store, target: Database, columns: dict[str, tuple[str, ...]], *,
                  batch: int = BATCH, progress: Progress | None = None) -> list[Tally]:
    """Each table's source rows, counted by how the target holds them (nothing written)."""
    tallies = []
    for table in TABLES:
        cols = _ordered(table, columns[table])
        key = TABLES[table]
        n = len(key)
        tally = Tally(table)
        async for rows in _batches(source, table, cols, batch):
            if progress and tally.source and tally.source % PROGRESS_EVERY < len(rows):
                progress(f"checking {table}: {tally.source} rows so far")
            async with target.read() as tx:
                there = await tx.all(
                    f"SELECT {', '.join(cols)} FROM {table} WHERE {_between(key)} "
                    f"ORDER BY {', '.join(key)}", (*rows[0][:n], *rows[-1][:n]))
            held = {tuple(r[:n]): tuple(r) for r in there}
            for row in rows:
                tally.source += 1
                other = held.get(row[:n])
                if other is None:
                    tally.missing += 1
                    if not tally.example:
                        tally.example = f"{_key_text(key, row[:n])} is missing from the target"
                    continue
                diff = next((c for c, a, b in zip(cols, row, other, strict=True)
                             if not _same(table, c, a, b)), None)
                if diff is None:
                    tally.same += 1
                    continue
                tally.differ += 1
                if tally.differ == 1:  # a difference is the example worth showing
                    i = cols.index(diff)
                    tally.example = (f"{_key_text(key, row[:n])}: {diff} is "
                                     f"{_short(row[i])} in the source but "
                                     f"{_short(other[i])} in the target")
        if progress:
            progress(f"checked {table}: {tally.source} rows")
        tallies.append(tally)
    await _clashes(source, target, {t.table: t for t in tallies})
    return tallies


async def _unique_keys(store: Database, table: str) -> dict[tuple[Any, ...], int]:
    """The values of ``table``'s unique key other than its id, each with the row's id:
    one live game per channel, one unfinished tournament per server and name."""
    async with store.read() as tx:
        if table == "games":
            rows = await tx.all("SELECT channel_id, id FROM games WHERE status IN "
                                f"({', '.join('?' * len(LIVE))})", LIVE)
        else:
            rows = await tx.all(f"SELECT guild_id, {ascii_lower(tx.dialect, 'name')}, id "
                                "FROM tournaments WHERE state != 'finished'")
    return {tuple(r[:-1]): int(r[-1]) for r in rows}


async def _clashes(source: Store, target: Database, tallies: dict[str, Tally]) -> None:
    """Count the source rows the target's other unique keys would refuse.

    Such a row is missing from the target (under its id) while a row of the target's own
    holds its live channel or tournament name; inserting it would fail, or be skipped,
    after other rows were written, so it is found here, before any write.
    """
    for table in ("games", "tournaments"):
        tally = tallies[table]
        if not tally.missing:
            continue
        theirs = await _unique_keys(target, table)
        for key, sid in (await _unique_keys(source, table)).items():
            tid = theirs.get(key)
            if tid is None or tid == sid:
                continue
            async with target.read() as tx:
                if await tx.one(f"SELECT 1 FROM {table} WHERE id = ?", (sid,)):
                    continue  # compared under its id: same, or counted as differing
            tally.clash += 1
            if tally.clash == 1 and not tally.differ:  # a difference says more
                what = (f"channel_id={key[0]} has the target's own live game id={tid}"
                        if table == "games" else
                        f"the target's own unfinished tournament id={tid} has that name")
                tally.example = f"id={sid}: {what}"


async def copy_rows(source: Store, target: Database, columns: dict[str, tuple[str, ...]], *,
                    missing: dict[str, int] | None = None, batch: int = BATCH,
                    progress: Progress | None = None) -> dict[str, int]:
    """Insert every source row the target lacks; returns the rows added per table.

    Each batch is one transaction; ``ON CONFLICT DO NOTHING`` leaves any row the target
    already holds (the same key) exactly as it is.  A row it refuses for another unique
    key (a live game of the target's own in the same channel, say) is skipped the same
    way; given ``missing`` (the rows each table lacked before), a table that then added
    fewer ends the copy there, before rows that refer to the refused one (its events)
    are tried, and the check afterwards names it.
    """
    added: dict[str, int] = {}
    for table in TABLES:
        if missing is not None and any(added[t] < missing[t] for t in added):
            break
        cols = _ordered(table, columns[table])
        row_marks = f"({', '.join('?' * len(cols))})"
        added[table] = done = 0
        rows_per_insert = max(1, min(batch, MAX_PARAMS // len(cols)))
        async for rows in _batches(source, table, cols, rows_per_insert):
            sql = (f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
                   f"{', '.join([row_marks] * len(rows))} "
                   f"ON CONFLICT DO NOTHING RETURNING {TABLES[table][0]}")
            params = [v for row in rows for v in row]
            async with target.transaction() as tx:
                added[table] += len(await tx.run(sql, params))
            done += len(rows)
            if progress and done % PROGRESS_EVERY < len(rows):
                progress(f"copying {table}: {done} rows so far")
        if progress:
            progress(f"copied {table}: {added[table]} new rows")
    return added


async def largest_ids(store: Database) -> dict[str, int]:
    """The largest id of each table a sequence numbers (0 for an empty one)."""
    out = {}
    async with store.read() as tx:
        for table in SEQUENCES:
            row = await tx.one(f"SELECT COALESCE(MAX(id), 0) FROM {table}")
            out[table] = int(row[0]) if row else 0
    return out


async def advance_sequences(target: Database, floor: dict[str, int] | None = None) -> None:
    """Move PostgreSQL's id sequences past the largest id in the target and ``floor``
    (the source's largest ids), never backwards.

    SQLite needs nothing: an explicit id larger than ``sqlite_sequence`` moves it on.
    """
    if target.dialect != "postgresql":
        return
    async with target.transaction() as tx:
        for table in SEQUENCES:
            row = await tx.one(f"SELECT pg_get_serial_sequence('{table}', 'id')")
            seq = row[0] if row else None
            if not seq:
                raise CopyError(f"the target's {table}.id has no sequence")
            row = await tx.one(f"SELECT COALESCE(MAX(id), 0) FROM {table}")
            state = await tx.one(f"SELECT last_value, is_called FROM {seq}")
            assert row is not None and state is not None
            top = max(int(row[0]), (floor or {}).get(table, 0))
            used = int(state[0]) if state[1] else int(state[0]) - 1
            if top > used:
                await tx.one(f"SELECT setval('{seq}', ?)", (top,))


async def migrate(source: Store, target: Database, *, batch: int = BATCH,
                  progress: Progress | None = None) -> Report:
    """Compare, copy what is missing (only when nothing differs), then compare again."""
    columns = await source_columns(source)
    skipped = {k: v for k, v in (await unknown_tables(source)).items() if v}
    before = await compare(source, target, columns, batch=batch, progress=progress)
    if any(t.differ or t.clash for t in before):
        return Report(before, written=False, skipped_tables=skipped)
    missing = {t.table: t.missing for t in before}
    # First: a game started on the target while (or after) rows arrive, even if this run
    # is interrupted, must not take an id a source game is about to bring.
    await advance_sequences(target, await largest_ids(source))
    added: dict[str, int] = {}
    if any(missing.values()):  # a second run writes nothing at all
        added = await copy_rows(source, target, columns, batch=batch, progress=progress,
                                missing=missing)
    after = await compare(source, target, columns, batch=batch)
    for tally in after:
        tally.new = added.get(tally.table, 0)
    return Report(after, written=any(added.values()), skipped_tables=skipped)
