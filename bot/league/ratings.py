"""Per-server ratings: OpenSkill's Weng–Lin Plackett–Luce model, on an Elo-like scale.

Why OpenSkill and not the ``glicko2`` package: that package's volatility step computes
f(x) with the rating μ where Glickman's paper has the deviation φ (``_f`` in its
``glicko2.py``), so its volatilities are wrong, and it has one stale maintainer.
OpenSkill (PyPI ``openskill``) is actively released, typed, and its Weng–Lin update is
closed-form (no iteration), so a two-player update is exact and instant.
docs/league.md gives the full reasoning.

The library's defaults (μ 25, σ 25/3, β 25/6, τ 25/300) are multiplied by 60, which
gives numbers players know from chess: a newcomer shows 1500, a first win against
another newcomer moves about 160 points, and the steps shrink as σ falls.  The ratio of
every parameter is the library's own, so its behaviour is unchanged.

A state is a frozen ``Rating`` that turns into a plain dict for the store; the update is
a pure function of two states and who won.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from bot.league.errors import LeagueError

SCALE = 60.0
MU = 25.0 * SCALE  # 1500
SIGMA = 25.0 / 3.0 * SCALE  # 500
BETA = 25.0 / 6.0 * SCALE  # 250
TAU = 25.0 / 300.0 * SCALE  # 5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True, slots=True)
class Rating:
    """One member's rating on one server: the skill estimate μ, its uncertainty σ."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0
    losses: int = 0

    @property
    def display(self) -> int:
        """The number shown on profiles: the estimate itself, rounded."""
        return round(self.mu)

    @property
    def conservative(self) -> float:
        """μ − 3σ: sort leaderboards by this, so one lucky win does not top the table."""
        return self.mu - 3.0 * self.sigma

    @property
    def provisional(self) -> bool:
        """Still uncertain (σ above 60 % of a newcomer's): the rating is said to be
        provisional."""
        return self.sigma > 0.6 * SIGMA

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Rating:
        """A stored state; ``None`` or ``{}`` is a newcomer."""
        if not d:
            return cls()
        try:
            r = cls(float(d["mu"]), float(d["sigma"]), int(d.get("games", 0)),
                    int(d.get("wins", 0)), int(d.get("losses", 0)))
        except (KeyError, TypeError, ValueError) as e:
            raise LeagueError("league.bad_rating", problem=str(e) or type(e).__name__) from e
        if not r.sigma > 0 or min(r.games, r.wins, r.losses) < 0:
            raise LeagueError("league.bad_rating", problem="sigma must be positive")
        return r


def rate(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """Both states after one rated game ``winner`` won: ``(new_winner, new_loser)``.

    One rated game is one result; the points it was worth do not weigh it (a jan is a
    win like a hemspel), because the rating measures who wins, not by how much.
    """
    w = _MODEL.rating(mu=winner.mu, sigma=winner.sigma)
    lo = _MODEL.rating(mu=loser.mu, sigma=loser.sigma)
    [[w2], [l2]] = _MODEL.rate([[w], [lo]], ranks=[1, 2])
    return (replace(winner, mu=w2.mu, sigma=w2.sigma, games=winner.games + 1,
                    wins=winner.wins + 1),
            replace(loser, mu=l2.mu, sigma=l2.sigma, games=loser.games + 1,
                    losses=loser.losses + 1))


def rate_game(a: Rating, b: Rating, a_won: bool) -> tuple[Rating, Rating]:
    """``(new_a, new_b)`` after a game between ``a`` and ``b``, in the caller's order."""
    if a_won:
        return rate(a, b)
    new_b, new_a = rate(b, a)
    return new_a, new_b


def win_probability(a: Rating, b: Rating) -> float:
    """The model's chance that ``a`` beats ``b`` (for a profile's "expected" line)."""
    pa = _MODEL.rating(mu=a.mu, sigma=a.sigma)
    pb = _MODEL.rating(mu=b.mu, sigma=b.sigma)
    return float(_MODEL.predict_win([[pa], [pb]])[0])


def leaderboard(ratings: dict[str, Rating], limit: int | None = None) -> list[tuple[str, Rating]]:
    """Members ordered by the conservative value, then by games played, then by id."""
    order = sorted(ratings.items(), key=lambda kv: (-kv[1].conservative, -kv[1].games, kv[0]))
    return order[:limit] if limit is not None else order
