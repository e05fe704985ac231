"""The store's guarantees, each on both backends (SQLite file, real PostgreSQL database).

One transaction per unit of work, the version check that makes a double press apply once,
events appended with the turn without gap or duplicate, ratings applied exactly once,
``Conflict`` for a second live game in a channel, migrations at open, and a transaction
cancelled at any await leaving the store healthy.  On PostgreSQL the concurrent cases run
on separate pool connections, so the database (not a Python lock) decides them.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from bot.league.ratings import MU
from bot.service.games import GameService
from bot.service.ratings import RatingService
from bot.store import Conflict, ServerDefaults, open_store
from bot.store import ratings_sql as rsql
from bot.store import tournaments_sql as tsql
from bot.store.db import migration_files
from bot.store.postgres import PG_MIGRATIONS
from bot.store.repositories import RatingRepository
from tests.bot.helpers import CancelAt
from tests.bot.store.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, NOW, new_game
from tests.postgres_server import admin_url, query


class Boom(Exception):
    pass


async def rows(store: Any, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with store.read() as tx:
        return await tx.all(sql, params)


# -- migrations --------------------------------------------------------------------------


async def test_migrations_applied_at_open_and_idempotent(target: str) -> None:
    store = await open_store(target)
    try:
        want = [(n, name) for n, name, _ in migration_files()]
        assert await rows(store, "SELECT version, name FROM schema_migrations "
                          "ORDER BY version") == want
        assert await store.migrate() == []
        assert await store.check() == ["ok"]
    finally:
        await store.close()
    again = await open_store(target)
    try:
        assert await again.migrate() == []
        assert len(await rows(again, "SELECT version FROM schema_migrations")) == len(want)
    finally:
        await again.close()


def test_postgresql_migrations_mirror_sqlite_ones() -> None:
    assert [(n, name) for n, name, _ in migration_files(PG_MIGRATIONS)] == \
        [(n, name) for n, name, _ in migration_files()]
    for _, _, text in migration_files(PG_MIGRATIONS):
        sql = re.sub(r"--[^\n]*", "", text)
        assert " REAL " not in sql.upper() and "AUTOINCREMENT" not in sql.upper()
        assert "NOCASE" not in sql.upper()


# -- the schemas themselves ---------------------------------------------------------------

SQLITE_ONLY = {("games", "new_events")}  # the save trigger's mailbox (migration 0005)


def kind(declared: str) -> str:
    """A column type as both databases mean it: int, float, text (anything else as is)."""
    t = declared.lower()
    if "int" in t:
        return "int"
    if any(w in t for w in ("real", "floa", "doub")):
        return "float"
    if any(w in t for w in ("char", "clob", "text")):
        return "text"
    return t


def canon(expr: str | None) -> str | None:
    """An index predicate or default, spelled alike: no casts, parentheses or spaces."""
    if expr is None:
        return None
    e = re.sub(r"::[a-z ]+", "", expr.lower())
    e = re.sub(r"\s*=\s*any\s*\(\s*array\[(.*?)\]\s*\)", r" in (\1)", e)
    return re.sub(r"[()\s]", "", e.replace("<>", "!="))


def sqlite_schema(path: Path) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
            "'sqlite_%' ORDER BY name")]
        columns, keys, indexes, refs = {}, {}, set(), set()
        for t in tables:
            create = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                                  (t,)).fetchone()[0]
            info = list(conn.execute(f"PRAGMA table_info({t})"))
            pk = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
            keys[t] = tuple(pk)
            columns[t] = [(name, kind(typ), bool(nn) or name in pk, canon(dflt),
                           name in pk and "AUTOINCREMENT" in create.upper())
                          for _, name, typ, nn, dflt, _ in info if (t, name) not in SQLITE_ONLY]
            for _, name, unique, origin, partial in conn.execute(f"PRAGMA index_list({t})"):
                if origin == "pk":
                    continue
                cols = tuple(f"ascii_lower({c})" if coll.upper() == "NOCASE" else c
                             for _, _, c, _, coll, key in conn.execute(
                                 f"PRAGMA index_xinfo('{name}')") if key)
                sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                                   (name,)).fetchone()[0]
                where = re.split(r"\bWHERE\b", sql, flags=re.I)[1] if partial else None
                indexes.add((t, name, bool(unique), cols, canon(where)))
            for r in conn.execute(f"PRAGMA foreign_key_list({t})"):
                refs.add((t, r[3], r[2], r[4] or "id"))
        return {"tables": tables, "columns": columns, "keys": keys, "indexes": indexes,
                "refs": refs}
    finally:
        conn.close()


async def pg_schema(store: Any) -> dict[str, Any]:
    async with store.read() as tx:
        tables = [r[0] for r in await tx.all(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "'public' ORDER BY table_name")]
        columns, keys, indexes, refs = {}, {}, set(), set()
        for t in tables:
            keys[t] = tuple(r[0] for r in await tx.all(
                "SELECT a.attname FROM pg_index x JOIN pg_attribute a ON a.attrelid = "
                "x.indrelid AND a.attnum = ANY (x.indkey) WHERE x.indrelid = CAST(? AS "
                "regclass) AND x.indisprimary ORDER BY array_position(x.indkey, a.attnum)",
                (t,)))
            columns[t] = [(name, kind(typ), nullable == "NO", canon(dflt), ident == "YES")
                          for name, typ, nullable, dflt, ident in await tx.all(
                              "SELECT column_name, data_type, is_nullable, column_default, "
                              "is_identity FROM information_schema.columns WHERE "
                              "table_schema = 'public' AND table_name = ? "
                              "ORDER BY ordinal_position", (t,))]
        for t, name, unique, pred, cols in await tx.all(
                "SELECT c.relname, i.relname, x.indisunique, pg_get_expr(x.indpred, "
                "x.indrelid), array(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM "
                "generate_series(1, x.indnkeyatts) AS k) FROM pg_index x JOIN pg_class i "
                "ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid JOIN "
                "pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND "
                "NOT x.indisprimary"):
            cols = tuple(re.sub(r'^lower\(\(?(\w+)\)? COLLATE "C"\)$', r"ascii_lower(\1)", c)
                         for c in cols)
            indexes.add((t, name, unique, cols, canon(pred)))
        for t, col, ref, to in await tx.all(
                "SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text, "
                "b.attname FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = "
                "c.conrelid AND a.attnum = c.conkey[1] JOIN pg_attribute b ON b.attrelid = "
                "c.confrelid AND b.attnum = c.confkey[1] WHERE c.contype = 'f'"):
            refs.add((t, col, ref, to))
    return {"tables": tables, "columns": columns, "keys": keys, "indexes": indexes,
            "refs": refs}


async def test_both_backends_build_the_same_schema(tmp_path: Path, pg_url: str) -> None:
    """Column by column (kind, NOT NULL, default, identity), primary keys, every index
    (unique, its columns or expression, its predicate) and foreign keys: a PostgreSQL
    migration that forgets what its SQLite twin does fails here."""
    path = tmp_path / "brade.sqlite3"
    await (await open_store(path)).close()
    store = await open_store(pg_url)
    try:
        pg = await pg_schema(store)
    finally:
        await store.close()
    lite = sqlite_schema(path)
    assert lite["tables"] == pg["tables"]
    for t in lite["tables"]:
        assert lite["columns"][t] == pg["columns"][t], t
        assert lite["keys"][t] == pg["keys"][t], t
    assert sorted(lite["indexes"]) == sorted(pg["indexes"])
    assert sorted(lite["refs"]) == sorted(pg["refs"])
    assert ("tournaments", "tournaments_live_name", True,  # the case-blind name key
            ("guild_id", "ascii_lower(name)"), "state!='finished'") in lite["indexes"]


async def test_two_processes_opening_at_once_migrate_once(pg_url: str) -> None:
    stores = await asyncio.gather(*(open_store(pg_url) for _ in range(3)))
    try:
        for s in stores:
            assert await s.check() == ["ok"]
        assert [r[0] for r in await rows(stores[0], "SELECT version FROM schema_migrations "
                                         "ORDER BY version")] == \
            [n for n, _, _ in migration_files(PG_MIGRATIONS)]
    finally:
        for s in stores:
            await s.close()


# -- one transaction per unit ------------------------------------------------------------


async def test_an_exception_rolls_back_every_write_of_the_unit(store: Any) -> None:
    gid = await new_game(store)
    with pytest.raises(Boom):
        async with store.transaction() as tx:
            assert await tx.update_game(gid, 0, now=NOW + 1, state={"n": 1}) is not None
            await tx.append_events(gid, [{"type": "a"}, {"type": "b"}], at=NOW, actor_id=ALICE)
            await tx.save_server_defaults(ServerDefaults(GUILD, "sv", "vasa"))
            await tx.insert_game(guild_id=GUILD, channel_id=99, status="active",
                                 rules="vasa", white_id=1, black_id=2, match_length=1, seed=1,
                                 state=None, now=NOW)
            raise Boom
    async with store.read() as tx:
        row = await tx.game(gid)
        assert row is not None and row.version == 0 and row.state == {"n": 0}
        assert await tx.events(gid) == []
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD)
        assert await tx.live_game(99) is None
    async with store.transaction() as tx:  # and the store goes on
        assert await tx.update_game(gid, 0, now=NOW + 2, state={"n": 1}) is not None


async def test_autocommit_commits_each_statement_on_its_own(store: Any) -> None:
    """``autocommit()``: each statement is its own unit, committed as it ends, so an
    exception after one keeps it (unlike ``transaction()``); a unique key refused is a
    ``Conflict``; no transaction is left open for the next command."""
    gid = await new_game(store)
    with pytest.raises(Boom):
        async with store.autocommit() as tx:
            assert await tx.update_game(gid, 0, now=NOW + 1, state={"n": 1}) is not None
            raise Boom
    async with store.read() as tx:  # committed, and visible to another connection
        row = await tx.game(gid)
        assert row is not None and row.version == 1 and row.state == {"n": 1}
    with pytest.raises(Conflict):
        async with store.autocommit() as tx:
            await tx.save_server_defaults(ServerDefaults(GUILD, "sv"))
            await tx.insert_game(guild_id=GUILD, channel_id=CHANNEL, status="offered",
                                 rules="vasa", white_id=1, black_id=2, match_length=1,
                                 seed=1, state=None, now=NOW)
    async with store.read() as tx:
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD, "sv")  # kept
        assert len(await tx.all("SELECT id FROM games WHERE channel_id = ?",
                                (CHANNEL,))) == 1
    async with store.transaction() as tx:  # and the store goes on, in transactions too
        assert await tx.update_game(gid, 1, now=NOW + 2, state={"n": 2}) is not None


async def test_rows_read_back_with_their_types(store: Any) -> None:
    gid = await new_game(store, rated=True, tournament_id=None)
    async with store.read() as tx:
        row = await tx.game(gid)
    assert row is not None
    assert row.seed == 2**62 - 1 and row.rated is True and row.guild_id == GUILD
    assert isinstance(row.created_at, float) and row.created_at == NOW
    async with store.transaction() as tx:
        assert tx.for_update == ("" if store.dialect == "sqlite" else " FOR UPDATE")
        got = await tx.one(f"SELECT id FROM games WHERE id = ?{tx.for_update}", (gid,))
        assert got == (gid,)


# -- the version check -------------------------------------------------------------------


async def blocked_on_a_lock(store: Any) -> None:
    """Return once another transaction waits for a row lock (PostgreSQL), or at once after
    letting the other tasks run (SQLite: the second transaction waits in Python)."""
    for _ in range(1000):
        await asyncio.sleep(0.01 if store.dialect == "postgresql" else 0)
        if store.dialect != "postgresql":
            return
        async with store.read() as tx:
            if await tx.all("SELECT pid FROM pg_stat_activity WHERE datname = "
                            "current_database() AND wait_event_type = 'Lock'"):
                return
    raise AssertionError("the second transaction never reached the locked row")


async def test_two_updates_with_one_expected_version_exactly_one_wins(store: Any) -> None:
    """Two commands hold the same row version; the second writes while the first's
    transaction is still open (on PostgreSQL it waits for the row, then finds the
    version moved on)."""
    gid = await new_game(store)
    first_wrote, release = asyncio.Event(), asyncio.Event()

    async def first() -> Any:
        async with store.transaction() as tx:
            r = await tx.update_game(gid, 0, now=NOW + 1, state={"n": "first"})
            first_wrote.set()
            await release.wait()
            return r

    async def second() -> Any:
        await first_wrote.wait()
        async with store.transaction() as tx:
            return await tx.update_game(gid, 0, now=NOW + 2, state={"n": "second"})

    async def referee() -> None:
        await first_wrote.wait()
        await blocked_on_a_lock(store)  # the second waits for the first's row
        release.set()

    a, b, _ = await asyncio.gather(first(), second(), referee())
    assert a is not None and a.version == 1 and b is None
    async with store.read() as tx:
        row = await tx.game(gid)
    assert row is not None and row.version == 1 and row.state == {"n": "first"}


async def test_double_save_applies_once_and_writes_its_events_once(store: Any) -> None:
    gid = await new_game(store)
    results = await asyncio.gather(*(
        store.save_game(gid, 0, now=NOW + i, events=[{"type": "move", "i": i}],
                        actor_id=ALICE, state={"n": i}) for i in range(4)))
    won = [r for r in results if r is not None]
    assert len(won) == 1 and won[0].version == 1
    async with store.read() as tx:
        events = await tx.events(gid)
    assert [e.seq for e in events] == [1]
    assert events[0].data == {"type": "move", "i": won[0].state["n"]}


async def test_concurrent_saves_append_events_without_gap_or_duplicate(store: Any) -> None:
    gid = await new_game(store)
    saved: list[int] = []

    async def player(who: int) -> None:
        done = 0
        while done < 5:
            async with store.read() as tx:
                row = await tx.game(gid)
            assert row is not None
            events = [{"type": "roll", "who": who}, {"type": "move", "who": who, "k": done}]
            if await store.save_game(gid, row.version, now=NOW, events=events, actor_id=who,
                                     state={"by": who}) is not None:
                saved.append(who)
                done += 1

    await asyncio.gather(*(player(w) for w in range(6)))
    async with store.read() as tx:
        events = await tx.events(gid)
        row = await tx.game(gid)
    assert row is not None and row.version == len(saved) == 30
    assert [e.seq for e in events] == list(range(1, 61))
    for first, second in zip(events[::2], events[1::2], strict=True):
        assert (first.kind, second.kind) == ("roll", "move")
        assert first.data["who"] == second.data["who"]  # a save's events stay together


async def test_events_appended_inside_transactions_number_on(store: Any) -> None:
    gid = await new_game(store)
    for i in range(3):
        async with store.transaction() as tx:
            row = await tx.game(gid)
            assert await tx.update_game(gid, row.version, now=NOW, state={"n": i})
            await tx.append_events(gid, [{"type": "x", "i": i}, {"kind": "y"}], at=NOW + i,
                                   actor_id=None)
    await store.save_game(gid, 3, now=NOW, events=[], actor_id=None, state={"n": 9})
    await store.save_game(gid, 4, now=NOW, events=[{"type": "z"}], actor_id=BOB)
    async with store.read() as tx:
        events = await tx.events(gid)
    assert [e.seq for e in events] == list(range(1, 8))
    assert [e.kind for e in events] == ["x", "y"] * 3 + ["z"]
    assert events[-1].actor_id == BOB and events[0].actor_id is None


# -- ratings -----------------------------------------------------------------------------


async def test_ratings_applied_exactly_once_under_concurrent_notices(store: Any) -> None:
    """Three games among three players, each game's end noticed three times at once:
    three applications, and every player's state built on the one before (no update
    lost between two games of the same player)."""
    games = GameService(store, clock=lambda: NOW)
    service = RatingService(games)
    pairs = [(ALICE, BOB), (BOB, CAROL), (ALICE, CAROL), (CAROL, ALICE)]
    ids = []
    for channel, (winner, loser) in enumerate(pairs, 10):
        gid = await new_game(store, channel, white=winner, black=loser, rated=True)
        outcome = {"kind": "hemspel", "points": 1, "munk": False, "winner": "white"}
        async with store.transaction() as tx:
            assert await tx.update_game(gid, 0, now=NOW, status="over",
                                        result={"outcome": outcome})
            ids.append(gid)
    async with store.read() as tx:
        over = [await tx.game(g) for g in ids]
    applied = await asyncio.gather(*(service.on_game_end(r) for r in over for _ in range(3)))
    assert sum(applied) == len(pairs)
    async with store.read() as tx:
        mine = await rsql.all_ratings(tx, GUILD)
        done = await rows(store, "SELECT game_id FROM rated_games ORDER BY game_id")
        chains = {u: await rsql.rated_games(tx, GUILD, u) for u in (ALICE, BOB, CAROL)}
    assert [d[0] for d in done] == ids
    assert {u: (r.games, r.wins, r.losses) for u, r in mine.items()} == {
        ALICE: (3, 2, 1), BOB: (2, 1, 1), CAROL: (3, 1, 2)}
    for user, applied_games in chains.items():
        befores = sorted((g.winner_before if g.winner_id == user else g.loser_before,
                          g.winner_after if g.winner_id == user else g.loser_after)
                         for g in applied_games.values())
        mu = MU
        steps = dict(befores)
        for _ in befores:  # each game starts from the μ the previous one left
            assert mu in steps, f"{user}: a game was rated from a stale state"
            mu = steps.pop(mu)
        assert mu == mine[user].mu
    assert await service.catch_up() == 0


async def test_catch_up_rates_only_the_guilds_this_process_owns(store: Any) -> None:
    outcome = {"kind": "hemspel", "points": 1, "munk": False, "winner": "white"}
    gid = await new_game(store, rated=True)
    async with store.transaction() as tx:
        assert await tx.update_game(gid, 0, now=NOW, status="over", result={"outcome": outcome})
    other = RatingService(GameService(store, clock=lambda: NOW, owns=lambda g: g != GUILD))
    assert await other.catch_up() == 0
    mine = RatingService(GameService(store, clock=lambda: NOW, owns=lambda g: g == GUILD))
    assert await mine.catch_up() == 1
    assert await mine.catch_up() == 0


async def test_a_rating_read_waits_for_the_transaction_that_will_write_it(
        store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deterministic: the first game's unit is held right after it locked its players'
    ratings; the second game (a common player) must then wait on PostgreSQL's row lock
    (without FOR UPDATE it reads the old rating and goes on), and once released it
    rates from the state the first one wrote."""
    games = GameService(store, clock=lambda: NOW)
    service = RatingService(games)
    outcome = {"kind": "hemspel", "points": 1, "munk": False, "winner": "white"}
    async with store.transaction() as tx:  # rated before: the rows exist, committed
        await rsql.lock_ratings(tx, GUILD, [ALICE, BOB, CAROL], NOW)
    over = []
    for channel, (winner, loser) in enumerate([(ALICE, BOB), (BOB, CAROL)], 10):
        gid = await new_game(store, channel, white=winner, black=loser, rated=True)
        async with store.transaction() as tx:
            over.append(await tx.update_game(gid, 0, now=NOW, status="over",
                                             result={"outcome": outcome}))
    holding, release = asyncio.Event(), asyncio.Event()
    real_apply = rsql.apply

    async def held_apply(tx: Any, guild_id: int, game_id: int, *args: Any) -> bool:
        if game_id == over[0].id:
            holding.set()
            await release.wait()
        return await real_apply(tx, guild_id, game_id, *args)

    monkeypatch.setattr(RatingRepository, "apply", staticmethod(held_apply))
    first = asyncio.ensure_future(service.on_game_end(over[0]))
    await holding.wait()
    second = asyncio.ensure_future(service.on_game_end(over[1]))
    await blocked_on_a_lock(store)  # raises if the second never waits
    assert not second.done()
    release.set()
    assert await first and await second
    async with store.read() as tx:
        bob_first = (await rsql.rated_games(tx, GUILD, BOB))[over[0].id]
        bob_second = (await rsql.rated_games(tx, GUILD, BOB))[over[1].id]
    assert bob_second.winner_before == bob_first.loser_after != MU


# -- names -------------------------------------------------------------------------------

_locale_dbs = itertools.count(1)


@pytest.fixture
def utf8_locale_url() -> Iterator[str]:
    """A database whose locale folds non-ASCII letters (lower('Å') = 'å'), as compose's
    postgres image (en_US.utf8) does; the test server's own databases use C."""
    admin = admin_url()
    name = f"brade_test_locale_{os.getpid()}_{next(_locale_dbs)}"
    for locale in ("C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"):
        try:
            query(admin, f"CREATE DATABASE \"{name}\" TEMPLATE template0 ENCODING 'UTF8' "
                         f"LC_COLLATE '{locale}' LC_CTYPE '{locale}'")
            break
        except Exception as e:  # that locale is not installed on the server: the next
            error = e
    else:
        pytest.fail(f"the PostgreSQL server has no UTF-8 locale to test with: {error}")
    url = urlunsplit(urlsplit(admin)._replace(path="/" + name))
    assert query(url, "SELECT lower('VÅRCUPEN')") == [("vårcupen",)]  # the trap is real
    yield url
    query(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.parametrize("where", ["sqlite", "postgresql", "postgresql-utf8-locale"])
async def test_tournament_names_compare_alike_on_every_backend_and_locale(
        where: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Case is ignored for ASCII letters only, as SQLite's NOCASE does: "VÅRCUPEN" and
    "Vårcupen" are two names everywhere (under en_US.utf8 PostgreSQL's plain lower()
    made them one, so the second could not be created there, and a SQLite file holding
    both could not be migrated)."""
    target = {"sqlite": lambda: str(tmp_path / "brade.sqlite3"),
              "postgresql": lambda: request.getfixturevalue("pg_url"),
              "postgresql-utf8-locale": lambda: request.getfixturevalue("utf8_locale_url"),
              }[where]()
    store = await open_store(target)
    try:
        async def create(name: str) -> int:
            async with store.transaction() as tx:
                return await tsql.insert_tournament(tx, guild_id=GUILD, channel_id=CHANNEL,
                                                    name=name, state="registration",
                                                    lang="sv", data={}, now=NOW)

        upper = await create("VÅRCUPEN")
        async with store.read() as tx:
            assert not await tsql.live_name_taken(tx, GUILD, "Vårcupen")
            assert await tsql.live_name_taken(tx, GUILD, "vÅrcupen")
        mixed = await create("Vårcupen")
        with pytest.raises(Conflict):
            await create("vÅRCUPEN")
        async with store.read() as tx:
            assert (await tsql.by_name(tx, GUILD, "VåRCUPEN")).id == mixed  # type: ignore[union-attr]
            assert (await tsql.by_name(tx, GUILD, "vÅrCuPeN")).id == upper  # type: ignore[union-attr]
            assert await tsql.names(tx, GUILD, "vå") == ["Vårcupen"]
            assert await tsql.names(tx, GUILD, "VÅ") == ["VÅRCUPEN"]
            assert sorted(await tsql.names(tx, GUILD, "V")) == ["VÅRCUPEN", "Vårcupen"]
    finally:
        await store.close()


# -- conflicts ---------------------------------------------------------------------------


async def test_second_live_game_in_a_channel_is_a_conflict(store: Any) -> None:
    await new_game(store)
    with pytest.raises(Conflict):
        await new_game(store, status="offered")
    results = await asyncio.gather(*(new_game(store, 77) for _ in range(3)),
                                   return_exceptions=True)
    assert sum(isinstance(r, int) for r in results) == 1
    assert sum(isinstance(r, Conflict) for r in results) == 2
    async with store.read() as tx:
        assert (await tx.live_game(77)) is not None
        assert len(await tx.all("SELECT id FROM games WHERE channel_id = 77")) == 1


async def test_conflict_inside_a_transaction_rolls_back_the_unit(store: Any) -> None:
    await new_game(store)
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.save_server_defaults(ServerDefaults(GUILD, "sv"))
            await tx.insert_game(guild_id=GUILD, channel_id=CHANNEL, status="active",
                                 rules="vasa", white_id=1, black_id=2, match_length=1,
                                 seed=1, state=None, now=NOW)
    async with store.read() as tx:
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD)


# -- cancellation ------------------------------------------------------------------------


async def consistent(store: Any, gid: int, settings: bool = True) -> int:
    """Committed state is whole units only: one version, one event (one setting) each."""
    async with store.read() as tx:
        row = await tx.game(gid)
        events = await tx.events(gid)
        lang = (await tx.server_defaults(GUILD)).lang
    assert row is not None
    assert [e.seq for e in events] == list(range(1, row.version + 1))
    assert row.state == {"n": row.version}
    if settings:
        assert lang == (None if row.version == 0 else "sv")
    return row.version


@pytest.mark.parametrize("unit", ["transaction", "save_game"])
async def test_cancelled_at_every_await_leaves_the_store_healthy(store: Any,
                                                                 unit: str) -> None:
    gid = await new_game(store)

    async def in_transaction() -> None:
        async with store.transaction() as tx:
            row = await tx.game(gid)
            assert await tx.update_game(gid, row.version, now=NOW,
                                        state={"n": row.version + 1})
            await tx.append_events(gid, [{"type": "step"}], at=NOW, actor_id=ALICE)
            await tx.save_server_defaults(ServerDefaults(GUILD, "sv"))

    async def one_statement() -> None:
        async with store.read() as tx:
            row = await tx.game(gid)
        await store.save_game(gid, row.version, now=NOW, events=[{"type": "step"}],
                              actor_id=ALICE, state={"n": row.version + 1})

    work = in_transaction if unit == "transaction" else one_statement
    with_settings = unit == "transaction"
    cancelled = 0
    for n in range(1, 400):
        before = await consistent(store, gid, with_settings)
        attempt = CancelAt(work(), n)
        try:
            await attempt
        except asyncio.CancelledError:
            pass
        if not attempt.fired:
            break
        cancelled += 1
        after = await consistent(store, gid, with_settings)
        assert after in (before, before + 1)
        await work()  # the next command works and is committed
        assert await consistent(store, gid, with_settings) == after + 1
    assert cancelled >= 2, f"only {cancelled} await points"
    # Every pooled connection still works and none is left inside a transaction.
    await asyncio.gather(*(work() for _ in range(12)), return_exceptions=True)
    version = await consistent(store, gid, with_settings)
    async with store.transaction() as tx:
        if store.dialect == "postgresql":
            assert await tx.all("SELECT pid FROM pg_stat_activity WHERE datname = "
                                "current_database() AND state LIKE 'idle in transaction%'") == []
    await work()
    assert await consistent(store, gid, with_settings) == version + 1
