"""How long ``python -m bot`` takes to give up on a start it cannot make.

    python benchmarks/startup_bench.py [--runs 5]

The README promises that a failed start ends "within a few seconds" with one line on
stderr (bad configuration, an unusable database, Discord unreachable).  That is a figure
to measure on a quiet machine, not a bound a unit test can hold on a shared one (the
tests in tests/bot/test_startup.py check the line and the exit code), so it lives here:
each case is started ``--runs`` times and the median and the slowest are printed, with
the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN = {"DISCORD_TOKEN": "not-a-real-token"}
#: discord.py's REST base moved to a port where nothing listens: "cannot reach Discord".
NOWHERE = ("import runpy, discord.http as h; h.Route.BASE = 'http://127.0.0.1:9/api/v10'; "
           "runpy.run_module('bot', run_name='__main__', alter_sys=True)")


def start(env: dict[str, str], cwd: Path, *, offline: bool = False) -> tuple[int, float]:
    argv = [sys.executable, "-c", NOWHERE] if offline else [sys.executable, "-m", "bot"]
    full = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "HOME": str(cwd),
            **env}
    began = time.monotonic()
    done = subprocess.run(argv, env=full, cwd=cwd, capture_output=True, text=True,
                          timeout=120)
    return done.returncode, time.monotonic() - began


def cases(tmp: Path) -> list[tuple[str, dict[str, str], bool]]:
    text = tmp / "notes.sqlite3"
    text.write_text("this is not a database\n" * 50)
    return [
        ("bad configuration (exit 2)", {**TOKEN, "BRADE_DEV_GUILD": "x"}, False),
        ("no token (exit 2)", {}, False),
        ("a text file as the database (exit 3)", {**TOKEN, "BRADE_DB": str(text)}, False),
        ("a missing directory (exit 3)",
         {**TOKEN, "BRADE_DB": str(tmp / "nowhere" / "brade.sqlite3")}, False),
        ("no PostgreSQL server (exit 3)",
         {**TOKEN, "BRADE_DB": "postgresql://brade:pw@127.0.0.1:9/brade"}, True),
        ("Discord unreachable (exit 4)", {**TOKEN, "BRADE_DB": str(tmp / "ok.sqlite3")}, True),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs each")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for name, env, offline in cases(tmp):
            times, codes = [], set()
            for _ in range(args.runs):
                code, took = start(env, tmp, offline=offline)
                times.append(took)
                codes.add(code)
            print(f"{name:40} exit {sorted(codes)}  median {statistics.median(times):5.2f} s"
                  f"  max {max(times):5.2f} s")


if __name__ == "__main__":
    main()
