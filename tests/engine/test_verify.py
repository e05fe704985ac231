"""``python -m engine verify``: every finished game's dice follow from its seed; a
changed roll, a wrong seed or a commitment that is not the one shown is refused, naming
what differs (docs/dice.md)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main, play_random_game
from engine.game import Game
from engine.position import Side
from engine.record import RecordError, export, replay
from engine.verify import verify
from tests.engine.helpers import one_die_game

SEED = bytes(range(32)).hex()


def _record(game: Game, *, reveal: bool = True) -> str:
    return export(game, white="Anna", black="Bertil", date="2026-05-01",
                  seed=game.reveal() if reveal else None,
                  tags={"Commitment": game.commitment or ""})


@pytest.mark.parametrize("rules", ["talisman", "classic+double_six", "vasa",
                                   "behrens-helmfrid", "backgammon", "puff-kontrar",
                                   "puff-lang", "puff-dubbel-kontrar+strict_reroll"])
def test_finished_games_check_out(rules: str) -> None:
    for n in range(3):
        game = play_random_game(rules, random.Random(n))
        verdict = verify(_record(game))
        assert verdict.ok, verdict.message()
        assert verdict.rolls == sum(1 for e in game.events if e["type"] == "teka") + \
            game.turn_count - (rules == "backgammon")
        assert "OK" in verdict.message() and game.commitment in verdict.message()


def test_a_generalpasch_named_is_accepted() -> None:
    """Puff's generalpasch: the record keeps the pasch the roller named, not the dice."""
    named = 0
    for n in range(6):
        game = play_random_game("puff-kontrar+generalpasch", random.Random(n))
        named += sum(1 for e in game.events
                     if e["type"] == "choose" and e["dice"][0] == e["dice"][1])
        assert verify(_record(game)).ok
    assert named, "some roll was played as a named pasch"


def test_one_die_rolls_check_out() -> None:
    game = one_die_game()
    text = _record(game)
    assert sum(1 for e in game.events if e["type"] == "roll" and len(e["dice"]) == 1) == 3
    verdict = verify(text)
    assert verdict.ok, verdict.message()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if re.match(r"\d+\. \w+ [1-6] ", line))
    number, side, die = lines[i].split()[:3]
    lines[i] = lines[i].replace(f" {die} ", f" {int(die) % 6 + 1} ", 1)
    changed = verify("\n".join(lines))
    assert changed.key == "verify.roll_mismatch"
    assert changed.message().startswith(f"Line {i + 1}: turn {number[:-1]} ({side}) says "
                                        f"{int(die) % 6 + 1}, but the seed gives {die}.")


def test_a_match_game_without_teka_and_a_pending_roll() -> None:
    game = Game.new("talisman", seed=5, starter=Side.BLACK)
    for _ in range(6):
        game.roll()
        if game.phase == "move":
            game.play_turn(game.legal_turns[0])
    game.roll()
    game.abandon(game.turn)  # rolled, then left: the roll is in the record
    assert verify(_record(game)).ok


def _finished() -> tuple[Game, str]:
    game = Game.new("talisman", seed=SEED)
    game.opening()
    rng = random.Random(1)
    while not game.is_over:
        if game.phase == "roll":
            game.roll()
        if game.phase == "move":
            game.play_turn(rng.choice(game.legal_turns))
    return game, _record(game)


def test_one_roll_changed_is_named() -> None:
    _, text = _finished()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("7. "))
    assert lines[i].startswith("7. black 3-4 ")
    lines[i] = lines[i].replace("3-4", "4-4", 1)
    verdict = verify("\n".join(lines))
    assert not verdict.ok and verdict.key == "verify.roll_mismatch"
    assert verdict.message() == f"Line {i + 1}: turn 7 (black) says 4-4, but the seed gives 3-4."
    assert verdict.message("sv") == (f"Rad {i + 1}: drag 7 (svart) säger 4-4, men fröet "
                                     "ger 3-4.")
    lines[i] = lines[i].replace("4-4", "3-4", 1)
    assert verify("\n".join(lines)).ok


def test_a_roll_written_in_another_order_than_drawn_is_refused() -> None:
    """A record writes each roll's dice in the order drawn (docs/dice.md), so the same
    two dice in the other order are not what the seed gave: named, with the order."""
    _, text = _finished()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("7. "))
    lines[i] = lines[i].replace("3-4", "4-3", 1)
    verdict = verify("\n".join(lines))
    assert not verdict.ok and verdict.key == "verify.order_mismatch"
    assert verdict.message() == (
        f"Line {i + 1}: turn 7 (black) writes 4-3, but the seed draws 3-4 in that order, "
        "and a record writes each roll's dice in the order drawn.")
    assert verdict.message("sv").startswith(f"Rad {i + 1}: drag 7 (svart) skriver 4-3, men "
                                            "fröet drar 3-4 i den ordningen")


@pytest.mark.parametrize("rules", ["talisman", "backgammon", "puff-kontrar+generalpasch"])
def test_every_swapped_roll_of_a_record_fails(rules: str) -> None:
    """Each non-double roll of a finished game, its dice swapped alone, fails the check
    (backgammon's opening roll, the teka's dice, is checked as the teka)."""
    game = play_random_game(rules, random.Random(3))
    lines = _record(game).splitlines()
    turn = re.compile(r"^(\d+)\. (white|black) ([1-6])-([1-6])\b")
    swapped = 0
    for k, line in enumerate(lines):
        m = turn.match(line)
        if m is None or m[3] == m[4] or (rules == "backgammon" and m[1] == "1"):
            continue
        changed = list(lines)
        changed[k] = line.replace(f"{m[3]}-{m[4]}", f"{m[4]}-{m[3]}", 1)
        verdict = verify("\n".join(changed))
        assert not verdict.ok and verdict.key == "verify.order_mismatch", (line, verdict.key)
        assert f"Line {k + 1}:" in verdict.message()
        swapped += 1
    assert swapped > 10
    assert verify("\n".join(lines)).ok


def test_a_changed_teka_is_named() -> None:
    _, text = _finished()
    verdict = verify(text.replace("teka 4-1", "teka 1-4"))
    assert verdict.key == "verify.teka_mismatch" and "teka round 1 is 1-4" in verdict.message()


def test_a_seed_that_is_not_the_commitment() -> None:
    game, text = _finished()
    other = SEED[:-1] + "e"
    verdict = verify(text, seed=other)
    assert not verdict.ok and verdict.key == "verify.seed_mismatch"
    assert game.commitment in verdict.message()
    forged = text.replace(SEED, other)  # a seed swapped in the record itself
    assert verify(forged).key == "verify.seed_mismatch"
    assert verify(text, seed="not hex").key == "verify.bad_seed"


def test_the_commitment_shown_must_be_the_records() -> None:
    game, text = _finished()
    assert verify(text, expected=game.commitment.upper()).ok  # type: ignore[union-attr]
    verdict = verify(text, expected="00" * 32)
    assert verdict.key == "verify.other_commitment" and not verdict.ok


def test_a_running_game_has_no_seed_yet() -> None:
    game = Game.new("talisman", seed=SEED)
    game.opening()
    game.roll()
    text = _record(game, reveal=False)
    assert SEED not in text and game.commitment in text  # type: ignore[operator]
    assert verify(text).key == "verify.no_seed"
    assert verify(text, seed=SEED).ok  # once the seed is revealed, the rolls so far check


OLD_EXPORT = """[Event "brade #3"]
[Rules "talisman"]
[White "Anna"]
[Black "Bertil"]
[Date "2026-02-01"]
[Seed "4017"]
[Result "*"]

teka 3-5
1. white 5-2 1/6 1/3               ; sinkadus
"""


def test_an_export_from_before_fair_dice_replays_and_has_no_commitment() -> None:
    assert replay(OLD_EXPORT).turn_count == 1
    verdict = verify(OLD_EXPORT)
    assert not verdict.ok and verdict.key == "verify.no_commitment"
    assert "no dice commitment" in verdict.message()


def test_an_illegal_record_is_a_record_error() -> None:
    _, text = _finished()
    broken = text.replace("1. black 2-6 1/3 1/7", "1. black 2-6 1/4 1/7")
    with pytest.raises(RecordError):
        verify(broken)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, text = _finished()
    good = tmp_path / "brade-12.txt"
    good.write_text(text, encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("7. black 3-4", "7. black 4-4"), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK: all 28 rolls (56 dice")
    assert main(["verify", str(good), "--commitment", game.commitment or ""]) == 0
    capsys.readouterr()
    assert main(["verify", "--lang", "sv", str(bad)]) == 1
    assert "drag 7 (svart) säger 4-4" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "junk.txt").write_text("[Rules \"talisman\"]\nnonsense\n", encoding="utf-8")
    assert main(["verify", str(tmp_path / "junk.txt")]) == 2
    proc = subprocess.run([sys.executable, "-m", "engine", "verify", "-"], input=text,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("OK"), proc.stderr
