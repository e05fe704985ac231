"""Slash commands for spectating (``/watch``, Swedish ``/titta``): running games, the move
list of any game, its record as a file, and an animated replay.

Answers go to the asker only unless ``share`` is set.  The replay is checked before the
interaction is deferred, so a refusal is always a private note, and drawn in a worker
thread afterwards.  Every command and the ``game`` autocomplete show only the games the
asker may see (``bot.cogs.sight``: Discord's own rule, checked now).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.asking import make_ctx
from bot.cogs.history import FILE, HistoryButton, history_view
from bot.cogs.replies import refusal_text
from bot.cogs.sight import Sightlines
from bot.delivery import answers
from bot.delivery.answers import send_private
from bot.i18n import t
from bot.service.model import Ctx, UserError
from bot.service.spectate import FileReply, Sight, SpectateService
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.service.players import Players

GameOption = app_commands.Range[int, 1, 2**53]
ChannelOption = discord.TextChannel | discord.Thread
FORMAT_CHOICES = [Choice(name="GIF", value="gif"), Choice(name="APNG", value="apng")]
#: Seconds an autocomplete may spend asking Discord about channels (it has 3 in all).
SUGGEST_LOOKUP_BUDGET = 1.5


def game_options(command: Callable) -> Callable:
    """The options of every command about one game of a match (export, replay, analyse): the
    game, its channel, which game of the match, and whether to share the answer."""
    command = app_commands.describe(
        game=_("The game's number, e.g. 12 (default: this channel's game)"),
        channel=_("The channel or thread the game is played in"),
        number=_("Which game of a match (default: the last)"),
        share=_("Post it in the channel for everyone (default: only you)"))(command)
    return app_commands.rename(game=_("game"), channel=_("channel"), number=_("number"),
                               share=_("share"))(command)


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Spectate(commands.GroupCog, group_name=_("watch"),
               group_description=_("Watch games: running games, moves, records, replays")):
    def __init__(self, watching: SpectateService, players: Players) -> None:
        self.watching = watching
        #: Every interaction's member noted by name (``make_ctx``).
        self.players = players
        self.sightlines = Sightlines()
        super().__init__()

    def sight(self, interaction: discord.Interaction, budget: float | None = None) -> Sight:
        """Which channels this interaction's member can see now (Discord's rule)."""
        return self.sightlines.for_interaction(interaction, budget)

    async def refuse(self, interaction: discord.Interaction, ctx: Ctx,
                     error: UserError | EngineError) -> None:
        await send_private(interaction,
                           refusal_text(error, await self.watching.games.lang_for(ctx)))

    async def answer(self, interaction: discord.Interaction,
                     action: Callable[[Ctx], Awaitable[FileReply]]) -> None:
        ctx = make_ctx(interaction, self.players)
        try:
            reply = await action(ctx)
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await self.show(interaction, reply)

    @staticmethod
    async def show(interaction: discord.Interaction, reply: FileReply) -> None:
        await answers.show(interaction, reply.text, public=reply.public, file=reply.file)

    @app_commands.command(name=_("games"),
                          description=_("The games being played on this server, with links"))
    async def games(self, interaction: discord.Interaction) -> None:
        async def listing(ctx: Ctx) -> FileReply:
            reply = await self.watching.running(ctx, self.sight(interaction))
            return FileReply(reply.lang, reply.private or "")

        await self.answer(interaction, listing)

    @app_commands.command(name=_("history"), description=_("List every move of a game"))
    @app_commands.rename(game=_("game"), channel=_("channel"))
    @app_commands.describe(game=_("The game's number, e.g. 12 (default: this channel's game)"),
                           channel=_("The channel or thread the game is played in"))
    async def history(self, interaction: discord.Interaction, game: GameOption | None = None,
                      channel: ChannelOption | None = None) -> None:
        await self.page_history(interaction, game, channel.id if channel else None)

    async def page_history(self, interaction: discord.Interaction, game: int | None = None,
                           channel_id: int | None = None) -> None:
        """A game's record, privately: its last page, with buttons to turn to the others
        when it is longer than one message (``/watch history``; ``/brade history`` is this
        for the channel's game)."""
        ctx = make_ctx(interaction, self.players)
        try:
            page = await self.watching.history(ctx, game, channel_id,
                                              sight=self.sight(interaction))
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await answers.show(interaction, page.text, view=history_view(page))

    async def on_history_button(self, interaction: discord.Interaction,
                                btn: HistoryButton) -> None:
        """A page turned (the record read again: a running game has grown), or the whole
        record asked for as a file (a message of its own)."""
        ctx = make_ctx(interaction, self.players)
        sight = self.sight(interaction)
        try:
            if btn.slot == FILE:
                await self.show(interaction, await self.watching.history_file(
                    ctx, btn.game_id, sight=sight))
                return
            page = await self.watching.history(ctx, btn.game_id, page=btn.page, sight=sight)
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await answers.on_pressed(interaction, text=page.text, view=history_view(page))

    @app_commands.command(
        name=_("export"),
        description=_("A game's record as a text file that `python -m engine replay` replays"))
    @game_options
    async def export(self, interaction: discord.Interaction, game: GameOption | None = None,
                     channel: ChannelOption | None = None,
                     number: app_commands.Range[int, 1, 99] | None = None,
                     share: bool = False) -> None:
        await self.answer(interaction, lambda c: self.watching.export(
            c, game, channel.id if channel else None, number, share,
            sight=self.sight(interaction)))

    @app_commands.command(name=_("replay"),
                          description=_("An animated replay (GIF or APNG) of a finished game"))
    @game_options
    @app_commands.rename(format=_("format"))
    @app_commands.describe(format=_("GIF or APNG (default GIF)"))
    @app_commands.choices(format=FORMAT_CHOICES)
    async def replay(self, interaction: discord.Interaction, game: GameOption | None = None,
                     channel: ChannelOption | None = None,
                     number: app_commands.Range[int, 1, 99] | None = None,
                     format: str = "gif", share: bool = False) -> None:
        ctx = make_ctx(interaction, self.players)
        try:
            plan = await self.watching.plan_replay(ctx, game, channel.id if channel else None,
                                                  number, format, share,
                                                  sight=self.sight(interaction))
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await answers.wait(interaction, public=share)
        await self.show(interaction, await self.watching.render(plan))

    @app_commands.command(
        name=_("analyse"),
        description=_("Analyse a finished game: each side's mistakes, points lost and luck, "
                      "as a picture"))
    @game_options
    async def analyse(self, interaction: discord.Interaction, game: GameOption | None = None,
                      channel: ChannelOption | None = None,
                      number: app_commands.Range[int, 1, 99] | None = None,
                      share: bool = False) -> None:
        """Checked first (a refusal is a private note), then deferred; the analysis waits
        its turn (the deferred reply says its place in the queue), runs in the analysis
        worker and the reply is edited with its progress, then the result."""
        ctx = make_ctx(interaction, self.players)
        try:
            plan = await self.watching.plan_analysis(ctx, game, channel.id if channel else None,
                                                    number, share,
                                                    sight=self.sight(interaction))
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error)
            return
        await answers.wait(interaction, public=share)
        shown = [0]

        async def edit(text: str) -> None:
            # the place and the progress are a courtesy; the result still comes
            await answers.rewrite(interaction, text, quiet=True)

        async def queued(position: int) -> None:
            if position:
                await edit(t("watch.analyse.queued", plan.lang, id=plan.row.id, n=position))
            else:  # its turn came
                await edit(t("watch.analyse.start", plan.lang, id=plan.row.id,
                             n=plan.game.turn_count))

        async def progress(fraction: float) -> None:
            pct = int(fraction * 100) // 10 * 10  # in steps of 10%: few edits
            if pct <= shown[0] or pct >= 100:
                return
            shown[0] = pct
            await edit(t("watch.analyse.progress", plan.lang, id=plan.row.id, pct=pct))

        try:
            reply = await self.watching.analyse(plan, progress, queued)
        except (UserError, EngineError) as error:
            await answers.rewrite(interaction, refusal_text(error, plan.lang))
            return
        assert reply.file is not None
        await answers.rewrite(interaction, reply.text, file=reply.file)

    async def game_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[int]]:
        found = await self.watching.suggestions(
            make_ctx(interaction, self.players), str(current or ""),
            self.sight(interaction, SUGGEST_LOOKUP_BUDGET))
        return [Choice(name=label, value=gid) for label, gid in found]

    # One suggester for the four commands' ``game`` option, registered call by call:
    # stacked, discord.py's decorator types lose the method's ``self``.
    analyse.autocomplete("game")(game_complete)
    replay.autocomplete("game")(game_complete)
    export.autocomplete("game")(game_complete)
    history.autocomplete("game")(game_complete)

