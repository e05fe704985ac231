"""The message policy (bot/delivery/policy.py): what one reply does to the channel.

A roll pressed on a board adds to that board's message (the play it reports stays); a
pressed play leaves its board with its turns but not its stale prompt; an answered
challenge says so on its own message; one message per turn, and a game's end stands
alone so that a match's next game starts in a message of its own.
"""

from __future__ import annotations

from bot.delivery.policy import Plan, compose, plan
from bot.service.model import BoardSpec, Button, Post, Reply
from bot.service.text import MESSAGE_LIMIT
from engine import rules


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
