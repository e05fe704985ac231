"""``bot/store/copy.py``: a SQLite database copied into another store, row for row.

The target is parametrized: ``[sqlite]`` another file (the copy's logic alone) and
``[postgresql]`` a fresh database on the session's PostgreSQL server (the real use).
The source is filled through the store's own API plus a few direct rows, with values that
catch a lossy copy: 64-bit ids, fractional times, non-ASCII text, NULLs and JSON.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import ServerDefaults, Store, open_store
from bot.store import copy as copying
from bot.store.db import migration_files
from bot.store.tournaments_sql import insert_tournament

BIG = 1_234_567_890_123_456_789  # a Discord snowflake: needs all 64 bits


@pytest.fixture(params=["sqlite", "postgresql"])
def target_url(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    if request.param == "sqlite":
        return tmp_path / "target.sqlite3"
    return request.getfixturevalue("pg_url")


async def open_target(target: str | Path):
    return await open_store(target)


@pytest.fixture
async def target(target_url: str | Path) -> AsyncIterator[Any]:
    """The copy's target store, opened on the test's backend and closed after it."""
    store = await open_target(target_url)
    try:
        yield store
    finally:
        await store.close()


async def fill(path: Path, games: int = 3) -> None:
    """A small server: settings, prefs, players, a tournament, games with events, ratings."""
    store = await Store.open(path)
    try:
        async with store.transaction() as tx:
            await tx.save_server_defaults(ServerDefaults(BIG, "sv", "puff"))
            await tx.save_server_defaults(ServerDefaults(7, None, None))
            await tx.run("INSERT INTO guild_prefs (guild_id, threads, theme) VALUES (?, 1, ?)",
                         (BIG, "contrast"))
            for uid, name in ((BIG + 1, "Åsa"), (BIG + 2, "Örjan 🎲"), (3, "x")):
                await tx.run("INSERT INTO players (guild_id, user_id, display_name, avatar, "
                             "last_seen, theme) VALUES (?, ?, ?, ?, ?, ?)",
                             (BIG, uid, name, None if uid == 3 else "a1b2", 1700000000.125,
                              "classic" if uid == 3 else None))
            tid = await insert_tournament(tx, guild_id=BIG, channel_id=BIG + 9, name="Vårcupen",
                                          state="running", lang="sv",
                                          data={"name": "Vårcupen", "rounds": [1, 2.5, None]},
                                          now=1700000001.5)
            ids = []
            for i in range(games):
                ids.append(await tx.insert_game(
                    guild_id=BIG, channel_id=BIG + 10 + i, status="active", rules="talisman",
                    white_id=BIG + 1, black_id=BIG + 2 if i else 0, match_length=1 + 2 * i,
                    seed=2**62 + i, state={"game": {"n": i, "ä": "ö"}}, now=1700000002.25 + i,
                    rated=i == 0, tournament_id=tid if i == 1 else None))
            await tx.run("INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, "
                         "losses, updated_at) VALUES (?, ?, 1512.345678901234, 321.5, 1, 1, 0, "
                         "1700000003.0)", (BIG, BIG + 1))
            await tx.run("INSERT INTO rated_games (game_id, guild_id, winner_id, loser_id, "
                         "winner_before, winner_after, loser_before, loser_after, applied_at) "
                         "VALUES (?, ?, ?, ?, 1500, 1512.345678901234, 1500, 1487.6, 1.5)",
                         (ids[0], BIG, BIG + 1, BIG + 2))
            await tx.run("INSERT INTO missing_rights (guild_id, channel_id, action, rights, "
                         "first_at, last_at, times) VALUES (?, ?, 'reminder', "
                         "'send_messages_in_threads', 1700000004.5, 1700000005.25, 2)",
                         (BIG, BIG + 11))
        for i, gid in enumerate(ids):  # events through the turn's one-statement save
            for turn in range(i + 2):
                row = await store.save_game(
                    gid, turn, now=1700000100.5 + turn, actor_id=BIG + 1,
                    events=[{"type": "roll", "dice": [turn, 2]}, {"type": "play", "m": "1/7"}],
                    state={"game": {"n": i, "turn": turn}})
                assert row is not None
        await store.save_game(ids[0], 2, now=1.0, events=[], actor_id=None,
                              status="over", result={"winner": "white", "points": 2})
    finally:
        await store.close()


async def rows(store, sql: str) -> list[tuple]:
    async with store.read() as tx:
        return [tuple(r) for r in await tx.all(sql)]


async def everything(store) -> dict[str, list[tuple]]:
    out = {}
    for table, key in copying.TABLES.items():
        cols = "*" if table != "games" else ", ".join(
            c for c in ("id", "guild_id", "channel_id", "status", "rules", "white_id",
                        "black_id", "match_length", "seed", "state", "version", "created_at",
                        "updated_at", "reminded", "abort_by", "result", "rated",
                        "tournament_id"))
        out[table] = await rows(store, f"SELECT {cols} FROM {table} ORDER BY {', '.join(key)}")
    return out


@pytest.fixture
async def source(tmp_path: Path) -> Path:
    path = tmp_path / "source.sqlite3"
    await fill(path)
    return path


async def test_copy_is_complete_exact_and_idempotent(source: Path, target) -> None:
    before = source.read_bytes(), source.stat().st_mtime_ns
    async with copying.open_source(source) as src:
        report = await copying.migrate(src, target, batch=2)  # several batches a table
        expected = await everything(src)
    assert report.ok and report.written
    counts = {t.table: (t.source, t.same, t.new) for t in report.tallies}
    assert counts == {table: (len(r), len(r), len(r)) for table, r in expected.items()}
    assert counts["events"][0] == 2 * (2 + 3 + 4)
    got = await everything(target)
    assert got == expected  # every value, types included (int stays int, float float)

    async with copying.open_source(source) as src:
        again = await copying.migrate(src, target)
    assert again.ok and not again.written and again.new == 0
    assert await everything(target) == expected
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before


async def test_a_differing_row_stops_the_copy_before_any_write(source: Path,
                                                               target) -> None:
    async with target.transaction() as tx:  # another bot's game under the same id
        other = await tx.insert_game(guild_id=5, channel_id=6, status="over",
                                     rules="classic", white_id=1, black_id=2,
                                     match_length=1, seed=3, state=None, now=4.0)
    assert other == 1
    held = await everything(target)
    async with copying.open_source(source) as src:
        report = await copying.migrate(src, target)
    assert not report.ok and not report.written
    bad = report.first_problem()
    assert bad is not None and bad.table == "games" and bad.differ == 1
    assert bad.example.startswith("id=1: guild_id is ") and str(BIG) in bad.example
    assert await everything(target) == held  # nothing written, nothing overwritten


async def new_game_and_tournament(target: Any) -> tuple[int, int]:
    """The ids the target hands out next, for a game and for a tournament."""
    async with target.transaction() as tx:
        gid = await tx.insert_game(guild_id=1, channel_id=2, status="offered",
                                   rules="classic", white_id=1, black_id=2, match_length=1,
                                   seed=3, state=None, now=4.0)
        tid = await insert_tournament(tx, guild_id=1, channel_id=2, name="Ny", state=
                                      "registration", lang="en", data={}, now=5.0)
    return gid, tid


async def test_new_ids_on_the_target_follow_the_copied_ones(source: Path, target) -> None:
    async with copying.open_source(source) as src:
        assert (await copying.migrate(src, target)).ok
    gid, tid = await new_game_and_tournament(target)
    assert gid == 4 and tid == 2  # the next ids, not 1 (a collision) nor a gap


async def test_unsaved_wal_is_copied_and_the_file_left_alone(tmp_path: Path) -> None:
    """A bot stopped uncleanly leaves committed rows in the -wal file only: they are copied,
    and reading does not checkpoint them into the file (it is read-only to the copy)."""
    path = tmp_path / "source.sqlite3"
    await fill(path, games=1)
    keep = sqlite3.connect(path)  # holds the WAL open: no checkpoint at close
    try:
        keep.execute("PRAGMA wal_autocheckpoint = 0")
        with keep:
            keep.execute("INSERT INTO guild_settings (guild_id, lang) VALUES (99, 'en')")
        before = path.read_bytes(), path.stat().st_mtime_ns
        target = await open_target(tmp_path / "target.sqlite3")
        try:
            async with copying.open_source(path) as src:
                report = await copying.migrate(src, target)
            assert report.ok
            assert (99, "en", None) in await rows(target, "SELECT * FROM guild_settings")
        finally:
            await target.close()
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    finally:
        keep.close()


@pytest.mark.parametrize("case", ["missing", "directory", "text", "empty", "other"])
async def test_unusable_source_is_one_line(tmp_path: Path, case: str) -> None:
    path = tmp_path / "brade.sqlite3"
    if case == "directory":
        path.mkdir()
    elif case == "text":
        path.write_text("not a database\n" * 200)
    elif case == "empty":
        path.touch()
    elif case == "other":  # some other program's SQLite file
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE notes (x)")
        conn.close()
    before = path.is_file() and path.read_bytes()
    with pytest.raises(copying.CopyError) as info:
        async with copying.open_source(path):
            pass
    text = str(info.value)
    assert str(path) in text and "\n" not in text
    assert {"missing": "does not exist", "directory": "is a directory",
            "text": "not a database", "empty": "not the bot's database",
            "other": "not the bot's database"}[case] in text
    assert (path.is_file() and path.read_bytes()) == before


async def test_an_older_bots_file_is_copied(tmp_path: Path) -> None:
    """A file last used by a bot before migration 0004: the snapshot is migrated, the
    file is not, and the tables it did not have yet arrive empty."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
                     "name TEXT NOT NULL)")
        for number, name, sql in migration_files()[:3]:
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))
        conn.execute("INSERT INTO games (guild_id, channel_id, status, rules, white_id, "
                     "black_id, seed, created_at, updated_at) VALUES "
                     "(1, 2, 'over', 'classic', 3, 4, 5, 6.5, 7.5)")
    conn.close()
    before = path.read_bytes()
    target = await open_target(tmp_path / "target.sqlite3")
    try:
        async with copying.open_source(path) as src:
            report = await copying.migrate(src, target)
        assert report.ok and {t.table: t.new for t in report.tallies if t.new} == {"games": 1}
    finally:
        await target.close()
    assert path.read_bytes() == before


async def test_a_live_game_of_the_targets_own_in_the_channel_stops_the_copy_unwritten(
        source: Path, target) -> None:
    """A live game of the target's own in a channel where the source has one too: the
    unique index would refuse the copy's row after other rows were written, so the
    comparison finds it first and nothing at all is written (sequences included)."""
    async with target.transaction() as tx:
        own = await tx.insert_game(guild_id=5, channel_id=BIG + 11, status="active",
                                   rules="classic", white_id=1, black_id=2,
                                   match_length=1, seed=3, state=None, now=4.0)
        await tx.run("UPDATE games SET id = 100 WHERE id = ?", (own,))
    held = await everything(target)
    async with copying.open_source(source) as src:
        report = await copying.migrate(src, target)
    bad = report.first_problem()
    assert not report.ok and not report.written and report.refused
    assert bad is not None and (bad.table, bad.clash, bad.differ) == ("games", 1, 0)
    assert bad.example == f"id=2: channel_id={BIG + 11} has the target's own live game " \
                          "id=100"
    assert await everything(target) == held
    async with target.transaction() as tx:  # no sequence moved either
        assert await tx.insert_game(guild_id=5, channel_id=9, status="over",
                                    rules="classic", white_id=1, black_id=2,
                                    match_length=1, seed=3, state=None, now=4.0) == (
            101 if target.dialect == "sqlite" else 2)  # not past the source's 3


async def test_an_unfinished_tournament_of_the_same_name_stops_the_copy_unwritten(
        source: Path, target) -> None:
    async with target.transaction() as tx:
        await tx.run("INSERT INTO tournaments (id, guild_id, channel_id, name, state, "
                     "data, created_at, updated_at) VALUES (50, ?, 1, 'VåRCUPEN', "
                     "'registration', '{}', 1.0, 1.0)", (BIG,))
    held = await everything(target)
    async with copying.open_source(source) as src:
        report = await copying.migrate(src, target)
    bad = report.first_problem()
    assert not report.written and bad is not None
    assert (bad.table, bad.clash) == ("tournaments", 1)
    assert bad.example == "id=1: the target's own unfinished tournament id=50 has that name"
    assert await everything(target) == held
    async with target.transaction() as tx:  # another name, ASCII case aside: no clash
        await tx.run("UPDATE tournaments SET name = 'VÅRCUPEN' WHERE id = 50")
    async with copying.open_source(source) as src:
        assert (await copying.migrate(src, target)).ok


async def test_sequences_move_before_any_row_arrives(source: Path, target,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy interrupted before its first row still leaves the target handing out ids
    above the source's, so a game started there cannot take a copied game's id."""
    async def interrupted(*args: object, **kw: object) -> dict[str, int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(copying, "copy_rows", interrupted)
    async with copying.open_source(source) as src:
        with pytest.raises(KeyboardInterrupt):
            await copying.migrate(src, target)
    gid, tid = await new_game_and_tournament(target)
    if target.dialect == "postgresql":
        assert (gid, tid) == (4, 2)
    else:  # SQLite moves on from an explicit id by itself, nothing to do before
        assert (gid, tid) == (1, 1)


async def test_a_batch_larger_than_the_parameter_limit_is_split(tmp_path: Path,
                                                                target) -> None:
    """One INSERT may bind 32766 values: 1900 games of 18 columns in one --batch did not
    fit (PostgreSQL refused every run)."""
    path = tmp_path / "many.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as conn:
        conn.executemany("INSERT INTO games (guild_id, channel_id, status, rules, white_id, "
                         "black_id, seed, created_at, updated_at) VALUES "
                         "(1, ?, 'over', 'classic', 3, 4, 5, 6.5, 7.5)",
                         [(c,) for c in range(1900)])
    conn.close()
    async with copying.open_source(path) as src:
        report = await copying.migrate(src, target, batch=5000)
    assert report.ok and {t.table: t.new for t in report.tallies if t.new} == {
        "games": 1900}


async def test_a_second_run_adds_exactly_what_is_missing(source: Path, target) -> None:
    """As after an interrupted run: rows gone from the target come back, nothing else moves."""
    async with copying.open_source(source) as src:
        assert (await copying.migrate(src, target)).ok
        full = await everything(target)
        async with target.transaction() as tx:
            await tx.run("DELETE FROM events WHERE game_id = 3 AND seq > 5")
            await tx.run("DELETE FROM rated_games")
        report = await copying.migrate(src, target, batch=3)
    assert report.ok and report.written
    assert {t.table: t.new for t in report.tallies if t.new} == {"events": 3,
                                                                 "rated_games": 1}
    assert await everything(target) == full
