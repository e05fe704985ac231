"""Resigning, aborting, a busy channel, reminders and claims, and the computer opponent."""

from __future__ import annotations

import discord
import pytest
import simcord

from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    assert_png,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    pngs,
    recent,
    snapshot,
    start_game,
)


async def test_resign_needs_confirmation(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, bob = members[0], members[1]
    r = await alice.slash(ch, "brade resign")
    assert r.ephemeral and "Your opponent scores 1" in r.response.content
    before = snapshot(db_path)
    kept = await alice.click(r.response, label="Keep playing")
    assert "goes on" in kept.response.content
    assert snapshot(db_path) == before
    r = await alice.slash(ch, "brade resign")
    await alice.click(r.response, label="Yes, resign")
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    assert row["game"].outcome.kind == "resign" and row["game"].outcome.winner.value == "black"
    final = recent(env, ch, 1)[0]
    # one sentence: who gave up, who wins, the points (issue 22)
    assert f"White ({alice.mention}) resigned – Black ({bob.mention}) wins (1 point)." \
        in final.content
    r = await bob.slash(ch, "brade roll")
    assert r.ephemeral and "no game" in r.response.content


async def test_abort_by_agreement_or_manager(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env)
    alice, bob, _carol = members
    r = await alice.slash(ch, "brade abort")
    assert "wants to abort" in r.response.content
    r2 = await alice.slash(ch, "brade abort")
    assert r2.ephemeral and "asked already" in r2.response.content
    row = game_row(db_path, ch.id)
    await bob.click(find_button(env, ch, f"brade:abort:{row['id']}:{row['version']}:"),
                    custom_id=f"brade:abort:{row['id']}:{row['version']}:")
    assert game_row(db_path, ch.id)["status"] == "aborted"

    # a new game in the same channel, aborted at once by a moderator
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    r = await mod.slash(ch, "brade abort")
    assert "aborted" in r.response.content
    assert game_row(db_path, ch.id)["status"] == "aborted"


async def test_a_moderator_who_plays_cannot_abort_a_rated_game_alone(
        simcord_env: simcord.Env, db_path) -> None:
    """Manage Channels does not let a player end their own rated game without a result
    (issue 43: restarting whenever the dice go against them): their abort asks the
    opponent, as anyone's does.  A moderator who does
    not play ends it at once, and the channel says it was a moderator."""
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    alice = guild.add_member(env.create_user("alice"), roles=[mods])
    bob = guild.add_member(env.create_user("bob"))
    r = await alice.slash(ch, "brade new", opponent=bob, rated=True)
    await bob.click(r.response, label="Accept")
    assert game_row(db_path, ch.id)["rated"]
    r = await alice.slash(ch, "brade abort")  # right after the teka
    row = game_row(db_path, ch.id)
    assert row["status"] == "active" and row["abort_by"] == alice.id
    assert "wants to abort" in r.response.content and bob.mention in r.response.content
    r = await alice.slash(ch, "brade abort")
    assert r.ephemeral and "asked already" in r.response.content
    assert game_row(db_path, ch.id)["status"] == "active"
    # a moderator who does not play ends it alone, and says so
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    r = await mod.slash(ch, "brade abort")
    assert not r.ephemeral
    assert f"aborted by a moderator, {mod.mention}, who does not play in it" in \
        r.response.content
    assert game_row(db_path, ch.id)["status"] == "aborted"


async def test_decline_and_busy_channel_thread(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _guild, ch, members = await start_game(env)
    alice, _bob, carol = members
    before = snapshot(db_path)
    r = await carol.slash(ch, "brade new", opponent=alice)
    assert r.ephemeral and "already going on" in r.response.content
    assert snapshot(db_path) == before
    r = await carol.click(r.response, label="Start it in a new thread")
    thread = ch.threads[0]
    offer = recent(env, thread, 1)[0]
    assert "challenges" in offer.content
    r = await carol.click(offer, label="Accept")
    assert r.ephemeral and "Only" in r.response.content  # only alice may accept
    await alice.click(offer, label="Decline")
    assert game_row(db_path, thread.id)["status"] == "declined"
    r = await alice.slash(ch, "brade new", opponent=alice)
    assert r.ephemeral


@pytest.fixture
def simcord_bot(db_path):
    return make_bot(db_path, remind_after=3600, claim_after=7200, check_every=60)


async def test_reminder_then_claim(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    mover, waiter = mover_and_waiter(db_path, ch.id, members)
    await env.advance_time(3700)
    reminder = recent(env, ch, 1)[0]
    assert "your turn" in reminder.content and mover.mention in reminder.content
    r = await waiter.slash(ch, "brade claim")
    assert r.ephemeral and "You can claim the game in" in r.response.content
    r = await mover.slash(ch, "brade claim")
    assert r.ephemeral and "own turn" in r.response.content
    await env.advance_time(3700)
    offer = recent(env, ch, 1)[0]
    assert "may now claim" in offer.content
    await env.advance_time(3700)  # no repeated notices
    assert recent(env, ch, 1)[0].id == offer.id
    await waiter.click(offer, label="Claim the game")
    row = game_row(db_path, ch.id)
    assert row["status"] == "over" and row["game"].outcome.kind == "jan"
    assert row["game"].outcome.winner.value == (
        "white" if waiter.id == row["white_id"] else "black")


async def test_play_the_computer(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    r = await alice.slash(ch, "brade new", level="nybörjare")
    assert not r.ephemeral
    for _ in range(400):
        row = game_row(db_path, ch.id)
        if row["status"] != "active":
            break
        game = row["game"]
        assert row["black_id"] == 0 and game.turn.value == "white", "the computer moves itself"
        if game.phase == "roll":
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            await alice.click(find_button(env, ch, cid), custom_id=cid)
            continue
        if len(game.legal_turns) > 1:
            r = await alice.slash(ch, "brade hint")
            assert r.ephemeral and "1." in r.response.content
        r = await alice.slash(ch, "brade move", play=game.legal_turns[0].text)
        for message in [r.response, *r.followups]:
            for data in pngs(env, message):
                assert_png(data)
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    played_by_computer = db_rows(db_path, "SELECT COUNT(*) FROM events WHERE actor_id = 0 "
                                          "AND kind = 'play'")[0][0]
    assert played_by_computer > 0
