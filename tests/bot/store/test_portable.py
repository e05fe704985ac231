"""The typed queries every store's transaction shares (bot/store/portable.py): a game
update's columns, an event's kind, and the two drivers' transactions side by side, the
shared part naming no driver.  (The queries themselves run on both stores in
test_db.py and test_statements.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.store import portable
from bot.store.db import SqliteTx
from bot.store.portable import PortableTx, event_kind, game_update
from bot.store.postgres import PgTx


def test_a_game_update_encodes_json_and_refuses_what_it_may_not_write() -> None:
    names, values = game_update({"state": {"a": 1}, "result": None, "status": "over"})
    assert names == ["state", "result", "status"]
    assert values == ['{"a": 1}', None, "over"]
    for bad in ({"version": 3}, {"id": 1}, {"colour": "red"}):
        with pytest.raises(ValueError, match="cannot update"):
            game_update(bad)


def test_an_events_kind_is_its_kind_or_type() -> None:
    assert event_kind({"kind": "roll", "type": "x"}) == "roll"
    assert event_kind({"type": "play"}) == "play"
    assert event_kind({}) == "event"


def test_each_driver_runs_the_same_queries_neither_inherits_the_other() -> None:
    assert SqliteTx.__bases__ == (PortableTx,) and PgTx.__bases__ == (PortableTx,)
    assert (SqliteTx.dialect, PgTx.dialect) == ("sqlite", "postgresql")
    # PostgreSQL replaces only the statement SQLite's text cannot serve.
    assert {n for n in vars(PgTx) if not n.startswith("__")} <= {
        "dialect", "for_update", "_q", "_exec", "append_events"}


def test_the_shared_queries_import_no_driver() -> None:
    tree = ast.parse(Path(portable.__file__).read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 and n.module}
    assert not imported & {"sqlite3", "aiosqlite", "asyncpg", "bot.store.db",
                           "bot.store.postgres"}
