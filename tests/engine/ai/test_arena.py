"""Arena statistics against known values, and a tiny paired match end to end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import rules as registry
from engine.ai.agents import get_agent
from engine.ai.arena import GameResult, main, opening, opening_roll, play_game, run, summarize
from engine.ai.stats import mean_interval, wilson
from engine.game import Game
from engine.position import Side


def test_wilson_known_values() -> None:
    # R: prop.test(50, 100, correct = FALSE)$conf.int -> 0.4038315 0.5961685
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038315, abs=1e-7)
    assert hi == pytest.approx(0.5961685, abs=1e-7)
    # Closed forms at the edges: x = 0 gives [0, z²/(n+z²)], x = n gives [n/(n+z²), 1].
    z2 = 1.959963984540054 ** 2
    assert wilson(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
    assert wilson(10, 10) == pytest.approx((10 / (10 + z2), 1.0))
    # Wallis's worked example: 81 of 263 -> [0.2553, 0.3662].
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)


def test_mean_interval_known_values() -> None:
    m, lo, hi = mean_interval([1, 2, 3, 4, 5])
    # s = sqrt(2.5); half = 1.96 * s / sqrt(5)
    assert m == 3
    assert (lo, hi) == pytest.approx((3 - 1.385904, 3 + 1.385904), abs=1e-6)
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def test_summarize_counts_draws_half_and_pairs_points() -> None:
    results = [GameResult(0, True, "a", 2, "jan", 40), GameResult(0, False, "b", -1, "hemspel", 50),
               GameResult(1, True, None, 0, None, 2000), GameResult(1, False, "a", 4, "sprangjan", 30)]
    s = summarize(results)
    assert (s.games, s.pairs, s.wins, s.losses, s.draws) == (4, 2, 2, 1, 1)
    assert s.win_rate == pytest.approx(2.5 / 4)
    assert s.mean_points == pytest.approx((0.5 + 2.0) / 2)


def test_opening_lower_die_starts_in_brade() -> None:
    import random

    class Fixed(random.Random):
        def __init__(self, faces):
            super().__init__(0)
            self.faces = list(faces)

        def randint(self, a, b):
            return self.faces.pop(0)

    brade = registry.get("talisman")
    assert opening(brade, Fixed([3, 3, 5, 2])).value == "black"  # tie re-rolled, 2 < 5
    assert opening(brade, Fixed([1, 6])).value == "white"


def test_paired_games_share_dice_and_replay() -> None:
    rules = registry.get("talisman")
    g, n = get_agent("gesäll"), get_agent("nybörjare")
    first = play_game(rules, g, n, dice_seed=17, agent_seed=17)
    again = play_game(rules, g, n, dice_seed=17, agent_seed=17)
    assert first == again
    results = run("gesäll", "nybörjare", "talisman", games=4, seed=3, jobs=1)
    assert len(results) == 4
    assert [r.a_white for r in results] == [True, False, True, False]
    assert all(r.winner in ("a", "b", None) for r in results)


def test_main_prints_the_intervals(capsys) -> None:
    assert main(["--a", "gesall", "--b", "nyborjare", "--games", "2", "--seed", "1",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Wilson 95%" in out and "mean points/game" in out


def test_main_rejects_an_unknown_agent_politely(capsys) -> None:
    assert main(["--a", "grandmaster", "--b", "gesall", "--games", "2"]) == 2
    assert "grandmaster" in capsys.readouterr().err


def test_progress_lines_summarize_like_the_results() -> None:
    import io

    from engine.ai.arena import summarize_log

    log = io.StringIO()
    results = run("gesäll", "nybörjare", "puff-kontrar", games=4, seed=5, jobs=1,
                  progress=log)
    lines = log.getvalue().splitlines()
    assert len(lines) == 2 and lines[-1].endswith(f"A {summarize(results).win_rate:.3f}")
    assert summarize_log(lines) == summarize(results)


def test_arena_accepts_mästare_hand(capsys) -> None:
    from engine.ai.agents import HandSearchAgent

    rules = registry.get("talisman")
    hand, master = get_agent("mastare-hand"), get_agent("mästare")
    assert isinstance(hand, HandSearchAgent)
    # A few turns of a real game, both seatings on the same dice, replaying exactly.
    first = play_game(rules, hand, master, dice_seed=4, agent_seed=4, max_turns=6)
    assert first == play_game(rules, hand, master, dice_seed=4, agent_seed=4, max_turns=6)
    assert first[3] == 6 or first[0] is not None
    # The command line takes the name (it fails only on the game count here).
    assert main(["--a", "mästare-hand", "--b", "mästare", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert "--games" in err and "mästare-hand" not in err


def test_a_cut_match_goes_on_and_its_logs_summarize(tmp_path, capsys) -> None:
    import io

    from engine.ai.arena import summarize_log

    whole = run("gesäll", "nybörjare", "talisman", games=6, seed=2, jobs=1)
    first, rest = io.StringIO(), io.StringIO()
    run("gesäll", "nybörjare", "talisman", games=6, seed=2, jobs=1, progress=first)
    lines = first.getvalue().splitlines()[:2]  # the match was cut after two pairs
    later = run("gesäll", "nybörjare", "talisman", games=6, seed=2, jobs=1, progress=rest,
                start=2)
    assert [r.pair for r in later] == [2, 2]
    assert later == whole[4:]  # the same dice as in the uncut match
    # A pair logged twice (the cut run had started it again) counts once.
    log = [*lines, lines[-1], *rest.getvalue().splitlines()]
    assert summarize_log(log) == summarize(whole)
    (tmp_path / "a.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "b.log").write_text(rest.getvalue(), encoding="utf-8")
    assert main(["--a", "gesäll", "--b", "nybörjare", "--rules", "talisman", "--summarize",
                 f"{tmp_path / 'a.log'},{tmp_path / 'b.log'}"]) == 0
    out = capsys.readouterr().out
    assert "6 games in 3 pairs" in out
    assert f"A win rate {summarize(whole).win_rate:.3f}" in out
    assert main(["--a", "x", "--b", "y", "--summarize", str(tmp_path / "none.log")]) == 2


class _Stream:
    """A ``Game``'s dice from the same ``random.Random`` stream the arena draws from."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def die(self) -> int:
        return self.rng.randint(1, 6)

    def to_json(self) -> dict[str, Any]:
        return {}


@pytest.mark.parametrize("name", ["backgammon", "talisman", "puff-lang"])
def test_an_arena_game_starts_as_game_opening_starts_it(name: str) -> None:
    """Same dice, same start: the starter (backgammon's and puff's higher die, bräde's
    lower), and in backgammon the teka's dice played as the starter's first roll; the
    roll after is drawn from the same place in the stream."""
    rules = registry.get(name)
    starters = set()
    for seed in range(40):
        game = Game.new(rules, source=_Stream(seed))
        game.opening()
        arena_rng = random.Random(seed)
        starter, first = opening_roll(rules, arena_rng)
        starters.add(starter)
        assert starter is game.position.turn, (name, seed)
        if rules.opening_roll_plays:
            rolled = next(e for e in game.events if e["type"] == "roll")
            assert rolled["side"] == starter.value and tuple(rolled["dice"]) == first
        else:
            assert first is None and game.phase == "roll"
            assert game.roll() == (arena_rng.randint(1, 6), arena_rng.randint(1, 6))
        assert opening(rules, random.Random(seed)) is starter
    assert starters == {Side.WHITE, Side.BLACK}


def test_backgammons_higher_die_starts_in_the_arena() -> None:
    """The bug this replaced: the arena let backgammon's lower die start."""
    rules = registry.get("backgammon")
    rng = random.Random(3)
    w, b = rng.randint(1, 6), rng.randint(1, 6)
    while w == b:
        w, b = rng.randint(1, 6), rng.randint(1, 6)
    starter, first = opening_roll(rules, random.Random(3))
    assert starter is (Side.WHITE if w > b else Side.BLACK) and first == (max(w, b), min(w, b))
