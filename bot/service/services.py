"""Every service of the bot, made in one place at start-up: ``Services.build``.

The command layer makes them once (``BradeBot.setup_hook``, after the store is open) and
hands each cog the ones it uses; nothing else constructs a service, so every part of the
bot shares one game service, with its one set of channel locks, caches and end-of-game
listeners.  What a service needs from Discord (a member's name) arrives as a plain
callable, so no Discord object reaches this layer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.config import Settings
from bot.service.ai import Agent
from bot.service.correspondence import Correspondence
from bot.service.games import GameService
from bot.service.league import LeagueService
from bot.service.listing import ListPool
from bot.service.pictures import RenderPool
from bot.service.players import Fetcher
from bot.service.problems import ProblemService
from bot.service.ratings import RatingService
from bot.service.spectate import SpectateService
from bot.service.tournaments import Gone, TournamentService
from bot.store import Database, LeagueRepository, Repositories


@dataclass(frozen=True)
class Services:
    games: GameService
    tournaments: TournamentService
    ratings: RatingService
    spectate: SpectateService
    problems: ProblemService
    #: ``/brade games`` and "your turn" by direct message (issue 36).
    correspondence: Correspondence
    #: Team leagues (issue 48).
    leagues: LeagueService

    @classmethod
    def build(cls, store: Database, settings: Settings = Settings(), *,
              clock: Callable[[], float] = time.time,
              seed_source: Callable[[], int] | None = None, agent: Agent | None = None,
              pictures: RenderPool | None = None, lister: ListPool | None = None,
              names: Callable[[int | None, int], str] | None = None,
              fetch: Fetcher | None = None, gone: Gone | None = None,
              owns: Callable[[int | None], bool] = lambda guild_id: True,
              repos: Repositories | None = None) -> Services:
        """The services over ``store``, run as ``settings`` say.  ``pictures`` draws
        (the board workers; None: threads) and ``lister`` lists the picker's doubles,
        both made and closed by the caller.  ``names`` reads the gateway's member cache,
        ``fetch`` asks Discord for a member once, ``gone`` which members have left a
        server (all from the command layer); ``owns`` says whether this process runs a
        guild's shard; ``repos`` are the store's queries the services run (by default
        the SQL ones, bot/store/repositories.py), handed to each service here."""
        repos = repos or Repositories()
        games = GameService(store, settings, clock=clock, seed_source=seed_source,
                            agent=agent, lister=lister, names=names, fetch=fetch, owns=owns,
                            repos=repos)

        async def fetch_name(guild_id: int | None, user_id: int) -> str | None:
            found = await fetch(guild_id, user_id) if fetch is not None else None
            return found[0] if found is not None else None

        problems = ProblemService(games)
        return cls(games=games,
                   tournaments=TournamentService(store, clock=clock, langs=games.langs,
                                                 owns=owns, gone=gone, repos=repos),
                   ratings=RatingService(games, profile_lines=[problems.profile_lines]),
                   spectate=SpectateService(
                       games, fetch_name=fetch_name, pictures=pictures or RenderPool(0),
                       analyses_per_member=settings.max_analyses_per_member),
                   problems=problems, correspondence=Correspondence(games),
                   leagues=LeagueService(LeagueRepository(store), clock=clock,
                                         langs=games.langs, owns=owns))
