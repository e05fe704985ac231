"""The engine's errors (engine.errors): one base a caller catches, each with a message key
translated on demand."""

from __future__ import annotations

import pytest

from engine import errors
from engine.errors import EngineError, GameError, IllegalMove, MoveError


def test_every_error_is_an_engine_error_and_a_value_error() -> None:
    kinds = [v for v in vars(errors).values()
             if isinstance(v, type) and issubclass(v, Exception)]
    assert len(kinds) >= 9
    assert all(issubclass(k, EngineError) and issubclass(k, ValueError) for k in kinds)
    assert issubclass(IllegalMove, MoveError)


def test_the_key_is_translated_when_asked() -> None:
    e = GameError("game.over")
    assert str(e) == "The game is over." == e.message("en")
    assert e.message("sv") == "Partiet är slut." == e.message("sv-SE")
    with pytest.raises(EngineError) as raised:
        raise e
    assert raised.value.key == "game.over" and raised.value.params == {}


def test_an_unknown_key_reads_as_itself() -> None:
    assert EngineError("no.such.key", n=3).message("sv") == "no.such.key"
