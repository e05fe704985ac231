"""SimCord fixtures: the real bot on a temporary database with seeded dice."""

from __future__ import annotations

import itertools
import os
import random
import threading
from pathlib import Path

import pytest
import pytest_asyncio
import simcord

from bot.client import BradeBot
from bot.service.ai import ThreadAgent

# Boards in threads: a worker process per test bot costs ~2 s of CPU each;
# tests/bot/test_board_pool.py covers the worker pool itself.
os.environ.setdefault("BRADE_RENDER_WORKERS", "0")

_made: list[BradeBot] = []


def make_bot(db: Path, seed: int = 1, **kw) -> BradeBot:
    seeds = itertools.count(seed * 1000)
    kw.setdefault("agent", ThreadAgent())
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), **kw)
    _made.append(bot)
    return bot


@pytest_asyncio.fixture(autouse=True)
async def release_bots():
    """SimCord detaches a bot without closing it: close every bot's database and workers."""
    yield
    while _made:
        await _made.pop().release()
    # An unclosed aiosqlite connection once hung the whole run at exit: fail here instead.
    for thread in threading.enumerate():
        if "_connection_worker_thread" in thread.name:
            thread.join(timeout=10)
            assert not thread.is_alive(), "a database connection was left open"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "brade.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(7)


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
