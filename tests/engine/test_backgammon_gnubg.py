"""The ``backgammon`` ruleset against gnubg's move generator (issue 7, "How we will know").

gnubg is the reference engine of the backgammon world; where both agree on the *set of
resulting positions* for a position and a roll, the shared core (bar priority, using both
dice, the higher die, bear-off exact or with a higher die from the rearmost point, hitting)
is right.  The corpus is seeded: half random self-play, half synthetic bear-off positions.

gnubg's board is ``[opponent, side on roll]``, each 25 long: index i is that side's point
i+1 counted from its own home, index 24 its bar; ``moves()`` returns position keys of the
boards after the move (still from the mover's view) and nothing when no move is possible.
"""

from __future__ import annotations

import random

import gnubg_nn
import pytest

from engine import rules as rules_registry
from engine.generators import legal_turns
from engine.movegen import search_turns
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.testing import (
    bearoff_corpus,
    gnubg_board,
    gnubg_side,
    scattered_position,
    selfplay_corpus,
)
from engine.turn import Turn

BG = rules_registry.get("backgammon")
Board = tuple[tuple[int, ...], tuple[int, ...]]
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]

SELFPLAY_SEED = 7001
BEAROFF_SEED = 7002
N_EACH = 1000  # 1,000 self-play + 1,000 bear-off = 2,000 positions


def gnubg_results(pos: Position, dice: tuple[int, int]) -> set[Board]:
    board = [list(row) for row in gnubg_board(pos)]
    keys = gnubg_nn.moves(board, dice[0], dice[1])
    out = {_board_of_key(k) for k in keys}
    return out or {gnubg_board(pos)}  # no legal move: the board stays as it is


def _board_of_key(key: str) -> Board:
    op, me = gnubg_nn.board_from_position_key(key)
    return tuple(op), tuple(me)


def engine_turns(pos: Position, dice: tuple[int, int]) -> list[Turn]:
    return legal_turns(BG, pos, dice)


def engine_results(pos: Position, dice: tuple[int, int]) -> set[Board]:
    return {gnubg_board(t.position, pos.turn) for t in engine_turns(pos, dice)}


def core_results(pos: Position, dice: tuple[int, int]) -> set[Board]:
    """The general search bräde uses too (``legal_turns`` takes a backgammon fast path)."""
    return {gnubg_board(t.position, pos.turn) for t in search_turns(BG, pos, dice)}


def board_text(board: Board, mover: Side) -> str:
    """A gnubg board back in the engine's text format, for readable failure messages."""
    def own(row: tuple[int, ...]) -> tuple[int, ...]:
        counts = [row[24], *row[23::-1]]
        return (*counts, 15 - sum(counts))

    me, op = own(board[1]), own(board[0])
    white, black = (me, op) if mover is Side.WHITE else (op, me)
    return Position(white, black, mover.other, Geometry.BACKGAMMON).format()


def mismatches(cases: list[tuple[Position, tuple[int, int]]], ours_of=engine_results
               ) -> list[str]:
    out = []
    for pos, dice in cases:
        ours, theirs = ours_of(pos, dice), gnubg_results(pos, dice)
        if ours != theirs:
            extra = sorted(board_text(b, pos.turn) for b in ours - theirs)
            missing = sorted(board_text(b, pos.turn) for b in theirs - ours)
            out.append(f"{pos.format()} dice={dice[0]}-{dice[1]}\n"
                       f"  engine only: {extra}\n  gnubg only: {missing}")
    return out


@pytest.fixture(scope="module")
def selfplay_cases() -> list[tuple[Position, tuple[int, int]]]:
    return selfplay_corpus(BG, N_EACH, SELFPLAY_SEED)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def bearoff_cases() -> list[tuple[Position, tuple[int, int]]]:
    return bearoff_corpus(N_EACH, BEAROFF_SEED)  # type: ignore[return-value]


# -- the harness itself -------------------------------------------------------------------


def test_start_position_is_gnubgs_start_board() -> None:
    # gnubg's position id of the opening position.
    start = gnubg_nn.board_from_position_id("4HPwATDgc/ABMA")
    for side in Side:
        assert gnubg_board(BG.start().with_turn(side)) == tuple(map(tuple, start))


def test_gnubg_side_layout() -> None:
    counts = [0] * 26
    counts[BAR], counts[1], counts[19], counts[24], counts[OFF] = 1, 2, 3, 4, 5
    side = gnubg_side(tuple(counts))
    assert side[24] == 1 and side[23] == 2 and side[5] == 3 and side[0] == 4
    assert sum(side) == 10


def test_board_text_round_trips() -> None:
    pos = BG.parse_position("white=bar,3,19x5,22x2,offx6 black=2,12x5,19x3,20,23x5 turn=black")
    assert board_text(gnubg_board(pos), Side.BLACK) == pos.with_turn(Side.WHITE).format()


def test_corpora_are_what_they_claim(selfplay_cases, bearoff_cases) -> None:
    """The synthetic half really is bear-off-heavy, with the awkward cases present."""
    assert len(selfplay_cases) == N_EACH and len(bearoff_cases) == N_EACH
    assert len({(p, d) for p, d in selfplay_cases}) > 0.95 * N_EACH
    n = len(bearoff_cases)

    def share(pred) -> float:
        return sum(1 for p, _ in bearoff_cases if pred(p, p.mover, p.waiting)) / n

    home_only = share(lambda p, me, op: not any(me[0:19]))
    assert home_only > 0.4
    assert share(lambda p, me, op: me[BAR] > 0) > 0.15  # on the bar during the bear-off
    assert share(lambda p, me, op: any(me[1:19])) > 0.15  # a straggler outside home
    # contact: an opponent checker on the mover's home board (the opponent's 1..6)
    assert share(lambda p, me, op: not any(me[0:19]) and any(op[1:7])) > 0.2
    assert share(lambda p, me, op: me[OFF] > 0) > 0.5
    assert share(lambda p, me, op: op[BAR] > 0) > 0.05
    assert {p.turn for p, _ in bearoff_cases} == {Side.WHITE, Side.BLACK}
    # self-play reaches contact, bar and bear-off positions as well
    assert any(p.mover[BAR] for p, _ in selfplay_cases)
    assert any(p.mover[OFF] for p, _ in selfplay_cases)


# -- the differential test ------------------------------------------------------------------


def test_selfplay_positions_match_gnubg(selfplay_cases) -> None:
    bad = mismatches(selfplay_cases)
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])


def test_bearoff_positions_match_gnubg(bearoff_cases) -> None:
    bad = mismatches(bearoff_cases)
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])


def test_every_roll_matches_gnubg_on_a_sample(selfplay_cases, bearoff_cases) -> None:
    """All 21 rolls on every 20th position of each half (2,100 more comparisons)."""
    sample = selfplay_cases[::20] + bearoff_cases[::20]
    bad = mismatches([(p, d) for p, _ in sample for d in ALL_ROLLS])
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])


def test_general_search_matches_gnubg_too(selfplay_cases, bearoff_cases) -> None:
    """The shared core itself (bar first, both dice, higher die, bear-off), not only the
    backgammon fast path, agrees with gnubg; and both paths give the very same turns."""
    sample = selfplay_cases[::2] + bearoff_cases[::2]
    bad = mismatches(sample, core_results)
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])
    for pos, dice in sample[::5]:
        assert engine_turns(pos, dice) == search_turns(BG, pos, dice), pos.format()


def test_scattered_positions_match_gnubg_on_both_paths() -> None:
    """Odd shapes no game reaches (many on the bar, checkers far back while others are
    off): gnubg, the fast path and the general search agree on 400 of them."""
    rng = random.Random(7003)
    cases = [(scattered_position(rng), (rng.randint(1, 6), rng.randint(1, 6)))
             for _ in range(400)]
    assert sum(1 for p, _ in cases if p.mover[BAR] >= 2) > 40
    bad = mismatches(cases)
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])
    for pos, dice in cases:
        assert engine_turns(pos, dice) == search_turns(BG, pos, dice), pos.format()


def test_turns_are_distinct_and_replay(selfplay_cases, bearoff_cases) -> None:
    """Each legal turn is listed once, and its steps really lead to its position."""
    for pos, dice in selfplay_cases[::4] + bearoff_cases[::4]:
        turns = engine_turns(pos, dice)
        boards = [gnubg_board(t.position, pos.turn) for t in turns]
        assert len(boards) == len(set(boards)), pos.format()
        for t in turns:
            assert t.position.turn is pos.turn.other
            assert replay(pos, t) == (t.position.side(pos.turn),
                                      t.position.side(pos.turn.other)), (pos.format(), t.text)
            dice_used = sorted(s.die for s in t.steps)
            pool = list(dice) * (2 if dice[0] == dice[1] else 1)
            for d in dice_used:
                pool.remove(d)  # raises if a die is used that was not rolled


def replay(pos: Position, turn: Turn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    me, op = list(pos.mover), list(pos.waiting)
    for s in turn.steps:
        assert me[s.frm] > 0
        me[s.frm] -= 1
        me[s.to] += 1
        if s.to != OFF:
            q = 25 - s.to
            assert op[q] <= 1
            assert bool(op[q]) == s.hit
            if op[q]:
                op[q] = 0
                op[BAR] += 1
        assert not s.burst  # no bursting in backgammon
    return tuple(me), tuple(op)


# -- the rules, stated outright (and checked against gnubg too) ----------------------------


def texts(position: str, dice: tuple[int, int]) -> set[str]:
    """The step texts of every legal turn, after checking the set against gnubg."""
    pos = BG.parse_position(position)
    turns = engine_turns(pos, dice)
    assert engine_results(pos, dice) == gnubg_results(pos, dice)
    return {t.text for t in turns}


def results(position: str, dice: tuple[int, int]) -> set[str]:
    """The mover's side after each legal turn, in the position text format."""
    pos = BG.parse_position(position)
    assert engine_results(pos, dice) == gnubg_results(pos, dice)
    return {t.position.format().split()[0 if pos.turn is Side.WHITE else 1]
            for t in engine_turns(pos, dice)}


def test_must_use_both_dice_when_possible() -> None:
    # Black holds board 21 and 9 (its own 4 and 16).  10/15 alone would leave the 6 dead
    # (15/21 and 3/9 blocked), but 10/16 3/8 and 3/8 8/14 use both dice: so they must.
    pos = "white=3,10,offx13 black=4x2,16x2,24x11 turn=white"
    got = texts(pos, (6, 5))
    assert got and all(t.count("/") == 2 for t in got), got
    assert "10/15" not in got


def test_higher_die_when_only_one_can_be_played() -> None:
    # A lone white checker on 14; black holds board 24 (its own 1).  14/20 then 20/24 and
    # 14/18 then 18/24 are both blocked, so only one die can be played: the higher one.
    got = texts("white=14,offx14 black=1x2,13x13 turn=white", (6, 4))
    assert got == {"14/20"}


def test_bar_first_and_entering_onto_own_checkers() -> None:
    # Black holds board 1 and 2.  With 3-2 white must enter with the 3, onto its own
    # checker on 3 (fine in backgammon), then play the 2 anywhere.
    got = texts("white=bar,3,19x13 black=23x2,24x2,12x11 turn=white", (3, 2))
    assert got == {"bar/3 3/5", "bar/3 19/21"}
    # 2-1 cannot enter at all: the turn is forfeit.
    assert texts("white=bar,19x14 black=23x2,24x2,12x11 turn=white", (2, 1)) == {"-"}


def test_bearoff_exact_or_higher_die_from_rearmost_only() -> None:
    # 6-5 bears both off: each die is higher than needed, used on the rearmost checker.
    assert results("white=21,23,offx13 black=13x15 turn=white", (6, 5)) == {"white=offx15"}
    # 3-1: the 3 may not bear off 23 while 21 stands behind it (not exact, not rearmost).
    assert results("white=21,23,offx13 black=13x15 turn=white", (3, 1)) == {
        "white=24x2,offx13", "white=23,offx14"}
    # A checker outside home (17) stops all bearing off: 2-1 brings it in, nothing more.
    got = results("white=17,23,offx13 black=13x15 turn=white", (2, 1))
    assert got and all("off" not in r.replace("offx13", "") for r in got), got


@pytest.mark.parametrize(("black", "kind", "points"), [
    ("13x10,offx5", "single", 1),
    ("13x15", "gammon", 2),
    ("1,13x14", "backgammon", 3),  # a black checker in white's home board (board 24)
    ("bar,13x14", "backgammon", 3),  # or on the bar
])
def test_winning_bearoff_scores(black: str, kind: str, points: int) -> None:
    pos = BG.parse_position(f"white=19,offx14 black={black} turn=white")
    (turn,) = engine_turns(pos, (6, 5))
    assert turn.outcome is not None and turn.outcome.winner is Side.WHITE
    assert (turn.outcome.kind, turn.outcome.points) == (kind, points)
    assert turn.position.white[OFF] == 15


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_rolls_on_start_match_gnubg(seed: int) -> None:
    rng = random.Random(seed)
    pos = BG.start().with_turn(rng.choice((Side.WHITE, Side.BLACK)))
    assert not mismatches([(pos, d) for d in ALL_ROLLS])
