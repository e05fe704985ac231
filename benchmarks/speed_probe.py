"""How fast the machine runs Python at the moment, to set two phases' CPU side by side.

``benchmarks/bot_load.py --by both`` judges a tapped turn against a typed one by the
event loop's CPU seconds a turn, one phase of each, run one after the other.  On the
project's shared 2-core machine a CPU second is not a fixed amount of work: the host's
other tenants slow a virtual CPU down, and the guest still counts the slower seconds as
the thread's CPU.  The same three million additions took from 0.08 to 0.18 s of thread
CPU in fresh processes on an idle machine (2026-12-07), and the state holds for seconds
at a time; in one ``--rounds 8`` run a tapped phase took 10.1 ms of the bot's CPU a turn
and another 15.9 ms, with the same code and games.  The full collections, whose work is
the same from one phase of a kind to the next, grew in step (80 → 113 ms each), so the
machine, not the bot, had changed.

A :class:`SpeedProbe` times a fixed piece of pure-Python work (:class:`ReferenceWork`)
on the event-loop thread every ``every`` seconds while a phase runs.  A phase's CPU
divided by the probe's mean sample is its CPU *in probe units*: the work a turn, with the
speed of the moment taken out.  The probe costs about 1 % of the loop's time (under a
millisecond every 0.1 s), which the driver charges to the harness.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Callable

#: Seconds between two samples of a phase (each costs a fraction of a millisecond).
EVERY = 0.1


def compute_work(rounds: int = 30) -> int:
    """The probe's interpreter-bound half: a fixed mix of what the bot's Python does a
    lot of (small dicts and lists, strings, sorting), the same every call; the result is
    returned so that nothing can be skipped."""
    total = 0
    for r in range(rounds):
        d = {f"k{i}": i * r for i in range(24)}
        items = sorted(d.items(), key=lambda kv: -kv[1])
        words = [f"{k}={v}" for k, v in items[:12]]
        total += len(" ".join(words)) + sum(v for _, v in items if v % 3)
    return total


class ScatteredReads:
    """The probe's memory-bound half: reads of a million integers in a shuffled order,
    each a cache miss, as in the bot's own work over a heap of hundreds of megabytes.
    The integers sit in a tuple the collector does not track (about 40 MB, made once:
    half a second)."""

    def __init__(self, size: int = 1 << 20, steps: int = 1 << 12, seed: int = 47) -> None:
        rng = random.Random(seed)
        cells = [rng.getrandbits(40) | (1 << 41) for _ in range(size)]
        rng.shuffle(cells)
        self.cells = tuple(cells)
        self.size, self.steps, self.at = size, steps, 0

    def __call__(self) -> int:
        at = self.at
        total = sum(self.cells[at:at + self.steps])
        self.at = (at + self.steps) % self.size
        return total


class ReferenceWork:
    """One probe sample's work: both halves, 0.3–0.5 ms each on this machine.

    Either half alone took the machine's speed out of the bot's CPU a turn well in one
    run and less well in another; the two together brought the spread of one kind of
    turn's CPU over eight rounds from 16–18 % (6–7 % on a steady day) to about 5 %
    (docs/benchmarks.md)."""

    def __init__(self, reads: Callable[[], int] | None = None) -> None:
        self.reads = reads or ScatteredReads()

    def __call__(self) -> int:
        return compute_work() + self.reads()


class SpeedProbe:
    """Samples of the work's thread CPU (:class:`ReferenceWork` unless handed another),
    taken on the event loop.

    ``clock`` and ``work`` are handed in so that a test can see what is measured.
    """

    def __init__(self, clock: Callable[[], float] = time.thread_time,
                 work: Callable[[], object] | None = None, every: float = EVERY) -> None:
        self.clock = clock
        self.work = work or ReferenceWork()
        self.every = every
        self.samples: list[float] = []

    def sample(self) -> float:
        """Run the work once and keep its CPU seconds."""
        start = self.clock()
        self.work()
        spent = self.clock() - start
        self.samples.append(spent)
        return spent

    async def run(self) -> None:
        """Sample every ``every`` seconds until cancelled."""
        while True:
            await asyncio.sleep(self.every)
            self.sample()

    def mean(self) -> float:
        return mean(self.samples)


def mean(samples: list[float]) -> float:
    """A probe's samples' mean (0.0 with none): what the work cost at the moment,
    averaged over the phase as the bot's own CPU is."""
    return statistics.fmean(samples) if samples else 0.0


def in_units(cpu: float, probe_mean: float) -> float:
    """CPU seconds as probe units: how many probes' worth of work they were (0.0 when
    nothing was sampled, so that a missing probe reads as missing, not as free)."""
    return cpu / probe_mean if probe_mean > 0 else 0.0
