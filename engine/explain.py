"""Explanations a player reads that need engine values (positions, dice).

``engine.messages`` holds only the string tables and sits below every other module (the
errors translate through it), so the texts that look at a position live here, above it.
"""

from __future__ import annotations

from engine.dice import Dice, format_dice
from engine.messages import render_message
from engine.position import BAR, Position
from engine.words import side_name


def forfeit_reason(position: Position, dice: Dice, lang: str = "en") -> str:
    """Why the side to move in ``position`` (before its turn) could not use ``dice``.

    Only the facts a player sees are named: checkers waiting to enter, or every way
    closed; the rules that closed them live in the engine's move generator.
    """
    side = position.turn
    waiting = position.side(side)[BAR]
    text = format_dice(tuple(dice), "–")
    key = "forfeit.bar" if waiting else "forfeit.blocked"
    checkers = render_message("checkers_1" if waiting == 1 else "checkers_n", lang, n=waiting)
    return render_message(key, lang, side=side_name(side, lang), checkers=checkers, dice=text)
