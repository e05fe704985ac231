"""Queries for watching games: the running games of a server, a server's recent games."""

from __future__ import annotations

from bot.store.protocol import Tx
from bot.store.rows import GameRow

_SELECT_GAME = f"SELECT {', '.join(GameRow.COLUMNS)} FROM games"


async def running_games(tx: Tx, guild_id: int, limit: int = 100) -> list[GameRow]:
    """The server's games being played, the most recently moved first."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE guild_id = ? AND status = 'active' "
                        "ORDER BY updated_at DESC, id DESC LIMIT ?", (guild_id, limit))
    return [GameRow.from_sql(r) for r in rows]


async def recent_direct_games(tx: Tx, user_id: int, limit: int = 25) -> list[GameRow]:
    """The member's games played in direct messages with the bot (issue 36), newest
    first: a DM game is its player's only."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE guild_id IS NULL AND (white_id = ? OR "
                        "black_id = ?) AND status IN ('active', 'over', 'aborted') AND "
                        "state IS NOT NULL ORDER BY updated_at DESC, id DESC LIMIT ?",
                        (user_id, user_id, limit))
    return [GameRow.from_sql(r) for r in rows]


async def recent_games(tx: Tx, guild_id: int, limit: int = 25) -> list[GameRow]:
    """The server's games that were played at all (for autocomplete), newest first."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE guild_id = ? AND status IN "
                        "('active', 'over', 'aborted') AND state IS NOT NULL "
                        "ORDER BY updated_at DESC, id DESC LIMIT ?", (guild_id, limit))
    return [GameRow.from_sql(r) for r in rows]
