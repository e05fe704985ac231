"""The computer opponent, hints and game analyses, searched in worker processes.

AI search is CPU-bound, so ``ProcessAgent`` runs it in a ``ProcessPoolExecutor`` (never
on the event loop, and not in a thread, where it would hold the GIL against the bot).
The worker receives only picklable values (ruleset name, position text, dice, level) and
answers with move text, which the bot re-validates with the engine like any typed play.
``ThreadAgent`` runs the same functions in a thread: for tests, which must not spawn
processes per case.

Play and analysis have a worker each (issue 25).  A computer turn or a hint is a member
waiting in a game, tens of milliseconds of search; an analysis is seconds to minutes of
it, asked for whenever anyone likes.  In one worker, first come first served, every
computer reply waited behind the analysis slice being searched (a second or more), and a
member asking for 20 analyses made every game against the computer wait for minutes.  So
analyses run in a worker of their own, at a lower CPU priority (``ANALYSIS_NICE``) so that
on a busy machine the operating system gives the play worker the CPU first; which
member's analysis runs next is ``bot.service.analysis_queue``'s business.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Protocol, TypeVar, runtime_checkable

from bot.service.workers import end_pool, started

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The analysis worker's niceness (Unix): on a busy machine play goes first.
ANALYSIS_NICE = 10

LEVELS = ("nybörjare", "gesäll", "mästare")
DEFAULT_LEVEL = "gesäll"
RANK_LEVEL = "gesäll"  # one ply: quick enough to order autocomplete on every keystroke


class Agent(Protocol):
    """The computer opponent (None where the bot plays without one).  Whoever makes an
    agent closes it (``python -m bot``; a ``BradeBot`` the one it makes itself)."""

    async def choose(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                     level: str = DEFAULT_LEVEL) -> str: ...

    async def rank(self, rules: str, position: str, dice: tuple[int, ...],
                   level: str = RANK_LEVEL) -> list[str]: ...

    async def name_roll(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                        level: str = DEFAULT_LEVEL) -> tuple[int, ...]:
        """Puff's generalpasch: the roll ``dice`` is played as (itself, or a pasch)."""
        ...

    def close(self) -> None:
        """Stop its workers, if it has any."""


@runtime_checkable
class Analyst(Protocol):
    """An agent that also analyses whole games in its own workers (``ProcessAgent``,
    ``ThreadAgent``); with any other, an analysis runs in a thread of the bot."""

    async def analysis_turns(self, record_text: str) -> tuple[str, list] | None: ...

    async def analysis_part(self, rules: str, part: list) -> list: ...


def choose_text(rules_name: str, position: str, dice: tuple[int, ...], seed: int,
                level: str) -> str:
    """Worker entry point: the chosen play's text."""
    from engine import rules as registry
    from engine.ai import get_agent

    rules = registry.get(rules_name)
    pos = rules.parse_position(position)
    return get_agent(level).choose(rules, pos, dice, random.Random(seed)).text


def named_dice(rules_name: str, position: str, dice: tuple[int, ...], seed: int,
               level: str) -> tuple[int, ...]:
    """Worker entry point: what the computer plays a generalpasch roll as
    (``engine.ai.named_roll``)."""
    from engine import rules as registry
    from engine.ai import get_agent, named_roll

    rules = registry.get(rules_name)
    pos = rules.parse_position(position)
    return named_roll(get_agent(level), rules, pos, dice, random.Random(seed))


def rank_texts(rules_name: str, position: str, dice: tuple[int, ...], level: str) -> list[str]:
    """Worker entry point: every legal play's text, best first."""
    from engine import rules as registry
    from engine.ai import get_agent

    rules = registry.get(rules_name)
    pos = rules.parse_position(position)
    return [turn.text for turn, _value in get_agent(level).rank(rules, pos, dice)]


def analysis_turns(record_text: str) -> tuple[str, list] | None:
    """Worker entry point: a game record's turns for ``analysis_part`` (engine.ai.analysis),
    or None when the record does not replay.  A game is analysed in slices so the bot
    can show progress."""
    from engine.ai.analysis import moments
    from engine.errors import EngineError

    try:
        rules, turns, _outcome = moments(record_text)
    except EngineError:
        return None
    return rules.name, turns


def analysis_part(rules_name: str, part: list) -> list:
    """Worker entry point: the analysis (``Decision``s) of a slice of a game's turns."""
    from engine.ai.analysis import analyse_moments

    return analyse_moments(rules_name, part)


def lower_priority(niceness: int) -> None:
    """Worker initializer: run at a lower CPU priority (where the system has one)."""
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: the worker still works
            log.warning("could not lower the AI worker's priority")


class WorkerPool:
    """A ``ProcessPoolExecutor`` started on first use and replaced when a worker dies."""

    def __init__(self, workers: int = 1, niceness: int = 0) -> None:
        self.workers = workers
        self.niceness = niceness
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            # The network's matrices are small: numpy's BLAS spreading them over a second
            # thread doubled mästare's CPU per decision (talisman p95 113 against 57 ms)
            # for the same wall time, CPU a busy bot's board workers need.  The spawned
            # workers read this before they load numpy.
            for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
                os.environ.setdefault(name, "1")
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx,
                                             initializer=started,
                                             initargs=(lower_priority, self.niceness))
        return self._pool

    async def call(self, fn: Callable[..., T], *args: object) -> T:
        """Run ``fn`` in a worker; a pool broken by a dead worker (killed, out of memory)
        is replaced and the call tried once more, instead of failing every call after."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool:
                log.warning("an AI worker died; starting a new one (attempt %d)", attempt)
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers: a search still running after a moment is cut short (the
        computer's turn stays owed and is played after a restart), so the bot stops in
        time (bot/service/workers.py)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            if isinstance(pool, ProcessPoolExecutor):
                end_pool(pool, grace=0.25)
            else:
                pool.shutdown(wait=False, cancel_futures=True)


class ProcessAgent:
    """engine.ai in worker processes, created on first use: ``play`` for computer turns
    and hints, ``analysis`` (lower priority) for game analyses, so that a turn never
    waits behind an analysis."""

    def __init__(self, workers: int = 1, analysis_workers: int = 1) -> None:
        self.play = WorkerPool(workers)
        self.analysis = WorkerPool(analysis_workers, niceness=ANALYSIS_NICE)

    async def choose(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                     level: str = DEFAULT_LEVEL) -> str:
        return await self.play.call(choose_text, rules, position, dice, seed, level)

    async def rank(self, rules: str, position: str, dice: tuple[int, ...],
                   level: str = RANK_LEVEL) -> list[str]:
        return await self.play.call(rank_texts, rules, position, dice, level)

    async def name_roll(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                        level: str = DEFAULT_LEVEL) -> tuple[int, ...]:
        return await self.play.call(named_dice, rules, position, dice, seed, level)

    async def analysis_turns(self, record_text: str) -> tuple[str, list] | None:
        return await self.analysis.call(analysis_turns, record_text)

    async def analysis_part(self, rules: str, part: list) -> list:
        return await self.analysis.call(analysis_part, rules, part)

    def close(self) -> None:
        self.play.close()
        self.analysis.close()

    def __enter__(self) -> ProcessAgent:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class ThreadAgent:
    """The same calls in a worker thread (tests; no process start-up per case)."""

    async def choose(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                     level: str = DEFAULT_LEVEL) -> str:
        return await asyncio.to_thread(choose_text, rules, position, dice, seed, level)

    async def rank(self, rules: str, position: str, dice: tuple[int, ...],
                   level: str = RANK_LEVEL) -> list[str]:
        return await asyncio.to_thread(rank_texts, rules, position, dice, level)

    async def name_roll(self, rules: str, position: str, dice: tuple[int, ...], seed: int,
                        level: str = DEFAULT_LEVEL) -> tuple[int, ...]:
        return await asyncio.to_thread(named_dice, rules, position, dice, seed, level)

    async def analysis_turns(self, record_text: str) -> tuple[str, list] | None:
        return await asyncio.to_thread(analysis_turns, record_text)

    async def analysis_part(self, rules: str, part: list) -> list:
        return await asyncio.to_thread(analysis_part, rules, part)

    def close(self) -> None:
        pass
