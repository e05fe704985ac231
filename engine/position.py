"""Positions: who stands where, in the text format of ``docs/rules.md``
("Position text").

Each side is stored in its *own* path numbering (G-2): index 0 is the bar, 1..24 the
points along that side's path, 25 the checkers borne off.  How the two paths lie on one
board is the ``Geometry`` (G-4); the same text means different boards in bräde and in
backgammon, so parsing takes the geometry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum

from engine.errors import PositionError

BAR = 0
OFF = 25
CHECKERS = 15


class Side(StrEnum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE


class Geometry(Enum):
    """How black's own points map onto the board (white's numbers are the board's), G-4."""

    BRADE = "brade"
    BACKGAMMON = "backgammon"
    LANG = "lang"
    KONTRAR = "kontrar"
    DUBBEL_KONTRAR = "dubbel-kontrar"

    def cross(self, p: int) -> int:
        """The other side's number for a side's own point ``p`` (1..24).

        Every geometry of G-4 is an involution, so this one function maps white→black and
        black→white alike.
        """
        return _CROSS[self][p]

    def board_point(self, side: Side, p: int) -> int:
        """Board (white) number of ``side``'s own point ``p``."""
        return p if side is Side.WHITE else _CROSS[self][p]

    def own_point(self, side: Side, board: int) -> int:
        """``side``'s own number of board point ``board``."""
        return board if side is Side.WHITE else _CROSS[self][board]


def _cross_table(g: Geometry) -> tuple[int, ...]:
    def f(p: int) -> int:
        if g is Geometry.BRADE:
            return p + 12 if p <= 12 else p - 12
        if g is Geometry.LANG:
            return p
        if g in (Geometry.KONTRAR, Geometry.BACKGAMMON):
            return 25 - p
        return 13 - p if p <= 12 else 37 - p  # DUBBEL_KONTRAR

    return (0, *(f(p) for p in range(1, 25)))


_CROSS = {g: _cross_table(g) for g in Geometry}

Counts = tuple[int, ...]  # 26 entries: bar, points 1..24, off


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable board position plus the little history the rules need (``docs/rules.md``,
    "Position text").

    ``column`` marks a double-six column (seed 001/003) standing on that side's point 7;
    ``pasch``/``streak``/``general`` are puff history; ``onedie`` the one-die rolls still
    owed by the side to move (B-36).
    """

    white: Counts
    black: Counts
    turn: Side = Side.WHITE
    geometry: Geometry = field(default=Geometry.BRADE, compare=True)
    column: Side | None = None
    pasch: frozenset[Side] = frozenset()
    streak: int = 0
    onedie: int = 0
    general: tuple[int, int] | None = None
    #: Puff ``lang_entry`` only: sides that have had all 15 checkers entered at least once
    #: (seed 002's "ännu inte spelat alla sina femton brickor").
    entered: frozenset[Side] = frozenset()
    #: Bräde ``double_six`` only: sides that have made their first roll of the game.  The
    #: column may be taken, and the opponent's column is sent home, only on a player's
    #: *own first roll* (``docs/rules.md``, "Option double_six"), which the board cannot tell.
    first: frozenset[Side] = frozenset()

    # -- access -------------------------------------------------------------------------
    def side(self, s: Side) -> Counts:
        return self.white if s is Side.WHITE else self.black

    @property
    def mover(self) -> Counts:
        return self.side(self.turn)

    @property
    def waiting(self) -> Counts:
        return self.side(self.turn.other)

    def at_board(self, board: int) -> tuple[Side | None, int]:
        """Which colour stands on board point ``board`` (1..24) and how many."""
        w = self.white[board]
        if w:
            return Side.WHITE, w
        b = self.black[self.geometry.own_point(Side.BLACK, board)]
        if b:
            return Side.BLACK, b
        return None, 0

    def pips(self, s: Side) -> int:
        """Pips still to travel for ``s``: every checker to point 25 (the bar counts as 0)."""
        c = self.side(s)
        return sum((25 - p) * c[p] for p in range(25))

    def with_turn(self, s: Side) -> Position:
        return replace(self, turn=s)

    # -- text ---------------------------------------------------------------------------
    def format(self) -> str:
        parts = [f"white={format_side(self.white)}", f"black={format_side(self.black)}",
                 f"turn={self.turn.value}"]
        if self.column is not None:
            parts.append(f"column={self.column.value}")
        if self.pasch:
            parts.append("pasch=" + ",".join(s.value for s in Side if s in self.pasch))
        if self.streak:
            parts.append(f"streak={self.streak}")
        if self.onedie:
            parts.append(f"onedie={self.onedie}")
        if self.general is not None:
            parts.append(f"general={self.general[0]}-{self.general[1]}")
        if self.entered:
            parts.append("entered=" + ",".join(s.value for s in Side if s in self.entered))
        if self.first:
            parts.append("first=" + ",".join(s.value for s in Side if s in self.first))
        return " ".join(parts)

    __str__ = format

    @classmethod
    def parse(cls, text: str, geometry: Geometry = Geometry.BRADE) -> Position:
        return parse_position(text, geometry)

    @classmethod
    def start(cls, geometry: Geometry = Geometry.BRADE, turn: Side = Side.WHITE) -> Position:
        return cls(start_counts(geometry), start_counts(geometry), turn, geometry)


def start_counts(geometry: Geometry) -> Counts:
    c = [0] * 26
    if geometry is Geometry.BRADE:
        c[1] = CHECKERS
    elif geometry is Geometry.BACKGAMMON:
        c[1], c[12], c[17], c[19] = 2, 5, 3, 5
    else:
        c[BAR] = CHECKERS
    return tuple(c)


def format_side(c: Counts) -> str:
    items = []
    for p in range(26):
        n = c[p]
        if not n:
            continue
        name = "bar" if p == BAR else "off" if p == OFF else str(p)
        items.append(name if n == 1 else f"{name}x{n}")
    return ",".join(items) if items else "-"


_ITEM = re.compile(r"^(bar|off|b|ut|[0-9]{1,3})(?:[x*]([0-9]{1,3}))?$")
_KEYS = ("white", "black", "turn", "column", "pasch", "streak", "onedie", "general",
         "entered", "first")


def parse_side(text: str, who: str) -> Counts:
    c = [0] * 26
    if text.strip() in ("", "-"):
        raise PositionError("position.side_empty", side=who)
    for raw in text.split(","):
        item = raw.strip().lower()
        m = _ITEM.match(item)
        if not m:
            raise PositionError("position.bad_item", side=who, item=raw.strip())
        name, count = m.group(1), int(m.group(2) or 1)
        if name in ("bar", "b"):
            p = BAR
        elif name in ("off", "ut"):
            p = OFF
        else:
            p = int(name)
            if not 1 <= p <= 24:
                raise PositionError("position.unknown_point", side=who, point=name)
        if count < 1:
            raise PositionError("position.bad_count", side=who, item=raw.strip())
        if c[p]:
            raise PositionError("position.repeated_point", side=who, point=name)
        c[p] = count
    total = sum(c)
    if total != CHECKERS:
        raise PositionError("position.wrong_total", side=who, total=total)
    return tuple(c)


def parse_position(text: str, geometry: Geometry = Geometry.BRADE) -> Position:
    if not isinstance(text, str) or not text.strip():
        raise PositionError("position.empty")
    fields: dict[str, str] = {}
    for tok in text.split():
        key, sep, value = tok.partition("=")
        key = key.lower()
        if not sep:
            raise PositionError("position.bad_field", field=tok)
        if key not in _KEYS:
            raise PositionError("position.unknown_key", key=key)
        if key in fields:
            raise PositionError("position.repeated_key", key=key)
        fields[key] = value
    for required in ("white", "black", "turn"):
        if required not in fields:
            raise PositionError("position.missing_key", key=required)
    white = parse_side(fields["white"], "white")
    black = parse_side(fields["black"], "black")
    turn = _parse_sidename(fields["turn"], "turn")
    column = _parse_sidename(fields["column"], "column") if "column" in fields else None
    pasch = _parse_sides(fields, "pasch")
    entered = _parse_sides(fields, "entered")
    first = _parse_sides(fields, "first")
    streak = _parse_int(fields.get("streak", "0"), "streak", 0, 99)
    onedie = _parse_int(fields.get("onedie", "0"), "onedie", 0, 6)
    general = None
    if "general" in fields:
        m = re.fullmatch(r"([1-6])-([1-6])", fields["general"])
        if not m:
            raise PositionError("position.bad_value", key="general", value=fields["general"])
        general = (int(m.group(1)), int(m.group(2)))
    for b in range(1, 25):
        if white[b] and black[geometry.own_point(Side.BLACK, b)]:
            raise PositionError("position.both_colours", white=b,
                                black=geometry.own_point(Side.BLACK, b))
    if column is not None and column_count(white if column is Side.WHITE else black) < 2:
        raise PositionError("position.bad_column", side=column.value)
    return Position(white, black, turn, geometry, column, pasch, streak, onedie, general,
                    entered, first)


def column_count(c: Counts) -> int:
    return c[7]


def _parse_sidename(v: str, key: str) -> Side:
    try:
        return Side(v.lower())
    except ValueError:
        raise PositionError("position.bad_value", key=key, value=v) from None


def _parse_sides(fields: dict[str, str], key: str) -> frozenset[Side]:
    """A ``white,black`` list of sides (``pasch=``, ``entered=``, ``first=``)."""
    text = fields.get(key, "")
    if text in ("", "-"):
        return frozenset()
    return frozenset(_parse_sidename(v, key) for v in text.split(","))


_DIGITS = re.compile(r"[0-9]{1,3}")


def _parse_int(v: str, key: str, lo: int, hi: int) -> int:
    # ASCII digits only: ``str.isdigit`` accepts "²", which ``int`` then refuses.
    if not _DIGITS.fullmatch(v) or not lo <= int(v) <= hi:
        raise PositionError("position.bad_value", key=key, value=v)
    return int(v)
