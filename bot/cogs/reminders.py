"""Turn reminders and claim offers, checked by a background loop.

The loop asks the service which games have waited too long; the service decides (from
its injected clock) and records what it has sent, so a restart never repeats a reminder.
Only games of this process's own guilds are considered (``BradeBot.owns_guild``); each
reminder is marked sent by a conditional update before it is posted, so two processes
that do scan the same game (overlapping shards in a rolling restart) post it once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.cogs.background import BackgroundCheck
from bot.service.model import Reply

if TYPE_CHECKING:
    from bot.client import BradeBot

log = logging.getLogger(__name__)


class Reminders(BackgroundCheck):
    failure = "reminder check failed"  # and it keeps reminding after a failure

    def _guild_locale(self, guild_id: int | None) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return str(guild.preferred_locale) if guild else None

    async def tick(self) -> None:
        service = self.bot.service
        play = self.bot.get_cog("Play")
        if service is None or play is None:
            return
        for channel_id, post in await service.due_notices(self._guild_locale):
            channel = self.bot.get_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):
                continue
            try:
                await play.post_to(channel, Reply(posts=[post]))  # type: ignore[attr-defined]
            except discord.HTTPException:
                log.warning("could not post a reminder in channel %s", channel_id)


async def setup(bot: BradeBot) -> None:
    await bot.add_cog(Reminders(bot))
