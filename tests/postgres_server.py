"""A real PostgreSQL server for the tests, started by the test session itself.

The store's guarantees (one transaction per command, version checks, events numbered
without gaps, ratings applied once) are promises about a real database's concurrency, so
the PostgreSQL half of the suite runs against a real server, never a mock.  A developer
should not have to run one: the first test that asks for a database starts a throwaway
cluster (``initdb`` into a temporary directory, a free port on 127.0.0.1) from the
binaries of Debian's ``postgresql`` package, and the session stops and deletes it at
exit.  ``initdb`` and ``postgres`` refuse to run as root, so as root the cluster runs as
the ``postgres`` user the package creates.

``BRADE_TEST_PG=postgresql://user:password@host:port/db`` (a role that may create
databases) uses that server instead and drops the databases it made at exit.

pytest-postgresql was considered: its process fixture starts the server as the current
user, which as root (CI here) initdb refuses, and it needs psycopg beside asyncpg.  What
is left to do by hand is small: find the binaries, initdb, start, create databases.
"""

from __future__ import annotations

import asyncio
import atexit
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

ENV = "BRADE_TEST_PG"
PASSWORD = "brade-test"  # scram auth on TCP, so a wrong password is refused for real
INSTALL_HINT = (
    "these tests need PostgreSQL: install the server (Debian/Ubuntu: "
    "`apt-get install postgresql`, as .ci/run does) or set BRADE_TEST_PG="
    "postgresql://user:password@host:port/db to a server where that role may create databases")

T = TypeVar("T")


class NoPostgres(RuntimeError):
    """Neither PostgreSQL binaries nor ``BRADE_TEST_PG``: says how to get one."""


def run_async(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to its end on a private event loop in a private thread.

    Test helpers are synchronous and are called from inside the test's running loop,
    where ``asyncio.run`` is refused; a thread of their own has no loop yet.
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def query(url: str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Rows of one statement (``$1`` placeholders) on ``url``, from synchronous code."""
    import asyncpg

    async def go() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(url, timeout=10)
        try:
            return [tuple(r) for r in await conn.fetch(sql, *params)]
        finally:
            await conn.close()

    return run_async(go)


def _bindir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` live: pg_config's answer, Debian's versioned
    directory (the newest), or the PATH."""
    found = shutil.which("pg_config")
    if found:
        try:
            out = subprocess.run([found, "--bindir"], capture_output=True, text=True,
                                 timeout=10, check=True).stdout.strip()
            if (Path(out) / "initdb").exists():
                return Path(out)
        except (OSError, subprocess.SubprocessError):
            pass
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                      else 0)
    if versions:
        return versions[-1].parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _scratch() -> str | None:
    """Where the cluster's files go: memory (``/dev/shm``) when there is room.

    Nothing is meant to survive (fsync is off), and on this project's machine the disk is
    mounted with ``discard``: deleting a suite's worth of databases from it took minutes
    after the tests had ended, and a test making files there waited on the disk."""
    shm = Path("/dev/shm")
    try:
        if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 2**31:
            return str(shm)
    except OSError:
        pass
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One throwaway cluster: ``start()``, ``admin_url``, ``stop()``.

    ``durable=False`` (the tests) turns off fsync and synchronous commit: a test database
    never outlives a crash, and a commit that waits for the disk costs milliseconds the
    suite would pay thousands of times.  Benchmarks pass ``durable=True`` so the server
    runs with PostgreSQL's defaults, as a real one would.
    """

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.dir: Path | None = None
        self.port = 0
        self.admin_url = ""
        self._bin: Path | None = None
        self._user: str | None = None

    def _run(self, *args: str, timeout: float = 120) -> None:
        assert self._bin is not None
        cmd = [str(self._bin / args[0]), *args[1:]]
        kw: dict[str, Any] = {}
        if self._user is not None:
            kw["user"] = self._user
            kw["group"] = pwd.getpwnam(self._user).pw_gid
            kw["extra_groups"] = []
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env,
                              cwd="/", check=False, **kw)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): "
                               f"{(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> Server:
        self._bin = _bindir()
        if self._bin is None:
            raise NoPostgres(INSTALL_HINT)
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise NoPostgres("running as root, PostgreSQL must run as another user, and "
                                 "there is no `postgres` user; " + INSTALL_HINT) from None
            self._user = "postgres"
        self.dir = Path(tempfile.mkdtemp(prefix="brade-pg-", dir=_scratch()))
        data, pwfile = self.dir / "data", self.dir / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            for p in (self.dir, pwfile):
                os.chown(p, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(data), "-U", "postgres", "--no-locale", "-E", "UTF8",
                  "--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={pwfile}")
        self.port = _free_port()
        options = [f"-p {self.port}", f"-k {self.dir}", "-c listen_addresses=127.0.0.1",
                   "-c max_connections=200"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off",
                        "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(data), "-l", str(self.dir / "server.log"), "-w",
                  "-t", "60", "-o", " ".join(options), "start")
        self.admin_url = f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/postgres"
        return self

    def stop(self) -> None:
        if self.dir is None:
            return
        try:
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop",
                      timeout=60)
        except (RuntimeError, OSError, subprocess.SubprocessError):
            pass
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None


_lock = threading.Lock()
_server: Server | None = None
_admin: str | None = None
_made: list[str] = []
_finished: list[str] = []
_names = itertools.count(1)


def admin_url() -> str:
    """The admin URL of this session's server, starting it the first time."""
    global _server, _admin
    with _lock:
        if _admin is None:
            external = os.environ.get(ENV, "").strip()
            if external:
                _admin = external
            else:
                _server = Server().start()
                atexit.register(_server.stop)
                _admin = _server.admin_url
            atexit.register(_drop_made)
        return _admin


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def new_database(template: str | None = None) -> str:
    """The URL of a new database on the session's server: empty, or a copy of the
    database named ``template`` (which must have no open connections)."""
    admin = admin_url()
    _drop_finished(admin)
    name = f"brade_test_{os.getpid()}_{next(_names)}"
    copy = f' TEMPLATE "{template}"' if template else ""
    query(admin, f'CREATE DATABASE "{name}"{copy}')
    if _server is None:
        _made.append(name)
    return _with_database(admin, name)


def _drop_made() -> None:
    """Drop what this session created on an external server (the throwaway one is
    deleted whole)."""
    if not _made or _admin is None:
        return
    for name in _made:
        try:
            query(_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        except Exception:  # the server may be gone already; nothing else to do
            pass


def release(url: str) -> None:
    """A test is done with ``url``'s database: it is dropped when the next one is made.

    Not at once: the test's bots close their connection pools after its fixtures end."""
    _finished.append(urlsplit(url).path.lstrip("/"))


def _drop_finished(admin: str) -> None:
    """Drop the databases of finished tests, so a whole suite does not keep hundreds."""
    while _finished:
        name = _finished.pop()
        try:
            query(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        except Exception:  # still in use by something that outlived its test: keep it
            continue
        if name in _made:
            _made.remove(name)
