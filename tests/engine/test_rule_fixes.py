"""Issue 12's rule fixes: blockades along the blocked player's path (G-5), a jan at any
step of a double, B-35's "either condition", and the double-six option's first roll.

Each test quotes the seed sentence it enforces.
"""

from __future__ import annotations

import random

import pytest

from engine import generators
from engine import plays as plays_module
from engine import rules as registry
from engine.bands import is_jan, run_length, run_span, runs
from engine.game import Game
from engine.generators import legal_turns
from engine.movegen import _Search
from engine.position import Geometry, Position, Side
from engine.turn import Turn
from tests.engine.helpers import legal, outcomes, texts

# -- 1. blockades along the blocked player's path (G-5, B-10, B-11) ------------------------
# seed 004: "Om en spelare har lagt en spärr med sex eller sju band i rad i motspelarens
# färdväg, kan motspelaren inte längre ta sig förbi på vanligt sätt."

#: Black's 20–24 and its home band are white's 8–13: six in a row on white's path.
WRAP = "white=7,24x14 black=1x5,20x2,21x2,22x2,23x2,24x2 turn=white"


def _to_black(p: int) -> int:
    return Geometry.BRADE.cross(p)


def test_g5_home_band_joins_the_owners_19_to_24_on_the_blocked_path() -> None:
    pos = Position.parse(WRAP)
    x = [0, *(_to_black(p) for p in range(1, 25))]
    assert run_span(pos.black, x, 9) == (8, 13)  # white's 8..13: six bands
    assert run_length(pos.black, x, 13) == 6
    assert runs(pos.black, x) == [(8, 13)]
    assert run_length(pos.black, x, 7) == 0  # no band on white's 7


def test_g5_owners_12_and_13_never_join() -> None:
    """Black's 12 and 13 are white's 24 and 1, the two ends of white's path."""
    pos = Position.parse("white=18,19x14 black=12x2,13x2,14x2,15x2,16x2,17x2,1x3 turn=white")
    x = [0, *(_to_black(p) for p in range(1, 25))]
    assert run_length(pos.black, x, 24) == 1
    assert run_length(pos.black, x, 1) == 5
    # So black's 12 is no blockade band: 18/24 cannot burst it.
    assert not any("!" in t for t in texts("talisman", pos.format(), (6, 1)))


def test_b10_burst_of_a_blockade_through_the_owners_home_band() -> None:
    """The issue's example: talisman forfeited 2-1; the seed requires 7/9!."""
    got = texts("talisman", WRAP, (2, 1))
    assert "7/9!" in got
    assert "-" not in got


def test_b10_seven_bands_stay_a_blockade_after_one_burst() -> None:
    """Black's 19–24 and home: seven in a row on white's 7–13.  "Rätten att spränga upphör
    så fort … högst fem av de kvarvarande banden ligger i rad": after one burst six are
    left, so the next step may burst again."""
    pos = "white=1x13,5,6 black=1x3,19x2,20x2,21x2,22x2,23x2,24x2 turn=white"
    plays = legal("talisman", pos, (1, 1))
    assert any(sum(s.burst for s in t.steps) == 2 for t in plays)
    assert all(sum(s.burst for s in t.steps) <= 2 for t in plays)  # then five are left


def test_b11_entry_burst_measures_the_run_along_the_movers_path() -> None:
    """seed 004: "en spärr med sex eller sju band i rad som går från spelarens första till
    hens andra kvarter, sprängs band i spärren när slagna brickor spelas in på dem"."""
    pos = "white=bar,1x14 black=15x2,16x2,17x2,18x2,19x2,20x2,1x3 turn=white"
    # White's entry points: 1 (its own home, where its checkers stand) and 2 are open;
    # 3..8 are black's bands (black's 15..20), a blockade of six that bursts; max pips
    # takes 4.
    for name in ("talisman", "vasa", "behrens-helmfrid"):
        assert texts(name, pos, (4, 3)) == {"bar/4!"}, name
    assert texts("classic", pos, (4, 3)) == {"-"}  # classic has no blockade bursting


def test_classic_five_band_limit_counts_the_home_band_along_the_opponents_path() -> None:
    """seed 003: "Man får inte bygga fler än fem band i rad" -- along the opponent's path
    white's home band (black's 13) follows white's 24 (black's 12)."""
    pos = "white=1x2,14,15,16,21x2,22x2,23x2,24x2,6,8 black=1x15 turn=white"
    # 15/20 with 16/20 would make white's 20–24 plus the home band six in a row.
    assert all(t.position.white[20] < 2 for t in legal("classic", pos, (5, 4)))
    assert any(t.position.white[20] == 2 for t in legal("vasa", pos, (5, 4)))  # vasa may


def test_classic_five_band_limit_is_measured_after_the_step() -> None:
    """(house: checked after every step) 19/24 breaks the band on 19 as it makes one on
    24: five in a row remain (20–24), so it is allowed."""
    pos = "white=2,3,4,5,19x2,20x2,21x2,22x2,23x2,24 black=1x15 turn=white"
    assert any("19/24" in t for t in texts("classic", pos, (5, 1)))


def test_classic_band_on_own_12_never_counts() -> None:
    """seed 003: "Ett band på huken räknas dock aldrig in i antalet band i rad"."""
    pos = "white=1x3,7,11,13x2,14x2,15x2,16x2,17x2 black=12x15 turn=white"
    plays = legal("classic", pos, (5, 1))
    assert any(t.position.white[12] == 2 for t in plays)  # 7/12 11/12: five in a row + huk


def test_jan_is_one_definition() -> None:
    """B-33, seed 004: "summan av antalet slagna brickor för spelaren och antalet tungor i
    spelarens första kvarter som är upptagna av egna brickor är större än sex"."""
    own = [3, 5, 1, 1, 0, 0, 0] + [0] * 19
    assert not is_jan(own)
    own[4] = 1
    assert is_jan(own)


# -- 2. a win that ends the turn, at every step of a double -----------------------------
# seed 003 (classic): "så blir spelaren Jan och förlorar genast partiet".

CLASSIC_JAN = "white=1x9,4,7,14,22,24x2 black=barx2,1x8,4,5,6,8,11 turn=white"


def test_classic_jan_at_the_first_step_of_a_double_is_offered() -> None:
    got = outcomes("classic", CLASSIC_JAN, (6, 6))
    assert got["14/20*"] == ("jan", 4, False)
    assert got["4/10 14/20*"] == ("jan", 4, False)  # jan at the second step
    assert all(v is not None and v[0] == "jan" for v in got.values())


def _jan_prone(rng: random.Random) -> Position | None:
    """White to move; black close to jan, with blots where white may hit them, and half
    the time white on the bar before a first quarter closed by its own checkers and black
    bands (entry bursts, so sprängjan too)."""
    b = [0] * 26
    b[0] = rng.randint(1, 3)
    for p in rng.sample(range(1, 7), rng.randint(2, 4)):
        b[p] = 1
    b[1] = max(b[1], 1)
    for p in rng.sample(range(7, 13), rng.randint(1, 3)):
        b[p] = 1
    w = [0] * 26
    if rng.random() < 0.5:
        w[0] = rng.randint(1, 3)
        for q in range(1, 7):  # white's q is black's q + 12
            if q == 1 or rng.random() < 0.4:
                w[q] = 1 if q > 1 else rng.randint(1, 4)
            else:
                b[q + 12] = 2
    if sum(b) > 15:
        return None
    b[1] += 15 - sum(b)
    w[1] = w[1] or rng.randint(3, 9)
    while sum(w) < 15:
        p = rng.randint(2, 24)
        if p > 11 or not w[p]:
            w[p] += 1
    if sum(w) > 15:
        return None
    try:
        return Position.parse(Position(tuple(w), tuple(b), Side.WHITE).format())
    except ValueError:
        return None


def _results(turns: list[Turn]) -> set[tuple[str, str | None]]:
    return {(t.position.format(), t.outcome.kind if t.outcome else None) for t in turns}


@pytest.mark.parametrize("name", ["classic", "vasa", "behrens-helmfrid", "talisman"])
def test_wins_mid_double_match_the_search_without_its_memo(name: str) -> None:
    """A double's search skips a board met again at the same depth.  Where a win ends the
    turn (classic's jan, vasa's winning step, Behrens–Helmfrid's sprängjan: "vinner
    omedelbart") that must lose no play at any step index: the results equal the plain
    search's, over positions where wins are near."""
    rules = registry.get(name)
    rng = random.Random(5)
    checked = 0
    wins: set[str] = set()
    while checked < 60:
        pos = _jan_prone(rng)
        if pos is None:
            continue
        d = rng.randint(1, 6)
        fast = legal_turns(rules, pos, (d, d))
        _Search.memo = False
        try:
            plain = legal_turns(rules, pos, (d, d))
        finally:
            _Search.memo = True
        assert _results(fast) == _results(plain), (pos.format(), d)
        checked += 1
        wins |= {t.outcome.kind for t in plain if t.outcome}
    assert {"jan", "sprangjan"} <= wins  # the corpus does reach both wins


def test_vasa_winning_step_at_each_index_of_a_double() -> None:
    """seed 003 (Vasa): "Det är till och med otillåtet att landa på ett vinnande drag och
    sedan fortsätta med nästa tärning"."""
    got = outcomes("vasa", CLASSIC_JAN, (6, 6))
    assert got["14/20*"] == ("jan", 4, False)
    assert got["4/10 14/20*"] == ("jan", 4, False)
    assert got["4/10 10/16* 14/20*"] == ("jan", 4, False)


# -- 3. B-35: resigning when the roll forces either condition ---------------------------
# seed 004: "att spelaren inte har slagit ett tärningskast som gör att hen måste bryta mot
# något av dessa villkor".


def _game_at(rules: str, position: str, dice: tuple[int, int]) -> Game:
    r = registry.get(rules)
    g = Game(r, r.parse_position(position), phase="roll")
    g.roll(dice=dice)
    return g


@pytest.mark.parametrize("position, dice", [
    ("white=12x15 black=1x15 turn=white", (6, 6)),  # every play: a band on 18 or 24
    ("white=1x9,7,12x3,23,24 black=1x15 turn=white", (6, 6)),  # janband only
    ("white=1x9,7,9,12x2,19,22 black=1x15 turn=white", (6, 6)),  # janblotta, every play
    ("white=1x9,8,12x2,20,21,24 black=1x15 turn=white", (5, 5)),  # one or the other
])
def test_b35_a_roll_forcing_either_condition_forbids_resigning(
        position: str, dice: tuple[int, int]) -> None:
    g = _game_at("talisman", position, dice)
    assert g.can_resign(Side.WHITE) == (False, "resign.forced")
    assert g.can_resign(Side.BLACK) == (True, None)  # not the one who rolled


def test_b35_a_roll_with_one_innocent_play_allows_resigning() -> None:
    g = _game_at("talisman", "white=1x9,8,12x2,20,21,24 black=1x15 turn=white", (2, 1))
    assert g.can_resign(Side.WHITE) == (True, None)


def test_b35_resign_check_walks_plays_lazily_and_stops_early(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The resign prompt runs on the bot's event loop: it must not list every play of the
    roll, and it stops at the first play that breaks neither condition."""
    g = _game_at("talisman", "white=1x9,8,12x2,20,21,24 black=1x15 turn=white", (2, 1))
    total = len(legal_turns(g.rules, g.position, g.dice))
    walked: list[Turn] = []
    real = plays_module.each_play

    def counting(*args: object) -> object:
        for t in real(*args):
            walked.append(t)
            yield t

    def refuse(*args: object) -> list[Turn]:
        raise AssertionError("can_resign listed every play")

    monkeypatch.setattr(plays_module, "each_play", counting)
    monkeypatch.setitem(generators.GENERATORS, g.rules.family, refuse)
    assert g.can_resign(Side.WHITE) == (True, None)
    assert 1 <= len(walked) < total


def test_b35_column_checkers_count_as_blots() -> None:
    """B-35 with seed 001: "Dessa räknas alla som blottor" -- a column of six with the home
    band standing is the janblotta out."""
    g = Game.new("talisman+double_six", starter=Side.WHITE)
    g.roll(dice=(6, 6))
    column = next(t for t in g.legal_turns if t.special == "column")
    g.play_turn(column)
    assert g.history[Side.WHITE].janblotta
    assert g.can_resign(Side.WHITE) == (False, "resign.janblotta")


# -- 4. double-six: the player's own first roll -----------------------------------------
# seed 001: "Vid de tillfällen då en spelare slår sexor all i sitt första slag";
# seed 003: "Om motspelaren sedan också slår dubbelsex på sitt första slag, måste den
# första spelaren flytta tillbaka alla pjäser till hemtungan igen."

SIX = ("1/7 " * 6).strip()


def _column(g: Game) -> Turn:
    return next(t for t in g.legal_turns if t.special == "column")


def test_double_six_first_roll_is_recorded_in_the_position() -> None:
    rules = registry.get("talisman+double_six")
    turns = legal_turns(rules, rules.start(), (6, 6))
    assert {t.position.first for t in turns} == {frozenset({Side.WHITE})}
    assert all("first=white" in t.position.format() for t in turns)
    text = "white=1x15 black=1x9,7x6 turn=white column=black first=white,black"
    assert Position.parse(text).format() == text
    assert Position.parse(text).first == frozenset(Side)
    # Without the option nothing is recorded: texts stay as they were.
    plain = registry.get("talisman")
    assert all(not t.position.first for t in legal_turns(plain, plain.start(), (6, 6)))


def test_a_later_double_six_offers_no_column_and_sends_none_home() -> None:
    g = Game.new("talisman+double_six", starter=Side.WHITE)
    g.roll(dice=(6, 6))
    g.play_turn(_column(g))
    g.roll(dice=(6, 6))  # black's own first roll: white's column goes home
    assert all(t.position.white[1] == 15 for t in g.legal_turns)
    g.play_turn(_column(g))  # (house) and black may take its own
    assert g.position.column is Side.BLACK and g.position.white[1] == 15
    g.roll(dice=(6, 6))  # white's second roll, 15 at home again: not a first roll
    assert all(t.special is None for t in g.legal_turns)
    assert all(t.position.column is Side.BLACK and t.position.black[7] == 6
               for t in g.legal_turns)
    assert {t.text for t in g.legal_turns} == {"1/7"}


def test_games_stored_without_first_infer_it_from_their_history() -> None:
    g = Game.new("talisman+double_six", starter=Side.WHITE)
    g.roll(dice=(6, 6))
    g.play_turn(_column(g))
    g.roll(dice=(6, 6))
    g.play_turn(_column(g))
    g.roll(dice=(6, 6))
    data = g.to_json()
    assert "first=white,black" in data["position"]
    old = dict(data, position=data["position"].replace(" first=white,black", ""))
    restored = Game.from_json(old)
    assert restored.position == g.position
    assert {t.text for t in restored.legal_turns} == {"1/7"}
    # Stored after white's first turn only: black's first roll is still to come.
    g2 = Game.new("talisman+double_six", starter=Side.WHITE)
    g2.roll(dice=(6, 6))
    g2.play_turn(_column(g2))
    data2 = g2.to_json()
    old2 = dict(data2, position=data2["position"].replace(" first=white", ""))
    restored2 = Game.from_json(old2)
    assert restored2.position.first == frozenset({Side.WHITE})
    restored2.roll(dice=(6, 6))
    assert any(t.special == "column" for t in restored2.legal_turns)
