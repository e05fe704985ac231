"""Queries for correspondence play (issue 36, migration 0015): a member's live games in
every server, what they asked to be told by direct message, and the notices sent."""

from __future__ import annotations

from collections.abc import Iterable

from bot.store.protocol import Tx
from bot.store.rows import LIVE, GameRow, NoticePrefs

_SELECT_GAME = f"SELECT {', '.join(GameRow.COLUMNS)} FROM games"



#: ``set_prefs``'s "leave this one as it is".
KEEP = object()


async def member_games(tx: Tx, user_id: int) -> list[GameRow]:
    """The member's live games (challenges and games) everywhere, oldest first."""
    rows = await tx.all(f"{_SELECT_GAME} WHERE status IN {LIVE} AND "
                        "(white_id = ? OR black_id = ?) ORDER BY id", (user_id, user_id))
    return [GameRow.from_sql(r) for r in rows]


async def boards(tx: Tx, game_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """``game id -> (channel id, message id)`` of each game's newest board with buttons."""
    ids = sorted(set(game_ids))
    if not ids:
        return {}
    rows = await tx.all("SELECT game_id, channel_id, message_id FROM live_boards WHERE "
                        f"message_id IS NOT NULL AND game_id IN ({', '.join('?' * len(ids))})",
                        ids)
    return {int(g): (int(c), int(m)) for g, c, m in rows}


async def prefs(tx: Tx, user_id: int) -> NoticePrefs:
    row = await tx.one("SELECT turn_after, problem_dm, undelivered, lang FROM "
                       "member_notices WHERE user_id = ?", (user_id,))
    if row is None:
        return NoticePrefs(user_id)
    return NoticePrefs(user_id, None if row[0] is None else int(row[0]), bool(row[1]),
                       None if row[2] is None else float(row[2]), row[3])


async def set_prefs(tx: Tx, user_id: int, at: float, lang: str, *,
                    turn_after: object = KEEP, problem_dm: object = KEEP) -> None:
    """Write only what is given (``KEEP`` leaves a column as it is), so two settings
    commands at once keep each other's change."""
    cols = {k: v for k, v in (("turn_after", turn_after), ("problem_dm", problem_dm))
            if v is not KEEP}
    if not cols:
        return
    values = tuple(int(v) if isinstance(v, bool) else v for v in cols.values())
    await tx.run(
        f"INSERT INTO member_notices (user_id, updated_at, lang, {', '.join(cols)}) "
        f"VALUES (?, ?, ?, {', '.join('?' * len(cols))}) ON CONFLICT (user_id) DO UPDATE "
        "SET updated_at = excluded.updated_at, lang = excluded.lang, "
        + ", ".join(f"{c} = excluded.{c}" for c in cols), (user_id, at, lang, *values))


async def turn_subscribers(tx: Tx, user_ids: Iterable[int]) -> dict[int, tuple[int, str]]:
    """``user id -> (turn_after, language)`` of those of ``user_ids`` who want "your
    turn" messages."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    rows = await tx.all("SELECT user_id, turn_after, lang FROM member_notices WHERE "
                        f"turn_after IS NOT NULL AND user_id IN ({', '.join('?' * len(ids))})",
                        ids)
    return {int(u): (int(a), lang or "en") for u, a, lang in rows}


async def problem_subscribers(tx: Tx) -> list[tuple[int, str]]:
    """``(user id, language)`` of the members who want the daily problem by DM."""
    rows = await tx.all("SELECT user_id, lang FROM member_notices WHERE problem_dm = 1 "
                        "ORDER BY user_id")
    return [(int(u), lang or "en") for u, lang in rows]


async def claim_turn_notice(tx: Tx, game_id: int, wait: str, at: float) -> bool:
    """Mark ``wait`` of the game notified; False when it was already (by this process
    before a restart, or by another)."""
    rows = await tx.run(
        "INSERT INTO turn_notices (game_id, wait, sent_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET wait = excluded.wait, sent_at = "
        "excluded.sent_at WHERE turn_notices.wait <> excluded.wait RETURNING game_id",
        (game_id, wait, at))
    return bool(rows)


async def claim_problem_notice(tx: Tx, user_id: int, day: str) -> bool:
    """Mark the day's problem sent to the member; False when it was already."""
    rows = await tx.run("INSERT INTO problem_notices (user_id, day) VALUES (?, ?) "
                        "ON CONFLICT (user_id, day) DO NOTHING RETURNING user_id",
                        (user_id, day))
    return bool(rows)


async def mark_undelivered(tx: Tx, user_id: int, at: float) -> bool:
    """Record that a direct message to the member failed; True the first time since it
    was last reported (the failure is logged once)."""
    rows = await tx.run("UPDATE member_notices SET undelivered = ? WHERE user_id = ? AND "
                        "undelivered IS NULL RETURNING user_id", (at, user_id))
    return bool(rows)


async def clear_undelivered(tx: Tx, user_id: int) -> None:
    await tx.run("UPDATE member_notices SET undelivered = NULL WHERE user_id = ?",
                 (user_id,))
