"""The evaluation prices runs of bands as the rules measure them (``engine.bands``).

A prime the evaluation counts but the rules do not (or the other way round) makes the
computer play for a blockade that is not one.  The double-six column is the case the
evaluation's own loop got wrong: six checkers on 7 are no band (seed 003: "betraktas dock
dessa pjäser inte som ett band"), so they never start or extend a run.
"""

from __future__ import annotations

import random

from engine import bands
from engine import rules as registry
from engine.ai.evaluation import _CROSS, band_runs, white_value
from engine.position import Geometry, Side

COLUMN = "white=1x3,7x6,8x2,9x2,10x2 black=1x10,15x5 turn=black column=white"


def test_band_runs_is_the_rules_measure_on_random_boards() -> None:
    rng = random.Random(7)
    for geometry in Geometry:
        x = _CROSS[geometry]
        for _ in range(300):
            counts = [0] * 26
            for _ in range(15):
                counts[rng.randint(1, 24)] += 1
            oc = tuple(counts)
            expect = [(lo, hi - lo + 1) for lo, hi in bands.runs(oc, x, 3)]
            assert list(band_runs(oc, x)) == expect


def test_a_double_six_column_is_no_band_in_the_evaluation() -> None:
    rules = registry.get("talisman+double_six")
    pos = rules.parse_position(COLUMN)
    x = _CROSS[pos.geometry]
    # White's 7..10 stand on black's 19..22; the column on 7 is not part of the run.
    assert list(band_runs(pos.white, x)) == [(19, 4)]
    assert list(band_runs(pos.white, x, no_band=7)) == [(20, 3)]
    # The evaluation tells the column apart from a band of six on 7.
    plain = rules.parse_position(COLUMN.replace(" column=white", ""))
    assert pos.column is Side.WHITE and plain.column is None
    assert white_value(rules, pos) != white_value(rules, plain)
