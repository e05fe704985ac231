"""The fixtures of the service tests: a SQLite store in the test's folder, the clock, and
the game service over them (``tests.bot.service.helpers.make_games``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.games import GameService
from bot.store import Database, Store
from tests.bot.service.helpers import Clock, make_games


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Database]:
    s = await Store.open(tmp_path / "brade.sqlite3")
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
def games(store: Database, clock: Clock) -> GameService:
    """The game service between members (no computer: ``make_games(agent=...)`` for one)."""
    return make_games(store, clock)
