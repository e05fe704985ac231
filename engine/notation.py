"""Move notation: turns as players read them, and typed text mapped to one legal turn
(``docs/rules.md``, "Move text").

Players write plays loosely: ``1/7 7/12``, ``1/7/12``, ``1/12``, ``1-7``, ``b/5``,
``bar/5``, ``20/off``, ``20/ut``, steps in any order.  The text is read into hops
(``engine.hops``) and the hops are walked through the ruleset's own single-step rules in
every order and every split into dice (``engine.plays``), never matched against a list of
every play; a hop written without its landing point that could mean two different plays
is reported as ambiguous instead of guessed.
"""

from __future__ import annotations

from engine import hops
from engine.dice import Dice
from engine.movegen import BURST, HIT, PLAIN
from engine.plays import validate
from engine.position import BAR, OFF, Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: How a turn's places are written, per language: Swedish players write ``ut`` for off.
_PLACE_WORDS = {"en": ("bar", "off"), "sv": ("bar", "ut")}


def format_turn(turn: Turn, lang: str = "en", *, mover: Side | None = None,
                numbering: Side | None = None) -> str:
    """The turn as a player reads it in ``lang`` (``20/ut`` in Swedish, ``20/off`` in
    English), in the mover's own numbering (G-2) like ``Turn.text``, so ``parse_play``
    reads it back in either language.

    A board drawn from the other side labels its points in that side's numbers:
    ``numbering`` (with ``mover``) rewrites the points in that side's numbering, so the
    text matches the labels the arrows point at.  Such a text is for reading, not input.
    """
    bar, off = _PLACE_WORDS.get(lang[:2].lower(), _PLACE_WORDS["en"])
    if turn.special == "kejsarspel" or not turn.steps:
        return turn.text
    g = turn.position.geometry

    def place(p: int) -> str:
        if p == BAR:
            return bar
        if p == OFF:
            return off
        if numbering is None or mover is None or numbering is mover:
            return str(p)
        return str(g.own_point(numbering, g.board_point(mover, p)))

    return " ".join(f"{place(s.frm)}/{place(s.to)}" + ("!" if s.burst else "*" if s.hit else "")
                    for s in turn.steps)


def parse_hops(text: str) -> list[tuple[int, int]]:
    """Split typed text into hops ``(from, to)``; ``1/7/12`` gives two hops.  Linear in
    the input; the reading itself lives in ``engine.hops``, below ``engine.plays``."""
    return hops.parse_hops(text)


def parse_play(rules: RuleSet, position: Position, dice: Dice, text: str,
               legal: list[Turn] | None = None) -> Turn:
    """The one legal turn ``text`` describes, or a MoveError saying why not.

    Validated by walking the typed steps (``engine.plays.validate``), never by listing
    every play; with ``legal`` given (tests, reference diffs) the equal element of that
    list is returned.
    """
    turn = validate(rules, position, dice, text)
    if legal is not None:
        for t in legal:
            if t == turn:
                return t
    return turn


__all__ = ["BURST", "HIT", "PLAIN", "format_turn", "parse_hops", "parse_play"]
