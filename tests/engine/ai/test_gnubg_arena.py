"""The gnubg arena's machinery (``benchmarks/gnubg_arena.py``), where a mistake would
report a wrong figure: gnubg's choice mapped onto the engine's legal turn, paired games on
the same dice with the seats swapped, and the report's arithmetic."""

from __future__ import annotations

import random

import gnubg_nn

from benchmarks.gnubg_arena import GnubgPlayer, play_pair, report
from engine import rules as registry
from engine.ai.arena import GameResult, log_pair, read_log
from engine.generators import legal_turns
from engine.position import Side
from engine.testing import gnubg_board

BG = registry.get("backgammon")


def test_gnubgs_choice_becomes_the_legal_turn_it_describes() -> None:
    rng = random.Random(4)
    pos = BG.start().with_turn(Side.BLACK)
    for _ in range(30):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns = legal_turns(BG, pos, dice)
        turn = GnubgPlayer().choose(BG, pos, dice, rng, turns)
        assert turn in turns
        # gnubg's own list, best first: its first entry is the board of the chosen turn
        board = [list(r) for r in gnubg_board(pos)]
        _, _, listed = gnubg_nn.best_move(board, dice[0], dice[1], b=1, list=1)
        best = gnubg_nn.board_from_position_key(listed[0][0])
        assert gnubg_board(turn.position, pos.turn.other) == tuple(map(tuple, best))
        if turn.outcome is not None:
            break
        pos = turn.position


def test_a_pair_is_two_games_on_the_same_dice_with_the_seats_swapped() -> None:
    games, times = play_pair(("gesäll", None, 0, 5, 3))
    assert [g.a_white for g in games] == [True, False]
    assert all(g.pair == 3 and g.winner in ("a", "b") for g in games)
    assert all(abs(g.points) in (1, 2, 3) and (g.points > 0) == (g.winner == "a")
               for g in games)
    assert set(times) == {"gesäll", "gnubg"} and all(times.values())
    again, _ = play_pair(("gesäll", None, 0, 5, 3))
    assert again == games  # the dice and the players' choices replay exactly


def test_the_report_counts_what_was_played() -> None:
    results = [GameResult(0, True, "a", 2, "gammon", 40),
               GameResult(0, False, "b", -1, "single", 50),
               GameResult(1, True, "b", -3, "backgammon", 60),
               GameResult(1, False, "a", 1, "single", 45)]
    text = report("gesäll", results, {"gesäll": [1.0, 3.0], "gnubg": [0.5]}, 12.0)
    assert "4 games in 2 pairs" in text
    assert "A wins 2, loses 2" in text and "A win share 50.0%" in text
    assert "A points/game -0.250" in text
    assert "A's wins by kind: gammon 1, single 1" in text
    assert "gnubg's wins by kind: backgammon 1, single 1" in text
    assert "decision time gesäll: 2 decisions, mean 2.0 ms" in text
    # the log lines the arena writes read back as the same games
    import io

    log = io.StringIO()
    done: list[GameResult] = []
    done.extend(log_pair(results[:2], done, log))
    done.extend(log_pair(results[2:], done, log))
    assert read_log(log.getvalue().splitlines()) == results
