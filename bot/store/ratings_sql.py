"""Ratings rows: one OpenSkill state per member per server, and the games applied to it."""

from __future__ import annotations

import json
from typing import Any

from bot.league.ratings import MU, Rating
from bot.store.protocol import Tx
from bot.store.rows import GameRow, RatedGame

_SELECT_GAME = f"SELECT {', '.join(GameRow.COLUMNS)} FROM games"



async def rating(tx: Tx, guild_id: int, user_id: int) -> Rating | None:
    """The member's stored state, or None if they have never played a rated game here."""
    row = await tx.one("SELECT mu, sigma, games, wins, losses FROM ratings "
                       "WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
    return Rating(row[0], row[1], row[2], row[3], row[4]) if row else None


async def lock_ratings(tx: Tx, guild_id: int, user_ids: list[int],
                       now: float) -> dict[int, Rating]:
    """Every id's stored state, its row locked until the transaction ends.

    For a read-then-write of ratings: two transactions rating games of the same players
    take the rows one after the other (``FOR UPDATE`` on PostgreSQL; SQLite serialises
    writers anyway), in id order so they cannot deadlock.  A newcomer's row is created
    first with the starting state, because only an existing row can be locked; it is
    committed only together with the game's result that rewrites it.
    """
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    new = Rating()
    for user_id in ids:
        await tx.run(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, losses, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id) DO NOTHING",
            (guild_id, user_id, new.mu, new.sigma, new.games, new.wins, new.losses, now))
    marks = ", ".join("?" for _ in ids)
    rows = await tx.all(f"SELECT user_id, mu, sigma, games, wins, losses FROM ratings "
                        f"WHERE guild_id = ? AND user_id IN ({marks}) ORDER BY user_id"
                        f"{tx.for_update}", (guild_id, *ids))
    return {int(r[0]): Rating(r[1], r[2], r[3], r[4], r[5]) for r in rows}


async def all_ratings(tx: Tx, guild_id: int) -> dict[int, Rating]:
    rows = await tx.all("SELECT user_id, mu, sigma, games, wins, losses FROM ratings "
                        "WHERE guild_id = ?", (guild_id,))
    return {r[0]: Rating(r[1], r[2], r[3], r[4], r[5]) for r in rows}


async def ratings_for(tx: Tx, guild_id: int, user_ids: list[int]) -> dict[int, float]:
    """Every id's rating μ on this server (1500 for a newcomer): tournament seeding."""
    out = dict.fromkeys(user_ids, MU)
    if not user_ids:
        return out
    marks = ", ".join("?" for _ in user_ids)
    rows = await tx.all(f"SELECT user_id, mu FROM ratings WHERE guild_id = ? AND user_id IN "
                        f"({marks})", (guild_id, *user_ids))
    out.update({int(r[0]): float(r[1]) for r in rows})
    return out


async def is_applied(tx: Tx, game_id: int) -> bool:
    return await tx.one("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)) is not None


async def apply(tx: Tx, guild_id: int, game_id: int, winner_id: int, loser_id: int,
                before: tuple[Rating, Rating], after: tuple[Rating, Rating], now: float) -> bool:
    """Store both new states and mark the game applied; False if it already was.

    The insert into ``rated_games`` goes first, so a game that has been applied once is
    never applied again, whatever the caller read before.
    """
    done = await tx.run(
        "INSERT INTO rated_games (game_id, guild_id, winner_id, loser_id, winner_before, "
        "winner_after, loser_before, loser_after, applied_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
        (game_id, guild_id, winner_id, loser_id, before[0].mu, after[0].mu, before[1].mu,
         after[1].mu, now))
    if not done:
        return False
    for user_id, r in ((winner_id, after[0]), (loser_id, after[1])):
        await tx.run(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, losses, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
            "wins = excluded.wins, losses = excluded.losses, updated_at = excluded.updated_at",
            (guild_id, user_id, r.mu, r.sigma, r.games, r.wins, r.losses, now))
    return True


async def rated_games(tx: Tx, guild_id: int, user_id: int) -> dict[int, RatedGame]:
    """The member's applied games on this server, by game id."""
    rows = await tx.all(
        "SELECT game_id, winner_id, loser_id, winner_before, winner_after, loser_before, "
        "loser_after, applied_at FROM rated_games WHERE guild_id = ? AND "
        "(winner_id = ? OR loser_id = ?)", (guild_id, user_id, user_id))
    return {r[0]: RatedGame(*r) for r in rows}


async def unapplied_rated_games(tx: Tx) -> list[GameRow]:
    """Rated games that ended while nobody was listening (a crash after the commit)."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE status = 'over' AND rated = 1 AND id NOT IN "
                        "(SELECT game_id FROM rated_games) ORDER BY updated_at, id")
    return [GameRow.from_sql(r) for r in rows]


async def finished_games(tx: Tx, guild_id: int, user_id: int, limit: int = 5000) -> list[GameRow]:
    """The member's finished games on this server, newest first (their profile)."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE guild_id = ? AND status = 'over' AND "
                        "(white_id = ? OR black_id = ?) ORDER BY updated_at DESC, id DESC "
                        "LIMIT ?", (guild_id, user_id, user_id, limit))
    return [GameRow.from_sql(r) for r in rows]


async def roll_events(tx: Tx, guild_id: int, user_id: int, limit: int = 5000
                      ) -> list[tuple[int, int, str, str, dict[str, Any]]]:
    """The teka, start and roll events of the member's newest ``limit`` finished games on
    this server, game by game in order, as ``(game id, white id, rules, kind, data)``:
    their dice statistics (``bot.league.profile.count_dice``)."""
    rows = await tx.all(
        "SELECT e.game_id, g.white_id, g.rules, e.kind, e.data FROM events e "
        "JOIN games g ON g.id = e.game_id WHERE e.kind IN ('teka', 'start', 'roll') AND "
        "e.game_id IN (SELECT id FROM games WHERE guild_id = ? AND status = 'over' AND "
        "(white_id = ? OR black_id = ?) ORDER BY updated_at DESC, id DESC LIMIT ?) "
        "ORDER BY e.game_id, e.seq", (guild_id, user_id, user_id, limit))
    return [(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]
