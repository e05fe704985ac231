"""Whose game analysis runs next: fair turns between members, and a cap per member
(issue 25).

An analysis takes the analysis worker for seconds (about 6 s for a 120-turn game on a
quiet machine), so analyses run one at a time (``slots``, one per analysis worker) and
the others wait.  First come, first served let one member who asked for 20 analyses make
everyone else wait for all 20.  Here the waiting analyses are taken in *rounds*: each
member's first waiting analysis comes before anyone's second, so another member's
analysis starts as soon as the one running ends, whatever one member has queued.  A
member has at most one analysis running, and at most ``per_member`` running and waiting
together; one more is refused politely (``watch.analyse.too_many``).  A member's place in
the queue is told to them, and told again as it moves.

Rounds are handed out like start tags in fair queueing: a new analysis gets the round
after its member's last one, but never a round already passed (the round of the analysis
most recently started), so a member cannot jump ahead of others by asking again and
again.  Positions are within this process; a sharded bot has a queue per process.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from bot.service.model import UserError


@dataclass(eq=False)
class Ticket:
    """One member's analysis: waiting until ``running``."""

    member: int
    round: int
    seq: int
    running: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def order(self) -> tuple[int, int]:
        return self.round, self.seq


class AnalysisQueue:
    def __init__(self, slots: int, per_member: int) -> None:
        """``per_member``: the most analyses one member may have running and waiting at
        once (``Settings.max_analyses_per_member``)."""
        if slots < 1 or per_member < 1:
            raise ValueError("an analysis queue needs a slot and room for one analysis")
        self.slots = slots
        self.per_member = per_member
        self._tickets: list[Ticket] = []
        self._seq = itertools.count()
        self._round = 0  # the round of the analysis most recently started

    # -- what members see -----------------------------------------------------------------

    def mine(self, member: int) -> list[Ticket]:
        return [x for x in self._tickets if x.member == member]

    def check(self, member: int) -> None:
        """Refuse (politely, changing nothing) a member who has as many as allowed."""
        if len(self.mine(member)) >= self.per_member:
            raise UserError("watch.analyse.too_many", n=self.per_member)

    def waiting(self) -> list[Ticket]:
        """The waiting analyses in the order they will start."""
        return sorted((x for x in self._tickets if not x.running), key=lambda x: x.order)

    def position(self, ticket: Ticket) -> int:
        """1 for the next to start, 2 for the one after, ...; 0 once it runs."""
        return 0 if ticket.running else self.waiting().index(ticket) + 1

    @property
    def running(self) -> int:
        return sum(1 for x in self._tickets if x.running)

    # -- taking a turn --------------------------------------------------------------------

    @asynccontextmanager
    async def turn(self, member: int,
                   on_wait: Callable[[int], Awaitable[None]] | None = None,
                   ) -> AsyncIterator[None]:
        """Hold one of the slots for ``member``'s analysis while the block runs.

        Refused with ``watch.analyse.too_many`` when the member has ``per_member``
        already.  While it waits, ``on_wait(position)`` is awaited each time its place
        in the queue changes (first when it starts to wait), and ``on_wait(0)`` once it
        starts after having waited.  Leaving the block, or being cancelled while
        waiting, gives the place up.
        """
        self.check(member)
        last = max((x.round for x in self.mine(member)), default=None)
        start = self._round if last is None else max(self._round, last + 1)
        ticket = Ticket(member, start, next(self._seq))
        self._tickets.append(ticket)
        try:
            self._start_next()
            shown = None
            while not ticket.running:
                place = self.position(ticket)
                if on_wait is not None and place != shown:
                    shown = place
                    await on_wait(place)
                    continue  # the queue may have moved meanwhile: look again
                await ticket.changed.wait()
                ticket.changed.clear()
            if on_wait is not None and shown is not None:
                await on_wait(0)
            yield
        finally:
            self._tickets.remove(ticket)
            self._start_next()

    def _start_next(self) -> None:
        """Start waiting analyses while a slot is free (a member's one at a time), then
        wake every waiting one: its place may have changed."""
        while self.running < self.slots:
            busy = {x.member for x in self._tickets if x.running}
            ready = [x for x in self.waiting() if x.member not in busy]
            if not ready:
                break
            ticket = ready[0]
            ticket.running = True
            self._round = max(self._round, ticket.round)
        for x in self._tickets:
            x.changed.set()
