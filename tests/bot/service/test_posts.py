"""The posts the bot comes back to (bot.service.posts): the message with a game's live
buttons, swapped board by board, a record older than the one kept changing nothing
(issue 26); the threads opened for games, each archived once; a store that fails costs
only a log line."""

from __future__ import annotations

import pytest

from bot.service.games import GameService
from bot.service.posts import LivePosts
from bot.store import Database
from tests.bot.service.helpers import ALICE, BOB, GUILD, ctx, started


async def a_game(games: GameService) -> tuple[int, int]:
    reply = await started(games)
    assert reply.game_id is not None and reply.version is not None
    return reply.game_id, reply.version


async def test_each_new_board_takes_the_buttons_off_the_last(games: GameService) -> None:
    posts = LivePosts(games.store)
    game_id, v = await a_game(games)
    assert await posts.swap_board(game_id, (100, 1), v) is None  # the first board
    assert await posts.swap_board(game_id, (100, 2), v + 1) == (100, 1)
    assert await posts.swap_board(game_id, (100, 2), v + 1) is None  # the same again
    assert await posts.swap_board(game_id, (100, 3), v + 1) == (100, 2)  # same version


async def test_a_record_older_than_the_board_kept_loses_its_own_buttons(
        games: GameService) -> None:
    """Issue 26: a roll's edited board recorded after the play's newer board."""
    posts = LivePosts(games.store)
    game_id, v = await a_game(games)
    await posts.swap_board(game_id, (100, 2), v + 2)
    assert await posts.swap_board(game_id, (100, 1), v + 1) == (100, 1)
    assert await posts.swap_board(game_id, (100, 3), v + 3) == (100, 2)  # still kept


async def test_a_game_closed_without_a_post(games: GameService) -> None:
    posts = LivePosts(games.store)
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None and offer.version is not None
    await posts.swap_board(offer.game_id, (100, 7), offer.version)
    assert await posts.close_board(offer.game_id) == (100, 7)
    assert await posts.close_board(offer.game_id) is None
    assert await posts.close_board(999) is None  # no such game
    # a late record of the challenge brings no buttons back
    assert await posts.swap_board(offer.game_id, (100, 7), offer.version - 1) == (100, 7)


async def test_a_thread_is_archived_once(store: Database) -> None:
    posts = LivePosts(store)
    await posts.opened_thread(GUILD, 500)
    await posts.opened_thread(GUILD, 500)  # twice: one record
    assert await posts.close_thread(500)
    assert not await posts.close_thread(500)  # another process took it
    assert not await posts.close_thread(501)  # not one of the bot's games' threads


async def test_a_failing_store_costs_a_log_line(store: Database,
                                                caplog: pytest.LogCaptureFixture) -> None:
    posts = LivePosts(store)
    await store.close()  # every query now fails
    assert await posts.swap_board(1, (100, 1), 1) is None
    assert await posts.close_board(1) is None
    await posts.opened_thread(GUILD, 500)
    assert not await posts.close_thread(500)
    assert caplog.text.count("could not") == 4
