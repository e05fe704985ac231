"""A team league's table (issue 48; docs/league.md, "Team leagues").

Each fixture's board points add up to its score; the fixture won, drawn or lost gives
the league's match points (2/1/0 unless the organiser chose others).  The table ranks by

1. match points,
2. board points,
3. the result between the tied teams: the match points, then the board points, of
   the fixtures among the teams still level (a mini-table, as football's head-to-head),
4. the drawing of lots made at the start and recorded with the league (``lots``).

A fixture with a board still to play counts nothing yet.  A withdrawn team whose
results were voided has its fixtures struck out (for it and its opponents) and stands
last; one whose results were kept stays in the table, its later fixtures lost by
walkover.  ``decided_by`` names the step that separated two teams, for the note under
the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from bot.league.teams import Fixture, Side, TeamLeague


@dataclass
class TeamRow:
    team: str
    name: str
    place: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    match_points: int = 0
    board_points: int = 0
    board_against: int = 0
    withdrawn: bool = False
    voided: bool = False
    lot: int = 0  # its place in the drawing of lots, 1 first
    decided_by: str | None = None  # what put it above the next row, when level on points
    form: list[str] = field(default_factory=list)  # W/D/L by round

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__, form=list(self.form))


def counted(league: TeamLeague) -> list[Fixture]:
    """The fixtures that count: complete, not a bye, not struck out."""
    return [f for f in league.fixtures
            if f.complete and not f.is_bye and not f.void]


def _points(league: TeamLeague, mine: int, theirs: int) -> int:
    s = league.settings
    return s.win if mine > theirs else s.draw if mine == theirs else s.loss


def table(league: TeamLeague) -> list[TeamRow]:
    """The table in order, places filled in."""
    rows = {t.id: TeamRow(t.id, t.name, withdrawn=t.withdrawn, voided=t.voided)
            for t in league.teams}
    lots = {tid: i for i, tid in enumerate(league.lots, 1)}
    for r in rows.values():
        r.lot = lots.get(r.team, len(lots) + 1)
    fixtures = counted(league)
    for f in sorted(fixtures, key=lambda f: f.round):
        home, away = f.score()
        for side, mine, theirs in ((Side.HOME, home, away), (Side.AWAY, away, home)):
            team = f.team_on(side)
            assert team is not None
            r = rows[team]
            r.played += 1
            r.board_points += mine
            r.board_against += theirs
            r.match_points += _points(league, mine, theirs)
            if mine > theirs:
                r.won += 1
                r.form.append("W")
            elif mine == theirs:
                r.drawn += 1
                r.form.append("D")
            else:
                r.lost += 1
                r.form.append("L")
    ordered = _order(league, list(rows.values()), fixtures)
    for i, r in enumerate(ordered, 1):
        r.place = i
    for above, below in pairwise(ordered):
        above.decided_by = _separated(league, above, below, fixtures)
    return ordered


def _order(league: TeamLeague, rows: list[TeamRow], fixtures: list[Fixture]) -> list[TeamRow]:
    rows.sort(key=lambda r: (r.voided, -r.match_points, -r.board_points))
    out: list[TeamRow] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and _level(rows[i], rows[j]):
            j += 1
        group = rows[i:j]
        if len(group) > 1:
            group = _head_to_head(league, group, fixtures)
        out += group
        i = j
    return out


def _level(a: TeamRow, b: TeamRow) -> bool:
    return (a.voided, a.match_points, a.board_points) == (b.voided, b.match_points,
                                                          b.board_points)


def mini(league: TeamLeague, teams: set[str], fixtures: list[Fixture]) -> dict[str, tuple[int, int]]:
    """Match and board points of ``teams`` in their fixtures among themselves."""
    got = {t: (0, 0) for t in teams}
    for f in fixtures:
        if f.home in teams and f.away in teams:
            home, away = f.score()
            for team, mine, theirs in ((f.home, home, away), (f.away, away, home)):
                mp, bp = got[team]
                got[team] = (mp + _points(league, mine, theirs), bp + mine)
    return got


def _head_to_head(league: TeamLeague, group: list[TeamRow],
                  fixtures: list[Fixture]) -> list[TeamRow]:
    h2h = mini(league, {r.team for r in group}, fixtures)
    return sorted(group, key=lambda r: (-h2h[r.team][0], -h2h[r.team][1], r.lot))


def _separated(league: TeamLeague, above: TeamRow, below: TeamRow,
               fixtures: list[Fixture]) -> str | None:
    """"board_points", "head_to_head" or "lots" when ``above`` and ``below`` have the
    same match points; None when the match points (or a voiding) separate them."""
    if above.voided != below.voided or above.match_points != below.match_points:
        return None
    if above.board_points != below.board_points:
        return "board_points"
    h2h = mini(league, {above.team, below.team}, fixtures)
    if h2h[above.team] != h2h[below.team]:
        return "head_to_head"
    return "lots"
