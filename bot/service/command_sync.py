"""When the slash commands are registered with Discord, and where (issue 35): the policy,
without Discord (bot/sync.py carries it out).

Discord limits how many commands an application may create a day, and every bot process
used to register every command on every start.  Now:

* only the process that runs shard 0 registers them (one process, however many run);
* it registers them only when they changed: the store keeps, per application, the scope
  they were last registered in and a hash of what was sent (``bot_state``), so a restart
  with the same commands registers nothing (it only reads Discord's list, which costs no
  creation, to see that they are still there: a database that is not the one they were
  registered from, or commands removed by hand, and they are registered again);
* the scope is the development server (``BRADE_DEV_GUILD``) or global; moving from one to
  the other clears the scope left, so no server shows every command twice.  A first
  start in a development server also clears the global commands, since what an older
  bot registered there is not known.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from bot.store import Database
from bot.store.repositories import RightsRepository

log = logging.getLogger(__name__)

GLOBAL = "global"


def scope_of(dev_guild: int | None) -> str:
    return f"guild:{dev_guild}" if dev_guild else GLOBAL


def guild_of(scope: str) -> int | None:
    """The server a scope names; None for global."""
    return int(scope.split(":", 1)[1]) if scope.startswith("guild:") else None


@dataclass(frozen=True)
class SyncPlan:
    #: Register the commands in the scope wanted.
    register: bool
    #: The scope to empty (``global`` or ``guild:<id>``), if any.
    clear: str | None


def plan(last: dict[str, str] | None, scope: str, digest: str) -> SyncPlan:
    """What to do given the ``last`` registration recorded (None: never recorded), the
    ``scope`` wanted and the ``digest`` of the commands now."""
    if last is not None and last.get("scope") == scope and last.get("hash") == digest:
        return SyncPlan(register=False, clear=None)
    before = last.get("scope") if last is not None else None
    if before is not None and before != scope:
        return SyncPlan(register=True, clear=before)
    if before is None and scope != GLOBAL:
        return SyncPlan(register=True, clear=GLOBAL)
    return SyncPlan(register=True, clear=None)


class CommandRecord:
    """Which commands were last registered, and where, per application."""

    def __init__(self, store: Database, rights: RightsRepository | None = None) -> None:
        self.store = store
        self._repo = rights or RightsRepository()

    async def last(self, application_id: int) -> dict[str, str] | None:
        async with self.store.read() as tx:
            text = await self._repo.state(tx, f"commands:{application_id}")
        try:
            found = json.loads(text) if text else None
        except ValueError:
            return None
        return found if isinstance(found, dict) else None

    async def registered(self, application_id: int, scope: str, digest: str) -> None:
        async with self.store.transaction() as tx:
            await self._repo.set_state(tx, f"commands:{application_id}",
                                json.dumps({"scope": scope, "hash": digest}))
