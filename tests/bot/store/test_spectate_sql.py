"""Games to watch (bot.store.spectate_sql), on both backends: which games each list
holds and in which order."""

from __future__ import annotations

from typing import Any

from bot.store import spectate_sql as sql
from tests.bot.store.helpers import ALICE, BOB, CAROL, GUILD, NOW, new_game


async def test_running_games_are_the_servers_active_ones_last_moved_first(store: Any) -> None:
    older = await new_game(store, 1, now=NOW)
    newer = await new_game(store, 2, now=NOW + 10)
    same_time = await new_game(store, 3, now=NOW + 10)
    await new_game(store, 4, status="offered", now=NOW + 20)
    await new_game(store, 5, status="over", now=NOW + 20)
    await new_game(store, 6, guild=GUILD + 1, now=NOW + 20)
    async with store.read() as tx:
        assert [g.id for g in await sql.running_games(tx, GUILD)] == [same_time, newer, older]
        assert [g.id for g in await sql.running_games(tx, GUILD, limit=1)] == [same_time]


async def test_recent_games_are_those_played_at_all(store: Any) -> None:
    over = await new_game(store, 1, status="over", now=NOW)
    aborted = await new_game(store, 2, status="aborted", now=NOW + 1)
    await new_game(store, 3, status="declined", now=NOW + 2)
    await new_game(store, 4, status="offered", now=NOW + 3)
    active = await new_game(store, 5, now=NOW + 4)
    async with store.transaction() as tx:  # a game never begun has no state
        await tx.insert_game(guild_id=GUILD, channel_id=6, status="active", rules="talisman",
                             white_id=ALICE, black_id=BOB, match_length=1, seed=1,
                             state=None, now=NOW + 5)
    async with store.read() as tx:
        assert [g.id for g in await sql.recent_games(tx, GUILD)] == [active, aborted, over]


async def test_direct_games_are_the_members_own_outside_every_server(store: Any) -> None:
    mine = await new_game(store, 1, guild=None, white=ALICE, black=0, now=NOW)
    theirs = await new_game(store, 2, guild=None, white=CAROL, black=0, now=NOW + 1)
    await new_game(store, 3, white=ALICE, now=NOW + 2)  # on a server
    newest = await new_game(store, 4, guild=None, white=0, black=ALICE, status="over",
                            now=NOW + 3)
    async with store.read() as tx:
        assert [g.id for g in await sql.recent_direct_games(tx, ALICE)] == [newest, mine]
        assert [g.id for g in await sql.recent_direct_games(tx, CAROL)] == [theirs]
