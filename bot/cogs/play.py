"""The ``/brade`` commands and button presses: parse, hand to the service, reply.

Thin on purpose: every decision about the game is the service's.  This layer only turns
an interaction into a ``Ctx``, a ``Reply`` into messages, and a refusal into an
ephemeral note in the user's language.  Anything slow (drawing boards, the computer's
search) happens after the interaction has been deferred.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.replies import refusal_text, send_private
from bot.i18n import t
from bot.service.ai import DEFAULT_LEVEL, LEVELS
from bot.service.board import render_async
from bot.service.model import COMPUTER, Ctx, Post, Reply, UserError
from bot.views import GameButton, ThreadButton, make_view
from engine import rules as rules_registry
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.client import BradeBot
    from bot.service.games import GameService

log = logging.getLogger(__name__)

LEVEL_CHOICES = [Choice(name=_("beginner (nybörjare)"), value="nybörjare"),
                 Choice(name=_("journeyman (gesäll)"), value="gesäll"),
                 Choice(name=_("master (mästare)"), value="mästare")]
LANG_CHOICES = [Choice(name=_("Swedish"), value="sv"), Choice(name=_("English"), value="en"),
                Choice(name=_("Automatic (from Discord)"), value="auto")]


def ruleset_names() -> list[str]:
    """Every ruleset id, then each with one option (``classic+double_six``)."""
    out = list(rules_registry.ids())
    for rid in rules_registry.ids():
        out += [f"{rid}+{opt}" for opt in rules_registry.options_of(rid)]
    return out


def make_ctx(interaction: discord.Interaction) -> Ctx:
    guild = interaction.guild
    perms = interaction.permissions
    guild_locale = str(guild.preferred_locale) if guild is not None else None
    return Ctx(user_id=interaction.user.id, channel_id=interaction.channel_id or 0,
               guild_id=interaction.guild_id, user_locale=str(interaction.locale),
               guild_locale=guild_locale or (str(interaction.guild_locale)
                                             if interaction.guild_locale else None),
               can_manage=bool(perms.manage_channels))


def _mentions(post: Post) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(u) for u in post.mentions if u])


async def _files(posts: list[Post]) -> list[discord.File | None]:
    """Every post's board, drawn concurrently in worker threads."""
    async def one(p: Post) -> discord.File | None:
        if p.board is None:
            return None
        png = await render_async(p.board)
        return discord.File(io.BytesIO(png), filename="brade.png")

    return list(await asyncio.gather(*(one(p) for p in posts)))


@app_commands.guild_only()
class Play(commands.GroupCog, group_name=_("brade"),
           group_description=_("Play bräde, the Swedish board game")):
    def __init__(self, bot: BradeBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GameService:
        assert self.bot.service is not None
        return self.bot.service

    # -- plumbing ----------------------------------------------------------------------

    async def run(self, interaction: discord.Interaction,
                  action: Callable[[Ctx], Awaitable[Reply]], *, component: bool = False,
                  busy_view: discord.ui.View | None = None) -> None:
        ctx = make_ctx(interaction)
        try:
            reply = await action(ctx)
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error, busy_view)
            return
        await self.deliver(interaction, reply, component=component)
        if reply.posts and await self.service.needs_computer(ctx):
            more = await self.service.computer_turns(ctx)
            await self.deliver(interaction, more, component=component)

    async def refuse(self, interaction: discord.Interaction, ctx: Ctx,
                     error: UserError | EngineError,
                     busy_view: discord.ui.View | None = None) -> None:
        text = refusal_text(error, await self.service.lang_for(ctx))
        view = busy_view if isinstance(error, UserError) and error.key == "new.busy" else None
        if view is None and isinstance(error, UserError) and error.key == "new.busy":
            text = text.rstrip(":") + "."
        kwargs = {"view": view} if view is not None else {}
        await send_private(interaction, text, **kwargs)

    async def deliver(self, interaction: discord.Interaction, reply: Reply, *,
                      component: bool = False) -> None:
        response = interaction.response
        if reply.posts:
            if not response.is_done():
                if component:
                    await response.defer()
                else:
                    await response.defer(thinking=True)
            files = await _files(reply.posts)
            for post, file in zip(reply.posts, files, strict=True):
                kwargs: dict = {"allowed_mentions": _mentions(post)}
                if file is not None:
                    kwargs["file"] = file
                view = make_view(post.buttons)
                if view is not None:
                    kwargs["view"] = view
                await interaction.followup.send(post.text, **kwargs)
            if component:
                edit: dict = {"view": None}
                if reply.private:
                    edit["content"] = reply.private
                await interaction.edit_original_response(**edit)
            elif reply.private:
                await interaction.followup.send(reply.private, ephemeral=True)
        elif reply.private:
            view = make_view(reply.buttons)
            kwargs = {"view": view} if view is not None else {}
            if component and not response.is_done():
                await response.edit_message(content=reply.private, view=view)
            elif response.is_done():
                await interaction.followup.send(reply.private, ephemeral=True, **kwargs)
            else:
                await response.send_message(reply.private, ephemeral=True, **kwargs)

    async def post_to(self, channel: discord.abc.Messageable, reply: Reply) -> None:
        """Posts outside an interaction (a new thread, reminders)."""
        files = await _files(reply.posts)
        for post, file in zip(reply.posts, files, strict=True):
            kwargs: dict = {"allowed_mentions": _mentions(post)}
            if file is not None:
                kwargs["file"] = file
            view = make_view(post.buttons)
            if view is not None:
                kwargs["view"] = view
            await channel.send(post.text, **kwargs)

    # -- starting ----------------------------------------------------------------------

    @app_commands.command(name=_("new"),
                          description=_("Challenge a member (or the computer) to a game"))
    @app_commands.rename(opponent=_("opponent"), ruleset=_("ruleset"), match=_("match"),
                         level=_("level"), rated=_("rated"))
    @app_commands.describe(opponent=_("Who to play; leave out to play the computer"),
                           ruleset=_("Which rules (default: the server's)"),
                           match=_("Number of games in the match (odd)"),
                           level=_("The computer's strength"),
                           rated=_("Whether a game between members counts for ratings"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  opponent: discord.Member | None = None, ruleset: str | None = None,
                  match: app_commands.Range[int, 1, 25] = 1,
                  level: str = DEFAULT_LEVEL, rated: bool = True) -> None:
        me = self.bot.user
        computer = opponent is None or (me is not None and opponent.id == me.id)
        opp_id = COMPUTER if computer else opponent.id  # type: ignore[union-attr]
        ctx = make_ctx(interaction)
        lang = await self.service.lang_for(ctx)
        rules_for_thread = ruleset or (await self.service.settings(ctx.guild_id)).rules \
            or self.service.default_rules
        busy = discord.ui.View(timeout=None)
        busy.add_item(ThreadButton(opp_id, match, level if level in LEVELS else "",
                                   rules_for_thread, label=t("btn.thread", lang)))
        await self.run(interaction, lambda c: self.service.new_game(
            c, None if computer else opp_id,
            opponent_is_bot=bool(opponent and opponent.bot and not computer),
            rules=ruleset, match_length=match, level=level, rated=rated), busy_view=busy)

    @new.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        cur = (current or "").lower()
        return [Choice(name=n, value=n) for n in ruleset_names() if cur in n][:25]

    async def on_thread_button(self, interaction: discord.Interaction,
                               btn: ThreadButton) -> None:
        ctx = make_ctx(interaction)
        lang = await self.service.lang_for(ctx)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await interaction.response.send_message(t("err.new.busy", lang).rstrip(":") + ".",
                                                     ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = (interaction.user.display_name,
                 t("computer", lang) if btn.opponent == COMPUTER
                 else self.bot.display_name(ctx.guild_id, btn.opponent))
        thread = await channel.create_thread(
            name=t("thread.name", lang, a=names[0], b=names[1])[:100],
            type=discord.ChannelType.public_thread)
        tctx = Ctx(ctx.user_id, thread.id, ctx.guild_id, ctx.user_locale, ctx.guild_locale,
                   ctx.can_manage)
        try:
            reply = await self.service.new_game(
                tctx, None if btn.opponent == COMPUTER else btn.opponent,
                rules=btn.rules, match_length=btn.match, level=btn.level or DEFAULT_LEVEL)
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await self.post_to(thread, reply)
        if await self.service.needs_computer(tctx):
            await self.post_to(thread, await self.service.computer_turns(tctx))
        await interaction.followup.send(t("thread.opened", lang, thread=thread.mention),
                                        ephemeral=True)

    # -- playing -----------------------------------------------------------------------

    @app_commands.command(name=_("roll"), description=_("Roll the dice when it is your turn"))
    @app_commands.rename(one_die=_("one_die"))
    @app_commands.describe(one_die=_("Roll one die (B-36, when allowed)"))
    async def roll(self, interaction: discord.Interaction, one_die: bool = False) -> None:
        await self.run(interaction, lambda c: self.service.roll(c, one_die=one_die))

    @app_commands.command(name=_("move"), description=_("Play your roll, e.g. 1/7 7/12"))
    @app_commands.rename(play=_("play"))
    @app_commands.describe(play=_("Your play; suggestions appear as you type"))
    async def move(self, interaction: discord.Interaction,
                   play: app_commands.Range[str, 1, 100]) -> None:
        await self.run(interaction, lambda c: self.service.move(c, play))

    @move.autocomplete("play")
    async def move_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        texts = await self.service.suggestions(make_ctx(interaction), current or "")
        return [Choice(name=x[:100], value=x[:100]) for x in texts[:25]]

    @app_commands.command(name=_("resign"),
                          description=_("Resign the game (B-35 decides whether you may)"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.resign_prompt)

    @app_commands.command(name=_("abort"), description=_("Abort the game without a result"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.abort)

    @app_commands.command(name=_("claim"),
                          description=_("Claim a game your opponent has left"))
    async def claim(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.claim)

    # -- looking -----------------------------------------------------------------------

    @app_commands.command(name=_("show"), description=_("Show the board again"))
    async def show(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.show)

    @app_commands.command(name=_("history"), description=_("List the turns played so far"))
    async def history(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.history)

    @app_commands.command(name=_("rules"), description=_("A short summary of the rules"))
    @app_commands.rename(ruleset=_("ruleset"))
    @app_commands.describe(ruleset=_("Which rules (default: the server's)"))
    async def rules(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        await self.run(interaction, lambda c: self.service.rules_info(c, ruleset))

    @rules.autocomplete("ruleset")
    async def rules_complete(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        return await self.ruleset_complete(interaction, current)

    @app_commands.command(name=_("hint"), description=_("Ask the computer for the best plays"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.hint)

    @app_commands.command(name=_("settings"),
                          description=_("Server defaults: language and rules (Manage Server)"))
    @app_commands.rename(language=_("language"), ruleset=_("ruleset"))
    @app_commands.describe(language=_("Reply language in this server"),
                           ruleset=_("Which rules (default: the server's)"))
    @app_commands.choices(language=LANG_CHOICES)
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       ruleset: str | None = None) -> None:
        if not interaction.permissions.manage_guild:
            ctx = make_ctx(interaction)
            await self.refuse(interaction, ctx, UserError("settings.not_allowed"))
            return
        await self.run(interaction, lambda c: self.service.configure(c, lang=language,
                                                                     rules=ruleset))

    @settings.autocomplete("ruleset")
    async def settings_complete(self, interaction: discord.Interaction,
                                current: str) -> list[Choice[str]]:
        return await self.ruleset_complete(interaction, current)

    # -- buttons -----------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, btn: GameButton) -> None:
        s = self.service
        g, v = btn.game_id, btn.version
        actions: dict[str, Callable[[Ctx], Awaitable[Reply]]] = {
            "accept": lambda c: s.accept(c, g, v),
            "decline": lambda c: s.decline(c, g, v),
            "roll": lambda c: s.roll(c, game_id=g, version=v),
            "roll1": lambda c: s.roll(c, one_die=True, game_id=g, version=v),
            "play": lambda c: s.move(c, index=int(btn.arg or 0), game_id=g, version=v),
            "resign": lambda c: s.resign(c, g, v),
            "abandon": lambda c: s.resign(c, g, v, abandon=True),
            "keep": s.keep_playing,
            "abort": lambda c: s.abort(c, game_id=g, version=v),
            "claim": lambda c: s.claim(c, game_id=g),
        }
        action = actions.get(btn.action)
        if action is None:
            action = _stale
        await self.run(interaction, action, component=True)


async def _stale(ctx: Ctx) -> Reply:
    raise UserError("stale")


async def setup(bot: BradeBot) -> None:
    await bot.add_cog(Play(bot))
