"""The ``/brade`` commands and button presses: parse, hand to the service, reply.

Every decision about the game is the service's, and every message the reply becomes is
made by the presenter (bot/delivery: ``GamePresenter`` posts a game's outcomes,
``answers`` the private notes, ``threads`` a game's own thread).  This layer turns an
interaction into a ``Ctx``, checks the rights a command needs before anything changes,
calls the service as one use-case (``GameService.act``: the command, the computer's
reply when it is to play, the players seen written), hands the outcome to the
presenter, and turns a refusal into an ephemeral note in the user's language.  Anything
slow (drawing boards, the computer's search) happens after the interaction has been
deferred.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.asking import make_ctx, note_player, play_choices, ruleset_choices
from bot.cogs.replies import note_server_only, refusal_text
from bot.delivery import answers, threads
from bot.delivery.answers import send_private
from bot.i18n import t
from bot.permissions import (
    TO_OPEN_THREAD,
    TO_REPLY_BOARD,
    app_lacks,
    bot_lacks,
    refusal,
    unposted,
)
from bot.service.ai import DEFAULT_LEVEL, LEVELS
from bot.service.model import COMPUTER, Conflict, Ctx, Reply, UserError
from bot.service.shortfalls import rights_text
from bot.service.text import plain_name
from bot.views import GameButton, PlayMenu, ThreadButton, layout
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.cogs.correspondence import Notices
    from bot.cogs.problems import Problems
    from bot.cogs.recovery import Recovery
    from bot.cogs.spectate import Spectate
    from bot.delivery.games import GamePresenter
    from bot.permissions import Rights
    from bot.service.games import GameService

log = logging.getLogger(__name__)

LEVEL_CHOICES = [Choice(name=_("beginner (nybörjare)"), value="nybörjare"),
                 Choice(name=_("journeyman (gesäll)"), value="gesäll"),
                 Choice(name=_("master (mästare)"), value="mästare")]
THEME_CHOICES = [Choice(name=_("Classic"), value="classic"),
                 Choice(name=_("Contrast (colour-blind safe)"), value="contrast"),
                 Choice(name=_("Default"), value="default")]
#: Refusals meaning a button's game or challenge is closed, or the button was used
#: already: its buttons are taken off.
CLOSED = ("game.over", "offer.closed", "offer.expired", "button.used")
TURN_CHOICES = [Choice(name=_("off"), value="off"), Choice(name=_("on"), value="on"),
                Choice(name=_("after turn_minutes without a move"), value="after")]
LANG_CHOICES = [Choice(name=_("Swedish"), value="sv"), Choice(name=_("English"), value="en"),
                Choice(name=_("Automatic (from Discord)"), value="auto")]


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Play(commands.GroupCog, group_name=_("brade"),
           group_description=_("Play bräde, the Swedish board game")):
    def __init__(self, client: discord.Client, games: GameService, delivery: GamePresenter, *,
                 recovery: Recovery, problems: Problems, notices: Notices, watch: Spectate,
                 rights: Rights) -> None:
        """Each collaborator handed in by the bot (``BradeBot.setup_hook``): nothing is
        looked up on the bot later."""
        #: Discord's client: the bot's own user, and its cache of channels.
        self.client = client
        self.games = games
        self.delivery = delivery
        #: Plays the computer's owed turns before a command in that channel.
        self.recovery = recovery
        #: ``/brade problem`` and the daily problem's settings (bot/cogs/problems.py).
        self.problem_cog = problems
        #: ``/brade games``, and the "your turn" direct messages after a command
        #: (bot/cogs/correspondence.py).
        self.notices = notices
        #: ``/brade history`` is ``/watch history`` for the channel's game.
        self.watch = watch
        #: Missing rights: told to the server's admins after a command.
        self.rights = rights
        super().__init__()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        note_player(interaction, self.games.players)  # the other cogs' interactions too
        await self.games.players.flush()

    # -- plumbing ----------------------------------------------------------------------

    async def run(self, interaction: discord.Interaction,
                  action: Callable[[Ctx], Awaitable[Reply]], *, component: bool = False,
                  busy_view: discord.ui.View | None = None, public: bool = True) -> None:
        """``public``: the command may post a board here, so the bot must be able to
        attach one; checked before anything is done (issue 35)."""
        ctx = make_ctx(interaction, self.games.players)
        self.notices.correspondence.acted(ctx.user_id, ctx.channel_id)  # looking at it now
        lacks = app_lacks(interaction, TO_REPLY_BOARD) if public else ()
        if lacks:
            await send_private(interaction, refusal(lacks, await self.games.lang_for(ctx)))
            return
        if self.games.owes_computer(ctx.channel_id):
            await self.recovery.resume(ctx.channel_id, ctx.guild_id)
        try:  # the command, and the computer's reply when it is to play (it may think)
            reply = await self.games.act(ctx, action, thinking=partial(
                answers.wait, interaction, public=True, pressed=component))
        except (UserError, EngineError) as error:
            await self.refuse(interaction, ctx, error, busy_view, component=component)
            return
        except Conflict:  # another process's write won (PostgreSQL): nothing changed here
            await self.refuse(interaction, ctx, UserError("conflict"), component=component)
            return
        # From here the command's change is saved: whatever fails now, say so truthfully.
        note: str | None = None  # what the member is told besides, if anything
        try:  # the posts, the "your turn" letters after them
            await self.delivery.present(interaction, reply, component=component)
        except discord.HTTPException as error:
            log.warning("saved, but the reply could not be posted", exc_info=True)
            note = t("err.unposted", reply.lang)
            if isinstance(error, discord.Forbidden):  # a right: say which, if we can
                note = unposted(app_lacks(interaction, (*TO_REPLY_BOARD, "view_channel")),
                                reply.lang)
        except Exception:  # saved all the same: never "nothing was changed" now
            log.exception("saved, but the reply failed")
            note = t("saved.failed", reply.lang)
        if note is not None:
            try:
                await send_private(interaction, note)
            except discord.HTTPException:
                log.warning("could not tell the user that the reply was not posted")
        await self.rights.tell_admin(interaction, reply.lang)

    async def refuse(self, interaction: discord.Interaction, ctx: Ctx,
                     error: UserError | EngineError,
                     busy_view: discord.ui.View | None = None, *,
                     component: bool = False) -> None:
        text = refusal_text(error, await self.games.lang_for(ctx))
        key = error.key if isinstance(error, UserError) else ""
        view = busy_view if key == "new.busy" else None
        if view is None and key == "new.busy":
            text = text.rstrip(":") + "."
        if component and key in CLOSED and not interaction.response.is_done():
            # a button of a game that is over: take the dead buttons off that message
            await answers.on_pressed(interaction)
        kwargs = {"view": view} if view is not None else {}
        await send_private(interaction, text, **kwargs)

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
                  opponent: discord.Member | discord.User | None = None,
                  ruleset: str | None = None,
                  match: app_commands.Range[int, 1, 25] = 1,
                  level: str = DEFAULT_LEVEL, rated: bool = True) -> None:
        me = self.client.user
        computer = opponent is None or (me is not None and opponent.id == me.id)
        if interaction.guild is None and not computer:  # a member is met in a server
            await note_server_only(interaction, "dm.opponent")
            return
        opp_id = COMPUTER if computer or opponent is None else opponent.id
        ctx = make_ctx(interaction, self.games.players)
        if opponent is not None and not computer:  # the option carries their name
            self.games.players.note(ctx.guild_id, opponent.id, opponent.display_name,
                                      opponent.display_avatar.key)
        lang = await self.games.lang_for(ctx)
        rules_for_thread = ruleset or (await self.games.settings(ctx.guild_id)).rules \
            or self.games.default_rules
        is_bot = bool(opponent and opponent.bot and not computer)
        if (await self.games.prefs(ctx.guild_id)).threads \
                and isinstance(interaction.channel, discord.TextChannel):
            await self.start_in_thread(interaction, ctx, opp_id, match, level, ruleset,
                                       rated=rated, opponent_is_bot=is_bot)
            return
        busy = layout()
        busy.add_item(ThreadButton(opp_id, match, level if level in LEVELS else "",
                                   rules_for_thread, label=t("btn.thread", lang)))
        await self.run(interaction, lambda c: self.games.new_game(
            c, None if computer else opp_id, opponent_is_bot=is_bot,
            rules=ruleset, match_length=match, level=level, rated=rated),
            busy_view=busy if interaction.guild is not None else None)  # a DM has no thread

    @new.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        return ruleset_choices(current)

    async def on_thread_button(self, interaction: discord.Interaction,
                               btn: ThreadButton) -> None:
        ctx = make_ctx(interaction, self.games.players)
        await self.start_in_thread(interaction, ctx, btn.opponent, btn.match,
                                   btn.level or DEFAULT_LEVEL, btn.rules, pressed=True)

    async def start_in_thread(self, interaction: discord.Interaction, ctx: Ctx,
                              opponent: int, match: int, level: str, rules: str | None, *,
                              rated: bool = True, opponent_is_bot: bool = False,
                              pressed: bool = False) -> None:
        """A game in a new public thread of this channel (the busy-channel button,
        ``pressed``, or the server's ``threads`` setting); the thread is archived when
        the game ends.

        The button starts one game, once: its private message loses it at the first
        press, and the press spends it in the database (by the message's id) before
        anything is made, so a second press, at the same moment or after a restart, is
        told so and makes nothing.  A member at the limit (or challenging one) is told
        before a thread is opened."""
        personal, public = await self.games.langs(ctx)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await send_private(interaction, t("err.new.busy", personal).rstrip(":") + ".")
            return
        lacks = app_lacks(interaction, TO_OPEN_THREAD)
        if lacks:  # before the button is spent: it works once the right is granted
            await send_private(interaction, refusal(lacks, personal))
            return
        try:
            if pressed:
                await answers.on_pressed(interaction)
                message = interaction.message
                await self.games.use_button(
                    ctx, f"thread:{message.id if message else interaction.id}")
            await self.games.check_room(ctx, opponent)
        except UserError as error:
            await self.refuse(interaction, ctx, error, component=pressed)
            return
        if not pressed:
            await answers.wait(interaction)
        await self.games.players.resolve(ctx.guild_id, [ctx.user_id, opponent])
        names = (self.games.display_name(ctx.guild_id, ctx.user_id, public),
                 self.games.display_name(ctx.guild_id, opponent, public))
        try:
            thread = await threads.open_thread(channel, plain_name(t(
                "thread.name", public, a=plain_name(names[0], 40), b=plain_name(names[1], 40))))
        except discord.Forbidden:  # a right taken away since the interaction began
            lacks = bot_lacks(channel, TO_OPEN_THREAD) or ("create_public_threads",)
            await answers.said(interaction, t("rights.no_thread", personal,
                                              rights=rights_text(lacks, personal),
                                              grant=t("right.grant", personal)),
                               pressed=pressed)
            return
        await self.games.posts.opened_thread(ctx.guild_id, thread.id)
        tctx = replace(ctx, channel_id=thread.id)
        try:
            reply = await self.games.act(tctx, partial(
                self.games.new_game, opponent_id=None if opponent == COMPUTER else opponent,
                rules=rules, match_length=match, level=level, rated=rated,
                opponent_is_bot=opponent_is_bot))
        except (UserError, EngineError) as error:
            await self.games.posts.close_thread(thread.id)
            await threads.drop_thread(self.rights, thread)
            await self.refuse(interaction, ctx, error)
            return
        text = t("thread.opened", personal, thread=thread.mention)
        if reply.computer_later:  # its turn is owed, played later
            text += "\n\n" + t("err.computer_later", personal)
        try:
            await self.delivery.post(thread, reply)
        except discord.Forbidden:  # saved: the game is there, its board is not
            lacks = bot_lacks(thread, TO_OPEN_THREAD) or ("send_messages_in_threads",)
            text = t("rights.thread_unposted", personal, thread=thread.mention,
                     rights=rights_text(lacks, personal), grant=t("right.grant", personal))
        except Exception:
            log.exception("the game in thread %s is saved; its board was not posted",
                          thread.id)
            text = t("saved.thread_unposted", personal, thread=thread.mention)
        if reply.private:
            text += "\n\n" + reply.private
        await answers.said(interaction, text, pressed=pressed)

    @app_commands.command(
        name=_("games"),
        description=_("Your games here (from a direct message: everywhere), the ones "
                      "waiting for you first"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        await self.notices.list_games(interaction)  # bot/cogs/correspondence.py

    @app_commands.command(name=_("help"), description=_("How to play here, in a few lines"))
    async def help_command(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.help, public=False)

    # -- playing -----------------------------------------------------------------------

    @app_commands.command(name=_("roll"), description=_("Roll the dice when it is your turn"))
    @app_commands.rename(one_die=_("one_die"))
    @app_commands.describe(one_die=_("Roll one die (when the rules allow it)"))
    async def roll(self, interaction: discord.Interaction, one_die: bool = False) -> None:
        await self.run(interaction, lambda c: self.games.roll(c, one_die=one_die))

    @app_commands.command(name=_("move"), description=_("Play your roll, e.g. 1/7 7/12"))
    @app_commands.rename(play=_("play"))
    @app_commands.describe(play=_("Your play; suggestions appear as you type"))
    async def move(self, interaction: discord.Interaction,
                   play: app_commands.Range[str, 1, 100]) -> None:
        await self.run(interaction, lambda c: self.games.move(c, play))

    @move.autocomplete("play")
    async def move_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        ctx = make_ctx(interaction, self.games.players)
        texts = await self.games.suggestions(ctx, current or "")
        lang = await self.games.lang_for(ctx)  # cached: no wait for a Swedish name
        return play_choices(texts, lang)

    @app_commands.command(name=_("resign"),
                          description=_("Resign the game (when the rules allow it)"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.resign_prompt, public=False)

    @app_commands.command(name=_("abort"), description=_("Abort the game without a result"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.abort)

    @app_commands.command(name=_("claim"),
                          description=_("Claim a game your opponent has left"))
    async def claim(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.claim)

    # -- looking -----------------------------------------------------------------------

    @app_commands.command(name=_("show"), description=_("Show the board again"))
    async def show(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.show)

    @app_commands.command(name=_("history"), description=_("List the turns played so far"))
    async def history(self, interaction: discord.Interaction) -> None:
        await self.watch.page_history(interaction)  # pages to turn: bot/cogs/history.py

    @app_commands.command(name=_("rules"), description=_("A short summary of the rules"))
    @app_commands.rename(ruleset=_("ruleset"))
    @app_commands.describe(ruleset=_("Which rules (default: the server's)"))
    async def rules(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        await self.run(interaction, lambda c: self.games.rules_info(c, ruleset),
                       public=False)

    @rules.autocomplete("ruleset")
    async def rules_complete(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        return ruleset_choices(current)

    @app_commands.command(
        name=_("hint"),
        description=_("Suggest plays for your roll (the computer's, or a rule of thumb)"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.games.hint, public=False)

    @app_commands.command(name=_("settings"),
                          description=_("Your board theme; server defaults (Manage Server)"))
    @app_commands.rename(language=_("language"), ruleset=_("ruleset"), threads=_("threads"),
                         theme=_("theme"), server_theme=_("server_theme"),
                         problem_channel=_("problem_channel"), problem_hour=_("problem_hour"),
                         problem_daily=_("problem_daily"), confirm=_("confirm"),
                         roll_for_me=_("roll_for_me"), your_turn=_("your_turn"),
                         turn_minutes=_("turn_minutes"), problem_dm=_("problem_dm"))
    @app_commands.describe(language=_("Reply language in this server"),
                           ruleset=_("Which rules (default: the server's)"),
                           threads=_("Start every new game in its own thread (Manage Server)"),
                           theme=_("Your own board theme"),
                           server_theme=_("The server's board theme (Manage Server)"),
                           problem_channel=_("Where the daily problem is posted (Manage Server)"),
                           problem_hour=_("The hour (UTC, 0–23) the daily problem is posted "
                                          "(Manage Server)"),
                           problem_daily=_("Post a daily problem; false stops it "
                                           "(Manage Server)"),
                           confirm=_("Show a play you choose in the menu before it counts "
                                     "(default: yes)"),
                           roll_for_me=_("Roll for you when the roll involves no choice "
                                         "(default: no)"),
                           your_turn=_("\"Your turn\" by direct message: off (default), on, "
                                       "or after turn_minutes"),
                           turn_minutes=_("With your_turn: after: minutes without a move "
                                          "before the message (default 60)"),
                           problem_dm=_("The daily problem by direct message"))
    @app_commands.choices(language=LANG_CHOICES, theme=THEME_CHOICES,
                          server_theme=THEME_CHOICES, your_turn=TURN_CHOICES)
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       ruleset: str | None = None, threads: bool | None = None,
                       theme: str | None = None, server_theme: str | None = None,
                       problem_channel: discord.TextChannel | None = None,
                       problem_hour: app_commands.Range[int, 0, 23] | None = None,
                       problem_daily: bool | None = None, confirm: bool | None = None,
                       roll_for_me: bool | None = None, your_turn: str | None = None,
                       turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                       problem_dm: bool | None = None) -> None:
        problems = problem_channel is not None or problem_hour is not None \
            or problem_daily is not None  # the daily problem (bot/cogs/problems.py)
        # direct messages (issue 36): the member's own, in a server or a DM
        notices = your_turn is not None or turn_minutes is not None or problem_dm is not None
        board = theme is not None or confirm is not None or roll_for_me is not None
        mine = board or notices
        serverwide = language is not None or ruleset is not None or threads is not None \
            or server_theme is not None or problems
        direct = interaction.guild is None
        if direct and serverwide:
            await note_server_only(interaction, "dm.settings")
            return
        # Without options it shows the settings, to anyone; a server's are changed by
        # its admins only.
        if serverwide and not interaction.permissions.manage_guild:
            ctx = make_ctx(interaction, self.games.players)
            await self.refuse(interaction, ctx, UserError("settings.not_allowed"))
            return
        server = language is not None or ruleset is not None

        async def act(c: Ctx) -> Reply:
            notes: list[str | None] = []
            if problems:  # first: its refusal comes before any change
                notes.append(await self.problem_cog.problems.configure(
                    c, channel_id=problem_channel.id if problem_channel else None,
                    hour=problem_hour, daily=problem_daily))
            if server:
                notes.append((await self.games.configure(c, lang=language,
                                                           rules=ruleset)).private)
            if threads is not None or board or server_theme is not None:
                notes.append((await self.games.set_preferences(
                    c, threads=threads, theme=theme, server_theme=server_theme,
                    confirm=confirm, roll_for_me=roll_for_me)).private)
            corr = self.notices.correspondence
            if notices:
                notes.append(await corr.configure(c, turn=your_turn, minutes=turn_minutes,
                                                  problem=problem_dm))
            elif not (mine or serverwide):  # no options: the settings as they are
                notes += [await self.games.overview(c), await corr.summary(c)]
            notes.append(await corr.report(c))  # a direct message that failed, once
            personal = await self.games.lang_for(c)
            return Reply(lang=personal, private="\n".join(n for n in notes if n))

        await self.run(interaction, act, public=False)

    @settings.autocomplete("ruleset")
    async def settings_complete(self, interaction: discord.Interaction,
                                current: str) -> list[Choice[str]]:
        return ruleset_choices(current)

    # -- problems (bot/cogs/problems.py) -----------------------------------------------

    @app_commands.command(name=_("problem"),
                          description=_("A position to solve: find the best play for a roll"))
    @app_commands.rename(answer=_("answer"), ruleset=_("ruleset"))
    @app_commands.describe(answer=_("Your answer: a play (suggestions appear as you type)"),
                           ruleset=_("Which ruleset's problems (default: the server's rules)"))
    async def problem(self, interaction: discord.Interaction,
                      answer: app_commands.Range[str, 1, 100] | None = None,
                      ruleset: str | None = None) -> None:
        """Declared here because the ``/brade`` group is this cog's; the Problems cog
        answers it."""
        await self.problem_cog.solve(interaction, answer, ruleset)

    @problem.autocomplete("answer")
    async def problem_answer_complete(self, interaction: discord.Interaction,
                                      current: str) -> list[Choice[str]]:
        return await self.problem_cog.answer_choices(interaction, current)

    @problem.autocomplete("ruleset")
    async def problem_ruleset_complete(self, interaction: discord.Interaction,
                                       current: str) -> list[Choice[str]]:
        return self.problem_cog.ruleset_choices(current)

    # -- buttons -----------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, btn: GameButton) -> None:
        s = self.games
        g, v = btn.game_id, btn.version
        actions: dict[str, Callable[[Ctx], Awaitable[Reply]]] = {
            "accept": lambda c: s.accept(c, g, v),
            "decline": lambda c: s.decline(c, g, v),
            "roll": lambda c: s.roll(c, game_id=g, version=v),
            "roll1": lambda c: s.roll(c, one_die=True, game_id=g, version=v),
            "play": lambda c: s.move(c, index=int(btn.arg or 0), game_id=g, version=v),
            "pasch": lambda c: s.name(c, btn.arg, game_id=g, version=v),
            "pick": lambda c: s.pick(c, g, v, btn.arg),
            "ok": lambda c: s.confirm(c, g, v, btn.arg),
            "again": lambda c: s.again(c, g, v, btn.arg),
            "back": lambda c: s.again(c, g, v, preview=False),
            "resign": lambda c: s.resign(c, g, v),
            "abandon": lambda c: s.resign(c, g, v, abandon=True),
            "keep": s.keep_playing,
            "abort": lambda c: s.abort(c, game_id=g, version=v),
            "claim": lambda c: s.claim(c, game_id=g),
            "rematch": lambda c: s.rematch(c, g),
            "help": s.help,  # a first game's welcome opening the whole help
        }
        action = actions.get(btn.action)
        if action is None:
            action = _stale
        await self.run(interaction, action, component=True)

    async def on_menu(self, interaction: discord.Interaction, menu: PlayMenu,
                      value: str) -> None:
        """A choice in the play picker's menu: one more letter of its path (the value's
        first; the rest names the path it narrowed, bot/views.py)."""
        g, v, path = menu.game_id, menu.version, menu.path + value[:1]
        await self.run(interaction, lambda c: self.games.pick(c, g, v, path),
                       component=True)


async def _stale(ctx: Ctx) -> Reply:
    raise UserError("stale")

