"""The posts the bot comes back to (migration 0007), on both backends."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service.posts import LivePosts


async def test_each_board_is_handed_back_once_to_be_stripped(store: Any) -> None:
    posts = LivePosts(store)
    assert await posts.swap_board(1, (10, 100)) is None
    assert await posts.swap_board(1, (10, 101)) == (10, 100)
    assert await posts.swap_board(2, (20, 200)) is None  # another game's board stays apart
    assert await posts.swap_board(1, None) == (10, 101)
    assert await posts.swap_board(1, None) is None
    assert await posts.swap_board(2, (20, 201)) == (20, 200)


async def test_simultaneous_swaps_form_one_chain(store: Any) -> None:
    """Boards posted at once (two processes on PostgreSQL): every board but the last is
    returned exactly once, so each loses its buttons once and one keeps them — also for a
    game that had no board yet (nothing to lock but the row the first swap makes)."""
    posts = LivePosts(store)
    for game_id, first in ((7, (1, 1000)), (8, None)):
        if first is not None:
            await posts.swap_board(game_id, first)
        news = [(1, 2000 * game_id + i) for i in range(12)]
        olds = await asyncio.gather(*(posts.swap_board(game_id, w) for w in news))
        last = await posts.swap_board(game_id, None)
        returned = [o for o in olds if o is not None] + [last]
        assert sorted(returned) == sorted([*([first] if first else []), *news]), game_id


async def test_a_thread_is_closed_once(store: Any) -> None:
    posts = LivePosts(store)
    await posts.opened_thread(5, 555)
    await posts.opened_thread(5, 555)  # twice is still one thread
    assert await posts.close_thread(444) is False  # a channel the bot did not open
    results = await asyncio.gather(*(posts.close_thread(555) for _ in range(4)))
    assert sorted(results) == [False, False, False, True]  # only one archives it
    await posts.opened_thread(None, 556)  # a thread outside a server is kept as guild 0
    assert await posts.close_thread(556) is True
