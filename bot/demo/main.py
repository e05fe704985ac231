"""``python -m bot demo``: start the world, serve the page, print where, run until told.

It prints the address first (one line, ``brade demo: open http://127.0.0.1:…``), then
what the page cannot show and how to reach it.  Ctrl+C, SIGTERM or ``quit`` end it:
the page closes, the bot is detached, every worker process is shut down and the
temporary database removed, in that order; a failure on the way does the same.  Without
SimCord's preview installed it says in one line what to install (exit 2).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import importlib.util
import logging
import os
import signal
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import ConfigError, Settings

if TYPE_CHECKING:  # imported when run: without the extra, the one line says what to install
    from bot.demo.console import Console
    from bot.demo.world import World

EXIT_CONFIG, EXIT_DATABASE = 2, 3
#: What the page needs beyond the bot's own dependencies (SimCord's ``preview`` extra).
NEEDED = ("simcord", "markdown_it", "linkify_it", "regex", "av")
SIMCORD = (3, 2, 1)
INSTALL = 'pip install ".[demo]"'


def fail(text: str) -> None:
    print(f"brade: {text}", file=sys.stderr, flush=True)


def missing_extra() -> str | None:
    """What is missing for the demo, in a few words; None when all is there."""
    gone = [m for m in NEEDED if not _found(m)]
    if gone:
        return f"{', '.join(gone)} missing"
    version = importlib.metadata.version("simcord")
    numbers = tuple(int(p) for p in version.split(".")[:3] if p.isdigit())
    return None if numbers >= SIMCORD else f"simcord {version} is older than 3.2.1"


def _found(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module blocked or broken counts as missing
        return False


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        description="The real bot in a local, simulated Discord, shown in your browser. "
                    f"Needs {INSTALL}.")
    parser.add_argument("--port", type=int, default=0,
                        help="the page's port on 127.0.0.1 (default: any free one)")
    parser.add_argument("--lang", choices=("sv", "en"), default="en",
                        help="the server's language (default en)")
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help="keep the games in this SQLite file (default: a temporary "
                             "one, removed at exit)")
    parser.add_argument("--view", choices=("channel", "member", "dm"), default="channel",
                        help="what the page opens on: the channel as you (default), the "
                             "channel as the other member, or your direct messages "
                             "with the bot")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be between 0 and 65535")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(sys.argv[2:] if argv is None else argv)
    missing = missing_extra()
    if missing is not None:
        fail(f"the demo needs SimCord's preview ({missing}): {INSTALL}")
        return EXIT_CONFIG
    try:
        settings = Settings.from_env()
    except ConfigError as e:
        fail(str(e))
        return EXIT_CONFIG
    logging.basicConfig(level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py's notes on voice support and intents say nothing about this bot
    logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        return asyncio.run(run(args, settings))
    except KeyboardInterrupt:  # a second Ctrl+C while closing
        return 130


def say(text: str) -> None:
    print(text, flush=True)


async def run(args: argparse.Namespace, settings: Settings) -> int:
    from simcord.backend.errors import SetupError

    from bot.demo.console import HELP, Console
    from bot.demo.page import Page, places
    from bot.demo.world import running_world
    from bot.store import StoreError

    started = time.monotonic()
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop() -> None:
        # Asked again while closing (a second Ctrl+C, or GNU ``timeout``, which signals
        # the process and then its group): the close goes on.  Cutting it short would
        # leave the store's connection thread waiting, and the process with it.
        if stopping.is_set():
            say("brade demo: still closing, a moment")
        stopping.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop)
    async with AsyncExitStack() as made:
        if args.db is None:
            folder = made.enter_context(tempfile.TemporaryDirectory(prefix="brade-demo-"))
            db: Path = Path(folder) / "brade.sqlite3"
        else:
            db = args.db
        try:
            world = await made.enter_async_context(running_world(db, args.lang,
                                                                 settings=settings))
        except StoreError as e:
            fail(f"cannot use the {e}")
            return EXIT_DATABASE
        page = await made.enter_async_context(Page(world, args.port))
        first = {"channel": world.you, "member": world.members[1]}.get(args.view)
        place = places(world)[0] if args.view != "dm" else next(
            p for p in places(world) if p.channel.guild is None)
        try:
            await page.open(place, first)
        except SetupError as e:
            fail(f"cannot serve the page on port {args.port} ({e}); choose another with "
                 "--port")
            return EXIT_CONFIG
        say(f"brade demo: open {page.url}")
        say(started_lines(world, db if args.db else None, time.monotonic() - started))
        console = Console(page, say, stop)
        reading = read_console(console)
        say(f"  {HELP}" if reading else "  (no terminal input: Ctrl+C or SIGTERM ends it)")
        await stopping.wait()
        if reading:
            loop.remove_reader(sys.stdin.fileno())
        say("brade demo: closing")
    return 0


def started_lines(world: World, kept: Path | None, took: float) -> str:
    others = " and ".join(m.user.global_name or m.name for m in world.members[1:])
    lines = [
        f"  Ready in {took:.1f} s. In the page, type /brade new and send it to play the "
        f"computer, or pick {others} as opponent and switch \"Viewing as\" to them to "
        "accept and play their side. Try /brade problem, /brade games, /brade settings, "
        "/brade help, /tournament create, /league create.",
        "  The page shows one channel: a tournament's matches and a league's boards are "
        "played in threads and some notes come by direct message, so open those from "
        "here (places).",
        "  SimCord's clock does not run by itself: reminders and expiries wait until you "
        "move it on from here (+6h).",
        f"  Games are kept in {kept}." if kept else
        "  Games live in a temporary database, removed at exit (--db FILE keeps them).",
    ]
    return "\n".join(lines)


def read_console(console: Console) -> bool:
    """Feed typed lines to ``console`` without a thread (SimCord waits for the bot's
    threads); False where standard input is not a terminal or pipe."""
    loop = asyncio.get_running_loop()
    fd = sys.stdin.fileno() if sys.stdin is not None else -1
    pending: list[asyncio.Task[None]] = []
    buffer = bytearray()

    def readable() -> None:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            loop.remove_reader(fd)
            return
        buffer.extend(chunk)
        while b"\n" in buffer:
            line, _, rest = bytes(buffer).partition(b"\n")
            buffer[:] = rest
            if pending and not pending[-1].done():
                console.say("  (busy: one moment)")
                continue
            pending[:] = [loop.create_task(console.handle(line.decode(errors="replace")))]

    try:
        loop.add_reader(fd, readable)
    except (OSError, ValueError, PermissionError):
        return False
    return True
