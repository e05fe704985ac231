"""The services reach the store through its interfaces only: ``Database`` and ``Tx``
(bot/store/protocol.py, naming no driver), the rows (bot/store/rows.py) and the
repositories (bot/store/repositories.py).  No service imports a ``*_sql`` module or a
driver's store, each repository method is one of the store's queries, and a service
runs the repository it was handed."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.service.tournaments import TournamentService
from bot.store import Repositories, Store, TournamentRow, Tx, protocol, repositories
from bot.store.repositories import TournamentRepository

ROOT = Path(__file__).resolve().parents[3]
SERVICE = ROOT / "bot" / "service"
#: What a service may not import: the store's SQL and the drivers' stores.
PRIVATE = ("bot.store.db", "bot.store.postgres")
#: Names of a driver or of a driver's store, none of which the interface may name.
DRIVERS = {"sqlite3", "aiosqlite", "asyncpg", "SqliteTx", "PgTx", "Store", "PgStore",
           "Connection", "Pool"}


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, ``from bot.store import x_sql`` as
    ``bot.store.x_sql``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def _forbidden(path: Path) -> list[str]:
    return sorted(m for m in _imported(path)
                  if m.startswith(PRIVATE) or (m.startswith("bot.store.")
                                                and m.split(".")[2].endswith("_sql")))


@pytest.mark.parametrize("path", sorted(SERVICE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(SERVICE)))
def test_no_service_imports_the_stores_sql_or_a_driver(path: Path) -> None:
    assert _forbidden(path) == [], f"{path.name}: use a repository (bot/store/repositories.py)"


def test_the_rule_sees_what_it_forbids(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from bot.store import players_sql\n"
                      "from bot.store import tournaments_sql as sql\n"
                      "import bot.store.limits_sql\n"
                      "from bot.store.rights_sql import Missing\n"
                      "from bot.store.db import SqliteTx\n"
                      "from bot.store import GameRow, Repositories\n")
    assert _forbidden(module) == [
        "bot.store.db", "bot.store.db.SqliteTx", "bot.store.limits_sql",
        "bot.store.players_sql", "bot.store.rights_sql", "bot.store.rights_sql.Missing",
        "bot.store.tournaments_sql"]


def _names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.update(node.name.split("."))
    return names


def test_the_interface_names_no_driver() -> None:
    assert _names(Path(protocol.__file__)) & DRIVERS == set()
    assert not any(m.startswith(PRIVATE) or m.split(".")[0] in DRIVERS
                   for m in _imported(Path(protocol.__file__)))


@pytest.mark.parametrize("name", [*Tx.__annotations__,
                                  *(n for n in vars(Tx) if not n.startswith("_"))])
def test_each_stores_transaction_has_the_interfaces_members(name: str) -> None:
    from bot.store.db import SqliteTx
    from bot.store.postgres import PgTx

    declared = getattr(Tx, name, None)
    for tx in (SqliteTx, PgTx):
        actual = getattr(tx, name)
        if declared is not None:
            assert list(inspect.signature(actual).parameters) == \
                list(inspect.signature(declared).parameters), (tx, name)
            assert inspect.iscoroutinefunction(actual), (tx, name)
        else:
            assert isinstance(actual, str), (tx, name)


@pytest.mark.parametrize("repo", [f.type for f in Repositories.__dataclass_fields__.values()],
                         ids=lambda r: r if isinstance(r, str) else r.__name__)
def test_each_repository_method_is_one_of_the_stores_queries(repo: Any) -> None:
    cls = getattr(repositories, repo) if isinstance(repo, str) else repo
    methods = {n: f for n, f in vars(cls).items() if not n.startswith("_")}
    assert methods
    for name, method in methods.items():
        query = method.__func__ if isinstance(method, staticmethod) else method
        assert query.__module__.startswith("bot.store.") and \
            query.__module__.endswith("_sql"), name
        assert query.__name__ == name and inspect.iscoroutinefunction(query), name


class _Names(TournamentRepository):
    """The tournaments' repository with one query answered from memory."""

    @staticmethod
    async def names(tx: Tx, guild_id: int, typed: str = "", limit: int = 25) -> list[str]:
        return [f"{typed} in {guild_id}"]


async def test_a_service_runs_the_repository_it_was_handed(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "r.sqlite3")
    try:
        trn = TournamentService(store, clock=lambda: 0.0,
                                repos=Repositories(tournaments=_Names()))
        assert await trn.names(7, "cup") == ["cup in 7"]
        plain = TournamentService(store, clock=lambda: 0.0)
        assert await plain.names(7, "cup") == []  # the SQL one: no such tournament
    finally:
        await store.close()


def test_the_rows_are_the_stores_own_values() -> None:
    """A row from the store is a plain value with the columns it is read from."""
    row = TournamentRow.from_sql((1, 2, 3, "Cup", "registration", "sv", '{"a": 1}', 0,
                                  1.0, 2.0))
    assert row.data == {"a": 1} and row.name == "Cup" and row.updated_at == 2.0
