"""Ending a game early: resigning (when the rules allow it) or abandoning, aborting by
agreement or by a moderator, and claiming a game the opponent has left.

An abort ends a game without a result, so a player who could abort alone could start
again whenever the dice went against them (a rated game above all).  A player therefore
never aborts a game between members alone, whatever their rights in the channel: their
abort asks the opponent, who agrees with the button or their own ``/brade abort``.  A
moderator (Manage Channels) who does not play in the game ends it at once, and the
channel is told it was a moderator.  Against the computer, and a challenge not yet
accepted, the member's word is enough."""

from __future__ import annotations

from bot.i18n import t
from bot.service.games.boards import Boards, duration
from bot.service.games.challenges import challenge_text, invited_player
from bot.service.games.core import Table, mention
from bot.service.games.proof import joined, seed_line
from bot.service.model import COMPUTER, Button, Ctx, Post, Reply, UserError


class GivingUp:
    """Resign, abandon, abort, claim."""

    def __init__(self, table: Table, boards: Boards) -> None:
        self.table = table
        self.boards = boards

    async def resign_prompt(self, ctx: Ctx) -> Reply:
        personal, _ = await self.table.langs(ctx)
        lg = await self.table.live(ctx)
        side = lg.side_of(ctx.user_id)
        if side is None:
            raise UserError("not_player")
        if lg.row.status != "active":
            raise UserError("game.not_started")
        ok, reason = lg.game.can_resign(side)
        v = lg.row.version
        cancel = Button("keep", lg.row.id, v, t("btn.keep", personal), "secondary")
        if ok:
            pts = lg.game.resignation(side).points
            return Reply(lang=personal, private=t("resign.confirm", personal, points=pts),
                         buttons=[Button("resign", lg.row.id, v, t("btn.resign", personal),
                                         "danger"), cancel])
        why = t(reason or "", personal)
        pts = lg.game.abandonment(side).points
        return Reply(lang=personal, private=t("resign.refused", personal, reason=why, points=pts),
                     buttons=[Button("abandon", lg.row.id, v, t("btn.abandon", personal),
                                     "danger"), cancel])

    async def resign(self, ctx: Ctx, game_id: int, version: int, *,
                     abandon: bool = False) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = await self.table.live(ctx, game_id, version)
            side = lg.side_of(ctx.user_id)
            if side is None:
                raise UserError("not_player")
            before = len(lg.game.events)
            self.table.cache.pop(lg.row.id, None)
            if abandon:
                lg.game.abandon(side)
            else:
                lg.game.resign(side)
            lg = await self.table.finish_turn(lg, ctx, before)
        head = self.boards.gave_up(lg, side, "abandoned" if abandon else "resigned", public)
        return Reply(lang=personal, private=t("ok", personal),
                     posts=self.boards.turn_posts(lg, public, head, announce=False),
                     game_id=lg.row.id, version=lg.row.version)

    async def keep_playing(self, ctx: Ctx) -> Reply:
        personal, _ = await self.table.langs(ctx)
        return Reply(lang=personal, private=t("resign.cancelled", personal))

    async def abort(self, ctx: Ctx, *, game_id: int | None = None,
                    version: int | None = None, say: str | None = None) -> Reply:
        """Both players agree, or a moderator who does not play in the game (Manage
        Channels); against the computer the member alone; an offer is just withdrawn.
        ``say``: what the game's last message says instead of who aborted it (a
        tournament's match decided otherwise, in the tournament's language); it still
        shows the final board and reveals the seed."""
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = await self.table.live(ctx, game_id, version)
            row = lg.row
            is_player = ctx.user_id in row.players()
            other = row.black_id if ctx.user_id == row.white_id else row.white_id
            moderator = ctx.can_manage and not is_player  # a player's rights count for nothing
            agreed = (moderator or row.status == "offered" or other == COMPUTER
                      or (is_player and row.abort_by == other))
            if not is_player and not ctx.can_manage:
                raise UserError("abort.not_allowed")
            if not agreed:
                if row.abort_by == ctx.user_id:
                    raise UserError("abort.already_asked", who=mention(other))
                async with self.table.store.transaction() as tx:
                    new = await tx.update_game(row.id, row.version, now=row.updated_at,
                                               abort_by=ctx.user_id)
                    if new is None:
                        raise UserError("stale")
                    await tx.append_events(row.id, [{"type": "abort_request",
                                                     "by": ctx.user_id}],
                                           at=self.table.clock(), actor_id=ctx.user_id)
                self.table.cache.pop(row.id, None)
                post = Post(t("abort.asked", public, who=mention(ctx.user_id),
                              other=mention(other)),
                            buttons=[Button("abort", row.id, new.version,
                                            t("btn.abort", public), "danger")],
                            mentions=(other,))
                return Reply(lang=personal, posts=[post])
            async with self.table.store.transaction() as tx:
                ended = await tx.update_game(row.id, row.version, now=self.table.clock(),
                                             status="aborted")
                if not ended:
                    raise UserError("stale")
                await tx.append_events(row.id, [{"type": "abort", "by": ctx.user_id}],
                                       at=self.table.clock(), actor_id=ctx.user_id)
            self.table.cache.pop(row.id, None)
            if row.status == "active":
                await self.table.ended(ended)
        if row.status == "offered":  # a challenge called off: its message says by whom
            key = ("offer.declined" if ctx.user_id == invited_player(row)
                   else "offer.withdrawn" if is_player else "offer.cancelled")
            note = Post(challenge_text(row, public, key, who=mention(ctx.user_id)), final=True)
            return Reply(lang=personal, game_id=row.id, version=ended.version, challenge=note,
                         posts=[Post(t(key, public, who=mention(ctx.user_id)), final=True)])
        # The game's last message: its final board (nobody to play) and the seed of its
        # dice (none drawn in an offer).
        seed = seed_line(row, lg.game, len(lg.match.results) + 1, public)
        said = say or t("aborted.moderator" if moderator else "aborted", public,
                        who=mention(ctx.user_id))
        last = self.boards.board_post(lg, public, joined(said, seed), buttons=False, stopped=True)
        last.final = True
        return Reply(lang=personal, game_id=row.id, version=ended.version, posts=[last])

    async def claim(self, ctx: Ctx, *, game_id: int | None = None,
                    version: int | None = None) -> Reply:
        """After ``claim_after`` without a move, the waiting player wins as if abandoned."""
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = await self.table.live(ctx, game_id, None)
            side = lg.side_of(ctx.user_id)
            if side is None:
                raise UserError("not_player")
            if lg.row.status != "active":
                raise UserError("game.not_started")
            if side is lg.game.turn:
                raise UserError("claim.your_turn")
            waited = self.table.clock() - lg.row.updated_at
            if waited < self.table.claim_after:
                left = duration(self.table.claim_after - waited, personal)
                raise UserError("claim.too_early", left=left)
            before = len(lg.game.events)
            self.table.cache.pop(lg.row.id, None)
            absent = lg.game.turn
            lg.game.abandon(absent)
            lg = await self.table.finish_turn(lg, ctx, before)
        head = t("claimed", public, who=mention(ctx.user_id),
                 absent=self.boards.who(lg, absent, public))
        return Reply(lang=personal, posts=self.boards.turn_posts(lg, public, head),
                     game_id=lg.row.id, version=lg.row.version)
