"""Sharded processes: each does its own guilds' background work, and two that overlap
(a rolling restart, two processes given the same shard) still act once.

A guild belongs to shard ``(guild_id >> 22) % shard_count`` and direct messages to shard
0.  A process runs some shards (``BRADE_SHARDS``) and reminds, expires, resumes owed
computer turns and polls tournament deadlines only in guilds of those shards: another
process has the rest and this one cannot even see their channels.  Should two processes
both scan the same rows anyway, the database decides: a reminder is marked sent by a
conditional update before it is sent, a lapsed challenge is closed by a version-checked
update, a tournament is saved with a version check (the loser re-reads and re-applies),
so each happens once.  Two ways to be two processes: two services, each on its own
connection to the same database, gated so that both have read the due rows before either
writes (the race happens every time); and two whole bots on one PostgreSQL database, each
in a thread with its own event loop and SimCord Discord (SimCord allows one environment
per loop), whose loops run over the same overdue games at once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import simcord

from bot.client import BradeBot, shard_of
from bot.config import Settings
from bot.service.games import GameService
from bot.service.model import Ctx
from bot.service.tournaments import TournamentService
from bot.store import open_store
from tests.bot.conftest import bot_settings, make_bot
from tests.bot.helpers import (
    Db,
    GatedStore,
    db_dicts,
    game_row,
    guild_on,
    race,
    run_as_two_processes,
)

START = 1_750_000_000.0


# -- the rule ---------------------------------------------------------------------------------


def test_a_guild_belongs_to_the_shard_of_its_id() -> None:
    assert shard_of(guild_on(3, 8), 8) == 3
    assert shard_of(41771983423143936, 4) == (41771983423143936 >> 22) % 4
    assert shard_of(None, 8) == 0 and shard_of(0, 8) == 0  # direct messages: shard 0
    assert all(shard_of(guild_on(s, 5, k), 5) == s for s in range(5) for k in range(1, 9))


def test_owns_guild_follows_the_configured_shards() -> None:
    bot = BradeBot(db_path=":memory:", agent=None, shards=((0, 1), 4))
    assert bot.shard_ids == [0, 1] and bot.shard_count == 4  # handed to discord.py
    assert [bot.owns_guild(guild_on(s, 4)) for s in range(4)] == [True, True, False, False]
    assert bot.owns_guild(None)  # a DM is shard 0's
    other = BradeBot(db_path=":memory:", agent=None, shards=((2,), 3))
    assert [other.owns_guild(guild_on(s, 3)) for s in range(3)] == [False, False, True]
    assert not other.owns_guild(None)


def test_without_shards_discord_decides_and_one_process_owns_everything() -> None:
    bot = BradeBot(db_path=":memory:", agent=None)
    assert bot.shard_count is None and bot.shard_ids is None  # discord.py asks Discord
    assert all(bot.owns_guild(guild_on(s, 16)) for s in range(16))
    assert bot.owns_guild(None)
    bot.shard_count = 4  # what discord.py fills in once Discord has answered
    assert bot.owns_guild(guild_on(3, 4))


# -- one bot running shards 0 and 1 of 4 -------------------------------------------------------


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    return make_bot(db_path, shards=((0, 1), 4), remind_after=3600, claim_after=7200,
                    check_every=60)


def _button(reply: Any) -> tuple[int, int]:
    b = reply.posts[0].buttons[0]
    return b.game_id, b.version


async def _computer_owes(service: GameService, guild: int, channels: list[int],
                         user: int) -> int:
    """A game against the computer in which the computer is to play (the command that
    would have made it play never ran): the first of ``channels`` where the dice say so."""
    for ch in channels:
        await service.new_game(Ctx(user, ch, guild), None, level="nybörjare")
        if await service.needs_computer(Ctx(user, ch, guild)):
            return ch
    raise AssertionError("the computer never had the first turn")


async def test_a_process_reminds_expires_and_resumes_only_its_own_guilds(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    bot: BradeBot = env.bot  # type: ignore[assignment]
    service = bot.services.games
    assert service is not None
    setup: dict[int, dict[str, int]] = {}
    for shard in range(4):
        guild = env.create_guild(f"shard {shard}", shard_id=shard)
        alice = guild.add_member(env.create_user(f"alice{shard}"))
        bob = guild.add_member(env.create_user(f"bob{shard}"))
        play = guild.create_text_channel("spel")
        offer = guild.create_text_channel("utmaning")
        computer = [guild.create_text_channel(f"dator{i}").id for i in range(8)]
        # Written through the service (the other shards' guilds are invisible to this
        # bot's Discord side; their games came from another process).
        gid, version = _button(await service.new_game(Ctx(alice.id, play.id, guild.id),
                                                      bob.id))
        await service.accept(Ctx(bob.id, play.id, guild.id), gid, version)
        await service.new_game(Ctx(alice.id, offer.id, guild.id), bob.id)
        owed = await _computer_owes(service, guild.id, computer, alice.id)
        setup[shard] = {"guild": guild.id, "play": play.id, "offer": offer.id,
                        "computer": owed}
    owed_rows = await service.owed_computer_turns()
    assert {r.guild_id for r in owed_rows} <= {setup[0]["guild"], setup[1]["guild"]}

    await env.advance_time(3700)  # past remind_after and the challenges' 15 minutes

    for shard, s in setup.items():
        mine = shard in (0, 1)
        played = game_row(db_path, s["play"])
        assert played["reminded"] == (1 if mine else 0), shard
        reminders = [m for m in env.backend.messages.get(s["play"], {}).values()
                     if m.content.startswith("⏰") and "your turn" in m.content]
        assert len(reminders) == (1 if mine else 0), shard
        assert game_row(db_path, s["offer"])["status"] == ("declined" if mine else "offered")
        # The owner's loop played the computer's owed turn; the others' stay owed,
        # waiting for their own process.
        owed = await service.needs_computer(Ctx(0, s["computer"], s["guild"]))
        assert owed is not mine, shard


async def test_unset_shards_run_every_shard_discord_names(db_path: Db) -> None:
    """BRADE_SHARDS unset: discord.py takes the count Discord gives (here SimCord's 2) and
    runs every shard; slash commands arrive from guilds of both and both get reminders."""
    bot = make_bot(db_path, shards=None, remind_after=3600, claim_after=7200,
                   check_every=60)
    async with simcord.run(bot, shard_count=2, settle_timeout=30.0) as env:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        channels = []
        for shard in (0, 1):
            guild = env.create_guild(f"shard {shard}", shard_id=shard)
            ch = guild.create_text_channel("spel")
            alice, bob = (guild.add_member(env.create_user(f"{n}{shard}"))
                          for n in ("alice", "bob"))
            r = await alice.slash(ch, "brade new", opponent=bob)
            accept = next(c for row in r.response.message.components for c in row.children
                          if c.custom_id.startswith("brade:accept:"))
            await bob.click(r.response, custom_id=accept.custom_id)
            channels.append(ch.id)
        await env.advance_time(3700)
        assert [game_row(db_path, ch)["reminded"] for ch in channels] == [1, 1]


async def test_rating_catch_up_at_start_is_for_own_guilds(db_path: Db) -> None:
    """Rated games that ended while no listener ran (the bot stopped right after the
    commit) are rated at the next start, each by the process that owns its guild."""
    store = await open_store(db_path)
    service = GameService(store, agent=None)  # no rating listener: as if it had crashed
    mine, theirs = guild_on(1, 4), guild_on(2, 4)
    try:
        for guild, ch in ((mine, 9000), (theirs, 9001)):
            gid, version = _button(await service.new_game(Ctx(ALICE, ch, guild), BOB))
            gid, version = _button(await service.accept(Ctx(BOB, ch, guild), gid, version))
            await service.resign(Ctx(ALICE, ch, guild), gid, version, abandon=True)
    finally:
        await store.close()
    assert len(db_dicts(db_path, "SELECT id FROM games WHERE status = 'over'")) == 2
    async with simcord.run(make_bot(db_path, agent=None, shards=((0, 1), 4)),
                           settle_timeout=30.0):
        pass
    rated = db_dicts(db_path, "SELECT guild_id FROM rated_games")
    assert [r["guild_id"] for r in rated] == [mine]
    async with simcord.run(make_bot(db_path, agent=None, shards=((2, 3), 4)),
                           settle_timeout=30.0):
        pass
    rated = db_dicts(db_path, "SELECT guild_id FROM rated_games ORDER BY guild_id")
    assert sorted(r["guild_id"] for r in rated) == sorted([mine, theirs])


# -- two processes over the same rows ----------------------------------------------------------


@pytest.fixture
async def two(db_path: Db) -> AsyncIterator[tuple[list[float], list[GatedStore]]]:
    """Two stores on one database, as two processes would have them, and one clock."""
    clock = [START]
    stores = [GatedStore(await open_store(db_path)) for _ in range(2)]
    try:
        yield clock, stores
    finally:
        for s in stores:
            await s.close()


def _games(stores: list[GatedStore], clock: list[float]) -> list[GameService]:
    return [GameService(s, Settings(remind_after=3600, claim_after=7200),  # type: ignore[arg-type]
                        clock=lambda: clock[0], agent=None) for s in stores]


GUILD = guild_on(0, 1)
ALICE, BOB = 1001, 1002


async def test_two_processes_send_each_reminder_and_claim_once(two, db_path: Db) -> None:
    clock, stores = two
    a, b = _games(stores, clock)
    channels = list(range(5000, 5006))
    for ch in channels:
        gid, version = _button(await a.new_game(Ctx(ALICE, ch, GUILD), BOB))
        await a.accept(Ctx(BOB, ch, GUILD), gid, version)
    for level, text in ((1, "your turn"), (2, "may now claim")):
        clock[0] += 3700
        found = await race(stores, a.due_notices, b.due_notices)
        sent = [ch for notices in found for ch, _ in notices]
        assert sorted(sent) == channels, (level, found)  # every game once, none twice
        assert all(text in post.text for notices in found for _, post in notices)
        rows = db_dicts(db_path, "SELECT reminded FROM games WHERE status = 'active'")
        assert [r["reminded"] for r in rows] == [level] * len(channels)
    clock[0] += 3700
    assert await race(stores, a.due_notices, b.due_notices) == [[], []]


async def test_two_processes_expire_each_challenge_once(two, db_path: Db) -> None:
    clock, stores = two
    a, b = _games(stores, clock)
    channels = list(range(6000, 6006))
    for ch in channels:
        await a.new_game(Ctx(ALICE, ch, GUILD), BOB)
    clock[0] += 16 * 60
    found = await race(stores, a.expire_offers, b.expire_offers)
    assert sorted(ch for lapsed in found for ch, _, _ in lapsed) == channels
    rows = db_dicts(db_path, "SELECT game_id, COUNT(*) AS n FROM events WHERE kind = 'expire' "
                    "GROUP BY game_id")
    assert len(rows) == len(channels) and all(r["n"] == 1 for r in rows)
    statuses = db_dicts(db_path, "SELECT status FROM games")
    assert {r["status"] for r in statuses} == {"declined"}


async def _cup(t: TournamentService, name: str, players: list[int], *,
               deadline_hours: int | None = None, guild: int = GUILD) -> list[Any]:
    org = Ctx(players[0], 7000, guild)
    await t.create(org, name=name, format="single_elimination", rounds=None, rules=None,
                   match_length=1, max_players=None, deadline_hours=deadline_hours)
    for p in players:
        await t.join(Ctx(p, 7000, guild), name, f"player {p}")
    return (await t.start(org, name)).matches


async def test_two_processes_pair_the_next_round_once(two, db_path: Db) -> None:
    clock, stores = two
    ta, tb = (TournamentService(s, clock=lambda: clock[0]) for s in stores)  # type: ignore[arg-type]
    players = [2001, 2002, 2003, 2004]
    first = await _cup(ta, "Cup", players)
    assert len(first) == 2
    org = Ctx(players[0], 7000, GUILD)

    def result(t: TournamentService, m: Any) -> Callable[[], Any]:
        return lambda: t.organiser_action(org, "Cup", "result", match=m.pairing,
                                          winner=m.white_id)

    # gate 2: both have read the tournament inside the version-checked change (read 1
    # is the lookup by name), then each records its own match's result
    outcomes = await race(stores, result(ta, first[0]), result(tb, first[1]), gate=2)
    opened = [m for out in outcomes for m in out.matches]
    assert len(opened) == 1, opened  # the final, paired by exactly one of the two
    final = opened[0]
    assert {final.white_id, final.black_id} == {first[0].white_id, first[1].white_id}
    data = json.loads(db_dicts(db_path, "SELECT data FROM tournaments")[0]["data"])
    assert len(data["rounds"]) == 2 and len(data["rounds"][1]["pairings"]) == 1
    decided = [p for p in data["rounds"][0]["pairings"] if p["winner"] is not None]
    assert len(decided) == 2  # neither result lost to the other's save


async def test_two_processes_hand_out_each_deadline_notice_once(two, db_path: Db) -> None:
    clock, stores = two
    ta, tb = (TournamentService(s, clock=lambda: clock[0]) for s in stores)  # type: ignore[arg-type]
    await _cup(ta, "Blixt", [3001, 3002, 3003, 3004], deadline_hours=1)
    clock[0] += 2 * 3600  # past the round's deadline: a walkover proposal per match
    outcomes = await race(stores, ta.due, tb.due)
    notices = [n.text for outs in outcomes for out in outs for n in out.notices]
    assert len(notices) == 2, notices
    clock[0] += 3600
    again = await race(stores, ta.due, tb.due)
    assert [n for outs in again for out in outs for n in out.notices] == []


async def test_two_processes_play_an_owed_computer_turn_once(two, db_path: Db) -> None:
    """Both find the computer owing a turn and both think; one save wins, the other
    process stops without an error or a second board."""
    from bot.service.ai import ThreadAgent

    clock, stores = two
    agent = ThreadAgent()
    a, b = (GameService(s, clock=lambda: clock[0], agent=agent,  # type: ignore[arg-type]
                        seed_source=iter(range(1, 10_000)).__next__) for s in stores)
    for service in (a, b):
        await service.settings(GUILD)  # warm, so each one's first read is the game's
    channel = await _computer_owes(a, GUILD, list(range(8000, 8020)), ALICE)
    before = db_dicts(db_path, "SELECT version FROM games WHERE channel_id = ?",
                      (channel,))[0]["version"]
    replies = await race(stores, lambda: a.computer_turns(Ctx(ALICE, channel, GUILD)),
                          lambda: b.computer_turns(Ctx(ALICE, channel, GUILD)))
    assert sorted(bool(r.posts) for r in replies) == [False, True]
    assert not await a.needs_computer(Ctx(ALICE, channel, GUILD))
    seqs = [r["seq"] for r in db_dicts(
        db_path, "SELECT seq FROM events WHERE game_id = (SELECT id FROM games WHERE "
        "channel_id = ?) ORDER BY seq", (channel,))]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # no gap, no duplicate
    after = db_dicts(db_path, "SELECT version FROM games WHERE channel_id = ?",
                     (channel,))[0]["version"]
    assert after > before


async def test_tournament_deadlines_of_other_shards_are_left_alone(two) -> None:
    clock, stores = two
    mine, theirs = guild_on(0, 2), guild_on(1, 2)
    t = TournamentService(stores[0], clock=lambda: clock[0],  # type: ignore[arg-type]
                          owns=lambda g: shard_of(g, 2) == 0)
    await _cup(t, "Hemma", [4001, 4002], deadline_hours=1, guild=mine)
    await _cup(t, "Borta", [4003, 4004], deadline_hours=1, guild=theirs)
    clock[0] += 2 * 3600
    outs = await t.due()
    assert [n.text for out in outs for n in out.notices if "Borta" in n.text] == []
    assert len([n for out in outs for n in out.notices if "Hemma" in n.text]) == 1
    other = TournamentService(stores[1], clock=lambda: clock[0],  # type: ignore[arg-type]
                              owns=lambda g: shard_of(g, 2) == 1)
    outs = await other.due()  # the other process hands out its own, still pending
    assert [n.text for out in outs for n in out.notices if "Borta" in n.text] != []
    assert [n for out in outs for n in out.notices if "Hemma" in n.text] == []


async def test_two_processes_opening_games_in_one_channel_make_one(two, db_path: Db) -> None:
    """Both see the channel free; the database's one-live-game key refuses the second
    insert (``Conflict``), which is answered as if it had seen the first game."""
    from bot.service.model import UserError

    clock, stores = two
    a, b = _games(stores, clock)
    for service in (a, b):
        await service.settings(GUILD)  # warm: each one's first read is the channel's game
    results = await race(
        stores, lambda: a.new_game(Ctx(ALICE, 9100, GUILD), BOB),
        lambda: b.new_game(Ctx(3003, 9100, GUILD), BOB), return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], UserError), results
    assert refused[0].key == "new.busy"
    rows = db_dicts(db_path, "SELECT status FROM games WHERE channel_id = 9100")
    assert [r["status"] for r in rows] == ["offered"]
    events = db_dicts(db_path, "SELECT game_id FROM events")
    assert len(events) == 1  # the refused one left nothing behind


@pytest.mark.parametrize("db_path", ["sqlite"], indirect=True)  # the store is not involved
async def test_a_conflict_no_answer_foresaw_is_still_a_polite_refusal(
        simcord_env: simcord.Env, db_path: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write the database refused where the service had no better answer reaches the
    command layer as ``Conflict``: the user hears that nothing changed, in their language,
    and no apology for an internal error."""
    from bot.store import Conflict

    env = simcord_env
    guild = env.create_guild(shard_id=1)
    ch = guild.create_text_channel("spel")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))

    async def refused(*args: Any, **kwargs: Any) -> Any:
        raise Conflict("could not serialize access due to concurrent update")

    monkeypatch.setattr(env.bot.services.games, "new_game", refused)  # type: ignore[union-attr]
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral and "at the same moment" in r.response.content
    assert game_row(db_path, ch.id) is None
    sv = env.create_guild(shard_id=0, preferred_locale="sv-SE")
    ch = sv.create_text_channel("spel")
    alice, bob = (sv.add_member(env.create_user(n)) for n in ("alice", "bob"))
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral and "i samma ögonblick" in r.response.content


# -- two whole bots, each with its own Discord, on one PostgreSQL database --------------------


def test_two_bots_on_one_database_remind_and_expire_once(pg_url: str) -> None:
    """Two ``BradeBot``s as two processes with overlapping shards (both run shard 0 of
    1): each in its own thread, event loop and SimCord Discord (one loop holds one SimCord
    environment), both seeing the same server, channels and members.  The games were
    started through the first; then both run their loops over the same overdue rows at
    once.  Each reminder and each lapsed challenge is posted once, across both."""
    import threading

    guild_id = guild_on(0, 1, 99)
    barrier = threading.Barrier(2, timeout=120)
    seen: dict[int, dict[str, Any]] = {}

    async def process(index: int) -> None:
        seeds = iter(range(index * 10_000, (index + 1) * 10_000))
        bot = BradeBot(db_path=pg_url, agent=None, shards=((0,), 1),
                       settings=bot_settings(remind_after=3600, claim_after=7200,
                                             check_every=60), seed_source=seeds.__next__)
        env = simcord.Env(bot, settle_timeout=60.0)
        await env.start()
        try:
            # the same creation order in both gives the same ids: one Discord server
            guild = env.create_guild("Klubben", id=guild_id)
            alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
            plays = [guild.create_text_channel(f"spel{k}") for k in range(3)]
            offers = [guild.create_text_channel(f"utmaning{k}") for k in range(3)]
            if index == 0:
                for ch in plays:
                    r = await alice.slash(ch, "brade new", opponent=bob)
                    accept = next(c for row in r.response.message.components
                                  for c in row.children
                                  if c.custom_id.startswith("brade:accept:"))
                    await bob.click(r.response, custom_id=accept.custom_id)
                for ch in offers:
                    await alice.slash(ch, "brade new", opponent=bob)
            await asyncio.to_thread(barrier.wait)  # both attached, the games in place
            await env.advance_time(3700)  # past the reminder and the challenges' expiry
            await asyncio.to_thread(barrier.wait)  # both loops done before either reads

            def texts(ch: Any) -> list[str]:
                return [m.content for m in env.backend.messages.get(ch.id, {}).values()]

            seen[index] = {"ids": [c.id for c in plays + offers],
                           "reminders": {c.id: sum(x.startswith("⏰") and "your turn" in x
                                                   for x in texts(c)) for c in plays},
                           "expired": {c.id: sum("the challenge lapsed" in x
                                                 for x in texts(c)) for c in offers}}
        finally:
            await env.shutdown()
            await bot.release()

    run_as_two_processes(process, barrier)
    assert seen[0]["ids"] == seen[1]["ids"]  # one server seen by both
    for key in ("reminders", "expired"):
        total = {ch: seen[0][key][ch] + seen[1][key][ch] for ch in seen[0][key]}
        assert list(total.values()) == [1, 1, 1], (key, seen)
    rows = db_dicts(pg_url, "SELECT status, reminded FROM games ORDER BY id")
    assert [r["status"] for r in rows] == ["active"] * 3 + ["declined"] * 3
    assert [r["reminded"] for r in rows[:3]] == [1, 1, 1]
    expired = db_dicts(pg_url, "SELECT COUNT(*) AS n FROM events WHERE kind = 'expire'")
    assert expired[0]["n"] == 3
