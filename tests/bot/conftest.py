"""SimCord fixtures: the real bot on a temporary database with seeded dice.

``db_path`` is parametrized over both stores: ``[sqlite]`` a file in the test's temporary
directory, ``[postgresql]`` a fresh, empty database on the session's PostgreSQL server
(``pg_url``, tests/conftest.py).  Every test that takes it runs on both: the helpers in
tests/bot/helpers.py read either.  (A test that is SQLite's by nature, one that corrupts
the file say, makes its own file under ``tmp_path`` instead.)
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import pytest_asyncio
import simcord

import bot.service.pictures as pictures_module
from bot.client import BradeBot
from bot.config import Settings
from bot.service.ai import ThreadAgent
from bot.service.model import BoardSpec
from tests.bot.helpers import Db, is_postgres, pg_reader

BACKENDS = ("sqlite", "postgresql")

# Boards in threads: a worker process per test bot costs ~2 s of CPU each;
# tests/bot/service/test_pictures.py covers the worker pool itself.  The test bots get
# it through ``bot_settings``; what reads the environment (a benchmark run by a test,
# ``python -m bot`` in a subprocess) through this.
os.environ.setdefault("BRADE_RENDER_WORKERS", "0")

_made: list[BradeBot] = []
_pg_targets: set[str] = set()
_SETTINGS = {f.name for f in dataclasses.fields(Settings)}


def bot_settings(**overrides: Any) -> Settings:
    """A test bot's settings: the defaults, boards drawn in threads, and ``overrides``."""
    return Settings(**{"render_workers": 0, **overrides})


def make_bot(db: Db, seed: int = 1, **kw) -> BradeBot:
    """A test bot; keywords naming a ``Settings`` field (``remind_after=3600``) set it."""
    seeds = itertools.count(seed * 1000)
    kw.setdefault("agent", ThreadAgent())
    kw.setdefault("shards", ((0,), 1))  # one process running the one shard: every guild
    kw["settings"] = bot_settings(**{k: kw.pop(k) for k in _SETTINGS & kw.keys()})
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), **kw)
    _made.append(bot)
    if is_postgres(db):
        _pg_targets.add(str(db))
    return bot


def untrack(bot: BradeBot) -> None:
    """The test releases ``bot`` itself (it runs on an event loop of its own)."""
    _made.remove(bot)


@pytest_asyncio.fixture(autouse=True)
async def release_bots():
    """SimCord detaches a bot without closing it: close every bot's database and workers."""
    yield
    while _made:
        await _made.pop().release()
    pg_reader.close(keep=_admin_url() if _pg_targets else None)  # the helpers' connections
    # An unclosed aiosqlite connection once hung the whole run at exit: fail here instead.
    for thread in threading.enumerate():
        if "_connection_worker_thread" in thread.name:
            thread.join(timeout=10)
            assert not thread.is_alive(), "a database connection was left open"
    # The same for PostgreSQL: a pool left open holds server connections (200 at most).
    while _pg_targets:
        assert_no_connections(_pg_targets.pop())


@pytest.fixture(scope="session", autouse=True)
def close_pg_reader():
    """The helpers' last connection (to the server's admin database) closes with the
    session, before the server stops."""
    yield
    pg_reader.close()


def _admin_url() -> str:
    from tests.postgres_server import admin_url

    return admin_url()


def assert_no_connections(url: str, wait: float = 10.0) -> None:
    """Nobody but us is connected to ``url``'s database (a closed pool's server processes
    may take a moment to go)."""
    name = urlsplit(url).path.lstrip("/")
    pg_reader.close(only=url)  # the test helpers' own connection does not count
    deadline = time.monotonic() + wait
    while True:
        (n,), = pg_reader.fetch(_admin_url(), "SELECT count(*) FROM pg_stat_activity "
                                "WHERE datname = ? AND pid <> pg_backend_pid()", (name,))
        if n == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert n == 0, f"{n} connection(s) to the database were left open"


@pytest.fixture(params=BACKENDS)
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Db:
    """The bot's database: a SQLite file, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "brade.sqlite3"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    return make_bot(db_path)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(7)


@pytest.fixture
def specs(monkeypatch: pytest.MonkeyPatch) -> list[BoardSpec]:
    """Every board the bot draws, in order (the real drawing still happens, in a thread:
    tests draw without worker processes)."""
    drawn: list[BoardSpec] = []
    real = pictures_module.render_png

    def spy(spec: BoardSpec) -> bytes:
        drawn.append(spec)
        return real(spec)

    monkeypatch.setattr(pictures_module, "render_png", spy)
    return drawn


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: BradeBot, request: pytest.FixtureRequest):
    """SimCord's own fixture with a settle timeout that allows for a busy test machine."""
    marker = request.node.get_closest_marker("simcord")
    options = {"settle_timeout": 30.0, **(marker.kwargs if marker else {})}
    env = simcord.Env(simcord_bot, **options)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)
