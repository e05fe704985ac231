"""``python -m bot``: read the environment, check the database, then connect to Discord.

``python -m bot migrate --from FILE --to postgresql://…`` copies a SQLite database into
PostgreSQL instead (``bot.migrate``); ``python -m bot demo`` runs the bot in a local,
simulated Discord shown in the browser (``bot.demo``).

Start-up fails early and plainly.  The configuration is checked first, then the database
is opened and proved usable (readable, intact, writable) *before* the bot logs in, so a
bad file is reported even when Discord cannot be reached.  Each failure ends the process
within a few seconds with one line on stderr (``brade: …``) and a non-zero exit code:
2 bad configuration (``BRADE_SHARDS`` malformed, a URL without a host, a development
server ``BRADE_DEV_GUILD`` that Discord will not register commands in, ...), 3 unusable
database (a file as below, or a PostgreSQL server unreachable, refusing the password, or
not migratable), 4 Discord unreachable or the token rejected.
Log records written while starting are held back and printed once the bot has logged
in, so a failed start shows that one line rather than a page of log.  With
``BRADE_DB_WAIT`` a PostgreSQL server that is not up yet is waited for (docker compose's
first start), after one line saying so (``say``).

SIGTERM (``docker stop``, ``compose down``, systemd) stops the bot cleanly at any point:
it logs out of Discord, closes the database and ends its worker processes, then exits 0.
As a container's first process (PID 1) the bot must handle it itself, or the kernel
ignores the signal and Docker kills the bot after its grace period (issue 46).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

from bot.config import Config, ConfigError

if TYPE_CHECKING:  # imported when run: ``--help`` and bad settings answer without them
    from bot.client import BradeBot

EXIT_CONFIG, EXIT_DATABASE, EXIT_DISCORD = 2, 3, 4
HELP = """usage: python -m bot                 run the bot (settings from the environment:
                                     DISCORD_TOKEN, BRADE_DB, BRADE_SHARDS, ... see README)
       python -m bot migrate --from FILE.sqlite3 --to postgresql://user:password@host/db
                                     copy a SQLite database into PostgreSQL
       python -m bot demo [--port N] [--lang sv|en] [--db FILE] [--view channel|member|dm]
                                     try it in your browser, without Discord
                                     (pip install ".[demo]"; --help for more)"""


#: Gateway close codes that mean the shard settings do not fit this bot.
SHARD_REFUSALS = {
    4010: "Discord refused the shard settings (4010 invalid shard, BRADE_SHARDS={shards}): "
          "every id must be below the shard count, and every process must give the same "
          "count.",
    4011: "Discord requires more shards for this bot (4011 sharding required, "
          "BRADE_SHARDS={shards}): it is in too many servers for that shard count. Raise "
          "the count N in every process's BRADE_SHARDS, or leave BRADE_SHARDS unset to "
          "run one process with the count Discord recommends.",
}


def shards_text(shards: tuple[tuple[int, ...], int] | None) -> str:
    """``((0, 1, 2), 8)`` as ``0,1,2/8``; unset as ``(unset)``."""
    if shards is None:
        return "(unset)"
    ids, count = shards
    return f"{','.join(map(str, ids))}/{count}"


class StartupLog(logging.Handler):
    """Holds log records until start-up succeeds, then hands them to the real handler."""

    def __init__(self, target: logging.Handler) -> None:
        super().__init__(logging.NOTSET)
        self.target = target
        self.held: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.held.append(record)

    def started(self) -> None:
        """Start-up succeeded: print what was held and log directly from now on."""
        root = logging.getLogger()
        root.removeHandler(self)
        root.addHandler(self.target)
        for record in self.held:
            if record.levelno >= self.target.level:
                self.target.handle(record)
        self.held.clear()


def fail(text: str) -> None:
    """The one line a failed start prints."""
    print(f"brade: {' '.join(text.split())}", file=sys.stderr, flush=True)


#: A line while starting, printed at once (held log records would show it too late): the
#: database is being waited for (BRADE_DB_WAIT).
say = fail


def terminated(signum: int, frame: object) -> None:
    """SIGTERM before the event loop runs (or after): stop at once, as asked."""
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["migrate"]:
        from bot.migrate import main as migrate  # only this command needs it

        return migrate(argv[1:])
    if argv[:1] == ["demo"]:
        from bot.demo.main import main as demo  # SimCord's page, only for the demo

        return demo(argv[1:])
    if argv[:1] in (["-h"], ["--help"]):
        print(HELP)
        return 0
    if argv:
        fail(f"unknown arguments {' '.join(argv)[:80]!r}: run python -m bot (settings come "
             "from the environment), python -m bot migrate --from FILE --to URL or "
             "python -m bot demo")
        return EXIT_CONFIG
    if threading.current_thread() is threading.main_thread():  # where signals can be set
        signal.signal(signal.SIGTERM, terminated)
    try:
        config = Config.from_env()
    except ConfigError as e:
        fail(str(e))
        return EXIT_CONFIG
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    startup = StartupLog(handler)
    root = logging.getLogger()
    root.setLevel(config.log_level)
    root.addHandler(startup)
    logging.getLogger("discord.http").setLevel(max(logging.INFO, root.level))
    try:
        return asyncio.run(run(config, startup))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, or SIGTERM (``stopping``)
        return 0


class Stopper:
    """On SIGTERM the running bot stops: ``task`` (``run``) is cancelled, so that its
    ``async with`` blocks log out of Discord, close the store and end the workers on the
    way out.  Installed on the event loop (``install``): as PID 1 a signal without a
    handler of its own is ignored.

    While the bot is connected (``serving``) the cancellation is repeated every half
    second until it takes: Python 3.11's ``asyncio.wait_for``, which discord.py awaits
    while a shard connects, can swallow one (gh-86296), and the bot would then go on
    running.  Never once the bot is closing: a second cancellation then would cut the
    closing of the store or the workers short."""

    RETRY = 0.5

    def __init__(self, task: asyncio.Task[int]) -> None:
        self.task = task
        self.requested = False
        self.connected = False

    def install(self) -> None:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.stop)

    def stop(self) -> None:
        if self.requested:
            return
        self.requested = True
        logging.getLogger(__name__).info("SIGTERM: stopping")
        self.task.cancel()
        asyncio.get_running_loop().call_later(self.RETRY, self._again)

    def _again(self) -> None:
        if self.connected and not self.task.done():
            self.task.cancel()
            asyncio.get_running_loop().call_later(self.RETRY, self._again)

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        """While the bot runs connected: a stop is cancelled again until it takes."""
        self.connected = True
        try:
            yield
        finally:
            self.connected = False


async def run(config: Config, startup: StartupLog) -> int:
    from bot.client import BradeBot
    from bot.service.ai import ProcessAgent
    from bot.service.heap import freeze_startup
    from bot.service.listing import ListPool
    from bot.service.pictures import RenderPool
    from bot.store import StoreError, open_store

    def started() -> None:
        """The bot is ready: the log lines held until now are printed, and what start-up
        made is set aside from the garbage collector (bot/service/heap.py)."""
        startup.started()
        logging.getLogger(__name__).info(
            "start-up's %d objects set aside from the garbage collector", freeze_startup())

    task = asyncio.current_task()
    assert task is not None
    stopper = Stopper(task)
    stopper.install()
    try:
        store = await open_store(config.db, wait=config.db_wait, waiting=say)
    except StoreError as e:  # one line; the store never puts a password in it
        fail(f"cannot use the {e}")
        return EXIT_DATABASE
    except (OSError, TimeoutError) as e:  # a failure the store did not name: still one line
        fail(f"cannot use the database {config.db_shown}: {type(e).__name__}")
        return EXIT_DATABASE
    try:
        # What holds processes or connections is made here and closed here, last made
        # first, after the bot (``async with bot``) has closed, whatever happened; the bot
        # starts the workers once it has logged in.
        async with AsyncExitStack() as made:
            made.push_async_callback(store.close)
            workers = config.settings.render_workers
            renderer = made.enter_context(RenderPool(workers))
            lister = made.enter_context(ListPool(workers))
            agent = made.enter_context(ProcessAgent())
            bot = BradeBot(settings=config.settings, store=store, renderer=renderer,
                           lister=lister, agent=agent, db_path=config.db,
                           dev_guild=config.dev_guild, on_started=started,
                           shards=config.shards)
            # the config's repr hides the token
            logging.getLogger(__name__).info("starting with %s", config)
            return await serve(bot, config, stopper)
    except asyncio.CancelledError:  # SIGTERM (``stopping``): all closed by now
        logging.getLogger(__name__).info("stopped: database closed, workers ended")
        raise


async def serve(bot: BradeBot, config: Config, stopper: Stopper | None = None) -> int:
    """Log in and run until closed (or stopped, ``stopper``); the exit code, a failure
    told in one line."""
    import aiohttp
    import discord

    from bot.sync import SyncRefused

    try:
        async with bot:
            with stopper.serving() if stopper is not None else contextlib.nullcontext():
                await bot.start(config.token)
    except SyncRefused as e:  # the development server is misconfigured, not Discord down
        fail(str(e))
        return EXIT_CONFIG
    except discord.LoginFailure:
        fail("Discord rejected the token in DISCORD_TOKEN (401 Unauthorized). Reset it in "
             "the developer portal (Applications → your app → Bot → Reset Token).")
        return EXIT_DISCORD
    except discord.PrivilegedIntentsRequired as e:
        fail(f"Discord refused the connection: {e}")
        return EXIT_DISCORD
    except discord.ConnectionClosed as e:
        if e.code in SHARD_REFUSALS:  # the shard settings, not Discord, need fixing
            fail(SHARD_REFUSALS[e.code].format(shards=shards_text(config.shards)))
            return EXIT_CONFIG
        fail(f"Discord closed the connection of shard {e.shard_id} (code {e.code}); "
             "try again later.")
        return EXIT_DISCORD
    except (TimeoutError, aiohttp.ClientError, OSError) as e:
        fail(f"cannot reach Discord ({e or type(e).__name__}); check the network and DNS, "
             "then start again.")
        return EXIT_DISCORD
    except discord.HTTPException as e:
        fail(f"Discord answered {e.status} at start-up ({e.text or e}); try again later.")
        return EXIT_DISCORD
    return 0


if __name__ == "__main__":
    sys.exit(main())
