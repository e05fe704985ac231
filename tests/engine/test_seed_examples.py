"""Every worked example of seeds 003 and 004, as far as their text fixes the position.

Where a seed's figure is not reproduced in the text, the position is the smallest one that
matches every fact the text states (which checkers stand where, which points are blocked);
the comment on each test quotes the sentence it checks.
"""

from __future__ import annotations

from engine.game import can_finish_beautiful_with_one
from engine.generators import legal_turns
from engine.movegen import Board
from engine.position import Position
from engine.rules import get
from tests.engine.helpers import legal, outcomes, texts

# -- seed 004 (talisman): the four bear-off figures ----------------------------------------


def test_004_bearoff_upper_left_6_2_both_dice_reduced() -> None:
    """"Vit måste spela hem blottan på tunga 21 för sexan och en av brickorna i bandet på
    tunga 24 för tvåan … Det är inte tillåtet att först flytta brickan på tunga 21 till 23
    för tvåan och sedan spela hem den för sexan" (B-16, B-20)."""
    assert texts("talisman", "white=21,24x3,offx11 black=1x15 turn=white", (6, 2)) == {
        "21/off 24/off"}


def test_004_bearoff_upper_right_5_3_one_die_or_two_and_munk() -> None:
    """"Vit kan spela hem brickan på tunga 20 direkt för femman och fåta trean. Vit kan
    också gå fram med brickan till tunga 23 för trean och sedan spela hem den för femman
    … Vit gör sin motspelare munk genom att slå brickan på tunga 23" (B-20, B-32)."""
    got = outcomes("talisman", "white=20,offx14 black=1x14,11 turn=white", (5, 3))
    assert got == {"20/off": ("hemspel", 1, False), "20/23* 23/off": ("hemspel", 2, True)}


def test_004_bearoff_lower_left_5_3_must_move_seven() -> None:
    """"Vit måste flytta brickan på tunga 20 till 23 för trean och sedan spela hem en av
    brickorna på tunga 21 för femman … Det är inte tillåtet att spela hem brickan på tunga
    20 för femman och sedan fåta trean" (black's band on white's 24 blocks 21/24)."""
    assert texts("talisman", "white=20,21x2,offx12 black=1x13,12x2 turn=white", (5, 3)) == {
        "20/23 21/off"}


def test_004_bearoff_lower_right_3_3_last_three_forfeited() -> None:
    """"Vit måste spela hem brickorna på tunga 22 för de första tre treorna … men kan inte
    utnyttja den sista trean … inte tillåtet att reducera den sista trean och spela hem en
    bricka från tunga 23, eftersom … brickan på tunga 21 bakom sig" (B-16)."""
    assert texts("talisman", "white=21,22x3,23x2,offx9 black=1x13,12x2 turn=white",
                 (3, 3)) == {"22/off 22/off 22/off"}


# -- seed 004: jan and sprängjan figures --------------------------------------------------


def test_004_jan_figure_four_on_bar_three_points_blocked() -> None:
    """"fyra vita brickor slagna och tre tungor i första kvarteret blockerade av vits egna
    brickor. Vit är därför jan" (B-33)."""
    rules = get("talisman")
    pos = Position.parse("white=barx4,1x5,3,5,20x4 black=1x15 turn=black")
    assert Board(rules, pos).opponent_jan()
    pos = Position.parse("white=barx3,1x6,3,5,20x4 black=1x15 turn=black")
    assert not Board(rules, pos).opponent_jan()


# White has filled 3 and 6, home still occupied, one checker hit; black has bands on
# white's 2 (two checkers), 4 and 5 (three each) and four first-quarter points of its own.
SPRANG = ("white=bar,1,3,6,12x4,19x3,20x3,21 "
          "black=1x2,2,3,4,14x2,16x3,17x3,19x2 turn=white")


def test_004_sprangjan_figure_four_or_five_burst_makes_sprangjan() -> None:
    """"om vit får en fyra eller en femma, blir svart omedelbart sprängjan" (B-12, B-34)."""
    for dice in [(4, 1), (5, 1), (6, 4), (5, 3)]:
        got = outcomes("talisman", SPRANG, dice)
        assert got, dice
        assert any(v == ("sprangjan", 4, False) for v in got.values()), dice
    assert all(v == ("sprangjan", 4, False) for v in outcomes("talisman", SPRANG, (4, 1)).values())


def test_004_sprangjan_figure_two_bursts_without_jan() -> None:
    """"Om vit slår 6-2, 3-2, 2-2 eller 2-1 … vit spränger svarts band på tunga två för
    tvåan men utan att göra svart sprängjan"."""
    for dice in [(6, 2), (3, 2), (2, 2), (2, 1)]:
        turns = legal("talisman", SPRANG, dice)
        assert turns, dice
        assert all(t.steps[0].text == "bar/2!" for t in turns), dice
        assert all(t.outcome is None for t in turns), dice


def test_004_completing_step_decides_jan_or_sprangjan() -> None:
    """B-34: "Om en spelare först spränger ett band utan att göra jan … och sedan slår
    janblottan vid nästa förflyttning, har spelaren bara gjort sin motspelare jan".

    Black holds four first-quarter points, bands of two on white's 2 and 4 and a blot on
    white's 5.  Bursting 4 first (2 + 4 = 6) and then hitting the blot is plain jan;
    hitting first and then bursting completes the jan with the burst: sprängjan.
    """
    pos = ("white=barx2,1,3,6,12x4,19x3,20x2,21 "
           "black=1x2,2,3,4,14x2,16x2,17,19x5 turn=white")
    got = outcomes("talisman", pos, (5, 4))
    assert got == {"bar/4! bar/5*": ("jan", 2, False), "bar/5* bar/4!": ("sprangjan", 4, False)}


# -- seed 003 ("The Board" classic rules and their options) -------------------------------

REENTRY = "white=barx3,1x3,6,20x8 black=1x9,14x2,15x2,16x2 turn=white"


def test_003_reentry_bursts_when_no_free_point_left() -> None:
    """"Vit slår 5-2. En pjäs flyttas in på tunga 5 och eftersom det inte finns några fler
    lediga tungor kvar, så får nästa pjäs landa på tunga två, vilket skickar två svarta
    pjäser till baren" (classic: burst only when no free or blot point)."""
    turns = legal("classic", REENTRY, (5, 2))
    assert [t.text for t in turns] == ["bar/5 bar/2!"]
    assert turns[0].position.black[0] == 2


def test_003_reentry_4_2_enters_nothing() -> None:
    """"Om vit däremot hade slagit 4-2, så hade inga pjäser fått flyttas in" ."""
    turns = legal("classic", REENTRY, (4, 2))
    assert len(turns) == 1 and turns[0].is_forfeit


def test_003_same_position_under_talisman_bursts_at_once() -> None:
    """B-12 (talisman): three on the bar, one free point: every band is open to entry."""
    assert texts("talisman", REENTRY, (4, 2)) == {"bar/4! bar/2!"}


EASY = "white=barx2,1x6,20x7 black=1x7,14x2,15x2,16x2,18x2 turn=white"


def test_003_easy_reentry_only_one_burst_and_the_higher_die() -> None:
    """"Spelaren får dock bara spränga ett av banden … Sedan så måste spelaren spränga
    bandet på tunga sex eftersom man alltid måste använda den högsta tärningen" ."""
    assert texts("classic+easy_reentry", EASY, (3, 6)) == {"bar/6!"}


def test_003_without_easy_reentry_no_burst() -> None:
    assert [t.is_forfeit for t in legal("classic", EASY, (3, 6))] == [True]


def test_003_vasa_bearoff_from_the_back() -> None:
    """"en pjäs på tunga 19, en på 20, två på 21 och resten på tunga 22 och slår 6-3. Då
    måste du flytta ut pjäsen som står på tunga 19 med tärningen som visar sex och får
    sedan välja att flytta antingen den på tunga 20 eller en av pjäserna på tunga 21"."""
    assert texts("vasa", "white=19,20,21x2,22x11 black=1x15 turn=white", (6, 3)) == {
        "19/off 20/23", "19/off 21/24"}


KRON = "white=19,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white"


def test_003_vasa_winning_step_ends_the_turn() -> None:
    """"Spelaren får då inte flytta den blöta pjäsen till motståndarens huk, vilket fullgör
    enkelt kron, och sedan använda tärningsslaget på ett … Hur som helst är det dock
    tillåtet att först flytta en pjäs ett steg framåt och sedan flytta in den blöta"."""
    got = outcomes("vasa", KRON, (5, 1))
    assert got["19/24"] == ("enkelt-kronspel", 2, False)
    assert "20/21 19/24" in got and got["20/21 19/24"] is None
    assert not any(k.startswith("19/24 ") for k in got)


def test_003_classic_beautiful_game_needs_both_dice() -> None:
    """"det fina spelet räknas inte som vinst om det inte tillverkas efter att pjäser för
    båda tärningarna har flyttats" — classic plays on past the pattern."""
    got = outcomes("classic", KRON, (5, 1))
    assert "19/24" not in got
    assert all(v is None for v in got.values())


def test_003_double_six_column_and_its_return() -> None:
    """"får han välja att flytta sex pjäser till den sjunde tungan … Om motspelaren sedan
    också slår dubbelsex på sitt första slag, måste den första spelaren flytta tillbaka
    alla pjäser till hemtungan igen"."""
    rules = get("classic+double_six")
    start = rules.start()
    turns = {t.text: t for t in legal_turns(rules, start, (6, 6))}
    assert set(turns) == {"1/7", "1/7 1/7 1/7 1/7 1/7 1/7"}
    col = turns["1/7 1/7 1/7 1/7 1/7 1/7"].position
    assert col.column is not None and col.white[7] == 6
    replies = {t.text: t for t in legal_turns(rules, col, (6, 6))}
    for t in replies.values():
        assert t.position.white[1] == 15 and t.position.white[7] == 0
    assert "1/7 1/7 1/7 1/7 1/7 1/7" in replies


def test_003_column_is_hit_whole() -> None:
    """The column is not a band: "betraktas som blöta och kan bli utslagna" ."""
    rules = get("classic+double_six")
    pos = rules.parse_position("white=1x9,7x6 black=1x10,12,14x2,16,17 turn=black column=white")
    # black's 12 + 7 = 19 = white's 7
    hits = [t for t in legal_turns(rules, pos, (6, 1)) if t.steps and any(
        s.hit and s.to == 19 for s in t.steps)]
    assert hits and all(t.position.white[0] == 6 for t in hits)
    assert all(t.outcome is not None and t.outcome.kind == "jan" for t in hits)


def test_003_one_die_rule_chance_detected() -> None:
    """"Om en spelare skulle ha möjlighet att kunna göra fint spel med bara en tärning"."""
    assert can_finish_beautiful_with_one(Position.parse(KRON).white)
    assert not can_finish_beautiful_with_one(
        Position.parse("white=12,20x3,21x3,22x3,23x3,24x2 black=1x15 turn=white").white)
