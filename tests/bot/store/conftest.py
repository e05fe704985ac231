"""Every store test that takes ``target`` or ``store`` runs on both backends: a SQLite file
and a fresh database on the session's real PostgreSQL server (``pg_url``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "brade.sqlite3")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
async def store(target: str) -> AsyncIterator[Any]:
    s = await open_store(target)
    try:
        yield s
    finally:
        await s.close()
