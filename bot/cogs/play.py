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
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from bot.cogs.replies import refusal_text, send_private
from bot.i18n import play_words, t
from bot.service.ai import DEFAULT_LEVEL, LEVELS
from bot.service.board import render_async
from bot.service.model import COMPUTER, Ctx, Post, Reply, UserError
from bot.service.text import plain_name
from bot.store import Conflict
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
THEME_CHOICES = [Choice(name=_("Classic"), value="classic"),
                 Choice(name=_("Contrast (colour-blind safe)"), value="contrast"),
                 Choice(name=_("Default"), value="default")]
#: Refusals meaning a button's game or challenge is closed: its buttons are taken off.
CLOSED = ("game.over", "offer.closed", "offer.expired")
MESSAGE_LIMIT = 1900
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
    note_player(interaction)
    return Ctx(user_id=interaction.user.id, channel_id=interaction.channel_id or 0,
               guild_id=interaction.guild_id, user_locale=str(interaction.locale),
               guild_locale=guild_locale or (str(interaction.guild_locale)
                                             if interaction.guild_locale else None),
               can_manage=bool(perms.manage_channels))


def note_player(interaction: discord.Interaction) -> None:
    """Every interaction names the member who sent it: remember the name (issue 13)."""
    service = getattr(interaction.client, "service", None)
    if service is None:
        return
    user = interaction.user
    service.players.note(interaction.guild_id, user.id, user.display_name,
                         user.display_avatar.key if user.display_avatar else None)


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


def compose(posts: list[Post]) -> list[Post]:
    """The message policy (README, "Messages"): what one command posts, in as few
    messages as possible.

    Consecutive posts become one message (the computer's reply joins the human turn it
    answers: both turns in the text, the board after the reply), except that a game's
    final board stands alone, so a match's next game starts in a message of its own.
    """
    out: list[Post] = []
    group: list[Post] = []

    def flush() -> None:
        if not group:
            return
        boards = [p.board for p in group if p.board is not None]
        mentions = tuple(dict.fromkeys(u for p in group for u in p.mentions))
        text = "\n".join(p.text for p in group)
        if len(text) > MESSAGE_LIMIT:
            text = "…\n" + text[-MESSAGE_LIMIT:]
        out.append(Post(text, board=boards[-1] if boards else None,
                        buttons=group[-1].buttons, mentions=mentions,
                        final=group[-1].final))
        group.clear()

    for post in posts:
        group.append(post)
        if post.final:
            flush()
    flush()
    return out


def _has_board(post: Post) -> bool:
    """A message that carries a game's current buttons (a board, or a challenge)."""
    return post.board is not None or any(b.action in ("accept", "decline")
                                         for b in post.buttons)


@app_commands.guild_only()
class Play(commands.GroupCog, group_name=_("brade"),
           group_description=_("Play bräde, the Swedish board game")):
    def __init__(self, bot: BradeBot) -> None:
        self.bot = bot
        super().__init__()
        expires = getattr(bot, "challenge_expires", None)
        if expires is not None:
            self.service.challenge_expires = float(expires)
        self.service.players.fetch = self.fetch_member
        self.expire.change_interval(seconds=bot.check_every)

    async def cog_load(self) -> None:
        self.expire.start()

    async def cog_unload(self) -> None:
        self.expire.cancel()

    @property
    def service(self) -> GameService:
        assert self.bot.service is not None
        return self.bot.service

    async def fetch_member(self, guild_id: int | None,
                           user_id: int) -> tuple[str, str | None] | None:
        """One REST look-up for a player never seen in an interaction."""
        guild = self.bot.get_guild(guild_id) if guild_id else None
        try:
            if guild is not None:
                who: discord.abc.User = await guild.fetch_member(user_id)
            else:
                who = await self.bot.fetch_user(user_id)
        except discord.HTTPException:
            return None
        return who.display_name, who.display_avatar.key if who.display_avatar else None

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        note_player(interaction)  # the other cogs' interactions too
        await self.service.players.flush()

    # -- plumbing ----------------------------------------------------------------------

    async def run(self, interaction: discord.Interaction,
                  action: Callable[[Ctx], Awaitable[Reply]], *, component: bool = False,
                  busy_view: discord.ui.View | None = None) -> None:
        ctx = make_ctx(interaction)
        recovery = self.bot.get_cog("Recovery")
        if ctx.channel_id in self.service.computer_owed and recovery is not None:
            await recovery.resume(ctx.channel_id, ctx.guild_id)  # type: ignore[attr-defined]
        try:
            reply = await action(ctx)
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error, busy_view, component=component)
            return
        except Conflict:  # another process's write won (PostgreSQL): nothing changed here
            await self.refuse(interaction, ctx, UserError("conflict"), component=component)
            return
        # From here the command's change is saved: whatever fails now, say so truthfully.
        note = None
        try:
            if reply.posts and await self.service.needs_computer(ctx):
                self.service.computer_owed.add(ctx.channel_id)  # until it has played
                if not interaction.response.is_done():  # the computer may think a while
                    await (interaction.response.defer() if component
                           else interaction.response.defer(thinking=True))
                try:
                    more = await self.service.computer_turns(ctx)
                    self.service.computer_owed.discard(ctx.channel_id)
                except Exception:
                    log.exception("the computer could not answer in channel %s",
                                  ctx.channel_id)
                    more, note = Reply(), "err.computer_later"  # played on the next try
                reply = Reply(private=reply.private, posts=[*reply.posts, *more.posts],
                              buttons=reply.buttons, lang=reply.lang,
                              game_id=reply.game_id or more.game_id)
            await self.deliver(interaction, reply, component=component)
        except discord.HTTPException:
            log.warning("saved, but the reply could not be posted", exc_info=True)
            note = "err.unposted"
        if note is not None:
            try:
                await send_private(interaction, t(note, reply.lang))
            except discord.HTTPException:
                log.warning("could not tell the user that the reply was not posted")
        await self.service.players.flush()

    async def refuse(self, interaction: discord.Interaction, ctx: Ctx,
                     error: UserError | EngineError,
                     busy_view: discord.ui.View | None = None, *,
                     component: bool = False) -> None:
        text = refusal_text(error, await self.service.lang_for(ctx))
        key = error.key if isinstance(error, UserError) else ""
        view = busy_view if key == "new.busy" else None
        if view is None and key == "new.busy":
            text = text.rstrip(":") + "."
        if component and key in CLOSED and not interaction.response.is_done():
            # a button of a game that is over: take the dead buttons off that message
            await interaction.response.edit_message(view=None)
        kwargs = {"view": view} if view is not None else {}
        await send_private(interaction, text, **kwargs)

    async def deliver(self, interaction: discord.Interaction, reply: Reply, *,
                      component: bool = False) -> None:
        response = interaction.response
        posts = compose(reply.posts)
        if posts:
            if not response.is_done():
                if component:
                    await response.defer()
                else:
                    await response.defer(thinking=True)
            files = await _files(posts)
            origin = interaction.message.id if component and interaction.message else None
            if component and reply.edit and len(posts) == 1 and origin is not None:
                # a roll: the board it was rolled on now shows the roll (message policy)
                post, file = posts[0], files[0]
                await interaction.edit_original_response(
                    content=post.text, attachments=[file] if file is not None else [],
                    view=make_view(post.buttons), allowed_mentions=_mentions(post))
                if reply.game_id is not None:
                    old = await self.service.posts.swap_board(
                        reply.game_id,
                        (interaction.channel_id or 0, origin) if post.buttons else None)
                    if old is not None and old[1] != origin:  # a stray older board
                        await self._strip(*old)
                return
            sent: list[tuple[Post, int]] = []
            for post, file in zip(posts, files, strict=True):
                kwargs: dict = {"allowed_mentions": _mentions(post)}
                if file is not None:
                    kwargs["file"] = file
                view = make_view(post.buttons)
                if view is not None:
                    kwargs["view"] = view
                msg = await interaction.followup.send(post.text, wait=True, **kwargs)
                sent.append((post, msg.id))
            if component:
                edit: dict = {"view": None}
                if reply.private:
                    edit["content"] = reply.private
                await interaction.edit_original_response(**edit)
            elif reply.private:
                await interaction.followup.send(reply.private, ephemeral=True)
            await self.after_posts(interaction.channel_id or 0, reply.game_id, sent,
                                   already=origin)
        elif reply.private:
            view = make_view(reply.buttons)
            kwargs = {"view": view} if view is not None else {}
            if component and not response.is_done():
                await response.edit_message(content=reply.private, view=view)
            elif response.is_done():
                await interaction.followup.send(reply.private, ephemeral=True, **kwargs)
            else:
                await response.send_message(reply.private, ephemeral=True, **kwargs)

    async def after_posts(self, channel_id: int, game_id: int | None,
                          sent: list[tuple[Post, int]], *, already: int | None = None) -> None:
        """Keep buttons only on a game's newest board; when the game ends, strip them
        from its last one and archive the game's thread (the store remembers both, so
        this holds across a restart)."""
        if game_id is None:
            return
        ended = False
        for post, message_id in sent:
            if not (post.final or _has_board(post)):
                continue
            keep = bool(post.buttons) and not post.final
            old = await self.service.posts.swap_board(
                game_id, (channel_id, message_id) if keep else None)
            if old is not None and old[1] not in (message_id, already):
                await self._strip(*old)
            ended = ended or post.final
        if ended:
            await self._archive_if_game_thread(channel_id)

    async def _archive_if_game_thread(self, channel_id: int) -> None:
        """Archive a thread the bot opened for the game that just ended, unless another
        game already started in it.  The game's end is saved and posted by now, so a
        failure here is logged, never reported to the player as theirs."""
        try:
            if await self.service.channel_busy(channel_id) \
                    or not await self.service.posts.close_thread(channel_id):
                return
            thread = self.bot.get_channel(channel_id) \
                or await self.bot.fetch_channel(channel_id)  # not cached after a restart
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True)
        except Exception:
            log.warning("could not archive the game thread %s", channel_id, exc_info=True)

    async def _strip(self, channel_id: int, message_id: int) -> None:
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(
                message_id).edit(view=None)
        except discord.HTTPException:
            log.info("could not take the buttons off message %s", message_id)

    async def post_to(self, channel: discord.abc.Messageable, reply: Reply) -> None:
        """Posts outside an interaction (a new thread, reminders)."""
        posts = compose(reply.posts)
        files = await _files(posts)
        sent: list[tuple[Post, int]] = []
        for post, file in zip(posts, files, strict=True):
            kwargs: dict = {"allowed_mentions": _mentions(post)}
            if file is not None:
                kwargs["file"] = file
            view = make_view(post.buttons)
            if view is not None:
                kwargs["view"] = view
            msg = await channel.send(post.text, **kwargs)
            sent.append((post, msg.id))
        channel_id = getattr(channel, "id", 0)
        await self.after_posts(channel_id, reply.game_id, sent)

    @tasks.loop(seconds=60)
    async def expire(self) -> None:
        """Challenges nobody answered lapse: their buttons go, the channel is free."""
        for channel_id, game_id, note in await self.service.expire_offers():
            where = await self.service.posts.swap_board(game_id, None)
            if where is not None:  # the challenge itself now says it lapsed
                try:
                    await self.bot.get_partial_messageable(where[0]).get_partial_message(
                        where[1]).edit(content=note, view=None)
                    continue
                except discord.HTTPException:  # deleted meanwhile, say: tell the channel
                    log.info("could not edit the lapsed challenge %s", game_id)
            try:
                await self.bot.get_partial_messageable(channel_id).send(
                    note, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.warning("could not close the lapsed challenge %s", game_id)

    @expire.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    @expire.error
    async def _expire_failed(self, error: BaseException) -> None:
        log.exception("challenge expiry failed", exc_info=error)
        self.expire.restart()

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
        if opponent is not None and not computer:  # the option carries their name
            self.service.players.note(ctx.guild_id, opponent.id, opponent.display_name,
                                      opponent.display_avatar.key)
        lang = await self.service.lang_for(ctx)
        rules_for_thread = ruleset or (await self.service.settings(ctx.guild_id)).rules \
            or self.service.default_rules
        is_bot = bool(opponent and opponent.bot and not computer)
        if (await self.service.prefs(ctx.guild_id)).threads \
                and isinstance(interaction.channel, discord.TextChannel):
            await self.start_in_thread(interaction, ctx, opp_id, match, level, ruleset,
                                       rated=rated, opponent_is_bot=is_bot)
            return
        busy = discord.ui.View(timeout=None)
        busy.add_item(ThreadButton(opp_id, match, level if level in LEVELS else "",
                                   rules_for_thread, label=t("btn.thread", lang)))
        await self.run(interaction, lambda c: self.service.new_game(
            c, None if computer else opp_id, opponent_is_bot=is_bot,
            rules=ruleset, match_length=match, level=level, rated=rated), busy_view=busy)

    @new.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        cur = (current or "").lower()
        return [Choice(name=n, value=n) for n in ruleset_names() if cur in n][:25]

    async def on_thread_button(self, interaction: discord.Interaction,
                               btn: ThreadButton) -> None:
        ctx = make_ctx(interaction)
        await self.start_in_thread(interaction, ctx, btn.opponent, btn.match,
                                   btn.level or DEFAULT_LEVEL, btn.rules)

    async def start_in_thread(self, interaction: discord.Interaction, ctx: Ctx,
                              opponent: int, match: int, level: str, rules: str | None, *,
                              rated: bool = True, opponent_is_bot: bool = False) -> None:
        """A game in a new public thread of this channel (the busy-channel button, or the
        server's ``threads`` setting); the thread is archived when the game ends."""
        personal, public = await self.service.langs(ctx)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await send_private(interaction, t("err.new.busy", personal).rstrip(":") + ".")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.players.resolve(ctx.guild_id, [ctx.user_id, opponent])
        names = (self.service.display_name(ctx.guild_id, ctx.user_id, public),
                 self.service.display_name(ctx.guild_id, opponent, public))
        thread = await channel.create_thread(
            name=plain_name(t("thread.name", public, a=plain_name(names[0], 40),
                              b=plain_name(names[1], 40))),
            type=discord.ChannelType.public_thread)
        await self.service.posts.opened_thread(ctx.guild_id, thread.id)
        tctx = replace(ctx, channel_id=thread.id)
        try:
            reply = await self.service.new_game(
                tctx, None if opponent == COMPUTER else opponent, rules=rules,
                match_length=match, level=level, rated=rated,
                opponent_is_bot=opponent_is_bot)
        except (UserError, EngineError) as error:
            await self.service.posts.close_thread(thread.id)
            try:
                await thread.delete()
            except discord.HTTPException:
                log.warning("could not delete the unused thread %s", thread.id)
            await self.refuse(interaction, ctx, error)
            return
        if await self.service.needs_computer(tctx):
            more = await self.service.computer_turns(tctx)
            reply.posts += more.posts
        await self.post_to(thread, reply)
        text = t("thread.opened", personal, thread=thread.mention)
        if reply.private:
            text += "\n\n" + reply.private
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name=_("help"), description=_("How to play here, in a few lines"))
    async def help_command(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.help)

    # -- playing -----------------------------------------------------------------------

    @app_commands.command(name=_("roll"), description=_("Roll the dice when it is your turn"))
    @app_commands.rename(one_die=_("one_die"))
    @app_commands.describe(one_die=_("Roll one die (when the rules allow it)"))
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
        ctx = make_ctx(interaction)
        texts = await self.service.suggestions(ctx, current or "")
        lang = await self.service.lang_for(ctx)  # cached: no wait for a Swedish name
        return [Choice(name=play_words(x, lang)[:100], value=x[:100]) for x in texts[:25]]

    @app_commands.command(name=_("resign"),
                          description=_("Resign the game (when the rules allow it)"))
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

    @app_commands.command(
        name=_("hint"),
        description=_("Suggest plays for your roll (the computer's, or a rule of thumb)"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.hint)

    @app_commands.command(name=_("settings"),
                          description=_("Your board theme; server defaults (Manage Server)"))
    @app_commands.rename(language=_("language"), ruleset=_("ruleset"), threads=_("threads"),
                         theme=_("theme"), server_theme=_("server_theme"),
                         problem_channel=_("problem_channel"), problem_hour=_("problem_hour"),
                         problem_daily=_("problem_daily"))
    @app_commands.describe(language=_("Reply language in this server"),
                           ruleset=_("Which rules (default: the server's)"),
                           threads=_("Start every new game in its own thread (Manage Server)"),
                           theme=_("Your own board theme"),
                           server_theme=_("The server's board theme (Manage Server)"),
                           problem_channel=_("Where the daily problem is posted (Manage Server)"),
                           problem_hour=_("The hour (UTC, 0–23) the daily problem is posted "
                                          "(Manage Server)"),
                           problem_daily=_("Post a daily problem; false stops it "
                                           "(Manage Server)"))
    @app_commands.choices(language=LANG_CHOICES, theme=THEME_CHOICES,
                          server_theme=THEME_CHOICES)
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       ruleset: str | None = None, threads: bool | None = None,
                       theme: str | None = None, server_theme: str | None = None,
                       problem_channel: discord.TextChannel | None = None,
                       problem_hour: app_commands.Range[int, 0, 23] | None = None,
                       problem_daily: bool | None = None) -> None:
        problems = problem_channel is not None or problem_hour is not None \
            or problem_daily is not None  # the daily problem (bot.cogs.problems)
        mine_only = theme is not None and language is None and ruleset is None \
            and threads is None and server_theme is None and not problems
        if not mine_only and not interaction.permissions.manage_guild:
            ctx = make_ctx(interaction)
            await self.refuse(interaction, ctx, UserError("settings.not_allowed"))
            return
        server = language is not None or ruleset is not None or not (
            threads is not None or theme is not None or server_theme is not None or problems)

        async def act(c: Ctx) -> Reply:
            notes = []
            cog = self.bot.get_cog("Problems")
            if problems and cog is not None:  # first: its refusal comes before any change
                notes.append(await cog.service.configure(  # type: ignore[attr-defined]
                    c, channel_id=problem_channel.id if problem_channel else None,
                    hour=problem_hour, daily=problem_daily))
            if server:
                notes.append((await self.service.configure(c, lang=language,
                                                           rules=ruleset)).private)
            if threads is not None or theme is not None or server_theme is not None:
                notes.append((await self.service.set_preferences(
                    c, threads=threads, theme=theme, server_theme=server_theme)).private)
            personal = await self.service.lang_for(c)
            return Reply(lang=personal, private="\n".join(n for n in notes if n))

        await self.run(interaction, act)

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
            "rematch": lambda c: s.rematch(c, g),
        }
        action = actions.get(btn.action)
        if action is None:
            action = _stale
        await self.run(interaction, action, component=True)


async def _stale(ctx: Ctx) -> Reply:
    raise UserError("stale")


async def setup(bot: BradeBot) -> None:
    await bot.add_cog(Play(bot))
