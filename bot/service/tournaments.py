"""Tournaments for the bot: load a ``Tournament`` (bot/league), apply one action, save.

Discord-free like ``GameService``: each method takes a ``Ctx`` and answers with an
``Outcome`` — the reply to the command plus what the cog must do in the server
(announce in the tournament's channel, open a thread per new match and start its game
there, stop the game of a match decided another way).  Every change happens under the
tournament's lock and is saved in one transaction whose version check makes a stale
writer fail, so two results arriving together cannot both pair the next round.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.i18n import t
from bot.league.errors import LeagueError
from bot.league.model import Change, Format, State, Status
from bot.league.standings import Standing
from bot.league.tournament import Tournament
from bot.service.model import Ctx, Post, Reply, UserError
from bot.service.text import plain_name
from bot.store import Conflict, GameRow, Store, Tx
from bot.store import tournaments_sql as sql
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome as GameOutcome

log = logging.getLogger(__name__)
#: Saves of one tournament tried before a command is told it changed meanwhile.
STALE_ATTEMPTS = 3

#: ``(tx, guild_id, user_ids) -> {user_id: rating}``; the default asks the ratings store.
SeedSource = Callable[[Tx, int, list[int]], Awaitable[dict[int, float]]]


async def ratings_seed(tx: Tx, guild_id: int, user_ids: list[int]) -> dict[int, float]:
    """Ratings from the ratings store, if it exists; otherwise none (seed by join order)."""
    try:
        module = importlib.import_module("bot.store.ratings_sql")
    except ImportError:
        return {}
    ratings_for = getattr(module, "ratings_for", None)
    if ratings_for is None:
        return {}
    return dict(await ratings_for(tx, guild_id, user_ids))


@dataclass(frozen=True)
class Picture:
    """A standings table or bracket to draw (in a worker thread) from the tournament."""

    kind: str  # "standings" | "bracket"
    tournament: Tournament
    lang: str


@dataclass(frozen=True)
class WalkoverChoice:
    """A button for the organiser: award ``pairing`` to ``winner`` (0: both forfeit)."""

    tournament_id: int
    pairing: str
    winner: int
    label: str


@dataclass
class Notice:
    """A public message outside the command's reply (the tournament channel, a thread)."""

    channel_id: int
    text: str
    mentions: tuple[int, ...] = ()
    choices: list[WalkoverChoice] = field(default_factory=list)
    picture: Picture | None = None


@dataclass(frozen=True)
class MatchToOpen:
    """A new pairing: open a public thread in ``channel_id``, post ``intro`` there, set
    the pairing's ref to the thread and start the game with ``start_arranged``."""

    tournament_id: int
    pairing: str
    guild_id: int
    channel_id: int
    white_id: int
    black_id: int
    rules: str
    match_length: int
    thread_name: str
    intro: str
    lang: str
    thread_id: int | None = None  # set: restart the match in its existing thread


@dataclass
class Outcome:
    reply: Reply
    picture: Picture | None = None  # goes with the reply's public post
    notices: list[Notice] = field(default_factory=list)
    matches: list[MatchToOpen] = field(default_factory=list)
    stop_threads: list[int] = field(default_factory=list)  # their live game must end


def _uid(player: str | None) -> int:
    return int(player) if player else 0


def _parse_score(text: str | None, has_winner: bool) -> tuple[int, int]:
    """``"3-1"`` -> (3, 1), the winner's score first; none given: 1–0 (0–0 for a
    double forfeit)."""
    if not text or not text.strip():
        return (1, 0) if has_winner else (0, 0)
    m = re.fullmatch(r"\s*(\d{1,3})\s*[-–:]\s*(\d{1,3})\s*", text)
    if not m:
        raise UserError("trn.bad_score", score=text[:20])
    won, lost = int(m.group(1)), int(m.group(2))
    if has_winner and won <= lost:
        raise UserError("trn.bad_score", score=text[:20])
    return won, lost


def _mention(player: str | None) -> str:
    return f"<@{player}>" if player else "—"


def _ts(when: datetime | None, style: str = "f") -> str:
    return f"<t:{int(when.timestamp())}:{style}>" if when else ""


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


class TournamentService:
    def __init__(self, store: Store, *, clock: Callable[[], float],
                 seed_source: SeedSource = ratings_seed,
                 langs: Callable[[Ctx], Awaitable[tuple[str, str]]] | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self.store = store
        #: Whether this process runs the guild's shard: the deadline loop skips the rest.
        self.owns = owns
        self.clock = clock
        self.seed_source = seed_source
        self._langs = langs
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- plumbing ---------------------------------------------------------------------

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    async def langs(self, ctx: Ctx) -> tuple[str, str]:
        if self._langs is None:
            return "en", "en"
        return await self._langs(ctx)

    async def _find(self, guild_id: int | None, name: str) -> sql.TournamentRow:
        if guild_id is None:
            raise UserError("trn.guild_only")
        async with self.store.read() as tx:
            row = await sql.by_name(tx, guild_id, name or "")
        if row is None:
            raise UserError("trn.unknown", name=(name or "").strip()[:100])
        return row

    async def _change(self, tid: int,
                      action: Callable[[Tournament], list[Change] | None], *,
                      attempts: int = STALE_ATTEMPTS,
                      ) -> tuple[sql.TournamentRow, Tournament, list[Change]]:
        """Load, apply, save; nothing is written when ``action`` raises.

        The save is version-checked: when another writer (another process, on a shared
        PostgreSQL database) saved the tournament in between, ``action`` runs again on
        the fresh state, so a result reported at the same moment as another is not lost
        and a round is paired once, by whichever save lands second seeing the first.
        ``action`` must therefore depend only on the tournament it is given.
        """
        async with self._locks[tid]:
            for attempt in range(attempts):
                async with self.store.read() as tx:
                    row = await sql.tournament(tx, tid)
                if row is None:
                    raise UserError("trn.unknown", name=str(tid))
                tour = Tournament.from_json(row.data)
                changes = action(tour) or []
                try:
                    async with self.store.transaction() as tx:
                        saved = await sql.save(tx, tid, row.version, state=tour.state.value,
                                               data=tour.to_json(), now=self.clock())
                except Conflict:
                    saved = False
                if saved:
                    return row, tour, changes
                log.info("tournament %s changed meanwhile (attempt %d)", tid, attempt + 1)
            raise UserError("trn.stale")

    def _check_organiser(self, tour: Tournament, ctx: Ctx, manager: bool) -> None:
        if not (manager or tour.is_organiser(str(ctx.user_id))):
            raise UserError("trn.not_organiser", who=_mention(tour.organiser))

    # -- registration -------------------------------------------------------------------

    async def create(self, ctx: Ctx, *, name: str, format: str, rounds: int | None,
                     rules: str | None, match_length: int, max_players: int | None,
                     deadline_hours: int | None, tiebreak: str = "buchholz",
                     default_rules: str = "talisman") -> Outcome:
        personal, public = await self.langs(ctx)
        if ctx.guild_id is None:
            raise UserError("trn.guild_only")
        name = (name or "").strip()
        now = self.now()
        tour = Tournament.create(
            "0", name, format, str(ctx.user_id), rules=rules or default_rules,
            match_length=match_length, max_players=max_players, swiss_rounds=rounds,
            tiebreak=tiebreak,
            round_time=timedelta(hours=deadline_hours) if deadline_hours else None, now=now)
        try:
            async with self.store.transaction() as tx:
                if await sql.live_name_taken(tx, ctx.guild_id, name):
                    raise UserError("trn.name_taken", name=name)
                tid = await sql.insert_tournament(
                    tx, guild_id=ctx.guild_id, channel_id=ctx.channel_id, name=name,
                    state=tour.state.value, lang=public, data=tour.to_json(),
                    now=self.clock())
                tour.id = str(tid)
                await sql.save(tx, tid, 0, state=tour.state.value, data=tour.to_json(),
                               now=self.clock())
        except Conflict:  # the live-name key: the same name created at the same moment
            raise UserError("trn.name_taken", name=name) from None
        text = t("trn.created", public, who=_mention(str(ctx.user_id)), name=tour.name,
                 settings=self._settings_text(tour, public))
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    def _settings_text(self, tour: Tournament, lang: str) -> str:
        parts = [t(f"trn.format.{tour.format.value}", lang)]
        if tour.format is Format.SWISS:
            parts[0] += " " + t("trn.rounds", lang, n=tour.swiss_rounds)
            parts.append(t(f"trn.tiebreak.{tour.tiebreak}", lang))
        parts.append(f"`{tour.rules}`")
        parts.append(t("trn.match_length", lang, n=tour.match_length))
        if tour.max_players:
            parts.append(t("trn.limit", lang, n=tour.max_players))
        if tour.round_time:
            parts.append(t("trn.deadline", lang,
                           hours=_num(tour.round_time.total_seconds() / 3600)))
        return ", ".join(parts)

    async def join(self, ctx: Ctx, name: str, display_name: str) -> Outcome:
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)

        def act(tr: Tournament) -> None:
            tr.join(str(ctx.user_id), display_name)

        _, tour, _ = await self._change(row.id, act)
        text = t("trn.joined", row.lang, who=_mention(str(ctx.user_id)), name=tour.name,
                 n=len(tour.players),
                 limit=f"/{tour.max_players}" if tour.max_players else "")
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    async def leave(self, ctx: Ctx, name: str) -> Outcome:
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
        _, tour, _ = await self._change(row.id, lambda tr: tr.leave(str(ctx.user_id)))
        return Outcome(Reply(lang=personal, private=t("trn.left", personal, name=tour.name)))

    # -- organiser ----------------------------------------------------------------------

    async def start(self, ctx: Ctx, name: str, *, manager: bool = False) -> Outcome:
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
        snapshot = Tournament.from_json(row.data)
        self._check_organiser(snapshot, ctx, manager)
        ids = [int(p.id) for p in snapshot.players]
        async with self.store.read() as tx:
            found = await self.seed_source(tx, row.guild_id, ids) if ids else {}
        ratings = {str(k): float(v) for k, v in found.items()}
        if ratings:  # unrated members are seeded after every rated one, by join order
            floor = min(ratings.values()) - 1.0
            ratings.update({str(i): floor for i in ids if str(i) not in ratings})

        def act(tr: Tournament) -> list[Change]:
            self._check_organiser(tr, ctx, manager)
            return tr.start(self.now(), ratings)

        row, tour, changes = await self._change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("trn.started_private", personal,
                                                     name=tour.name)))
        self._apply(out, row, tour, changes)
        return out

    async def organiser_action(self, ctx: Ctx, name: str, kind: str, *,
                               manager: bool = False, match: str | None = None,
                               player: int | None = None, winner: int | None = None,
                               tournament_id: int | None = None,
                               score: str | None = None) -> Outcome:
        """result / walkover / remove / pause / resume / finish, for the organiser only.

        A result records the match score the organiser gives (``score``, the winner's
        first, as ``3-1``); without one the winner is recorded 1–0, never 0–0."""
        personal, _ = await self.langs(ctx)
        points = _parse_score(score, winner is not None) if kind == "result" else (0, 0)
        if tournament_id is not None:
            async with self.store.read() as tx:
                found = await sql.tournament(tx, tournament_id)
            if found is None:
                raise UserError("trn.unknown", name=str(tournament_id))
            row = found
        else:
            row = await self._find(ctx.guild_id, name)
        if row.guild_id != ctx.guild_id:
            raise UserError("trn.unknown", name=name)
        stop: list[int] = []
        win = str(winner) if winner else None

        def act(tr: Tournament) -> list[Change] | None:
            stop.clear()  # run again on fresh state when the save lost a race
            self._check_organiser(tr, ctx, manager)
            now = self.now()
            if kind in ("result", "walkover"):
                pid = (match or "").strip()
                m = tr.pairing(pid)
                if kind == "result":
                    won, lost = points
                    a_first = win is None or win == m.a
                    changes = tr.set_result(pid, win, now,
                                            a_points=won if a_first else lost,
                                            b_points=lost if a_first else won)
                else:
                    changes = tr.confirm_walkover(pid, win, now)
                if m.ref:
                    stop.append(int(m.ref))
                return changes
            if kind == "remove":
                pid = str(player)
                m = tr.pending_for(pid) if tr.has_player(pid) else None
                changes = tr.remove_player(pid, now)
                if m is not None and m.ref:
                    stop.append(int(m.ref))
                return changes
            if kind == "pause":
                tr.pause(now)
                return None
            if kind == "resume":
                return tr.resume(now)
            if kind == "finish":
                stop.extend(int(m.ref) for m in tr.pending() if m.ref)
                return tr.finish(now)
            raise UserError("trn.unknown_action")

        row, tour, changes = await self._change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("ok", personal)), stop_threads=stop)
        lang = row.lang
        who = _mention(str(ctx.user_id))
        if kind in ("result", "walkover"):
            m = tour.pairing((match or "").strip())
            key = "trn.walkover_set" if kind == "walkover" else "trn.result_set"
            out.notices.append(Notice(row.channel_id, t(
                key, lang, name=tour.name, match=m.id, who=who,
                result=self._result_text(tour, m.id, lang))))
        elif kind == "remove":
            out.notices.append(Notice(row.channel_id, t(
                "trn.removed", lang, name=tour.name, who=who, player=_mention(str(player)))))
        else:
            key = {"pause": "trn.paused", "resume": "trn.resumed"}.get(kind,
                                                                      "trn.ended_early")
            out.notices.append(Notice(row.channel_id, t(key, lang, name=tour.name, who=who)))
        self._apply(out, row, tour, changes)
        return out

    async def restart(self, ctx: Ctx, name: str, match: str, *,
                      manager: bool = False) -> Outcome:
        """A new game for an open match whose game was aborted, in the same thread."""
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
        tour = Tournament.from_json(row.data)
        self._check_organiser(tour, ctx, manager)
        pid = (match or "").strip()
        m = tour.pairing(pid)
        if m not in tour.pending() or m.b is None or tour.state is not State.RUNNING:
            raise UserError("trn.not_open", match=pid)
        if m.ref:
            async with self.store.read() as tx:
                if await tx.live_game(int(m.ref)) is not None:
                    raise UserError("trn.game_running", thread=f"<#{m.ref}>")
        out = Outcome(Reply(lang=personal, private=t("ok", personal)))
        self._apply(out, row, tour, [Change("round_opened", m.round, (m.id,))])
        out.notices.clear()
        out.matches = [replace(x, thread_id=int(m.ref) if m.ref else None)
                       for x in out.matches]
        return out

    # -- looking --------------------------------------------------------------------------

    async def show(self, ctx: Ctx, name: str, kind: str) -> Outcome:
        """Standings or bracket: a picture plus the table as text."""
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
        tour = Tournament.from_json(row.data)
        if kind == "bracket":
            text = self._bracket_text(tour, personal)
        else:
            text = self._standings_text(tour, personal)
        return Outcome(Reply(lang=personal, posts=[Post(text)]),
                       picture=Picture(kind, tour, personal))

    def _state_text(self, tour: Tournament, lang: str) -> str:
        if tour.state is State.REGISTRATION:
            return t("trn.state.registration", lang, n=len(tour.players))
        if tour.state is State.FINISHED:
            return t("trn.state.finished", lang)
        key = "trn.state.paused" if tour.state is State.PAUSED else "trn.state.running"
        return t(key, lang, n=tour.current, total=tour.total_rounds or "?")

    def _standings_text(self, tour: Tournament, lang: str, *, final: bool = False) -> str:
        head = t("trn.final_standings" if final else "trn.standings", lang, name=tour.name,
                 state=self._state_text(tour, lang))
        if not tour.players:
            return head + "\n" + t("trn.no_players", lang)
        return head + "\n" + self.table(tour, lang)

    def table(self, tour: Tournament, lang: str) -> str:
        """A fixed-width table: place, player, score and the tie-breaks that order it."""
        rows: list[Standing] = tour.standings() if tour.state is not State.REGISTRATION \
            else []
        if not rows:
            return "\n".join(f"{i}. {p.name}" for i, p in enumerate(tour.players, 1))
        if tour.format is Format.SWISS:
            other = "median_buchholz" if tour.tiebreak == "buchholz" else "buchholz"
            cols = [(t(f"trn.col.{tour.tiebreak}", lang), tour.tiebreak),
                    (t(f"trn.col.{other}", lang), other)]
        elif tour.format is Format.ROUND_ROBIN:
            cols = [(t("trn.col.sonneborn_berger", lang), "sonneborn_berger")]
        else:
            cols = []
        width = max(len(s.name) for s in rows)
        width = min(max(width, 6), 24)
        header = f"{'#':>2}  {t('trn.col.player', lang):<{width}}  " \
                 f"{t('trn.col.score', lang):>5}" + "".join(f"  {c:>5}" for c, _ in cols) + \
                 f"  {t('trn.col.record', lang)}"
        lines = [header]
        for s in rows:
            lines.append(f"{s.place:>2}  {s.name[:width]:<{width}}  {_num(s.score):>5}"
                         + "".join(f"  {_num(getattr(s, k)):>5}" for _, k in cols)
                         + f"  {s.wins}–{s.losses}" + (" ✗" if s.withdrawn else ""))
        return "```\n" + "\n".join(lines) + "\n```"

    def _bracket_text(self, tour: Tournament, lang: str) -> str:
        head = t("trn.bracket", lang, name=tour.name, state=self._state_text(tour, lang))
        if tour.state is State.REGISTRATION:
            return head + "\n" + t("trn.not_started_yet", lang)
        lines = [head]
        for r in tour.rounds:
            if not r.is_open:
                continue
            lines.append(t("trn.round_head", lang, n=r.number))
            for m in r.pairings:
                lines.append("• " + self._pairing_line(tour, m.id, lang))
        return "\n".join(lines)

    def _name(self, tour: Tournament, pid: str | None) -> str:
        if pid is None:
            return "—"
        try:
            return tour.player(pid).name
        except LeagueError:
            return pid

    def _pairing_line(self, tour: Tournament, pid: str, lang: str) -> str:
        m = tour.pairing(pid)
        if m.is_bye:
            return t("trn.line.bye", lang, match=m.id, a=self._name(tour, m.a))
        base = t("trn.line", lang, match=m.id, a=self._name(tour, m.a),
                 b=self._name(tour, m.b))
        if m.status is Status.PENDING:
            return base
        if m.status is Status.CANCELLED:
            return base + " — " + t("trn.cancelled", lang)
        return base + " — " + self._result_text(tour, m.id, lang)

    def _result_text(self, tour: Tournament, pid: str, lang: str) -> str:
        m = tour.pairing(pid)
        if m.winner is None:
            return t("trn.double_forfeit", lang)
        loser = m.opponent(m.winner)
        if m.walkover:
            return t("trn.won_walkover", lang, winner=self._name(tour, m.winner),
                     loser=self._name(tour, loser))
        return t("trn.won", lang, winner=self._name(tour, m.winner),
                 loser=self._name(tour, loser), w=m.points_of(m.winner),
                 l=m.points_of(loser) if loser else 0)

    # -- after an action: announcements, threads ------------------------------------------

    def _apply(self, out: Outcome, row: sql.TournamentRow, tour: Tournament,
               changes: list[Change]) -> None:
        lang = row.lang
        for c in changes:
            if c.kind == "round_opened":
                r = tour.rounds[(c.round or 1) - 1]
                lines = [t("trn.round_opened", lang, name=tour.name, n=r.number,
                           total=tour.total_rounds or "?")]
                for m in r.pairings:
                    if m.status is Status.PENDING:
                        lines.append("• " + t("trn.line.mention", lang, match=m.id,
                                              a=_mention(m.a), b=_mention(m.b)))
                    elif m.is_bye:
                        lines.append("• " + t("trn.line.bye", lang, match=m.id,
                                              a=_mention(m.a)))
                if r.deadline:
                    lines.append(t("trn.round_deadline", lang, when=_ts(r.deadline)))
                out.notices.append(Notice(row.channel_id, "\n".join(lines)))
                for pid in c.pairings:
                    m = tour.pairing(pid)
                    assert m.b is not None
                    intro = t("trn.intro", lang, name=tour.name, n=r.number, match=m.id,
                              a=_mention(m.a), b=_mention(m.b), rules=tour.rules,
                              length=tour.match_length)
                    if r.deadline:
                        intro += "\n" + t("trn.intro_deadline", lang, when=_ts(r.deadline),
                                          rel=_ts(r.deadline, "R"))
                    out.matches.append(MatchToOpen(
                        int(tour.id), m.id, row.guild_id, row.channel_id, int(m.a), int(m.b),
                        tour.rules, tour.match_length,
                        plain_name(f"{plain_name(tour.name, 40)} {m.id}: "
                                   f"{plain_name(self._name(tour, m.a), 25)} – "
                                   f"{plain_name(self._name(tour, m.b), 25)}"), intro, lang))
            elif c.kind == "walkover":
                for pid in c.pairings:
                    out.notices.append(Notice(row.channel_id, t(
                        "trn.auto_walkover", lang, name=tour.name, match=pid,
                        result=self._result_text(tour, pid, lang))))
            elif c.kind == "finished":
                champion = tour.champion
                text = t("trn.finished", lang, name=tour.name,
                         champion=_mention(champion) if champion else "—")
                text += "\n" + self._standings_text(tour, lang, final=True)
                out.notices.append(Notice(row.channel_id, text,
                                          mentions=(_uid(champion),) if champion else (),
                                          picture=Picture("standings", tour, lang)))

    async def set_ref(self, tournament_id: int, pairing: str, thread_id: int) -> None:
        await self._change(tournament_id, lambda tr: tr.set_ref(pairing, str(thread_id)))

    # -- results from games ---------------------------------------------------------------

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
                return tr.report_match(m.id, match, side, self.now())
            # A one-game match ended by resigning: the game service ends it at its first
            # result although M-1 does not count a resignation as a game.
            last = GameOutcome.from_json(row.result["outcome"])
            winner = m.a if last.winner is side else m.b
            assert winner is not None
            return tr.report(m.id, winner, self.now(), a_points=match.score(side),
                             b_points=match.score(side.other))

        async with self.store.read() as tx:
            current = await sql.tournament(tx, tid)
        if current is None:
            return None
        if pairing_of(Tournament.from_json(current.data)) is None:
            return None  # decided another way already (walkover, result, finish)
        trow, tour, changes = await self._change(tid, act)
        m = found.get("pairing")
        out = Outcome(Reply())
        if m is None:
            return None
        if row.status != "over":
            out.notices.append(Notice(trow.channel_id, t(
                "trn.game_aborted", trow.lang, name=tour.name, match=m.id,
                thread=f"<#{row.channel_id}>", organiser=_mention(tour.organiser)),
                mentions=(_uid(tour.organiser),)))
            return out
        out.notices.append(Notice(trow.channel_id, t(
            "trn.result", trow.lang, name=tour.name, match=m.id,
            result=self._result_text(tour, m.id, trow.lang))))
        self._apply(out, trow, tour, changes)
        return out

    # -- deadlines ---------------------------------------------------------------------------

    async def due(self) -> list[Outcome]:
        """Reminders before each open round's deadline, walkover proposals after it."""
        async with self.store.read() as tx:
            rows = await sql.running(tx)
        now = self.now()
        outs: list[Outcome] = []
        for row in rows:
            if not self.owns(row.guild_id) or not Tournament.from_json(row.data).due(now):
                continue
            events: list[Any] = []

            def act(tr: Tournament, events: list[Any] = events) -> None:
                # Handed out and saved in one version-checked write: of two processes
                # polling at once, the second re-polls the saved state and finds nothing.
                events[:] = tr.poll(now)

            try:
                row2, tour, _ = await self._change(row.id, act)
            except UserError:
                continue
            out = Outcome(Reply())
            lang = row2.lang
            for e in events:
                m = tour.pairing(e.pairing)
                if e.kind == "reminder":
                    out.notices.append(Notice(
                        int(m.ref) if m.ref else row2.channel_id,
                        t("trn.reminder", lang, name=tour.name, match=m.id,
                          a=_mention(m.a), b=_mention(m.b), when=_ts(e.deadline),
                          rel=_ts(e.deadline, "R")),
                        mentions=tuple(_uid(p) for p in m.players)))
                    continue
                choices = [WalkoverChoice(int(tour.id), m.id, _uid(p), t(
                    "trn.btn.award", lang, name=self._name(tour, p))[:80])
                    for p in m.players]
                if tour.format is not Format.SINGLE_ELIMINATION:
                    choices.append(WalkoverChoice(int(tour.id), m.id, 0,
                                                  t("trn.btn.both", lang)))
                out.notices.append(Notice(row2.channel_id, t(
                    "trn.walkover_due", lang, name=tour.name, match=m.id,
                    a=_mention(m.a), b=_mention(m.b), organiser=_mention(tour.organiser)),
                    mentions=(_uid(tour.organiser),), choices=choices))
            outs.append(out)
        return outs

    async def listing(self, ctx: Ctx) -> Outcome:
        """``/tournament list``: the server's tournaments, status, players and format."""
        personal, _ = await self.langs(ctx)
        if ctx.guild_id is None:
            raise UserError("trn.guild_only")
        async with self.store.read() as tx:
            rows = await sql.of_guild(tx, ctx.guild_id)
        if not rows:
            return Outcome(Reply(lang=personal, private=t("trn.list.none", personal)))
        lines = [t("trn.list.head", personal, n=len(rows))]
        for row in rows:
            tour = Tournament.from_json(row.data)
            lines.append(t("trn.list.line", personal, name=tour.name,
                           state=self._state_text(tour, personal), n=len(tour.players),
                           settings=self._settings_text(tour, personal)))
        return Outcome(Reply(lang=personal, private="\n".join(lines)[:1990]))

    # -- autocomplete ----------------------------------------------------------------------

    async def names(self, guild_id: int | None, typed: str) -> list[str]:
        if guild_id is None:
            return []
        async with self.store.read() as tx:
            return await sql.names(tx, guild_id, typed.strip())

    async def open_matches(self, guild_id: int | None, name: str, typed: str,
                           lang: str) -> list[tuple[str, str]]:
        """(label, pairing id) of the open round's undecided matches."""
        if guild_id is None or not name:
            return []
        async with self.store.read() as tx:
            row = await sql.by_name(tx, guild_id, name)
        if row is None:
            return []
        tour = Tournament.from_json(row.data)
        r = tour.round
        if r is None:
            return []
        out = [(self._pairing_line(tour, m.id, lang)[:100], m.id) for m in r.pairings
               if not m.is_bye]
        return [o for o in out if typed.lower() in o[0].lower()][:25]
