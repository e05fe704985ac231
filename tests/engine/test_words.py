"""The game's own words (engine/words.py): one table each, both languages, and the words a
play is written with read back by the parser."""

from __future__ import annotations

import pytest

from engine.hops import parse_hops
from engine.position import BAR, OFF, Side
from engine.turn import Step
from engine.words import (
    LANGS,
    OFF_WORDS,
    READ_OFF,
    SIDES,
    WIN_NAMES,
    WIN_PHRASES,
    off_word,
    points_unit,
    side_name,
    win_name,
    win_phrase,
)


def test_every_way_to_win_has_a_name_and_a_phrase_in_both_languages() -> None:
    assert set(WIN_PHRASES) == set(WIN_NAMES)
    for lang in LANGS:
        assert set(SIDES[lang]) == {side.value for side in Side}, lang
        assert all(win_name(k, lang) and win_phrase(k, False, lang) for k in WIN_NAMES)


def test_words_in_each_language() -> None:
    assert side_name(Side.WHITE, "sv-SE") == "Vit" and side_name("black") == "Black"
    assert win_name("sprangjan", "en") == "sprängjan" and win_name("single", "sv") == "enkel vinst"
    assert win_phrase("hemspel", True, "sv") == "hemspel med munk"
    assert win_phrase("gammon", False, "en") == "a gammon"
    assert win_phrase("hemspel", True, "en") == "hemspel, bearing off first, with munk"
    # the sentences put the points in brackets: a phrase never has its own (issue 30)
    assert not any("(" in win_phrase(k, m, lang)
                   for k in WIN_PHRASES for m in (False, True) for lang in LANGS)
    assert [points_unit(n, "en") for n in (1, 2)] == ["point", "points"]
    assert [points_unit(n, "sv") for n in (1, 2)] == ["poäng", "poäng"]
    assert win_name("unheard-of", "sv") == win_phrase("unheard-of", False, "en") == "unheard-of"


@pytest.mark.parametrize("lang", LANGS)
def test_a_play_written_in_either_language_reads_back(lang: str) -> None:
    steps = [Step(BAR, 3, 3), Step(20, OFF, 5, hit=False)]
    text = " ".join(s.written(lang) for s in steps)
    assert text == f"bar/3 20/{off_word(lang)}"
    assert parse_hops(text) == [(BAR, 3), (20, OFF)]
    assert set(OFF_WORDS.values()) <= set(READ_OFF)  # every written word is read
    assert all(parse_hops(f"20/{word}") == [(20, OFF)] for word in READ_OFF)


def test_chances_are_whole_percentages_in_each_language() -> None:
    from engine.words import chances, percent

    assert percent(0.625, "en") == "62%" and percent(0.625, "sv") == "62 %"
    assert percent(0.003, "en") == "<1%" and percent(0.0, "en") == "0%"
    assert percent(1.0, "sv") == "100 %"
    p = (0.5, 0.1, 0.01, 0.2, 0.0)
    assert chances(p, "en") == ("wins 50%, a gammon 10%, a backgammon 1% · loses a gammon "
                                "20%, a backgammon 0%")
    assert chances(p, "sv") == ("vinner 50 %, gammon 10 %, backgammon 1 % · förlorar gammon "
                                "20 %, backgammon 0 %")
