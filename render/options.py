"""``BoardOptions``: everything besides the position that a board picture shows, typed once.

``render_board``, ``render_image`` and ``alt_text`` used to repeat one sixteen-keyword
signature each, with the rules arriving as ``object`` and read with ``getattr``; now each
takes ``(position, options)``, and the options say once what a board depends on.  They
are a frozen value: hashable, so a picture can be kept by the options it was drawn with
(the bot's board workers do, bot/service/pictures.py), and picklable, so they cross to
a worker process.

Fields hold their one typed form (dice as a tuple, a ``Score``, names as ``(white,
black)``); ``BoardOptions.of`` is the one place that accepts the looser forms a script
or a test writes (a ruleset id, a list of dice, a score as a tuple, names as a mapping).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.position import Side
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Turn
from render.layout import LAYOUT, Layout
from render.texts import LANGS
from render.themes import Theme

BOTH = "both"  # ``numbers=BOTH``: print both players' numbering


@dataclass(frozen=True)
class Score:
    """Match score: points of each side and, for a match to N points, N."""

    white: int
    black: int
    length: int | None = None

    def of(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black


@dataclass(frozen=True)
class Result:
    """A finished game as its last board shows it: ``outcome`` (winner, kind of win —
    ``"resign"`` for a resignation —, points, munk), and for a match the score after this
    game and whether this game decided the match."""

    outcome: Outcome
    match: Score | None = None
    match_over: bool = False


@dataclass(frozen=True)
class BoardOptions:
    """What a board shows besides its position (see ``render.board.render_board``).

    ``rules``: the ruleset (its title and family are used); None goes by the position's
    geometry.  ``dice`` were thrown by ``dice_side`` (default: the side to move):
    thrown by the side to move they are the roll to play, else the roll just played.
    ``last_turn`` is drawn as arrows, played by ``last_mover`` (default: inferred) with
    ``last_dice``.  ``perspective`` is the side at the bottom; ``numbers`` whose point
    numbers are printed (a side, or ``BOTH``; None: the perspective's).  ``names`` and
    ``fallback_names`` (members' usernames, drawn for a name no font here has) are
    ``(white, black)``.  ``result`` ends the game on the board; ``stopped`` marks a game
    ended without one.  ``theme`` and ``layout`` change only how the picture looks.
    """

    rules: RuleSet | None = None
    dice: tuple[int, ...] | None = None
    dice_side: Side | None = None
    last_turn: Turn | None = None
    last_mover: Side | None = None
    last_dice: tuple[int, ...] | None = None
    perspective: Side = Side.WHITE
    numbers: Side | str | None = None
    theme: str | Theme = "classic"
    lang: str = "sv"
    names: tuple[str, str] | None = None
    fallback_names: tuple[str, str] | None = None
    score: Score | None = None
    result: Result | None = None
    stopped: bool = False
    layout: Layout = LAYOUT

    def __post_init__(self) -> None:
        if self.lang not in LANGS:
            raise ValueError(f"lang must be one of {', '.join(LANGS)}")
        for name in ("dice", "last_dice"):
            dice = getattr(self, name)
            if dice is not None and (len(dice) not in (1, 2)
                                     or not all(isinstance(d, int) and 1 <= d <= 6
                                                for d in dice)):
                raise ValueError(f"dice must be one or two faces 1–6, not {dice!r}")
        if self.numbers is not None and self.numbers != BOTH:
            Side(str(self.numbers))  # a side or BOTH, else ValueError

    @classmethod
    def of(cls, rules: RuleSet | str | None = None, **fields: Any) -> BoardOptions:
        """Options from looser forms: ``rules`` a ruleset id (``"puff-lang+torn"``),
        ``dice`` any sequence of faces, ``score`` ``(white, black[, length])`` or a
        mapping, ``names`` (and ``fallback_names``) ``(white, black)`` or a mapping from
        sides; sides may be given by their values (``"white"``)."""
        if isinstance(rules, str):
            from engine import rules as registry

            rules = registry.get(rules)
        for name in ("dice", "last_dice"):
            if fields.get(name) is not None:
                fields[name] = tuple(int(d) for d in fields[name])
        for name in ("names", "fallback_names"):
            if name in fields:  # none given (None, empty) is none
                fields[name] = _names(fields[name]) if fields[name] else None
        if fields.get("score") is not None:
            fields["score"] = _score(fields["score"])
        for name in ("dice_side", "last_mover", "perspective"):
            if fields.get(name) is not None:
                fields[name] = Side(fields[name])
        return cls(rules=rules, **fields)


def _score(score: object) -> Score:
    if isinstance(score, Score):
        return score
    if isinstance(score, str):
        raise ValueError(f"score must be (white, black[, length]), not {score!r}")
    if isinstance(score, Mapping):
        return Score(int(score.get(Side.WHITE, score.get("white", 0))),
                     int(score.get(Side.BLACK, score.get("black", 0))),
                     int(score["length"]) if score.get("length") else None)
    if isinstance(score, Sequence) and len(score) in (2, 3):
        return Score(int(score[0]), int(score[1]), int(score[2]) if len(score) == 3 else None)
    raise ValueError(f"score must be (white, black[, length]) or a mapping, not {score!r}")


def _names(names: object) -> tuple[str, str]:
    if isinstance(names, Mapping):
        by_side = {Side(k): str(v) for k, v in names.items()}
        return by_side.get(Side.WHITE, ""), by_side.get(Side.BLACK, "")
    if isinstance(names, Sequence) and not isinstance(names, str) and len(names) == 2:
        return str(names[0]), str(names[1])
    raise ValueError("names must map each side to a name, or be (white, black)")
