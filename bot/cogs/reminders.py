"""Turn reminders and claim offers, and challenges that lapse, checked by background loops.

The loops ask the service which games have waited too long; the service decides (from
its injected clock) and records what it has sent or closed, so a restart never repeats a
reminder.  Only games of this process's own guilds are considered
(``BradeBot.owns_guild``); each reminder is marked sent by a conditional update before
it is posted, and each lapsed challenge closed by a version-checked one, so two processes
that do scan the same game (overlapping shards in a rolling restart) act once.  A game
against the computer nobody played for the claim time is closed the same way
(``GameService.close_idle``), and said so in its channel.
"""

from __future__ import annotations

from bot.cogs.background import BackgroundCheck
from bot.service.model import Reply


class Reminders(BackgroundCheck):
    failure = "reminder check failed"  # and it keeps reminding after a failure

    async def tick(self) -> None:
        for channel_id, reply in await self.games.close_idle(self.guild_locale):
            # Closed in the database already; the post says so, takes the buttons off its
            # last board and archives its thread.
            await self.delivery.post_to(channel_id, reply, action="idle")
        for channel_id, post in await self.games.due_notices(self.guild_locale):
            # Marked sent already: an archived thread (not cached) is fetched and posted
            # in, which reopens it (issue 35); a missing right is told to the admins.
            await self.delivery.post_to(channel_id, Reply(posts=[post]),
                                        action="claim" if post.buttons else "reminder")


class Expiry(BackgroundCheck):
    """Challenges nobody answered lapse: their buttons go, the channel is free."""

    failure = "challenge expiry failed"

    async def tick(self) -> None:
        await self.delivery.close_lapsed(await self.games.expire_offers())
