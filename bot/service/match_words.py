"""A match in words a player understands, the same wherever it is said (issue 30, 2).

A match of N games is decided by points: the most points after N games played to the end
wins (M-1), and it ends as soon as the player behind can no longer catch up (M-2).  A
resigned game scores its point but is not one of the N, so one more game is played; the
players are told so when it happens, each result says which game it was and how many of
the N have been played, and the match's end says what decided it.  The challenge, a
tournament match's thread, every result and the last message use these functions; the
board's own words are render/texts.py's ("match of 3 games").
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import outcome_text, points_unit, side_name, t
from engine.match import Match
from engine.position import Side
from engine.scoring import catch_up_value

Who = Callable[[Side], str]


def terms(length: int, lang: str) -> str:
    """How a match of ``length`` games is decided, in a sentence or two (for the
    challenge and a tournament match's thread); empty for a single game."""
    return t("match.terms", lang, n=length) if length > 1 else ""


def after_game(match: Match, who: Who, lang: str) -> list[str]:
    """What a finished game did to the match: the score after it, which game it was and
    how many of the ``length`` are played; why one more game comes after a resignation;
    and, once the match is decided, who won it, why, and its games one by one."""
    game = len(match.results)
    lines = [t("match.score", lang, white=who(Side.WHITE), black=who(Side.BLACK),
               w=match.score(Side.WHITE), b=match.score(Side.BLACK), g=game,
               c=match.completed, n=match.length)]
    last = match.results[-1] if match.results else None
    winner = match.winner
    if last is not None and last.kind == "resign" and winner is None:
        lines.append(t("match.resigned", lang, g=game, n=match.length))
    if winner is None:
        return lines
    hi, lo = match.score(winner), match.score(winner.other)
    lines.append(t("match.won", lang, who=who(winner), hi=hi, lo=lo))
    if hi == lo:
        lines.append(t("match.won.ticks", lang))
    elif match.remaining:
        key = "match.won.early.one" if match.remaining == 1 else "match.won.early"
        lines.append(t(key, lang, who=who(winner.other), r=match.remaining,
                       value=catch_up_value(match.scoring)))
    else:
        lines.append(t("match.won.all", lang, n=match.length))
    for n, r in enumerate(match.results, 1):  # the match's summary, game by game
        line = t("match.line", lang, n=n, who=side_name(r.winner, lang),
                 how=outcome_text(r.kind, r.munk, lang),
                 points=f"{r.points} {points_unit(r.points, lang)}")
        if r.kind == "resign":
            line += t("match.line.extra", lang, n=match.length)
        lines.append(line)
    return lines


def standing(match: Match, who: Who, lang: str) -> str:
    """Where a match stands while a game of it is played (``/brade show``)."""
    return t("match.now", lang, white=who(Side.WHITE), black=who(Side.BLACK),
             w=match.score(Side.WHITE), b=match.score(Side.BLACK), g=len(match.results) + 1,
             c=match.completed, n=match.length)


def next_game(match: Match, starter: str, lang: str) -> str:
    """The next game of the match begins: its number, and who starts it and why (the
    loser of the last game, T-1; in puff a teka, every game)."""
    key = "match.game" if match.next_starter is not None else "match.game.teka"
    return t(key, lang, g=len(match.results) + 1, starter=starter)


def running(match: Match, lang: str) -> str:
    """A match in a list of running games: the score, which game, how many played."""
    return t("watch.match_score", lang, w=match.score(Side.WHITE), b=match.score(Side.BLACK),
             g=len(match.results) + 1, c=match.completed, n=match.length)
