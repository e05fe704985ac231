"""Joining and leaving: a tournament created, players joining, leaving before the
start, withdrawing after it (by their button, by leaving the server, or removed)."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import t
from bot.league.errors import LeagueError
from bot.league.model import Change, Pairing, State
from bot.league.tournament import Tournament
from bot.service.model import Ctx, Post, Reply, UserError
from bot.service.text import BUTTON_LABEL_LIMIT, plain_name, shown
from bot.service.tournaments.announcing import Announcing
from bot.service.tournaments.core import TournamentCore, log
from bot.service.tournaments.outcomes import Notice, Outcome, ThreadEnd, WithdrawChoice
from bot.service.tournaments.texts import Texts
from bot.service.tournaments.words import mention_player
from bot.store import Conflict, TournamentRow


class Registration:
    """Who is in a tournament."""

    def __init__(self, core: TournamentCore, texts: Texts, announcing: Announcing) -> None:
        self.core = core
        self.texts = texts
        self.announcing = announcing

    async def create(self, ctx: Ctx, *, name: str, format: str, rounds: int | None,
                     rules: str | None, match_length: int, max_players: int | None,
                     deadline_hours: int | None, tiebreak: str = "buchholz",
                     default_rules: str = "talisman") -> Outcome:
        personal, public = await self.core.langs(ctx)
        if ctx.guild_id is None:
            raise UserError("trn.guild_only")
        name = (name or "").strip()
        now = self.core.now()
        tour = Tournament.create(
            "0", name, format, str(ctx.user_id), rules=rules or default_rules,
            match_length=match_length, max_players=max_players, swiss_rounds=rounds,
            tiebreak=tiebreak,
            round_time=timedelta(hours=deadline_hours) if deadline_hours else None, now=now)
        try:
            async with self.core.store.transaction() as tx:
                if await self.core.rows.live_name_taken(tx, ctx.guild_id, name):
                    raise UserError("trn.name_taken", name=shown(name))
                tid = await self.core.rows.insert_tournament(
                    tx, guild_id=ctx.guild_id, channel_id=ctx.channel_id, name=name,
                    state=tour.state.value, lang=public, data=tour.to_json(),
                    now=self.core.clock())
                tour.id = str(tid)
                await self.core.rows.save(tx, tid, 0, state=tour.state.value, data=tour.to_json(),
                               now=self.core.clock())
        except Conflict:  # the live-name key: the same name created at the same moment
            raise UserError("trn.name_taken", name=shown(name)) from None
        text = t("trn.created", public, who=mention_player(str(ctx.user_id)), name=shown(tour.name),
                 settings=self.texts.settings_text(tour, public))
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    async def join(self, ctx: Ctx, name: str, display_name: str) -> Outcome:
        personal, _ = await self.core.langs(ctx)
        row = await self.core.find(ctx.guild_id, name)

        def act(tr: Tournament) -> None:
            tr.join(str(ctx.user_id), display_name)

        _, tour, _ = await self.core.change(row.id, act)
        text = t("trn.joined", row.lang, who=mention_player(str(ctx.user_id)), name=shown(tour.name),
                 players=self.texts.players_text(tour, row.lang))
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    async def leave(self, ctx: Ctx, name: str) -> Outcome:
        """Before the start, leave; afterwards a button to withdraw (it cannot be undone,
        so it is asked for once more)."""
        personal, _ = await self.core.langs(ctx)
        row = await self.core.find(ctx.guild_id, name)
        tour = Tournament.from_json(row.data)
        if tour.state in (State.RUNNING, State.PAUSED):
            p = tour.player(str(ctx.user_id))
            if p.withdrawn:
                raise LeagueError("league.already_withdrawn", name=p.name)
            return Outcome(Reply(lang=personal, private=t(
                "trn.withdraw_confirm", personal, name=shown(tour.name))),
                confirm=WithdrawChoice(row.id, ctx.user_id, t(
                    "trn.btn.withdraw", personal,
                    name=plain_name(tour.name, 40))[:BUTTON_LABEL_LIMIT]))
        _, tour, _ = await self.core.change(row.id, lambda tr: tr.leave(str(ctx.user_id)))
        return Outcome(Reply(lang=personal, private=t("trn.left", personal,
                                                      name=shown(tour.name))))

    async def withdraw(self, ctx: Ctx, tournament_id: int, user: int) -> Outcome:
        """The withdraw button: ``user`` (and only they) leaves a running tournament."""
        personal, _ = await self.core.langs(ctx)
        if ctx.user_id != user:
            raise UserError("trn.not_yours", who=mention_player(str(user)))
        async with self.core.store.read() as tx:
            row = await self.core.rows.tournament(tx, tournament_id)
        if row is None or row.guild_id != ctx.guild_id:
            raise UserError("trn.unknown", name=str(tournament_id))
        out = await self.withdraw_player(row, str(user), "withdrew", who=None)
        out.reply = Reply(lang=personal, private=t(
            "trn.withdrew_private", personal, name=shown(Tournament.from_json(row.data).name)))
        return out

    async def departed(self, guild_id: int, user_id: int, *,
                       tournament_id: int | None = None) -> list[Outcome]:
        """A member who is no longer in the server (banned, or found gone when their
        match was to open) is withdrawn from the server's unfinished tournaments."""
        async with self.core.store.read() as tx:
            if tournament_id is not None:
                one = await self.core.rows.tournament(tx, tournament_id)
                rows = [one] if one is not None else []
            else:
                rows = await self.core.rows.unfinished(tx, guild_id)
        outs: list[Outcome] = []
        for row in rows:
            tour = Tournament.from_json(row.data)
            if row.guild_id != guild_id or not tour.has_player(str(user_id)) \
                    or tour.player(str(user_id)).withdrawn or tour.state is State.FINISHED:
                continue
            try:
                outs.append(await self.withdraw_player(row, str(user_id), "left_server", who=None))
            except (LeagueError, UserError):
                log.info("could not withdraw %s from tournament %s", user_id, row.id)
        return outs

    async def withdraw_player(self, row: TournamentRow, player: str, how: str, *,
                        who: str | None) -> Outcome:
        """Take ``player`` out (``how``: "removed" by ``who``, "withdrew", "left_server"):
        their open match a walkover, told in its thread, which is then archived."""
        found: dict[str, Pairing | None] = {}

        def act(tr: Tournament) -> list[Change]:
            found["pairing"] = tr.pending_for(player) if tr.has_player(player) else None
            return tr.remove_player(player, self.core.now())

        row, tour, changes = await self.core.change(row.id, act)
        lang = row.lang
        out = Outcome(Reply())
        key = {"removed": "trn.removed", "withdrew": "trn.withdrew",
               "left_server": "trn.left_server"}[how]
        out.notices.append(Notice(row.channel_id, t(
            key, lang, name=shown(tour.name), who=who or "", player=mention_player(player))))
        m = found.get("pairing")
        if m is not None and m.ref:
            out.stop_threads.append(ThreadEnd(int(m.ref), t(
                f"trn.thread.{how}", lang, who=who or "", player=mention_player(player),
                match=m.id, result=self.texts.result_text(tour, m.id, lang))))
        self.announcing.apply(out, row, tour, changes)
        return out
