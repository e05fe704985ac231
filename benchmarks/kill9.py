"""``kill -9`` under load, then restart: nothing committed is lost, nothing is half-done.

    python benchmarks/kill9.py [--rounds 6] [--min 3] [--max 9] [--slots 12] [--seed 1]
                               [--db FILE|pg|postgresql://…]

Each round starts a bot process (``benchmarks/fault_soak.py --no-faults``: games in
SimCord against the real bot and a real database, commands back to back), lets it play
for a random few seconds and kills it with ``SIGKILL`` in the middle of whatever it was
doing.  Then, on the database the dead process left:

* (SQLite) ``PRAGMA integrity_check`` is ok, and every game's stored state equals the
  replay of its event log, numbered 1..n without a gap (``benchmarks/invariants.py``: a
  turn applied twice or half-saved shows);
* ratings were applied once: each member's count of rated games is the number of
  applied games naming them;
* every event committed before an earlier kill is still there, unchanged (nothing lost);
* the next round's bot opens the same database and the games go on (its commands are
  counted).

While a round's bot plays, the message policy is checked after every command against its
simulated Discord's messages (``invariants.check_live_buttons``: every active game has
exactly one message with live buttons, its newest board); the bot process prints what
it finds as it goes, so the kill does not take it along.  Each process has a SimCord of
its own (a simulated Discord dies with the process that runs it), so a game that goes on
after a kill is checked from its first board in the new process: the old process's
messages, and whatever the kill left on them, are not there to see.

``--db``: unset, a new SQLite file; ``pg``, a fresh database on a throwaway PostgreSQL
server started for the run (with the server's durable defaults); a ``postgresql://``
URL, that database; a path, that SQLite file.  On PostgreSQL the kill drops the bot's
connections mid-transaction, and the server must roll back whatever they had not
committed.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.invariants import audit, connect  # noqa: E402


def logs(db: str | Path) -> dict[int, list[str]]:
    conn = connect(db)
    try:
        out: dict[int, list[str]] = {}
        for gid, data in conn.execute("SELECT game_id, data FROM events ORDER BY game_id, seq"):
            out.setdefault(gid, []).append(data)
        return out
    finally:
        conn.close()


def rated(db: str | Path) -> int:
    """Results applied to the ratings so far (the once-only check has something to see)."""
    conn = connect(db)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM rated_games").fetchone()[0])
    finally:
        conn.close()


def digest(items: list[str]) -> str:
    return hashlib.sha1("\x1e".join(items).encode()).hexdigest()


def child(db: str, seed: int, slots: int, round_: int = 0) -> None:
    """The bot process of one round: the fault soak's load without faults, on ``db``, until
    it is killed; it prints the message-policy violations it finds as it goes."""
    from benchmarks.fault_soak import Soak, parse

    args = parse(["--no-faults", "--commands", "1000000000", "--slots", str(slots),
                  "--restart-every", "1000000000", "--seed", str(seed), "--progress", "20",
                  "--round", str(round_), "--say-violations"])
    asyncio.run(Soak(args, db if "://" in db else Path(db)).run())


def play_then_kill(db: str, logdir: Path, seconds: float, seed: int, slots: int,
                   round_: int = 0) -> tuple[int, int, int, list[str]]:
    """One bot process on ``db``, killed with SIGKILL ``seconds`` after its first command;
    (commands it reported (to the last 20), its exit signal, the message-policy checks
    it reported and the violations it printed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRADE_RENDER_WORKERS": "0",
           "BRADE_KILL9_DB": db}
    err = (logdir / "bot.err").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-c",
         "import os; from benchmarks.kill9 import child; "
         f"child(os.environ['BRADE_KILL9_DB'], {seed}, {slots}, {round_})"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    commands = checked = 0
    said: list[str] = []
    deadline: float | None = None
    give_up = time.monotonic() + 120
    os.set_blocking(proc.stdout.fileno(), False)
    while proc.poll() is None and time.monotonic() < give_up:
        line = proc.stdout.readline()
        if line.startswith("  …"):
            commands = int(line.split()[1].replace(",", ""))
            checked = int(line.rsplit(" ", 1)[1].replace(",", ""))
            if deadline is None:
                deadline = time.monotonic() + seconds
        elif line.startswith("  ! ") and line.endswith("\n"):  # whole lines only
            said.append(line[4:].strip())
        if deadline is not None and time.monotonic() >= deadline:
            break
        if not line:
            time.sleep(0.02)
    ended_alone = proc.poll() is not None
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    err.close()
    if ended_alone:
        tail = (logdir / "bot.err").read_text().strip().splitlines()[-3:]
        raise RuntimeError(f"the bot process ended by itself ({proc.returncode}): "
                           + " | ".join(tail))
    return commands, -proc.returncode, checked, said


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--min", type=float, default=3.0, help="shortest life of a bot, seconds")
    p.add_argument("--max", type=float, default=9.0, help="longest life of a bot, seconds")
    p.add_argument("--slots", type=int, default=12)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", default=None,
                   help="a SQLite file (default: a new temporary one), `pg` (a throwaway "
                        "PostgreSQL server) or a postgresql:// URL")
    args = p.parse_args(argv)
    return asyncio.run(soak(args))


async def soak(args: argparse.Namespace) -> int:
    from benchmarks.bot_load import database

    rng = random.Random(args.seed)
    violations: list[str] = []
    total = 0
    load = os.getloadavg()[0]
    async with database(args.db, 1) as db:
        print(db.about, flush=True)
        logdir = Path(tempfile.mkdtemp(prefix="brade-kill9-"))
        seen: dict[int, str] = {}
        seen_n: dict[int, int] = {}
        for n in range(1, args.rounds + 1):
            life = rng.uniform(args.min, args.max)
            try:
                commands, sig, checked, said = await asyncio.to_thread(
                    play_then_kill, db.target, logdir, life, args.seed + n, args.slots, n)
            except RuntimeError as e:
                violations.append(f"round {n}: {e}")
                print(f"round {n}: {e}", flush=True)
                continue
            total += commands
            found = said + await asyncio.to_thread(audit, db.target)
            now = await asyncio.to_thread(logs, db.target)
            for gid, d in seen.items():
                if digest(now.get(gid, [])[: seen_n[gid]]) != d:
                    found.append(f"game {gid}: events committed before an earlier kill "
                                 "are lost or changed")
            seen = {gid: digest(items) for gid, items in now.items()}
            seen_n = {gid: len(items) for gid, items in now.items()}
            games = len(now)
            turns = sum(1 for items in now.values() for e in items
                        if json.loads(e).get("type") in ("play", "forfeit"))
            results = await asyncio.to_thread(rated, db.target)
            print(f"round {n}: killed (signal {sig}) after {life:.1f} s and {commands:,} "
                  f"commands; {games} games, {turns:,} turns, {results} rated results on "
                  f"file; {len(found)} violations ({len(said)} of the message policy in "
                  f"{checked:,} checks while it played)", flush=True)
            violations += [f"round {n}: {v}" for v in found]
        shutil.rmtree(logdir, ignore_errors=True)
    kind = "PostgreSQL" if "PostgreSQL" in db.about else "SQLite"
    print(f"kill -9: {args.rounds} rounds on {kind}, {total:,} commands, load average "
          f"{load:.2f} → {os.getloadavg()[0]:.2f}; invariant violations {len(violations)}")
    for v in violations[:20]:
        print("  - " + v)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
