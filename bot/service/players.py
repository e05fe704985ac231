"""Players' names as their server shows them, never their ids (issue 13).

The bot does not ask for the Server Members intent, so discord.py's member cache is
mostly empty on a real server.  Every interaction names the member who sent it, though:
the command layer passes that on (``note``), it is kept in memory at once and written to
the ``players`` table in the background of the next ``flush``.  A name never seen is
looked up in the table, then asked of Discord once (``fetch``, supplied by the command
layer, so no Discord object reaches this module); failing all that, the player is called
"a player", never ``#1456…``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Iterable

from bot.store import Database
from bot.store.repositories import PlayerRepository

log = logging.getLogger(__name__)

#: ``(guild id, user id) -> (display name, avatar hash)`` from Discord, or None.
Fetcher = Callable[[int | None, int], Awaitable[tuple[str, str | None] | None]]

#: A sighting is written again after this long even when nothing changed (``last_seen``).
REWRITE_AFTER = 3600.0


#: The name stored with a member's choice (a theme, a way of playing) made before their
#: name was known; read back as no name, so that it is fetched rather than shown.
UNNAMED = "?"


def _key(guild_id: int | None) -> int:
    return guild_id or 0


class Players:
    def __init__(self, store: Database, *, clock: Callable[[], float] = time.time,
                 fallback: Callable[[int | None, int], str | None] | None = None,
                 fetch: Fetcher | None = None,
                 players: PlayerRepository | None = None) -> None:
        self.store = store
        self._repo = players or PlayerRepository()
        self.clock = clock
        self.fetch = fetch
        self._fallback = fallback or (lambda g, u: None)
        self._names: dict[tuple[int, int], str] = {}
        self._written: dict[tuple[int, int], tuple[str, str | None, float]] = {}
        self._pending: dict[tuple[int, int], tuple[str, str | None, float]] = {}
        self._asked: set[tuple[int, int]] = set()  # fetched (or failed) once already
        self._loaded: set[tuple[int, int]] = set()  # read from the table this run
        self._themes: dict[tuple[int, int], str | None] = {}
        #: Each member's ways of playing (confirm_plays, roll_for_me) as read or set.
        self._play: dict[tuple[int, int], dict[str, bool]] = {}

    # -- what interactions tell us ------------------------------------------------------

    def note(self, guild_id: int | None, user_id: int, name: str,
             avatar: str | None = None) -> None:
        """A member acted (or was named in a command): remember their name now."""
        if not user_id or not name:
            return
        key = (_key(guild_id), user_id)
        self._names[key] = name
        now = self.clock()
        last = self._written.get(key)
        if last is None or last[:2] != (name, avatar) or now - last[2] >= REWRITE_AFTER:
            self._pending[key] = (name, avatar, now)

    async def flush(self) -> None:
        """Write the sightings noted since the last flush, in one transaction."""
        if not self._pending:
            return
        pending, self._pending = self._pending, {}
        try:
            async with self.store.transaction() as tx:
                await self._repo.save_seen(tx, [(g, u, n, a, at)
                                         for (g, u), (n, a, at) in pending.items()])
        except Exception:  # a name is a courtesy: never fail a command over it
            log.exception("could not save %d player names", len(pending))
            return
        self._written.update(pending)

    # -- names for what the bot shows ----------------------------------------------------

    def name(self, guild_id: int | None, user_id: int) -> str | None:
        """The name known without waiting: memory, then discord.py's cache."""
        known = self._names.get((_key(guild_id), user_id))
        if known is not None:
            return known
        cached = self._fallback(guild_id, user_id)
        if cached and not cached.startswith("#"):
            return cached
        return None

    def theme(self, guild_id: int | None, user_id: int) -> str | None:
        return self._themes.get((_key(guild_id), user_id))

    async def set_theme(self, guild_id: int | None, user_id: int, theme: str | None) -> None:
        g = _key(guild_id)
        name = self._names.get((g, user_id)) or self._fallback(guild_id, user_id) or UNNAMED
        async with self.store.transaction() as tx:
            await self._repo.set_theme(tx, g, user_id, name, theme, self.clock())
        self._themes[(g, user_id)] = theme

    def confirms(self, guild_id: int | None, user_id: int) -> bool:
        """Whether the member's plays chosen in the picker wait for their confirmation
        (the default)."""
        return self._play.get((_key(guild_id), user_id), {}).get("confirm_plays", True)

    def rolls_for(self, guild_id: int | None, user_id: int) -> bool:
        """Whether the bot rolls for the member when the roll involves no choice."""
        return self._play.get((_key(guild_id), user_id), {}).get("roll_for_me", False)

    async def set_play(self, guild_id: int | None, user_id: int, **prefs: bool) -> None:
        """Set the member's ways of playing (``confirm_plays``, ``roll_for_me``)."""
        g = _key(guild_id)
        await self.resolve(guild_id, [user_id])  # the others as stored stay known
        name = self._names.get((g, user_id)) or self._fallback(guild_id, user_id) or UNNAMED
        async with self.store.transaction() as tx:
            await self._repo.set_play_prefs(tx, g, user_id, name, self.clock(), prefs)
        self._play.setdefault((g, user_id), {}).update(prefs)

    async def resolve(self, guild_id: int | None, user_ids: Iterable[int]) -> None:
        """Make ``name`` and ``theme`` know these players: the table (once a run), then
        Discord for a name never seen, once each."""
        g = _key(guild_id)
        unread = [u for u in set(user_ids) if u and (g, u) not in self._loaded]
        if unread:
            try:
                async with self.store.read() as tx:
                    rows = await self._repo.players(tx, g, unread)
            except Exception:
                log.exception("could not read player names")
                rows = []
            self._loaded.update((g, u) for u in unread)
            for row in rows:
                key = (g, row.user_id)
                self._themes[key] = row.theme
                self._play[key] = {"confirm_plays": row.confirm_plays,
                                   "roll_for_me": row.roll_for_me}
                if row.display_name != UNNAMED:  # a choice saved before the name was known
                    self._names.setdefault(key, row.display_name)
                self._written.setdefault(key, (row.display_name, row.avatar, row.last_seen))
        missing = [u for u in set(user_ids) if u and self.name(guild_id, u) is None]
        fetched = False
        for uid in missing:
            if (g, uid) in self._names or (g, uid) in self._asked or self.fetch is None:
                continue
            self._asked.add((g, uid))
            try:
                found = await self.fetch(guild_id, uid)
            except Exception:
                log.warning("could not fetch the name of member %s", uid)
                continue
            if found is not None:
                self.note(guild_id, uid, *found)
                fetched = True
        if fetched:  # rare: other sightings wait for the command layer's flush
            await self.flush()
