"""Computer replies and analysis waiting while one member floods ``/watch analyse`` (issue 25).

    python benchmarks/ai_fairness.py [--flood 20] [--tables 4] [--baseline 30]
        [--think 0.3] [--cap N] [--rules talisman] [--turns 120] [--seed 1]

Through SimCord, with the bot as it runs: the real AI worker process(es) of
``bot.service.ai.ProcessAgent`` and the board workers.  Members play the computer in
``--tables`` channels (the roll button, then ``/brade move`` with the first legal play,
thinking ``--think`` seconds between commands; a finished game is followed by a new one).
The finished games to analyse are put in the database through the store's own API: each
is the README's analysis example (the first gesäll-against-gesäll game of about
``--turns`` turns from ``--seed``: talisman seed 10, 121 turns), under its own two
players, so every analysis costs the same and is told apart by its players' names.

Two phases, back to back on one bot:

``baseline``
    ``--baseline`` seconds of computer games, no analyses.
``flood``
    Anna asks ``/watch analyse`` for ``--flood`` different games at once (every command
    sent without waiting for the one before); a second later Bertil asks for one.  The
    computer games go on until every request has been answered (an analysis, or a
    refusal), so the phase spans the whole queue.

First the game's analysis by itself (``alone``): through a fresh AI worker as the bot
runs it, cold and warm, and in-process as ``analysis_bench.py`` does, wall and CPU time.

Printed per phase: the *computer reply* (how long the bot waited for the AI worker's
choice in ``GameService.computer_turns``, queueing included: the ``agent.choose`` call),
and *move → board* (a member's ``/brade move`` until the board with the computer's answer
reaches SimCord), each as count, median, p90 and max; and for the flood: requests
accepted and refused, each analysis's time (from its first worker call to the picture),
Anna's first (a cold worker) and the median, Bertil's wait until his analysis started
and his whole wait.  Targets (issue 25): computer replies p90 <= 300 ms while the flood
is queued, and Bertil's analysis starts within one analysis's time.

``--cap N`` sets the bot's per-member analysis cap (``BRADE_MAX_ANALYSES_PER_MEMBER``)
for the run; it is ignored by code without one.  The measurements hook the agent's and
the spectate service's methods by name on their instances, so the same script measures
an older checkout: ``cd /tmp/old && PYTHONPATH=. python /path/to/ai_fairness.py``.

SimCord, the driver and the bot share one process and the machine may be shared: the
load average is printed with each phase.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

#: As numpy will find it when it loads (the AI workers set their own: one thread).
BLAS_THREADS = os.environ.get("OPENBLAS_NUM_THREADS") or "numpy's default, one per core"
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from benchmarks.analysis_bench import find_game  # noqa: E402
from benchmarks.bot_load import emit_click, emit_slash  # noqa: E402
from bot.client import BradeBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from engine.game import Game  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def figures(xs: list[float]) -> str:
    if not xs:
        return "none"
    return (f"n={len(xs)}, median {1000 * statistics.median(xs):.0f} ms, p90 "
            f"{1000 * pct(xs, 90):.0f} ms, max {1000 * max(xs):.0f} ms")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


TICK = os.sysconf("SC_CLK_TCK")


def ai_pids(agent: Any) -> list[int]:
    """The AI worker processes of ``agent``: every process pool it holds, directly or in
    a wrapper's ``_pool`` (the older agent had one, this one has two)."""
    from concurrent.futures import ProcessPoolExecutor

    pools = []
    for value in vars(agent).values():
        for pool in (value, getattr(value, "_pool", None)):
            if isinstance(pool, ProcessPoolExecutor):
                pools.append(pool)
    return [pid for pool in pools for pid in (getattr(pool, "_processes", None) or {})]


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU the processes have used, from /proc (Linux)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICK


@dataclass
class Phase:
    name: str
    replies: list[float] = field(default_factory=list)  # agent.choose, seconds
    boards: list[float] = field(default_factory=list)  # /brade move → board, seconds
    started: float = 0.0
    ended: float = 0.0
    load_before: str = ""
    load_after: str = ""


class Probe:
    """Hooks on the bot's own objects (by method name, so an older checkout works too)."""

    def __init__(self, bot: BradeBot) -> None:
        self.bot = bot
        self.phase: Phase | None = None
        self.analysis_start: dict[str, float] = {}  # a row's first player's name → time
        self.analysis_end: dict[int, float] = {}  # row id → picture done
        self.refused: dict[int, float] = {}  # row id → refused
        agent = bot.agent
        assert agent is not None
        self._wrap(agent, "choose", self._on_choose)
        self._wrap(agent, "analysis_turns", self._on_turns)

    @staticmethod
    def _wrap(obj: Any, name: str, hook: Callable[[float, float, tuple, Any], None]) -> None:
        real = getattr(obj, name)

        async def wrapped(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            out = await real(*args, **kwargs)
            hook(t0, time.perf_counter(), args, out)
            return out

        setattr(obj, name, wrapped)

    def _on_choose(self, t0: float, t1: float, args: tuple, out: Any) -> None:
        if self.phase is not None:
            self.phase.replies.append(t1 - t0)

    def _on_turns(self, t0: float, t1: float, args: tuple, out: Any) -> None:
        text = args[0]
        for line in text.splitlines():
            if line.startswith("[White "):
                self.analysis_start.setdefault(line.split('"')[1], t0)

    def spectate(self) -> None:
        """The cog exists once the bot has started: its service's two analysis steps."""
        service = self.bot.get_cog("Spectate").watching  # type: ignore[union-attr]
        plan = service.plan_analysis

        async def plan_analysis(ctx: Any, game_id: Any = None, *args: Any, **kwargs: Any) -> Any:
            try:
                return await plan(ctx, game_id, *args, **kwargs)
            except Exception:
                self.refused[game_id] = time.perf_counter()
                raise

        analyse = service.analyse

        async def analyse_(plan_: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return await analyse(plan_, *args, **kwargs)
            except Exception:
                self.refused[plan_.row.id] = time.perf_counter()
                raise
            finally:
                self.analysis_end.setdefault(plan_.row.id, time.perf_counter())

        service.plan_analysis = plan_analysis
        service.analyse = analyse_


class Table:
    """One member playing the computer in one channel, command by command."""

    def __init__(self, env: simcord.Env, db: Path, channel: Any, member: Any,
                 probe: Probe, think: float) -> None:
        self.env, self.db, self.channel, self.member = env, db, channel, member
        self.probe, self.think = probe, think
        self.waiting: tuple[str, float, int, int, asyncio.Future] | None = None
        self.newest = 0
        self.roll_message = 0

    def row(self) -> dict[str, Any] | None:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as conn:
            found = conn.execute("SELECT id, version, status, state FROM games WHERE "
                                 "channel_id = ? ORDER BY id DESC LIMIT 1",
                                 (self.channel.id,)).fetchone()
        if found is None:
            return None
        gid, version, status, state = found
        game = Game.from_json(json.loads(state)["game"]) if state else None
        return {"id": gid, "version": version, "status": status, "game": game}

    def seen(self, name: str, payload: dict[str, Any]) -> None:
        mid = int(payload["id"])
        if name == "MESSAGE_CREATE":
            self.newest = max(self.newest, mid)
        if payload.get("components") and "brade:roll" in json.dumps(payload["components"]):
            self.roll_message = mid
        if self.waiting is None or not payload.get("content"):
            return
        kind, t0, clicked, floor, done = self.waiting
        if int(payload.get("flags") or 0) & 64:
            if mid > floor:
                self.waiting = None
                done.set_result(("refused", payload.get("content")))
            return
        if payload.get("attachments") and (mid > floor or (kind == "roll" and mid == clicked)):
            self.waiting = None
            done.set_result((kind, time.perf_counter() - t0))

    async def step(self) -> None:
        row = self.row()
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()
        if row is None or row["status"] != "active":
            self.waiting = ("new", time.perf_counter(), 0, self.newest, done)
            emit_slash(self.env, self.member, self.channel, "brade new", {})
        elif row["game"].phase == "roll":
            game = row["game"]
            action = "roll1" if game.history[game.turn].onedie_owed else "roll"
            custom_id = f"brade:{action}:{row['id']}:{row['version']}:"
            stored = self.env.backend.messages[self.channel.id].get(self.roll_message)
            if stored is None or custom_id not in json.dumps(stored.components):
                stored = next(m for m in sorted(self.env.backend.messages[self.channel.id]
                                                .values(), key=lambda m: -m.id)
                              if custom_id in json.dumps(m.components))
            self.waiting = ("roll", time.perf_counter(), stored.id, self.newest, done)
            emit_click(self.env, self.member, self.channel.id, stored.id, custom_id)
        else:
            play = row["game"].legal_turns[0].text
            self.waiting = ("move", time.perf_counter(), 0, self.newest, done)
            emit_slash(self.env, self.member, self.channel, "brade move", {"play": play})
        kind, value = await asyncio.wait_for(done, 300)
        if kind == "refused":
            raise RuntimeError(f"refused in {self.channel.name}: {value}")
        if kind == "move" and self.probe.phase is not None:
            self.probe.phase.boards.append(value)

    async def play(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.step()
            await asyncio.sleep(self.think)


async def seed_games(bot: BradeBot, env: simcord.Env, guild: Any, channel: Any, game: Game,
                     seed: int, count: int) -> list[tuple[int, str]]:
    """``count`` finished copies of ``game``, each with two players of its own, in the
    store through its API: (row id, white's name)."""
    assert bot.store is not None
    out = []
    now = time.time()
    for i in range(count):
        white = guild.add_member(env.create_user(f"vit{i:02d}"))
        black = guild.add_member(env.create_user(f"svart{i:02d}"))
        async with bot.store.transaction() as tx:
            gid = await tx.insert_game(guild_id=guild.id, channel_id=channel.id,
                                       status="over", rules=game.rules.name,
                                       white_id=white.id, black_id=black.id, match_length=1,
                                       seed=seed, state={"game": game.to_json()}, now=now)
            await tx.append_events(gid, list(game.events), at=now, actor_id=None)
        out.append((gid, f"vit{i:02d}"))
    return out


async def alone(game: Game) -> None:
    """The example game's analysis by itself, before the bot starts: through a fresh
    ``ProcessAgent`` as the bot does it (slices of ``ANALYSIS_SLICE`` turns; cold: the
    worker process is started and loads the evaluation), again on the warm worker, and in
    this process as ``benchmarks/analysis_bench.py`` and the README measure it.  Wall
    time and CPU time of each: on a shared machine the two differ by the contention."""
    from bot.service.ai import ProcessAgent
    from bot.service.spectate import ANALYSIS_SLICE
    from engine.ai.analysis import analyse
    from engine.record import export

    text = export(game, white="Anna", black="Bertil", comments=False)
    agent = ProcessAgent()
    try:
        for label in ("cold", "warm"):
            t0, c0 = time.perf_counter(), cpu_seconds(ai_pids(agent))
            prepared = await agent.analysis_turns(text)
            assert prepared is not None
            rules, turns = prepared
            for i in range(0, len(turns), ANALYSIS_SLICE):
                await agent.analysis_part(rules, turns[i:i + ANALYSIS_SLICE])
            cpu = cpu_seconds(ai_pids(agent)) - c0
            print(f"  in the AI worker, {label}: {time.perf_counter() - t0:.1f} s wall, "
                  f"{cpu:.1f} s CPU; load average {load()}", flush=True)
    finally:
        agent.close()
    t0, c0 = time.perf_counter(), time.process_time()
    analyse(text)
    print(f"  in this process (BLAS threads: {BLAS_THREADS}): {time.perf_counter() - t0:.1f} s "
          f"wall, {time.process_time() - c0:.1f} s CPU; load average {load()}", flush=True)


async def run(args: argparse.Namespace) -> None:
    seed, game = find_game(args.rules, args.turns, args.seed)
    print(f"analysed game: {args.rules} seed {seed}, {game.turn_count} turns; load average "
          f"{load()}", flush=True)
    await alone(game)
    tmp = Path(tempfile.mkdtemp(prefix="ai-fairness-"))
    db = tmp / "brade.sqlite3"
    seeds = itertools.count(1000)
    settings = replace(Settings.from_env(), remind_after=10**9, claim_after=10**9)
    if args.cap is not None:
        settings = replace(settings, max_analyses_per_member=args.cap)
    bot = BradeBot(db_path=db, seed_source=lambda: next(seeds), shards=((0,), 1),
                   settings=settings)
    probe = Probe(bot)
    env = simcord.Env(bot, settle_timeout=120.0)
    await env.start()
    try:
        probe.spectate()
        guild = env.create_guild()
        lobby = guild.create_text_channel("lobby")
        archive = guild.create_text_channel("arkiv")
        anna, bertil = (guild.add_member(env.create_user(n)) for n in ("anna", "bertil"))
        rows = await seed_games(bot, env, guild, archive, game, seed, args.flood + 1)
        tables = []
        for i in range(args.tables):
            ch = guild.create_text_channel(f"bord{i}")
            tables.append(Table(env, db, ch, guild.add_member(env.create_user(f"spelare{i}")),
                                probe, args.think))
        by_channel = {t.channel.id: t for t in tables}
        real_emit = env.backend.emit

        def watch(name: str, payload: Any) -> Any:
            if name in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and isinstance(payload, dict):
                table = by_channel.get(int(payload.get("channel_id") or 0))
                if table is not None:
                    table.seen(name, payload)
            return real_emit(name, payload)

        env.backend.emit = watch  # type: ignore[method-assign]
        for table in tables:  # every game started, the play worker warm
            for _ in range(4):
                await table.step()

        stop = asyncio.Event()
        players = [asyncio.ensure_future(t.play(stop)) for t in tables]

        pids = ai_pids(bot.agent)
        base = Phase("baseline", load_before=load())
        probe.phase, base.started = base, time.perf_counter()
        await asyncio.sleep(args.baseline)
        base.ended, base.load_after = time.perf_counter(), load()

        flood = Phase("flood", load_before=load())
        probe.phase, flood.started = flood, time.perf_counter()
        cpu0 = cpu_seconds(pids)
        asked: dict[int, float] = {}
        for gid, _name in rows[:-1]:
            asked[gid] = time.perf_counter()
            emit_slash(env, anna, lobby, "watch analyse", {"game": gid})
        await asyncio.sleep(1.0)
        bertil_row = rows[-1][0]
        asked[bertil_row] = time.perf_counter()
        emit_slash(env, bertil, lobby, "watch analyse", {"game": bertil_row})
        deadline = time.perf_counter() + args.max_seconds
        while time.perf_counter() < deadline:
            answered = set(probe.analysis_end) | set(probe.refused)
            if all(gid in answered for gid in asked):
                break
            if any(p.done() for p in players):
                break
            await asyncio.sleep(0.2)
        flood.ended, flood.load_after = time.perf_counter(), load()
        pids = sorted(set(pids) | set(ai_pids(bot.agent)))  # the analysis worker is new
        cpu = cpu_seconds(pids) - cpu0
        probe.phase = None
        stop.set()
        await asyncio.gather(*players)

        print(f"{args.tables} members playing the computer (gesäll), think {args.think} s; "
              f"cap {'default' if args.cap is None else args.cap}")
        for phase in (base, flood):
            print(f"{phase.name}: {phase.ended - phase.started:.0f} s, load average "
                  f"{phase.load_before} -> {phase.load_after}")
            print(f"  computer reply (agent.choose): {figures(phase.replies)}")
            print(f"  move -> board:                 {figures(phase.boards)}")
        names = {name: gid for gid, name in rows}
        starts = {names[n]: t for n, t in probe.analysis_start.items() if n in names}
        done = {gid: probe.analysis_end[gid] - starts[gid] for gid in starts
                if gid in probe.analysis_end and gid not in probe.refused}
        anna_rows = [gid for gid, _ in rows[:-1]]
        accepted = [g for g in anna_rows if g in starts]
        print(f"  Anna's {args.flood} requests: {len(accepted)} analysed, "
              f"{sum(1 for g in anna_rows if g in probe.refused)} refused")
        if done:
            order = sorted(done, key=lambda g: starts[g])
            times = [done[g] for g in order]
            print(f"  analysis time (first worker call -> picture): first {times[0]:.1f} s, "
                  f"median {statistics.median(times):.1f} s, max {max(times):.1f} s "
                  f"over {len(times)}")
        if done:
            print(f"  AI worker CPU during the flood: {cpu:.1f} s for {len(done)} analyses "
                  f"and {len(flood.replies)} computer replies: about "
                  f"{cpu / len(done):.1f} s of CPU an analysis, against "
                  f"{statistics.median(done.values()):.1f} s of wall time")
        if bertil_row in starts:
            ask = asked[bertil_row]
            wait = starts[bertil_row] - ask
            whole = probe.analysis_end.get(bertil_row, float("nan")) - ask
            # the analysis he found running: he should wait for it and for nothing else
            running = [done[g] for g in done if starts[g] <= ask < starts[g] + done[g]]
            one = max(running) if running else statistics.median(done.values())
            print(f"  Bertil's analysis: started after {wait:.1f} s, answered after "
                  f"{whole:.1f} s; the analysis running when he asked took {one:.1f} s "
                  f"-> target {'met' if wait <= one else 'MISSED'}")
        else:
            print("  Bertil's analysis never started")
        p90 = pct(flood.replies, 90) if flood.replies else float("inf")
        print(f"  target computer replies p90 <= 300 ms during the flood: "
              f"{'met' if p90 <= 0.3 else 'MISSED'} ({1000 * p90:.0f} ms)")
        env.backend.emit = real_emit  # type: ignore[method-assign]
    finally:
        await env.shutdown()
        await bot.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flood", type=int, default=20)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--baseline", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=0.3)
    ap.add_argument("--cap", type=int, default=None)
    ap.add_argument("--rules", default="talisman")
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=1500.0)
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
