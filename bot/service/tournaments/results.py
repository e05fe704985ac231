"""Results that come from outside a command: a tournament game's end, and the deadlines
(reminders before them, walkover proposals after)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.league.model import Change, Format, Status
from bot.league.tournament import Tournament
from bot.service.model import Reply, UserError
from bot.service.text import BUTTON_LABEL_LIMIT, channel, shown
from bot.service.tournaments.announcing import Announcing
from bot.service.tournaments.core import TournamentCore
from bot.service.tournaments.outcomes import Notice, Outcome, WalkoverChoice
from bot.service.tournaments.texts import Texts
from bot.service.tournaments.words import mention_player, stamp, uid
from bot.store import GameRow
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome as GameOutcome


class Results:
    """Games ended and deadlines passed."""

    def __init__(self, core: TournamentCore, texts: Texts, announcing: Announcing) -> None:
        self.core = core
        self.texts = texts
        self.announcing = announcing

    async def game_ended(self, row: GameRow) -> Outcome | None:
        """A tournament game's final row (the end listener): record it, pair on."""
        if row.tournament_id is None:
            return None
        tid = int(row.tournament_id)
        a, b = str(row.white_id), str(row.black_id)
        found: dict[str, Any] = {}

        def pairing_of(tr: Tournament) -> Any:
            m = tr.find_ref(str(row.channel_id))
            if m is None or m.status is not Status.PENDING:
                m = tr.pending_for(a)
            if m is None or m.status is not Status.PENDING or set(m.players) != {a, b}:
                return None
            return m

        def act(tr: Tournament) -> list[Change] | None:
            m = pairing_of(tr)
            if m is None or row.status != "over" or not row.result:
                found["pairing"] = m
                return None
            found["pairing"] = m
            match = Match.from_json(row.result["match"])
            side = Side.WHITE if m.a == a else Side.BLACK
            if match.winner is not None:
                return tr.report_match(m.id, match, side, self.core.now())
            # A one-game match ended by resigning: the game service ends it at its first
            # result although M-1 does not count a resignation as a game.
            last = GameOutcome.from_json(row.result["outcome"])
            winner = m.a if last.winner is side else m.b
            assert winner is not None
            return tr.report(m.id, winner, self.core.now(), a_points=match.score(side),
                             b_points=match.score(side.other))

        async with self.core.store.read() as tx:
            current = await self.core.rows.tournament(tx, tid)
        if current is None:
            return None
        if pairing_of(Tournament.from_json(current.data)) is None:
            return None  # decided another way already (walkover, result, finish)
        trow, tour, changes = await self.core.change(tid, act)
        m = found.get("pairing")
        out = Outcome(Reply())
        if m is None:
            return None
        if row.status != "over":
            out.notices.append(Notice(trow.channel_id, t(
                "trn.game_aborted", trow.lang, name=shown(tour.name), match=m.id,
                thread=channel(row.channel_id), organiser=mention_player(tour.organiser)),
                mentions=(uid(tour.organiser),)))
            return out
        out.notices.append(Notice(trow.channel_id, t(
            "trn.result", trow.lang, name=shown(tour.name), match=m.id,
            result=self.texts.result_text(tour, m.id, trow.lang))))
        self.announcing.apply(out, trow, tour, changes)
        return out

    # -- deadlines ---------------------------------------------------------------------------

    async def due(self) -> list[Outcome]:
        """Reminders before each open round's deadline, walkover proposals after it."""
        async with self.core.store.read() as tx:
            rows = await self.core.rows.running(tx)
        now = self.core.now()
        outs: list[Outcome] = []
        for row in rows:
            if not self.core.owns(row.guild_id) or not Tournament.from_json(row.data).due(now):
                continue
            events: list[Any] = []

            def act(tr: Tournament, events: list[Any] = events) -> None:
                # Handed out and saved in one version-checked write: of two processes
                # polling at once, the second re-polls the saved state and finds nothing.
                events[:] = tr.poll(now)

            try:
                row2, tour, _ = await self.core.change(row.id, act)
            except UserError:
                continue
            out = Outcome(Reply())
            lang = row2.lang
            for e in events:
                m = tour.pairing(e.pairing)
                if e.kind == "reminder":
                    out.notices.append(Notice(
                        int(m.ref) if m.ref else row2.channel_id,
                        t("trn.reminder", lang, name=shown(tour.name), match=m.id,
                          a=mention_player(m.a), b=mention_player(m.b), when=stamp(e.deadline),
                          rel=stamp(e.deadline, "R")),
                        mentions=tuple(uid(p) for p in m.players)))
                    continue
                choices = [WalkoverChoice(int(tour.id), m.id, uid(p), t(
                    "trn.btn.award", lang, name=self.texts.name(tour, p, "plain"))[:BUTTON_LABEL_LIMIT])
                    for p in m.players]
                if tour.format is not Format.SINGLE_ELIMINATION:
                    choices.append(WalkoverChoice(int(tour.id), m.id, 0,
                                                  t("trn.btn.both", lang)))
                out.notices.append(Notice(row2.channel_id, t(
                    "trn.walkover_due", lang, name=shown(tour.name), match=m.id,
                    a=mention_player(m.a), b=mention_player(m.b), organiser=mention_player(tour.organiser)),
                    mentions=(uid(tour.organiser),), choices=choices))
            outs.append(out)
        return outs
