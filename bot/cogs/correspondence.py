"""Correspondence play (issue 36) on Discord: ``/brade games``, "your turn" and the daily
problem by direct message, and what a server-only command says in a direct message.

``/brade games`` is declared on the ``Play`` cog (it owns the ``/brade`` group) and
answered here: in a server, the member's games there; in a direct message with the bot,
their games in every server they share with it and their game in this DM.  Either way
only games whose channel the member can see now (``bot.cogs.sight``) are listed, so a
private thread's game or another member's DM game never shows.

The direct messages are sent (by ``bot.delivery.letters``) from the background check the
reminders use (``BackgroundCheck``), and right after each command (``after_command``) so
that "on" means at once.  A direct message refused (closed DMs: Discord's 403, code
50007) is recorded once and reported by the member's next ``/brade settings``; nothing
is retried.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.cogs.asking import make_ctx
from bot.cogs.background import BackgroundCheck
from bot.cogs.sight import Sightlines
from bot.delivery.answers import send_private
from bot.delivery.letters import Letters
from bot.service.correspondence import Correspondence
from bot.service.model import GameRow
from bot.service.problems import DailyPost, ProblemService, day_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from bot.delivery.games import GamePresenter
    from bot.service.games import GameService

log = logging.getLogger(__name__)


class Notices(BackgroundCheck):
    failure = "direct message check failed"  # and it goes on the next time

    def __init__(self, client: discord.Client, games: GameService, delivery: GamePresenter,
                 correspondence: Correspondence, *, every: float, sightlines: Sightlines,
                 problems: ProblemService, owns: Callable[[int | None], bool]) -> None:
        super().__init__(client, games, delivery, every=every)
        self.correspondence = correspondence
        #: Which channels a member sees (the Spectate cog's, shared: one cache).
        self.sightlines = sightlines
        #: The daily problem, for those who have it by direct message.
        self.daily = problems
        #: Whether this process runs the shard of a guild (``BradeBot.owns_guild``).
        self.owns = owns
        #: The day each member's daily problem was last sent (or claimed elsewhere), so
        #: that a check writes nothing for those who have theirs.
        self._problem_day: dict[int, str] = {}
        #: The direct messages themselves (bot/delivery/letters.py).
        self.letters = Letters(client, correspondence.undelivered, delivery.pictures)

    # -- /brade games -------------------------------------------------------------------

    async def list_games(self, interaction: discord.Interaction) -> None:
        ctx = make_ctx(interaction, self.games.players)
        rows = await self.correspondence.live_games(ctx.user_id)
        seen = await self._visible(interaction, rows)
        reply = await self.correspondence.listing(ctx, [r for r in rows if r.id in seen],
                                           self._server_name)
        await send_private(interaction, reply.private or "")

    def _server_name(self, guild_id: int | None) -> str | None:
        guild = self.client.get_guild(guild_id) if guild_id else None
        return guild.name if guild is not None else None

    def _names(self, guild_id: int | None, channel_id: int) -> tuple[str | None, str | None]:
        """A game's server and channel by name, for its "your turn" message."""
        channel = self.client.get_channel(channel_id)
        return self._server_name(guild_id), getattr(channel, "name", None)

    async def _visible(self, interaction: discord.Interaction,
                       rows: list[GameRow]) -> set[int]:
        """The games whose channel the member sees now: in a server, that server's; in a
        DM, every server's they share with the bot, and their own DM game."""
        user = interaction.user
        if interaction.guild is not None:
            here = [r for r in rows if r.guild_id == interaction.guild_id]
            seen = await self.sightlines.for_interaction(interaction)([r.channel_id for r in here])
            return {r.id for r in here if r.channel_id in seen}
        out = {r.id for r in rows if r.guild_id is None and r.channel_id == interaction.channel_id}
        by_guild: dict[int, list[GameRow]] = {}
        for r in rows:
            if r.guild_id is not None:
                by_guild.setdefault(r.guild_id, []).append(r)
        for guild_id, found in by_guild.items():
            guild = self.client.get_guild(guild_id)
            if guild is None:
                continue  # not a server the bot is in (or another process's)
            member = guild.get_member(user.id)
            if member is None:
                try:
                    member = await guild.fetch_member(user.id)
                except discord.HTTPException:
                    continue  # no longer a member there
            seen = await self.sightlines.visible(
                guild, member, [r.channel_id for r in found])
            out |= {r.id for r in found if r.channel_id in seen}
        return out

    # -- direct messages ----------------------------------------------------------------

    async def tick(self) -> None:
        for notice in await self.correspondence.due_turns(names=self._names):
            await self.letters.write(notice.user_id, notice.text)
        await self.problems()

    async def after_command(self, channel_id: int) -> None:
        """A command changed the game in ``channel_id``: its "your turn", if due now."""
        try:
            for notice in await self.correspondence.due_turns(channel_id, names=self._names):
                await self.letters.write(notice.user_id, notice.text)
        except Exception:  # a courtesy: never fail the command that was answered
            log.exception("could not check the direct messages of channel %s", channel_id)

    async def problems(self) -> None:
        """The daily problem to each member who asked for it by direct message, once a
        day (marked before it is sent), from the hour it is chosen on."""
        if not self.owns(None):  # direct messages are shard 0's
            return
        today = day_of(self.games.clock())
        subscribers = [(u, lang) for u, lang in await self.correspondence.problem_subscribers()
                       if self._problem_day.get(u) != today]
        posts: dict[str, DailyPost | None] = {}
        for user_id, lang in subscribers:
            if lang not in posts:
                posts[lang] = await self.daily.direct_daily(lang)
            post = posts[lang]
            if post is None:
                continue  # before the hour
            self._problem_day[user_id] = post.day
            if not await self.correspondence.claim_problem(user_id, post.day):
                continue
            await self.letters.write_daily(user_id, lang, post)
