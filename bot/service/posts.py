"""The bot's posts it must come back to later: which message carries a game's live
buttons, and which threads it opened for one game.

Kept in the store, not in the command layer's memory: after a restart (or on another
process) the next board still takes the buttons off the previous one, a lapsing challenge
still rewrites its own message, and a game's end still archives its thread.  Only ids go
in and out, so no Discord object reaches this layer.
"""

from __future__ import annotations

from bot.store import Store
from bot.store import posts_sql as sql
from bot.store.posts_sql import Where


class LivePosts:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def swap_board(self, game_id: int, new: Where | None) -> Where | None:
        """Record ``new`` as the game's message with live buttons (``None``: none now);
        return the previous one, whose buttons the caller takes off."""
        async with self.store.transaction() as tx:
            return await sql.swap_board(tx, game_id, new)

    async def opened_thread(self, guild_id: int | None, thread_id: int) -> None:
        async with self.store.transaction() as tx:
            await sql.add_thread(tx, guild_id or 0, thread_id)

    async def close_thread(self, thread_id: int) -> bool:
        """Forget a game's thread; True once, for the caller that is to archive it."""
        async with self.store.transaction() as tx:
            return await sql.take_thread(tx, thread_id)
