"""Ending a pool of worker processes quickly: the bot's stop (SIGTERM, issue 46) must be
over within Docker's grace period, whatever its workers are doing.

``ProcessPoolExecutor.shutdown(wait=True)`` waits for every worker to finish its job,
and a worker still warming up (importing, drawing a first board: seconds on a busy host)
finishes that first.  ``end_pool`` gives the workers ``grace`` seconds to exit of
themselves (a board being drawn is finished), then terminates those still running: a
picture or a computer's search cut short is never posted, and a computer's turn left
owed is played after the restart (``GameService.owed_computer_turns``).
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from bot.service.heap import freeze_startup

#: Seconds a pool's workers get to exit of themselves before they are terminated.
GRACE = 0.25


def started(then: Callable[..., None], *args: object) -> None:
    """A worker's initializer: it leaves Ctrl+C to the bot, then runs ``then(*args)``.

    A terminal's Ctrl+C reaches every process of its group, the workers too; the bot
    ends its pools itself (``end_pool``), so a worker that also took the interrupt would
    only print a traceback from the middle of waiting for a job.  Once warm, what the
    worker's start made is set aside from the garbage collector (``bot/service/heap.py``):
    it lives as long as the worker, and every full collection would walk it again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    then(*args)
    freeze_startup()


def end_pool(pool: ProcessPoolExecutor, grace: float = GRACE) -> None:
    """Shut ``pool`` down (queued jobs cancelled) and make sure its processes, and the
    executor's manager thread that joins them, have ended within about ``grace``
    seconds (plus one to reap a terminated one)."""
    # The executor keeps its processes and manager thread in private attributes, and
    # forgets them in ``shutdown``; without them (another Python) the shutdown is all
    # there is.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(grace)  # it tells every worker to exit, and joins them
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(1)
    if manager is not None:
        manager.join(1)
