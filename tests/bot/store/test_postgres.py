"""Opening a PostgreSQL store that cannot be used: ``StoreError``, one line, no password.

Each case is real (the session's PostgreSQL server, a closed port, a socket that never
answers) except an unknown host name, which needs DNS; that one is checked on the
description alone.
"""

from __future__ import annotations

import asyncio
import inspect
import re
import socket
import tomllib
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.store import ServerDefaults, StoreError, open_store
from bot.store.postgres import _MIGRATION_LOCK, PgStore, _describe
from tests.bot.helpers import LateServer
from tests.postgres_server import new_database, query

SECRET = "s3cret-pass"


def assert_one_clean_line(error: StoreError, *, secret: str) -> str:
    text = str(error)
    assert "\n" not in text and "\r" not in text
    assert secret not in text
    assert text.startswith("database postgres")
    return text


@pytest.fixture
async def silent_port() -> AsyncIterator[int]:
    """A port that accepts connections and never says a word."""
    held: list[asyncio.StreamWriter] = []

    async def hold(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        for w in held:
            w.close()
        server.close()
        await server.wait_closed()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_wrong_password(pg_url: str) -> None:
    u = urlsplit(pg_url)
    assert u.password
    url = pg_url.replace(f":{u.password}@", f":{SECRET}@")
    with pytest.raises(StoreError) as info:
        await open_store(url)
    text = assert_one_clean_line(info.value, secret=SECRET)
    assert "password" in text and f"{u.username}:***@" in text


async def test_a_password_that_is_a_word_of_the_message(pg_url: str) -> None:
    """The URL's password field is masked, not its text wherever it occurs: with the
    password ``wrong`` the line still says "wrong password"."""
    u = urlsplit(pg_url)
    url = pg_url.replace(f":{u.password}@", ":wrong@")
    with pytest.raises(StoreError) as info:
        await open_store(url)
    text = assert_one_clean_line(info.value, secret=":wrong@")
    assert "wrong password" in text and "***" not in text.split(": ", 1)[1], text
    assert f"{u.username}:***@" in text


async def test_no_such_role(pg_url: str) -> None:
    u = urlsplit(pg_url)
    url = pg_url.replace(f"//{u.username}:{u.password}@", f"//nobody_here:{SECRET}@")
    with pytest.raises(StoreError) as info:
        await open_store(url)
    assert "nobody_here" in assert_one_clean_line(info.value, secret=SECRET)


async def test_no_such_database(pg_url: str) -> None:
    url = pg_url.rsplit("/", 1)[0] + "/no_such_db"
    with pytest.raises(StoreError) as info:
        await open_store(url)
    text = assert_one_clean_line(info.value, secret=urlsplit(pg_url).password or "?")
    assert "no_such_db" in text and "does not exist" in text


async def test_connection_refused() -> None:
    url = f"postgresql://brade:{SECRET}@127.0.0.1:{closed_port()}/brade"
    with pytest.raises(StoreError) as info:
        await open_store(url)
    assert "refused" in assert_one_clean_line(info.value, secret=SECRET)


async def test_no_answer_times_out(silent_port: int) -> None:
    url = f"postgresql://brade:{SECRET}@127.0.0.1:{silent_port}/brade"
    with pytest.raises(StoreError) as info:
        await PgStore.open(url, connect_timeout=0.5)
    assert "no answer" in assert_one_clean_line(info.value, secret=SECRET)


@pytest.mark.parametrize("url", [
    f"postgresql://brade:{SECRET}@localhost:notaport/brade",
    f"postgresql://brade:{SECRET}@[::1/brade",
])
async def test_malformed_url(url: str) -> None:
    with pytest.raises(StoreError) as info:
        await open_store(url)
    assert "not a valid PostgreSQL URL" in assert_one_clean_line(info.value, secret=SECRET)


def test_unknown_host_is_described() -> None:
    error = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert _describe(error, "postgresql://u:p@nowhere.invalid/db") == (
        "the host name cannot be resolved (Name or service not known)")


async def test_target_masks_the_password_and_check_is_ok(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        password = urlsplit(pg_url).password
        assert password and password not in store.target and ":***@" in store.target
        assert store.dialect == "postgresql"
        assert await store.check() == ["ok"]
    finally:
        await store.close()


async def test_check_reports_a_missing_migration(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        async with store.transaction() as tx:
            await tx.run("DELETE FROM schema_migrations WHERE version = 6")
        assert await store.check() != ["ok"]
    finally:
        await store.close()


async def test_a_deadlock_is_a_conflict_and_the_other_unit_commits(pg_url: str) -> None:
    """Two units lock two games in opposite orders: PostgreSQL breaks the deadlock by
    failing one, which reaches the caller as ``Conflict``, rolled back."""
    store = await open_store(pg_url)
    try:
        ids = []
        for channel in (1, 2):
            async with store.transaction() as tx:
                ids.append(await tx.insert_game(
                    guild_id=1, channel_id=channel, status="active", rules="vasa",
                    white_id=1, black_id=2, match_length=1, seed=1, state=None, now=1.0))
        locked = [asyncio.Event(), asyncio.Event()]

        async def unit(me: int) -> None:
            first, second = (ids[0], ids[1]) if me == 0 else (ids[1], ids[0])
            async with store.transaction() as tx:
                row = await tx.one(f"SELECT version FROM games WHERE id = ?{tx.for_update}",
                                   (first,))
                assert row == (0,)
                await tx.update_game(first, 0, now=2.0, reminded=1)
                locked[me].set()
                await locked[1 - me].wait()
                await tx.one(f"SELECT version FROM games WHERE id = ?{tx.for_update}",
                             (second,))

        results = await asyncio.gather(unit(0), unit(1), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
        async with store.read() as tx:
            versions = sorted([(await tx.game(i)).version for i in ids])  # type: ignore[union-attr]
        assert versions == [0, 1]  # the loser's update was rolled back
    finally:
        await store.close()


async def test_connections_the_server_dropped_are_replaced(pg_url: str) -> None:
    """After the server ends every pooled connection (a restart, an administrator), the
    next unit of work runs on a fresh one instead of failing."""
    store = await open_store(pg_url)
    try:
        async def unit(n: int) -> None:
            async with store.transaction() as tx:
                await tx.save_server_defaults(ServerDefaults(n, "sv"))

        await asyncio.gather(*(unit(n) for n in range(5)))
        ended = query(pg_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        assert len(ended) >= 2 and all(r == (True,) for r in ended)
        await unit(7)  # at once: the loop has not yet seen the connections close
        await asyncio.gather(*(unit(n) for n in range(8, 12)))
        async with store.read() as tx:
            assert len(await tx.all("SELECT guild_id FROM guild_settings")) == 10
    finally:
        await store.close()


async def test_a_user_without_create_runs_a_migrated_database(pg_url: str) -> None:
    """Operators often migrate as the owner and run the bot as a user that may only read
    and write rows; on a database not yet migrated that user gets a clear line."""
    await (await open_store(pg_url)).close()  # migrated by the owner
    fresh = new_database()
    u = urlsplit(pg_url)
    role = f"brade_app_{u.path.strip('/')}"[:60]
    app_url = pg_url.replace(f"//{u.username}:{u.password}@", f"//{role}:{SECRET}@")
    query(pg_url, f"CREATE ROLE {role} LOGIN PASSWORD '{SECRET}'")
    try:
        query(pg_url, f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public "
                      f"TO {role}")
        store = await open_store(app_url)
        try:
            async with store.transaction() as tx:
                await tx.save_server_defaults(ServerDefaults(1, "sv"))
                assert await tx.insert_game(  # identity columns need no sequence grant
                    guild_id=1, channel_id=2, status="active", rules="vasa", white_id=3,
                    black_id=4, match_length=1, seed=5, state=None, now=6.0) == 1
            assert await store.check() == ["ok"]
        finally:
            await store.close()
        with pytest.raises(StoreError) as info:
            await open_store(fresh.replace(f"//{u.username}:{u.password}@",
                                           f"//{role}:{SECRET}@"))
        assert "may not create" in assert_one_clean_line(info.value, secret=SECRET)
    finally:
        for db in (pg_url, fresh):
            query(db, f"DROP OWNED BY {role}")
        query(pg_url, f"DROP ROLE {role}")


def test_the_declared_asyncpg_floor_has_every_pool_option_the_store_uses() -> None:
    """``create_pool(reset=...)`` arrived in asyncpg 0.30; with 0.29 every start failed
    with a TypeError traceback instead of opening."""
    project = tomllib.loads((Path(__file__).parents[3] / "pyproject.toml").read_text())
    spec = next(d for d in project["project"]["dependencies"] if d.startswith("asyncpg"))
    floor = re.fullmatch(r"asyncpg>=(\d+)\.(\d+)(?:\.\d+)?", spec.replace(" ", ""))
    assert floor is not None, spec
    assert (int(floor.group(1)), int(floor.group(2))) >= (0, 30)
    assert "reset" in inspect.signature(asyncpg.create_pool).parameters


async def test_a_slow_start_up_statement_is_not_called_unreachable(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Connected, then a statement waits past the timeout (here the write probe, on a row
    another session holds): the line says so, not "no answer from the server"."""
    await (await open_store(pg_url)).close()
    monkeypatch.setattr("bot.store.postgres.COMMAND_TIMEOUT", 0.5)
    holder = await asyncpg.connect(pg_url)
    try:
        async with holder.transaction():
            await holder.execute("UPDATE schema_migrations SET name = name")
            with pytest.raises(StoreError) as info:
                await open_store(pg_url)
        text = assert_one_clean_line(info.value, secret=urlsplit(pg_url).password or "?")
        assert "took longer than 0.5 s" in text and "no answer" not in text
    finally:
        await holder.close()


async def test_migration_waits_for_another_process_past_the_statement_timeout(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process holds the migration lock (applying a long migration): opening
    waits for it, however long, instead of failing after the statement timeout."""
    monkeypatch.setattr("bot.store.postgres.COMMAND_TIMEOUT", 0.2)
    holder = await asyncpg.connect(pg_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
        opening = asyncio.ensure_future(open_store(pg_url))
        for _ in range(500):  # until it waits on the lock, on the server
            if await holder.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = "
                                     "'advisory' AND NOT granted"):
                break
            assert not opening.done(), opening.exception()
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the opening store never waited for the migration lock")
        await asyncio.sleep(1.0)  # five statement timeouts
        assert not opening.done(), opening.exception()
        await holder.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
        store = await asyncio.wait_for(opening, 60)
        try:
            assert await store.check() == ["ok"]
        finally:
            await store.close()
    finally:
        await holder.close()


async def test_reads_on_connections_the_server_dropped_are_retried(pg_url: str) -> None:
    """After the server ends the pooled connections, a read (and so a command's first
    look at its game) runs on a fresh connection instead of failing once per stale one."""
    store = await open_store(pg_url)
    try:
        async def look() -> list[tuple[object, ...]]:
            async with store.read() as tx:
                return await tx.all("SELECT count(*) FROM games WHERE pg_sleep(0.02) IS NOT NULL")

        await asyncio.gather(*(look() for _ in range(4)))  # four pooled connections
        ended = query(pg_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        assert len(ended) >= 4
        for _ in range(4):  # at once: the loop has not yet seen the connections close
            async with store.read() as tx:
                assert await tx.all("SELECT 1") == [(1,)]
                assert await tx.one("SELECT 2") == (2,)
        assert await look() == [(0,)]
    finally:
        await store.close()


async def test_a_command_arms_no_idle_or_statement_cache_timers(pg_url: str) -> None:
    """asyncpg's defaults arm a timer per pool release (idle connections close after
    300 s) and per prepared statement (forgotten after 300 s): loop work on every command
    for nothing here.  Only the statement timeout's own timer is left."""
    store = await open_store(pg_url)
    loop = asyncio.get_running_loop()
    armed: list[str] = []
    call_later = loop.call_later

    def counting(delay: float, callback, *args, **kwargs):  # type: ignore[no-untyped-def]
        armed.append(getattr(callback, "__qualname__", repr(callback)))
        return call_later(delay, callback, *args, **kwargs)

    loop.call_later = counting  # type: ignore[method-assign]
    try:
        for _ in range(5):
            async with store.read() as tx:
                await tx.live_game(42)
            async with store.transaction() as tx:
                await tx.server_defaults(1)
    finally:
        loop.call_later = call_later  # type: ignore[method-assign]
        await store.close()
    assert armed and not [a for a in armed if "inactive" in a or "entry_expired" in a], armed


# -- a server that is not up yet (issue 35: docker compose's first start) ----------------


@pytest.fixture
def late_server(pg_url: str):
    server = LateServer(pg_url)
    try:
        yield server
    finally:
        server.close()


async def test_a_server_not_up_yet_is_waited_for(late_server: LateServer) -> None:
    told: list[str] = []
    late_server.open_after(1.5)
    started = asyncio.get_running_loop().time()
    store = await open_store(late_server.url, wait=30, waiting=told.append)
    try:
        assert await store.check() == ["ok"]
    finally:
        await store.close()
    took = asyncio.get_running_loop().time() - started
    assert 1.4 < took < 20, took
    assert len(told) == 1, told  # said once, however many tries
    assert "waiting for the database" in told[0] and "refused" in told[0], told
    assert urlsplit(late_server.url).password not in told[0]


async def test_without_a_wait_a_refused_connection_fails_at_once(
        late_server: LateServer) -> None:
    started = asyncio.get_running_loop().time()
    with pytest.raises(StoreError) as info:
        await open_store(late_server.url)
    assert "refused" in str(info.value)
    assert asyncio.get_running_loop().time() - started < 5


async def test_a_wrong_password_is_not_waited_for(pg_url: str) -> None:
    """Waiting is for a server not up yet; a real failure still ends the start at once,
    and says what a password changed in docker compose's .env means."""
    u = urlsplit(pg_url)
    url = pg_url.replace(f":{u.password}@", f":{SECRET}@")
    started = asyncio.get_running_loop().time()
    with pytest.raises(StoreError) as info:
        await open_store(url, wait=60)
    assert asyncio.get_running_loop().time() - started < 5
    text = assert_one_clean_line(info.value, secret=SECRET)
    assert "wrong password" in text and "POSTGRES_PASSWORD" in text and ".env" in text
