"""Dice: where every roll comes from, and the traditional names players say aloud
(``docs/rules.md``, "Roll names").

Every die of a game is drawn from its seed by one derivation, written down in
``docs/dice.md`` so that anyone can check a finished game's dice with a few lines of
their own (``python -m engine verify``): the seed is 32 secret bytes; the game's
*commitment*, published before the first roll, is SHA-256 of the seed; the dice are the
bytes of HMAC-SHA256(seed, 0), HMAC-SHA256(seed, 1), … (the counter as 8 bytes,
big-endian), each byte below 252 giving the die ``byte % 6 + 1`` and the rest skipped, so
each face has exactly 1/6.  Knowing the commitment tells nothing about the dice (that
would take inverting SHA-256); knowing the seed tells everything, so it stays secret until
the game ends.

Games stored before this derivation drew from Python's Mersenne Twister, its state in the
stored game (``LegacyDice``): they go on with the dice they would have rolled and have no
commitment.  Names are said higher die first (seed 001).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from collections.abc import Iterable
from typing import Any, Protocol

from engine.errors import DiceError

Dice = tuple[int, ...]  # (d1, d2) for a roll, (d,) for a one-die roll (B-36)

# Face names (``docs/rules.md``, "Roll names"): 1 äss, 2 dus, 3 troja, 4 kvart, 5 sinka, 6 sex.
_NAMES: dict[tuple[int, int], str] = {
    (1, 1): "ässor all", (2, 1): "dus äss", (2, 2): "dusor all", (3, 1): "troja äss",
    (3, 2): "trojadus", (3, 3): "trojor all", (4, 1): "kvart äss", (4, 2): "kvart dus",
    (4, 3): "kvart troja", (4, 4): "kvartaner", (5, 1): "sinka äss", (5, 2): "sinkadus",
    (5, 3): "sinka tres", (5, 4): "sinka fyra", (5, 5): "sinkor all", (6, 1): "sex äss",
    (6, 2): "sex dus", (6, 3): "sex troja", (6, 4): "sex kvart", (6, 5): "sex sinka",
    (6, 6): "sexor all",
}
FACE_NAMES = {1: "äss", 2: "dus", 3: "troja", 4: "kvart", 5: "sinka", 6: "sex"}


def roll_name(dice: Dice) -> str:
    """The traditional Swedish name of a roll ("sinkadus"); a lone die gets its face name."""
    if len(dice) == 1:
        return FACE_NAMES[dice[0]]
    hi, lo = max(dice), min(dice)
    return _NAMES[(hi, lo)]


def format_dice(dice: Dice, dash: str = "-") -> str:
    """Higher die first, as the roll is said (a roll's name, a problem's dice)."""
    return dash.join(str(d) for d in sorted(dice, reverse=True))


def drawn_dice(dice: Dice, dash: str = "-") -> str:
    """The dice in the order they were drawn, as a game's channel, history and record
    write every roll (docs/dice.md): "2–5" is a 2 drawn before a 5."""
    return dash.join(str(d) for d in dice)


def parse_dice(text: str) -> Dice:
    """``"5-2"``, ``"52"``, ``"5 2"`` or a lone ``"5"`` (a one-die roll)."""
    m = re.fullmatch(r"\s*([1-6])\s*(?:[-–/ ,x]?\s*([1-6]))?\s*", text or "")
    if not m:
        raise DiceError("dice.bad", text=text)
    return (int(m.group(1)),) if m.group(2) is None else (int(m.group(1)), int(m.group(2)))


def roll(rng: random.Random, n: int = 2) -> Dice:
    """Random dice for a picture or an experiment (the gallery), never a game's: a game
    draws through its ``DiceSource``."""
    return tuple(rng.randint(1, 6) for _ in range(n))


# -- where dice come from --------------------------------------------------------------

SEED_BYTES = 32
#: The largest multiple of 6 a byte can be below: bytes 252-255 would favour 1-4.
DIE_LIMIT = 252
_BLOCK = hashlib.sha256().digest_size  # 32 bytes of dice per HMAC block


class DiceSource(Protocol):
    """What a game draws its dice from, one die at a time."""

    def die(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


def seed_bytes(seed: int | bytes | str) -> bytes:
    """A seed as the derivation's 32 bytes: bytes as they are, 64 hex digits, or an int
    (tests and the command line's ``--seed``) as 32 bytes big-endian."""
    if isinstance(seed, bytes):
        raw = seed
    elif isinstance(seed, int):
        if not 0 <= seed < 1 << (8 * SEED_BYTES):
            raise DiceError("dice.bad_seed")
        raw = seed.to_bytes(SEED_BYTES, "big")
    else:
        try:
            raw = bytes.fromhex(seed.strip())
        except ValueError:
            raise DiceError("dice.bad_seed") from None
    if len(raw) != SEED_BYTES:
        raise DiceError("dice.bad_seed")
    return raw


def commitment(seed: bytes) -> str:
    """What the game publishes before its first roll: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


def stream_block(seed: bytes, counter: int) -> bytes:
    """Block ``counter`` of the dice bytes: HMAC-SHA256 keyed by the seed over the
    counter written as 8 bytes, big-endian."""
    return hmac.new(seed, counter.to_bytes(8, "big"), hashlib.sha256).digest()


def die_of(byte: int) -> int | None:
    """The die a byte of the stream gives, or None for the four skipped (252-255)."""
    return byte % 6 + 1 if byte < DIE_LIMIT else None


class FairDice:
    """The documented derivation (docs/dice.md): the dice of one game, from its seed.

    ``drawn`` counts the stream bytes used so far (skipped ones included), so a stored
    game goes on exactly where it stopped.  The seed is a secret until the game ends:
    nothing here prints it (``repr`` shows the commitment only).
    """

    __slots__ = ("_block", "_counter", "drawn", "seed")

    def __init__(self, seed: int | bytes | str, drawn: int = 0) -> None:
        self.seed = seed_bytes(seed)
        if drawn < 0:
            raise DiceError("dice.bad_seed")
        self.drawn = drawn
        self._block = b""
        self._counter = -1

    @classmethod
    def fresh(cls) -> FairDice:
        """A new game's dice: 32 bytes from the operating system's secure source."""
        return cls(secrets.token_bytes(SEED_BYTES))

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    @property
    def seed_hex(self) -> str:
        return self.seed.hex()

    def die(self) -> int:
        while True:
            counter, offset = divmod(self.drawn, _BLOCK)
            if counter != self._counter:
                self._block, self._counter = stream_block(self.seed, counter), counter
            self.drawn += 1
            face = die_of(self._block[offset])
            if face is not None:
                return face

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed_hex, "drawn": self.drawn}

    def __repr__(self) -> str:
        return f"FairDice(commitment={self.commitment[:16]}…, drawn={self.drawn})"


class LegacyDice:
    """Dice without a commitment: Python's Mersenne Twister, its state stored with the
    game.  A game stored before fair dice goes on with the dice it would have rolled;
    a replayed record that names no seed of ours gets them too (a replay invents no
    proof).  No game starts with them."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def die(self) -> int:
        return self.rng.randint(1, 6)

    def to_json(self) -> dict[str, Any]:
        v, st, gauss = self.rng.getstate()
        return {"rng": [v, list(st), gauss]}

    @classmethod
    def from_json(cls, stored: list[Any]) -> LegacyDice:
        rng = random.Random()
        v, st, gauss = stored
        rng.setstate((v, tuple(st), gauss))
        return cls(rng)


class ScriptedDice:
    """Dice written down before (a record's teka), handed back in order: a replay
    rolls nothing.  It has no state to store."""

    __slots__ = ("_values",)

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)

    def die(self) -> int:
        return self._values.pop(0)

    def to_json(self) -> dict[str, Any]:
        raise DiceError("dice.scripted")


def draw(source: DiceSource, n: int = 2) -> Dice:
    """``n`` dice from ``source``, in the order drawn."""
    return tuple(source.die() for _ in range(n))
