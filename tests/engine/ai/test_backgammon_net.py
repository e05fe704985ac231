"""Backgammon's learned evaluation: the shipped network, the play it leads mästare to,
and the training steps backgammon adds (the ``bg`` encoding, games played side by side)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import rules as registry
from engine.ai import lookahead
from engine.ai import net as learned
from engine.ai.agents import GreedyAgent, SearchAgent, get_agent
from engine.ai.evaluation import DEFAULT_WEIGHTS
from engine.ai.train import (
    DEFAULTS,
    Dataset,
    fit,
    load_games,
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
    # a checkpoint is the network with the fitting's random state, to resume from
    assert "generations" not in first.meta and "rng" in last.meta
    assert {k: v for k, v in last.meta.items() if k != "rng"} == one.meta
    assert np.array_equal(last.w1, one.w1) and not np.array_equal(first.w1, one.w1)
    pos = BG.parse_position(START)
    assert one.white_value(BG, pos) == pytest.approx(-one.white_value(
        BG, pos.with_turn(Side.BLACK)), abs=1e-5)  # the start mirrors itself


# -- a network of outcome probabilities (issue 42) -----------------------------------------


def test_outcome_rows_follow_from_the_points_and_turn_with_the_side() -> None:
    rows = learned.outcome_targets(np.array([1, 2, 3, -1, -2, -3]))
    assert rows.tolist() == [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 1, 0, 0],
                             [0, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 1]]
    # the rows for the loser are the winner's flipped, and expected points the points
    for points in (1, 2, 3):
        won = learned.outcome_targets(np.array([points]))
        lost = learned.outcome_targets(np.array([-points]))
        assert np.array_equal(learned.flip(won), lost)
        assert learned.equity(won)[0] == points and learned.equity(lost)[0] == -points
    p = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    assert np.allclose(learned.flip(learned.flip(p)), p)
    assert np.isclose(learned.equity(p)[0], 0.2 + 0.1 + 0.04)
    assert np.isclose(learned.equity(learned.flip(p))[0], -learned.equity(p)[0])


def test_a_probabilities_network_values_positions_by_the_points_they_promise(
        tmp_path) -> None:
    net = learned.Net.fresh(6, np.random.default_rng(3), "bg", outputs="probabilities")
    positions = [BG.parse_position(START), BG.parse_position(BEAROFF_A), BG.parse_position(BEAROFF_B)]
    p = net.probabilities(BG, positions)
    assert p.shape == (3, 5) and ((p[0] > 0) & (p[0] < 1)).all()
    assert (p[1:, 3:] == 0).all()  # white has borne off: it loses no gammon
    assert np.allclose(net.mover_values(BG, positions), learned.equity(p), atol=1e-6)
    net.save(tmp_path / "p.npz")
    again = learned.Net.load(tmp_path / "p.npz")
    assert again.outputs == "probabilities"
    assert np.array_equal(again.probabilities(BG, positions), p)
    with pytest.raises(ValueError):
        learned.Net.fresh(6, np.random.default_rng(3), "bg").probabilities(BG, positions)


def test_the_shipped_network_gives_the_chances_a_cube_needs(shipped: learned.Net) -> None:
    assert shipped.outputs == "probabilities" and shipped.meta["outputs"] == "probabilities"
    crushing = BG.parse_position("white=23,24,offx13 black=bar,3x2,12x12 turn=white")
    start = BG.parse_position(START)
    (win, wg, wbg, lg, _lbg), even = shipped.probabilities(BG, [crushing, start])
    assert win > 0.99 and wg > 0.95 and wbg > 0.5 and lg < 0.01  # a likely backgammon
    # at the start: about even, a gammon either way in about one game of seven
    assert 0.4 < even[0] < 0.6 and 0.08 < even[1] < 0.25 and 0.08 < even[3] < 0.25
    assert even[2] < 0.03 and even[4] < 0.03


def test_what_the_board_rules_out_is_zero_whatever_the_network_says(
        shipped: learned.Net) -> None:
    """A network's sigmoids never reach zero; the rules do.  A side that has borne off
    loses no gammon (docs/rules.md, backgammon), a side past every enemy checker with
    none on the bar or in the enemy's home board loses no backgammon, and each chance
    is at most the one it is part of."""
    crushing = "white=23,24,offx13 black=bar,3x2,12x12"
    white, black = (BG.parse_position(f"{crushing} turn={s}") for s in ("white", "black"))
    race = BG.parse_position("white=19x5,20x5,21x5 black=19x5,20x5,21x5 turn=white")
    start = BG.parse_position(START)
    p = shipped.probabilities(BG, [white, black, race, start])
    assert p[0, 3] == 0 and p[0, 4] == 0  # white, to move, has borne off
    assert p[1, 1] == 0 and p[1, 2] == 0  # black, to move, cannot win a gammon
    assert p[1, 3] > 0.9 and p[1, 4] > 0.5  # and will lose one, likely a backgammon
    assert p[2, 2] == 0 and p[2, 4] == 0  # a race: no backgammon either way
    assert p[2, 1] > 0 or p[2, 3] > 0  # but gammons are still possible
    assert (p[3] > 0).all()  # at the start everything is
    rng = np.random.default_rng(11)
    for _ in range(5):  # fresh networks' guesses are ordered as the outcomes nest
        q = learned.Net.fresh(8, rng, "bg", outputs="probabilities").probabilities(
            BG, [start, race, white, black])
        assert (q[:, 1] <= q[:, 0]).all() and (q[:, 2] <= q[:, 1]).all()
        assert (q[:, 3] <= 1 - q[:, 0]).all() and (q[:, 4] <= q[:, 3]).all()
    assert np.allclose(shipped.mover_values(BG, [white, race]), learned.equity(p[[0, 2]]))


def test_outcome_targets_without_a_network_are_each_games_end_for_the_mover() -> None:
    records = [play_recorded("backgammon", seed=s, explore=0.05) for s in range(6)]
    data = Dataset(records, BG)
    y = data.outcome_returns(None, 1.0)
    assert y.shape == (len(data.sign), 5)
    # in expected points they are the points targets a points network fits
    assert np.allclose(learned.equity(y), data.returns(None, 1.0))
    net = learned.Net.fresh(6, np.random.default_rng(4), "bg", outputs="probabilities")
    td = data.outcome_returns(net, 0.7)
    assert td.shape == y.shape and ((td >= 0) & (td <= 1)).all()
    # the last position of a game is followed by the end alone, whatever λ
    last = data.ends - 1
    assert np.allclose(td[last], y[last])


def test_a_probabilities_network_learns_and_a_stopped_run_resumes_where_it_was(
        tmp_path) -> None:
    records = [play_recorded("backgammon", seed=s, explore=0.05) for s in range(8)]
    data = Dataset(records, BG)
    y = data.outcome_returns(None, 1.0)
    net = learned.Net.fresh(8, np.random.default_rng(0), "bg", outputs="probabilities")
    first = fit(net, data.x, y, epochs=1, rng=np.random.default_rng(0))
    assert fit(net, data.x, y, epochs=6, rng=np.random.default_rng(0)) < first
    kw = dict(hidden=4, rounds=1, epochs=1, lockstep=2, outputs="probabilities")
    whole = train("backgammon", 4, seed=3, generations=3, **kw)
    assert whole.outputs == "probabilities" and whole.meta["outputs"] == "probabilities"
    # two generations, stopped, then resumed for the third: the same network
    train("backgammon", 4, seed=3, generations=2, checkpoints=tmp_path / "r", **kw)
    assert (tmp_path / "r-gen1-games.npz").exists()
    resumed = train("backgammon", 4, seed=3, generations=3, checkpoints=tmp_path / "r",
                    resume=True, **kw)
    assert np.array_equal(resumed.w1, whole.w1) and np.array_equal(resumed.b2, whole.b2)
    assert resumed.meta == whole.meta


def test_a_windowed_run_fits_on_the_last_generations_games_and_resumes_alike(
        tmp_path) -> None:
    kw = dict(hidden=4, rounds=1, epochs=1, lockstep=2, outputs="probabilities")
    whole = train("backgammon", 4, seed=5, generations=3, window=1,
                  checkpoints=tmp_path / "w", **kw)
    # the third generation's games alone were fitted last: the positions say so
    last = load_games(tmp_path / "w-gen2-games.npz")
    assert whole.meta["positions"] == str(sum(len(r[0]) for r in last))
    assert whole.meta["window"] == "1"
    every = train("backgammon", 4, seed=5, generations=3, **kw)
    assert int(every.meta["positions"]) > int(whole.meta["positions"])
    # stopped after two generations and resumed with the window: the same network
    train("backgammon", 4, seed=5, generations=2, window=1, checkpoints=tmp_path / "v",
          **kw)
    resumed = train("backgammon", 4, seed=5, generations=3, window=1,
                    checkpoints=tmp_path / "v", resume=True, **kw)
    assert np.array_equal(resumed.w1, whole.w1) and resumed.meta == whole.meta
    # resumed with no generation left to play: the same network, the same record
    again = train("backgammon", 4, seed=5, generations=3, window=1,
                  checkpoints=tmp_path / "v", resume=True, **kw)
    assert np.array_equal(again.w1, whole.w1) and again.meta == whole.meta
    with pytest.raises(ValueError):
        train("backgammon", 4, seed=5, window=0, **kw)


def test_where_its_best_plays_are_close_mästare_looks_a_roll_deeper(shipped) -> None:
    """Black's 6-2 here: the one-roll search puts 1/3 10/16 a few hundredths ahead of
    17/19 10/16; over two rolls (each roll's best reply looked at once more) the
    network prefers the second, and mästare plays it.  The two keep their two-roll
    values, the rest stays below them."""
    pos = BG.parse_position("white=2x2,12x5,17,19x3,20x2,23x2 "
                            "black=1x2,10,12x2,17x4,19x4,20x2 turn=black")
    dice = (2, 6)
    one_roll = SearchAgent(deeper=0).rank(BG, pos, dice)
    assert one_roll[0][0].text == "1/3 10/16" and one_roll[0][1] - one_roll[1][1] < 0.12
    ranked = SearchAgent().rank(BG, pos, dice)
    close = [t for t, _ in one_roll[:2]]
    two_rolls = lookahead.play_values(BG, close, Side.BLACK, shipped, depth=2,
                                      deep_replies=1)
    assert ranked[0][0].text == "17/19 10/16"
    assert {t.text for t, _ in ranked[:2]} == {t.text for t in close}
    assert [v for _, v in ranked[:2]] == pytest.approx(sorted(two_rolls, reverse=True))
    assert all(v < ranked[1][1] for _, v in ranked[2:])
    assert {t.text for t, _ in ranked} == {t.text for t, _ in one_roll}
    assert SearchAgent().choose(BG, pos, dice, random.Random(1)).text == "17/19 10/16"


def test_only_backgammon_with_its_network_is_searched_a_roll_deeper() -> None:
    """Bräde's and puff's levels were measured with the one-roll search, and the
    hand-built mästare at backgammon is the yardstick a network is measured against:
    their rankings are what they were."""
    rng = random.Random(4)
    for name in ("talisman", "puff-kontrar", "backgammon"):
        rules = registry.get(name)
        pos = rules.start()
        for _ in range(6):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if name == "backgammon":
                a, b = get_agent("mästare-hand"), SearchAgent(learned=False, deeper=0)
            else:
                a, b = SearchAgent(), SearchAgent(deeper=0)
            got = [(t.text, round(v, 9)) for t, v in a.rank(rules, pos, dice)]
            assert got == [(t.text, round(v, 9)) for t, v in b.rank(rules, pos, dice)]
            pos = legal_turns(rules, pos, dice)[0].position


@pytest.mark.parametrize(("position", "dice"), [
    ("white=1x2,12x3,17,18,19,20,21x2,22x3,24 black=9x2,12x4,17x3,20x4,22x2 turn=black",
     (5, 2)),
    ("white=24x6,offx9 black=19x2,20,21,22x6,23,24x2,offx2 turn=black", (1, 5)),
])
def test_a_roll_further_the_plays_left_out_stay_below_the_searched(
        position: str, dice: tuple[int, int]) -> None:
    """Here the two close plays are worth less over two rolls than the search's fourth
    play was over one.  The plays the pruning left out were kept below that fourth
    play's value, so they ranked above mästare's best and could be played; every play
    left out now stays below every play searched."""
    pos = BG.parse_position(position)
    ranked = SearchAgent().rank(BG, pos, dice)
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)
    assert SearchAgent().choose(BG, pos, dice, random.Random(1)).text == ranked[0][0].text
