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


def format_turn(turn: Turn, lang: str = "en") -> str:
    """The turn as its mover writes it, in ``lang``: the one way a play is written for
    people (the channel, the board's note, alt text, histories, analyses, the terminal).

    Always the mover's own numbering (G-2), as bräde players write plays (each counts
    from their own 1) and as ``Turn.text`` and the records keep them; only the word for
    off follows the language (``20/ut`` in Swedish, ``20/off`` in English).  So
    ``parse_play`` reads it back in either language, and a board that prints both
    numberings (``render_board(numbers="both")``) shows where every play went.
    """
    if turn.special == "kejsarspel" or not turn.steps:
        return turn.text
    return " ".join(s.written(lang) for s in turn.steps)


def chained_turn(turn: Turn, lang: str = "en") -> str:
    """The turn written short, as players write a pasch: each checker's steps as one chain
    (``6/10 10/14 14/18* 18/22`` as ``6/18*/22``), a point passed on the way written only
    where the checker hit or burst there, and a chain several checkers made written once
    with their number (``6/10 6/10 10/14 10/14`` as ``6/14(2)``).

    Points on the way are left out only where every step of the chain was as long (a
    pasch; a last step off the board may be shorter), so the chain can mean one path
    only; a chain of steps of two lengths (a puff pasch with its opposite faces) keeps
    them: ``1/6/11/13/15``.  ``parse_play`` reads it back to the same board, though not
    necessarily in the order played; so it is for where room is short (a board's label),
    and messages and records keep ``format_turn``."""
    if turn.special == "kejsarspel" or not turn.steps:
        return turn.text
    # (play order, step): a chain is one checker's steps in the order played
    chains: list[list[tuple[int, Step]]] = [[(n, st)] for n, st in enumerate(turn.steps)]
    # Join a chain ending where another begins later in the play (a checker moved on, or
    # another moved on from where it landed: the board after is the same).  Only later:
    # a step from that point played before the arrival was another checker's, and joined
    # it would pass over a point where the mover then still stood (B-1 forbids a band
    # there in bräde, so the chain would read back as no legal play).
    joined = True
    while joined:
        joined = False
        for i, a in enumerate(chains):
            end, last = a[-1]
            if last.to == OFF:
                continue
            j = next((j for j, b in enumerate(chains)
                      if j != i and b[0][1].frm == last.to and b[0][0] > end), None)
            if j is not None:
                chains[i] = a + chains[j]
                del chains[j]
                joined = True
                break
    written: dict[str, int] = {}
    for c in chains:
        text = _chain([st for _, st in c], lang)
        written[text] = written.get(text, 0) + 1
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in written.items())


def _chain(steps: list[Step], lang: str) -> str:
    """One checker's steps as ``from/…/to``, with the points on the way that must stay."""
    lengths = {s.to - s.frm for s in steps[:-1]}
    last = steps[-1].to - steps[-1].frm
    even = len(lengths) <= 1 and (not lengths or last in lengths
                                  or (steps[-1].to == OFF and last < min(lengths)))
    out = steps[0].written(lang).split("/")[0]
    for i, st in enumerate(steps):
        mark = "!" if st.burst else "*" if st.hit else ""
        if i == len(steps) - 1 or mark or not even:
            out += "/" + st.written(lang).split("/")[1]
    return out


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


__all__ = ["BURST", "HIT", "PLAIN", "chained_turn", "format_turn", "parse_hops", "parse_play",
           "recorded_turn"]
