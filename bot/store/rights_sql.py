"""Queries for what the bot could not do for lack of a right, and its own bookkeeping
(migration 0014): ``missing_rights``, told to a server's admins once, and ``bot_state``,
which commands were last registered with Discord and where."""

from __future__ import annotations

from bot.store.protocol import Tx
from bot.store.rows import Missing


async def record_missing(tx: Tx, guild_id: int, channel_id: int, action: str,
                         rights: tuple[str, ...], now: float) -> None:
    """Remember (or count once more) that ``action`` failed in the channel for lack of
    ``rights``; the newest failure's rights are kept."""
    await tx.run(
        "INSERT INTO missing_rights (guild_id, channel_id, action, rights, first_at, "
        "last_at, times) VALUES (?, ?, ?, ?, ?, ?, 1) "
        "ON CONFLICT (guild_id, channel_id, action) DO UPDATE SET "
        "rights = excluded.rights, last_at = excluded.last_at, "
        "times = missing_rights.times + 1",
        (guild_id, channel_id, action, ",".join(rights), now, now))


async def missing(tx: Tx, guild_id: int) -> list[Missing]:
    """What the server's admins have not been told yet, oldest first."""
    rows = await tx.all("SELECT channel_id, action, rights, first_at, last_at, times "
                        "FROM missing_rights WHERE guild_id = ? "
                        "ORDER BY first_at, channel_id, action", (guild_id,))
    return [Missing(int(r[0]), str(r[1]), tuple(x for x in str(r[2]).split(",") if x),
                    float(r[3]), float(r[4]), int(r[5])) for r in rows]


async def guilds_missing(tx: Tx) -> list[int]:
    """Every server with something its admins have not been told."""
    return [int(r[0]) for r in await tx.all("SELECT DISTINCT guild_id FROM missing_rights")]


async def forget_missing(tx: Tx, guild_id: int, told: list[Missing]) -> None:
    """The admins were told of ``told``: forget those rows, unless one failed again since
    (a newer ``last_at``), which is told next time."""
    for m in told:
        await tx.run("DELETE FROM missing_rights WHERE guild_id = ? AND channel_id = ? "
                     "AND action = ? AND last_at <= ?",
                     (guild_id, m.channel_id, m.action, m.last_at))


async def state(tx: Tx, key: str) -> str | None:
    row = await tx.one("SELECT value FROM bot_state WHERE key = ?", (key,))
    return str(row[0]) if row is not None else None


async def set_state(tx: Tx, key: str, value: str) -> None:
    await tx.run("INSERT INTO bot_state (key, value) VALUES (?, ?) "
                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
