"""What the services need of a database, declared once: ``Database``.

Two stores implement it, SQLite's ``Store`` (bot/store/db.py: one process, one file) and
PostgreSQL's ``PgStore`` (bot/store/postgres.py: many processes, one server), and the
services are written against it alone, so a third store (or a fake in a test) knows
what to provide.  Both hand out the same ``Tx``, the typed queries every feature module
(``bot/store/*_sql.py``) builds on; PostgreSQL's is a subclass with its own placeholders.
tests/bot/store/test_protocol.py holds both stores to the signatures below.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from bot.store.db import Tx
    from bot.store.rows import GameRow


@runtime_checkable
class Database(Protocol):
    #: ``"sqlite"`` or ``"postgresql"`` (bot/store/dialect.py), for the few statements
    #: that differ.
    dialect: str
    #: Where it is, for logs and errors: the file, or the URL with its password masked.
    target: str

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One atomic unit of work: committed on success, rolled back on any exception,
        and cancellation-safe (``BEGIN``, ``COMMIT`` and ``ROLLBACK`` run to their end)."""
        ...

    def read(self) -> AbstractAsyncContextManager[Tx]:
        """Reads of committed state that never wait for another command's transaction."""
        ...

    def autocommit(self) -> AbstractAsyncContextManager[Tx]:
        """Writes outside a transaction: each statement commits on its own, so a write
        that is one statement costs one round trip instead of three (``BEGIN``, it,
        ``COMMIT``).  Only for statements that are atomic alone; a statement cancelled
        mid-flight may or may not have committed, so only for writes whose outcome the
        caller can do without (posts_sql.record_board)."""
        ...

    async def save_game(self, game_id: int, expected_version: int, *, now: float,
                        events: list[dict[str, Any]], actor_id: int | None,
                        **fields: Any) -> GameRow | None:
        """A game's new state and its new events in one statement, if the game is still
        at ``expected_version``; None when somebody saved first (nothing written)."""
        ...

    async def migrate(self) -> list[int]:
        """Apply the migrations not yet applied; their numbers."""
        ...

    async def check(self) -> list[str]:
        """``["ok"]`` when the database is sound, else what is wrong."""
        ...

    async def close(self) -> None:
        ...
