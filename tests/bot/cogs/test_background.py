"""The loop the background checks share (bot/cogs/background.py): a tick that raises is
logged under the check's own name and the loop goes on, so one bad row never stops every
later reminder, expiry or owed turn."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.background import BackgroundCheck


class Flaky(BackgroundCheck):
    failure = "the test check failed"

    def __init__(self, client: Any) -> None:
        super().__init__(client, games=None, delivery=None, every=0.01)  # type: ignore[arg-type]
        self.ticks = 0
        self.again = asyncio.Event()

    async def tick(self) -> None:
        self.ticks += 1
        if self.ticks == 1:
            raise RuntimeError("one bad row")
        self.again.set()


async def test_a_failing_tick_is_logged_and_the_checks_go_on(
        caplog: pytest.LogCaptureFixture) -> None:
    async def ready() -> None:
        return None

    cog = Flaky(SimpleNamespace(wait_until_ready=ready))
    await cog.cog_load()
    try:
        await asyncio.wait_for(cog.again.wait(), 10)
    finally:
        await cog.cog_unload()
    assert cog.ticks >= 2
    failed = [r for r in caplog.records if r.getMessage() == "the test check failed"]
    assert len(failed) == 1 and failed[0].levelno == logging.ERROR
    assert failed[0].name == __name__  # the check's own logger
