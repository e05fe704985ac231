"""Lenient move input (``docs/rules.md``, "Move text") and its distinct, translatable errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rules as registry
from engine.errors import AmbiguousMove, EngineError, IllegalMove, UnparsableMove
from engine.generators import legal_turns
from engine.notation import parse_hops, parse_play

TAL = registry.get("talisman")
START = TAL.start()


@pytest.mark.parametrize(("typed", "meant"), [
    ("1/6 6/8", "1/6 6/8"),
    ("1/8", "1/6 6/8"),
    ("1/3/8", "1/6 6/8"),
    ("1/6/8", "1/6 6/8"),
    ("1-6 1-3", "1/6 1/3"),
    ("1/3 1/6", "1/6 1/3"),
    ("  1 / 6   1/3 ", "1/6 1/3"),
    ("1/6, 1/3", "1/6 1/3"),
])
def test_lenient_forms_map_to_one_turn(typed: str, meant: str) -> None:
    assert parse_play(TAL, START, (5, 2), typed).text == meant


def test_bar_and_off_spellings() -> None:
    pos = TAL.parse_position("white=bar,1x13,20 black=1x15 turn=white")
    for typed in ("bar/5 20/22", "b/5 20/22", "0/5 20/22", "20/22 bar/5"):
        assert parse_play(TAL, pos, (5, 2), typed).text in ("bar/5 20/22", "bar/5 5/7")
    off = TAL.parse_position("white=23,24x2,offx12 black=1x15 turn=white")
    for typed in ("23/off 24/off", "23/ut 24/ut", "24/off 23/off", "23/25 24/25"):
        assert parse_play(TAL, off, (2, 1), typed).position.white[25] == 14


def test_repetition_shorthand() -> None:
    bg = registry.get("backgammon")
    turn = parse_play(bg, bg.start(), (3, 3), "17/20(2) 19/22(2)")
    assert turn.position.white[20] == 2 and turn.position.white[22] == 2


def test_unparsable() -> None:
    for bad in ("", "hello", "1/", "/5", "8/1", "1//7", "1/7/", "99/100", "1/7(0)"):
        with pytest.raises(UnparsableMove) as e:
            parse_play(TAL, START, (5, 2), bad)
        assert e.value.key == "move.unparsable"


def test_illegal_reasons() -> None:
    cases = [
        ("1/7", "move.no_die"),
        ("1/6", "move.use_both"),
        ("b/5 1/3", "move.no_checker"),
        ("4/9 1/3", "move.no_checker"),
    ]
    for typed, key in cases:
        with pytest.raises(IllegalMove) as e:
            parse_play(TAL, START, (5, 2), typed)
        assert e.value.key == key, typed
    hit = TAL.parse_position("white=bar,1,3,6,12x4,19x3,20x3,21 "
                             "black=1x2,2,3,4,14x2,16x3,17x3,19x2 turn=white")
    for typed, key in [("19/20", "move.enter_first"), ("bar/4 6/7", "move.blocked"),
                       ("bar/4 3/4", "move.no_band")]:
        with pytest.raises(IllegalMove) as e:
            parse_play(TAL, hit, (4, 1), typed)
        assert e.value.key == key, typed
    with pytest.raises(IllegalMove, match="point 7 is blocked"):
        parse_play(TAL, hit, (4, 1), "bar/4 6/7")


def test_use_higher_die_message() -> None:
    pos = TAL.parse_position("white=bar,offx14 black=1x5,13x2,14x2,15x2,16x2,23x2 turn=white")
    # Either die enters (on 5 or 6) but the other would then land on black's band on 11.
    assert {t.text for t in legal_turns(TAL, pos, (6, 5))} == {"bar/6"}
    with pytest.raises(IllegalMove) as e:
        parse_play(TAL, pos, (6, 5), "bar/5")
    assert e.value.key == "move.use_higher"


def test_ambiguous_when_landing_point_matters() -> None:
    """20/off with 5-3 may pass 23 (hitting, munk) or not: the player must say which."""
    pos = TAL.parse_position("white=20,offx14 black=1x14,11 turn=white")
    with pytest.raises(AmbiguousMove) as e:
        parse_play(TAL, pos, (5, 3), "20/ut")
    assert "20/23*" in str(e.value)
    assert parse_play(TAL, pos, (5, 3), "20/23/off").outcome.munk  # type: ignore[union-attr]


def test_forfeit_text() -> None:
    pos = TAL.parse_position("white=bar,1x2,2,20x11 black=1x15 turn=white")
    assert parse_play(TAL, pos, (1, 2), "-").is_forfeit
    with pytest.raises(IllegalMove) as e:
        parse_play(TAL, START, (5, 2), "-")
    assert e.value.key == "move.must_play"


def test_messages_in_both_languages() -> None:
    with pytest.raises(IllegalMove) as e:
        parse_play(TAL, START, (5, 2), "1/6")
    assert "both dice" in e.value.message("en")
    assert "båda tärningarna" in e.value.message("sv")


def test_parse_hops_chains() -> None:
    assert parse_hops("1/7/12") == [(1, 7), (7, 12)]
    assert parse_hops("bar/5") == [(0, 5)]
    assert parse_hops("20/ut") == [(20, 25)]
    assert parse_hops("1/7(2)") == [(1, 7), (1, 7)]
    assert parse_hops("1/7*/13!") == [(1, 7), (7, 13)]
    with pytest.raises(UnparsableMove):
        parse_hops("13/7")


@settings(max_examples=300)
@given(st.text(alphabet="0123456789/-*! barofut,()", max_size=30))
def test_arbitrary_move_text_raises_only_engine_errors(text: str) -> None:
    try:
        parse_play(TAL, START, (5, 2), text)
    except EngineError:
        pass


def test_a_pasch_written_as_chains() -> None:
    """Issue 30: a pasch's four steps, as players write them short: one chain a checker,
    points on the way only where it hit, one chain for several checkers with their count."""
    from engine.notation import chained_turn
    from engine.turn import Step, Turn

    def turn(*steps: tuple) -> Turn:
        return Turn(tuple(Step(*s) for s in steps), START)

    assert chained_turn(turn((6, 10, 4), (10, 14, 4), (14, 18, 4, True), (18, 22, 4))) \
        == "6/18*/22"
    assert chained_turn(turn((6, 10, 4), (6, 10, 4), (10, 14, 4), (10, 14, 4))) == "6/14(2)"
    assert chained_turn(turn((14, 20, 6), (20, 25, 6)), "sv") == "14/ut"
    assert chained_turn(turn((0, 3, 3), (3, 6, 3), (1, 4, 3), (4, 7, 3, False, True))) \
        == "bar/6 1/7!"
    # a puff pasch and its opposite faces: steps of two lengths keep the points between
    assert chained_turn(turn((1, 6, 5), (1, 6, 5), (6, 11, 5), (6, 11, 5), (11, 13, 2),
                             (11, 13, 2), (13, 15, 2), (13, 15, 2))) == "1/6/11/13/15(2)"
    assert chained_turn(turn((1, 7, 6), (7, 12, 5))) == "1/7/12"  # two dice: the path kept
    assert chained_turn(Turn((), START)) == "-"


@pytest.mark.parametrize("ruleset", registry.ids())
def test_the_chain_form_reads_back_to_the_same_board(ruleset: str) -> None:
    """Every pasch of a seeded self-play, written short, is read back by ``parse_play`` as
    a play that ends on the same board."""
    import random

    from engine.dice import roll
    from engine.notation import chained_turn, format_turn

    rules = registry.get(ruleset)
    rng = random.Random(7)
    pos, shorter = rules.start(), 0
    # a later puff pasch has up to ~145,000 plays to choose from: fewer plies there
    for _ in range(600 if rules.family != "puff" else 30):
        dice = roll(rng)
        turns = legal_turns(rules, pos, dice)
        t = rng.choice(turns)
        if dice[0] == dice[1] and t.steps:
            for lang in ("en", "sv"):
                short = chained_turn(t, lang)
                assert parse_play(rules, pos, dice, short).position == t.position, short
            shorter += len(chained_turn(t)) < len(format_turn(t))
        pos = rules.start() if t.outcome else t.position
    assert shorter > 2
