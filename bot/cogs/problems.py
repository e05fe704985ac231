"""Problems (issue 24): ``/brade problem``'s replies, and the daily problem's post and button.

The ``/brade`` group is the ``Play`` cog's (a ``GroupCog`` owns its group's commands), so
``/brade problem`` and its autocompletes are declared there and hand the interaction to
this cog (``Play.problem``), which the bot gives the ``Play`` cog when it makes both
(``BradeBot._add_cogs``).  ``/brade problem`` shows the member's problem privately,
``/brade problem answer:`` judges their play; the service (``bot.service.problems``)
decides everything, this layer draws and replies.  Both pictures are drawn in the board
workers (``bot.service.pictures``) and go out with their alt text.  The daily problem is
posted by the background check the reminders use (``BackgroundCheck``), on the process
that owns the guild; its button (``ProblemButton``) opens the problem privately for
whoever presses it.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.app_commands import Choice

from bot.cogs.background import BackgroundCheck
from bot.cogs.play import make_ctx, play_choices, ruleset_choices
from bot.cogs.replies import refusal_text, send_private
from bot.delivery import board_file
from bot.permissions import to_post
from bot.service.model import Ctx, UserError
from bot.service.problems import DailyPost, ProblemReply, ProblemService
from bot.service.text import BUTTON_LABEL_LIMIT, clip
from bot.store import Conflict
from bot.views import guarded, rebuilt_button
from engine.errors import EngineError
from render.problem import answer_alt_text, render_answer

if TYPE_CHECKING:
    from bot.client import BradeBot
    from bot.delivery import Delivery
    from bot.service.games import GameService

log = logging.getLogger(__name__)


class ProblemButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"bradeproblem:(?P<day>\d{4}-\d{2}-\d{2})"):
    """The daily post's button: the day is in the custom id, so it works after a restart."""

    def __init__(self, day: str, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.primary,
                                           custom_id=f"bradeproblem:{day}"))
        self.day = day

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ProblemButton:
        return cls(match["day"], label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, lambda bot: bot.problem_cog.on_daily(interaction, self.day))


class Problems(BackgroundCheck):
    failure = "daily problem check failed"  # and it goes on the next time

    def __init__(self, bot: BradeBot, problems: ProblemService, games: GameService,
                 delivery: Delivery) -> None:
        super().__init__(bot, games, delivery)
        self.problems = problems

    # -- /brade problem (declared on the Play cog) --------------------------------------

    async def solve(self, interaction: discord.Interaction, answer: str | None,
                    ruleset: str | None) -> None:
        """``/brade problem``: the member's problem, or (``answer``) the verdict on it."""
        ctx = make_ctx(interaction)
        if answer is not None:
            await self.reply(interaction, ctx, lambda: self.problems.answer(ctx, answer))
        else:
            await self.reply(interaction, ctx, lambda: self.problems.show(ctx, ruleset))

    async def answer_choices(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        """The open problem's plays matching what the member typed, as a game's moves."""
        ctx = make_ctx(interaction)
        texts = await self.problems.suggestions(ctx, current or "")
        return play_choices(texts, await self.games.lang_for(ctx))

    def ruleset_choices(self, current: str) -> list[Choice[str]]:
        """The rulesets that have problems, matching what the member typed."""
        return ruleset_choices(current, self.problems.available())

    async def on_daily(self, interaction: discord.Interaction, day: str) -> None:
        ctx = make_ctx(interaction)
        await self.reply(interaction, ctx, lambda: self.problems.open_daily(ctx, day))

    async def reply(self, interaction: discord.Interaction, ctx: Ctx,
                    action: Callable[[], Awaitable[ProblemReply]]) -> None:
        """Privately: the problem's board or the answer's picture, or a polite refusal
        (the engine's words for a play it cannot read) with nothing changed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await action()
        except (UserError, EngineError) as error:
            await send_private(interaction, refusal_text(error, await self.games.lang_for(ctx)))
            return
        except Conflict:
            await send_private(interaction, refusal_text(UserError("conflict"),
                                                         await self.games.lang_for(ctx)))
            return
        picture = await self.picture(reply)
        kwargs: dict[str, Any] = {"file": picture} if picture is not None else {}
        await interaction.followup.send(clip(reply.text), ephemeral=True, **kwargs)
        await self.games.players.flush()

    async def picture(self, reply: ProblemReply) -> discord.File | None:
        """The reply's picture, drawn by the board workers, with its alt text in the
        reader's language: the problem's board, or the answer's plays."""
        if reply.board is not None:
            return await board_file(self.delivery.pictures, reply.board, "problem.png")
        a = reply.answer
        if a is None:
            return None
        p = a.problem
        png = await self.delivery.pictures.draw(
            render_answer, p.ruleset, p.dice, a.mover, a.best, a.theirs, a.captions,
            lang=a.lang, theme=a.theme, names=a.names)
        return discord.File(io.BytesIO(png), filename="answer.png",
                            description=answer_alt_text(p.ruleset, p.dice, a.mover, a.best,
                                                        a.captions, lang=a.lang,
                                                        names=a.names))

    # -- the daily problem ------------------------------------------------------------

    def _guild_locale(self, guild_id: int | None) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return str(guild.preferred_locale) if guild else None

    async def tick(self) -> None:
        for post in await self.problems.due_dailies(self._guild_locale):
            await self.post(post)

    async def post(self, post: DailyPost) -> None:
        channel = self.bot.get_channel(post.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("daily problem: channel %s is not there", post.channel_id)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ProblemButton(post.day, label=post.button))

        async def send() -> discord.Message:
            return await channel.send(clip(post.text), view=view,
                                      file=await board_file(self.delivery.pictures,
                                                            post.board, "problem.png"),
                                      allowed_mentions=discord.AllowedMentions.none())

        try:  # a missing right is told to the server's admins (bot/permissions.py)
            msg = await self.bot.rights.attempt(channel, "daily",
                                                to_post(channel, board=True), send)
        except discord.HTTPException:
            log.warning("could not post the daily problem in channel %s", post.channel_id)
            return
        if msg is not None:
            await self.problems.posted(post, msg.id)
