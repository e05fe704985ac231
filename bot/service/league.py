"""Team leagues for the bot (issue 48): load a ``TeamLeague`` (bot/league/teams.py),
apply one action, save; answer with a ``LeagueOutcome`` in the league's own terms.

Discord-free like the other services, and free of Discord's markup too: members and
channels are ids, names are the names the members had when added, dates are
``datetime`` values; the presenter (bot/delivery/league.py) words each ``Said`` in the
reader's language and mentions the members.  The service is composed from what it is
handed at construction — the league repository (bot/store/leagues.py), the clock,
the languages of a command, the drawing of lots — and reaches the store through that
repository alone.

Every change happens under the league's lock and is saved version-checked (a stale
writer tries again on the fresh league), as a tournament's is.  The games of the boards
are not started here: an outcome lists the ``BoardToOpen`` and the cog opens each
board's thread and starts its game through the game service, as tournaments do.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.league.errors import LeagueError
from bot.league.team_table import table
from bot.league.teams import (
    Board,
    Fixture,
    LeagueState,
    Settings,
    Side,
    Team,
    TeamChange,
    TeamLeague,
)
from bot.service.model import Ctx, UserError
from bot.store import GameRow, LeagueRepository, LeagueRow
from engine import rules as rules_registry
from engine.match import Match
from engine.position import Side as Colour
from engine.turn import Outcome as GameOutcome

log = logging.getLogger(__name__)
STALE_ATTEMPTS = 3

#: ``team ids -> the same ids in the order drawn`` (a test hands in a fixed order).
Lots = Callable[[list[str]], list[str]]


def draw_lots(teams: list[str]) -> list[str]:
    """The drawing of lots at the start, by the system's randomness."""
    drawn = list(teams)
    random.SystemRandom().shuffle(drawn)
    return drawn


@dataclass(frozen=True)
class Said:
    """One thing said, for the presenter to word: ``key`` names the text in
    bot/i18n/league.py (``lg.<key>``); ``params`` are plain values, where ``members``
    names the params that are member ids (mentioned) and ``names`` those that are names
    a member typed (escaped)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    members: tuple[str, ...] = ()
    names: tuple[str, ...] = ("league", "team", "home", "away")

    def pinged(self) -> tuple[int, ...]:
        return tuple(int(self.params[k]) for k in self.members
                     if str(self.params.get(k, "")).isdigit())


@dataclass(frozen=True)
class BoardToOpen:
    """A board whose game starts in a thread of its own in the league's channel."""

    league_id: int
    guild_id: int
    channel_id: int
    fixture: str
    board: int
    home_id: int
    away_id: int
    home_team: str
    away_team: str
    rules: str
    match_length: int
    rated: bool
    lang: str


@dataclass(frozen=True)
class ThreadStop:
    """A board's thread whose game stops (decided another way): ``said`` says why."""

    thread_id: int
    said: Said


@dataclass(frozen=True)
class LineupChoice:
    """The captain's line-up by taps: one select menu a board, the team's players as
    its options, the one named now marked."""

    league_id: int
    fixture: str
    team: str
    boards: tuple[tuple[int, str | None], ...]  # (board, player named or None)
    players: tuple[tuple[str, str], ...]  # (member id, name)
    opponent: str


@dataclass(frozen=True)
class LeaguePicture:
    """A picture to draw off the event loop: ``kind`` "table" or "fixture", ``data`` the
    plain values ``render.league`` takes."""

    kind: str
    data: dict[str, Any]
    lang: str


@dataclass
class LeagueOutcome:
    lang: str  # the league's public language
    personal: str  # the member's
    channel_id: int | None = None
    public: list[Said] = field(default_factory=list)
    private: Said | None = None
    picture: LeaguePicture | None = None
    menu: LineupChoice | None = None
    open_boards: list[BoardToOpen] = field(default_factory=list)
    stop_threads: list[ThreadStop] = field(default_factory=list)


class LeagueService:
    """Every league command and check of the bot; made once at start-up."""

    def __init__(self, leagues: LeagueRepository, *, clock: Callable[[], float],
                 langs: Callable[[Ctx], Awaitable[tuple[str, str]]],
                 lots: Lots = draw_lots,
                 owns: Callable[[int], bool] = lambda guild_id: True) -> None:
        self.leagues = leagues
        #: Whether this process runs the guild's shard: the deadline check skips the rest
        #: (another process opens those boards' threads, in channels it can see).
        self.owns = owns
        self.clock = clock
        self.langs = langs
        self.lots = lots
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- plumbing ------------------------------------------------------------------------

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    async def _find(self, ctx: Ctx, name: str) -> LeagueRow:
        if ctx.guild_id is None:
            raise UserError("lg.guild_only")
        row = await self.leagues.by_name(ctx.guild_id, name or "")
        if row is None:
            raise UserError("lg.unknown", name=(name or "").strip()[:100])
        return row

    async def _change(self, league_id: int,
                      action: Callable[[TeamLeague], list[TeamChange] | None],
                      ) -> tuple[LeagueRow, TeamLeague, list[TeamChange]]:
        """Load, apply, save (version-checked; ``action`` runs again on a fresh league
        when another writer saved first); nothing is written when ``action`` raises."""
        async with self._locks[league_id]:
            for _attempt in range(STALE_ATTEMPTS):
                row = await self.leagues.get(league_id)
                if row is None:
                    raise UserError("lg.unknown", name=str(league_id))
                lg = TeamLeague.from_json(row.data)
                changes = action(lg) or []
                if await self.leagues.save(league_id, row.version, state=lg.state.value,
                                           data=lg.to_json(), now=self.clock()):
                    return row, lg, changes
            raise UserError("lg.stale")

    @staticmethod
    def _organiser(lg: TeamLeague, ctx: Ctx, manager: bool) -> None:
        if not (manager or lg.organiser == str(ctx.user_id)):
            raise UserError("lg.not_organiser")

    @staticmethod
    def _captain_or_organiser(lg: TeamLeague, team_id: str, ctx: Ctx, manager: bool) -> None:
        if manager or lg.organiser == str(ctx.user_id) or lg.team(team_id).captain == str(
                ctx.user_id):
            return
        raise UserError("lg.not_captain", team=lg.team(team_id).name)

    async def _for_team(self, ctx: Ctx, league: str, team: str, manager: bool,
                        change: Callable[[TeamLeague, Team], list[TeamChange] | None],
                        ) -> tuple[LeagueRow, TeamLeague, list[TeamChange], str]:
        """``change`` made to ``team`` of ``league`` by its captain or the organiser
        (anyone else is refused, nothing written); the league saved, and the team's
        name as the league spells it."""
        row = await self._find(ctx, league)
        found: dict[str, str] = {}

        def act(lg: TeamLeague) -> list[TeamChange] | None:
            t = lg.team_named(team)
            self._captain_or_organiser(lg, t.id, ctx, manager)
            found["team"] = t.name
            return change(lg, t)

        row, lg, changes = await self._change(row.id, act)
        return row, lg, changes, found["team"]

    async def _outcome(self, ctx: Ctx, row: LeagueRow | None = None) -> LeagueOutcome:
        personal, public = await self.langs(ctx)
        return LeagueOutcome(row.lang if row else public, personal,
                             row.channel_id if row else None)

    def _carry(self, out: LeagueOutcome, row: LeagueRow, lg: TeamLeague,
               changes: list[TeamChange]) -> LeagueOutcome:
        """What the core's changes make the bot do: boards to open, threads to stop,
        line-ups and results to announce, the table when the season ends."""
        for c in changes:
            if c.kind == "lineups_shown" and c.fixture:
                out.public.append(self._lineups(lg, lg.fixture(c.fixture)))
            elif c.kind in ("boards_opened", "board_replaced") and c.fixture:
                f = lg.fixture(c.fixture)
                for ref in c.refs:
                    out.stop_threads.append(ThreadStop(int(ref), Said("stop.replaced")))
                for n in c.boards:
                    b = f.boards[n - 1]
                    if b.playable:
                        out.open_boards.append(self._to_open(row, lg, f, b))
            elif c.kind == "lineup_reminder" and c.fixture:
                f = lg.fixture(c.fixture)
                assert f.away is not None
                out.public.append(Said("reminder", {
                    "fixture": f.id, "home": lg.team(f.home).name,
                    "away": lg.team(f.away).name, "deadline": f.deadline,
                    "captains": [lg.team(t).captain for t in c.teams]}))
            elif c.kind == "board_decided":
                for ref in c.refs:
                    out.stop_threads.append(ThreadStop(int(ref), Said("stop.set")))
            elif c.kind in ("withdrawn", "finished"):
                for ref in c.refs:
                    out.stop_threads.append(ThreadStop(int(ref), Said(f"stop.{c.kind}")))
                if c.kind == "finished":
                    out.public.append(Said("finished", {"league": lg.name}))
                    out.picture = self.table_picture(lg, out.lang)
        return out

    def _to_open(self, row: LeagueRow, lg: TeamLeague, f: Fixture, b: Board) -> BoardToOpen:
        assert b.home is not None and b.away is not None and f.away is not None
        s = lg.settings
        return BoardToOpen(row.id, row.guild_id, row.channel_id, f.id, b.number,
                           int(b.home), int(b.away), lg.team(f.home).name,
                           lg.team(f.away).name, s.rules, s.match_length, s.rated, row.lang)

    @staticmethod
    def _lineups(lg: TeamLeague, f: Fixture) -> Said:
        assert f.away is not None
        return Said("lineups", {"fixture": f.id, "home": lg.team(f.home).name,
                                "away": lg.team(f.away).name,
                                "boards": [(b.number, b.home, b.away, b.result)
                                           for b in f.boards]})

    # -- registration ----------------------------------------------------------------------

    async def create(self, ctx: Ctx, name: str, *, rules: str, match_length: int = 1,
                     boards: int = 3, double: bool = False, deadline_hours: int = 168,
                     win: int = 2, draw: int = 1, loss: int = 0,
                     rated: bool = True) -> LeagueOutcome:
        if ctx.guild_id is None:
            raise UserError("lg.guild_only")
        name = (name or "").strip()
        if not name or len(name) > 60:
            raise UserError("lg.bad_name")
        if not 1 <= match_length <= 15 or match_length % 2 == 0:
            raise UserError("lg.match_length")
        rules = rules_registry.get(rules).name
        settings = Settings(rules, match_length, boards, double, deadline_hours, win, draw,
                            loss, rated)
        settings.check()
        lg = TeamLeague(name, str(ctx.user_id), settings)
        personal, public = await self.langs(ctx)
        lid = await self.leagues.create(guild_id=ctx.guild_id, channel_id=ctx.channel_id,
                                        name=name, lang=public, data=lg.to_json(),
                                        now=self.clock())
        if lid is None:
            raise UserError("lg.name_taken", name=name)
        return LeagueOutcome(public, personal, ctx.channel_id, public=[Said("created", {
            "league": name, "who": str(ctx.user_id), "rules": rules,
            "match_length": match_length, "boards": boards, "double": double,
            "hours": deadline_hours, "win": win, "draw": draw, "loss": loss,
            "rated": rated}, members=("who",))])

    async def add_team(self, ctx: Ctx, league: str, team: str, captain: int,
                       captain_name: str, *, manager: bool = False) -> LeagueOutcome:
        row = await self._find(ctx, league)

        def act(lg: TeamLeague) -> None:
            self._organiser(lg, ctx, manager)
            lg.add_team(team, str(captain))
            lg.names[str(captain)] = captain_name

        row, lg, _ = await self._change(row.id, act)
        out = await self._outcome(ctx, row)
        out.public.append(Said("team_added", {"league": lg.name, "team": team.strip(),
                                              "captain": str(captain)},
                               members=("captain",)))
        return out

    async def add_player(self, ctx: Ctx, league: str, team: str, member: int,
                         member_name: str, *, substitute: bool = False,
                         manager: bool = False) -> LeagueOutcome:
        def add(lg: TeamLeague, t: Team) -> None:
            lg.add_player(t.id, str(member), substitute=substitute)
            lg.names[str(member)] = member_name

        row, _lg, _, name = await self._for_team(ctx, league, team, manager, add)
        out = await self._outcome(ctx, row)
        out.public.append(Said("substitute_added" if substitute else "player_added",
                               {"team": name, "player": str(member)}, members=("player",)))
        return out

    async def remove_player(self, ctx: Ctx, league: str, team: str, member: int, *,
                            manager: bool = False) -> LeagueOutcome:
        row, _lg, _, name = await self._for_team(
            ctx, league, team, manager, lambda lg, t: lg.remove_player(t.id, str(member)))
        out = await self._outcome(ctx, row)
        out.public.append(Said("player_removed", {"team": name, "player": str(member)}))
        return out

    async def set_captain(self, ctx: Ctx, league: str, team: str, member: int,
                          member_name: str, *, manager: bool = False) -> LeagueOutcome:
        """The organiser names a team's captain, or its captain hands over."""
        def name_captain(lg: TeamLeague, t: Team) -> None:
            lg.set_captain(t.id, str(member))
            lg.names[str(member)] = member_name

        row, _lg, _, name = await self._for_team(ctx, league, team, manager, name_captain)
        out = await self._outcome(ctx, row)
        out.public.append(Said("captain_set", {"team": name, "captain": str(member)},
                               members=("captain",)))
        return out

    async def start(self, ctx: Ctx, league: str, *, manager: bool = False) -> LeagueOutcome:
        row = await self._find(ctx, league)
        now = self.now()

        def act(lg: TeamLeague) -> list[TeamChange]:
            self._organiser(lg, ctx, manager)
            return lg.start(now, self.lots([t.id for t in lg.teams if not t.withdrawn]))

        row, lg, _ = await self._change(row.id, act)
        out = await self._outcome(ctx, row)
        out.public.append(self.schedule(lg))
        return out

    @staticmethod
    def schedule(lg: TeamLeague) -> Said:
        rounds = []
        for r in range(1, lg.rounds + 1):
            fixtures = lg.round_fixtures(r)
            rounds.append((r, fixtures[0].deadline if fixtures else None, [
                (f.id, lg.team(f.home).name, lg.team(f.away).name if f.away else None,
                 f.deadline) for f in fixtures]))
        captains = sorted({t.captain for t in lg.teams if not t.withdrawn})
        return Said("schedule", {"league": lg.name, "rounds": rounds,
                                 "lots": [lg.team(t).name for t in lg.lots],
                                 "captains": captains})

    # -- line-ups --------------------------------------------------------------------------

    def _captain_fixture(self, lg: TeamLeague, user: str, fixture: str | None,
                         ) -> tuple[Fixture, str]:
        teams = [t for t in lg.captained_by(user) if not t.withdrawn]
        if not teams:
            raise UserError("lg.no_team")
        ids = {t.id for t in teams}
        if fixture:
            f = lg.fixture(fixture.strip())
            team = next((t for t in (f.home, f.away) if t in ids), None)
            if team is None:
                raise LeagueError("team.not_your_fixture", fixture=f.id)
            return f, team
        for f in sorted(lg.fixtures, key=lambda f: (f.round, f.id)):
            if f.is_bye or f.revealed or f.void:
                continue
            team = next((t for t in (f.home, f.away) if t in ids), None)
            if team is not None:
                return f, team
        raise UserError("lg.no_lineup_due")

    def _choice(self, row: LeagueRow, lg: TeamLeague, f: Fixture, team: str) -> LineupChoice:
        side = f.side_of(team)
        assert side is not None
        other = f.team_on(side.other)
        t = lg.team(team)
        return LineupChoice(row.id, f.id, team, tuple(
            enumerate(f.lineups[side.value], 1)), tuple((m, lg.name_of(m)) for m in t.members),
            lg.team(other).name if other else "")

    async def lineup(self, ctx: Ctx, league: str, fixture: str | None = None) -> LeagueOutcome:
        """The captain's line-up menus for ``fixture`` (their next one to name)."""
        row = await self._find(ctx, league)
        lg = TeamLeague.from_json(row.data)
        if lg.state is not LeagueState.RUNNING:
            raise LeagueError("team.not_running")
        f, team = self._captain_fixture(lg, str(ctx.user_id), fixture)
        if f.revealed:
            raise LeagueError("team.lineup_closed", fixture=f.id)
        out = await self._outcome(ctx, row)
        out.menu = self._choice(row, lg, f, team)
        out.private = Said("lineup_menu", {"fixture": f.id, "team": lg.team(team).name,
                                           "away": out.menu.opponent, "deadline": f.deadline})
        return out

    async def pick(self, ctx: Ctx, league_id: int, fixture: str, board: int,
                   player: str | None) -> LeagueOutcome:
        """A captain's tap on a board's menu."""
        now = self.now()
        found: dict[str, str] = {}

        def act(lg: TeamLeague) -> list[TeamChange]:
            f, team = self._captain_fixture(lg, str(ctx.user_id), fixture)
            found["team"] = team
            return lg.set_lineup(f.id, team, board, player, now)

        row, lg, changes = await self._change(league_id, act)
        out = self._carry(await self._outcome(ctx, row), row, lg, changes)
        f = lg.fixture(fixture)
        if f.revealed:
            out.private = Said("lineup_done", {"fixture": f.id})
        else:
            out.menu = self._choice(row, lg, f, found["team"])
            out.private = Said("lineup_saved", {"fixture": f.id, "board": board,
                                                "player": player or "",
                                                "team": lg.team(found["team"]).name},
                               names=("team",))
        return out

    # -- results ---------------------------------------------------------------------------

    async def game_ended(self, row: GameRow) -> LeagueOutcome | None:
        """A game's final row (the game service's end listener): when it was a league
        board's, its result counts."""
        if row.tournament_id is not None or row.guild_id is None:
            return None
        ref = str(row.channel_id)
        for lrow in await self.leagues.open_in(row.guild_id):
            if TeamLeague.from_json(lrow.data).board_at(ref) is not None:
                break
        else:
            return None
        winner = self._winner(row)
        said: dict[str, Said] = {}

        def act(lg: TeamLeague) -> list[TeamChange]:
            at = lg.board_at(ref)
            if at is None or at[1].decided:
                return []
            f, b = at
            changes = lg.record(ref, winner)
            if b.decided:
                said["board"] = self._board_said(lg, f, b)
            return changes

        lrow, lg, changes = await self._change(lrow.id, act)
        if "board" not in said:
            return None
        out = LeagueOutcome(lrow.lang, lrow.lang, lrow.channel_id, public=[said["board"]])
        return self._carry(out, lrow, lg, changes)

    @staticmethod
    def _winner(row: GameRow) -> str | None:
        if row.status != "over" or not row.result:
            return None
        match = Match.from_json(row.result["match"])
        side = match.winner
        if side is None:
            side = GameOutcome.from_json(row.result["outcome"]).winner
        if side is None:
            return None
        return str(row.white_id if side is Colour.WHITE else row.black_id)

    @staticmethod
    def _board_said(lg: TeamLeague, f: Fixture, b: Board) -> Said:
        assert f.away is not None
        home, away = f.score()
        winner = b.home if b.result == "home" else b.away if b.result == "away" else None
        return Said("board_result", {
            "fixture": f.id, "board": b.number, "home": lg.team(f.home).name,
            "away": lg.team(f.away).name, "winner": winner or "", "score_home": home,
            "score_away": away, "done": f.complete}, members=("winner",))

    async def due(self) -> list[LeagueOutcome]:
        """Line-up deadlines passed in every running league: line-ups shown, boards open."""
        outs: list[LeagueOutcome] = []
        now = self.now()
        for row in await self.leagues.running():
            if not self.owns(row.guild_id):
                continue
            lg = TeamLeague.from_json(row.data)
            if not lg.due(now):
                continue
            try:
                row, lg, changes = await self._change(row.id, lambda lg: lg.due(now))
            except UserError:
                log.warning("league %s changed meanwhile; its deadlines wait", row.id)
                continue
            outs.append(self._carry(LeagueOutcome(row.lang, row.lang, row.channel_id),
                                    row, lg, changes))
        return outs

    async def set_ref(self, league_id: int, fixture: str, board: int, thread_id: int) -> None:
        await self._change(league_id, lambda lg: lg.set_ref(fixture, board, str(thread_id)))

    # -- the organiser ---------------------------------------------------------------------

    async def result(self, ctx: Ctx, league: str, fixture: str, board: int, winner: str, *,
                     manager: bool = False) -> LeagueOutcome:
        """A board's result set or corrected: ``winner`` "home", "away" or "none"."""
        row = await self._find(ctx, league)
        said: dict[str, Said] = {}

        def act(lg: TeamLeague) -> list[TeamChange]:
            self._organiser(lg, ctx, manager)
            changes = lg.set_result(fixture.strip(), board, winner)
            f = lg.fixture(fixture.strip())
            said["board"] = self._board_said(lg, f, f.boards[board - 1])
            return changes

        row, lg, changes = await self._change(row.id, act)
        out = await self._outcome(ctx, row)
        out.public.append(Said("result_set", dict(said["board"].params),
                               members=("winner",)))
        out.private = Said("done")
        return self._carry(out, row, lg, changes)

    async def replace(self, ctx: Ctx, league: str, team: str, old: int, new: int,
                      new_name: str, *, manager: bool = False) -> LeagueOutcome:
        """A player who left replaced by the captain (or the organiser)."""
        def put_in(lg: TeamLeague, t: Team) -> list[TeamChange]:
            lg.names[str(new)] = new_name
            return lg.replace(t.id, str(old), str(new))

        row, lg, changes, name = await self._for_team(ctx, league, team, manager, put_in)
        out = await self._outcome(ctx, row)
        out.public.append(Said("replaced", {"team": name, "old": str(old), "new": str(new)},
                               members=("new",)))
        return self._carry(out, row, lg, changes)

    async def postpone(self, ctx: Ctx, league: str, fixture: str, hours: int, *,
                       manager: bool = False) -> LeagueOutcome:
        row = await self._find(ctx, league)

        def act(lg: TeamLeague) -> list[TeamChange]:
            self._organiser(lg, ctx, manager)
            return lg.postpone(fixture.strip(), hours)

        row, lg, _ = await self._change(row.id, act)
        f = lg.fixture(fixture.strip())
        assert f.away is not None
        out = await self._outcome(ctx, row)
        out.public.append(Said("postponed", {"fixture": f.id, "home": lg.team(f.home).name,
                                             "away": lg.team(f.away).name,
                                             "deadline": f.deadline}))
        return out

    async def withdraw(self, ctx: Ctx, league: str, team: str, *, void: bool,
                       manager: bool = False) -> LeagueOutcome:
        row = await self._find(ctx, league)
        found: dict[str, str] = {}

        def act(lg: TeamLeague) -> list[TeamChange]:
            self._organiser(lg, ctx, manager)
            t = lg.team_named(team)
            found["team"] = t.name
            return lg.withdraw(t.id, void=void)

        row, lg, changes = await self._change(row.id, act)
        out = await self._outcome(ctx, row)
        out.public.append(Said("withdrawn_void" if void else "withdrawn_kept",
                               {"team": found["team"]}))
        self._carry(out, row, lg, changes)
        if out.picture is None:
            out.picture = self.table_picture(lg, out.lang)
        return out

    async def close(self, ctx: Ctx, league: str, *, manager: bool = False) -> LeagueOutcome:
        row = await self._find(ctx, league)

        def act(lg: TeamLeague) -> list[TeamChange]:
            self._organiser(lg, ctx, manager)
            return lg.close()

        row, lg, changes = await self._change(row.id, act)
        return self._carry(await self._outcome(ctx, row), row, lg, changes)

    # -- looking ---------------------------------------------------------------------------

    async def names(self, guild_id: int | None, typed: str) -> list[str]:
        if guild_id is None:
            return []
        return await self.leagues.names(guild_id, typed)

    async def show(self, ctx: Ctx, league: str, fixture: str | None = None, *,
                   everyone: bool = False) -> LeagueOutcome:
        """The table, or one fixture: a picture and its words, to the member alone (a
        captain sees their own line-up before the other team's is in), or (``everyone``)
        posted in the channel in the league's language, each line-up hidden until both
        are in."""
        row = await self._find(ctx, league)
        lg = TeamLeague.from_json(row.data)
        out = await self._outcome(ctx, row)
        lang = out.lang if everyone else out.personal
        if fixture:
            f = lg.fixture(fixture.strip())
            out.picture = self.fixture_picture(lg, f, lang, None if everyone else ctx.user_id)
            said = Said("fixture_shown", {"fixture": f.id})
        else:
            out.picture = self.table_picture(lg, lang)
            said = Said("table_shown", {"league": lg.name})
        if everyone:
            out.public.append(said)
        else:
            out.private = said
        return out

    async def mine(self, ctx: Ctx, league: str) -> LeagueOutcome:
        """The member's own boards in the league: each with its opponent and result."""
        row = await self._find(ctx, league)
        lg = TeamLeague.from_json(row.data)
        me = str(ctx.user_id)
        boards = []
        for f in lg.fixtures:
            side = next((s for s in Side for b in f.boards
                         if (b.home if s is Side.HOME else b.away) == me), None)
            if side is None:
                continue
            for b in f.boards:
                if (b.home if side is Side.HOME else b.away) != me:
                    continue
                opp = b.away if side is Side.HOME else b.home
                result = None if b.result is None else "won" if b.result == side.value \
                    else "none" if b.result == "none" else "lost"
                boards.append((f.round, f.id, b.number, opp, result, b.walkover))
        out = await self._outcome(ctx, row)
        out.private = Said("mine", {"league": lg.name, "boards": boards})
        return out

    # -- pictures' data --------------------------------------------------------------------

    @staticmethod
    def table_picture(lg: TeamLeague, lang: str) -> LeaguePicture:
        rows = [r.to_json() for r in table(lg)]
        return LeaguePicture("table", {
            "name": lg.name, "state": lg.state.value, "round": lg.current_round(),
            "rounds": lg.rounds, "rows": rows, "lots": [lg.team(t).name for t in lg.lots],
            "points": [lg.settings.win, lg.settings.draw, lg.settings.loss]}, lang)

    @staticmethod
    def fixture_picture(lg: TeamLeague, f: Fixture, lang: str,
                        viewer: int | None = None) -> LeaguePicture:
        viewer_team = lg.team_of(str(viewer)) if viewer is not None else None
        boards: list[dict[str, Any]] = []
        lineups = {s: None if f.is_bye else lg.lineup_shown(
            f.id, s, viewer_team.id if viewer_team else None) for s in Side}
        for n in range(1, lg.settings.boards + 1):
            b = f.boards[n - 1] if f.revealed else None
            home_line, away_line = lineups[Side.HOME], lineups[Side.AWAY]
            home = home_line[n - 1] if home_line is not None else None
            away = away_line[n - 1] if away_line is not None else None
            boards.append({"number": n, "home": lg.name_of(home) if home else None,
                           "away": lg.name_of(away) if away else None,
                           "home_hidden": lineups[Side.HOME] is None,
                           "away_hidden": lineups[Side.AWAY] is None,
                           "result": b.result if b else None,
                           "walkover": b.walkover if b else False})
        score = f.score()
        return LeaguePicture("fixture", {
            "league": lg.name, "id": f.id, "round": f.round, "home": lg.team(f.home).name,
            "away": lg.team(f.away).name if f.away else None, "score": list(score),
            "deadline": f.deadline.strftime("%Y-%m-%d %H:%M UTC") if f.deadline else "",
            "revealed": f.revealed, "complete": f.complete, "void": f.void,
            "postponed": f.postponed, "boards": boards}, lang)
