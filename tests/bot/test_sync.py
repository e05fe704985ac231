"""Registering the slash commands (issue 35): once, by the process running shard 0, only
when they changed; switching between a development server and global clears the scope
left; a development server Discord refuses stops the start in words (exit code 2)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import simcord

from bot.service.command_sync import GLOBAL, SyncPlan, plan
from bot.sync import SyncRefused
from tests.bot.conftest import make_bot
from tests.bot.helpers import Db, db_rows

DEV = 1_234_567_890_123_456_789


def registrations(env: simcord.Env) -> list[tuple[str, int]]:
    """Each command registration the bot sent: where (``global`` or the guild's id) and
    how many commands."""
    out = []
    for r in env.http_requests:
        if r.method != "PUT" or not r.path.endswith("/commands"):
            continue
        parts = r.path.split("/")
        where = parts[parts.index("guilds") + 1] if "guilds" in parts else "global"
        out.append((where, len(r.json or [])))
    return out


def test_the_policy() -> None:
    assert plan(None, GLOBAL, "h") == SyncPlan(register=True, clear=None)
    assert plan({"scope": GLOBAL, "hash": "h"}, GLOBAL, "h") == SyncPlan(False, None)
    assert plan({"scope": GLOBAL, "hash": "old"}, GLOBAL, "h") == SyncPlan(True, None)
    assert plan({"scope": GLOBAL, "hash": "h"}, "guild:7", "h") == SyncPlan(True, GLOBAL)
    assert plan({"scope": "guild:7", "hash": "h"}, GLOBAL, "h") == SyncPlan(True, "guild:7")
    assert plan({"scope": "guild:7", "hash": "h"}, "guild:8", "h") == SyncPlan(True, "guild:7")
    # a first start in a development server: what an older bot left globally is unknown
    assert plan(None, "guild:7", "h") == SyncPlan(True, GLOBAL)


async def test_registered_once_and_not_again_after_a_restart(simcord_env: simcord.Env,
                                                            db_path: Db) -> None:
    env = simcord_env
    first = registrations(env)
    assert len(first) == 1 and first[0][0] == "global" and first[0][1] >= 4  # brade, tournament, …
    await env.restart_bot(make_bot(db_path))
    await env.restart_bot(make_bot(db_path))
    assert registrations(env) == first, "unchanged commands are not sent again"
    assert len(db_rows(db_path, "SELECT key FROM bot_state")) == 1


async def test_registered_again_where_discord_lacks_them(db_path: Db) -> None:
    """The database says they are registered, but this Discord (a fresh SimCord: as an
    application whose commands were removed by hand) has none: registered again."""
    for _ in range(2):
        async with simcord.run(make_bot(db_path, agent=None), settle_timeout=30.0) as env:
            assert [w for w, _ in registrations(env)] == ["global"]
            guild = env.create_guild()
            owner = guild.add_member(guild.owner)
            r = await owner.slash(guild.create_text_channel("spel"), "brade help")
            assert r.ephemeral


async def test_only_the_process_running_shard_zero_registers(db_path: Db) -> None:
    async with simcord.run(make_bot(db_path, agent=None, shards=((1,), 2)),
                           settle_timeout=30.0) as env:
        assert registrations(env) == []
    async with simcord.run(make_bot(db_path, agent=None, shards=((0,), 2)),
                           settle_timeout=30.0) as env:
        assert [w for w, _ in registrations(env)] == ["global"]


async def test_switching_scopes_clears_the_one_left(simcord_env: simcord.Env,
                                                    db_path: Db) -> None:
    env = simcord_env
    guild = env.create_guild(id=DEV)
    n = registrations(env)[0][1]
    await env.restart_bot(make_bot(db_path, dev_guild=guild.id))
    assert registrations(env)[1:] == [(str(DEV), n), ("global", 0)]
    assert [c["name"] for c in env.backend.commands.get(None, {}).values()] == []
    await env.restart_bot(make_bot(db_path, dev_guild=guild.id))
    assert len(registrations(env)) == 3, "unchanged in the development server"
    await env.restart_bot(make_bot(db_path))
    assert registrations(env)[3:] == [("global", n), (str(DEV), 0)]
    assert env.backend.commands.get(DEV, {}) == {}
    owner = guild.add_member(guild.owner)
    ch = guild.create_text_channel("spel")
    r = await owner.slash(ch, "brade help")  # the global command answers there
    assert r.ephemeral and "/brade new" in r.response.content


async def test_a_development_server_discord_refuses_stops_the_start(db_path: Db) -> None:
    env = simcord.Env(make_bot(db_path, agent=None, dev_guild=DEV), settle_timeout=30.0)
    env.inject_error("PUT", f"/applications/*/guilds/{DEV}/commands", status=403,
                     code=50001, message="Missing Access")
    with pytest.raises(SyncRefused) as refused:
        await env.start()
    text = str(refused.value)
    assert f"BRADE_DEV_GUILD={DEV}" in text and "403" in text
    assert "not in that server" in text and "try again" not in text


def test_the_start_ends_with_exit_code_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot`` turns the refusal into one line and the configuration's code."""
    import logging

    from bot import __main__ as entry
    from bot.client import BradeBot
    from bot.config import Config

    async def refuse(self: BradeBot, token: str) -> None:
        raise SyncRefused(f"Discord refused the commands in BRADE_DEV_GUILD={DEV} (403)")

    monkeypatch.setattr(BradeBot, "start", refuse)
    config = Config.from_env({"DISCORD_TOKEN": "x" * 30, "BRADE_DB": str(tmp_path / "b.db"),
                              "BRADE_DEV_GUILD": str(DEV)})
    code = asyncio.run(entry.run(config, entry.StartupLog(logging.StreamHandler())))
    assert code == entry.EXIT_CONFIG == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith("brade: Discord refused the commands in BRADE_DEV_GUILD=")
