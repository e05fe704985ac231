"""Queries for the bot's own posts it must come back to (migration 0007): the message
carrying a game's live buttons, and the threads opened for one game."""

from __future__ import annotations

from bot.store.db import Tx

#: (channel id, message id) of a posted message.
Where = tuple[int, int]


async def swap_board(tx: Tx, game_id: int, new: Where | None) -> Where | None:
    """Make ``new`` the game's live board (``None``: it has none now); the one it had.

    The game's row is made first if missing, then locked while read: on PostgreSQL two
    processes swapping at once queue on it (the second waits for the first's insert or
    update and then reads its board), so each board is handed back exactly once, even
    for a game that had none yet.
    """
    await tx.run("INSERT INTO live_boards (game_id) VALUES (?) "
                 "ON CONFLICT (game_id) DO NOTHING", (game_id,))
    old = await tx.one("SELECT channel_id, message_id FROM live_boards WHERE game_id = ?"
                       + tx.for_update, (game_id,))
    await tx.run("UPDATE live_boards SET channel_id = ?, message_id = ? WHERE game_id = ?",
                 (*(new or (None, None)), game_id))
    if old is None or old[1] is None:
        return None
    return int(old[0]), int(old[1])


async def add_thread(tx: Tx, guild_id: int, channel_id: int) -> None:
    await tx.run("INSERT INTO game_threads (channel_id, guild_id) VALUES (?, ?) "
                 "ON CONFLICT (channel_id) DO NOTHING", (channel_id, guild_id))


async def take_thread(tx: Tx, channel_id: int) -> bool:
    """Forget the thread; whether it was one the bot opened for a game (only the process
    that takes it archives it)."""
    return bool(await tx.run("DELETE FROM game_threads WHERE channel_id = ? "
                             "RETURNING channel_id", (channel_id,)))
