"""A server that denies the bot a right in a channel (issue 35): the member hears which
right is missing and who can grant it, before anything is used up; nothing is said to be
unchanged that changed; what the bot could not post on its own is told to the server's
admins, once.

The rights are taken away as admins do it, with a permission override for the bot's
member in the channel (SimCord computes the interaction's ``app_permissions`` and the
gateway's ``permissions_for`` from it); the threads follow their parent channel.
"""

from __future__ import annotations

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.client import BradeBot
from bot.i18n import t
from bot.permissions import INVITE, THREAD_ARCHIVE_MINUTES, invite_value, lacking
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    recent,
    server,
    snapshot,
    start_game,
)

CLAIM_AFTER = 7200


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    """Reminders after an hour, claims after two; the daily problem's check every 15 min."""
    return make_bot(db_path, remind_after=3600, claim_after=CLAIM_AFTER, check_every=900)


def deny(env: simcord.Env, channel: simcord.ChannelHandle, **rights: bool) -> None:
    """The bot's member loses ``rights`` in ``channel`` (an override, as an admin sets)."""
    env.backend.set_overwrite(channel.id, Overwrite(
        target_id=env.backend.bot_user.id, type=OverwriteType.MEMBER, allow=0,
        deny=discord.Permissions(**rights).value))


def grant(env: simcord.Env, channel: simcord.ChannelHandle) -> None:
    env.backend.delete_overwrite(channel.id, env.backend.bot_user.id)


def said(result: object) -> str:
    answers = [getattr(result, "response", None), *getattr(result, "followups", [])]
    return "\n".join(a.content or "" for a in answers if a is not None)


def public(env: simcord.Env, channel_id: int) -> list:
    return [m for m in env.backend.messages.get(channel_id, {}).values()
            if not m.is_ephemeral]


async def admins_told(member: simcord.MemberActor, ch: simcord.ChannelHandle,
                      command: str, *words: str) -> None:
    """``member`` (Manage Server) runs ``command`` and is told each of ``words``."""
    text = said(await member.slash(ch, command))
    assert all(w in text for w in words), text


def missing_rows(db: Db) -> list[tuple]:
    return db_rows(db, "SELECT channel_id, action, rights FROM missing_rights "
                   "ORDER BY channel_id, action")


# -- the invite ------------------------------------------------------------------------


def test_the_invite_holds_each_right_once_and_the_readme_says_the_same() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    total = invite_value()
    assert total == sum(getattr(discord.Permissions, r).flag for r in INVITE)
    assert f"permissions={total}" in readme
    assert f"| **Total** | **{total}** |" in readme
    for right in INVITE:
        name = t(f"right.{right}", "en")
        flag = getattr(discord.Permissions, right).flag
        assert f"| {name} | {flag} |" in readme, name
    assert discord.Permissions(total).manage_threads  # an unused thread is deleted


def test_a_right_a_missing_one_implies_is_not_named() -> None:
    none = discord.Permissions.none()
    assert lacking(none, ("view_channel", "send_messages", "attach_files")) == (
        "view_channel",)
    no_send = discord.Permissions(view_channel=True)
    assert lacking(no_send, ("view_channel", "send_messages_in_threads", "attach_files")) == (
        "send_messages_in_threads",)
    assert lacking(discord.Permissions(view_channel=True, send_messages=True),
                   ("send_messages", "attach_files")) == ("attach_files",)


# -- Attach Files ------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "name", "unchanged"),
                         [(None, "Attach Files", "Nothing was changed"),
                          ("sv-SE", "Bifoga filer", "Inget ändrades")])
async def test_no_attach_files_a_command_and_a_button_are_refused_before_anything_changes(
        simcord_env: simcord.Env, db_path: Db, locale: str | None, name: str,
        unchanged: str) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env, locale=locale)
    alice, bob, carol = members
    deny(env, ch, attach_files=True)
    before = snapshot(db_path)
    mover, _ = mover_and_waiter(db_path, ch.id, [alice, bob])
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    r = await mover.click(find_button(env, ch, cid), custom_id=cid)
    assert r.ephemeral and name in r.response.content and unchanged in r.response.content
    assert "Manage Roles" in r.response.content or "Hantera roller" in r.response.content
    assert find_button(env, ch, cid), "the Roll button is still there"
    other = guild.create_text_channel("annan")
    deny(env, other, attach_files=True)
    r = await carol.slash(other, "brade new", opponent=alice)
    assert r.ephemeral and name in r.response.content
    assert snapshot(db_path) == before
    assert game_row(db_path, other.id) is None
    grant(env, ch)
    r = await mover.click(find_button(env, ch, cid), custom_id=cid)
    assert game_row(db_path, ch.id)["version"] > row["version"], "granted: the roll works"


async def test_no_attach_files_the_daily_problem_is_told_to_the_admins_once(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, boss, (alice,) = server(env, "alice")
    await boss.slash(ch, "brade settings", problem_channel=ch, problem_hour=1)
    deny(env, ch, attach_files=True)
    posted = len(public(env, ch.id))
    await env.advance_time(2 * 3600)
    assert len(public(env, ch.id)) == posted, "no daily problem without its picture"
    assert missing_rows(db_path) == [(ch.id, "daily", "attach_files")]
    r = await alice.slash(ch, "brade help")  # not an admin: not told
    assert "Attach Files" not in said(r)
    await admins_told(boss, ch, "brade settings", "the daily problem", "Attach Files",
                      f"<#{ch.id}>")
    assert missing_rows(db_path) == []
    r = await boss.slash(ch, "brade help")
    assert "daily problem" not in said(r), "told once"


async def test_refused_after_the_save_says_it_is_saved_and_names_the_right(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """Discord refuses the board for a right the interaction did not show missing (taken
    away while the command ran): the turn is saved, and the member hears so."""
    env = simcord_env
    _, ch, members = await start_game(env)
    mover, _ = mover_and_waiter(db_path, ch.id, members[:2])
    row = game_row(db_path, ch.id)
    env.inject_error("*", "/webhooks/*", status=403, code=50013, times=1,
                     message="Missing Permissions")
    r = await mover.slash(ch, "brade roll")
    assert game_row(db_path, ch.id)["version"] > row["version"], "the roll was saved"
    text = said(r)
    assert "that is saved" in text and "Missing Permissions" in text, text
    assert "Nothing was changed" not in text


# -- Create Public Threads ---------------------------------------------------------------


async def test_no_create_public_threads_the_thread_button_is_kept_until_it_can_work(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, _bob, carol = members
    r = await carol.slash(ch, "brade new", opponent=alice)
    offer = r.response
    deny(env, ch, create_public_threads=True)
    before = snapshot(db_path)
    pressed = await carol.click(offer, label="Start it in a new thread")
    text = said(pressed)
    assert "Create Public Threads" in text and "Nothing was changed" in text, text
    assert ch.threads == [] and snapshot(db_path) == before
    assert db_rows(db_path, "SELECT * FROM used_buttons") == [], "the button is not spent"
    grant(env, ch)
    await carol.click(offer, label="Start it in a new thread")
    thread = ch.threads[0]
    assert "challenges" in recent(env, thread, 1)[0].content
    meta = env.backend.channels[thread.id].thread_metadata
    assert meta.auto_archive_duration == THREAD_ARCHIVE_MINUTES


async def test_no_create_public_threads_a_tournament_match_is_told_to_the_admins(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, boss, (alice, bob) = server(env, "alice", "bob")
    await boss.slash(ch, "tournament create", name="Vårcupen", format="round_robin",
                     ruleset="talisman")
    await alice.slash(ch, "tournament join", name="Vårcupen")
    await bob.slash(ch, "tournament join", name="Vårcupen")
    deny(env, ch, create_public_threads=True)
    await boss.slash(ch, "tournament start", name="Vårcupen")
    assert ch.threads == []
    assert missing_rows(db_path) == [(ch.id, "tournament.thread", "create_public_threads")]
    await admins_told(boss, ch, "brade help", "tournament match", "Create Public Threads")


# -- Send Messages in Threads ------------------------------------------------------------


async def test_no_send_messages_in_threads_a_new_game_is_refused_before_a_thread_opens(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, boss, (alice, bob) = server(env, "alice", "bob")
    await boss.slash(ch, "brade settings", threads=True)
    deny(env, ch, send_messages_in_threads=True)
    before = snapshot(db_path)
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral and "Send Messages in Threads" in r.response.content
    assert "Nothing was changed" in r.response.content
    assert ch.threads == [] and snapshot(db_path) == before


async def game_in_a_thread(env: simcord.Env, db_path: Db) -> tuple:
    _, ch, boss, (alice, bob) = server(env, "alice", "bob")
    await boss.slash(ch, "brade settings", threads=True)
    await alice.slash(ch, "brade new", opponent=bob)
    thread = ch.threads[0]
    row = game_row(db_path, thread.id)
    await bob.click(find_button(env, thread, f"brade:accept:{row['id']}:{row['version']}:"),
                    label="Accept")
    assert game_row(db_path, thread.id)["status"] == "active"
    return ch, thread, boss, (alice, bob)


async def test_no_send_messages_in_threads_a_reminder_is_told_to_the_admins(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    ch, thread, boss, _players = await game_in_a_thread(env, db_path)
    deny(env, ch, send_messages_in_threads=True)
    posted = len(public(env, thread.id))
    await env.advance_time(3700)
    assert len(public(env, thread.id)) == posted
    assert missing_rows(db_path) == [(thread.id, "reminder", "send_messages_in_threads")]
    await admins_told(boss, ch, "brade settings", "a turn reminder",
                      "Send Messages in Threads")


# -- archived threads (point 4) ----------------------------------------------------------


async def test_a_claim_offer_reaches_a_thread_that_was_archived(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """Threads leave discord.py's cache when archived; the offer due there is posted all
    the same (which reopens the thread on Discord)."""
    env = simcord_env
    _ch, thread, _boss, players = await game_in_a_thread(env, db_path)
    _mover, waiter = mover_and_waiter(db_path, thread.id, list(players))
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    await env.settle()
    assert env.bot.get_channel(thread.id) is None, "archived: not cached"
    await env.advance_time(CLAIM_AFTER + 200)
    offer = recent(env, thread, 1)[0]
    assert "may now claim" in offer.content, offer.content
    await waiter.click(offer, label="Claim the game")
    assert game_row(db_path, thread.id)["status"] == "over"
    assert missing_rows(db_path) == []


# -- the computer's delayed move, an unused thread -----------------------------------------


async def test_no_attach_files_the_computers_delayed_move_is_told_to_the_admins(
        db_path: Db) -> None:
    from tests.bot.test_faults import FlakyAgent, computer_owes_a_turn

    agent = FlakyAgent()
    async with simcord.run(make_bot(db_path, agent=agent, check_every=60),
                           settle_timeout=30.0) as env:
        ch, _alice, _ = await computer_owes_a_turn(env, db_path, agent)
        guild = env.backend.get_guild(env.backend.get_channel(ch.id).guild_id)
        owner = simcord.GuildHandle(env, guild).add_member(
            simcord.GuildHandle(env, guild).owner)
        deny(env, ch, attach_files=True)
        agent.fail = False
        posted = len(public(env, ch.id))
        await env.advance_time(120)  # the recovery's check plays the owed turn
        assert game_row(db_path, ch.id)["game"].turn.value == "white", "it played"
        assert len(public(env, ch.id)) == posted, "its board could not be posted"
        assert missing_rows(db_path) == [(ch.id, "computer", "attach_files")]
        grant(env, ch)
        await admins_told(owner, ch, "brade show", "the computer's move", "Attach Files")


async def test_without_manage_threads_an_unused_thread_is_archived_not_left_open(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """A game refused once its thread was opened: the thread goes, deleted with Manage
    Threads; without it (a server invited before the right was in the link) archived,
    which its creator may, and the admins hear of it."""
    env = simcord_env
    _, ch, boss, (alice,) = server(env, "alice")
    await boss.slash(ch, "brade settings", threads=True)
    r = await alice.slash(ch, "brade new", opponent=alice)  # refused in the new thread
    assert r.ephemeral and ch.threads == [], "deleted"
    deny(env, ch, manage_threads=True)
    r = await alice.slash(ch, "brade new", opponent=alice)
    assert r.ephemeral
    (thread,) = ch.threads
    assert env.backend.channels[thread.id].thread_metadata.archived
    assert missing_rows(db_path) == [(thread.id, "thread.delete", "manage_threads")]
