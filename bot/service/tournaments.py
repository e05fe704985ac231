"""Tournaments for the bot: load a ``Tournament`` (bot/league), apply one action, save.

Discord-free like ``GameService``: each method takes a ``Ctx`` and answers with an
``Outcome`` — the reply to the command plus what the cog must do in the server
(announce in the tournament's channel, open a thread per new match and start its game
there, end the thread of a match decided another way with a note saying how).  Every
change happens under the tournament's lock and is saved in one transaction whose version
check makes a stale writer fail, so two results arriving together cannot both pair the
next round.

Every name a member typed (the tournament's, a nickname) goes out through
``bot.service.text``: ``shown`` in messages,
``plain_name`` in thread names, button labels and autocomplete choices.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.i18n import TABLES, t
from bot.league.errors import LeagueError
from bot.league.model import Change, Format, Pairing, State, Status
from bot.league.standings import decided_by
from bot.league.tournament import Tournament
from bot.service.match_words import terms
from bot.service.model import Ctx, Post, Reply, UserError
from bot.service.text import (
    BUTTON_LABEL_LIMIT,
    CHOICE_LIMIT,
    CHOICES,
    clip,
    mention,
    plain_name,
    shown,
)
from bot.store import Conflict, Database, GameRow, Tx, ratings_sql
from bot.store import tournaments_sql as sql
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome as GameOutcome

log = logging.getLogger(__name__)
#: Saves of one tournament tried before a command is told it changed meanwhile.
STALE_ATTEMPTS = 3

#: ``(guild_id, user_ids) -> the ids no longer in the server``: the command layer asks
#: Discord, one member look-up each (the bot has no privileged Members intent).
Gone = Callable[[int, list[int]], Awaitable[set[int]]]

#: ``(tx, guild_id, user_ids) -> {user_id: rating}``; the default asks the ratings store.
SeedSource = Callable[[Tx, int, list[int]], Awaitable[dict[int, float]]]


async def ratings_seed(tx: Tx, guild_id: int, user_ids: list[int]) -> dict[int, float]:
    """The players' ratings on this server (1500 for a newcomer), to seed by."""
    return await ratings_sql.ratings_for(tx, guild_id, user_ids)


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


@dataclass(frozen=True)
class WithdrawChoice:
    """The button under ``/tournament leave`` after the start: ``user`` withdraws."""

    tournament_id: int
    user: int
    label: str


@dataclass(frozen=True)
class ThreadEnd:
    """A match decided other than by its game: stop the game in ``thread_id`` (if one is
    live), post ``text`` there (what happened, in the tournament's language) and archive
    the thread."""

    thread_id: int
    text: str


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
    stop_threads: list[ThreadEnd] = field(default_factory=list)
    confirm: WithdrawChoice | None = None  # a button under the private reply


def _uid(player: str | None) -> int:
    return int(player) if player else 0


def _parse_score(text: str | None, has_winner: bool) -> tuple[int, int]:
    """``"3-1"`` -> (3, 1), the winner's score first; none given: 1–0 (0–0 for a
    double forfeit).  Whether the match could end so is the league's check
    (``Tournament.check_score``)."""
    if not text or not text.strip():
        return (1, 0) if has_winner else (0, 0)
    m = re.fullmatch(r"\s*(\d{1,4})\s*[-–:]\s*(\d{1,4})\s*", text)
    if not m:
        raise UserError("trn.bad_score", score=text[:20])
    return int(m.group(1)), int(m.group(2))


def _count(key: str, lang: str, n: int, **params: Any) -> str:
    """``key`` with ``n``, in its ``.one`` form for 1 where the language has one."""
    one = f"{key}.one"
    table = TABLES["sv" if lang == "sv" else "en"]
    return t(one if n == 1 and one in table else key, lang, n=n, **params)


def _player_id(text: str | None) -> str | None:
    """An id from the player option: the autocompleted id, a mention or a raw id."""
    m = re.fullmatch(r"\s*(?:<@!?)?(\d{1,20})>?\s*", text or "")
    return m.group(1) if m else None


def _mention(player: str | None) -> str:
    """A tournament player (their id as the league keeps it) mentioned; "—" for none."""
    return mention(player) if player else "—"


def _ts(when: datetime | None, style: str = "f") -> str:
    return f"<t:{int(when.timestamp())}:{style}>" if when else ""


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


class TournamentService:
    def __init__(self, store: Database, *, clock: Callable[[], float],
                 seed_source: SeedSource = ratings_seed,
                 langs: Callable[[Ctx], Awaitable[tuple[str, str]]] | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 gone: Gone | None = None) -> None:
        self.store = store
        #: Which of a server's members have left it (the command layer asks Discord).
        self.gone = gone
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
                left = await self._leaving(row, action)
                tour = Tournament.from_json(row.data)
                changes = [*tour.depart(left), *(action(tour) or [])]
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

    async def _leaving(self, row: sql.TournamentRow,
                       action: Callable[[Tournament], list[Change] | None]) -> list[str]:
        """The players to withdraw before ``action`` runs: when it would pair a Swiss
        round (tried first on a copy), everyone still in the tournament is looked up,
        and those who left the server are not paired (issue 30, 3: without this they
        were paired, and their opponent got a walkover instead of a game).  Knockouts
        and round robins have a fixed draw: their look-up when a match opens decides
        the same walkover."""
        trial = Tournament.from_json(row.data)
        if self.gone is None or trial.format is not Format.SWISS \
                or trial.state not in (State.RUNNING, State.PAUSED):
            return []
        try:
            tried = action(trial) or []
        except Exception:  # the action itself refuses: it will again, on the real state
            return []
        if not any(c.kind == "round_opened" for c in tried):
            return []
        ids = [int(p.id) for p in Tournament.from_json(row.data).players if not p.withdrawn]
        return sorted(str(u) for u in await self.gone(row.guild_id, ids))

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
                    raise UserError("trn.name_taken", name=shown(name))
                tid = await sql.insert_tournament(
                    tx, guild_id=ctx.guild_id, channel_id=ctx.channel_id, name=name,
                    state=tour.state.value, lang=public, data=tour.to_json(),
                    now=self.clock())
                tour.id = str(tid)
                await sql.save(tx, tid, 0, state=tour.state.value, data=tour.to_json(),
                               now=self.clock())
        except Conflict:  # the live-name key: the same name created at the same moment
            raise UserError("trn.name_taken", name=shown(name)) from None
        text = t("trn.created", public, who=_mention(str(ctx.user_id)), name=shown(tour.name),
                 settings=self._settings_text(tour, public))
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    def _settings_text(self, tour: Tournament, lang: str) -> str:
        parts = [t(f"trn.format.{tour.format.value}", lang)]
        if tour.format is Format.SWISS:
            parts[0] += " " + _count("trn.rounds", lang, tour.swiss_rounds or 0)
            parts.append(t(f"trn.tiebreak.{tour.tiebreak}", lang))
        parts.append(f"`{tour.rules}`")
        parts.append(_count("trn.match_length", lang, tour.match_length))
        if tour.max_players:
            parts.append(t("trn.limit", lang, n=tour.max_players))
        if tour.round_time:
            parts.append(t("trn.deadline", lang,
                           hours=_num(tour.round_time.total_seconds() / 3600)))
        return ", ".join(parts)

    @staticmethod
    def _players_text(tour: Tournament, lang: str) -> str:
        n = len(tour.players)
        if tour.max_players and tour.state is State.REGISTRATION:
            return t("trn.players.of", lang, n=n, limit=tour.max_players)
        return _count("trn.players", lang, n)

    async def join(self, ctx: Ctx, name: str, display_name: str) -> Outcome:
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)

        def act(tr: Tournament) -> None:
            tr.join(str(ctx.user_id), display_name)

        _, tour, _ = await self._change(row.id, act)
        text = t("trn.joined", row.lang, who=_mention(str(ctx.user_id)), name=shown(tour.name),
                 players=self._players_text(tour, row.lang))
        return Outcome(Reply(lang=personal, posts=[Post(text)]))

    async def leave(self, ctx: Ctx, name: str) -> Outcome:
        """Before the start, leave; afterwards a button to withdraw (it cannot be undone,
        so it is asked for once more)."""
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
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
        _, tour, _ = await self._change(row.id, lambda tr: tr.leave(str(ctx.user_id)))
        return Outcome(Reply(lang=personal, private=t("trn.left", personal,
                                                      name=shown(tour.name))))

    async def withdraw(self, ctx: Ctx, tournament_id: int, user: int) -> Outcome:
        """The withdraw button: ``user`` (and only they) leaves a running tournament."""
        personal, _ = await self.langs(ctx)
        if ctx.user_id != user:
            raise UserError("trn.not_yours", who=_mention(str(user)))
        async with self.store.read() as tx:
            row = await sql.tournament(tx, tournament_id)
        if row is None or row.guild_id != ctx.guild_id:
            raise UserError("trn.unknown", name=str(tournament_id))
        out = await self._withdraw(row, str(user), "withdrew", who=None)
        out.reply = Reply(lang=personal, private=t(
            "trn.withdrew_private", personal, name=shown(Tournament.from_json(row.data).name)))
        return out

    async def departed(self, guild_id: int, user_id: int, *,
                       tournament_id: int | None = None) -> list[Outcome]:
        """A member who is no longer in the server (banned, or found gone when their
        match was to open) is withdrawn from the server's unfinished tournaments."""
        async with self.store.read() as tx:
            if tournament_id is not None:
                one = await sql.tournament(tx, tournament_id)
                rows = [one] if one is not None else []
            else:
                rows = await sql.unfinished(tx, guild_id)
        outs: list[Outcome] = []
        for row in rows:
            tour = Tournament.from_json(row.data)
            if row.guild_id != guild_id or not tour.has_player(str(user_id)) \
                    or tour.player(str(user_id)).withdrawn or tour.state is State.FINISHED:
                continue
            try:
                outs.append(await self._withdraw(row, str(user_id), "left_server", who=None))
            except (LeagueError, UserError):
                log.info("could not withdraw %s from tournament %s", user_id, row.id)
        return outs

    async def _withdraw(self, row: sql.TournamentRow, player: str, how: str, *,
                        who: str | None) -> Outcome:
        """Take ``player`` out (``how``: "removed" by ``who``, "withdrew", "left_server"):
        their open match a walkover, told in its thread, which is then archived."""
        found: dict[str, Pairing | None] = {}

        def act(tr: Tournament) -> list[Change]:
            found["pairing"] = tr.pending_for(player) if tr.has_player(player) else None
            return tr.remove_player(player, self.now())

        row, tour, changes = await self._change(row.id, act)
        lang = row.lang
        out = Outcome(Reply())
        key = {"removed": "trn.removed", "withdrew": "trn.withdrew",
               "left_server": "trn.left_server"}[how]
        out.notices.append(Notice(row.channel_id, t(
            key, lang, name=shown(tour.name), who=who or "", player=_mention(player))))
        m = found.get("pairing")
        if m is not None and m.ref:
            out.stop_threads.append(ThreadEnd(int(m.ref), t(
                f"trn.thread.{how}", lang, who=who or "", player=_mention(player),
                match=m.id, result=self._result_text(tour, m.id, lang))))
        self._apply(out, row, tour, changes)
        return out

    # -- organiser ----------------------------------------------------------------------

    async def start(self, ctx: Ctx, name: str, *, manager: bool = False) -> Outcome:
        """Seed and pair round one; registered players no longer in the server (the
        command layer's look-up, ``gone``) are dropped first."""
        personal, _ = await self.langs(ctx)
        row = await self._find(ctx.guild_id, name)
        snapshot = Tournament.from_json(row.data)
        self._check_organiser(snapshot, ctx, manager)
        ids = [int(p.id) for p in snapshot.players]
        left = await self.gone(row.guild_id, ids) \
            if self.gone is not None and snapshot.state is State.REGISTRATION else set()
        async with self.store.read() as tx:
            found = await self.seed_source(tx, row.guild_id, ids) if ids else {}
        ratings = {str(k): float(v) for k, v in found.items()}
        if ratings:  # unrated members are seeded after every rated one, by join order
            floor = min(ratings.values()) - 1.0
            ratings.update({str(i): floor for i in ids if str(i) not in ratings})

        def act(tr: Tournament) -> list[Change]:
            self._check_organiser(tr, ctx, manager)
            for uid in left:
                if tr.state is State.REGISTRATION and tr.has_player(str(uid)):
                    tr.leave(str(uid))
            return tr.start(self.now(), ratings)

        row, tour, changes = await self._change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("trn.started_private", personal,
                                                     name=shown(tour.name))))
        for uid in sorted(left):
            out.notices.append(Notice(row.channel_id, t(
                "trn.left_server", row.lang, name=shown(tour.name), player=_mention(str(uid)))))
        self._apply(out, row, tour, changes)
        return out

    async def organiser_action(self, ctx: Ctx, name: str, kind: str, *,
                               manager: bool = False, match: str | None = None,
                               player: int | str | None = None, winner: int | None = None,
                               tournament_id: int | None = None,
                               score: str | None = None) -> Outcome:
        """result / walkover / remove / pause / resume / finish / cancel, for the
        organiser only.

        A result records the match score the organiser gives (``score``, the winner's
        first, as ``3-1``); without one the winner is recorded 1–0, never 0–0.  The same
        result entered again changes and announces nothing."""
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
            raise UserError("trn.unknown", name=shown(name))
        if kind == "remove":
            return await self._remove(ctx, row, player, manager)
        stop: list[ThreadEnd] = []
        before: dict[str, str] = {}
        win = str(winner) if winner else None
        who = _mention(str(ctx.user_id))
        lang = row.lang

        def act(tr: Tournament) -> list[Change] | None:
            stop.clear()  # run again on fresh state when the save lost a race
            before.clear()
            self._check_organiser(tr, ctx, manager)
            now = self.now()
            if kind in ("result", "walkover"):
                pid = (match or "").strip()
                m = tr.pairing(pid)
                was_open = m.status is Status.PENDING
                if kind == "result":
                    won, lost = points
                    a_first = win is None or win == m.a
                    a_pts, b_pts = (won, lost) if a_first else (lost, won)
                    if tr.same_result(pid, win, a_pts, b_pts):
                        raise UserError("trn.same_result", match=pid,
                                        result=self._result_text(tr, pid, lang))
                    if m.status is Status.DONE:
                        before["result"] = self._result_text(tr, pid, lang)
                    changes = tr.set_result(pid, win, now, a_points=a_pts, b_points=b_pts)
                else:
                    changes = tr.confirm_walkover(pid, win, now)
                if was_open and m.ref:
                    stop.append(ThreadEnd(int(m.ref), t(
                        f"trn.thread.{kind}", lang, who=who, match=pid,
                        result=self._result_text(tr, pid, lang))))
                return changes
            if kind == "pause":
                tr.pause(now)
                return None
            if kind == "resume":
                return tr.resume(now)
            if kind == "finish":
                stop.extend(ThreadEnd(int(m.ref), t("trn.thread.finished", lang, who=who,
                                                    match=m.id))
                            for m in tr.pending() if m.ref)
                return tr.finish(now)
            if kind == "cancel":
                return tr.cancel(now)
            raise UserError("trn.unknown_action")

        row, tour, changes = await self._change(row.id, act)
        out = Outcome(Reply(lang=personal, private=t("ok", personal)), stop_threads=stop)
        tname = shown(tour.name)
        if kind in ("result", "walkover"):
            m = tour.pairing((match or "").strip())
            key = "trn.walkover_set" if kind == "walkover" else \
                "trn.result_corrected" if before else "trn.result_set"
            out.notices.append(Notice(row.channel_id, t(
                key, lang, name=tname, match=m.id, who=who, before=before.get("result", ""),
                result=self._result_text(tour, m.id, lang))))
        elif kind == "cancel":
            out.notices.append(Notice(row.channel_id, t("trn.cancelled_by", lang, name=tname,
                                                         who=who)))
        else:
            key = {"pause": "trn.paused", "resume": "trn.resumed"}.get(kind,
                                                                      "trn.ended_early")
            out.notices.append(Notice(row.channel_id, t(key, lang, name=tname, who=who)))
        self._apply(out, row, tour, changes)
        return out

    async def _remove(self, ctx: Ctx, row: sql.TournamentRow, player: int | str | None,
                      manager: bool) -> Outcome:
        """The organiser takes out anyone who ever joined (a member who has left the
        server included): ``player`` is the id the autocomplete offered, a mention, or a
        name exactly as listed."""
        personal, _ = await self.langs(ctx)
        tour = Tournament.from_json(row.data)
        self._check_organiser(tour, ctx, manager)
        pid = _player_id(str(player)) if player is not None else None
        if pid is None or not tour.has_player(pid):
            typed = str(player or "").strip().casefold()
            named = [p.id for p in tour.players if p.name.casefold() == typed]
            if len(named) != 1:
                raise LeagueError("league.not_player")
            pid = named[0]
        out = await self._withdraw(row, pid, "removed", who=_mention(str(ctx.user_id)))
        out.reply = Reply(lang=personal, private=t("ok", personal))
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
        """Standings or bracket: a picture, and a text that names it (the bracket's text
        lists every round, which the picture may not all show)."""
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
        if tour.cancelled:
            return t("trn.state.cancelled", lang)
        if tour.state is State.REGISTRATION:
            return t("trn.state.registration", lang)
        if tour.state is State.FINISHED:
            return t("trn.state.finished", lang)
        key = "trn.state.paused" if tour.state is State.PAUSED else "trn.state.running"
        return t(key, lang, n=tour.current, total=tour.total_rounds or "?")

    def _standings_text(self, tour: Tournament, lang: str, *, final: bool = False) -> str:
        """What the text beside a standings picture says: the tournament and its state.
        The table itself is the picture (and its alt text, for a screen reader); the
        message no longer repeats it in a code block (issue 30)."""
        state = self._state_text(tour, lang)
        if tour.state is State.REGISTRATION:
            state += ", " + self._players_text(tour, lang)
        head = t("trn.final_standings" if final else "trn.standings", lang,
                 name=shown(tour.name), state=state)
        if not tour.players:
            return head + "\n" + t("trn.no_players", lang)
        return head

    def _bracket_text(self, tour: Tournament, lang: str) -> str:
        head = t("trn.bracket", lang, name=shown(tour.name), state=self._state_text(tour, lang))
        if tour.state is State.REGISTRATION or not tour.rounds:
            return head + "\n" + t("trn.not_started_yet", lang)
        lines = [head]
        for r in tour.rounds:
            if not r.is_open:
                continue
            lines.append(t("trn.round_head", lang, n=r.number))
            for m in r.pairings:
                lines.append("• " + self._pairing_line(tour, m.id, lang))
        return "\n".join(lines)

    def _name(self, tour: Tournament, pid: str | None, style: str = "shown") -> str:
        """A player's name as stored at join: escaped for a message (``shown``), plain
        for a label (``plain``)."""
        if pid is None:
            return "—"
        try:
            raw = tour.player(pid).name
        except LeagueError:
            raw = pid
        return plain_name(raw, 40) if style == "plain" else shown(raw, 40)

    def _pairing_line(self, tour: Tournament, pid: str, lang: str, style: str = "shown") -> str:
        m = tour.pairing(pid)
        if m.is_bye:
            return t("trn.line.bye", lang, match=m.id, a=self._name(tour, m.a, style))
        base = t("trn.line", lang, match=m.id, a=self._name(tour, m.a, style),
                 b=self._name(tour, m.b, style))
        if m.status is Status.PENDING:
            return base
        if m.status is Status.CANCELLED:
            return base + " — " + t("trn.cancelled", lang)
        return base + " — " + self._result_text(tour, m.id, lang, style)

    def _result_text(self, tour: Tournament, pid: str, lang: str, style: str = "shown") -> str:
        m = tour.pairing(pid)
        if m.winner is None:
            return t("trn.double_forfeit", lang)
        loser = m.opponent(m.winner)
        if m.walkover:
            return t("trn.won_walkover", lang, winner=self._name(tour, m.winner, style),
                     loser=self._name(tour, loser, style))
        return t("trn.won", lang, winner=self._name(tour, m.winner, style),
                 loser=self._name(tour, loser, style), w=m.points_of(m.winner),
                 l=m.points_of(loser) if loser else 0)

    # -- after an action: announcements, threads ------------------------------------------

    def _apply(self, out: Outcome, row: sql.TournamentRow, tour: Tournament,
               changes: list[Change]) -> None:
        lang = row.lang
        tname = shown(tour.name)
        for c in changes:
            if c.kind == "round_opened":
                r = tour.rounds[(c.round or 1) - 1]
                lines = [t("trn.round_opened", lang, name=tname, n=r.number,
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
                    intro = t("trn.intro", lang, name=tname, n=r.number, match=m.id,
                              a=_mention(m.a), b=_mention(m.b), rules=tour.rules,
                              length=_count("trn.a_match", lang, tour.match_length))
                    if tour.match_length > 1:
                        intro += "\n" + terms(tour.match_length, lang)
                    if r.deadline:
                        intro += "\n" + t("trn.intro_deadline", lang, when=_ts(r.deadline),
                                          rel=_ts(r.deadline, "R"))
                    out.matches.append(MatchToOpen(
                        int(tour.id), m.id, row.guild_id, row.channel_id, int(m.a), int(m.b),
                        tour.rules, tour.match_length,
                        plain_name(f"{plain_name(tour.name, 40)} {m.id}: "
                                   f"{self._name(tour, m.a, 'plain')[:25]} – "
                                   f"{self._name(tour, m.b, 'plain')[:25]}"), intro, lang))
            elif c.kind == "repaired":
                out.notices.append(Notice(row.channel_id, t("trn.repaired", lang, name=tname,
                                                             n=c.round)))
                out.stop_threads.extend(ThreadEnd(int(ref), t(
                    "trn.thread.repaired", lang, n=c.round, channel=f"<#{row.channel_id}>"))
                    for ref in c.refs)
            elif c.kind == "walkover":
                for pid in c.pairings:
                    out.notices.append(Notice(row.channel_id, t(
                        "trn.auto_walkover", lang, name=tname, match=pid,
                        result=self._result_text(tour, pid, lang))))
            elif c.kind == "departed":
                out.notices.extend(Notice(row.channel_id, t(
                    "trn.left_server", lang, name=tname, player=_mention(p)))
                    for p in c.players)
            elif c.kind == "finished":
                out.notices.append(self._final_notice(row, tour))

    def _final_notice(self, row: sql.TournamentRow, tour: Tournament) -> Notice:
        """The end: the winner (and the tie-break that made them so, when the scores are
        level), or the players sharing first place; the final standings below."""
        lang = row.lang
        champion = tour.champion
        table = tour.standings()
        if champion is None:
            first = [s.player for s in table if s.place == 1]
            names = [_mention(p) for p in first]
            shared = t("trn.and", lang, a=", ".join(names[:-1]), b=names[-1]) \
                if len(names) > 1 else "".join(names) or "—"
            text = t("trn.finished_shared", lang, name=shown(tour.name), players=shared)
        else:
            text = t("trn.finished", lang, name=shown(tour.name), champion=_mention(champion))
            if len(table) > 1:
                why = decided_by(table[0], table[1], tour.format, tour.tiebreak)
                if why is not None:
                    text += " " + t("trn.decided_by", lang, first=_mention(table[0].player),
                                    second=_mention(table[1].player),
                                    criterion=t(f"trn.criterion.{why}", lang))
        text += "\n" + self._standings_text(tour, lang, final=True)
        return Notice(row.channel_id, text,
                      mentions=(_uid(champion),) if champion else (),
                      picture=Picture("standings", tour, lang))

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
                "trn.game_aborted", trow.lang, name=shown(tour.name), match=m.id,
                thread=f"<#{row.channel_id}>", organiser=_mention(tour.organiser)),
                mentions=(_uid(tour.organiser),)))
            return out
        out.notices.append(Notice(trow.channel_id, t(
            "trn.result", trow.lang, name=shown(tour.name), match=m.id,
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
                        t("trn.reminder", lang, name=shown(tour.name), match=m.id,
                          a=_mention(m.a), b=_mention(m.b), when=_ts(e.deadline),
                          rel=_ts(e.deadline, "R")),
                        mentions=tuple(_uid(p) for p in m.players)))
                    continue
                choices = [WalkoverChoice(int(tour.id), m.id, _uid(p), t(
                    "trn.btn.award", lang, name=self._name(tour, p, "plain"))[:BUTTON_LABEL_LIMIT])
                    for p in m.players]
                if tour.format is not Format.SINGLE_ELIMINATION:
                    choices.append(WalkoverChoice(int(tour.id), m.id, 0,
                                                  t("trn.btn.both", lang)))
                out.notices.append(Notice(row2.channel_id, t(
                    "trn.walkover_due", lang, name=shown(tour.name), match=m.id,
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
            lines.append(t("trn.list.line", personal, name=shown(tour.name),
                           state=self._state_text(tour, personal),
                           players=self._players_text(tour, personal),
                           settings=self._settings_text(tour, personal)))
        return Outcome(Reply(lang=personal, private=clip("\n".join(lines))))

    # -- autocomplete ----------------------------------------------------------------------

    async def names(self, guild_id: int | None, typed: str) -> list[str]:
        if guild_id is None:
            return []
        async with self.store.read() as tx:
            return await sql.names(tx, guild_id, typed.strip())

    async def _named(self, guild_id: int | None, name: str) -> Tournament | None:
        """The tournament an autocomplete's ``name`` option names, if any."""
        if guild_id is None or not name:
            return None
        async with self.store.read() as tx:
            row = await sql.by_name(tx, guild_id, name)
        return Tournament.from_json(row.data) if row is not None else None

    async def open_matches(self, guild_id: int | None, name: str, typed: str,
                           lang: str, *, results: bool = False) -> list[tuple[str, str]]:
        """(label, pairing id) of the open round's matches; for ``/tournament result``
        (``results``) every match whose result can be set or corrected now, the open
        round's first."""
        tour = await self._named(guild_id, name)
        r = tour.round if tour is not None else None
        if tour is None or r is None:
            return []
        if results and tour.state in (State.RUNNING, State.PAUSED):
            matches = sorted(tour.correctable(), key=lambda m: -m.round)
        else:
            matches = [m for m in r.pairings if not m.is_bye]
        out = [(self._pairing_line(tour, m.id, lang, "plain")[:CHOICE_LIMIT], m.id)
               for m in matches]
        return [o for o in out if typed.lower() in o[0].lower()][:CHOICES]

    async def players(self, guild_id: int | None, name: str, typed: str,
                      lang: str) -> list[tuple[str, str]]:
        """(label, player id) of everyone who ever joined, still in first: the organiser
        can remove a member who has already left the server."""
        tour = await self._named(guild_id, name)
        if tour is None:
            return []
        gone = " (" + t("trn.withdrawn", lang) + ")"
        out = [(plain_name(p.name, 60) + (gone if p.withdrawn else ""), p.id)
               for p in sorted(tour.players, key=lambda p: p.withdrawn)]
        return [o for o in out if typed.lower() in o[0].lower()][:CHOICES]
