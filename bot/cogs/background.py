"""A cog with a background check: the loop the reminders, the lapsing challenges and the
computer's owed turns share.

``check`` runs ``tick`` every ``every`` seconds (the bot's ``check_every``), first once the bot is connected
(a tick before that would find no channels), and goes on after a tick raises: the failure
is logged and the loop restarted, so one bad row never stops every later check.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

if TYPE_CHECKING:
    from bot.delivery.games import GamePresenter
    from bot.service.games import GameService


class BackgroundCheck(commands.Cog):
    #: Logged with the traceback when a tick raises.
    failure = "background check failed"

    def __init__(self, client: discord.Client, games: GameService, delivery: GamePresenter, *,
                 every: float) -> None:
        #: Discord's client: its cache of servers and channels, and its readiness.
        self.client = client
        self.games = games
        self.delivery = delivery
        self.check.change_interval(seconds=every)

    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    def guild_locale(self, guild_id: int | None) -> str | None:
        """A server's own language, for what the bot posts there unasked (no member's
        interaction carries a locale then)."""
        guild = self.client.get_guild(guild_id) if guild_id else None
        return str(guild.preferred_locale) if guild else None

    async def tick(self) -> None:
        raise NotImplementedError

    @tasks.loop(seconds=60)
    async def check(self) -> None:
        await self.tick()

    @check.before_loop
    async def _wait_ready(self) -> None:
        await self.client.wait_until_ready()

    @check.error
    async def _failed(self, error: BaseException) -> None:
        # under the subclass's own logger, as before the loop was shared
        logging.getLogger(type(self).__module__).exception(self.failure, exc_info=error)
        self.check.restart()
