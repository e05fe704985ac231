"""Problem sets (issue 24): every shipped problem is legal, complete and still answered
as stored by the shipped evaluation; the generator reproduces its own files; the
look-ahead values are the analysis' own."""

from __future__ import annotations

import random

import pytest

from engine import plays
from engine import rules as registry
from engine.ai import problem_set
from engine.ai.analysis import _two_ply, evaluator
from engine.ai.arena import opening
from engine.ai.evaluation import Model
from engine.ai.lookahead import expect, play_values
from engine.ai.problems import DEEP_MARGIN, MARGIN, MIN_PLAYS, generate, is_race, theme
from engine.generators import legal_turns
from engine.notation import parse_play
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

#: What issue 24 asks of the sets: at least this many problems each.
WANTED = {"talisman": 300, "vasa": 300, "classic": 100, "behrens-helmfrid": 100,
          "puff-kontrar": 100}
#: Two-ply values are float32 network sums taken in another batch order than when the
#: set was made: they agree to about 1e-6; a retrained network moves them by far more.
TOLERANCE = 2e-3


def test_the_sets_issue_24_asks_for_are_shipped() -> None:
    counts = {r: len(ps.problems) for r in WANTED
              if (ps := problem_set.shipped(r)) is not None}
    assert set(problem_set.available()) >= set(WANTED), problem_set.available()
    for r, n in WANTED.items():
        assert counts.get(r, 0) >= n, (r, counts)


def movers_values(rules: RuleSet, model: Model, plays: list[tuple[Turn, Side]],
                  chunk: int = 100) -> list[float]:
    """Each play's two-ply value for its mover (``lookahead.play_values``), for plays of
    many positions at once: valued for white in batches, the sign turned for black's.
    Batching across problems halves the time (move generation is most of the rest)."""
    out: list[float] = []
    for k in range(0, len(plays), chunk):
        part = plays[k:k + chunk]
        white = iter(expect(rules, [t.position for t, _ in part if t.outcome is None],
                            Side.WHITE, model))
        for t, mover in part:
            if t.outcome is not None:
                out.append(float(t.outcome.points if t.outcome.winner is mover
                                 else -t.outcome.points))
            else:
                v = next(white)
                out.append(v if mover is Side.WHITE else -v)
    return out


@pytest.mark.parametrize("rules_id", problem_set.available())
def test_every_problem_is_legal_and_its_best_play_is_still_best(rules_id: str) -> None:
    """The stored plays are exactly the legal plays; the best play is read back by the
    engine's parser; the best and the second best, valued again two-ply by the shipped
    evaluation, keep their values and so the stored margin (a retrained network that
    disagrees fails here: make the set again, ``docs/problems.md``)."""
    ps = problem_set.shipped(rules_id)
    assert ps is not None and ps.problems
    rules = registry.get(rules_id)
    model = evaluator(rules)
    ids = set()
    pairs: list[tuple[Turn, Side]] = []
    for p in ps.problems:
        assert p.id not in ids and p.rules == rules.name and p.id.startswith(rules_id + "-")
        ids.add(p.id)
        pos = p.board()
        legal = {t.text: t for t in legal_turns(rules, pos, p.dice)}
        assert set(legal) == {text for text, _ in p.plays}, p.id
        assert len(legal) >= MIN_PLAYS and not is_race(pos), p.id
        losses = [loss for _, loss in p.plays]
        assert losses == sorted(losses) and losses[0] == 0, p.id
        assert losses[1] == pytest.approx(p.margin, abs=1e-4) and p.margin >= MARGIN, p.id
        assert p.deep >= DEEP_MARGIN, p.id
        assert parse_play(rules, pos, p.dice, p.best) == legal[p.best], p.id
        assert p.theme is None or p.theme in problem_set.THEMES, p.id
        pairs += [(legal[text], pos.turn) for text, _ in p.plays[:2]]
    values = movers_values(rules, model, pairs)
    for i, p in enumerate(ps.problems):
        best, second = values[2 * i], values[2 * i + 1]
        assert best == pytest.approx(p.value, abs=TOLERANCE), p.id
        assert best - second == pytest.approx(p.margin, abs=TOLERANCE), p.id


@pytest.mark.parametrize("rules_id", problem_set.available())
def test_every_play_of_a_sample_keeps_its_stored_loss(rules_id: str) -> None:
    """All plays valued again, for every 25th problem: none beats the stored best, each
    loses what the set says, the theme is the one the set names (the whole check, for
    every problem, is ``python -m engine.ai.problems --check``)."""
    ps = problem_set.shipped(rules_id)
    assert ps is not None
    rules = registry.get(rules_id)
    model = evaluator(rules)
    for p in ps.problems[::25]:
        pos = p.board()
        legal = {t.text: t for t in legal_turns(rules, pos, p.dice)}
        plays = [legal[text] for text, _ in p.plays]
        values = play_values(rules, plays, pos.turn, model)
        top = max(values)
        assert values[0] == top, p.id
        for (text, loss), v in zip(p.plays, values, strict=True):
            assert top - v == pytest.approx(loss, abs=TOLERANCE), (p.id, text)
        assert theme(rules, pos, plays[0], plays[1]) == p.theme, p.id


def test_the_command_reproduces_the_first_problem_of_a_shipped_set() -> None:
    """Deterministic per seed: the generator's first kept problem is the file's first."""
    ps = problem_set.shipped("classic")
    assert ps is not None and ps.made["seed"] == 1
    made = generate("classic", 1, 1)
    assert made.problems[0] == ps.problems[0]
    assert made.made["kept"] == 1 and made.made["examined"] >= 1


def test_the_look_ahead_is_the_analysis_two_ply() -> None:
    rules = registry.get("talisman")
    model = evaluator(rules)
    rng = random.Random(5)
    pos = rules.start().with_turn(opening(rules, rng))
    checked = 0
    for _ in range(40):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_turns(rules, pos, dice)
        if len(plays) > 2 and checked < 3:
            mine = play_values(rules, plays[:4], pos.turn, model)
            theirs = [_two_ply(rules, t, pos.turn, model) for t in plays[:4]]
            assert mine == pytest.approx(theirs, abs=1e-5)
            deep = play_values(rules, plays[:2], pos.turn, model, depth=2)
            assert all(abs(v) < 10 for v in deep)
            checked += 1
        t = plays[rng.randrange(len(plays))]
        if t.outcome is not None:
            break
        pos = t.position
    assert checked == 3


def test_a_race_is_where_no_checker_can_meet_another() -> None:
    talisman = registry.get("talisman")
    assert not is_race(talisman.start())
    # white on its 19–24, black on its 19–24 (the board's 7–12): both home, apart
    apart = Position.parse("white=19x3,20x3,21x3,22x2,23x2,24x2 "
                           "black=19x3,20x3,21x3,22x2,23x2,24x2 turn=white")
    assert is_race(apart)
    # one black checker back on its 6 (the board's 18) still meets white's
    back = Position.parse("white=19x3,20x3,21x3,22x2,23x2,24x2 "
                          "black=6,20x3,21x3,22x3,23x2,24x3 turn=white")
    assert not is_race(back)


def test_the_first_suggested_answer_is_the_best_play_no_more_often_than_chance() -> None:
    """``/brade problem answer:`` suggests a problem's plays in a fixed shuffle (issue
    37): over every shipped problem, its first suggestion (nothing typed) is the best
    play about as often as a play drawn at random would be, never significantly more.

    Chance is the sum over the problems of 1/n, n its number of plays; "significantly"
    two standard deviations of that count.  The engine's cheap best-first order, which
    the suggestions used before, and even the notation's order (the best play often
    begins at a low point) fail this."""
    hits = {"shuffled": 0, "neutral": 0, "best": 0}
    expected = variance = 0.0
    problems = 0
    for rules_id in problem_set.available():
        ps = problem_set.shipped(rules_id)
        assert ps is not None
        for p in ps.problems:
            rules, pos = p.ruleset, p.board()
            problems += 1
            best = parse_play(rules, pos, p.dice, p.best)
            n = len(legal_turns(rules, pos, p.dice))
            expected += 1 / n
            variance += (1 / n) * (1 - 1 / n)
            for order in hits:
                first = plays.suggest(rules, pos, p.dice, "", order=order)[0]
                hits[order] += (first.position, first.outcome) == (best.position,
                                                                    best.outcome)
    bound = expected + 2 * variance ** 0.5
    print(f"first suggestion = best play in {problems} problems, by order: {hits}; "
          f"chance {expected:.1f} ± {variance ** 0.5:.1f}")
    assert hits["shuffled"] <= bound, (hits, expected)
    assert hits["neutral"] > bound and hits["best"] > bound  # the test can tell
