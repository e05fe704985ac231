"""The board worker processes: they draw the posted boards and every other picture, give
the same bytes as drawing in-process, survive a dead worker, and leave nothing running
once the bot is closed (a leaked worker once kept pytest alive)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from concurrent.futures.process import _ExecutorManagerThread  # type: ignore[attr-defined]
from dataclasses import replace

import pytest
import simcord

from bot.service.model import BoardSpec
from bot.service.pictures import (
    ANSWER_WITHIN,
    PACE_WEIGHT,
    QUICK_QUEUE,
    RenderPool,
    render_png,
)
from engine import rules
from engine.generators import legal_turns
from engine.position import Side
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    assert_png,
    game_row,
    mover_and_waiter,
    pngs,
    roll_until_move,
    start_game,
)


def _pool_leftovers(pids: set[int]) -> list[str]:
    """Live worker processes or executor threads of a closed pool, described."""
    out = [f"child {p.pid}" for p in multiprocessing.active_children()]
    for pid in pids:
        try:
            os.kill(pid, 0)
            out.append(f"pid {pid}")
        except ProcessLookupError:
            pass
    out += [t.name for t in threading.enumerate() if t.is_alive() and
            (isinstance(t, _ExecutorManagerThread) or t.name == "QueueFeederThread")]
    return out


def _spec() -> BoardSpec:
    r = rules.get(rules.DEFAULT)
    pos = r.start()
    turn = legal_turns(r, pos, (6, 5))[0]
    return BoardSpec(turn.position, r, dice=(4, 1), last_turn=turn, lang="en",
                     names=("Åsa", "Örjan"), perspective=Side.BLACK, mover=Side.WHITE)


async def test_posted_boards_come_from_the_workers_and_close_leaves_nothing(
        db_path) -> None:
    # its own bot with a worker, where the suite's test bots draw in threads
    bot = make_bot(db_path, agent=None, render_workers=1)
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        pool = bot.renderer
        assert isinstance(pool, RenderPool) and pool.workers == 1
        await pool.wait_ready()
        assert pool.ready and len(pool.pids) == 1
        assert pool.pids <= {p.pid for p in multiprocessing.active_children()}

        _, ch, members = await start_game(env)
        row = await roll_until_move(env, ch, db_path, members)
        mover, _ = mover_and_waiter(db_path, ch.id, members)
        r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
        posted = [m for m in (r.response.message, *r.followups) if m and m.attachments]
        assert posted, "the play posted no board"
        assert_png(pngs(env, posted[-1])[0])
        assert pool.drawn >= 1  # drawn in a worker, not in a thread
        assert game_row(db_path, ch.id)["version"] > row["version"]
        pids = set(pool.pids)
    finally:
        await env.shutdown()
        await bot.close()  # also on failure: an open store keeps pytest alive
    assert bot.renderer.closed
    assert _pool_leftovers(pids) == []
    await bot.close()  # closing twice is harmless


async def test_worker_bytes_match_in_process_and_a_dead_worker_is_survived() -> None:
    spec = _spec()
    expected = render_png(spec)
    pool = RenderPool(workers=1).start()
    try:
        await pool.wait_ready()
        assert await pool.render(spec) == expected  # deterministic across processes
        assert pool.drawn == 1
        (pid,) = pool.pids
        os.kill(pid, signal.SIGKILL)
        swedish = replace(spec, lang="sv")
        assert await pool.render(swedish) == render_png(swedish)  # from a thread instead
        assert pool.broken and pool.drawn == 1
    finally:
        pool.close()
    assert _pool_leftovers({pid}) == []


async def test_brackets_standings_replays_and_reviews_cross_to_a_worker() -> None:
    """The tournaments' and ``/watch``'s pictures go to the same workers (suite-wide the
    bot draws in threads, where nothing needs to cross a process boundary): each drawing
    function and its arguments pickle, and the bytes equal the in-process drawing."""
    from datetime import UTC, datetime

    from bot.league import Tournament
    from engine import record
    from engine.ai.analysis import summarise
    from render.bracket import render_bracket, render_standings
    from render.replay import render_replay
    from render.review import render_review
    from tests.engine.ai.test_analysis import BLUNDER_GAME

    now = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
    cup = Tournament.create("t1", "Höstcupen", "single_elimination", "org", now=now)
    for i in range(1, 5):
        cup.join(f"p{i}", f"Spelare {i}", rating=2000 - i)
    cup.start(now)
    game = record.replay(BLUNDER_GAME)
    review = summarise(record.parse(BLUNDER_GAME), game.rules, [], game.outcome)
    jobs = [(render_bracket, (cup,), {"lang": "sv"}),
            (render_standings, (cup,), {"lang": "en"}),
            (render_replay, (game,), {"lang": "en", "names": ("Anna", "Bertil"),
                                      "fmt": "gif"}),
            (render_review, (review,), {"lang": "sv"})]
    pool = RenderPool(workers=1).start()
    try:
        await pool.wait_ready()
        for fn, args, kwargs in jobs:
            assert await pool.draw(fn, *args, **kwargs) == fn(*args, **kwargs), fn.__name__
        assert pool.drawn == len(jobs) and not pool.broken
        pids = set(pool.pids)
    finally:
        pool.close()
    assert _pool_leftovers(pids) == []


async def test_without_a_pool_boards_are_drawn_in_threads() -> None:
    spec = _spec()
    pool = RenderPool(workers=0).start()  # BRADE_RENDER_WORKERS=0: threads only
    assert await pool.render(spec) == render_png(spec) and pool.drawn == 0
    pool.close()
    assert await pool.render(spec) == render_png(spec)  # closed: in a thread


async def test_a_board_asked_for_again_is_not_drawn_again(specs: list[BoardSpec]) -> None:
    """The pool keeps each picture by the whole spec it shows: the same spec again (also
    while it is being drawn) gets the same bytes without a second drawing; a spec that
    differs in anything is drawn; the bytes kept stay within their bound."""
    spec = _spec()
    pool = RenderPool(workers=0)
    first, again = await asyncio.gather(pool.render(spec), pool.render(spec))
    assert first == again == render_png(spec) and await pool.render(spec) == first
    assert specs == [spec] and pool.boards == 1 and pool.reused == 2  # drawn once
    other = replace(spec, dice=(4, 2))
    assert await pool.render(other) == render_png(other) != first
    assert pool.boards == 2
    small = RenderPool(workers=0, kept_bytes=len(first) + 1)
    await small.render(spec)
    await small.render(other)  # the first goes to make room
    await small.render(spec)
    assert small.boards == 3 and small.reused == 0


async def test_the_pool_keeps_up_while_few_pictures_are_being_drawn() -> None:
    """``keeps_up``: a press waits for its pictures before it answers while few are
    being drawn (``QUICK_QUEUE`` a worker), or while those ahead of it will be drawn
    within ``ANSWER_WITHIN`` at the workers' pace; more, and it is deferred first."""
    now = [0.0]
    pool = RenderPool(workers=0, clock=lambda: now[0])
    assert pool.keeps_up()
    loop = asyncio.get_running_loop()

    def waiting(n: int) -> None:
        pool._drawing.clear()
        for i in range(n):
            pool._drawing[replace(_spec(), names=(str(i), "b"))] = loop.create_future()

    waiting(QUICK_QUEUE)  # one worker's worth: whatever the pace
    pool.pace = 10.0
    assert pool.keeps_up()
    waiting(QUICK_QUEUE + 1)
    assert not pool.keeps_up()
    # the pace, measured: a board done every 0.5 s while others wait
    for _ in range(100):
        now[0] += 0.5
        pool._drawn()
    assert pool.pace == pytest.approx(0.5, rel=1e-3)
    assert not pool.keeps_up()  # 6 boards ahead, 3 s
    for _ in range(100):  # then every 10 ms
        now[0] += 0.01
        pool._drawn()
    assert pool.pace == pytest.approx(0.01, rel=1e-3)
    assert pool.keeps_up()
    waiting(int(ANSWER_WITHIN / 0.01) - 2)  # a wait just within ANSWER_WITHIN
    assert pool.keeps_up()
    waiting(int(ANSWER_WITHIN / 0.01) + 5)
    assert not pool.keeps_up()
    assert RenderPool(workers=2, kept_bytes=1).keeps_up()


async def test_the_pace_counts_only_boards_done_while_others_waited() -> None:
    """A board done after a quiet spell says nothing of the workers' pace: the time
    since the last one is the players' thinking."""
    now = [0.0]
    pool = RenderPool(workers=0, clock=lambda: now[0])
    first = pool.pace
    for _ in range(5):  # nothing else waiting: each board alone
        now[0] += 60.0
        pool._drawn()
    assert pool.pace == first
    pool._drawing[_spec()] = asyncio.get_running_loop().create_future()
    pool._drawn()  # done while another waits
    now[0] += 1.0
    pool._drawn()
    assert pool.pace == pytest.approx(first + PACE_WEIGHT * (1.0 - first))
