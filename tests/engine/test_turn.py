"""Steps, turns and outcomes (engine.turn): how a play is written and stored."""

from __future__ import annotations

import pytest

from engine.position import BAR, OFF, Position, Side
from engine.turn import Outcome, Step, Turn


def test_a_step_is_written_in_the_records_words_and_the_players() -> None:
    assert Step(BAR, 5, 5).text == "bar/5"
    assert Step(20, OFF, 5).text == "20/off"
    assert Step(20, OFF, 5).written("sv") == "20/ut"
    assert Step(6, 8, 2, hit=True).text == "6/8*"
    assert Step(6, 8, 2, burst=True).text == "6/8!"  # a burst is written, not the hit


def test_a_turn_counts_its_pips_and_knows_a_forfeit() -> None:
    start = Position.start()
    played = Turn((Step(1, 6, 5), Step(1, 3, 2)), start)
    assert played.pips == 7 and not played.is_forfeit
    assert "1/6" in played.text and "1/3" in played.text
    forfeit = Turn((), start)
    assert forfeit.is_forfeit and forfeit.pips == 0


@pytest.mark.parametrize("outcome", [Outcome("jan", 2, False, Side.BLACK),
                                     Outcome("hemspel", 2, True, Side.WHITE)])
def test_an_outcome_survives_its_json(outcome: Outcome) -> None:
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_the_tick_is_kept_beside_the_outcome_not_in_it() -> None:
    """Ny 1's plus or minus is stored by the match (engine.match), not by the outcome:
    an outcome read back alone has none."""
    o = Outcome("jan", 2, False, Side.WHITE, tick=1)
    assert "tick" not in o.to_json()
    assert Outcome.from_json(o.to_json() | {"tick": 1}) == o
