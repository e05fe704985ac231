"""The CLI contract of ``python -m engine`` (issue 7, item 7)."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.__main__ import main

START = "white=1x15 black=1x15 turn=white"


def test_legal_json_shape(capsys) -> None:
    assert main(["legal", "--rules", "talisman", "--position", START, "--dice", "5-2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"turns": [
        {"moves": "1/6 1/3", "position": "white=1x13,3,6 black=1x15 turn=black",
         "outcome": None},
        {"moves": "1/6 6/8", "position": "white=1x14,8 black=1x15 turn=black",
         "outcome": None}]}


def test_legal_outcome_object(capsys) -> None:
    main(["legal", "--rules", "talisman", "--position",
          "white=20,offx14 black=1x14,11 turn=white", "--dice", "5-3", "--json"])
    turns = json.loads(capsys.readouterr().out)["turns"]
    assert {"kind": "hemspel", "points": 2, "munk": True, "winner": "white"} in [
        t["outcome"] for t in turns]


def test_legal_text_one_turn_per_line(capsys) -> None:
    main(["legal", "--position", START, "--dice", "5-2"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("1/6 1/3\t")


def test_legal_batch_via_subprocess() -> None:
    data = f"{START}\t5-2\n{START}\t6-6\nwhite=1x14 black=1x15 turn=white\t1-1\n"
    proc = subprocess.run([sys.executable, "-m", "engine", "legal", "--rules", "talisman",
                           "--batch"], input=data, capture_output=True, text=True, check=True)
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(rows) == 3
    assert len(rows[0]["turns"]) == 2 and rows[1]["turns"][0]["moves"] == "1/7"
    assert rows[2]["error"] == "position.wrong_total"


def test_bad_input_is_a_clear_error(capsys) -> None:
    assert main(["legal", "--position", "white=1x15", "--dice", "5-2"]) == 2
    assert "black=" in capsys.readouterr().err
    assert main(["legal", "--rules", "chess", "--position", START, "--dice", "5-2"]) == 2
    assert main(["legal", "--position", START, "--dice", "7-2"]) == 2


def test_selfplay_prints_statistics(capsys) -> None:
    assert main(["selfplay", "--rules", "vasa", "--games", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "20 games" in out and "turns per game" in out and "%" in out


def test_play_in_terminal_against_random(monkeypatch, capsys) -> None:
    answers = iter(["1", "1", "1", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["play", "--rules", "talisman", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Teka" in out and "rolls" in out
