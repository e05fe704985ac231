"""Game analysis (engine.ai.analysis): blunders found, no loss for the analyser's own play,
luck that averages to zero, forced turns that are no decisions, bounded puff pasches."""

from __future__ import annotations

import random

import pytest

from engine import rules as registry
from engine.ai.agents import ROLLS21, SearchAgent
from engine.ai.analysis import (
    BLUNDER,
    DOUBTFUL,
    Moment,
    analyse,
    analyse_moment,
    evaluator,
    evaluator_kind,
    moments,
)
from engine.ai.pasch import is_long_pasch
from engine.game import Game
from engine.generators import legal_turns
from engine.position import Side
from engine.record import export

TALISMAN = registry.get("talisman")

#: A talisman game (gesäll against gesäll) in which black's turn 18 (4-2) was replaced by
#: ``16/18 1/5``: white then has 23 rolls of 36 that hit black's blot for jan, while
#: ``22/24* 3/7`` leaves white no jan roll at all.
BLUNDER_GAME = """\
[Rules "talisman"]
[White "Anna"]
[Black "Bertil"]
[Date "2026-11-24"]
[Seed "337"]
[Result "white jan 2"]

teka 2-4
1. white 5-3 1/6 1/4
2. black 6-1 1/7 7/8
3. white 5-5 4/9 6/11 1/6 9/14
4. black 3-3 1/4 4/7 7/10 8/11
5. white 4-1 11/15 14/15
6. black 3-6 11/14 10/16
7. white 4-6 6/10 10/16
8. black 1-2 1/2 14/16
9. white 3-1 16/19 19/20
10. black 1-2 2/4 1/2
11. white 2-5 1/3 15/20
12. black 2-6 1/3* 1/7
13. white 2-5 bar/2 2/7
14. black 3-6 7/10 10/16
15. white 5-5 1/6 3/8 6/11 7/12
16. black 4-2 16/20* 20/22
17. white 3-4 bar/3 1/5
18. black 2-4 16/18 1/5
19. white 2-5 5/10* 10/12
20. black 5-5 -
21. white 4-4 12/16* 12/16 16/20 16/20
22. black 5-5 -
23. white 2-3 20/22 1/4*
"""


def jan_rolls(rules, position, victim: Side) -> int:
    """Rolls of 36 on which the side to move can make ``victim`` jan (the rules decide)."""
    return sum(w for dice, w in ROLLS21
               if any(t.outcome is not None and t.outcome.kind in ("jan", "sprangjan")
                      and t.outcome.winner is not victim
                      for t in legal_turns(rules, position, dice)))


@pytest.fixture(scope="module")
def blunder_game():
    return analyse(BLUNDER_GAME)


def test_a_blot_left_for_jan_is_a_blunder(blunder_game) -> None:
    a = blunder_game
    d = next(d for d in a.decisions if d.number == 18)
    assert d.side is Side.BLACK and d.played.text == "16/18 1/5"
    # The premise, checked by the rules rather than assumed: the play made gives white
    # jan rolls, the best play gives none.
    assert jan_rolls(TALISMAN, d.played.position, Side.BLACK) >= 12
    assert jan_rolls(TALISMAN, d.best.position, Side.BLACK) == 0
    assert d.verdict == "blunder" and d.loss >= BLUNDER
    black = a.players[Side.BLACK]
    assert black.blunders >= 1 and black.worst is d and a.worst is d
    assert black.total_loss >= d.loss


def test_forced_and_forfeited_turns_are_no_decisions(blunder_game) -> None:
    a = blunder_game
    forfeits = [d for d in a.decisions if d.number in (20, 22)]
    assert all(d.choices == 0 and d.loss == 0 and not d.is_decision for d in forfeits)
    for side in Side:
        real = [d for d in a.decisions if d.side is side and d.choices > 1]
        assert a.players[side].decisions == len(real)
    assert a.players[Side.BLACK].decisions < sum(1 for d in a.decisions
                                                 if d.side is Side.BLACK)
    # A forfeited roll is bad luck: nothing could be played with it.
    assert all(d.luck < 0 for d in forfeits)


def test_summary_adds_up(blunder_game) -> None:
    a = blunder_game
    assert a.outcome is not None and a.outcome.kind == "jan"
    assert a.evaluator == evaluator_kind(TALISMAN)  # a shipped talisman network flows in
    assert [d.number for d in a.decisions] == list(range(1, 24))
    for side in Side:
        p = a.players[side]
        mine = [d for d in a.decisions if d.side is side]
        assert p.total_loss == pytest.approx(sum(d.loss for d in mine))
        assert p.luck == pytest.approx(sum(d.luck for d in mine))
        assert p.doubtful == sum(1 for d in mine if DOUBTFUL <= d.loss < BLUNDER)
        assert p.blunders == sum(1 for d in mine if d.loss >= BLUNDER)
        assert all(d.loss >= 0 for d in mine)
    curve = a.equity_curve()
    assert len(curve) == len(a.decisions) + 1 and curve[-1] == (24, 2.0)


def best_play_game(rules_name: str, turns: int, seed: int) -> str:
    """A game where every play is the analyser's own best choice, as a record."""
    rules = registry.get(rules_name)
    game = Game.new(rules, seed=seed)
    game.opening()
    model = evaluator(rules)
    while not game.is_over and game.turn_count < turns:
        if game.phase == "roll":
            game.roll(one_die=bool(game.history[game.turn].onedie_owed))
        if game.phase != "move":
            continue
        plays = game.legal_turns
        first = plays[0]
        m = Moment(game.turn_count + 1, game.turn, game.dice, game.position, first.text,
                   first.position, first.outcome, False)
        game.play_turn(analyse_moment(rules, m, model).best)
    return export(game, white="A", black="B")


def test_no_points_lost_when_every_play_is_the_analysers_best() -> None:
    a = analyse(best_play_game("talisman", 20, seed=5))
    decisions = [d for d in a.decisions if d.is_decision]
    assert len(decisions) >= 8
    assert all(d.loss == 0 for d in a.decisions)
    assert a.players[Side.WHITE].total_loss == 0 == a.players[Side.BLACK].total_loss
    assert a.worst is None


def test_another_play_than_the_best_costs_points() -> None:
    """The converse: swap one best play for the one-ply worst, and it is charged."""
    rules = TALISMAN
    text = best_play_game("talisman", 8, seed=5)
    _, turns, _ = moments(text)
    m = next(m for m in turns if len(legal_turns(rules, m.before, m.dice)) > 3)
    worst = min(legal_turns(rules, m.before, m.dice),
                key=lambda t: SearchAgent().rank(rules, m.before, m.dice,
                                                 [t])[0][1])
    bad = Moment(m.number, m.side, m.dice, m.before, worst.text, worst.position,
                 worst.outcome, False)
    d = analyse_moment(rules, bad)
    assert d.played.position == worst.position and d.loss > 0
    assert d.best_value > d.played_value


def moment_for(rules, position, dice) -> Moment:
    play = legal_turns(rules, position, dice)[0]
    return Moment(1, position.turn, dice, position, play.text, play.position, play.outcome,
                  play.is_forfeit)


@pytest.mark.parametrize("name,text", [
    ("talisman", "white=1x9,3,5,11,12,20x2 black=1x9,2,3,4,16x2,22 turn=black"),
    ("puff-kontrar", None),
])
def test_luck_averages_to_zero_over_all_rolls(name: str, text: str | None) -> None:
    """Each roll's luck is its best play's value minus the average roll's: over the 21
    rolls, weighted 1/36 and 2/36, it must average to zero — wrong weights, or the roll
    that came looked up in the wrong order (5-3 against 3-5), would not."""
    rules = registry.get(name)
    pos = rules.parse_position(text) if text else _puff_middle_game(rules)
    model = evaluator(rules)
    lucks = {dice: analyse_moment(rules, moment_for(rules, pos, dice), model).luck
             for dice, _ in ROLLS21}
    assert sum(w * lucks[dice] for dice, w in ROLLS21) / 36 == pytest.approx(0, abs=1e-9)
    assert max(lucks.values()) > 0 > min(lucks.values())
    # the dice order does not matter
    a, b = next((d for d, _ in ROLLS21 if d[0] != d[1]))
    assert analyse_moment(rules, moment_for(rules, pos, (b, a)), model).luck == \
        pytest.approx(lucks[(a, b)])


def _puff_middle_game(rules):
    """A puff position some plies in, both sides past their first pasch, so a pasch is
    a later one (eight steps)."""
    from engine.puff import random_turn

    rng = random.Random(3)
    pos = rules.start().with_turn(Side.WHITE)
    for _ in range(12):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = random_turn(rules, pos, dice, rng).position
    from dataclasses import replace

    return replace(pos, pasch=frozenset(Side))


def test_a_later_puff_pasch_is_judged_without_listing_every_play() -> None:
    rules = registry.get("puff-kontrar")
    pos = _puff_middle_game(rules)
    dice = (2, 2)
    assert is_long_pasch(rules, pos, dice)
    from engine.puff import random_turn

    played = random_turn(rules, pos, dice, random.Random(1))
    m = Moment(1, pos.turn, dice, pos, played.text, played.position, played.outcome, False)
    d = analyse_moment(rules, m)
    assert d.played.position == played.position  # found, or added to the beam's plays
    from engine.plays import count

    # the beam's plays (and the one made), a small part of the full list
    assert 1 < d.choices < count(rules, pos, dice) / 5
    assert d.loss >= 0 and d.best_value >= d.played_value


def test_the_judge_is_the_one_mastare_uses() -> None:
    puff = registry.get("puff-kontrar")
    assert evaluator(puff) is SearchAgent().model(puff)
    assert evaluator_kind(puff) == "learned"  # the shipped network
    assert evaluator(TALISMAN) is SearchAgent().model(TALISMAN)


def test_progress_reports_fractions_up_to_one() -> None:
    seen: list[float] = []
    a = analyse(best_play_game("talisman", 6, seed=2), progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == len(a.decisions)
    assert a.outcome is None  # an unfinished record is analysed as far as it goes


# -- chances from a network of outcome probabilities (issue 42) ------------------------------


def test_a_probabilities_network_gives_the_chances_after_each_play() -> None:
    import numpy as np

    from engine.ai import net as learned
    from engine.ai.analysis import chances
    from engine.ai.evaluation import DEFAULT_WEIGHTS

    bg = registry.get("backgammon")
    model = learned.Net.fresh(6, np.random.default_rng(5), "bg", outputs="probabilities")
    _, ms, _ = moments(best_play_game("backgammon", 6, seed=3))
    m = next(m for m in ms if not m.forfeit)
    d = analyse_moment(bg, m, model)
    assert d.is_decision
    assert d.best_chances is not None and d.played_chances is not None
    assert len(d.best_chances) == 5 and all(0 <= x <= 1 for x in d.best_chances)
    # they are the network's own for the position after the play, seen by the mover
    after = model.probabilities(bg, [d.best.position])
    mover_view = learned.flip(after) if d.best.position.turn is not d.side else after
    assert np.allclose(d.best_chances, mover_view[0])
    # a judge of expected points alone has none; the shipped backgammon network has them
    points = learned.Net.fresh(6, np.random.default_rng(5), "bg")
    assert analyse_moment(bg, m, points).best_chances is None
    assert chances(bg, d.best, d.side, DEFAULT_WEIGHTS) is None
    assert analyse_moment(bg, m).best_chances is not None
