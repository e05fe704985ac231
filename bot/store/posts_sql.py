"""Queries for the bot's own posts it must come back to (migrations 0007, 0008): the
message carrying a game's live buttons and the game version it shows, and the threads
opened for one game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.store.dialect import POSTGRESQL
from bot.store.protocol import Tx
from bot.store.rows import Where

if TYPE_CHECKING:
    from bot.store.protocol import Database


# ``swap_board`` in one statement, for a game whose record exists and is not newer: the
# row is locked and read (``FOR UPDATE`` in the subquery: a swap running at the same
# moment is waited for and its record read, as in ``swap_board``) and rewritten, and
# the board it held comes back.  No row: the game has no record yet, or a newer one.
# PostgreSQL only: SQLite's RETURNING cannot name the FROM clause's columns.
_SWAP_RECORDED = (
    "UPDATE live_boards AS l SET channel_id = ?, message_id = ?, version = ? "
    "FROM (SELECT game_id, channel_id, message_id, version FROM live_boards "
    "WHERE game_id = ? FOR UPDATE) AS o "
    "WHERE l.game_id = o.game_id AND (o.version IS NULL OR o.version <= ?) "
    "RETURNING o.channel_id, o.message_id")


async def record_board(store: Database, game_id: int, new: Where | None,
                       version: int) -> Where | None:
    """``swap_board`` as one unit of work of its own, in the fewest round trips.

    A play's board and a roll's edited board are each recorded here, two per turn.  On
    PostgreSQL a transaction is five round trips (``BEGIN``, ``swap_board``'s three
    statements, ``COMMIT``); a game's record exists from its first board on, so every
    later board is recorded in one statement outside a transaction (``_SWAP_RECORDED``),
    with the same outcome, the same row lock and so the same guarantees under
    concurrency.  A game's first board, and a record from an older version (rare: issue
    26's late roll), find no row to rewrite there and take the transaction; nothing was
    written meanwhile.  On SQLite the transaction is all there is (one writer per
    process; ``BEGIN IMMEDIATE`` keeps two processes on one file apart).
    """
    if store.dialect == POSTGRESQL:
        async with store.autocommit() as tx:
            rows = await tx.run(_SWAP_RECORDED, (*(new or (None, None)), version, game_id,
                                                 version))
        if rows:
            old = _where(rows[0])
            return old if old != new else None
    async with store.transaction() as tx:
        return await swap_board(tx, game_id, new, version)


def _where(row: tuple[Any, ...]) -> Where | None:
    """The board a record names; None: no board has buttons."""
    return (int(row[0]), int(row[1])) if row[1] is not None else None


async def swap_board(tx: Tx, game_id: int, new: Where | None, version: int) -> Where | None:
    """Record ``new`` as the game's live board, posted at game ``version`` (``None``: no
    board has buttons now); the board that must lose its buttons now, if any.

    That is the board ``new`` replaces, unless it is ``new`` itself.  A record can arrive
    after a newer one (a roll's edited board recorded after the next play's board, issue
    26): one from an older ``version`` than the recorded board's changes nothing, and it
    is ``new`` that must lose its buttons, never the newer board.  Records of one version
    (the posts of one reply, a second ``/brade show``) replace each other in the order
    they arrive.

    The game's row is made first if missing, then locked while read: on PostgreSQL two
    processes swapping at once queue on it (the second waits for the first's insert or
    update and then reads its board), so each board is handed back exactly once, even
    for a game that had none yet.
    """
    await tx.run("INSERT INTO live_boards (game_id) VALUES (?) "
                 "ON CONFLICT (game_id) DO NOTHING", (game_id,))
    row = await tx.one("SELECT channel_id, message_id, version FROM live_boards "
                       "WHERE game_id = ?" + tx.for_update, (game_id,))
    old = _where(row) if row is not None else None
    if row is not None and row[2] is not None and int(row[2]) > version:
        return new if new != old else None
    await tx.run("UPDATE live_boards SET channel_id = ?, message_id = ?, version = ? "
                 "WHERE game_id = ?", (*(new or (None, None)), version, game_id))
    return old if old != new else None


async def close_board(tx: Tx, game_id: int) -> Where | None:
    """The game was closed without a post (a challenge lapsed): no board keeps buttons,
    recorded at the game's own version so that no older record brings them back; the
    board that had them."""
    row = await tx.one("SELECT version FROM games WHERE id = ?", (game_id,))
    if row is None:
        return None
    return await swap_board(tx, game_id, None, int(row[0]))


async def add_thread(tx: Tx, guild_id: int, channel_id: int) -> None:
    await tx.run("INSERT INTO game_threads (channel_id, guild_id) VALUES (?, ?) "
                 "ON CONFLICT (channel_id) DO NOTHING", (channel_id, guild_id))


async def take_thread(tx: Tx, channel_id: int) -> bool:
    """Forget the thread; whether it was one the bot opened for a game (only the process
    that takes it archives it)."""
    return bool(await tx.run("DELETE FROM game_threads WHERE channel_id = ? "
                             "RETURNING channel_id", (channel_id,)))
