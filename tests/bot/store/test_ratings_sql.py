"""Ratings rows (bot.store.ratings_sql), on both backends: a newcomer's row made by the
lock, a game applied once with both players' change, seeding's defaults, the games a
crash left unrated, and a profile's games and dice events.  (Concurrent application is
in test_backends.py.)"""

from __future__ import annotations

from typing import Any

from bot.league.ratings import MU, Rating, rate
from bot.store import ratings_sql as sql
from tests.bot.store.helpers import ALICE, BOB, CAROL, GUILD, NOW, new_game


async def test_locking_makes_a_newcomers_row_with_the_starting_state(store: Any) -> None:
    async with store.read() as tx:
        assert await sql.rating(tx, GUILD, ALICE) is None
    async with store.transaction() as tx:
        locked = await sql.lock_ratings(tx, GUILD, [BOB, ALICE, BOB], NOW)
        assert await sql.lock_ratings(tx, GUILD, [], NOW) == {}
    assert list(locked) == [ALICE, BOB] and locked[ALICE] == Rating()
    async with store.read() as tx:
        assert await sql.rating(tx, GUILD, ALICE) == Rating()
        assert await sql.rating(tx, GUILD + 1, ALICE) is None


async def test_a_game_is_applied_once_and_each_side_sees_its_change(store: Any) -> None:
    gid = await new_game(store, rated=True)
    before = (Rating(), Rating())
    after = rate(*before)
    async with store.transaction() as tx:
        assert not await sql.is_applied(tx, gid)
        assert await sql.apply(tx, GUILD, gid, ALICE, BOB, before, after, NOW)
        assert not await sql.apply(tx, GUILD, gid, ALICE, BOB, after, rate(*after), NOW)
        assert await sql.is_applied(tx, gid)
    async with store.read() as tx:
        assert await sql.rating(tx, GUILD, ALICE) == after[0]
        assert await sql.all_ratings(tx, GUILD) == {ALICE: after[0], BOB: after[1]}
        (game,) = (await sql.rated_games(tx, GUILD, BOB)).values()
    assert game.game_id == gid
    assert game.change_for(ALICE) == after[0].mu - before[0].mu > 0
    assert game.change_for(BOB) == after[1].mu - before[1].mu < 0


async def test_seeding_reads_mu_and_gives_newcomers_the_start(store: Any) -> None:
    gid = await new_game(store, rated=True)
    after = rate(Rating(), Rating())
    async with store.transaction() as tx:
        await sql.apply(tx, GUILD, gid, ALICE, BOB, (Rating(), Rating()), after, NOW)
    async with store.read() as tx:
        assert await sql.ratings_for(tx, GUILD, [ALICE, CAROL]) == {
            ALICE: after[0].mu, CAROL: MU}
        assert await sql.ratings_for(tx, GUILD, []) == {}


async def test_unapplied_rated_games_are_the_finished_rated_ones_not_yet_applied(
        store: Any) -> None:
    applied = await new_game(store, 1, status="over", rated=True, now=NOW)
    waiting = await new_game(store, 2, status="over", rated=True, now=NOW + 1)
    await new_game(store, 3, status="over", rated=False)
    await new_game(store, 4, status="active", rated=True)
    async with store.transaction() as tx:
        await sql.apply(tx, GUILD, applied, ALICE, BOB, (Rating(), Rating()),
                        rate(Rating(), Rating()), NOW)
    async with store.read() as tx:
        assert [g.id for g in await sql.unapplied_rated_games(tx)] == [waiting]


async def test_a_profile_reads_finished_games_and_their_dice_events(store: Any) -> None:
    first = await new_game(store, 1, status="over", now=NOW)
    second = await new_game(store, 2, status="over", white=BOB, black=ALICE, now=NOW + 1)
    await new_game(store, 3, status="active", now=NOW + 2)
    await new_game(store, 4, status="over", guild=GUILD + 1, now=NOW + 3)
    async with store.transaction() as tx:
        for gid in (first, second):
            await tx.append_events(gid, [{"kind": "start"}, {"kind": "roll", "dice": [3, 4]},
                                         {"kind": "play"}], at=NOW, actor_id=ALICE)
    async with store.read() as tx:
        assert [g.id for g in await sql.finished_games(tx, GUILD, ALICE)] == [second, first]
        assert [g.id for g in await sql.finished_games(tx, GUILD, ALICE, limit=1)] == [second]
        events = await sql.roll_events(tx, GUILD, ALICE, limit=1)
    assert [(g, w, kind) for g, w, _, kind, _ in events] == [
        (second, BOB, "start"), (second, BOB, "roll")]
    assert events[1][4] == {"kind": "roll", "dice": [3, 4]}
