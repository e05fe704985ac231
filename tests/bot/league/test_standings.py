"""Standings and tie-breaks (bot.league.standings) on hand-made pairings: the score of
each kind of result, Buchholz with a Swiss bye, Median-Buchholz's trim, Sonneborn-Berger,
the order each format uses and the knockout's shared places (docs/league.md,
"Tie-breaks")."""

from __future__ import annotations

from bot.league.model import Format, Pairing, Player, Status
from bot.league.standings import criteria, decided_by, order, tally


def players(*names: str) -> list[Player]:
    return [Player(n.lower(), n, seed=i) for i, n in enumerate(names, 1)]


def won(pid: str, rnd: int, a: str, b: str, winner: str, score: tuple[int, int] = (1, 0),
        *, walkover: bool = False) -> Pairing:
    return Pairing(pid, rnd, 1, a, b, Status.DONE, winner, score[0], score[1],
                   walkover=walkover)


def test_each_kind_of_result_scores_as_documented() -> None:
    field = players("A", "B", "C", "D")
    pairings = [won("1", 1, "a", "b", "a", (3, 1)),
                won("2", 1, "c", "d", "c", (0, 0), walkover=True),
                Pairing("3", 2, 1, "a", None, Status.BYE),
                Pairing("4", 2, 2, "b", "c")]  # pending: counts for nothing
    swiss = tally(field, pairings, Format.SWISS)
    assert (swiss["a"].score, swiss["a"].wins, swiss["a"].byes) == (2.0, 1, 1)
    assert (swiss["b"].score, swiss["b"].losses, swiss["b"].played) == (0.0, 1, 1)
    assert swiss["a"].point_difference == 2 and swiss["b"].point_difference == -2
    # A walkover is a win but not a match over the board.
    assert (swiss["c"].score, swiss["c"].walkovers, swiss["c"].played) == (1.0, 1, 0)
    assert swiss["d"].opponents == ["c"]
    # A round-robin bye is worth nothing: everyone sits out once.
    assert tally(field, pairings, Format.ROUND_ROBIN)["a"].score == 1.0


def test_buchholz_counts_a_swiss_bye_as_an_opponent_with_ones_own_score() -> None:
    field = players("A", "B", "C")
    pairings = [won("1", 1, "a", "b", "a"), Pairing("2", 1, 2, "c", None, Status.BYE),
                won("3", 2, "c", "a", "c"), Pairing("4", 2, 2, "b", None, Status.BYE)]
    t = tally(field, pairings, Format.SWISS)
    assert (t["a"].score, t["b"].score, t["c"].score) == (1.0, 1.0, 2.0)
    assert t["a"].buchholz == t["b"].score + t["c"].score == 3.0
    assert t["c"].buchholz == t["a"].score + t["c"].score == 3.0  # the bye: c's own 2
    assert t["b"].buchholz == t["a"].score + t["b"].score == 2.0


def test_median_buchholz_trims_the_highest_and_lowest_only_from_three_up() -> None:
    field = players("A", "B", "C", "D", "E", "F")
    pairings = [won("1", 1, "a", "b", "a"), won("2", 1, "c", "d", "c"),
                won("3", 1, "e", "f", "e"), won("4", 2, "a", "c", "a"),
                won("5", 2, "e", "b", "e"), won("6", 2, "d", "f", "d"),
                won("7", 3, "a", "e", "a")]
    t = tally(field, pairings, Format.SWISS)
    # a met b (0), c (1), e (2): trimmed to c's 1.
    assert t["a"].buchholz == 3.0 and t["a"].median_buchholz == 1.0
    # f met e and d (two opponents): nothing to trim.
    assert t["f"].median_buchholz == t["f"].buchholz == t["e"].score + t["d"].score


def test_sonneborn_berger_sums_only_the_beaten_opponents() -> None:
    field = players("A", "B", "C")
    pairings = [won("1", 1, "a", "b", "a"), won("2", 2, "b", "c", "b"),
                won("3", 3, "c", "a", "c")]
    t = tally(field, pairings, Format.ROUND_ROBIN)
    assert all(s.score == 1.0 for s in t.values())
    assert t["a"].sonneborn_berger == t["b"].score == 1.0
    assert t["a"].buchholz == 2.0 and t["a"].sonneborn_berger != t["a"].buchholz


def test_round_robin_order_goes_score_then_sonneborn_berger_then_points() -> None:
    field = players("A", "B", "C", "D")
    pairings = [won("1", 1, "a", "b", "b", (0, 2)), won("2", 1, "c", "d", "d", (0, 1)),
                won("3", 2, "a", "c", "a", (5, 0)), won("4", 2, "b", "d", "d", (0, 3)),
                won("5", 3, "a", "d", "a", (1, 0)), won("6", 3, "b", "c", "c", (0, 1))]
    rows = order(tally(field, pairings, Format.ROUND_ROBIN), Format.ROUND_ROBIN)
    # a and d have 2 points: a beat c and d (SB 3), d beat c and b (SB 2).  b and c have
    # 1: b beat a (SB 2), c beat b (SB 1).
    assert [s.player for s in rows] == ["a", "d", "b", "c"]
    assert [s.place for s in rows] == [1, 2, 3, 4]
    assert decided_by(rows[0], rows[1], Format.ROUND_ROBIN) == "sonneborn_berger"
    assert decided_by(rows[2], rows[3], Format.ROUND_ROBIN) == "sonneborn_berger"


def test_a_round_robin_cycle_is_decided_by_the_point_difference() -> None:
    field = players("A", "B", "C")
    pairings = [won("1", 1, "a", "b", "a", (3, 0)), won("2", 2, "b", "c", "b", (1, 0)),
                won("3", 3, "c", "a", "c", (1, 0))]
    rows = order(tally(field, pairings, Format.ROUND_ROBIN), Format.ROUND_ROBIN)
    assert [(s.player, s.point_difference) for s in rows] == [("a", 2), ("c", 0), ("b", -2)]
    assert decided_by(rows[0], rows[1], Format.ROUND_ROBIN) == "point_difference"


def test_equal_in_everything_the_seed_separates() -> None:
    field = players("A", "B")
    rows = order(tally(field, [], Format.SWISS), Format.SWISS)
    assert [s.player for s in rows] == ["a", "b"]
    assert decided_by(rows[0], rows[1], Format.SWISS) == "seed"


def test_the_swiss_tiebreak_choice_reorders_the_criteria() -> None:
    assert criteria(Format.SWISS) == ("buchholz", "median_buchholz", "point_difference", "seed")
    assert criteria(Format.SWISS, "median_buchholz")[:2] == ("median_buchholz", "buchholz")
    assert criteria(Format.ROUND_ROBIN) == ("sonneborn_berger", "point_difference", "seed")
    assert criteria(Format.SINGLE_ELIMINATION) == ()


def test_a_higher_score_is_not_a_tiebreak() -> None:
    field = players("A", "B")
    rows = order(tally(field, [won("1", 1, "a", "b", "b")], Format.SWISS), Format.SWISS)
    assert rows[0].player == "b" and decided_by(rows[0], rows[1], Format.SWISS) is None


def test_knockout_places_are_shared_by_the_losers_of_a_round() -> None:
    field = players(*"ABCDEFGH")
    r1 = [won(str(i), 1, a, b, a) for i, (a, b) in enumerate(
        [("a", "h"), ("d", "e"), ("c", "f"), ("b", "g")], 1)]
    r2 = [won("5", 2, "a", "d", "a"), won("6", 2, "c", "b", "c")]
    fin = [won("7", 3, "a", "c", "c")]
    ko = Format.SINGLE_ELIMINATION
    rows = order(tally(field, r1 + r2 + fin, ko), ko)
    assert [(s.player, s.place) for s in rows] == [
        ("c", 1), ("a", 2), ("b", 3), ("d", 3), ("e", 5), ("f", 5), ("g", 5), ("h", 5)]
    assert {s.player: s.eliminated_in for s in rows}["h"] == 1
    assert decided_by(rows[0], rows[1], ko) is None


def test_an_unplayed_final_leaves_both_finalists_first() -> None:
    field = players("A", "B", "C", "D")
    ko = Format.SINGLE_ELIMINATION
    pairings = [won("1", 1, "a", "d", "a"), won("2", 1, "b", "c", "b"),
                Pairing("3", 2, 1, "a", "b", Status.CANCELLED)]
    rows = order(tally(field, pairings, ko), ko)
    assert [(s.player, s.place) for s in rows] == [("a", 1), ("b", 1), ("c", 3), ("d", 3)]


def test_a_standing_serialises_every_column() -> None:
    s = tally(players("A"), [], Format.SWISS)["a"]
    data = s.to_json()
    assert data["player"] == "a" and data["name"] == "A" and data["opponents"] == []
    assert set(data) >= {"buchholz", "median_buchholz", "sonneborn_berger", "withdrawn",
                         "eliminated_in", "points_for", "points_against"}
