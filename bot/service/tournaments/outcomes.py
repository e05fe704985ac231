"""What a tournament action answers: the reply, and what the command layer must do in
the server (announce, open a thread per new match, end the thread of a match decided
another way, offer the organiser buttons)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.league.tournament import Tournament
from bot.service.model import Reply


@dataclass(frozen=True)
class Picture:
    """A standings table or bracket to draw (in a worker thread) from the tournament."""

    kind: str  # "standings" | "bracket"
    tournament: Tournament
    lang: str


@dataclass(frozen=True)
class WalkoverChoice:
    """A button for the organiser: award ``pairing`` to ``winner`` (0: both forfeit)."""

    tournament_id: int
    pairing: str
    winner: int
    label: str


@dataclass(frozen=True)
class WithdrawChoice:
    """The button under ``/tournament leave`` after the start: ``user`` withdraws."""

    tournament_id: int
    user: int
    label: str


@dataclass(frozen=True)
class ThreadEnd:
    """A match decided other than by its game: stop the game in ``thread_id`` (if one is
    live), post ``text`` there (what happened, in the tournament's language) and archive
    the thread."""

    thread_id: int
    text: str


@dataclass
class Notice:
    """A public message outside the command's reply (the tournament channel, a thread)."""

    channel_id: int
    text: str
    mentions: tuple[int, ...] = ()
    choices: list[WalkoverChoice] = field(default_factory=list)
    picture: Picture | None = None


@dataclass(frozen=True)
class MatchToOpen:
    """A new pairing: open a public thread in ``channel_id``, post ``intro`` there, set
    the pairing's ref to the thread and start the game with ``start_arranged``."""

    tournament_id: int
    pairing: str
    guild_id: int
    channel_id: int
    white_id: int
    black_id: int
    rules: str
    match_length: int
    thread_name: str
    intro: str
    lang: str
    thread_id: int | None = None  # set: restart the match in its existing thread


@dataclass
class Outcome:
    reply: Reply
    picture: Picture | None = None  # goes with the reply's public post
    notices: list[Notice] = field(default_factory=list)
    matches: list[MatchToOpen] = field(default_factory=list)
    stop_threads: list[ThreadEnd] = field(default_factory=list)
    confirm: WithdrawChoice | None = None  # a button under the private reply
