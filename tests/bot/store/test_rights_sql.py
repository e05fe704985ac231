"""What the bot could not do for lack of a right, and its own bookkeeping
(bot.store.rights_sql), on both backends: failures counted per channel and action,
forgotten once told unless they happened again, and ``bot_state``'s keys."""

from __future__ import annotations

from typing import Any

from bot.store import rights_sql as sql
from tests.bot.store.helpers import GUILD, NOW


async def test_failures_are_counted_per_channel_and_action_with_the_newest_rights(
        store: Any) -> None:
    async with store.transaction() as tx:
        await sql.record_missing(tx, GUILD, 7, "post_board", ("attach_files",), NOW)
        await sql.record_missing(tx, GUILD, 7, "post_board",
                                 ("attach_files", "embed_links"), NOW + 5)
        await sql.record_missing(tx, GUILD, 3, "open_thread", ("create_public_threads",),
                                 NOW + 1)
        await sql.record_missing(tx, GUILD + 1, 9, "post_board", (), NOW)
    async with store.read() as tx:
        told = await sql.missing(tx, GUILD)
        assert told == [
            sql.Missing(7, "post_board", ("attach_files", "embed_links"), NOW, NOW + 5, 2),
            sql.Missing(3, "open_thread", ("create_public_threads",), NOW + 1, NOW + 1, 1)]
        assert sorted(await sql.guilds_missing(tx)) == [GUILD, GUILD + 1]
        assert (await sql.missing(tx, GUILD + 1))[0].rights == ()


async def test_told_failures_are_forgotten_unless_they_happened_again(store: Any) -> None:
    async with store.transaction() as tx:
        await sql.record_missing(tx, GUILD, 7, "post_board", ("attach_files",), NOW)
        await sql.record_missing(tx, GUILD, 8, "post_board", ("attach_files",), NOW)
    async with store.read() as tx:
        told = await sql.missing(tx, GUILD)
    async with store.transaction() as tx:
        await sql.record_missing(tx, GUILD, 8, "post_board", ("send_messages",), NOW + 9)
        await sql.forget_missing(tx, GUILD, told)
    async with store.read() as tx:
        left = await sql.missing(tx, GUILD)
        assert [(m.channel_id, m.rights, m.times) for m in left] == [
            (8, ("send_messages",), 2)]
        assert await sql.guilds_missing(tx) == [GUILD]


async def test_bot_state_keys_are_set_and_overwritten(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.state(tx, "commands") is None
        await sql.set_state(tx, "commands", "hash-1")
        await sql.set_state(tx, "commands", "hash-2")
        await sql.set_state(tx, "other", "x")
    async with store.read() as tx:
        assert await sql.state(tx, "commands") == "hash-2"
        assert await sql.state(tx, "other") == "x"
