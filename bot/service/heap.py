"""The objects a process's start-up made, set aside from the cyclic garbage collector.

A started bot holds some 80,000 objects that live as long as the process: the modules of
discord.py, aiohttp, Pillow, the engine and the bot, with their classes, functions and
tables.  CPython's full collection walks every object it tracks, each time, and under
load a bot process runs one every second or so: on the project's 2-core machine a full
collection took 70–170 ms, about 1.5 ms of the event loop a turn, with most of that time
spent walking what start-up made (issue 47, ``docs/benchmarks.md``).  ``gc.freeze`` moves
those objects to a generation the collector never walks, so a full collection walks only
what the games made since.  A board worker's start-up (Pillow, the fonts, a first board)
is set aside the same way.

This is for the processes the bot runs as a server: ``python -m bot``, its worker
processes and the load benchmark's bot processes.  A frozen object that later becomes
part of a garbage cycle is never collected, so the start-up's garbage is collected
first.  The test suite, which makes bots by the hundred in one process, does not freeze.
"""

from __future__ import annotations

import gc


def freeze_startup() -> int:
    """Collect once, then set every object alive now aside from future collections
    (``gc.freeze``); how many objects that set aside in all."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
