"""Properties over random legal game trajectories, in every ruleset (hypothesis)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import rules as registry
from engine.__main__ import play_random_game
from engine.game import Game
from engine.generators import legal_turns
from engine.notation import parse_play
from engine.position import Position
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

RULESETS = ["talisman", "behrens-helmfrid", "classic", "vasa", "backgammon",
            "talisman+double_six", "classic+easy_reentry+double_six"]
PROFILE = settings(max_examples=12, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


def trajectory(rules: RuleSet, seed: int, max_turns: int = 400
               ) -> Iterator[tuple[Position, tuple[int, ...], list[Turn]]]:
    """Positions, rolls and legal turns along one random game."""
    rng = random.Random(seed)
    pos = rules.start().with_turn(rng.choice(list(rules.start().turn.__class__)))
    for _ in range(max_turns):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns = legal_turns(rules, pos, dice)
        yield pos, dice, turns
        t = rng.choice(turns)
        if t.outcome is not None:
            return
        pos = t.position


def check_board(rules: RuleSet, pos: Position) -> None:
    assert sum(pos.white) == 15 and sum(pos.black) == 15
    assert all(c >= 0 for c in pos.white + pos.black)
    assert Position.parse(pos.format(), pos.geometry) == pos  # one colour per point
    if rules.is_brade:
        for side in (pos.white, pos.black):
            for p in range(2, 12):
                if side[p] >= 2:
                    assert p == 7 and pos.column is not None, pos.format()


def check_obligation(rules: RuleSet, dice: tuple[int, ...], turns: list[Turn]) -> None:
    plain = [t for t in turns if t.special is None and t.outcome is None]
    if not plain:
        return
    if rules.usage == "max_pips" and rules.cut is None:
        pips = {_pips(t) for t in turns if t.special is None}
        assert len(pips) == 1, [(t.text, _pips(t)) for t in turns]
    if rules.usage in ("max_dice", "bg"):
        counts = {len(t.steps) for t in plain}
        assert len(counts) == 1
        if counts == {1} and dice[0] != dice[1]:
            dies = {t.steps[0].die for t in plain}
            assert len(dies) == 1


def _pips(t: Turn) -> int:
    return sum((25 - s.frm if s.to == 25 else s.to - s.frm) for s in t.steps)


@pytest.mark.parametrize("name", RULESETS)
@PROFILE
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=430)  # reached the two orders of a hit and a burst (READ_BACK below)
@example(seed=1036)
def test_trajectory_invariants(name: str, seed: int) -> None:
    rules = registry.get(name)
    for n, (pos, dice, turns) in enumerate(trajectory(rules, seed)):
        check_board(rules, pos)
        assert turns
        keys = [(t.position, t.outcome) for t in turns]
        assert len(keys) == len(set(keys))  # deduplicated
        check_obligation(rules, dice, turns)
        for t in turns:
            check_board(rules, t.position)
            assert t.position.turn is pos.turn.other
        # Notation round-trips: sampled (parsing is the slow part), but every turn where
        # two listed turns end on the same board (two orders of the same steps with two
        # wins, B-34: the typed order decides, "Move text").
        shared = len({t.position for t in turns}) < len(turns)
        if n % 5 == 0 or shared:
            for t in turns if shared else turns[:4]:
                back = parse_play(rules, pos, dice, t.text, turns)
                assert back.position == t.position and back.outcome == t.outcome, (
                    pos.format(), dice, t.text, back.text)


#: Games on which a listed turn once read back as the other order of its steps, with the
#: other win: burst-then-hit typed, hit-then-burst (sprängjan, B-34) validated, where B-12
#: lets the band be burst before the hit and after it.  Found by the property above (seeds
#: 430 and 1036) and by running it over seeds 0..2999 of every ruleset.
READ_BACK = [("classic+easy_reentry+double_six", 430), ("classic+easy_reentry+double_six", 1036),
             ("talisman", 432), ("talisman", 2132), ("talisman", 2369), ("vasa", 1151),
             ("vasa", 2123), ("vasa", 2896), ("vasa", 2976)]


@pytest.mark.parametrize(("name", "seed"), READ_BACK)
def test_every_listed_turn_reads_back_as_itself(name: str, seed: int) -> None:
    """Every listed turn at every step of these games, typed back as its own text, is
    that very turn (steps, position and outcome)."""
    rules = registry.get(name)
    for pos, dice, turns in trajectory(rules, seed):
        for t in turns:
            assert parse_play(rules, pos, dice, t.text, turns) == t, (pos.format(), dice, t.text)


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_game_json_round_trip_and_replay(name: str, seed: int) -> None:
    a = play_random_game(name, random.Random(seed))
    assert a.outcome is not None
    b = play_random_game(name, random.Random(seed))
    assert a.events == b.events
    data = json.loads(json.dumps(a.to_json()))
    assert Game.from_json(data).to_json() == a.to_json()
