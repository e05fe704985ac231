"""One member cannot crowd out the others (issue 25, point 3).

A button that starts something works once: the private "Start it in a new thread" button
pressed twice (one after the other, at the same moment, or again after a restart) opens
one thread with one game, and Play again starts one game.  A member has at most
``BRADE_MAX_GAMES_PER_MEMBER`` live games and open challenges per server, counted
together: a challenge counts for whoever made it, a game for both players, so accepting
raises the accepting member's count.  At the limit ``/brade new``, the thread button,
Play again and Accept are refused politely, and so is a challenge to a member who is at
the limit; a tournament's games are neither refused nor counted.  A game against the
computer nobody touched for the claim time is closed as abandoned.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest
import simcord
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult

from bot.config import Config, Settings
from bot.i18n import points_unit, t
from bot.service.games import GameService
from bot.service.games.challenges import Challenges
from bot.service.model import COMPUTER, Ctx, UserError
from bot.store import limits_sql, open_store
from bot.store.repositories import LimitRepository
from engine.game import Game
from engine.position import Side
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    buttons_left,
    db_rows,
    find_button,
    game_row,
    recent,
    resign,
    server,
    snapshot,
)

USED = {lang: t("err.button.used", lang) for lang in ("en", "sv")}


def thread_button(result: Any) -> str:
    """The custom id of the private "Start it in a new thread" button of a refusal."""
    assert result.ephemeral, result.response
    ids = [c["custom_id"] for row in result.response.components for c in row["components"]]
    found = [i for i in ids if i.startswith("bradethread:")]
    assert found, ids
    return found[0]


def seen_payload(env: simcord.Env, message: Any) -> dict[str, Any]:
    """The message as a member's client shows it now (its buttons included): what
    Discord sends with a press of one of its buttons."""
    channel_id = getattr(message, "channel_id", None) or message.channel.id
    return dict(serializers.message_payload(env.backend,
                                            env.backend.get_message(channel_id, message.id)))


def press_as_seen(env: simcord.Env, actor: simcord.MemberActor, seen: dict[str, Any],
                  custom_id: str) -> InteractionResult:
    """A press of ``custom_id`` on the message as ``seen`` (a press sent while the client
    still showed the button: at the same moment as another, or on a screen not yet
    refreshed), without waiting for the bot; its result fills in once the env settles."""
    backend = env.backend
    record, payload = _interactions.base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=int(seen["channel_id"]),
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
    payload["message"] = seen
    record.source_message_id = int(seen["id"])
    backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)


def games_of(db: Db, user_id: int) -> list[tuple]:
    return db_rows(db, "SELECT id, channel_id, status FROM games WHERE white_id = ? "
                   "OR black_id = ? ORDER BY id", (user_id, user_id))


def said(result: InteractionResult) -> list[str]:
    return [m.content for m in [result.response, *result.followups] if m is not None]


def limit_text(n: int, limit: int, lang: str = "en") -> str:
    return t("err.limit.yours", lang, n=n, limit=limit)


async def busy_thread_offer(env: simcord.Env, locale: str | None = None) -> tuple:
    """Alice's challenge to Bob holds the channel; her challenge to Carol there is offered
    a thread instead.  (The channel, Alice, Bob, Carol, the refusal.)"""
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    ch = guild.create_text_channel("spel")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    await alice.slash(ch, "brade new", opponent=bob)
    refused = await alice.slash(ch, "brade new", opponent=carol)
    return ch, alice, bob, carol, refused


def challenges_to(db: Db, user_id: int) -> list[tuple]:
    return db_rows(db, "SELECT id, channel_id FROM games WHERE status = 'offered' AND "
                   "black_id = ? ORDER BY id", (user_id,))


# -- a button that starts something works once ---------------------------------------------


async def test_the_thread_button_starts_one_game(simcord_env: simcord.Env, db_path) -> None:
    """Pressed, pressed again on a screen that still shows it, and again after a restart:
    one thread, one challenge to Carol; the private message loses its button at the
    first press and then says where the game is."""
    env = simcord_env
    ch, alice, _bob, carol, refused = await busy_thread_offer(env)
    cid = thread_button(refused)
    seen = seen_payload(env, refused.response)
    first = await alice.click(refused.response, custom_id=cid)
    assert first.acknowledged
    assert len(ch.threads) == 1
    thread = ch.threads[0]
    assert [c for _, c in challenges_to(db_path, carol.id)] == [thread.id]
    message = env.backend.get_message(ch.id, refused.response.id)
    assert not message.components  # the button is gone from the private message
    assert message.content.startswith(t("thread.opened", "en", thread=f"<#{thread.id}>"))
    before = snapshot(db_path)

    again = press_as_seen(env, alice, seen, cid)
    await env.settle()
    assert USED["en"] in said(again)
    assert snapshot(db_path) == before and len(ch.threads) == 1

    await env.restart_bot(make_bot(db_path))  # the spent button is in the database
    after_restart = press_as_seen(env, alice, seen, cid)
    await env.settle()
    assert USED["en"] in said(after_restart)
    assert snapshot(db_path) == before and len(ch.threads) == 1
    assert len(challenges_to(db_path, carol.id)) == 1


async def test_two_presses_at_once_start_one_game(simcord_env: simcord.Env, db_path) -> None:
    """Both presses reach the bot before it answers either (in a Swedish server): one
    thread, one challenge; the other press is told, in Swedish, that the button was
    used."""
    env = simcord_env
    ch, alice, _bob, carol, refused = await busy_thread_offer(env, locale="sv")
    cid = thread_button(refused)
    seen = seen_payload(env, refused.response)
    results = [press_as_seen(env, alice, seen, cid) for _ in range(2)]
    await env.settle()
    assert all(r.acknowledged for r in results)
    assert len(ch.threads) == 1
    assert len(challenges_to(db_path, carol.id)) == 1
    notes = [text for r in results for text in said(r)]
    assert notes.count(USED["sv"]) == 1, notes
    assert not env.backend.get_message(ch.id, refused.response.id).components


async def test_play_again_starts_one_game(simcord_env: simcord.Env, db_path) -> None:
    """Play again on a finished game's last board, pressed twice as the board was shown:
    one rematch; after it was declined, a press from a screen that still showed the
    button starts nothing either."""
    env = simcord_env
    _, ch, _owner, (alice, bob) = server(env, "alice", "bob")
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")
    await resign(ch, alice)
    final = recent(env, ch, 1)[0]
    row = game_row(db_path, ch.id)
    cid = f"brade:rematch:{row['id']}:{row['version']}:"
    seen = seen_payload(env, final)
    presses = [press_as_seen(env, alice, seen, cid), press_as_seen(env, bob, seen, cid)]
    await env.settle()
    assert all(p.acknowledged for p in presses)
    offered = db_rows(db_path, "SELECT id FROM games WHERE status = 'offered'")
    assert len(offered) == 1
    rematch = game_row(db_path, ch.id)
    decline = f"brade:decline:{rematch['id']}:{rematch['version']}:"
    await bob.click(find_button(env, ch, decline), custom_id=decline)
    assert game_row(db_path, ch.id)["status"] == "declined"
    before = snapshot(db_path)
    late = press_as_seen(env, bob, seen, cid)
    await env.settle()
    assert USED["en"] in said(late)
    assert snapshot(db_path) == before


# -- the limit -------------------------------------------------------------------------------


async def test_the_eleventh_live_game_is_refused(simcord_env: simcord.Env, db_path) -> None:
    """With the default limit, ten open challenges are Alice's ten; an eleventh challenge
    or a game against the computer is refused politely and changes nothing.  The ten
    members she challenged are not held by her challenges: anyone may still challenge
    them."""
    env = simcord_env
    guild, _, _owner, members = server(env, *(f"m{i}" for i in range(12)))
    alice, others = members[0], members[1:]
    channels = [guild.create_text_channel(f"spel{i}") for i in range(12)]
    for ch, member in zip(channels[:10], others[:10], strict=True):
        r = await alice.slash(ch, "brade new", opponent=member)
        assert not r.ephemeral, r.response.content
    before = snapshot(db_path)
    for options in ({}, {"opponent": others[10]}):
        r = await alice.slash(channels[10], "brade new", **options)
        assert r.ephemeral and r.response.content == limit_text(10, 10), r.response.content
    assert snapshot(db_path) == before
    r = await others[10].slash(channels[11], "brade new", opponent=others[0])
    assert not r.ephemeral, r.response.content  # others[0] has a challenge, not a game
    await others[0].click(r.response, label="Accept")
    assert game_row(db_path, channels[11].id)["status"] == "active"


@pytest.fixture
def limit() -> int | None:
    """BRADE_MAX_GAMES_PER_MEMBER for the test's bot (parametrized); None: not set."""
    return None


@pytest.fixture
def simcord_bot(db_path: Db, limit: int | None):
    """A bot whose limit comes from the environment, as ``python -m bot`` reads it;
    claims (and closing games against the computer) after two hours."""
    env = {"DISCORD_TOKEN": "x" * 40}
    if limit is not None:
        env["BRADE_MAX_GAMES_PER_MEMBER"] = str(limit)
    config = Config.from_env(env)
    return make_bot(db_path, max_games=config.settings.max_games, remind_after=3600,
                    claim_after=7200, check_every=60)


@pytest.mark.parametrize("limit", [2])
async def test_at_a_lower_limit_every_way_to_start_is_refused(simcord_env: simcord.Env,
                                                              db_path) -> None:
    """BRADE_MAX_GAMES_PER_MEMBER=2: at two, /brade new, the thread button (taken before
    the limit was reached) and Play again are refused, nothing is made, no thread opened;
    Play again still works once a slot is free."""
    env = simcord_env
    guild, ch, _owner, (alice, bob, carol, dave) = server(env, "alice", "bob", "carol", "dave")
    other = guild.create_text_channel("annat")
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")
    await resign(ch, alice)  # over: counts no more
    final = recent(env, ch, 1)[0]
    await alice.slash(other, "brade new", opponent=carol)  # 1 of 2
    busy = await alice.slash(other, "brade new", opponent=dave)  # offered a thread
    cid = thread_button(busy)
    third = guild.create_text_channel("tredje")
    r = await alice.slash(third, "brade new", opponent=dave)  # 2 of 2
    assert not r.ephemeral
    before = snapshot(db_path)

    pressed = await alice.click(busy.response, custom_id=cid)
    assert limit_text(2, 2) in said(pressed)
    assert not other.threads
    r = await alice.slash(guild.create_text_channel("fjarde"), "brade new")
    assert r.ephemeral and r.response.content == limit_text(2, 2)
    again = await alice.click(final, label="Play again")
    assert limit_text(2, 2) in said(again)
    assert snapshot(db_path) == before
    assert "Play again" in buttons_left(env, ch.id)  # refused, not spent

    await alice.slash(third, "brade abort")  # withdraws her challenge to Dave: 1 of 2
    again = await alice.click(final, label="Play again")
    assert game_row(db_path, ch.id)["status"] == "offered"


@pytest.mark.parametrize("limit", [2])
async def test_a_member_at_the_limit_cannot_accept(simcord_env: simcord.Env, db_path) -> None:
    """Carol challenged Bob while he had room; then Bob filled his two slots himself.
    Accepting would raise his count: refused, the challenge stays open; once Bob
    withdraws one of his challenges, he accepts."""
    env = simcord_env
    guild, ch, _owner, (bob, carol, dave, erin) = server(env, "bob", "carol", "dave", "erin")
    offer = await carol.slash(ch, "brade new", opponent=bob)
    assert not offer.ephemeral
    mine = [guild.create_text_channel(f"bob{i}") for i in range(2)]
    for c, member in zip(mine, (dave, erin), strict=True):
        r = await bob.slash(c, "brade new", opponent=member)
        assert not r.ephemeral, r.response.content
    before = snapshot(db_path)
    r = await bob.click(offer.response, label="Accept")
    assert limit_text(2, 2) in said(r)
    assert snapshot(db_path) == before
    assert game_row(db_path, ch.id)["status"] == "offered"
    await bob.slash(mine[0], "brade abort")  # withdraws his challenge to Dave
    await bob.click(offer.response, label="Accept")
    assert game_row(db_path, ch.id)["status"] == "active"


@pytest.mark.parametrize("limit", [2])
async def test_a_challenge_to_a_member_at_the_limit_is_refused(simcord_env: simcord.Env,
                                                               db_path) -> None:
    """Bob has two games against the computer; Alice's challenge to him is refused,
    naming him, in her language, and changes nothing."""
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv")
    ch = guild.create_text_channel("spel")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    for i in range(2):
        r = await bob.slash(guild.create_text_channel(f"bob{i}"), "brade new",
                            level="nybörjare")
        assert not r.ephemeral, r.response.content
    before = snapshot(db_path)
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral
    assert r.response.content == t("err.limit.theirs", "sv", who=f"<@{bob.id}>", n=2, limit=2)
    assert snapshot(db_path) == before
    r = await bob.slash(ch, "brade new", opponent=alice)  # and Bob himself may not either
    assert r.ephemeral and r.response.content == limit_text(2, 2, "sv")


@pytest.mark.parametrize("limit", [1])
async def test_only_live_games_and_open_challenges_count(simcord_env: simcord.Env,
                                                         db_path) -> None:
    """At a limit of one, Alice's slot is taken by an open challenge or a game in play,
    and freed by every way those end: declined, withdrawn, lapsed, finished, aborted.
    A tournament's game starts although she is at the limit and does not count."""
    env = simcord_env
    guild, ch, owner, (alice, bob) = server(env, "alice", "bob")
    spare = guild.create_text_channel("annat")

    async def blocked() -> bool:
        r = await alice.slash(spare, "brade new", opponent=bob)
        if not r.ephemeral:  # it was allowed: take it back, the slot is hers again
            await alice.slash(spare, "brade abort")
            return False
        assert r.response.content == limit_text(1, 1), r.response.content
        return True

    assert not await blocked()
    r = await alice.slash(ch, "brade new", opponent=bob)  # open
    assert await blocked()
    await bob.click(r.response, label="Decline")  # declined
    assert not await blocked()
    await alice.slash(ch, "brade new", opponent=bob)
    await alice.slash(ch, "brade abort")  # withdrawn
    assert not await blocked()
    await alice.slash(ch, "brade new", opponent=bob)
    await env.advance_time(16 * 60)  # lapsed
    assert game_row(db_path, ch.id)["status"] == "declined"
    assert not await blocked()
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")  # in play
    assert await blocked()
    await resign(ch, alice)  # finished
    assert not await blocked()
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")
    await alice.slash(ch, "brade abort")
    await owner.slash(ch, "brade abort")  # a moderator aborts it
    assert game_row(db_path, ch.id)["status"] == "aborted"
    assert not await blocked()

    # A tournament game: started while Alice is at the limit, and not counted.
    await alice.slash(ch, "brade new", opponent=bob)  # her one slot
    await owner.slash(ch, "tournament create", name="Cup", format="round_robin")
    for m in (owner, alice):
        await m.slash(ch, "tournament join", name="Cup")
    await owner.slash(ch, "tournament start", name="Cup")
    [match] = ch.threads
    assert game_row(db_path, match.id)["status"] == "active"
    await alice.slash(ch, "brade abort")  # her challenge withdrawn
    assert not await blocked()  # the tournament game in play does not count


# -- two starts at once ------------------------------------------------------------------------


GUILD, ALICE, BOB, CAROL, DAVE = 1, 11, 12, 13, 14


async def test_two_starts_at_once_cannot_both_take_the_last_slot(
        db_path: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two /brade new by one member in two channels, at once, from two processes (two
    stores on one database): each counts her games before either has written its own.
    Every count waits (up to a second) for the other before going on, so without the
    member's lock both would see one game of two and both write; with it, the second
    counts after the first has committed and is refused."""
    seeds = itertools.count(1)
    stores = [await open_store(db_path), await open_store(db_path)]
    try:
        a, b = (GameService(s, Settings(max_games=2), clock=lambda: 1_800_000_000.0,
                            agent=None, seed_source=lambda: next(seeds)) for s in stores)
        await a.new_game(Ctx(ALICE, 101, GUILD), BOB)  # one of her two

        async def room(self: Challenges, ctx: Ctx, opponent: int) -> None:
            return None  # no early answer: both go to the counted insert

        monkeypatch.setattr(Challenges, "check_room", room)
        real = limits_sql.open_count
        waiting: list[asyncio.Event] = []

        async def counted_then_wait(*args: Any) -> int:
            n = await real(*args)
            mine = asyncio.Event()
            waiting.append(mine)
            if len(waiting) == 2:
                for event in waiting:
                    event.set()
            try:
                await asyncio.wait_for(mine.wait(), 1.0)
            except TimeoutError:
                pass
            return n

        monkeypatch.setattr(LimitRepository, "open_count", staticmethod(counted_then_wait))
        results = await asyncio.gather(a.new_game(Ctx(ALICE, 102, GUILD), CAROL),
                                       b.new_game(Ctx(ALICE, 103, GUILD), DAVE),
                                       return_exceptions=True)
        refused = [r for r in results if isinstance(r, UserError)]
        assert len(refused) == 1 and refused[0].key == "limit.yours", results
        assert refused[0].params == {"n": 2, "limit": 2}
        assert len(db_rows(db_path, "SELECT id FROM games WHERE challenger_id = ? AND "
                                    "status = 'offered'", (ALICE,))) == 2
    finally:
        for s in stores:
            await s.close()


# -- games against the computer nobody plays ------------------------------------------------


async def test_an_untouched_game_against_the_computer_is_closed(simcord_env: simcord.Env,
                                                                db_path) -> None:
    """Claim time is two hours here.  A move resets the clock; two hours untouched and
    the game is closed as abandoned: the computer wins the points an abandonment scores,
    unrated, said in the channel, the last board's buttons gone, the channel free."""
    env = simcord_env
    _, ch, _owner, (alice,) = server(env, "alice")
    r = await alice.slash(ch, "brade new", level="nybörjare")
    assert not r.ephemeral, r.response.content
    await env.advance_time(3700)  # reminded, not closed
    row = game_row(db_path, ch.id)
    assert row["status"] == "active"
    await touch(env, ch, db_path, alice)  # she plays: the clock starts again
    await env.advance_time(3700)
    row = game_row(db_path, ch.id)
    assert row["status"] == "active", "closed although she played an hour ago"
    human = Side.WHITE if row["white_id"] == alice.id else Side.BLACK
    expected = Game.from_json(row["game"].to_json())
    assert expected.turn is human
    scored = expected.abandon(human)

    await env.advance_time(3700)
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    assert json.loads(row["result"])["outcome"]["winner"] == human.other.value
    assert row["game"].outcome == scored  # as the engine scores an abandonment
    closed = [m.content for m in recent(env, ch, 3) if m.content.startswith("⏹️")]
    assert len(closed) == 1, closed
    closed[0], seed = closed[0].split("\n")  # the game's last message reveals its seed
    assert seed.startswith("🎲 Dice seed `"), seed
    head, tail = t("idle.closed", "en", who=f"<@{alice.id}>", since="\0",
                   points=scored.points,
                   unit=points_unit(scored.points, "en")).split("\0")
    assert closed[0].startswith(head) and closed[0].endswith(tail)
    assert closed[0][len(head):-len(tail)] in ("2.0 h", "2.1 h")  # the claim time
    everything = [m.content for m in env.backend.messages[ch.id].values()]
    assert not any("may now claim" in text for text in everything)  # nobody to claim it
    assert buttons_left(env, ch.id) == []
    assert db_rows(db_path, "SELECT * FROM rated_games") == []
    assert db_rows(db_path, "SELECT * FROM ratings") == []
    kinds = [k for (k,) in db_rows(db_path, "SELECT kind FROM events WHERE game_id = ? "
                                   "ORDER BY seq", (row["id"],))]
    assert "idle" in kinds
    r = await alice.slash(ch, "brade new", level="nybörjare")  # the channel is free
    assert not r.ephemeral, r.response.content


async def touch(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                who: simcord.MemberActor) -> None:
    """``who`` plays one turn against the computer (a roll, and a play if one is due)."""
    row = game_row(db, ch.id)
    assert row["game"].phase == "roll"
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    await who.click(find_button(env, ch, cid), custom_id=cid)
    row = game_row(db, ch.id)
    if row["status"] == "active" and row["game"].phase == "move" and \
            (row["white_id"] if row["game"].turn is Side.WHITE else row["black_id"]) == who.id:
        await who.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
    row = game_row(db, ch.id)
    assert row["status"] == "active"
    mover = row["white_id"] if row["game"].turn is Side.WHITE else row["black_id"]
    assert mover in (who.id, COMPUTER)
