"""The team league's values: schedule, line-ups hidden until both are in, walkovers,
replacements, withdrawals (bot/league/teams.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.league.errors import LeagueError
from bot.league.teams import LeagueState, Settings, Side, TeamLeague

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def league(teams: int = 4, players: int = 3, **settings: object) -> TeamLeague:
    lg = TeamLeague("Allsvenskan", "org", Settings("brade", **settings))  # type: ignore[arg-type]
    for i in range(teams):
        team = lg.add_team(f"Lag {i + 1}", f"c{i}")
        for j in range(1, players):
            lg.add_player(team.id, f"p{i}{j}")
    return lg


def test_single_round_robin_every_team_meets_every_other_once() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    assert lg.state is LeagueState.RUNNING and lg.rounds == 3
    met = [frozenset((f.home, f.away)) for f in lg.fixtures]
    assert len(met) == 6 == len(set(met))
    for r in (1, 2, 3):
        teams = [t for f in lg.round_fixtures(r) for t in (f.home, f.away)]
        assert sorted(teams) == ["t1", "t2", "t3", "t4"]  # everyone plays every round
        assert all(f.deadline == T0 + timedelta(hours=168 * r) for f in lg.round_fixtures(r))


def test_double_round_robin_swaps_the_sides_and_an_odd_field_has_a_bye() -> None:
    lg = league(teams=3, double=True)
    lg.start(T0, ["t2", "t1", "t3"])
    assert lg.rounds == 6
    byes = [f for f in lg.fixtures if f.is_bye]
    assert sorted(f.home for f in byes) == ["t1", "t1", "t2", "t2", "t3", "t3"]
    games = [(f.home, f.away) for f in lg.fixtures if not f.is_bye]
    assert sorted(games) == sorted((b, a) for a, b in games)  # each pair once each way


def test_a_member_plays_for_one_team_and_the_lots_must_be_the_teams() -> None:
    lg = league()
    with pytest.raises(LeagueError) as e:
        lg.add_player("t2", "p01")
    assert e.value.key == "team.other_team"
    with pytest.raises(LeagueError):
        lg.start(T0, ["t1", "t2", "t3"])
    assert lg.state is LeagueState.REGISTRATION and not lg.fixtures


def test_a_lineup_is_hidden_from_the_other_side_until_both_are_in() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f = lg.round_fixtures(1)[0]
    home, away = f.home, f.away
    assert away is not None
    hp = lg.team(home).players
    ap = lg.team(away).players
    for i, p in enumerate(hp, 1):
        assert lg.set_lineup(f.id, home, i, p, T0) == []
    assert lg.lineup_shown(f.id, Side.HOME, home) == hp
    assert lg.lineup_shown(f.id, Side.HOME, away) is None  # the opponents do not see it
    assert lg.lineup_shown(f.id, Side.HOME, None) is None
    lg.set_lineup(f.id, away, 1, ap[2], T0)
    lg.set_lineup(f.id, away, 2, ap[0], T0)
    changes = lg.set_lineup(f.id, away, 3, ap[1], T0)
    assert [c.kind for c in changes] == ["lineups_shown", "boards_opened"]
    assert changes[1].boards == (1, 2, 3)
    assert lg.lineup_shown(f.id, Side.AWAY, home) == [ap[2], ap[0], ap[1]]
    with pytest.raises(LeagueError) as e:
        lg.set_lineup(f.id, away, 1, ap[0], T0)
    assert e.value.key == "team.lineup_closed"


def test_naming_a_player_again_moves_them_and_strangers_are_refused() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f = lg.round_fixtures(1)[0]
    p = lg.team(f.home).players[0]
    lg.set_lineup(f.id, f.home, 1, p, T0)
    lg.set_lineup(f.id, f.home, 2, p, T0)
    assert f.lineups["home"] == [None, p, None]
    with pytest.raises(LeagueError):
        lg.set_lineup(f.id, f.home, 1, "stranger", T0)


def test_at_the_deadline_a_missing_lineup_takes_the_roster_and_an_empty_board_walks_over() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f = lg.round_fixtures(1)[0]
    assert f.away is not None
    away = lg.team(f.away).players
    lg.set_lineup(f.id, f.away, 1, away[1], T0)
    lg.set_lineup(f.id, f.away, 2, away[0], T0)  # board 3 left empty
    assert {c.kind for c in lg.due(T0 + timedelta(hours=167))} == {"lineup_reminder"}
    assert not f.revealed
    changes = [c for c in lg.due(T0 + timedelta(hours=168)) if c.fixture == f.id]
    assert [c.kind for c in changes] == ["lineups_shown", "boards_opened"]
    assert [b.home for b in f.boards] == lg.team(f.home).players  # the roster's order
    assert [b.away for b in f.boards] == [away[1], away[0], None]
    assert f.boards[2].walkover and f.boards[2].result == "home"
    assert changes[1].boards == (1, 2)


def test_results_by_ref_corrections_and_the_season_ends_when_all_is_played() -> None:
    lg = league(teams=2)
    lg.start(T0, ["t1", "t2"])
    [f] = lg.fixtures
    lg.due(T0 + timedelta(days=8))
    for b in f.boards:
        lg.set_ref(f.id, b.number, f"th{b.number}")
    lg.record("th1", f.boards[0].home)
    lg.record("th2", f.boards[1].away)
    assert f.score() == (1, 1) and not f.complete
    changes = lg.set_result(f.id, 3, "home")
    assert [c.kind for c in changes] == ["board_decided", "finished"]
    assert changes[0].refs == ("th3",)  # its game stops
    assert lg.state is LeagueState.FINISHED
    assert lg.set_result(f.id, 1, "away")[0].refs == ()  # a correction: nothing to stop
    assert f.score() == (1, 2)


def test_a_replacement_takes_the_roster_place_and_restarts_an_unplayed_board() -> None:
    lg = league(teams=2)
    lg.start(T0, ["t1", "t2"])
    [f] = lg.fixtures
    lg.due(T0 + timedelta(days=8))
    lg.set_ref(f.id, 2, "th2")
    old = f.boards[1].home
    assert old is not None
    changes = lg.replace(f.home, old, "newcomer")
    assert [(c.kind, c.boards, c.refs) for c in changes] == [("board_replaced", (2,), ("th2",))]
    assert f.boards[1].home == "newcomer" and f.boards[1].ref is None
    assert "newcomer" in lg.team(f.home).players and old not in lg.team(f.home).members
    with pytest.raises(LeagueError):
        lg.replace(f.home, "newcomer", lg.team(f.away).players[0])  # plays for the other


def test_a_captain_is_one_of_the_team_and_a_captain_who_left_is_replaced_as_captain(
) -> None:
    lg = league(teams=2)
    a = lg.team("t1")
    lg.set_captain("t1", "p01")
    assert a.captain == "p01" and lg.captained_by("p01") == [a] and not lg.captained_by("c0")
    for player, key in (("p11", "team.captain_not_in"), ("stranger", "team.captain_not_in"),
                        ("p01", "team.already_captain")):
        with pytest.raises(LeagueError) as e:
            lg.set_captain("t1", player)
        assert e.value.key == key and a.captain == "p01"
    lg.add_player("t1", "sub", substitute=True)
    lg.set_captain("t1", "sub")  # a substitute may lead
    assert a.captain == "sub"
    lg.start(T0, ["t1", "t2"])
    lg.replace("t1", "sub", "newcomer")  # the captain left: the newcomer leads
    assert a.captain == "newcomer" and "newcomer" in a.substitutes
    lg.replace("t1", "p02", "other")  # a player who was not captain: the captain stays
    assert a.captain == "newcomer"


def test_withdrawal_kept_gives_walkovers_voided_strikes_the_fixtures() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    changes = lg.withdraw("t4", void=False)
    assert changes[0].kind == "withdrawn"
    for f in lg.fixtures:
        side = f.side_of("t4")
        if side is not None:
            assert all(b.result == side.other.value and b.walkover for b in f.boards)
    lg2 = league()
    lg2.start(T0, ["t1", "t2", "t3", "t4"])
    lg2.withdraw("t4", void=True)
    assert all(f.void for f in lg2.fixtures if f.side_of("t4") is not None)
    with pytest.raises(LeagueError):
        lg2.withdraw("t4", void=True)


def test_postpone_moves_one_fixture_deadline() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f, g = lg.round_fixtures(1)
    lg.postpone(f.id, 48)
    lg.due(T0 + timedelta(hours=170))
    assert not f.revealed and g.revealed and f.postponed
    lg.due(T0 + timedelta(hours=216))
    assert f.revealed


def test_the_league_survives_json() -> None:
    lg = league(teams=3)
    lg.start(T0, ["t3", "t1", "t2"])
    lg.due(T0 + timedelta(days=8))
    again = TeamLeague.from_json(lg.to_json())
    assert again.to_json() == lg.to_json()


def test_captains_with_a_lineup_to_complete_are_reminded_once() -> None:
    lg = league()
    lg.start(T0, ["t1", "t2", "t3", "t4"])
    f, g = lg.round_fixtures(1)
    for board, p in enumerate(lg.team(f.home).players, 1):
        lg.set_lineup(f.id, f.home, board, p, T0)
    assert lg.due(T0 + timedelta(hours=125)) == []  # more than a quarter of the week left
    changes = lg.due(T0 + timedelta(hours=126))
    assert [(c.kind, c.fixture, c.teams) for c in changes] == [
        ("lineup_reminder", f.id, (f.away,)), ("lineup_reminder", g.id, (g.home, g.away))]
    assert lg.due(T0 + timedelta(hours=127)) == []  # once
    lg.postpone(g.id, 24)
    assert [c.fixture for c in lg.due(T0 + timedelta(hours=150))] == [g.id]  # again
