"""Pairing rules on their own: bracket order, the circle method, Swiss groups."""

from __future__ import annotations

import pytest

from bot.league.pairing import (
    NoPairing,
    bracket_size,
    double_round_robin,
    knockout_first_round,
    round_robin,
    seed_positions,
    swiss_max_rounds,
    swiss_pairs,
)


def test_seed_positions_keep_top_seeds_apart() -> None:
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (2, 4, 8, 16, 32):
        pos = seed_positions(size)
        assert sorted(pos) == list(range(1, size + 1))
        assert all(pos[i] + pos[i + 1] == size + 1 for i in range(0, size, 2))
        # seeds 1 and 2 in different halves: they can meet only in the final
        assert (pos.index(1) < size // 2) != (pos.index(2) < size // 2)


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 8, 11])
def test_byes_go_to_the_top_seeds(n: int) -> None:
    seeded = [f"p{i}" for i in range(1, n + 1)]
    pairs = knockout_first_round(seeded)
    size = bracket_size(n)
    assert len(pairs) == size // 2
    byes = [a for a, b in pairs if b is None]
    assert sorted(byes, key=seeded.index) == seeded[: size - n]
    placed = [p for pair in pairs for p in pair if p is not None]
    assert sorted(placed) == sorted(seeded)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 10])
def test_round_robin_meets_everyone_once(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = [frozenset(pair) for r in rounds for pair in r if pair[1] is not None]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for r in rounds:
        seen = [p for pair in r for p in pair if p is not None]
        assert len(seen) == len(set(seen)) == n  # everyone once per round (bye included)
    byes = [pair[0] for r in rounds for pair in r if pair[1] is None]
    assert sorted(byes) == (sorted(players) if n % 2 else [])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_double_round_robin_meets_each_pair_once_each_way(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    rounds = double_round_robin(players)
    assert rounds[:len(rounds) // 2] == round_robin(players)
    games = [pair for r in rounds for pair in r if pair[1] is not None]
    assert sorted(games) == sorted((b, a) for a, b in games)
    assert len(set(games)) == len(games) == n * (n - 1)
    byes = [pair[0] for r in rounds for pair in r if pair[1] is None]
    assert sorted(byes) == (sorted(players * 2) if n % 2 else [])


def test_swiss_first_round_is_top_half_against_bottom_half() -> None:
    ranked = list("ABCDEF")
    pairs = swiss_pairs(ranked, dict.fromkeys(ranked, 0.0), lambda a, b: False,
                        lambda p: False)
    assert pairs == [("A", "D"), ("B", "E"), ("C", "F")]


def test_swiss_backtracks_to_avoid_a_rematch() -> None:
    ranked = list("ABCD")
    score = {"A": 1, "B": 1, "C": 0, "D": 0}
    met = {frozenset("AB"), frozenset("CD")}
    pairs = swiss_pairs(ranked, score, lambda a, b: frozenset((a, b)) in met,
                        lambda p: False)
    assert pairs == [("A", "C"), ("B", "D")]
    # A–C and B–D played too: only A–D, B–C is left
    met |= {frozenset("AC"), frozenset("BD")}
    pairs = swiss_pairs(ranked, score, lambda a, b: frozenset((a, b)) in met,
                        lambda p: False)
    assert pairs == [("A", "D"), ("B", "C")]
    met |= {frozenset("AD"), frozenset("BC")}
    with pytest.raises(NoPairing):
        swiss_pairs(ranked, score, lambda a, b: frozenset((a, b)) in met, lambda p: False)


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    ranked = list("ABCDE")
    score = dict.fromkeys(ranked, 1.0)
    pairs = swiss_pairs(ranked, score, lambda a, b: False, lambda p: p == "E")
    assert ("D", None) in pairs and len(pairs) == 3


def test_swiss_max_rounds() -> None:
    assert [swiss_max_rounds(n) for n in range(2, 9)] == [1, 2, 2, 3, 3, 4, 4]
