"""The puff evaluation (engine.ai.puff_eval) as a model: the same for either colour,
blots priced where the opponent can reach them (P-2: bands are never hit), a run of
bands priced only when it stands before the runner (P-2's bro), its knobs taking
effect, and every value within the points a game can be worth (P-6: at most ×3).
(That it knows puff's race, pasch tempo and ×2/×3 is in test_agents.py.)"""

from __future__ import annotations

import random

import pytest

from engine import rules as registry
from engine.ai.puff_eval import DEFAULT_PUFF, PuffWeights, puff_white_value
from engine.position import Position
from engine.puff import random_turn

KONTRAR = registry.get("puff-kontrar")


def value(text: str, weights: PuffWeights = DEFAULT_PUFF) -> float:
    return puff_white_value(KONTRAR, KONTRAR.parse_position(text), weights)


@pytest.mark.parametrize(("white", "black"), [
    ("5x3,13x4,20x8", "2x5,3x5,9,10,11,14,15"),
    ("bar,3x2,13x4,20x8", "2x5,3x5,9,10,11,14,15"),
    ("24x3,offx12", "bar,3,24x13"),
])
@pytest.mark.parametrize("pasch", ["", " pasch=white"])
def test_swapping_the_colours_negates_the_value(white: str, black: str, pasch: str) -> None:
    """Each side's checkers are written in its own numbering, so the mirror image of a
    position is the same text with the colours swapped (konträr puff is symmetric)."""
    swapped_pasch = pasch.replace("white", "black")
    assert value(f"white={white} black={black} turn=white{pasch}") == pytest.approx(
        -value(f"white={black} black={white} turn=black{swapped_pasch}"))


def test_blots_in_reach_cost_what_a_band_of_them_does_not() -> None:
    """Same pips: two blots on 12 and 14 in front of Black's checkers, or a band on 13."""
    blots = value("white=12,14,19x13 black=8x5,9x5,10x5 turn=black")
    band = value("white=13x2,19x13 black=8x5,9x5,10x5 turn=black")
    assert blots < band


PRIME = "white=3x3,7x4,20x8 black=9x2,10x2,11x2,12x2,13x2,14x2,2x3 turn=white"
SPREAD = "white=3x3,7x4,20x8 black=9x2,11x2,13x2,15x2,17x2,19x2,2x3 turn=white"


def test_a_prime_before_the_runners_holds_them_back() -> None:
    """Black's six bands in a row (its own 9-14, White's 16-11) stand before White's
    runners on 3 and 7; the same bands spread out (and further home) do not."""
    assert value(PRIME) < 0 < value(SPREAD)
    heavier = PuffWeights(prime6=DEFAULT_PUFF.prime6 * 2)
    assert value(PRIME, heavier) < value(PRIME)
    assert value(SPREAD, heavier) == value(SPREAD)  # no run of six there


def test_the_weights_object_values_with_itself() -> None:
    pos = KONTRAR.parse_position(PRIME)
    knobs = PuffWeights(hit_weight=0.1, prime5=0.0)
    assert knobs.white_value(KONTRAR, pos) == puff_white_value(KONTRAR, pos, knobs)
    assert DEFAULT_PUFF.white_value(KONTRAR, pos) == value(PRIME)


@pytest.mark.parametrize("rules_id", ["puff-lang", "puff-kontrar", "puff-dubbel-kontrar"])
def test_values_stay_within_what_a_game_can_be_worth(rules_id: str) -> None:
    rules = registry.get(rules_id)
    rng = random.Random(rules_id)
    pos: Position = rules.start()
    for _ in range(150):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = random_turn(rules, pos, dice, rng)
        pos = rules.start() if turn.outcome is not None else turn.position
        assert -3.0 <= puff_white_value(rules, pos) <= 3.0, pos.format()
