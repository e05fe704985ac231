"""Game records (issue 6, spectating): export → replay reproduces the game; corrupt
records fail with a message naming the line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.__main__ import play_random_game
from engine.game import Game
from engine.position import Side
from engine.record import RecordError, export, parse, replay

BRADE_AND_BACKGAMMON = ["talisman", "behrens-helmfrid", "classic", "vasa", "backgammon",
                        "talisman+ny2", "classic+one_die+double_six", "vasa+double_six"]


@pytest.mark.parametrize("rules", BRADE_AND_BACKGAMMON)
def test_export_replay_reproduces_random_games(rules: str) -> None:
    rng = random.Random(rules)
    for _ in range(4):
        game = play_random_game(rules, rng)
        text = export(game, white="Anna", black="Bertil", date="2026-11-22", seed=7)
        again = replay(text)
        assert again.position == game.position
        assert again.outcome == game.outcome
        assert again.turn_count == game.turn_count
        # The replayed game exports to the very same text: nothing was lost.
        assert export(again, white="Anna", black="Bertil", date="2026-11-22", seed=7) == text


def test_puff_record_round_trips() -> None:
    game = play_random_game("puff-lang", random.Random(2))
    assert replay(export(game)).position == game.position


def test_header_and_lines_are_readable() -> None:
    game = Game.new("talisman", seed=5)
    game.opening()
    game.roll(dice=(5, 2))
    game.play("1/6 1/3")
    text = export(game, white='Anna "Brädan" A.', black="Bertil", event="Klubbkväll")
    lines = text.splitlines()
    assert lines[0] == '[Event "Klubbkväll"]'
    assert lines[1] == '[Rules "talisman"]'
    assert lines[2] == r'[White "Anna \"Brädan\" A."]'
    assert '[Result "*"]' in lines
    assert any(line.startswith("teka ") for line in lines)
    last = lines[-1]
    assert last.startswith(f"1. {game.events[-1]['side']} 5-2 1/6 1/3")
    assert last.endswith("; sinkadus")
    rec = parse(text)
    assert rec.white == 'Anna "Brädan" A.' and rec.rules == "talisman"
    assert rec.turns[0].dice == (5, 2) and rec.turns[0].moves == "1/6 1/3"


def test_unfinished_game_with_an_open_roll() -> None:
    game = Game.new("talisman", seed=11)
    game.opening()
    game.roll(dice=(6, 1))
    game.play_turn(game.legal_turns[0])
    game.roll(dice=(4, 3))  # rolled, not yet played
    again = replay(export(game))
    assert again.phase == "move" and again.dice == (4, 3)
    assert again.position == game.position


def test_resignation_and_start_line() -> None:
    game = Game.new("talisman", seed=2, starter=Side.BLACK)  # a match game: no teka
    game.roll(dice=(3, 1))
    game.play_turn(game.legal_turns[0])
    game.resign(Side.WHITE)
    text = export(game)
    assert "start black" in text and text.rstrip().endswith("white resigns")
    assert '[Result "black resign 1"]' in text
    again = replay(text)
    assert again.outcome == game.outcome


def test_handwritten_record_in_lenient_notation() -> None:
    text = """
    ; typed by hand: Swedish side names, no numbers, loose notation
    [Rules "talisman"]
    teka 3-3 2-5
    vit 5-2 1/6/8
    svart 4-1 1-2-6
    """
    game = replay(text)
    assert game.turn_count == 2
    assert game.position.white[8] == 1
    assert game.position.black[6] == 1


# -- corrupt records --------------------------------------------------------------------

GOOD = """[Rules "talisman"]
[White "A"]
[Black "B"]
[Result "*"]

teka 2-5
1. white 5-2 1/6 1/3
2. black 4-1 1/5 1/2
"""


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(text)
    return info.value


def test_good_record_replays() -> None:
    assert replay(GOOD).turn_count == 2


def test_illegal_play_names_its_line() -> None:
    err = _error(GOOD.replace("1/5 1/2", "1/6 1/2"))
    assert err.line == 8
    assert "Line 8" in str(err) and "not a legal play" in str(err)
    assert err.message("sv").startswith("Rad 8") and "tillåtet" in err.message("sv")


def test_wrong_side_wrong_number_and_garbage() -> None:
    assert "it is black's turn" in str(_error(GOOD.replace("2. black", "2. white")))
    err = _error(GOOD.replace("2. black", "5. black"))
    assert err.line == 8 and "should be 2" in str(err)
    err = _error(GOOD + "3. white x-y 1/2\n")
    assert err.line == 9 and "cannot read" in str(err)


def test_bad_tags_teka_and_rules() -> None:
    assert _error(GOOD.replace('[White "A"]', "[White A]")).line == 2
    assert _error(GOOD.replace("teka 2-5", "teka 4-4")).line == 6
    err = _error(GOOD.replace("talisman", "chess"))
    assert err.line == 1 and "Unknown ruleset" in str(err)
    assert "twice" in str(_error(GOOD.replace('[Black "B"]', '[White "B"]')))


def test_play_missing_in_the_middle() -> None:
    err = _error(GOOD.replace("1. white 5-2 1/6 1/3", "1. white 5-2"))
    assert err.line == 7 and "only the last turn" in str(err)


def test_result_that_does_not_match() -> None:
    err = _error(GOOD.replace('[Result "*"]', '[Result "white jan 2"]'))
    assert err.line == 4 and "white jan 2" in str(err)
    assert _error(GOOD.replace('[Result "*"]', '[Result "white won"]')).line == 4


def test_moves_after_the_end() -> None:
    game = Game.new("backgammon", seed=4)
    game.opening()
    game.resign(game.turn)
    text = export(game) + "9. white 5-2 1/6 1/3\n"
    assert "already over" in str(_error(text))


# -- command line -----------------------------------------------------------------------


def test_cli_replay_prints_final_position(tmp_path: Path, capsys) -> None:
    game = play_random_game("talisman", random.Random(8))
    path = tmp_path / "game.txt"
    path.write_text(export(game, white="Anna", black="Bertil"), encoding="utf-8")
    assert engine_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"position: {game.position.format()}" in out
    assert "wins:" in out and "Anna (white)" in out
    assert engine_main(["replay", "--verbose", str(path)]) == 0
    verbose = capsys.readouterr().out
    assert verbose.count("to move:") == game.turn_count + 1  # every position and the end


def test_cli_replay_reports_the_bad_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(GOOD.replace("1/5 1/2", "1/6 1/2"), encoding="utf-8")
    assert engine_main(["replay", str(path)]) == 2
    assert "Line 8" in capsys.readouterr().err
    assert engine_main(["replay", "--lang", "sv", str(path)]) == 2
    assert "Rad 8" in capsys.readouterr().err
    assert engine_main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_backgammon_opening_roll_must_match_the_teka() -> None:
    game = play_random_game("backgammon", random.Random(5))
    lines = export(game, comments=False).splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("1. "))
    side, dice = lines[i].split()[1:3]
    other = "6-6" if dice != "6-6" else "1-1"
    lines[i] = f"1. {side} {other} 1/2"
    err = _error("\n".join(lines))
    assert err.line == i + 1 and f"gave the roll {dice}" in str(err)


def test_a_game_not_yet_begun() -> None:
    game = Game.new("vasa", seed=1)
    again = replay(export(game))
    assert again.phase == "opening" and again.rules.name == "vasa"


def test_windows_line_endings_and_byte_order_mark() -> None:
    text = "\ufeff" + GOOD.replace("\n", "\r\n")
    assert replay(text).turn_count == 2


def test_hooks_hear_the_start_every_play_and_the_open_roll() -> None:
    """The one replay's hooks (render.replay and engine.ai.analysis read a game through
    them): the start once, then each line with the play the engine made, a play of no
    steps for a forfeit and None for the open roll a running game ends on."""
    rng = random.Random(5)
    game = play_random_game("talisman", rng, max_turns=24)
    game.roll()
    if game.phase != "move":  # the roll was forfeited: leave the next one open instead
        game.roll()
    assert game.phase == "move"
    text = export(game)
    starts: list[Game] = []
    heard: list[tuple[int, object]] = []
    replay(text, on_start=starts.append,
           on_turn=lambda g, line, played: heard.append((line.number, played)))
    assert len(starts) == 1
    rec = parse(text)
    assert [n for n, _ in heard] == [t.number for t in rec.turns]
    assert heard[-1][1] is None  # the open roll
    events = [e for e in game.events if e["type"] in ("play", "forfeit")]
    assert len(events) == len(heard) - 1
    for (_, played), e in zip(heard, events, strict=False):
        assert played is not None
        assert played.text == e["moves"]
        assert played.position.format() == e["position"]
        assert (e["type"] == "forfeit") == (not played.steps)
