"""Self-play training's own parts (engine/ai/train.py): a recorded game keeps its
positions and result through a save, and without a network every position's target is
the game's result seen from the side to move.  Fitting a network is in test_net.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine import rules as rules_registry
from engine.ai.train import Dataset, load_games, play_recorded, save_games


def test_a_recorded_game_is_the_same_after_a_save_and_a_load(tmp_path: Path) -> None:
    records = [play_recorded("talisman", seed=s, explore=0.1) for s in (1, 2)]
    save_games(tmp_path / "games.npz", records)
    loaded = load_games(tmp_path / "games.npz")
    assert len(loaded) == 2
    for before, after in zip(records, loaded, strict=True):
        for a, b in zip(before, after, strict=True):
            assert np.array_equal(a, b)
    # the games are views of one array read once, not each of a copy of its own (a
    # 10,000-game file took gigabytes that way)
    assert loaded[0][0].base is not None and loaded[0][0].base is loaded[1][0].base


def test_self_play_is_foreseeable_by_its_seed() -> None:
    a, b = (play_recorded("talisman", seed=5, explore=0.1) for _ in range(2))
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    me, op, flags, sign = a
    assert len(me) == len(op) == len(flags) == len(sign) - 1 > 0
    assert set(np.unique(sign[:-1])) <= {-1.0, 1.0} and sign[-1] != 0  # a result in points


def test_without_a_network_each_target_is_the_result_for_the_side_to_move() -> None:
    records = [play_recorded("talisman", seed=s, explore=0.1) for s in (3, 4)]
    data = Dataset(records, rules_registry.get("talisman"))
    targets = data.returns(None, lam=1.0)
    for (me, _, _, sign), s, e in zip(records, data.starts, data.ends, strict=True):
        result = sign[-1]  # points for white
        assert np.allclose(targets[s:e], result * sign[:-1])
        assert e - s == len(me)


def test_the_last_generation_is_found_by_its_checkpoint(tmp_path: Path) -> None:
    from engine.ai.train import last_generation

    assert last_generation(tmp_path / "c") is None
    for name in ("c-gen0.npz", "c-gen0-games.npz", "c-gen2.npz", "c-gen10-games.npz",
                 "cc-gen7.npz"):
        (tmp_path / name).write_bytes(b"")
    assert last_generation(tmp_path / "c") == 2
