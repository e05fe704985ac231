"""The one place the bot draws pictures, so the drawing runs off the event loop.

Every picture the bot posts is drawn here: boards, and the tournaments' brackets and
standings, the animated replays and the game reviews of ``/watch``.  They are drawn in a
small pool of worker *processes* (``bot/service/worker_pool.py``): in a thread, the
drawing would take the interpreter lock from the event loop (and from the database
thread, which needs it to hand back every query's result) for a few milliseconds per
board, seconds for a replay.  The workers draw one board at start so their caches are
warm, and are shut down by ``RenderPool.close``: nothing is left running.

A board is drawn once (issue 47): its PNG is kept by the ``BoardSpec`` it shows (a
frozen value, so the whole spec is the key and a picture is never shown for a board it
does not show), a few hundred boards' worth, so a board asked for again soon, or while
it is being drawn, costs no second drawing.  (The roll's board a preview goes back to
on Confirm is kept per message by the delivery, bot/delivery/games.py, which holds it
however long the player thinks.)  Its alt text is written by the worker that draws it.

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
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self, TypeVar

from bot.service.model import BoardSpec
from bot.service.worker_pool import WorkerPool
from render import BoardOptions, Score, render_board
from render.alt_text import alt_text

log = logging.getLogger(__name__)
T = TypeVar("T")


def options_of(spec: BoardSpec) -> BoardOptions:
    """What the renderer draws for ``spec``: the one translation from the bot's terms
    (``mover``, members' ``usernames``) to the renderer's."""
    return BoardOptions(rules=spec.rules, dice=spec.dice, dice_side=spec.dice_side or spec.mover,
                        last_turn=spec.last_turn, last_mover=spec.mover,
                        last_dice=spec.last_dice, perspective=spec.perspective,
                        numbers=spec.numbers, theme=spec.theme, lang=spec.lang,
                        names=spec.names, fallback_names=spec.usernames,
                        score=Score(*spec.score) if spec.score else None, result=spec.result,
                        stopped=spec.stopped)


def render_png(spec: BoardSpec) -> bytes:
    """PNG bytes of ``spec``; blocking, so callers on the loop use ``RenderPool.render``."""
    return render_board(spec.position, options_of(spec))


#: Alt texts kept by the spec they describe (a few hundred bytes each).
KEPT_TEXTS = 4096
_described: OrderedDict[BoardSpec, str] = OrderedDict()


def describe(spec: BoardSpec) -> str:
    """The board's alt text (at most 1,024 characters, in the board's language): pass it
    as the attachment's ``description`` so a screen reader says what the picture shows.
    A board drawn by ``RenderPool.render`` was described by the worker that drew it, and
    a board sent again (the roll's board a preview goes back to) was described before:
    neither is described again on the event loop."""
    got = _described.get(spec)
    if got is None:
        got = alt_text(spec.position, options_of(spec))
        _keep_text(spec, got)
    return got


def _keep_text(spec: BoardSpec, text: str) -> None:
    _described[spec] = text
    _described.move_to_end(spec)
    while len(_described) > KEPT_TEXTS:
        _described.popitem(last=False)


def picture(spec: BoardSpec) -> tuple[bytes, str]:
    """What a board worker makes of ``spec``: its PNG and its alt text."""
    return render_png(spec), alt_text(spec.position, options_of(spec))


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


#: Pictures being drawn, a worker, up to which a new one surely comes soon enough for a
#: press to wait for it before it answers (``RenderPool.keeps_up``).
QUICK_QUEUE = 4
#: Seconds a press may expect to wait for its pictures and still answer with them
#: (``RenderPool.keeps_up``): Discord wants an answer within 3 s of the press, and half
#: of them is kept for the service's own work and the event loop's lag under load.
ANSWER_WITHIN = 1.5
#: The workers' pace until it is measured: seconds from one board drawn to the next
#: while others wait (a board is ~12 ms of CPU).
FIRST_PACE = 0.015
#: How much of the pace each newly measured board makes (a moving average over about
#: the last eight).
PACE_WEIGHT = 1 / 8
#: Bytes of board pictures kept by the spec they show (~70 kB a board: a few hundred).
KEPT_BYTES = 16 * 1024 * 1024


class RenderPool:
    """The board workers (a ``WorkerPool`` warmed by drawing a board), and the pictures
    they drew, kept by the ``BoardSpec`` they show (at most ``kept_bytes``, the least
    recently asked for going first): a board asked for again, or while it is still being
    drawn, is answered with the same bytes, never drawn twice.  ``with`` closes it.

    ``workers`` is ``Settings.render_workers``: None for ``default_workers``, 0 to draw
    in threads only."""

    def __init__(self, workers: int | None = None, kept_bytes: int = KEPT_BYTES, *,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.workers = default_workers() if workers is None else workers
        self.pool = WorkerPool(self.workers, warm_up_renderer, "render")
        self.kept_bytes = kept_bytes
        self._kept: OrderedDict[BoardSpec, bytes] = OrderedDict()
        self._held = 0  # bytes in ``_kept``
        self._drawing: dict[BoardSpec, asyncio.Future[bytes]] = {}
        self.boards = 0  # boards drawn, in workers or threads
        self.reused = 0  # boards asked for and answered with bytes drawn before
        #: Seconds from one board drawn to the next while others wait (``keeps_up``):
        #: measured on the wall clock, so it includes the workers' share of the machine.
        self.pace = FIRST_PACE / max(1, self.workers)
        self._clock = clock
        self._last_drawn: float | None = None
        self._behind = False  # other boards were being drawn when the last one was done

    # -- the worker pool's life, as the bot sees it ------------------------------------

    @property
    def ready(self) -> bool:
        return self.pool.ready

    @property
    def closed(self) -> bool:
        return self.pool.closed

    @property
    def broken(self) -> bool:
        return self.pool.broken

    @property
    def pids(self) -> set[int]:
        return self.pool.pids

    @property
    def drawn(self) -> int:
        """Pictures the workers drew (the rest went to threads)."""
        return self.pool.done

    def start(self) -> Self:
        self.pool.start()
        return self

    async def wait_ready(self) -> None:
        await self.pool.wait_ready()

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- drawing -----------------------------------------------------------------------

    async def draw(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (a thread until they are up, or after one
        died): ``fn`` a top-level function, the arguments picklable."""
        return await self.pool.run(fn, *args, **kwargs)

    def keeps_up(self) -> bool:
        """Whether a picture asked for now comes soon enough for a press to wait for it
        and answer with it, one call (bot/delivery/games.py), rather than be
        acknowledged first, one call more: few are being drawn (at most ``QUICK_QUEUE``
        a worker), or those ahead of it will be drawn within ``ANSWER_WITHIN`` at the
        pace the workers keep.  Deferring gains a busy bot nothing: the picture comes
        no sooner, and the acknowledgement is one more request for the event loop.  It
        asks without a timer: the simulated Discord of the demo and the load benchmark
        keeps timers in a list it scans, so a timer a press costs it dearly under
        load."""
        waiting = len(self._drawing)
        return waiting <= QUICK_QUEUE * max(1, self.workers) \
            or (waiting + 1) * self.pace <= ANSWER_WITHIN

    def _drawn(self) -> None:
        """A board left the workers: when others were waiting as the last one left, the
        time since then is the workers' pace, averaged in."""
        now = self._clock()
        if self._behind and self._last_drawn is not None:
            self.pace += PACE_WEIGHT * (now - self._last_drawn - self.pace)
        self._last_drawn = now
        self._behind = bool(self._drawing)

    async def render(self, spec: BoardSpec) -> bytes:
        """``spec``'s picture: kept, being drawn, or drawn now (and kept)."""
        got = self._kept.get(spec)
        if got is not None:
            self._kept.move_to_end(spec)
            self.reused += 1
            return got
        drawing = self._drawing.get(spec)
        if drawing is not None:
            self.reused += 1
            return await asyncio.shield(drawing)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[spec] = future
        try:
            png, text = await self.draw(picture, spec)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._drawing[spec]
            self._drawn()
        future.set_result(png)
        self.boards += 1
        self._keep(spec, png)
        _keep_text(spec, text)
        return png

    def _keep(self, spec: BoardSpec, png: bytes) -> None:
        self._kept[spec] = png
        self._held += len(png)
        while self._held > self.kept_bytes and self._kept:
            _, gone = self._kept.popitem(last=False)
            self._held -= len(gone)
