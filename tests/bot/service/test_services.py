"""The services made once (bot/service/services.py): one game service under them all,
each run as the one ``Settings`` says, so that a game, a rating and a tournament never
disagree about the store, the clock or the limits."""

from __future__ import annotations

from bot.config import Settings
from bot.service.services import Services
from bot.store import Database
from tests.bot.service.helpers import Clock


async def test_every_service_shares_one_game_service_and_the_settings(
        store: Database, clock: Clock) -> None:
    settings = Settings(default_rules="classic", max_games=2, max_analyses_per_member=1,
                        remind_after=60)
    s = Services.build(store, settings, clock=clock, owns=lambda guild: guild == 1)
    games = s.games
    assert s.ratings.games is games and s.spectate.games is games
    assert s.problems.games is games and s.correspondence.games is games
    assert games.store is store and s.tournaments.store is store
    assert games.clock is clock and s.tournaments.core.clock is clock
    assert (games.default_rules, games.max_games, games.remind_after) == ("classic", 2, 60)
    assert s.spectate.analyses.per_member == 1
    assert games.owns(1) and not games.owns(2) and not s.tournaments.core.owns(2)
    # one set of repositories, handed to every service
    assert s.tournaments.core.rows is games.repos.tournaments
    assert s.problems._repo is games.repos.problems
    # a finished game reaches the ratings: the rating service listens to this one
    assert s.ratings.on_game_end not in games.end_listeners  # the cog subscribes it
