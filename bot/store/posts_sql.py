"""Queries for the bot's own posts it must come back to (migrations 0007, 0008): the
message carrying a game's live buttons and the game version it shows, and the threads
opened for one game."""

from __future__ import annotations

from bot.store.db import Tx

#: (channel id, message id) of a posted message.
Where = tuple[int, int]


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
    old = (int(row[0]), int(row[1])) if row is not None and row[1] is not None else None
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
