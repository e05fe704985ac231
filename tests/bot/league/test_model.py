"""The values a tournament is made of (bot.league.model): JSON round trips, what a
pairing says about its players, and a round's completeness."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from bot.league.model import Pairing, Player, Round, Status

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def test_a_player_round_trips_and_fills_defaults() -> None:
    p = Player("11", "Anna", 1620.5, 2, True)
    assert Player.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert Player.from_json({"id": 12, "name": "Bertil"}) == Player("12", "Bertil")


def test_a_round_round_trips_through_json_with_its_times() -> None:
    r = Round(2, [Pairing("2.1", 2, 1, "a", "b", Status.DONE, "b", 1, 3, walkover=False,
                          set_by_organiser=True, reminded=True, ref="thread:9"),
                  Pairing("2.2", 2, 2, "c", None, Status.BYE)],
              opened_at=T0, deadline=T0 + timedelta(days=3))
    back = Round.from_json(json.loads(json.dumps(r.to_json())))
    assert back == r
    assert back.deadline is not None and back.deadline.tzinfo is not None
    scheduled = Round.from_json(Round(3).to_json())
    assert scheduled.opened_at is None and not scheduled.is_open


def test_a_pairing_knows_its_players_loser_and_points() -> None:
    m = Pairing("1.1", 1, 1, "a", "b", Status.DONE, "a", 3, 1)
    assert m.players == ("a", "b") and not m.is_bye and m.decided
    assert m.loser == "b"
    assert m.opponent("a") == "b" and m.opponent("b") == "a" and m.opponent("z") is None
    assert (m.points_of("a"), m.points_of("b"), m.points_of("z")) == (3, 1, 0)


def test_no_loser_until_decided_nor_in_a_double_forfeit_or_a_bye() -> None:
    assert Pairing("1", 1, 1, "a", "b").loser is None
    assert Pairing("1", 1, 1, "a", "b", Status.DONE, None, walkover=True).loser is None
    bye = Pairing("2", 1, 2, "c", None, Status.BYE)
    assert bye.players == ("c",) and bye.is_bye and bye.decided and bye.loser is None
    assert bye.opponent("c") is None


def test_a_round_is_complete_when_nothing_is_pending() -> None:
    r = Round(1, [Pairing("1", 1, 1, "a", "b"), Pairing("2", 1, 2, "c", None, Status.BYE)])
    assert not r.complete
    r.pairings[0].status = Status.CANCELLED
    assert r.complete
    assert Round(5).complete  # nothing to play
