"""What one member may open (bot.store.limits_sql), on both backends: which games count
toward a member's limit, the member lock's key, and a button spent once."""

from __future__ import annotations

from typing import Any

from bot.store import limits_sql as sql
from tests.bot.store.helpers import ALICE, BOB, CAROL, GUILD, NOW, new_game

LAPSED = NOW - 1  # offers updated after this have not lapsed


async def count(store: Any, user: int, guild: int | None = GUILD) -> int:
    async with store.read() as tx:
        return await sql.open_count(tx, guild, user, LAPSED)


async def test_live_games_count_for_both_players_and_challenges_for_their_maker(
        store: Any) -> None:
    await new_game(store, 1, white=ALICE, black=BOB)  # a game in play
    await new_game(store, 2, status="offered", white=ALICE, black=CAROL, challenger_id=CAROL)
    assert await count(store, ALICE) == 1  # a challenge waiting for Alice is not hers
    assert await count(store, BOB) == 1
    assert await count(store, CAROL) == 1  # the challenge she made


async def test_lapsed_finished_other_servers_and_tournament_games_do_not_count(
        store: Any) -> None:
    await new_game(store, 1, status="offered", challenger_id=ALICE, now=LAPSED - 10)
    await new_game(store, 2, status="over")
    await new_game(store, 3, status="aborted")
    await new_game(store, 4, guild=GUILD + 1)
    async with store.transaction() as tx:
        tid = await tx.run("INSERT INTO tournaments (guild_id, channel_id, name, state, lang, "
                           "data, created_at, updated_at) VALUES (?, 9, 'Cup', 'running', "
                           "'en', '{}', ?, ?) RETURNING id", (GUILD, NOW, NOW))
    await new_game(store, 5, tournament_id=int(tid[0][0]))
    await new_game(store, 6, league_id=3)  # a team league's board (issue 48)
    assert await count(store, ALICE) == 0
    assert await count(store, ALICE, GUILD + 1) == 1


async def test_direct_message_games_count_apart_from_every_server(store: Any) -> None:
    await new_game(store, 1, guild=None)
    assert await count(store, ALICE, None) == 1
    assert await count(store, ALICE, GUILD) == 0


async def test_a_button_is_spent_once(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.spend_button(tx, "tok-1", GUILD, ALICE, NOW)
        assert not await sql.spend_button(tx, "tok-1", GUILD, BOB, NOW)
        assert await sql.spend_button(tx, "tok-2", None, ALICE, NOW)
    async with store.transaction() as tx:
        assert not await sql.spend_button(tx, "tok-2", None, ALICE, NOW + 1)


async def test_holding_members_inside_a_transaction_lets_it_count_and_write(
        store: Any) -> None:
    async with store.transaction() as tx:
        await sql.hold_members(tx, GUILD, [BOB, ALICE, ALICE])
        assert await sql.open_count(tx, GUILD, ALICE, LAPSED) == 0
        await tx.insert_game(guild_id=GUILD, channel_id=7, status="active", rules="talisman",
                             white_id=ALICE, black_id=BOB, match_length=1, seed=1,
                             state=None, now=NOW)
    assert await count(store, ALICE) == 1


def test_member_keys_are_signed_64_bit_stable_and_apart_per_server() -> None:
    key = sql.member_key(GUILD, ALICE)
    assert key == sql.member_key(GUILD, ALICE)
    assert -2**63 <= key < 2**63
    assert len({key, sql.member_key(GUILD + 1, ALICE), sql.member_key(GUILD, BOB),
                sql.member_key(None, ALICE)}) == 4
    assert sql.member_key(None, ALICE) == sql.member_key(0, ALICE)  # DMs: "server 0"
