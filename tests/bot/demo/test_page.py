"""The demo's page, driven through SimCord's preview over HTTP as the browser does it:
a game against the computer by taps, a challenge accepted "Viewing as" the other
member, refusals without the page's capability, and the page moved to another place
on the same address."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

from bot.config import Settings
from bot.demo.page import Page, places
from bot.demo.world import World, running_world
from bot.service.ai import ThreadAgent
from tests.bot.demo.helpers import STRING_SELECT, PageClient
from tests.bot.helpers import db_rows, game_row

#: Boards drawn in threads and the computer in a thread: the same bot, without worker
#: start-ups per test (tests/bot/demo/test_main.py runs the demo with its processes).
SETTINGS = Settings(render_workers=0)


@asynccontextmanager
async def demo(db: Path, lang: str = "en") -> AsyncIterator[tuple[World, Page, PageClient]]:
    async with running_world(db, lang, settings=SETTINGS, agent=ThreadAgent()) as world, \
            Page(world) as page, aiohttp.ClientSession() as session:
        await page.open(places(world)[0])
        yield world, page, PageClient(session, page.url)


def events(db: Path, game_id: int) -> list[tuple[int, str]]:
    return [(a, k) for a, k in db_rows(
        db, "SELECT actor_id, kind FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]


async def test_a_game_against_the_computer_by_taps(tmp_path: Path) -> None:
    """/brade new, Roll, a choice, Confirm: each reaches the bot and changes the game,
    and the computer answers."""
    db = tmp_path / "demo.sqlite3"
    async with demo(db) as (world, _, client):
        await client.open()
        receipt = await client.command("brade new")
        assert not receipt["rejected"] and receipt["settlement"] == "settled"
        row = game_row(db, world.channel.id)
        assert row is not None and row["status"] == "active"
        you = world.you.id
        assert (row["white_id"], row["black_id"]) in ((you, 0), (0, you))  # 0: the computer
        boards = [a for m in client.messages() for a in m["attachments"]]
        assert boards, "the board is on the page"
        assert (await client.asset(boards[0]["asset_id"])).startswith(b"\x89PNG")
        answered = 0
        for _ in range(40):
            row = game_row(db, world.channel.id)
            before = events(db, row["id"])
            if (roll := client.button("Roll")) is not None:
                await client.click(roll)
                assert events(db, row["id"])[len(before)] == (you, "roll")
                continue
            menus = [f for f in client.controls(STRING_SELECT)
                     if f[1]["custom_id"].startswith("brademenu:")]
            picks = [f for f in client.controls(2)
                     if f[1]["custom_id"].startswith("brade:pick:")]
            if picks or menus:  # a choice: drawn, not played yet
                if picks:
                    await client.click(picks[0])
                else:
                    await client.select(menus[0], menus[0][1]["options"][0]["value"])
                after = events(db, row["id"])[len(before):]
                if not after:
                    continue
                # the roll's only legal play: its one tap plays it (no preview)
                assert len(picks) == 1 and not menus, after
            else:
                confirm = client.button("Confirm")
                assert confirm is not None, [c.get("label") for _, c in client.controls()]
                await client.click(confirm)
                after = events(db, row["id"])[len(before):]
            assert after[0] == (you, "play")
            if game_row(db, world.channel.id)["status"] == "active":
                assert (0, "roll") in after and after[-1][0] == 0, after  # the computer's
                answered += 1
                assert client.button("Roll") is not None, "your turn again, on the page"
            if answered >= 2:
                break
        assert answered >= 2


async def test_a_challenge_accepted_viewing_as_the_other_member(tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    async with demo(db, "sv") as (world, _, client):
        snapshot = await client.open()
        other = world.members[1]
        assert [v["name"] for v in snapshot["viewers"]] == ["Du", "Åsa Öberg", "Erik Ärlig"]
        await client.command("brade new", opponent=str(other.id))
        assert game_row(db, world.channel.id)["status"] != "active"  # not yet accepted
        await client.act("viewer", viewer_id=str(other.id))
        assert client.snapshot["viewerId"] == str(other.id)
        accept = next(f for f in client.controls(2)
                      if f[1]["custom_id"].startswith("brade:accept:"))
        await client.click(accept)
        row = game_row(db, world.channel.id)
        assert row["status"] == "active"
        assert {row["white_id"], row["black_id"]} == {world.you.id, other.id}


async def test_a_request_without_the_capability_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    async with demo(db) as (world, page, client):
        assert page.url.startswith("http://127.0.0.1:")
        await client.open()
        for capability in ("", "x" * 43, page.capability[:-1]):
            thief = PageClient(client.session, page.url, capability=capability)
            assert await thief.status("POST", "/api/pages") == 401
            thief.context = client.context  # even with a live context
            assert await thief.status("GET", "/api/state") == 401
            assert await thief.status("POST", "/api/action") == 401
        assert game_row(db, world.channel.id) is None
        await client.command("brade help")  # the page itself still works
        assert client.messages()


async def test_another_place_on_the_same_address(tmp_path: Path) -> None:
    """The page moves to the visitor's direct messages with the bot: the address stays,
    the old tab is told to reload, and the computer can be played there."""
    db = tmp_path / "demo.sqlite3"
    async with demo(db) as (world, page, client):
        await client.open()
        url = page.url
        dm = next(p for p in places(world) if p.channel.guild is None)
        await page.open(dm)
        assert page.url == url and page.place is dm
        assert await client.status("GET", "/api/state") in (401, 410)
        tab = PageClient(client.session, url)
        snapshot = await tab.open()
        assert snapshot["channelId"] == str(dm.channel.id)
        await tab.command("brade new")
        assert game_row(db, dm.channel.id)["status"] == "active"
        assert tab.button("Roll") is not None
