"""The move contract (engine.plays) against the reference list, ``legal_turns``.

Validation by steps, lazy suggestions and counting must agree with the full list on
seeded self-play positions of every ruleset and option family: every listed play's text
validates to an equal ``Turn`` (steps, position and outcome, wins that end a turn early
included); a random sequence of legal single steps validates exactly when its result is
listed; suggestions are legal, distinct, match what was typed and number at most 25;
counts agree with the list's length.
"""

from __future__ import annotations

import random

import pytest

from engine import plays
from engine import puff as puffmod
from engine import rules as registry
from engine.errors import AmbiguousMove, IllegalMove, MoveError, UnparsableMove
from engine.game import Game
from engine.generators import legal_turns
from engine.movegen import BURST, HIT, Board
from engine.notation import parse_hops, parse_play
from engine.position import Position
from engine.rules.ruleset import RuleSet
from engine.testing import later_pasch_corpus, selfplay_corpus
from engine.turn import Step, Turn

BRADE = ["talisman", "behrens-helmfrid", "classic", "vasa", "backgammon",
         "talisman+double_six", "classic+easy_reentry+double_six+one_die", "vasa+double_six",
         "behrens-helmfrid+double_six"]
PUFF = ["puff-lang", "puff-kontrar", "puff-dubbel-kontrar", "puff-lang+lang_entry",
        "puff-kontrar+strict_reroll+torn+gasmarsch", "puff-dubbel-kontrar+exact_off+fourth_pasch"]
#: Positions whose list is longer than this are checked on a sample (the test stays quick).
SAMPLE = 40


def _corpus(name: str, n: int) -> list[tuple[RuleSet, Position, tuple[int, ...], list[Turn]]]:
    rules = registry.get(name)
    out = []
    for pos, dice in selfplay_corpus(rules, n, 1234):
        out.append((rules, pos, dice, legal_turns(rules, pos, dice)))
    return out


def _cases(names: list[str], n: int) -> list[tuple[str, int]]:
    return [(name, n) for name in names]


@pytest.mark.parametrize(("name", "n"), _cases(BRADE, 120) + _cases(PUFF, 40))
def test_every_listed_play_validates_to_the_same_turn(name: str, n: int) -> None:
    rng = random.Random(name)
    for rules, pos, dice, legal in _corpus(name, n):
        sample = legal if len(legal) <= SAMPLE else rng.sample(legal, SAMPLE)
        for t in sample:
            if t.special is None:
                assert plays.validate(rules, pos, dice, t.text) == t, (pos.format(), dice)
            assert plays.is_legal(rules, pos, dice, t)


@pytest.mark.parametrize("name", ["puff-lang", "puff-kontrar", "puff-dubbel-kontrar"])
def test_a_later_pasch_from_scattered_checkers_validates_to_the_listed_turn(name: str) -> None:
    """The hardest typed plays to check (eight small steps from a spread board) give the
    very turn ``legal_turns`` lists, steps included, and the search for a result's listed
    steps (``StepWalker.path_to``) finds exactly those of every sampled play."""
    rules = registry.get(name)
    rng = random.Random(name)
    for pos, dice, text in later_pasch_corpus(rules, 4, 99):
        legal = legal_turns(rules, pos, dice)
        assert len(legal) > 200  # a later pasch with many results, as the corpus promises
        listed = {(t.position, t.outcome): t for t in legal}
        got = plays.validate(rules, pos, dice, text)
        assert listed[(got.position, got.outcome)] == got, (pos.format(), dice, text)
        walker = puffmod.StepWalker(rules, pos, dice)
        for t in rng.sample(legal, 15):
            assert plays.validate(rules, pos, dice, t.text) == t
            me = t.position.side(pos.turn)
            hits = sum(1 << s.to for s in t.steps if s.hit)
            key = (int.from_bytes(bytes(me), "little"), hits, t.position.turn is pos.turn)
            assert walker.path_to(key) == t.steps


@pytest.mark.parametrize(("name", "n"), _cases(BRADE, 120) + _cases(PUFF, 40))
def test_counts_and_the_only_play(name: str, n: int) -> None:
    for rules, pos, dice, legal in _corpus(name, n):
        if len(legal) <= 3000:
            assert plays.count(rules, pos, dice) == len(legal), (pos.format(), dice)
        assert plays.count(rules, pos, dice, stop=2) == min(2, len(legal))
        only = plays.only_play(rules, pos, dice)
        assert (only == legal[0]) if len(legal) == 1 else only is None
        if len(legal) == 1 and legal[0].is_forfeit:
            assert plays.validate(rules, pos, dice, "-") == legal[0]
        elif not any(t.is_forfeit for t in legal):
            with pytest.raises(IllegalMove):
                plays.validate(rules, pos, dice, "-")


def _random_steps(rules: RuleSet, pos: Position, dice: tuple[int, ...],
                  rng: random.Random) -> list[Step]:
    """Legal single steps for the roll's dice, each picked at random, stopping at random."""
    steps: list[Step] = []
    if rules.family == "puff":
        gen = puffmod.StepWalker(rules, pos, dice)
        state, hits, live = gen.state0, 0, 0
        for d in gen.seq:
            cands = gen.steps(d, state, hits, live)
            if not cands or rng.random() < 0.1:
                break
            frm, to, hit = rng.choice(cands)
            live = to if state & 255 and gen.lang_me and to <= 24 else 0
            state += puffmod.DELTA[frm][to]
            hits |= (1 << to) if hit else 0
            steps.append(Step(frm, to, d, hit))
        return steps
    board = Board(rules, pos)
    seq = [dice[0]] * 4 if len(dice) == 2 and dice[0] == dice[1] else list(dice)
    if len(seq) == 2 and rng.random() < 0.5:
        seq.reverse()
    for d in seq:
        cands = board.steps(d)
        if not cands or rng.random() < 0.1:
            break
        frm, to, kind = rng.choice(cands)
        board.push(frm, to, kind)
        steps.append(Step(frm, to, d, kind == HIT, kind == BURST))
    return steps


@pytest.mark.parametrize(("name", "n"), _cases(BRADE, 150) + _cases(PUFF, 40))
def test_random_step_sequences_validate_iff_listed(name: str, n: int) -> None:
    rng = random.Random(7)
    for rules, pos, dice, legal in _corpus(name, n):
        positions = {t.position for t in legal}
        for _ in range(4):
            steps = _random_steps(rules, pos, dice, rng)
            if not steps:
                continue
            text = " ".join(s.text for s in steps)
            try:
                got = plays.validate(rules, pos, dice, text)
            except AmbiguousMove:
                continue
            except IllegalMove:
                got = None
            if got is not None:
                assert got in legal, (pos.format(), dice, text)
            else:
                reached = _result_of(rules, pos, dice, steps)
                assert reached not in positions, (pos.format(), dice, text)


def _result_of(rules: RuleSet, pos: Position, dice: tuple[int, ...],
               steps: list[Step]) -> Position | None:
    if rules.family == "puff":
        return None  # a stopped puff walk is never listed unless it validated
    board = Board(rules, pos)
    for s in steps:
        board.push(s.frm, s.to, BURST if s.burst else HIT if s.hit else 0)
    return board.position(pos)


@pytest.mark.parametrize(("name", "n"), _cases(BRADE, 80) + _cases(PUFF, 30))
def test_suggestions_are_legal_distinct_matching_and_few(name: str, n: int) -> None:
    rng = random.Random(3)
    for rules, pos, dice, legal in _corpus(name, n):
        listed = {(t.position, t.outcome) for t in legal}
        base = rng.choice(legal).text
        for typed in ("", base[: rng.randint(1, len(base))], base):
            got = plays.suggest(rules, pos, dice, typed)
            assert len(got) <= plays.SUGGESTIONS
            results = [(t.position, t.outcome) for t in got]
            assert len(set(results)) == len(results)
            assert set(results) <= listed, (pos.format(), dice, typed)
            for t in got:
                assert plays.validate(rules, pos, dice, t.text).position == t.position
            if typed == base and legal[0].special is None:
                assert got and got[0] == plays.validate(rules, pos, dice, base)
            if typed and typed != base and not typed.endswith(" ") and got:
                con = plays._prefix(typed)
                assert con is not None
                for t in got:
                    assert t.text.startswith(typed) or _admitted(con, t)
        if not legal[0].is_forfeit and legal[0].special is None:
            # with nothing typed, up to 25 plays; all of them when there are fewer
            got = plays.suggest(rules, pos, dice, "")
            assert len(got) == min(plays.SUGGESTIONS, len(legal))


def _admitted(con: plays._Prefix, t: Turn) -> bool:
    states = [con.start]
    for s in t.steps:
        states = [n for c in states for n in con.advance(c, s.frm, s.to)]
    return any(con.complete(c) for c in states)


# -- named cases ------------------------------------------------------------------------


def test_classic_jan_at_the_first_step_of_a_double_ends_the_game() -> None:
    """Seed 003: the player who becomes jan "förlorar genast", at the step that does it."""
    rules = registry.get("classic")
    pos = rules.parse_position("white=1x9,4,7,14,22,24x2 black=barx2,1x8,4,5,6,8,11 turn=white")
    turn = plays.validate(rules, pos, (6, 6), "14/20*")
    assert turn.text == "14/20*" and turn.outcome is not None and turn.outcome.kind == "jan"
    assert turn in legal_turns(rules, pos, (6, 6))


# -- the order typed is the order played ("Move text"; B-12, B-34) --------------------------

#: Found by the trajectory property (``test_properties``, seeds 430 and 1036 of
#: ``classic+easy_reentry+double_six``).  A: white has two on the bar and one free entry
#: point, its 6 (black's blot); B: black has four on the bar and three free points.
HIT_OR_BURST = [
    pytest.param("white=barx2,1x7,3,4,5,7,10,11 black=1x3,2,3,6,9,14x2,18,21,24x4 turn=white "
                 "first=white,black", (2, 6), "bar/2! bar/6*", "bar/6* bar/2!", id="A"),
    pytest.param("white=1x7,3,5,6,7,10,15x2,16 black=barx4,1x9,6,10 turn=black "
                 "first=white,black", (3, 4), "bar/3! bar/4*", "bar/4* bar/3!", id="B"),
]


@pytest.mark.parametrize(("position", "dice", "burst_first", "hit_first"), HIT_OR_BURST)
def test_b34_hit_then_burst_and_burst_then_hit_are_two_plays(
        position: str, dice: tuple[int, int], burst_first: str, hit_first: str) -> None:
    """B-12 (``easy_reentry``): the count is taken before every step, so the band may be
    burst before the hit (more on the bar than free points) and after it (the hit took a
    free point).  B-34: the step completing the jan decides, so burst-then-hit is jan and
    hit-then-burst sprängjan (classic's 4 and 6 points); both are listed, in either order
    of the dice."""
    rules = registry.get("classic+easy_reentry+double_six")
    pos = rules.parse_position(position)
    for roll in (dice, dice[::-1]):
        got = {t.text: (t.outcome.kind, t.outcome.points) if t.outcome else None
               for t in legal_turns(rules, pos, roll)}
        assert got == {burst_first: ("jan", 4), hit_first: ("sprangjan", 6)}, roll


@pytest.mark.parametrize(("position", "dice", "burst_first", "hit_first"), HIT_OR_BURST)
@pytest.mark.parametrize("name", ["classic+easy_reentry+double_six", "classic+easy_reentry",
                                  "talisman", "vasa"])
def test_the_typed_order_decides_jan_or_sprangjan(
        name: str, position: str, dice: tuple[int, int], burst_first: str,
        hit_first: str) -> None:
    """"Move text": a player who typed the burst first played the burst first, and gets
    that play's jan, never the other order's sprängjan (B-34) -- with or without the
    marks, whichever die was rolled first; every listed play reads back as itself."""
    rules = registry.get(name)
    pos = rules.parse_position(position)
    for roll in (dice, dice[::-1]):
        listed = legal_turns(rules, pos, roll)
        by_text = {t.text: t for t in listed}
        assert set(by_text) == {burst_first, hit_first}
        for text, turn in by_text.items():
            assert plays.validate(rules, pos, roll, text) == turn
            assert parse_play(rules, pos, roll, text, listed) == turn
            bare = text.replace("!", "").replace("*", "")
            assert plays.validate(rules, pos, roll, bare) == turn
            assert plays.validate(rules, pos, roll, bare.replace("bar/", "b/")) == turn
        assert by_text[burst_first].outcome.kind == "jan"  # type: ignore[union-attr]
        assert by_text[hit_first].outcome.kind == "sprangjan"  # type: ignore[union-attr]


@pytest.mark.parametrize(("position", "dice", "burst_first", "hit_first"), HIT_OR_BURST[:1])
def test_an_order_that_cannot_be_played_gives_way_to_one_that_can(
        position: str, dice: tuple[int, int], burst_first: str, hit_first: str) -> None:
    """Plain classic (B-12: a band may be burst only when no entry point is open): the
    burst is legal only after the hit has taken white's 6, so the one play is hit-then-
    burst, and the same steps typed the other way round mean it."""
    rules = registry.get("classic")
    pos = rules.parse_position(position)
    listed = legal_turns(rules, pos, dice)
    assert [t.text for t in listed] == [hit_first]
    assert plays.validate(rules, pos, dice, burst_first) == listed[0]
    assert listed[0].outcome is not None and listed[0].outcome.kind == "sprangjan"


def test_lenient_input_forms() -> None:
    rules = registry.get("talisman")
    start = rules.start()
    listed = legal_turns(rules, start, (6, 5))
    assert plays.validate(rules, start, (6, 5), "1-6 1-7") in listed
    assert plays.validate(rules, start, (6, 5), "1/7/12") in listed
    assert plays.validate(rules, start, (6, 5), "1/12").position == plays.validate(
        rules, start, (6, 5), "1/7/12").position
    bar = rules.parse_position("white=bar,1x14 black=1x15 turn=white")
    assert plays.validate(rules, bar, (5, 3), "b/5 5/8").steps[0].frm == 0
    home = rules.parse_position("white=20,off x14 black=1x15 turn=white".replace(" x", "x"))
    assert plays.validate(rules, home, (6, 5), "20/ut").outcome is not None


def test_hostile_inputs_are_refused() -> None:
    with pytest.raises(UnparsableMove):
        parse_hops("1" + " " * 100_000 + "2")
    assert parse_hops("1 /  7   7/ 12") == [(1, 7), (7, 12)]
    rules = registry.get("talisman")
    pos = rules.parse_position("white=1x5,6x3,8x3,10x2,12x2 black=1x15 turn=white")
    for dice in ((1, 1), (2, 1)):
        with pytest.raises(MoveError):
            plays.validate(rules, pos, dice, "1/3 6/8 8/10 10/12 12/14 1/2 6/7 8/9")


def test_suggestions_offer_the_double_six_column() -> None:
    """A first 6-6 under ``double_six`` may be played as the column: autocomplete offers
    it with nothing typed (in its place in the neutral order, first in the best one),
    and while the text begins it (``1/7 1``, ``1/7(``)."""
    rules = registry.get("talisman+double_six")
    start = rules.start()
    column = next(t for t in legal_turns(rules, start, (6, 6)) if t.special == "column")
    assert plays.validate(rules, start, (6, 6), "1/7(6)") == column
    got = plays.suggest(rules, start, (6, 6), "")
    assert got[-1] == column and len(got) == 2
    assert plays.suggest(rules, start, (6, 6), "", order="best")[0] == column
    for typed in ("1", "1/7 1", "1/7(", "1/7(6)", column.text):
        assert column in plays.suggest(rules, start, (6, 6), typed), typed
    assert column not in plays.suggest(rules, start, (6, 6), "1/8")
    assert plays.suggest(rules, start, (6, 6), "1/7")[0].special is None  # exact play first


def test_game_plays_by_steps_and_suggests() -> None:
    game = Game.new("puff-kontrar", seed=5)
    game.opening()
    for _ in range(40):
        if game.is_over:
            break
        game.roll()
        if game.phase != "move":
            continue
        got = game.suggest("")
        assert got and len(got) <= 25
        assert len(game.first_plays(2)) == (1 if game.only_play() is not None else 2)
        game.play(got[-1].text)
