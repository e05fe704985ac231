"""Tournament rows (bot.store.tournaments_sql), on both backends: a name finds the
unfinished tournament first, autocomplete takes what is typed literally, a stale save
is refused, and each list's order.  (How names compare across locales is in
test_backends.py.)"""

from __future__ import annotations

from typing import Any

from bot.store import tournaments_sql as sql
from tests.bot.store.helpers import CHANNEL, GUILD, NOW


async def create(store: Any, name: str, state: str = "registration",
                 guild: int = GUILD) -> int:
    async with store.transaction() as tx:
        return await sql.insert_tournament(tx, guild_id=guild, channel_id=CHANNEL, name=name,
                                           state=state, lang="sv", data={"name": name},
                                           now=NOW)


async def test_a_row_reads_back_with_its_data(store: Any) -> None:
    tid = await create(store, "Höstcupen")
    async with store.read() as tx:
        row = await sql.tournament(tx, tid)
        assert await sql.tournament(tx, tid + 1) is None
    assert row is not None
    assert (row.guild_id, row.channel_id, row.name, row.state, row.lang, row.version) == (
        GUILD, CHANNEL, "Höstcupen", "registration", "sv", 0)
    assert row.data == {"name": "Höstcupen"} and row.created_at == row.updated_at == NOW


async def test_a_name_finds_the_unfinished_one_first_then_the_newest(store: Any) -> None:
    old = await create(store, "Cup", "finished")
    live = await create(store, "cup", "running")
    newer_finished = await create(store, "CUP", "finished")
    await create(store, "Cup", "running", guild=GUILD + 1)
    async with store.read() as tx:
        assert (await sql.by_name(tx, GUILD, "  Cup ")).id == live  # type: ignore[union-attr]
        assert await sql.live_name_taken(tx, GUILD, "CUP")
        assert await sql.by_name(tx, GUILD, "Cupen") is None
    async with store.transaction() as tx:
        assert await sql.save(tx, live, 0, state="finished", data={}, now=NOW)
    async with store.read() as tx:
        assert (await sql.by_name(tx, GUILD, "cup")).id == newer_finished  # type: ignore[union-attr]
        assert not await sql.live_name_taken(tx, GUILD, "cup")
        assert old < live < newer_finished


async def test_autocomplete_takes_wildcards_literally_and_lists_unfinished_first(
        store: Any) -> None:
    for name, state in (("100% cup", "finished"), ("1000 cup", "running"),
                        ("a_b", "registration"), ("axb", "registration"),
                        (r"back\slash", "running")):
        await create(store, name, state)
    async with store.read() as tx:
        assert await sql.names(tx, GUILD, "100%") == ["100% cup"]
        assert await sql.names(tx, GUILD, "a_") == ["a_b"]
        assert await sql.names(tx, GUILD, "\\") == [r"back\slash"]
        assert await sql.names(tx, GUILD, "") == [
            r"back\slash", "axb", "a_b", "1000 cup", "100% cup"]
        assert len(await sql.names(tx, GUILD, "", limit=2)) == 2
        assert await sql.names(tx, GUILD + 1, "") == []


async def test_a_stale_save_is_refused(store: Any) -> None:
    tid = await create(store, "Cup")
    async with store.transaction() as tx:
        assert await sql.save(tx, tid, 0, state="running", data={"round": 1}, now=NOW + 1)
        assert not await sql.save(tx, tid, 0, state="paused", data={}, now=NOW + 2)
    async with store.read() as tx:
        row = await sql.tournament(tx, tid)
    assert row is not None
    assert (row.state, row.data, row.version, row.updated_at) == (
        "running", {"round": 1}, 1, NOW + 1)


async def test_the_lists_hold_what_they_say(store: Any) -> None:
    done = await create(store, "A", "finished")
    running = await create(store, "B", "running")
    paused = await create(store, "C", "paused")
    other = await create(store, "D", "running", guild=GUILD + 1)
    async with store.read() as tx:
        assert [r.id for r in await sql.running(tx)] == [running, other]
        assert [r.id for r in await sql.unfinished(tx, GUILD)] == [running, paused]
        assert [r.id for r in await sql.of_guild(tx, GUILD)] == [paused, running, done]
        assert [r.id for r in await sql.of_guild(tx, GUILD, limit=1)] == [paused]
