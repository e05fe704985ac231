"""Slash commands for tournaments: create, join, matches in threads, standings.

Thin like bot/cogs/play.py: every decision is ``TournamentService``'s.  This layer turns
an interaction into a ``Ctx``, an ``Outcome`` into messages, threads and games, and a
refusal into an ephemeral note in the user's language.  A game's end arrives through
``GameService.end_listeners``; what it sets off (announcements, the next round's
threads) runs in a task of its own so the finishing player's command is answered at once.

Members who leave the server: the bot runs without the privileged Members intent, so
Discord does not tell it when someone leaves.  It sees a ban (``on_member_ban``, in the
default intents), and it asks Discord (``BradeBot.members_gone``: one member look-up per
player, no intent needed) whether the players are still members when a tournament
starts, before a Swiss round is paired, and before each match's thread opens; a member
found gone is withdrawn (docs/league.md, "Withdrawals").  The organiser can remove anyone
who ever joined with ``/tournament remove``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from bot.cogs.play import make_ctx, ruleset_names
from bot.cogs.replies import check_in_server, refusal_text, send_private
from bot.i18n import t
from bot.league.errors import LeagueError
from bot.permissions import THREAD_ARCHIVE_MINUTES, TO_ARCHIVE, to_post
from bot.service.model import Ctx, Post, Reply, UserError
from bot.service.pictures import RenderPool
from bot.service.text import (
    BUTTON_LABEL_LIMIT,
    BUTTONS,
    CHOICE_LIMIT,
    CHOICES,
    CUSTOM_ID_LIMIT,
    DESCRIPTION_LIMIT,
    clip,
    plain_name,
    shorten,
)
from bot.service.tournaments import (
    MatchToOpen,
    Notice,
    Outcome,
    Picture,
    ThreadEnd,
    TournamentService,
    WithdrawChoice,
)
from bot.store import Conflict
from bot.views import guarded, rebuilt_button
from engine.errors import EngineError
from render.bracket import render_bracket, render_standings

if TYPE_CHECKING:
    from bot.client import BradeBot
    from bot.delivery import Delivery
    from bot.service.games import GameService
    from bot.store import GameRow

log = logging.getLogger(__name__)

FORMAT_CHOICES = [Choice(name=_("single elimination"), value="single_elimination"),
                  Choice(name=_("round robin"), value="round_robin"),
                  Choice(name=_("Swiss"), value="swiss")]
TIEBREAK_CHOICES = [Choice(name=_("Buchholz"), value="buchholz"),
                    Choice(name=_("Median-Buchholz"), value="median_buchholz")]


class WalkoverButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"bradetrn:wo:(?P<tid>\d+):(?P<pairing>[0-9.]+):(?P<winner>\d+)"):
    """The organiser's "walkover to …" button after a deadline; works after a restart."""

    def __init__(self, tournament_id: int, pairing: str, winner: int, *,
                 label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.danger if winner == 0
            else discord.ButtonStyle.primary,
            custom_id=f"bradetrn:wo:{tournament_id}:{pairing}:{winner}"[:CUSTOM_ID_LIMIT]))
        self.tournament_id, self.pairing, self.winner = tournament_id, pairing, winner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WalkoverButton:
        return cls(int(match["tid"]), match["pairing"], int(match["winner"]),
                   label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, lambda bot: bot.tournament_cog.on_walkover_button(interaction, self))


class WithdrawButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"bradetrn:wd:(?P<tid>\d+):(?P<user>\d+)"):
    """"Withdraw from …" under ``/tournament leave`` after the start; works after a
    restart, and only for the member who asked."""

    def __init__(self, tournament_id: int, user: int, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.danger,
            custom_id=f"bradetrn:wd:{tournament_id}:{user}"[:CUSTOM_ID_LIMIT]))
        self.tournament_id, self.user = tournament_id, user

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WithdrawButton:
        return cls(int(match["tid"]), int(match["user"]), label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, lambda bot: bot.tournament_cog.on_withdraw_button(interaction, self))


def _confirm_view(choice: WithdrawChoice) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(WithdrawButton(choice.tournament_id, choice.user, label=choice.label))
    return view


def _view(notice: Notice) -> discord.ui.View | None:
    if not notice.choices:
        return None
    view = discord.ui.View(timeout=None)
    for c in notice.choices[:BUTTONS]:
        view.add_item(WalkoverButton(c.tournament_id, c.pairing, c.winner, label=c.label))
    return view


async def _file(pictures: RenderPool, picture: Picture) -> discord.File:
    """The picture drawn by the board workers (never on the event loop), with its alt
    text."""
    draw = render_bracket if picture.kind == "bracket" else render_standings
    png = await pictures.draw(draw, picture.tournament, lang=picture.lang)
    return discord.File(io.BytesIO(png), filename=f"{picture.kind}.png",
                        description=describe_picture(picture))


def describe_picture(picture: Picture) -> str:
    """A standings table or bracket in words, for a screen reader: each player's place
    and score, or each round's matches and winners (at most 1,024 characters)."""
    tr, lang = picture.tournament, picture.lang
    if picture.kind == "bracket":
        rounds = []
        for r in tr.bracket()["rounds"]:
            said = []
            for m in r["matches"]:
                a, b = (m[k]["name"] if m[k] else t("alt.pending", lang) for k in ("a", "b"))
                winner = next((m[k]["name"] for k in ("a", "b")
                               if m[k] and m[k]["id"] == m["winner"]), None)
                said.append(t("alt.bye", lang, who=a) if m["bye"] else
                            t("alt.won", lang, a=a, b=b, winner=winner) if winner else
                            t("alt.match", lang, a=a, b=b))
            rounds.append(t("alt.round", lang, n=r["number"]) + " " + ", ".join(said) + ".")
        text = " ".join([t("alt.bracket", lang, name=tr.name), *rounds])
    else:
        rows = [t("alt.row", lang, place=s.place, name=s.name, score=f"{s.score:g}")
                for s in tr.standings()]
        text = t("alt.standings", lang, name=tr.name) + " " + "; ".join(rows) + "."
    return shorten(text, DESCRIPTION_LIMIT)


def _allowed(mentions: tuple[int, ...]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(u) for u in mentions if u])


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Tournaments(commands.GroupCog, group_name=_("tournament"),
                  group_description=_("Tournaments: create, join, play, standings")):
    def __init__(self, bot: BradeBot, tournaments: TournamentService, games: GameService,
                 delivery: Delivery) -> None:
        self.bot = bot
        self.tournaments = tournaments
        self.games = games  # starts and stops the matches' games
        self.delivery = delivery  # posts those games' boards
        self._tasks: set[asyncio.Task[None]] = set()
        self.check.change_interval(seconds=bot.check_every)
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
        return make_ctx(interaction)

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
        await self._answer(interaction, outcome)
        await self.carry_out(outcome)

    async def _answer(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        reply: Reply = outcome.reply
        response = interaction.response
        if reply.posts:
            text = reply.posts[0].text
            if outcome.picture is not None:
                await response.defer(thinking=True)
                file = await _file(self.delivery.pictures, outcome.picture)
                await interaction.followup.send(clip(text), file=file)
            else:
                await response.send_message(clip(text), allowed_mentions=_allowed(
                    reply.posts[0].mentions))
            for post in reply.posts[1:]:
                await interaction.followup.send(clip(post.text),
                                                allowed_mentions=_allowed(post.mentions))
            if reply.private:
                await interaction.followup.send(reply.private, ephemeral=True)
        elif reply.private:
            extra: dict[str, Any] = {}
            if outcome.confirm is not None:
                extra["view"] = _confirm_view(outcome.confirm)
            if response.is_done():
                await interaction.followup.send(reply.private, ephemeral=True, **extra)
            else:
                await response.send_message(reply.private, ephemeral=True, **extra)

    async def carry_out(self, outcome: Outcome) -> None:
        """End the threads of matches decided otherwise, announce, then open the new
        matches' threads."""
        for end in outcome.stop_threads:
            try:
                await self._end_thread(end)
            except discord.HTTPException:
                log.warning("could not close the match thread %s", end.thread_id)
        for notice in outcome.notices:
            await self._notify(notice)
        for match in outcome.matches:
            try:
                await self._open_match(match)
            except (discord.HTTPException, UserError, EngineError):
                log.exception("could not open the thread of match %s", match.pairing)

    async def _notify(self, notice: Notice) -> None:
        channel = self.bot.get_channel(notice.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("tournament channel %s is gone", notice.channel_id)
            return
        kwargs: dict[str, Any] = {"allowed_mentions": _allowed(notice.mentions)}
        view = _view(notice)
        if view is not None:
            kwargs["view"] = view
        if notice.picture is not None:
            kwargs["file"] = await _file(self.delivery.pictures, notice.picture)
        try:  # a missing right is told to the server's admins (bot/permissions.py)
            await self.bot.rights.attempt(
                channel, "tournament.notice", to_post(channel, board="file" in kwargs),
                partial(channel.send, clip(notice.text), **kwargs))
        except discord.HTTPException:
            log.warning("could not post in channel %s", notice.channel_id)

    async def _end_thread(self, end: ThreadEnd) -> None:
        """A match decided other than by its game (a result or walkover the organiser
        set, a withdrawal, the finish, a re-pairing): its live game stops, the thread
        says what happened in the tournament's language, and it is archived."""
        assert self.bot.user is not None
        ctx = Ctx(self.bot.user.id, end.thread_id, can_manage=True)
        try:
            stopped: Reply | None = await self.games.abort(ctx)
        except UserError:
            stopped = None  # no live game there
        thread = self.bot.get_channel(end.thread_id)
        if thread is None:
            try:
                thread = await self.bot.fetch_channel(end.thread_id)
            except discord.HTTPException:
                return
        if not isinstance(thread, discord.Thread):
            return
        # Forgotten as a game thread first, so the archiving is done once, here.
        await self.games.posts.close_thread(thread.id)
        rights = self.bot.rights
        if stopped is not None and stopped.game_id is not None:
            # The final post takes the buttons off the game's last board.
            await rights.attempt(thread, "tournament.post", to_post(thread), partial(
                self.delivery.post, thread, Reply(
                    posts=[Post(end.text, final=True)], game_id=stopped.game_id,
                    version=stopped.version, lang=stopped.lang)))
        else:
            await rights.attempt(thread, "tournament.post", to_post(thread), partial(
                thread.send, end.text, allowed_mentions=_allowed(())))
        # its creator, the bot, may archive it: only Discord's refusal tells a lack
        await rights.attempt(thread, "archive", TO_ARCHIVE,
                             partial(thread.edit, archived=True), look=False)

    async def _open_match(self, m: MatchToOpen) -> None:
        gone = await self.bot.members_gone(m.guild_id, [m.white_id, m.black_id])
        if gone:  # left the server since the pairing: withdrawn, the match a walkover
            for uid in sorted(gone):
                for outcome in await self.tournaments.departed(m.guild_id, uid,
                                                           tournament_id=m.tournament_id):
                    await self.carry_out(outcome)
            return
        channel = self.bot.get_channel(m.channel_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament channel %s is not a text channel", m.channel_id)
            return
        existing = self.bot.get_channel(m.thread_id) if m.thread_id else None
        if m.thread_id and existing is None:  # archived threads leave discord.py's cache
            try:
                existing = await self.bot.fetch_channel(m.thread_id)
            except discord.HTTPException:
                existing = None
        rights = self.bot.rights
        if isinstance(existing, discord.Thread):
            thread = existing
            if thread.archived:  # a restarted match: its thread was archived at the abort
                await thread.edit(archived=False)
        else:
            made = await rights.attempt(
                channel, "tournament.thread", ("view_channel", "create_public_threads"),
                partial(channel.create_thread, name=m.thread_name,
                        type=discord.ChannelType.public_thread,
                        auto_archive_duration=THREAD_ARCHIVE_MINUTES))
            if made is None:  # the admins are told; the organiser can restart the match
                return
            thread = made
            await self.tournaments.set_ref(m.tournament_id, m.pairing, thread.id)
        # Recorded as a game thread: the game's end archives it (bot/delivery.py).
        await self.games.posts.opened_thread(m.guild_id, thread.id)
        if await rights.attempt(thread, "tournament.post", to_post(thread, board=True),
                                partial(thread.send, m.intro, allowed_mentions=_allowed(
                                    (m.white_id, m.black_id)))) is None:
            return
        guild = self.bot.get_guild(m.guild_id)
        assert self.bot.user is not None
        ctx = Ctx(self.bot.user.id, thread.id, m.guild_id, None,
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
        await self.bot.wait_until_ready()

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
        await interaction.response.edit_message(content=outcome.reply.private, view=None)
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
        await interaction.response.edit_message(view=None)
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

