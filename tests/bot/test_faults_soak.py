"""The fault soak (``benchmarks/fault_soak.py``) with a small count, so every run checks
it: games under random Discord errors, cancelled commands, failing computer replies and
restarts keep every invariant (the README's figure comes from the 20,000-command run)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.fault_soak import Soak, parse


async def test_small_fault_soak(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")  # threads: no process per restart
    args = parse(["--commands", "300", "--slots", "5", "--restart-every", "80",
                  "--seed", "3"])
    report = await Soak(args, tmp_path / "soak.sqlite3").run()
    assert report.commands == 300
    assert report.restarts >= 2
    assert {"cancel", "http429", "http500", "http403"} <= set(report.faults), report.faults
    assert report.games >= 5
    assert report.violations == [], report.violations
