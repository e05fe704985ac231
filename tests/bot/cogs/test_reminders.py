"""Quiet games (bot/cogs/reminders.py): a game against the computer left for the claim
time is closed and said so where it is played, a direct message too (issue 36); a
challenge nobody answers lapses.  Reminders and claims between members are in
tests/bot/test_lifecycle.py and tests/bot/service/games/test_idle.py."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.i18n import t
from tests.bot.conftest import make_bot
from tests.bot.helpers import game_row


async def test_a_dm_game_left_idle_is_closed_and_said_so_in_the_dm(db_path: Path) -> None:
    bot = make_bot(db_path, remind_after=600, claim_after=3600)
    async with simcord.run(bot, settle_timeout=30.0) as env:
        guild = env.create_guild()
        alice = env.create_user("alice")
        guild.add_member(alice)
        await alice.slash("brade new", level="nybörjare")
        dm = alice.dm_channel
        assert game_row(db_path, dm.id)["status"] == "active"
        await env.advance_time(3600 + 200)
        row = game_row(db_path, dm.id)
        assert row["status"] == "over"
        last = max(env.backend.messages[dm.id].values(), key=lambda m: m.id)
        assert not last.components, "the closed game keeps no buttons"
        said = t("idle.closed", "en", who="WHO", since="SINCE", points=1, unit="UNIT")
        assert said.split("WHO")[0] in last.content, last.content  # "⏹️ "
        assert said.split("SINCE")[1].split("{")[0][:30] in last.content, last.content
        assert f"<@{alice.id}>" in last.content
