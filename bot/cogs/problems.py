"""``/brade problem`` (Swedish ``/bräde problem``) and the daily problem's post and button.

The command lives in the ``/brade`` group, which the ``Play`` cog owns: this cog adds it
to that group when it loads (``cog_load``), so the problem code stays in its own files.
``/brade problem`` shows the member's problem privately, ``/brade problem answer:`` judges
their play (autocomplete as in a game); the service (``bot.service.problems``) decides
everything, this layer renders and replies.  The daily problem is posted by the
background check the reminders use (``BackgroundCheck``), on the process that owns the
guild; its button opens the problem privately for whoever presses it.
"""

from __future__ import annotations

import functools
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.cogs.background import BackgroundCheck
from bot.cogs.play import make_ctx
from bot.cogs.replies import refusal_text, send_private
from bot.i18n import play_words
from bot.service.board import render_async, render_call
from bot.service.model import Ctx, UserError
from bot.service.problems import DailyPost, ProblemReply, ProblemService
from bot.store import Conflict
from engine.errors import EngineError
from render.problem import render_answer

if TYPE_CHECKING:
    from bot.client import BradeBot

log = logging.getLogger(__name__)


class ProblemButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"bradeproblem:(?P<day>\d{4}-\d{2}-\d{2})"):
    """The daily post's button: the day is in the custom id, so it works after a restart."""

    def __init__(self, day: str, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"bradeproblem:{day}"))
        self.day = day

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ProblemButton:
        return cls(match["day"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        bot: BradeBot = interaction.client  # type: ignore[assignment]
        cog = bot.get_cog("Problems")
        try:
            await cog.on_daily(interaction, self.day)  # type: ignore[union-attr]
        except Exception as error:  # the one failure path shared with tree.on_error
            await bot.report_failure(interaction, error)


class Problems(BackgroundCheck):
    failure = "daily problem check failed"  # and it goes on the next time

    def __init__(self, bot: BradeBot) -> None:
        super().__init__(bot)
        assert bot.service is not None
        self.service = ProblemService(bot.service)
        self._group: app_commands.Group | None = None

    async def cog_load(self) -> None:
        play = self.bot.get_cog("Play")
        group = play.app_command if play is not None else None  # the /brade group
        if isinstance(group, app_commands.Group):
            for command in self.__cog_app_commands__:
                group.add_command(command, override=True)
            self.__cog_app_commands__ = []  # added to /brade, not as top-level commands
            self._group = group
        self.bot.add_dynamic_items(ProblemButton)
        ratings = self.bot.get_cog("Ratings")
        if ratings is not None:
            ratings.service.profile_lines.append(self.service.profile_lines)  # type: ignore[attr-defined]
        await super().cog_load()

    async def cog_unload(self) -> None:
        await super().cog_unload()
        if self._group is not None:
            self._group.remove_command("problem")
        self.bot.remove_dynamic_items(ProblemButton)
        ratings = self.bot.get_cog("Ratings")
        lines = getattr(getattr(ratings, "service", None), "profile_lines", [])
        if self.service.profile_lines in lines:
            lines.remove(self.service.profile_lines)

    # -- the command ------------------------------------------------------------------

    @app_commands.command(name=_("problem"),
                          description=_("A position to solve: find the best play for a roll"))
    @app_commands.rename(answer=_("answer"), ruleset=_("ruleset"))
    @app_commands.describe(answer=_("Your answer: a play (suggestions appear as you type)"),
                           ruleset=_("Which ruleset's problems (default: the server's rules)"))
    async def problem(self, interaction: discord.Interaction,
                      answer: app_commands.Range[str, 1, 100] | None = None,
                      ruleset: str | None = None) -> None:
        ctx = make_ctx(interaction)
        if answer is not None:
            await self.reply(interaction, ctx, lambda: self.service.answer(ctx, answer))
        else:
            await self.reply(interaction, ctx, lambda: self.service.show(ctx, ruleset))

    @problem.autocomplete("answer")
    async def answer_complete(self, interaction: discord.Interaction,
                              current: str) -> list[Choice[str]]:
        ctx = make_ctx(interaction)
        texts = await self.service.suggestions(ctx, current or "")
        lang = await self.service.games.lang_for(ctx)
        return [Choice(name=play_words(x, lang)[:100], value=x[:100]) for x in texts[:25]]

    @problem.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        cur = (current or "").lower()
        return [Choice(name=r, value=r) for r in self.service.available() if cur in r][:25]

    async def on_daily(self, interaction: discord.Interaction, day: str) -> None:
        ctx = make_ctx(interaction)
        await self.reply(interaction, ctx, lambda: self.service.open_daily(ctx, day))

    async def reply(self, interaction: discord.Interaction, ctx: Ctx, action: Any) -> None:
        """Privately: the problem's board or the answer's picture, or a polite refusal
        (the engine's words for a play it cannot read) with nothing changed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply: ProblemReply = await action()
        except (UserError, EngineError) as error:
            await send_private(interaction, refusal_text(
                error, await self.service.games.lang_for(ctx)))
            return
        except Conflict:
            await send_private(interaction, refusal_text(
                UserError("conflict"), await self.service.games.lang_for(ctx)))
            return
        png = await self.picture(reply)
        kwargs: dict[str, Any] = {}
        if png is not None:
            kwargs["file"] = discord.File(io.BytesIO(png), filename="problem.png")
        await interaction.followup.send(reply.text[:2000], ephemeral=True, **kwargs)
        await self.service.games.players.flush()

    @staticmethod
    async def picture(reply: ProblemReply) -> bytes | None:
        if reply.board is not None:
            return await render_async(reply.board)
        a = reply.answer
        if a is None:
            return None
        draw = functools.partial(render_answer, lang=a.lang, theme=a.theme, names=a.names)
        p = a.problem
        return await render_call(draw, p.board(), p.rules, p.dice, a.mover, a.best, a.theirs,
                                 a.captions)

    # -- the daily problem ------------------------------------------------------------

    def _guild_locale(self, guild_id: int | None) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return str(guild.preferred_locale) if guild else None

    async def tick(self) -> None:
        for post in await self.service.due_dailies(self._guild_locale):
            await self.post(post)

    async def post(self, post: DailyPost) -> None:
        channel = self.bot.get_channel(post.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("daily problem: channel %s is not there", post.channel_id)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ProblemButton(post.day, label=post.button))
        try:
            png = await render_async(post.board)
            msg = await channel.send(post.text[:2000], view=view,
                                     file=discord.File(io.BytesIO(png), filename="problem.png"),
                                     allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not post the daily problem in channel %s", post.channel_id)
            return
        await self.service.posted(post, msg.id)


async def setup(bot: BradeBot) -> None:
    await bot.add_cog(Problems(bot))
