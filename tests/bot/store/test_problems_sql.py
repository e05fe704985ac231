"""What members did with problems (bot.store.problems_sql), on both backends: a
problem's difficulty and a solver made by their locks, attempts shown and answered once,
the daily problem claimed once per server and day, and the daily channel's settings."""

from __future__ import annotations

from typing import Any

from bot.league.ratings import Rating
from bot.store import problems_sql as sql
from tests.bot.store.helpers import ALICE, BOB, GUILD, NOW


async def test_a_difficulty_is_made_from_its_prior_and_read_by_prefix(store: Any) -> None:
    prior = Rating(1700.0, 300.0)
    async with store.transaction() as tx:
        assert await sql.lock_difficulty(tx, "talisman-7", prior, NOW) == prior
        harder = Rating(1750.0, 290.0, games=3, wins=2, losses=1)
        await sql.save_difficulty(tx, "talisman-7", harder, NOW)
        # A second lock reads the row, not the prior.
        assert await sql.lock_difficulty(tx, "talisman-7", Rating(), NOW) == harder
        await sql.lock_difficulty(tx, "puff-1", prior, NOW)
    async with store.read() as tx:
        assert await sql.difficulties(tx, "talisman-") == {"talisman-7": harder}
        assert set(await sql.difficulties(tx, "%")) == {"talisman-7", "puff-1"}


async def test_a_solver_is_made_once_and_saved_with_their_streak(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.solver(tx, GUILD, ALICE) is None
        new = await sql.lock_solver(tx, GUILD, ALICE, NOW)
        assert new == sql.Solver(Rating())
        s = sql.Solver(Rating(1600.0, 400.0, 3, 2, 1), streak=2, streak_day="2026-11-28",
                       best_streak=4)
        await sql.save_solver(tx, GUILD, ALICE, s, NOW)
        await sql.save_solver(tx, GUILD, BOB, s, NOW)  # no row: nothing written
    async with store.read() as tx:
        assert await sql.solver(tx, GUILD, ALICE) == s
        assert (s.solved, s.failed) == (2, 1)
        assert await sql.solver(tx, GUILD, BOB) is None
        assert await sql.solver_mus(tx, GUILD) == [1600.0]
        assert await sql.best_streaks(tx, GUILD, "2026-11-28", 5) == [(ALICE, 2)]
        assert await sql.best_streaks(tx, GUILD, "2026-11-29", 5) == []  # the run broke


async def test_an_attempt_is_shown_brought_forward_and_answered_once(store: Any) -> None:
    async with store.transaction() as tx:
        await sql.show(tx, GUILD, ALICE, "p1", None, NOW)
        await sql.show(tx, GUILD, ALICE, "p2", "2026-11-28", NOW + 1)
        assert (await sql.open_attempt(tx, GUILD, ALICE)).problem_id == "p2"
        await sql.show(tx, GUILD, ALICE, "p1", None, NOW + 2)  # shown again: it comes first
        a = await sql.open_attempt(tx, GUILD, ALICE)
        assert a is not None and (a.problem_id, a.shown_at) == ("p1", NOW + 2)
        assert await sql.answer(tx, a, "13/7 6/5", 0.0, True, 0.0, NOW + 3)
        assert not await sql.answer(tx, a, "13/9", 0.4, False, 0.0, NOW + 4)
        await sql.answer_delta(tx, a, 12.5)
        await sql.show(tx, GUILD, ALICE, "p1", None, NOW + 5)  # answered: stays as it was
    async with store.read() as tx:
        done = await sql.attempt(tx, GUILD, ALICE, "p1")
        assert done == sql.Attempt(GUILD, ALICE, "p1", None, NOW + 2, NOW + 3, "13/7 6/5",
                                   0.0, True, 12.5)
        assert (await sql.open_attempt(tx, GUILD, ALICE)).problem_id == "p2"
        assert await sql.seen(tx, GUILD, ALICE) == {"p1", "p2"}
        assert await sql.seen(tx, GUILD, BOB) == set()


async def test_a_days_results_count_answers_and_solutions(store: Any) -> None:
    day = "2026-11-28"
    async with store.transaction() as tx:
        for user, correct in ((ALICE, True), (BOB, False)):
            await sql.show(tx, GUILD, user, "d1", day, NOW)
            a = await sql.attempt(tx, GUILD, user, "d1")
            await sql.answer(tx, a, "x", 0.0, correct, 0.0, NOW)
        await sql.show(tx, GUILD, 99, "d1", day, NOW)  # shown, never answered
        assert await sql.day_results(tx, GUILD, day) == (2, 1)
        assert await sql.day_results(tx, GUILD, "2026-11-27") == (0, 0)


async def test_the_daily_problem_is_claimed_once_per_server_and_day(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.claim_daily(tx, GUILD, "2026-11-26", "p1", 7, NOW)
        assert not await sql.claim_daily(tx, GUILD, "2026-11-26", "p9", 7, NOW)
        assert await sql.claim_daily(tx, GUILD, "2026-11-28", "p2", 7, NOW)
        assert await sql.claim_daily(tx, GUILD + 1, "2026-11-28", "p1", 8, NOW)
        await sql.posted(tx, GUILD, "2026-11-28", 555)
    async with store.read() as tx:
        assert await sql.daily(tx, GUILD, "2026-11-28") == sql.Daily(
            GUILD, "2026-11-28", "p2", 7, 555, NOW)
        assert (await sql.daily(tx, GUILD, "2026-11-26")).message_id is None
        prev = await sql.previous_daily(tx, GUILD, "2026-11-28")  # the 27th was skipped
        assert prev is not None and prev.day == "2026-11-26"
        assert await sql.previous_daily(tx, GUILD, "2026-11-26") is None
        assert await sql.last_days(tx, GUILD, 5) == ["2026-11-28", "2026-11-26"]
        assert await sql.daily_ids(tx, GUILD) == {"p1", "p2"}


async def test_the_daily_channel_keeps_what_was_not_changed(store: Any) -> None:
    async with store.transaction() as tx:
        assert await sql.set_channel(tx, GUILD, None, 9, default_hour=12) is None
        assert await sql.set_channel(tx, GUILD, 70, None, default_hour=12) == (70, 12)
        assert await sql.set_channel(tx, GUILD, None, 6, default_hour=12) == (70, 6)
        assert await sql.set_channel(tx, GUILD, 71, None, default_hour=12) == (71, 6)
        await sql.set_channel(tx, GUILD + 1, 80, 20, default_hour=12)
        assert await sql.channels(tx) == [(GUILD, 71, 6), (GUILD + 1, 80, 20)]
        assert await sql.clear_channel(tx, GUILD)
        assert not await sql.clear_channel(tx, GUILD)
        assert await sql.channel(tx, GUILD) is None
