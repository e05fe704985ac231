"""The posts the bot comes back to (migrations 0007, 0008), on both backends."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import asyncpg
import pytest

from bot.service.posts import LivePosts
from bot.store import open_store


async def test_each_board_is_handed_back_once_to_be_stripped(store: Any) -> None:
    posts = LivePosts(store)
    assert await posts.swap_board(1, (10, 100), 1) is None
    assert await posts.swap_board(1, (10, 101), 1) == (10, 100)
    assert await posts.swap_board(2, (20, 200), 1) is None  # another game's board stays apart
    assert await posts.swap_board(1, None, 1) == (10, 101)
    assert await posts.swap_board(1, None, 1) is None
    assert await posts.swap_board(2, (20, 201), 1) == (20, 200)


async def test_simultaneous_swaps_form_one_chain(store: Any) -> None:
    """Boards posted at once (two processes on PostgreSQL): every board but the last is
    returned exactly once, so each loses its buttons once and one keeps them — also for a
    game that had no board yet (nothing to lock but the row the first swap makes)."""
    posts = LivePosts(store)
    for game_id, first in ((7, (1, 1000)), (8, None)):
        if first is not None:
            await posts.swap_board(game_id, first, 1)
        news = [(1, 2000 * game_id + i) for i in range(12)]
        olds = await asyncio.gather(*(posts.swap_board(game_id, w, 1) for w in news))
        last = await posts.swap_board(game_id, None, 1)
        returned = [o for o in olds if o is not None] + [last]
        assert sorted(returned) == sorted([*([first] if first else []), *news]), game_id


async def test_a_record_from_an_older_version_changes_nothing(store: Any) -> None:
    """A roll's board (version 5) recorded after the next play's board (version 6): the
    newer board stays recorded and keeps its buttons; the roll's board loses them."""
    posts = LivePosts(store)
    assert await posts.swap_board(3, (30, 300), 4) is None  # the board rolled on
    assert await posts.swap_board(3, (30, 302), 6) == (30, 300)  # the play's board
    assert await posts.swap_board(3, (30, 300), 5) == (30, 300)  # the roll's, late
    assert await posts.swap_board(3, (30, 300), 5) == (30, 300)  # again: still refused
    assert await posts.swap_board(3, None, 5) is None  # nothing to take off, nothing done
    assert await posts.swap_board(3, (30, 303), 7) == (30, 302)  # 302 was still live
    # a game that ended at version 9 (its last board without buttons) stays without
    assert await posts.swap_board(3, None, 9) == (30, 303)
    assert await posts.swap_board(3, (30, 303), 7) == (30, 303)
    assert await posts.swap_board(3, None, 9) is None


async def test_a_lapsed_challenge_is_closed_at_its_own_version(store: Any) -> None:
    """Closing a game without a post records "no board" at the game's version, so the
    challenge's own record arriving late does not make it live again."""
    async with store.transaction() as tx:
        gid = await tx.insert_game(guild_id=1, channel_id=40, status="offered",
                                   rules="classic", white_id=11, black_id=12,
                                   match_length=1, seed=1, state=None, now=0.0)
        await tx.update_game(gid, 0, now=1.0, status="declined")  # version 1
    posts = LivePosts(store)
    assert await posts.close_board(gid) is None  # never recorded: nothing to rewrite
    assert await posts.swap_board(gid, (40, 400), 0) == (40, 400)  # the offer, late
    assert await posts.close_board(999) is None  # no such game
    async with store.transaction() as tx:
        gid = await tx.insert_game(guild_id=1, channel_id=41, status="offered",
                                   rules="classic", white_id=11, black_id=12,
                                   match_length=1, seed=2, state=None, now=0.0)
    assert await posts.swap_board(gid, (41, 410), 0) is None
    async with store.transaction() as tx:
        await tx.update_game(gid, 0, now=1.0, status="declined")
    assert await posts.close_board(gid) == (41, 410)
    assert await posts.close_board(gid) is None


async def test_two_processes_record_a_late_roll_and_the_next_play(target: str) -> None:
    """Two processes (two stores on one database, as in a rolling restart): one records
    a roll's board while the other has already recorded the next play's, in both orders
    and at the same moment; the play's board is always the one left live."""
    from bot.store import open_store

    a, b = LivePosts(await open_store(target)), LivePosts(await open_store(target))
    try:
        # the play's record first, the roll's after
        await a.swap_board(1, (1, 100), 0)
        assert await b.swap_board(1, (1, 102), 2) == (1, 100)
        assert await a.swap_board(1, (1, 100), 1) == (1, 100)
        # the roll's first, then the play's: the ordinary order
        await a.swap_board(2, (2, 200), 0)
        assert await a.swap_board(2, (2, 200), 1) is None
        assert await b.swap_board(2, (2, 202), 2) == (2, 200)
        # both at once, many times: whoever runs second, only the rolled board loses
        # its buttons (twice when the roll's record comes last) and the play's stays live
        for game in range(10, 30):
            await a.swap_board(game, (game, 1), 0)
            stripped = await asyncio.gather(a.swap_board(game, (game, 1), 1),
                                            b.swap_board(game, (game, 3), 2))
            assert {s for s in stripped if s is not None} == {(game, 1)}, stripped
            assert await a.swap_board(game, None, 3) == (game, 3)
    finally:
        await a.store.close()
        await b.store.close()


async def test_boards_recorded_at_once_at_any_versions_leave_the_newest_live(
        target: str) -> None:
    """Two processes record one game's boards at the same moment, their versions in any
    order (late rolls among them): each board is handed back exactly once, the one it
    replaced or a late one itself, except the newest, which keeps its buttons.  On
    PostgreSQL that mixes the one-statement swap, its fallback and the transaction."""
    a, b = LivePosts(await open_store(target)), LivePosts(await open_store(target))
    rng = random.Random(26)
    try:
        for game in range(40, 48):
            first = (game, 1000) if game % 2 else None  # half of them had no board yet
            if first is not None:
                await a.swap_board(game, first, 0)
            versions = list(range(1, 13))
            rng.shuffle(versions)
            olds = await asyncio.gather(*((a, b)[i % 2].swap_board(game, (game, v), v)
                                          for i, v in enumerate(versions)))
            returned = sorted(o for o in olds if o is not None)
            assert returned == sorted([*([first] if first else []),
                                       *((game, v) for v in range(1, 12))]), game
            assert await a.swap_board(game, None, 13) == (game, 12)  # the newest was live
    finally:
        await a.store.close()
        await b.store.close()


async def test_a_board_replacing_a_recorded_one_is_one_statement(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On PostgreSQL a turn records two boards (the roll's edited one, the play's new
    one); each that replaces a recorded board is one statement outside a transaction,
    not ``BEGIN``, three statements and ``COMMIT`` (issue 26: the bot's CPU per turn).
    A game's first board and a late record take the transaction, as before."""
    sent: list[str] = []
    for name in ("fetch", "execute"):
        method = getattr(asyncpg.Connection, name)

        async def counting(self: Any, query: str, *args: Any, _method: Any = method,
                           **kwargs: Any) -> Any:
            sent.append(query.split()[0].upper())
            return await _method(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.Connection, name, counting)
    store = await open_store(pg_url)
    try:
        posts = LivePosts(store)
        sent.clear()
        assert await posts.swap_board(1, (1, 100), 1) is None  # the game's first board
        assert sent[0] == "UPDATE" and sent[1:] == ["BEGIN", "INSERT", "SELECT", "UPDATE",
                                                     "COMMIT"]
        for version, board, old in ((2, (1, 101), (1, 100)), (2, (1, 101), None),
                                    (3, (1, 101), None), (4, None, (1, 101))):
            sent.clear()
            assert await posts.swap_board(1, board, version) == old
            assert sent == ["UPDATE"], (version, board)
        sent.clear()
        assert await posts.swap_board(1, (1, 100), 1) == (1, 100)  # late: refused
        assert sent == ["UPDATE", "BEGIN", "INSERT", "SELECT", "COMMIT"]
    finally:
        await store.close()


async def test_a_thread_is_closed_once(store: Any) -> None:
    posts = LivePosts(store)
    await posts.opened_thread(5, 555)
    await posts.opened_thread(5, 555)  # twice is still one thread
    assert await posts.close_thread(444) is False  # a channel the bot did not open
    results = await asyncio.gather(*(posts.close_thread(555) for _ in range(4)))
    assert sorted(results) == [False, False, False, True]  # only one archives it
    await posts.opened_thread(None, 556)  # a thread outside a server is kept as guild 0
    assert await posts.close_thread(556) is True
