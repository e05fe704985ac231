"""The demo's world: the server, its people and the production bot, and what it closes."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.demo.world import BOT_NAME, NAMES, running_world
from bot.service.ai import ProcessAgent, ThreadAgent
from tests.bot.helpers import game_row


@pytest.mark.parametrize("lang", ["sv", "en"])
async def test_a_server_in_its_language_owned_by_the_visitor(tmp_path: Path, lang: str) -> None:
    names = NAMES[lang]
    async with running_world(tmp_path / "demo.sqlite3", lang,  # type: ignore[arg-type]
                             settings=Settings(render_workers=0),
                             agent=ThreadAgent()) as world:
        assert world.env.backend.bot_user.name == BOT_NAME == "brade"
        assert world.bot.user is not None and world.bot.user.name == "brade"
        guild = world.env.backend.guilds[world.guild.id]
        assert guild.preferred_locale == names.locale and guild.owner_id == world.you.id
        assert world.channel.name == names.channel
        shown = [m.user.global_name for m in world.members]
        assert shown == [names.you, *(n for _, n in names.others)]
        assert "brade new" in world.you.available_commands(world.channel)
        r = await world.you.slash(world.channel, "brade help")
        assert r.response is not None and r.response.content


async def test_the_bot_is_the_production_one_and_nothing_outlives_a_failure(
        tmp_path: Path) -> None:
    """No agent handed in: the computer in worker processes, and board workers, as
    ``python -m bot`` runs them; a failure inside the block still closes them all."""
    db = tmp_path / "demo.sqlite3"
    before = children()
    with pytest.raises(RuntimeError, match="boom"):
        async with running_world(db, "en", settings=Settings(render_workers=1)) as world:
            assert isinstance(world.bot.agent, ProcessAgent)
            renderer = world.bot.renderer
            assert renderer.workers == 1
            await world.you.slash(world.channel, "brade new")  # the computer's first game
            assert game_row(db, world.channel.id)["status"] == "active"
            await asyncio.wait_for(renderer.wait_ready(), 60)
            started = children() - before
            assert renderer.pids and renderer.pids <= started
            assert len(started) >= 2, "the board and the listing workers"
            raise RuntimeError("boom")
    assert renderer.closed
    deadline = time.monotonic() + 30
    while (left := started & children()) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not left, "worker processes outlived the demo's world"


def children() -> set[int]:
    """This process's living child processes, but multiprocessing's resource tracker
    (one per interpreter, it goes when the interpreter does)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if stat.rsplit(") ", 1)[1][0] != "Z" and b"resource_tracker" not in cmdline:
                found.add(int(pid))
    return found
