"""The backgammon encoding, feature by feature, on hand-built positions and against the
engine's own move lists."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import rules as registry
from engine.ai import bg_features as bf
from engine.ai import net as learned
from engine.ai.agents import GreedyAgent
from engine.generators import legal_turns
from engine.position import BAR, Position, Side

BG = registry.get("backgammon")
NAMES = bf.feature_names()


def _features(text: str) -> dict[str, float]:
    """The named backgammon features of a position, read from the side to move."""
    pos = BG.parse_position(text)
    me, op, _ = learned.mover_arrays([pos])
    return dict(zip(NAMES, bf.encode(me, op)[0].tolist(), strict=True))


def _selfplay(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    agent = GreedyAgent()
    out: list[Position] = []
    pos = BG.start().with_turn(Side.WHITE)
    while len(out) < n:
        turn = agent.choose(BG, pos, (rng.randint(1, 6), rng.randint(1, 6)), rng)
        pos = BG.start().with_turn(Side.WHITE) if turn.outcome else turn.position
        out.append(pos)
    return out


def test_names_match_the_width() -> None:
    assert len(NAMES) == bf.FEATURES == len(set(NAMES))
    assert learned.SIZES["bg"] == learned.BOARD + bf.FEATURES
    assert learned.encoding_for(BG) == "bg"


def test_the_start_is_symmetric_and_in_contact() -> None:
    f = _features("white=1x2,12x5,17x3,19x5 black=1x2,12x5,17x3,19x5 turn=white")
    for name in bf.SIDE_NAMES:
        assert f[f"me_{name}"] == pytest.approx(f[f"op_{name}"]), name
    assert f["contact"] == 1 and f["pip_lead"] == 0
    assert f["me_hit_chance"] == 0  # no blots
    assert f["me_back_anchor"] == 1 and f["me_anchor_forward"] == pytest.approx(1 / 6)
    assert f["me_home_points"] == pytest.approx(1 / 6)  # the 6-point (own 19)
    assert f["me_outside_home"] == pytest.approx(10 / 15)
    assert f["me_in_enemy_home"] == pytest.approx(2 / 15)
    assert f["me_escapes"] < 1  # the back checkers meet the enemy's 6- and 8-points


def test_a_race_has_no_contact_and_no_shots() -> None:
    f = _features("white=19,20x3,22x2,offx9 black=14,18x2,offx12 turn=black")
    assert f["contact"] == 0
    assert f["me_hit_chance"] == f["op_hit_chance"] == 0
    assert f["me_break_contact"] == f["op_break_contact"] == 0
    # black (to move) has 11 + 2·7 = 25 pips, white 6 + 3·5 + 2·3 = 27
    assert f["pip_lead"] == pytest.approx((27 - 25) / 50)


def test_a_direct_shot_and_its_cost() -> None:
    # A lone white blot on its own 13 is black's 12; black's band on its own 7 stands
    # 5 pips behind it: black (to move) hits with every roll that carries one checker
    # exactly 5 pips (any 5, 4-1, 3-2).
    f = _features("white=13,19x14 black=7x2,24x13 turn=black")
    expected = sum(1 for a in range(1, 7) for b in range(1, 7)
                   if 5 in ((a, 2 * a, 3 * a, 4 * a) if a == b else (a, b, a + b)))
    assert expected == 15
    assert f["op_hit_chance"] == pytest.approx(expected / 36)
    assert f["op_hit_pips"] == pytest.approx(expected / 36 * 13 / 24)  # 13 pips lost
    assert f["me_hit_chance"] == 0  # black has no blot


def test_combination_shots_need_an_open_landing_point() -> None:
    # White's blot (black's 12) is 8 pips in front of black's checker on its 4: 6-2,
    # 5-3, 4-4 and 2-2 reach it.  White's band on its 19 (black's 6) already stops 2-2;
    # bands on its 15 and 18 too (black's 10 and 7) leave only 5-3 (via black's 9) and
    # 4-4 (via 8).
    open_ = _features("white=13,19x14 black=4,24x14 turn=black")
    blocked_text = "white=13,15x2,18x2,19x10 black=4,24x14 turn=black"
    blocked = _features(blocked_text)
    assert open_["op_hit_chance"] == pytest.approx(5 / 36)
    assert blocked["op_hit_chance"] == pytest.approx(3 / 36)
    assert _brute_shots(BG.parse_position(blocked_text), Side.BLACK) == 3


def _brute_shots(pos: Position, hitter: Side) -> int:
    """Rolls of 36 on which one of ``hitter``'s checkers can land on a blot of the other
    side, moving alone with every landing on the way open: an independent count."""
    g = pos.geometry
    h = pos.side(hitter)
    o = pos.side(hitter.other)
    blots = {g.cross(p) for p in range(1, 25) if o[p] == 1}
    bands = {g.cross(p) for p in range(1, 25) if o[p] >= 2}
    starts = [0] if h[BAR] else [r for r in range(0, 25) if h[r]]
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            orders = [[a] * 4] if a == b else [[a, b], [b, a]]
            hit = False
            for r in starts:
                for steps in orders:
                    q = r
                    for s in steps:
                        q += s
                        if q > 24 or q in bands:
                            break
                        if q in blots:
                            hit = True
                            break
            n += hit
    return n


def test_shots_agree_with_a_brute_force_count_and_with_the_engine() -> None:
    """On self-play positions: the feature is the brute-force count exactly; and it is
    never below the rolls on which some legal turn of the engine really hits (above it
    only where the rule to use both dice forbids the hitting play)."""
    checked = agree = 0
    for pos in _selfplay(300, seed=5):
        hitter = pos.turn
        f = bf.encode(*learned.mover_arrays([pos])[:2])[0]
        chance = f[NAMES.index("op_hit_chance")] * 36
        assert chance == pytest.approx(_brute_shots(pos, hitter)), pos.format()
        if pos.side(hitter)[BAR]:
            continue
        hits = sum(1 for a in range(1, 7) for b in range(1, 7)
                   if any(any(s.hit for s in t.steps) for t in legal_turns(BG, pos, (a, b))))
        assert hits <= round(chance), pos.format()
        checked += 1
        agree += hits == round(chance)
    assert checked > 100 and agree >= 0.95 * checked


def test_the_bar_and_a_closed_board() -> None:
    # Black on the bar against white's five-point board (own 19..23 held).
    f = _features("white=19x3,20x3,21x3,22x3,23x3 black=bar,1x2,12x12 turn=black")
    assert f["me_entry_closed"] == pytest.approx(5 / 6)
    assert f["me_bar_stays"] == pytest.approx((5 / 6) ** 2)
    assert f["op_bar_stays"] == 0
    assert f["op_home_points"] == pytest.approx(5 / 6)
    assert f["op_own_prime"] == pytest.approx(5 / 6)


def test_a_full_prime_stops_every_escape() -> None:
    # White's six bands on its own 13..18 stand in front of black's checker on its 6
    # (board 19): nothing gets past them.
    f = _features("white=13x2,14x2,15x2,16x2,17x2,18x3,24x2 black=6,19x14 turn=black")
    assert f["me_escapes"] == 0 and f["me_prime_ahead"] == 1
    free = _features("white=24x15 black=6,19x14 turn=black")
    assert free["me_escapes"] == 1 and free["me_prime_ahead"] == 0


def test_gammon_and_backgammon_risk() -> None:
    f = _features("white=bar,2,10,19x12 black=20x3,21x3,22x3,offx6 turn=white")
    assert f["me_outside_home"] == pytest.approx(3 / 15)  # the bar, 2 and 10
    assert f["me_pips_to_home"] == pytest.approx((19 + 17 + 9) / 100)
    assert f["me_in_enemy_home"] == pytest.approx(2 / 15)  # the bar and own 2
    assert f["op_outside_home"] == 0 and f["op_in_enemy_home"] == 0


def test_swapping_the_sides_swaps_the_features() -> None:
    positions = _selfplay(60, seed=9)
    me, op, _ = learned.mover_arrays(positions)
    a = bf.encode(me, op)
    b = bf.encode(op, me)
    assert np.allclose(a[:, :bf.SIDE], b[:, bf.SIDE:2 * bf.SIDE])
    assert np.allclose(a[:, -2], b[:, -2]) and np.allclose(a[:, -1], -b[:, -1])
    # and a long batch (several slices) gives what the rows give one by one
    many = np.concatenate([me] * 40)
    assert np.array_equal(bf.encode(many, np.concatenate([op] * 40))[:len(me)], a)
