"""Backgammon's learned evaluation: the shipped network, the play it leads mästare to,
and the training steps backgammon adds (the ``bg`` encoding, games played side by side)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import rules as registry
from engine.ai import net as learned
from engine.ai.agents import GreedyAgent, SearchAgent, get_agent
from engine.ai.evaluation import DEFAULT_WEIGHTS
from engine.ai.train import (
    DEFAULTS,
    Dataset,
    fit,
    play_games,
    play_lockstep,
    play_recorded,
    train,
)
from engine.generators import legal_turns
from engine.position import Side

BG = registry.get("backgammon")
START = "white=1x2,12x5,17x3,19x5 black=1x2,12x5,17x3,19x5 turn=white"
#: White bearing off against a black checker on the bar: any white blot left in the home
#: board can be hit as it comes in.
BEAROFF_A = "white=19x2,21x2,22x2,23x2,offx7 black=bar,19x4,20x4,21x4,22x2 turn=white"
BEAROFF_B = "white=20x2,21x4,23x2,offx7 black=bar,19x4,20x4,21x4,22x2 turn=white"


@pytest.fixture(scope="module")
def shipped() -> learned.Net:
    net = learned.for_ruleset("backgammon")
    assert net is not None, "engine/ai/weights/backgammon.npz is part of the package"
    return net


def test_the_backgammon_weights_load_and_mästare_uses_them(shipped) -> None:
    assert shipped.encoding == "bg" and shipped.meta["rules"] == "backgammon"
    assert shipped.w1.shape == (learned.SIZES["bg"], int(shipped.meta["hidden"]))
    games, generations, _ = DEFAULTS["backgammon"]
    assert int(shipped.meta["games"]) >= games  # made by the documented command
    assert int(shipped.meta["generations"]) >= generations
    assert learned.for_rules(BG) is shipped
    assert SearchAgent().model(BG) is shipped
    assert get_agent("mästare-hand").model(BG) is DEFAULT_WEIGHTS
    assert GreedyAgent().model(BG) is DEFAULT_WEIGHTS  # gesäll keeps the hand-set one


def test_it_values_the_obvious(shipped) -> None:
    # Two checkers left against a side that has borne nothing off and still has a
    # checker on the bar: a win, and a backgammon more often than not.
    crushing = BG.parse_position("white=23,24,offx13 black=bar,3x2,12x12 turn=white")
    assert shipped.white_value(BG, crushing) > 1.5
    # The start is about even.
    start = BG.parse_position(START)
    assert abs(shipped.white_value(BG, start)) < 0.3
    behind = BG.parse_position("white=1x2,12x5,17x3,19x5 black=19x5,20x5,21x5 turn=white")
    assert shipped.white_value(BG, behind) < -0.9  # black far ahead in the race


@pytest.mark.parametrize(("dice", "play"), [
    ((3, 1), "17/20 19/20"),  # 8/5 6/5: the 5-point
    ((4, 2), "17/21 19/21"),  # 8/4 6/4: the 4-point
    ((6, 1), "12/18 17/18"),  # 13/7 8/7: the bar point
])
def test_mästare_makes_the_point(dice, play) -> None:
    pos = BG.parse_position(START)
    turn = get_agent("mästare").choose(BG, pos, dice, random.Random(1))
    assert turn.text == play


@pytest.mark.parametrize(("position", "dice", "safe"), [
    (BEAROFF_A, (6, 4), "19/off 19/23"),  # not 21/off 19/off: two blots
    (BEAROFF_A, (6, 2), "19/off 19/21"),  # not 23/off 19/off
    (BEAROFF_B, (5, 3), "20/off 20/23"),  # not 21/24 20/off
])
def test_mästare_bears_off_safely(position, dice, safe) -> None:
    pos = BG.parse_position(position)
    turns = legal_turns(BG, pos, dice)
    blotless = [t for t in turns if not any(n == 1 for n in t.position.white[1:25])]
    assert [t.text for t in blotless] == [safe]  # the one play that leaves no blot
    ranked = get_agent("mästare").rank(BG, pos, dice)
    assert ranked[0][0].text == safe


def test_a_board_encoded_file_is_not_used_for_backgammon(tmp_path, monkeypatch) -> None:
    learned.Net.fresh(4, np.random.default_rng(0)).save(tmp_path / "backgammon.npz")
    monkeypatch.setattr(learned, "WEIGHTS_DIR", tmp_path)
    learned.for_ruleset.cache_clear()
    try:
        assert learned.for_rules(BG) is None
        assert SearchAgent().model(BG) is DEFAULT_WEIGHTS
    finally:
        learned.for_ruleset.cache_clear()


def test_games_side_by_side_are_the_games_one_at_a_time() -> None:
    net = learned.Net.fresh(8, np.random.default_rng(2), "bg")
    seeds = [31, 32, 33, 34, 35]
    alone = [play_recorded("backgammon", s, 0.1, player=net) for s in seeds]
    together = play_lockstep("backgammon", seeds, 0.1, net)
    for a, b in zip(alone, together, strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    # play_games groups the games by number, whatever the group size or jobs
    grouped = play_games("backgammon", 5, 7, 0.1, 1, player=net, lockstep=3)
    singly = play_games("backgammon", 5, 7, 0.1, 1, player=net, lockstep=1)
    assert all(np.array_equal(x, y) for a, b in zip(grouped, singly, strict=True)
               for x, y in zip(a, b, strict=True))


def test_backgammon_training_is_reproducible_and_learns(tmp_path) -> None:
    records = [play_recorded("backgammon", seed=s, explore=0.05) for s in range(8)]
    assert all(abs(r[3][-1]) in (1, 2, 3) for r in records)  # single, gammon, backgammon
    data = Dataset(records, BG)
    assert data.x.shape[1] == learned.SIZES["bg"]
    y = data.returns(None, 1.0)
    net = learned.Net.fresh(8, np.random.default_rng(0), "bg")
    before = float(np.mean((net.forward(data.x.astype(np.float32)) - y) ** 2))
    assert fit(net, data.x, y, epochs=6, rng=np.random.default_rng(0)) < before
    one = train("backgammon", 4, seed=2, hidden=4, rounds=1, epochs=1, generations=2,
                lockstep=2, checkpoints=tmp_path / "c")
    two = train("backgammon", 4, seed=2, hidden=4, rounds=1, epochs=1, generations=2,
                lockstep=2)
    assert np.array_equal(one.w1, two.w1) and one.b2 == two.b2 and one.meta == two.meta
    assert one.meta["encoding"] == "bg" and "scoring" not in one.meta
    # a checkpoint per generation, the last one the network itself
    first = learned.Net.load(tmp_path / "c-gen0.npz")
    last = learned.Net.load(tmp_path / "c-gen1.npz")
    assert "generations" not in first.meta and last.meta == one.meta
    assert np.array_equal(last.w1, one.w1) and not np.array_equal(first.w1, one.w1)
    pos = BG.parse_position(START)
    assert one.white_value(BG, pos) == pytest.approx(-one.white_value(
        BG, pos.with_turn(Side.BLACK)), abs=1e-5)  # the start mirrors itself
