"""The store's queries as the services know them: one repository per feature.

A repository's methods are the queries a service runs, each taking the ``Tx`` (the
transaction or the read, bot/store/protocol.py) that makes it part of the caller's unit
of work, so one transaction can span several repositories (a tournament's save and the
ratings it seeds from).  The services get the repositories they use at construction,
from ``Repositories`` (made once, in ``Services.build``), and import no SQL: the
feature modules behind them (``bot/store/*_sql.py``) are the store's own.  A repository
holds no state; a test may hand a service its own object with the same methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store import (
    limits_sql,
    notices_sql,
    players_sql,
    posts_sql,
    problems_sql,
    ratings_sql,
    rights_sql,
    spectate_sql,
    tournaments_sql,
)


class PlayerRepository:
    """Players' names and boards' looks, members' ways of playing, first games."""

    save_seen = staticmethod(players_sql.save_seen)
    players = staticmethod(players_sql.players)
    set_theme = staticmethod(players_sql.set_theme)
    set_play_prefs = staticmethod(players_sql.set_play_prefs)
    server_display = staticmethod(players_sql.server_display)
    save_server_display = staticmethod(players_sql.save_server_display)
    welcomed = staticmethod(players_sql.welcomed)
    expired_offers = staticmethod(players_sql.expired_offers)


class LimitRepository:
    """What one member may open: their count, the lock around it, once-only buttons."""

    hold_members = staticmethod(limits_sql.hold_members)
    open_count = staticmethod(limits_sql.open_count)
    spend_button = staticmethod(limits_sql.spend_button)


class PostRepository:
    """The bot's posts it must come back to: live boards and game threads."""

    record_board = staticmethod(posts_sql.record_board)
    close_board = staticmethod(posts_sql.close_board)
    add_thread = staticmethod(posts_sql.add_thread)
    take_thread = staticmethod(posts_sql.take_thread)


class RightsRepository:
    """What the bot could not do for lack of a right, and its own bookkeeping."""

    record_missing = staticmethod(rights_sql.record_missing)
    missing = staticmethod(rights_sql.missing)
    guilds_missing = staticmethod(rights_sql.guilds_missing)
    forget_missing = staticmethod(rights_sql.forget_missing)
    state = staticmethod(rights_sql.state)
    set_state = staticmethod(rights_sql.set_state)


class SpectateRepository:
    """Games to watch and recent games to look back on."""

    running_games = staticmethod(spectate_sql.running_games)
    recent_direct_games = staticmethod(spectate_sql.recent_direct_games)
    recent_games = staticmethod(spectate_sql.recent_games)


class TournamentRepository:
    """Tournaments' rows: the league core's JSON and what the bot finds them by."""

    insert_tournament = staticmethod(tournaments_sql.insert_tournament)
    tournament = staticmethod(tournaments_sql.tournament)
    by_name = staticmethod(tournaments_sql.by_name)
    live_name_taken = staticmethod(tournaments_sql.live_name_taken)
    names = staticmethod(tournaments_sql.names)
    running = staticmethod(tournaments_sql.running)
    save = staticmethod(tournaments_sql.save)
    of_guild = staticmethod(tournaments_sql.of_guild)
    unfinished = staticmethod(tournaments_sql.unfinished)


class RatingRepository:
    """Members' ratings per server and the games applied to them."""

    rating = staticmethod(ratings_sql.rating)
    lock_ratings = staticmethod(ratings_sql.lock_ratings)
    all_ratings = staticmethod(ratings_sql.all_ratings)
    ratings_for = staticmethod(ratings_sql.ratings_for)
    is_applied = staticmethod(ratings_sql.is_applied)
    apply = staticmethod(ratings_sql.apply)
    rated_games = staticmethod(ratings_sql.rated_games)
    unapplied_rated_games = staticmethod(ratings_sql.unapplied_rated_games)
    finished_games = staticmethod(ratings_sql.finished_games)
    roll_events = staticmethod(ratings_sql.roll_events)


class ProblemRepository:
    """Problems' difficulties, solvers, attempts and daily posts."""

    difficulties = staticmethod(problems_sql.difficulties)
    lock_difficulty = staticmethod(problems_sql.lock_difficulty)
    save_difficulty = staticmethod(problems_sql.save_difficulty)
    solver = staticmethod(problems_sql.solver)
    lock_solver = staticmethod(problems_sql.lock_solver)
    save_solver = staticmethod(problems_sql.save_solver)
    solver_mus = staticmethod(problems_sql.solver_mus)
    best_streaks = staticmethod(problems_sql.best_streaks)
    open_attempt = staticmethod(problems_sql.open_attempt)
    attempt = staticmethod(problems_sql.attempt)
    seen = staticmethod(problems_sql.seen)
    show = staticmethod(problems_sql.show)
    answer = staticmethod(problems_sql.answer)
    answer_delta = staticmethod(problems_sql.answer_delta)
    day_results = staticmethod(problems_sql.day_results)
    channels = staticmethod(problems_sql.channels)
    set_channel = staticmethod(problems_sql.set_channel)
    clear_channel = staticmethod(problems_sql.clear_channel)
    claim_daily = staticmethod(problems_sql.claim_daily)
    posted = staticmethod(problems_sql.posted)
    daily = staticmethod(problems_sql.daily)
    previous_daily = staticmethod(problems_sql.previous_daily)
    last_days = staticmethod(problems_sql.last_days)
    daily_ids = staticmethod(problems_sql.daily_ids)


class NoticeRepository:
    """Correspondence play: members' games everywhere, their notices and what was sent."""

    member_games = staticmethod(notices_sql.member_games)
    boards = staticmethod(notices_sql.boards)
    prefs = staticmethod(notices_sql.prefs)
    set_prefs = staticmethod(notices_sql.set_prefs)
    turn_subscribers = staticmethod(notices_sql.turn_subscribers)
    problem_subscribers = staticmethod(notices_sql.problem_subscribers)
    claim_turn_notice = staticmethod(notices_sql.claim_turn_notice)
    claim_problem_notice = staticmethod(notices_sql.claim_problem_notice)
    mark_undelivered = staticmethod(notices_sql.mark_undelivered)
    clear_undelivered = staticmethod(notices_sql.clear_undelivered)


@dataclass(frozen=True)
class Repositories:
    """One of each repository: what ``Services.build`` hands the services."""

    players: PlayerRepository = field(default_factory=PlayerRepository)
    limits: LimitRepository = field(default_factory=LimitRepository)
    posts: PostRepository = field(default_factory=PostRepository)
    rights: RightsRepository = field(default_factory=RightsRepository)
    spectate: SpectateRepository = field(default_factory=SpectateRepository)
    tournaments: TournamentRepository = field(default_factory=TournamentRepository)
    ratings: RatingRepository = field(default_factory=RatingRepository)
    problems: ProblemRepository = field(default_factory=ProblemRepository)
    notices: NoticeRepository = field(default_factory=NoticeRepository)
