"""Slash commands for team leagues (issue 48): ``/league`` (Swedish ``/liga``).

Every decision is ``LeagueService``'s (bot/service/league.py), every message, picture,
menu and thread is made by the ``LeagueCourier`` (bot/delivery/league.py).  This layer
turns an interaction into a ``Ctx``, runs the service, turns a refusal into a private
note in the member's language, and carries an outcome out in order: the threads of
boards decided otherwise end, the posts go out, then each new board's thread opens
(recorded before its game starts) and its game starts through the game service, as a
tournament's matches do.  A board's game's end arrives through
``GameService.end_listeners``; the line-up deadlines are checked once a minute.

A captain names a line-up by taps: ``/league lineup`` answers privately with one select
menu a board (``LineupMenu``, persistent, so it works after a restart).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from bot.cogs.asking import make_ctx, ruleset_names
from bot.cogs.replies import check_in_server, refusal_text
from bot.delivery import threads
from bot.delivery.answers import send_private
from bot.delivery.league import EMPTY, LeagueCourier, words
from bot.league.errors import LeagueError
from bot.service.league import BoardToOpen, LeagueOutcome, LeagueService
from bot.service.model import Conflict, Ctx, UserError
from bot.service.text import CHOICE_LIMIT, CHOICES, plain_name
from bot.views import LineupMenu
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.delivery.games import GamePresenter
    from bot.permissions import Rights
    from bot.service.games import GameService
    from bot.service.model import GameRow
    from bot.service.players import Players

log = logging.getLogger(__name__)

WINNER_CHOICES = [Choice(name=_("home team"), value="home"),
                  Choice(name=_("away team"), value="away"),
                  Choice(name=_("nobody"), value="none")]
RESULTS_CHOICES = [Choice(name=_("keep"), value="keep"), Choice(name=_("void"), value="void")]
REFUSALS = (UserError, LeagueError, EngineError)


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class League(commands.GroupCog, group_name=_("league"),
             group_description=_("Team leagues: teams, fixtures, line-ups, the table")):
    def __init__(self, client: discord.Client, leagues: LeagueService, games: GameService,
                 delivery: GamePresenter, *, every: float, rights: Rights, players: Players) -> None:
        self.client = client
        self.leagues = leagues
        self.games = games  # starts and stops the boards' games
        self.delivery = delivery
        self.rights = rights
        self.players = players
        self.courier = LeagueCourier(client, rights, delivery)
        self._tasks: set[asyncio.Task[None]] = set()
        self.check.change_interval(seconds=every)
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await check_in_server(interaction)

    async def cog_load(self) -> None:
        self.games.end_listeners.append(self.on_game_end)
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()
        if self.on_game_end in self.games.end_listeners:
            self.games.end_listeners.remove(self.on_game_end)

    # -- plumbing --------------------------------------------------------------------------

    @staticmethod
    def _manager(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_guild)

    async def _refuse(self, interaction: discord.Interaction, ctx: Ctx,
                      error: Exception) -> None:
        lang = (await self.games.langs(ctx))[0]
        await send_private(interaction, refusal_text(error, lang))  # type: ignore[arg-type]

    async def _run(self, interaction: discord.Interaction, action: Any) -> None:
        ctx = make_ctx(interaction, self.players)
        try:
            out: LeagueOutcome = await action(ctx)
        except REFUSALS as error:
            await self._refuse(interaction, ctx, error)
            return
        except Conflict:
            await self._refuse(interaction, ctx, UserError("lg.stale"))
            return
        await self.courier.answer(interaction, out, LineupMenu)
        await self.carry_out(out)

    async def carry_out(self, out: LeagueOutcome, *, posted: bool = True) -> None:
        """Threads of boards decided otherwise end, then (``posted`` False: not yet
        said in answer to a command) the posts, then the new boards open."""
        for stop in out.stop_threads:
            try:
                await self._end_thread(stop.thread_id, words(stop.said, out.lang))
            except discord.HTTPException:
                log.warning("could not close the board thread %s", stop.thread_id)
        if not posted:
            await self.courier.notify(out)
        for board in out.open_boards:
            try:
                await self._open_board(board)
            except (discord.HTTPException, UserError, EngineError):
                log.exception("could not open board %s of fixture %s", board.board,
                              board.fixture)

    async def _end_thread(self, thread_id: int, text: str) -> None:
        assert self.client.user is not None
        thread = await threads.find_thread(self.client, thread_id)
        guild = thread.guild if thread is not None else None
        ctx = Ctx(self.client.user.id, thread_id, guild.id if guild else None, None,
                  str(guild.preferred_locale) if guild else None, can_manage=True)
        try:
            stopped = await self.games.abort(ctx, say=text)
        except UserError:
            stopped = None
        if thread is None:
            return
        await self.games.posts.close_thread(thread.id)
        if stopped is not None and stopped.posts:
            await self.delivery.post(thread, stopped)
            await threads.archive(self.rights, thread)
        else:
            await self.courier.end_thread(thread, text)

    async def _open_board(self, board: BoardToOpen) -> None:
        thread = await self.courier.board_thread(board)
        if thread is None:
            return
        await self.leagues.set_ref(board.league_id, board.fixture, board.board, thread.id)
        await self.games.posts.opened_thread(board.guild_id, thread.id)
        row = await self.leagues.leagues.get(board.league_id)
        if not await self.courier.introduce(thread, board, row.name if row else "?"):
            return
        guild = self.client.get_guild(board.guild_id)
        assert self.client.user is not None
        ctx = Ctx(self.client.user.id, thread.id, board.guild_id, None,
                  str(guild.preferred_locale) if guild else None)
        reply = await self.games.start_arranged(
            ctx, board.home_id, board.away_id, rules=board.rules,
            match_length=board.match_length, league_id=board.league_id, rated=board.rated)
        await self.delivery.post(thread, reply)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def on_game_end(self, row: GameRow) -> None:
        """A board's game ended: its result counts; the posts follow in a task."""
        out = await self.leagues.game_ended(row)
        if out is not None:
            self._spawn(self.carry_out(out, posted=False))

    @tasks.loop(seconds=60)
    async def check(self) -> None:
        for out in await self.leagues.due():
            await self.carry_out(out, posted=False)

    @check.before_loop
    async def _wait_ready(self) -> None:
        await self.client.wait_until_ready()

    @check.error
    async def _failed(self, error: BaseException) -> None:
        log.exception("league deadline check failed", exc_info=error)
        self.check.restart()

    async def on_pick(self, interaction: discord.Interaction, menu: LineupMenu,
                      value: str) -> None:
        ctx = make_ctx(interaction, self.players)
        try:
            out = await self.leagues.pick(ctx, menu.league_id, menu.fixture, menu.board,
                                          None if value == EMPTY else value)
        except REFUSALS as error:
            await self._refuse(interaction, ctx, error)
            return
        await self.courier.pressed(interaction, out, LineupMenu)
        await self.carry_out(out, posted=False)

    # -- autocomplete ----------------------------------------------------------------------

    async def name_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        names = await self.leagues.names(interaction.guild_id, current or "")
        return [Choice(name=plain_name(n, CHOICE_LIMIT, fallback=n[:CHOICE_LIMIT]),
                       value=n[:CHOICE_LIMIT]) for n in names]

    # -- the organiser's set-up ------------------------------------------------------------

    @app_commands.command(name=_("create"),
                          description=_("Create a team league (you become its organiser)"))
    @app_commands.rename(name=_("name"), ruleset=_("ruleset"), boards=_("boards"),
                         match_length=_("match_length"), double=_("double"),
                         deadline_hours=_("deadline_hours"), win=_("win"), draw=_("draw"),
                         loss=_("loss"), rated=_("rated"))
    @app_commands.describe(name=_("The league's name"),
                           ruleset=_("Which rules (default: the server's)"),
                           boards=_("Boards a fixture (1-5)"),
                           match_length=_("Games per board's match (odd)"),
                           double=_("Everyone meets twice"),
                           deadline_hours=_("Hours a round for the line-ups"),
                           win=_("Match points for a fixture won (2)"),
                           draw=_("Match points for a draw (1)"),
                           loss=_("Match points for a loss (0)"),
                           rated=_("Whether the boards count for ratings"))
    async def create(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 60], ruleset: str | None = None,
                     boards: app_commands.Range[int, 1, 5] = 3,
                     match_length: app_commands.Range[int, 1, 15] = 1, double: bool = False,
                     deadline_hours: app_commands.Range[int, 1, 1440] = 168,
                     win: app_commands.Range[int, 0, 10] = 2,
                     draw: app_commands.Range[int, 0, 10] = 1,
                     loss: app_commands.Range[int, 0, 10] = 0, rated: bool = True) -> None:
        channel = interaction.channel

        async def act(ctx: Ctx) -> LeagueOutcome:
            if isinstance(channel, discord.Thread) and channel.parent_id:
                ctx = Ctx(ctx.user_id, channel.parent_id, ctx.guild_id, ctx.user_locale,
                          ctx.guild_locale, ctx.can_manage)
            rules = ruleset or (await self.games.settings(ctx.guild_id)).rules \
                or self.games.default_rules
            return await self.leagues.create(
                ctx, name, rules=rules, match_length=match_length, boards=boards,
                double=double, deadline_hours=deadline_hours, win=win, draw=draw,
                loss=loss, rated=rated)

        await self._run(interaction, act)

    @create.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        cur = (current or "").lower()
        return [Choice(name=n, value=n) for n in ruleset_names() if cur in n][:CHOICES]

    @app_commands.command(name=_("team"), description=_("Add a team with its captain (organiser)"))
    @app_commands.rename(name=_("name"), team=_("team"), captain=_("captain"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           captain=_("The team's captain"))
    @app_commands.autocomplete(name=name_complete)
    async def team(self, interaction: discord.Interaction, name: str,
                   team: app_commands.Range[str, 1, 40], captain: discord.Member) -> None:
        await self._run(interaction, lambda c: self.leagues.add_team(
            c, name, team, captain.id, captain.display_name,
            manager=self._manager(interaction)))

    @app_commands.command(name=_("add"),
                          description=_("Add a player or substitute to your team (captain)"))
    @app_commands.rename(name=_("name"), team=_("team"), member=_("member"),
                         substitute=_("substitute"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           member=_("The member"),
                           substitute=_("A substitute rather than a player"))
    @app_commands.autocomplete(name=name_complete)
    async def add(self, interaction: discord.Interaction, name: str, team: str,
                  member: discord.Member, substitute: bool = False) -> None:
        await self._run(interaction, lambda c: self.leagues.add_player(
            c, name, team, member.id, member.display_name, substitute=substitute,
            manager=self._manager(interaction)))

    @app_commands.command(name=_("drop"), description=_("Take a player off your team (captain)"))
    @app_commands.rename(name=_("name"), team=_("team"), member=_("member"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           member=_("The member"))
    @app_commands.autocomplete(name=name_complete)
    async def drop(self, interaction: discord.Interaction, name: str, team: str,
                   member: discord.User) -> None:
        await self._run(interaction, lambda c: self.leagues.remove_player(
            c, name, team, member.id, manager=self._manager(interaction)))

    @app_commands.command(name=_("start"),
                          description=_("Start the league and post its fixtures (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    @app_commands.autocomplete(name=name_complete)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.leagues.start(
            c, name, manager=self._manager(interaction)))

    # -- captains and players --------------------------------------------------------------

    @app_commands.command(name=_("lineup"),
                          description=_("Name your team's line-up by taps (captain)"))
    @app_commands.rename(name=_("name"), fixture=_("fixture"))
    @app_commands.describe(name=_("The league's name"), fixture=_("The fixture, e.g. 1.2"))
    @app_commands.autocomplete(name=name_complete)
    async def lineup(self, interaction: discord.Interaction, name: str,
                     fixture: str | None = None) -> None:
        await self._run(interaction, lambda c: self.leagues.lineup(c, name, fixture))

    @app_commands.command(name=_("show"), description=_("Show the table, or one fixture"))
    @app_commands.rename(name=_("name"), fixture=_("fixture"), everyone=_("everyone"))
    @app_commands.describe(name=_("The league's name"), fixture=_("The fixture, e.g. 1.2"),
                           everyone=_("Post it in the channel for everyone (else only you)"))
    @app_commands.autocomplete(name=name_complete)
    async def show(self, interaction: discord.Interaction, name: str,
                   fixture: str | None = None, everyone: bool = False) -> None:
        await self._run(interaction, lambda c: self.leagues.show(c, name, fixture,
                                                                  everyone=everyone))

    @app_commands.command(name=_("mine"), description=_("Your own boards and results"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    @app_commands.autocomplete(name=name_complete)
    async def mine(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.leagues.mine(c, name))

    @app_commands.command(name=_("replace"),
                          description=_("Replace a player who left (captain or organiser)"))
    @app_commands.rename(name=_("name"), team=_("team"), leaver=_("leaver"),
                         newcomer=_("newcomer"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           leaver=_("The player who left"),
                           newcomer=_("The player who comes in"))
    @app_commands.autocomplete(name=name_complete)
    async def replace(self, interaction: discord.Interaction, name: str, team: str,
                      leaver: discord.User, newcomer: discord.Member) -> None:
        await self._run(interaction, lambda c: self.leagues.replace(
            c, name, team, leaver.id, newcomer.id, newcomer.display_name,
            manager=self._manager(interaction)))

    @app_commands.command(
        name=_("captain"),
        description=_("Name the team's captain (organiser, or the captain handing over)"))
    @app_commands.rename(name=_("name"), team=_("team"), captain=_("captain"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           captain=_("The new captain, a player of the team"))
    @app_commands.autocomplete(name=name_complete)
    async def captain(self, interaction: discord.Interaction, name: str, team: str,
                      captain: discord.Member) -> None:
        await self._run(interaction, lambda c: self.leagues.set_captain(
            c, name, team, captain.id, captain.display_name,
            manager=self._manager(interaction)))

    # -- the organiser's tools -------------------------------------------------------------

    @app_commands.command(name=_("result"),
                          description=_("Set or correct a board's result (organiser)"))
    @app_commands.rename(name=_("name"), fixture=_("fixture"), board=_("board"),
                         winner=_("winner"))
    @app_commands.describe(name=_("The league's name"), fixture=_("The fixture, e.g. 1.2"),
                           board=_("The board's number"), winner=_("Who won the board"))
    @app_commands.choices(winner=WINNER_CHOICES)
    @app_commands.autocomplete(name=name_complete)
    async def result(self, interaction: discord.Interaction, name: str, fixture: str,
                     board: app_commands.Range[int, 1, 5], winner: str) -> None:
        await self._run(interaction, lambda c: self.leagues.result(
            c, name, fixture, board, winner, manager=self._manager(interaction)))

    @app_commands.command(name=_("postpone"),
                          description=_("Move a fixture's line-up deadline (organiser)"))
    @app_commands.rename(name=_("name"), fixture=_("fixture"), hours=_("hours"))
    @app_commands.describe(name=_("The league's name"), fixture=_("The fixture, e.g. 1.2"),
                           hours=_("Hours later"))
    @app_commands.autocomplete(name=name_complete)
    async def postpone(self, interaction: discord.Interaction, name: str, fixture: str,
                       hours: app_commands.Range[int, 1, 1440]) -> None:
        await self._run(interaction, lambda c: self.leagues.postpone(
            c, name, fixture, hours, manager=self._manager(interaction)))

    @app_commands.command(name=_("withdraw"), description=_("Withdraw a team (organiser)"))
    @app_commands.rename(name=_("name"), team=_("team"), results=_("results"))
    @app_commands.describe(name=_("The league's name"), team=_("The team's name"),
                           results=_("Keep its results, or void them"))
    @app_commands.choices(results=RESULTS_CHOICES)
    @app_commands.autocomplete(name=name_complete)
    async def withdraw(self, interaction: discord.Interaction, name: str, team: str,
                       results: str) -> None:
        await self._run(interaction, lambda c: self.leagues.withdraw(
            c, name, team, void=results == "void", manager=self._manager(interaction)))

    @app_commands.command(name=_("close"), description=_("Close the league (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    @app_commands.autocomplete(name=name_complete)
    async def close(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.leagues.close(
            c, name, manager=self._manager(interaction)))
