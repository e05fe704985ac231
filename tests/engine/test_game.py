"""The game state machine: teka, rolls, forfeits, resignation, one-die rule, storage."""

from __future__ import annotations

import json
import random

import pytest

from engine import rules as registry
from engine.__main__ import play_random_game
from engine.errors import GameError, IllegalMove
from engine.game import Game
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome


def test_teka_lower_die_starts_in_brade_and_ties_reroll() -> None:
    for seed in range(40):
        g = Game.new("talisman", seed=seed)
        w, b = g.opening()
        assert w != b
        assert g.turn is (Side.WHITE if w < b else Side.BLACK)
        tekas = [e for e in g.events if e["type"] == "teka"]
        assert all(e["white"] == e["black"] for e in tekas[:-1])
        assert g.phase == "roll"


def test_backgammon_opening_dice_are_the_first_roll() -> None:
    for seed in range(10):
        g = Game.new("backgammon", seed=seed)
        w, b = g.opening()
        assert g.turn is (Side.WHITE if w > b else Side.BLACK)
        assert g.phase == "move" and g.dice == (max(w, b), min(w, b))


def test_actions_out_of_phase_are_refused_and_change_nothing() -> None:
    g = Game.new("talisman", seed=3)
    with pytest.raises(GameError) as e:
        g.roll()
    assert e.value.key == "game.opening_pending"
    g.opening()
    before = json.dumps(g.to_json())
    with pytest.raises(GameError) as e:
        g.play("1/6 6/8")
    assert e.value.key == "game.roll_first"
    assert json.dumps(g.to_json()) == before
    g.roll(dice=(5, 2))
    with pytest.raises(GameError):
        g.roll()
    snapshot = json.dumps(g.to_json())
    with pytest.raises(IllegalMove):
        g.play("1/7")
    assert json.dumps(g.to_json()) == snapshot
    turn = g.play("1/8")
    assert turn.text == "1/6 6/8"
    assert g.phase == "roll" and g.turn is turn.position.turn


def test_forced_forfeit_is_automatic_and_recorded() -> None:
    g = Game.new("talisman", seed=1)
    g.opening()
    g.position = registry.get("talisman").parse_position(
        f"white=bar,1x2,2,20x11 black=1x15 turn={g.turn.value}")
    if g.turn is Side.BLACK:
        g.position = registry.get("talisman").parse_position(
            "white=1x15 black=bar,1x2,2,20x11 turn=black")
    mover = g.turn
    g.roll(dice=(1, 2))
    assert g.events[-1]["type"] == "forfeit" and g.events[-1]["moves"] == "-"
    assert g.turn is mover.other and g.phase == "roll"


def test_seeded_game_replays_identically_and_json_round_trips() -> None:
    a = play_random_game("talisman", random.Random(11))
    b = play_random_game("talisman", random.Random(11))
    assert a.events == b.events and a.outcome == b.outcome
    restored = Game.from_json(json.loads(json.dumps(a.to_json())))
    assert restored.to_json() == a.to_json()


def test_stored_game_continues_with_the_same_dice() -> None:
    g = Game.new("vasa", seed=5)
    g.opening()
    copy = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert g.roll() == copy.roll()


def test_corrupt_json_is_a_game_error() -> None:
    g = Game.new("talisman", seed=1).to_json()
    for broken in ({}, {**g, "position": "white=1x14 black=1x15 turn=white"},
                   {**g, "phase": "dancing"}, {**g, "rules": "chess"}, {**g, "seed": 5},
                   {k: v for k, v in g.items() if k != "seed"}):
        with pytest.raises(GameError) as e:
            Game.from_json(broken)
        assert e.value.key == "game.bad_json"


def test_resign_allowed_early_in_talisman() -> None:
    g = Game.new("talisman", seed=2)
    g.opening()
    loser = g.turn
    assert g.can_resign(loser) == (True, None)
    o = g.resign(loser)
    assert o == Outcome("resign", 1, False, loser.other, 0)
    assert g.phase == "over"
    with pytest.raises(GameError):
        g.roll()


def test_resign_refused_after_janband_b35() -> None:
    rules = registry.get("talisman")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position("white=1x12,14x2,15 black=1x15 turn=white")
    g.roll(dice=(2, 1))
    g.play_turn(g.legal_turns[0])
    ok, reason = g.can_resign(Side.WHITE)
    assert not ok and reason == "resign.janband"
    with pytest.raises(GameError) as e:
        g.resign(Side.WHITE)
    assert "janbandet" in e.value.message("sv")
    # in English the condition itself, not the jargon alone (issue 30, 11)
    assert "two or more checkers together on one of your points 13 to 24" in \
        e.value.message("en") and "quarter" not in e.value.message("en")


def test_resign_refused_after_janblotta_b35() -> None:
    """B-35: six blots with the home band standing is the janblotta."""
    rules = registry.get("talisman")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position("white=1x10,3,5,7,9,11 black=1x15 turn=white")
    assert g.can_resign(Side.WHITE) == (True, None)
    g.roll(dice=(5, 1))
    g.play("1/6 1/2")
    assert g.can_resign(Side.WHITE) == (False, "resign.janblotta")
    assert g.can_resign(Side.BLACK) == (True, None)


def test_behrens_helmfrid_resigns_any_time() -> None:
    g = Game.new("behrens-helmfrid", starter=Side.BLACK)
    g.history[Side.BLACK].janband = True
    assert g.can_resign(Side.BLACK) == (True, None)


def test_abandon_scores_as_jan() -> None:
    g = Game.new("talisman", starter=Side.WHITE)
    o = g.abandon(Side.WHITE)
    assert (o.kind, o.points, o.winner) == ("jan", 2, Side.BLACK)


def test_one_die_rule_talisman_three_rolls() -> None:
    """B-36: a failed one-die roll obliges the next two rolls to be one-die rolls."""
    rules = registry.get("talisman")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position(
        "white=18,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white")
    assert g.one_die_available()
    g.roll(one_die=True, dice=(2,))  # 18/20 does not finish
    g.play_turn(g.legal_turns[0])
    assert g.history[Side.WHITE].onedie_owed == 2
    g.roll(dice=(6, 5))  # black
    g.play_turn(g.legal_turns[0])
    with pytest.raises(GameError) as e:
        g.roll()
    assert e.value.key == "game.one_die_owed"
    g.roll(one_die=True, dice=(1,))
    g.play_turn(g.legal_turns[0])
    assert g.history[Side.WHITE].onedie_owed == 1


def test_one_die_roll_can_win() -> None:
    rules = registry.get("talisman")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position(
        "white=18,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white")
    g.roll(one_die=True, dice=(6,))
    turn = g.play("18/24")
    assert turn.outcome is not None and turn.outcome.kind == "enkelt-kronspel"
    assert g.phase == "over"


def test_one_die_not_offered_without_chance_or_in_vasa() -> None:
    g = Game.new("talisman", starter=Side.WHITE)
    assert not g.one_die_available()
    with pytest.raises(GameError):
        g.roll(one_die=True)
    v = Game.new("vasa", starter=Side.WHITE)
    v.position = v.rules.parse_position(
        "white=18,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white")
    assert not v.one_die_available()


def test_classic_one_die_option_owes_n_rolls() -> None:
    rules = registry.get("classic+one_die")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position(
        "white=18,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white")
    g.roll(one_die=True, dice=(4,))
    g.play_turn(g.legal_turns[0])
    assert g.history[Side.WHITE].onedie_owed == 4


# -- matches (M-1, M-2) ----------------------------------------------------------------


def _o(kind: str, pts: int, side: Side, tick: int = 0) -> Outcome:
    return Outcome(kind, pts, False, side, tick)


def test_match_seed_004_example_best_of_five_ny2() -> None:
    """Seed 004: A makes B jan, wins two hemspel (13–0): not over; B wins a trappspel with
    munk (13–5): B could now only win by sprängjan, so the match is over."""
    m = Match(5, "ny2")
    a, b = Side.WHITE, Side.BLACK
    m.record(_o("jan", 7, a))
    m.record(_o("hemspel", 3, a))
    m.record(_o("hemspel", 3, a))
    assert (m.score(a), m.score(b)) == (13, 0) and not m.is_over
    m.record(_o("trappspel", 5, b))
    assert m.is_over and m.winner is a


def test_match_resigned_game_extends_and_loser_starts() -> None:
    m = Match(3, "ww")
    m.record(_o("resign", 1, Side.WHITE))
    assert m.remaining == 3 and m.next_starter is Side.BLACK
    with pytest.raises(GameError):
        Match(4)


def test_match_ny1_tick_breaks_tie() -> None:
    """Seed 004: jan 2+ against two hemspel 1 + 1: level on points, the plus decides."""
    m = Match(3, "ny1")
    m.record(_o("jan", 2, Side.WHITE, 1))
    m.record(_o("hemspel", 1, Side.BLACK))
    m.record(_o("hemspel", 1, Side.BLACK))
    assert m.winner is Side.WHITE


@pytest.mark.parametrize("table, big", [("puff", 3), ("bg", 2)])
def test_match_without_jan_is_decided_by_its_largest_win(table: str, big: int) -> None:
    """Puff and backgammon have no jan: a best-of-three stays open while the trailer can
    still catch up with the largest win (house reading of M-2), and is decided once not.
    (A 3-game puff or backgammon match raised KeyError at its first result.)"""
    m = Match(3, table, family="puff" if table == "puff" else "backgammon")
    a = Side.WHITE
    m.record(_o("hemspel" if table == "puff" else "gammon", big, a))
    assert m.winner is None and not m.is_over
    m.record(_o("hemspel" if table == "puff" else "gammon", big, a))
    assert m.score(a) == 2 * big and m.remaining == 1
    # The trailer could still score 4 (puff, torn) or 3 (a backgammon) in the last game:
    assert m.is_over is (2 * big > (4 if table == "puff" else 3)) and m.winner is a


def test_match_json_round_trip() -> None:
    m = Match(5, "ny1")
    m.record(_o("jan", 2, Side.WHITE, 1))
    assert Match.from_json(json.loads(json.dumps(m.to_json()))).to_json() == m.to_json()


# -- puff in the game --------------------------------------------------------------------


def test_puff_teka_higher_starts_and_generalpasch_choice() -> None:
    """T-1: puff's higher die starts; with generalpasch the opening pair may later be
    played as any pasch (seed 002, "får ange valfri pasch")."""
    for seed in range(20):
        g = Game.new("puff-kontrar+generalpasch", seed=seed)
        w, b = g.opening()
        assert g.turn is (Side.WHITE if w > b else Side.BLACK)
        assert g.position.general == (max(w, b), min(w, b))
    general = g.position.general
    assert general is not None
    g.roll(dice=general)
    assert g.phase == "choose" and (6, 6) in g.roll_choices
    with pytest.raises(GameError) as e:
        g.play("bar/6")
    assert e.value.key == "game.choose_first"
    with pytest.raises(GameError):
        g.choose_roll((7, 7))
    g.choose_roll((6, 6))
    assert g.phase == "move" and g.dice == (6, 6)
    restored = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert restored.dice == (6, 6) and restored.phase == "move"


def test_puff_notation_reaches_a_legal_play_in_another_order() -> None:
    rules = registry.get("puff-kontrar")
    g = Game.new(rules, starter=Side.WHITE)
    g.position = rules.parse_position("white=1x14,5 black=3x12,16x2,17 turn=white")
    g.roll(dice=(4, 3))
    turn = g.play("5/8* 1/5")
    assert turn.position.black[0] == 1


def test_a_game_ahead_of_a_play_leaves_the_game_as_it_was() -> None:
    """``Game.ahead``: the game as the play leaves it (position, record, next to roll),
    the game itself unchanged, so a preview can show the board Confirm will post."""
    from engine import plays as listing

    game = Game.new(seed=3)
    game.opening()
    if game.phase == "roll":
        game.roll(dice=(5, 2))
    before = (game.position, list(game.events), game.phase, game.dice)
    turn = game.play_of(listing.listing(game.rules, game.position, game.dice)[0])
    assert turn is not None
    ahead = game.ahead(turn)
    assert (game.position, game.events, game.phase, game.dice) == before
    game.play_turn(turn)
    assert (ahead.position, ahead.events, ahead.phase) == (game.position, game.events, game.phase)
