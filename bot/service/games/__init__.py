"""Game orchestration: load a channel's game, check who may act, apply, save, describe.

Discord-free: callers pass a ``Ctx`` (who, where, which languages) and get a ``Reply``,
what happened in the game's own terms (bot/service/model.py: a note for the member who
acted, what the channel is to see, the game saved with its version, the roll made, the
picker's new state); a presenter (bot/delivery) decides the messages.  A member's
command is one use-case (``act``): the command, then the computer's reply when it is to
play.  Every state change happens under
the channel's ``asyncio.Lock`` and is written in one transaction whose ``UPDATE`` also
checks the row's version, so two presses of one button can never both apply.

The service is composed, not inherited: each part is a class of its own module that is
handed, when it is made, the collaborators it calls, and none shares a ``self`` with
another:

- ``core.Table``: the games as the service keeps them: loading, checking and saving a
  game, the channel locks, the caches, the servers' settings and the players' names;
- ``boards.Boards``: what a game looks like in a post (board, words, buttons), and the
  play pickers of live rolls;
- ``rolling.Rolling``: rolls the bot makes for members who asked it to;
- ``challenges.Challenges``: challenges made, accepted, declined and lapsed, games
  arranged by a tournament, rematches;
- ``turns.Turns``: rolls, plays and the computer's turns;
- ``picking.Picking``: the play picker's presses (menus, preview, confirmation);
- ``giving_up.GivingUp``: resigning, abandoning, aborting, claiming;
- ``looking.Showing``: ``/brade show``, rules, hints, autocomplete, help;
- ``settings.Preferences``: a server's settings, a player's board theme;
- ``idle.Idle``: reminders and claim offers for quiet games, closing idle ones.

``GameService`` makes them, once, at start-up (``bot.service.services.Services``), and
is the one object its callers hold: each part by its name (``games.turns``), and each
command as the part's own method (``games.roll`` is ``games.turns.roll``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.config import Settings
from bot.service.ai import Agent
from bot.service.games.boards import Boards
from bot.service.games.challenges import Challenges
from bot.service.games.core import GameEndListener, Loaded, Table
from bot.service.games.giving_up import GivingUp
from bot.service.games.idle import Idle
from bot.service.games.looking import Showing
from bot.service.games.picking import Picking
from bot.service.games.rolling import Rolling
from bot.service.games.settings import Preferences
from bot.service.games.turns import Turns
from bot.service.listing import ListPool, Pickers
from bot.service.players import Fetcher
from bot.store import Database, Repositories
from engine.errors import EngineError


class GameService:
    """Every game command and check of the bot (see the module docstring for the parts);
    constructed once at start-up (``bot.service.services.Services``)."""

    def __init__(self, store: Database, settings: Settings = Settings(), *,
                 clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] | None = None, agent: Agent | None = None,
                 names: Callable[[int | None, int], str] | None = None,
                 fetch: Fetcher | None = None, lister: ListPool | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 repos: Repositories | None = None) -> None:
        """``settings`` are the bot's (bot/config.py: ``Settings``; its defaults by
        default); ``agent`` the computer's player (None: no computer here); ``names``
        the gateway's cache of members' names, ``fetch`` asks Discord for one never
        seen; ``lister`` lists the picker's doubles (None: in a thread); ``owns``:
        whether this process runs a guild's shard; ``repos`` the store's queries
        (bot/store/repositories.py; None: the store's own)."""
        self.table = table = Table(store, settings, clock=clock, seed_source=seed_source,
                                   names=names, fetch=fetch, owns=owns, repos=repos)
        self.boards = boards = Boards(table, lister=lister)
        self.rolling = rolling = Rolling(table, boards)
        self.challenges = Challenges(table, boards, rolling, agent)
        self.turns = turns = Turns(table, boards, rolling, agent)
        self.picking = Picking(table, boards, turns)
        self.giving_up = GivingUp(table, boards)
        self.showing = Showing(table, boards, agent)
        self.preferences = Preferences(table)
        self.idle = Idle(table, boards)
        # What the callers hold: the table's shared values, each part's commands.
        self.store = table.store
        self.repos = table.repos
        self.clock = table.clock
        self.owns = table.owns
        self.players = table.players
        self.posts = table.posts
        self.end_listeners = table.end_listeners
        self.default_rules = table.default_rules
        self.remind_after, self.claim_after = table.remind_after, table.claim_after
        self.max_games = table.max_games
        self.langs = table.langs
        self.lang_for = table.lang_for
        self.settings = table.settings
        self.prefs = table.prefs
        self.display_name = self.names = table.display_name
        self.theme_for = table.theme_for
        self.board_theme = table.board_theme
        self.channel_busy = table.channel_busy
        c = self.challenges
        self.new_game, self.accept, self.decline = c.new_game, c.accept, c.decline
        self.start_arranged, self.rematch, self.use_button = (
            c.start_arranged, c.rematch, c.use_button)
        self.check_room, self.expire_offers = c.check_room, c.expire_offers
        t = self.turns
        self.roll, self.move, self.name = t.roll, t.move, t.name
        self.act, self.owes_computer, self.owed_turns, self.with_computer = (
            t.act, t.owes_computer, t.owed_turns, t.with_computer)
        self.computer_turns, self.needs_computer, self.owed_computer_turns = (
            t.computer_turns, t.needs_computer, t.owed_computer_turns)
        p = self.picking
        self.pick, self.confirm, self.again = p.pick, p.confirm, p.again
        g = self.giving_up
        self.resign_prompt, self.resign, self.keep_playing = (
            g.resign_prompt, g.resign, g.keep_playing)
        self.abort, self.claim = g.abort, g.claim
        s = self.showing
        self.show, self.rules_info, self.hint = s.show, s.rules_info, s.hint
        self.suggestions, self.help = s.suggestions, s.help
        self.configure, self.overview, self.set_preferences = (
            self.preferences.configure, self.preferences.overview,
            self.preferences.set_preferences)
        self.due_notices, self.close_idle = self.idle.due_notices, self.idle.close_idle

    @property
    def agent(self) -> Agent | None:
        """The computer's player, which the parts that play or consult it share."""
        return self.turns.agent

    @agent.setter
    def agent(self, agent: Agent | None) -> None:
        self.challenges.agent = self.turns.agent = self.showing.agent = agent

    @property
    def pickers(self) -> Pickers:
        """The play pickers of live rolls (``Boards.pickers``)."""
        return self.boards.pickers

    @pickers.setter
    def pickers(self, pickers: Pickers) -> None:
        self.boards.pickers = pickers

    @property
    def computer_owed(self) -> set[int]:
        """Channels whose game waits for a computer turn (``Turns.computer_owed``)."""
        return self.turns.computer_owed


__all__ = ["EngineError", "GameEndListener", "GameService", "Loaded"]
