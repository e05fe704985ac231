"""The demo's terminal: the places the page cannot reach by itself, and the clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from bot.demo.console import HELP, Console, parse_wait
from bot.demo.page import Page, places
from bot.demo.world import running_world
from bot.service.ai import ThreadAgent
from tests.bot.helpers import game_row


@pytest.mark.parametrize(("text", "seconds"), [
    ("+6h", 21600.0), ("+15m", 900.0), ("+ 2d", 172800.0), ("+30s", 30.0), ("+30D", 2592000.0)])
def test_a_wait(text: str, seconds: float) -> None:
    assert parse_wait(text) == seconds


@pytest.mark.parametrize("text", ["6h", "+6", "+h", "+0m", "+31d", "+1.5h", "+6 hours", "-1h"])
def test_not_a_wait(text: str) -> None:
    assert parse_wait(text) is None


async def test_places_a_thread_and_the_clock(tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    said: list[str] = []
    stopped: list[bool] = []
    async with running_world(db, "en", settings=Settings(render_workers=0),
                             agent=ThreadAgent()) as world, Page(world) as page:
        await page.open(places(world)[0])
        console = Console(page, said.append, lambda: stopped.append(True))
        you, sam = world.members[0], world.members[1]
        # a second game in the channel: the bot offers it a thread of its own
        await you.slash(world.channel, "brade new")
        r = await you.slash(world.channel, "brade new")
        button = next(c for row in r.response.message.components for c in row.children
                      if c.custom_id.startswith("bradethread:"))
        await you.click(r.response, custom_id=button.custom_id)
        thread = world.channel.threads[0]
        await console.handle("places")
        assert said[0].startswith("  1  #tables") and said[0].endswith("(shown)")
        assert said[1].startswith("  2  #tables › ") and thread.name in said[1]
        assert "direct messages" in said[2]
        said.clear()
        await console.handle("2")
        assert page.place is not None and page.place.channel.id == thread.id
        assert said == [f"  showing {page.place.label}: reload the page"]
        await console.handle("9")
        assert said[-1] == "  no place 9: type places for the list"
        # the clock: a challenge lapses once its quarter of an hour has passed
        await you.slash(world.channel, "brade abort")
        await you.slash(world.channel, "brade new", opponent=sam)
        offered = game_row(db, world.channel.id)
        assert offered["status"] != "active"
        await console.handle("+20m")
        assert game_row(db, world.channel.id)["status"] != offered["status"]
        assert said[-1].startswith("  the clock moved on 20m")
        await console.handle("what")
        assert said[-1] == f"  {HELP}"
        await console.handle("quit")
        assert stopped == [True]


async def test_a_tournament_among_the_members_and_its_threads(tmp_path: Path) -> None:
    """The three members fill a small tournament; its matches' threads are places the
    terminal lists and opens."""
    said: list[str] = []
    async with running_world(tmp_path / "demo.sqlite3", "sv", settings=Settings(render_workers=0),
                             agent=ThreadAgent()) as world, Page(world) as page:
        await page.open(places(world)[0])
        console = Console(page, said.append, lambda: None)
        you = world.you
        r = await you.slash(world.channel, "tournament create", name="Vårcupen",
                            format="single_elimination")
        assert not r.ephemeral, r.response.content
        for member in world.members:
            await member.slash(world.channel, "tournament join", name="Vårcupen")
        await you.slash(world.channel, "tournament start", name="Vårcupen")
        threads = world.channel.threads
        assert threads, "the first round's match in a thread"
        await console.handle("places")
        listed = [line for line in said if "›" in line]
        assert len(listed) == len(threads)
        await console.handle("2")
        assert page.place is not None and page.place.channel.id == threads[0].id
        assert {v.id for v in page.place.viewers} <= {m.id for m in world.members}
