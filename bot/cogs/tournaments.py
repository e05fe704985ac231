"""Slash commands for tournaments: create, join, matches in threads, standings.

Every decision is ``TournamentService``'s, and every message and thread is made by the
``Courier`` (bot/delivery/tournaments.py).  This layer turns an interaction into a
``Ctx``, runs the services in the order an ``Outcome`` asks for (a match's game stopped
before its thread says so, a new thread recorded before its game starts), and turns a
refusal into an ephemeral note in the user's language.  A game's end arrives through
``GameService.end_listeners``; what it sets off (announcements, the next round's
threads) runs in a task of its own so the finishing player's command is answered at once.

Members who leave the server: the bot runs without the privileged Members intent, so
Discord does not tell it when someone leaves.  It sees a ban (``on_member_ban``: the
moderation intent, one of the two it asks for, bot/client.py), and it asks Discord (``BradeBot.members_gone``: one member look-up per
player, no intent needed) whether the players are still members when a tournament
starts, before a Swiss round is paired, and before each match's thread opens; a member
found gone is withdrawn (docs/league.md, "Withdrawals").  The organiser can remove anyone
who ever joined with ``/tournament remove``.
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
from bot.delivery.tournaments import Courier
from bot.league.errors import LeagueError
from bot.service.model import Conflict, Ctx, Reply, UserError
from bot.service.text import (
    CHOICE_LIMIT,
    CHOICES,
    plain_name,
)
from bot.service.tournaments import (
    MatchToOpen,
    Outcome,
    ThreadEnd,
    TournamentService,
)
from bot.views import WalkoverButton, WithdrawButton
from engine.errors import EngineError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from bot.delivery.games import GamePresenter
    from bot.permissions import Rights
    from bot.service.games import GameService
    from bot.service.model import GameRow

log = logging.getLogger(__name__)

FORMAT_CHOICES = [Choice(name=_("single elimination"), value="single_elimination"),
                  Choice(name=_("round robin"), value="round_robin"),
                  Choice(name=_("Swiss"), value="swiss")]
TIEBREAK_CHOICES = [Choice(name=_("Buchholz"), value="buchholz"),
                    Choice(name=_("Median-Buchholz"), value="median_buchholz")]


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Tournaments(commands.GroupCog, group_name=_("tournament"),
                  group_description=_("Tournaments: create, join, play, standings")):
    def __init__(self, client: discord.Client, tournaments: TournamentService,
                 games: GameService, delivery: GamePresenter, *, every: float, rights: Rights,
                 gone: Callable[[int, list[int]], Awaitable[set[int]]]) -> None:
        """Each collaborator handed in by the bot (``BradeBot.setup_hook``)."""
        #: Discord's client: the bot's own user, its cache of servers and threads.
        self.client = client
        self.tournaments = tournaments
        self.games = games  # starts and stops the matches' games
        self.delivery = delivery  # posts those games' boards
        #: Every message and thread of the tournaments (bot/delivery/tournaments.py).
        self.courier = Courier(client, rights, delivery)
        #: Which of a match's players left the server (``BradeBot.members_gone``: one
        #: member look-up each).
        self.gone = gone
        self._tasks: set[asyncio.Task[None]] = set()
        self.check.change_interval(seconds=every)
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Listed in a direct message too, so that it can say where it works (issue 36)."""
        return await check_in_server(interaction)

    async def cog_load(self) -> None:
        self.games.end_listeners.append(self.on_game_end)
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()
        if self.on_game_end in self.games.end_listeners:
            self.games.end_listeners.remove(self.on_game_end)

    # -- plumbing ----------------------------------------------------------------------

    def _ctx(self, interaction: discord.Interaction) -> Ctx:
        return make_ctx(interaction, self.games.players)

    @staticmethod
    def _manager(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_guild)

    async def _refuse(self, interaction: discord.Interaction, ctx: Ctx,
                      error: Exception) -> None:
        if not isinstance(error, UserError | LeagueError | EngineError):
            raise error
        lang = (await self.games.langs(ctx))[0]
        await send_private(interaction, refusal_text(error, lang))

    async def _run(self, interaction: discord.Interaction, action: Any, *,
                   ctx: Ctx | None = None) -> None:
        ctx = ctx or self._ctx(interaction)
        try:
            outcome: Outcome = await action(ctx)
        except (UserError, LeagueError, EngineError) as error:
            await self._refuse(interaction, ctx, error)
            return
        except Conflict:  # another process's write won (PostgreSQL): nothing changed here
            await self._refuse(interaction, ctx, UserError("trn.stale"))
            return
        await self.courier.present(interaction, outcome)
        await self.carry_out(outcome)

    async def carry_out(self, outcome: Outcome) -> None:
        """End the threads of matches decided otherwise, announce, then open the new
        matches' threads."""
        for end in outcome.stop_threads:
            try:
                await self._end_thread(end)
            except discord.HTTPException:
                log.warning("could not close the match thread %s", end.thread_id)
        for notice in outcome.notices:
            await self.courier.notify(notice)
        for match in outcome.matches:
            try:
                await self._open_match(match)
            except (discord.HTTPException, UserError, EngineError):
                log.exception("could not open the thread of match %s", match.pairing)

    async def _end_thread(self, end: ThreadEnd) -> None:
        """A match decided other than by its game (a result or walkover the organiser
        set, a withdrawal, the finish, a re-pairing): its live game stops, the thread
        says what happened in the tournament's language, and it is archived."""
        assert self.client.user is not None
        thread = await threads.find_thread(self.client, end.thread_id)
        guild = thread.guild if thread is not None else None
        ctx = Ctx(self.client.user.id, end.thread_id, guild.id if guild else None, None,
                  str(guild.preferred_locale) if guild else None, can_manage=True)
        try:  # its last message: what happened, its final board, the seed of its dice
            stopped: Reply | None = await self.games.abort(ctx, say=end.text)
        except UserError:
            stopped = None  # no live game there
        if thread is None:
            return
        # Forgotten as a game thread first, so the archiving is done once, here.
        await self.games.posts.close_thread(thread.id)
        await self.courier.end_thread(thread, end.text, stopped)

    async def _open_match(self, m: MatchToOpen) -> None:
        gone = await self.gone(m.guild_id, [m.white_id, m.black_id])
        if gone:  # left the server since the pairing: withdrawn, the match a walkover
            for uid in sorted(gone):
                for outcome in await self.tournaments.departed(m.guild_id, uid,
                                                               tournament_id=m.tournament_id):
                    await self.carry_out(outcome)
            return
        found = await self.courier.match_thread(m)
        if found is None:
            return
        thread, new = found
        if new:
            await self.tournaments.set_ref(m.tournament_id, m.pairing, thread.id)
        # Recorded as a game thread: the game's end archives it (bot/delivery/games.py).
        await self.games.posts.opened_thread(m.guild_id, thread.id)
        if not await self.courier.introduce(thread, m):
            return
        guild = self.client.get_guild(m.guild_id)
        assert self.client.user is not None
        ctx = Ctx(self.client.user.id, thread.id, m.guild_id, None,
                  str(guild.preferred_locale) if guild else None)
        reply = await self.games.start_arranged(
            ctx, m.white_id, m.black_id, rules=m.rules, match_length=m.match_length,
            tournament_id=m.tournament_id)
        await self.delivery.post(thread, reply)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- results -------------------------------------------------------------------------

    async def on_game_end(self, row: GameRow) -> None:
        """Record a tournament game's result now; announce and pair on in a task."""
        if row.tournament_id is None:
            return
        outcome = await self.tournaments.game_ended(row)
        if outcome is not None:
            self._spawn(self.carry_out(outcome))

    # -- deadlines -------------------------------------------------------------------------

    @tasks.loop(seconds=60)
    async def check(self) -> None:
        for outcome in await self.tournaments.due():
            await self.carry_out(outcome)

    @check.before_loop
    async def _wait_ready(self) -> None:
        await self.client.wait_until_ready()

    @check.error
    async def _failed(self, error: BaseException) -> None:
        log.exception("tournament deadline check failed", exc_info=error)
        self.check.restart()

    @commands.Cog.listener()
    async def on_member_ban(self, guild: discord.Guild,
                            user: discord.User | discord.Member) -> None:
        """A banned member has left every tournament of the server: withdrawn."""
        if not self.games.owns(guild.id):
            return
        for outcome in await self.tournaments.departed(guild.id, user.id):
            await self.carry_out(outcome)

    async def on_withdraw_button(self, interaction: discord.Interaction,
                                 btn: WithdrawButton) -> None:
        ctx = self._ctx(interaction)
        try:
            outcome = await self.tournaments.withdraw(ctx, btn.tournament_id, btn.user)
        except (UserError, LeagueError, EngineError) as error:
            await self._refuse(interaction, ctx, error)
            return
        await self.courier.pressed(interaction, outcome.reply.private)
        await self.carry_out(outcome)

    async def on_walkover_button(self, interaction: discord.Interaction,
                                 btn: WalkoverButton) -> None:
        ctx = self._ctx(interaction)

        async def act(c: Ctx) -> Outcome:
            return await self.tournaments.organiser_action(
                c, "", "walkover", manager=self._manager(interaction), match=btn.pairing,
                winner=btn.winner or None, tournament_id=btn.tournament_id)

        try:
            outcome = await act(ctx)
        except (UserError, LeagueError, EngineError) as error:
            await self._refuse(interaction, ctx, error)
            return
        await self.courier.pressed(interaction, None)
        await self.carry_out(outcome)

    # -- autocomplete ----------------------------------------------------------------------

    async def name_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        names = await self.tournaments.names(interaction.guild_id, current or "")
        return [Choice(name=plain_name(n, CHOICE_LIMIT, fallback=n[:CHOICE_LIMIT]),
                       value=n[:CHOICE_LIMIT])
                for n in names]

    async def match_complete(self, interaction: discord.Interaction, current: str, *,
                             results: bool = False) -> list[Choice[str]]:
        name = str(getattr(interaction.namespace, "name", "") or "")
        lang = (await self.games.langs(self._ctx(interaction)))[0]
        found = await self.tournaments.open_matches(interaction.guild_id, name, current or "",
                                                lang, results=results)
        return [Choice(name=label, value=pid) for label, pid in found]

    async def player_complete(self, interaction: discord.Interaction,
                              current: str) -> list[Choice[str]]:
        """The tournament's players (not the server's members): a member who has left
        can still be removed."""
        name = str(getattr(interaction.namespace, "name", "") or "")
        lang = (await self.games.langs(self._ctx(interaction)))[0]
        found = await self.tournaments.players(interaction.guild_id, name, current or "", lang)
        return [Choice(name=label, value=pid) for label, pid in found]

    # -- registration ----------------------------------------------------------------------

    @app_commands.command(name=_("create"),
                          description=_("Create a tournament (you become its organiser)"))
    @app_commands.rename(name=_("name"), format=_("format"), rounds=_("rounds"),
                         ruleset=_("ruleset"), match_length=_("match_length"),
                         max_players=_("max_players"), deadline_hours=_("deadline_hours"),
                         tiebreak=_("tiebreak"))
    @app_commands.describe(name=_("The tournament's name"),
                           format=_("Single elimination, round robin or Swiss"),
                           rounds=_("Number of rounds (Swiss only)"),
                           ruleset=_("Which rules (default: the server's)"),
                           match_length=_("Games per match (odd)"),
                           max_players=_("Player limit"),
                           deadline_hours=_("Hours per round before walkovers (optional)"),
                           tiebreak=_("Swiss tie-break"))
    @app_commands.choices(format=FORMAT_CHOICES, tiebreak=TIEBREAK_CHOICES)
    async def create(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, 60], format: str,
                     rounds: app_commands.Range[int, 1, 20] | None = None,
                     ruleset: str | None = None,
                     match_length: app_commands.Range[int, 1, 25] = 1,
                     max_players: app_commands.Range[int, 2, 256] | None = None,
                     deadline_hours: app_commands.Range[int, 1, 720] | None = None,
                     tiebreak: str = "buchholz") -> None:
        ctx = self._ctx(interaction)
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id:
            ctx = Ctx(ctx.user_id, channel.parent_id, ctx.guild_id, ctx.user_locale,
                      ctx.guild_locale, ctx.can_manage)
        elif not isinstance(channel, discord.TextChannel):
            await self._refuse(interaction, ctx, UserError("trn.no_channel"))
            return
        default_rules = (await self.games.settings(ctx.guild_id)).rules \
            or self.games.default_rules
        await self._run(interaction, lambda c: self.tournaments.create(
            c, name=name, format=format, rounds=rounds, rules=ruleset,
            match_length=match_length, max_players=max_players,
            deadline_hours=deadline_hours, tiebreak=tiebreak, default_rules=default_rules),
            ctx=ctx)

    @create.autocomplete("ruleset")
    async def ruleset_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        cur = (current or "").lower()
        return [Choice(name=n, value=n) for n in ruleset_names() if cur in n][:CHOICES]

    @app_commands.command(name=_("join"), description=_("Join a tournament before it starts"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def join(self, interaction: discord.Interaction, name: str) -> None:
        who = interaction.user.display_name
        await self._run(interaction, lambda c: self.tournaments.join(c, name, who))

    @app_commands.command(name=_("leave"),
                          description=_("Leave a tournament (after the start: withdraw)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def leave(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.tournaments.leave(c, name))

    # -- looking ---------------------------------------------------------------------------

    @app_commands.command(name=_("list"),
                          description=_("This server's tournaments: status, players, format"))
    async def list_tournaments(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.tournaments.listing)

    @app_commands.command(name=_("standings"), description=_("Show the standings"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def standings(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.tournaments.show(c, name, "standings"))

    @app_commands.command(name=_("bracket"), description=_("Show the bracket or pairings"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def bracket(self, interaction: discord.Interaction, name: str) -> None:
        await self._run(interaction, lambda c: self.tournaments.show(c, name, "bracket"))

    # -- organiser -------------------------------------------------------------------------

    @app_commands.command(name=_("start"),
                          description=_("Start the tournament and pair round one (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        manager = self._manager(interaction)
        await self._run(interaction, lambda c: self.tournaments.start(c, name, manager=manager))

    async def _organiser(self, interaction: discord.Interaction, name: str, kind: str,
                         **kw: Any) -> None:
        manager = self._manager(interaction)
        await self._run(interaction, lambda c: self.tournaments.organiser_action(
            c, name, kind, manager=manager, **kw))

    @app_commands.command(name=_("result"),
                          description=_("Set or correct a match result (organiser)"))
    @app_commands.rename(name=_("name"), match=_("match"), winner=_("winner"),
                         score=_("score"))
    @app_commands.describe(name=_("The tournament's name"), match=_("The match, e.g. 1.2"),
                           winner=_("Who won (leave out: both forfeit, not in knockouts)"),
                           score=_("The match score, the winner's first, e.g. 3-1"))
    @app_commands.autocomplete(name=name_complete)
    async def result(self, interaction: discord.Interaction, name: str, match: str,
                     winner: discord.Member | None = None, score: str | None = None) -> None:
        await self._organiser(interaction, name, "result", match=match,
                              winner=winner.id if winner else None, score=score)

    @result.autocomplete("match")
    async def _result_match(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        return await self.match_complete(interaction, current, results=True)

    @app_commands.command(name=_("walkover"),
                          description=_("Award a walkover after the deadline (organiser)"))
    @app_commands.rename(name=_("name"), match=_("match"), winner=_("winner"))
    @app_commands.describe(name=_("The tournament's name"), match=_("The match, e.g. 1.2"),
                           winner=_("Who won (leave out: both forfeit, not in knockouts)"))
    @app_commands.autocomplete(name=name_complete)
    async def walkover(self, interaction: discord.Interaction, name: str, match: str,
                       winner: discord.Member | None = None) -> None:
        await self._organiser(interaction, name, "walkover", match=match,
                              winner=winner.id if winner else None)

    @walkover.autocomplete("match")
    async def _walkover_match(self, interaction: discord.Interaction,
                              current: str) -> list[Choice[str]]:
        return await self.match_complete(interaction, current)

    @app_commands.command(name=_("restart"),
                          description=_("Start a match's game again after an abort "
                                        "(organiser)"))
    @app_commands.rename(name=_("name"), match=_("match"))
    @app_commands.describe(name=_("The tournament's name"), match=_("The match, e.g. 1.2"))
    @app_commands.autocomplete(name=name_complete)
    async def restart(self, interaction: discord.Interaction, name: str, match: str) -> None:
        manager = self._manager(interaction)
        await self._run(interaction, lambda c: self.tournaments.restart(c, name, match,
                                                                    manager=manager))

    @restart.autocomplete("match")
    async def _restart_match(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        return await self.match_complete(interaction, current)

    @app_commands.command(name=_("remove"), description=_("Remove a player (organiser)"))
    @app_commands.rename(name=_("name"), player=_("player"))
    @app_commands.describe(name=_("The tournament's name"),
                           player=_("A player of the tournament"))
    @app_commands.autocomplete(name=name_complete, player=player_complete)
    async def remove(self, interaction: discord.Interaction, name: str,
                     player: app_commands.Range[str, 1, 100]) -> None:
        await self._organiser(interaction, name, "remove", player=player)

    @app_commands.command(name=_("pause"),
                          description=_("Pause the tournament's deadlines (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def pause(self, interaction: discord.Interaction, name: str) -> None:
        await self._organiser(interaction, name, "pause")

    @app_commands.command(name=_("resume"),
                          description=_("Resume a paused tournament (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def resume(self, interaction: discord.Interaction, name: str) -> None:
        await self._organiser(interaction, name, "resume")

    @app_commands.command(name=_("finish"),
                          description=_("Finish the tournament now (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def finish(self, interaction: discord.Interaction, name: str) -> None:
        await self._organiser(interaction, name, "finish")

    @app_commands.command(name=_("cancel"),
                          description=_("Cancel a tournament that has not started (organiser)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The tournament's name"))
    @app_commands.autocomplete(name=name_complete)
    async def cancel(self, interaction: discord.Interaction, name: str) -> None:
        await self._organiser(interaction, name, "cancel")

