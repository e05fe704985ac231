"""The benchmarks' own machinery, where a mistake would report a wrong figure or miss a
broken database: the invariants' audit on both stores (a rating applied twice, a gap in
an event log), the fault soak on PostgreSQL, and ``bot_load``'s arithmetic for combining
several processes."""

from __future__ import annotations

import sys

import pytest

from benchmarks import bot_load
from benchmarks.bot_load import Phase, Sampler, combined, share
from benchmarks.fault_soak import Soak, parse
from benchmarks.invariants import audit
from bot.store.dialect import to_postgres
from tests.bot.helpers import Db, db_exec, db_rows, resigned_game


async def test_audit_sees_a_rating_applied_twice(simcord_env, db_path: Db) -> None:
    _, _, bob, row = await resigned_game(simcord_env, db_path)
    assert db_rows(db_path, "SELECT game_id FROM rated_games") == [(row["id"],)]
    assert audit(db_path) == []
    db_exec(db_path, "UPDATE ratings SET games = games + 1, wins = wins + 1 "
                     "WHERE user_id = ?", (bob.id,))
    found = audit(db_path)
    assert len(found) == 1 and f"member {bob.id}" in found[0], found
    assert "the rating counts 2 games (2 won, 0 lost), the applied games 1 (1 won" in found[0]


async def test_audit_sees_a_gap_in_an_event_log(simcord_env, db_path: Db) -> None:
    _, _, _, row = await resigned_game(simcord_env, db_path)
    db_exec(db_path, "DELETE FROM events WHERE game_id = ? AND seq = 2", (row["id"],))
    found = audit(db_path)
    assert any(f"game {row['id']}: event numbers [1, 3" in v for v in found), found


async def test_small_fault_soak_on_postgresql(pg_url: str, monkeypatch) -> None:
    """tests/bot/test_faults_soak.py's soak on PostgreSQL: cancelled commands (a statement
    cut off mid-flight), Discord errors and restarts keep every invariant there too."""
    monkeypatch.setenv("BRADE_RENDER_WORKERS", "0")
    args = parse(["--commands", "200", "--slots", "4", "--restart-every", "60",
                  "--seed", "5"])
    report = await Soak(args, pg_url).run()
    assert report.commands == 200 and report.restarts >= 2
    assert "cancel" in report.faults, report.faults
    assert report.violations == [], report.violations


def test_placeholders_numbered_for_postgresql() -> None:
    assert to_postgres("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == \
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    assert to_postgres("SELECT 1") == "SELECT 1"


def test_games_and_turns_split_evenly() -> None:
    for total, parts in ((200, 2), (201, 2), (7, 3), (5, 5)):
        shares = [share(total, parts, k) for k in range(parts)]
        assert sum(shares) == total and max(shares) - min(shares) <= 1


def _phase(started: float, ended: float, turns: list[float], sent: list[float]) -> Phase:
    return Phase("saturated", 0.0, len(turns), latencies=[0.1 * (i + 1) for i in range(len(sent))],
                 sent=sent, done=len(turns), counted=len(turns), seconds=ended - started,
                 loop_cpu=1.0, process_cpu=1.0, started=started, ended=ended,
                 turn_times=turns)


def test_processes_combined_over_their_common_window() -> None:
    # process 0 plays 10.0–14.0, process 1 11.0–15.0: the common window is 11.0–14.0
    a = _phase(10.0, 14.0, [10.5, 11.5, 12.5, 13.5], sent=[10.2, 11.2, 13.9])
    b = _phase(11.0, 15.0, [11.5, 12.0, 14.5, 14.9], sent=[11.1, 14.5])
    lines, rate = combined([a, b], [3, 3], Sampler(None))
    assert rate == pytest.approx(5 / 3)
    # turns in 11–14: 3 of process 0, 2 of process 1 → 5 in 3 s
    assert "5 turns in the common 3.0 s = 1.7 turns/s" in lines[0], lines[0]
    assert "process 0 1.0, process 1 0.7" in lines[0]
    # plays sent in the window: 11.2 and 13.9 of process 0, 11.1 of process 1
    assert "(3 plays)" in lines[0]
    assert lines[-1].startswith("target saturated: ≥ 50 turns/s: MISSED (1.7)")
    apart, none = combined([_phase(0.0, 1.0, [0.5], [0.1]), _phase(2.0, 3.0, [2.5], [2.1])],
                           [1, 1], Sampler(None))
    assert apart == ["saturated: the processes' phases did not overlap (no common window)"]
    assert none == 0.0


def test_several_processes_need_postgresql(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["bot_load.py", "--processes", "2", "--games", "4"])
    with pytest.raises(SystemExit) as stop:
        bot_load.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs PostgreSQL" in err
