"""When the slash commands are registered, and where (bot.service.command_sync): the
plan from the last registration recorded, and the record itself in the store."""

from __future__ import annotations

from bot.service.command_sync import GLOBAL, CommandRecord, SyncPlan, guild_of, plan, scope_of
from bot.store import Database
from bot.store import rights_sql as sql

DEV = "guild:77"


def test_scopes() -> None:
    assert scope_of(None) == GLOBAL and scope_of(77) == DEV
    assert guild_of(DEV) == 77 and guild_of(GLOBAL) is None


def test_the_same_commands_in_the_same_scope_are_not_registered_again() -> None:
    assert plan({"scope": GLOBAL, "hash": "h1"}, GLOBAL, "h1") == SyncPlan(False, None)
    assert plan({"scope": GLOBAL, "hash": "h1"}, GLOBAL, "h2") == SyncPlan(True, None)


def test_moving_scope_clears_the_one_left() -> None:
    assert plan({"scope": GLOBAL, "hash": "h"}, DEV, "h") == SyncPlan(True, GLOBAL)
    assert plan({"scope": DEV, "hash": "h"}, GLOBAL, "h") == SyncPlan(True, DEV)


def test_a_first_start_in_a_development_server_clears_the_global_commands() -> None:
    assert plan(None, DEV, "h") == SyncPlan(True, GLOBAL)
    assert plan(None, GLOBAL, "h") == SyncPlan(True, None)
    assert plan({}, DEV, "h") == SyncPlan(True, GLOBAL)  # a record without a scope


async def test_the_record_per_application(store: Database) -> None:
    record = CommandRecord(store)
    assert await record.last(1) is None
    await record.registered(1, DEV, "abc")
    assert await record.last(1) == {"scope": DEV, "hash": "abc"}
    assert await record.last(2) is None  # another application's
    await record.registered(1, GLOBAL, "def")
    assert plan(await record.last(1), GLOBAL, "def") == SyncPlan(False, None)


async def test_a_record_that_cannot_be_read_is_no_record(store: Database) -> None:
    for text in ("{not json", "[1, 2]"):
        async with store.transaction() as tx:
            await sql.set_state(tx, "commands:5", text)
        assert await CommandRecord(store).last(5) is None
