"""The worker pool both the board workers and the listing worker compose
(bot/service/worker_pool.py): a job runs in a warmed worker process and its CPU is
counted; without workers, before they are up and once closed, jobs run in threads."""

from __future__ import annotations

import os

from bot.service.worker_pool import WorkerPool


def _warm() -> None:
    """A warm-up with nothing to warm."""


def _spin(n: int) -> tuple[int, int]:
    """Some CPU in the worker, and whose worker it was."""
    return sum(i * i for i in range(n)), os.getpid()


async def test_a_job_runs_in_a_worker_and_its_cpu_is_counted() -> None:
    with WorkerPool(1, _warm, "test") as pool:
        assert not pool.ready
        pool.start()
        await pool.wait_ready()
        assert pool.ready and len(pool.pids) == 1
        total, pid = await pool.run(_spin, 200_000)
        assert total == sum(i * i for i in range(200_000))
        assert pid in pool.pids and pid != os.getpid()
        assert pool.done == 1 and pool.cpu > 0
    assert pool.closed
    assert (await pool.run(_spin, 10))[1] == os.getpid()  # closed: a thread here
    assert pool.done == 1


async def test_no_workers_runs_jobs_in_threads() -> None:
    pool = WorkerPool(0, _warm, "test").start()
    assert not pool.ready
    assert (await pool.run(_spin, 10))[1] == os.getpid()
    assert pool.done == 0 and pool.cpu == 0.0 and not pool.pids
    pool.close()
