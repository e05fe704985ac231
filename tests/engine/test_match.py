"""Matches (engine.match; M-1, M-2): games completed, decided early, who starts next."""

from __future__ import annotations

import pytest

from engine.errors import GameError
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome

W, B = Side.WHITE, Side.BLACK


def test_the_length_is_odd_and_positive() -> None:
    for bad in (0, 2, -1):
        with pytest.raises(GameError):
            Match(bad)


def test_a_resigned_game_does_not_count_toward_the_length() -> None:
    m = Match(3)
    m.record(Outcome("resign", 1, False, W))
    assert m.completed == 0 and m.remaining == 3
    m.record(Outcome("hemspel", 1, False, B))
    assert m.completed == 1 and m.remaining == 2


def test_decided_as_soon_as_jan_in_every_game_left_cannot_catch_up() -> None:
    m = Match(3)  # ww: jan 2
    m.record(Outcome("jan", 2, False, W))
    assert m.winner is None  # black could still make jan twice: 4 against 2
    m.record(Outcome("jan", 2, False, W))
    assert m.winner is W and m.is_over  # one jan left for black: 2 against 4
    with pytest.raises(GameError):
        m.record(Outcome("hemspel", 1, False, B))


def test_a_level_catch_up_goes_to_the_leader() -> None:
    """4 against at most 4 with level ticks: the trailer cannot pass, so it is over."""
    m = Match(3)
    m.record(Outcome("sprangjan", 4, False, W))
    assert m.winner is W


def test_the_loser_starts_the_next_game_but_puff_tekar_each() -> None:
    m = Match(3)
    assert m.next_starter is None
    m.record(Outcome("hemspel", 1, False, W))
    assert m.next_starter is B
    p = Match(3, scoring="puff", family="puff")
    p.record(Outcome("hemspel", 1, False, W))
    assert p.next_starter is None


def test_ny1_ticks_break_a_level_score_and_survive_storage() -> None:
    m = Match(1, scoring="ny1")
    m.record(Outcome("jan", 2, False, B, tick=1))
    again = Match.from_json(m.to_json())
    assert again == m and again.ticks(B) == 1 and again.winner is B
