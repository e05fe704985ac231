"""Server settings and preferences: a save writes only what its command changed.

Both ``/brade settings`` commands used to write the whole row from the process's
cached copy, so an admin changing the language while another changed the rules lost
one of the two changes (on either backend; on PostgreSQL also across processes).
"""

from __future__ import annotations

from typing import Any

from bot.store import ServerDefaults
from bot.store import players_sql as psql

GUILD = 4242


async def test_two_settings_changes_from_stale_copies_both_survive(store: Any) -> None:
    stale = ServerDefaults(GUILD)  # what both commands had cached before either saved
    async with store.transaction() as tx:
        first = await tx.save_server_defaults(ServerDefaults(GUILD, lang="sv"), ("lang",))
    async with store.transaction() as tx:
        second = await tx.save_server_defaults(ServerDefaults(GUILD, stale.lang, "vasa"), ("rules",))
    assert first == ServerDefaults(GUILD, "sv", None)
    assert second == ServerDefaults(GUILD, "sv", "vasa")
    async with store.read() as tx:
        assert await tx.server_defaults(GUILD) == ServerDefaults(GUILD, "sv", "vasa")


async def test_two_preference_changes_from_stale_copies_both_survive(store: Any) -> None:
    async with store.transaction() as tx:
        await psql.save_server_display(tx, psql.ServerDisplay(GUILD, threads=True), ("threads",))
    async with store.transaction() as tx:
        stored = await psql.save_server_display(tx, psql.ServerDisplay(GUILD, False, "dark"), ("theme",))
    assert stored == psql.ServerDisplay(GUILD, True, "dark")
    async with store.read() as tx:
        assert await psql.server_display(tx, GUILD) == psql.ServerDisplay(GUILD, True, "dark")
