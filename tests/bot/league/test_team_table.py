"""The team league's table: match points, board points, head-to-head, lots
(bot/league/team_table.py)."""

from __future__ import annotations

from datetime import timedelta

from bot.league.team_table import table
from bot.league.teams import TeamLeague
from tests.bot.league.test_teams import T0, league


def play(lg: TeamLeague, results: dict[frozenset[str], str]) -> None:
    """Every fixture decided: ``results[{a, b}]`` is the board winners in order, "h"
    for the team named first in the key's sorted pair, "a" for the other."""
    lg.due(T0 + timedelta(days=365))
    for f in lg.fixtures:
        if f.is_bye or f.void or f.complete:
            continue
        assert f.away is not None
        first, _second = sorted((f.home, f.away))
        for b, w in zip(f.boards, results[frozenset((f.home, f.away))], strict=True):
            if b.decided:
                continue
            mine = "home" if f.home == first else "away"
            lg.set_result(f.id, b.number, mine if w == "h" else
                          ("away" if mine == "home" else "home"))


def test_match_points_then_board_points() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    play(lg, {frozenset(("t1", "t2")): "hha", frozenset(("t1", "t3")): "hhh",
              frozenset(("t1", "t4")): "aah", frozenset(("t2", "t3")): "hah",
              frozenset(("t2", "t4")): "hhh", frozenset(("t3", "t4")): "aaa"})
    rows = table(lg)
    # t1: W 2-1, W 3-0, L 1-2 -> 4 mp, 6 bp; t2: L 1-2, W 2-1, W 3-0 -> 4 mp, 6 bp
    # t4: W 2-1, L 0-3, W 3-0 -> 4 mp, 5 bp; t3: 0 mp, 1 bp
    # t1 beat t2: head-to-head
    assert [(r.team, r.match_points, r.board_points) for r in rows] == [
        ("t1", 4, 6), ("t2", 4, 6), ("t4", 4, 5), ("t3", 0, 1)]
    assert [r.decided_by for r in rows] == ["head_to_head", "board_points", None, None]


def test_a_draw_and_the_lots_and_custom_points() -> None:
    lg = league(teams=2, boards=2, win=3, draw=1)
    lg.start(T0, ["t2", "t1"])
    play(lg, {frozenset(("t1", "t2")): "ha"})
    rows = table(lg)
    assert [(r.team, r.match_points, r.drawn) for r in rows] == [("t2", 1, 1), ("t1", 1, 1)]
    assert rows[0].decided_by == "lots"  # t2 drawn first


def test_a_voided_team_stands_last_and_its_fixtures_count_for_nobody() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    lg.withdraw("t1", void=True)
    play(lg, {frozenset(("t2", "t3")): "hhh", frozenset(("t2", "t4")): "hhh",
              frozenset(("t3", "t4")): "hhh"})
    rows = table(lg)
    assert [r.team for r in rows] == ["t2", "t3", "t4", "t1"]
    assert rows[-1].voided and rows[-1].played == 0
    assert [r.played for r in rows[:3]] == [2, 2, 2]


def test_a_kept_withdrawal_gives_its_opponents_every_board() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    lg.withdraw("t1", void=False)
    play(lg, {frozenset(("t2", "t3")): "hhh", frozenset(("t2", "t4")): "hhh",
              frozenset(("t3", "t4")): "hhh"})
    rows = {r.team: r for r in table(lg)}
    assert rows["t1"].withdrawn and rows["t1"].played == 3 and rows["t1"].board_points == 0
    assert rows["t4"].match_points == 2 and rows["t4"].board_points == 3
