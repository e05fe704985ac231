"""Ratings (issue 6): they move the right way, and survive a trip through the store."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from bot.league.errors import LeagueError
from bot.league.ratings import Rating, leaderboard, rate, rate_game, win_probability


def test_newcomer_defaults() -> None:
    r = Rating()
    assert r.display == 1500 and r.games == 0 and r.provisional


def test_winner_gains_loser_drops_and_both_grow_surer() -> None:
    a, b = Rating(), Rating()
    a2, b2 = rate(a, b)
    assert a2.mu > a.mu and b2.mu < b.mu
    assert a2.sigma < a.sigma and b2.sigma < b.sigma
    assert (a2.games, a2.wins, a2.losses) == (1, 1, 0)
    assert (b2.games, b2.wins, b2.losses) == (1, 0, 1)
    # Equal players: the gain mirrors the loss.
    assert a2.mu - 1500 == pytest.approx(1500 - b2.mu)


def test_upset_moves_more_than_expected_win() -> None:
    strong, weak = Rating(mu=1900, sigma=150), Rating(mu=1300, sigma=150)
    s_win, _ = rate(strong, weak)
    w_win, _ = rate(weak, strong)
    assert (w_win.mu - weak.mu) > (s_win.mu - strong.mu) > 0
    assert win_probability(strong, weak) > 0.5 > win_probability(weak, strong)


def test_rate_game_keeps_callers_order() -> None:
    a, b = Rating(mu=1600), Rating(mu=1400)
    new_a, new_b = rate_game(a, b, a_won=False)
    assert new_a.mu < a.mu and new_b.mu > b.mu
    assert new_a.losses == 1 and new_b.wins == 1


def test_many_wins_keep_rising_with_shrinking_steps() -> None:
    me, them = Rating(), Rating()
    steps = []
    for _ in range(10):
        before = me.mu
        me, them = rate(me, them)
        steps.append(me.mu - before)
    assert all(s > 0 for s in steps) and steps[-1] < steps[0]
    assert me.conservative > Rating().conservative


def test_round_trip_through_plain_dicts() -> None:
    a, _ = rate(Rating(), Rating())
    stored = json.loads(json.dumps(asdict(a)))
    assert Rating.from_dict(stored) == a
    assert Rating.from_dict(None) == Rating() == Rating.from_dict({})


def test_bad_stored_rating_is_a_clear_error() -> None:
    with pytest.raises(LeagueError) as info:
        Rating.from_dict({"mu": "x", "sigma": 3})
    assert "could not be read" in str(info.value)
    with pytest.raises(LeagueError):
        Rating.from_dict({"mu": 1500, "sigma": 0})


def test_leaderboard_orders_by_conservative_rating() -> None:
    lucky, _ = rate(Rating(), Rating())  # one win: high μ, still very unsure
    steady = Rating(mu=1600, sigma=100, games=40)
    board = leaderboard({"lucky": lucky, "steady": steady, "new": Rating()})
    assert [name for name, _ in board] == ["steady", "lucky", "new"]
    assert len(leaderboard({"a": Rating(), "b": Rating()}, limit=1)) == 1
