"""What the visitor may type in the demo's terminal: what the page itself cannot do.

The page shows one place, so ``places`` lists the others (a tournament's match
threads, direct messages with the bot) and a number opens one (then reload the page).
SimCord's clock moves only when told to, so reminders, a challenge's expiry and a
claimable game wait until ``+6h`` (``+15m``, ``+2d``, ...) moves it on.  ``quit`` ends
the demo, as Ctrl+C does.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable

from simcord.backend.errors import SetupError

from bot.demo.page import Page, places

log = logging.getLogger(__name__)
HELP = ("Type here: places (the channel's threads and direct messages), a place's number "
        "to show it (then reload the page), +6h / +15m / +2d to move the clock on, quit.")
WAIT = re.compile(r"^\+\s*(\d{1,4})\s*([smhd])$")
UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400}
#: The longest one step may move the clock: every background check in it runs.
MOST = 30 * 86400


def parse_wait(text: str) -> float | None:
    """``+6h`` as 21600 seconds; None for anything else (and for more than 30 days)."""
    found = WAIT.match(text.strip().lower())
    if found is None:
        return None
    seconds = int(found[1]) * UNIT[found[2]]
    return float(seconds) if 0 < seconds <= MOST else None


class Console:
    """Answers one typed line at a time, printing through ``say``."""

    def __init__(self, page: Page, say: Callable[[str], None], stop: Callable[[], None]) -> None:
        self.page = page
        self.say = say
        self.stop = stop

    async def handle(self, line: str) -> None:
        """Do what ``line`` asks; a failure is told in a line and the demo goes on."""
        try:
            await self._handle(line)
        except Exception as e:
            log.exception("the console's %r failed", line)
            self.say(f"  that did not work ({type(e).__name__}: {e})")

    async def _handle(self, line: str) -> None:
        text = line.strip().lower()
        if not text:
            return
        if text in ("quit", "exit", "q"):
            self.stop()
        elif text in ("places", "p", "list"):
            current = self.page.place.channel.id if self.page.place else None
            for n, place in enumerate(places(self.page.world), 1):
                mark = "  (shown)" if place.channel.id == current else ""
                self.say(f"  {n}  {place.label}{mark}")
        elif text.isdigit():
            found = places(self.page.world)
            if not 1 <= int(text) <= len(found):
                self.say(f"  no place {text}: type places for the list")
                return
            place = found[int(text) - 1]
            await self.page.open(place)
            self.say(f"  showing {place.label}: reload the page")
        elif (seconds := parse_wait(text)) is not None:
            await self.advance(seconds)
            self.say(f"  the clock moved on {text.lstrip('+ ')}; the page shows what happened")
        else:
            self.say(f"  {HELP}")

    async def advance(self, seconds: float, patience: float = 60.0) -> None:
        """Move SimCord's clock on (the bot's background checks run as it passes), once
        no click of the page's is being answered (SimCord runs one thing at a time)."""
        env = self.page.world.env
        for _ in range(int(patience / 0.05)):
            try:
                await env.advance_time(seconds)
                break
            except SetupError as e:
                if "overlaps" not in str(e):
                    raise
                await asyncio.sleep(0.05)
        await self.page.refresh()
