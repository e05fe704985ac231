"""Session-wide fixtures: a real PostgreSQL database for the tests that need one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres_server import NoPostgres, new_database, release


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty database on the session's throwaway PostgreSQL server (started on
    first use; see tests/postgres_server.py).  Without PostgreSQL the test fails and says
    how to install it: a skipped half of the suite would look like a pass."""
    try:
        url = new_database()
    except NoPostgres as e:
        pytest.fail(str(e), pytrace=False)
    yield url
    release(url)
