"""Puff's rules P-1..P-6 and G-4 (``docs/rules.md``), each checked on a small hand-worked position.

Every worked statement of seed 002 has a test here quoting it; the expected plays were
worked out by hand from the seed, not taken from the generator.
"""

from __future__ import annotations

import itertools

import pytest

from engine import puff as puffmod
from engine.position import Geometry, Side
from engine.turn import Outcome
from tests.engine.test_puff_helpers import only, pos, puff, results, texts, turns

KONTRAR = puff("puff-kontrar")
LANG = puff("puff-lang")
DUBBEL = puff("puff-dubbel-kontrar")


# -- registry and set-up (G-4, "Förberedelser") -------------------------------------------


def test_three_rulesets_registered_with_their_options() -> None:
    assert (LANG.geometry, KONTRAR.geometry, DUBBEL.geometry) == (
        Geometry.LANG, Geometry.KONTRAR, Geometry.DUBBEL_KONTRAR)
    for r in (LANG, KONTRAR, DUBBEL):
        assert (r.family, r.usage, r.bearoff, r.scoring, r.resign) == (
            "puff", "puff", "puff", "puff", "any")
    assert puff("puff-kontrar+exact_off+torn").options == {"exact_off", "torn"}


@pytest.mark.parametrize("r", [LANG, KONTRAR, DUBBEL], ids=lambda r: r.id)
def test_all_fifteen_start_outside_the_board(r) -> None:
    # P-1: "ställer ... alla sina brickor på kortsidan utanför ... kvarter"
    assert r.start().format() == "white=barx15 black=barx15 turn=white"


def test_lang_puff_same_path_same_direction() -> None:
    # "Vid lång puff rör sig spelarna i samma riktning och längs samma bana"
    assert all(Geometry.LANG.board_point(Side.BLACK, p) == p for p in range(1, 25))


def test_kontrar_start_of_one_is_goal_of_the_other() -> None:
    # "den ena spelarens startpunkt är den andra spelarens mål"; figure 2: black's point
    # 1 is board point 24.
    g = Geometry.KONTRAR
    assert g.board_point(Side.BLACK, 1) == 24
    assert {g.board_point(Side.BLACK, p) for p in range(19, 25)} == set(range(1, 7))
    assert {g.board_point(Side.BLACK, p) for p in range(1, 7)} == set(range(19, 25))


def test_dubbel_kontrar_four_different_start_and_goal_quarters() -> None:
    # "spelarnas startpunkter och mål är alla olika"; figure 3: black's 1 is board 12.
    g = Geometry.DUBBEL_KONTRAR
    assert g.board_point(Side.BLACK, 1) == 12
    quarters = [set(range(1, 7)), set(range(19, 25)),
                {g.board_point(Side.BLACK, p) for p in range(1, 7)},
                {g.board_point(Side.BLACK, p) for p in range(19, 25)}]
    assert set().union(*quarters) == set(range(1, 13)) | set(range(13, 25))
    assert sum(len(q) for q in quarters) == 24


@pytest.mark.parametrize(("r", "board"), [(KONTRAR, 24), (DUBBEL, 12), (LANG, 1)])
def test_black_enters_a_one_on_its_own_first_point(r, board) -> None:
    # "tunga nummer 24 för svart spelare i figur 2 och tunga 12 i figur 3 räknas som tunga
    # nummer 1 när svart spelar in brickor"
    t = only(r, "white=barx15 black=barx15 turn=black", (3, 1))
    assert t.text == "bar/1 bar/3"
    assert t.position.at_board(board) == (Side.BLACK, 1)


def test_opening_higher_die_starts() -> None:
    # "Den spelare som slog högst får förmånen av att börja. Om tärningarna visar lika,
    # slår man igen."
    assert puffmod.starter(5, 3) is Side.WHITE
    assert puffmod.starter(2, 6) is Side.BLACK
    assert puffmod.starter(4, 4) is None


# -- P-1 entering -------------------------------------------------------------------------


def test_entry_lands_on_the_point_of_the_die() -> None:
    # "En bricka som spelas in för en etta landar således på den första tungan i
    # spelarens startkvarter, och en bricka som spelas in för en sexa landar på den sista"
    t = only(KONTRAR, "white=barx15 black=barx15", (6, 1))
    assert t.text == "bar/1 bar/6"
    assert t.position.format() == "white=barx13,1,6 black=barx15 turn=black"


def test_entry_onto_own_checkers_is_allowed() -> None:
    # P-2: bands may be built anywhere, the own start quarter included.
    t = only(KONTRAR, "white=barx14,3 black=barx15", (3, 1))
    assert t.text == "bar/1 bar/3"
    assert results(KONTRAR, "white=barx14,3 black=barx15", (3, 1)) == {"barx12,1,3x2"}


def test_only_entering_while_checkers_wait_then_any_checker() -> None:
    # "En spelare får inte flytta någon annan bricka på brädet förrän hen har spelat in
    # samtliga brickor." Once in, the higher die may move the same or another checker.
    assert texts(KONTRAR, "white=bar,10x14 black=1x15", (4, 2)) == {"bar/2 2/6",
                                                                    "bar/2 10/14"}


def test_entry_impossible_forfeits_even_if_board_checkers_could_move() -> None:
    # "Om spelaren inte kan spela in en bricka för den tärning hen flyttar för, måste
    # spelaren fåta även om hen skulle kunna flytta andra brickor på brädet."
    # Black band on its 23 = board 2: the lower die 2 cannot enter, both dice forfeited.
    t = only(KONTRAR, "white=bar,10x14 black=23x2,1x13", (4, 2))
    assert t.text == "-" and t.position.turn is Side.BLACK


def test_higher_die_forfeited_when_it_cannot_enter() -> None:
    # Black band on its 21 = board 4: the 2 enters, the 4 cannot while one still waits.
    assert texts(KONTRAR, "white=barx2,10x13 black=21x2,1x13", (4, 2)) == {"bar/2"}


def test_entering_hits_a_blot() -> None:
    # "Notera att detta gäller även när en spelare spelar in brickor på någon av
    # motspelarens ensamma brickor." Black blot on its 22 = board 3.
    t = only(KONTRAR, "white=barx15 black=22,1x14", (3, 1))
    assert t.text == "bar/1 bar/3*"
    assert t.position.format() == "white=barx13,1,3 black=bar,1x14 turn=black"


def test_hit_and_never_entered_checkers_enter_alike() -> None:
    # "Det görs ingen skillnad mellan brickor som aldrig kommit in på brädet och brickor
    # som har kommit in men sedan slagits." Black (one hit, one never entered) must enter
    # both before moving the checker on its 10.
    r = KONTRAR
    assert texts(r, "white=1x15 black=barx2,10x13 turn=black", (5, 3)) == {"bar/3 bar/5"}


# -- P-2 hitting, bands --------------------------------------------------------------------

# White 1x14 and 5; black blot on its 17 (board 8), band on its 16 (board 9).
HIT_POS = "white=1x14,5 black=17,16x2,3x12"


def test_landing_and_intermediate_landing_hit_bands_block() -> None:
    # "Om en spelare landar eller mellanlandar på en tunga där motspelaren har en ensam
    # bricka ... är motspelarens bricka slagen"; "får varken landa eller mellanlanda på en
    # tunga där motspelaren har ett band".  4-3: the 3 first, 5/9 never (band).
    ts = turns(KONTRAR, HIT_POS, (4, 3))
    got = {(t.position.format().split()[0], t.position.black[0]) for t in ts}
    assert got == {("white=1x12,4,5x2", 0),  # 1/4 1/5: a band on 5, allowed (P-2)
                   ("white=1x13,5,8", 1),  # 1/4 4/8* or 5/8* 1/5
                   ("white=1x14,12", 1)}  # 5/8*/12: hit on the intermediate landing
    assert "5/8* 8/12" in {t.text for t in ts}
    assert not any(s.to == 9 for t in ts for s in t.steps)


def test_full_with_one_must_stop_on_the_lower_die() -> None:
    # "Brickan får därför inte flyttas direkt till den tunga som utgör slutdestination,
    # utan måste mellanlanda på tungan lika många tungor framåt som antalet ögon på den
    # tärning som visar lägst." Band on board 8 (black's 17): 5 cannot go 5/8/12; 12 and
    # the other order's landing 9 are free, but the lower die goes first.
    ts = turns(KONTRAR, "white=1x14,5 black=17x2,3x13", (4, 3))
    assert all(t.position.white[12] == 0 for t in ts)
    assert {t.text for t in ts} == {"1/4 1/5", "1/4 5/9"}
    assert results(KONTRAR, "white=1x14,5 black=17x2,3x13", (4, 3)) == {
        "1x12,4,5x2", "1x13,4,9"}


def test_bridge_of_six_bands_is_only_an_obstacle() -> None:
    # "Sex eller sju band i rad kallas för en bro": no bursting as in bräde; a checker
    # behind six bands (board 2–7 = black's 23..18) never moves.
    text = "white=1x15 black=23x2,22x2,21x2,20x2,19x2,18x2,1x3"
    for a, b in itertools.combinations_with_replacement(range(1, 7), 2):
        t = only(KONTRAR, text, (b, a))
        assert t.is_forfeit


# -- P-3 non-doubles ----------------------------------------------------------------------


def test_no_look_ahead_trea_och_femma() -> None:
    # "Om en spelare till exempel flyttar för trea och femma och kan flytta på två olika
    # sätt för trean, varav hen i ena fallet sedan inte kan flytta för femman, måste
    # spelaren flytta för trean men behöver inte välja den flytt som sedan gör det möjligt
    # att flytta för femman." Bands on board 18 and 19 (black's 7 and 6).
    assert texts(KONTRAR, "white=10,14x14 black=1x11,6x2,7x2", (5, 3)) == {
        "10/13", "14/17 10/15", "14/17 17/22"}


def test_lower_die_blocked_forfeits_both() -> None:
    # "Notera att spelaren i detta läge är tvingad att fåta både den tärning som visar
    # lägst och den som visar högst." Bands on board 13 and 17 block every 3; the 5s
    # (10/15, 14/19) would be free.
    t = only(KONTRAR, "white=10,14x14 black=1x11,8x2,12x2", (5, 3))
    assert t.is_forfeit and t.text == "-"
    assert t.position.turn is Side.BLACK and t.position.white == pos(
        KONTRAR, "white=10,14x14 black=1x11,8x2,12x2").white


def test_dice_order_does_not_matter() -> None:
    r = KONTRAR
    assert texts(r, HIT_POS, (3, 4)) == texts(r, HIT_POS, (4, 3))


@pytest.mark.parametrize(("a", "b"), list(itertools.product(range(1, 7), repeat=2)))
def test_bands_on_own_last_two_points_forfeit_every_roll_with_one_or_two(a, b) -> None:
    # Speltips: "Om en spelare till exempel har band på sina två sista tungor, måste
    # motspelaren fåta alla slag som innehåller ett eller två när hen spelar in brickor."
    # Black's 24 and 23 are white's 1 and 2 in konträr puff.
    ts = turns(KONTRAR, "white=barx15 black=24x2,23x2,12x11", (a, b))
    blocked = 1 in (a, b) or 2 in (a, b)
    assert (len(ts) == 1 and ts[0].is_forfeit) == blocked


# -- P-4 pasch ------------------------------------------------------------------------------


def test_first_pasch_two_fives_then_two_twos() -> None:
    # "En spelare som till exempel slår två femmor flyttar först för två femmor sedan för
    # två tvåor." Also: the lower faces are seven minus the upper.
    start = KONTRAR.start()
    assert puffmod.die_sequence(KONTRAR, start, (5, 5)) == (5, 5, 2, 2)
    t = only(KONTRAR, "white=barx15 black=barx15", (5, 5))
    assert t.text == "bar/5 bar/5 bar/2 bar/2"
    assert t.position.format() == "white=barx11,2x2,5x2 black=barx15 turn=black pasch=white"


@pytest.mark.parametrize("d", range(1, 7))
def test_opposite_faces_sum_to_seven(d) -> None:
    # "Summan av antalet ögon på diametralt motsatta sidor av tärningarna är alltid sju."
    start = KONTRAR.start()
    assert puffmod.die_sequence(KONTRAR, start, (d, d)) == (d, d, 7 - d, 7 - d)
    later = pos(KONTRAR, "white=barx15 black=barx15 pasch=white")
    assert puffmod.die_sequence(KONTRAR, later, (d, d)) == (d,) * 4 + (7 - d,) * 4


def test_first_pasch_each_step_may_move_new_or_moved_checkers() -> None:
    # "får spelaren vid varje förflyttning välja mellan att flytta nya brickor eller
    # brickor som redan tidigare har förflyttats i det aktuella slaget": 6-6 from 1x15 is
    # 6,6,1,1 with any checkers; one checker may run 1/7/13/14/15.
    ts = turns(KONTRAR, "white=1x15 black=1x15", (6, 6))
    assert all([s.die for s in t.steps] == [6, 6, 1, 1] for t in ts)
    assert "1x14,15" in results(KONTRAR, "white=1x15 black=1x15", (6, 6))
    assert "1x13,8x2" in results(KONTRAR, "white=1x15 black=1x15", (6, 6))
    assert all(t.position.turn is Side.BLACK for t in ts)


# White 10 and 14x14; black bands on board 19 and 20 (black's 6 and 5).
UPPER_FAILS = "white=10,14x14 black=1x11,5x2,6x2"


def test_first_pasch_failed_upper_face_forfeits_the_lower_faces() -> None:
    # "Om spelaren inte kan flytta för båda tärningarnas uppvända sidor, måste hen fåta
    # både de förflyttningar som inte kan göras för de uppvända sidorna och båda
    # förflyttningarna för de nervända sidorna." The second 5 has no step; the 2s would.
    t = only(KONTRAR, UPPER_FAILS, (5, 5))
    assert t.text == "10/15"
    assert t.position.turn is Side.BLACK and t.position.pasch == {Side.WHITE}


def test_first_pasch_lower_face_forfeited_alone() -> None:
    # "Om spelaren kan flytta för de uppvända sidorna men inte för de båda nervända
    # sidorna, fåtar hen de förflyttningar som inte kan göras." Bands on board 4, 7, 12
    # (black's 21, 18, 13): after bar/5 bar/5 bar/2 the second 2 has no step.
    t = only(KONTRAR, "white=barx3,10x12 black=21x2,18x2,13x2,1x9", (5, 5))
    assert t.text == "bar/5 bar/5 bar/2"
    assert t.position.format().startswith("white=2,5x2,10x12 ")


def test_later_pasch_doubles_and_rolls_again() -> None:
    # "flyttar spelaren två gånger för de uppvända sidorna av tärningarna och två gånger
    # för de nervända ... Spelaren slår sedan ännu en gång."
    t = only(KONTRAR, "white=barx15 black=barx15 pasch=white", (5, 5))
    assert t.text == "bar/5 bar/5 bar/5 bar/5 bar/2 bar/2 bar/2 bar/2"
    assert t.position.format() == (
        "white=barx7,2x4,5x4 black=barx15 turn=white pasch=white streak=1")


def test_later_pasch_rolls_again_even_after_forfeits() -> None:
    # "Notera att detta görs även om hen har fåtat delar av eller hela slaget." Here the
    # second five fails, so every later step is forfeited (P-4), and white still rolls.
    t = only(KONTRAR, UPPER_FAILS + " pasch=white", (5, 5))
    assert t.text == "10/15"
    assert t.position.turn is Side.WHITE and t.position.streak == 1
    # A pasch with no step at all: still rolls again.
    blocked = only(KONTRAR, "white=barx15 black=20x2,1x13 pasch=white", (5, 5))
    assert blocked.is_forfeit and blocked.position.turn is Side.WHITE
    assert blocked.position.pasch == {Side.WHITE} and blocked.position.streak == 1


def test_pasch_after_pasch_keeps_the_streak_then_a_plain_roll_ends_it() -> None:
    # "Om tärningarna visar lika igen, flyttar spelaren två gånger ... och slår ännu en
    # gång. Samma procedur upprepas för varje ytterligare pasch i rad"; "Om tärningarna
    # visar olika, flyttar spelaren som vanligt."
    t = only(KONTRAR, "white=barx15 black=barx15 pasch=white streak=2", (5, 5))
    assert t.position.turn is Side.WHITE and t.position.streak == 3
    t = only(KONTRAR, t.position.format(), (2, 1))
    assert t.position.turn is Side.BLACK and t.position.streak == 0


def test_first_pasch_is_remembered_per_player() -> None:
    # Black's pasch does not make white's first pasch a later one.
    t = only(KONTRAR, "white=barx15 black=barx15 pasch=black", (4, 4))
    assert len(t.steps) == 4 and t.position.pasch == {Side.WHITE, Side.BLACK}
    assert t.position.turn is Side.BLACK


def test_forfeited_first_pasch_still_counts_as_the_first() -> None:
    # "En spelare som slår sin första pasch": rolled, whether or not it could be moved.
    t = only(KONTRAR, "white=barx15 black=20x2,1x13", (5, 5))
    assert t.is_forfeit and t.position.pasch == {Side.WHITE}
    assert t.position.turn is Side.BLACK


# -- P-5 bearing off -----------------------------------------------------------------------


def test_only_the_rearmost_bears_off() -> None:
    # "Det är bara tillåtet att spela hem en bricka om den ligger sist eller på delad
    # sistaplats"; a die that "visar fler ögon än vad som behövs" takes it off.
    assert texts(KONTRAR, "white=20,22x14 black=24x15", (6, 5)) == {"20/off 22/off"}


def test_tied_rearmost_bear_off() -> None:
    assert texts(KONTRAR, "white=22x15 black=24x15", (5, 4)) == {"22/off 22/off"}


def test_rearmost_cannot_leave_die_used_inside_the_fourth_quarter() -> None:
    # "En spelare som inte kan spela hem den sista brickan ... måste flytta fram en bricka
    # inom det fjärde kvarteret": 24/off with the 1 is not the rearmost's, so 19/20 20/22.
    assert texts(KONTRAR, "white=19,24x14 black=24x15", (2, 1)) == {"19/20 20/22"}


def test_blocked_inside_the_fourth_quarter_forfeits() -> None:
    # "Om det heller inte går på grund av motspelarens band, måste spelaren fåta."
    # Black band on board 20 (its 5).
    t = only(KONTRAR, "white=19,24x14 black=5x2,24x13", (2, 1))
    assert t.is_forfeit


def test_no_bear_off_until_a_hit_checker_is_back_in_the_fourth_quarter() -> None:
    # "Om en eller flera brickor slås för en spelare som har börjat spela hem sina
    # brickor, får inga fler brickor spelas hem förrän ..."
    assert texts(KONTRAR, "white=bar,22x4,offx10 black=24x15", (6, 5)) == {"bar/5 5/11"}


def test_checker_outside_the_quarter_blocks_bearing_off() -> None:
    # P-5: all checkers must be on 19–24 ("samlat alla sina brickor i det fjärde").
    # The 3 first: 17/20 only (22/25 is no bear-off while 17 is outside); then the 6
    # takes the new rearmost (20) off, and 22/off is not allowed (20 is behind it).
    assert texts(KONTRAR, "white=17,22x14 black=24x15", (6, 3)) == {"17/20 20/off"}


# -- P-6 wins ----------------------------------------------------------------------------


@pytest.mark.parametrize(("black", "points"), [
    ("19x15", 1),  # nothing in black's first quarter, nothing on the bar
    ("3,19x14", 2),  # "minst en bricka kvar i sitt första kvarter": schneider
    ("bar,19x14", 3),  # "en eller flera brickor slagna": trefalt
    ("bar,3,19x13", 3),
])
def test_hemspel_points(black, points) -> None:
    t = only(KONTRAR, f"white=24,offx14 black={black}", (2, 1))
    assert t.text == "24/off"
    assert t.outcome == Outcome("hemspel", points, False, Side.WHITE)
    assert puffmod.hemspel_points(t.position.black) == points


def test_winning_later_pasch_does_not_roll_again() -> None:
    t = only(KONTRAR, "white=24,offx14 black=19x15 pasch=white", (6, 6))
    assert t.outcome is not None and t.outcome.kind == "hemspel"
    assert t.position.turn is Side.BLACK and t.position.streak == 0
