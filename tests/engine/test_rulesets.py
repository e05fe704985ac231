"""Each ruleset difference of ``docs/rules.md`` (the B rules' "Rulesets" notes and
"Other bräde rulesets"), one position that shows it."""

from __future__ import annotations

import pytest

from engine import rules as registry
from engine.errors import RulesError
from engine.movegen import Board
from engine.scoring import points
from tests.engine.helpers import legal, outcomes, texts


def test_registry_ids_and_options() -> None:
    assert {"talisman", "behrens-helmfrid", "classic", "vasa", "backgammon"} <= set(
        registry.ids())
    r = registry.get("classic+easy_reentry", ["double_six"])
    assert r.entry_burst == "count" and r.double_six
    assert r.name == "classic+double_six+easy_reentry"
    for rid in ("talisman", "behrens-helmfrid", "classic", "vasa"):
        assert registry.get(rid, ["double_six"]).double_six  # every bräde ruleset
    with pytest.raises(RulesError) as e:
        registry.get("chess")
    assert e.value.key == "rules.unknown"
    with pytest.raises(RulesError):
        registry.get("vasa+easy_reentry")


# -- binding and landing (B-1, B-2, B-3) ---------------------------------------------


def test_b1_no_band_on_own_2_to_11() -> None:
    """B-1: 1/6 6/8 is fine, but two checkers may never stand together on 3..11."""
    got = legal("talisman", "white=1x14,3 black=1x15 turn=white", (2, 1))
    assert got and "1/3 3/4" not in {t.text for t in got}
    for t in legal("talisman", "white=1x14,3 black=1x15 turn=white", (2, 1)):
        w = t.position.white
        assert all(w[p] <= 1 for p in range(2, 12)), t.text


def test_b1_huk_and_beyond_take_bands() -> None:
    got = texts("talisman", "white=1x13,6,10 black=1x15 turn=white", (6, 2))
    assert "6/12 10/12" in got or "10/12 6/12" in got


def test_b2_no_entry_onto_own_checker_even_home() -> None:
    """B-2: "Det är därför inte möjligt att åter lägga band i hemmet"."""
    turns = legal("talisman", "white=bar,1x2,2,20x11 black=1x15 turn=white", (1, 2))
    assert [t.is_forfeit for t in turns] == [True]
    bg = legal("backgammon", "white=bar,1x2,2,20x11 black=1x15 turn=white", (1, 2))
    assert not bg[0].is_forfeit  # backgammon enters onto own checkers


# -- bursting (B-10..B-13) -------------------------------------------------------------

BLOCKADE = "white=1x15 black=1x3,14x2,15x2,16x2,17x2,18x2,19x2 turn=white"


def test_b10_blockade_band_can_be_burst() -> None:
    """B-10: six bands in a row (white's 2..7) — a step may land on any of them."""
    # 1/2! would leave five bands (3..7), so the 2 could not follow; 1/3! moves more (B-20).
    assert texts("talisman", BLOCKADE, (2, 1)) == {"1/3!"}
    assert texts("talisman", BLOCKADE, (1, 1)) == {"1/2!"}


def test_b10_five_in_a_row_cannot_be_burst() -> None:
    pos = "white=1x15 black=1x3,14x2,15x2,16x2,17x2,18x2,20x2 turn=white"
    assert not any("!" in t for t in texts("talisman", pos, (2, 1)))


def test_b10_right_rechecked_before_every_step() -> None:
    """After one burst the run is five: the second step may no longer burst."""
    for t in legal("talisman", BLOCKADE, (1, 1)):
        assert sum(s.burst for s in t.steps) <= 1


def test_classic_has_no_blockade_bursting() -> None:
    assert not any("!" in t for t in texts("classic", BLOCKADE, (2, 1)))


def test_b13_no_burst_with_fourteen_off() -> None:
    pos = "white=18,offx14 black=1x3,19x2,20x2,21x2,22x2,23x2,24x2 turn=white"
    # black's 19..24 are white's 7..12; white's 18 cannot reach them anyway, so use entry:
    pos = "white=bar,offx14 black=1x3,13x2,14x2,15x2,16x2,17x2,18x2 turn=white"
    assert [t.is_forfeit for t in legal("talisman", pos, (3, 4))] == [True]
    pos13 = "white=bar,20,offx13 black=1x3,13x2,14x2,15x2,16x2,17x2,18x2 turn=white"
    assert not legal("talisman", pos13, (3, 4))[0].is_forfeit


def test_b11_entry_into_a_blockade_reaching_the_second_quarter() -> None:
    """B-11: six bands over white's 3..8 burst on entry even with free points left."""
    pos = "white=bar,1x14 black=15x2,16x2,17x2,18x2,19x2,20x2,1x3 turn=white"
    got = texts("talisman", pos, (4, 3))
    assert any("bar/4!" in t or "bar/3!" in t for t in got)
    # five bands only: entry needs a free point; 3 and 4 are not free → forfeit
    pos5 = "white=bar,1x14 black=15x2,16x2,17x2,18x2,19x2,1x5 turn=white"
    assert [t.is_forfeit for t in legal("talisman", pos5, (4, 3))] == [True]


def test_b12_count_rule_versus_all_blocked() -> None:
    """B-12 bursts when bar > free points; Behrens–Helmfrid only when none is free."""
    pos = "white=barx3,1x12 black=14x2,15x2,16x2,17x2,1x7 turn=white"
    assert "bar/2! bar/3!" in texts("talisman", pos, (2, 3)) or "bar/3! bar/2!" in texts(
        "talisman", pos, (2, 3))
    assert [t.is_forfeit for t in legal("behrens-helmfrid", pos, (2, 3))] == [True]


# -- bear-off regimes ------------------------------------------------------------------


def test_bearoff_regimes_differ() -> None:
    pos = "white=21,23,offx13 black=1x15 turn=white"
    rules = {rid: registry.get(rid) for rid in ("talisman", "behrens-helmfrid", "classic",
                                                 "vasa")}
    def six_steps(rid: str) -> set[tuple[int, int]]:
        b = Board(rules[rid], rules[rid].parse_position(pos))
        return {(f, t) for f, t, _ in b.steps(6)}
    assert six_steps("talisman") == {(21, 25)}  # reduced, rearmost only (B-16)
    assert six_steps("behrens-helmfrid") == set()  # exact only
    assert six_steps("classic") == {(21, 25), (23, 25)}  # any checker with a higher die
    assert six_steps("vasa") == {(21, 25)}
    b = Board(rules["vasa"], rules["vasa"].parse_position(pos))
    assert {(f, t) for f, t, _ in b.steps(2)} == {(21, 23), (23, 25)} - {(23, 25)}


def test_behrens_helmfrid_exact_only_forfeits_high_die() -> None:
    assert texts("behrens-helmfrid", "white=20,24x2,offx12 black=1x15 turn=white",
                 (6, 5)) == {"20/off"}
    assert texts("talisman", "white=20,24x2,offx12 black=1x15 turn=white", (6, 5)) == {
        "20/off 24/off"}


# -- using the roll --------------------------------------------------------------------


def test_max_pips_versus_max_dice_in_bearoff() -> None:
    """Talisman may bear off with one die (B-20); classic and vasa must use both."""
    pos = "white=20,offx14 black=1x14,11 turn=white"
    assert "20/off" in texts("talisman", pos, (5, 3))
    assert texts("classic", pos, (5, 3)) == {"20/23* 23/off"}


def test_higher_die_when_only_one_can_be_played() -> None:
    pos = "white=bar,offx14 black=1x5,13x2,14x2,15x2,16x2,23x2 turn=white"
    # Either die enters, but the other then lands on black's band on white's 11.
    for rid in ("talisman", "classic", "vasa", "behrens-helmfrid", "backgammon"):
        if rid == "backgammon":
            pos = "white=bar,offx14 black=1x5,21x2,22x2,23x2,24x2,14x2 turn=white"
        assert texts(rid, pos, (6, 5)) == {"bar/6"}, rid


# -- wins that cut the turn short --------------------------------------------------------

JAN = ("white=bar,1,3,6,12x4,19x3,20x3,21 "
       "black=1x2,2,3,4,14x2,16x3,17x3,19x2 turn=white")


def test_classic_jan_ends_the_game_at_once() -> None:
    got = outcomes("classic", JAN, (4, 1))
    assert got == {"bar/4!": ("sprangjan", 6, False)}


def test_behrens_helmfrid_sprangjan_wins_at_once() -> None:
    assert outcomes("behrens-helmfrid", JAN, (4, 1)) == {"bar/4!": ("sprangjan", 1, False)}


def test_talisman_plays_the_whole_roll_before_judging() -> None:
    got = outcomes("talisman", JAN, (4, 1))
    assert all(len(k.split()) == 2 for k in got)


def test_behrens_helmfrid_kejsarspel() -> None:
    got = outcomes("behrens-helmfrid", "white=24x7,23x7,18 black=1x15 turn=white", (6, 5))
    assert got == {"18/kejsarspel": ("kejsarspel", 1, False)}
    assert "18/kejsarspel" not in texts("talisman", "white=24x7,23x7,18 black=1x15 turn=white",
                                        (6, 5))


def test_classic_five_bands_in_a_row_limit() -> None:
    pos = "white=18,19x2,20x2,21x2,22x2,23x2,24,1x3 black=1x15 turn=white"
    assert "18/24" not in texts("classic", pos, (6, 6)) | {
        t.split()[0] for t in texts("classic", pos, (6, 1))}
    assert any(t.startswith("18/24") or " 18/24" in t for t in texts("talisman", pos, (6, 1)))


# -- points tables -----------------------------------------------------------------------


def test_scoring_tables_seed_004() -> None:
    assert [points("ww", k, m)[0] for k, m in [("hemspel", False), ("trappspel", False),
            ("resign", False), ("hemspel", True), ("uppspel", True), ("jan", False),
            ("sprangjan", False)]] == [1, 1, 1, 2, 2, 2, 4]
    assert [points("ny2", k, m)[0] for k, m in [("hemspel", False), ("trappspel", False),
            ("resign", False), ("hemspel", True), ("uppspel", True), ("jan", False),
            ("sprangjan", False)]] == [3, 3, 4, 5, 5, 7, 11]
    assert [points("ny1", k, m)[1] for k, m in [("hemspel", False), ("resign", False),
            ("hemspel", True), ("jan", False), ("sprangjan", False)]] == [0, 1, -1, 1, -1]
    assert points("classic", "uppspel", True) == (4, 0)
    assert points("vasa", "trappspel") == (2, 0)
    assert points("games", "sprangjan") == (1, 0)


def test_backgammon_outcomes() -> None:
    got = outcomes("backgammon", "white=24,offx14 black=2x15 turn=white", (1, 2))
    assert set(v[0] for v in got.values() if v) == {"backgammon"}
    got = outcomes("backgammon", "white=24,offx14 black=19x15 turn=white", (1, 2))
    assert set(v[0] for v in got.values() if v) == {"gammon"}
    got = outcomes("backgammon", "white=24,offx14 black=19x14,offx1 turn=white", (1, 2))
    assert set(v[0] for v in got.values() if v) == {"single"}
