"""Targets one roll deeper (``engine.ai.deeper``): what they are worth, that they agree
with the look-ahead's own values, and the training rounds that fit them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import rules as registry
from engine.ai import net as learned
from engine.ai.deeper import deeper_outcomes, deeper_targets, positions_of, qualifies
from engine.ai.lookahead import expect
from engine.ai.train import one_round_more, play_recorded, train
from engine.position import Side

BG = registry.get("backgammon")


@pytest.fixture(scope="module")
def shipped() -> learned.Net:
    net = learned.for_ruleset("backgammon")
    assert net is not None
    return net


def _record_rows(games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    recs = [play_recorded("backgammon", seed, 0.05) for seed in range(games)]
    return (np.concatenate([r[0] for r in recs]), np.concatenate([r[1] for r in recs]),
            np.concatenate([r[3][:-1] for r in recs]))


def test_a_sure_single_win_is_a_sure_single_win(shipped) -> None:
    # Every roll bears off both white checkers (on the last point, any die takes one
    # off, and no other play is legal); black has borne one off: no gammon.
    won = BG.parse_position("white=24x2,offx13 black=19x14,offx1 turn=white")
    assert deeper_outcomes(BG, shipped, [won]).tolist() == [[1.0, 0.0, 0.0, 0.0, 0.0]]
    # Black to move there cannot stop white's next roll: one roll deeper, black's
    # chances are the network's for the positions white then rolls from, all lost.
    lost = BG.parse_position("white=24x2,offx13 black=19x14,offx1 turn=black")
    assert deeper_outcomes(BG, shipped, [lost])[0][0] < 0.02


def test_the_records_rows_are_the_positions_played(shipped) -> None:
    rec = play_recorded("backgammon", 3, 0.05)
    me, op, sign = rec[0], rec[1], rec[3][:-1]
    positions = positions_of(BG, me, op, sign)
    for pos, m, s in zip(positions, me, sign, strict=True):
        assert pos.turn is (Side.WHITE if s > 0 else Side.BLACK)
        assert pos.mover == tuple(int(v) for v in m)
    # and the network sees them as the training does
    x = learned.encode_for("bg", BG, me, op, rec[2])
    assert np.allclose(learned.possible(shipped.raw(x), me, op),
                       shipped.probabilities(BG, positions), atol=1e-6)


def test_their_expected_points_are_the_look_ahead_s_own(shipped) -> None:
    # ``engine.ai.lookahead.expect`` reaches the same value by another path: the best
    # reply of each roll by expected points, averaged over the rolls.
    me, op, sign = _record_rows(2)
    rng = random.Random(1)
    picked = sorted(rng.sample(range(len(me)), 12))
    positions = positions_of(BG, me[picked], op[picked], sign[picked])
    ours = learned.equity(deeper_outcomes(BG, shipped, positions))
    theirs = [expect(BG, [p], p.turn, shipped, depth=1)[0] for p in positions]
    assert np.allclose(ours, theirs, atol=1e-4)
    # and they are not simply the network's own values at one ply
    assert not np.allclose(ours, learned.equity(shipped.probabilities(BG, positions)),
                           atol=1e-3)


def test_two_rolls_deeper_is_the_look_ahead_two_rolls_deep(shipped) -> None:
    # Each roll's best play (one ply) valued a roll deeper in its turn: the look-ahead's
    # depth 2 with one reply a roll, by another path.
    me, op, sign = _record_rows(2)
    rng = random.Random(2)
    picked = sorted(rng.sample(range(len(me)), 4))
    positions = positions_of(BG, me[picked], op[picked], sign[picked])
    two = deeper_outcomes(BG, shipped, positions, rolls=2)
    theirs = [expect(BG, [p], p.turn, shipped, depth=2, deep_replies=1)[0]
              for p in positions]
    assert np.allclose(learned.equity(two), theirs, atol=1e-4)
    # a distribution over the outcomes, not the one-roll values again
    assert ((two >= 0) & (two <= 1)).all()
    assert (two[:, 1] <= two[:, 0] + 1e-6).all() and (two[:, 2] <= two[:, 1] + 1e-6).all()
    one = deeper_outcomes(BG, shipped, positions)
    assert not np.allclose(learned.equity(two), learned.equity(one), atol=1e-3)


def test_two_rolls_deeper_a_sure_win_stays_one(shipped) -> None:
    won = BG.parse_position("white=24x2,offx13 black=19x14,offx1 turn=white")
    assert deeper_outcomes(BG, shipped, [won], rolls=2).tolist() == [
        [1.0, 0.0, 0.0, 0.0, 0.0]]
    # black to move cannot stop white's next roll: two rolls on, black has lost
    lost = BG.parse_position("white=24x2,offx13 black=19x14,offx1 turn=black")
    assert deeper_outcomes(BG, shipped, [lost], rolls=2).tolist() == [
        [0.0, 0.0, 0.0, 0.0, 0.0]]
    with pytest.raises(ValueError):
        deeper_outcomes(BG, shipped, [won], rolls=3)


def test_the_processes_change_nothing(shipped) -> None:
    me, op, sign = _record_rows(1)
    n = min(len(me), 24)
    one = deeper_targets(BG, shipped, me[:n], op[:n], sign[:n], jobs=1, task=8)
    two = deeper_targets(BG, shipped, me[:n], op[:n], sign[:n], jobs=2, task=8)
    assert np.array_equal(one, two) and one.shape == (n, 5)
    deep = deeper_targets(BG, shipped, me[:4], op[:4], sign[:4], jobs=2, task=2, rolls=2)
    assert np.array_equal(deep, deeper_targets(BG, shipped, me[:4], op[:4], sign[:4],
                                               rolls=2))


def test_only_backgammon_qualifies() -> None:
    assert qualifies(BG)
    assert not qualifies(registry.get("talisman"))
    assert not qualifies(registry.get("puff-kontrar"))
    with pytest.raises(ValueError):
        train("talisman", 2, seed=1, hidden=4, rounds=1, epochs=1, deeper_rounds=1)


def test_deeper_rounds_fit_the_network_and_resume_alike(tmp_path) -> None:
    kw = dict(hidden=4, rounds=1, epochs=1, lockstep=2, outputs="probabilities")
    plain = train("backgammon", 4, seed=5, generations=2, **kw)
    whole = train("backgammon", 4, seed=5, generations=2, deeper_rounds=2,
                  deeper_positions=30, checkpoints=tmp_path / "d", **kw)
    assert not np.array_equal(whole.w1, plain.w1)  # the rounds fitted something
    assert whole.meta["deeper"] == "2x30"
    assert (tmp_path / "d-deeper0.npz").exists() and (tmp_path / "d-deeper1.npz").exists()
    # stopped after the generations and after one round, then resumed: the same network
    train("backgammon", 4, seed=5, generations=2, checkpoints=tmp_path / "e", **kw)
    train("backgammon", 4, seed=5, generations=2, deeper_rounds=1, deeper_positions=30,
          checkpoints=tmp_path / "e", resume=True, **kw)
    resumed = train("backgammon", 4, seed=5, generations=2, deeper_rounds=2,
                    deeper_positions=30, checkpoints=tmp_path / "e", resume=True, **kw)
    assert np.array_equal(resumed.w1, whole.w1) and resumed.meta == whole.meta
    # a round of another size is recorded as such
    more = train("backgammon", 4, seed=5, generations=2, deeper_rounds=3,
                 deeper_positions=20, checkpoints=tmp_path / "e", resume=True, **kw)
    assert more.meta["deeper"] == "2x30+1x20"
    # and a round two rolls deeper as such
    deep = train("backgammon", 4, seed=5, generations=2, deeper_rounds=4,
                 deeper_positions=3, deeper_rolls=2, checkpoints=tmp_path / "e",
                 resume=True, **kw)
    assert deep.meta["deeper"] == "2x30+1x20+1x3/2"
    assert not np.array_equal(deep.w1, more.w1)


def test_the_record_of_deeper_rounds() -> None:
    assert one_round_more("", 100) == "1x100"
    assert one_round_more("1x100", 100) == "2x100"
    assert one_round_more("6x100000", 200000) == "6x100000+1x200000"
    assert one_round_more("6x100000+1x200000", 200000) == "6x100000+2x200000"
    assert one_round_more("6x100000+1x200000", 20000, 2) == "6x100000+1x200000+1x20000/2"
    assert one_round_more("1x20000/2", 20000, 2) == "2x20000/2"
    assert one_round_more("1x20000/2", 20000) == "1x20000/2+1x20000"
