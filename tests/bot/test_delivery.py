"""Delivering replies (bot/delivery.py): the message policy, and which message carries a
game's live buttons, whatever the timing.

A Roll press adds to the board it was pressed on (the play it reports stays), then
records that board as the game's live one.  The player sees the edited board and may play at once; the play posts the
next board and records it.  When the roll's record is slower than the play's (ordinary
on PostgreSQL under load, issue 26), it runs second.  It must then change nothing: the
newest board keeps its buttons, and it alone.  The record carries the game's version,
and a record from an older version is refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
import simcord

from bot.delivery.policy import Plan, compose, plan
from bot.service.text import MESSAGE_LIMIT
from bot.service.model import BoardSpec, Button, Post, Reply
from engine import rules
from tests.bot.helpers import (
    Db,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    press,
    start_game,
)


def _board(text: str, *buttons: str, final: bool = False,
           mentions: tuple[int, ...] = ()) -> Post:
    r = rules.get(rules.DEFAULT)
    return Post(text, board=BoardSpec(r.start(), r), final=final, mentions=mentions,
                buttons=[Button(b, 1, 1, b) for b in buttons])


def test_the_policy_redraws_the_board_a_roll_was_pressed_on_and_nothing_else() -> None:
    rolled = _board("rolls 5-2", "play")
    assert plan(Reply(posts=[rolled], rolled=True, game_id=1, version=2),
                pressed=True) == Plan(redraw=compose([rolled])[0])
    # typed (/brade roll): nothing was pressed, so the roll is a message of its own
    assert plan(Reply(posts=[rolled], rolled=True), pressed=False) == \
        Plan(send=compose([rolled]))
    # a forfeited roll, or any other press: new messages (the pressed one loses its
    # buttons, Delivery's doing)
    nxt = _board("forfeits; your turn", "roll")
    assert plan(Reply(posts=[nxt]), pressed=True) == Plan(send=compose([nxt]))
    assert plan(Reply(private="ok"), pressed=True) == Plan()


def test_a_roll_adds_to_the_message_it_was_pressed_on() -> None:
    """Issue 22: the play the message reports stays; only its prompt gives way to the
    roll and the roll's own prompt."""
    played = "White (<@1>) played sinkadus (5–2): `1/6 1/3`"
    stale = "<@2>, your turn (Black): press **Roll**."
    rolled = _board("Black (<@2>) rolls **kvart och äss** (4–1).", "play")
    rolled.prompt = "2 legal plays: press one, or type it with `/brade move`."
    reply = Reply(posts=[rolled], rolled=True, stale_prompt=stale, game_id=1, version=2)
    redraw = plan(reply, pressed=True, shown=f"{played}\n{stale}").redraw
    assert redraw is not None and redraw.board is rolled.board
    assert redraw.content == f"{played}\n{rolled.text}\n{rolled.prompt}"
    assert [b.action for b in redraw.buttons] == ["play"]
    # a message that does not end with that prompt (an older bot's) is kept whole
    assert plan(reply, pressed=True, shown=played + "\nsomething else").redraw.content == \
        f"{played}\nsomething else\n{rolled.text}\n{rolled.prompt}"
    # a long message keeps its end, within Discord's limit
    long = plan(reply, pressed=True, shown="x" * MESSAGE_LIMIT + "\n" + stale).redraw
    assert len(long.content) <= MESSAGE_LIMIT + 2 and long.content.endswith(rolled.prompt)


def test_a_pressed_play_leaves_its_board_with_its_turns_but_no_prompt() -> None:
    rolled = "White (<@1>) played sinkadus (5–2): `1/6 1/3`\nBlack (<@2>) rolls **kvart " \
        "och äss** (4–1)."
    stale = "2 legal plays: press one, or type it with `/brade move`."
    nxt = _board("Black (<@2>) played kvart och äss (4–1): `1/2 1/5`", "roll")
    reply = Reply(posts=[nxt], stale_prompt=stale, game_id=1, version=3)
    assert plan(reply, pressed=True, shown=f"{rolled}\n{stale}") == \
        Plan(send=compose([nxt]), trim=rolled)
    # not what that board said (an older bot's): it keeps its text, losing its buttons
    assert plan(reply, pressed=True, shown=rolled) == Plan(send=compose([nxt]))
    assert plan(reply, pressed=False) == Plan(send=compose([nxt]))


def test_an_answered_challenge_says_so_on_its_own_message() -> None:
    start = _board("A game begins", "roll")
    answered = Post("alice challenged bob. ✅ bob accepted: the game is below.")
    reply = Reply(posts=[start], answered=answered, game_id=1, version=2)
    assert plan(reply, pressed=True) == Plan(send=compose([start]), redraw=answered)
    # withdrawn by a command: the challenge's message is rewritten as its buttons go
    gone = Post("bob withdrew", final=True)
    assert plan(Reply(posts=[gone], answered=answered), pressed=False) == \
        Plan(send=compose([gone]), retire=answered.content)


def test_one_message_per_turn_and_a_game_end_stands_alone() -> None:
    human = _board("alice played", mentions=(11,))
    computer = _board("the computer played; your turn", "roll", mentions=(11, 12))
    one = compose([human, computer])
    assert [m.text for m in one] == ["alice played\nthe computer played; your turn"]
    assert one[0].board is computer.board and [b.action for b in one[0].buttons] == ["roll"]
    assert one[0].mentions == (11, 12)
    end = _board("alice wins", "rematch", final=True)
    nxt = _board("game 2 begins", "roll")
    assert [m.text for m in compose([human, end, nxt])] == ["alice played\nalice wins",
                                                            "game 2 begins"]
    long = compose([Post("x" * MESSAGE_LIMIT), Post("the end")])[0].text
    assert len(long) <= MESSAGE_LIMIT + 2 and long.endswith("the end")


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
    return [m for m in env.backend.messages.get(channel_id, {}).values() if m.components]


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
