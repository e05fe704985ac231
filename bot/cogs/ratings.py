"""Slash commands for ratings, the leaderboard and profiles (``/rating``, Swedish ``/ranking``).

The cog also subscribes the rating service to the game service's end-of-game notices,
and on load applies any rated game that ended while no listener ran.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.asking import make_ctx
from bot.cogs.replies import check_in_server, refusal_text
from bot.delivery import answers
from bot.delivery.answers import send_private
from bot.service.model import Ctx, Reply, UserError
from bot.service.ratings import LEADERBOARD_DEFAULT, LEADERBOARD_MAX

if TYPE_CHECKING:
    from bot.service.players import Players
    from bot.service.ratings import RatingService

log = logging.getLogger(__name__)


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Ratings(commands.GroupCog, group_name=_("rating"),
              group_description=_("Ratings, the leaderboard and profiles")):
    def __init__(self, ratings: RatingService, players: Players) -> None:
        self.ratings = ratings
        #: Every interaction's member noted by name (``make_ctx``).
        self.players = players
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Listed in a direct message too, so that it can say where it works (issue 36)."""
        return await check_in_server(interaction)

    async def cog_load(self) -> None:
        self.ratings.games.end_listeners.append(self.ratings.on_game_end)
        caught = await self.ratings.catch_up()
        if caught:
            log.info("applied %d rated game(s) that ended while the bot was away", caught)

    async def cog_unload(self) -> None:
        listeners = self.ratings.games.end_listeners
        if self.ratings.on_game_end in listeners:
            listeners.remove(self.ratings.on_game_end)

    async def answer(self, interaction: discord.Interaction,
                     action: Callable[[Ctx], Awaitable[Reply]], share: bool) -> None:
        ctx = make_ctx(interaction, self.players)
        try:
            reply = await action(ctx)
        except UserError as error:
            await send_private(interaction,
                               refusal_text(error, await self.ratings.games.lang_for(ctx)))
            return
        await answers.show(interaction, reply.private or "", public=share)

    @app_commands.command(name=_("leaderboard"),
                          description=_("The server's best players by rating"))
    @app_commands.rename(count=_("count"), share=_("share"))
    @app_commands.describe(count=_("How many players to show (1–25)"),
                           share=_("Post it in the channel for everyone (default: only you)"))
    async def leaderboard(self, interaction: discord.Interaction,
                          count: app_commands.Range[int, 1, LEADERBOARD_MAX] = LEADERBOARD_DEFAULT,
                          share: bool = False) -> None:
        await self.answer(interaction, lambda c: self.ratings.leaderboard(c, count), share)

    @app_commands.command(name=_("profile"),
                          description=_("A member's rating, record and ways of winning"))
    @app_commands.rename(member=_("member"), share=_("share"))
    @app_commands.describe(member=_("Whose profile (default: yours)"),
                           share=_("Post it in the channel for everyone (default: only you)"))
    async def profile(self, interaction: discord.Interaction,
                      member: discord.Member | None = None, share: bool = False) -> None:
        await self.answer(interaction, lambda c: self.ratings.profile(
            c, member.id if member else None, is_bot=bool(member and member.bot)), share)

