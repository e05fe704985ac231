"""Problems on the service (bot.service.problems, issue 24): one open problem shown
again until answered, an answer judged and both rated, a play that is no play refused
before anything is written; the server's daily problem claimed once; its settings; the
small rules (a problem's prior difficulty, a daily streak)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.league.ratings import MU, SIGMA, Rating
from bot.service.games import EngineError, GameService
from bot.service.model import UserError
from bot.service.problems import DAILY_HOUR, ProblemService, _streak, day_of, prior
from bot.store import problems_sql as sql
from engine.ai.problem_set import Problem
from engine.notation import format_turn
from tests.bot.service.helpers import ALICE, BOB, GUILD, Clock, ctx, make_games


def problem(margin: float) -> Problem:
    return Problem("talisman-x", "talisman", "white=1x15 black=1x15 turn=white", (3, 1),
                   (("1/4 1/2", 0.0), ("1/4 4/5", margin)), margin, margin, 0.0)


def test_a_close_second_best_makes_a_harder_problem() -> None:
    assert prior(problem(0.5)) == Rating(MU, SIGMA)
    assert prior(problem(0.2)).mu > MU > prior(problem(1.0)).mu
    assert prior(problem(3.0)).mu == prior(problem(1.0)).mu  # one point or more: the same


def test_a_daily_streak() -> None:
    me = sql.Solver(Rating(), 2, "2027-01-01", 4)
    before = sql.Daily(GUILD, "2027-01-01", "p", 500, None, 0.0)
    assert _streak(me, None, True, before) is me  # practice leaves it alone
    assert _streak(me, "2027-01-02", True, before).streak == 3
    assert _streak(me, "2027-01-05", True, sql.Daily(GUILD, "2027-01-04", "p", 500, None, 0.0)).streak == 1
    missed = _streak(me, "2027-01-02", False, before)
    assert (missed.streak, missed.best_streak) == (0, 4)
    assert _streak(sql.Solver(Rating(), 4, "2027-01-01", 4), "2027-01-02", True,
                   before).best_streak == 5
    assert day_of(0.0) == "1970-01-01"


async def test_the_open_problem_is_shown_again_until_answered(games: GameService) -> None:
    service = ProblemService(games)
    first = await service.show(ctx(ALICE))
    assert first.board is not None and first.board.dice is not None
    again = await service.show(ctx(ALICE))
    assert again.text.startswith(t("problem.again", "en"))
    assert again.board is not None and again.board.position == first.board.position
    async with games.store.read() as tx:
        open_ = await sql.open_attempt(tx, GUILD, ALICE)
    assert open_ is not None
    other = await service.show(ctx(BOB))  # another member's problem is their own
    assert other.board is not None


async def test_an_answer_is_judged_and_rated(games: GameService) -> None:
    service = ProblemService(games)
    with pytest.raises(UserError) as e:
        await service.answer(ctx(ALICE), "1/4 4/5")
    assert e.value.key == "problem.none"
    await service.show(ctx(ALICE))
    async with games.store.read() as tx:
        attempt = await sql.open_attempt(tx, GUILD, ALICE)
    assert attempt is not None
    with pytest.raises(EngineError):  # no legal play: refused, still open
        await service.answer(ctx(ALICE), "1/2 2/3 3/4 4/5 5/6 6/7")
    async with games.store.read() as tx:
        assert await sql.open_attempt(tx, GUILD, ALICE) is not None
    best = (await service._open(GUILD, ALICE))[1].best  # type: ignore[index]
    reply = await service.answer(ctx(ALICE), best)
    assert reply.answer is not None and reply.answer.theirs is None  # the best: right
    assert reply.text.split("\n")[0] == t("problem.right", "en",
                                          play=format_turn(reply.answer.best, "en"))
    async with games.store.read() as tx:
        me = await sql.solver(tx, GUILD, ALICE)
        assert await sql.open_attempt(tx, GUILD, ALICE) is None
    assert me is not None and me.rating.mu > MU and me.solved == 1
    lines = await service.profile_lines(GUILD, ALICE, "en")
    assert len(lines) == 1 and await service.profile_lines(GUILD, BOB, "en") == []
    with pytest.raises(UserError) as e:  # answered: a second answer has nothing to answer
        await service.answer(ctx(ALICE), best)
    assert e.value.key == "problem.none"


async def test_an_unknown_ruleset_has_no_problems(games: GameService) -> None:
    with pytest.raises(UserError) as e:
        await ProblemService(games).show(ctx(ALICE), "backgammon")
    assert e.value.key == "problem.no_set"


async def test_the_daily_problems_settings(games: GameService) -> None:
    service = ProblemService(games)
    for kw, key in (({"hour": 24}, "problem.hour"), ({}, "problem.channel_first")):
        with pytest.raises(UserError) as e:
            await service.configure(ctx(ALICE), **kw)  # type: ignore[arg-type]
        assert e.value.key == key
    with pytest.raises(UserError) as e:
        await service.configure(ctx(ALICE, guild=None), channel_id=5)
    assert e.value.key == "settings.guild_only"
    said = await service.configure(ctx(ALICE), channel_id=500)
    assert said == t("problem.settings.on", "en", channel=500, hour=f"{DAILY_HOUR:02d}",
                     rules="talisman")
    assert await service.configure(ctx(ALICE), daily=False) == t("problem.settings.off", "en")


async def test_the_daily_problem_is_posted_once_at_its_hour(games: GameService,
                                                            clock: Clock) -> None:
    service = ProblemService(games)
    clock.now = 1_800_000_000.0 - 1_800_000_000.0 % 86400 + 9 * 3600  # 09:00 UTC
    await service.configure(ctx(ALICE), channel_id=500, hour=10)
    assert await service.due_dailies() == []
    clock.advance(3600)
    posts = await service.due_dailies()
    assert [(p.guild_id, p.channel_id, p.day) for p in posts] == [(GUILD, 500,
                                                                  day_of(clock.now))]
    assert await service.due_dailies() == []
    other = ProblemService(make_games(games.store, clock))  # another process
    assert await other.due_dailies() == []
    opened = await service.open_daily(ctx(BOB), posts[0].day)
    assert opened.board is not None and posts[0].day in opened.text
    with pytest.raises(UserError) as e:
        await service.open_daily(ctx(BOB), "2001-01-01")
    assert e.value.key == "problem.no_daily"
