"""Load benchmark: many concurrent games in SimCord, turns/s and command→board latency.

    python benchmarks/bot_load.py [--games 200] [--turns 2000] [--think 0]

Every game is one channel with two members who answer as fast as the bot does: as soon as
a game's previous answer has been posted (plus ``--think`` seconds), its player to move
sends the next command (the roll button, then ``/brade move`` with the first legal play).
Commands are injected as gateway events without waiting for the bot in between, so the
bot really has up to ``--games`` interactions in flight at once.

A *turn* is one play (or one forfeited roll) that posts a board.  Latency is measured
from the command's arrival to the moment the message carrying the board reaches (the
simulated) Discord.  Note Little's law: with every game always waiting on the bot,
latency ≈ games / command rate, so a saturated run trades latency for throughput; use
``--think`` to model players who take a moment, which is what real games look like.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.enums import AppCommandType, ComponentType, InteractionType

from bot.client import BradeBot
from engine.game import Game


def emit_click(env: simcord.Env, actor: simcord.MemberActor, channel_id: int,
               message_id: int, custom_id: str) -> None:
    backend = env.backend
    stored = backend.get_message(channel_id, message_id)
    record, payload = _interactions.base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=channel_id,
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)


def emit_slash(env: simcord.Env, actor: simcord.MemberActor, channel: Any, name: str,
               options: dict[str, Any]) -> None:
    backend = env.backend
    parts = name.split()
    root = backend.find_command(parts[0], actor.guild.id, type=AppCommandType.CHAT_INPUT) \
        or backend.find_command(parts[0], None, type=AppCommandType.CHAT_INPUT)
    leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = _interactions.build_options(actor, name, leaf, options,
                                                         channel_id=channel.id)
    data: dict[str, Any] = {"id": root["id"], "name": root["name"],
                            "type": AppCommandType.CHAT_INPUT,
                            "options": _interactions.nest_options(root, nesting, leaf_options)}
    if resolved:
        data["resolved"] = resolved
    _record, payload = _interactions.base_payload(
        backend, type=InteractionType.APPLICATION_COMMAND, channel_id=channel.id,
        guild_id=actor.guild.id, user_id=actor.id, data=data)
    backend.emit("INTERACTION_CREATE", payload)


def load(db: Path, channel_id: int) -> dict[str, Any]:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT id, version, status, white_id, black_id, state FROM games "
                           "WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                           (channel_id,)).fetchone()
    finally:
        conn.close()
    gid, version, status, white, black, state = row
    game = Game.from_json(json.loads(state)["game"]) if state else None
    return {"id": gid, "version": version, "status": status, "white": white, "black": black,
            "game": game}


async def run(games: int, turns: int, think: float) -> dict[str, float]:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "load.sqlite3"
    seeds = itertools.count(1)
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), agent=None,
                   remind_after=10**9, claim_after=10**9)
    async with simcord.run(bot, settle_timeout=600.0) as env:
        guild = env.create_guild()
        tables = []
        for i in range(games):
            ch = guild.create_text_channel(f"g{i}")
            a = guild.add_member(env.create_user(f"a{i}"))
            b = guild.add_member(env.create_user(f"b{i}"))
            r = await a.slash(ch, "brade new", opponent=b)
            await b.click(r.response, label="Accept")
            tables.append((ch, {a.id: a, b.id: b}))

        # Watch what reaches "Discord": the board (or roll text) that answers a command.
        pending: dict[int, tuple[str, float]] = {}
        # Players start at random moments and think a random while (mean ``think``), as
        # people do; a synchronised start would measure one thundering herd.
        jitter = random.Random(5)
        t_start = time.perf_counter()
        ready_at: dict[int, float] = {ch.id: t_start + jitter.uniform(0, think)
                                      for ch, _ in tables}
        latencies: list[float] = []
        roll_latencies: list[float] = []
        done_turns = 0
        original_emit = env.backend.emit

        def watch(name: str, payload: Any) -> Any:
            nonlocal done_turns
            if name in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and isinstance(payload, dict):
                cid = int(payload.get("channel_id") or 0)
                if cid in pending and payload.get("content"):
                    kind, t0 = pending[cid]
                    now = time.perf_counter()
                    if payload.get("attachments"):
                        latencies.append(now - t0)
                        done_turns += 1
                        pending.pop(cid)
                        ready_at[cid] = now + jitter.uniform(0, 2 * think)
                    elif kind == "roll":
                        roll_latencies.append(now - t0)
                        pending.pop(cid)
                        ready_at[cid] = now + jitter.uniform(0, 2 * think)
            return original_emit(name, payload)

        env.backend.emit = watch  # type: ignore[method-assign]
        active = {ch.id for ch, _ in tables}
        started = time.perf_counter()
        while done_turns < turns and active:
            now = time.perf_counter()
            for ch, players in tables:
                if ch.id not in active or ch.id in pending or ready_at[ch.id] > now:
                    continue
                row = load(db, ch.id)
                if row["status"] != "active":
                    active.discard(ch.id)
                    continue
                game = row["game"]
                actor = players[row["white"] if game.turn.value == "white" else row["black"]]
                if game.phase == "roll":
                    cid = f"brade:roll:{row['id']}:{row['version']}:"
                    message = next(m for m in sorted(env.backend.messages[ch.id].values(),
                                                     key=lambda m: -m.id)
                                   if cid in json.dumps(m.components))
                    pending[ch.id] = ("roll", time.perf_counter())
                    emit_click(env, actor, ch.id, message.id, cid)
                else:
                    pending[ch.id] = ("move", time.perf_counter())
                    emit_slash(env, actor, ch, "brade move",
                               {"play": game.legal_turns[0].text})
            await asyncio.sleep(0.002)
        elapsed = time.perf_counter() - started
        await env.settle(timeout=600.0)
        env.backend.emit = original_emit  # type: ignore[method-assign]
    await bot.close()  # closes the database thread, or the process would not exit
    q = statistics.quantiles(latencies, n=100)
    rq = statistics.quantiles(roll_latencies, n=100) if len(roll_latencies) > 1 else [0.0] * 99
    return {"games": games, "turns": done_turns, "seconds": elapsed,
            "turns_per_s": done_turns / elapsed, "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000,
            "roll_p50_ms": rq[49] * 1000, "roll_p99_ms": rq[98] * 1000}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--turns", type=int, default=2000)
    ap.add_argument("--think", type=float, default=0.0,
                    help="seconds a player waits after each answer before the next command")
    args = ap.parse_args()
    r = asyncio.run(run(args.games, args.turns, args.think))
    print(f"{r['games']} concurrent games, think {args.think:g} s: {r['turns']} turns in "
          f"{r['seconds']:.1f} s = {r['turns_per_s']:.1f} turns/s; command→board latency "
          f"p50 {r['p50_ms']:.0f} ms, p99 {r['p99_ms']:.0f} ms (roll→answer p50 "
          f"{r['roll_p50_ms']:.0f} ms, p99 {r['roll_p99_ms']:.0f} ms)")


if __name__ == "__main__":
    main()
