"""Game analysis: every decision of a recorded game against the engine's best judgement.

For each turn of a record (``engine.record``) this finds the play made, the best play,
and the points lost — the difference in expected points, for the mover, between the two —
and, for every roll, how lucky it was.  Per player it sums the points lost, counts the
doubtful plays and blunders, and names the biggest mistake, so a player sees whether a
game was lost on the dice or on the play.  Engine only: no I/O, no clock.

**The judge** is ``evaluator(rules)``: whatever ``mästare`` plays with — the learned
network where one ships for the ruleset (``engine.ai.net``), else the hand-built
evaluation (``evaluation`` in bräde, ``puff_eval`` in puff).  It is taken from that one
function, so a newly shipped network flows in without touching this module.

**Plays** are compared two-ply, like ``mästare`` searches: every play is scored one-ply
(the position after it), the best ``CANDIDATES`` of those plus the play made are each
scored by the average over the 21 rolls of the next mover's best reply, and the best of
those is "the best play".  The play made is always scored the same way as the best, so
the points lost are never negative, and zero when the play made is the analyser's own
choice.  A play outside the one-ply top ``CANDIDATES`` can only be missed as "best" when
it is not the play made — the pruning ``mästare`` itself uses.

**Luck** of a roll is the value (one-ply, for the mover) of the best play of the roll
that came, minus the average over every roll that could have come — the 21 rolls weighted
1/36 and 2/36, the six faces for a one-die roll (B-36), the fifteen non-double rolls for
backgammon's opening roll (the teka's dice), and for puff's generalpasch the best of the
rolls it may be named as.  A forfeited roll is as unlucky as it gets.  The average also
gives the mover's expected points before the roll: the equity the graph draws.

**Decisions**: a turn with one play or none (forced, forfeited) is no decision: it costs
no points and is not counted.  The choice to roll one die (B-36) is not analysed.

**Thresholds** (expected points for the mover; a hemspel is worth 1 in most tables):
a play losing at least ``DOUBTFUL`` (0.08) is doubtful, at least ``BLUNDER`` (0.25) a
blunder.

**Later puff pasches** (eight steps, P-4) can have 100,000 plays: like ``mästare`` they
are walked with a beam of ``ROOT_BEAM`` boards per die (``engine.ai.pasch``), and the
next mover's pasch replies greedily; the play made is added to the beam's plays when the
beam did not find it (read from its text step by step, ``engine.plays.validate``, without
listing the roll's plays).  The move contract counts and validates plays without a list
but does not rank them, so the beam is the bounded fallback: the best play of a later
pasch is the best the beam found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from engine import rules as registry
from engine.ai import net as learned_net
from engine.ai.agents import SearchAgent
from engine.ai.evaluation import Model, turn_values
from engine.ai.rolls import ROLLS21, replies
from engine.dice import Dice
from engine.game import Game
from engine.position import Position, Side
from engine.record import Record, RecordTurn, parse, replay
from engine.rules.ruleset import RuleSet
from engine.turn import Outcome, Turn

#: Expected points lost from which a play is doubtful (for the mover).
DOUBTFUL = 0.08
#: Expected points lost from which a play is a blunder.
BLUNDER = 0.25
#: Plays (best by one-ply value) searched two-ply besides the play made.
CANDIDATES = 6
#: Boards kept per die when walking a later puff pasch (``mästare``'s root beam).
ROOT_BEAM = 8

Progress = Callable[[float], None]


def evaluator(rules: RuleSet) -> Model:
    """The strongest evaluation the engine has for ``rules``: the one ``mästare`` uses."""
    return SearchAgent().model(rules)


def evaluator_kind(rules: RuleSet) -> str:
    """``"learned"`` when a trained network judges ``rules``, else ``"hand-built"``."""
    return "learned" if hasattr(evaluator(rules), "white_values") else "hand-built"


# -- the game, turn by turn ------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """One played turn of a record: who rolled what where, and what they played.

    Plain values only, so a worker process can be handed a slice of a game.
    """

    number: int
    side: Side
    dice: Dice
    before: Position
    moves: str  # the engine's text of the play made ("-" for a forfeit)
    after: Position
    outcome: Outcome | None  # the play ended the game
    forfeit: bool
    opening: bool = False  # backgammon's first roll is the teka's dice: never a double


@dataclass(frozen=True)
class Decision:
    """The analysis of one turn; values are expected points for the mover (``side``)."""

    number: int
    side: Side
    dice: Dice
    before: Position
    played: Turn
    best: Turn
    played_value: float
    best_value: float
    choices: int  # plays compared; 0 or 1: no decision
    luck: float
    equity: float  # the mover's expected points before the roll
    #: With a network of outcome probabilities (backgammon, ``engine.ai.net.OUTCOMES``):
    #: the mover's chances after the play made and after the best play, one-ply.
    played_chances: tuple[float, ...] | None = None
    best_chances: tuple[float, ...] | None = None

    @property
    def is_decision(self) -> bool:
        return self.choices > 1

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value) if self.is_decision else 0.0

    @property
    def verdict(self) -> str:
        """``"blunder"``, ``"doubtful"`` or ``""``."""
        loss = self.loss
        return "blunder" if loss >= BLUNDER else "doubtful" if loss >= DOUBTFUL else ""

    @property
    def white_equity(self) -> float:
        return self.equity if self.side is Side.WHITE else -self.equity


@dataclass(frozen=True)
class PlayerSummary:
    side: Side
    name: str
    decisions: int
    total_loss: float
    doubtful: int
    blunders: int
    luck: float
    worst: Decision | None  # the biggest mistake (None when no play lost anything)

    @property
    def mean_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0


@dataclass(frozen=True)
class GameAnalysis:
    rules: str
    white: str
    black: str
    outcome: Outcome | None
    evaluator: str  # "learned" or "hand-built"
    decisions: tuple[Decision, ...]
    players: dict[Side, PlayerSummary] = field(default_factory=dict)

    @property
    def worst(self) -> Decision | None:
        """The game's biggest mistake, by either side."""
        found = [p.worst for p in self.players.values() if p.worst is not None]
        return max(found, key=lambda d: d.loss, default=None)

    def equity_curve(self) -> list[tuple[int, float]]:
        """(turn number, white's expected points before that roll), then the result."""
        points = [(d.number, d.white_equity) for d in self.decisions]
        o = self.outcome
        if o is not None:
            last = self.decisions[-1].number + 1 if self.decisions else 1
            points.append((last, float(o.points if o.winner is Side.WHITE else -o.points)))
        return points


def moments(record: Record | str) -> tuple[RuleSet, list[Moment], Outcome | None]:
    """The ruleset, every played turn of ``record`` and the result (None while the game
    is unfinished), replayed rule by rule: a line that is not legal raises
    ``RecordError`` naming it.  An open last roll is skipped."""
    rec = parse(record) if isinstance(record, str) else record
    out: list[Moment] = []
    before: Position | None = None
    count = 0
    bg_opening = False

    def start(game: Game) -> None:
        nonlocal before, count, bg_opening
        before, count = game.position, game.turn_count
        bg_opening = game.rules.opening_roll_plays and bool(rec.teka)

    def capture(game: Game, t: RecordTurn, played: Turn | None) -> None:
        nonlocal before, count
        if game.turn_count == count:
            return  # an open roll: nothing played yet
        count = game.turn_count
        last = game.last_play()
        assert last is not None and before is not None
        won = game.is_over and game.events[-1]["type"] == "win"
        out.append(Moment(t.number, before.turn, tuple(last["dice"]), before,
                          last["moves"], game.position, game.outcome if won else None,
                          last["type"] == "forfeit", bg_opening and not out))
        before = game.position

    end = replay(rec, on_start=start, on_turn=capture)
    return end.rules, out, end.outcome


# -- one turn --------------------------------------------------------------------------------


def _roll_values(rules: RuleSet, pos: Position, dice: Dice, model: Model) -> float:
    """The best one-ply value for the mover of the roll ``dice`` (its named rolls too)."""
    options: Sequence[Dice] = [dice]
    if rules.die_by_die and len(dice) == 2:
        from engine.puff import roll_options

        options = roll_options(rules, pos, dice)
    best = None
    for d in options:
        plays = replies(rules, pos, d, model, ROOT_BEAM)
        v = max(turn_values(rules, plays, pos.turn, model))
        best = v if best is None or v > best else best
    assert best is not None
    return best


def _rolls(m: Moment) -> list[tuple[Dice, int]]:
    if len(m.dice) == 1:
        return [((d,), 1) for d in range(1, 7)]
    if m.opening:
        return [(d, w) for d, w in ROLLS21 if d[0] != d[1]]
    return list(ROLLS21)


def _luck(rules: RuleSet, m: Moment, model: Model) -> tuple[float, float]:
    """(luck of the roll, mean value over all rolls), both for the mover, one-ply."""
    rolls = _rolls(m)
    key = tuple(sorted(m.dice))
    total = weight = 0.0
    actual = None
    for dice, w in rolls:
        v = _roll_values(rules, m.before, dice, model)
        total += w * v
        weight += w
        if dice == key:
            actual = v
    mean = total / weight
    if actual is None:  # not among the rolls considered (cannot happen for real dice)
        actual = _roll_values(rules, m.before, m.dice, model)
    return actual - mean, mean


def _two_ply(rules: RuleSet, turn: Turn, me: Side, model: Model) -> float:
    """The average over the next roll of the next mover's best reply, as ``me`` values
    it (``mästare``'s look-ahead); a play that ends the game is worth its points."""
    if turn.outcome is not None:
        return float(turn.outcome.points if turn.outcome.winner is me
                     else -turn.outcome.points)
    pos = turn.position
    mine = pos.turn is me  # puff: a pasch may give the same side another roll (P-4)
    total = 0.0
    for dice, w in ROLLS21:
        found = replies(rules, pos, dice, model, 1)
        values = turn_values(rules, found, me, model)
        total += w * (max(values) if mine else min(values))
    return total / 36


def chances(rules: RuleSet, turn: Turn, me: Side, model: Model) -> tuple[float, ...] | None:
    """``me``'s five ``OUTCOMES`` after ``turn`` (one-ply) when the judge is a network of
    outcome probabilities, else None; a play that ends the game is certain."""
    if not isinstance(model, learned_net.Net) or model.outputs != "probabilities":
        return None
    o = turn.outcome
    if o is not None:
        points = o.points if o.winner is me else -o.points
        return tuple(float(x) for x in learned_net.outcome_targets(np.array([points]))[0])
    p = model.probabilities(rules, [turn.position])
    if turn.position.turn is not me:
        p = learned_net.flip(p)
    return tuple(float(x) for x in p[0])


def _same(a: Position, b: Position) -> bool:
    """The same board after a play (the game stamps the owed one-die rolls on later)."""
    return replace(a, onedie=0) == replace(b, onedie=0)


def _played_turn(rules: RuleSet, m: Moment, plays: list[Turn]) -> tuple[Turn, list[Turn]]:
    for t in plays:
        if _same(t.position, m.after) and t.outcome == m.outcome:
            return t, plays
    # Not among the beam's plays (a later puff pasch): read it from its text by walking
    # its steps (the move contract), without listing the roll's plays.
    from engine.plays import validate

    turn = validate(rules, m.before, m.dice, m.moves)
    return turn, [*plays, turn]


def analyse_moment(rules: RuleSet, m: Moment, model: Model | None = None) -> Decision:
    """The analysis of one played turn (see the module doc)."""
    model = evaluator(rules) if model is None else model
    me = m.side
    luck, equity = _luck(rules, m, model)
    if m.forfeit:
        turn = Turn((), m.after, None)
        return Decision(m.number, me, m.dice, m.before, turn, turn, equity, equity, 0, luck,
                        equity)
    plays = replies(rules, m.before, m.dice, model, ROOT_BEAM)
    played, plays = _played_turn(rules, m, plays)
    if len(plays) <= 1:
        v = turn_values(rules, [played], me, model)[0]
        return Decision(m.number, me, m.dice, m.before, played, played, v, v, len(plays),
                        luck, equity)
    one = turn_values(rules, plays, me, model)
    order = sorted(range(len(plays)), key=lambda i: -one[i])
    idx = next(i for i, t in enumerate(plays) if t is played)
    searched = order[:CANDIDATES] + ([idx] if idx not in order[:CANDIDATES] else [])
    deep = {i: _two_ply(rules, plays[i], me, model) for i in searched}
    best = max(searched, key=lambda i: (deep[i], i == idx))  # ties go to the play made
    return Decision(m.number, me, m.dice, m.before, played, plays[best], deep[idx],
                    deep[best], len(plays), luck, equity,
                    chances(rules, played, me, model), chances(rules, plays[best], me, model))


def analyse_moments(rules_name: str, part: Sequence[Moment]) -> list[Decision]:
    """A slice of a game (worker entry point: picklable in and out)."""
    rules = registry.get(rules_name)
    model = evaluator(rules)
    return [analyse_moment(rules, m, model) for m in part]


# -- the whole game --------------------------------------------------------------------------


def summarise(rec: Record, rules: RuleSet, decisions: Sequence[Decision],
              outcome: Outcome | None = None) -> GameAnalysis:
    """Per-player totals over ``decisions``."""
    players = {}
    for side, name in ((Side.WHITE, rec.white), (Side.BLACK, rec.black)):
        mine = [d for d in decisions if d.side is side]
        real = [d for d in mine if d.is_decision]
        worst = max(real, key=lambda d: d.loss, default=None)
        players[side] = PlayerSummary(
            side, name, len(real), sum(d.loss for d in real),
            sum(1 for d in real if d.verdict == "doubtful"),
            sum(1 for d in real if d.verdict == "blunder"),
            sum(d.luck for d in mine),
            worst if worst is not None and worst.loss > 0 else None)
    return GameAnalysis(rules.name, rec.white, rec.black, outcome, evaluator_kind(rules),
                        tuple(decisions), players)


def analyse(record: Record | str, progress: Progress | None = None) -> GameAnalysis:
    """The whole analysis of a recorded game; ``progress(fraction)`` after each turn."""
    rec = parse(record) if isinstance(record, str) else record
    rules, turns, outcome = moments(rec)
    model = evaluator(rules)
    out = []
    for i, m in enumerate(turns, 1):
        out.append(analyse_moment(rules, m, model))
        if progress is not None:
            progress(i / len(turns))
    if progress is not None and not turns:
        progress(1.0)
    return summarise(rec, rules, out, outcome)


__all__ = ["BLUNDER", "CANDIDATES", "DOUBTFUL", "Decision", "GameAnalysis", "Moment",
           "PlayerSummary", "analyse", "analyse_moment", "analyse_moments", "chances",
           "evaluator", "evaluator_kind", "moments", "summarise"]
