"""A bounded beam through the steps of a later puff pasch, instead of listing every play.

A later pasch plays eight steps (4 × d, then 4 × (7 − d), P-4) and on a spread board has
thousands — rarely over 100,000 — of distinct results; ``legal_turns`` lists them
all, which costs seconds, and scoring each one again costs more.  The agents instead walk
the roll die by die (P-3, P-4: the dice are played in a fixed order with no look-ahead,
so a play *is* a path through the steps) and after each die keep only the ``width``
boards the evaluation likes best for the mover.  Every board reached is a legal
intermediate board, and every returned play is one of ``legal_turns``'s results (same
position and outcome), so the choice is always legal; it is only possibly not the best
of all plays.  Width 1 is a greedy walk (used for the opponent's replies in the
look-ahead), the root uses a wider beam.

It drives ``engine.puff``'s step walker one step at a time (``StepWalker.steps``), so
the step rules live in one place; a first pasch (four steps) and a fourth pasch under
``fourth_pasch`` (two) are short enough to list in full and are not routed here.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.position import CHECKERS, Position, Side
from engine.puff import DELTA, StepWalker, shared_step
from engine.rules.ruleset import RuleSet
from engine.turn import Step, Turn


def is_long_pasch(rules: RuleSet, position: Position, dice: Dice) -> bool:
    """A puff roll whose plays are too many to list: a later pasch of eight steps."""
    if not rules.die_by_die or len(dice) != 2 or dice[0] != dice[1]:
        return False
    if position.turn not in position.pasch:
        return False  # a first pasch: 2 × d + 2 × (7 − d), listed in full
    return not ("fourth_pasch" in rules.options and position.streak >= 3)


def beam_turns(rules: RuleSet, position: Position, dice: Dice,
               score: Callable[[Position, Side], float], width: int) -> list[Turn]:
    """Plays of ``dice`` found by a beam of ``width`` boards per die, each scored by
    ``score(board, mover)`` (higher is better for the mover).  Distinct results only;
    always at least one play (a forfeit when the first die cannot move)."""
    gen = StepWalker(rules, position, tuple(dice))
    if gen.first_roll():
        return [gen.first_roll_turn()]
    mover = position.turn
    done: dict[tuple[int, int, bool], tuple[Step, ...]] = {}
    beam: list[tuple[int, int, int, tuple[Step, ...]]] = [(gen.state0, 0, 0, ())]
    n = gen.n
    for i, d in enumerate(gen.seq):
        nxt: dict[tuple[int, int], tuple[int, int, int, tuple[Step, ...]]] = {}
        for state, hits, live, steps in beam:
            cands = gen.steps(d, state, hits, live)
            if not cands:  # the roll stops here for this board (P-3, P-4)
                done.setdefault((state, hits, gen.again(state, i)), steps)
                continue
            on_bar = state & 255
            for frm, to, hit in cands:
                s2 = state + DELTA[frm][to]
                h2 = hits | (1 << to) if hit else hits
                if (s2, h2) in nxt:
                    continue
                live2 = to if on_bar and gen.lang_me and to <= 24 else 0
                nxt[(s2, h2)] = (s2, h2, live2, (*steps, shared_step(frm, to, d, hit)))
        if not nxt:
            break
        if i + 1 == n:
            for s2, h2, _, steps in nxt.values():
                done.setdefault((s2, h2, gen.again(s2, n)), steps)
            break
        if len(nxt) <= width:
            beam = list(nxt.values())
            continue

        def value(item: tuple[int, int, int, tuple[Step, ...]]) -> float:
            s2, h2 = item[0], item[1]
            if gen.borne_off(s2) == CHECKERS:
                return 1e9  # all off: the roll is won, nothing beats it
            # Mid-roll the mover still has dice to play: score the board with them on roll.
            return score(gen.position_for(s2, h2, True), mover)

        beam = sorted(nxt.values(), key=value, reverse=True)[:width]
    return [gen.turn_for(key, steps) for key, steps in done.items()]
