"""Correspondence play's rows (bot.store.notices_sql), on both backends: preferences
written column by column, who wants which message, each notice claimed once, and a
failed direct message reported once."""

from __future__ import annotations

from typing import Any

from bot.store import notices_sql as sql
from tests.bot.store.helpers import ALICE, BOB, CAROL, NOW, new_game


async def test_preferences_default_and_keep_what_a_command_did_not_set(store: Any) -> None:
    async with store.read() as tx:
        assert await sql.prefs(tx, ALICE) == sql.NoticePrefs(ALICE)
    async with store.transaction() as tx:
        await sql.set_prefs(tx, ALICE, NOW, "sv", turn_after=30)
        await sql.set_prefs(tx, ALICE, NOW + 1, "en-GB", problem_dm=True)
        await sql.set_prefs(tx, ALICE, NOW + 2, "de")  # nothing given: nothing written
    async with store.read() as tx:
        assert await sql.prefs(tx, ALICE) == sql.NoticePrefs(ALICE, 30, True, None, "en-GB")
    async with store.transaction() as tx:
        await sql.set_prefs(tx, ALICE, NOW + 3, "sv", turn_after=None)  # None: no messages
    async with store.read() as tx:
        assert await sql.prefs(tx, ALICE) == sql.NoticePrefs(ALICE, None, True, None, "sv")


async def test_subscribers_are_those_who_asked(store: Any) -> None:
    async with store.transaction() as tx:
        await sql.set_prefs(tx, ALICE, NOW, "sv", turn_after=0)
        await sql.set_prefs(tx, BOB, NOW, "en", turn_after=None, problem_dm=True)
        await sql.set_prefs(tx, CAROL, NOW, "en", turn_after=15, problem_dm=False)
    async with store.read() as tx:
        assert await sql.turn_subscribers(tx, [ALICE, BOB, CAROL, 99, ALICE]) == {
            ALICE: (0, "sv"), CAROL: (15, "en")}
        assert await sql.turn_subscribers(tx, []) == {}
        assert await sql.problem_subscribers(tx) == [(BOB, "en")]


async def test_a_members_live_games_everywhere_and_their_boards(store: Any) -> None:
    first = await new_game(store, 1)
    second = await new_game(store, 2, guild=None, white=BOB, black=ALICE, status="offered")
    await new_game(store, 3, status="over")
    await new_game(store, 4, white=BOB, black=CAROL)
    async with store.transaction() as tx:
        await tx.run("INSERT INTO live_boards (game_id, channel_id, message_id, version) "
                     "VALUES (?, 1, 501, 1)", (first,))
    async with store.read() as tx:
        assert [g.id for g in await sql.member_games(tx, ALICE)] == [first, second]
        assert await sql.boards(tx, [first, second, first]) == {first: (1, 501)}
        assert await sql.boards(tx, []) == {}


async def test_a_turn_notice_is_claimed_once_per_wait(store: Any) -> None:
    gid = await new_game(store)
    async with store.transaction() as tx:
        assert await sql.claim_turn_notice(tx, gid, "v3", NOW)
        assert not await sql.claim_turn_notice(tx, gid, "v3", NOW + 5)
        assert await sql.claim_turn_notice(tx, gid, "v4", NOW + 9)  # the next wait
    async with store.transaction() as tx:
        assert not await sql.claim_turn_notice(tx, gid, "v4", NOW + 10)


async def test_a_days_problem_is_sent_once(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.claim_problem_notice(tx, ALICE, "2026-11-28")
        assert not await sql.claim_problem_notice(tx, ALICE, "2026-11-28")
        assert await sql.claim_problem_notice(tx, ALICE, "2026-11-29")
        assert await sql.claim_problem_notice(tx, BOB, "2026-11-28")


async def test_an_undelivered_message_is_reported_once_until_cleared(store: Any) -> None:
    async with store.transaction() as tx:
        assert not await sql.mark_undelivered(tx, ALICE, NOW)  # no row: nobody asked
        await sql.set_prefs(tx, ALICE, NOW, "en", turn_after=0)
        assert await sql.mark_undelivered(tx, ALICE, NOW + 1)
        assert not await sql.mark_undelivered(tx, ALICE, NOW + 2)
    async with store.read() as tx:
        assert (await sql.prefs(tx, ALICE)).undelivered == NOW + 1
    async with store.transaction() as tx:
        await sql.clear_undelivered(tx, ALICE)
        assert await sql.mark_undelivered(tx, ALICE, NOW + 3)
