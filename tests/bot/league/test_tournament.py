"""Tournaments played through with scripted results (issue 6, "How we will know")."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from bot.league import Change, Format, LeagueError, State, Status, Tournament
from bot.league.standings import Standing, order

NOW = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def make(fmt: str, n: int, join_order: list[int] | None = None, **kw) -> Tournament:
    """``n`` players p1..pn, p1 rated highest; joined in ``join_order``."""
    t = Tournament.create("t1", "Höstcupen", fmt, "org", now=NOW, **kw)
    for i in join_order or range(1, n + 1):
        t.join(f"p{i}", f"Player {i}", rating=2000 - 100 * i)
    return t


def seed_of(t: Tournament, pid: str) -> int:
    return t.player(pid).seed


def favourite(t: Tournament, m) -> str:
    return m.a if seed_of(t, m.a) < seed_of(t, m.b) else m.b


def round_trip(t: Tournament) -> Tournament:
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.to_json() == t.to_json()
    return again


def pairs(t: Tournament, number: int) -> list[tuple[str, str | None]]:
    return [(m.a, m.b) for m in t.rounds[number - 1].pairings]


def no_rematches(t: Tournament) -> bool:
    met = [frozenset(m.players) for m in t.pairings() if not m.is_bye]
    return len(met) == len(set(met))


# -- single elimination -------------------------------------------------------------------


def test_four_player_single_elimination() -> None:
    t = make("single_elimination", 4, join_order=[3, 1, 4, 2], match_length=3)
    changes = t.start(NOW)
    assert [p.seed for p in sorted(t.players, key=lambda p: p.id)] == [1, 2, 3, 4]
    assert changes == [Change("round_opened", 1, ("1.1", "1.2"))]
    assert pairs(t, 1) == [("p1", "p4"), ("p2", "p3")]
    b = t.bracket()
    assert [r["stage"] for r in b["rounds"]] == ["semifinal", "final"]
    assert b["rounds"][1]["matches"][0]["from"] == ["1.1", "1.2"]

    assert t.report("1.1", "p1", NOW, a_points=2, b_points=0) == []
    t = round_trip(t)
    changes = t.report("1.2", "p3", NOW + DAY, a_points=1, b_points=3)  # an upset
    assert changes == [Change("round_opened", 2, ("2.1",))]
    assert pairs(t, 2) == [("p1", "p3")]
    assert t.standings()[0].player in ("p1", "p3")
    assert [s.player for s in t.standings()[2:]] == ["p2", "p4"]

    changes = round_trip(t).report("2.1", "p3", NOW + 2 * DAY, a_points=1, b_points=2)
    t.report("2.1", "p3", NOW + 2 * DAY, a_points=1, b_points=2)
    assert changes == [Change("finished", 2)]
    assert t.state is State.FINISHED and t.champion == "p3"
    table = t.standings()
    assert [(s.player, s.place) for s in table] == [("p3", 1), ("p1", 2), ("p2", 3), ("p4", 3)]
    assert table[0].points_for == 5 and table[0].points_against == 2
    with pytest.raises(LeagueError, match="already finished"):
        t.report("2.1", "p1", NOW)


def test_byes_to_top_seeds_in_a_five_player_knockout() -> None:
    t = make("single_elimination", 5)
    changes = t.start(NOW)
    assert pairs(t, 1) == [("p1", None), ("p4", "p5"), ("p2", None), ("p3", None)]
    assert changes == [Change("round_opened", 1, ("1.2",))]  # only one real match
    assert [m.status for m in t.rounds[0].pairings].count(Status.BYE) == 3
    t.report("1.2", "p5", NOW)
    assert pairs(t, 2) == [("p1", "p5"), ("p2", "p3")]
    assert t.bracket()["rounds"][1]["stage"] == "semifinal"
    assert t.total_rounds == 3


def test_knockout_needs_a_winner_and_rejects_strangers() -> None:
    t = make("single_elimination", 4)
    t.start(NOW)
    with pytest.raises(LeagueError, match="needs a winner"):
        t.set_result("1.1", None, NOW)
    with pytest.raises(LeagueError, match="one of the two players"):
        t.report("1.1", "p2", NOW)
    with pytest.raises(LeagueError, match=r"no match '9\.9'"):
        t.report("9.9", "p1", NOW)
    assert all(m.status is Status.PENDING for m in t.pending())  # nothing changed


def test_removing_a_knockout_finalist_gives_a_walkover_final() -> None:
    t = make("single_elimination", 4)
    t.start(NOW)
    t.report("1.1", "p1", NOW)
    assert t.remove_player("p1", NOW) == []  # p1 is waiting for the final, no match open
    changes = t.report("1.2", "p2", NOW)
    assert Change("walkover", 2, ("2.1",)) in changes and changes[-1].kind == "finished"
    final = t.pairing("2.1")
    assert final.walkover and final.winner == "p2"
    assert t.champion == "p2"


# -- Swiss ----------------------------------------------------------------------------------


def test_six_player_three_round_swiss() -> None:
    """The favourite wins every match except on table 2, where the underdog does."""
    t = make("swiss", 6, join_order=[6, 5, 4, 3, 2, 1], swiss_rounds=3)
    t.start(NOW)
    for _ in range(3):
        assert t.state is State.RUNNING
        for m in t.pending():
            fav = favourite(t, m)
            winner = fav if m.table != 2 else m.opponent(fav)
            a_pts, b_pts = (2, 1) if winner == m.a else (1, 2)
            t.report(m.id, winner, NOW, a_points=a_pts, b_points=b_pts)
        t = round_trip(t)
    assert t.state is State.FINISHED
    assert pairs(t, 1) == [("p1", "p4"), ("p2", "p5"), ("p3", "p6")]
    # After round 1: p1, p5, p3 on 1 point.  Ranked p1, p3, p5 (seed breaks the tie):
    # p1–p3 in the top group, p5 floats down to the best 0-point player p4.
    assert pairs(t, 2) == [("p1", "p3"), ("p5", "p4"), ("p2", "p6")]
    assert pairs(t, 3) == [("p1", "p5"), ("p2", "p3"), ("p4", "p6")]
    assert no_rematches(t)

    table = {s.player: s for s in t.standings()}
    # Scores: p1 3, p5 2, p3 2, p4 1, p2 1, p6 0.
    assert {p: s.score for p, s in table.items()} == {
        "p1": 3, "p5": 2, "p3": 2, "p4": 1, "p2": 1, "p6": 0}
    # Buchholz: sum of opponents' scores; Median: without the best and the worst.
    expect = {"p1": (5, 2), "p5": (5, 1), "p3": (4, 1), "p4": (5, 2), "p2": (4, 2),
              "p6": (4, 1)}
    assert {p: (s.buchholz, s.median_buchholz) for p, s in table.items()} == expect
    assert [s.player for s in t.standings()] == ["p1", "p5", "p3", "p4", "p2", "p6"]
    assert [s.place for s in t.standings()] == [1, 2, 3, 4, 5, 6]


def test_tiebreak_choice_decides_the_order() -> None:
    """x: opponents scored 3, 0, 0 (Buchholz 3, Median 0); y: 1, 1, 0 (2 and 1)."""
    x = Standing("x", "X", 1, score=2, buchholz=3, median_buchholz=0)
    y = Standing("y", "Y", 2, score=2, buchholz=2, median_buchholz=1)
    assert [s.player for s in order({"x": x, "y": y}, Format.SWISS, "buchholz")] == ["x", "y"]
    assert [s.player for s in order({"x": x, "y": y}, Format.SWISS,
                                    "median_buchholz")] == ["y", "x"]


def test_swiss_with_odd_field_gives_each_player_at_most_one_bye() -> None:
    t = make("swiss", 5, swiss_rounds=3)
    t.start(NOW)
    while t.state is State.RUNNING:
        for m in t.pending():
            t.report(m.id, favourite(t, m), NOW)
    # The bye goes to the lowest-ranked player (score, then seed) without one yet.
    assert [m.a for m in t.pairings() if m.is_bye] == ["p5", "p4", "p3"]
    assert pairs(t, 2) == [("p1", "p2"), ("p5", "p3"), ("p4", None)]
    assert pairs(t, 3) == [("p1", "p4"), ("p2", "p5"), ("p3", None)]
    assert no_rematches(t)
    table = {s.player: s for s in t.standings()}
    assert table["p1"].score == 3 and table["p1"].byes == 0
    assert table["p3"].score == 2 and table["p3"].byes == 1  # a win and the bye's point


@pytest.mark.parametrize("n", range(2, 15))
def test_swiss_never_rematches_at_the_round_limit(n: int) -> None:
    """Random results, as many rounds as allowed: no rematch, at most one bye each."""
    from bot.league.pairing import swiss_max_rounds

    for seed in range(8):
        rng = random.Random(n * 100 + seed)
        t = Tournament.create("s", "Stress", "swiss", "org", swiss_rounds=swiss_max_rounds(n))
        for i in range(n):
            t.join(f"p{i}", f"P{i}", rating=rng.uniform(1000, 2000))
        t.start(NOW)
        while t.state is State.RUNNING:
            for m in t.pending():
                t.report(m.id, rng.choice(m.players), NOW)
        byes = [m.a for m in t.pairings() if m.is_bye]
        assert no_rematches(t) and len(byes) == len(set(byes))
        assert len(t.rounds) == swiss_max_rounds(n)


def test_swiss_rounds_are_limited_to_what_the_field_allows() -> None:
    t = make("swiss", 4, swiss_rounds=3)
    with pytest.raises(LeagueError) as info:
        t.start(NOW)
    assert "at most 2" in str(info.value) and "round robin" in str(info.value)
    assert "högst 2" in info.value.message("sv")
    assert t.state is State.REGISTRATION


def test_removing_a_player_mid_swiss() -> None:
    t = make("swiss", 6, swiss_rounds=3)
    t.start(NOW)
    changes = t.remove_player("p6", NOW)  # p6 was to meet p3 at table 3
    assert changes == [Change("walkover", 1, ("1.3",))]
    assert t.pairing("1.3").winner == "p3" and t.pairing("1.3").walkover
    for m in t.pending():
        t.report(m.id, favourite(t, m), NOW)
    assert all("p6" not in m.players for r in t.rounds[1:] for m in r.pairings)
    assert sum(m.is_bye for m in t.rounds[1].pairings) == 1  # five players left
    while t.state is State.RUNNING:
        for m in t.pending():
            t.report(m.id, favourite(t, m), NOW)
    table = {s.player: s for s in t.standings()}
    assert table["p6"].withdrawn and table["p6"].score == 0
    assert table["p3"].walkovers == 1 and table["p3"].played == 2
    assert no_rematches(t)


def test_a_player_who_departed_keeps_the_result_of_their_last_game() -> None:
    """Issue 30, 3: found gone just before a round is paired, a player is withdrawn while
    their last match is still open; its result, reported after, stands, and the round is
    paired without them (no walkover for anyone)."""
    t = make("swiss", 6, swiss_rounds=3)
    t.start(NOW)
    *others, last = t.pending()
    for m in others:
        t.report(m.id, favourite(t, m), NOW)
    leaver = last.b
    assert leaver is not None
    assert t.depart([leaver, leaver, "stranger"]) == [Change("departed", 1, players=(leaver,))]
    assert t.depart([leaver]) == []  # withdrawn already
    assert t.pairing(last.id).status is Status.PENDING
    t.report(last.id, leaver, NOW)
    assert t.pairing(last.id).winner == leaver and not t.pairing(last.id).walkover
    assert t.current == 2 and all(leaver not in m.players for m in t.rounds[1].pairings)
    assert not any(m.walkover for m in t.pairings())


# -- round robin ----------------------------------------------------------------------------


def test_round_robin_with_five_players() -> None:
    t = make("round_robin", 5)
    changes = t.start(NOW)
    assert len(t.rounds) == 5 and t.total_rounds == 5
    assert changes[0].kind == "round_opened" and len(changes[0].pairings) == 2
    with pytest.raises(LeagueError, match="not in the current round"):
        t.report("2.2", "p1", NOW)
    played = 0
    while t.state is State.RUNNING:
        for m in t.pending():
            t.report(m.id, favourite(t, m), NOW)
            played += 1
    assert played == 10
    assert no_rematches(t)
    table = t.standings()
    assert [(s.player, s.score) for s in table] == [
        ("p1", 4), ("p2", 3), ("p3", 2), ("p4", 1), ("p5", 0)]
    assert all(s.byes == 1 for s in table)
    # Sonneborn–Berger: p1 beat everyone (3+2+1+0), p2 beat p3, p4, p5 (2+1+0).
    assert table[0].sonneborn_berger == 6 and table[1].sonneborn_berger == 3


def test_round_robin_removal_turns_later_matches_into_walkovers() -> None:
    t = make("round_robin", 4)
    t.start(NOW)
    for m in t.pending():
        t.report(m.id, favourite(t, m), NOW)
    changes = t.remove_player("p4", NOW)
    assert [c.kind for c in changes] == ["walkover"]
    while t.state is State.RUNNING:
        for m in t.pending():
            t.report(m.id, favourite(t, m), NOW)
    p4_matches = [m for m in t.pairings() if "p4" in m.players]
    assert len(p4_matches) == 3
    assert sum(m.walkover for m in p4_matches) == 2
    assert all(m.winner != "p4" for m in p4_matches)


# -- deadlines, walkovers, pause -----------------------------------------------------------


def test_walkover_after_the_deadline_with_an_advanced_clock() -> None:
    t = make("swiss", 4, swiss_rounds=2, round_time=2 * DAY)
    t.start(NOW)
    assert t.round is not None and t.round.deadline == NOW + 2 * DAY
    t.report("1.1", "p1", NOW + timedelta(hours=3))
    assert t.poll(NOW + DAY) == []

    events = t.poll(NOW + DAY + timedelta(hours=12))
    assert [(e.kind, e.pairing, e.players) for e in events] == [
        ("reminder", "1.2", ("p2", "p4"))]
    assert t.poll(NOW + DAY + timedelta(hours=13)) == []  # handed out once
    with pytest.raises(LeagueError, match="not passed yet"):
        t.confirm_walkover("1.2", "p2", NOW + DAY + timedelta(hours=13))

    t = round_trip(t)
    events = t.poll(NOW + 2 * DAY)
    assert [(e.kind, e.pairing) for e in events] == [("walkover_due", "1.2")]
    assert t.poll(NOW + 3 * DAY) == []
    later = NOW + 2 * DAY + timedelta(hours=1)
    changes = t.confirm_walkover("1.2", "p4", later)
    assert changes == [Change("round_opened", 2, ("2.1", "2.2"))]
    assert t.pairing("1.2").walkover and t.pairing("1.2").winner == "p4"
    assert t.round.deadline == later + 2 * DAY
    p4 = next(s for s in t.standings() if s.player == "p4")
    assert p4.score == 1 and p4.walkovers == 1 and p4.played == 0


def test_pause_freezes_the_clock() -> None:
    t = make("round_robin", 4, round_time=2 * DAY, reminder_before=timedelta(hours=6))
    t.start(NOW)
    t.pause(NOW + DAY)
    assert t.poll(NOW + 5 * DAY) == []
    with pytest.raises(LeagueError, match="not passed yet"):
        t.confirm_walkover("1.1", "p1", NOW + 5 * DAY)
    # A game that finishes during the pause still counts, but no round opens.
    for m in t.pending():
        t.report(m.id, favourite(t, m), NOW + DAY)
    assert t.current == 1
    changes = t.resume(NOW + 2 * DAY)
    assert changes[0] == Change("round_opened", 2, ("2.1", "2.2"))
    assert t.round.deadline == NOW + 4 * DAY
    with pytest.raises(LeagueError, match="not paused"):
        t.resume(NOW)


def test_resume_moves_the_open_deadline() -> None:
    t = make("swiss", 4, swiss_rounds=1, round_time=2 * DAY)
    t.start(NOW)
    t.pause(NOW + DAY)
    t.resume(NOW + 4 * DAY)
    assert t.round.deadline == NOW + 5 * DAY
    assert [e.kind for e in t.poll(NOW + 5 * DAY)] == ["walkover_due", "walkover_due"]


# -- organiser actions and registration -------------------------------------------------------


def test_organiser_sets_and_corrects_results() -> None:
    t = make("swiss", 4, swiss_rounds=2)
    t.start(NOW)
    t.report("1.1", "p1", NOW, a_points=2, b_points=0)
    t.set_result("1.1", "p3", NOW, a_points=1, b_points=2)  # a correction
    m = t.pairing("1.1")
    assert m.winner == "p3" and m.set_by_organiser and (m.a_points, m.b_points) == (1, 2)
    changes = t.set_result("1.2", None, NOW)  # both forfeit
    assert changes[0].kind == "round_opened"
    scores = {s.player: s.score for s in t.standings()}
    assert scores == {"p3": 1, "p1": 0, "p2": 0, "p4": 0}
    t.report("2.1", t.pairing("2.1").a, NOW)  # round 2 has a result now
    with pytest.raises(LeagueError, match="corrected in round 1 until a match of round 2"):
        t.set_result("1.1", "p1", NOW)


def test_the_last_result_of_a_round_is_corrected_and_the_round_paired_again() -> None:
    """Issue 23, point 4: the result that completed round 1 was a typo; round 2 (no
    result yet) is paired again from the corrected one, and the match paired the same
    keeps its thread."""
    t = make("swiss", 4, swiss_rounds=2)
    t.start(NOW)
    assert pairs(t, 1) == [("p1", "p3"), ("p2", "p4")]
    t.report("1.1", "p1", NOW, a_points=2, b_points=0)
    t.report("1.2", "p2", NOW, a_points=2, b_points=1)  # the typo: p4 really won
    assert pairs(t, 2) == [("p1", "p2"), ("p3", "p4")]
    t.set_ref("2.1", "thread-21")
    t.set_ref("2.2", "thread-22")
    changes = t.set_result("1.2", "p4", NOW + DAY, a_points=1, b_points=2)
    assert changes[0] == Change("repaired", 2, ("2.1", "2.2"), ("thread-21", "thread-22"))
    assert changes[1] == Change("round_opened", 2, ("2.1", "2.2"))
    assert pairs(t, 2) == [("p1", "p4"), ("p2", "p3")]
    assert t.pairing("1.2").winner == "p4" and t.pairing("1.2").set_by_organiser
    assert t.round.opened_at == NOW + DAY and t.current == 2
    assert t.same_result("1.2", "p4", 1, 2) and not t.same_result("1.2", "p4", 1, 3)
    round_trip(t)


def test_a_knockout_correction_keeps_the_unchanged_match_going() -> None:
    t = make("single_elimination", 8)
    t.start(NOW)
    for m in list(t.pending()):
        t.report(m.id, favourite(t, m), NOW, a_points=2, b_points=0)
    assert pairs(t, 2) == [("p1", "p4"), ("p2", "p3")]
    t.set_ref("2.1", "t21")
    t.set_ref("2.2", "t22")
    first = t.rounds[0].pairings
    upset = next(m for m in first if "p3" in m.players)  # p3 – p6: p6 really won
    changes = t.set_result(upset.id, "p6", NOW, a_points=0, b_points=2)
    assert changes[0].kind == "repaired" and changes[0].refs == ("t22",)
    assert changes[1] == Change("round_opened", 2, ("2.2",))  # only the new match
    assert pairs(t, 2) == [("p1", "p4"), ("p2", "p6")]
    assert t.pairing("2.1").ref == "t21" and t.pairing("2.2").ref is None


def test_a_round_robin_correction_keeps_the_schedule() -> None:
    t = make("round_robin", 4)
    t.start(NOW)
    for m in list(t.pending()):
        t.report(m.id, m.a, NOW, a_points=2, b_points=0)
    before = pairs(t, 2)
    changes = t.set_result("1.1", t.pairing("1.1").b, NOW, a_points=0, b_points=2)
    assert changes == [] and pairs(t, 2) == before and t.current == 2


def test_implausible_scores_are_refused() -> None:
    """Issue 23, point 9: a match of 3 games of talisman (ww: sprängjan 4 at most)."""
    t = make("swiss", 4, swiss_rounds=2)
    t.start(NOW)
    before = t.to_json()
    for winner, a, b in (("p1", 99, 0), ("p1", 1, 1), ("p1", 0, 2), ("p3", 2, 0)):
        with pytest.raises(LeagueError) as info:
            t.set_result("1.1", winner, NOW, a_points=a, b_points=b)
        assert "cannot end" in str(info.value)
        assert "kan inte sluta" in info.value.message("sv")
    with pytest.raises(LeagueError, match="no score"):
        t.set_result("1.1", None, NOW, a_points=2, b_points=1)
    assert t.to_json() == before
    t.set_result("1.1", "p1", NOW, a_points=12, b_points=0)  # 3 × sprängjan is possible
    from bot.league.tournament import most_points_per_game

    assert most_points_per_game("talisman") == 4
    assert most_points_per_game("talisman+ny2") == 11
    assert most_points_per_game("backgammon") == 3
    assert most_points_per_game("behrens-helmfrid") == 1


def test_removing_a_removed_player_says_so() -> None:
    t = make("swiss", 4, swiss_rounds=2)
    t.start(NOW)
    t.remove_player("p4", NOW)
    with pytest.raises(LeagueError, match="Player 4 has already left"):
        t.remove_player("p4", NOW)


def test_an_unplayed_final_crowns_nobody() -> None:
    """Issue 23, point 2: finished with the final open, both finalists share first."""
    t = make("single_elimination", 4)
    t.start(NOW)
    t.report("1.1", "p1", NOW)
    t.report("1.2", "p3", NOW)
    t.finish(NOW)
    assert t.champion is None
    table = t.standings()
    assert [(s.player, s.place) for s in table] == [("p1", 1), ("p3", 1), ("p2", 3),
                                                    ("p4", 3)]


def test_cancelling_before_the_start() -> None:
    t = make("swiss", 4, swiss_rounds=2)
    with pytest.raises(LeagueError, match="cancel it instead"):
        t.finish(NOW)
    assert t.cancel(NOW) == [Change("cancelled")]
    assert t.state is State.FINISHED and t.cancelled and t.champion is None
    assert round_trip(t).cancelled
    with pytest.raises(LeagueError, match="already finished"):
        t.cancel(NOW)
    s = make("swiss", 4, swiss_rounds=2)
    s.start(NOW)
    with pytest.raises(LeagueError, match="finish it instead"):
        s.cancel(NOW)


def test_a_bye_of_the_round_being_played_counts_when_the_round_is_complete() -> None:
    """Issue 23, point 7: between rounds, round 2's bye is not yet a point."""
    t = make("swiss", 5, swiss_rounds=3)
    t.start(NOW)
    for m in list(t.pending()):
        t.report(m.id, favourite(t, m), NOW)
    bye = next(m for m in t.round.pairings if m.is_bye)
    assert bye.round == 2 and bye.status is Status.BYE
    row = next(s for s in t.standings() if s.player == bye.a)
    assert row.score == 0 and row.byes == 0  # lost round 1, the bye not yet counted
    ahead = {s.player for s in t.standings() if s.score == 1}  # 2 winners, round 1's bye
    assert bye.a not in ahead and len(ahead) == 3
    for m in list(t.pending()):
        t.report(m.id, favourite(t, m), NOW)
    row = next(s for s in t.standings() if s.player == bye.a)
    assert row.score == 1 and row.byes == 1


def test_a_bye_counts_in_buchholz_as_an_opponent_with_the_players_own_score() -> None:
    """docs/league.md, "Byes in the tie-breaks": p5's bye in round 1 adds p5's own
    final score to p5's Buchholz."""
    t = make("swiss", 5, swiss_rounds=2)
    t.start(NOW)
    while t.state is State.RUNNING:
        for m in list(t.pending()):
            t.report(m.id, favourite(t, m), NOW)
    table = {s.player: s for s in t.standings()}
    p5 = table["p5"]
    assert p5.byes == 1 and len(p5.opponents) == 1
    assert p5.buchholz == table[p5.opponents[0]].score + p5.score


def test_finish_early_cancels_open_matches() -> None:
    t = make("round_robin", 4)
    t.start(NOW)
    t.report("1.1", t.pairing("1.1").a, NOW)
    assert t.finish(NOW + DAY) == [Change("finished", 1)]
    assert t.pairing("1.2").status is Status.CANCELLED
    assert len(t.rounds) == 1 and t.state is State.FINISHED
    with pytest.raises(LeagueError):
        t.finish(NOW)


def test_registration_rules() -> None:
    t = Tournament.create("t2", "Cup", "round_robin", "org", max_players=2)
    t.join("a", "Anna")
    with pytest.raises(LeagueError, match="already registered"):
        t.join("a", "Anna")
    with pytest.raises(LeagueError, match="needs at least 2"):
        t.start(NOW)
    t.join("b", "Bertil")
    with pytest.raises(LeagueError, match="full"):
        t.join("c", "Cecilia")
    t.leave("b")
    assert [p.id for p in t.players] == ["a"]
    t.join("c", "Cecilia")
    t.start(NOW)
    with pytest.raises(LeagueError) as info:
        t.join("d", "David")
    assert info.value.message("sv") == "Anmälan till turneringen är stängd."


@pytest.mark.parametrize("kw", [
    {"format": "ladder"}, {"match_length": 4}, {"format": "swiss"},
    {"tiebreak": "coin"}, {"round_time": timedelta(0)}, {"name": " "}, {"rules": "chess"},
])
def test_bad_settings_are_refused(kw: dict) -> None:
    args = {"format": "round_robin", "name": "Cup"} | kw
    with pytest.raises(LeagueError):
        Tournament.create("t", args.pop("name"), args.pop("format"), "org", **args)


def test_start_uses_current_ratings_for_seeding() -> None:
    t = make("single_elimination", 4)
    t.start(NOW, ratings={"p4": 2500})
    assert t.player("p4").seed == 1
    assert pairs(t, 1) == [("p4", "p3"), ("p1", "p2")]


def test_bracket_lists_every_match_with_names() -> None:
    t = make("swiss", 4, swiss_rounds=2)
    t.start(NOW)
    b = t.bracket()
    assert b["format"] == "swiss" and b["total_rounds"] == 2
    first = b["rounds"][0]["matches"][0]
    assert first["a"]["name"] == "Player 1" and first["b"]["name"] == "Player 3"
    json.dumps(b)  # plain data all the way down


def test_bad_json_is_a_clear_error() -> None:
    with pytest.raises(LeagueError, match="could not be read"):
        Tournament.from_json({"version": 1, "id": "x"})


def test_refs_let_the_bot_find_a_match_by_thread() -> None:
    t = make("single_elimination", 4)
    t.start(NOW)
    t.set_ref("1.2", "thread-42")
    assert round_trip(t).find_ref("thread-42").id == "1.2"
    assert t.find_ref("nope") is None
    assert t.pending_for("p3").id == "1.2"


def test_seeds_are_consecutive() -> None:
    t = make("swiss", 6, join_order=[2, 6, 4, 1, 5, 3], swiss_rounds=1)
    t.start(NOW)
    seeds = sorted((p.seed, p.id) for p in t.players)
    assert all(b[0] - a[0] == 1 for a, b in pairwise(seeds))
    assert seeds[0][1] == "p1"


def test_report_from_an_engine_match() -> None:
    from engine.match import Match
    from engine.position import Side
    from engine.turn import Outcome

    t = make("single_elimination", 4)
    t.start(NOW)
    match = Match(3)
    match.record(Outcome("jan", 2, False, Side.WHITE))
    with pytest.raises(LeagueError, match="not decided yet"):
        t.report_match("1.1", match, Side.BLACK, NOW)
    match.record(Outcome("hemspel", 1, False, Side.WHITE))
    assert match.is_over  # M-2: black cannot catch up in the last game
    t.report_match("1.1", match, Side.BLACK, NOW)  # p1 (pairing's a) played black
    m = t.pairing("1.1")
    assert m.winner == "p4" and (m.a_points, m.b_points) == (0, 3)


def test_ruleset_is_checked_and_normalised() -> None:
    t = Tournament.create("t", "Cup", "swiss", "org", swiss_rounds=2, rules="Talisman+NY2")
    assert t.rules == "talisman+ny2"
    assert t.is_organiser("org") and not t.is_organiser("p1")
