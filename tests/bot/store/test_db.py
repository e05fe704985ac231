"""The store's own core (bot.store.db): migration files' names and numbers, and the
typed game and server-default queries every backend shares (bot/store/portable.py), on
both.  (Opening bad files is in test_open.py; transactions, version checks under
concurrency and cancellation in test_backends.py.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import ServerDefaults, Store, StoreError
from bot.store.db import migration_files
from tests.bot.store.helpers import ALICE, BOB, CHANNEL, GUILD, NOW, new_game


def write(folder: Path, *names: str) -> Path:
    folder.mkdir()
    for name in names:
        (folder / name).write_text(f"-- {name}\n", encoding="utf-8")
    return folder


def test_migration_files_in_number_order_gaps_allowed(tmp_path: Path) -> None:
    folder = write(tmp_path / "m", "0003_later.sql", "0001_first.sql", "notes.txt")
    assert [(n, name) for n, name, _ in migration_files(folder)] == [(1, "first"),
                                                                     (3, "later")]
    assert migration_files(folder)[0][2] == "-- 0001_first.sql\n"


@pytest.mark.parametrize("names", [("1_short.sql",), ("0001_a.sql", "0001_b.sql"),
                                   ("0002_late.sql",), ("0001_bad name.sql",)])
def test_misnamed_or_misnumbered_migrations_are_refused(tmp_path: Path,
                                                        names: tuple[str, ...]) -> None:
    with pytest.raises(RuntimeError, match="migration"):
        migration_files(write(tmp_path / "m", *names))


def test_a_store_error_is_one_line_naming_the_database() -> None:
    error = StoreError("/data/brade.sqlite3", "is locked\n  by another   process")
    assert str(error) == "database /data/brade.sqlite3: is locked by another process"
    assert error.problem == "is locked by another process" and not error.transient


async def test_a_channels_live_and_last_game(store: Any) -> None:
    over = await new_game(store, status="over")
    async with store.read() as tx:
        assert await tx.live_game(CHANNEL) is None
        assert (await tx.last_game(CHANNEL)).id == over  # type: ignore[union-attr]
    live = await new_game(store, status="offered")
    async with store.read() as tx:
        row = await tx.live_game(CHANNEL)
        assert row is not None and row.id == live and row.live
        assert (await tx.last_game(CHANNEL)).id == live  # type: ignore[union-attr]
        assert await tx.last_game(CHANNEL + 1) is None
        assert await tx.active_games() == []
        assert await tx.game(live + 100) is None


async def test_an_update_bumps_the_version_once_and_a_stale_one_changes_nothing(
        store: Any) -> None:
    gid = await new_game(store)
    async with store.transaction() as tx:
        row = await tx.update_game(gid, 0, now=NOW + 1, status="over",
                                   result={"winner": ALICE})
        assert row is not None
        assert (row.version, row.status, row.result, row.updated_at) == (
            1, "over", {"winner": ALICE}, NOW + 1)
        assert await tx.update_game(gid, 0, now=NOW + 2, status="aborted") is None
    async with store.read() as tx:
        again = await tx.game(gid)
    assert again == row and again.players() == (ALICE, BOB)


async def test_a_reminder_is_marked_without_moving_the_version(store: Any) -> None:
    gid = await new_game(store)
    async with store.transaction() as tx:
        assert await tx.touch_reminded(gid, 0, 1)
        assert not await tx.touch_reminded(gid, 0, 1)  # that level was sent
        assert not await tx.touch_reminded(gid, 1, 2)  # a version that is not the game's
        assert await tx.touch_reminded(gid, 0, 2)
    async with store.read() as tx:
        row = await tx.game(gid)
    assert row is not None and (row.reminded, row.version) == (2, 0)


async def test_settings_default_and_each_field_is_written_alone(store: Any) -> None:
    async with store.transaction() as tx:
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD)
        await tx.save_server_defaults(ServerDefaults(GUILD, lang="sv"), ("lang",))
        saved = await tx.save_server_defaults(ServerDefaults(GUILD, rules="puff"), ("rules",))
        assert saved == ServerDefaults(GUILD, "sv", "puff")
        for fields in ((), ("guild_id",), ("colour",)):
            with pytest.raises(ValueError, match="cannot save"):
                await tx.save_server_defaults(ServerDefaults(GUILD), fields)
    async with store.read() as tx:
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD, "sv", "puff")


async def test_sqlites_read_connection_refuses_writes(tmp_path: Path) -> None:
    """SQLite's reads go to a query-only connection (PostgreSQL's ``read`` is a pooled
    connection in autocommit, not read-only: the services only read there)."""
    store = await Store.open(tmp_path / "brade.sqlite3")
    try:
        async with store.read() as tx:
            with pytest.raises(sqlite3.OperationalError, match="readonly"):
                await tx.run("DELETE FROM games")
    finally:
        await store.close()
