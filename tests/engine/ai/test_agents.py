"""The AI levels: legal, deterministic, and sensible in hand-built bräde positions."""

from __future__ import annotations

import random

import pytest

from engine import rules as registry
from engine.ai import Agent, evaluate, get_agent, names
from engine.ai.agents import ROLLS21, SearchAgent, canonical, hints, pick, prefers_one_die
from engine.errors import EngineError
from engine.position import Side

TALISMAN = registry.get("talisman")


def _all_rulesets() -> list[str]:
    registry.get()  # loads plugins (puff registers itself when present)
    return registry.ids()


def _walk(rules, n_plies: int, seed: int):
    """A short seeded gesäll game: the (position, dice) pairs it passed through.

    Puff walks skip pasches: a later pasch can have ten thousand plays (P-4), which would
    only make the test slow; the look-ahead still meets pasches among its 21 rolls.
    """
    rng = random.Random(seed)
    agent = get_agent("gesäll")
    pos = rules.start().with_turn(Side.WHITE)
    out = []
    for _ in range(n_plies):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while rules.family == "puff" and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((pos, dice))
        turn = agent.choose(rules, pos, dice, rng)
        if turn.outcome is not None:
            pos = rules.start().with_turn(Side.BLACK)
        else:
            pos = turn.position
    return out


def test_registry_names_and_aliases() -> None:
    assert names() == ["nybörjare", "gesäll", "mästare"]
    for ascii_name, real in (("nyborjare", "nybörjare"), ("GESALL", "gesäll"),
                             ("mastare", "mästare"), ("Mästare", "mästare")):
        assert canonical(ascii_name) == real
        assert get_agent(ascii_name).name == real
    with pytest.raises(EngineError) as err:
        get_agent("grandmaster")
    assert "grandmaster" in err.value.message("sv")
    assert all(isinstance(get_agent(n), Agent) for n in names())


def test_rolls21_cover_36() -> None:
    assert len(ROLLS21) == 21
    assert sum(w for _, w in ROLLS21) == 36


@pytest.mark.parametrize("rules_id", _all_rulesets())
def test_every_agent_plays_legal_turns_in_every_ruleset(rules_id: str) -> None:
    rules = registry.get(rules_id)
    corpus = _walk(rules, 60, seed=3)
    for name in ("nybörjare", "gesäll"):
        agent = get_agent(name)
        rng = random.Random(1)
        for pos, dice in corpus:
            legal = rules.legal_turns(pos, dice)
            assert agent.choose(rules, pos, dice, rng) in legal
    master = SearchAgent(candidates=2, budget=400)  # small, for speed; same code path
    for pos, dice in corpus[10:60:10]:
        legal = rules.legal_turns(pos, dice)
        assert master.choose(rules, pos, dice, random.Random(1)) in legal
        ranked = master.rank(rules, pos, dice)
        assert sorted(t.text for t, _ in ranked) == sorted(t.text for t in legal)


@pytest.mark.parametrize("name", ["nybörjare", "gesäll", "mästare"])
def test_choice_is_deterministic_given_rng(name: str) -> None:
    agent = get_agent(name)
    corpus = _walk(TALISMAN, 6 if name == "mästare" else 12, seed=5)
    a = [agent.choose(TALISMAN, p, d, random.Random(9)).text for p, d in corpus]
    b = [agent.choose(TALISMAN, p, d, random.Random(9)).text for p, d in corpus]
    assert a == b


@pytest.mark.parametrize("rules_id", _all_rulesets())
def test_evaluation_is_antisymmetric(rules_id: str) -> None:
    rules = registry.get(rules_id)
    for pos, _ in _walk(rules, 30, seed=8):
        v = evaluate(rules, pos, Side.WHITE)
        assert v == pytest.approx(-evaluate(rules, pos, Side.BLACK))


def test_takes_the_winning_jan() -> None:
    # Black: 2 on the bar + 4 occupied first-quarter points = 6; one more hit is jan (B-33).
    pos = TALISMAN.parse_position(
        "white=1x10,5,19x2,20x2 black=barx2,1x8,2,3,4,20,22 turn=white")
    assert any(t.outcome and t.outcome.kind == "jan"
               for t in TALISMAN.legal_turns(pos, (3, 1)))
    for name in ("gesäll", "mästare"):
        turn = get_agent(name).choose(TALISMAN, pos, (3, 1), random.Random(0))
        assert turn.outcome is not None and turn.outcome.kind == "jan", name


def test_prefers_the_more_valuable_win() -> None:
    # White's last checker on 19 bears off with 4-2 either way; 19/23* first hits black's
    # blot on white's 23 and wins with munk (B-32), as in seed 004's 5-3 example.
    pos = TALISMAN.parse_position("white=19,offx14 black=11,24x14 turn=white")
    turns = TALISMAN.legal_turns(pos, (4, 2))
    kinds = {(t.outcome.kind, t.outcome.munk) for t in turns if t.outcome}
    assert ("hemspel", True) in kinds
    turn = get_agent("gesäll").choose(TALISMAN, pos, (4, 2), random.Random(0))
    assert turn.outcome is not None and turn.outcome.munk


def _direct_shots(pos, side: Side) -> int:
    """How many of ``side``'s blots stand 1..6 pips in front of an opponent checker."""
    g = pos.geometry
    me, op = pos.side(side), pos.side(side.other)
    n = 0
    for p in range(1, 25):
        if me[p] == 1:
            q = g.cross(p)
            if any(op[r] for r in range(max(0, q - 6), q)):
                n += 1
    return n


def test_avoids_a_direct_shot_when_a_safe_play_exists() -> None:
    # Black's two home checkers (white's 13) see white's 15 and 17 directly.
    pos = TALISMAN.parse_position("white=15,17,19x13 black=1x2,22x13 turn=white")
    legal = TALISMAN.legal_turns(pos, (2, 1))
    assert any(_direct_shots(t.position, Side.WHITE) == 0 for t in legal)
    assert any(_direct_shots(t.position, Side.WHITE) > 0 for t in legal)
    for name in ("gesäll", "mästare"):
        turn = get_agent(name).choose(TALISMAN, pos, (2, 1), random.Random(0))
        assert _direct_shots(turn.position, Side.WHITE) == 0, (name, turn.text)


def test_does_not_break_its_vackert_spel_for_nothing() -> None:
    # White stands one checker short of trappspel (3/5/7 on 22/23/24, B-31); 1-1 can
    # walk the straggler in, or pile onto 24 and leave only uppspel.
    pos = TALISMAN.parse_position(
        "white=14,22x3,23x5,24x6 black=19x3,20x3,21x3,22x3,23x3 turn=white")
    for name in ("gesäll", "mästare"):
        turn = get_agent(name).choose(TALISMAN, pos, (1, 1), random.Random(0))
        w = turn.position.white
        assert w[24] <= 7 and w[23] + w[24] <= 12, (name, turn.text)


def test_jan_danger_costs_value() -> None:
    # Same race, but in the second position white has two more blots out in front of
    # black's hitters while already holding 5 first-quarter points (B-33, the janblotta).
    # Risky is even two pips ahead in the race.
    safe = TALISMAN.parse_position(
        "white=1x6,2,3,4,5,14x2,16x2,18 black=1x10,20x5 turn=black")
    risky = TALISMAN.parse_position(
        "white=1x6,2,3,4,5,14,15,16,17,18 black=1x10,20x5 turn=black")
    assert evaluate(TALISMAN, risky, Side.WHITE) < evaluate(TALISMAN, safe, Side.WHITE)


def test_burstable_blockade_is_a_liability() -> None:
    # Six white bands in a row in front of black's home may be burst (B-10); five may
    # not, and block nearly as well — even with the sixth band 14 pips further back.
    five = TALISMAN.parse_position(
        "white=1x3,12x2,14x2,15x2,16x2,17x2,18x2 black=1x15 turn=black")
    six = TALISMAN.parse_position(
        "white=1x3,14x2,15x2,16x2,17x2,18x2,19x2 black=1x15 turn=black")
    assert evaluate(TALISMAN, six, Side.WHITE) < evaluate(TALISMAN, five, Side.WHITE)


def test_one_die_only_when_it_finishes_more_often() -> None:
    # Straggler on 18 needs exactly a 4 for trappspel (B-31); two dice would have to play
    # the other die too and break the pattern (B-20), so one die is better (B-36).
    near = TALISMAN.parse_position(
        "white=18,22x3,23x5,24x6 black=19x3,20x3,21x3,22x3,23x3 turn=white")
    assert prefers_one_die(TALISMAN, near)
    # Far from any pattern: no roll finishes, so keep two dice.
    far = TALISMAN.parse_position("white=1x15 black=1x15 turn=white")
    assert not prefers_one_die(TALISMAN, far)


def test_worker_entry_points_pickle_and_agree() -> None:
    import pickle

    pos = TALISMAN.parse_position(
        "white=1x10,5,19x2,20x2 black=barx2,1x8,2,3,4,20,22 turn=white")
    turn = pick("gesall", "talisman", pos, (3, 1), seed=1)
    assert pickle.loads(pickle.dumps(turn)) == turn
    assert turn.outcome is not None and turn.outcome.kind == "jan"
    top = hints("mastare", "talisman", pos, (3, 1), top=3)
    assert len(top) == 3 and top[0][1] >= top[1][1] >= top[2][1]
    assert top[0][0].outcome is not None


def test_later_puff_pasch_replies_are_a_seeded_sample_of_legal_plays() -> None:
    # A later pasch plays eight steps (P-4); the look-ahead samples it instead of listing
    # every play.  The sample must hold only legal results and repeat exactly.
    from engine.ai.agents import _replies

    rules = registry.get("puff-kontrar")
    pos = rules.parse_position(
        "white=13x3,16x4,20x8 black=2x5,3x5,4x5 turn=white pasch=white,black")
    legal = {t.position for t in rules.legal_turns(pos, (2, 2))}
    sample = _replies(rules, pos, (2, 2))
    assert sample and all(t.position in legal for t in sample)
    assert [t.position for t in sample] == [t.position for t in _replies(rules, pos, (2, 2))]
