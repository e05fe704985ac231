"""Reminders: a player to move who has gone quiet is reminded after ``remind_after``
seconds, and after ``claim_after`` the opponent is offered the claim.  Each is marked
sent by a conditional update before it is posted, so a restart never repeats one and of
two processes scanning the same game only one posts it.

A game against the computer has nobody to claim it: after ``claim_after`` untouched it
is closed as abandoned by the member (``close_idle``), so a forgotten game does not hold
its channel and a slot of the member's limit (BRADE_MAX_GAMES_PER_MEMBER) for ever.  The
close is a version-checked save, so of two processes (or the member's own move at the
same moment) one wins and the other changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import points_unit, resolve_lang, t
from bot.service.games.boards import Boards, duration
from bot.service.games.core import Table, mention
from bot.service.games.proof import joined, seed_line
from bot.service.model import COMPUTER, Button, Ctx, Post, Reply, UserError
from bot.store import Conflict


class Idle:
    """What the bot tells a quiet game, on its own initiative."""

    def __init__(self, table: Table, boards: Boards) -> None:
        self.table = table
        self.boards = boards

    async def due_notices(self, guild_locale: Callable[[int | None], str | None] = lambda g: None,
                          ) -> list[tuple[int, Post]]:
        """Reminders and claim offers for games whose player to move has gone quiet."""
        now = self.table.clock()
        out: list[tuple[int, Post]] = []
        async with self.table.store.read() as tx:
            rows = await tx.active_games()
        for row in rows:
            if not self.table.owns(row.guild_id):
                continue
            waited = now - row.updated_at
            level = 2 if waited >= self.table.claim_after else 1 if waited >= self.table.remind_after else 0
            if level <= row.reminded:
                continue
            lg = self.table.unpack(row)
            if lg.game.is_over:
                continue
            mover = lg.player(lg.game.turn)
            waiting = lg.player(lg.game.turn.other)
            if mover == COMPUTER or (waiting == COMPUTER and level == 2):
                continue  # nobody to claim it: ``close_idle`` closes it
            s = await self.table.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, guild_locale(row.guild_id))
            # Marked sent BEFORE it is sent, by a conditional update: of two processes
            # (overlapping shards in a rolling restart) only the one whose update took
            # the row sends; the other, or a restart, never repeats it.
            try:
                async with self.table.store.transaction() as tx:
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

    async def close_idle(self, guild_locale: Callable[[int | None], str | None] = lambda g: None,
                         ) -> list[tuple[int, Reply]]:
        """Close the games against the computer whose member has not played for
        ``claim_after``: scored as the engine scores an abandonment (unrated, as every
        game against the computer), with the whole match ended.  ``(channel id, reply)``
        for each, the reply's final post saying so; its delivery takes the buttons off
        the game's last board and archives its thread."""
        now = self.table.clock()
        async with self.table.store.read() as tx:
            rows = await tx.active_games()
        out: list[tuple[int, Reply]] = []
        for found in rows:
            if COMPUTER not in found.players() or not self.table.owns(found.guild_id) \
                    or now - found.updated_at < self.table.claim_after:
                continue
            async with self.table.locks[found.channel_id]:
                async with self.table.store.read() as tx:  # as it is now, under the lock
                    row = await tx.game(found.id)
                if row is None or row.status != "active" \
                        or now - row.updated_at < self.table.claim_after:
                    continue
                lg = self.table.unpack(row)
                side = lg.game.turn
                member = lg.player(side)
                if lg.game.is_over or member == COMPUTER:
                    continue  # the computer owes a turn: the recovery plays it
                waited = now - row.updated_at
                before = len(lg.game.events)
                self.table.cache.pop(row.id, None)
                outcome = lg.game.abandon(side)  # scored as endings.py abandons
                lg.match.record(outcome)
                result = {"outcome": outcome.to_json(), "match": lg.match.to_json()}
                try:
                    lg = await self.table.save(
                        lg, Ctx(COMPUTER, row.channel_id, row.guild_id),
                        events_before=before, status="over", result=result,
                        extra_events=[{"type": "idle", "by": member, "waited": waited}])
                except UserError:  # stale: a move, or another process, came first
                    continue
            s = await self.table.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, guild_locale(row.guild_id))
            text = joined(t("idle.closed", lang, who=mention(member),
                            since=duration(waited, lang), points=outcome.points,
                            unit=points_unit(outcome.points, lang)),
                          seed_line(lg.row, lg.game, len(lg.match.results), lang))
            last = self.boards.board_post(lg, lang, text, buttons=False)  # the final board
            last.final = True
            out.append((row.channel_id, Reply(
                lang=lang, posts=[last], game_id=row.id, version=lg.row.version)))
        return out
