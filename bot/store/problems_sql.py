"""Queries for problems (migration 0010): difficulties, solvers, attempts, daily posts.

The problems themselves ship with the engine (``engine.ai.problem_set``); the database
keeps what members did with them.  Every write that must happen once is decided by a
key or a condition, never by a read before it, so two processes (or two presses) cannot
both make it: an attempt is answered by an ``UPDATE … WHERE answered_at IS NULL``, a day's
daily problem is claimed by inserting its ``(guild, day)`` row.
"""

from __future__ import annotations

from bot.league.ratings import Rating
from bot.store.protocol import Tx
from bot.store.rows import Attempt, Daily, Solver

_ATTEMPT = ("guild_id, user_id, problem_id, day, shown_at, answered_at, answer, loss, "
            "correct, delta")
_DAILY = "guild_id, day, problem_id, channel_id, message_id, posted_at"


def _attempt(r: tuple) -> Attempt:
    return Attempt(int(r[0]), int(r[1]), str(r[2]), r[3], float(r[4]),
                   None if r[5] is None else float(r[5]), r[6],
                   None if r[7] is None else float(r[7]),
                   None if r[8] is None else bool(r[8]), None if r[9] is None else float(r[9]))


def _daily(r: tuple) -> Daily:
    return Daily(int(r[0]), str(r[1]), str(r[2]), int(r[3]),
                 None if r[4] is None else int(r[4]), float(r[5]))


# -- difficulties -----------------------------------------------------------------------------


async def difficulties(tx: Tx, prefix: str) -> dict[str, Rating]:
    """Stored difficulty of every problem whose id starts with ``prefix`` (a ruleset's,
    ``"talisman-"``); problems never answered have no row."""
    rows = await tx.all("SELECT problem_id, mu, sigma, solved, beaten FROM problem_ratings "
                        "WHERE problem_id LIKE ?", (prefix.replace("%", "") + "%",))
    return {str(r[0]): Rating(float(r[1]), float(r[2]), int(r[3]) + int(r[4]), int(r[4]),
                              int(r[3])) for r in rows}


async def lock_difficulty(tx: Tx, problem_id: str, prior: Rating, now: float) -> Rating:
    """The problem's state, its row locked until the transaction ends (made from
    ``prior`` first if missing: only an existing row can be locked).  As a ``Rating``,
    ``wins`` are the solvers it beat, ``losses`` those who solved it."""
    await tx.run("INSERT INTO problem_ratings (problem_id, mu, sigma, solved, beaten, "
                 "updated_at) VALUES (?, ?, ?, 0, 0, ?) ON CONFLICT (problem_id) DO NOTHING",
                 (problem_id, prior.mu, prior.sigma, now))
    r = await tx.one("SELECT mu, sigma, solved, beaten FROM problem_ratings "
                     "WHERE problem_id = ?" + tx.for_update, (problem_id,))
    assert r is not None
    return Rating(float(r[0]), float(r[1]), int(r[2]) + int(r[3]), int(r[3]), int(r[2]))


async def save_difficulty(tx: Tx, problem_id: str, r: Rating, now: float) -> None:
    await tx.run("UPDATE problem_ratings SET mu = ?, sigma = ?, solved = ?, beaten = ?, "
                 "updated_at = ? WHERE problem_id = ?",
                 (r.mu, r.sigma, r.losses, r.wins, now, problem_id))


# -- solvers ----------------------------------------------------------------------------------

_SOLVER = "mu, sigma, solved, failed, streak, streak_day, best_streak"


def _solver(r: tuple) -> Solver:
    solved, failed = int(r[2]), int(r[3])
    return Solver(Rating(float(r[0]), float(r[1]), solved + failed, solved, failed),
                  int(r[4]), r[5], int(r[6]))


async def solver(tx: Tx, guild_id: int, user_id: int) -> Solver | None:
    r = await tx.one(f"SELECT {_SOLVER} FROM problem_solvers WHERE guild_id = ? AND "
                     "user_id = ?", (guild_id, user_id))
    return _solver(r) if r else None


async def lock_solver(tx: Tx, guild_id: int, user_id: int, now: float) -> Solver:
    """The member's state, row locked (a newcomer's made first), as ``lock_difficulty``."""
    new = Rating()
    await tx.run("INSERT INTO problem_solvers (guild_id, user_id, mu, sigma, updated_at) "
                 "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO NOTHING",
                 (guild_id, user_id, new.mu, new.sigma, now))
    r = await tx.one(f"SELECT {_SOLVER} FROM problem_solvers WHERE guild_id = ? AND "
                     "user_id = ?" + tx.for_update, (guild_id, user_id))
    assert r is not None
    return _solver(r)


async def save_solver(tx: Tx, guild_id: int, user_id: int, s: Solver, now: float) -> None:
    await tx.run("UPDATE problem_solvers SET mu = ?, sigma = ?, solved = ?, failed = ?, "
                 "streak = ?, streak_day = ?, best_streak = ?, updated_at = ? "
                 "WHERE guild_id = ? AND user_id = ?",
                 (s.rating.mu, s.rating.sigma, s.solved, s.failed, s.streak, s.streak_day,
                  s.best_streak, now, guild_id, user_id))


async def solver_mus(tx: Tx, guild_id: int) -> list[float]:
    """Every solver's rating on the server (the daily problem is chosen for them all)."""
    return [float(r[0]) for r in await tx.all(
        "SELECT mu FROM problem_solvers WHERE guild_id = ?", (guild_id,))]


async def best_streaks(tx: Tx, guild_id: int, day: str, limit: int) -> list[tuple[int, int]]:
    """``(user, streak)`` of the longest runs still alive after ``day``'s daily problem."""
    rows = await tx.all("SELECT user_id, streak FROM problem_solvers WHERE guild_id = ? AND "
                        "streak_day = ? AND streak > 0 ORDER BY streak DESC, user_id "
                        "LIMIT ?", (guild_id, day, limit))
    return [(int(r[0]), int(r[1])) for r in rows]


# -- attempts ---------------------------------------------------------------------------------


async def open_attempt(tx: Tx, guild_id: int, user_id: int) -> Attempt | None:
    """The member's unanswered problem shown last (the one an answer is for)."""
    r = await tx.one(f"SELECT {_ATTEMPT} FROM problem_attempts WHERE guild_id = ? AND "
                     "user_id = ? AND answered_at IS NULL ORDER BY shown_at DESC, problem_id "
                     "LIMIT 1", (guild_id, user_id))
    return _attempt(r) if r else None


async def attempt(tx: Tx, guild_id: int, user_id: int, problem_id: str) -> Attempt | None:
    r = await tx.one(f"SELECT {_ATTEMPT} FROM problem_attempts WHERE guild_id = ? AND "
                     "user_id = ? AND problem_id = ?", (guild_id, user_id, problem_id))
    return _attempt(r) if r else None


async def seen(tx: Tx, guild_id: int, user_id: int) -> set[str]:
    """Every problem the member has been shown on this server."""
    return {str(r[0]) for r in await tx.all(
        "SELECT problem_id FROM problem_attempts WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id))}


async def show(tx: Tx, guild_id: int, user_id: int, problem_id: str, day: str | None,
               now: float) -> None:
    """The member is shown the problem now: a new attempt, or an open one brought to the
    front (an answered one is left as it is)."""
    await tx.run("INSERT INTO problem_attempts (guild_id, user_id, problem_id, day, shown_at) "
                 "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, problem_id) DO "
                 "UPDATE SET shown_at = excluded.shown_at WHERE "
                 "problem_attempts.answered_at IS NULL",
                 (guild_id, user_id, problem_id, day, now))


async def answer(tx: Tx, a: Attempt, text: str, loss: float, correct: bool, delta: float,
                 now: float) -> bool:
    """Record the answer; False if the attempt was answered already (it never changes)."""
    rows = await tx.run("UPDATE problem_attempts SET answered_at = ?, answer = ?, loss = ?, "
                        "correct = ?, delta = ? WHERE guild_id = ? AND user_id = ? AND "
                        "problem_id = ? AND answered_at IS NULL RETURNING problem_id",
                        (now, text, loss, int(correct), delta, a.guild_id, a.user_id,
                         a.problem_id))
    return bool(rows)


async def answer_delta(tx: Tx, a: Attempt, delta: float) -> None:
    """The rating change the answer made (known only once both states are locked)."""
    await tx.run("UPDATE problem_attempts SET delta = ? WHERE guild_id = ? AND user_id = ? "
                 "AND problem_id = ?", (delta, a.guild_id, a.user_id, a.problem_id))


async def day_results(tx: Tx, guild_id: int, day: str) -> tuple[int, int]:
    """(members who answered ``day``'s daily problem, members who solved it)."""
    r = await tx.one("SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM problem_attempts "
                     "WHERE guild_id = ? AND day = ? AND answered_at IS NOT NULL",
                     (guild_id, day))
    return (int(r[0]), int(r[1])) if r else (0, 0)


# -- the daily problem ------------------------------------------------------------------------


async def channels(tx: Tx) -> list[tuple[int, int, int]]:
    """``(guild, channel, hour)`` of every server with a daily problem."""
    return [(int(r[0]), int(r[1]), int(r[2])) for r in await tx.all(
        "SELECT guild_id, channel_id, hour FROM problem_channels ORDER BY guild_id")]


async def channel(tx: Tx, guild_id: int) -> tuple[int, int] | None:
    r = await tx.one("SELECT channel_id, hour FROM problem_channels WHERE guild_id = ?",
                     (guild_id,))
    return (int(r[0]), int(r[1])) if r else None


async def set_channel(tx: Tx, guild_id: int, channel_id: int | None, hour: int | None,
                      default_hour: int) -> tuple[int, int] | None:
    """Change what is given (a channel, an hour) and keep the rest; the result, or None
    when no channel was ever set (an hour alone cannot post anywhere)."""
    if channel_id is not None:
        await tx.run("INSERT INTO problem_channels (guild_id, channel_id, hour) VALUES "
                     "(?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET channel_id = "
                     "excluded.channel_id", (guild_id, channel_id,
                                             default_hour if hour is None else hour))
    if hour is not None:
        await tx.run("UPDATE problem_channels SET hour = ? WHERE guild_id = ?",
                     (hour, guild_id))
    return await channel(tx, guild_id)


async def clear_channel(tx: Tx, guild_id: int) -> bool:
    return bool(await tx.run("DELETE FROM problem_channels WHERE guild_id = ? "
                             "RETURNING guild_id", (guild_id,)))


async def claim_daily(tx: Tx, guild_id: int, day: str, problem_id: str, channel_id: int,
                      now: float) -> bool:
    """Make ``day``'s daily problem of the server; True only for the one caller whose row
    it is (the key refuses every other, whichever process it runs in)."""
    return bool(await tx.run(
        f"INSERT INTO daily_problems ({_DAILY}) VALUES (?, ?, ?, ?, NULL, ?) "
        "ON CONFLICT (guild_id, day) DO NOTHING RETURNING day",
        (guild_id, day, problem_id, channel_id, now)))


async def posted(tx: Tx, guild_id: int, day: str, message_id: int) -> None:
    await tx.run("UPDATE daily_problems SET message_id = ? WHERE guild_id = ? AND day = ?",
                 (message_id, guild_id, day))


async def daily(tx: Tx, guild_id: int, day: str) -> Daily | None:
    r = await tx.one(f"SELECT {_DAILY} FROM daily_problems WHERE guild_id = ? AND day = ?",
                     (guild_id, day))
    return _daily(r) if r else None


async def previous_daily(tx: Tx, guild_id: int, day: str) -> Daily | None:
    """The server's daily problem before ``day`` (a day the bot was down is skipped)."""
    r = await tx.one(f"SELECT {_DAILY} FROM daily_problems WHERE guild_id = ? AND day < ? "
                     "ORDER BY day DESC LIMIT 1", (guild_id, day))
    return _daily(r) if r else None


async def last_days(tx: Tx, guild_id: int, n: int) -> list[str]:
    """The days of the server's ``n`` latest daily problems, newest first."""
    return [str(r[0]) for r in await tx.all(
        "SELECT day FROM daily_problems WHERE guild_id = ? ORDER BY day DESC LIMIT ?",
        (guild_id, n))]


async def daily_ids(tx: Tx, guild_id: int) -> set[str]:
    """Every problem the server has had as its daily one (never shown twice)."""
    return {str(r[0]) for r in await tx.all(
        "SELECT problem_id FROM daily_problems WHERE guild_id = ?", (guild_id,))}
