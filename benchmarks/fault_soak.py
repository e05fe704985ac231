"""Fault soak: many games played to the end in SimCord while faults are injected at random.

    python benchmarks/fault_soak.py [--commands 20000] [--slots 12] [--restart-every 300]
                                    [--seed 1] [--render-workers 1] [--db FILE|pg|URL]

Players in ``--slots`` channels (two members each, or one member against the computer)
send the next sensible command of their game (``/brade new``, the accept button,
``/brade roll``, ``/brade move``, now and then ``/brade show``); a finished game is
followed by a new one in its channel.  Before a command, a fault may be injected:

``http429`` / ``http500`` / ``http403``
    Discord refuses the next REST call of the bot (interaction response, follow-up, edit
    or channel message).
``cancel``
    The command's task is cancelled after a random number of event-loop steps: anywhere
    in the command, database statements in flight included.
``ai``
    The computer's next choice fails (its worker died).
``render_kill``
    A board worker process that is serving boards is killed (``SIGKILL``); the bot
    draws in threads from then on, until the next restart starts a new worker.
``restart``
    Every ``--restart-every`` commands (±50 %) the bot is replaced by a new one on the
    same database file (SimCord cancels whatever the old one still had running).

After every command the driver remembers each game's committed event log (through a
connection of its own).  At the end it checks, and prints as violations: (SQLite)
``PRAGMA integrity_check``, every stored state against the replay of its event log and
the ratings applied once (``benchmarks/invariants.py``), that no event log the driver once saw committed has lost
or changed an entry (no turn lost), that the bot never said "nothing was changed" about
a command that changed the game, and that every game is finished or goes on (a computer
turn that was owed is played on the next command).  Target: 0 violations.

After every command, and for every channel at the end, it also checks the message
policy against the channel's messages as SimCord holds them
(``invariants.check_live_buttons``): the active game has exactly one message with live
buttons, its newest board, and a player to roll finds the Roll button there.  A game a
fault touched is exempt from then on: a refused edit leaves an older board's buttons
on (best effort, README), and a refused post leaves the board a turn behind until
``/brade show``; what it shows there is printed, not counted.

``--db pg`` (a throwaway PostgreSQL server) or a ``postgresql://`` URL runs the same soak
on PostgreSQL.  Everything runs in one process (the bot, simulated Discord and this
driver); the figures are counts, not speeds.  Board workers are real processes (``--render-workers``) so one
can be killed.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import hashlib
import json
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from benchmarks.bot_load import database, emit_click, emit_slash  # noqa: E402
from benchmarks.invariants import audit, check_live_buttons, connect, posted  # noqa: E402
from bot.client import BradeBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.i18n import t  # noqa: E402
from bot.service.ai import ThreadAgent  # noqa: E402
from engine.game import Game  # noqa: E402

INTERNAL = (t("err.internal", "en"), t("err.internal", "sv"))
HTTP_PATHS = ("/webhooks/*", "/interactions/*", "/channels/*/messages*")
WEEK = 7 * 86400.0
INVOKERS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_interaction")


class FlakyAgent(ThreadAgent):
    """The computer opponent, whose next ``fail_next`` choices fail."""

    def __init__(self) -> None:
        self.fail_next = 0

    async def choose(self, *args: Any, **kwargs: Any) -> str:
        if self.fail_next > 0:
            self.fail_next -= 1
            raise RuntimeError("injected: the AI worker died")
        return await super().choose(*args, **kwargs)


@dataclass
class Slot:
    """One channel and who plays there (``b`` None: against the computer)."""

    channel: Any
    a: Any
    b: Any | None


@dataclass
class Report:
    commands: int = 0
    faults: collections.Counter[str] = field(default_factory=collections.Counter)
    restarts: int = 0
    games: int = 0
    finished: int = 0
    violations: list[str] = field(default_factory=list)
    bot_errors: collections.Counter[str] = field(default_factory=collections.Counter)
    said: collections.Counter[str] = field(default_factory=collections.Counter)
    buttons_checked: int = 0  # message-policy checks of a game no fault touched
    buttons_games: set[int] = field(default_factory=set)
    #: departures from it in games a fault touched: game → (the first fault, what was seen)
    after_faults: dict[int, tuple[str, str]] = field(default_factory=dict)

    def _after_faults(self) -> str:
        kinds = collections.Counter(kind for kind, _ in self.after_faults.values())
        return ", ".join(f"{n} after {k}" for k, n in kinds.most_common())

    def lines(self, seconds: float) -> list[str]:
        faults = ", ".join(f"{k} {v}" for k, v in sorted(self.faults.items())) or "none"
        errors = ", ".join(f"{k} {v}" for k, v in self.bot_errors.most_common()) or "none"
        said = ", ".join(f"{k} {v}" for k, v in sorted(self.said.items()))
        return [f"commands {self.commands:,} in {seconds:.0f} s",
                f"faults injected {sum(self.faults.values()):,}: {faults}",
                f"restarts {self.restarts}",
                f"games {self.games} started, {self.finished} finished, "
                f"{self.games - self.finished} still going (resumable)",
                f"answers after faults: {said or 'none'}",
                f"unhandled bot exceptions: {errors}",
                f"live buttons (one message per active game, its newest board): checked "
                f"{self.buttons_checked:,} times in {len(self.buttons_games)} games no "
                f"fault touched"
                + (f"; after a fault (best effort, not counted) it departs in "
                   f"{len(self.after_faults)} games ({self._after_faults()}), e.g. "
                   f"{next(iter(self.after_faults.values()))[1]}" if self.after_faults else ""),
                f"invariant violations {len(self.violations)}",
                *[f"  - {v}" for v in self.violations[:20]]]


class Reader:
    """The driver's own connection: it sees only committed state (SQLite or PostgreSQL)."""

    def __init__(self, db: str | Path) -> None:
        self.conn = connect(db)

    def latest(self, channel_id: int) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT id, version, status, white_id, black_id, state FROM games "
            "WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)).fetchone()
        if row is None:
            return None
        gid, version, status, white, black, state = row
        st = json.loads(state) if state else {}
        game = Game.from_json(st["game"]) if st.get("game") else None
        return {"id": gid, "version": version, "status": status, "white": white,
                "black": black, "game": game}

    def logs(self) -> dict[int, tuple[int, str]]:
        """Each game's (number of events, digest of them)."""
        out: dict[int, list[str]] = collections.defaultdict(list)
        for gid, data in self.conn.execute("SELECT game_id, data FROM events "
                                           "ORDER BY game_id, seq"):
            out[gid].append(data)
        return {g: (len(d), _digest(d)) for g, d in out.items()}

    def prefix(self, gid: int, n: int) -> str:
        rows = self.conn.execute("SELECT data FROM events WHERE game_id = ? ORDER BY seq "
                                 "LIMIT ?", (gid, n)).fetchall()
        return _digest([r[0] for r in rows]) if len(rows) == n else "missing"

    def close(self) -> None:
        self.conn.close()


def _digest(items: list[str]) -> str:
    return hashlib.sha1("\x1e".join(items).encode()).hexdigest()


class Soak:
    def __init__(self, args: argparse.Namespace, db: str | Path) -> None:
        self.args = args
        self.db = db
        self.rng = random.Random(args.seed)
        self.agent = FlakyAgent()
        self.report = Report()
        self.seen: dict[int, tuple[int, str]] = {}  # game -> committed log once seen
        self.seeds = random.Random(args.seed * 7919)
        self.touched: dict[int, str] = {}  # game → the first fault (or failure) to touch it

    def new_bot(self) -> BradeBot:
        return BradeBot(db_path=self.db, agent=self.agent, shards=((0,), 1),
                        seed_source=lambda: self.seeds.getrandbits(62),
                        settings=replace(Settings.from_env(), check_every=3600))

    async def run(self) -> Report:
        args = self.args
        self.bot = self.new_bot()
        env = simcord.Env(self.bot, settle_timeout=120.0, check_errors=False)
        self.env = env
        await env.start()
        reader = Reader(self.db)
        try:
            guild = env.create_guild()
            slots = []
            for i in range(args.slots):
                ch = guild.create_text_channel(f"spel-{i}")
                a = guild.add_member(env.create_user(f"a{i}"))
                b = guild.add_member(env.create_user(f"b{i}")) if i % 4 else None
                slots.append(Slot(ch, a, b))
            # kill9.py's rounds: each process's SimCord starts its clock afresh, so the
            # channels and members get the ids of earlier rounds (the games go on there),
            # and the messages would too; Discord never hands out a message id twice
            env.backend.advance_clock(args.round * WEEK)
            next_restart = self._restart_gap()
            while self.report.commands < args.commands:
                slot = self.rng.choice(slots)
                await self.step(slot, reader)
                self.report.commands += 1
                self.remember(reader)
                next_restart -= 1
                if next_restart <= 0:
                    await self.restart()
                    next_restart = self._restart_gap()
                if args.progress and self.report.commands % args.progress == 0:
                    print(f"  … {self.report.commands:,} commands, "
                          f"{self.report.restarts} restarts, live buttons checked "
                          f"{self.report.buttons_checked:,}", flush=True)
            await env.settle()
            for slot in slots:
                self.check_buttons(slot, reader.latest(slot.channel.id))
            # Every game goes on: a computer turn still owed is played on the next command.
            for slot in slots:
                row = reader.latest(slot.channel.id)
                if row and row["status"] == "active" and self._computer_to_play(row):
                    await slot.a.slash(slot.channel, "brade show")
                    row = reader.latest(slot.channel.id)
                    if self._computer_to_play(row):
                        self.report.violations.append(
                            f"game {row['id']}: the computer's turn was not resumed")
            self.report.bot_errors.update(type(e).__name__ for e in env.errors)
        finally:
            await env.shutdown()
            await self.bot.release()
            reader.close()
        self.check_end()
        return self.report

    def _restart_gap(self) -> int:
        n = self.args.restart_every
        return self.rng.randint(max(1, n // 2), max(1, n + n // 2))

    @staticmethod
    def _computer_to_play(row: dict[str, Any]) -> bool:
        game = row["game"]
        if game is None or game.is_over:
            return False
        mover = row["white"] if game.turn.value == "white" else row["black"]
        return mover == 0

    async def restart(self) -> None:
        old = self.bot
        self.bot = self.new_bot()
        await self.env.restart_bot(self.bot)
        await old.release()
        self.report.restarts += 1
        self.report.faults["restart"] += 1

    def remember(self, reader: Reader) -> None:
        """The committed logs now: later they may grow, never shrink or change."""
        for gid, (n, digest) in reader.logs().items():
            old = self.seen.get(gid)
            if old is not None and n < old[0]:
                self.report.violations.append(f"game {gid}: its log shrank from {old[0]} "
                                              f"to {n} events")
            self.seen[gid] = (n, digest)

    def check_buttons(self, slot: Slot, row: dict[str, Any] | None) -> None:
        """The message policy for the channel's game, against SimCord's messages."""
        if row is None or row["status"] != "active":
            return
        found = check_live_buttons(
            row, posted(self.env.backend.messages.get(slot.channel.id, {}).values()))
        if row["id"] in self.touched:
            if found:
                self.report.after_faults.setdefault(row["id"], (self.touched[row["id"]],
                                                                found[0]))
            return
        self.report.buttons_checked += 1
        self.report.buttons_games.add(row["id"])
        self.report.violations += found
        if self.args.say_violations:  # kill9.py reads them before it kills the process
            for v in found:
                print(f"  ! {v}", flush=True)

    def check_end(self) -> None:
        reader = Reader(self.db)
        try:
            for gid, (n, digest) in self.seen.items():
                if reader.prefix(gid, n) != digest:
                    self.report.violations.append(f"game {gid}: events committed earlier "
                                                  "are lost or changed")
            done = reader.conn.execute("SELECT COUNT(*) FROM games WHERE status = 'over'")
            self.report.finished = done.fetchone()[0]
            self.report.games = reader.conn.execute(
                "SELECT COUNT(*) FROM games WHERE status != 'declined'").fetchone()[0]
        finally:
            reader.close()
        self.report.violations += audit(self.db)

    # -- one command ---------------------------------------------------------------------

    def plan(self, slot: Slot, row: dict[str, Any] | None
             ) -> tuple[Any, str, dict[str, Any], str | None]:
        """(actor, command or "click", options, custom id) for the game's next step."""
        if row is None or row["status"] in ("over", "aborted", "declined"):
            opts: dict[str, Any] = {"opponent": slot.b} if slot.b else {"level": "nybörjare"}
            return slot.a, "brade new", opts, None
        by_id = {slot.a.id: slot.a, **({slot.b.id: slot.b} if slot.b else {})}
        if row["status"] == "offered":
            cid = f"brade:accept:{row['id']}:{row['version']}:"
            return by_id.get(row["black"], slot.a), "click", {}, cid
        game = row["game"]
        mover_id = row["white"] if game.turn.value == "white" else row["black"]
        if mover_id == 0 or self.rng.random() < 0.03:
            return slot.a, "brade show", {}, None  # the computer owes a turn: any command
        mover = by_id[mover_id]
        if game.phase == "roll":
            owed = bool(game.history[game.turn].onedie_owed)
            return mover, "brade roll", {"one_die": True} if owed else {}, None
        legal = game.legal_turns
        pick = legal[self.rng.randrange(min(3, len(legal)))].text
        return mover, "brade move", {"play": pick}, None

    async def step(self, slot: Slot, reader: Reader) -> None:
        rng, report = self.rng, self.report
        row = reader.latest(slot.channel.id)
        actor, command, opts, cid = self.plan(slot, row)
        fault = None
        r = rng.random() if self.args.faults else 1.0
        if r < 0.07:
            fault = rng.choice(("http429", "http500", "http403"))
            self.env.inject_error("*", rng.choice(HTTP_PATHS), status=int(fault[4:]),
                                  times=1, message="injected fault")
        elif r < 0.11:
            fault = "cancel"
        elif r < 0.13 and slot.b is None:
            fault = "ai"
            self.agent.fail_next = 1
        elif r < 0.133:
            renderer = getattr(self.bot, "renderer", None)
            pids = sorted(getattr(renderer, "pids", ()) or ())
            if pids and not getattr(renderer, "broken", True):  # a worker serving boards
                try:
                    os.kill(rng.choice(pids), signal.SIGKILL)
                    fault = "render_kill"
                except ProcessLookupError:
                    pass
        if fault:
            report.faults[fault] += 1
        before = row["version"] if row else -1
        said: list[str] | None
        if fault == "cancel":
            await self.cancelled(actor, slot, command, opts, cid)
            said = []
        else:
            said = await self.send(actor, slot, command, opts, cid)
        self.env.backend.faults.clear()  # an injected fault nobody hit does not linger
        self.agent.fail_next = 0
        after = reader.latest(slot.channel.id)
        if fault or said is None:  # a fault, or a command the driver saw fail
            for r in (row, after):
                if r is not None:
                    self.touched.setdefault(r["id"], fault or "a failed command")
        self.check_buttons(slot, after)
        said = said or []
        changed = after is not None and (row is None or after["id"] != row["id"]
                                         or after["version"] != before)
        if fault:
            for key in ("err.unposted", "err.computer_later", "err.internal"):
                if any(t(key, "en") in s for s in said):
                    report.said[key.removeprefix("err.")] += 1
        if changed and row is not None and after["id"] == row["id"] and \
                any(x in s for s in said for x in INTERNAL):
            report.violations.append(
                f"game {row['id']}: the bot said nothing was changed after {command}, but "
                f"version {before} became {after['version']}")

    async def send(self, actor: Any, slot: Slot, command: str, opts: dict[str, Any],
                   cid: str | None) -> list[str] | None:
        """What the bot answered (None: the command failed in the harness)."""
        try:
            if command == "click":
                message = self._message_with(slot.channel, cid)
                if message is None:  # posted before a restart of Discord itself: withdraw
                    result = await slot.a.slash(slot.channel, "brade abort")
                else:
                    result = await actor.click(message, custom_id=cid)
            else:
                result = await actor.slash(slot.channel, command, **opts)
        except (simcord.SetupError, simcord.BackendError, TimeoutError, AssertionError) as e:
            self.report.bot_errors[f"driver:{type(e).__name__}"] += 1
            return None
        answers = [result.response, *result.followups]
        return [a.content or "" for a in answers if a is not None]

    async def cancelled(self, actor: Any, slot: Slot, command: str, opts: dict[str, Any],
                        cid: str | None) -> None:
        """Send the command and cancel it after a random number of event-loop steps."""
        before = asyncio.all_tasks()
        if command == "click":
            message = self._message_with(slot.channel, cid)
            if message is None:
                return
            emit_click(self.env, actor, slot.channel.id, message.id, cid or "")
        else:
            emit_slash(self.env, actor, slot.channel, command, opts)
        for _ in range(self.rng.randint(0, 40)):
            await asyncio.sleep(0)
            mine = [tk for tk in asyncio.all_tasks() - before
                    if not tk.done() and tk.get_name().startswith(INVOKERS)]
            if mine and self.rng.random() < 0.15:
                break
        for task in asyncio.all_tasks() - before:
            if not task.done() and task.get_name().startswith(INVOKERS):
                task.cancel()
        await self.env.settle()

    def _message_with(self, channel: Any, cid: str | None) -> Any:
        from simcord.results import to_discord_message

        stored = sorted(self.env.backend.messages.get(channel.id, {}).values(),
                        key=lambda m: m.id)
        for m in reversed(stored[-12:]):
            msg = to_discord_message(self.env, m)
            for row in msg.components:
                for child in getattr(row, "children", []):
                    if getattr(child, "custom_id", None) == cid:
                        return msg
        return None


async def soak(args: argparse.Namespace) -> Report:
    if args.db is not None:
        async with database(args.db, 1) as db:
            print(db.about, flush=True)
            return await Soak(args, db.target).run()
    with tempfile.TemporaryDirectory(prefix="brade-soak-") as tmp:
        return await Soak(args, Path(tmp) / "brade.sqlite3").run()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--commands", type=int, default=20000)
    p.add_argument("--slots", type=int, default=12)
    p.add_argument("--restart-every", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--render-workers", type=int, default=1)
    p.add_argument("--progress", type=int, default=0, help="print a line every N commands")
    p.add_argument("--no-faults", dest="faults", action="store_false",
                   help="inject nothing (benchmarks/kill9.py's load)")
    p.add_argument("--db", default=None,
                   help="a SQLite file (default: a new temporary one), `pg` (a throwaway "
                        "PostgreSQL server) or a postgresql:// URL")
    p.add_argument("--round", type=int, default=0,
                   help="benchmarks/kill9.py's round: SimCord's messages get ids that no "
                        "earlier round's process handed out")
    p.add_argument("--say-violations", action="store_true",
                   help="print each message-policy violation as it is found (kill9.py)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    os.environ["BRADE_RENDER_WORKERS"] = str(args.render_workers)
    start = time.monotonic()
    load = os.getloadavg()[0]
    report = asyncio.run(soak(args))
    print(f"fault soak (seed {args.seed}, {args.slots} channels, load average {load:.2f} → "
          f"{os.getloadavg()[0]:.2f}):")
    for line in report.lines(time.monotonic() - start):
        print("  " + line)
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
