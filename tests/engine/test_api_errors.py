"""Issue 14, item 6: the engine's public entry points raise only the project's own errors
(``engine.errors``) on bad input, and leave the state as it was."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import rules as registry
from engine.errors import DiceError, EngineError, GameError, PositionError, RulesError
from engine.game import Game
from engine.generators import legal_turns
from engine.position import Geometry, Position, parse_position

PROFILE = settings(max_examples=150, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])

# -- the cases the review found ----------------------------------------------------------


def test_unicode_digits_are_a_position_error() -> None:
    base = "white=1x15 black=1x15 turn=white"
    for text in (f"{base} streak=²", f"{base} onedie=١", "white=1x1٥ black=1x15 turn=white",
                 "white=²x15 black=1x15 turn=white", f"{base} general=٣-1"):
        with pytest.raises(PositionError):
            parse_position(text)
    assert parse_position(f"{base} streak=2").streak == 2


def _snapshot(g: Game) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


@pytest.mark.parametrize("dice", [(7, 0), (0,), (1, 2, 3), (True, 2), ("3", "4"), (2.0, 1),
                                  5, "5-2", (), (6, -1)])
def test_a_bad_roll_is_a_dice_error_and_changes_nothing(dice: Any) -> None:
    g = Game.new("talisman", seed=1)
    g.opening()
    before = _snapshot(g)
    with pytest.raises((DiceError, GameError)):
        g.roll(dice=dice)
    assert _snapshot(g) == before and g.phase == "roll"
    g.roll(dice=(3, 1))  # and the game goes on
    assert g.phase == "move"


def test_from_json_with_a_wrong_ruleset_or_history_type_is_a_game_error() -> None:
    g = Game.new("talisman", seed=2)
    g.opening()
    data = g.to_json()
    for change in ({"rules": 5}, {"rules": None}, {"rules": ["talisman"]}, {"history": []},
                   {"history": {"white": {}}}, {"events": {}}, {"events": [1]},
                   {"seed": "x"}, {"seed": 5}, {"seed": "ab" * 31}, {"drawn": -1},
                   {"drawn": "3"}, {"dice": [7, 0], "phase": "move"}, {"phase": "over"},
                   {"position": 3}, {"history": {"white": [], "black": []}}):
        with pytest.raises(GameError) as e:
            Game.from_json({**data, **change})
        assert e.value.key == "game.bad_json"
    assert Game.from_json(json.loads(json.dumps(data))).position == g.position


def test_rules_get_refuses_non_text() -> None:
    for name in (5, None, ["talisman"], b"talisman"):
        with pytest.raises(RulesError):
            registry.get(name)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        registry.get("talisman", [3])  # type: ignore[list-item]


def test_legal_turns_refuses_bad_dice() -> None:
    rules = registry.get("talisman")
    for dice in ((7, 0), (True, 1), (), (1, 2, 3), None):
        with pytest.raises(DiceError):
            legal_turns(rules, rules.start(), dice)  # type: ignore[arg-type]


# -- hypothesis: hostile texts, stored games, dice ----------------------------------------

_PIECES = ["white=", "black=", "turn=", "white", "black", "1x15", "bar", "off", "x", ",",
           " ", "=", "streak=", "onedie=", "pasch=", "general=", "entered=", "first=",
           "column=", "²", "١", "-", "24", "0", "999", "1x", "\u00a0", "\n", "ut", "b"]


@PROFILE
@given(st.lists(st.sampled_from(_PIECES), max_size=14) | st.text(max_size=60).map(lambda t: [t]),
       st.sampled_from(list(Geometry)))
def test_position_text_parses_or_is_a_position_error(pieces: list[str], g: Geometry) -> None:
    text = "".join(pieces)
    try:
        pos = parse_position(text, g)
    except PositionError:
        return
    assert Position.parse(pos.format(), g) == pos


@PROFILE
@given(st.text(max_size=30))
def test_a_valid_position_with_a_hostile_field_is_a_position_error(value: str) -> None:
    for key in ("streak", "onedie", "pasch", "general", "entered", "first", "column"):
        text = f"white=1x15 black=1x15 turn=white {key}={value}"
        try:
            parse_position(text)
        except PositionError:
            pass


def _stored_games() -> list[dict[str, Any]]:
    out = []
    for rules, seed in (("talisman+double_six", 3), ("classic", 4), ("puff-kontrar", 5),
                        ("backgammon", 6)):
        g = Game.new(rules, seed=seed)
        g.opening()
        rng = random.Random(seed)
        for _ in range(6):
            if g.is_over:
                break
            if g.phase == "roll":
                g.roll()
            if g.phase == "choose":
                g.choose_roll(g.roll_choices[0])
            if g.phase == "move":
                g.play_turn(rng.choice(g.legal_turns))
        out.append(json.loads(json.dumps(g.to_json())))
    return out


STORED = _stored_games()
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10**20) | st.text(max_size=8)
                     | st.floats(allow_nan=True), lambda c: st.lists(c, max_size=3)
                     | st.dictionaries(st.text(max_size=5), c, max_size=3), max_leaves=6)


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            found += _paths(v, (*prefix, k))
    elif isinstance(obj, list) and len(obj) < 8:
        for i, v in enumerate(obj):
            found += _paths(v, (*prefix, i))
    return found


@PROFILE
@given(st.sampled_from(range(len(STORED))), st.data())
def test_a_mutated_stored_game_loads_or_is_a_game_error(which: int, data: st.DataObject) -> None:
    stored = copy.deepcopy(STORED[which])
    paths = [p for p in _paths(stored) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        holder = stored
        try:
            for k in path[:-1]:
                holder = holder[k]
            if data.draw(st.booleans()) and isinstance(holder, dict):
                holder.pop(path[-1], None)
            else:
                holder[path[-1]] = data.draw(_JSON)
        except (KeyError, IndexError, TypeError):
            continue
    try:
        g = Game.from_json(stored)
    except GameError:
        return
    # What loads is a usable game: its actions raise only the engine's own errors.
    try:
        g.can_resign(g.turn)
        if g.phase == "roll":
            g.roll()
        if g.phase == "move":
            _ = g.legal_turns
    except EngineError:
        pass


@PROFILE
@given(st.one_of(st.tuples(st.integers(-3, 9), st.integers(-3, 9)), st.tuples(st.integers(-3, 9)),
                 st.lists(st.integers(0, 7), max_size=4), st.text(max_size=4), st.none(),
                 st.tuples(st.booleans(), st.booleans()), st.tuples(st.floats(), st.floats())))
def test_any_forced_dice_roll_or_are_refused_unchanged(dice: Any) -> None:
    g = Game.new("talisman", seed=7)
    g.opening()
    before = _snapshot(g)
    try:
        g.roll(dice=dice)
    except EngineError:
        assert _snapshot(g) == before
        return
    assert g.phase in ("move", "roll") and g.events[-1]["type"] in ("roll", "forfeit")
    assert all(type(d) is int and 1 <= d <= 6 for d in g.events[-1]["dice"])


def test_choose_roll_with_garbage_is_a_game_error() -> None:
    g = Game.new("puff-kontrar+generalpasch", seed=3)
    g.opening()
    assert g.position.general is not None
    g.roll(dice=g.position.general)
    for bad in (None, 5, "66", (7, 7), (True, True)):
        with pytest.raises(GameError):
            g.choose_roll(bad)  # type: ignore[arg-type]
    assert g.phase == "choose"

