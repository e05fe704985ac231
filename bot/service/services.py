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

from bot.service.ai import Agent
from bot.service.analysis_queue import DEFAULT_PER_MEMBER
from bot.service.correspondence import Correspondence
from bot.service.games import GameService
from bot.service.players import Fetcher
from bot.service.problems import ProblemService
from bot.service.ratings import RatingService
from bot.service.spectate import SpectateService
from bot.service.tournaments import Gone, TournamentService
from bot.store import Database
from engine import rules as rules_registry


@dataclass(frozen=True)
class Services:
    games: GameService
    tournaments: TournamentService
    ratings: RatingService
    spectate: SpectateService
    problems: ProblemService
    #: ``/brade games`` and "your turn" by direct message (issue 36).
    correspondence: Correspondence

    @classmethod
    def build(cls, store: Database, *, clock: Callable[[], float] = time.time,
              seed_source: Callable[[], int] | None = None, agent: Agent | None = None,
              default_rules: str = rules_registry.DEFAULT, remind_after: float = 6 * 3600,
              claim_after: float = 48 * 3600, challenge_expires: float = 15 * 60,
              max_games: int = 10, max_analyses_per_member: int = DEFAULT_PER_MEMBER,
              names: Callable[[int | None, int], str] | None = None,
              fetch: Fetcher | None = None, gone: Gone | None = None,
              owns: Callable[[int | None], bool] = lambda guild_id: True) -> Services:
        """The services over ``store``.  ``names`` reads the gateway's member cache,
        ``fetch`` asks Discord for a member once, ``gone`` which members have left a
        server (all from the command layer); ``owns`` says whether this process runs a
        guild's shard."""
        games = GameService(store, clock=clock, seed_source=seed_source, agent=agent,
                            default_rules=default_rules, remind_after=remind_after,
                            claim_after=claim_after, names=names, fetch=fetch,
                            challenge_expires=challenge_expires, max_games=max_games,
                            owns=owns)

        async def fetch_name(guild_id: int | None, user_id: int) -> str | None:
            found = await fetch(guild_id, user_id) if fetch is not None else None
            return found[0] if found is not None else None

        problems = ProblemService(games)
        return cls(games=games,
                   tournaments=TournamentService(store, clock=clock, langs=games.langs,
                                                 owns=owns, gone=gone),
                   ratings=RatingService(games, profile_lines=[problems.profile_lines]),
                   spectate=SpectateService(games, fetch_name=fetch_name,
                                            analyses_per_member=max_analyses_per_member),
                   problems=problems, correspondence=Correspondence(games))
