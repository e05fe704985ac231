"""Profiles: record by ruleset and ways of winning, counted from finished games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.league.profile import GameSummary, build_profile, count_dice, way_of
from engine.position import Side
from engine.turn import Outcome

T0 = datetime(2026, 11, 1, tzinfo=UTC)


def game(i: int, rules: str, winner: Side, kind: str, points: int, munk: bool = False,
         white: str = "me", black: str | None = "you") -> GameSummary:
    return GameSummary.of("me", game_id=str(i), rules=rules, white=white, black=black,
                          outcome=Outcome(kind, points, munk, winner),
                          finished_at=T0 + timedelta(hours=i))


def test_profile_counts_ways_and_rulesets() -> None:
    games = [
        game(1, "talisman", Side.WHITE, "jan", 2),
        game(2, "talisman+ny2", Side.WHITE, "hemspel", 5, munk=True),
        game(3, "talisman", Side.BLACK, "sprangjan", 4),  # a loss
        game(4, "classic", Side.BLACK, "trappspel", 2, white="you", black="me"),
        game(5, "vasa", Side.WHITE, "sprangjan", 6),
        game(6, "backgammon", Side.BLACK, "gammon", 2, white="you", black="me"),
    ]
    p = build_profile(games, recent=3)
    assert (p.games, p.wins, p.losses) == (6, 5, 1)
    assert p.by_rules == {"talisman": [2, 1], "classic": [1, 0], "vasa": [1, 0],
                          "backgammon": [1, 0]}
    assert p.ways == {"hemspel": 1, "vackert": 1, "munk": 1, "jan": 1, "sprangjan": 1,
                      "resign": 0, "gammon": 1}
    assert [g.game_id for g in p.recent] == ["6", "5", "4"]
    assert p.points_won == 2 + 5 + 2 + 6 + 2 and p.points_lost == 4
    assert p.recent[0].opponent == "you"


def test_every_beautiful_game_is_vackert() -> None:
    for kind in ("enkelt-kronspel", "dubbelt-kronspel", "trappspel", "uppspel", "kejsarspel"):
        assert way_of(kind) == "vackert"
    assert way_of("jan") == "jan"


def test_computer_opponent_and_empty_profile() -> None:
    g = game(1, "talisman", Side.BLACK, "hemspel", 1, white="me", black=None)
    p = build_profile([g])
    assert p.losses == 1 and g.opponent is None and not g.rated
    assert build_profile([]).games == 0


def test_a_members_dice_are_their_own_rolls() -> None:
    """Each game's events in order; the member plays white in game 1, black in game 2;
    backgammon's first roll (the teka's dice) and the teka are not theirs."""
    me, you = 7, 8
    events = [
        (1, me, "talisman", "teka", {"white": 3, "black": 5}),
        (1, me, "talisman", "start", {"starter": "white"}),
        (1, me, "talisman", "roll", {"side": "white", "dice": [4, 4]}),
        (1, me, "talisman", "roll", {"side": "black", "dice": [6, 6]}),
        (1, me, "talisman", "roll", {"side": "white", "dice": [2, 1]}),
        (1, me, "talisman", "roll", {"side": "white", "dice": [6]}),  # a one-die roll
        (2, you, "backgammon", "teka", {"white": 2, "black": 5}),
        (2, you, "backgammon", "start", {"starter": "black"}),
        (2, you, "backgammon", "roll", {"side": "black", "dice": [5, 2]}),  # the teka's
        (2, you, "backgammon", "roll", {"side": "white", "dice": [3, 3]}),
        (2, you, "backgammon", "roll", {"side": "black", "dice": [1, 1]}),
        (3, you, "backgammon", "start", {"starter": "black"}),  # a match's later game
        (3, you, "backgammon", "roll", {"side": "black", "dice": [6, 5]}),
    ]
    d = count_dice(events, me)
    assert (d.rolls, d.doubles, d.dice) == (4, 2, 9)
    assert d.faces == [3, 1, 0, 2, 1, 2]
    assert count_dice(events, you).rolls == 2 and count_dice([], me).dice == 0
