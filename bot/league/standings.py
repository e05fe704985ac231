"""Standings and tie-breaks (definitions in docs/league.md, "Tie-breaks").

Score: a match win 1 (a walkover win too), a loss 0, a Swiss bye 1, a round-robin bye 0
(everyone in an odd round robin sits out once, so it changes no order).

- Buchholz: the sum of the final scores of the opponents met (a walkover counts its
  scheduled opponent).  A Swiss bye counts as a game against a virtual opponent whose
  score is the player's own final score, so sitting out neither helps nor harms the
  tie-break (docs/league.md, "Byes in the tie-breaks").
- Median-Buchholz: Buchholz without the highest and the lowest of those scores, when
  there are at least three of them (with fewer there is nothing to trim).
- Sonneborn–Berger (round robin): the sum of the scores of the opponents beaten.
- Game-point difference: game points won minus lost over all matches.

Knockout places: the winner 1, the finalist 2, the losers of round r share the place
just below everyone who went further (3, 5, 9, ...), ordered by seed within.  Players
still in share first place: a finished knockout whose final was not played has no
single winner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.league.model import Format, Pairing, Player, Status

TIEBREAKS = ("buchholz", "median_buchholz")


@dataclass
class Standing:
    player: str
    name: str
    seed: int
    place: int = 0
    score: float = 0.0
    played: int = 0  # matches over the board (not byes, not walkovers)
    wins: int = 0
    losses: int = 0
    byes: int = 0
    walkovers: int = 0  # won without playing
    buchholz: float = 0.0
    median_buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    points_for: int = 0
    points_against: int = 0
    withdrawn: bool = False
    eliminated_in: int | None = None  # knockout: the round lost, None while still in
    opponents: list[str] = field(default_factory=list)

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in (
            "player", "name", "seed", "place", "score", "played", "wins", "losses", "byes",
            "walkovers", "buchholz", "median_buchholz", "sonneborn_berger", "points_for",
            "points_against", "withdrawn", "eliminated_in", "opponents")}


def tally(players: Iterable[Player], pairings: Iterable[Pairing], fmt: Format) -> dict[str, Standing]:
    """Scores and tie-break values, not yet ordered."""
    table = {p.id: Standing(p.id, p.name, p.seed, withdrawn=p.withdrawn) for p in players}
    decided = [p for p in pairings if p.status in (Status.DONE, Status.BYE)]
    beaten: dict[str, list[str]] = {pid: [] for pid in table}
    for m in decided:
        if m.status is Status.BYE:
            s = table[m.a]
            s.byes += 1
            if fmt is Format.SWISS:
                s.score += 1
            continue
        assert m.b is not None
        for me, other in ((m.a, m.b), (m.b, m.a)):
            s = table[me]
            s.opponents.append(other)
            s.points_for += m.points_of(me)
            s.points_against += m.points_of(other)
            if m.winner == me:
                s.score += 1
                s.wins += 1
                beaten[me].append(other)
                if m.walkover:
                    s.walkovers += 1
            else:
                s.losses += 1
                if fmt is Format.SINGLE_ELIMINATION and s.eliminated_in is None:
                    s.eliminated_in = m.round
            if not m.walkover:
                s.played += 1
    for s in table.values():
        # A Swiss bye: a virtual opponent with the player's own final score.
        virtual = [s.score] * s.byes if fmt is Format.SWISS else []
        scores = sorted([table[o].score for o in s.opponents] + virtual)
        s.buchholz = sum(scores)
        s.median_buchholz = sum(scores[1:-1]) if len(scores) >= 3 else sum(scores)
        s.sonneborn_berger = sum(table[o].score for o in beaten[s.player])
    return table


def order(table: dict[str, Standing], fmt: Format, tiebreak: str = "buchholz") -> list[Standing]:
    """The standings in order, with places filled in."""
    rows = list(table.values())
    if fmt is Format.SINGLE_ELIMINATION:
        # Still in (None) sorts first, then the later the elimination the better.
        rows.sort(key=lambda s: (-(s.eliminated_in or 10_000), -s.wins, s.seed))
        place = 0
        prev: int | None = None
        for i, s in enumerate(rows, 1):
            key = s.eliminated_in or 10_000
            if key != prev:
                place, prev = i, key
            s.place = place
        return rows
    keys = criteria(fmt, tiebreak)
    rows.sort(key=lambda s: (-s.score, *(_key(s, k) for k in keys)))
    for i, s in enumerate(rows, 1):
        s.place = i
    return rows


def criteria(fmt: Format, tiebreak: str = "buchholz") -> tuple[str, ...]:
    """What separates equal scores, in order (none in a knockout, which has places); the
    last, the seed, always separates two players."""
    if fmt is Format.SWISS:
        other = "median_buchholz" if tiebreak == "buchholz" else "buchholz"
        return (tiebreak, other, "point_difference", "seed")
    if fmt is Format.ROUND_ROBIN:
        return ("sonneborn_berger", "point_difference", "seed")
    return ()


def _key(s: Standing, criterion: str) -> float:
    value = float(getattr(s, criterion))
    return value if criterion == "seed" else -value


def decided_by(first: Standing, second: Standing, fmt: Format,
               tiebreak: str = "buchholz") -> str | None:
    """The criterion that put ``first`` above ``second`` when their scores are equal
    (None when the score did, or in a knockout): the text names it beside the winner."""
    if fmt is Format.SINGLE_ELIMINATION or first.score != second.score:
        return None
    for k in criteria(fmt, tiebreak):
        if getattr(first, k) != getattr(second, k):
            return k
    return None
