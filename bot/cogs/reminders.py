"""Turn reminders and claim offers, checked by a background loop.

The loop asks the service which games have waited too long; the service decides (from
its injected clock) and records what it has sent, so a restart never repeats a reminder.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.service.model import Reply

if TYPE_CHECKING:
    from bot.client import BradeBot

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    def __init__(self, bot: BradeBot) -> None:
        self.bot = bot
        self.check.change_interval(seconds=bot.check_every)

    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    def _guild_locale(self, guild_id: int | None) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return str(guild.preferred_locale) if guild else None

    @tasks.loop(seconds=60)
    async def check(self) -> None:
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

    @check.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    @check.error
    async def _failed(self, error: BaseException) -> None:  # keep reminding after a failure
        log.exception("reminder check failed", exc_info=error)
        self.check.restart()


async def setup(bot: BradeBot) -> None:
    await bot.add_cog(Reminders(bot))
