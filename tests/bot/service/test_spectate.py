"""Records are replayed in a worker thread, never on the event loop.

``/watch export`` checks a record by replaying it, and every game of a match before the
last is rebuilt by replaying its record: tens of milliseconds for a long puff game, per
game of the match, which on the event loop would hold up every game on the bot.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import simcord

import bot.service.spectate as spectate_module
from bot.client import BradeBot
from tests.bot.conftest import make_bot
from tests.bot.helpers import game_row


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path, agent=None)


async def _resign(ch, who) -> None:
    r = await who.slash(ch, "brade resign")
    await who.click(r.response, label="Yes, resign")


async def test_export_and_replay_replay_records_off_the_event_loop(
        simcord_env: simcord.Env, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    r = await alice.slash(ch, "brade new", opponent=bob, match=3)
    await bob.click(r.response, label="Accept")
    await _resign(ch, alice)  # game 1 of the match
    await _resign(ch, bob)  # game 2
    assert game_row(db_path, ch.id)["status"] == "active"  # game 3 goes on

    loop_thread = threading.get_ident()
    threads: list[int] = []
    real = spectate_module.record.replay

    def spy(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(spectate_module.record, "replay", spy)
    for command, options in (("watch export", {"number": 1}), ("watch replay", {})):
        threads.clear()
        r = await carol.slash(ch, command, **options)
        assert r.response.attachments, r.response.content
        # export: games 1 and 2 rebuilt, then the exported record checked; replay: rebuilt
        assert len(threads) >= 2, command
        assert loop_thread not in threads, command
