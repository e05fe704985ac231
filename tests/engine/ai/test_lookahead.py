"""Batched look-ahead (engine.ai.lookahead): the same two-ply values as the analysis'
own one-play-at-a-time look-ahead, whatever the batch holds; finished plays worth their
points in their place; and a position every reply wins valued alike one and two rolls
ahead."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from engine import rules as registry
from engine.ai.analysis import _two_ply, evaluator
from engine.ai.evaluation import DEFAULT_WEIGHTS
from engine.ai.lookahead import expect, play_values
from engine.generators import legal_turns
from engine.position import Side
from engine.testing import trajectory
from engine.turn import Turn

#: Batching sums float32 values in another order: the sixth decimal may move.
CLOSE = 1e-5


def open_plays(rules_id: str, seed: int, n: int) -> list[Turn]:
    """Up to ``n`` plays of White's from one random game, none that ends it."""
    rules = registry.get(rules_id)
    out: list[Turn] = []
    for pos, _, turns in islice(trajectory(rules, random.Random(seed)), 40):
        if pos.turn is Side.WHITE:
            out += [t for t in turns[:2] if t.outcome is None]
        if len(out) >= n:
            break
    return out[:n]


@pytest.mark.parametrize("rules_id", ["talisman", "puff-kontrar"])
def test_two_ply_values_are_the_analysis_own(rules_id: str) -> None:
    rules = registry.get(rules_id)
    model = evaluator(rules)
    plays = open_plays(rules_id, seed=8, n=6)
    batched = play_values(rules, plays, Side.WHITE, model)
    one_by_one = [_two_ply(rules, t, Side.WHITE, model) for t in plays]
    assert batched == pytest.approx(one_by_one, abs=CLOSE)


def test_a_batch_gives_each_position_the_value_it_has_alone() -> None:
    rules = registry.get("talisman")
    positions = [t.position for t in open_plays("talisman", seed=2, n=4)]
    together = expect(rules, positions, Side.BLACK, DEFAULT_WEIGHTS)
    alone = [expect(rules, [p], Side.BLACK, DEFAULT_WEIGHTS)[0] for p in positions]
    assert together == pytest.approx(alone, abs=CLOSE)
    assert len(set(together)) > 1  # the positions differ, and so do their values
    assert expect(rules, [], Side.BLACK, DEFAULT_WEIGHTS) == []


def test_a_finished_play_is_worth_its_points_in_its_place() -> None:
    rules = registry.get("talisman")
    pos = rules.parse_position("white=24,offx14 black=5x15 turn=white")
    (win,) = legal_turns(rules, pos, (6, 5))
    assert win.outcome is not None and win.outcome.winner is Side.WHITE
    plays = open_plays("talisman", seed=4, n=2)
    values = play_values(rules, [plays[0], win, plays[1]], Side.WHITE, DEFAULT_WEIGHTS)
    assert values[1] == float(win.outcome.points)
    assert values[0::2] == pytest.approx(
        play_values(rules, plays, Side.WHITE, DEFAULT_WEIGHTS), abs=CLOSE)


@pytest.mark.parametrize("depth", [1, 2])
def test_when_every_reply_wins_the_value_is_its_points_at_any_depth(depth: int) -> None:
    """White bears off its last checker with any roll: for Black the position is worth
    White's points, lost; for White, won."""
    rules = registry.get("talisman")
    pos = rules.parse_position("white=24,offx14 black=5x15 turn=white")
    (win,) = legal_turns(rules, pos, (1, 2))
    points = float(win.outcome.points)  # type: ignore[union-attr]
    assert expect(rules, [pos], Side.BLACK, DEFAULT_WEIGHTS, depth) == [-points]
    assert expect(rules, [pos], Side.WHITE, DEFAULT_WEIGHTS, depth) == [points]


def test_two_rolls_ahead_differs_from_one_but_stays_a_value_of_points() -> None:
    rules = registry.get("talisman")
    positions = [t.position for t in open_plays("talisman", seed=6, n=2)]
    one = expect(rules, positions, Side.WHITE, DEFAULT_WEIGHTS, 1)
    two = expect(rules, positions, Side.WHITE, DEFAULT_WEIGHTS, 2)
    assert one != two
    assert all(-3.0 <= v <= 3.0 for v in one + two)
