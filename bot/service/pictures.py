"""The one place the bot draws pictures, so the drawing runs off the event loop.

Every picture the bot posts is drawn here: boards, and the tournaments' brackets and
standings, the animated replays and the game reviews of ``/watch``.  They are drawn in a
small pool of worker *processes*: in a thread, the drawing would take the interpreter
lock from the event loop (and from the database thread, which needs it to hand back
every query's result) for a few milliseconds per board, seconds for a replay.  The
workers are spawned, not forked (a fork would copy the bot's event loop, sockets and
threads), import the renderer and draw one board at start so their caches are warm,
and are shut down by ``RenderPool.close``: nothing is left running.

Whoever makes a pool closes it (``python -m bot`` with ``with``; a ``BradeBot`` handed
none makes its own and closes it in ``release``), and hands it to what draws: the
delivery of replies and the services (``Services.build``).  The bot starts the workers
once it has logged in (``start``), so a start that fails spawns none.

What a worker runs must cross a process boundary: a top-level function (``render_png``,
``render.bracket.render_bracket``, ``render.replay.render_replay``…) and picklable
arguments.  A replay occupies its worker for seconds; ``/watch`` draws one replay and
one review at a time, so with two workers one is always free for the boards.

Until the workers are ready, in a pool of no workers (``BRADE_RENDER_WORKERS=0``, the
tests) and once it is closed, pictures are drawn in a thread; the bytes are the same
either way, the drawing functions being pure.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, Self, TypeVar

from bot.service.model import BoardSpec
from bot.service.workers import end_pool
from render import render_board
from render.alt_text import alt_text

log = logging.getLogger(__name__)
T = TypeVar("T")


def _board_args(spec: BoardSpec) -> dict:
    return dict(dice=spec.dice, last_turn=spec.last_turn, last_mover=spec.mover,
                dice_side=spec.dice_side or spec.mover, perspective=spec.perspective,
                lang=spec.lang,
                names=spec.names, score=spec.score, numbers=spec.numbers,
                last_dice=spec.last_dice, result=spec.result, fallback_names=spec.usernames,
                stopped=spec.stopped)


def render_png(spec: BoardSpec) -> bytes:
    """PNG bytes of ``spec``; blocking, so callers on the loop use ``RenderPool.render``."""
    return render_board(spec.position, spec.rules, theme=spec.theme, **_board_args(spec))


def describe(spec: BoardSpec) -> str:
    """The board's alt text (at most 1,024 characters, in the board's language): pass it
    as the attachment's ``description`` so a screen reader says what the picture shows."""
    return alt_text(spec.position, spec.rules, **_board_args(spec))


def warm_up_renderer() -> None:
    """Draw one board so the renderer's cached layers exist before the first player waits."""
    from engine import rules

    r = rules.get(rules.DEFAULT)
    render_png(BoardSpec(r.start(), r, dice=(5, 2)))


def default_workers() -> int:
    """Workers where ``BRADE_RENDER_WORKERS`` is unset (``Settings.render_workers`` None):
    one process per core beyond the one the event loop uses, at most two: a board costs
    ~12 ms of CPU, so one worker already draws ~80 boards a second."""
    return max(1, min(2, (os.cpu_count() or 2) - 1))


def _ready() -> int:
    """Run in each worker once its initializer has warmed it: proves it is up."""
    return os.getpid()


class RenderPool:
    """Worker processes that draw boards; ``render`` falls back to a thread until they
    are up (and after ``close``).  A subclass may warm its workers otherwise
    (``warm_up``: the play picker's lists, bot/service/listing.py).  ``with`` closes it.

    ``workers`` is ``Settings.render_workers``: None for ``default_workers``, 0 to draw
    in threads only."""

    warm_up: Callable[[], None] = staticmethod(warm_up_renderer)

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.closed = False
        self._pool: ProcessPoolExecutor | None = None
        self._pending = 0  # workers not yet warm
        self.broken = False
        self.drawn = 0  # boards the workers have drawn (the rest went to threads)
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
                                         initializer=type(self).warm_up)
        # The executor spawns a worker per submitted job while none is idle, so one
        # probe per worker starts them all now rather than at the first boards.
        self._pending = self.workers
        try:
            self._probes = [self._pool.submit(_ready) for _ in range(self.workers)]
        except Exception:  # no processes on this host: threads it is
            log.exception("could not start render workers; drawing boards in threads")
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
            log.error("render worker failed to start; drawing boards in threads",
                      exc_info=probe.exception())
        else:
            self.pids.add(probe.result())
        self._pending -= 1

    async def wait_ready(self) -> None:
        if self._pool is not None:
            await asyncio.gather(*(asyncio.wrap_future(p) for p in self._probes),
                                 return_exceptions=True)

    async def render(self, spec: BoardSpec) -> bytes:
        return await self.draw(render_png, spec)

    async def draw(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (a thread until they are up, or after one
        died): ``fn`` a top-level function, the arguments picklable."""
        job = functools.partial(fn, *args, **kwargs)
        pool = self._pool
        if pool is None or self._pending or self.broken:
            return await asyncio.to_thread(job)
        try:
            result = await asyncio.get_running_loop().run_in_executor(pool, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): keep serving
            log.exception("render worker died; drawing in threads from now on")
            self.broken = True
            return await asyncio.to_thread(job)
        self.drawn += 1
        return result

    def close(self) -> None:
        """Stop the workers and wait for them to exit (queued boards are cancelled, one
        being drawn is finished), at most a moment: a worker still busy then (warming
        up on a loaded host) is terminated, so the bot stops in time (bot/service/
        workers.py).  Pictures asked for afterwards are drawn in threads."""
        self.closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            end_pool(pool)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
