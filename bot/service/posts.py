"""The bot's posts it must come back to later: which message carries a game's live
buttons, and which threads it opened for one game.

Kept in the store, not in the command layer's memory: after a restart (or on another
process) the next board still takes the buttons off the previous one, a lapsing challenge
still rewrites its own message, and a game's end still archives its thread.  Only ids go
in and out, so no Discord object reaches this layer.

Best effort: these are written after the command's own change is saved and posted, so a
store that fails here is logged and the command still succeeds; the worst left behind is
an old board with buttons, which answer correctly when pressed.

A board is recorded with the game version it shows.  Records are written after their
posts complete, and that is not always the game's order: a roll edits its board and
records it, the player plays at once, and the play's board may be recorded first (issue
26).  So a record from an older version than the recorded board's changes nothing, and
the board it brought is the one that loses its buttons.
"""

from __future__ import annotations

import logging

from bot.store import Database, Where
from bot.store.repositories import PostRepository

log = logging.getLogger(__name__)


class LivePosts:
    def __init__(self, store: Database, posts: PostRepository | None = None) -> None:
        self.store = store
        self._repo = posts or PostRepository()

    async def swap_board(self, game_id: int, new: Where | None,
                         version: int) -> Where | None:
        """Record ``new``, posted at game ``version``, as the game's message with live
        buttons (``None``: none now); return the board whose buttons the caller takes
        off: the one ``new`` replaced, or ``new`` itself when a board of a later version
        is already recorded (``PostRepository.record_board``)."""
        try:
            return await self._repo.record_board(self.store, game_id, new, version)
        except Exception:
            log.exception("could not record the live board of game %s", game_id)
            return None

    async def close_board(self, game_id: int) -> Where | None:
        """The game was closed without a post (a lapsed challenge): the board that had
        its buttons, which the caller rewrites."""
        try:
            async with self.store.transaction() as tx:
                return await self._repo.close_board(tx, game_id)
        except Exception:
            log.exception("could not record the live board of game %s", game_id)
            return None

    async def opened_thread(self, guild_id: int | None, thread_id: int) -> None:
        try:
            async with self.store.transaction() as tx:
                await self._repo.add_thread(tx, guild_id or 0, thread_id)
        except Exception:
            log.exception("could not record the game thread %s", thread_id)

    async def close_thread(self, thread_id: int) -> bool:
        """Forget a game's thread; True once, for the caller that is to archive it."""
        try:
            async with self.store.transaction() as tx:
                return await self._repo.take_thread(tx, thread_id)
        except Exception:
            log.exception("could not forget the game thread %s", thread_id)
            return False
