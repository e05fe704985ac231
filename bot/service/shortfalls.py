"""Posts the bot could not make on its own initiative for lack of a right, remembered until
a server's admins have been told (issue 35).

A reminder, the computer's delayed move, the daily problem, a tournament's thread or
notice, taking the buttons off an old board, archiving a finished game's thread: nobody
is waiting for these, so a channel override that denies the bot a right would make them
fail silently (only the log knew).  The command layer (bot/permissions.py) finds out
which right was missing and records it here, in the store, so that a restart or another
process loses nothing; the next member with Manage Server who runs a command, or opens
``/brade settings``, is told once, and the rows told are forgotten.

Which servers have something to tell is also kept in memory (filled at start-up), so a
command in a server with nothing to tell costs no read.  Best effort, like the live
posts: a store that fails here is logged and nothing else changes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

from bot.i18n import t
from bot.service.text import channel as channel_mention
from bot.service.text import moment
from bot.store import Database, Missing
from bot.store.repositories import RightsRepository

log = logging.getLogger(__name__)

#: Lines of one notice; the rest are counted ("… and 3 more").
NOTICE_LINES = 6


def rights_text(rights: Iterable[str], lang: str) -> str:
    """The rights by Discord's own names, each with what the bot needs it for."""
    return ", ".join(t("right.one", lang, name=t(f"right.{r}", lang),
                       why=t(f"right.for.{r}", lang)) for r in rights)


def right_names(rights: Iterable[str], lang: str) -> str:
    """The rights by Discord's own names, in bold."""
    return ", ".join(f"**{t(f'right.{r}', lang)}**" for r in rights)


def notice(items: list[Missing], lang: str) -> str:
    """What the server's admins are told of ``items``, in ``lang``."""
    lines = [t("rights.notice", lang)]
    for m in items[:NOTICE_LINES]:
        times = t("rights.notice.times", lang) if m.times == 1 \
            else t("rights.notice.times_n", lang, n=m.times)
        lines.append(t("rights.notice.line", lang, channel=channel_mention(m.channel_id),
                       action=t(f"rights.action.{m.action}", lang),
                       rights=right_names(m.rights, lang), times=times,
                       when=moment(m.last_at, "R")))
    if len(items) > NOTICE_LINES:
        lines.append(t("rights.notice.more", lang, n=len(items) - NOTICE_LINES))
    lines.append(t("rights.notice.end", lang))
    return "\n".join(lines)


class Shortfalls:
    def __init__(self, store: Database, *, clock: Callable[[], float] = time.time,
                 rights: RightsRepository | None = None) -> None:
        self.store = store
        self._repo = rights or RightsRepository()
        self.clock = clock
        #: Servers with something their admins have not been told.
        self._pending: set[int] = set()

    async def load(self) -> None:
        """At start-up: which servers have something to tell (recorded before a restart,
        or by another process)."""
        try:
            async with self.store.read() as tx:
                self._pending = set(await self._repo.guilds_missing(tx))
        except Exception:
            log.exception("could not read which servers lack a right")

    def pending(self, guild_id: int | None) -> bool:
        return guild_id is not None and guild_id in self._pending

    async def record(self, guild_id: int | None, channel_id: int, action: str,
                     rights: tuple[str, ...]) -> None:
        """``action`` failed in the channel for lack of ``rights``."""
        log.warning("could not do %s in channel %s: the bot lacks %s", action, channel_id,
                    ", ".join(rights))
        if not guild_id:
            return
        try:
            async with self.store.transaction() as tx:
                await self._repo.record_missing(tx, guild_id, channel_id, action, rights,
                                         self.clock())
        except Exception:
            log.exception("could not remember the missing rights in channel %s", channel_id)
            return
        self._pending.add(guild_id)

    async def waiting(self, guild_id: int | None) -> list[Missing]:
        """What the server's admins have not been told yet."""
        if not self.pending(guild_id):
            return []
        assert guild_id is not None
        try:
            async with self.store.read() as tx:
                items = await self._repo.missing(tx, guild_id)
        except Exception:
            log.exception("could not read the missing rights of guild %s", guild_id)
            return []
        if not items:
            self._pending.discard(guild_id)
        return items

    async def told(self, guild_id: int, items: list[Missing]) -> None:
        """The admins were told of ``items``: forget them (a failure since is kept)."""
        try:
            async with self.store.transaction() as tx:
                await self._repo.forget_missing(tx, guild_id, items)
                left = await self._repo.missing(tx, guild_id)
        except Exception:
            log.exception("could not forget the missing rights of guild %s", guild_id)
            return
        if not left:
            self._pending.discard(guild_id)
