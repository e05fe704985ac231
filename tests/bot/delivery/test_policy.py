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
from engine.notation import recorded_turn


def _board(text: str, *buttons: str, final: bool = False,
           mentions: tuple[int, ...] = ()) -> Post:
    r = rules.get(rules.DEFAULT)
    return Post(text, board=BoardSpec(r.start(), r), final=final, mentions=mentions,
                buttons=[Button(b, 1, 1, b) for b in buttons])


def _lost(text: str, before: str) -> Post:
    """A lost roll whose board draws ``before``, the play before it ("-": none)."""
    r = rules.get(rules.DEFAULT)
    played = recorded_turn(before, r.start())
    return Post(text, board=BoardSpec(r.start(), r, last_turn=played, dice=(6, 5)), forfeit=True)


def test_the_policy_redraws_the_board_a_roll_was_pressed_on_and_nothing_else() -> None:
    rolled = _board("rolls 5-2", "play")
    assert plan(Reply(posts=[rolled], roll=(6, 5), game_id=1, version=2),
                pressed=True) == Plan(redraw=compose([rolled])[0])
    # typed (/brade roll): nothing was pressed, so the roll is a message of its own
    assert plan(Reply(posts=[rolled], roll=(6, 5)), pressed=False) == \
        Plan(send=compose([rolled]))
    # a forfeited roll, or any other press: new messages (the pressed one loses its
    # buttons, GamePresenter's doing)
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
    reply = Reply(posts=[rolled], roll=(6, 5), offered_before=stale, game_id=1, version=2)
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


def test_a_lost_roll_joins_its_board_and_the_next_turn_is_a_new_message() -> None:
    """Issue 46: a roll with no legal play is added to the message it was rolled on (no
    prompt, no buttons: its board the play before it beside the lost dice), and the next
    player's turn is posted as a new message, which notifies its player; a mention added
    by an edit would notify nobody."""
    played = "White (<@1>) played sinkadus (5–2): `1/6 1/3`"
    stale = "<@2>, your turn (Black): press **Roll**."
    lost = _lost("Black (<@2>) rolls **sexa och femma** (6–5). No legal play.", "1/6 1/3")
    turn = _board("", "roll", mentions=(1,))
    turn.prompt = "<@1>, your turn (White): press **Roll**."
    reply = Reply(posts=[lost, turn], roll=(6, 5), offered_before=stale, game_id=1, version=3)
    todo = plan(reply, pressed=True, shown=f"{played}\n{stale}")
    assert todo.redraw is not None and todo.redraw.board is lost.board
    assert todo.redraw.content == f"{played}\n{lost.text}"  # the old prompt gone
    assert not todo.redraw.buttons and not todo.redraw.mentions
    assert todo.send == compose([turn]) and todo.send[0].mentions == (1,)
    # the computer's reply after the turn joins the new message, not the lost roll's
    reply_ = Reply(posts=[lost, turn, _board("computer played", "roll", mentions=(2,))],
                   roll=(6, 5), offered_before=stale, game_id=1, version=4)
    assert len(plan(reply_, pressed=True, shown=played).send) == 1
    # typed (nothing pressed): the lost roll ends its message; the turn is the next one
    assert plan(reply, pressed=False).send == [*compose([lost]), *compose([turn])]
    assert len(compose([lost, turn])) == 2
    # two lost rolls in a row, each after a play: a message each
    assert len(compose([turn, lost, turn, lost, turn])) == 3
    # a lost roll after a lost roll (no play drawn to keep) joins the turn that follows
    again = _lost("White (<@1>) rolls **sexa och femma** (6–5). No legal play.", "-")
    assert len(compose([again, turn])) == 1
    # pressed, though, it joins the message it was rolled on all the same
    todo = plan(Reply(posts=[again, turn], roll=(6, 5), offered_before=stale),
                pressed=True, shown=stale)
    assert todo.redraw is not None and todo.redraw.content == again.text  # prompt alone: gone
    assert todo.send == compose([turn])


def test_a_pressed_play_leaves_its_board_with_its_turns_but_no_prompt() -> None:
    rolled = "White (<@1>) played sinkadus (5–2): `1/6 1/3`\nBlack (<@2>) rolls **kvart " \
        "och äss** (4–1)."
    stale = "2 legal plays: press one, or type it with `/brade move`."
    nxt = _board("Black (<@2>) played kvart och äss (4–1): `1/2 1/5`", "roll")
    reply = Reply(posts=[nxt], offered_before=stale, game_id=1, version=3)
    assert plan(reply, pressed=True, shown=f"{rolled}\n{stale}") == \
        Plan(send=compose([nxt]), trim=rolled)
    # not what that board said (an older bot's): it keeps its text, losing its buttons
    assert plan(reply, pressed=True, shown=rolled) == Plan(send=compose([nxt]))
    assert plan(reply, pressed=False) == Plan(send=compose([nxt]))


def test_an_answered_challenge_says_so_on_its_own_message() -> None:
    start = _board("A game begins", "roll")
    answered = Post("alice challenged bob. ✅ bob accepted: the game is below.")
    reply = Reply(posts=[start], challenge=answered, game_id=1, version=2)
    assert plan(reply, pressed=True) == Plan(send=compose([start]), redraw=answered)
    # withdrawn by a command: the challenge's message is rewritten as its buttons go
    gone = Post("bob withdrew", final=True)
    assert plan(Reply(posts=[gone], challenge=answered), pressed=False) == \
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
