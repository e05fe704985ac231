"""The dice derivation (docs/dice.md): test vectors, exactly 1/6 a face, the order a game
draws its dice in, the stored game's dice, and the games stored before fair dice."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import json
import random
import re
from pathlib import Path

import pytest

from engine.dice import (
    DIE_LIMIT,
    FairDice,
    LegacyDice,
    commitment,
    die_of,
    seed_bytes,
    stream_block,
)
from engine.errors import DiceError, GameError
from engine.game import Game
from engine.position import Side

DOC = Path(__file__).resolve().parents[2] / "docs" / "dice.md"
EXAMPLE = bytes(range(32))  # docs/dice.md's worked example
EXAMPLE_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_vectors_of_the_worked_example() -> None:
    assert commitment(EXAMPLE) == EXAMPLE_COMMITMENT
    block = stream_block(EXAMPLE, 0)
    assert block.hex() == "9f0cd9b94097fe4929918d2b8942b34439574261a35dc50163f06c67d4e48899"
    assert list(block[:13]) == [159, 12, 217, 185, 64, 151, 254, 73, 41, 145, 141, 43, 137]
    dice = FairDice(EXAMPLE)
    assert [dice.die() for _ in range(12)] == [4, 1, 2, 6, 5, 2, 2, 6, 2, 4, 2, 6]
    assert dice.drawn == 13, "the byte 254 was skipped"


def test_vectors_of_other_seeds() -> None:
    """Two more seeds, computed independently with hmac and hashlib in the test."""
    for seed in (bytes(32), bytes([255]) * 32):
        stream = b"".join(hmac.new(seed, k.to_bytes(8, "big"), hashlib.sha256).digest()
                          for k in range(4))
        expected = [b % 6 + 1 for b in stream if b < 252][:100]
        dice = FairDice(seed)
        assert [dice.die() for _ in range(100)] == expected
        assert FairDice(seed).commitment == hashlib.sha256(seed).hexdigest()
    assert FairDice(bytes(32)).commitment == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925")


def test_each_face_has_exactly_one_sixth() -> None:
    faces = [die_of(b) for b in range(256)]
    assert faces[DIE_LIMIT:] == [None] * 4
    assert {f: faces.count(f) for f in range(1, 7)} == dict.fromkeys(range(1, 7), 42)


def test_the_doc_program_prints_what_the_doc_says() -> None:
    """docs/dice.md's worked example runs, standard library only, and prints its text."""
    text = DOC.read_text(encoding="utf-8")
    program = re.search(r"```python\n(.*?)```", text, re.S)
    shown = re.search(r"prints\n\n```text\n(.*?)```", text, re.S)
    assert program and shown
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program.group(1), str(DOC), "exec"), {})
    assert out.getvalue() == shown.group(1)
    assert out.getvalue().splitlines()[0] == EXAMPLE_COMMITMENT


def test_a_game_draws_teka_then_rolls_in_order() -> None:
    g = Game.new("talisman", seed=EXAMPLE)
    assert g.opening() == (4, 1)
    assert g.turn is Side.BLACK  # bräde: the lower die starts
    rolls = []
    for _ in range(5):
        rolls.append(g.roll())
        g.play_turn(g.legal_turns[0])
    assert rolls == [(2, 6), (5, 2), (2, 6), (2, 4), (2, 6)]


def test_seeds_as_int_hex_or_bytes() -> None:
    assert seed_bytes(1) == bytes(31) + b"\x01"
    assert seed_bytes(EXAMPLE.hex()) == seed_bytes(EXAMPLE) == EXAMPLE
    assert seed_bytes(" " + EXAMPLE.hex().upper() + "\n") == EXAMPLE
    for bad in ("", "xyz", "ab" * 31, "ab" * 33, -1, 1 << 256, b"short"):
        with pytest.raises(DiceError) as e:
            seed_bytes(bad)  # type: ignore[arg-type]
        assert e.value.key == "dice.bad_seed"
    fresh = {FairDice.fresh().seed for _ in range(20)}
    assert len(fresh) == 20 and all(len(s) == 32 for s in fresh)


def test_the_seed_is_not_in_repr_or_an_error() -> None:
    dice = FairDice(EXAMPLE)
    game = Game.new("talisman", seed=EXAMPLE)
    assert EXAMPLE.hex() not in repr(dice) and EXAMPLE.hex() not in repr(game)
    assert EXAMPLE_COMMITMENT[:16] in repr(dice)
    bad = dict(game.to_json(), drawn=-1)
    with pytest.raises(GameError) as e:
        Game.from_json(bad)
    assert EXAMPLE.hex() not in str(e.value) and EXAMPLE.hex() not in e.value.message("sv")


def test_a_stored_game_goes_on_with_the_same_dice() -> None:
    g = Game.new("puff-kontrar", seed=77)
    g.opening()
    data = json.loads(json.dumps(g.to_json()))
    assert data["seed"] == seed_bytes(77).hex() and data["drawn"] >= 2 and "rng" not in data
    copy = Game.from_json(data)
    assert [copy.roll()] == [g.roll()]
    assert copy.source.drawn == g.source.drawn  # type: ignore[attr-defined]


def test_commitment_from_the_start_seed_only_at_the_end() -> None:
    g = Game.new("talisman", seed=EXAMPLE)
    assert g.commitment == EXAMPLE_COMMITMENT
    g.opening()
    g.roll()
    assert not any("seed" in e for e in g.events), "no event of a live game holds the seed"
    g.resign(g.turn)
    assert g.events[-1]["type"] == "resign" and g.events[-1]["seed"] == EXAMPLE.hex()
    assert g.reveal() == EXAMPLE.hex()


def _legacy_json(game: Game, rng: random.Random) -> dict:
    """``game`` stored as the bot stored games before fair dice: the generator's state."""
    data = game.to_json()
    del data["seed"], data["drawn"]
    v, st, gauss = rng.getstate()
    data["rng"] = [v, list(st), gauss]
    return data


def test_a_game_stored_before_fair_dice_keeps_its_dice() -> None:
    """Its Mersenne Twister goes on where it stopped; it has no commitment and its
    ending reveals nothing (its seed is the row's)."""
    rng = random.Random(4242)
    twin = random.Random(4242)
    g = Game.new("talisman", starter=Side.WHITE)
    old = Game.from_json(json.loads(json.dumps(_legacy_json(g, rng))))
    assert isinstance(old.source, LegacyDice) and old.commitment is None
    assert old.roll() == (twin.randint(1, 6), twin.randint(1, 6))
    again = Game.from_json(json.loads(json.dumps(old.to_json())))
    assert "rng" in old.to_json() and "seed" not in old.to_json()
    old.play_turn(old.legal_turns[0])
    again.play_turn(again.legal_turns[0])
    assert old.roll() == again.roll() == (twin.randint(1, 6), twin.randint(1, 6))
    old.resign(old.turn)
    assert "seed" not in old.events[-1] and old.reveal() is None
