"""The play picker's list and menus (issue 37): every legal play of a roll once, in a
neutral order, found again exactly; any play within four menus of at most 25 options,
by the first step the plays differ in where that fits."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from engine import plays
from engine import rules as registry
from engine.generators import legal_turns
from engine.picker import DEPTH, LETTERS, WIDTH, Picker, Stretch
from engine.position import Position
from engine.testing import later_pasch_corpus, selfplay_corpus

RULESETS = ("talisman", "classic+double_six", "vasa", "behrens-helmfrid", "backgammon",
            "puff-lang", "puff-kontrar", "puff-dubbel-kontrar")


# -- the list ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESETS)
def test_the_listing_is_every_legal_play_once_in_the_neutral_order(name: str) -> None:
    rules = registry.get(name)
    for pos, dice in selfplay_corpus(rules, 40 if rules.family == "puff" else 120, 37):
        legal = legal_turns(rules, pos, dice)
        if len(legal) > 2000:  # a later pasch: the list is the slow reference here
            continue
        listed = plays.listing(rules, pos, dice)
        assert listed == sorted(listed, key=plays.neutral_key)
        assert len(listed) == len(set(listed)) == len(legal), (pos.format(), dice)
        results = {(t.position, t.outcome) for t in legal}
        found = {(t.position, t.outcome) for t in (plays.play_of(rules, pos, dice, x)
                                                   for x in listed) if t is not None}
        assert found == results, (pos.format(), dice)
        # deterministic: the same roll lists the same plays in the same order
        assert plays.listing(rules, pos, dice) == listed


def test_a_listed_play_is_found_again_only_for_its_roll() -> None:
    rules = registry.get("talisman")
    start = rules.start()
    listed = plays.listing(rules, start, (5, 2))
    assert listed == ["1/6 1/3", "1/6 6/8"]  # no band on one's own 2..11 (B-1)
    turn = plays.play_of(rules, start, (5, 2), "1/6 6/8")
    assert turn is not None and turn.text == "1/6 6/8"
    assert plays.play_of(rules, start, (6, 1), "1/6 6/8") is None  # another roll
    assert plays.play_of(rules, start, (5, 2), "6/8 1/6") is None  # not as listed
    assert plays.play_of(rules, start, (5, 2), "1/6 6/8 junk") is None
    assert plays.play_of(rules, start, (5, 2), "") is None


def test_the_neutral_order_reads_like_the_notation() -> None:
    texts = ["10/16 1/7", "bar/3 2/8", "2/8 bar/3", "1/7 7/13*", "1/7 7/13", "20/off 21/off",
             "20/24 21/off", "24/kejsarspel"]
    assert sorted(texts, key=plays.neutral_key) == [
        "bar/3 2/8", "1/7 7/13", "1/7 7/13*", "2/8 bar/3", "10/16 1/7", "20/24 21/off",
        "20/off 21/off", "24/kejsarspel"]


def test_special_plays_are_listed_and_named() -> None:
    rules = registry.get("talisman+double_six")
    listed = plays.listing(rules, rules.start(), (6, 6))
    assert [plays.special_of(x) for x in listed] == [None, "column"]
    column = plays.play_of(rules, rules.start(), (6, 6), listed[1])
    assert column is not None and column.special == "column"
    assert plays.special_of("24/kejsarspel") == "kejsarspel"
    assert plays.special_of("1/7 7/13") is None


def test_suggestions_keep_the_order_asked_for() -> None:
    rules = registry.get("talisman")
    for pos, dice in selfplay_corpus(rules, 60, 5):
        neutral = [t.text for t in plays.suggest(rules, pos, dice, "")]
        assert neutral == sorted(neutral, key=plays.neutral_key)
        shuffled = [t.text for t in plays.suggest(rules, pos, dice, "", order="shuffled")]
        assert sorted(shuffled) == sorted(neutral) or len(neutral) == plays.SUGGESTIONS
        assert shuffled == [t.text for t in plays.suggest(rules, pos, dice, "",
                                                          order="shuffled")]
    start = rules.start()
    best = plays.suggest(rules, start, (5, 2), "", order="best")
    assert {t.text for t in best} == set(plays.listing(rules, start, (5, 2)))


# -- the menus --------------------------------------------------------------------------


def walk_to(picker: Picker, i: int) -> str:
    """The path that leads to play ``i``, checking each menu on the way."""
    s, left, path = picker.whole, DEPTH, ""
    while True:
        opts = picker.options(s, left)
        assert 1 <= len(opts) <= WIDTH
        assert opts[0].lo == s.lo and opts[-1].hi == s.hi
        assert all(a.hi == b.lo for a, b in itertools.pairwise(opts))
        if left > 1:
            assert all(o.size <= WIDTH ** (left - 1) for o in opts)
        j = next(k for k, o in enumerate(opts) if o.lo <= i < o.hi)
        path += LETTERS[j]
        s, left = opts[j], max(1, left - 1)
        if s.play:
            return path


def test_a_small_roll_is_one_menu_of_its_plays() -> None:
    rules = registry.get("backgammon")
    listed = plays.listing(rules, rules.start(), (5, 2))
    assert 3 < len(listed) <= WIDTH
    picker = Picker(listed)
    opts = picker.options(picker.whole)
    assert [picker.label(o) for o in opts] == listed
    for i in range(len(listed)):
        s, _ = picker.follow(LETTERS[i])
        assert (s.lo, s.hi) == (i, i + 1) and s.play
    one = Picker(["1/7 7/13"])
    assert one.follow("a")[0].play  # a single play is one choice


def test_a_problems_single_plays_come_in_a_fixed_shuffle() -> None:
    """Issue 46: a problem's picker lists a menu of single plays in a fixed shuffle (the
    notation's order put the best play first far more often than chance); a larger
    roll's top menu still splits by first steps, only the plays within are shuffled."""
    rules = registry.get("backgammon")
    listed = plays.listing(rules, rules.start(), (5, 2))
    seed = "problem-seed"
    picker = Picker(listed, shuffle=seed)
    opts = picker.options(picker.whole)
    shown = [picker.label(o) for o in opts]
    assert sorted(shown) == sorted(listed) and shown != listed
    assert shown == sorted(listed, key=lambda x: plays.shuffle_key(seed, x))
    assert Picker(listed, shuffle=seed).options(picker.whole) == opts  # deterministic
    for i, o in enumerate(opts):  # a path finds the option it names
        assert picker.follow(LETTERS[i])[0] == o
    # a talisman 2–2 with 111 plays: a menu that narrows
    talisman = registry.get("talisman")
    pos = Position.parse("white=1x9,5,6,10,14,21,22 black=barx2,1x9,3,5,6,8 turn=white")
    many = plays.listing(talisman, pos, (2, 2))
    assert len(many) > WIDTH
    plain, mixed = Picker(many), Picker(many, shuffle=seed)
    assert plain.options(plain.whole) == mixed.options(mixed.whole)  # groups, in order
    for i in (0, len(many) // 2, len(many) - 1):
        s, left, path = mixed.whole, DEPTH, ""
        while not s.play:
            opts = mixed.options(s, left)
            j = next(k for k, o in enumerate(opts) if o.lo <= i < o.hi)
            path, s, left = path + LETTERS[j], opts[j], max(1, left - 1)
        assert mixed.follow(path)[0] == Stretch(i, i + 1)


def test_a_later_pasch_narrows_to_any_play_in_four_choices() -> None:
    rules = registry.get("puff-kontrar")
    pos, dice, _ = max(later_pasch_corpus(rules, 4, 2),
                       key=lambda c: plays.count(rules, c[0], c[1], stop=200_000))
    listed = plays.listing(rules, pos, dice)
    assert len(listed) > WIDTH ** 2  # a roll that needs narrowing at every level
    picker = Picker(listed)
    top = picker.options(picker.whole)
    assert 1 < len(top) <= WIDTH
    labels = [picker.label(o) for o in top]
    assert all("…" in x for x in labels) and len(set(labels)) == len(labels)
    rng = random.Random(1)
    for i in [0, len(listed) - 1, *rng.sample(range(len(listed)), 150)]:
        path = walk_to(picker, i)
        assert len(path) <= DEPTH
        s, _ = picker.follow(path)
        assert (s.lo, s.hi) == (i, i + 1)
    # a picker made again (another process, after a restart) has the same menus
    again = Picker(plays.listing(rules, pos, dice))
    assert again.options(again.whole) == top


def test_any_of_25_to_the_fourth_plays_is_four_choices_away() -> None:
    """The bound itself, on a list as large as four menus can hold: every stretch fits
    the choices left, whatever the groups."""
    rng = random.Random(3)
    words = sorted({f"{a}/{a + d}" for a in range(1, 14) for d in range(1, 7)},
                   key=plays.neutral_key)[:WIDTH]
    texts = [" ".join(w) for w in itertools.product(words, repeat=4)]  # in order
    picker = Picker(texts)
    for i in [0, len(texts) - 1, *rng.sample(range(len(texts)), 60)]:
        assert len(walk_to(picker, i)) == DEPTH


def test_options_are_groups_where_they_fit() -> None:
    texts = sorted([f"1/{a} {b}/{b + 1}" for a in range(2, 8) for b in range(8, 14)]
                   + ["2/3 3/4", "2/3 4/5", "bar/2 2/3"], key=plays.neutral_key)
    picker = Picker(texts)
    opts = picker.options(picker.whole)
    assert [picker.label(o) for o in opts] == [
        "bar/2 2/3", "1/2 …", "1/3 …", "1/4 …", "1/5 …", "1/6 …", "1/7 …", "2/3 …"]
    s, left = picker.follow("c")  # the plays that begin 1/3
    assert [picker.label(o) for o in picker.options(s, left)] == [
        f"1/3 {b}/{b + 1}" for b in range(8, 14)]


def test_many_groups_are_packed_and_a_large_one_is_cut() -> None:
    many = sorted([f"{a}/{a + 1} {b}/{b + 6}" for a in range(1, 24) for b in range(1, 4)]
                  + [f"24/off {b}/{b + 1}" for b in range(1, 4)], key=plays.neutral_key)
    picker = Picker(many)  # 24 groups of three: more than 25 options, so groups packed
    opts = picker.options(picker.whole)
    assert len(opts) <= WIDTH and len(many) > WIDTH
    assert all(" – " in picker.label(o) or o.group for o in opts)
    assert picker.label(opts[0]).startswith("1/2 …")

    big = sorted([f"1/2 {a}/{b}" for a in range(2, 24) for b in range(a + 1, 25)]
                 + ["2/3 3/4"], key=plays.neutral_key)
    cut = Picker(big)
    top = cut.options(cut.whole, left=2)  # a group of 253 plays, 25 a menu below
    assert len(top) <= WIDTH and all(o.size <= WIDTH for o in top)
    assert any(" – " in cut.label(o) for o in top)


def test_a_path_of_another_roll_is_refused() -> None:
    picker = Picker(plays.listing(registry.get("talisman"), registry.get("talisman").start(),
                                  (5, 2)))
    for path in ("c", "z", "A", "aa", "-"):
        with pytest.raises(ValueError):
            picker.follow(path)


def test_a_position_text_lists_like_its_position() -> None:
    rules = registry.get("talisman")
    pos = Position.parse("white=24x2,offx13 black=1x15 turn=white")
    assert plays.listing(rules, pos, (6, 5)) == ["24/off 24/off"]


def test_a_game_finds_a_named_play_once_for_its_roll(monkeypatch) -> None:
    """``Game.play_of`` remembers the play it found for the position and dice it found
    it in (a picker names the same play on its preview and on Confirm): asked again it
    runs no move generator, and ``play_turn`` takes it as legal without one; another
    roll (or a position set from outside) is looked up afresh."""
    from engine.game import Game

    game = Game.new(seed=3)
    game.opening()
    if game.phase == "roll":
        game.roll(dice=(5, 2))
    text = plays.listing(game.rules, game.position, game.dice)[0]
    first = game.play_of(text)
    assert first is not None
    calls: list[str] = []
    real_play_of, real_is_legal = plays.play_of, plays.is_legal
    monkeypatch.setattr(plays, "play_of", lambda *a: calls.append("play_of") or real_play_of(*a))
    monkeypatch.setattr(plays, "is_legal", lambda *a: calls.append("is_legal") or real_is_legal(*a))
    assert game.play_of(text) is first and not calls
    other = replace(game, position=game.position, dice=(6, 1), _legal=None)
    moved = other.play_of(plays.listing(other.rules, other.position, (6, 1))[0])
    assert moved is not None and calls == ["play_of"]  # another roll: looked up afresh
    assert other.play_of(text) != first  # the 5-2 play is not the 6-1 roll's
    calls.clear()
    game.play_turn(first)
    assert not calls and game.phase != "move"
