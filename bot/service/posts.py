"""The bot's posts it must come back to later: which message carries a game's live
buttons, and which threads it opened for one game.

Kept in the store, not in the command layer's memory: after a restart (or on another
process) the next board still takes the buttons off the previous one, a lapsing challenge
still rewrites its own message, and a game's end still archives its thread.  Only ids go
in and out, so no Discord object reaches this layer.

Best effort: these are written after the command's own change is saved and posted, so a
store that fails here is logged and the command still succeeds; the worst left behind is
an old board with buttons, which answer correctly when pressed.  Boards are recorded in
the order their posts complete, which is the game's order: one game's turns are answered
one after another.
"""

from __future__ import annotations

import logging

from bot.store import Store
from bot.store import posts_sql as sql
from bot.store.posts_sql import Where

log = logging.getLogger(__name__)


class LivePosts:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def swap_board(self, game_id: int, new: Where | None) -> Where | None:
        """Record ``new`` as the game's message with live buttons (``None``: none now);
        return the previous one, whose buttons the caller takes off."""
        try:
            async with self.store.transaction() as tx:
                return await sql.swap_board(tx, game_id, new)
        except Exception:
            log.exception("could not record the live board of game %s", game_id)
            return None

    async def opened_thread(self, guild_id: int | None, thread_id: int) -> None:
        try:
            async with self.store.transaction() as tx:
                await sql.add_thread(tx, guild_id or 0, thread_id)
        except Exception:
            log.exception("could not record the game thread %s", thread_id)

    async def close_thread(self, thread_id: int) -> bool:
        """Forget a game's thread; True once, for the caller that is to archive it."""
        try:
            async with self.store.transaction() as tx:
                return await sql.take_thread(tx, thread_id)
        except Exception:
            log.exception("could not forget the game thread %s", thread_id)
            return False
