"""Interval estimates for arena results (engine.ai.stats)."""

from __future__ import annotations

import pytest

from engine.ai.stats import mean_interval, wilson


def test_wilson_stays_inside_zero_and_one_and_narrows() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0 < hi < 0.35
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and 0.65 < lo < 1
    small, large = wilson(5, 10), wilson(500, 1000)
    assert small[0] < large[0] < 0.5 < large[1] < small[1]


def test_wilson_known_value() -> None:
    lo, hi = wilson(40, 100)
    assert lo == pytest.approx(0.3093, abs=1e-3) and hi == pytest.approx(0.4980, abs=1e-3)


def test_no_games_say_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([2.5]) == (2.5, 2.5, 2.5)


def test_mean_interval_is_centred_and_symmetric() -> None:
    m, lo, hi = mean_interval([1.0, -1.0, 2.0, 0.0])
    assert m == 0.5 and m - lo == pytest.approx(hi - m) and lo < 0 < hi
