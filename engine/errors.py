"""Errors a user can cause, each with a message key the bot translates.

Every error the engine raises for bad input subclasses ``EngineError`` (itself a
``ValueError``), so callers can catch one type and still tell the kinds apart.  The
``key`` names a template in ``engine.messages``; ``params`` fill it.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every user-caused engine error; carries a translatable message key."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        from engine.messages import render_message

        super().__init__(render_message(key, "en", **params))

    def message(self, lang: str = "en") -> str:
        from engine.messages import render_message

        return render_message(self.key, lang, **self.params)


class PositionError(EngineError):
    """A position text that cannot describe a real board."""


class RulesError(EngineError):
    """An unknown ruleset id or option."""


class DiceError(EngineError):
    """Dice text or values outside what the game allows."""


class MoveError(EngineError):
    """Base of the three ways a typed play can fail."""


class UnparsableMove(MoveError):
    """The text is not move notation at all."""


class IllegalMove(MoveError):
    """The text parses but is not one of the legal turns."""


class AmbiguousMove(MoveError):
    """The text matches more than one legal turn."""


class GameError(EngineError):
    """An action that does not fit the game's current state (out of turn, game over)."""
