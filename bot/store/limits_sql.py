"""Queries for what one member may open (migration 0009): the count of a member's live
games and open challenges in a server, the lock that makes counting and inserting one
step, and the buttons that work once.

The count and the insert it allows must be one step, or two commands at once (in two
channels: the bot serialises commands per channel, not per member) both count nine and
both make the tenth.  ``hold_members`` takes, inside the caller's transaction, a lock
per member that lasts until it commits; the count read after it sees every game another
transaction holding the lock made.  On PostgreSQL that is an advisory lock on a key
derived from the server and the member (two processes share it); SQLite's write
transactions run one at a time already.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from bot.store.dialect import XACT_LOCK
from bot.store.protocol import Tx


def member_key(guild_id: int | None, user_id: int) -> int:
    """A signed 64-bit key for the member's lock, the same in every process (Python's
    ``hash`` is salted per process).  Two members sharing a key only wait for each other."""
    digest = hashlib.blake2b(f"brade-member:{guild_id or 0}:{user_id}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def hold_members(tx: Tx, guild_id: int | None, user_ids: Iterable[int]) -> None:
    """Lock the members' counts until the transaction ends (in key order: two
    transactions locking the same two members never wait for each other in a cycle)."""
    sql = XACT_LOCK[tx.dialect]
    if sql is None:
        return
    for key in sorted({member_key(guild_id, u) for u in user_ids}):
        await tx.run(sql, (key,))


def _guild(guild_id: int | None) -> tuple[str, tuple[int, ...]]:
    return ("guild_id IS NULL", ()) if guild_id is None else ("guild_id = ?", (guild_id,))


async def open_count(tx: Tx, guild_id: int | None, user_id: int,
                     offered_since: float) -> int:
    """The member's live games and open challenges in the server: games in play that
    they play, and challenges they made that have not lapsed (younger than
    ``offered_since``).  A challenge counts for whoever made it, not for whoever it
    waits for, and a tournament's games never count (the bot, not the member, opens
    them)."""
    where, params = _guild(guild_id)
    row = await tx.one(
        f"SELECT COUNT(*) FROM games WHERE {where} AND tournament_id IS NULL AND league_id IS NULL AND ("
        "(status = 'active' AND (white_id = ? OR black_id = ?)) OR "
        "(status = 'offered' AND challenger_id = ? AND updated_at > ?))",
        (*params, user_id, user_id, user_id, offered_since))
    return int(row[0]) if row else 0


async def spend_button(tx: Tx, token: str, guild_id: int | None, user_id: int,
                       at: float) -> bool:
    """Record the button ``token`` as used; False when it was used before (by this
    transaction's rivals too: the primary key makes the second insert do nothing, or
    wait for the first to commit and then do nothing)."""
    return bool(await tx.run(
        "INSERT INTO used_buttons (token, guild_id, user_id, used_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (token) DO NOTHING RETURNING token", (token, guild_id, user_id, at)))
