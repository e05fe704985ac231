"""Game records: a plain-text format for a whole game, like PGN for bräde (issue 6).

A record is meant to be read by people and replayed by the engine.  It holds only what
cannot be recomputed — the ruleset, the teka, every roll and every play — and the engine
re-derives everything else by replaying it, so a record can never disagree with the rules
silently: a line that is not legal at its point raises a ``RecordError`` naming the line.

The format (full specification in docs/league.md)::

    [Rules "talisman"]
    [White "Anna"]
    [Black "Bertil"]
    [Date "2026-11-22"]
    [Result "white hemspel 1"]

    teka 4-4 3-5                  ; white's die first; the lower die starts in bräde
    1. white 5-2 1/6 1/3          ; sinkadus
    2. black 6-6 -                ; no legal play: the roll is forfeited
    ...
    black resigns

Moves are written in the mover's own numbering (G-2), exactly as the engine
prints a turn, and replayed through the lenient notation parser, so a hand-written record
may use any notation ``Game.play`` accepts.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from typing import Any

from engine import rules as registry
from engine.dice import (
    SEED_BYTES,
    Dice,
    DiceSource,
    FairDice,
    LegacyDice,
    ScriptedDice,
    roll_name,
)
from engine.errors import EngineError
from engine.game import Game
from engine.messages import MESSAGES, render_message
from engine.position import Side
from engine.turn import Turn

UNFINISHED = "*"

# The record's own message texts.  They are registered here, beside the only code that
# raises them, so the engine's shared table needs no edit to add a file format.
_RECORD_MESSAGES: dict[str, dict[str, str]] = {
    "record.bad_tag": {
        "en": "Line {line}: '{text}' is not a tag like [White \"Anna\"].",
        "sv": "Rad {line}: '{text}' är ingen tagg som [White \"Anna\"]."},
    "record.tag_after_moves": {
        "en": "Line {line}: tags belong before the first move.",
        "sv": "Rad {line}: taggar ska stå före första draget."},
    "record.repeated_tag": {
        "en": "Line {line}: the tag {tag} appears twice.",
        "sv": "Rad {line}: taggen {tag} förekommer två gånger."},
    "record.bad_line": {
        "en": "Line {line}: cannot read '{text}'; expected a turn like '12. white 5-2 1/6 1/3'.",
        "sv": "Rad {line}: kan inte läsa '{text}'; väntade ett drag som '12. white 5-2 1/6 1/3'."},
    "record.bad_number": {
        "en": "Line {line}: turn number {found} should be {expected}.",
        "sv": "Rad {line}: dragnummer {found} borde vara {expected}."},
    "record.bad_teka": {
        "en": "Line {line}: the teka '{text}' must be die pairs like '4-4 3-5', only the last one unequal.",
        "sv": "Rad {line}: tekningen '{text}' ska vara tärningspar som '4-4 3-5', bara det sista olika."},
    "record.misplaced": {
        "en": "Line {line}: '{text}' must come before the first turn, once.",
        "sv": "Rad {line}: '{text}' ska stå före första draget, en gång."},
    "record.missing_play": {
        "en": "Line {line}: the roll has no play; only the last turn may be left open.",
        "sv": "Rad {line}: slaget saknar drag; bara det sista draget får lämnas öppet."},
    "record.after_end": {
        "en": "Line {line}: the game is already over.",
        "sv": "Rad {line}: partiet är redan slut."},
    "record.wrong_side": {
        "en": "Line {line}: it is {expected}'s turn, not {found}'s.",
        "sv": "Rad {line}: det är {expected}s tur, inte {found}s."},
    "record.wrong_dice": {
        "en": "Line {line}: the teka already gave the roll {expected}, not {found}.",
        "sv": "Rad {line}: tekningen gav redan slaget {expected}, inte {found}."},
    "record.no_play": {
        "en": "Line {line}: the roll {dice} has no legal play here; write '-'.",
        "sv": "Rad {line}: slaget {dice} kan inte användas här; skriv '-'."},
    "record.illegal": {
        "en": "Line {line} ('{text}'): {reason}",
        "sv": "Rad {line} ('{text}'): {reason}"},
    "record.bad_result": {
        "en": "Line {line}: the result '{text}' should look like 'white hemspel 1' or '*'.",
        "sv": "Rad {line}: resultatet '{text}' ska se ut som 'white hemspel 1' eller '*'."},
    "record.result_mismatch": {
        "en": "The Result tag says '{expected}' but the replayed game gives '{found}'.",
        "sv": "Taggen Result säger '{expected}' men det återspelade partiet ger '{found}'."},
}
MESSAGES.update(_RECORD_MESSAGES)


class RecordError(EngineError):
    """A record that cannot be read or replayed; ``line`` is 1-based (0: the whole text).

    When an engine error caused it (an illegal play, an unknown ruleset), ``cause`` keeps
    it so the reason is translated with the rest of the message.
    """

    def __init__(self, key: str, /, *, line: int = 0, cause: EngineError | None = None,
                 **params: Any) -> None:
        self.line = line
        self.cause = cause
        if cause is not None:
            params.setdefault("reason", cause.message("en"))
        super().__init__(key, line=line, **params)

    def message(self, lang: str = "en") -> str:
        params = dict(self.params)
        if self.cause is not None:
            params["reason"] = self.cause.message(lang)
        return render_message(self.key, lang, **params)


# -- the parsed record --------------------------------------------------------------------


@dataclass(frozen=True)
class RecordTurn:
    """One roll and its play; ``moves`` is ``"-"`` for a forfeit, None for an open roll."""

    side: Side
    dice: Dice
    moves: str | None
    line: int = 0
    number: int = 0


@dataclass(frozen=True)
class Record:
    tags: dict[str, str] = field(default_factory=dict)
    teka: tuple[tuple[int, int], ...] = ()
    starter: Side | None = None  # a ``start`` line: no teka (a match's loser starts, T-1)
    turns: tuple[RecordTurn, ...] = ()
    ending: tuple[str, Side] | None = None  # ("resign" | "abandon", side that gave up)
    teka_line: int = 0
    ending_line: int = 0
    tag_lines: dict[str, int] = field(default_factory=dict)

    @property
    def rules(self) -> str:
        return self.tags.get("Rules", registry.DEFAULT)

    @property
    def white(self) -> str:
        return self.tags.get("White", "?")

    @property
    def black(self) -> str:
        return self.tags.get("Black", "?")

    @property
    def result(self) -> str:
        return self.tags.get("Result", UNFINISHED)


# -- writing --------------------------------------------------------------------------------


def result_text(game: Game) -> str:
    """``"white jan 2"``, ``"black hemspel munk 2"``, or ``"*"`` while unfinished."""
    o = game.outcome
    if o is None:
        return UNFINISHED
    return f"{o.winner.value} {o.kind}{' munk' if o.munk else ''} {o.points}"


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(int(d)) for d in dice)


def export(game: Game, *, white: str = "White", black: str = "Black",
           date: Date | str | None = None, seed: int | str | None = None,
           event: str | None = None, tags: dict[str, str] | None = None,
           comments: bool = True) -> str:
    """The record of ``game`` as text (finished or not); ``replay`` reads it back.

    ``date`` is passed in rather than read from a clock, so the same game always gives
    the same text.  The tags come in the order Event, Rules, White, Black, Date, Seed,
    Result, then ``tags`` in the order given.  ``comments`` adds each roll's traditional name after a ``;``.
    """
    head: dict[str, str] = {}
    if event:
        head["Event"] = event
    head["Rules"] = game.rules.name
    head["White"] = white
    head["Black"] = black
    head["Date"] = date.isoformat() if isinstance(date, Date) else (date or "?")
    if seed is not None:
        head["Seed"] = str(seed)
    head["Result"] = result_text(game)
    for k, v in (tags or {}).items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", k):
            raise ValueError(f"tag name {k!r} must be letters, digits and _")
        head.setdefault(k, v)
    lines = [f"[{k} {_quote(v)}]" for k, v in head.items()]
    lines.append("")

    teka: list[str] = []
    number = 0
    pending: dict[str, Any] | None = None
    for e in game.events:
        kind = e["type"]
        if kind == "teka":
            teka.append(f"{e['white']}-{e['black']}")
        elif kind == "start":
            lines.append("teka " + " ".join(teka) if teka else f"start {e['starter']}")
        elif kind == "roll":
            pending = e
        elif kind in ("play", "forfeit"):
            number += 1
            pending = None
            text = f"{number}. {e['side']} {_dice_text(e['dice'])} {e['moves']}"
            lines.append(_comment(text, e["dice"], kind == "forfeit", comments))
        elif kind in ("resign", "abandon"):
            if pending is not None:  # rolled, then gave up before playing: roll first
                number += 1
                text = f"{number}. {pending['side']} {_dice_text(pending['dice'])}"
                lines.append(_comment(text, pending["dice"], False, comments))
                pending = None
            loser = Side(e["outcome"]["winner"]).other
            lines.append(f"{loser.value} {'resigns' if kind == 'resign' else 'abandons'}")
    if pending is not None:
        number += 1
        text = f"{number}. {pending['side']} {_dice_text(pending['dice'])}"
        lines.append(_comment(text, pending["dice"], False, comments))
    return "\n".join(lines) + "\n"


def _comment(text: str, dice: Sequence[int], forfeit: bool, on: bool) -> str:
    if not on:
        return text
    note = roll_name(tuple(dice)) + (", forfeited" if forfeit else "")
    return f"{text:<34} ; {note}"


# -- reading --------------------------------------------------------------------------------

_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_SIDE = r"(white|black|vit|svart|w|b)"
_TURN = re.compile(rf"^(?:(\d+)\s*\.\s*)?{_SIDE}\s+([1-6](?:\s*-\s*[1-6])?)(?:\s+(.+))?$", re.I)
_ENDING = re.compile(rf"^{_SIDE}\s+(resigns|abandons)$", re.I)
_RESULT = re.compile(r"^(white|black) ([a-z][a-z-]*)( munk)? (\d+)$")
_SIDES = {"white": Side.WHITE, "w": Side.WHITE, "vit": Side.WHITE,
          "black": Side.BLACK, "b": Side.BLACK, "svart": Side.BLACK}


def parse(text: str) -> Record:
    """Read a record's text; a RecordError names the first line that cannot be read.

    Parsing checks the shape only; ``replay`` checks that every line is legal.
    """
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    teka: tuple[tuple[int, int], ...] = ()
    teka_line = 0
    starter: Side | None = None
    turns: list[RecordTurn] = []
    ending: tuple[str, Side] | None = None
    ending_line = 0
    for n, raw in enumerate((text or "").removeprefix("\ufeff").splitlines(), 1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if ending is not None:
            raise RecordError("record.after_end", line=n)
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise RecordError("record.bad_tag", line=n, text=line)
            if turns or teka_line:
                raise RecordError("record.tag_after_moves", line=n)
            key = m.group(1)
            if key in tags:
                raise RecordError("record.repeated_tag", line=n, tag=key)
            tags[key] = re.sub(r"\\(.)", r"\1", m.group(2))
            tag_lines[key] = n
            continue
        word = line.split(None, 1)[0].lower()
        if word in ("teka", "start"):
            if turns or teka_line:
                raise RecordError("record.misplaced", line=n, text=line)
            teka_line = n
            rest = line[len(word):].strip()
            if word == "start":
                starter = _SIDES.get(rest.lower())
                if starter is None:
                    raise RecordError("record.bad_line", line=n, text=line)
            else:
                teka = _parse_teka(rest, n)
            continue
        m = _ENDING.match(line)
        if m:
            ending = ("resign" if m.group(2).lower() == "resigns" else "abandon",
                      _SIDES[m.group(1).lower()])
            ending_line = n
            continue
        m = _TURN.match(line)
        if not m:
            raise RecordError("record.bad_line", line=n, text=line)
        if turns and turns[-1].moves is None:
            raise RecordError("record.missing_play", line=turns[-1].line)
        number = len(turns) + 1
        if m.group(1) is not None and int(m.group(1)) != number:
            raise RecordError("record.bad_number", line=n, found=int(m.group(1)),
                              expected=number)
        dice = tuple(int(d) for d in re.findall(r"[1-6]", m.group(3)))
        moves = m.group(4).strip() if m.group(4) else None
        turns.append(RecordTurn(_SIDES[m.group(2).lower()], dice, moves, n, number))
    result = tags.get("Result", UNFINISHED)
    if result != UNFINISHED and not _RESULT.match(result):
        raise RecordError("record.bad_result", line=tag_lines["Result"], text=result)
    return Record(tags, teka, starter, tuple(turns), ending, teka_line, ending_line, tag_lines)


def _strip_comment(line: str) -> str:
    """Drop a ``;`` comment, but not a ``;`` inside a quoted tag value."""
    if line.lstrip().startswith("["):
        m = re.match(r'^(\s*\[[^"]*"(?:[^"\\]|\\.)*"\s*\])', line)
        return m.group(1) if m else line
    return line.split(";", 1)[0]


def _parse_teka(rest: str, n: int) -> tuple[tuple[int, int], ...]:
    pairs = re.findall(r"([1-6])\s*-\s*([1-6])", rest)
    bad = (not pairs or re.sub(r"[1-6]\s*-\s*[1-6]", "", rest).strip()
           or any(a != b for a, b in pairs[:-1]) or pairs[-1][0] == pairs[-1][1])
    if bad:
        raise RecordError("record.bad_teka", line=n, text=rest)
    return tuple((int(a), int(b)) for a, b in pairs)


# -- replaying ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordedRoll:
    """A roll as the record wrote it and what it took from the game's dice: ``drawn``
    dice in the order drawn (a teka round: white's die, then black's).  Backgammon's
    opening roll takes none: it is the teka's dice."""

    line: int
    what: str  # "teka", or the turn's number
    side: Side | None
    dice: Dice
    drawn: int


def recorded_rolls(rec: Record) -> list[RecordedRoll]:
    """Every roll of the record in the order its dice were drawn (docs/dice.md)."""
    rules = registry.get(rec.rules)
    out = [RecordedRoll(rec.teka_line, "teka", None, pair, 2) for pair in rec.teka]
    for i, t in enumerate(rec.turns):
        opening = i == 0 and bool(rec.teka) and rules.opening_roll_plays
        out.append(RecordedRoll(t.line, str(t.number), t.side, t.dice,
                                0 if opening else len(t.dice)))
    return out


def opening_of(rec: Record) -> Game:
    """The game as the record starts it: its teka rolled with the recorded dice, or the
    starter it names (a match's later game, T-1)."""
    rules = registry.get(rec.rules)
    if rec.teka:
        game = Game.new(rules, source=ScriptedDice(d for pair in rec.teka for d in pair))
        game.opening()
        return game
    return Game.new(rules, starter=rec.starter or (rec.turns[0].side if rec.turns else None))


def _source_after(rec: Record) -> DiceSource:
    """The replayed game's dice from here on: the game's own when the record names its
    seed (past the dice it drew), else dice without a commitment (Python's generator,
    seeded by a decimal seed from before fair dice): a replay invents no proof."""
    seed = rec.tags.get("Seed", "")
    if len(seed) != 2 * SEED_BYTES:
        return LegacyDice(random.Random(int(seed) if seed.isdigit() else None))
    try:
        source = FairDice(seed)
    except EngineError:
        return LegacyDice(random.Random())
    for _ in range(sum(r.drawn for r in recorded_rolls(rec))):
        source.die()
    return source


#: ``on_start(game)``: the game after its teka (or named starter), before the first turn.
StartHook = Callable[[Game], None]
#: ``on_turn(game, line, played)``: after each turn line; ``played`` is the play as the
#: engine made it (its steps and end position, for arrows), a play of no steps for a
#: forfeited roll, None for the open roll a running game ends on.
TurnHook = Callable[[Game, RecordTurn, Turn | None], None]


def replay(record: Record | str, *, on_start: StartHook | None = None,
           on_turn: TurnHook | None = None) -> Game:
    """The game the record describes, re-played rule by rule from the start position.

    This is the engine's one reader of a game: every consumer that walks a game turn by
    turn (the CLI's verbose mode, ``engine.ai.analysis``, ``render.replay``) hears it
    through the hooks rather than walking the record again, as python-chess's visitors
    hear its one PGN reader.  Any line that is not legal where it stands raises a
    RecordError naming it, before the hook of that line is called.
    """
    rec = parse(record) if isinstance(record, str) else record
    try:
        registry.get(rec.rules)
    except EngineError as e:
        raise RecordError("record.illegal", line=rec.tag_lines.get("Rules", 0), cause=e,
                          text=rec.rules) from e
    game = opening_of(rec)
    game.source = _source_after(rec)
    if on_start is not None:
        on_start(game)

    for t in rec.turns:
        text = f"{t.number}. {t.side.value} {_dice_text(t.dice)} {t.moves or ''}".strip()
        if game.is_over:
            raise RecordError("record.after_end", line=t.line)
        if t.side is not game.turn:
            raise RecordError("record.wrong_side", line=t.line, expected=game.turn.value,
                              found=t.side.value)
        if game.phase == "move" and game.dice is not None:
            # Backgammon's opening dice are already the starter's first roll.
            if sorted(game.dice) != sorted(t.dice):
                raise RecordError("record.wrong_dice", line=t.line,
                                  expected=_dice_text(game.dice), found=_dice_text(t.dice))
        else:
            try:
                game.roll(one_die=len(t.dice) == 1, dice=t.dice)
                if game.phase == "choose":
                    # Puff's generalpasch rolled and played as rolled: a named pasch is
                    # recorded as that pasch, and rolls straight to it above.
                    game.choose_roll(t.dice)
            except EngineError as e:
                raise RecordError("record.illegal", line=t.line, cause=e, text=text) from e
        played: Turn | None = None
        if t.moves is not None:
            if game.phase != "move":  # the roll had no legal play and was forfeited
                if t.moves.strip() != "-":
                    raise RecordError("record.no_play", line=t.line,
                                      dice=_dice_text(t.dice))
                played = Turn((), game.position)
            else:
                try:
                    played = game.play(t.moves)
                except EngineError as e:
                    raise RecordError("record.illegal", line=t.line, cause=e,
                                      text=text) from e
        if on_turn is not None:
            on_turn(game, t, played)

    if rec.ending is not None:
        how, side = rec.ending
        try:
            game.resign(side) if how == "resign" else game.abandon(side)
        except EngineError as e:
            raise RecordError("record.illegal", line=rec.ending_line, cause=e,
                              text=f"{side.value} {how}") from e
    found = result_text(game)
    if rec.result != UNFINISHED and rec.result != found:
        raise RecordError("record.result_mismatch", line=rec.tag_lines.get("Result", 0),
                          expected=rec.result, found=found)
    return game


# -- command line ---------------------------------------------------------------------------


_CANNOT_READ = {"en": "error: cannot read {file}: {why}",
                "sv": "fel: kan inte läsa {file}: {why}"}


def read_text(file: str, lang: str = "en") -> str | None:
    """The record a command line names (``-``: standard input), or None once the reason it
    cannot be read (missing, unreadable, not UTF-8 text) is on standard error, in ``lang``:
    a bad file name is a message, not a traceback."""
    try:
        if file == "-":
            return sys.stdin.read()
        with open(file, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        why = getattr(e, "strerror", None) or str(e)
        print(_CANNOT_READ["sv" if lang == "sv" else "en"].format(file=file, why=why),
              file=sys.stderr)
        return None


def print_error(error: EngineError, lang: str = "en") -> None:
    """A record the engine refused (an illegal line, say), on standard error in ``lang``."""
    print(f"{'fel' if lang == 'sv' else 'error'}: {error.message(lang)}", file=sys.stderr)
