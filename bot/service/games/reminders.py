"""Reminders: a player to move who has gone quiet is reminded after ``remind_after``
seconds, and after ``claim_after`` the opponent is offered the claim.  Each is marked
sent by a conditional update before it is posted, so a restart never repeats one and of
two processes scanning the same game only one posts it."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import resolve_lang, t
from bot.service.games.boards import duration
from bot.service.games.core import GameCore, mention
from bot.service.model import COMPUTER, Button, Post
from bot.store import Conflict


class Reminders(GameCore):
    """What the bot tells a quiet game, on its own initiative."""

    async def due_notices(self, guild_locale: Callable[[int | None], str | None] = lambda g: None,
                          ) -> list[tuple[int, Post]]:
        """Reminders and claim offers for games whose player to move has gone quiet."""
        now = self.clock()
        out: list[tuple[int, Post]] = []
        async with self.store.read() as tx:
            rows = await tx.active_games()
        for row in rows:
            if not self.owns(row.guild_id):
                continue
            waited = now - row.updated_at
            level = 2 if waited >= self.claim_after else 1 if waited >= self.remind_after else 0
            if level <= row.reminded:
                continue
            lg = self._unpack(row)
            if lg.game.is_over:
                continue
            mover = lg.player(lg.game.turn)
            waiting = lg.player(lg.game.turn.other)
            if mover == COMPUTER:
                continue
            s = await self.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, guild_locale(row.guild_id))
            # Marked sent BEFORE it is sent, by a conditional update: of two processes
            # (overlapping shards in a rolling restart) only the one whose update took
            # the row sends; the other, or a restart, never repeats it.
            try:
                async with self.store.transaction() as tx:
                    if not await tx.touch_reminded(row.id, row.version, level):
                        continue
            except Conflict:
                continue
            if level == 1:
                post = Post(t("remind", lang, who=mention(mover),
                              since=duration(waited, lang)), mentions=(mover,))
            else:
                post = Post(t("remind.claim", lang, who=mention(mover), other=mention(waiting),
                              since=duration(waited, lang)),
                            buttons=[Button("claim", row.id, row.version,
                                            t("btn.claim", lang), "danger")],
                            mentions=(mover, waiting))
            out.append((row.channel_id, post))
        return out
