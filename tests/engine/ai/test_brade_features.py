"""The bräde encoding, feature by feature, on hand-built positions."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from engine import bands
from engine import rules as registry
from engine.ai import brade_features as bf
from engine.ai import net as learned
from engine.ai.agents import GreedyAgent
from engine.position import Position, Side

TALISMAN = registry.get("talisman")
NAMES = bf.feature_names()


def _features(text: str, rules=TALISMAN) -> dict[str, float]:
    """The named bräde features of a position, read from the side to move."""
    pos = rules.parse_position(text)
    me, op, _ = learned.mover_arrays([pos])
    return dict(zip(NAMES, bf.encode(me, op, rules)[0].tolist(), strict=True))


def _shots(pos: Position, hitter: Side, blot_points: list[int]) -> int:
    """Rolls of 36 on which ``hitter`` can move a checker exactly onto one of the
    other side's blots on ``blot_points`` (own numbering), blocking ignored: an
    independent count by brute force."""
    g = pos.geometry
    h = pos.side(hitter)
    targets = [g.cross(p) for p in blot_points]  # in the hitter's numbering
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            reach = {a, 2 * a, 3 * a, 4 * a} if a == b else {a, b, a + b}
            if any(h[r] and q - r in reach for q in targets for r in range(0, q)):
                n += 1
    return n


def test_names_match_the_width() -> None:
    assert len(NAMES) == bf.FEATURES == len(set(NAMES))
    assert learned.SIZES["brade"] == learned.BOARD + bf.FEATURES


def test_jan_count_and_the_blots_that_would_complete_it() -> None:
    # Black: 2 on the bar + 4 occupied first-quarter points = 6 (B-33); its blots on 20
    # and 22 stand in front of white's checkers, so one hit is jan.
    text = "white=1x10,5,19x2,20x2 black=barx2,1x8,2,3,4,20,22 turn=white"
    f = _features(text)
    assert f["me_jan_count"] == pytest.approx(2 / 7)  # white: points 1 and 5
    assert f["op_jan_count"] == pytest.approx(6 / 7)
    assert (f["op_jan_need1"], f["op_jan_need2"], f["me_jan_need1"]) == (1, 0, 0)
    assert f["op_jan_blots"] == pytest.approx(2 / 7)
    assert f["op_jan_blots_enough"] == 1
    pos = TALISMAN.parse_position(text)
    expected = _shots(pos, Side.WHITE, [20, 22]) / 36
    assert f["op_jan_shots"] == pytest.approx(expected)
    assert f["op_jan_now"] == pytest.approx(expected) and expected > 0.5
    assert f["me_jan_now"] == 0
    # The count agrees with the engine's own jan test wherever games go.
    rng = random.Random(2)
    agent = GreedyAgent()
    pos = TALISMAN.start()
    for _ in range(150):
        turn = agent.choose(TALISMAN, pos, (rng.randint(1, 6), rng.randint(1, 6)), rng)
        pos = TALISMAN.start() if turn.outcome else turn.position
        me, op, _ = learned.mover_arrays([pos])
        row = bf.encode(me, op, TALISMAN)[0]
        for half, counts in ((0, pos.mover), (bf.SIDE, pos.waiting)):
            count = round(row[half + NAMES.index("me_jan_count")] * 7)
            assert count == 6 - bands.entry_room(counts)


def test_blots_in_direct_and_indirect_reach() -> None:
    # White's blot on 10 is black's 22: black's checker on its 20 is 2 pips behind it.
    # Black's blot on 20 is white's 8: white's home checkers are 7 pips behind it.
    text = "white=1x14,10 black=1x14,20 turn=white"
    f = _features(text)
    assert (f["me_blots_direct"], f["me_blots_indirect"]) == (pytest.approx(0.2), 0)
    assert (f["op_blots_direct"], f["op_blots_indirect"]) == (0, pytest.approx(0.2))
    pos = TALISMAN.parse_position(text)
    assert f["me_blot_shots"] == pytest.approx(_shots(pos, Side.BLACK, [10]) / 36)
    assert f["op_blot_shots"] == pytest.approx(_shots(pos, Side.WHITE, [20]) / 36)
    # Nothing behind a blot: out of reach, and no jan danger from it.
    far = _features("white=1x14,10 black=23x15 turn=white")  # black is past the blot
    assert far["me_blots_direct"] == far["me_blots_indirect"] == far["me_blot_shots"] == 0
    assert far["me_jan_blots"] == 0


def test_runs_of_bands_along_the_blocked_players_path() -> None:
    # G-5's example: black's bands on its 20–24 and its home band make six in a row on
    # white's 8–13, a blockade white may burst (B-10) and white has checkers behind it.
    text = "white=1x13,5,6 black=1x5,20x2,21x2,22x2,23x2,24x2 turn=white"
    f = _features(text)
    assert f["theirs_run_longest"] == pytest.approx(6 / 7)
    assert f["theirs_run_burstable"] == 1 and f["theirs_run_burstable_behind"] == 1
    assert f["theirs_run_trapped6"] == 0  # burstable: not a prime
    assert f["mine_run_longest"] == 0
    # The engine's definition, asked directly, says the same.
    pos = TALISMAN.parse_position(text)
    to_black = [0, *(TALISMAN.geometry.cross(q) for q in range(1, 25))]
    assert bands.runs(pos.black, to_black) == [(8, 13)]
    assert bf.engine_runs(pos.black, tuple(to_black)) == [(8, 6)]
    # Classic cannot burst a blockade: the same run is a prime with white's checkers
    # within six points behind it (white's 5 and 6; home is seven back).
    c = _features(text, registry.get("classic"))
    assert c["theirs_run_burstable"] == 0
    assert c["theirs_run_trapped6"] == pytest.approx(2 / 6)
    # The owner's 12 and 13 (the blocked player's 24 and 1) never join (G-5).
    split = _features("white=19x15 black=1x2,12x2,13x2,14x2,15x2,16x2,17x3 turn=white")
    assert split["theirs_run_longest"] == pytest.approx(5 / 7)
    # Three bands on white's 9–11 with two blocked checkers (5, 6) within six behind.
    three = _features("white=1x13,5,6 black=1x9,21x2,22x2,23x2 turn=white")
    assert three["theirs_run_longest"] == pytest.approx(3 / 7)
    assert three["theirs_run_trapped3"] == pytest.approx(2 / 6)


def test_entry_may_burst_a_blockade_reaching_the_second_quarter() -> None:
    # Black's bands on its 14–19 are white's 2–7 (B-11): a checker on white's bar may
    # enter onto them by bursting.
    on_bar = "white=bar,1x14 black=1x3,14x2,15x2,16x2,17x2,18x2,19x2 turn=white"
    assert _features(on_bar)["theirs_run_entry_burstable"] == 1
    assert _features(on_bar.replace("bar,1x14", "1x15"))["theirs_run_entry_burstable"] == 0


def test_sprangjan_threat_on_entering() -> None:
    # White has three on the bar and only two free entry points (B-12: it may burst);
    # black's bands on white's 1–4 (black's 13–16), each of two, would leave black
    # 5 + 2 > 6 if burst: sprängjan on four faces.
    text = "white=barx3,19x12 black=1x2,2,3,4,5,13x2,14x2,15x2,16x2,24 turn=white"
    f = _features(text)
    assert f["op_spr_allowed"] == 1
    assert f["op_spr_faces"] == pytest.approx(4 / 6)
    assert f["op_spr_shots"] == pytest.approx(1 - (2 / 6) ** 2)
    assert f["me_spr_allowed"] == 0
    # Classic lets white burst only when no entry point is free.
    c = _features(text, registry.get("classic"))
    assert c["op_spr_allowed"] == 0 and c["op_spr_faces"] == 0


def test_vackert_spel_distance() -> None:
    # One checker on 18 short of trappspel (3/5/7 on 22/23/24, B-31): 6 pips to go;
    # uppspel is still possible (17 pips); kronspel no longer (six on 24 already).
    text = "white=18,22x3,23x5,24x6 black=19x3,20x3,21x3,22x3,23x3 turn=white"
    f = _features(text)
    assert f["me_trapp_ok"] == 1 and f["me_trapp_pips"] == pytest.approx(6 / 60)
    assert f["me_trapp_near"] == pytest.approx(math.exp(-6 / 15))
    assert f["me_upp_ok"] == 1 and f["me_upp_pips"] == pytest.approx(17 / 60)
    assert f["me_enkelt_ok"] == f["me_dubbelt_ok"] == 0
    assert f["me_vackert_best"] == pytest.approx(math.exp(-6 / 15))
    assert f["me_kejsar_ok"] == 0  # talisman has no kejsarspel
    # Black stands in enkelt kronspel's places but one short (12 of 15 on 19–23 are its
    # own 19–23): still possible.
    assert f["op_enkelt_ok"] == 1
    # A checker off ends every pattern.
    off = _features("white=18,22x3,23x5,24x5,off black=19x3,20x3,21x3,22x3,23x3 turn=white")
    assert off["me_any_off"] == 1 and off["me_trapp_ok"] == off["me_vackert_best"] == 0
    # Kejsarspel (Behrens–Helmfrid): seven on 24, seven on 23, the 15th on 20 — done.
    bh = _features("white=20,23x7,24x7 black=19x3,20x3,21x3,22x3,23x3 turn=white",
                   registry.get("behrens-helmfrid"))
    assert bh["me_kejsar_ok"] == 1 and bh["me_kejsar_near"] == pytest.approx(1.0)


def test_home_band_munk_and_race() -> None:
    f = _features("white=1x13,19x2 black=bar,1,20x13 turn=white")
    assert f["me_home_band"] == 1 and f["me_home_count"] == pytest.approx(13 / 15)
    assert f["op_home_band"] == 0  # a lone checker at home is no band
    assert f["me_munk"] == 1 and f["op_munk"] == 0  # black has a checker on the bar
    white_pips = 13 * 24 + 2 * 6
    black_pips = 25 + 24 + 13 * 5
    assert f["pip_diff"] == pytest.approx((black_pips - white_pips) / 50)


def test_swapping_the_sides_swaps_the_halves() -> None:
    """What makes the value antisymmetric: the mover's numbers and the opponent's trade
    places, and the race lead changes sign."""
    rng = random.Random(4)
    agent = GreedyAgent()
    pos = TALISMAN.start()
    rows = []
    for _ in range(80):
        turn = agent.choose(TALISMAN, pos, (rng.randint(1, 6), rng.randint(1, 6)), rng)
        pos = TALISMAN.start() if turn.outcome else turn.position
        rows.append(pos)
    me, op, _ = learned.mover_arrays(rows)
    a = bf.encode(me, op, TALISMAN)
    b = bf.encode(op, me, TALISMAN)
    s, r = bf.SIDE, bf.RUN
    assert np.array_equal(a[:, :s], b[:, s:2 * s])
    assert np.array_equal(a[:, 2 * s:2 * s + r], b[:, 2 * s + r:2 * s + 2 * r])
    assert np.allclose(a[:, -1], -b[:, -1])
    assert a[:, 2 * s:].any()  # runs appear in real games
