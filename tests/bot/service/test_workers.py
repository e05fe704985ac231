"""Ending a pool of worker processes (bot/service/workers.py): an idle worker exits of
itself, a busy one is terminated once the grace is over, so the bot's stop (SIGTERM)
stays within Docker's grace period."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.service.workers import end_pool, started


def _pid() -> int:
    return os.getpid()


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def _pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))


def test_an_idle_worker_exits_of_itself() -> None:
    pool = _pool()
    pool.submit(_pid).result(60)  # started and idle
    (process,) = pool._processes.values()  # type: ignore[attr-defined]
    end_pool(pool, grace=30)
    assert not process.is_alive() and process.exitcode == 0  # not terminated


def test_a_busy_worker_is_terminated_after_the_grace() -> None:
    pool = _pool()
    pool.submit(_pid).result(60)
    job = pool.submit(_sleep, 60)
    time.sleep(0.2)  # it has started
    (process,) = pool._processes.values()  # type: ignore[attr-defined]
    start = time.monotonic()
    end_pool(pool, grace=0.3)
    assert time.monotonic() - start < 5
    assert not process.is_alive() and process.exitcode != 0
    assert job.done() or job.cancelled() or not process.is_alive()


def _ignores_interrupts() -> bool:
    import signal

    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def _noted(path: str, word: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(word)


def test_a_started_worker_leaves_ctrl_c_to_the_bot(tmp_path: Path) -> None:
    """A terminal's Ctrl+C reaches the workers too; they ignore it (the bot ends them),
    and the initializer they were given still runs."""
    note = tmp_path / "ran"
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=started, initargs=(_noted, str(note), "warm"))
    try:
        assert pool.submit(_ignores_interrupts).result(60)
        assert note.read_text(encoding="utf-8") == "warm"
    finally:
        end_pool(pool, grace=30)


def _frozen() -> int:
    import gc

    return gc.get_freeze_count()


def _warm_up() -> None:
    global _WARM  # what a worker's warm-up keeps for its life: a table, a font
    _WARM = [[n] for n in range(1000)]


_WARM: list[list[int]] = []


def test_a_started_worker_sets_its_warm_start_aside_from_the_collector() -> None:
    """Once warm, what the worker's start made (its imports and what its warm-up keeps)
    is set aside from the garbage collector (bot/service/heap.py): a worker started
    without the initializer has nothing set aside."""
    warmed = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                 initializer=started, initargs=(_warm_up,))
    bare = _pool()
    try:
        assert warmed.submit(_frozen).result(60) > 1000  # the imports and the warm-up's
        assert bare.submit(_frozen).result(60) == 0
    finally:
        end_pool(warmed, grace=30)
        end_pool(bare, grace=30)
