"""What every part of the tournament service shares: the store and its tournaments'
repository, the clock, the locks, and the one way a tournament changes (load, apply,
save, version-checked).  Each part gets this one object in its constructor."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.league.model import Change, Format, State
from bot.league.tournament import Tournament
from bot.service.model import Ctx, UserError
from bot.service.tournaments.words import mention_player
from bot.store import Conflict, Database, Repositories, TournamentRow

log = logging.getLogger(__name__)
#: Saves of one tournament tried before a command is told it changed meanwhile.
STALE_ATTEMPTS = 3

#: ``(guild_id, user_ids) -> the ids no longer in the server``: the command layer asks
#: Discord, one member look-up each (the bot has no privileged Members intent).
Gone = Callable[[int, list[int]], Awaitable[set[int]]]


class TournamentCore:
    """The plumbing under every tournament command (``bot.service.tournaments``): one
    per service, shared by its parts."""

    def __init__(self, store: Database, *, clock: Callable[[], float],
                 langs: Callable[[Ctx], Awaitable[tuple[str, str]]] | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 gone: Gone | None = None, repos: Repositories | None = None) -> None:
        self.store = store
        repos = repos or Repositories()
        #: The tournaments' rows, and the ratings a tournament is seeded by.
        self.rows = repos.tournaments
        self.ratings = repos.ratings
        #: Which of a server's members have left it (the command layer asks Discord).
        self.gone = gone
        #: Whether this process runs the guild's shard: the deadline loop skips the rest.
        self.owns = owns
        self.clock = clock
        self._langs = langs
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- plumbing ---------------------------------------------------------------------

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    async def langs(self, ctx: Ctx) -> tuple[str, str]:
        if self._langs is None:
            return "en", "en"
        return await self._langs(ctx)

    async def find(self, guild_id: int | None, name: str) -> TournamentRow:
        if guild_id is None:
            raise UserError("trn.guild_only")
        async with self.store.read() as tx:
            row = await self.rows.by_name(tx, guild_id, name or "")
        if row is None:
            raise UserError("trn.unknown", name=(name or "").strip()[:100])
        return row

    async def change(self, tid: int,
                      action: Callable[[Tournament], list[Change] | None], *,
                      attempts: int = STALE_ATTEMPTS,
                      ) -> tuple[TournamentRow, Tournament, list[Change]]:
        """Load, apply, save; nothing is written when ``action`` raises.

        The save is version-checked: when another writer (another process, on a shared
        PostgreSQL database) saved the tournament in between, ``action`` runs again on
        the fresh state, so a result reported at the same moment as another is not lost
        and a round is paired once, by whichever save lands second seeing the first.
        ``action`` must therefore depend only on the tournament it is given.
        """
        async with self._locks[tid]:
            for attempt in range(attempts):
                async with self.store.read() as tx:
                    row = await self.rows.tournament(tx, tid)
                if row is None:
                    raise UserError("trn.unknown", name=str(tid))
                left = await self._leaving(row, action)
                tour = Tournament.from_json(row.data)
                changes = [*tour.depart(left), *(action(tour) or [])]
                try:
                    async with self.store.transaction() as tx:
                        saved = await self.rows.save(tx, tid, row.version, state=tour.state.value,
                                               data=tour.to_json(), now=self.clock())
                except Conflict:
                    saved = False
                if saved:
                    return row, tour, changes
                log.info("tournament %s changed meanwhile (attempt %d)", tid, attempt + 1)
            raise UserError("trn.stale")

    async def _leaving(self, row: TournamentRow,
                       action: Callable[[Tournament], list[Change] | None]) -> list[str]:
        """The players to withdraw before ``action`` runs: when it would pair a Swiss
        round (tried first on a copy), everyone still in the tournament is looked up,
        and those who left the server are not paired (issue 30, 3: without this they
        were paired, and their opponent got a walkover instead of a game).  Knockouts
        and round robins have a fixed draw: their look-up when a match opens decides
        the same walkover."""
        trial = Tournament.from_json(row.data)
        if self.gone is None or trial.format is not Format.SWISS \
                or trial.state not in (State.RUNNING, State.PAUSED):
            return []
        try:
            tried = action(trial) or []
        except Exception:  # the action itself refuses: it will again, on the real state
            return []
        if not any(c.kind == "round_opened" for c in tried):
            return []
        ids = [int(p.id) for p in Tournament.from_json(row.data).players if not p.withdrawn]
        return sorted(str(u) for u in await self.gone(row.guild_id, ids))

    def check_organiser(self, tour: Tournament, ctx: Ctx, manager: bool) -> None:
        if not (manager or tour.is_organiser(str(ctx.user_id))):
            raise UserError("trn.not_organiser", who=mention_player(tour.organiser))

    async def set_ref(self, tournament_id: int, pairing: str, thread_id: int) -> None:
        await self.change(tournament_id, lambda tr: tr.set_ref(pairing, str(thread_id)))

    async def named(self, guild_id: int | None, name: str) -> Tournament | None:
        """The tournament an autocomplete's ``name`` option names, if any."""
        if guild_id is None or not name:
            return None
        async with self.store.read() as tx:
            row = await self.rows.by_name(tx, guild_id, name)
        return Tournament.from_json(row.data) if row is not None else None
