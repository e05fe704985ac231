"""All SQL of the bot: SQLite (the default, one file) or PostgreSQL (many processes).

``open_store(target)`` picks the backend from the target: a ``postgresql://`` URL opens
the asyncpg store (bot/store/postgres.py), anything else the aiosqlite store
(bot/store/db.py).  Both run their migrations at open, hand out a ``Tx`` (one portable
SQL text per statement with ``?`` placeholders, and typed methods on top, shared in
bot/store/portable.py) and satisfy
``Database`` (bot/store/protocol.py), the interface the services use, with the
repositories (bot/store/repositories.py) whose methods are the services' queries and
the rows they return (bot/store/rows.py).  No service imports a driver's module or a
``*_sql`` module (tests/bot/test_house.py).

Why asyncpg and hand-written SQL rather than SQLAlchemy Core with Alembic: the store
already was typed SQL on a thin ``Tx`` layer (``one``/``all``/``run``) used by some fifty
call sites.  Keeping that text and isolating the few dialect differences in one module
(bot/store/dialect.py: placeholders, ``FOR UPDATE``, the one-statement save of a turn) is
a far smaller change than rewriting every query for Core, adds no layer between the bot
and the driver on the hot path, and keeps SQLite exactly as it was.  The cost is two
migration folders with the same numbers and names, checked against each other by a test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.store.db import Store, StoreError, run_to_end
from bot.store.dialect import is_postgres_url
from bot.store.leagues import LeagueRepository, LeagueRow
from bot.store.protocol import Conflict, Database, Tx
from bot.store.repositories import Repositories
from bot.store.rows import (
    Attempt,
    Daily,
    GameRow,
    Missing,
    NoticePrefs,
    PlayerRow,
    RatedGame,
    ServerDefaults,
    ServerDisplay,
    Solver,
    TournamentRow,
    Where,
)

__all__ = [
    "Attempt",
    "Conflict",
    "Daily",
    "Database",
    "GameRow",
    "LeagueRepository",
    "LeagueRow",
    "Missing",
    "NoticePrefs",
    "PlayerRow",
    "RatedGame",
    "Repositories",
    "ServerDefaults",
    "ServerDisplay",
    "Solver",
    "Store",
    "StoreError",
    "TournamentRow",
    "Tx",
    "Where",
    "open_store",
    "run_to_end",
]


async def open_store(target: str | Path, *, check: bool = True, wait: float = 0.0,
                     waiting: Callable[[str], None] | None = None) -> Database:
    """Open, migrate and (with ``check``) prove the database at ``target``.

    A ``postgresql://`` or ``postgres://`` URL opens the PostgreSQL store, anything else
    the SQLite file at that path.  Failures raise ``StoreError`` (one line, no password).
    ``wait``: seconds a PostgreSQL server that is not up yet is waited for (``waiting``
    hears, once, that it is being waited for).
    """
    if is_postgres_url(target):
        from bot.store.postgres import PgStore  # asyncpg only for those who use it

        return await PgStore.open(str(target).strip(), check=check, wait=wait,
                                  waiting=waiting)
    return await Store.open(target, check=check)
