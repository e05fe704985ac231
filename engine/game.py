"""One game as a state machine: teka, rolls, plays, forfeits, resignation, the end.

The game owns its dice (``engine.dice``: a secret seed and how far the game has drawn
from it, stored in the JSON), so a stored game continues with exactly the dice it would
have rolled, and a seeded game replays identically.  Its commitment (SHA-256 of the
seed) may be shown from the start; the seed itself only once the game is over, and the
event that ends the game carries it, so anyone can check every roll (docs/dice.md).
Every action appends an event; the events are the game's full record.

Phases: ``opening`` (teka not yet rolled) → ``roll`` (the side to move must roll) →
``move`` (a roll awaits its play) → back to ``roll``, until ``over``.  Puff's generalpasch
adds ``choose`` between ``roll`` and ``move``: the roller may name a pasch.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from engine import endings, plays
from engine import rules as rules_registry
from engine.dice import Dice, DiceSource, FairDice, LegacyDice, draw, format_dice, roll_name
from engine.errors import DiceError, EngineError, GameError
from engine.generators import legal_turns
from engine.movegen import BURST, HIT, PLAIN, Board
from engine.position import BAR, OFF, Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Turn

JSON_VERSION = 1
#: How many plays ``Game.play_of`` remembers (a picker's few previews of one roll).
FOUND_KEPT = 8


@dataclass
class SideHistory:
    """What B-35 and B-36 remember about one player."""

    janband: bool = False  # has had a band on own 13–24
    janblotta: bool = False  # has had the janblotta out
    onedie_owed: int = 0  # one-die rolls still owed (B-36)
    onedie_series: bool = False  # the current roll is part of a one-die series


@dataclass
class Game:
    rules: RuleSet
    position: Position
    phase: str = "opening"
    dice: Dice | None = None
    outcome: Outcome | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    #: Where every die of the game comes from (``engine.dice``); never printed.
    source: DiceSource = field(default_factory=FairDice.fresh, repr=False)
    history: dict[Side, SideHistory] = field(
        default_factory=lambda: {Side.WHITE: SideHistory(), Side.BLACK: SideHistory()})
    _legal: list[Turn] | None = field(default=None, repr=False)
    #: Plays found by ``play_of``, by the position, the dice and the text that named
    #: them: a play picker names the same play on its preview and again on Confirm,
    #: and each would run the move generator again (keyed by what they depend on, so
    #: nothing needs forgetting when the game moves on; a few entries at most).
    _found: dict[tuple[Position, Dice, str], Turn] = field(
        default_factory=dict, repr=False, compare=False)

    # -- creation -----------------------------------------------------------------------
    @classmethod
    def new(cls, rules: RuleSet | str = rules_registry.DEFAULT, *,
            seed: int | bytes | str | None = None, source: DiceSource | None = None,
            starter: Side | None = None) -> Game:
        """A fresh game; with ``starter`` (a match's loser, T-1) there is no teka.

        Its dice come from ``seed`` (``engine.dice.seed_bytes``), or from ``source`` (a
        record's replay hands over the recorded teka), or else from a fresh secret seed.
        """
        r = rules_registry.get(rules) if isinstance(rules, str) else rules
        dice = source or (FairDice.fresh() if seed is None else FairDice(seed))
        g = cls(r, r.start(), source=dice)
        if starter is not None:
            g.position = g.position.with_turn(starter)
            g.phase = "roll"
            g.events.append({"type": "start", "starter": starter.value})
        return g

    # -- state --------------------------------------------------------------------------
    @property
    def turn(self) -> Side:
        return self.position.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def legal_turns(self) -> list[Turn]:
        if self.phase != "move" or self.dice is None:
            return []
        if self._legal is None:
            self._legal = legal_turns(self.rules, self.position, self.dice)
        return self._legal

    @property
    def turn_count(self) -> int:
        return sum(1 for e in self.events if e["type"] in ("play", "forfeit"))

    def last_play(self) -> dict[str, Any] | None:
        for e in reversed(self.events):
            if e["type"] in ("play", "forfeit"):
                last: dict[str, Any] = e
                return last
        return None

    # -- teka ---------------------------------------------------------------------------
    def opening(self) -> tuple[int, int]:
        """Teka (T-1): one die each, ties rolled again; bräde's lower die starts, puff's
        higher; in backgammon the higher starts and plays the two opening dice."""
        if self.phase != "opening":
            raise GameError("game.already_rolled")
        while True:
            w, b = self.source.die(), self.source.die()  # white's die first
            self.events.append({"type": "teka", "white": w, "black": b})
            if w != b:
                break
        starter = self.rules.teka_starter(w, b)
        self.position = self.position.with_turn(starter)
        if self.rules.opening_roll_plays:
            self.phase = "roll"
            self.events.append({"type": "start", "starter": starter.value})
            self.roll(dice=(max(w, b), min(w, b)))
            return w, b
        if self.rules.generalpasch:
            self.position = replace(self.position, general=(max(w, b), min(w, b)))
        self.phase = "roll"
        self.events.append({"type": "start", "starter": starter.value})
        return w, b

    # -- rolling ------------------------------------------------------------------------
    def one_die_available(self, side: Side | None = None) -> bool:
        """B-36: may the side to move choose to roll one die now?"""
        side = side or self.turn
        if self.rules.one_die is None or self.phase != "roll" or side is not self.turn:
            return False
        if self.history[side].onedie_owed:
            return True
        return can_finish_beautiful_with_one(self.position.side(side))

    def roll(self, one_die: bool = False, dice: Dice | None = None) -> Dice:
        """Roll for the side to move; a roll with no legal play is forfeited at once.

        ``dice`` forces the values (tests, replays from a record).
        """
        if self.phase == "over":
            raise GameError("game.over")
        if self.phase == "opening":
            raise GameError("game.opening_pending")
        if self.phase in ("move", "choose"):
            raise GameError("game.already_rolled")
        hist = self.history[self.turn]
        if hist.onedie_owed and not one_die:
            raise GameError("game.one_die_owed", n=hist.onedie_owed)
        if one_die and not self.one_die_available():
            raise GameError("game.one_die_unavailable")
        n = 1 if one_die else 2
        if dice is None:
            dice = draw(self.source, n)
        else:
            dice = _checked_dice(dice, n)  # before any change: a bad roll changes nothing
        self.dice = dice
        self.phase = "move"
        self._legal = None
        if one_die:
            hist.onedie_series = True
        self.events.append({"type": "roll", "side": self.turn.value, "dice": list(dice),
                            "name": roll_name(dice)})
        if self.roll_choices:
            self.phase = "choose"  # generalpasch: the roller may name a pasch first
            return dice
        self._forfeit_if_stuck()
        return dice

    @property
    def roll_choices(self) -> list[Dice]:
        """Puff's generalpasch: what the rolled dice may be played as (empty otherwise)."""
        if not self.rules.die_by_die or self.dice is None:
            return []
        from engine import puff

        options = puff.roll_options(self.rules, self.position, self.dice)
        return options if len(options) > 1 else []

    def choose_roll(self, dice: Dice) -> Dice:
        """Play the generalpasch roll as ``dice`` (the roll itself or a named pasch)."""
        if self.phase != "choose":
            raise GameError("game.no_choice")
        options = self.roll_choices
        try:
            dice = _checked_dice(dice, 2)
        except DiceError:
            raise GameError("game.bad_choice", dice=repr(dice)[:40]) from None
        if dice not in options:
            raise GameError("game.bad_choice", dice=format_dice(dice))
        self.dice = dice
        self.phase = "move"
        self._legal = None
        self.events.append({"type": "choose", "side": self.turn.value, "dice": list(dice),
                            "name": roll_name(dice)})
        self._forfeit_if_stuck()
        return dice

    def _forfeit_if_stuck(self) -> None:
        """A roll with no legal play is forfeited at once (T-4), and recorded."""
        assert self.dice is not None
        if self.rules.die_by_die:
            # Plays settled die by die (P-3, puff): one sampled walk tells whether
            # anything moves, without listing a pasch's thousands of results.
            from engine import puff

            probe = puff.random_turn(self.rules, self.position, self.dice, random.Random(0))
            if probe.is_forfeit:
                self._apply(probe, forfeit=True)
            return
        only = self.only_play()  # stops at the second play: no list (engine.plays)
        if only is not None and only.is_forfeit:
            self._apply(only, forfeit=True)

    def apply_generated(self, turn: Turn) -> Turn:
        """Apply a play the engine itself produced (an AI or a sampling self-play player).

        Skips the check against the whole legal list, which for a puff pasch can hold
        tens of thousands of plays; user input always goes through ``play``/``play_turn``.
        """
        self._need_move()
        self._apply(turn)
        return turn

    # -- playing ------------------------------------------------------------------------
    def play(self, text: str) -> Turn:
        """Play the turn ``text`` describes (lenient notation); MoveError if not legal."""
        self._need_move()
        turn = self.validate(text)  # by its steps, never against the whole list
        self._apply(turn)
        return turn

    def ahead(self, turn: Turn) -> Game:
        """The game as it will be once ``turn`` is played, this one untouched (a play
        previewed before it counts): a copy of what playing changes, then played."""
        copy = replace(self, events=list(self.events),
                       history={side: replace(h) for side, h in self.history.items()})
        copy.play_turn(turn)
        return copy

    def play_turn(self, turn: Turn) -> Turn:
        self._need_move()
        if not (turn in self._legal if self._legal is not None else self._is_legal(turn)):
            raise GameError("move.illegal", text=turn.text)
        self._apply(turn)
        return turn

    def _need_move(self) -> None:
        if self.phase == "over":
            raise GameError("game.over")
        if self.phase == "choose":
            raise GameError("game.choose_first")
        if self.phase != "move":
            raise GameError("game.roll_first")

    def _apply(self, turn: Turn, forfeit: bool = False) -> None:
        mover = self.turn
        self._remember(mover, turn)
        self._one_die_after(mover, turn)
        self.events.append({
            "type": "forfeit" if forfeit or turn.is_forfeit else "play",
            "side": mover.value, "dice": list(self.dice or ()), "moves": turn.text,
            "position": turn.position.format(),
        })
        self.position = turn.position
        if turn.position.turn is not mover:
            owed = self.history[turn.position.turn].onedie_owed
            if owed != self.position.onedie:
                self.position = replace(self.position, onedie=owed)
        self.dice = None
        self._legal = None
        if turn.outcome is not None:
            self._finish(turn.outcome, "win")
        else:
            self.phase = "roll"

    def _finish(self, outcome: Outcome, how: str) -> None:
        self.outcome = outcome
        self.phase = "over"
        self.dice = None
        self._legal = None
        end: dict[str, Any] = {"type": how, "outcome": outcome.to_json() | {"tick": outcome.tick}}
        if self.commitment is not None:
            end["seed"] = self.reveal()  # the game is over: its dice may be checked
        self.events.append(end)

    # -- the dice's proof (docs/dice.md) ------------------------------------------------
    @property
    def commitment(self) -> str | None:
        """SHA-256 of the dice's seed, safe to show from the start; None for a game
        stored before fair dice (or a replay), which has none."""
        return self.source.commitment if isinstance(self.source, FairDice) else None

    def reveal(self) -> str | None:
        """The seed as 64 hex digits, for the game's end (or its abort), when every die
        it will ever roll is known; None where there is no commitment.  Asked while the
        game is live it would give every future roll away: only endings call it."""
        return self.source.seed_hex if isinstance(self.source, FairDice) else None

    def _remember(self, mover: Side, turn: Turn) -> None:
        """Track janband and janblotta (B-35) through every step of the turn."""
        if not self.rules.is_brade:
            return
        _breaks_b35(self.rules, self.position, turn, self.history[mover])

    def _one_die_after(self, mover: Side, turn: Turn) -> None:
        hist = self.history[mover]
        if not hist.onedie_series:
            return
        won = turn.outcome is not None
        if hist.onedie_owed:
            hist.onedie_owed -= 1
        elif not won:
            die = self.dice[0] if self.dice else 0
            hist.onedie_owed = die if self.rules.one_die == "n" else 2
        if won or not hist.onedie_owed:
            hist.onedie_series = hist.onedie_owed > 0

    # -- giving up ----------------------------------------------------------------------
    def can_resign(self, side: Side) -> tuple[bool, str | None]:
        """B-35 (talisman, classic, vasa) or any time (Behrens–Helmfrid, backgammon, puff)."""
        if self.phase == "over":
            return False, "game.over"
        if self.rules.resign == "any":
            return True, None
        hist = self.history[side]
        if hist.janband:
            return False, "resign.janband"
        if hist.janblotta:
            return False, "resign.janblotta"
        if self.phase == "move" and side is self.turn and self._roll_forces_b35():
            # B-35: the roll forces either condition -- every play makes the janband, or
            # puts the janblotta out, or does one or the other (seed 004: "bryta mot
            # *något* av dessa villkor").
            return False, "resign.forced"
        return True, None

    def _roll_forces_b35(self) -> bool:
        """Does every legal play of the roll break B-35?  The plays are walked lazily
        (``plays.each_play``) and the walk stops at the first play that breaks neither
        condition: asked on the event loop (resign prompt), it never lists every play."""
        if self.dice is None:
            return False
        some = False
        for t in (self._legal if self._legal is not None
                  else plays.each_play(self.rules, self.position, self.dice)):
            if not _breaks_b35(self.rules, self.position, t):
                return False
            some = True
        return some

    def resign(self, side: Side) -> Outcome:
        ok, reason = self.can_resign(side)
        if not ok:
            if reason == "game.over":
                raise GameError("game.over")
            raise GameError("game.cannot_resign", reason=reason or "")
        outcome = self.resignation(side)
        self._finish(outcome, "resign")
        return outcome

    def abandon(self, side: Side) -> Outcome:
        """Leaving a game one may not resign scores as jan for the opponent (B-35, house)."""
        if self.phase == "over":
            raise GameError("game.over")
        outcome = self.abandonment(side)
        self._finish(outcome, "abandon")
        return outcome

    def resignation(self, side: Side) -> Outcome:
        """What ``side`` resigning would give the opponent (``resign`` records it), asked
        before the player confirms; whether they may is ``can_resign``."""
        return endings.resignation(self.rules, side)

    def abandonment(self, side: Side) -> Outcome:
        """What ``side`` leaving the game would give the opponent (``abandon`` records it):
        a jan in bräde, a resignation's point elsewhere (B-35, house)."""
        return endings.abandonment(self.rules, side)

    # -- storage ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The stored game; its dice as ``seed`` and ``drawn`` (``FairDice``) or, for a
        game stored before fair dice, the generator's ``rng`` state as it always was."""
        return {
            "version": JSON_VERSION,
            "rules": self.rules.name,
            "position": self.position.format(),
            "phase": self.phase,
            "dice": list(self.dice) if self.dice else None,
            "outcome": (self.outcome.to_json() | {"tick": self.outcome.tick})
            if self.outcome else None,
            "events": self.events,
            **self.source.to_json(),
            "history": {s.value: {"janband": h.janband, "janblotta": h.janblotta,
                                  "onedie_owed": h.onedie_owed,
                                  "onedie_series": h.onedie_series}
                        for s, h in self.history.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """A stored game back; GameError("game.bad_json") for anything that is not one.

        Games stored before the position text carried ``first=`` (the double-six
        option's first rolls, ``docs/rules.md``, "Position text") get it from their events: a side has made its
        first roll once it has a play or a forfeit on record.
        """
        try:
            if not isinstance(data, dict):
                raise TypeError("a stored game is a JSON object")
            if data.get("version") != JSON_VERSION:
                raise ValueError(f"unknown version {data.get('version')!r}")
            rules = rules_registry.get(_typed(data["rules"], str, "rules"))
            position_text = _typed(data["position"], str, "position")
            position = rules.parse_position(position_text)
            phase = data["phase"]
            if phase not in ("opening", "roll", "choose", "move", "over"):
                raise ValueError(f"unknown phase {phase!r}")
            raw_dice = data.get("dice")
            dice = (_checked_dice(raw_dice, len(_typed(raw_dice, list, "dice")))
                    if raw_dice else None)
            if dice is not None and len(dice) not in (1, 2):
                raise ValueError("a roll is one or two dice")
            if phase in ("move", "choose") and not dice:
                raise ValueError("a game waiting for a move has no dice")
            source: DiceSource
            if "seed" in data:
                source = FairDice(_typed(data["seed"], str, "seed"),
                                  _typed(data["drawn"], int, "drawn"))
            else:
                v, st, gauss = _typed(data["rng"], list, "rng")
                source = LegacyDice.from_json([v, _typed(st, list, "rng"), gauss])
            stored = _typed(data["history"], dict, "history")
            history = {Side(k): _side_history(_typed(h, dict, "history"))
                       for k, h in stored.items()}
            if set(history) != set(Side):
                raise ValueError("history needs white and black")
            raw_outcome = data.get("outcome")
            outcome = (Outcome.from_json(_typed(raw_outcome, dict, "outcome"))
                       if raw_outcome else None)
            if (phase == "over") != (outcome is not None):
                raise ValueError("a game is over exactly when it has an outcome")
            events = list(_typed(data["events"], list, "events"))
            if not all(isinstance(e, dict) and isinstance(e.get("type"), str)
                       for e in events):
                raise ValueError("every event is an object with a type")
            if rules.double_six and not position.first and "first=" not in position_text:
                first = frozenset(Side(e["side"]) for e in events
                                  if e["type"] in ("play", "forfeit"))
                position = replace(position, first=first)
        except EngineError as e:
            raise GameError("game.bad_json", problem=str(e)) from e
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                OverflowError) as e:
            raise GameError("game.bad_json", problem=str(e) or type(e).__name__) from e
        return cls(rules, position, phase, dice, outcome, events, source, history)

    # -- the move contract (engine.plays): no list of every play ---------------------------
    # A later puff pasch has up to ~145,000 plays; these answer a player's questions by
    # walking steps instead (issue 12).  ``legal_turns`` stays for tests and the CLI.
    def _roll(self) -> tuple[RuleSet, Position, Dice]:
        self._need_move()
        assert self.dice is not None
        return self.rules, self.position, self.dice

    def validate(self, text: str) -> Turn:
        """The legal play ``text`` describes (as ``legal_turns`` lists it); MoveError if
        none, GameError when no roll awaits a play."""
        return plays.validate(*self._roll(), text)

    def suggest(self, typed: str = "", limit: int = plays.SUGGESTIONS, *,
                order: str = "neutral") -> list[Turn]:
        """Up to ``limit`` legal plays matching what has been typed, in the neutral order
        (autocomplete) or (``order="best"``) best first by a cheap order; empty when no
        roll awaits a play."""
        if self.phase != "move" or self.dice is None:
            return []
        return plays.suggest(self.rules, self.position, self.dice, typed, limit, order=order)

    def listing(self) -> list[str]:
        """Every legal play once, as its text, in the neutral order (the play picker;
        a later puff pasch takes seconds: ``plays.listing``); empty when no roll awaits
        a play."""
        if self.phase != "move" or self.dice is None:
            return []
        return plays.listing(self.rules, self.position, self.dice)

    def play_of(self, text: str) -> Turn | None:
        """The legal play a ``listing`` text names, or None (no roll awaits a play, or
        the roll has no such play)."""
        if self.phase != "move" or self.dice is None:
            return None
        key = (self.position, self.dice, text)
        found = self._found.get(key)
        if found is None:
            found = plays.play_of(self.rules, self.position, self.dice, text)
            if found is not None:
                if len(self._found) >= FOUND_KEPT:
                    self._found.clear()
                self._found[key] = found
        return found

    def only_play(self) -> Turn | None:
        """The one legal play when the roll has exactly one (a forfeit included)."""
        if self.phase != "move" or self.dice is None:
            return None
        if self._legal is not None:
            return self._legal[0] if len(self._legal) == 1 else None
        return plays.only_play(self.rules, self.position, self.dice)

    def first_plays(self, n: int) -> list[Turn]:
        """Up to ``n`` distinct legal plays (play buttons for a roll with few)."""
        if self.phase != "move" or self.dice is None:
            return []
        return plays.first_plays(self.rules, self.position, self.dice, n)

    def _is_legal(self, turn: Turn) -> bool:
        if any(found == turn and key[0] == self.position and key[1] == self.dice
               for key, found in self._found.items()):
            return True  # found for this very roll by ``play_of``
        return plays.is_legal(*self._roll(), turn)


def _typed(value: Any, kind: type, what: str) -> Any:
    """``value`` if it is a ``kind``; else the TypeError ``from_json`` reports."""
    if not isinstance(value, kind):
        raise TypeError(f"{what}: expected {kind.__name__}, found {type(value).__name__}")
    return value


def _side_history(h: dict[str, Any]) -> SideHistory:
    owed = h["onedie_owed"]
    if type(owed) is not int or not 0 <= owed <= 6:
        raise ValueError(f"onedie_owed: {owed!r}")
    return SideHistory(bool(h["janband"]), bool(h["janblotta"]), owed,
                       bool(h["onedie_series"]))


def _resign_flags(me: list[int] | tuple[int, ...], column: bool, hist: SideHistory) -> bool:
    """B-35: update janband/janblotta from a side's counts (``column``: a double-six
    column stands on its 7); True once both are known set.

    Janband: a band on own 13–24.  Janblotta: 7 blots on the board, or 6 while the home
    band still stands; a lone checker left on 1 is a blot, and every checker of a
    double-six column counts as a blot (seed 001: "Dessa räknas alla som blottor").
    """
    if not hist.janband and any(me[p] >= 2 for p in range(13, 25)):
        hist.janband = True
    if not hist.janblotta:
        blots = sum(1 for p in range(1, 25) if me[p] == 1)
        if column and me[7] >= 2:
            blots += me[7]
        if blots >= 7 or (blots >= 6 and me[1] >= 2):
            hist.janblotta = True
    return hist.janband and hist.janblotta


def _breaks_b35(rules: RuleSet, position: Position, turn: Turn,
                hist: SideHistory | None = None) -> bool:
    """B-35: does playing ``turn`` make the janband or put the janblotta out (either one,
    at any step: a band made and broken within the turn counts as had, house)?

    Updates ``hist`` (a fresh one when None) with what the turn does.
    """
    hist = SideHistory() if hist is None else hist
    if not rules.is_brade:
        return False
    mover = position.turn
    board = Board(rules, position)
    done = _resign_flags(board.me, board.my_col, hist)
    for s in turn.steps:
        if done:
            break
        board.push(s.frm, s.to, BURST if s.burst else HIT if s.hit else PLAIN)
        done = _resign_flags(board.me, board.my_col, hist)
    if turn.special == "column":  # the steps alone do not show the column
        after = turn.position
        _resign_flags(after.side(mover), after.column is mover, hist)
    return hist.janband or hist.janblotta


def _checked_dice(dice: object, n: int) -> Dice:
    """``dice`` as a tuple of ``n`` die values 1..6, or DiceError (T-1..T-3)."""
    try:
        values = tuple(cast("Iterable[object]", dice))  # not iterable: TypeError, below
    except TypeError:
        raise DiceError("dice.bad", text=repr(dice)[:40]) from None
    faces = tuple(d for d in values if type(d) is int and 1 <= d <= 6)
    if len(values) != n or len(faces) != n:
        raise DiceError("dice.bad", text=repr(dice)[:40])
    return faces


def can_finish_beautiful_with_one(me: tuple[int, ...]) -> bool:
    """B-36: could one checker, moved at most six points, complete a vackert spel?"""
    if me[OFF] or me[BAR]:
        return False
    counts = list(me)
    for p in range(1, 25):
        if not counts[p]:
            continue
        for k in range(1, 7):
            t = p + k
            if t > 24:
                break
            counts[p] -= 1
            counts[t] += 1
            if endings.beautiful(counts) is not None:
                return True
            counts[p] += 1
            counts[t] -= 1
    return False
