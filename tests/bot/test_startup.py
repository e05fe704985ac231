"""``python -m bot`` start-up failures: each ends fast with one clear line and an exit code.

Every case runs the real entry point in a subprocess with a hard timeout, so a start-up
that hangs (an aiosqlite thread left running kept the process alive after a bad file)
fails the test instead of hanging the run.  The database is checked before Discord is
contacted, so these cases need no network; the Discord cases point discord.py at a local
address (refused, or a tiny server answering 401) or at a name that cannot resolve.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from bot.config import Config, ConfigError

ROOT = Path(__file__).resolve().parents[2]


def run_bot(env: dict[str, str], *, api: str | None = None, cwd: Path | None = None,
            bound_by_modes: bool = False, gateway: str | None = None,
            ) -> tuple[int, list[str], float]:
    """``python -m bot`` (optionally with discord.py's API base moved to ``api`` and its
    gateway to ``gateway``; with ``bound_by_modes``, unable to override a file's mode
    even when run as root)."""
    if api is None:
        argv = [sys.executable, "-m", "bot"]
    else:  # the same entry point, after pointing discord.py somewhere harmless
        moved = ("import yarl, discord.gateway as g; "
                 f"g.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({gateway!r}); "
                 if gateway else "")
        argv = [sys.executable, "-c",
                "import runpy, discord.http as h; "
                f"h.Route.BASE = {api!r}; {moved}"
                "runpy.run_module('bot', run_name='__main__', alter_sys=True)"]
    full = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT),
            "HOME": str(cwd or ROOT), **env}

    if bound_by_modes:
        argv = [*bound_by_file_modes(), *argv]
    start = time.monotonic()
    done = subprocess.run(argv, env=full, cwd=cwd or ROOT, capture_output=True, text=True,
                          timeout=30)
    took = time.monotonic() - start
    return done.returncode, done.stderr.strip().splitlines(), took


def assert_one_line(result: tuple[int, list[str], float], code: int, *words: str) -> str:
    rc, lines, _ = result
    assert rc == code, (rc, lines)
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith("brade: ")
    for w in words:
        assert w in line, (w, line)
    return line


def good_db(path: Path) -> Path:
    """A real, migrated database (the bot made it)."""
    import asyncio

    from bot.store import Store

    async def make() -> None:
        store = await Store.open(path)
        await store.close()

    asyncio.run(make())
    return path


#: The capabilities that let root read, write and enter files whatever their modes say.
OVERRIDES = "-dac_override,-dac_read_search,-fowner"


def bound_by_file_modes() -> list[str]:
    """The prefix that starts a child bound by file modes as any user is: nothing for a
    user who is not root; for root, ``setpriv`` dropping the capabilities that override
    them (the child stays root, so it still reads the checkout and the interpreter
    wherever they are, root's private home or a ``chmod 700`` folder included).

    A file or directory the test makes is owned by the test's user, so its owner bits
    decide, as for the bot's own user in production: a ``0444`` file is read-only to the
    child and a ``0555`` directory takes no new file.  Skips, naming the folder, where
    root cannot run so (no ``setpriv``, a container that may not drop capabilities, or a
    checkout owned by another user that root reads only through the override).
    """
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux): cannot drop root's "
                    "permission override, so no file is read-only to the bot")
    prefix = [setpriv, f"--inh-caps={OVERRIDES}", f"--bounding-set={OVERRIDES}"]
    probe = subprocess.run([*prefix, sys.executable, "-c", "import bot"], cwd=ROOT,
                           env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)},
                           capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        why = (probe.stderr.strip().splitlines() or ["no message"])[-1]
        pytest.skip(f"root without its permission override cannot start the bot from "
                    f"{ROOT} with {sys.executable} ({why}): the checkout or the "
                    f"interpreter is readable only through the override")
    return prefix


@pytest.fixture
def modes_restored(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path``, with every mode made writable again at the end so it can be
    removed by a user who is not root."""
    try:
        yield tmp_path
    finally:
        for p in [tmp_path, *tmp_path.rglob("*")]:
            with contextlib.suppress(OSError):
                p.chmod(0o755 if p.is_dir() else 0o644)


TOKEN = {"DISCORD_TOKEN": "not-a-real-token"}


def test_text_file(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite3"
    db.write_text("this is not a database\n" * 50)
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}), 3, str(db), "not an SQLite")


def test_truncated_database(tmp_path: Path) -> None:
    db = good_db(tmp_path / "brade.sqlite3")
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}), 3, str(db), "damaged")


def test_corrupt_database(tmp_path: Path) -> None:
    db = tmp_path / "brade.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE filler (x TEXT)")
    conn.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 2000)
    conn.commit()
    conn.close()
    good_db(db)
    data = bytearray(db.read_bytes())
    for off in range(4096 * 3, 4096 * 8, 7):  # scribble over a few b-tree pages
        data[off] = 0x55
    db.write_bytes(bytes(data))
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}), 3, str(db), "damaged")


def test_missing_directory(tmp_path: Path) -> None:
    db = tmp_path / "nowhere" / "brade.sqlite3"
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}), 3, str(db), "does not exist")


def test_a_directory_instead_of_a_file(tmp_path: Path) -> None:
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(tmp_path)}), 3, str(tmp_path),
                    "is a directory")


def test_read_only_database(modes_restored: Path) -> None:
    db = good_db(modes_restored / "brade.sqlite3")
    db.chmod(0o444)
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}, cwd=modes_restored,
                            bound_by_modes=True), 3, str(db), "read-only")


def test_directory_where_wal_files_cannot_be_created(modes_restored: Path) -> None:
    for existing in (False, True):
        d = modes_restored / f"locked{int(existing)}"
        d.mkdir()
        db = d / "brade.sqlite3"
        if existing:
            good_db(db)  # a writable file (no -wal left beside it) in a locked directory
        d.chmod(0o555)
        line = assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)}, cwd=modes_restored,
                                       bound_by_modes=True), 3, str(db))
        assert "-wal" in line


def test_bad_configuration_is_one_line() -> None:
    line = assert_one_line(run_bot({**TOKEN, "BRADE_DEV_GUILD": "²"}), 2, "BRADE_DEV_GUILD")
    assert "digits" in line
    assert_one_line(run_bot({}), 2, "DISCORD_TOKEN is not set")
    assert_one_line(run_bot({**TOKEN, "BRADE_REMIND_AFTER": "soon"}), 2, "BRADE_REMIND_AFTER")


def test_bad_render_workers_are_one_line() -> None:
    """``BRADE_RENDER_WORKERS`` goes through ``Config`` like every other setting: a value
    it cannot read stops the start (before, a word was ignored with a warning)."""
    line = assert_one_line(run_bot({**TOKEN, "BRADE_RENDER_WORKERS": "many"}), 2,
                           "BRADE_RENDER_WORKERS")
    assert "0: draw the boards in threads" in line


async def test_what_python_m_bot_makes_it_closes_after_the_bot(tmp_path: Path,
                                                                monkeypatch) -> None:
    """``run`` makes the store, the board and listing workers and the computer's agent,
    hands them to the bot and closes each once, last made first, after the bot has
    closed, also when the start fails (here Discord refusing the token)."""
    import discord

    import bot.store
    from bot.__main__ import EXIT_DISCORD, StartupLog, run
    from bot.client import BradeBot
    from bot.service.ai import ProcessAgent
    from bot.service.listing import ListPool
    from bot.service.pictures import RenderPool

    closed: list[str] = []
    handed: dict[str, object] = {}
    real_open, real_release = bot.store.open_store, BradeBot.release
    real_pool_close, real_agent_close = RenderPool.close, ProcessAgent.close
    real_list_close = ListPool.close

    async def open_store(*args, **kwargs):
        store = await real_open(*args, **kwargs)
        real_close = store.close

        async def close() -> None:
            closed.append("store")
            await real_close()
        store.close = close  # type: ignore[method-assign]
        return store

    async def start(self: BradeBot, token: str, *, reconnect: bool = True) -> None:
        handed.update(store=self.store, renderer=self.renderer, lister=self.lister,
                      agent=self.agent)
        raise discord.LoginFailure("refused")

    async def release(self: BradeBot) -> None:
        closed.append("bot")
        await real_release(self)

    def pool_close(self: RenderPool) -> None:
        closed.append(type(self).__name__)
        real_pool_close(self)

    def list_close(self: ListPool) -> None:  # a worker pool of its own, drawing nothing
        closed.append(type(self).__name__)
        real_list_close(self)

    def agent_close(self: ProcessAgent) -> None:
        closed.append("agent")
        real_agent_close(self)

    monkeypatch.setattr(bot.store, "open_store", open_store)
    monkeypatch.setattr(BradeBot, "start", start)
    monkeypatch.setattr(BradeBot, "release", release)
    monkeypatch.setattr(RenderPool, "close", pool_close)
    monkeypatch.setattr(ListPool, "close", list_close)
    monkeypatch.setattr(ProcessAgent, "close", agent_close)
    config = Config.from_env({**TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3"),
                              "BRADE_RENDER_WORKERS": "0"})
    assert await run(config, StartupLog(logging.NullHandler())) == EXIT_DISCORD
    assert isinstance(handed["agent"], ProcessAgent) and handed["store"] is not None
    assert closed == ["bot", "agent", "ListPool", "RenderPool", "store"]


def test_discord_refuses_connection(tmp_path: Path) -> None:
    env = {**TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3")}
    assert_one_line(run_bot(env, api="http://127.0.0.1:9/api/v10"), 4,
                    "cannot reach Discord")


def test_discord_name_does_not_resolve(tmp_path: Path) -> None:
    env = {**TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3")}
    assert_one_line(run_bot(env, api="https://discord.brade-test.invalid/api/v10"), 4,
                    "cannot reach Discord", "DNS")


class _Unauthorized(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_discord_rejects_the_token(tmp_path: Path) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        env = {**TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3")}
        api = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
        assert_one_line(run_bot(env, api=api), 4, "rejected the token", "DISCORD_TOKEN")
    finally:
        server.shutdown()
        server.server_close()
    # the database was checked (and created) before Discord was asked
    assert (tmp_path / "brade.sqlite3").exists()


def test_bad_database_is_reported_before_discord_is_contacted(tmp_path: Path) -> None:
    """No network and a bad file: the file is what gets reported."""
    db = tmp_path / "brade.sqlite3"
    db.write_text("garbage")
    assert_one_line(run_bot({**TOKEN, "BRADE_DB": str(db)},
                            api="http://127.0.0.1:9/api/v10"), 3, str(db))


# -- configuration: only ConfigError, whatever the environment holds ------------------------

def test_configuration_raises_only_config_error() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    names = st.sampled_from(["DISCORD_TOKEN", "BRADE_DEV_GUILD", "BRADE_LOG_LEVEL",
                             "BRADE_REMIND_AFTER", "BRADE_CLAIM_AFTER",
                             "BRADE_DEFAULT_RULES", "BRADE_DB", "BRADE_SHARDS",
                             "BRADE_RENDER_WORKERS"])
    values = st.one_of(st.text(max_size=30),
                       st.sampled_from(["²", "٣", "1e9", "-5", "0", "6h", "2d", "DEBUG",
                                        "talisman", "classic+double_six", " ", "12",
                                        "0-3/8", "9/8", "1,1/2", "0/0", "postgresql://",
                                        "postgres://u:p@h/d", "postgresql://u:p@:x/",
                                        "postgresql://[::1/db", "postgresql://h:99999/d"]),
                       st.text(max_size=20).map(lambda x: "postgresql://" + x),
                       st.text(alphabet="0123456789,-/ ", max_size=12))

    @settings(max_examples=500, deadline=None)
    @given(st.dictionaries(names, values))
    def check(env: dict[str, str]) -> None:
        try:
            Config.from_env(env)
        except ConfigError:
            pass

    check()


# -- issue 15: PostgreSQL URLs, shards, the migrate command ------------------------------------

def test_bad_shards_are_one_line() -> None:
    for bad, why in (("0-3", "malformed"), ("8/8", "does not exist"), ("1,1/4", "twice"),
                     ("0/0", "at least 1")):
        line = assert_one_line(run_bot({**TOKEN, "BRADE_SHARDS": bad}), 2, "BRADE_SHARDS",
                               why)
        assert "A-B/N" in line


def test_a_url_without_a_host_is_one_line_without_the_password() -> None:
    line = assert_one_line(run_bot({**TOKEN, "BRADE_DB": "postgresql://brade:hunter2@/brade"}),
                           2, "BRADE_DB", "names no server")
    assert "hunter2" not in line


def test_unreachable_database_server(tmp_path: Path) -> None:
    """Nothing listens on port 9: refused at once, reported as the database's fault."""
    url = "postgresql://brade:hunter2@127.0.0.1:9/brade"
    line = assert_one_line(run_bot({**TOKEN, "BRADE_DB": url},
                                   api="http://127.0.0.1:9/api/v10"), 3, "127.0.0.1")
    assert "hunter2" not in line


def _with_password(url: str, password: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[1]
    return parts._replace(netloc=f"{parts.username}:{password}@{host}").geturl()


def test_wrong_database_password(pg_url: str) -> None:
    url = _with_password(pg_url, "not-the-password")
    line = assert_one_line(run_bot({**TOKEN, "BRADE_DB": url},
                                   api="http://127.0.0.1:9/api/v10"), 3)
    assert "not-the-password" not in line and "password" in line.lower()


def test_a_good_database_url_is_opened_before_discord_is_contacted(pg_url: str) -> None:
    """The database is fine, so what fails is Discord (exit 4), and the password stays out
    of the line."""
    from urllib.parse import urlsplit

    line = assert_one_line(run_bot({**TOKEN, "BRADE_DB": pg_url},
                                   api="http://127.0.0.1:9/api/v10"), 4,
                           "cannot reach Discord")
    password = urlsplit(pg_url).password
    assert password and password not in line


def test_migrate_is_dispatched_and_unknown_arguments_refused() -> None:
    def run(*args: str) -> tuple[int, list[str], float]:
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT,
                              env={"PATH": os.environ.get("PATH", ""),
                                   "PYTHONPATH": str(ROOT), "HOME": str(ROOT)},
                              capture_output=True, text=True, timeout=30)
        return done.returncode, done.stderr.strip().splitlines(), time.monotonic() - start

    # no --from/--to: the migrate command's own usage line, not the bot's start-up
    assert_one_line(run("migrate"), 2, "migrate", "--from")
    assert_one_line(run("--frobnicate"), 2, "unknown arguments", "migrate")


class FakeDiscord:
    """Just enough of Discord for a bot to log in, sync and open a shard, which the
    gateway then closes with ``close_code`` (Discord's answer to shard settings that do not
    fit: 4010 invalid shard, 4011 sharding required); None: it holds the connection open,
    the bot started and waiting."""

    def __init__(self, close_code: int | None) -> None:
        import asyncio

        self.close_code = close_code
        self.identified: list[dict] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _serve(self) -> None:
        from aiohttp import web

        app = web.Application()
        user = {"id": "1", "username": "brade", "discriminator": "0", "avatar": None,
                "bot": True}
        application = {"id": "2", "name": "brade", "description": "", "icon": None,
                       "bot_public": True, "bot_require_code_grant": False, "owner": user,
                       "verify_key": "0" * 64, "flags": 0}

        async def gateway_bot(request: web.Request) -> web.Response:
            return json_response({"url": self.gateway, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

        async def gateway(request: web.Request) -> web.WebSocketResponse:
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45000}, "s": None,
                                "t": None})
            async for msg in ws:
                data = msg.json()
                if data.get("op") == 2:  # IDENTIFY: refuse its shard settings
                    self.identified.append(data["d"])
                    if self.close_code is None:
                        continue  # held open: the bot waits for READY
                    await ws.close(code=self.close_code, message=b"refused")
                    break
            return ws

        def json_response(body: object) -> web.Response:
            # exactly "application/json", as Discord sends it: discord.py reads any other
            # content type (aiohttp's default adds "; charset=utf-8") as plain text
            return web.Response(body=json.dumps(body).encode(),
                                headers={"Content-Type": "application/json"})

        def answer(body: object) -> Callable[[web.Request], Awaitable[web.Response]]:
            async def handler(request: web.Request) -> web.Response:
                return json_response(body)
            return handler

        app.router.add_get("/api/v10/users/@me", answer(user))
        app.router.add_get("/api/v10/oauth2/applications/@me", answer(application))
        app.router.add_put("/api/v10/applications/2/commands", answer([]))
        app.router.add_get("/api/v10/gateway/bot", gateway_bot)
        app.router.add_get("/gateway/", gateway)

        async def start() -> None:
            runner = web.AppRunner(app)
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            self.api = f"http://127.0.0.1:{port}/api/v10"
            self.gateway = f"ws://127.0.0.1:{port}/gateway/"
            self.runner = runner
            self.ready.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()

    def close(self) -> None:
        import asyncio

        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.mark.parametrize(("code", "shards", "words"), [
    (4011, "0/1", ("4011 sharding required", "BRADE_SHARDS=0/1", "Raise the count")),
    (4010, "0,1/2", ("4010 invalid shard", "BRADE_SHARDS=0,1/2")),
])
def test_shard_settings_discord_refuses_end_in_one_line(tmp_path: Path, code: int, shards: str,
                                                       words: tuple[str, ...]) -> None:
    """Well-formed shards that Discord refuses (too few for the bot's servers): the
    gateway's close code becomes one line naming BRADE_SHARDS, never a traceback."""
    discord = FakeDiscord(code)
    try:
        rc, lines, _ = run_bot({**TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3"),
                                   "BRADE_SHARDS": shards, "BRADE_RENDER_WORKERS": "0"},
                                  api=discord.api, gateway=discord.gateway)
    finally:
        discord.close()
    assert rc == 2, (rc, lines)
    assert discord.identified and discord.identified[0]["shard"][1] == int(shards[-1])
    assert not any("Traceback" in line for line in lines), lines
    # logged in, so the held start-up log was printed; the failure is the last line
    last = lines[-1]
    assert last.startswith("brade: ") and all(w in last for w in words), last


def test_a_database_not_up_yet_is_waited_for_and_the_start_goes_on(pg_url: str) -> None:
    """docker compose's first start (issue 35): the server refuses connections for a
    while; with BRADE_DB_WAIT the bot says once that it waits, opens the database when it
    comes up and goes on to Discord (unreachable here: exit 4, not the database's 3).

    The server comes up two seconds after the bot said it waits, not at a fixed time: a
    busy machine (parallel test workers) may take longer than any fixed delay to start
    the interpreter, and the bot would then never meet a refusal."""
    from tests.bot.helpers import LateServer

    late = LateServer(pg_url)
    opened: list[float] = []
    try:
        argv = [sys.executable, "-c",
                "import runpy, discord.http as h; h.Route.BASE = 'http://127.0.0.1:9/api/v10'; "
                "runpy.run_module('bot', run_name='__main__', alter_sys=True)"]
        env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "HOME": str(ROOT),
               **TOKEN, "BRADE_DB": late.url, "BRADE_DB_WAIT": "30s"}
        with subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) as bot:
            assert bot.stderr is not None
            lines = []
            for raw in bot.stderr:
                lines.append(raw.rstrip("\n"))
                if raw.startswith("brade: waiting for the database") and not opened:
                    late.open_after(2.0)
                    opened.append(time.monotonic() + 2.0)
            rc = bot.wait(timeout=60)
            ended = time.monotonic()
    finally:
        late.close()
    lines = [line for line in lines if line.strip()]
    assert rc == 4, (rc, lines)
    assert len(lines) == 2, lines
    assert lines[0].startswith("brade: waiting for the database") and "refused" in lines[0]
    assert "cannot reach Discord" in lines[1]
    assert opened and ended > opened[0], "the bot went on only once the database was up"


# -- stopping: SIGTERM (docker stop), also as a container's first process (issue 46) -----


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (the bot's board and list workers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _started_bot(tmp_path: Path, discord: FakeDiscord, *, pid_namespace: bool,
                 ) -> tuple[subprocess.Popen[str], list[str], threading.Event]:
    """``python -m bot`` logged in to ``discord`` with two board workers, optionally as
    PID 1 of a PID namespace of its own (``unshare --pid --fork``, as in a container);
    the process, the lines of its stderr so far (read by a thread) and an event set once
    it said it is ready to play."""
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           **TOKEN, "BRADE_DB": str(tmp_path / "brade.sqlite3"), "BRADE_RENDER_WORKERS": "2"}
    argv = [sys.executable, "-c",
            "import runpy, yarl, discord.http as h, discord.gateway as g; "
            f"h.Route.BASE = {discord.api!r}; "
            f"g.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({discord.gateway!r}); "
            "runpy.run_module('bot', run_name='__main__', alter_sys=True)"]
    if pid_namespace:
        argv = ["unshare", "--pid", "--fork", "--kill-child", *argv]
    proc = subprocess.Popen(argv, env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line.rstrip())
            if "ready to play" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    return proc, lines, ready


def _bot_pid(proc: subprocess.Popen[str], pid_namespace: bool) -> int:
    """The bot's own process: ``proc``, or under ``unshare --fork`` its one child."""
    if not pid_namespace:
        return proc.pid
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        kids = _children(proc.pid)
        if kids:
            return min(kids)
        time.sleep(0.05)
    raise AssertionError("unshare started no child")


def _unshare_works() -> bool:
    try:
        return subprocess.run(["unshare", "--pid", "--fork", "true"], capture_output=True,
                              timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.mark.parametrize("pid_namespace", [False, True], ids=["process", "pid1"])
def test_sigterm_stops_the_bot_cleanly_within_five_seconds(tmp_path: Path,
                                                           pid_namespace: bool) -> None:
    """``docker stop`` sends SIGTERM to the container's first process and kills it after
    10 s.  A bot logged in and playing (its board and list workers running) ends within
    5 s with exit code 0: it says it stopped after closing its database and workers, and
    no worker process is left.  As PID 1 of a PID namespace the kernel ignores a signal
    its process has no handler for, so this is the container's case."""
    if pid_namespace and not _unshare_works():
        pytest.skip("unshare --pid needs root or user namespaces here")
    discord = FakeDiscord(None)
    proc = None
    workers: set[int] = set()
    try:
        proc, lines, ready = _started_bot(tmp_path, discord, pid_namespace=pid_namespace)
        assert ready.wait(60), lines
        bot = _bot_pid(proc, pid_namespace)
        deadline = time.monotonic() + 30
        while len(workers := _children(bot)) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)  # two board workers, two list workers (and spawn's helper)
        assert len(workers) >= 4, workers
        if pid_namespace:
            nspid = next(x for x in Path(f"/proc/{bot}/status").read_text().splitlines()
                         if x.startswith("NSpid")).split()
            assert nspid[-1] == "1", nspid  # PID 1 inside its namespace
        start = time.monotonic()
        os.kill(bot, signal.SIGTERM)
        try:
            rc: int | None = proc.wait(10)
        except subprocess.TimeoutExpired:
            rc = None
        took = time.monotonic() - start
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pid in workers:  # a failed test leaves no process behind
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        discord.close()
    assert rc == 0, (rc, lines[-5:])
    assert took < 5, (took, lines[-8:])
    time.sleep(0.2)  # the last reader lines
    assert any("stopped: database closed, workers ended" in x for x in lines), lines[-5:]
    assert not any("Traceback" in x for x in lines), lines
    # once ready, start-up's objects were set aside from the collector (bot/service/heap.py)
    assert any("objects set aside from the garbage collector" in x for x in lines), lines
    assert not [pid for pid in workers if _alive(pid)], "a worker process outlived the bot"


async def test_a_stop_swallowed_once_is_repeated_while_connected() -> None:
    """Python 3.11's ``asyncio.wait_for`` (in discord.py's shard connection) can swallow
    a cancellation: the stop is repeated while the bot is connected, never once it is
    closing (which a second cancellation would cut short)."""
    import asyncio

    from bot.__main__ import Stopper

    closed: list[str] = []
    holder: dict[str, Stopper] = {}

    async def bot_running() -> int:
        stopper = holder["stopper"]
        try:
            with stopper.serving():
                try:
                    await asyncio.sleep(60)
                except asyncio.CancelledError:  # swallowed, as wait_for may
                    task = asyncio.current_task()
                    assert task is not None
                    task.uncancel()
                await asyncio.sleep(60)  # connected still: cancelled again
        finally:
            await asyncio.sleep(Stopper.RETRY * 3)  # closing: never cancelled now
            closed.append("store")
        return 0

    task = asyncio.get_running_loop().create_task(bot_running())
    holder["stopper"] = Stopper(task)
    await asyncio.sleep(0)
    start = time.monotonic()
    holder["stopper"].stop()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert closed == ["store"] and time.monotonic() - start < 5
