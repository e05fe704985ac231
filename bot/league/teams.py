"""A team league as plain values: teams, fixtures of several boards, line-ups (issue 48).

Clubs play bräde as teams: each round every team meets another (the round-robin circle
of ``bot.league.pairing``, a bye when the number of teams is odd), and a fixture is
``boards`` games (or matches), board 1 against board 1 and so on.  The captains name
who plays each board before the round's deadline; neither sees the other's line-up
until both are complete or the deadline has passed (``lineup_shown``).  At the deadline
a team that named nobody plays its roster's order, and a board still empty is a
walkover for the other team (both empty: no game, nobody scores).

Nothing here reads a clock or draws a random number: times and the drawing of lots are
handed in, so a test can move time and replay the lots.  Every action returns the
``TeamChange`` list the bot turns into threads and messages; a refused action raises
``LeagueError`` and changes nothing (the caller works on a copy it saves only on
success).  The table is ``bot.league.team_table``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.league.errors import LeagueError
from bot.league.model import _dt, _iso
from bot.league.pairing import double_round_robin, round_robin

MAX_BOARDS = 5  # one select menu a board, five rows to a Discord message
MAX_TEAMS = 16
MAX_ROSTER = 12


class LeagueState(StrEnum):
    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"


class Side(StrEnum):
    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return Side.AWAY if self is Side.HOME else Side.HOME


@dataclass
class Settings:
    rules: str
    match_length: int = 1
    boards: int = 3
    double: bool = False  # a double round robin: everyone meets twice, sides swapped
    deadline_hours: int = 168  # a week a round
    win: int = 2  # match points for a fixture won, drawn, lost
    draw: int = 1
    loss: int = 0
    rated: bool = True

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Settings:
        return cls(**d)

    def check(self) -> None:
        if not 1 <= self.boards <= MAX_BOARDS:
            raise LeagueError("team.bad_boards", most=MAX_BOARDS)
        if not 1 <= self.deadline_hours <= 24 * 60:
            raise LeagueError("team.bad_deadline")
        if not self.win >= self.draw >= self.loss >= 0 or self.win == self.loss:
            raise LeagueError("team.bad_points")


@dataclass
class Team:
    id: str
    name: str
    captain: str
    players: list[str] = field(default_factory=list)  # roster order: board 1 first
    substitutes: list[str] = field(default_factory=list)
    withdrawn: bool = False
    voided: bool = False  # withdrawn with its results struck out

    @property
    def members(self) -> list[str]:
        return [*self.players, *self.substitutes]

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__, players=list(self.players),
                    substitutes=list(self.substitutes))

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Team:
        return cls(**d)


@dataclass
class Board:
    """One board of a fixture: ``result`` is the side that won it, "none" when nobody
    scores (both missing), None while it is to be played.  ``ref`` is free for the caller
    (the bot keeps the board's thread id there)."""

    number: int
    home: str | None
    away: str | None
    result: str | None = None
    walkover: bool = False
    set_by_organiser: bool = False
    ref: str | None = None

    @property
    def decided(self) -> bool:
        return self.result is not None

    @property
    def playable(self) -> bool:
        return self.home is not None and self.away is not None and not self.decided

    def points(self, side: Side) -> int:
        return 1 if self.result == side.value else 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Board:
        return cls(**d)


@dataclass
class Fixture:
    """Team against team in one round; ``away`` None is the bye.  ``lineups`` hold each
    side's players by board (None: not named yet) until the line-ups are shown; then
    ``boards`` are made from them."""

    id: str
    round: int
    home: str
    away: str | None
    deadline: datetime | None = None
    lineups: dict[str, list[str | None]] = field(default_factory=dict)
    boards: list[Board] = field(default_factory=list)
    postponed: bool = False
    void: bool = False  # a team's results voided at its withdrawal
    reminded: bool = False  # the captains with a line-up to name were reminded

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def revealed(self) -> bool:
        return bool(self.boards)

    @property
    def complete(self) -> bool:
        return self.is_bye or self.void or (self.revealed and all(b.decided for b in self.boards))

    def side_of(self, team: str) -> Side | None:
        return Side.HOME if team == self.home else Side.AWAY if team == self.away else None

    def team_on(self, side: Side) -> str | None:
        return self.home if side is Side.HOME else self.away

    def score(self) -> tuple[int, int]:
        """Board points, home and away."""
        return (sum(b.points(Side.HOME) for b in self.boards),
                sum(b.points(Side.AWAY) for b in self.boards))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "round": self.round, "home": self.home, "away": self.away,
                "deadline": _iso(self.deadline), "lineups": self.lineups,
                "boards": [b.to_json() for b in self.boards], "postponed": self.postponed,
                "void": self.void, "reminded": self.reminded}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Fixture:
        return cls(d["id"], int(d["round"]), d["home"], d.get("away"), _dt(d.get("deadline")),
                   {k: list(v) for k, v in d.get("lineups", {}).items()},
                   [Board.from_json(b) for b in d.get("boards", [])],
                   bool(d.get("postponed", False)), bool(d.get("void", False)),
                   bool(d.get("reminded", False)))


@dataclass(frozen=True)
class TeamChange:
    """What an action set in motion: "boards_opened" (``boards`` of ``fixture`` to open,
    each a game in its own thread), "lineups_shown" (both line-ups out), "board_decided"
    (a result without a game: a walkover, the organiser's word; ``refs`` are the threads
    whose game must stop), "board_replaced" (a player replaced: ``refs`` stop, ``boards``
    open again), "lineup_reminder" (``teams`` have a line-up still to complete, a quarter
    of the round's time before the deadline), "withdrawn", "finished" (``refs`` stop)."""

    kind: str
    fixture: str | None = None
    boards: tuple[int, ...] = ()
    refs: tuple[str, ...] = ()
    team: str | None = None
    teams: tuple[str, ...] = ()


@dataclass
class TeamLeague:
    name: str
    organiser: str
    settings: Settings
    state: LeagueState = LeagueState.REGISTRATION
    teams: list[Team] = field(default_factory=list)
    fixtures: list[Fixture] = field(default_factory=list)
    lots: list[str] = field(default_factory=list)  # team ids in the order drawn at the start
    started_at: datetime | None = None
    names: dict[str, str] = field(default_factory=dict)  # member id -> name when added

    # -- values ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "organiser": self.organiser,
                "settings": self.settings.to_json(), "state": self.state.value,
                "teams": [t.to_json() for t in self.teams],
                "fixtures": [f.to_json() for f in self.fixtures], "lots": list(self.lots),
                "started_at": _iso(self.started_at), "names": dict(self.names)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TeamLeague:
        return cls(d["name"], d["organiser"], Settings.from_json(d["settings"]),
                   LeagueState(d["state"]), [Team.from_json(t) for t in d["teams"]],
                   [Fixture.from_json(f) for f in d["fixtures"]], list(d.get("lots", [])),
                   _dt(d.get("started_at")), dict(d.get("names", {})))

    def name_of(self, member: str | None) -> str:
        return "—" if member is None else self.names.get(member, member)

    def team(self, team_id: str) -> Team:
        for t in self.teams:
            if t.id == team_id:
                return t
        raise LeagueError("team.unknown_team", name=team_id)

    def team_named(self, name: str) -> Team:
        for t in self.teams:
            if t.name.casefold() == name.strip().casefold() or t.id == name.strip():
                return t
        raise LeagueError("team.unknown_team", name=name.strip()[:100])

    def team_of(self, player: str) -> Team | None:
        return next((t for t in self.teams if player in t.members), None)

    def captained_by(self, player: str) -> list[Team]:
        return [t for t in self.teams if t.captain == player]

    def fixture(self, fixture_id: str) -> Fixture:
        for f in self.fixtures:
            if f.id == fixture_id:
                return f
        raise LeagueError("team.unknown_fixture", fixture=fixture_id)

    def board(self, fixture_id: str, number: int) -> Board:
        f = self.fixture(fixture_id)
        if not f.revealed:
            raise LeagueError("team.not_revealed", fixture=fixture_id)
        if not 1 <= number <= len(f.boards):
            raise LeagueError("team.unknown_board", board=number, boards=len(f.boards))
        return f.boards[number - 1]

    def board_at(self, ref: str) -> tuple[Fixture, Board] | None:
        """The board whose game is in thread ``ref``."""
        for f in self.fixtures:
            for b in f.boards:
                if b.ref == ref:
                    return f, b
        return None

    @property
    def rounds(self) -> int:
        return max((f.round for f in self.fixtures), default=0)

    def round_fixtures(self, number: int) -> list[Fixture]:
        return [f for f in self.fixtures if f.round == number]

    def current_round(self) -> int:
        """The first round with a fixture still to finish (the last when all are)."""
        open_rounds = [f.round for f in self.fixtures if not f.complete]
        return min(open_rounds) if open_rounds else self.rounds

    # -- registration ------------------------------------------------------------------

    def _registration(self) -> None:
        if self.state is not LeagueState.REGISTRATION:
            raise LeagueError("team.started")

    def _running(self) -> None:
        if self.state is not LeagueState.RUNNING:
            raise LeagueError("team.not_running")

    def add_team(self, name: str, captain: str) -> Team:
        self._registration()
        name = name.strip()
        if not name or len(name) > 40:
            raise LeagueError("team.bad_name")
        if any(t.name.casefold() == name.casefold() for t in self.teams):
            raise LeagueError("team.name_taken", name=name)
        if len(self.teams) >= MAX_TEAMS:
            raise LeagueError("team.full", most=MAX_TEAMS)
        self._free(captain)
        team = Team(f"t{len(self.teams) + 1}", name, captain, [captain])
        self.teams.append(team)
        return team

    def _free(self, player: str, but: Team | None = None) -> None:
        """A member plays for one team per league."""
        for t in self.teams:
            if t is not but and (player in t.members):
                raise LeagueError("team.other_team", team=t.name)

    def add_player(self, team_id: str, player: str, *, substitute: bool = False) -> None:
        if self.state is LeagueState.FINISHED:
            raise LeagueError("team.finished")
        team = self.team(team_id)
        if team.withdrawn:
            raise LeagueError("team.withdrawn", team=team.name)
        self._free(player, but=team)
        if player in team.members:
            raise LeagueError("team.already_in", team=team.name)
        if len(team.members) >= MAX_ROSTER:
            raise LeagueError("team.roster_full", most=MAX_ROSTER)
        (team.substitutes if substitute else team.players).append(player)

    def remove_player(self, team_id: str, player: str) -> None:
        team = self.team(team_id)
        if player not in team.members:
            raise LeagueError("team.not_in", team=team.name)
        if self.state is LeagueState.RUNNING and self._plays_pending(player):
            raise LeagueError("team.in_lineup")
        for roster in (team.players, team.substitutes):
            if player in roster:
                roster.remove(player)
        for f in self.fixtures:  # named for a line-up not yet shown: the board is empty again
            side = f.side_of(team.id)
            if side is not None and not f.revealed and side.value in f.lineups:
                f.lineups[side.value] = [None if p == player else p
                                         for p in f.lineups[side.value]]

    def set_captain(self, team_id: str, player: str) -> None:
        """``player``, on the team, becomes its captain: the organiser names one, or the
        captain hands over (a captain who leaves, a club's new choice)."""
        if self.state is LeagueState.FINISHED:
            raise LeagueError("team.finished")
        team = self.team(team_id)
        if team.withdrawn:
            raise LeagueError("team.withdrawn", team=team.name)
        if player not in team.members:
            raise LeagueError("team.captain_not_in", team=team.name)
        if player == team.captain:
            raise LeagueError("team.already_captain", team=team.name)
        team.captain = player

    def _plays_pending(self, player: str) -> bool:
        return any(player in (b.home, b.away) and not b.decided
                   for f in self.fixtures for b in f.boards)

    def start(self, now: datetime, lots: list[str]) -> list[TeamChange]:
        """The schedule of every round (``lots``: the team ids in the order drawn, which
        places them on the circle and breaks the last ties of the table)."""
        self._registration()
        ready = [t for t in self.teams if not t.withdrawn]
        if len(ready) < 2:
            raise LeagueError("team.too_few")
        short = [t.name for t in ready if len(t.members) < 1]
        if short:
            raise LeagueError("team.empty", team=short[0])
        if sorted(lots) != sorted(t.id for t in ready):
            raise LeagueError("team.bad_lots")
        self.lots = list(lots)
        rounds = (double_round_robin if self.settings.double else round_robin)(self.lots)
        step = timedelta(hours=self.settings.deadline_hours)
        for number, pairs in enumerate(rounds, 1):
            for i, (a, b) in enumerate(pairs, 1):
                f = Fixture(f"{number}.{i}", number, a, b, now + step * number)
                if b is not None:
                    f.lineups = {Side.HOME.value: [None] * self.settings.boards,
                                 Side.AWAY.value: [None] * self.settings.boards}
                self.fixtures.append(f)
        self.state = LeagueState.RUNNING
        self.started_at = now
        return [TeamChange("started")]

    # -- line-ups ----------------------------------------------------------------------

    def set_lineup(self, fixture_id: str, team_id: str, board: int, player: str | None,
                   now: datetime) -> list[TeamChange]:
        """The captain names ``player`` for ``board`` (None clears it); the boards open
        once both line-ups are complete."""
        self._running()
        f = self.fixture(fixture_id)
        side = f.side_of(team_id)
        if side is None or f.is_bye:
            raise LeagueError("team.not_your_fixture", fixture=fixture_id)
        if f.revealed or f.void:
            raise LeagueError("team.lineup_closed", fixture=fixture_id)
        if not 1 <= board <= self.settings.boards:
            raise LeagueError("team.unknown_board", board=board, boards=self.settings.boards)
        team = self.team(team_id)
        lineup = f.lineups[side.value]
        if player is not None:
            if player not in team.members:
                raise LeagueError("team.not_in", team=team.name)
            if player in lineup and lineup.index(player) != board - 1:
                lineup[lineup.index(player)] = None  # moved to another board
        lineup[board - 1] = player
        if all(p is not None for side_lineup in f.lineups.values() for p in side_lineup):
            return self._reveal(f)
        return []

    def lineup_shown(self, fixture_id: str, side: Side,
                     viewer_team: str | None) -> list[str | None] | None:
        """``side``'s line-up as ``viewer_team`` may see it: its own always, the other's
        only once the line-ups are out (both complete, or the deadline passed); None when
        hidden."""
        f = self.fixture(fixture_id)
        if f.revealed:
            return [b.home if side is Side.HOME else b.away for b in f.boards]
        if viewer_team is not None and f.team_on(side) == viewer_team:
            return list(f.lineups.get(side.value, []))
        return None

    def _reveal(self, f: Fixture) -> list[TeamChange]:
        """Both line-ups out: the boards are made; an empty seat is a walkover."""
        filled: dict[str, list[str | None]] = {}
        for side in Side:
            lineup = f.lineups[side.value]
            team_id = f.team_on(side)
            assert team_id is not None
            if all(p is None for p in lineup):  # none named: the roster's order
                roster = self.team(team_id).players
                lineup = [*roster[:self.settings.boards],
                          *[None] * max(0, self.settings.boards - len(roster))]
            filled[side.value] = lineup
        f.boards = [Board(i, h, a) for i, (h, a) in enumerate(
            zip(filled["home"], filled["away"], strict=True), 1)]
        changes = [TeamChange("lineups_shown", f.id)]
        for b in f.boards:
            if b.home is None or b.away is None:
                b.walkover = True
                b.result = (Side.HOME.value if b.home else Side.AWAY.value if b.away
                            else "none")
        self._withdrawn_walkovers(f)
        playable = tuple(b.number for b in f.boards if b.playable)
        if playable:
            changes.append(TeamChange("boards_opened", f.id, playable))
        return changes

    def _withdrawn_walkovers(self, f: Fixture) -> None:
        for side in Side:
            team_id = f.team_on(side)
            if team_id is not None and self.team(team_id).withdrawn:
                for b in f.boards:
                    if not b.decided:
                        b.result, b.walkover = side.other.value, True

    # -- results -----------------------------------------------------------------------

    def record(self, ref: str, winner: str | None) -> list[TeamChange]:
        """The game in thread ``ref`` ended; ``winner`` its winning player (None: no
        result, the board stays to play)."""
        found = self.board_at(ref)
        if found is None or self.state is not LeagueState.RUNNING:
            return []
        _f, b = found
        if b.decided or winner is None:
            return []
        b.result = Side.HOME.value if winner == b.home else Side.AWAY.value
        return self._maybe_finished()

    def set_result(self, fixture_id: str, number: int, winner: str) -> list[TeamChange]:
        """The organiser's result of a board, or a correction of one: ``winner`` is
        "home", "away", or "none" (nobody scores)."""
        if self.state is LeagueState.REGISTRATION:
            raise LeagueError("team.not_running")
        if winner not in ("home", "away", "none"):
            raise LeagueError("team.bad_winner")
        b = self.board(fixture_id, number)
        stop = (b.ref,) if b.ref and not b.decided else ()
        b.result, b.set_by_organiser, b.walkover = winner, True, False
        return [TeamChange("board_decided", fixture_id, (number,), stop),
                *self._maybe_finished()]

    def _maybe_finished(self) -> list[TeamChange]:
        """The last board of the season decided: the league is over."""
        if self.state is LeagueState.RUNNING and self.all_played:
            self.state = LeagueState.FINISHED
            return [TeamChange("finished")]
        return []

    def due(self, now: datetime) -> list[TeamChange]:
        """Captains reminded a quarter of the round's time before the deadline of a
        line-up they have not completed; line-ups whose deadline has passed shown
        (missing ones filled in)."""
        if self.state is not LeagueState.RUNNING:
            return []
        changes: list[TeamChange] = []
        early = timedelta(hours=self.settings.deadline_hours) / 4
        for f in self.fixtures:
            if f.is_bye or f.void or f.revealed or f.reminded or f.deadline is None \
                    or not f.deadline - early <= now < f.deadline:
                continue
            f.reminded = True
            missing = tuple(t for side in Side if (t := f.team_on(side)) is not None
                            and any(p is None for p in f.lineups[side.value]))
            if missing:
                changes.append(TeamChange("lineup_reminder", f.id, teams=missing))
        for f in self.fixtures:
            if not f.is_bye and not f.void and not f.revealed and f.deadline is not None \
                    and now >= f.deadline:
                changes += self._reveal(f)
        return [*changes, *self._maybe_finished()]

    # -- the organiser -----------------------------------------------------------------

    def postpone(self, fixture_id: str, hours: int) -> list[TeamChange]:
        self._running()
        f = self.fixture(fixture_id)
        if f.revealed or f.is_bye or f.void:
            raise LeagueError("team.lineup_closed", fixture=fixture_id)
        if not 1 <= hours <= 24 * 60:
            raise LeagueError("team.bad_deadline")
        assert f.deadline is not None
        f.deadline += timedelta(hours=hours)
        f.postponed = True
        f.reminded = False  # reminded again before the new deadline
        return []

    def replace(self, team_id: str, old: str, new: str) -> list[TeamChange]:
        """``new`` takes ``old``'s place (who left): in the roster, as captain if ``old``
        was (``set_captain`` names another), in line-ups not yet shown, and on boards
        not yet decided (their games start again)."""
        self._running()
        team = self.team(team_id)
        if old not in team.members:
            raise LeagueError("team.not_in", team=team.name)
        if new == old:
            raise LeagueError("team.already_in", team=team.name)
        self._free(new, but=team)
        if new in team.members:  # a substitute steps up: the seats swap
            for roster in (team.players, team.substitutes):
                if new in roster:
                    roster.remove(new)
        for roster in (team.players, team.substitutes):
            if old in roster:
                roster[roster.index(old)] = new
        if team.captain == old:  # the captain who left: the newcomer leads until renamed
            team.captain = new
        changes: list[TeamChange] = []
        for f in self.fixtures:
            side = f.side_of(team_id)
            if side is None:
                continue
            if not f.revealed and side.value in f.lineups:
                f.lineups[side.value] = [new if p == old else p for p in f.lineups[side.value]]
            for b in f.boards:
                if b.decided or old not in (b.home, b.away):
                    continue
                stop = (b.ref,) if b.ref else ()
                if b.home == old:
                    b.home = new
                else:
                    b.away = new
                b.ref = None
                changes.append(TeamChange("board_replaced", f.id, (b.number,), stop))
        return changes

    def withdraw(self, team_id: str, *, void: bool) -> list[TeamChange]:
        """The team leaves the league: its fixtures still to play are walkovers for its
        opponents, or (``void``) every fixture of it is struck out of the table."""
        self._running()
        team = self.team(team_id)
        if team.withdrawn:
            raise LeagueError("team.withdrawn", team=team.name)
        team.withdrawn, team.voided = True, void
        stop: list[str] = []
        for f in self.fixtures:
            side = f.side_of(team_id)
            if side is None:
                continue
            live = [b.ref for b in f.boards if b.ref and not b.decided]
            stop += [r for r in live if r]
            if void:
                f.void = True
                continue
            if f.revealed:
                self._withdrawn_walkovers(f)
            elif not f.is_bye:
                other = f.lineups[side.other.value]
                if all(p is None for p in other):  # none named yet: the roster's order
                    other_team = f.team_on(side.other)
                    assert other_team is not None
                    roster = self.team(other_team).players[:self.settings.boards]
                    other = [*roster, *[None] * (self.settings.boards - len(roster))]
                f.lineups[side.value] = [None] * self.settings.boards
                f.boards = [Board(i, None, None, side.other.value, walkover=True)
                            for i in range(1, self.settings.boards + 1)]
                for b, p in zip(f.boards, other, strict=True):
                    setattr(b, side.other.value, p)
        return [TeamChange("withdrawn", team=team_id, refs=tuple(stop)),
                *self._maybe_finished()]

    def close(self) -> list[TeamChange]:
        """The season ends: what was not played stays unplayed (and scores nothing)."""
        if self.state is LeagueState.FINISHED:
            raise LeagueError("team.finished")
        stop = tuple(b.ref for f in self.fixtures for b in f.boards
                     if b.ref and not b.decided)
        self.state = LeagueState.FINISHED
        return [TeamChange("finished", refs=stop)]

    def set_ref(self, fixture_id: str, number: int, ref: str) -> None:
        self.board(fixture_id, number).ref = ref

    @property
    def all_played(self) -> bool:
        return bool(self.fixtures) and all(f.complete for f in self.fixtures)
