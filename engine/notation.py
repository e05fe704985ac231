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

import re

from engine import hops
from engine.dice import Dice
from engine.movegen import BURST, HIT, PLAIN
from engine.plays import validate
from engine.position import BAR, OFF, Position
from engine.rules.ruleset import RuleSet
from engine.turn import Step, Turn

#: How a turn's places are written, per language: Swedish players write ``ut`` for off.
_PLACE_WORDS = {"en": ("bar", "off"), "sv": ("bar", "ut")}


def format_turn(turn: Turn, lang: str = "en") -> str:
    """The turn as its mover writes it, in ``lang``: the one way a play is written for
    people (the channel, the board's note, alt text, histories, analyses, the terminal).

    Always the mover's own numbering (G-2), as bräde players write plays (each counts
    from their own 1) and as ``Turn.text`` and the records keep them; only the word for
    off follows the language (``20/ut`` in Swedish, ``20/off`` in English).  So
    ``parse_play`` reads it back in either language, and a board that prints both
    numberings (``render_board(numbers="both")``) shows where every play went.
    """
    bar, off = _PLACE_WORDS.get(lang[:2].lower(), _PLACE_WORDS["en"])
    if turn.special == "kejsarspel" or not turn.steps:
        return turn.text

    def place(p: int) -> str:
        return bar if p == BAR else off if p == OFF else str(p)

    return " ".join(f"{place(s.frm)}/{place(s.to)}" + ("!" if s.burst else "*" if s.hit else "")
                    for s in turn.steps)


_RECORDED_STEP = re.compile(r"^(bar|\d{1,2})/(off|\d{1,2})([*!]?)$")


def recorded_turn(moves: str, position: Position) -> Turn | None:
    """A turn as a game's record keeps it (``Turn.text`` in the mover's numbering, and
    the ``position`` after it) back as a ``Turn``, to draw its arrows again: the board
    waiting for the next play shows the last one.  Only what a drawing needs: the steps
    as written (a step's ``die`` is its distance, which a bear-off with a larger die
    understates) and no outcome.  A forfeit (``-``) comes back without steps; a special
    play written without them (kejsarspel), or anything that is not such a text, as
    None."""
    if moves.strip() == "-":
        return Turn((), position)
    steps = []
    for token in moves.split():
        m = _RECORDED_STEP.match(token)
        if m is None:
            return None
        frm = BAR if m[1] == "bar" else int(m[1])
        to = OFF if m[2] == "off" else int(m[2])
        if not (BAR <= frm < to <= OFF):
            return None
        steps.append(Step(frm, to, to - frm, hit=m[3] == "*", burst=m[3] == "!"))
    return Turn(tuple(steps), position) if steps else None


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


__all__ = ["BURST", "HIT", "PLAIN", "format_turn", "parse_hops", "parse_play",
           "recorded_turn"]
