"""Puff's variants (``docs/rules.md``, "Puff options"), lång puff's entry variant and the game helpers.

Each test quotes the seed 002 sentence it checks; expected plays are worked by hand.
"""

from __future__ import annotations

import pytest

from engine import puff as puffmod
from engine.errors import DiceError, RulesError
from engine.game import Game
from engine.generators import legal_turns
from engine.position import Side
from tests.engine.test_puff_helpers import only, pos, puff, results, texts, turns

KONTRAR = puff("puff-kontrar")


# -- fourth_pasch ---------------------------------------------------------------------------


def test_fourth_pasch_in_a_row_moves_once_per_upper_face_and_ends_the_turn() -> None:
    # "Om spelaren på tur slår pasch fyra gånger i rad, får hen den fjärde gången bara
    # flytta en gång var för varje uppvänd sida av tärningarna och får inte slå igen"
    r = puff("puff-kontrar+fourth_pasch")
    text = "white=barx15 black=barx15 pasch=white streak=3"
    t = only(r, text, (5, 5))
    assert t.text == "bar/5 bar/5"
    assert t.position.turn is Side.BLACK and t.position.streak == 0
    # Without the variant the fourth pasch is like the others.
    t = only(KONTRAR, text, (5, 5))
    assert len(t.steps) == 8 and t.position.turn is Side.WHITE and t.position.streak == 4


def test_fourth_pasch_third_in_a_row_still_doubles() -> None:
    r = puff("puff-kontrar+fourth_pasch")
    t = only(r, "white=barx15 black=barx15 pasch=white streak=2", (5, 5))
    assert len(t.steps) == 8 and t.position.turn is Side.WHITE and t.position.streak == 3


# -- strict_reroll --------------------------------------------------------------------------

UPPER_FAILS = "white=10,14x14 black=1x11,5x2,6x2 pasch=white"


def test_strict_reroll_only_after_all_eight_steps() -> None:
    # "En spelare som inte lyckas göra alla fyra förflyttningarna för både ovasidan och
    # undersidan av tärningarna vid en pasch får inte slå igen."
    r = puff("puff-kontrar+strict_reroll")
    t = only(r, UPPER_FAILS, (5, 5))
    assert t.text == "10/15" and t.position.turn is Side.BLACK and t.position.streak == 0
    full = only(r, "white=barx15 black=barx15 pasch=white", (5, 5))
    assert len(full.steps) == 8 and full.position.turn is Side.WHITE


def test_strict_reroll_lower_face_forfeited_ends_the_turn() -> None:
    # Upper faces all made, one lower face forfeited: no roll again under the variant.
    # Bands on board 4, 7, 12: after four entries on 5 and bar/2 ×3 ... see below.
    r = puff("puff-kontrar+strict_reroll")
    text = "white=barx5,10x10 black=21x2,18x2,13x2,1x9 pasch=white"
    # 5,5,5,5 enter on 5 (one left on the bar), 2 enters, then 2s: 2/4, 5/7, 10/12 blocked.
    t = only(r, text, (5, 5))
    assert t.text == "bar/5 bar/5 bar/5 bar/5 bar/2"
    assert t.position.turn is Side.BLACK
    assert only(KONTRAR, text, (5, 5)).position.turn is Side.WHITE


# -- generalpasch ---------------------------------------------------------------------------


def test_generalpasch_combination_from_the_deciding_opening_roll() -> None:
    # "Om den ena spelarens tärning till exempel visar fyra ögon och den andra spelarens
    # tärning två ögon, så blir slaget fyra och tvåa generalpasch."
    assert puffmod.general_of(4, 2) == (4, 2) == puffmod.general_of(2, 4)


def test_generalpasch_roll_may_name_any_pasch() -> None:
    # "En spelare som slår generalpasch i det fortsatta spelet får ange valfri pasch och
    # flyttar sedan för denna istället för de ögon som tärningarna visar."
    r = puff("puff-kontrar+generalpasch")
    p = pos(r, "white=barx15 black=barx15 general=4-2")
    assert puffmod.is_generalpasch_roll(r, p, (2, 4))
    assert puffmod.is_generalpasch_roll(r, p, (4, 2))
    assert not puffmod.is_generalpasch_roll(r, p, (4, 3))
    assert not puffmod.is_generalpasch_roll(r, p, (4, 4))
    assert puffmod.roll_options(r, p, (2, 4)) == [(2, 4), (1, 1), (2, 2), (3, 3), (4, 4),
                                                  (5, 5), (6, 6)]
    assert puffmod.roll_options(r, p, (4, 3)) == [(4, 3)]
    # Without the option (or without a recorded combination) nothing changes.
    assert not puffmod.is_generalpasch_roll(KONTRAR, p, (4, 2))
    assert not puffmod.is_generalpasch_roll(r, pos(r, "white=barx15 black=barx15"), (4, 2))


def test_named_pasch_is_treated_like_a_rolled_one() -> None:
    # "Den valda paschen behandlas precis som om spelaren hade slagit den på vanligt sätt.
    # Om spelaren till exempel redan har slagit en pasch i partiet, flyttar hen dubbelt
    # och slår igen."
    r = puff("puff-kontrar+generalpasch")
    later = pos(r, "white=barx15 black=barx15 pasch=white general=4-2")
    t = only(r, later.format(), (6, 6))
    assert len(t.steps) == 8 and t.position.turn is Side.WHITE
    assert t.position.general == (4, 2)
    first = only(r, "white=barx15 black=barx15 general=4-2", (6, 6))
    assert first.text == "bar/6 bar/6 bar/1 bar/1" and first.position.turn is Side.BLACK


def test_game_records_the_generalpasch_combination_at_the_opening() -> None:
    g = Game.new("puff-kontrar+generalpasch", seed=3)
    w, b = g.opening()
    assert g.position.general == puffmod.general_of(w, b)
    assert g.position.turn is puffmod.starter(w, b)
    plain = Game.new("puff-kontrar", seed=3)
    plain.opening()
    assert plain.position.general is None


# -- exact_off ------------------------------------------------------------------------------


def test_exact_off_any_checker_with_the_exact_die() -> None:
    # "Det är också tillåtet att spela hem en bricka, om den tärning spelaren flyttar för
    # visar exakt så många ögon som behövs för att placera brickan på en tänkt
    # tjugofemte tunga ... oavsett brickans placering"
    r = puff("puff-kontrar+exact_off")
    assert texts(r, "white=19,24x14 black=24x15", (2, 1)) == {"19/20 20/22", "24/off 19/21"}
    assert texts(KONTRAR, "white=19,24x14 black=24x15", (2, 1)) == {"19/20 20/22"}


def test_exact_off_still_needs_all_in_the_fourth_quarter() -> None:
    # "men förstås fortfarande under förutsättning att alla spelarens brickor är samlade i
    # det fjärde kvarteret"
    r = puff("puff-kontrar+exact_off")
    assert texts(r, "white=17,24x14 black=24x15", (2, 1)) == {"17/18 18/20"}


# -- torn and gåsmarsch -------------------------------------------------------------------


def test_torn_wins_fourfold_only_after_the_whole_roll() -> None:
    # "En spelare som samlar alla sina brickor på en enda tunga har gjort ett torn och
    # vinner fyrfalt." "Om spelaren uppnår ställningen när hen har flyttat för en del av
    # slaget men sedan raserar den när hen flyttar för resten, räknas det inte"
    r = puff("puff-kontrar+torn")
    # 13/16 makes the torn after the 3, but the 5 must then be played (16/21).
    ts = turns(r, "white=13,16x14 black=24x15", (5, 3))
    assert {t.text for t in ts} == {"13/16 16/21", "16/19 13/18", "16/19 16/21",
                                    "16/19 19/24"}
    assert all(t.outcome is None for t in ts)
    # With a black band on board 21 (its 4) the 5 cannot follow 13/16: the torn stands.
    ts = {t.text: t for t in turns(r, "white=13,16x14 black=4x2,24x13", (5, 3))}
    assert set(ts) == {"13/16", "16/19 13/18", "16/19 19/24"}
    o = ts["13/16"].outcome
    assert o is not None and (o.kind, o.points, o.winner) == ("torn", 4, Side.WHITE)
    assert ts["13/16"].position.turn is Side.BLACK
    assert all(t.outcome is None for t in turns(KONTRAR, "white=13,16x14 black=4x2,24x13",
                                                (5, 3)))


def test_gasmarsch_wins_threefold() -> None:
    # "En spelare som placerar alla sina brickor i en lång rad av femton på varandra
    # följande tungor har gjort en gåsmarsch och vinner trefalt."
    r = puff("puff-kontrar+gasmarsch")
    text = "white=1,5,6,7,8,9,10,11,12,13,14,15,16,17,18 black=1x15"
    ts = {t.text: t for t in turns(r, text, (2, 1))}
    o = ts["1/2 2/4"].outcome
    assert o is not None and (o.kind, o.points) == ("gasmarsch", 3)
    assert [t for t in ts.values() if t.outcome] == [ts["1/2 2/4"]]
    assert all(t.outcome is None for t in turns(KONTRAR, text, (2, 1)))


# -- lång puff's entry variant (lang_entry) ------------------------------------------------

LE = puff("puff-lang+lang_entry")
LANG = puff("puff-lang")


def test_lang_entry_only_for_lang_puff() -> None:
    with pytest.raises(RulesError):
        puff("puff-kontrar+lang_entry")
    assert "lang_entry" in LE.options


def test_lang_entry_first_pasch_only_upper_faces() -> None:
    # (1) "En spelare som slår sin första pasch flyttar bara för ögonen på ovansidan av
    # tärningarna, precis som vid ett vanligt slag. Övriga pascher behandlas enligt ovan"
    text = "white=1x15 black=7x15 entered=white,black"
    assert puffmod.die_sequence(LE, pos(LE, text), (3, 3)) == (3, 3)
    assert all(len(t.steps) == 2 and t.position.turn is Side.BLACK
               for t in turns(LE, text, (3, 3)))
    assert all(len(t.steps) == 4 for t in turns(LANG, text, (3, 3)))
    later = text + " pasch=white"
    assert puffmod.die_sequence(LE, pos(LE, later), (3, 3)) == (3, 3, 3, 3, 4, 4, 4, 4)


def test_lang_entry_first_roll_enters_two() -> None:
    # (2) "Den spelare som börjar i ett parti lång puff måste spela in två brickor i sitt
    # första slag, en för vardera tärningen."
    t = only(LE, "white=barx15 black=barx15", (5, 2))
    assert t.text == "bar/2 bar/5" and t.position.turn is Side.BLACK


@pytest.mark.parametrize(("dice", "play"), [
    ((5, 3), "bar/3"),  # the 5 lands on white's blot: forfeited
    ((5, 2), "-"),  # both points taken
    ((6, 2), "bar/6"),  # "det är tillåtet att spela in en bricka för den tärning som visar
                        # högst och fåta den som visar lägst"
    ((6, 6), "bar/6 bar/6"),  # a first pasch: the upper faces only
    ((3, 1), "bar/1 bar/3"),
])
def test_lang_entry_second_players_first_roll(dice, play) -> None:
    # (2) "När den andra spelaren slår sitt första slag, måste hen också om möjligt spela
    # in två brickor. Om en tärning placerar en bricka på en tunga som är upptagen av ett
    # band eller en blotta, måste spelaren fåta den tärningen."
    t = only(LE, "white=barx13,2,5 black=barx15 turn=black", dice)
    assert t.text == play


def test_without_lang_entry_the_second_player_hits() -> None:
    t = only(LANG, "white=barx13,2,5 black=barx15 turn=black", (6, 2))
    assert t.text == "bar/2* bar/6"


def test_lang_entry_after_the_first_roll_lower_die_first() -> None:
    # (3) "I alla slag efter det första, måste spelarna som vanligt flytta för den lägsta
    # tärningen först." (4) "Så länge en spelare inte har spelat in samtliga sina brickor,
    # kan hens blottor inte slås. Motspelaren får varken landa eller mellanlanda på en
    # tunga där spelaren har en blotta." Black's blot on 3 blocks the lower die.
    text = "white=barx13,2,5 black=barx13,3,4"
    assert only(LE, text, (6, 3)).is_forfeit
    assert texts(LANG, text, (6, 3)) == {"bar/3* bar/6"}


def test_lang_entry_second_player_after_a_forfeited_first_roll() -> None:
    # The first roll happens once: after it was forfeited, the next is played lower first.
    t = only(LE, "white=barx11,1,2,3,5 black=barx15 turn=black", (6, 3))
    assert t.is_forfeit


def test_lang_entry_blots_hittable_once_all_fifteen_have_been_entered() -> None:
    # "spelare som ännu inte spelat alla sina femton brickor": black had all 15 in before.
    text = "white=barx13,2,5 black=bar,3,4,10x12 entered=black"
    assert texts(LE, text, (6, 3)) == {"bar/3* bar/6", "bar/3* 3/9"}


def test_lang_entry_entered_checker_may_continue() -> None:
    # (5) "En spelare som inte har spelat in samtliga sina brickor får inte flytta fram
    # brickor som redan är inspelade på brädet. Det är däremot tillåtet att ta spela in en
    # bricka i en förflyttning, men bara låta det bli en mellanlandning och istället även
    # göra nästa förflyttning med samma bricka."
    text = "white=barx13,2,5 black=7x15 entered=black"
    assert texts(LE, text, (3, 1)) == {"bar/1 bar/3", "bar/1 1/4"}
    assert texts(LANG, text, (3, 1)) == {"bar/1 bar/3"}


def test_lang_entry_later_pasch_chain_stops_once_the_checker_lands() -> None:
    # (5) "Om spelaren flyttar för en pasch annan än sin första kan hen göra fler
    # mellanlandningar ... men när hen väl låter brickan landa för att göra nästa
    # förflyttning med en annan bricka ... så får brickan inte flyttas fram igen"
    text = "white=barx13,2,5 black=8x15 entered=black pasch=white"
    ts = turns(LE, text, (1, 1))  # 1,1,1,1 then 6,6,6,6
    # One checker runs bar/1/2/3/4/10/16/22; 22/28 is impossible, so the last 6 enters.
    assert "barx11,2,5,6,22" in results(LE, text, (1, 1))
    for t in ts:  # never a step of a checker that has landed for good
        for prev, step in zip(t.steps, t.steps[1:], strict=False):
            assert step.frm == 0 or step.frm == prev.to, t.text


def test_entered_history_is_set_when_the_last_checker_enters() -> None:
    ts = turns(LE, "white=bar,2x14 black=8x15 entered=black", (2, 1))
    assert {t.text for t in ts} == {"bar/1 1/3", "bar/1 2/4"}
    for t in ts:
        assert t.position.entered == {Side.WHITE, Side.BLACK}
        assert "entered=white,black" in t.position.format()
        assert LE.parse_position(t.position.format()) == t.position
    # Other rulesets do not keep it.
    assert all(t.position.entered == frozenset()
               for t in turns(LANG, "white=bar,2x14 black=8x15", (2, 1)))


# -- helpers and bad input -----------------------------------------------------------------


def test_rolls_again_helper() -> None:
    p = pos(KONTRAR, "white=barx15 black=barx15 pasch=white")
    assert puffmod.rolls_again(KONTRAR, p, (3, 3))
    assert not puffmod.rolls_again(KONTRAR, p, (3, 2))
    assert not puffmod.rolls_again(KONTRAR, KONTRAR.start(), (3, 3))


@pytest.mark.parametrize("dice", [(5,), (0, 3), (7, 1), (1, 2, 3)])
def test_bad_dice_rejected(dice) -> None:
    with pytest.raises(DiceError):
        legal_turns(KONTRAR, KONTRAR.start(), dice)


def test_play_out_reads_hops_across_the_pasch_phases() -> None:
    # 5-5 as a first pasch is 5,5,2,2: "1/8 1/8" is two checkers each moving 5 then 2.
    p = pos(KONTRAR, "white=1x15 black=1x15")
    legal = {t.position for t in legal_turns(KONTRAR, p, (5, 5))}
    got = puffmod.play_out(KONTRAR, p, (5, 5), [(1, 8), (1, 8)])
    assert len(got) == 1 and got <= legal
    assert next(iter(got)).white[8] == 2
    assert puffmod.play_out(KONTRAR, p, (5, 5), [(1, 6), (1, 6)]) == set()  # 2s unplayed
    assert puffmod.play_out(KONTRAR, p, (5, 5), [(1, 9)]) == set()  # no such hop
