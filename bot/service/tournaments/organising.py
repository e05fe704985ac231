"""The organiser's commands: start, the actions of ``/tournament`` that change a running
tournament (a result, a walkover, a removal, pause, resume, finish, cancel) and a
restarted match.

``organiser_action`` names its action by a kind: each kind but ``remove`` is one step in
``STEPS``, a method that changes the tournament and notes in an ``Order`` what the
announcement needs, so a reader finds what ``"walkover"`` does in ``_walkover``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from bot.i18n import t
from bot.league.errors import LeagueError
from bot.league.model import Change, Pairing, State, Status
from bot.league.tournament import Tournament
from bot.service.model import Ctx, Reply, UserError
from bot.service.text import channel, shown
from bot.service.tournaments.announcing import Announcing
from bot.service.tournaments.core import TournamentCore
from bot.service.tournaments.outcomes import Notice, Outcome, ThreadEnd
from bot.service.tournaments.registration import Registration
from bot.service.tournaments.texts import Texts
from bot.service.tournaments.words import mention_player, parse_score, player_id
from bot.store import TournamentRow


@dataclass
class Order:
    """One organiser action under way: what was asked, and what its step found."""

    kind: str
    match: str  # the pairing id, for a result or a walkover
    winner: str | None
    points: tuple[int, int]  # a result's score, the winner's first
    who: str  # the organiser, mentioned
    lang: str  # the tournament's language
    stop: list[ThreadEnd] = field(default_factory=list)  # threads of matches it decided
    before: str | None = None  # the result a correction replaces

    def restart(self) -> None:
        """Forget what a step found: it runs again when the save lost a race."""
        self.stop.clear()
        self.before = None


class Organising:
    """What only a tournament's organiser (or a server manager) may do; a removal is
    ``Registration``'s withdrawal, done for the organiser."""

    def __init__(self, core: TournamentCore, texts: Texts, announcing: Announcing,
                 registration: Registration) -> None:
        self.core = core
        self.texts = texts
        self.announcing = announcing
        self.registration = registration

    async def start(self, ctx: Ctx, name: str, *, manager: bool = False) -> Outcome:
        """Seed and pair round one; registered players no longer in the server (the
        command layer's look-up, ``gone``) are dropped first."""
        personal, _ = await self.core.langs(ctx)
        row = await self.core.find(ctx.guild_id, name)
        snapshot = Tournament.from_json(row.data)
        self.core.check_organiser(snapshot, ctx, manager)
        ids = [int(p.id) for p in snapshot.players]
        left = await self.core.gone(row.guild_id, ids) \
            if self.core.gone is not None and snapshot.state is State.REGISTRATION else set()
        async with self.core.store.read() as tx:
            found = await self.core.ratings.ratings_for(tx, row.guild_id, ids) if ids else {}
        ratings = {str(k): float(v) for k, v in found.items()}
        if ratings:  # unrated members are seeded after every rated one, by join order
            floor = min(ratings.values()) - 1.0
            ratings.update({str(i): floor for i in ids if str(i) not in ratings})

        def act(tr: Tournament) -> list[Change]:
            self.core.check_organiser(tr, ctx, manager)
            for uid in left:
                if tr.state is State.REGISTRATION and tr.has_player(str(uid)):
                    tr.leave(str(uid))
            return tr.start(self.core.now(), ratings)

        row, tour, changes = await self.core.change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("trn.started_private", personal,
                                                     name=shown(tour.name))))
        for uid in sorted(left):
            out.notices.append(Notice(row.channel_id, t(
                "trn.left_server", row.lang, name=shown(tour.name), player=mention_player(str(uid)))))
        self.announcing.apply(out, row, tour, changes)
        return out

    async def organiser_action(self, ctx: Ctx, name: str, kind: str, *,
                               manager: bool = False, match: str | None = None,
                               player: int | str | None = None, winner: int | None = None,
                               tournament_id: int | None = None,
                               score: str | None = None) -> Outcome:
        """result / walkover / remove / pause / resume / finish / cancel, for the
        organiser only: ``remove`` takes a player out (``_remove``); every other kind is
        one step of ``STEPS`` applied under the tournament's lock, then announced.

        A result records the match score the organiser gives (``score``, the winner's
        first, as ``3-1``); without one the winner is recorded 1–0, never 0–0.  The same
        result entered again changes and announces nothing."""
        personal, _ = await self.core.langs(ctx)
        points = parse_score(score, winner is not None) if kind == "result" else (0, 0)
        row = await self._organised(ctx, name, tournament_id)
        if kind == "remove":
            return await self._remove(ctx, row, player, manager)
        order = Order(kind, (match or "").strip(), str(winner) if winner else None, points,
                      mention_player(str(ctx.user_id)), row.lang)

        def act(tr: Tournament) -> list[Change] | None:
            order.restart()  # run again on fresh state when the save lost a race
            self.core.check_organiser(tr, ctx, manager)
            step = STEPS.get(kind)
            if step is None:
                raise UserError("trn.unknown_action")
            return step(self, order, tr, self.core.now())

        row, tour, changes = await self.core.change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("ok", personal)),
                      stop_threads=order.stop)
        out.notices.append(Notice(row.channel_id, self._announcement(order, tour)))
        self.announcing.apply(out, row, tour, changes)
        return out

    async def _organised(self, ctx: Ctx, name: str,
                         tournament_id: int | None) -> TournamentRow:
        """The tournament an organiser's command names: by id (a button), else by name;
        only on the server the command came from."""
        if tournament_id is not None:
            async with self.core.store.read() as tx:
                found = await self.core.rows.tournament(tx, tournament_id)
            if found is None:
                raise UserError("trn.unknown", name=str(tournament_id))
            row = found
        else:
            row = await self.core.find(ctx.guild_id, name)
        if row.guild_id != ctx.guild_id:
            raise UserError("trn.unknown", name=shown(name))
        return row

    # -- the steps, one per kind: what each does to the tournament ---------------------------

    def _set_result(self, o: Order, tr: Tournament, now: datetime) -> list[Change]:
        """The score the organiser gives, the winner's first; a result already recorded
        is corrected (and the old one kept for the announcement)."""
        m = tr.pairing(o.match)
        was_open = m.status is Status.PENDING
        won, lost = o.points
        a_first = o.winner is None or o.winner == m.a
        a_pts, b_pts = (won, lost) if a_first else (lost, won)
        if tr.same_result(o.match, o.winner, a_pts, b_pts):
            raise UserError("trn.same_result", match=o.match,
                            result=self.texts.result_text(tr, o.match, o.lang))
        if m.status is Status.DONE:
            o.before = self.texts.result_text(tr, o.match, o.lang)
        changes = tr.set_result(o.match, o.winner, now, a_points=a_pts, b_points=b_pts)
        self._end_thread(o, tr, m, was_open)
        return changes

    def _walkover(self, o: Order, tr: Tournament, now: datetime) -> list[Change]:
        m = tr.pairing(o.match)
        was_open = m.status is Status.PENDING
        changes = tr.confirm_walkover(o.match, o.winner, now)
        self._end_thread(o, tr, m, was_open)
        return changes

    def _end_thread(self, o: Order, tr: Tournament, m: Pairing, was_open: bool) -> None:
        """A match decided by the organiser while its game ran: its thread says how."""
        if was_open and m.ref:
            o.stop.append(ThreadEnd(int(m.ref), t(
                f"trn.thread.{o.kind}", o.lang, who=o.who, match=o.match,
                result=self.texts.result_text(tr, o.match, o.lang))))

    def _pause(self, o: Order, tr: Tournament, now: datetime) -> None:
        tr.pause(now)

    def _resume(self, o: Order, tr: Tournament, now: datetime) -> list[Change]:
        return tr.resume(now)

    def _finish(self, o: Order, tr: Tournament, now: datetime) -> list[Change]:
        o.stop.extend(ThreadEnd(int(m.ref), t("trn.thread.finished", o.lang, who=o.who,
                                              match=m.id))
                      for m in tr.pending() if m.ref)
        return tr.finish(now)

    def _cancel(self, o: Order, tr: Tournament, now: datetime) -> list[Change]:
        return tr.cancel(now)

    def _announcement(self, o: Order, tour: Tournament) -> str:
        """What the tournament's channel is told the organiser did."""
        tname = shown(tour.name)
        if o.kind in ("result", "walkover"):
            m = tour.pairing(o.match)
            key = "trn.walkover_set" if o.kind == "walkover" else \
                "trn.result_corrected" if o.before is not None else "trn.result_set"
            return t(key, o.lang, name=tname, match=m.id, who=o.who, before=o.before or "",
                     result=self.texts.result_text(tour, m.id, o.lang))
        key = {"pause": "trn.paused", "resume": "trn.resumed",
               "cancel": "trn.cancelled_by"}.get(o.kind, "trn.ended_early")
        return t(key, o.lang, name=tname, who=o.who)

    async def _remove(self, ctx: Ctx, row: TournamentRow, player: int | str | None,
                      manager: bool) -> Outcome:
        """The organiser takes out anyone who ever joined (a member who has left the
        server included): ``player`` is the id the autocomplete offered, a mention, or a
        name exactly as listed."""
        personal, _ = await self.core.langs(ctx)
        tour = Tournament.from_json(row.data)
        self.core.check_organiser(tour, ctx, manager)
        pid = player_id(str(player)) if player is not None else None
        if pid is None or not tour.has_player(pid):
            typed = str(player or "").strip().casefold()
            named = [p.id for p in tour.players if p.name.casefold() == typed]
            if len(named) != 1:
                raise LeagueError("league.not_player")
            pid = named[0]
        out = await self.registration.withdraw_player(row, pid, "removed", who=mention_player(str(ctx.user_id)))
        out.reply = Reply(lang=personal, private=t("ok", personal))
        return out

    async def restart(self, ctx: Ctx, name: str, match: str, *,
                      manager: bool = False) -> Outcome:
        """A new game for an open match whose game was aborted, in the same thread."""
        personal, _ = await self.core.langs(ctx)
        row = await self.core.find(ctx.guild_id, name)
        tour = Tournament.from_json(row.data)
        self.core.check_organiser(tour, ctx, manager)
        pid = (match or "").strip()
        m = tour.pairing(pid)
        if m not in tour.pending() or m.b is None or tour.state is not State.RUNNING:
            raise UserError("trn.not_open", match=pid)
        if m.ref:
            async with self.core.store.read() as tx:
                if await tx.live_game(int(m.ref)) is not None:
                    raise UserError("trn.game_running", thread=channel(m.ref))
        out = Outcome(Reply(lang=personal, private=t("ok", personal)))
        self.announcing.apply(out, row, tour, [Change("round_opened", m.round, (m.id,))])
        out.notices.clear()
        out.matches = [replace(x, thread_id=int(m.ref) if m.ref else None)
                       for x in out.matches]
        return out


#: ``(service, order, tournament, now) -> the league's changes``: one organiser action.
Step = Callable[[Organising, Order, Tournament, datetime], list[Change] | None]

#: The organiser's actions by kind (``remove`` is ``Organising._remove``: it needs no lock
#: of its own, ``_withdraw`` takes it).
STEPS: dict[str, Step] = {
    "result": Organising._set_result,
    "walkover": Organising._walkover,
    "pause": Organising._pause,
    "resume": Organising._resume,
    "finish": Organising._finish,
    "cancel": Organising._cancel,
}
