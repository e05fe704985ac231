"""Who may watch a game (issue 25): Discord's own rule, checked now.

A member sees a game only if they can see the channel or thread it is played in (its
players always can).  Every ``/watch`` command and the ``game`` autocomplete of each is
tried by an outsider, who gets nothing (the same words as for a game that does not
exist), and by members who can see, who get the game: in a private text channel, in a
thread of a private channel (archived when the game ends, so no longer in discord.py's
cache) and in a private thread.
"""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import ChannelType, OverwriteType

from bot.client import BradeBot
from tests.bot.conftest import make_bot
from tests.bot.helpers import find_button, game_row, play_turns, resign, snapshot

GAME_COMMANDS = ("watch history", "watch export", "watch replay", "watch analyse")
VIEW = discord.Permissions(view_channel=True).value
HIDDEN = discord.PermissionOverwrite(view_channel=False)
SHOWN = discord.PermissionOverwrite(view_channel=True)


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path)  # a ThreadAgent: /watch analyse runs


def private_server(env: simcord.Env) -> tuple:
    """A server with a public channel and a private one that Alice, Bob, Dave (by a
    member overwrite), the referees' role (Erin) and the bot can see; Carol cannot."""
    guild = env.create_guild()
    lobby = guild.create_text_channel("lobby")
    owner = guild.add_member(guild.owner)
    referees = guild.create_role("domare")
    alice, bob, carol, dave = (guild.add_member(env.create_user(n))
                               for n in ("alice", "bob", "carol", "dave"))
    erin = guild.add_member(env.create_user("erin"), roles=[referees])
    secret = guild.create_text_channel("hemligt", overwrites={
        guild.default_role: HIDDEN, guild.me: SHOWN, alice: SHOWN, bob: SHOWN, dave: SHOWN,
        referees: SHOWN})
    return guild, lobby, secret, owner, {"alice": alice, "bob": bob, "carol": carol,
                                         "dave": dave, "erin": erin}


async def challenge(env: simcord.Env, ch: simcord.ChannelHandle, db: Path,
                    alice: simcord.MemberActor, bob: simcord.MemberActor) -> dict:
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert not r.ephemeral, r.response.content
    row = game_row(db, ch.id)
    await bob.click(find_button(env, ch, f"brade:accept:{row['id']}:{row['version']}:"),
                    label="Accept")
    row = game_row(db, ch.id)
    assert row["status"] == "active"
    return row


async def finished(env: simcord.Env, ch: simcord.ChannelHandle, db: Path,
                   alice: simcord.MemberActor, bob: simcord.MemberActor) -> dict:
    """Alice and Bob play four turns in ``ch`` and Alice resigns."""
    await challenge(env, ch, db, alice, bob)
    await play_turns(env, ch, db, [alice, bob], 4)
    await resign(ch, alice)
    row = game_row(db, ch.id)
    assert row["status"] == "over"
    return row


async def offered(member: simcord.MemberActor, where: simcord.ChannelHandle) -> set[int]:
    """Every game id the ``game`` autocomplete of any /watch command offers ``member``."""
    ids: set[int] = set()
    for command in GAME_COMMANDS:
        ids |= {c["value"] for c in await member.autocomplete(where, command, "game", "")}
    return ids


def public_messages(env: simcord.Env, channel: simcord.ChannelHandle) -> int:
    return sum(not m.is_ephemeral for m in env.backend.messages.get(channel.id, {}).values())


async def assert_hidden(env: simcord.Env, db: Path, member: simcord.MemberActor,
                        where: simcord.ChannelHandle, row: dict) -> None:
    """``member`` gets nothing of the game from any /watch command or autocomplete, is
    told what a member hears of a game that does not exist, and nothing is posted.
    (Naming the channel in the ``channel`` option is not tried: SimCord, like Discord's
    client, offers a member only channels they can see.)"""
    before = snapshot(db)
    posted = public_messages(env, where)
    assert row["id"] not in await offered(member, where)
    for command in GAME_COMMANDS:
        extra = {"share": True} if command != "watch history" else {}
        r = await member.slash(where, command, game=row["id"], **extra)
        assert r.ephemeral, (command, r.response.content)
        assert f"There is no game `#{row['id']}` on this server" in r.response.content
        assert not r.response.attachments and not r.followups
    r = await member.slash(where, "watch games")
    assert f"#{row['id']}`" not in r.response.content
    assert public_messages(env, where) == posted  # nothing shared
    assert snapshot(db) == before


async def assert_shown(env: simcord.Env, member: simcord.MemberActor,
                       where: simcord.ChannelHandle, row: dict) -> None:
    """``member`` gets the finished game from every /watch command and autocomplete."""
    assert row["id"] in await offered(member, where)
    r = await member.slash(where, "watch history", game=row["id"])
    assert r.ephemeral and f"Game `#{row['id']}`" in r.response.content
    r = await member.slash(where, "watch export", game=row["id"])
    assert r.response.attachments and r.response.attachments[0].filename.endswith(".txt")
    r = await member.slash(where, "watch replay", game=row["id"])
    assert r.response.attachments and f"Replay of game `#{row['id']}`" in r.response.content
    r = await member.slash(where, "watch analyse", game=row["id"])
    assert f"Analysis of game `#{row['id']}`" in r.response.content, r.response.content


def set_view(env: simcord.Env, channel: simcord.ChannelHandle, target_id: int, *,
             allow: bool, role: bool = False) -> None:
    """Change one permission overwrite now (as a moderator would in the client)."""
    env.backend.set_overwrite(channel.id, Overwrite(
        target_id=target_id, type=OverwriteType.ROLE if role else OverwriteType.MEMBER,
        allow=VIEW if allow else 0, deny=0 if allow else VIEW))


async def test_private_channel(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, lobby, secret, owner, m = private_server(env)
    live = await challenge(env, secret, db_path, m["alice"], m["bob"])

    # while it is played: /watch games lists it to those who can see the channel only
    for name in ("alice", "dave", "erin"):
        r = await m[name].slash(lobby, "watch games")
        assert f"`#{live['id']}`" in r.response.content, name
    r = await m["carol"].slash(lobby, "watch games")
    assert r.ephemeral and "No games are being played" in r.response.content
    r = await m["carol"].slash(lobby, "watch history", game=live["id"])
    assert r.ephemeral and "There is no game" in r.response.content
    assert live["id"] not in await offered(m["carol"], lobby)

    await play_turns(env, secret, db_path, [m["alice"], m["bob"]], 4)
    await resign(secret, m["alice"])
    row = game_row(db_path, secret.id)
    await assert_hidden(env, db_path, m["carol"], lobby, row)
    for name in ("alice", "bob", "dave", "erin"):  # a member overwrite, a role's
        await assert_shown(env, m[name], lobby, row)
    await assert_shown(env, owner, lobby, row)  # the owner sees every channel
    r = await m["dave"].slash(lobby, "watch history", channel=secret)  # by its channel
    assert f"Game `#{row['id']}`" in r.response.content

    # now, not when the game was played: Dave loses the channel, Carol is let in
    set_view(env, secret, m["dave"].id, allow=False)
    set_view(env, secret, m["carol"].id, allow=True)
    await assert_hidden(env, db_path, m["dave"], lobby, row)
    await assert_shown(env, m["carol"], lobby, row)
    # the referees' role loses it: Erin with it
    set_view(env, secret, guild.roles["domare"].id, allow=False, role=True)
    await assert_hidden(env, db_path, m["erin"], lobby, row)

    # a channel the bot can no longer see: the two players only
    set_view(env, secret, env.bot.user.id, allow=False)
    await assert_hidden(env, db_path, m["carol"], lobby, row)
    assert row["id"] not in await offered(owner, lobby)
    for name in ("alice", "bob"):
        assert row["id"] in await offered(m[name], lobby)
        r = await m[name].slash(lobby, "watch export", game=row["id"])
        assert r.response.attachments, name


async def test_thread_of_a_private_channel(simcord_env: simcord.Env, db_path: Path) -> None:
    """The server plays each game in a thread: a public thread of the private channel,
    archived when the game ends (discord.py then no longer caches it)."""
    env = simcord_env
    guild, lobby, secret, owner, m = private_server(env)
    await owner.slash(lobby, "brade settings", threads=True)
    await m["alice"].slash(secret, "brade new", opponent=m["bob"])
    thread = secret.threads[0]
    await challenge_accepted_in(env, thread, db_path, m["bob"])
    live = game_row(db_path, thread.id)
    r = await m["carol"].slash(lobby, "watch games")
    assert f"`#{live['id']}`" not in r.response.content
    r = await m["dave"].slash(lobby, "watch games")
    assert f"`#{live['id']}`" in r.response.content

    await play_turns(env, thread, db_path, [m["alice"], m["bob"]], 4)
    await resign(thread, m["alice"])
    row = game_row(db_path, thread.id)
    assert row["status"] == "over"
    assert env.backend.channels[thread.id].thread_metadata.archived
    assert env.bot.get_guild(guild.id).get_thread(thread.id) is None  # not cached
    await assert_hidden(env, db_path, m["carol"], lobby, row)
    for name in ("alice", "bob", "dave", "erin"):
        await assert_shown(env, m[name], lobby, row)
    # the thread follows its parent, now
    set_view(env, secret, m["dave"].id, allow=False)
    await assert_hidden(env, db_path, m["dave"], lobby, row)


async def challenge_accepted_in(env: simcord.Env, thread: simcord.ChannelHandle, db: Path,
                                bob: simcord.MemberActor) -> None:
    row = game_row(db, thread.id)
    await bob.click(find_button(env, thread, f"brade:accept:{row['id']}:{row['version']}:"),
                    label="Accept")
    assert game_row(db, thread.id)["status"] == "active"


async def test_private_thread(simcord_env: simcord.Env, db_path: Path) -> None:
    """A private thread of a public channel: only its members, and those who may manage
    threads there, see its games; archiving it changes nothing."""
    env = simcord_env
    guild, lobby, _secret, owner, m = private_server(env)
    model = env.backend.create_thread(lobby.id, "privat", m["alice"].id,
                                      type=ChannelType.PRIVATE_THREAD)
    for who in (m["bob"].id, m["dave"].id, env.bot.user.id):
        env.backend.add_thread_member(model.id, who)
    await env.settle()
    thread = next(th for th in lobby.threads if th.id == model.id)
    moderators = guild.create_role("moderator", permissions=discord.Permissions(
        view_channel=True, manage_threads=True, send_messages=True))
    frank = guild.add_member(env.create_user("frank"), roles=[moderators])

    row = await finished(env, thread, db_path, m["alice"], m["bob"])
    for who in (m["carol"], m["erin"]):  # they see the channel, not the private thread
        await assert_hidden(env, db_path, who, lobby, row)
    for who in (m["alice"], m["bob"], m["dave"], frank, owner):
        await assert_shown(env, who, lobby, row)

    # archived: out of discord.py's cache; membership is still asked of Discord
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    await env.settle()
    assert env.bot.get_guild(guild.id).get_thread(thread.id) is None
    await assert_hidden(env, db_path, m["carol"], lobby, row)
    await assert_shown(env, m["dave"], lobby, row)
    # Dave leaves the thread: the commands refuse him at once (the autocomplete may use
    # an answer up to MEMBERSHIP_TTL seconds old, and shows only the game's name)
    env.backend.remove_thread_member(thread.id, m["dave"].id)
    await env.settle()
    for command in GAME_COMMANDS:
        r = await m["dave"].slash(lobby, command, game=row["id"])
        assert r.ephemeral and "There is no game" in r.response.content, command
