"""Steps, turns and outcomes: the values the move generator hands out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.position import BAR, OFF, Position, Side
from engine.words import BAR_WORD, off_word


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die, in the mover's own numbering (G-2).

    ``frm`` 0 is the bar, ``to`` 25 is off.  ``hit`` marks a blot (or a double-six column)
    sent to the bar, ``burst`` a band burst (B-10..B-12).
    """

    frm: int
    to: int
    die: int
    hit: bool = False
    burst: bool = False

    @property
    def text(self) -> str:
        """The step as the records keep it: ``bar/5``, ``20/off``, ``6/8*``."""
        return self.written("en")

    def written(self, lang: str) -> str:
        """The step as a play in ``lang`` writes it: off is ``ut`` in Swedish."""
        a = BAR_WORD if self.frm == BAR else str(self.frm)
        b = off_word(lang) if self.to == OFF else str(self.to)
        return f"{a}/{b}" + ("!" if self.burst else "*" if self.hit else "")


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: how it was won and what it is worth (``docs/rules.md``, "Outcome kinds").

    ``tick`` is Ny 1's plus (+1) or minus (−1) in the margin (seed 004 scoring table).
    """

    kind: str
    points: int
    munk: bool
    winner: Side
    tick: int = 0

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "points": self.points, "munk": self.munk,
                "winner": self.winner.value}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Outcome:
        return cls(d["kind"], int(d["points"]), bool(d["munk"]), Side(d["winner"]),
                   int(d.get("tick", 0)))


@dataclass(frozen=True, slots=True)
class Turn:
    """A whole legal play for one roll: its steps, the position after it, any win.

    ``special`` names plays that are not ordinary step sequences: ``"column"`` (the
    double-six column), ``"kejsarspel"`` (Behrens–Helmfrid's fifth beautiful game).
    """

    steps: tuple[Step, ...]
    position: Position
    outcome: Outcome | None = None
    special: str | None = None

    @property
    def text(self) -> str:
        if self.special == "kejsarspel":
            return f"{self.steps[0].frm}/kejsarspel"
        return " ".join(s.text for s in self.steps) if self.steps else "-"

    @property
    def is_forfeit(self) -> bool:
        return not self.steps

    @property
    def pips(self) -> int:
        return sum(s.to - s.frm for s in self.steps)

    def to_json(self) -> dict[str, object]:
        return {"moves": self.text, "position": self.position.format(),
                "outcome": self.outcome.to_json() if self.outcome else None}
