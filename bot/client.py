"""The ``Bot`` subclass: opens the store, makes every service and cog once, syncs.

``setup_hook`` is the one place the bot's parts are made and wired: the services
(``Services.build``), the one ``GamePresenter`` of game outcomes to Discord (bot/delivery,
the package that makes every message, thread and edit), the cogs, each handed in its
constructor what it uses (services, the presenter, other cogs, the bot's own answers such
as ``owns_guild``), and the persistent buttons and menus, each class bound to the cog that
answers its presses (bot/views.py).  Nothing looks another part up on the bot later: no
module below this one imports it.

The bot runs as one ``Settings`` object says (bot/config.py).  What holds processes or
connections (the store, the board and listing workers, the computer's agent) is closed
by whoever made it: ``python -m bot`` makes each and hands it in (as discord.py's
``advanced_startup`` example does); what the bot is not handed (tests, benchmarks) it
makes itself and closes in ``release``.

It is an ``AutoShardedBot``: one process runs the shards it is given (``BRADE_SHARDS``)
or, given none, as many as Discord recommends.  Several processes may share one
PostgreSQL database; each one's background work touches only the guilds of its own
shards (``owns_guild``), and the database's version checks and unique keys keep two
processes that overlap (a rolling restart) from both applying one change.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Literal, Protocol, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.correspondence import Notices
from bot.cogs.history import history_controls
from bot.cogs.league import League
from bot.cogs.play import Play
from bot.cogs.problems import Problems
from bot.cogs.ratings import Ratings
from bot.cogs.recovery import Recovery
from bot.cogs.reminders import Expiry, Reminders
from bot.cogs.replies import ServerOnly, note_server_only
from bot.cogs.spectate import Spectate
from bot.cogs.tournaments import Tournaments
from bot.config import Settings, is_postgres_url, mask_url
from bot.delivery.answers import send_private
from bot.delivery.games import GamePresenter
from bot.i18n import resolve_lang, t
from bot.i18n.translator import BradeTranslator
from bot.permissions import Rights
from bot.service.ai import Agent, ProcessAgent
from bot.service.command_sync import CommandRecord
from bot.service.listing import ListPool
from bot.service.pictures import RenderPool, warm_up_renderer
from bot.service.services import Services
from bot.service.shortfalls import Shortfalls
from bot.store import Database, open_store
from bot.sync import sync_commands
from bot.views import game_controls, league_controls, problem_controls, tournament_controls

log = logging.getLogger(__name__)

#: The gateway events the bot asks Discord for: guilds and their channels and threads
#: (the application commands' and the permission checks' cache) and bans (a banned
#: member leaves the tournaments, bot/cogs/tournaments.py), nothing more.  The bot is
#: driven by interactions, which come whatever the intents, and writes by REST; with
#: discord.py's default intents Discord would also send it every message written in
#: every channel it can see, each edit of those (its own boards' included: three or
#: four a turn), typing and reactions, which it never reads but parses and caches.
#: Members' names come by interaction or by a look-up (``display_name``,
#: ``members_gone``), so the privileged members intent is not needed either.
INTENTS = discord.Intents.none()
INTENTS.guilds = True
INTENTS.moderation = True


class Closeable(Protocol):
    def close(self) -> None: ...


#: Something the bot may make itself and must then close (``BradeBot._own``).
C = TypeVar("C", bound=Closeable)


def discord_clock() -> float:
    """Epoch seconds through discord.py's clock (SimCord's virtual time in tests)."""
    return discord.utils.utcnow().timestamp()


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: a guild's events arrive on shard ``(guild_id >> 22) % count``;
    direct messages (no guild) on shard 0."""
    return 0 if not guild_id else (guild_id >> 22) % shard_count


class BradeBot(commands.AutoShardedBot):
    #: Made by ``setup_hook``: every service and the one delivery of replies (the cogs
    #: are discord.py's, ``get_cog``; each was handed what it uses).
    services: Services
    delivery: GamePresenter
    #: Missing rights: checked before the bot's own posts, remembered for the admins.
    rights: Rights

    def __init__(self, *, settings: Settings = Settings(),
                 db_path: str | Path = "brade.sqlite3", dev_guild: int | None = None,
                 clock: Callable[[], float] = discord_clock,
                 seed_source: Callable[[], int] | None = None,
                 agent: Agent | Literal["process"] | None = "process",
                 store: Database | None = None, renderer: RenderPool | None = None,
                 lister: ListPool | None = None,
                 on_started: Callable[[], object] | None = None,
                 shards: tuple[tuple[int, ...], int] | None = None) -> None:
        """``db_path`` is a SQLite file or a ``postgresql://`` URL (opened by
        ``open_store``); ``shards`` is ``(ids this process runs, total count)``, None to
        let Discord decide the count and run every shard here.

        ``store``, ``renderer`` (the board workers), ``lister`` (the picker's listing
        worker) and ``agent`` (the computer; None: no computer) are the caller's to close
        when handed in; those not handed in the bot makes (``agent="process"``: a
        ``ProcessAgent``) and closes in ``release``."""
        ids, count = shards if shards is not None else (None, None)
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS,
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
        self.db_path = db_path if isinstance(db_path, str) and is_postgres_url(db_path) \
            else Path(db_path)
        self.dev_guild = dev_guild
        self.clock = clock
        self.seed_source = seed_source
        self.settings = settings
        #: How often the background checks run (bot/cogs/background.py).
        self.check_every = settings.check_every or max(1.0, min(60.0,
                                                                settings.remind_after / 4))
        #: What the bot made itself, closed (last made, first closed) by ``release``.
        self._owned = AsyncExitStack()
        if agent == "process":
            agent = self._own(ProcessAgent())
        elif isinstance(agent, str):
            raise ValueError(f"agent must be an Agent, None or 'process', not {agent!r}")
        self.agent: Agent | None = agent
        #: Draws every picture; started in ``setup_hook`` (a start that fails before
        #: logging in spawns no worker), drawing in threads until then and once closed.
        self.renderer = renderer if renderer is not None \
            else self._own(RenderPool(settings.render_workers))
        #: Lists the play picker's doubles (bot/service/listing.py), started beside it.
        self.lister = lister if lister is not None \
            else self._own(ListPool(settings.render_workers))
        #: ``python -m bot`` opens (and checks) the store before logging in and passes it.
        self.store: Database | None = store
        self.on_started = on_started
        self.tree.error(self.on_app_command_error)

    def _own(self, thing: C) -> C:
        """``thing``, made by the bot: ``release`` closes it."""
        self._owned.callback(thing.close)
        return thing

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
            self._owned.push_async_callback(self.store.close)
        self.services = Services.build(
            self.store, self.settings, clock=self.clock, seed_source=self.seed_source,
            agent=self.agent, pictures=self.renderer, lister=self.lister,
            names=self.display_name, fetch=self.fetch_member, gone=self.members_gone,
            owns=self.owns_guild)
        self.rights = Rights(Shortfalls(self.store, clock=self.clock))
        await self.rights.shortfalls.load()
        self.delivery = GamePresenter(self, self.services.games, rights=self.rights,
                                      pictures=self.renderer)
        await self.tree.set_translator(BradeTranslator())
        await self._add_cogs()
        synced = await sync_commands(self, self.tree, CommandRecord(self.store),
                                     dev_guild=self.dev_guild, registers=self.owns_shard(0))
        log.info("slash commands: %s", synced)
        self.renderer.start()  # the board workers, warming up in the background
        await asyncio.to_thread(warm_up_renderer)  # this process's, for the fallback
        self.lister.start()  # the play picker's long lists
        log.info("ready to play: database %s, shards %s", getattr(
            self.store, "target", None) or mask_url(str(self.db_path)), self._shards_text())
        if self.on_started is not None:
            self.on_started()

    async def _add_cogs(self) -> None:
        """Every cog, each handed the services, the delivery and the other cogs it uses
        (a cog is made after those it is handed); the persistent controls, each class
        bound to the cog that answers it; then the cogs added, in the order their
        commands are registered."""
        s, delivery, every, rights = self.services, self.delivery, self.check_every, self.rights
        players = s.games.players
        recovery = Recovery(self, s.games, delivery, every=every)
        problems = Problems(self, s.problems, s.games, delivery, every=every, rights=rights)
        watch = Spectate(s.spectate, players)
        notices = Notices(self, s.games, delivery, s.correspondence, every=every,
                          sightlines=watch.sightlines, problems=s.problems,
                          owns=self.owns_guild)
        play = Play(self, s.games, delivery, recovery=recovery, problems=problems,
                    notices=notices, watch=watch, rights=rights)
        tournaments = Tournaments(self, s.tournaments, s.games, delivery, every=every,
                                  rights=rights, gone=self.members_gone)
        # A press goes straight to its cog; a failure to ``report_failure`` (bot/views.py).
        self.add_dynamic_items(*game_controls(play, self), *problem_controls(problems, self),
                               *tournament_controls(tournaments, self),
                               *history_controls(watch, self))
        league = League(self, s.leagues, s.games, delivery, every=every, rights=rights,
                        players=players)
        self.add_dynamic_items(*league_controls(league, self))
        delivery.after_turn = notices.after_command  # "your turn" after a command
        for cog in (play, Reminders(self, s.games, delivery, every=every), notices,
                    Expiry(self, s.games, delivery, every=every), tournaments, league,
                    Ratings(s.ratings, players), watch, problems, recovery):
            await self.add_cog(cog)

    async def close(self) -> None:
        await super().close()
        await self.release()

    async def release(self) -> None:
        """Close what the bot itself made (the database, board and listing workers, AI
        workers), last made first; what it was handed is its maker's to close.

        Separate from ``close`` because a test harness may detach the bot from Discord
        without closing it, and an open aiosqlite connection's (non-daemon) thread would
        then keep the interpreter alive at exit.  Closing twice is harmless.
        """
        await self._owned.aclose()  # a board pool waits for its processes to exit
        self.store = None

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
