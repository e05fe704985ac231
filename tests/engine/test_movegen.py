"""The bräde and backgammon generator's own contract (engine.movegen): the dice it
accepts, the double-six first roll recorded only where the rule asks, ``Board``'s steps
taken back exactly, and every listed turn made of single-die steps (T-2) using the roll
(T-3's four steps of a double), each result listed once.  (Which plays the obligation
keeps is in test_properties.py, the backgammon fast path against gnubg in
test_backgammon_gnubg.py.)"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

import pytest

from engine import rules as registry
from engine.errors import DiceError
from engine.movegen import BURST, HIT, PLAIN, Board, brade_turns, check_dice, first_roll_made
from engine.position import BAR, OFF
from engine.testing import trajectory
from engine.turn import Turn

BRADE = ["talisman", "behrens-helmfrid", "classic", "vasa", "backgammon"]


@pytest.mark.parametrize("dice", [(1,), (6,), (3, 5), (6, 6), [2, 4]])
def test_one_or_two_dice_of_one_to_six_are_accepted(dice: tuple[int, ...]) -> None:
    check_dice(dice)


@pytest.mark.parametrize("dice", [(), (0, 3), (7, 1), (1, 2, 3), "12", (True, 2), (2.0, 3),
                                  None])
def test_anything_else_is_a_dice_error(dice: object) -> None:
    with pytest.raises(DiceError):
        check_dice(dice)  # type: ignore[arg-type]
    rules = registry.get("talisman")
    with pytest.raises(DiceError):
        brade_turns(rules, rules.start(), dice)  # type: ignore[arg-type]


def test_the_first_roll_is_recorded_only_under_double_six() -> None:
    plain = registry.get("talisman")
    start = plain.start()
    assert first_roll_made(plain, start) is start
    rules = registry.get("talisman+double_six")
    made = first_roll_made(rules, rules.start())
    assert made.first == rules.start().first | {made.turn}
    assert first_roll_made(rules, made) is made  # once made, nothing more to record
    # Every turn of the mover's first roll carries it on.
    for turn in brade_turns(rules, rules.start(), (3, 1)):
        assert start.turn in turn.position.first


def kind(step_hit: bool, step_burst: bool) -> int:
    return BURST if step_burst else HIT if step_hit else PLAIN


@pytest.mark.parametrize("name", BRADE)
def test_steps_pushed_and_popped_leave_the_board_as_it_was(name: str) -> None:
    rules = registry.get(name)
    checked = 0
    for pos, _, turns in islice(trajectory(rules, random.Random(5)), 60):
        board = Board(rules, pos)
        before = (board.counts(), board.key())
        for turn in turns[:6]:
            if turn.special is not None:
                continue
            for s in turn.steps:
                board.push(s.frm, s.to, kind(s.hit, s.burst))
            if turn.outcome is None:
                assert board.position(pos) == turn.position, turn.text
            for _ in turn.steps:
                board.pop()
            assert (board.counts(), board.key()) == before, turn.text
            checked += 1
    assert checked > 100


def used_dice(turn: Turn) -> Counter[int]:
    return Counter(s.die for s in turn.steps)


@pytest.mark.parametrize("name", BRADE)
def test_every_turn_is_single_die_steps_within_the_roll_each_result_once(name: str) -> None:
    rules = registry.get(name)
    doubles = 0
    for pos, dice, turns in islice(trajectory(rules, random.Random(11)), 120):
        roll = Counter(dice * 2 if dice[0] == dice[1] else dice)  # T-3: a double twice over
        results = Counter((t.position, t.outcome) for t in turns)
        assert max(results.values()) == 1, (pos.format(), dice)
        for turn in turns:
            if turn.special is not None:
                continue
            assert not used_dice(turn) - roll, (pos.format(), dice, turn.text)
            for s in turn.steps:  # T-2: each step moves one checker by its die
                if s.to == OFF:  # a die may be larger than needed, never smaller (B-16)
                    assert s.frm + s.die >= OFF, turn.text
                    if rules.bearoff == "exact":
                        assert s.frm + s.die == OFF, turn.text
                else:
                    assert s.to == s.frm + s.die and s.to != BAR, turn.text
        doubles += dice[0] == dice[1]
    assert doubles > 3


def test_a_double_is_played_four_times_where_it_can_be() -> None:
    """T-3: from the start a 1-1 in talisman has plays of four steps, none of more."""
    rules = registry.get("talisman")
    turns = brade_turns(rules, rules.start(), (1, 1))
    assert turns and {len(t.steps) for t in turns if t.special is None} == {4}
    two = brade_turns(rules, rules.start(), (1, 2))
    assert {len(t.steps) for t in two} == {2}


def test_one_die_is_one_step() -> None:
    rules = registry.get("talisman")
    assert {len(t.steps) for t in brade_turns(rules, rules.start(), (4,))} == {1}
