"""Worker processes that run blocking work off the event loop: the one pool machinery
that the board workers (``bot/service/pictures.py``) and the play picker's listing worker
(``bot/service/listing.py``) each compose, with their own warm-up.

The workers are spawned, not forked (a fork would copy the bot's event loop, sockets and
threads), each runs ``warm_up`` at start so its caches are ready before the first member
waits, and ``close`` ends them within a moment (bot/service/workers.py): nothing is left
running.  Until they are ready, in a pool of no workers (``BRADE_RENDER_WORKERS=0``, the
tests), after one died and once closed, jobs run in a thread; the results are the same
either way, the jobs being pure functions.  What a worker runs must cross a process
boundary: a top-level function and picklable arguments.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, Self, TypeVar

from bot.service.workers import end_pool, started

log = logging.getLogger(__name__)
T = TypeVar("T")


def _ready() -> int:
    """Run in each worker once its initializer has warmed it: proves it is up."""
    return os.getpid()


def _timed(job: Callable[[], T]) -> tuple[T, float]:
    """``job()`` and the CPU seconds it took in the worker (which the loop's own clock
    cannot see): the load benchmark charges them to the turns."""
    start = time.process_time()
    result = job()
    return result, time.process_time() - start


class WorkerPool:
    """``workers`` processes, each warmed by ``warm_up`` (a top-level function); ``run``
    falls back to a thread until they are up.  ``with`` closes it."""

    def __init__(self, workers: int, warm_up: Callable[[], None], name: str) -> None:
        self.workers = workers
        self.warm_up = warm_up
        self.name = name  # what the log calls its workers ("render", "listing")
        self.closed = False
        self._pool: ProcessPoolExecutor | None = None
        self._pending = 0  # workers not yet warm
        self.broken = False
        self.done = 0  # jobs the workers ran (the rest went to threads)
        self.cpu = 0.0  # CPU seconds the workers spent on them
        self.pids: set[int] = set()
        self._probes: list[Future[int]] = []

    @property
    def ready(self) -> bool:
        return self._pool is not None and self._pending == 0

    def start(self) -> Self:
        """Spawn the workers without waiting for them (each takes a second or two to
        import and warm up); ``wait_ready`` waits.  Once only: a pool started before, or
        closed, stays as it is."""
        if self.workers <= 0 or self._pool is not None or self.closed:
            return self
        self._pool = ProcessPoolExecutor(self.workers,
                                         mp_context=multiprocessing.get_context("spawn"),
                                         initializer=started, initargs=(self.warm_up,))
        # The executor spawns a worker per submitted job while none is idle, so one
        # probe per worker starts them all now rather than at the first job.
        self._pending = self.workers
        try:
            self._probes = [self._pool.submit(_ready) for _ in range(self.workers)]
        except Exception:  # no processes on this host: threads it is
            log.exception("could not start %s workers; running in threads", self.name)
            self.close()
            return self
        for probe in self._probes:
            probe.add_done_callback(self._warm)
        return self

    def _warm(self, probe: Future[int]) -> None:
        # runs on the executor's manager thread: only plain assignments here
        if probe.cancelled() or self.closed:
            pass  # closed while warming up: the worker was ended, it did not fail
        elif probe.exception() is not None:
            self.broken = True
            log.error("%s worker failed to start; running in threads", self.name,
                      exc_info=probe.exception())
        else:
            self.pids.add(probe.result())
        self._pending -= 1

    async def wait_ready(self) -> None:
        if self._pool is not None:
            await asyncio.gather(*(asyncio.wrap_future(p) for p in self._probes),
                                 return_exceptions=True)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (a thread until they are up, or after one
        died): ``fn`` a top-level function, the arguments picklable."""
        job = functools.partial(fn, *args, **kwargs)
        pool = self._pool
        if pool is None or self._pending or self.broken:
            return await asyncio.to_thread(job)
        try:
            result, cpu = await asyncio.get_running_loop().run_in_executor(
                pool, _timed, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): keep serving
            log.exception("%s worker died; running in threads from now on", self.name)
            self.broken = True
            return await asyncio.to_thread(job)
        self.done += 1
        self.cpu += cpu
        return result

    def close(self) -> None:
        """Stop the workers and wait for them to exit (queued jobs are cancelled, one
        being run is finished), at most a moment: a worker still busy then (warming up
        on a loaded host) is terminated, so the bot stops in time (bot/service/
        workers.py).  Jobs asked for afterwards run in threads."""
        self.closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            end_pool(pool)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
