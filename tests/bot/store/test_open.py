"""``Store.open`` on bad files: a ``StoreError`` naming the file, and no thread left behind.

An aiosqlite connection runs a non-daemon thread; one left open by a failed open kept
``python -m bot`` alive after printing its traceback.  (The process-level checks, one
line and the exit code, are in tests/bot/test_startup.py.)
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.store import Store, StoreError, run_to_end


def db_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate()
            if "_connection_worker_thread" in t.name and t.is_alive()]


async def good(path: Path) -> Path:
    store = await Store.open(path)
    await store.close()
    return path


@pytest.mark.parametrize("case", ["text", "truncated", "tiny", "directory", "missing_dir"])
async def test_bad_file_raises_store_error_and_leaves_no_thread(tmp_path: Path,
                                                                case: str) -> None:
    path = tmp_path / "brade.sqlite3"
    if case == "text":
        path.write_text("hello\n" * 100)
    elif case == "truncated":
        data = (await good(path)).read_bytes()
        path.write_bytes(data[: len(data) // 2])
    elif case == "tiny":
        data = (await good(path)).read_bytes()
        path.write_bytes(data[:50])
    elif case == "directory":
        path.mkdir()
    else:
        path = tmp_path / "nowhere" / "brade.sqlite3"
    before = set(db_threads())
    with pytest.raises(StoreError) as info:
        await Store.open(path)
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)
    for t in set(db_threads()) - before:
        t.join(timeout=5)
    assert not set(db_threads()) - before, "a database thread was left running"


async def test_good_file_opens_and_checks(tmp_path: Path) -> None:
    store = await Store.open(await good(tmp_path / "brade.sqlite3"))
    try:
        assert await store.check() == ["ok"]
        assert await store.journal_mode() == "wal"
    finally:
        await store.close()


async def test_run_to_end_finishes_then_reraises_the_cancellation() -> None:
    done: list[str] = []

    async def work() -> str:
        await asyncio.sleep(0.05)
        done.append("finished")
        return "result"

    task = asyncio.ensure_future(run_to_end(work()))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert done == ["finished"], "the work ran to its end despite the cancellation"


async def test_failed_commit_does_not_leave_the_transaction_open(tmp_path: Path) -> None:
    """A deferred foreign-key violation fails COMMIT: rolled back, the next write works."""
    store = await Store.open(tmp_path / "s.sqlite3")
    try:
        async with store.transaction() as tx:
            await tx.run("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
            await tx.run("CREATE TABLE child (p INTEGER REFERENCES parent(id) "
                         "DEFERRABLE INITIALLY DEFERRED)")
        with pytest.raises(Exception, match="FOREIGN KEY"):
            async with store.transaction() as tx:
                await tx.run("INSERT INTO child VALUES (7)")
        async with store.transaction() as tx:
            await tx.run("INSERT INTO parent VALUES (1)")
        async with store.read() as tx:
            assert await tx.all("SELECT id FROM parent") == [(1,)]
            assert await tx.all("SELECT p FROM child") == []
    finally:
        await store.close()


async def test_an_sqlite_library_below_the_floor_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ubuntu 22.04's libsqlite3 is 3.37; the store needs 3.35 (RETURNING).  A library too
    old is refused at open, before a file is created, not by each command later."""
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.34.1")
    path = tmp_path / "brade.sqlite3"
    before = set(db_threads())
    with pytest.raises(StoreError) as info:
        await Store.open(path)
    text = str(info.value)
    assert "\n" not in text and str(path) in text
    assert "3.34.1" in text and "3.35.0 or newer" in text
    assert not path.exists() and not set(db_threads()) - before


async def test_the_lowest_supported_sqlite_library_opens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 35, 0))
    store = await Store.open(tmp_path / "brade.sqlite3")
    await store.close()
