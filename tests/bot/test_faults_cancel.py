"""A command cancelled at *any* await point loses nothing and leaves nothing half-done.

Each kind of command (roll, move, resign, accept, a tournament game's result, the
computer's reply) is run again and again on a fresh copy of one prepared database: the
first time cancelled at its first await, then at its second, and so on until it runs to
the end without reaching the chosen await; on both stores (``[sqlite]`` copies the
prepared file, ``[postgresql]`` clones the prepared database with ``CREATE DATABASE …
TEMPLATE``; asyncpg's awaits are not aiosqlite's).  After each cancellation:

* ``PRAGMA integrity_check`` is ok and every game's stored state equals the replay of its
  event log (``benchmarks/invariants.py``), read through a connection of its own, so
  only committed work counts;
* the next command works and is committed (its version shows through that connection:
  a connection left inside a transaction by a cancelled ``BEGIN`` used to swallow it);
* a restart (a new ``Store`` on the file) shows the same rows, passes the same checks,
  and the game goes on.

The cancellation is delivered the way ``Task.cancel`` delivers it: the awaited future is
cancelled and ``CancelledError`` raised at that await (the statement already handed to
the database thread still runs, as it would in production).
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from benchmarks.invariants import audit, states
from bot.service.ai import ThreadAgent
from bot.service.games import GameService
from bot.service.model import COMPUTER, Ctx
from bot.service.tournaments import TournamentService
from bot.store import Store, open_store
from tests.bot.conftest import BACKENDS
from tests.bot.helpers import CancelAt, Db, is_postgres

GUILD, ALICE, BOB, CAROL, BOT = 1, 11, 12, 13, 99
CHANNELS = {"accept": 101, "roll": 102, "move": 103, "resign": 104, "tournament": 106,
            "report": 106, "computer": 107, "new": 108, "abort": 102}
TOURNAMENT_CHANNEL = 100
NOW = 1_800_000_000.0


def ctx(user: int, kind: str) -> Ctx:
    return Ctx(user, CHANNELS[kind], GUILD, "en-US", "en-US")


async def services(db: Db) -> tuple[Store, GameService, TournamentService]:
    store = await open_store(db)
    seeds = itertools.count(5000)
    games = GameService(store, clock=lambda: NOW, seed_source=lambda: next(seeds),
                        agent=ThreadAgent())
    trn = TournamentService(store, clock=lambda: NOW, langs=games.langs)

    async def on_end(row: Any) -> None:
        await trn.game_ended(row)

    games.end_listeners.append(on_end)
    return store, games, trn


async def live(store: Store, channel: int) -> Any:
    async with store.read() as tx:
        return await tx.live_game(channel) or await tx.last_game(channel)


async def advance(games: GameService, store: Store, channel: int) -> bool:
    """The natural next command in ``channel``; False when its game is over."""
    row = await live(store, channel)
    if row is None:  # a challenge that was never made: make it
        await games.new_game(Ctx(ALICE, channel, GUILD), CAROL)
        return True
    c = Ctx(ALICE, channel, GUILD, "en-US", "en-US")
    if row.status == "offered":
        await games.accept(Ctx(row.black_id, channel, GUILD), row.id, row.version)
        return True
    if row.status != "active":
        return False
    lg = games.table.unpack(row)
    mover = lg.player(lg.game.turn)
    c = Ctx(mover, channel, GUILD, "en-US", "en-US")
    if mover == COMPUTER:
        await games.computer_turns(Ctx(ALICE, channel, GUILD))
    elif lg.game.phase == "roll":
        owed = lg.game.history[lg.game.turn].onedie_owed
        await games.roll(c, one_die=bool(owed))
    elif lg.game.phase == "move":
        await games.move(c, index=0)
    else:
        raise AssertionError(f"unexpected phase {lg.game.phase}")
    return True


async def until(games: GameService, store: Store, channel: int,
                done: Callable[[Any], bool]) -> None:
    for _ in range(50):
        row = await live(store, channel)
        if done(row):
            return
        await advance(games, store, channel)
    raise AssertionError("the game never reached the wanted state")


def phase(row: Any) -> str:
    return ((row.state or {}).get("game") or {}).get("phase", "")


async def prepare(db: Db) -> None:
    store, games, trn = await services(db)
    try:
        await games.new_game(ctx(ALICE, "accept"), BOB)
        for kind in ("roll", "move", "resign"):
            await games.new_game(ctx(ALICE, kind), BOB)
            await advance(games, store, CHANNELS[kind])
        await until(games, store, CHANNELS["move"], lambda r: phase(r) == "move")
        c = Ctx(ALICE, TOURNAMENT_CHANNEL, GUILD, "en-US", "en-US")
        await trn.create(c, name="Vår-cupen", format="round_robin", rounds=None,
                         rules=None, match_length=1, max_players=None, deadline_hours=None)
        await trn.join(c, "Vår-cupen", "alice")
        await trn.join(Ctx(BOB, TOURNAMENT_CHANNEL, GUILD), "Vår-cupen", "bob")
        out = await trn.start(c, "Vår-cupen")
        m = out.matches[0]
        thread = CHANNELS["tournament"]
        await trn.set_ref(m.tournament_id, m.pairing, thread)
        await games.start_arranged(Ctx(BOT, thread, GUILD), m.white_id, m.black_id,
                                   rules=m.rules, match_length=m.match_length,
                                   tournament_id=m.tournament_id)
        await games.new_game(ctx(ALICE, "computer"), None)
        await until(games, store, CHANNELS["computer"], lambda r: games.table.unpack(r).player(
            games.table.unpack(r).game.turn) == COMPUTER)
    finally:
        await store.close()


def command(kind: str, games: GameService, trn: TournamentService,
            row: Any) -> Awaitable[Any]:
    """The command under test, for the game as it stands in the prepared database."""
    lg = games.table.unpack(row) if row is not None and row.state else None
    if kind == "new":
        return games.new_game(ctx(ALICE, "new"), CAROL)
    if kind == "report":
        return report(games, trn, row)
    if kind == "abort":
        return games.abort(Ctx(CAROL, row.channel_id, GUILD, can_manage=True))  # a moderator
    if kind == "accept":
        return games.accept(Ctx(BOB, row.channel_id, GUILD), row.id, row.version)
    mover = lg.player(lg.game.turn)
    c = Ctx(mover, row.channel_id, GUILD, "en-US", "en-US")
    if kind == "roll":
        return games.roll(c, game_id=row.id, version=row.version)
    if kind == "move":
        return games.move(c, index=0, game_id=row.id, version=row.version)
    if kind in ("resign", "tournament"):  # the tournament's result comes with it
        allowed, _ = lg.game.can_resign(lg.game.turn)
        return games.resign(c, row.id, row.version, abandon=not allowed)
    if kind == "computer":
        return games.computer_turns(Ctx(ALICE, row.channel_id, GUILD))
    raise AssertionError(kind)


async def report(games: GameService, trn: TournamentService, row: Any) -> None:
    """The organiser's ``/tournament result``, and the running game stopped as the cog
    does it."""
    from bot.league.tournament import Tournament
    from bot.store import tournaments_sql

    async with games.store.read() as tx:
        trow = await tournaments_sql.tournament(tx, row.tournament_id)
    m = Tournament.from_json(trow.data).find_ref(str(row.channel_id))
    out = await trn.organiser_action(Ctx(ALICE, TOURNAMENT_CHANNEL, GUILD), trow.name,
                                     "result", match=m.id, winner=ALICE)
    for end in out.stop_threads:
        await games.abort(Ctx(BOT, end.thread_id, GUILD, can_manage=True))




def fresh_copy(template: Db, tmp: Path, name: str) -> Db:
    """A copy of the prepared database to spoil."""
    if not is_postgres(template):
        shutil.copy(template, tmp / f"{name}.sqlite3")
        return tmp / f"{name}.sqlite3"
    from tests.postgres_server import new_database

    return new_database(template=urlsplit(str(template)).path.lstrip("/"))


async def trial(template: Db, tmp: Path, kind: str, n: int) -> bool:
    """Run ``kind`` cancelled at its ``n``-th await and check everything; whether the
    cancellation happened (False: the command finished in fewer awaits)."""
    db = fresh_copy(template, tmp, f"{kind}-{n}")
    channel = CHANNELS[kind]
    store, games, trn = await services(db)
    try:
        row = await live(store, channel)
        runner = CancelAt(command(kind, games, trn, row), n)
        try:
            await runner
        except asyncio.CancelledError:
            assert runner.fired
        problems = audit(db)
        assert not problems, (kind, n, problems)
        before = states(db)
        if await advance(games, store, channel):
            after = states(db)  # committed: seen through a connection of its own
            gid = (await live(store, channel)).id
            assert after[gid][1] > before.get(gid, ("", -1))[1], (
                kind, n, "the next command was lost")
        problems = audit(db)
        assert not problems, (kind, n, "after the next command", problems)
        seen = states(db)
        async with store.read() as tx:
            assert await tx.live_game(channel) or await tx.last_game(channel)
    finally:
        await store.close()
    store, games, _ = await services(db)  # the restart
    try:
        assert states(db) == seen, (kind, n, "the restart shows something else")
        assert not audit(db)
        await advance(games, store, channel)
        assert not audit(db), (kind, n, "after the restart")
    finally:
        await store.close()
        if is_postgres(db):
            from tests.postgres_server import release

            release(str(db))  # dropped when the next database is made
    return runner.fired


@pytest.fixture(scope="module", params=BACKENDS)
def template(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Db:
    db: Db = tmp_path_factory.mktemp("cancel") / "template.sqlite3"
    if request.param == "postgresql":
        from tests.postgres_server import NoPostgres, new_database

        try:
            db = new_database()
        except NoPostgres as e:
            pytest.fail(str(e), pytrace=False)
    asyncio.run(prepare(db))
    assert not audit(db)
    return db


@pytest.mark.parametrize("kind", ["roll", "move", "resign", "accept", "tournament",
                                  "report", "computer", "new", "abort"])
async def test_cancelled_at_every_await(kind: str, template: Db, tmp_path: Path) -> None:
    cancelled = 0
    for n in itertools.count(1):
        if not await trial(template, tmp_path, kind, n):
            break
        cancelled += 1
        assert n < 400, "the command never finished"
    assert cancelled >= 3, f"{kind} had only {cancelled} await points"


async def test_transaction_left_open_by_cancelled_begin_is_not_reused(tmp_path: Path) -> None:
    """The finding itself: cancel while BEGIN IMMEDIATE waits; later work is committed."""
    store = await Store.open(tmp_path / "s.sqlite3")
    try:
        async def begin_then_wait() -> None:
            async with store.transaction() as tx:
                await tx.run("INSERT INTO guild_settings (guild_id, lang) VALUES (1, 'sv')")

        with pytest.raises(asyncio.CancelledError):
            await CancelAt(begin_then_wait(), 1)
        async with store.transaction() as tx:
            await tx.run("INSERT INTO guild_settings (guild_id, lang) VALUES (2, 'en')")
    finally:
        await store.close()
    import sqlite3

    conn = sqlite3.connect(tmp_path / "s.sqlite3")
    assert conn.execute("SELECT guild_id FROM guild_settings").fetchall() == [(2,)]
    conn.close()
