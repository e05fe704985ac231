"""Direct messages from the bot: "your turn" and the daily problem (issue 36).

A member's DM channel is opened once and remembered, so that each later message is one
request rather than a look-up of the member and the channel first.  A direct message
refused (closed DMs: Discord's 403, code 50007) is handed to ``undelivered``, which the
correspondence service records for the member's next ``/brade settings``; nothing is
retried, and the refusal is logged once per member.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.delivery.games import board_file
from bot.delivery.mentions import on_discord
from bot.delivery.problems import daily_view
from bot.i18n import t
from bot.service.pictures import RenderPool
from bot.service.problems import DailyPost
from bot.service.text import clip

log = logging.getLogger(__name__)
#: Members' DM channels remembered (forgotten all at once beyond: they are opened anew).
DM_CHANNELS_KEPT = 100_000


class Letters:
    """The bot's direct messages; one per bot."""

    def __init__(self, client: discord.Client,
                 undelivered: Callable[[int], Awaitable[bool]], pictures: RenderPool) -> None:
        self.client = client
        #: Draws the daily problem's board.
        self.pictures = pictures
        #: Records a refused message; whether it is news (then it is logged).
        self.undelivered = undelivered
        self._dm_channels: dict[int, int] = {}

    async def write(self, user_id: int, text: str, *, view: discord.ui.View | None = None,
                   file: discord.File | None = None) -> bool:
        """One direct message; whether it was delivered."""
        try:
            dm_id = self._dm_channels.get(user_id)
            if dm_id is None:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                dm_id = (user.dm_channel or await user.create_dm()).id
                if len(self._dm_channels) >= DM_CHANNELS_KEPT:
                    self._dm_channels.clear()
                self._dm_channels[user_id] = dm_id
            channel = self.client.get_partial_messageable(dm_id,
                                                          type=discord.ChannelType.private)
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            if file is not None:
                extra["file"] = file
            await channel.send(on_discord(text), allowed_mentions=discord.AllowedMentions.none(),
                               **extra)
            return True
        except discord.HTTPException as error:
            if await self.undelivered(user_id):
                log.warning("could not send a direct message to member %s (%s %s)",
                            user_id, error.status, error.code)
            return False

    async def write_daily(self, user_id: int, lang: str, post: DailyPost) -> bool:
        """The day's problem, with its board and its button, to a member who asked."""
        return await self.write(user_id, clip(t("notice.problem", lang) + "\n" + post.text),
                               view=daily_view(post),
                               file=await board_file(self.pictures, post.board,
                                                     "problem.png"))
