"""The event loop's CPU that is the simulated Discord's and the load driver's, not the bot's.

``benchmarks/bot_load.py`` runs the bot, SimCord's simulated Discord and the driver that
plays the games on one event-loop thread, so the thread's CPU a turn is all three.  Two
of them are not there against the real Discord:

* **Discord's own work.**  SimCord serves every REST request the bot makes in the bot's
  thread (routes, validation, its message store, and a deep copy of each request for
  its log), builds every gateway event, and hands the bot each event as a deep copy of
  its own record.  Against Discord all of that runs on Discord's servers; what the bot
  does instead is decode the event's JSON text.
* **The players.**  The driver picks and sends every command and watches every answer.

A :class:`SplitClock` charges the thread's CPU to *the harness* while the thread is in
those places, and hands it back to *the bot* while, nested inside them, discord.py parses
a gateway event (which is the bot's work against Discord too).  Each event's JSON is also
decoded inside the bot's share, as the real gateway makes the bot do, so the bot's share
is what it would spend against Discord, less what SimCord cannot show: zlib for the
gateway, and the HTTP client's and TLS's work for each REST request (which discord.py
has encoded, its JSON and its files, in the bot's share).  Of the latter a tapped turn
makes fewer requests than a typed one (its autocomplete answer is one) but uploads more
pictures: leaving both out favours neither kind of turn by much.

SimCord also wraps every callback the loop runs, to know when the bot has settled; that
bookkeeping stays in the bot's share (it cannot be told apart from the callback it wraps),
so the bot's share is an upper bound.

Why a clock of our own: a profiler (cProfile) sees the same split, but it multiplies the
cost of code made of many small calls and so misstates the ratio between two kinds of
turn; ``time.thread_time`` read at the few dozen crossings a turn costs microseconds.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class SplitClock:
    """The thread's CPU seconds spent in the harness (``harness``); the rest is the bot's.

    Regions nest: entering one charges the time since the last crossing to the region it
    leaves, so a bot region inside a harness one (discord.py parsing an event SimCord
    delivers) is the bot's, and a harness region inside a bot one (the bot's REST
    request served by SimCord) is the harness's.  Outside any region is the bot's.
    Each region has a label, and ``spent`` holds the seconds of each (those of gateway
    events by the event's name), to say where a kind of turn's CPU goes.
    """

    def __init__(self, clock: Callable[[], float] = time.thread_time) -> None:
        self.clock = clock
        self.harness = 0.0
        self.spent: dict[str, float] = {}  # label → CPU seconds inside it
        self.events = 0  # gateway events decoded in the bot's share
        self._stack: list[tuple[str, bool]] = []  # (label, a harness region)
        self._mark = 0.0

    def _cross(self) -> None:
        now = self.clock()
        if self._stack:
            label, harness = self._stack[-1]
            self.spent[label] = self.spent.get(label, 0.0) + now - self._mark
            if harness:
                self.harness += now - self._mark
        self._mark = now

    def enter(self, harness: bool, label: str = "") -> None:
        self._cross()
        self._stack.append((label or ("harness" if harness else "bot"), harness))

    def leave(self) -> None:
        self._cross()
        self._stack.pop()

    @contextmanager
    def region(self, harness: bool = True, label: str = "") -> Iterator[None]:
        self.enter(harness, label)
        try:
            yield
        finally:
            self.leave()

    def wrap(self, fn: F, *, harness: bool = True, label: str = "") -> F:
        """``fn`` with its calls charged to the harness (or, ``harness=False``, the bot)."""
        name = label or fn.__name__

        @functools.wraps(fn)
        def charged(*args: Any, **kwargs: Any) -> Any:
            self.enter(harness, name)
            try:
                return fn(*args, **kwargs)
            finally:
                self.leave()

        return charged  # type: ignore[return-value]

    def parser(self, event: str, parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """discord.py's parser of one gateway event, charged to the bot together with
        decoding the event's JSON text, as the real gateway makes the bot do; encoding
        that text is Discord's work, charged to whoever delivers the event."""
        label = f"parse {event}"

        def parse_as_delivered(payload: Any) -> Any:
            text = json.dumps(payload, separators=(",", ":"), default=str)
            self.enter(False, label)
            try:
                json.loads(text)
                self.events += 1
                return parse(payload)
            finally:
                self.leave()

        return parse_as_delivered


def install(clock: SplitClock, state: Any, router: Any) -> Callable[[], None]:
    """Charge SimCord's REST routes (``router``: ``simcord.http.router``) to the harness
    and each of discord.py's gateway parsers (``state``: the bot's ``ConnectionState``)
    to the bot; returns what undoes it.  The driver wraps its own entry points."""
    saved_routes = {name: getattr(router, name) for name in ("dispatch", "parse_form")}
    saved_parsers = dict(state.parsers)
    for name, fn in saved_routes.items():
        setattr(router, name, clock.wrap(fn, label=f"simcord {name}"))
    for event, parse in saved_parsers.items():
        state.parsers[event] = clock.parser(event, parse)

    def undo() -> None:
        for name, fn in saved_routes.items():
            setattr(router, name, fn)
        state.parsers.clear()
        state.parsers.update(saved_parsers)

    return undo
