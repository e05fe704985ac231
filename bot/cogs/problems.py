"""Problems (issue 24): ``/brade problem``'s replies, and the daily problem's post and button.

The ``/brade`` group is the ``Play`` cog's (a ``GroupCog`` owns its group's commands), so
``/brade problem`` and its autocompletes are declared there and hand the interaction to
this cog (``Play.problem``), which the bot gives the ``Play`` cog when it makes both
(``BradeBot._add_cogs``).  ``/brade problem`` shows the member's problem privately,
``/brade problem answer:`` judges their play; the service (``bot.service.problems``)
decides everything, and delivery (``bot.delivery.problems``) draws the pictures in the
board workers and posts them with their alt text.  The daily problem is
posted by the background check the reminders use (``BackgroundCheck``), on the process
that owns the guild; its button (``bot.views.ProblemButton``) opens the problem privately
for whoever presses it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord.app_commands import Choice

from bot.cogs.background import BackgroundCheck
from bot.cogs.play import make_ctx, play_choices, ruleset_choices
from bot.cogs.replies import refusal_text
from bot.delivery import answers
from bot.delivery.answers import send_private
from bot.delivery.problems import post_daily, problem_picture
from bot.service.model import Ctx, UserError
from bot.service.problems import DailyPost, ProblemReply, ProblemService
from bot.service.text import clip
from bot.store import Conflict
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.client import BradeBot
    from bot.delivery.games import Delivery
    from bot.service.games import GameService

log = logging.getLogger(__name__)


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
        await answers.wait(interaction)
        try:
            reply = await action()
        except (UserError, EngineError) as error:
            await send_private(interaction, refusal_text(error, await self.games.lang_for(ctx)))
            return
        except Conflict:
            await send_private(interaction, refusal_text(UserError("conflict"),
                                                         await self.games.lang_for(ctx)))
            return
        await answers.show(interaction, clip(reply.text), file=await problem_picture(
            self.delivery.pictures, reply))
        await self.games.players.flush()

    # -- the daily problem ------------------------------------------------------------

    async def tick(self) -> None:
        for post in await self.problems.due_dailies(self.guild_locale):
            await self.post(post)

    async def post(self, post: DailyPost) -> None:
        message_id = await post_daily(self.bot, self.bot.rights, self.delivery.pictures, post)
        if message_id is not None:
            await self.problems.posted(post, message_id)
