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
for whoever presses it.  A problem is answered by taps too (issue 46): its message
carries the game's play picker (``bot.service.problem_picker``), whose presses come here
(``on_pick_button``, ``on_pick_menu``) and are answered on the pressed message.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord.app_commands import Choice

from bot.cogs.asking import make_ctx, play_choices, ruleset_choices
from bot.cogs.background import BackgroundCheck
from bot.cogs.replies import refusal_text
from bot.delivery import answers
from bot.delivery.answers import send_private
from bot.delivery.problems import post_daily, show_problem
from bot.service.model import Conflict, Ctx, UserError
from bot.service.problem_picker import ProblemPicker
from bot.service.problems import DailyPost, ProblemReply, ProblemService
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.delivery.games import GamePresenter
    from bot.permissions import Rights
    from bot.service.games import GameService
    from bot.views import ProblemPickButton, ProblemPickMenu

log = logging.getLogger(__name__)


class Problems(BackgroundCheck):
    failure = "daily problem check failed"  # and it goes on the next time

    def __init__(self, client: discord.Client, problems: ProblemService, games: GameService,
                 delivery: GamePresenter, *, every: float, rights: Rights) -> None:
        super().__init__(client, games, delivery, every=every)
        self.problems = problems
        #: A daily post refused for a missing right is told to the server's admins.
        self.rights = rights
        self.picking = ProblemPicker(problems)

    # -- /brade problem (declared on the Play cog) --------------------------------------

    async def solve(self, interaction: discord.Interaction, answer: str | None,
                    ruleset: str | None) -> None:
        """``/brade problem``: the member's problem, or (``answer``) the verdict on it."""
        ctx = make_ctx(interaction, self.games.players)
        if answer is not None:
            await self.reply(interaction, ctx, lambda: self.problems.answer(ctx, answer))
            return

        async def shown() -> ProblemReply:
            return await self.picking.offer(ctx, await self.problems.show(ctx, ruleset))

        await self.reply(interaction, ctx, shown)

    async def answer_choices(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        """The open problem's plays matching what the member typed, as a game's moves."""
        ctx = make_ctx(interaction, self.games.players)
        texts = await self.problems.suggestions(ctx, current or "")
        return play_choices(texts, await self.games.lang_for(ctx))

    def ruleset_choices(self, current: str) -> list[Choice[str]]:
        """The rulesets that have problems, matching what the member typed."""
        return ruleset_choices(current, self.problems.available())

    async def on_daily(self, interaction: discord.Interaction, day: str) -> None:
        ctx = make_ctx(interaction, self.games.players)

        async def shown() -> ProblemReply:
            return await self.picking.offer(ctx, await self.problems.open_daily(ctx, day))

        await self.reply(interaction, ctx, shown)

    # -- the picker's presses -----------------------------------------------------------

    async def on_pick_button(self, interaction: discord.Interaction,
                             btn: ProblemPickButton) -> None:
        """A play's button, Confirm, Choose again or back to every play."""
        ctx = make_ctx(interaction, self.games.players)
        who, pid, arg = btn.user_id, btn.problem_id, btn.arg
        actions: dict[str, Callable[[], Awaitable[ProblemReply]]] = {
            "pick": lambda: self.picking.pick(ctx, who, pid, arg),
            "ok": lambda: self.picking.confirm(ctx, who, pid, arg),
            "again": lambda: self.picking.again(ctx, who, pid),
            "back": lambda: self.picking.again(ctx, who, pid),
        }
        await self.reply(interaction, ctx, actions.get(btn.action, _stale), pressed=True)

    async def on_pick_menu(self, interaction: discord.Interaction, menu: ProblemPickMenu,
                           value: str) -> None:
        """A choice in the problem's menu: one more letter of its path."""
        ctx = make_ctx(interaction, self.games.players)
        path = menu.path + value[:1]
        await self.reply(interaction, ctx, lambda: self.picking.pick(
            ctx, menu.user_id, menu.problem_id, path), pressed=True)

    async def reply(self, interaction: discord.Interaction, ctx: Ctx,
                    action: Callable[[], Awaitable[ProblemReply]], *,
                    pressed: bool = False) -> None:
        """Privately: the problem's board or the answer's picture (``pressed``: on the
        pressed message), or a polite private refusal (the engine's words for a play it
        cannot read, a stranger's press, a problem answered already) with nothing
        changed."""
        await answers.wait(interaction, pressed=pressed)
        try:
            reply = await action()
        except (UserError, EngineError) as error:
            await send_private(interaction, refusal_text(error, await self.games.lang_for(ctx)))
            return
        except Conflict:
            await send_private(interaction, refusal_text(UserError("conflict"),
                                                         await self.games.lang_for(ctx)))
            return
        await show_problem(interaction, self.delivery.pictures, reply)
        await self.games.players.flush()

    # -- the daily problem ------------------------------------------------------------

    async def tick(self) -> None:
        for post in await self.problems.due_dailies(self.guild_locale):
            await self.post(post)

    async def post(self, post: DailyPost) -> None:
        message_id = await post_daily(self.client, self.rights, self.delivery.pictures, post)
        if message_id is not None:
            await self.problems.posted(post, message_id)


async def _stale() -> ProblemReply:
    raise UserError("problem.stale")
