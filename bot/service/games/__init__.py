"""Game orchestration: load a channel's game, check who may act, apply, save, describe.

Discord-free: callers pass a ``Ctx`` (who, where, which languages) and get a ``Reply``
(private note, public posts with boards and buttons).  Every state change happens under
the channel's ``asyncio.Lock`` and is written in one transaction whose ``UPDATE`` also
checks the row's version, so two presses of one button can never both apply.

``GameService`` is one object for its callers, written in parts by what a reader looks
for, each part a class of its own module:

- ``core.GameCore``: what every part shares, in one place: loading, checking and saving
  a game, the channel locks, the caches, the servers' settings and the players' names;
- ``boards.Boards``: what a game looks like in a post (board, words, buttons);
- ``challenges.Challenges``: challenges made, accepted, declined and lapsed, games
  arranged by a tournament, rematches;
- ``turns.Turns``: rolls, plays and the computer's turns (``rolling.Rolling``: rolls the
  bot makes for members who asked it to);
- ``picking.Picking``: the play picker's presses (menus, preview, confirmation);
- ``giving_up.GivingUp``: resigning, abandoning, aborting, claiming;
- ``looking.Looking``: ``/brade show``, rules, hints, autocomplete, help;
- ``settings.Preferences``: a server's settings, a player's board theme;
- ``idle.Idle``: reminders and claim offers for quiet games, closing idle ones.
"""

from __future__ import annotations

from bot.service.games.challenges import Challenges
from bot.service.games.core import GameEndListener, Loaded
from bot.service.games.giving_up import GivingUp
from bot.service.games.idle import Idle
from bot.service.games.looking import Looking
from bot.service.games.picking import Picking
from bot.service.games.settings import Preferences
from engine.errors import EngineError


class GameService(Challenges, Picking, GivingUp, Looking, Preferences, Idle):
    """Every game command and check of the bot (see the module docstring for the parts);
    constructed once at start-up (``bot.service.services.Services``)."""


__all__ = ["EngineError", "GameEndListener", "GameService", "Loaded"]
