"""The play picker's lists (bot/service/listing.py): a double listed in the listing
worker process, the same as listed here; the pickers kept bounded by the plays they
hold."""

from __future__ import annotations

from bot.service.listing import ListPool, Pickers, is_long, make_picker
from engine import plays
from engine import rules as registry
from engine.game import Game
from engine.picker import Picker


def rolled(dice: tuple[int, int]) -> Game:
    game = Game.new("talisman", seed=1)
    game.opening()
    game.roll(dice=dice)
    assert game.phase == "move"
    return game


async def test_a_double_is_listed_in_the_worker_process_as_it_is_here() -> None:
    game = rolled((4, 4))
    assert is_long(game) and not is_long(rolled((4, 3)))
    with ListPool(1) as pool:
        pool.start()
        await pool.wait_ready()
        picker = await Pickers(lister=pool).made((1, 1), game)
        assert pool.done == 1 and len(pool.pids) == 1  # made in the worker, not here
    here = make_picker(game.rules, game.position, game.dice)
    assert picker.plays == here.plays == plays.listing(game.rules, game.position, game.dice)
    assert picker.options(picker.whole) == here.options(here.whole)


def test_pickers_kept_are_bounded_by_their_plays() -> None:
    kept = Pickers(plays_kept=100)
    for version in range(10):
        kept.put((1, version), Picker([f"1/{n} 2/{n + 1}" for n in range(2, 32)]))
    held = [v for v in range(10) if kept.get((1, v)) is not None]
    assert held == [7, 8, 9]  # 3 × 30 plays ≤ 100: the oldest went
    big = Picker([str(n) for n in range(500)])
    kept.put((2, 1), big)
    assert kept.get((2, 1)) is big and kept.get((1, 9)) is None  # one picker always kept
    game = rolled((5, 2))
    assert kept.now((3, 1), game).plays == plays.listing(registry.get("talisman"),
                                                         game.position, (5, 2))
