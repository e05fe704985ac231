"""A bot on PostgreSQL is stopped and a new one opens the same URL: every game goes on.

Like the SQLite restart test (tests/bot/test_turns.py), but the old bot releases its
connection pool first and the test checks that no connection of it is left, so the new
bot starts on a database nobody else holds, as after a real restart.  Three channels
carry what a restart must keep: a game waiting for a play (its play buttons and the roll
button of the next board were posted before the restart), a challenge waiting to be
accepted, and a finished game whose "Play again" button is still to be pressed.  Every
one of those buttons works on the new bot, and afterwards every game's stored state
equals the replay of its event log.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import simcord

from benchmarks.invariants import audit
from tests.bot.conftest import assert_no_connections, make_bot
from tests.bot.helpers import (
    find_button,
    game_row,
    mover_and_waiter,
    pg_reader,
    recent,
    resign,
    roll_now,
    roll_until_move,
    start_game,
)
from tests.postgres_server import admin_url


async def test_games_continue_on_a_new_bot_after_a_restart(pg_url: str) -> None:
    db = pg_url
    old = make_bot(db)
    env = simcord.Env(old, settle_timeout=30.0)
    await env.start()
    try:
        guild, ch, members = await start_game(env)
        alice, bob = members[0], members[1]
        # 1. a game waiting for a play
        row = await roll_until_move(env, ch, db, members)
        mover, _ = mover_and_waiter(db, ch.id, members)
        prefix = f"brade:play:{row['id']}:{row['version']}:"
        play_buttons = [(m, c.custom_id) for m in recent(env, ch) for line in m.components
                        for c in getattr(line, "children", [])
                        if (getattr(c, "custom_id", None) or "").startswith(prefix)]
        # 2. a challenge waiting to be accepted
        ch2 = guild.create_text_channel("utmaning")
        r = await alice.slash(ch2, "brade new", opponent=bob)
        offer = game_row(db, ch2.id)
        assert offer["status"] == "offered"
        challenge = r.response
        # 3. a finished game: Alice resigned and may ask for another
        ch3 = guild.create_text_channel("klar")
        r = await alice.slash(ch3, "brade new", opponent=bob)
        await bob.click(r.response, label="Accept")
        await resign(ch3, alice)
        ch3_row = game_row(db, ch3.id)
        assert ch3_row["status"] == "over"
        final = recent(env, ch3, 1)[0]

        # The restart: the old bot lets go of the database before the new one opens it.
        await env.settle()
        await old.release()
        assert_no_connections(db)
        await env.restart_bot(make_bot(db))

        # 1. the play posted before the restart (a button, or the same play typed)
        if play_buttons:
            message, cid = play_buttons[0]
            r = await mover.click(message, custom_id=cid)
        else:
            r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
        assert r.acknowledged and not r.ephemeral, r.response
        played = game_row(db, ch.id)
        assert played["version"] == row["version"] + 1 and played["game"].phase == "roll"
        for _ in range(3):  # and the game goes on: roll buttons, plays
            after = await roll_until_move(env, ch, db, members)
            next_mover, _ = mover_and_waiter(db, ch.id, members)
            r = await next_mover.slash(ch, "brade move",
                                       play=after["game"].legal_turns[0].text)
            assert not r.ephemeral, r.response
        await roll_now(env, ch, db, members)
        # 2. the challenge's Accept button
        await bob.click(challenge, label="Accept")
        assert game_row(db, ch2.id)["status"] == "active"
        # 3. the finished game's "Play again"
        await alice.click(final, label="Play again")
        again = game_row(db, ch3.id)
        assert again["status"] == "offered" and again["id"] != ch3_row["id"]
        await bob.click(find_button(env, ch3, f"brade:accept:{again['id']}:"
                                                f"{again['version']}:"), label="Accept")
        assert game_row(db, ch3.id)["status"] == "active"
        assert not audit(db)
    finally:
        await env.shutdown()


@pytest.fixture
def db_path(pg_url: str) -> str:
    """``simcord_env`` on PostgreSQL only: this file is about PostgreSQL."""
    return pg_url


async def test_commands_work_after_the_server_dropped_the_connections(
        simcord_env: simcord.Env, pg_url: str) -> None:
    """The database restarts (or fails over, or an administrator ends the sessions) under
    a running bot: its pooled connections are dead, which it only finds out on using
    them.  The next commands, reads and writes, still work; nothing asks the player to
    try again."""
    env, db = simcord_env, pg_url
    _, ch, members = await start_game(env)
    row = game_row(db, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    pg_reader.close(only=db)
    ended = pg_reader.fetch(admin_url(), "SELECT pg_terminate_backend(pid) FROM "
                            "pg_stat_activity WHERE datname = ?",
                            (urlsplit(db).path.lstrip("/"),))
    assert ended and all(ok for (ok,) in ended), "the bot held no connection to end"
    mover, _ = mover_and_waiter(db, ch.id, members)
    r = await members[2].slash(ch, "brade show")  # a read first (a new board)
    assert not r.ephemeral, r.response.content
    r = await mover.click(find_button(env, ch, cid), custom_id=cid)  # then a write
    assert r.acknowledged and not r.ephemeral, r.response.content
    assert game_row(db, ch.id)["version"] == row["version"] + 1
