"""``python -m engine analyse GAME.txt [--lang sv]``: the report in English and Swedish."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.analyse_cli import _WORDS
from engine.words import number
from tests.engine.ai.test_analysis import BLUNDER_GAME


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(BLUNDER_GAME, encoding="utf-8")
    return path


def test_english_report(game_file: Path, capsys) -> None:
    assert main(["analyse", str(game_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analysis: Anna (white) – Bertil (black), talisman, 23 turns")
    assert "Result: Anna won by jan, 2 points." in out
    assert "a blunder 0.25 or more" in out and "doubtful play loses 0.08" in out
    assert re.search(r"Blunders\s+0\s+1\n", out)
    assert "Biggest mistake: turn 18, Bertil (black) rolled 4-2 (kvart dus):" in out
    assert "  played  16/18 1/5" in out and "  best    22/24* 3/7" in out
    assert "(blunder)" in out and "Luck (dice)" in out
    assert "to move: X (black)" in out  # the board before the mistake


def test_swedish_report(game_file: Path, capsys) -> None:
    assert main(["analyse", str(game_file), "--lang", "sv", "--no-board"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analys: Anna (vit) – Bertil (svart), talisman, 23 drag")
    assert "Resultat: Anna vann med jan, 2 poäng." in out
    assert "grovt misstag 0,25 eller mer" in out
    assert "Största misstaget: drag 18, Bertil (svart) slog 4-2 (kvart dus):" in out
    assert "(grovt misstag)" in out and "Tur (tärningar)" in out
    assert "Analysis" not in out and "blunder" not in out and "drar" not in out


def test_polite_errors(tmp_path: Path, capsys) -> None:
    assert main(["analyse", str(tmp_path / "saknas.txt"), "--lang", "sv"]) == 2
    assert "kan inte läsa" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text(BLUNDER_GAME.replace("18. black 2-4 16/18 1/5", "18. black 2-4 16/23"),
                   encoding="utf-8")
    assert main(["analyse", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: Line ") and "Traceback" not in err


def test_runs_as_a_program(game_file: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "analyse", str(game_file),
                           "--lang", "sv"], capture_output=True, text=True, check=True)
    assert "Största misstaget: drag 18" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "engine", "--help"], capture_output=True,
                          text=True, check=True)
    assert "analyse" in proc.stdout


def test_words_have_no_rule_ids_and_match_in_both_languages() -> None:
    rule_id = re.compile(r"\b[BPGTM]-\d+\b")
    assert set(_WORDS["en"]) == set(_WORDS["sv"])
    assert not [t for table in _WORDS.values() for t in table.values() if rule_id.search(t)]
    assert number(-0.25, "sv") == "−0,25" and number(0.25, "en", sign=True) == "+0.25"


def test_the_biggest_mistake_names_the_chances_where_the_judge_has_them() -> None:
    from dataclasses import replace

    from engine.ai.analysis import analyse
    from engine.analyse_cli import report

    a = analyse(BLUNDER_GAME)
    assert a.worst is not None and a.worst.best_chances is None
    assert "after the best play" not in report(a, "en")
    worst = replace(a.worst, best_chances=(0.5, 0.1, 0.0, 0.2, 0.0))
    a = replace(a, decisions=tuple(worst if d is a.worst else d for d in a.decisions),
                players={s: replace(p, worst=worst if p.worst is a.worst else p.worst)
                         for s, p in a.players.items()})
    assert ("  after the best play: wins 50%, a gammon 10%, a backgammon 0% · loses a "
            "gammon 20%, a backgammon 0%") in report(a, "en")
    assert "  efter det bästa draget: vinner 50 %" in report(a, "sv")
