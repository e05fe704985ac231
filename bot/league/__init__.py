"""Tournaments, team leagues and ratings without Discord or SQL (issues 6 and 48).

The bot's service layer loads and saves these values through bot/store and turns their
``Change`` and ``DueEvent`` lists into threads, messages and reminders.
"""

from bot.league.errors import LeagueError
from bot.league.model import Change, DueEvent, Format, Pairing, Player, Round, State, Status
from bot.league.profile import GameSummary, Profile, build_profile
from bot.league.ratings import Rating, leaderboard, rate, rate_game, win_probability
from bot.league.standings import Standing
from bot.league.team_table import TeamRow, table
from bot.league.teams import TeamChange, TeamLeague
from bot.league.tournament import Tournament

__all__ = [
    "Change", "DueEvent", "Format", "GameSummary", "LeagueError", "Pairing", "Player",
    "Profile", "Rating", "Round", "Standing", "State", "Status", "TeamChange", "TeamLeague",
    "TeamRow", "Tournament", "build_profile", "leaderboard", "rate", "rate_game", "table",
    "win_probability",
]
