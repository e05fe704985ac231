"""Both stores satisfy ``Database``, the interface the services are written against: the
same members, with the same signatures (a store that drifts from it breaks here, not in
a service that happens to call the changed method on the other backend)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from bot.store import Database, Store, open_store
from bot.store.postgres import PgStore

MEMBERS = [name for name in vars(Database) if not name.startswith("_")]
METHODS = [name for name in MEMBERS if callable(getattr(Database, name))]


def test_the_interface_names_what_the_services_use() -> None:
    assert sorted(METHODS) == ["autocommit", "check", "close", "migrate", "read", "save_game",
                               "transaction"]
    assert set(Database.__annotations__) == {"dialect", "target"}


@pytest.mark.parametrize("store", [Store, PgStore], ids=["sqlite", "postgresql"])
@pytest.mark.parametrize("name", METHODS)
def test_each_store_has_the_interfaces_signatures(store: type, name: str) -> None:
    declared = inspect.signature(getattr(Database, name))
    actual = inspect.signature(getattr(store, name))
    assert list(actual.parameters) == list(declared.parameters), name
    for param, want in declared.parameters.items():
        got = actual.parameters[param]
        assert (got.kind, got.default) == (want.kind, want.default), (name, param)
    assert inspect.iscoroutinefunction(getattr(store, name)) == \
        inspect.iscoroutinefunction(getattr(Database, name)), name


async def test_an_open_store_is_a_database(store: Any) -> None:
    assert isinstance(store, Database)
    assert store.dialect in ("sqlite", "postgresql") and store.target


async def test_open_store_returns_the_backend_the_target_names(target: str) -> None:
    store = await open_store(target)
    try:
        assert type(store) is (PgStore if target.startswith("postgresql") else Store)
    finally:
        await store.close()
