"""Computer turns that did not happen are played by themselves.

The computer answers right after a human's turn, inside that human's command.  When that
fails (its worker died, the search raised) or the bot stops in between, the game would
wait for a turn nobody makes: the human is told "not your turn; 🤖 is to play" until
someone finds ``/brade show``.  So the owed turns are played: at start-up (once the bot
is connected), every ``check_every`` seconds, and first thing on the next command in that
channel (``Play.run``).  Each turn re-checks under the channel's lock that the computer is
still to play, so two of these racing never play one turn twice; across processes the
game's version check does the same (the second save loses and stops quietly).  The scan
covers this process's own guilds only.
"""

from __future__ import annotations

import logging

from bot.cogs.background import BackgroundCheck
from bot.service.model import Ctx

log = logging.getLogger(__name__)


class Recovery(BackgroundCheck):
    failure = "resuming the computer's turns failed"

    async def tick(self) -> None:
        for row in await self.games.owed_computer_turns():
            await self.resume(row.channel_id, row.guild_id)

    async def resume(self, channel_id: int, guild_id: int | None = None) -> bool:
        """Let the computer play its owed turns in ``channel_id`` and post them; whether it
        did (False: it failed again and stays owed)."""
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None) or (
            self.client.get_guild(guild_id) if guild_id else None)
        locale = str(guild.preferred_locale) if guild is not None else None
        me = self.client.user.id if self.client.user else 0
        ctx = Ctx(me, channel_id, guild.id if guild else guild_id, None, locale)
        try:
            reply = await self.games.owed_turns(ctx)
        except Exception:
            log.exception("the computer still cannot play in channel %s", channel_id)
            return False
        if reply.posts:
            await self.delivery.post_to(channel_id, reply, action="computer", board=True,
                                        guild_id=ctx.guild_id)
        return True
