"""The board's words (render.texts): both languages, numbers agreeing, rulesets described
without the engine's registry."""

from __future__ import annotations

from types import SimpleNamespace

from engine import rules as registry
from engine.position import Geometry, Side
from engine.turn import Outcome
from render.texts import ALT, LABELS, LANGS, describe_rules, jan_text, result_lines


def test_every_label_in_both_languages() -> None:
    for table in (LABELS, ALT):
        assert set(table) == set(LANGS)
        assert set(table["sv"]) == set(table["en"])


def test_the_jan_warning_agrees_in_number() -> None:
    one = jan_text("en", 1, 1)
    many = jan_text("en", 3, 2)
    assert one != many and "1" in one and "3" in many
    assert jan_text("sv", 2, 0) != jan_text("sv", 2, 1)  # with and without checkers hit


def test_rules_described_from_a_ruleset_an_id_or_nothing() -> None:
    info = describe_rules(registry.get("classic"), Geometry.BRADE, "en")
    assert info.id == "classic" and info.family == "brade" and not info.blockade_burst
    assert describe_rules("puff-lang+torn", Geometry.LANG, "sv").id == "puff-lang"
    assert describe_rules(None, Geometry.BACKGAMMON, "en").family == "backgammon"
    house = describe_rules("house", Geometry.BRADE, "en")  # an id no table names
    assert house.title == "house" and house.blockade_burst  # bräde's default


def test_a_result_in_lines_names_the_winner_and_the_match() -> None:
    o = Outcome("jan", 2, False, Side.BLACK)
    names = {Side.WHITE: "Anna", Side.BLACK: "Bertil"}
    score = SimpleNamespace(white=1, black=3, length=3)
    lines = result_lines("en", o, names, score, match_over=True)
    assert len(lines) == 3 and "Bertil" in lines[0] and "3" in lines[2]
    resigned = result_lines("sv", Outcome("resign", 1, False, Side.WHITE), names)
    assert len(resigned) == 2 and "Bertil" in resigned[1]
