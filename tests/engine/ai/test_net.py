"""The learned evaluation: its encoding, its batch and single values, and its training."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import rules as registry
from engine.ai import net as learned
from engine.ai.agents import GreedyAgent, SearchAgent
from engine.ai.evaluation import turn_value, turn_values
from engine.ai.train import Dataset, fit, load_games, play_recorded, save_games, train
from engine.generators import legal_turns
from engine.position import BAR, OFF, Geometry, Side

PUFF = registry.get("puff-kontrar")


def _positions(rules, n: int, seed: int):
    """Positions from a seeded gesäll game (pasches skipped: they only cost time here)."""
    rng = random.Random(seed)
    agent = GreedyAgent()
    pos = rules.start().with_turn(Side.WHITE)
    out = []
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if dice[0] == dice[1]:
            continue
        turn = agent.choose(rules, pos, dice, rng)
        pos = rules.start().with_turn(Side.BLACK) if turn.outcome else turn.position
        out.append(pos)
    return out


def test_encoding_reads_the_position_from_the_movers_side() -> None:
    pos = PUFF.parse_position("white=bar,3x2,13x4,20x8 black=offx2,2x5,9,10,11,24x5 turn=black")
    x = learned.encode(*learned.mover_arrays([pos]), PUFF.geometry)[0]
    assert x.shape == (learned.FEATURES,)
    me, op = pos.black, pos.white  # black is to move
    cross = [Geometry.KONTRAR.cross(q) for q in range(1, 25)]
    for q in range(1, 25):
        assert x[q - 1] == (me[q] >= 1) and x[48 + q - 1] == (me[q] >= 2)
        assert x[24 + q - 1] == (op[cross[q - 1]] >= 1)
        assert x[144 + q - 1] == pytest.approx(max(me[q] - 3, 0) / 3)
    assert x[192] == pytest.approx(me[BAR] / 3) and x[193] == pytest.approx(op[BAR] / 3)
    assert x[194] == pytest.approx(me[OFF] / 15) and x[195] == pytest.approx(op[OFF] / 15)
    assert list(x[198:200]) == [0, 0]
    flagged = PUFF.parse_position(
        "white=bar,3x2,13x4,20x8 black=offx2,2x5,9,10,11,24x5 turn=black pasch=white")
    x2 = learned.encode(*learned.mover_arrays([flagged]), PUFF.geometry)[0]
    assert list(x2[198:200]) == [0, 1]  # the opponent (white) has had its first pasch


def test_batch_values_equal_single_values_and_flip_with_the_side() -> None:
    net = learned.Net.fresh(16, np.random.default_rng(3))
    positions = _positions(PUFF, 30, seed=2)
    batch = net.white_values(PUFF, positions)
    for pos, v in zip(positions, batch, strict=True):
        assert net.white_value(PUFF, pos) == pytest.approx(v, abs=1e-5)
        mover_value = float(net.mover_values(PUFF, [pos])[0])
        assert v == pytest.approx(mover_value if pos.turn is Side.WHITE else -mover_value,
                                  abs=1e-5)
    assert net.white_values(PUFF, []) == []


def test_turn_values_in_batches_equal_turn_value_one_by_one() -> None:
    net = learned.Net.fresh(16, np.random.default_rng(4))
    rng = random.Random(5)
    for pos in _positions(PUFF, 12, seed=6):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns = legal_turns(PUFF, pos, dice)
        for side in (Side.WHITE, Side.BLACK):
            assert turn_values(PUFF, turns, side, net) == pytest.approx(
                [turn_value(PUFF, t, side, net) for t in turns], abs=1e-5)


def test_save_and_load_round_trip(tmp_path) -> None:
    net = learned.Net.fresh(8, np.random.default_rng(1))
    net.meta = {"rules": "puff-kontrar", "games": "12"}
    net.save(tmp_path / "n.npz")
    back = learned.Net.load(tmp_path / "n.npz")
    assert back.meta == net.meta
    x = learned.encode(*learned.mover_arrays(_positions(PUFF, 5, seed=1)), PUFF.geometry)
    assert np.allclose(back.forward(x), net.forward(x))


def test_recorded_game_and_lambda_returns() -> None:
    me, op, pasched, signs = play_recorded("puff-kontrar", seed=11, explore=0.1)
    assert len(me) == len(op) == len(pasched) == len(signs) - 1 > 10
    assert (me.sum(axis=1) == 15).all() and (op.sum(axis=1) == 15).all()
    result = signs[-1]
    assert result in (-3, -2, -1, 1, 2, 3)
    data = Dataset([(me, op, pasched, signs)], PUFF)
    # λ = 1: every position's return is the result, seen from its side to move
    assert np.allclose(data.returns(None, 1.0), result * signs[:-1])

    class Half:  # a "network" that values every position at +0.5 for its mover
        def forward(self, x: np.ndarray) -> np.ndarray:
            return np.full(len(x), 0.5, dtype=np.float32)

    g = data.returns(Half(), 0.0)  # λ = 0: one step, the next position's value
    white_next = 0.5 * signs[1:-1]
    assert np.allclose(g[:-1], white_next * signs[:-2])
    assert g[-1] == pytest.approx(result * signs[-2])


def test_fitting_learns_and_training_is_reproducible(tmp_path) -> None:
    records = [play_recorded("puff-kontrar", seed=s, explore=0.05) for s in range(12)]
    data = Dataset(records, PUFF)
    y = data.returns(None, 1.0)
    net = learned.Net.fresh(8, np.random.default_rng(0))
    before = float(np.mean((net.forward(data.x) - y) ** 2))
    after = fit(net, data.x, y, epochs=8, rng=np.random.default_rng(0))
    assert after < before
    save_games(tmp_path / "g.npz", records)
    again = load_games(tmp_path / "g.npz")
    assert all(np.array_equal(a[i], b[i]) for a, b in zip(records, again, strict=True)
               for i in range(4))
    one = train("puff-kontrar", 6, seed=3, hidden=4, rounds=2, epochs=1)
    two = train("puff-kontrar", 6, seed=3, hidden=4, rounds=2, epochs=1)
    assert np.array_equal(one.w1, two.w1) and one.meta == two.meta
    assert one.meta["games"] == "6" and one.meta["rounds"] == "2"


def test_mästare_uses_the_shipped_network_and_gesäll_does_not() -> None:
    shipped = learned.for_ruleset("puff-kontrar")
    assert shipped is not None, "engine/ai/weights/puff-kontrar.npz is part of the package"
    assert int(shipped.meta["games"]) >= 10_000
    assert SearchAgent().model(PUFF) is shipped
    assert GreedyAgent().model(PUFF) is not shipped
    assert learned.for_ruleset("no-such-ruleset") is None
    # It has learnt the obvious: nearly all off against a checker on the bar is a win
    # worth more than one point (P-6: ×3 with a checker on the bar).
    ahead = PUFF.parse_position("white=24x2,offx13 black=bar,12x7,24x7 turn=white")
    assert shipped.white_value(PUFF, ahead) > 1.0
    assert shipped.white_value(PUFF, ahead.with_turn(Side.BLACK)) > 1.0


# -- bräde: the brade encoding, its training, and when mästare uses a network -------------

TALISMAN = registry.get("talisman")


def _mirror(pos):
    """The same game with the colours swapped: white's checkers become black's."""
    from dataclasses import replace

    return replace(pos, white=pos.black, black=pos.white, turn=pos.turn.other)


def test_brade_net_is_antisymmetric_and_batches_equal_singles() -> None:
    net = learned.Net.fresh(16, np.random.default_rng(5), "brade")
    assert net.encoding == "brade" and net.w1.shape[0] == learned.SIZES["brade"]
    positions = _positions(TALISMAN, 40, seed=3)
    batch = net.white_values(TALISMAN, positions)
    mirrored = net.white_values(TALISMAN, [_mirror(p) for p in positions])
    for pos, v, m in zip(positions, batch, mirrored, strict=True):
        assert net.white_value(TALISMAN, pos) == pytest.approx(v, abs=1e-5)
        # Bräde's two paths are alike (G-4): swapping the colours swaps the value.
        assert m == pytest.approx(-v, abs=1e-5)
    assert len(set(np.round(batch, 4))) > 10  # not a constant
    rng = random.Random(8)
    for pos in positions[:10]:
        turns = legal_turns(TALISMAN, pos, (rng.randint(1, 6), rng.randint(1, 6)))
        assert turn_values(TALISMAN, turns, Side.BLACK, net) == pytest.approx(
            [turn_value(TALISMAN, t, Side.BLACK, net) for t in turns], abs=1e-5)


def test_brade_training_is_reproducible_and_learns(tmp_path) -> None:
    records = [play_recorded("talisman", seed=s, explore=0.05) for s in range(10)]
    assert all(abs(r[3][-1]) in (1, 2, 4) for r in records)  # W&W points (B-30..B-34)
    data = Dataset(records, TALISMAN)
    assert data.x.shape[1] == learned.SIZES["brade"]
    y = data.returns(None, 1.0)
    net = learned.Net.fresh(8, np.random.default_rng(0), "brade")
    x = data.x.astype(np.float32)
    before = float(np.mean((net.forward(x) - y) ** 2))
    after = fit(net, data.x, y, epochs=6, rng=np.random.default_rng(0))
    assert after < before
    one = train("talisman", 4, seed=2, hidden=4, rounds=1, epochs=1, generations=2)
    two = train("talisman", 4, seed=2, hidden=4, rounds=1, epochs=1, generations=2)
    assert np.array_equal(one.w1, two.w1) and one.b2 == two.b2 and one.meta == two.meta
    assert one.meta["encoding"] == "brade" and one.meta["scoring"] == "ww"
    assert one.meta["generations"] == "2" and one.meta["games"] == "4"
    other = train("talisman", 4, seed=3, hidden=4, rounds=1, epochs=1)
    assert not np.array_equal(one.w1, other.w1)
    one.save(tmp_path / "t.npz")
    back = learned.Net.load(tmp_path / "t.npz")
    assert back.encoding == "brade"
    pos = _positions(TALISMAN, 3, seed=1)
    assert back.white_values(TALISMAN, pos) == pytest.approx(one.white_values(TALISMAN, pos))


def test_a_full_size_brade_net_stays_small(tmp_path) -> None:
    from engine.ai.train import DEFAULTS

    for rules_id in ("talisman", "behrens-helmfrid", "classic", "vasa", "puff-lang",
                     "puff-dubbel-kontrar"):
        assert rules_id in DEFAULTS
    hidden = max(h for _, _, h in DEFAULTS.values())
    net = learned.Net.fresh(hidden, np.random.default_rng(0), "brade")
    net.save(tmp_path / "big.npz")
    assert (tmp_path / "big.npz").stat().st_size <= 200 * 1024


def test_mästare_uses_a_brade_network_once_one_ships(tmp_path, monkeypatch) -> None:
    from engine.ai.agents import get_agent
    from engine.ai.evaluation import DEFAULT_WEIGHTS

    net = learned.Net.fresh(4, np.random.default_rng(0), "brade")
    net.meta.update(rules="talisman", scoring="ww")
    net.save(tmp_path / "talisman.npz")
    monkeypatch.setattr(learned, "WEIGHTS_DIR", tmp_path)
    learned.for_ruleset.cache_clear()
    try:
        loaded = learned.for_rules(TALISMAN)
        assert loaded is not None and loaded.encoding == "brade"
        assert SearchAgent().model(TALISMAN) is loaded
        assert get_agent("mästare-hand").model(TALISMAN) is DEFAULT_WEIGHTS
        assert GreedyAgent().model(TALISMAN) is DEFAULT_WEIGHTS  # gesäll unchanged
        # Trained under W&W points: not used where a game pays 3/7/11 (ny2).
        assert learned.for_rules(registry.get("talisman+ny2")) is None
        assert SearchAgent().model(registry.get("talisman+ny2")) is DEFAULT_WEIGHTS
        # A board-encoded file under a bräde name is not used either.
        learned.Net.fresh(4, np.random.default_rng(0)).save(tmp_path / "vasa.npz")
        assert learned.for_rules(registry.get("vasa")) is None
        pos = _positions(TALISMAN, 1, seed=4)[0]
        turn = SearchAgent(candidates=2, budget=300).choose(TALISMAN, pos, (3, 1),
                                                            random.Random(1))
        assert turn in legal_turns(TALISMAN, pos, (3, 1))
    finally:
        learned.for_ruleset.cache_clear()


def test_no_brade_network_ships_from_a_short_run() -> None:
    """Bräde weights come only from the documented full command (README): a file that
    ships must say it was made from at least the default number of games."""
    from engine.ai.train import DEFAULTS

    for rules_id in ("talisman", "behrens-helmfrid", "classic", "vasa", "puff-lang",
                     "puff-dubbel-kontrar", "puff-kontrar"):
        net = learned.for_ruleset(rules_id)
        if net is not None:
            games, generations, _ = DEFAULTS[rules_id]
            assert int(net.meta["games"]) >= games, rules_id
            assert int(net.meta.get("generations", "1")) >= generations, rules_id


def test_train_command_rejects_an_unknown_ruleset(capsys, tmp_path) -> None:
    from engine.ai.train import main

    assert main(["--rules", "schack", "--out", str(tmp_path / "x.npz")]) == 2
    assert "schack" in capsys.readouterr().err
    assert not (tmp_path / "x.npz").exists()
