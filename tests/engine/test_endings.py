"""engine.endings: the end of a turn asked once by the generator and the move contract,
and what a game given up scores, asked by ``Game`` before the player confirms."""

from __future__ import annotations

import pytest

from engine import endings
from engine import rules as registry
from engine.game import Game
from engine.position import Side
from engine.turn import Outcome


def test_dice_orders_follow_t2_and_t3() -> None:
    assert endings.dice_orders((5, 2)) == [(5, 2), (2, 5)]
    assert endings.dice_orders((3, 3)) == [(3, 3, 3, 3)]
    assert endings.dice_orders((4,)) == [(4,)]


def test_max_pips_keeps_the_longest_play_in_either_order() -> None:
    # B-20: 6-2 where the 6 alone travels as far as the 2 then a reduced 6.
    allowed, top = endings.obliged("max_pips", (6, 2), [(6, 2), (2, 6)], [(1, 6), (2, 6)])
    assert allowed == {0, 1} and top == 6


@pytest.mark.parametrize("usage", ["max_dice", "bg"])
def test_one_die_only_must_be_the_higher(usage: str) -> None:
    # Only one die can be used: the higher, when the higher can be used (seed 003).
    orders = [(5, 2), (2, 5)]
    allowed, top = endings.obliged(usage, (5, 2), orders, [(1, 5), (1, 2)])
    assert allowed == {0}
    assert top == endings.measure(usage)((1, 5))
    # The higher cannot be used: the lower then (no play of the other order reaches it).
    allowed, top = endings.obliged(usage, (5, 2), orders, [(0, 0), (1, 2)])
    assert top == endings.measure(usage)((1, 2)) > endings.measure(usage)((0, 0))


def test_max_dice_counts_dice_before_pips() -> None:
    allowed, top = endings.obliged("max_dice", (6, 1), [(6, 1), (1, 6)], [(2, 7), (1, 6)])
    assert allowed == {0, 1} and top == (2, 7)
    assert endings.measure("max_pips")((1, 6)) > endings.measure("max_pips")((2, 5))
    assert endings.measure("max_dice")((2, 5)) > endings.measure("max_dice")((1, 6))


def test_munk_is_never_with_jan() -> None:
    talisman = registry.get("talisman")
    assert endings.win(talisman, "hemspel", Side.WHITE, True) == Outcome(
        "hemspel", 2, True, Side.WHITE, 0)
    assert endings.win(talisman, "jan", Side.WHITE, True) == Outcome(
        "jan", 2, False, Side.WHITE, 0)


@pytest.mark.parametrize("name", registry.ids())
def test_game_says_what_giving_up_scores_before_it_happens(name: str) -> None:
    """``resignation`` and ``abandonment`` answer exactly what ``resign`` and ``abandon``
    then record, and asking changes nothing."""
    g = Game.new(name, seed=4)
    g.opening()
    side = g.turn
    before = g.to_json()
    said = g.resignation(side), g.abandonment(side)
    assert g.to_json() == before
    resigned = Game.from_json(before)
    assert resigned.resign(side) == said[0] == resigned.outcome
    left = Game.from_json(before)
    assert left.abandon(side) == said[1] == left.outcome
    assert said[0].winner is said[1].winner is side.other


@pytest.mark.parametrize(("name", "resign", "abandon"), [
    ("talisman", ("resign", 1), ("jan", 2)),
    ("talisman+ny2", ("resign", 4), ("jan", 7)),
    ("classic", ("resign", 1), ("jan", 4)),
    ("behrens-helmfrid", ("resign", 1), ("jan", 1)),
    ("backgammon", ("resign", 1), ("resign", 1)),
    ("puff-kontrar", ("resign", 1), ("resign", 1)),
])
def test_the_points_of_giving_up(name: str, resign: tuple[str, int],
                                 abandon: tuple[str, int]) -> None:
    g = Game.new(name, seed=1)
    o = g.resignation(Side.WHITE), g.abandonment(Side.WHITE)
    assert ((o[0].kind, o[0].points), (o[1].kind, o[1].points)) == (resign, abandon)
