"""Ordering and filtering legal plays for autocomplete and the play buttons.

The AI's ranking is preferred when it exists (``bot.service.ai``); this cheap heuristic
orders plays otherwise, so "best first" never waits on a search: wins first (by points),
then bursts and hits, then fewer own blots left, then the most pips moved.
"""

from __future__ import annotations

import re

from engine.turn import Turn


def heuristic_order(turns: list[Turn]) -> list[Turn]:
    def score(t: Turn) -> tuple[int, int, int, int]:
        won = t.outcome.points if t.outcome is not None else 0
        me = t.position.side(t.position.turn.other)  # the mover, after the turn
        blots = sum(1 for p in range(1, 25) if me[p] == 1)
        strikes = sum(3 if s.burst else 2 if s.hit else 0 for s in t.steps)
        return (won, strikes, -blots, t.pips)

    return sorted(turns, key=score, reverse=True)


def _norm(text: str) -> str:
    s = text.lower().replace("ut", "off").replace("hem", "off").replace("-", "/")
    s = re.sub(r"\bb\b", "bar", s)
    s = s.replace("*", "").replace("!", "")
    return re.sub(r"\s+", " ", s).strip()


def matching(turns: list[Turn], typed: str, limit: int = 25) -> list[Turn]:
    """Plays whose notation contains what has been typed (each typed word in order)."""
    want = _norm(typed or "").split()
    out = []
    for t in turns:
        have = _norm(t.text)
        pos = 0
        for w in want:
            i = have.find(w, pos)
            if i < 0:
                break
            pos = i + len(w)
        else:
            out.append(t)
        if len(out) >= limit:
            break
    return out
