"""Queries for players' names and display preferences (migration 0006)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.store.protocol import Tx
from bot.store.rows import PlayerRow, ServerDisplay

_COLUMNS = ("guild_id, user_id, display_name, avatar, last_seen, theme, confirm_plays, "
            "roll_for_me")
#: A member's own ways of playing (``set_play_prefs``): the columns a command may write.
PLAY_PREFS = ("confirm_plays", "roll_for_me")


async def save_seen(tx: Tx, seen: Iterable[tuple[int, int, str, str | None, float]]) -> None:
    """Record ``(guild, user, name, avatar, at)`` sightings; a player's theme is kept.

    In key order: two flushes holding the same players lock their rows in the same order,
    so on PostgreSQL they wait for each other instead of deadlocking.
    """
    for guild_id, user_id, name, avatar, at in sorted(seen, key=lambda s: (s[0], s[1])):
        await tx.run(
            "INSERT INTO players (guild_id, user_id, display_name, avatar, last_seen) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
            "display_name = excluded.display_name, avatar = excluded.avatar, "
            "last_seen = CASE WHEN excluded.last_seen > players.last_seen "
            "THEN excluded.last_seen ELSE players.last_seen END",
            (guild_id, user_id, name, avatar, at))


async def players(tx: Tx, guild_id: int, user_ids: Iterable[int]) -> list[PlayerRow]:
    ids = sorted(set(user_ids))
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    rows = await tx.all(f"SELECT {_COLUMNS} FROM players WHERE guild_id = ? "
                        f"AND user_id IN ({marks})", (guild_id, *ids))
    return [PlayerRow(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), bool(r[7]))
            for r in rows]


async def set_theme(tx: Tx, guild_id: int, user_id: int, name: str, theme: str | None,
                    at: float) -> None:
    await tx.run(
        "INSERT INTO players (guild_id, user_id, display_name, last_seen, theme) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
        "theme = excluded.theme", (guild_id, user_id, name, at, theme))


async def set_play_prefs(tx: Tx, guild_id: int, user_id: int, name: str, at: float,
                         prefs: dict[str, bool]) -> None:
    """Write the member's ``prefs`` (``PLAY_PREFS`` only) and nothing else of theirs, so
    two settings commands at once keep each other's change."""
    cols = [c for c in PLAY_PREFS if c in prefs]
    if not cols:
        return
    values = tuple(int(prefs[c]) for c in cols)
    await tx.run(
        f"INSERT INTO players (guild_id, user_id, display_name, last_seen, {', '.join(cols)}) "
        f"VALUES (?, ?, ?, ?, {', '.join('?' * len(cols))}) "
        "ON CONFLICT (guild_id, user_id) DO UPDATE SET "
        + ", ".join(f"{c} = excluded.{c}" for c in cols),
        (guild_id, user_id, name, at, *values))


async def server_display(tx: Tx, guild_id: int) -> ServerDisplay:
    row = await tx.one("SELECT threads, theme FROM guild_prefs WHERE guild_id = ?",
                       (guild_id,))
    return ServerDisplay(guild_id, bool(row[0]), row[1]) if row else ServerDisplay(guild_id)


async def save_server_display(tx: Tx, p: ServerDisplay,
                     fields: tuple[str, ...] = ("threads", "theme")) -> ServerDisplay:
    """Write only ``fields`` and return the row as stored, so two settings commands at
    once do not undo each other."""
    row = await tx.upsert_guild_row("guild_prefs", ("guild_id", "threads", "theme"),
                                    (p.guild_id, int(p.threads), p.theme), fields)
    return ServerDisplay(int(row[0]), bool(row[1]), row[2])


async def welcomed(tx: Tx, user_id: int) -> bool:
    """Whether this member has had the first game's welcome: it comes with their first
    challenge (answered or not: a declined one counts) and, for a member who never
    challenged, when they first accept one; so a game they asked for or played, in any
    server or a direct message: once per member wherever they first play (issue 46)."""
    row = await tx.one(
        "SELECT 1 FROM games WHERE challenger_id = ? OR ((white_id = ? OR black_id = ?) "
        "AND status IN ('active', 'over', 'aborted')) LIMIT 1",
        (user_id, user_id, user_id))
    return row is not None


async def expired_offers(tx: Tx, before: float) -> list[tuple[int, int, int]]:
    """``(game id, channel id, version)`` of challenges nobody answered since ``before``."""
    rows = await tx.all("SELECT id, channel_id, version FROM games WHERE status = 'offered' "
                        "AND updated_at < ? ORDER BY id", (before,))
    return [(int(a), int(b), int(c)) for a, b, c in rows]
