"""The ``Bot`` subclass: opens the store, makes every service and cog once, syncs.

``setup_hook`` is the one place the bot's parts are made and wired: the services
(``Services.build``), the one ``Delivery`` of game replies to Discord (bot/delivery, the
package that makes every message, thread and edit), and the cogs, each handed what it
uses.  Nothing looks another part up by name later.

It is an ``AutoShardedBot``: one process runs the shards it is given (``BRADE_SHARDS``)
or, given none, as many as Discord recommends.  Several processes may share one
PostgreSQL database; each one's background work touches only the guilds of its own
shards (``owns_guild``), and the database's version checks and unique keys keep two
processes that overlap (a rolling restart) from both applying one change.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.correspondence import Notices
from bot.cogs.history import HistoryButton
from bot.cogs.play import Play
from bot.cogs.problems import Problems
from bot.cogs.ratings import Ratings
from bot.cogs.recovery import Recovery
from bot.cogs.reminders import Expiry, Reminders
from bot.cogs.replies import ServerOnly, note_server_only
from bot.cogs.spectate import Spectate
from bot.cogs.tournaments import Tournaments
from bot.config import is_database_url, mask_url
from bot.delivery.answers import send_private
from bot.delivery.games import Delivery
from bot.i18n import resolve_lang, t
from bot.i18n.translator import BradeTranslator
from bot.permissions import Rights
from bot.service.ai import Agent, ProcessAgent
from bot.service.analysis_queue import DEFAULT_PER_MEMBER
from bot.service.command_sync import CommandRecord
from bot.service.listing import ListPool, start_lister, stop_lister
from bot.service.pictures import RenderPool, start_renderer
from bot.service.services import Services
from bot.service.shortfalls import Shortfalls
from bot.store import Database, open_store
from bot.sync import sync_commands
from bot.views import (
    GameButton,
    PlayMenu,
    ProblemButton,
    ThreadButton,
    WalkoverButton,
    WithdrawButton,
)

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Epoch seconds through discord.py's clock (SimCord's virtual time in tests)."""
    return discord.utils.utcnow().timestamp()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: a guild's events arrive on shard ``(guild_id >> 22) % count``;
    direct messages (no guild) on shard 0."""
    return 0 if not guild_id else (guild_id >> 22) % shard_count


class BradeBot(commands.AutoShardedBot):
    #: Made by ``setup_hook``: every service, the one delivery of replies, and the cogs
    #: whose persistent buttons find them here (bot/views.py, WalkoverButton,
    #: ProblemButton, HistoryButton).
    services: Services
    delivery: Delivery
    play: Play
    tournament_cog: Tournaments
    problem_cog: Problems
    #: Missing rights: checked before the bot's own posts, remembered for the admins.
    rights: Rights
    watch: Spectate
    #: ``/brade games`` and the direct messages of correspondence play (issue 36).
    notices: Notices

    def __init__(self, *, db_path: str | Path = "brade.sqlite3", dev_guild: int | None = None,
                 clock: Callable[[], float] = discord_clock,
                 seed_source: Callable[[], int] | None = None,
                 agent: Agent | str | None = "process",
                 default_rules: str = "talisman", remind_after: float = 6 * 3600,
                 claim_after: float = 48 * 3600, check_every: float | None = None,
                 challenge_expires: float = 15 * 60, max_games: int = 10,
                 max_analyses_per_member: int = DEFAULT_PER_MEMBER,
                 store: Database | None = None,
                 on_started: Callable[[], None] | None = None,
                 shards: tuple[tuple[int, ...], int] | None = None) -> None:
        """``db_path`` is a SQLite file or a ``postgresql://`` URL (opened by
        ``open_store``); ``shards`` is ``(ids this process runs, total count)``, None to
        let Discord decide the count and run every shard here."""
        intents = discord.Intents.default()
        ids, count = shards if shards is not None else (None, None)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(),
                         # discord.py's options type says list[int]; its code reads None
                         # (the default) as "every shard".
                         shard_ids=list(ids) if ids is not None else None,  # type: ignore[arg-type]
                         shard_count=count)
        #: Fixed at construction: SimCord (and a reconnect) may fill in ``shard_count``
        #: later, but a process given no shards runs them all and owns every guild.
        self.shards_owned: tuple[frozenset[int], int] | None = (
            (frozenset(ids), count) if ids is not None and count is not None else None)
        self.db_path = db_path if isinstance(db_path, str) and is_database_url(db_path) \
            else Path(db_path)
        self.dev_guild = dev_guild
        self.clock = clock
        self.seed_source = seed_source
        if agent == "process":
            agent = ProcessAgent()
        elif isinstance(agent, str):
            raise ValueError(f"agent must be an Agent, None or 'process', not {agent!r}")
        self.agent: Agent | None = agent
        self.default_rules = default_rules
        self.remind_after = remind_after
        self.claim_after = claim_after
        self.check_every = check_every or max(1.0, min(60.0, remind_after / 4))
        #: An unanswered challenge lapses after this many seconds (BRADE_CHALLENGE_EXPIRES).
        self.challenge_expires = challenge_expires
        #: Analyses one member may have running and waiting (BRADE_MAX_ANALYSES_PER_MEMBER).
        self.max_analyses_per_member = max_analyses_per_member
        #: Live games and open challenges per member and server (BRADE_MAX_GAMES_PER_MEMBER).
        self.max_games = max_games
        #: ``python -m bot`` opens (and checks) the store before logging in and passes it.
        self.store: Database | None = store
        self.on_started = on_started
        self.renderer: RenderPool | None = None
        self.lister: ListPool | None = None
        self.tree.error(self.on_app_command_error)

    def owns_shard(self, shard_id: int) -> bool:
        """Whether this process runs shard ``shard_id`` (one that runs them all does)."""
        return self.shards_owned is None or shard_id in self.shards_owned[0]

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard ``guild_id`` belongs to (DMs: shard 0).

        What the bot does on its own initiative (reminders, expiry, owed computer turns,
        tournament deadlines) is for its own guilds only: another process has the others,
        and this one could not reach their channels anyway.
        """
        if self.shards_owned is None:
            return True
        ids, count = self.shards_owned
        return shard_of(guild_id, count) in ids

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_store(self.db_path)
        self.services = Services.build(
            self.store, clock=self.clock, seed_source=self.seed_source, agent=self.agent,
            default_rules=self.default_rules, remind_after=self.remind_after,
            claim_after=self.claim_after, challenge_expires=self.challenge_expires,
            max_games=self.max_games,
            max_analyses_per_member=self.max_analyses_per_member,
            names=self.display_name, fetch=self.fetch_member, gone=self.members_gone,
            owns=self.owns_guild)
        self.rights = Rights(Shortfalls(self.store, clock=self.clock))
        await self.rights.shortfalls.load()
        self.delivery = Delivery(self, self.services.games, rights=self.rights)
        await self.tree.set_translator(BradeTranslator())
        self.add_dynamic_items(GameButton, PlayMenu, ThreadButton, WalkoverButton,
                               WithdrawButton, ProblemButton, HistoryButton)
        await self._add_cogs()
        synced = await sync_commands(self, self.tree, CommandRecord(self.store),
                                     dev_guild=self.dev_guild, registers=self.owns_shard(0))
        log.info("slash commands: %s", synced)
        self.renderer = await start_renderer()  # board workers, stopped in close()
        self.lister = start_lister()  # the play picker's long lists, stopped in close()
        log.info("ready to play: database %s, shards %s", getattr(
            self.store, "target", None) or mask_url(str(self.db_path)), self._shards_text())
        if self.on_started is not None:
            self.on_started()

    async def _add_cogs(self) -> None:
        """Every cog, each handed the services it uses and the delivery; in this order
        their commands are registered."""
        s, delivery = self.services, self.delivery
        recovery = Recovery(self, s.games, delivery)
        self.problem_cog = Problems(self, s.problems, s.games, delivery)
        self.play = Play(self, s.games, delivery, recovery, self.problem_cog)
        self.tournament_cog = Tournaments(self, s.tournaments, s.games, delivery)
        self.watch = Spectate(self, s.spectate)
        self.notices = Notices(self, s.games, delivery, s.correspondence)
        for cog in (self.play, Reminders(self, s.games, delivery), self.notices,
                    Expiry(self, s.games, delivery), self.tournament_cog,
                    Ratings(self, s.ratings), self.watch, self.problem_cog,
                    recovery):
            await self.add_cog(cog)

    async def close(self) -> None:
        await super().close()
        await self.release()

    async def release(self) -> None:
        """Close what the bot itself opened: board workers, the database, AI workers.

        Separate from ``close`` because a test harness may detach the bot from Discord
        without closing it, and an open aiosqlite connection's (non-daemon) thread would
        then keep the interpreter alive at exit.
        """
        renderer = self.renderer
        if renderer is not None:
            renderer.close()  # waits for the board worker processes to exit
            self.renderer = None
        if self.lister is not None:
            stop_lister(self.lister)
            self.lister = None
        if self.store is not None:
            await self.store.close()
            self.store = None
        close = getattr(self.agent, "close", None)
        if close is not None:
            close()

    def _shards_text(self) -> str:
        if self.shards_owned is None:
            return "all (as many as Discord recommends)"
        ids, count = self.shards_owned
        return f"{','.join(map(str, sorted(ids)))} of {count}"

    async def fetch_member(self, guild_id: int | None,
                           user_id: int) -> tuple[str, str | None] | None:
        """One REST look-up of a member's name and avatar, for a player never seen in an
        interaction (the bot runs without the members intent)."""
        guild = self.get_guild(guild_id) if guild_id else None
        try:
            if guild is not None:
                who: discord.abc.User = await guild.fetch_member(user_id)
            else:
                who = await self.fetch_user(user_id)
        except discord.HTTPException:
            return None
        return who.display_name, who.display_avatar.key if who.display_avatar else None

    async def members_gone(self, guild_id: int, user_ids: list[int]) -> set[int]:
        """Which of ``user_ids`` are no longer in the server: one REST look-up each, which
        needs no privileged intent; anything but "unknown member" counts as present."""
        guild = self.get_guild(guild_id)
        if guild is None:
            return set()
        gone = set()
        for user_id in user_ids:
            try:
                await guild.fetch_member(user_id)
            except discord.NotFound:
                gone.add(user_id)
            except discord.HTTPException:
                pass
        return gone

    def display_name(self, guild_id: int | None, user_id: int) -> str:
        guild = self.get_guild(guild_id) if guild_id else None
        member = guild.get_member(user_id) if guild else None
        if member is not None:
            return member.display_name
        user = self.get_user(user_id)
        return user.display_name if user else f"#{user_id}"

    # -- the one error path ------------------------------------------------------------

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, ServerOnly):  # a server's command in a direct message
            await note_server_only(interaction)
            return
        await self.report_failure(interaction, error)

    async def report_failure(self, interaction: discord.Interaction,
                             error: BaseException) -> None:
        """A short apology in the user's language; the traceback goes to the log only."""
        original = getattr(error, "original", error)
        log.error("command failed: %s\n%s", getattr(interaction.command, "qualified_name",
                                                     interaction.data),
                  "".join(traceback.format_exception(original)))
        guild = interaction.guild
        services: Services | None = getattr(self, "services", None)  # None before set-up
        s = await services.games.settings(interaction.guild_id) if services else None
        lang = resolve_lang(s.lang if s else None, str(interaction.locale),
                            str(guild.preferred_locale) if guild else None)
        text = t("err.internal", lang)
        try:
            await send_private(interaction, text)
        except discord.HTTPException:
            log.warning("could not tell the user about the failure")
