"""A roll's plays for the play picker (issue 37), listed off the event loop and kept.

The picker offers every legal play of a roll (``engine.picker``), so the roll's plays
are listed in full (``engine.plays.listing``).  A roll without a double has a few dozen
plays at most and is listed where it is asked for; a double has up to a few hundred in
bräde and, in a later puff pasch, up to about 250,000, which takes seconds: doubles are
listed in a worker process of their own (``ListPool``, one process, so that a long list
never holds up the board workers), or in a thread where no workers run (tests,
``BRADE_RENDER_WORKERS=0``).  Its maker closes the pool, as the board workers' (see
bot/service/pictures.py); the pickers are handed it (``Pickers(lister=...)``).

A picker is kept per game and version (``Pickers``), so the menus after the roll, every
choice in them and the confirmation find it made; the list is deterministic from the
position and the dice, so after a restart (or in another process) it is made again and
a picker posted before finds the same plays.  What is kept is bounded by the plays held,
not by the games: one huge list does not crowd out a thousand small ones for long.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from bot.service.model import UserError
from bot.service.pictures import default_workers
from bot.service.worker_pool import WorkerPool
from engine import plays
from engine.dice import Dice
from engine.game import Game
from engine.picker import Picker, Stretch
from engine.position import Position
from engine.rules.ruleset import RuleSet

log = logging.getLogger(__name__)

#: Plays the kept pickers may hold together (a play's text is ~40 bytes).
KEPT_PLAYS = 1_000_000
#: Pickers kept at most, however small.
KEPT = 4096


def make_picker(rules: RuleSet, position: Position, dice: Dice,
                shuffle: str | None = None) -> Picker:
    """The roll's picker with its top menu made (what a worker hands back); ``shuffle``:
    its single plays in that fixed shuffle (a problem's, ``engine.picker``)."""
    picker = Picker(plays.listing(rules, position, dice), shuffle)
    picker.options(picker.whole)
    return picker


def stretch_of(picker: Picker, path: str, gone: str) -> Stretch:
    """What a press's ``path`` chose in ``picker``; a path the picker no longer has (a
    picker made again differently, a forged id) is refused politely with ``gone``."""
    try:
        return picker.follow(path)[0]
    except ValueError:
        raise UserError(gone) from None


def warm_up_lister() -> None:
    """Import the engine and list one roll, so the first member waits for neither."""
    from engine import rules

    r = rules.get(rules.DEFAULT)
    make_picker(r, r.start(), (6, 6))


class ListPool(WorkerPool):
    """The one worker process that lists doubles: a ``WorkerPool`` warmed by listing a
    roll (it draws nothing; the board workers are ``pictures.RenderPool``).

    ``render_workers`` is the board workers' setting (``Settings.render_workers``): one
    listing worker, unless the boards are drawn in threads (0), when lists are made in
    threads too."""

    def __init__(self, render_workers: int | None = None) -> None:
        super().__init__(min(1, default_workers() if render_workers is None
                             else render_workers), warm_up_lister, "listing")


def is_long(game: Game) -> bool:
    """Whether listing the game's roll is work for a worker: a double (a bräde double's
    four steps, a puff pasch's four or eight)."""
    dice = game.dice or ()
    return len(dice) == 2 and dice[0] == dice[1]


class Pickers:
    """The pickers of live rolls, by (game id, version)."""

    def __init__(self, plays_kept: int = KEPT_PLAYS, kept: int = KEPT, *,
                 lister: WorkerPool | None = None) -> None:
        self.plays_kept = plays_kept
        self.kept = kept
        #: Where a double is listed (``ListPool``); None: in a thread.
        self.lister = lister
        self._held: OrderedDict[tuple[int, int], Picker] = OrderedDict()
        self._plays = 0

    def get(self, key: tuple[int, int]) -> Picker | None:
        got = self._held.get(key)
        if got is not None:
            self._held.move_to_end(key)
        return got

    def put(self, key: tuple[int, int], picker: Picker) -> Picker:
        old = self._held.pop(key, None)
        if old is not None:
            self._plays -= len(old)
        self._held[key] = picker
        self._plays += len(picker)
        while len(self._held) > 1 and (len(self._held) > self.kept
                                       or self._plays > self.plays_kept):
            _, gone = self._held.popitem(last=False)
            self._plays -= len(gone)
        return picker

    def now(self, key: tuple[int, int], game: Game) -> Picker:
        """The picker, made here if need be (a path that could not wait for a worker;
        the callers that can, ``made``, come first)."""
        return self.get(key) or self.put(key, make_picker(*_roll(game)))

    async def made(self, key: tuple[int, int], game: Game) -> Picker:
        """The picker, a double's listed off the event loop."""
        got = self.get(key)
        if got is not None:
            return got
        if is_long(game) and self.lister is not None:
            picker = await self.lister.run(make_picker, *_roll(game))
        elif is_long(game):
            picker = await asyncio.to_thread(make_picker, *_roll(game))
        else:
            picker = make_picker(*_roll(game))
        return self.put(key, picker)


def _roll(game: Game) -> tuple[RuleSet, Position, Dice]:
    assert game.phase == "move" and game.dice is not None
    return game.rules, game.position, game.dice
