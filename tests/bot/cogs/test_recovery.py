"""The computer's owed turns played by themselves (bot/cogs/recovery.py), in a direct
message too: a game there has no server and no shard but shard 0's, and nobody else to
press anything (issue 36).  The server case is in tests/bot/test_faults.py."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.i18n import t
from tests.bot.conftest import make_bot
from tests.bot.helpers import FlakyAgent, find_button, game_row


def _computer_to_play(db: Path, channel_id: int) -> bool:
    row = game_row(db, channel_id)
    return row["status"] == "active" and row["game"].turn.value == "black"


async def test_a_turn_the_computer_owes_in_a_dm_is_played_and_posted_there(
        db_path: Path) -> None:
    agent = FlakyAgent()
    async with simcord.run(make_bot(db_path, agent=agent), settle_timeout=30.0) as env:
        guild = env.create_guild()
        alice = env.create_user("alice")
        guild.add_member(alice)
        r = await alice.slash("brade new", level="nybörjare")
        assert not r.ephemeral
        dm = alice.dm_channel
        told = [m.content or "" for m in (r.response, *r.followups) if m is not None]
        for _ in range(60):  # Alice plays until the computer must answer and cannot
            row = game_row(db_path, dm.id)
            if agent.failures or row["game"].turn.value == "black":
                break
            if row["game"].phase == "roll":
                cid = f"brade:roll:{row['id']}:{row['version']}:"
                r = await alice.click(find_button(env, dm, cid), custom_id=cid)
            else:
                r = await alice.slash("brade move", play=row["game"].legal_turns[0].text)
            told += [m.content or "" for m in (r.response, *r.followups) if m is not None]
        assert _computer_to_play(db_path, dm.id), "the computer owes its turn"
        if agent.failures:
            assert t("err.computer_later", "en") in told, told
        before = len(env.backend.messages.get(dm.id, {}))
        agent.fail = False
        await env.advance_time(120)  # the background check, with nobody pressing anything
        assert not _computer_to_play(db_path, dm.id), "played by itself"
        assert len(env.backend.messages.get(dm.id, {})) > before, "and posted in the DM"
