"""``trn``: a tournament service on a fresh SQLite store, with no tournament yet (a test
module that needs one made first defines its own ``trn``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.tournaments import TournamentService
from tests.bot.service.tournaments.helpers import service


@pytest.fixture
async def trn(tmp_path: Path) -> AsyncIterator[TournamentService]:
    async with service(tmp_path) as s:
        yield s
