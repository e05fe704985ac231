"""A game's replies delivered (bot/delivery/games.py): which message carries a game's
live buttons, whatever the timing.

A Roll press adds to the board it was pressed on (the play it reports stays), then
records that board as the game's live one.  The player sees the edited board and may
play at once; the play posts the next board and records it.  When the roll's record is
slower than the play's (ordinary on PostgreSQL under load, issue 26), it runs second.
It must then change nothing: the newest board keeps its buttons, and it alone.  The
record carries the game's version, and a record from an older version is refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
import simcord

from tests.bot.helpers import (
    EPHEMERAL,
    Db,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    press,
    start_game,
)


class HeldSwap:
    """Wraps ``LivePosts.swap_board``: the first record (the roll's) waits until a later
    one (the play's) has been written."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.calls = 0
        self.held = asyncio.Event()  # the roll's record has been reached
        self.release = asyncio.Event()  # the play's record has been written

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls == 1:
            self.held.set()
            await asyncio.wait_for(self.release.wait(), 60)
            return await self.real(*args, **kwargs)
        try:
            return await self.real(*args, **kwargs)
        finally:
            self.release.set()


def with_buttons(env: simcord.Env, channel_id: int) -> list[Any]:
    """The channel's public messages with buttons (a private note's are the member's)."""
    return [m for m in env.backend.messages.get(channel_id, {}).values()
            if m.components and not m.flags & EPHEMERAL]


def labels(message: Any) -> list[str]:
    return [c.get("label") for row in message.components for c in row.get("components", [])]


async def test_a_roll_recorded_after_the_next_play_strips_nothing(
        simcord_env: simcord.Env, db_path: Db, monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    row = game_row(db_path, ch.id)
    mover, waiter = mover_and_waiter(db_path, ch.id, members)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    board = find_button(env, ch, cid)
    posts = env.bot.services.games.posts  # type: ignore[attr-defined]
    held = HeldSwap(posts.swap_board)
    monkeypatch.setattr(posts, "swap_board", held)

    press(env, mover, board, cid)  # the roll: its board is edited, its record held back
    await asyncio.wait_for(held.held.wait(), 60)
    rolled = game_row(db_path, ch.id)
    assert rolled["game"].phase == "move", "these dice must leave a play to choose"
    assert board.id in [m.id for m in with_buttons(env, ch.id)]  # the rolled board

    r = await mover.slash(ch, "brade move", play=rolled["game"].legal_turns[0].text)
    assert not r.ephemeral, r.response.content
    await env.settle()
    assert held.calls >= 2 and held.release.is_set()  # the roll's record ran last

    played = game_row(db_path, ch.id)
    newest = r.response.message.id if r.response.message else r.response.id
    live = with_buttons(env, ch.id)
    assert [m.id for m in live] == [newest], [m.content for m in live]
    assert "Roll" in labels(live[0]) and waiter.mention in live[0].content
    assert db_rows(db_path, "SELECT message_id FROM live_boards WHERE game_id = ?",
                   (played["id"],)) == [(newest,)]

