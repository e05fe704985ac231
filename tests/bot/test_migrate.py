"""``python -m bot migrate``: a real server's SQLite database moved into PostgreSQL.

The source is made by the bot itself through SimCord (once for the module; the copy only
reads it, which the tests check): a finished rated game, a match of three with one game
decided and the next under way, a game left mid-turn, a running knockout tournament with
one match decided, and a server's settings.  After the migration every game's event log,
read back from PostgreSQL, replays to the position stored with it there.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import migrate
from bot.__main__ import main as bot_main
from bot.client import BradeBot
from bot.service.spectate import split_games
from bot.store import copy as copying
from bot.store import open_store
from engine import record
from engine import rules as rules_registry
from engine.game import Game
from engine.turn import Outcome
from tests.bot.conftest import bot_settings, make_bot
from tests.bot.helpers import (
    db_dicts,
    db_exec,
    db_rows,
    game_row,
    mover_and_waiter,
    play_turns,
    roll_until_move,
    start_game,
)
from tests.postgres_server import run_async

ROOT = Path(__file__).resolve().parents[2]


# -- the source server ----------------------------------------------------------------------


async def give_up(ch, who) -> None:
    """``who`` resigns (or abandons, where B-35 refuses a resignation) and confirms."""
    r = await who.slash(ch, "brade resign")
    ids = [c["custom_id"] for row in r.response.components for c in row["components"]]
    button = next(i for i in ids if i.startswith(("brade:resign:", "brade:abandon:")))
    assert (await who.click(r.response, custom_id=button)).acknowledged


async def build_server(db: Path) -> None:
    seeds = itertools.count(7000)
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), agent=None,
                   shards=((0,), 1), settings=bot_settings())
    env = simcord.Env(bot, settle_timeout=60.0)
    await env.start()
    try:
        guild, ch, members = await start_game(env, names=("alice", "bob", "carol", "dave"))
        alice, bob, carol, dave = members
        await play_turns(env, ch, db, members, 3)  # a rated game, played, then resigned
        await give_up(ch, mover_and_waiter(db, ch.id, members)[0])

        match = guild.create_text_channel("match")  # a match: game 1 decided, game 2 on
        r = await alice.slash(match, "brade new", opponent=carol, match=3)
        await carol.click(r.response, label="Accept")
        await play_turns(env, match, db, members, 2)
        await give_up(match, alice)
        await play_turns(env, match, db, members, 2)

        mid = guild.create_text_channel("mid")  # a game left rolled, its play pending
        r = await bob.slash(mid, "brade new", opponent=dave)
        await dave.click(r.response, label="Accept")
        await play_turns(env, mid, db, members, 2)
        await roll_until_move(env, mid, db, members)

        cup = guild.create_text_channel("cup")  # a knockout: one first-round match decided
        assert not (await alice.slash(cup, "tournament create", name="Vårcupen",
                                      format="single_elimination")).ephemeral
        for m in members:
            assert not (await m.slash(cup, "tournament join", name="Vårcupen")).ephemeral
        await alice.slash(cup, "tournament start", name="Vårcupen")
        await give_up(cup.threads[0], next(
            m for m in members if m.id == game_row(db, cup.threads[0].id)["white_id"]))

        other = env.create_guild()  # a Swedish server with its own preferences
        owner = other.add_member(other.owner)
        spel = other.create_text_channel("spel")
        await owner.slash(spel, "brade settings", language="sv", threads=True,
                          server_theme="contrast")
        await owner.slash(spel, "brade settings", theme="classic")
    finally:
        await env.shutdown()
        await bot.release()


@pytest.fixture(scope="module")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("migrate") / "brade.sqlite3"
    run_async(lambda: build_server(db))
    return db


def counts(db: Any) -> dict[str, int]:
    return {t: db_rows(db, f"SELECT COUNT(*) FROM {t}")[0][0] for t in copying.TABLES}


def every_row(db: Any) -> dict[str, list[tuple]]:
    """Every row of every copied table: to prove a refused copy wrote nothing."""
    return {t: db_rows(db, f"SELECT * FROM {t} ORDER BY 1, 2") for t in copying.TABLES}


def fingerprint(db: Path) -> tuple[bytes, int, list[str]]:
    """The file's bytes and mtime, and the names beside it."""
    return db.read_bytes(), db.stat().st_mtime_ns, sorted(p.name for p in db.parent.iterdir())


async def cli(*argv: str) -> int:
    """``python -m bot migrate …`` in-process (``main`` runs its own event loop, so in a
    thread of its own)."""
    return await asyncio.to_thread(bot_main, ["migrate", *argv])


# -- replaying ------------------------------------------------------------------------------


def shell(rules: str, events: list[dict[str, Any]]) -> Game:
    """A game carrying just ``events``, to be written as a record and replayed."""
    ruleset = rules_registry.get(rules)
    end = next((e for e in reversed(events) if "outcome" in e), None)
    outcome = Outcome.from_json(end["outcome"]) if end else None
    return Game(ruleset, ruleset.start(), "over" if end else "roll", None, outcome,
                list(events))


def assert_log_replays(row: dict[str, Any], logged: list[dict[str, Any]]) -> int:
    """The row's event log, replayed rule by rule, reaches its stored game; returns how
    many games of the row were replayed."""
    state = json.loads(row["state"]) if row["state"] else {}
    if not state.get("game"):
        assert not split_games(logged), row["id"]
        return 0
    stored = Game.from_json(state["game"])
    parts = split_games(logged)
    finished, current = (parts, []) if not stored.events else (parts[:-1], parts[-1])
    assert current == stored.events, f"game {row['id']}: the log is not the stored game's"
    for part in finished:
        done = record.replay(record.export(shell(row["rules"], part), comments=False))
        assert done.is_over, row["id"]
    again = record.replay(record.export(shell(row["rules"], current), comments=False))
    assert again.position == stored.position, row["id"]
    assert (again.phase, again.dice, again.outcome) == (stored.phase, stored.dice,
                                                       stored.outcome), row["id"]
    return len(finished) + 1


# -- the tests ------------------------------------------------------------------------------


async def test_migration_copies_everything_and_every_game_replays(
        server_db: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = counts(server_db)
    assert source["games"] >= 5 and source["tournaments"] == 1 and source["ratings"] >= 2
    assert source["rated_games"] >= 1 and source["guild_settings"] >= 1
    assert source["guild_prefs"] == 1 and source["players"] >= 5
    statuses = {r[0] for r in db_rows(server_db, "SELECT status FROM games")}
    assert statuses == {"over", "active"}
    before = fingerprint(server_db)

    assert await cli("--from", str(server_db), "--to", pg_url) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert f"{sum(source.values())} rows; {sum(source.values())} new rows copied" in out.out
    for table, n in source.items():  # the printed table: source, in target, new
        assert re.search(rf"^{table}\s+{n}\s+{n}\s+{n}\s+0\s+0$", out.out, re.M), table
    assert counts(pg_url) == source
    assert fingerprint(server_db) == before  # the source is read, never written

    for table, key in copying.TABLES.items():  # every value, in key order
        cols = "id, guild_id, channel_id, status, rules, white_id, black_id, match_length, " \
               "seed, state, version, created_at, updated_at, reminded, abort_by, result, " \
               "rated, tournament_id" if table == "games" else "*"
        sql = f"SELECT {cols} FROM {table} ORDER BY {', '.join(key)}"
        assert db_rows(pg_url, sql) == db_rows(server_db, sql), table

    replayed = 0
    for row in db_dicts(pg_url, "SELECT * FROM games ORDER BY id"):
        logged = [json.loads(r[0]) for r in db_rows(
            pg_url, "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (row["id"],))]
        replayed += assert_log_replays(row, logged)
    assert replayed >= source["games"] + 1  # the match's decided game too

    assert await cli("--from", str(server_db), "--to", pg_url) == 0  # again: nothing new
    out = capsys.readouterr()
    assert "0 new rows (already copied: nothing changed)" in out.out and out.err == ""
    assert counts(pg_url) == source

    top = db_rows(server_db, "SELECT MAX(id) FROM games")[0][0]
    bot = make_bot(pg_url, agent=None, shards=((0,), 1))  # the bot goes on on PostgreSQL
    env = simcord.Env(bot, settle_timeout=60.0)
    await env.start()
    try:
        _guild, ch, _members = await start_game(env)
        assert game_row(pg_url, ch.id)["id"] == top + 1
    finally:
        await env.shutdown()


async def refused_unwritten(server_db: Path, pg_url: str,
                            capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """Copy ``server_db`` to a target that must refuse it: exit 1, one error line, not a
    row of the target changed; the error line and the printed table."""
    held = every_row(pg_url)
    capsys.readouterr()
    assert await cli("--from", str(server_db), "--to", pg_url) == 1
    out = capsys.readouterr()
    err = out.err.strip()
    assert "\n" not in err and err.startswith("brade: migrate: the target already holds")
    assert every_row(pg_url) == held
    return err, out.out


async def test_a_target_with_other_data_is_refused_and_left_alone(
        server_db: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert await cli("--from", str(server_db), "--to", pg_url) == 0
    db_exec(pg_url, "UPDATE games SET status = 'aborted' WHERE id = 2")  # another bot's
    db_exec(pg_url, "DELETE FROM events WHERE game_id = 3")  # and rows to add back
    err, table = await refused_unwritten(server_db, pg_url, capsys)
    assert "table games, id=2: status is 'active' in the source but 'aborted' in the " \
           "target" in err and "nothing was written" in err
    assert re.search(r"^games\s+\d+\s+\d+\s+0\s+1\s+0$", table, re.M)


async def test_a_live_game_of_the_targets_own_in_a_copied_channel_is_refused_unwritten(
        server_db: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The target already runs a game in a channel where the source has a live one: the
    copy would be refused there half-way, so it stops before writing anything."""
    channel, sid = db_rows(server_db, "SELECT channel_id, id FROM games WHERE status = "
                           "'active' ORDER BY id LIMIT 1")[0]
    store = await open_store(pg_url)  # the target's schema, and a game of its own
    try:
        async with store.transaction() as tx:
            await tx.run("INSERT INTO games (id, guild_id, channel_id, status, rules, "
                         "white_id, black_id, seed, created_at, updated_at) VALUES "
                         "(5000, 1, ?, 'active', 'classic', 1, 2, 3, 4.0, 4.0)", (channel,))
    finally:
        await store.close()
    err, _ = await refused_unwritten(server_db, pg_url, capsys)
    assert f"table games, id={sid}: channel_id={channel} has the target's own live game " \
           "id=5000 (1 row(s) clash with the target's own); nothing was written" in err


async def test_one_line_errors_and_exit_codes(tmp_path: Path, server_db: Path, pg_url: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def last() -> str:
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("brade: migrate"), err
        assert "Traceback" not in err and "s3cret" not in err
        return err

    missing = tmp_path / "nowhere.sqlite3"
    assert await cli("--from", str(missing), "--to", "postgresql://u:s3cret@h/db") == 3
    assert f"the source database {missing} does not exist" in last()
    assert not missing.exists()

    dead = "postgresql://brade:s3cret@127.0.0.1:9/brade"  # nothing listens on port 9
    assert await cli("--from", str(server_db), "--to", dead) == 3
    assert "brade:***@127.0.0.1:9/brade" in last()

    user, _, rest = pg_url.partition("://")[2].partition(":")
    wrong = f"postgresql://{user}:s3cret@{rest.partition('@')[2]}"
    assert await cli("--from", str(server_db), "--to", wrong) == 3
    assert "wrong password" in last()

    assert await cli("--from", str(server_db)) == 2
    assert "--to" in last()
    assert await cli("--from", str(server_db), "--to", dead, "postgresql://u:s3cret@h/d") == 2
    assert "unrecognized arguments: postgresql://u:***@h/d" in last()
    assert await cli("--from", str(server_db), "--to", str(tmp_path / "x.sqlite3")) == 2
    assert "is not a PostgreSQL URL" in last()
    assert not (tmp_path / "x.sqlite3").exists()
    assert await cli("--from", str(server_db), "--to", "postgresql://u:s3cret@/db") == 2
    assert "names no server" in last()
    assert await cli("--from", str(server_db), "--to", "postgresql://h/db",
                     "--batch", "0") == 2
    assert "--batch 0" in last()


def test_source_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "brade.sqlite3"
    bad.write_bytes(b"\0garbage" * 1000)
    assert migrate.main(["--from", str(bad), "--to", "postgresql://u:p@127.0.0.1:9/x"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot read the source database {bad}" in err


# -- compose.yaml ---------------------------------------------------------------------------


def parse_block_yaml(text: str) -> Any:
    """The subset of YAML compose.yaml is written in: block mappings, block lists of
    scalars or mappings, plain or quoted scalars, comments, and a mapping's anchor
    (``key: &name``) merged into another (``<<: *name``).  (PyYAML is not a dependency;
    a file outside this subset fails here, which is the point.)"""
    anchors: dict[str, dict[str, Any]] = {}
    lines = []
    for raw in text.splitlines():
        assert "\t" not in raw, "tabs in YAML"
        body = re.sub(r"\s+#.*$", "", raw) if not raw.lstrip().startswith("#") else ""
        if body.strip():
            lines.append((len(body) - len(body.lstrip()), body.strip()))

    def scalar(s: str) -> Any:
        if s[:1] in "\"'":
            assert s[-1] == s[0], s
            return s[1:-1]
        return {"true": True, "false": False}.get(s, int(s) if s.isdigit() else s)

    def block(i: int, indent: int) -> tuple[Any, int]:
        if lines[i][1].startswith("- "):
            out_list: list[Any] = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                out_list.append(scalar(lines[i][1][2:].strip()))
                i += 1
            return out_list, i
        out: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            key, sep, rest = lines[i][1].partition(":")
            assert sep and key not in out, lines[i]
            i += 1
            rest = rest.strip()
            if key == "<<":  # a merge: the anchored mapping's keys, the later ones win
                assert rest.startswith("*") and rest[1:] in anchors, lines[i - 1]
                out = {**anchors[rest[1:]], **out}
            elif rest and not rest.startswith("&"):
                out[key] = scalar(rest)
            elif i < len(lines) and lines[i][0] > indent:
                out[key], i = block(i, lines[i][0])
                if rest:
                    anchors[rest[1:]] = out[key]
            else:
                out[key] = None
        assert i == len(lines) or lines[i][0] < indent, f"bad indentation at {lines[i]}"
        return out, i

    doc, end = block(0, 0)
    assert end == len(lines)
    return doc


def test_compose_file_runs_two_shard_processes_on_one_database() -> None:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    compose = parse_block_yaml(text)
    try:  # where PyYAML happens to be installed, it reads the file the same way
        import yaml
    except ImportError:
        pass
    else:
        assert yaml.safe_load(text) == compose
    services = compose["services"]
    db = services["db"]
    assert db["image"].startswith("postgres:16")
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert db["volumes"][0].split(":")[0] in compose["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert "POSTGRES_PASSWORD" in db["environment"]
    # the two processes of the "sharded" profile (issue 35 added "single": one process)
    bots = [s for name, s in services.items() if s.get("profiles") == ["sharded"]]
    assert len(bots) == 2
    # one image, named, built once from this folder and run by both (issue 26)
    assert {s["image"] for s in bots} == {"brade-bot:local"}
    shards = set()
    for s in bots:
        assert s["build"] == "." and s["restart"] == "unless-stopped"
        assert s["depends_on"]["db"]["condition"] == "service_healthy"
        env = s["environment"]
        assert env["DISCORD_TOKEN"] == "${DISCORD_TOKEN:?set DISCORD_TOKEN}"
        assert re.fullmatch(r"postgresql://brade:\$\{POSTGRES_PASSWORD[^}]*\}@db(:5432)?/brade",
                            env["BRADE_DB"])
        ids, _, count = env["BRADE_SHARDS"].partition("/")
        a, _, b = ids.partition("-")
        assert count == "4"
        shards |= set(range(int(a), int(b) + 1))
    assert shards == {0, 1, 2, 3}  # every shard in exactly one process
