"""Properties of puff over random self-play trajectories (P-1..P-6).

Trajectories are driven by ``engine.puff.random_turn`` (cheap even for a later pasch, which
can have tens of thousands of distinct results).  At each position the legal turns are
checked for conservation, one colour per point, text round-trips, uniqueness and notation,
and, where small enough, compared with a brute-force reference generator written here
independently from the seed's rules (no canonical step order, no merging of boards).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import puff as puffmod
from engine import rules as registry
from engine.__main__ import main as cli_main
from engine.game import Game
from engine.generators import legal_turns
from engine.notation import parse_play
from engine.position import BAR, OFF, Geometry, Position, Side
from engine.rules import puff as puff_rules
from engine.rules.ruleset import RuleSet
from engine.turn import Turn

RULESETS = ["puff-lang", "puff-kontrar", "puff-dubbel-kontrar"]
OPTIONS = list(puff_rules.VARIANTS)


# -- an independent reference generator ----------------------------------------------------


class _Budget(Exception):
    pass


def reference(rules: RuleSet, p: Position, dice: tuple[int, int],
              budget: int = 60_000) -> set[tuple]:
    """Every (white, black, next side, streak, outcome kind, points) of ``dice``, straight
    from the seed: each die in order, every legal step, the first impossible die ends it."""
    opts = rules.options
    g = p.geometry
    mover, other = p.turn, p.turn.other
    lang = "lang_entry" in opts and g is Geometry.LANG
    a, b = dice
    if a != b:
        seq, again = [min(a, b), max(a, b)], False
    elif mover not in p.pasch:
        seq, again = ([a, a] if lang else [a, a, 7 - a, 7 - a]), False
    elif "fourth_pasch" in opts and p.streak >= 3:
        seq, again = [a, a], False
    else:
        seq, again = [a] * 4 + [7 - a] * 4, True
    me, op = list(p.mover), list(p.waiting)
    protected = lang and other not in p.entered and op[BAR] > 0
    chain = lang and mover not in p.entered
    out: set[tuple] = set()
    nodes = [0]

    def final(n: int) -> None:
        if me[OFF] == 15:
            kind, pts = "hemspel", 3 if op[BAR] else 2 if any(op[1:7]) else 1
        elif "torn" in opts and 15 in me[1:25]:
            kind, pts = "torn", 4
        elif ("gasmarsch" in opts and me[BAR] == 0 and me[OFF] == 0
              and "1" * 15 in "".join(str(c) for c in me[1:25])):
            kind, pts = "gasmarsch", 3
        else:
            kind, pts = None, 0
        roll = again and kind is None and (n == len(seq) or "strict_reroll" not in opts)
        mine, theirs = tuple(me), tuple(op)
        w, bl = (mine, theirs) if mover is Side.WHITE else (theirs, mine)
        out.add((w, bl, mover if roll else other, p.streak + 1 if roll else 0, kind, pts))

    def target_ok(t: int) -> bool:
        c = op[g.cross(t)]
        return c == 0 or (c == 1 and not protected)

    def candidates(d: int, live: int) -> list[tuple[int, int]]:
        if me[BAR]:
            c = [(BAR, d)] if target_ok(d) else []
            if live and live + d <= 24 and target_ok(live + d):
                c.append((live, live + d))
            return c
        home = not any(me[0:19])
        rear = min((q for q in range(1, 25) if me[q]), default=25)
        c = []
        for q in range(1, 25):
            if me[q]:
                t = q + d
                if t <= 24:
                    if target_ok(t):
                        c.append((q, t))
                elif home and (q == rear or ("exact_off" in opts and t == 25)):
                    c.append((q, OFF))
        return c

    def rec(i: int, live: int) -> None:
        nodes[0] += 1
        if nodes[0] > budget:
            raise _Budget
        if i == len(seq):
            final(i)
            return
        cands = candidates(seq[i], live)
        if not cands:
            final(i)
            return
        for f, t in cands:
            on_bar = me[BAR] > 0
            hit = t != OFF and op[g.cross(t)] == 1
            me[f] -= 1
            me[t] += 1
            if hit:
                op[g.cross(t)] = 0
                op[BAR] += 1
            rec(i + 1, t if on_bar and chain and t != OFF else 0)
            if hit:
                op[g.cross(t)] = 1
                op[BAR] -= 1
            me[f] += 1
            me[t] -= 1

    first_roll = (lang and me[BAR] == 15 and mover not in p.entered
                  and op[BAR] in (15, 13) and len(seq) == 2)
    if first_roll:  # lang_entry (2): one entry per die where the opponent has nothing
        for d in seq:
            if op[g.cross(d)] == 0:
                me[BAR] -= 1
                me[d] += 1
        final(len(seq))
        return out
    rec(0, 0)
    return out


def summary(t: Turn) -> tuple:
    o = t.outcome
    return (t.position.white, t.position.black, t.position.turn, t.position.streak,
            o.kind if o else None, o.points if o else 0)


# -- trajectories ---------------------------------------------------------------------------


def opening(rules: RuleSet, rng: random.Random) -> Position:
    while True:
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        s = puffmod.starter(w, b)
        if s is not None:
            break
    p = rules.start().with_turn(s)
    if "generalpasch" in rules.options:
        p = replace(p, general=puffmod.general_of(w, b))
    return p


def trajectory(rules: RuleSet, seed: int, rolls: int):
    """(position, dice) pairs of a random game (new games after a win), seeded."""
    rng = random.Random(seed)
    p = opening(rules, rng)
    for _ in range(rolls):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        dice = rng.choice(puffmod.roll_options(rules, p, dice))
        yield p, dice
        t = puffmod.random_turn(rules, p, dice, rng)
        p = opening(rules, rng) if t.outcome else t.position


def check_position(p: Position) -> None:
    for s in (Side.WHITE, Side.BLACK):
        c = p.side(s)
        assert len(c) == 26 and min(c) >= 0 and sum(c) == 15, p
    for b in range(1, 25):
        w = p.white[b]
        k = p.black[p.geometry.own_point(Side.BLACK, b)]
        assert not (w and k), (p, b)
    assert Position.parse(p.format(), p.geometry) == p


def small(rules: RuleSet, p: Position, dice: tuple[int, int]) -> bool:
    """Cheap enough to list every legal turn here (a later pasch with a spread board can
    have 100,000 results; those are covered by the reference on smaller boards)."""
    seq = puffmod.die_sequence(rules, p, dice)
    return len(seq) <= 4 or sum(1 for c in p.mover[1:25] if c) <= 4


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.sets(st.sampled_from([*OPTIONS, "lang_entry"])),
       st.integers(0, 2**32 - 1))
def test_random_trajectories_keep_every_invariant(rid, options, seed) -> None:
    if rid != "puff-lang":
        options = options - {"lang_entry"}
    rules = registry.get(rid, sorted(options))
    rng = random.Random(seed)
    for p, dice in trajectory(rules, seed, 120):
        check_position(p)
        picked = puffmod.random_turn(rules, p, dice, random.Random(rng.random()))
        check_position(picked.position)
        if not small(rules, p, dice):
            continue
        ts = legal_turns(rules, p, dice)
        assert ts
        keys = [(t.position, t.outcome) for t in ts]
        assert len(set(keys)) == len(keys)
        assert (picked.position, picked.outcome) in set(keys)
        seq = puffmod.die_sequence(rules, p, dice)
        # lang_entry's first roll may forfeit the lower die and enter the higher.
        any_order = "lang_entry" in rules.options and p.mover[BAR] == 15
        for t in ts:
            check_position(t.position)
            used = [s.die for s in t.steps]
            if any_order:
                assert not Counter(used) - Counter(seq), t.text
            else:
                assert used == list(seq[:len(used)]), t.text
            if t.outcome is not None or dice[0] != dice[1]:
                assert t.position.turn is p.turn.other
        try:
            ref = reference(rules, p, dice)
        except _Budget:
            ref = None
        if ref is not None:
            assert {summary(t) for t in ts} == ref, (p.format(), dice)
        for t in rng.sample(ts, min(3, len(ts))):
            assert parse_play(rules, p, dice, t.text, ts) is t
            if t.steps:
                hops = [(s.frm, s.to) for s in t.steps]
                assert t.position in puffmod.play_out(rules, p, dice, hops)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(0, 2**32 - 1))
def test_seeded_trajectory_replays_identically(rid, seed) -> None:
    rules = registry.get(rid)

    def run() -> list[str]:
        rng = random.Random(seed)
        out = []
        for p, dice in trajectory(rules, seed, 80):
            out.append(f"{p.format()} {dice}")
            out.append(puffmod.random_turn(rules, p, dice, rng).text)
        return out

    assert run() == run()


def test_reference_agrees_on_heavier_pasches() -> None:
    """Later pasches on boards with several points: the merged, canonical search must give
    exactly the brute force's results."""
    rules = registry.get("puff-kontrar")
    checked = 0
    for seed in range(40):
        for p, dice in trajectory(rules, seed, 200):
            if dice[0] != dice[1] or p.turn not in p.pasch:
                continue
            try:
                ref = reference(rules, p, dice, budget=150_000)
            except _Budget:
                continue
            assert {summary(t) for t in legal_turns(rules, p, dice)} == ref, p.format()
            checked += 1
            if checked >= 25:
                return
    assert checked >= 10


def test_game_json_round_trip_and_replay() -> None:
    def play(g: Game, rng: random.Random, rolls: int) -> None:
        for _ in range(rolls):
            if g.is_over:
                return
            g.roll()
            if g.phase == "move":
                g.play_turn(rng.choice(g.legal_turns))

    g = Game.new("puff-dubbel-kontrar+strict_reroll", seed=11)
    g.opening()
    play(g, random.Random(5), 25)
    copy = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert copy.position == g.position and copy.events == g.events
    play(g, random.Random(6), 15)
    play(copy, random.Random(6), 15)
    assert copy.events == g.events and copy.position == g.position


def test_cli_legal_lists_a_whole_pasch(capsys) -> None:
    code = cli_main(["legal", "--rules", "puff-kontrar", "--position",
                     "white=barx15 black=barx15 turn=white pasch=white", "--dice", "5-5",
                     "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["turns"] == [{
        "moves": "bar/5 bar/5 bar/5 bar/5 bar/2 bar/2 bar/2 bar/2",
        "position": "white=barx7,2x4,5x4 black=barx15 turn=white pasch=white streak=1",
        "outcome": None}]
