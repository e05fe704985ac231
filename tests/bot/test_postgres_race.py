"""Two bot processes on one PostgreSQL database race for one game: one press applies.

Two ``BradeBot`` instances open the same database URL, as two processes would (during a
rolling restart, or with overlapping shard settings, both receive the game's commands).
SimCord allows one live ``Env`` per event loop, so the second bot runs in a thread with
its own event loop and its own ``Env`` (``Instance``): two loops, two asyncpg pools, two
Discord backends, truly concurrent.  Both backends build the same guild, channel and
members in the same order and SimCord's ids are deterministic, so both bots see the same
channel and the same players; each posts its own board (``/brade show``) to press.

Every round, the player to move presses the roll button on both bots at once, then sends
the same ``/brade move`` to both at once (``asyncio.gather``).  Each time exactly one
applies (the game's version goes up by one, one roll or one play is logged) and the other
gets the polite answer of the command that lost: "already been made" (the version check
refused its write, or it read the new version) or "not your turn" (it read the game after
the winner's move).  At the end the event log numbers 1..n with no gap or duplicate and
the stored game equals the replay of its log (``benchmarks/invariants.check_game``).
In one run of 40 rounds here, 28 of the 40 losing moves were refused by the version
check (both bots had read the same version) and 12 had read the winner's move: the two
really do overlap.

Both bots' background loops also find the same quiet games due at once: each reminder
and each claim offer is posted by exactly one of them.  Whether the two scans interleave
is up to the threads, so a last test forces the interleaving that matters, on two
services and two stores: one scan reads the due games, the other runs whole, the first
then posts nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import simcord

from benchmarks.invariants import check_game
from bot.client import BradeBot
from bot.config import Settings
from bot.i18n import t
from bot.service.games import GameService
from bot.service.model import Ctx
from bot.store import open_store
from tests.bot.conftest import make_bot, untrack
from tests.bot.helpers import EPHEMERAL, db_dicts, db_rows, find_button, game_row, press

T = TypeVar("T")
ROUNDS = 20
GUILD, ALICE, BOB, NOW = 1, 11, 12, 1_800_000_000.0
STALE = t("err.stale", "en")


class Instance:
    """A second bot process: an event loop in a thread of its own, with its own Env."""

    def __init__(self, bot: BradeBot) -> None:
        self.bot = bot
        self.env = simcord.Env(bot, settle_timeout=30.0)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="second-bot",
                                       daemon=True)
        self.thread.start()

    async def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the second loop; awaitable from the test's loop."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    async def close(self) -> None:
        try:
            await self.run(self.env.shutdown())
        finally:
            await self.run(self.bot.release())
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            self.loop.close()


def world(env: simcord.Env, channels: int) -> tuple[list[simcord.ChannelHandle],
                                                  list[simcord.MemberActor]]:
    guild = env.create_guild()
    chs = [guild.create_text_channel(f"spel-{i}") for i in range(channels)]
    return chs, [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]


def answer(result: Any) -> str:
    return result.response.content if result.response is not None else ""


def log_of(db: str, game_id: int) -> list[tuple[int, str]]:
    return [(seq, kind) for seq, kind in db_rows(
        db, "SELECT seq, kind FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]


def one_applied(results: list[Any], before: dict[str, Any], after: dict[str, Any],
                refusals: tuple[str, ...]) -> None:
    """Exactly one of the two answers is the public turn, the other a polite refusal."""
    private = [r for r in results if r.ephemeral]
    public = [r for r in results if not r.ephemeral]
    assert len(public) == 1 and len(private) == 1, [answer(r) for r in results]
    assert answer(private[0]) in refusals, answer(private[0])
    assert after["version"] == before["version"] + 1, "both presses were applied"


@dataclass
class Pair:
    """The two bots' views of one world: ``a`` runs on the test's loop, ``b`` in
    ``other``; ``ch_*`` and ``members_*`` are the same channel and people in each."""

    env_a: simcord.Env
    other: Instance
    chs_a: list[simcord.ChannelHandle]
    chs_b: list[simcord.ChannelHandle]
    members_a: list[simcord.MemberActor]
    members_b: list[simcord.MemberActor]

    @property
    def env_b(self) -> simcord.Env:
        return self.other.env

    @property
    def ch_a(self) -> simcord.ChannelHandle:
        return self.chs_a[0]

    @property
    def ch_b(self) -> simcord.ChannelHandle:
        return self.chs_b[0]

    def b(self, member: simcord.MemberActor) -> simcord.MemberActor:
        return next(m for m in self.members_b if m.id == member.id)


@asynccontextmanager
async def two_bots(db: str, games: int = 1, **kw: Any) -> AsyncIterator[Pair]:
    """Two bots on ``db`` and ``games`` channels, each with a game between alice and bob
    started through the first bot."""
    bot_a = make_bot(db, seed=1, **kw)
    bot_b = make_bot(db, seed=2, **kw)
    untrack(bot_b)  # released on its own loop, by ``other.close``
    other = Instance(bot_b)
    env_a = simcord.Env(bot_a, settle_timeout=30.0)
    await env_a.start()
    try:
        await other.run(other.env.start())
        chs_a, members_a = world(env_a, games)
        chs_b, members_b = world(other.env, games)
        assert ([c.id for c in chs_a], [m.id for m in members_a]) == (
            [c.id for c in chs_b], [m.id for m in members_b]), "the two worlds differ"
        alice, bob = members_a[0], members_a[1]
        for ch in chs_a:
            r = await alice.slash(ch, "brade new", opponent=bob)
            accept = next(c for row in r.response.message.components for c in row.children
                          if c.custom_id.startswith("brade:accept:"))
            await bob.click(r.response, custom_id=accept.custom_id)
        yield Pair(env_a, other, chs_a, chs_b, members_a, members_b)
    finally:
        try:
            await env_a.shutdown()
        finally:
            await other.close()


async def test_two_bots_race_for_one_game(pg_url: str) -> None:
    db = pg_url
    async with two_bots(db) as pair:
        env_a, other = pair.env_a, pair.other
        ch_a, ch_b, members_a = pair.ch_a, pair.ch_b, pair.members_a
        game_id = game_row(db, ch_a.id)["id"]

        rolls = plays = 0
        for _ in range(ROUNDS):
            row = game_row(db, ch_a.id)
            assert row["status"] == "active" and row["game"].phase == "roll"
            white = row["game"].turn.value == "white"
            mover_id = row["white_id"] if white else row["black_id"]
            waiter_id = row["black_id"] if white else row["white_id"]
            mover_a = next(m for m in members_a if m.id == mover_id)
            mover_b = pair.b(mover_a)
            # each bot posts the board with the roll button; the same button on both
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            await members_a[2].slash(ch_a, "brade show")
            await other.run(pair.b(members_a[2]).slash(ch_b, "brade show"))
            board_a = find_button(env_a, ch_a, cid)
            board_b = find_button(other.env, ch_b, cid)  # its loop is idle: plain reading
            results = await asyncio.gather(mover_a.click(board_a, custom_id=cid),
                                           other.run(mover_b.click(board_b, custom_id=cid)))
            rolled = game_row(db, ch_a.id)
            one_applied(results, row, rolled, (STALE,))
            rolls += 1
            if rolled["game"].phase != "move":
                continue  # the roll was forfeited: the turn has passed
            play = rolled["game"].legal_turns[0].text
            results = await asyncio.gather(
                mover_a.slash(ch_a, "brade move", play=play),
                other.run(mover_b.slash(ch_b, "brade move", play=play)))
            played = game_row(db, ch_a.id)
            not_your_turn = t("err.not_your_turn", "en", who=f"<@{waiter_id}>")
            one_applied(results, rolled, played, (STALE, not_your_turn))
            plays += 1
            if played["status"] != "active":
                break

        log = log_of(db, game_id)
        assert [seq for seq, _ in log] == list(range(1, len(log) + 1)), "a gap or duplicate"
        kinds = [kind for _, kind in log]
        assert kinds.count("roll") == rolls and kinds.count("play") == plays
        stored = db_dicts(db, "SELECT * FROM games WHERE id = ?", (game_id,))[0]
        if not isinstance(stored["state"], str):  # a JSON column may come back decoded
            stored["state"] = json.dumps(stored["state"])
        events = [json.loads(d) if isinstance(d, str) else d for (d,) in db_rows(
            db, "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
        assert check_game(stored, events) == []


async def test_a_roll_recorded_late_by_one_bot_leaves_the_others_board_live(
        pg_url: str) -> None:
    """Issue 26 across processes: bot A answers a Roll press and edits its board, but its
    record of that board is held back until bot B has answered the play that followed
    and recorded the next board.  A's late record changes nothing: B's board stays the
    game's live one, and the board A rolled on loses its buttons (A strips it itself)."""
    db = pg_url
    async with two_bots(db) as pair:
        env_a, other = pair.env_a, pair.other
        row = game_row(db, pair.ch_a.id)
        white = row["game"].turn.value == "white"
        mover_a = next(m for m in pair.members_a
                       if m.id == (row["white_id"] if white else row["black_id"]))
        cid = f"brade:roll:{row['id']}:{row['version']}:"
        board = find_button(env_a, pair.ch_a, cid)  # posted by A at the accept

        loop_a = asyncio.get_running_loop()
        held, release = asyncio.Event(), asyncio.Event()
        posts_a = env_a.bot.services.games.posts  # type: ignore[attr-defined]
        posts_b = other.bot.services.games.posts  # type: ignore[union-attr]
        swap_a, swap_b = posts_a.swap_board, posts_b.swap_board

        async def a_late(*args: Any) -> Any:  # A's roll record waits for B's play record
            held.set()
            await asyncio.wait_for(release.wait(), 60)
            return await swap_a(*args)

        async def b_then_release(*args: Any) -> Any:  # on B's loop
            try:
                return await swap_b(*args)
            finally:
                loop_a.call_soon_threadsafe(release.set)

        posts_a.swap_board, posts_b.swap_board = a_late, b_then_release
        press(env_a, mover_a, board, cid)
        await asyncio.wait_for(held.wait(), 60)
        rolled = game_row(db, pair.ch_a.id)
        assert rolled["game"].phase == "move", "these dice must leave a play to choose"
        r = await other.run(pair.b(mover_a).slash(
            pair.ch_b, "brade move", play=rolled["game"].legal_turns[0].text))
        assert not r.ephemeral, r.response.content
        await asyncio.wait_for(release.wait(), 60)
        await env_a.settle()

        newest = r.response.message.id if r.response.message else r.response.id
        assert newest != board.id  # two Discords: their message ids must not clash here
        played = game_row(db, pair.ch_a.id)
        assert db_rows(db, "SELECT message_id, version FROM live_boards WHERE game_id = ?",
                       (row["id"],)) == [(newest, played["version"])]
        stored_b = other.env.backend.get_message(pair.ch_b.id, newest)
        assert stored_b.components, "the newest board lost its buttons"
        left_a = [m.id for m in env_a.backend.messages.get(pair.ch_a.id, {}).values()
                  if m.components and not m.flags & EPHEMERAL]  # a welcome's are its own
        assert left_a == [], "the rolled board kept its buttons"


async def test_two_bots_remind_once_and_offer_the_claim_once(pg_url: str) -> None:
    """Both bots own the guild (overlapping shards), and in each of several channels the
    player to move has gone quiet.  Both background loops find every game due at the same
    virtual moments; the conditional update that marks a game reminded lets exactly one
    of them post each reminder, and later each claim offer, and nothing is repeated."""
    db = pg_url
    games = 6
    async with two_bots(db, games, remind_after=3600, claim_after=7200,
                        check_every=300) as pair:
        movers = {}
        for ch in pair.chs_a:
            row = game_row(db, ch.id)
            movers[ch.id] = row["white_id"] if row["game"].turn.value == "white" \
                else row["black_id"]

        def notices() -> dict[int, list[str]]:
            """The reminders either bot posted, by channel."""
            out: dict[int, list[str]] = {ch.id: [] for ch in pair.chs_a}
            for env in (pair.env_a, pair.env_b):
                for channel_id in out:
                    out[channel_id] += [
                        m.content for m in env.backend.messages.get(channel_id, {}).values()
                        if m.content.startswith("⏰")]
            return out

        async def both_wait(seconds: float) -> None:
            await asyncio.gather(pair.env_a.advance_time(seconds),
                                 pair.other.run(pair.env_b.advance_time(seconds)))

        await both_wait(3900)
        for channel_id, said in notices().items():
            assert len(said) == 1, said
            assert "your turn" in said[0] and f"<@{movers[channel_id]}>" in said[0], said
        await both_wait(3900)
        for said in notices().values():
            assert len(said) == 2 and sum("may now claim" in s for s in said) == 1, said
        await both_wait(3900)
        assert all(len(said) == 2 for said in notices().values()), "a notice was repeated"
        assert [game_row(db, ch.id)["reminded"] for ch in pair.chs_a] == [2] * games


async def test_a_scan_that_read_the_due_games_too_late_sends_nothing(pg_url: str) -> None:
    """The interleaving the background loops above may or may not hit, forced: process
    B's scan has read the due games when process A's whole scan runs; B then sends
    nothing, for the reminders and again for the claim offers.  Two services on two
    stores (two connection pools) stand for the two processes here, without Discord."""
    db = pg_url
    now = [NOW]
    seeds = itertools.count(1)
    store_a, store_b = await open_store(db), await open_store(db)
    try:
        service_a, service_b = (
            GameService(s, Settings(remind_after=3600, claim_after=7200), clock=lambda: now[0],
                        seed_source=lambda: next(seeds), agent=None)
            for s in (store_a, store_b))
        for channel in range(101, 105):
            await service_a.new_game(Ctx(ALICE, channel, GUILD), BOB)
            async with store_a.read() as tx:
                row = await tx.live_game(channel)
            await service_a.accept(Ctx(BOB, channel, GUILD), row.id, row.version)

        read_done, go_on = asyncio.Event(), asyncio.Event()
        read = store_b.read

        @asynccontextmanager
        async def read_then_wait() -> AsyncIterator[Any]:
            async with read() as tx:
                yield tx
            read_done.set()
            await go_on.wait()

        store_b.read = read_then_wait  # type: ignore[method-assign]
        for waited in (3700, 7300):
            now[0] = NOW + waited
            read_done.clear()
            go_on.clear()
            late = asyncio.create_task(service_b.due_notices())
            await read_done.wait()
            first = await service_a.due_notices()
            go_on.set()
            assert len(first) == 4 and await late == [], waited
    finally:
        await store_a.close()
        await store_b.close()
