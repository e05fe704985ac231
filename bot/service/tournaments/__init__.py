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

``TournamentService`` is one object for its callers, written in parts by what a reader
looks for, each part a class of its own module (as ``bot.service.games`` is):

- ``core.TournamentCore``: the store, the clock, the locks and the one way a tournament
  changes (``_change``: load, apply, save, version-checked);
- ``texts.Texts``: a tournament in words (settings, state, standings, pairings, results);
- ``announcing.Announcing``: what a change makes the bot post (notices, matches to
  open, threads to end); the values it answers with are in ``outcomes``;
- ``registration.Registration``: creating, joining, leaving, withdrawing;
- ``organising.Organising``: the organiser's start, actions (one step per kind) and
  restarts;
- ``results.Results``: tournament games ended, deadlines passed;
- ``looking.Looking``: standings, brackets, the list, autocomplete.
"""

from __future__ import annotations

from bot.service.tournaments.core import STALE_ATTEMPTS, Gone
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
from bot.service.tournaments.results import Results


class TournamentService(Organising, Results, Looking):
    """Every tournament command and check of the bot (see the module docstring for the
    parts); constructed once at start-up (``bot.service.services.Services``)."""


__all__ = ["STALE_ATTEMPTS", "Gone", "MatchToOpen", "Notice", "Outcome", "Picture",
           "ThreadEnd", "TournamentService", "WalkoverChoice", "WithdrawChoice"]
