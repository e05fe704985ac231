"""Who may act, what bad input gets, stale and simultaneous presses, restarts, languages."""

from __future__ import annotations

import asyncio

import pytest
import simcord

from bot.client import BradeBot
from bot.service.ai import ThreadAgent
from bot.service.games import GameService
from bot.service.model import Ctx
from bot.store import open_store
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    EPHEMERAL,
    assert_png,
    buttons_left,
    double_click,
    find_button,
    game_row,
    mover_and_waiter,
    pngs,
    recent,
    roll_now,
    roll_until_move,
    snapshot,
    start_game,
)


@pytest.fixture
def simcord_bot(db_path) -> BradeBot:
    """Seed 57: the first game's teka is White 2, Black 6, and White's first roll, 4-1,
    leaves two plays (the roll several tests here rely on)."""
    return make_bot(db_path, seed=57)


async def test_out_of_turn_and_strangers_change_nothing(simcord_env: simcord.Env,
                                                        db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    carol = members[2]
    mover, waiter = mover_and_waiter(db_path, ch.id, members)
    before = snapshot(db_path)

    r = await waiter.slash(ch, "brade roll")
    assert r.ephemeral and "not your turn" in r.response.content
    assert mover.mention in r.response.content
    r = await carol.slash(ch, "brade roll")
    assert r.ephemeral and "not playing" in r.response.content
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    r = await carol.click(find_button(env, ch, cid), custom_id=cid)
    assert r.ephemeral and "not playing" in r.response.content
    r = await mover.slash(ch, "brade move", play="1/7")
    assert r.ephemeral and "Roll the dice first" in r.response.content
    r = await carol.slash(ch, "brade abort")
    assert r.ephemeral and "Manage Channels" in r.response.content
    assert snapshot(db_path) == before


async def test_bad_moves_are_explained_and_change_nothing(simcord_env: simcord.Env,
                                                         db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    await roll_until_move(env, ch, db_path, members)
    mover, waiter = mover_and_waiter(db_path, ch.id, members)
    before = snapshot(db_path)
    cases = {
        "hello": "cannot read",        # malformed
        "1/30": "cannot read",         # no such point
        "24/off": "not legal",         # nothing there / not bearing off
        "5/4": "cannot read",          # backwards
    }
    for text, expected in cases.items():
        r = await mover.slash(ch, "brade move", play=text)
        assert r.ephemeral, text
        assert expected in r.response.content, (text, r.response.content)
    r = await waiter.slash(ch, "brade move", play="1/7")
    assert r.ephemeral and "not your turn" in r.response.content
    # autocomplete offers nothing to anyone but the player to move
    assert await waiter.autocomplete(ch, "brade move", "play", "") == []
    assert await members[2].autocomplete(ch, "brade move", "play", "") == []
    assert snapshot(db_path) == before


async def test_autocomplete_filters_by_typed_text(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    row = await roll_until_move(env, ch, db_path, members)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    legal = [t.text for t in row["game"].legal_turns]
    everything = [c["value"] for c in await mover.autocomplete(ch, "brade move", "play", "")]
    assert set(everything) <= set(legal) and len(everything) == min(25, len(legal))
    first = legal[0].split()[0]
    narrowed = [c["value"] for c in await mover.autocomplete(ch, "brade move", "play", first)]
    # plays that begin with what was typed (engine.plays.suggest), each a legal play
    assert narrowed and all(x.startswith(first) for x in narrowed)
    game = row["game"]
    by_text = {t.text: t for t in game.legal_turns}
    reached = {game.validate(x).position for x in narrowed}
    assert reached <= {t.position for t in by_text.values()}
    assert len(reached) == len(narrowed)  # distinct plays
    assert reached >= {t.position for x, t in by_text.items() if x.startswith(first)} \
        or len(narrowed) == 25
    # the typed play, parsed by the engine, is offered first even when written loosely
    loose = legal[0].replace("/", "-")
    offered = await mover.autocomplete(ch, "brade move", "play", loose)
    assert offered and offered[0]["value"] in legal


async def test_stale_and_double_presses_apply_once(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    await mover.slash(ch, "brade show")  # a second board: only the newest keeps buttons
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    messages = [m for m in recent(env, ch, 4)
                if any(getattr(c, "custom_id", None) == cid
                       for r in m.components for c in r.children)]
    assert len(messages) == 1
    older = next(m for m in recent(env, ch, 4) if m.id != messages[0].id and m.attachments)
    assert not older.components  # the older board's buttons were taken off
    await mover.click(messages[0], custom_id=cid)
    after_first = snapshot(db_path)
    assert snapshot(db_path) == after_first

    # two presses of one button at the same moment: exactly one roll is applied
    row = game_row(db_path, ch.id)
    # The seeded dice (seed 57: 4-1) leave a choice of plays; one is played so
    # that the other player has a roll button to press twice.
    assert row["game"].phase == "move" and sorted(row["game"].dice) == [1, 4]
    r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
    assert not r.ephemeral, r.response.content
    row = game_row(db_path, ch.id)
    assert row["game"].phase == "roll"
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    message = find_button(env, ch, cid)
    events_before = len(snapshot(db_path)[1])
    await double_click(env, mover, message, cid)
    after = game_row(db_path, ch.id)
    assert after["version"] == row["version"] + 1
    rolls = [e for e in after["game"].events if e["type"] == "roll"]
    assert len(rolls) == len([e for e in row["game"].events if e["type"] == "roll"]) + 1
    assert len(snapshot(db_path)[1]) > events_before


async def test_two_simultaneous_moves_apply_once(simcord_env: simcord.Env, db_path) -> None:
    """Service level: two /move commands racing for one game."""
    env = simcord_env
    _, ch, members = await start_game(env)
    row = await roll_until_move(env, ch, db_path, members)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    service = env.bot.services.games
    ctx = Ctx(mover.id, ch.id, ch.guild.id if ch.guild else None)
    play = row["game"].legal_turns[0].text
    results = await asyncio.gather(service.move(ctx, play), service.move(ctx, play),
                                   return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(ok) == 1 and len(refused) == 1
    after = game_row(db_path, ch.id)
    assert after["version"] == row["version"] + 1
    plays = [e for e in after["game"].events if e["type"] == "play"]
    assert plays[-1]["moves"] == play and len(plays) == 1 + sum(
        1 for e in row["game"].events if e["type"] == "play")


async def test_restart_continues_game_and_buttons(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    board = find_button(env, ch, cid)
    await env.restart_bot(make_bot(db_path))  # a new process on the same database file
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    r = await mover.click(board, custom_id=cid)  # the button posted before the restart
    assert r.acknowledged and not r.ephemeral
    after = game_row(db_path, ch.id)
    assert after["version"] == row["version"] + 1
    # The seeded dice (seed 57: 4-1) leave a choice of plays: the restarted
    # bot takes a typed play too.
    assert after["game"].phase == "move" and sorted(after["game"].dice) == [1, 4]
    play = after["game"].legal_turns[0].text
    r = await mover.slash(ch, "brade move", play=play)
    assert not r.ephemeral
    for data in pngs(env, r.response):
        assert_png(data)
    assert game_row(db_path, ch.id)["version"] == after["version"] + 1
    with_buttons = [m for m in env.backend.messages[ch.id].values()
                    if m.components and not m.flags & EPHEMERAL]  # a welcome's is its own
    assert len(with_buttons) == 1, [m.content for m in with_buttons]


async def test_after_a_restart_only_the_newest_board_keeps_buttons(
        simcord_env: simcord.Env, db_path) -> None:
    """Which message holds a game's buttons is in the database: a board posted by the
    restarted bot takes them off the one posted before the restart."""
    env = simcord_env
    _, ch, members = await start_game(env)
    await env.restart_bot(make_bot(db_path))
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    before = buttons_left(env, ch.id)
    assert "Roll" in before
    r = await mover.slash(ch, "brade roll")  # a new message, not an edit of the old board
    assert not r.ephemeral
    row = game_row(db_path, ch.id)
    # The seeded dice (seed 57: 4-1) leave two plays, offered as buttons on the
    # new board: the case where the new message, not the old board, must hold them.
    assert row["game"].phase == "move" and sorted(row["game"].dice) == [1, 4]
    with_buttons = [m for m in env.backend.messages[ch.id].values()
                    if m.components and not m.flags & EPHEMERAL]  # a welcome's is its own
    assert len(with_buttons) == 1, [m.content for m in with_buttons]
    assert with_buttons[0].id == r.response.message.id


async def test_swedish_server(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert "utmanar" in r.response.content
    r = await bob.click(r.response, label="Anta")
    assert "Teka: Vit" in r.followups[0].content  # the README's word (issue 22)
    members = [alice, bob]
    mover, waiter = mover_and_waiter(db_path, ch.id, members)
    r = await waiter.slash(ch, "brade roll")
    assert r.ephemeral and "Det är inte din tur" in r.response.content
    await roll_now(env, ch, db_path, members)
    # the board rolled on now shows the roll
    assert any(" slår " in m.content for m in recent(env, ch, 3))
    row = game_row(db_path, ch.id)
    # The seeded dice (seed 57: 4-1) leave a choice of plays, so a play is
    # read, and a bad one refused in Swedish.
    assert row["game"].phase == "move" and sorted(row["game"].dice) == [1, 4]
    r = await mover.slash(ch, "brade move", play="hej")
    assert r.ephemeral and "Jag kan inte läsa" in r.response.content
    # the server owner switches the server to English
    owner = guild.add_member(guild.owner)
    r = await owner.slash(ch, "brade settings", language="en")
    assert "Saved" in r.response.content
    r = await waiter.slash(ch, "brade history")
    assert "Game record" in r.response.content


async def test_commands_are_localised(simcord_env: simcord.Env) -> None:
    env = simcord_env
    command = env.backend.find_command("brade", None)
    assert command["name_localizations"]["sv-SE"] == "bräde"
    subs = {o["name"]: o for o in command["options"]}
    assert subs["new"]["name_localizations"]["sv-SE"] == "ny"
    assert subs["move"]["name_localizations"]["sv-SE"] == "flytta"
    for sub in subs.values():
        assert sub["description_localizations"]["sv-SE"]
        for opt in sub.get("options", []):
            assert opt["name_localizations"]["sv-SE"], (sub["name"], opt["name"])


async def test_after_a_command_on_a_members_game_the_computer_is_looked_for_without_a_read(
        db_path) -> None:
    """After every command with posts the command layer asks whether the computer is to
    play (``needs_computer``).  For a game between two members the answer is no without
    reading the game again (on PostgreSQL a round trip per command, issue 26); against
    the computer, or for a game this process has not read, the row is read as before."""
    store = await open_store(db_path)
    try:
        service = GameService(store, clock=lambda: 1_800_000_000.0, agent=ThreadAgent(),
                              seed_source=iter(range(1, 10_000)).__next__)
        guild, alice, bob, channel = 1, 11, 12, 100
        offer = await service.new_game(Ctx(alice, channel, guild), bob)
        assert offer.game_id is not None and offer.version is not None
        reads = 0
        read = store.read

        def counting():  # type: ignore[no-untyped-def]
            nonlocal reads
            reads += 1
            return read()

        store.read = counting  # type: ignore[method-assign]
        started = await service.accept(Ctx(bob, channel, guild), offer.game_id,
                                       offer.version)
        reads = 0
        assert not await service.needs_computer(Ctx(bob, channel, guild), started.game_id)
        assert reads == 0
        assert not await service.needs_computer(Ctx(bob, channel, guild))  # no game named
        assert reads == 1
        # against the computer: read, and the answer is the row's
        for ch in range(200, 220):
            reply = await service.new_game(Ctx(alice, ch, guild), None)
            reads = 0
            owed = await service.needs_computer(Ctx(alice, ch, guild), reply.game_id)
            assert reads == 1
            assert owed == await service.needs_computer(Ctx(alice, ch, guild))
            if owed:
                break
        else:
            raise AssertionError("the computer never had the first turn")
    finally:
        await store.close()
