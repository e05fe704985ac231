"""The computer players behind one interface, and the registry the bot and arena use.

Every agent is a pure function of (rules, position, dice, rng): it takes the list
``legal_turns(rules, position, dice)`` (or one handed in, to avoid generating it twice)
and returns one of its turns.  Randomness only ever comes from the ``rng`` argument, so a
game replays exactly from its seeds.

Levels (issue 4):

- ``nybörjare`` — a uniformly random legal turn.
- ``gesäll`` — one ply: the turn whose resulting position the static evaluation likes
  best (a winning turn is worth its points, so the most valuable win is always taken).
- ``mästare`` — gnubg-style two-ply with candidate pruning: the best few turns by the
  one-ply value are each scored by the average, over the 21 rolls of the side to move
  next, of that side's best reply as judged by the static evaluation.  Where a trained
  network is shipped for the ruleset (``engine.ai.net``, today puff-kontrar) it judges
  with that; otherwise in puff with the puff evaluation (``engine.ai.puff_eval``) where
  gesäll keeps the generic race model.
  At backgammon, with its network, it looks a roll further where its two best plays
  are close (``SearchAgent``).
- ``mästare-hand`` — the same search that never uses a network: the hand-built
  evaluation only (in bräde, mästare's play before any bräde network shipped), kept so
  the arena can measure a new network against it.  Not offered to players (``names``).

A later puff pasch (eight steps, P-4) can have 100,000 plays: unless a list is handed in,
the agents walk it with a beam (``engine.ai.pasch``) — gesäll 4 boards per die, mästare
8, mästare's look-ahead a greedy walk for each reply — and nybörjare takes one random
walk.  ``rank`` then lists the plays the beam found, not every legal play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from engine.ai import lookahead
from engine.ai import net as learned_net
from engine.ai.evaluation import DEFAULT_WEIGHTS, Model, Weights, evaluate, turn_values
from engine.ai.pasch import beam_turns, is_long_pasch
from engine.ai.puff_eval import DEFAULT_PUFF, PuffWeights
from engine.ai.rolls import ROLLS21, replies
from engine.dice import Dice
from engine.errors import EngineError
from engine.generators import legal_turns
from engine.position import Position, Side
from engine.rules.ruleset import Family, RuleSet
from engine.turn import Turn

#: Where mästare looks a roll deeper at its closest choices (``SearchAgent``).
DEEPER_FAMILIES = frozenset({Family.BACKGAMMON})


@runtime_checkable
class Agent(Protocol):
    """A computer player: deterministic given ``rng``, never touches global state."""

    name: str

    def choose(self, rules: RuleSet, position: Position, dice: Dice, rng: random.Random,
               turns: Sequence[Turn] | None = None) -> Turn: ...

    def rank(self, rules: RuleSet, position: Position, dice: Dice,
             turns: Sequence[Turn] | None = None) -> list[tuple[Turn, float]]: ...


def _turns(rules: RuleSet, position: Position, dice: Dice,
           turns: Sequence[Turn] | None, model: Model = DEFAULT_WEIGHTS,
           width: int = 4) -> list[Turn]:
    """The turns to choose from: those handed in, else every legal turn — except a later
    puff pasch, whose plays are found by a beam of ``width`` (``engine.ai.pasch``)."""
    if turns is not None:
        out = list(turns)
    elif is_long_pasch(rules, position, dice):
        def score(p: Position, s: Side) -> float:
            return evaluate(rules, p, s, model)
        out = beam_turns(rules, position, dice, score, width)
    else:
        out = legal_turns(rules, position, dice)
    if not out:  # the generator always returns at least the forfeit; guard anyway
        raise EngineError("ai.no_turns")
    return out


def one_ply(rules: RuleSet, position: Position, dice: Dice, turns: Sequence[Turn] | None,
            w: Model, beam: int) -> list[tuple[Turn, float]]:
    """Every turn (a later puff pasch: those a beam of ``beam`` finds) with its one-ply
    value under ``w``, best first: gesäll's ranking, and mästare's before its search."""
    me = position.turn
    ts = _turns(rules, position, dice, turns, w, beam)
    scored = list(zip(ts, turn_values(rules, ts, me, w), strict=True))
    scored.sort(key=lambda tv: -tv[1])  # stable: generator order breaks ties
    return scored


def _above(searched: list[tuple[Turn, float]],
           rest: Sequence[tuple[Turn, float]]) -> list[tuple[Turn, float]]:
    """``searched`` (best first), then ``rest`` with each value kept below the lowest
    searched one: a search that left turns out has already judged them worse."""
    low = min((v for _, v in searched), default=0.0)
    return searched + [(t, min(v, low) - 1e-6) for t, v in rest]


def pick_best(ranked: list[tuple[Turn, float]], rng: random.Random) -> Turn:
    """The top turn; exact ties are broken by ``rng`` so play varies but replays."""
    top = ranked[0][1]
    ties = [t for t, v in ranked if v >= top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def _model(rules: RuleSet, weights: Weights, puff: PuffWeights | None,
           learned: bool) -> Model:
    """The evaluation an agent judges ``rules`` with: the shipped network if asked for
    and there is one, else puff's own model in puff if given, else the hand-set weights."""
    if learned:
        net = learned_net.for_rules(rules)
        if net is not None:
            return net
    return puff if puff is not None and rules.die_by_die else weights


class RandomAgent:
    """``nybörjare``: any legal turn, uniformly."""

    name = "nybörjare"

    def choose(self, rules: RuleSet, position: Position, dice: Dice, rng: random.Random,
               turns: Sequence[Turn] | None = None) -> Turn:
        if turns is None and is_long_pasch(rules, position, dice):
            from engine.puff import random_turn  # a random walk: one of the legal plays

            return random_turn(rules, position, dice, rng)
        ts = _turns(rules, position, dice, turns)
        return ts[rng.randrange(len(ts))]

    def rank(self, rules: RuleSet, position: Position, dice: Dice,
             turns: Sequence[Turn] | None = None) -> list[tuple[Turn, float]]:
        # A beginner has no opinion; hints from it still show the best plays honestly.
        return GreedyAgent().rank(rules, position, dice, turns)


class GreedyAgent:
    """``gesäll``: one-ply greedy on the static evaluation.

    In puff it uses the generic race model unless given ``puff`` weights (``mästare``
    knows puff better, ``engine.ai.puff_eval``); with ``learned`` it uses the ruleset's
    trained network where one is shipped (``engine.ai.net``).  A later pasch is walked
    with a beam of ``beam`` boards per die."""

    name = "gesäll"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, puff: PuffWeights | None = None,
                 beam: int = 4, learned: bool = False) -> None:
        self.weights = weights
        self.puff = puff
        self.beam = beam
        self.learned = learned

    def model(self, rules: RuleSet) -> Model:
        return _model(rules, self.weights, self.puff, self.learned)

    def rank(self, rules: RuleSet, position: Position, dice: Dice,
             turns: Sequence[Turn] | None = None) -> list[tuple[Turn, float]]:
        return one_ply(rules, position, dice, turns, self.model(rules), self.beam)

    def choose(self, rules: RuleSet, position: Position, dice: Dice, rng: random.Random,
               turns: Sequence[Turn] | None = None) -> Turn:
        return pick_best(self.rank(rules, position, dice, turns), rng)


class SearchAgent:
    """``mästare``: two-ply expectation over the next roll with candidate pruning.

    Work is bounded by a count of static evaluations (``budget``), not by a clock, so the
    choice stays deterministic; candidates are expanded best-first and the search stops
    adding candidates once the budget is spent (the first is always expanded).

    Pruning: at most ``candidates`` (4) turns within ``margin`` (0.3 points) of the
    one-ply best are searched.  The earlier 6 within 0.6 chose the same turn in 255 of 262
    non-forced talisman positions at 70% of the cost (measured before the arena runs), and
    that cost is what lets 2,000-game matches run on one core.

    A roll deeper at backgammon (``DEEPER_FAMILIES``, with a network): the best
    ``deeper`` (2) turns of that search, where more than one is within
    ``deeper_margin`` (0.12 points) of the best, are valued once more over the next two
    rolls (``engine.ai.lookahead``, each roll's ``deeper_replies`` (1) best reply by the
    network looked at a roll further), and the better of them is played.  On 2,000
    decisions judged by GNU Backgammon it gave away about a fifth less than the search
    above (``docs/ai.md``), at a few hundred milliseconds a close decision of the 1.5 s
    a backgammon player allows.  Bräde and puff keep the search above: their levels
    were measured with it, and their long paschs make a second roll dear.
    """

    name = "mästare"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS,
                 puff: PuffWeights | None = DEFAULT_PUFF, candidates: int = 4,
                 margin: float = 0.3, budget: int = 9000, beam: int = 8,
                 reply_beam: int = 1, learned: bool = True, deeper: int = 2,
                 deeper_margin: float = 0.12, deeper_replies: int = 1) -> None:
        self.weights = weights
        self.learned = learned
        self.puff = puff
        self.candidates = candidates
        self.margin = margin
        self.budget = budget
        self.beam = beam
        self.reply_beam = reply_beam
        self.deeper = deeper
        self.deeper_margin = deeper_margin
        self.deeper_replies = deeper_replies

    def model(self, rules: RuleSet) -> Model:
        return _model(rules, self.weights, self.puff, self.learned)

    def rank(self, rules: RuleSet, position: Position, dice: Dice,
             turns: Sequence[Turn] | None = None) -> list[tuple[Turn, float]]:
        me = position.turn
        w = self.model(rules)
        first = one_ply(rules, position, dice, turns, w, self.beam)
        if len(first) == 1:
            return first
        best1 = first[0][1]
        spent = 0
        # Which turns to search is settled by the one-ply values and the replies' count
        # alone, so every searched turn's replies are valued in one batch afterwards
        # (for a network one matrix product instead of 21 per turn).
        order: list[tuple[Turn, float | list[list[Turn]]]] = []
        rest: list[tuple[Turn, float]] = []
        for i, (t, v) in enumerate(first):
            if t.outcome is not None:
                order.append((t, v))  # a finished game needs no look-ahead
                continue
            expand = (i == 0 or (len(order) < self.candidates and v >= best1 - self.margin
                                 and spent < self.budget))
            if not expand:
                rest.append((t, v))
                continue
            per_roll = [replies(rules, t.position, dice, w, self.reply_beam)
                        for dice, _ in ROLLS21]
            spent += sum(len(found) for found in per_roll)
            order.append((t, per_roll))
        flat = [r for _, x in order if isinstance(x, list) for found in x for r in found]
        values = iter(turn_values(rules, flat, me, w))
        deep: list[tuple[Turn, float]] = []
        for t, x in order:
            if not isinstance(x, list):
                deep.append((t, x))
                continue
            mine = t.position.turn is me  # puff: a pasch can give the same side another
            total = 0.0  # roll (P-4)
            for (_, weight), found in zip(ROLLS21, x, strict=True):
                vs = [next(values) for _ in found]
                total += weight * (max(vs) if mine else min(vs))
            deep.append((t, total / 36))
        deep.sort(key=lambda tv: -tv[1])
        # Unexpanded turns keep their one-ply value but rank below every searched one:
        # the search's pruning already judged them worse.
        if rules.family in DEEPER_FAMILIES and isinstance(w, learned_net.Net):
            deep = self._a_roll_deeper(rules, deep, me, w)
        return _above(deep, rest)

    def _a_roll_deeper(self, rules: RuleSet, ranked: list[tuple[Turn, float]], me: Side,
                       w: Model) -> list[tuple[Turn, float]]:
        """``ranked`` (best first) with its close leaders valued over two rolls and
        ordered by that; the others stay below them, as the pruning above keeps the
        unsearched below the searched."""
        best = ranked[0][1]
        close = [tv for tv in ranked[:self.deeper] if tv[1] >= best - self.deeper_margin]
        if len(close) < 2:
            return ranked
        values = lookahead.play_values(rules, [t for t, _ in close], me, w, depth=2,
                                       deep_replies=self.deeper_replies)
        lead = sorted(zip((t for t, _ in close), values, strict=True),
                      key=lambda tv: -tv[1])
        return _above(lead, ranked[len(close):])

    def choose(self, rules: RuleSet, position: Position, dice: Dice, rng: random.Random,
               turns: Sequence[Turn] | None = None) -> Turn:
        return pick_best(self.rank(rules, position, dice, turns), rng)


def named_roll(agent: Agent, rules: RuleSet, position: Position, dice: Dice,
               rng: random.Random) -> Dice:
    """Puff's generalpasch (docs/rules.md, "Puff options"): what ``agent`` plays the
    roll ``dice`` as, the roll itself or a pasch it names; ``dice`` when there is no
    choice.  A beginner names at random; the others take the roll whose best play the
    one-ply value likes best (their own evaluation; a later pasch walked by their beam),
    the roll as rolled on a tie.  One ply for every level: seven two-ply searches
    through later paschs would cost seconds, and the best pasch is seldom close."""
    from engine.puff import roll_options

    options = roll_options(rules, position, dice) if rules.die_by_die else [tuple(dice)]
    if len(options) == 1:
        return options[0]
    if not isinstance(agent, GreedyAgent | SearchAgent):
        return options[rng.randrange(len(options))]
    model, beam = agent.model(rules), agent.beam
    values = [one_ply(rules, position, d, None, model, beam)[0][1] for d in options]
    return options[max(range(len(options)), key=lambda i: (values[i], -i))]


def prefers_one_die(rules: RuleSet, position: Position) -> bool:
    """When the one-die rule (B-36) is offered: roll one die only if that finishes a
    vackert spel more often than two dice would (two dice must still be played in full,
    B-20, which can force the pattern apart).  A miss with one die owes two more one-die
    rolls, so ties go to two dice.  Used by every level alike (it is arithmetic, not
    judgement)."""
    def finishes(dice: Dice) -> bool:
        return any(t.outcome is not None and t.outcome.winner is position.turn
                   and t.outcome.kind not in ("jan", "sprangjan")
                   for t in legal_turns(rules, position, dice))

    one = sum(1 for d in range(1, 7) if finishes((d,))) / 6
    two = sum(w for dice, w in ROLLS21 if finishes(dice)) / 36
    return one > two


class HandSearchAgent(SearchAgent):
    """``mästare-hand``: mästare's search on the hand-built evaluation only."""

    name = "mästare-hand"

    def __init__(self) -> None:
        super().__init__(learned=False)


_FACTORIES: dict[str, Callable[[], Agent]] = {
    "nybörjare": RandomAgent,
    "gesäll": GreedyAgent,
    "mästare": SearchAgent,
}
#: Levels for measuring, not for play: the arena and benchmarks accept them.
_EXTRA: dict[str, Callable[[], Agent]] = {
    "mästare-hand": HandSearchAgent,
}
_ALIASES = {"nyborjare": "nybörjare", "gesall": "gesäll", "mastare": "mästare",
            "random": "nybörjare", "greedy": "gesäll", "search": "mästare",
            "mastare-hand": "mästare-hand", "mästare_hand": "mästare-hand",
            "mastare_hand": "mästare-hand"}


def names() -> list[str]:
    """The levels players choose from, weakest first."""
    return list(_FACTORIES)


def canonical(name: str) -> str:
    key = (name or "").strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _FACTORIES and key not in _EXTRA:
        raise EngineError("ai.unknown", name=name,
                          known=", ".join([*_FACTORIES, *_EXTRA]))
    return key


def get_agent(name: str) -> Agent:
    """A fresh agent by id (``nybörjare``/``gesäll``/``mästare``, or their ASCII forms;
    also ``mästare-hand``)."""
    key = canonical(name)
    return (_FACTORIES.get(key) or _EXTRA[key])()


# -- entry points for a worker process (plain, picklable arguments) ----------------------


def pick(agent: str, rules_name: str, position: Position, dice: Dice, seed: int) -> Turn:
    """The agent's turn, for ``ProcessPoolExecutor.submit(pick, ...)`` from the bot."""
    from engine import rules as registry

    rules = registry.get(rules_name)
    return get_agent(agent).choose(rules, position, dice, random.Random(seed))


def hints(agent: str, rules_name: str, position: Position, dice: Dice,
          top: int = 3) -> list[tuple[Turn, float]]:
    """The ``top`` plays with their values (expected points for the side to move)."""
    from engine import rules as registry

    rules = registry.get(rules_name)
    return get_agent(agent).rank(rules, position, dice)[:top]
