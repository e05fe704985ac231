"""SimCord fixtures: the real bot on a temporary database with seeded dice."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
import pytest_asyncio
import simcord

from bot.client import BradeBot
from bot.service.ai import ThreadAgent


def make_bot(db: Path, seed: int = 1, **kw) -> BradeBot:
    seeds = itertools.count(seed * 1000)
    kw.setdefault("agent", ThreadAgent())
    return BradeBot(db_path=db, seed_source=lambda: next(seeds), **kw)


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
