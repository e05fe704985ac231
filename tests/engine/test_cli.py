"""The CLI contract of ``python -m engine`` (issue 7, item 7)."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.__main__ import main
from engine.generators import legal_turns

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


# -- the terminal game (issue 13) -------------------------------------------------------


class Script:
    """Answers the terminal game's prompts: plays the first listed move, says yes to
    ``again`` more games, then no; every prompt is kept."""

    def __init__(self, again: int = 0) -> None:
        self.again = again
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if prompt.startswith(("Another game", "Ett parti till")):
            self.again -= 1
            return ("j" if "parti" in prompt else "y") if self.again >= 0 else "n"
        if prompt.startswith(("Vit får", "White may", "Svart får", "Black may")):
            return "n"
        return "1"


def test_play_explains_forfeits_and_the_win_and_offers_another_game(monkeypatch,
                                                                    capsys) -> None:
    script = Script(again=1)
    monkeypatch.setattr("builtins.input", script)
    assert main(["play", "--rules", "talisman", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Teka: White" in out and "rolls" in out
    # seed 4: a checker waiting on the bar cannot enter, said in words
    assert "to enter, and no entry point is open for" in out
    assert "the roll is forfeited" in out
    # two games were played to their end, each explained in words with its points
    wins = [line for line in out.splitlines() if " wins: " in line]
    assert len(wins) == 2, wins
    assert all(line.rstrip(".").endswith(("1 point", "points")) and " – " in line
               for line in wins)
    assert sum(p.startswith("Another game") for p in script.prompts) == 2
    assert "B-" not in out and "(T-" not in out


def test_play_speaks_swedish(monkeypatch, capsys) -> None:
    monkeypatch.setattr("builtins.input", Script())
    assert main(["play", "--rules", "talisman", "--seed", "4", "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert "Teka: Vit" in out and "Vit slår" in out and "Svart spelar" in out
    assert "att spela in, och ingen ingång är öppen för" in out and "slaget fåtas" in out
    assert " vinner: " in out and "poäng." in out
    assert "slagna:" in out and "ögon kvar" in out
    for english in ("rolls", "plays", "wins", "forfeited", "to move", "pips"):
        assert english not in out


def test_play_writes_off_as_ut_in_swedish(monkeypatch, capsys) -> None:
    # a puff game always ends bearing off: both sides' moves are listed with "ut"
    monkeypatch.setattr("builtins.input", Script())
    assert main(["play", "--rules", "puff-kontrar", "--seed", "3", "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert "/ut" in out and "/off" not in out


def test_play_quits_on_q_and_on_end_of_input(monkeypatch) -> None:
    monkeypatch.setattr("builtins.input", lambda _p="": "q")
    assert main(["play", "--seed", "1"]) == 0

    def closed(_p: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", closed)
    assert main(["play", "--seed", "1"]) == 0


def test_play_by_piped_stdin_in_a_real_process() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "play", "--seed", "2", "--lang",
                           "sv"], input="1\n" * 400, capture_output=True, text=True,
                          timeout=120, check=True)
    assert "Svart vinner: jan – " in proc.stdout and "Ett parti till?" in proc.stdout


def test_help_lists_every_subcommand() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "--help"], capture_output=True,
                          text=True, check=True)
    for cmd in ("legal", "selfplay", "play", "replay", "arena", "verify"):
        assert f"    {cmd} " in proc.stdout, cmd


def test_replay_prints_its_result_in_swedish(tmp_path, capsys) -> None:
    import random

    from engine.__main__ import play_random_game
    from engine.record import export

    game = play_random_game("talisman", random.Random(8))
    path = tmp_path / "game.txt"
    path.write_text(export(game, white="Anna", black="Bertil"), encoding="utf-8")
    assert main(["replay", "--lang", "sv", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Anna (vit) – Bertil (svart)" in out
    assert f"ställning: {game.position.format()}" in out
    assert "resultat: Svart vinner: jan – " in out and "2 poäng." in out
    assert "wins" not in out and "result:" not in out
    assert main(["replay", "--lang", "sv", str(tmp_path / "saknas.txt")]) == 2
    assert "kan inte läsa" in capsys.readouterr().err


def test_no_rule_ids_in_player_text() -> None:
    import re

    from engine.__main__ import _TEXTS
    from engine.messages import MESSAGES

    rule_id = re.compile(r"\b[BPGTM]-\d+\b")
    texts = [t for entry in MESSAGES.values() for t in entry.values()]
    texts += [t for table in _TEXTS.values() for t in table.values()]
    assert len(texts) > 100
    assert [t for t in texts if rule_id.search(t)] == []


def test_computer_moves_are_written_in_their_own_numbering(monkeypatch, capsys) -> None:
    """Each play is written as its mover counts (issue 22): black's first move leaves
    black's own 1, which a white player's board labels 13; the board prints both rows of
    numbers, the human's next to the points and the computer's outside them."""
    monkeypatch.setattr("builtins.input", Script())
    main(["play", "--rules", "talisman", "--seed", "4"])
    out = capsys.readouterr().out
    first = next(line for line in out.splitlines() if line.startswith("  Black plays"))
    assert first.startswith("  Black plays 1/")
    # white's 13..24 along the top, black's own numbers for the same points outside them
    top = [line.split() for line in out.splitlines()[:12] if "|" in line][:2]
    assert top[0][:3] == ["1", "2", "3"] and top[1][:3] == ["13", "14", "15"]
    monkeypatch.setattr("builtins.input", Script())
    main(["play", "--rules", "talisman", "--seed", "4", "--side", "black"])
    first = next(line for line in capsys.readouterr().out.splitlines()
                 if line.startswith("  White plays"))
    assert first.startswith("  White plays 1/")


def test_generalpasch_choice_in_the_terminal(monkeypatch, capsys) -> None:
    """Seed 1: the opening combination comes again and the human names how to play it,
    once with no legal play at all, which is then explained."""
    script = Script()
    monkeypatch.setattr("builtins.input", script)
    assert main(["play", "--rules", "puff-kontrar+generalpasch", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Generalpasch: play the roll as which pasch?" in out
    assert any(p.startswith("choice") for p in script.prompts)
    assert " wins: hemspel – " in out


def test_swedish_turn_text_reads_back_as_the_same_turn() -> None:
    """``format_turn`` (the CLI's, the board's and the buttons' one formatter): Swedish
    writes ``ut`` for off, and the lenient parser takes it back as the same play."""
    from engine import rules as registry
    from engine.notation import format_turn, parse_play
    from engine.position import Position

    rules = registry.get("talisman")
    pos = Position.parse("white=19x3,20x2,24x2,offx8 black=bar,1x13,11 turn=white")
    turns = legal_turns(rules, pos, (6, 1))
    assert any("/off" in t.text for t in turns)
    for t in turns:
        sv = format_turn(t, "sv")
        assert "off" not in sv and sv == t.text.replace("/off", "/ut")
        assert format_turn(t, "en") == t.text
        assert parse_play(rules, pos, (6, 1), sv) == t
