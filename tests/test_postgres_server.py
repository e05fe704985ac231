"""The test session's PostgreSQL: real, password-checked, one empty database per test."""

from __future__ import annotations

import asyncpg
import pytest

from tests.postgres_server import PASSWORD, query


def test_each_test_gets_its_own_empty_database(pg_url: str) -> None:
    query(pg_url, "CREATE TABLE t (x INTEGER)")
    tables = query(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    assert tables == [("t",)]


def test_a_second_database_does_not_see_the_first(pg_url: str) -> None:
    assert query(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'") == []


async def test_a_wrong_password_is_refused(pg_url: str) -> None:
    assert PASSWORD in pg_url
    with pytest.raises(asyncpg.InvalidPasswordError):
        await asyncpg.connect(pg_url.replace(PASSWORD, "not-the-password"), timeout=10)
