"""Ratings, the leaderboard and profiles through slash commands (issue 6)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import simcord

from bot.client import BradeBot
from bot.league.ratings import MU
from bot.store import ratings_sql
from tests.bot.conftest import make_bot
from tests.bot.helpers import db_rows, find_button, game_row, mover_and_waiter, snapshot, start_game


def ratings(db: Path) -> dict[int, tuple[float, int, int, int]]:
    """user id -> (mu, games, wins, losses)"""
    return {r[0]: (r[1], r[2], r[3], r[4]) for r in db_rows(
        db, "SELECT user_id, mu, games, wins, losses FROM ratings")}


def full_snapshot(db: Path) -> tuple:
    return (*snapshot(db), db_rows(db, "SELECT * FROM ratings ORDER BY guild_id, user_id"),
            db_rows(db, "SELECT * FROM rated_games ORDER BY game_id"))


async def resign(env: simcord.Env, ch: simcord.ChannelHandle, who: simcord.MemberActor) -> None:
    r = await who.slash(ch, "brade resign")
    assert r.ephemeral
    await who.click(r.response, label="Yes, resign")


async def new_game(env: simcord.Env, ch, challenger, opponent, **opts) -> None:
    r = await challenger.slash(ch, "brade new", opponent=opponent, **opts)
    assert not r.ephemeral, r.response.content
    await opponent.click(r.response, label="Accept")


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path, agent=None, remind_after=30, claim_after=60, check_every=10)


@asynccontextmanager
async def running(bot: BradeBot) -> AsyncIterator[simcord.Env]:
    """A SimCord world around ``bot``; the bot is closed afterwards (its store too)."""
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        await bot.close()


async def test_rated_game_moves_ratings_and_they_persist(db_path: Path) -> None:
    async with running(make_bot(db_path, agent=None)) as env:
        guild, ch, (alice, bob, carol) = await start_game(env)
        await resign(env, ch, alice)
        assert game_row(db_path, ch.id)["status"] == "over"
        r = ratings(db_path)
        assert r[bob.id][0] > MU > r[alice.id][0]  # the winner rises, the loser falls
        assert r[bob.id][1:] == (1, 1, 0) and r[alice.id][1:] == (1, 0, 1)
        assert db_rows(db_path, "SELECT COUNT(*) FROM rated_games")[0][0] == 1

        board = await carol.slash(ch, "rating leaderboard")
        assert board.ephemeral
        text = board.response.content
        assert "Leaderboard" in text and text.index("bob") < text.index("alice")  # names
        assert "1–0 in 1 rated" in text and "0–1 in 1 rated" in text
        # provisional after one game, in words (issue 30, 11: a bare "1658?" said nothing)
        assert f"**{round(r[bob.id][0])} (provisional)**" in text
        assert "?" not in text and "A provisional rating rests on few games" in text

    # a second bot on the same database file still shows them
    async with running(make_bot(db_path, agent=None)) as env2:
        g2 = env2.create_guild(id=guild.id)
        ch2 = g2.create_text_channel("spel")
        alice2 = g2.add_member(env2.create_user("alice"))
        again = await alice2.slash(ch2, "rating leaderboard")
        assert "bob" in again.response.content  # the name, remembered in the database
        assert f"**{round(r[bob.id][0])} (provisional)**" in again.response.content
        assert alice2.id == alice.id  # SimCord numbers users the same way each time
        prof = await alice2.slash(ch2, "rating profile")
        assert prof.ephemeral and "rated results 0–1" in prof.response.content
        assert "rating -158" in prof.response.content
        assert f"Rating: **{round(r[alice.id][0])} (provisional)**" in prof.response.content
    assert ratings(db_path) == r


async def test_computer_unrated_and_aborted_games_change_nothing(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    # against the computer (no AI in this bot: refused), so an unrated game between members
    await new_game(env, ch, alice, bob, rated=False)
    await resign(env, ch, alice)
    # a rated game, aborted by agreement
    await new_game(env, ch, alice, bob)
    await alice.slash(ch, "brade abort")
    row = game_row(db_path, ch.id)
    await bob.click(find_button(env, ch, f"brade:abort:{row['id']}:{row['version']}:"),
                    custom_id=f"brade:abort:{row['id']}:{row['version']}:")
    assert game_row(db_path, ch.id)["status"] == "aborted"
    assert ratings(db_path) == {}
    before = full_snapshot(db_path)
    r = await alice.slash(ch, "rating leaderboard")
    assert r.ephemeral and "Nobody on this server has a rating yet" in r.response.content
    # the unrated game still shows on the profile's record
    prof = await bob.slash(ch, "rating profile")
    text = prof.response.content
    assert "Rating: none yet" in text and "1–0" in text and "`talisman` 1–0" in text
    assert full_snapshot(db_path) == before


async def test_computer_game_is_never_rated(db_path: Path) -> None:
    async with running(make_bot(db_path)) as env:  # with the AI
        guild = env.create_guild()
        ch = guild.create_text_channel("spel")
        alice = guild.add_member(env.create_user("alice"))
        r = await alice.slash(ch, "brade new", level="nybörjare")
        assert not r.ephemeral
        row = game_row(db_path, ch.id)
        assert row["black_id"] == 0 and row["rated"] == 0
        r = await alice.slash(ch, "brade resign")
        await alice.click(r.response, label="Yes, resign")
        assert game_row(db_path, ch.id)["status"] == "over"
        assert ratings(db_path) == {}
        bot: BradeBot = env.bot  # type: ignore[assignment]
        cog = bot.get_cog("Ratings")
        async with bot.store.read() as tx:  # type: ignore[union-attr]
            stored = await tx.game(row["id"])
        assert await cog.ratings.on_game_end(stored) is False  # type: ignore[union-attr]
        assert ratings(db_path) == {}


async def test_game_applied_once_and_caught_up(simcord_env: simcord.Env, db_path: Path,
                                               simcord_bot: BradeBot) -> None:
    env = simcord_env
    _, ch, (alice, bob, _carol) = await start_game(env)
    await resign(env, ch, bob)
    once = full_snapshot(db_path)
    bot = simcord_bot
    async with bot.store.read() as tx:  # type: ignore[union-attr]
        row = await tx.game(game_row(db_path, ch.id)["id"])
    cog = bot.get_cog("Ratings")
    assert row is not None and cog is not None
    # the listener fires again, twice at once, and through the service's own path
    results = await asyncio.gather(cog.ratings.on_game_end(row), cog.ratings.on_game_end(row))
    await bot.services.games.table.ended(row)  # type: ignore[union-attr]
    assert results == [False, False]
    assert full_snapshot(db_path) == once
    assert ratings(db_path)[alice.id][1:] == (1, 1, 0)

    # a game that ended while nobody listened is applied at the next start (catch-up)
    bot.services.games.end_listeners.remove(cog.ratings.on_game_end)  # type: ignore[union-attr]
    await new_game(env, ch, alice, bob)
    await resign(env, ch, alice)
    assert ratings(db_path)[alice.id][1:] == (1, 1, 0)
    assert await cog.ratings.catch_up() == 1
    assert ratings(db_path)[alice.id][1:] == (2, 1, 1)
    assert await cog.ratings.catch_up() == 0
    async with bot.store.read() as tx:  # type: ignore[union-attr]
        seeds = await ratings_sql.ratings_for(tx, ch.guild.id, [alice.id, bob.id, 4242])
    assert seeds[4242] == MU and seeds[alice.id] != MU and seeds[bob.id] != MU


async def test_profile_record_ways_and_refusals(simcord_env: simcord.Env,
                                                db_path: Path) -> None:
    env = simcord_env
    guild, ch, (alice, bob, carol) = await start_game(env)
    await resign(env, ch, alice)  # bob wins by resignation
    # bob wins again: alice stops playing and bob claims (scores as jan, B-35 house)
    await new_game(env, ch, alice, bob, ruleset="classic")
    mover, _waiter = mover_and_waiter(db_path, ch.id, [alice, bob])
    if mover.id == bob.id:  # bob must be the one waiting: he passes his roll first
        row = game_row(db_path, ch.id)
        cid = f"brade:roll:{row['id']}:{row['version']}:"
        await bob.click(find_button(env, ch, cid), custom_id=cid)
        row = game_row(db_path, ch.id)
        if row["game"].phase == "move":
            await bob.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
    assert mover_and_waiter(db_path, ch.id, [alice, bob])[1].id == bob.id
    await env.advance_time(120)
    r = await bob.slash(ch, "brade claim")
    assert not r.ephemeral, r.response.content
    assert game_row(db_path, ch.id)["status"] == "over"

    prof = await carol.slash(ch, "rating profile", member=bob)
    text = prof.response.content
    assert prof.ephemeral and "Profile of bob" in text
    assert "rated results 2–0" in text and "place 1 of 2" in text
    assert "`classic` 1–0" in text and "`talisman` 1–0" in text
    assert "jan 1" in text and "resignations 1" in text and "hemspel 0" in text
    assert "Recent games:" in text and text.count("against alice") == 2
    assert "rating +" in text
    mine = await alice.slash(ch, "rating profile")
    assert "0–2" in mine.response.content and "rating -" in mine.response.content

    shared = await bob.slash(ch, "rating leaderboard", count=1, share=True)
    assert not shared.ephemeral and "bob" in shared.response.content
    assert "alice" not in shared.response.content

    before = full_snapshot(db_path)
    r = await alice.slash(ch, "rating profile", member=carol)
    assert r.ephemeral and "has not finished any games" in r.response.content
    robot = guild.add_member(env.create_user("robot", bot=True))
    r = await alice.slash(ch, "rating profile", member=robot)
    assert r.ephemeral and "Bots have no rating" in r.response.content
    assert full_snapshot(db_path) == before


async def test_swedish_names_and_texts(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, (alice, bob, carol) = await start_game(env, locale="sv")
    before = full_snapshot(db_path)
    r = await carol.slash(ch, "rating leaderboard")
    assert r.ephemeral and "Ingen på den här servern har någon ranking" in r.response.content
    r = await carol.slash(ch, "rating profile")
    assert r.ephemeral and "har inte spelat färdigt" in r.response.content
    assert full_snapshot(db_path) == before
    r = await alice.slash(ch, "brade resign")
    await alice.click(r.response, label="Ja, ge upp")
    r = await carol.slash(ch, "rating profile", member=bob)
    assert "Profil för" in r.response.content and "Sätt att vinna" in r.response.content
