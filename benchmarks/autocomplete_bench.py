"""Autocomplete latency on fresh bots through SimCord (issue 13, item 5).

    python benchmarks/autocomplete_bench.py [--bots 3] [--rules talisman,puff-kontrar]
                                            [--turns 80] [--seed 1]

Each bot is new (its own database, the real process-pool AI agent not yet started), as
after a restart.  Two members start a game; on each of their turns the player to move
types into ``/brade move``'s play field twice (nothing, then the first half of the first
suggestion) and plays the first suggestion.  Printed per ruleset: the very first
autocomplete of each fresh bot (from the first keystroke of its first game) and the p50,
p99 and max over every keystroke of the games, in wall-clock ms from the interaction
leaving the (simulated) client to the choices coming back.  Target: p99 <= 300 ms, and
the first call too (Discord gives autocomplete 3 s, then shows nothing).

Run it against the old code from a worktree of the old commit (``cd /tmp/old &&
PYTHONPATH=. python /path/to/benchmarks/autocomplete_bench.py``).  SimCord, the driver
and the bot share one process and the machine may be shared: the load average is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord

from bot.client import BradeBot
from bot.config import Settings


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def _row(db: Path, channel_id: int) -> dict[str, Any]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        status, version, gid, phase = conn.execute(
            "SELECT status, version, id, json_extract(state, '$.game.phase') FROM games "
            "WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)).fetchone()
    return {"status": status, "version": version, "id": gid, "phase": phase}


def _button(env: simcord.Env, channel: Any, custom_id: str) -> Any | None:
    """The newest message carrying a button with ``custom_id`` (as tests/bot/helpers)."""
    from simcord.results import to_discord_message

    stored = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    for m in reversed(stored[-8:]):
        message = to_discord_message(env, m)
        for row in message.components:
            for child in getattr(row, "children", []):
                if getattr(child, "custom_id", None) == custom_id:
                    return message
    return None


async def one_bot(rules: str, seed: int, turns: int) -> tuple[float, list[float]]:
    """(first autocomplete ms, every autocomplete ms) for one fresh bot's game."""
    tmp = Path(tempfile.mkdtemp(prefix="ac-bench-"))
    db = tmp / "brade.sqlite3"
    seeds = iter(range(seed * 1000, seed * 1000 + 100_000))
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), shards=((0,), 1),
                   settings=Settings.from_env())
    env = simcord.Env(bot, settle_timeout=60.0)
    await env.start()
    times: list[float] = []
    try:
        guild = env.create_guild()
        ch = guild.create_text_channel("spel")
        alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
        r = await alice.slash(ch, "brade new", opponent=bob, ruleset=rules)
        accept = next(c for row in r.response.message.components for c in row.children
                      if c.custom_id.startswith("brade:accept:"))
        await bob.click(r.response, custom_id=accept.custom_id)
        players = {alice.id: alice, bob.id: bob}
        for _ in range(turns):
            row = _row(db, ch.id)
            if row["status"] != "active":
                break
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
                white, black, turn = conn.execute(
                    "SELECT white_id, black_id, json_extract(state, '$.game.position') "
                    "FROM games WHERE id = ?", (row["id"],)).fetchone()
            mover = players[white if "turn=white" in turn else black]
            if row["phase"] == "roll":
                for action in ("roll", "roll1"):
                    cid = f"brade:{action}:{row['id']}:{row['version']}:"
                    msg = _button(env, ch, cid)
                    if msg is not None:
                        await mover.click(msg, custom_id=cid)
                        break
                else:
                    break
                continue
            offered: list[str] = []
            for typed in ("", None):
                text = typed if typed is not None else (offered[0][: len(offered[0]) // 2]
                                                        if offered else "")
                t0 = time.perf_counter()
                choices = await mover.autocomplete(ch, "brade move", "play", text)
                times.append((time.perf_counter() - t0) * 1e3)
                if typed == "":
                    offered = [c["value"] for c in choices]
            if not offered:
                break
            await mover.slash(ch, "brade move", play=offered[0])
    finally:
        await env.shutdown()
        await bot.release()
    return times[0] if times else float("nan"), times


async def main_async(args: argparse.Namespace) -> None:
    print(f"autocomplete on fresh bots; load average {os.getloadavg()[0]:.2f}")
    print(f"{'ruleset':<16}{'bots':>5}{'first ms (each bot)':>34}{'calls':>7}{'p50 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}")
    for rules in args.rules.split(","):
        firsts, every = [], []
        for b in range(args.bots):
            first, times = await one_bot(rules, args.seed + b, args.turns)
            firsts.append(first)
            every += times
        shown = ", ".join(f"{x:.0f}" for x in firsts)
        print(f"{rules:<16}{args.bots:>5}{shown:>34}{len(every):>7}{statistics.median(every):>9.1f}"
              f"{pct(every, 99):>9.1f}{max(every):>9.1f}", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", type=int, default=3)
    ap.add_argument("--rules", default="talisman,puff-kontrar")
    ap.add_argument("--turns", type=int, default=80, help="game steps (rolls and plays) per bot")
    ap.add_argument("--seed", type=int, default=1)
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
