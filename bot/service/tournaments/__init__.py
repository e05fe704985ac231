"""Tournaments for the bot: load a ``Tournament`` (bot/league), apply one action, save.

Discord-free like ``GameService``: each method takes a ``Ctx`` and answers with an
``Outcome`` — the reply to the command plus what the cog must do in the server
(announce in the tournament's channel, open a thread per new match and start its game
there, end the thread of a match decided another way with a note saying how).  Every
change happens under the tournament's lock and is saved in one transaction whose version
check makes a stale writer fail, so two results arriving together cannot both pair the
next round.

Every name a member typed (the tournament's, a nickname) goes out through
``bot.service.text``: ``shown`` in messages,
``plain_name`` in thread names, button labels and autocomplete choices.

``TournamentService`` is one object for its callers, made of parts by what a reader
looks for, each part a class of its own module that gets the parts it uses in its
constructor (none inherits from another):

- ``core.TournamentCore``: the store and the tournaments' repository, the clock, the
  locks and the one way a tournament changes (``change``: load, apply, save,
  version-checked);
- ``texts.Texts``: a tournament in words (settings, state, standings, pairings, results);
- ``announcing.Announcing`` (texts): what a change makes the bot post (notices, matches
  to open, threads to end); the values it answers with are in ``outcomes``;
- ``registration.Registration`` (core, texts, announcing): creating, joining, leaving,
  withdrawing;
- ``organising.Organising`` (core, texts, announcing, registration): the organiser's
  start, actions (one step per kind) and restarts;
- ``results.Results`` (core, texts, announcing): tournament games ended, deadlines
  passed;
- ``looking.Looking`` (core, texts): standings, brackets, the list, autocomplete.

The service makes them once and answers each command with the part's own method.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service.model import Ctx
from bot.service.tournaments.announcing import Announcing
from bot.service.tournaments.core import STALE_ATTEMPTS, Gone, TournamentCore
from bot.service.tournaments.looking import Looking
from bot.service.tournaments.organising import Organising
from bot.service.tournaments.outcomes import (
    MatchToOpen,
    Notice,
    Outcome,
    Picture,
    ThreadEnd,
    WalkoverChoice,
    WithdrawChoice,
)
from bot.service.tournaments.registration import Registration
from bot.service.tournaments.results import Results
from bot.service.tournaments.texts import Texts
from bot.store import Database, Repositories


class TournamentService:
    """Every tournament command and check of the bot (see the module docstring for the
    parts); constructed once at start-up (``bot.service.services.Services``)."""

    def __init__(self, store: Database, *, clock: Callable[[], float],
                 langs: Callable[[Ctx], Awaitable[tuple[str, str]]] | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 gone: Gone | None = None, repos: Repositories | None = None) -> None:
        """``langs``: the member's and the server's languages; ``owns``: whether this
        process runs a guild's shard; ``gone``: which members left a server (the
        command layer asks Discord); ``repos``: the store's queries."""
        self.store = store
        self.core = TournamentCore(store, clock=clock, langs=langs, owns=owns, gone=gone,
                                   repos=repos)
        self.texts = Texts()
        self.announcing = Announcing(self.texts)
        self.registration = Registration(self.core, self.texts, self.announcing)
        self.organising = Organising(self.core, self.texts, self.announcing,
                                     self.registration)
        self.results = Results(self.core, self.texts, self.announcing)
        self.looking = Looking(self.core, self.texts)
        # What the command layer calls, each answered by its part.
        self.langs = self.core.langs
        self.set_ref = self.core.set_ref
        self.create = self.registration.create
        self.join = self.registration.join
        self.leave = self.registration.leave
        self.withdraw = self.registration.withdraw
        self.departed = self.registration.departed
        self.start = self.organising.start
        self.organiser_action = self.organising.organiser_action
        self.restart = self.organising.restart
        self.game_ended = self.results.game_ended
        self.due = self.results.due
        self.show = self.looking.show
        self.listing = self.looking.listing
        self.names = self.looking.names
        self.open_matches = self.looking.open_matches
        self.players = self.looking.players


__all__ = ["STALE_ATTEMPTS", "Gone", "MatchToOpen", "Notice", "Outcome", "Picture",
           "ThreadEnd", "TournamentService", "WalkoverChoice", "WithdrawChoice"]
