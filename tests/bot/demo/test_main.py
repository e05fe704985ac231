"""``python -m bot demo`` as a visitor runs it: the address printed, the page answering,
a game begun, and Ctrl+C or SIGTERM ending it with nothing left running (its worker
processes, its temporary database); without SimCord's preview, one line saying what to
install."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from asyncio.subprocess import Process
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.demo import main as demo_main
from tests.bot.demo.helpers import PageClient

ROOT = Path(__file__).resolve().parents[3]


def demo_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    return {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT),
            "HOME": str(tmp_path), "TMPDIR": str(temp), **extra}


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (Linux's /proc)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        try:
            tasks = list(Path(f"/proc/{todo.pop()}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                continue
            found.update(kids)
            todo.extend(kids)
    return {p for p in found if alive(p)}


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] != "Z"
    except OSError:
        return False


@contextlib.asynccontextmanager
async def demo_process(tmp_path: Path, *args: str) -> AsyncIterator[Process]:
    """``python -m bot demo --port 0`` running, in its own process group, so that a
    failed test kills all of it."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "demo", "--port", "0", *args,
        cwd=ROOT, env=demo_env(tmp_path, BRADE_RENDER_WORKERS="1"),
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True)
    try:
        yield proc
    finally:
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()


async def nothing_outlives_it(tmp_path: Path, workers: set[int]) -> None:
    """The demo's worker processes end with it, and its temporary database goes."""
    deadline = time.monotonic() + 10
    while (left := {p for p in workers if alive(p)}) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not left, "processes outlived the demo"
    assert list((tmp_path / "tmp").iterdir()) == [], "the temporary database is removed"


async def first_taps(url: str) -> None:
    """/brade new against the computer, then taps until a play is confirmed (the
    computer's worker has answered by then)."""
    async with aiohttp.ClientSession() as session:
        client = PageClient(session, url)
        await client.open()
        await client.command("brade new")
        for _ in range(30):
            if (found := client.control("brade:roll:") or client.control("brade:pick:")
                    or client.control("brade:ok:")) is not None:
                await client.click(found)
                if found[1]["custom_id"].startswith("brade:ok:"):
                    return
            elif (menu := client.control("brademenu:")) is not None:
                await client.select(menu, menu[1]["options"][0]["value"])
        raise AssertionError("no play confirmed")


@pytest.mark.parametrize(("how", "play"), [(signal.SIGTERM, True), (signal.SIGINT, False)],
                         ids=["sigterm", "ctrl-c"])
async def test_it_serves_and_ends_with_nothing_left_running(
        tmp_path: Path, how: signal.Signals, play: bool) -> None:
    async with demo_process(tmp_path, "--lang", "sv") as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode()
        assert first.startswith("brade demo: open http://127.0.0.1:"), first
        url = first.split("open ", 1)[1].strip()
        databases = list((tmp_path / "tmp").glob("brade-demo-*/brade.sqlite3"))
        assert len(databases) == 1
        if play:
            await asyncio.wait_for(first_taps(url), 180)
            with sqlite3.connect(databases[0]) as conn:
                kinds = [k for k, in conn.execute(
                    "SELECT kind FROM events WHERE actor_id = 0 ORDER BY seq")]
            assert "play" in kinds or "roll" in kinds  # the computer has played
        workers = descendants(proc.pid)
        assert len(workers) >= 2  # the board and listing workers (and the computer's)
        proc.send_signal(how)
        rc = await asyncio.wait_for(proc.wait(), 60)
    out = (await asyncio.wait_for(proc.stdout.read(), 30)).decode()
    err = (await asyncio.wait_for(proc.stderr.read(), 30)).decode()
    assert rc == 0, err
    assert out.rstrip().endswith("brade demo: closing")
    assert "Traceback" not in err, err
    await nothing_outlives_it(tmp_path, workers)


def test_without_the_extra_one_line_says_what_to_install(tmp_path: Path) -> None:
    """SimCord's preview missing (PyAV, here): one line, no traceback, exit 2."""
    code = ("import sys, runpy; sys.modules['av'] = None; sys.argv = ['bot', 'demo']; "
            "runpy.run_module('bot', run_name='__main__', alter_sys=True)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=demo_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("brade: the demo needs SimCord's preview (av missing)")
    assert lines[0].endswith('pip install ".[demo]"')


def test_an_old_simcord_counts_as_missing(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(demo_main.importlib.metadata, "version", lambda name: "3.1.9")
    assert demo_main.main(["--lang", "sv"]) == 2
    assert capsys.readouterr().err == ("brade: the demo needs SimCord's preview (simcord "
                                       '3.1.9 is older than 3.2.1): pip install ".[demo]"\n')


@pytest.mark.parametrize("argv", [["--lang", "de"], ["--port", "70000"], ["--view", "moon"],
                                  ["extra"]])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        demo_main.arguments(argv)
    assert stop.value.code == 2
    assert "usage: python -m bot demo" in capsys.readouterr().err


def test_the_arguments() -> None:
    args = demo_main.arguments(["--port", "8044", "--lang", "sv", "--db", "x.sqlite3",
                                "--view", "dm"])
    assert (args.port, args.lang, args.db, args.view) == (8044, "sv", Path("x.sqlite3"), "dm")
    args = demo_main.arguments([])
    assert (args.port, args.lang, args.db, args.view) == (0, "en", None, "channel")


def test_a_database_that_cannot_be_used_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-database.sqlite3"
    bad.write_bytes(b"this is not SQLite" * 100)
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "--db", str(bad)], cwd=ROOT,
                          env=demo_env(tmp_path, BRADE_RENDER_WORKERS="0"),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("brade: cannot use the database")



async def test_a_second_sigterm_while_closing_leaves_nothing_behind(tmp_path: Path) -> None:
    """GNU ``timeout`` signals the process and then its group, so the demo can hear
    SIGTERM twice.  The second, heard while it closes, lets the close finish: it used
    to cancel it, which ended in a traceback or, with the store's connection thread
    left waiting, in a process that never ended."""
    async with demo_process(tmp_path) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode()
        assert first.startswith("brade demo: open http://127.0.0.1:"), first
        workers = descendants(proc.pid)
        proc.send_signal(signal.SIGTERM)
        while b"closing" not in await asyncio.wait_for(proc.stdout.readline(), 60):
            pass
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        rc = await asyncio.wait_for(proc.wait(), 60)
    err = (await asyncio.wait_for(proc.stderr.read(), 30)).decode()
    assert rc == 0, err
    assert "Traceback" not in err, err
    await nothing_outlives_it(tmp_path, workers)
