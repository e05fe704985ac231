"""The message policy: what one outcome does to the channel, decided here and only here.

The service says what happened (a roll made, the picker's new state, a challenge
answered, a forfeited roll, what was on offer before: bot/service/model.py); which
message that sends and which it edits is derived here, from those values alone.

The channel is the game's record (issue 22): a message is never rewritten so that a play
it reported disappears.  One message per turn (``compose``): a play posts a new message
that reports it (and pings the player to act next), and that player's roll *adds* to it,
pressed there: the roll and its prompt replace the old prompt, the play above stays, and
the board is redrawn with the last play's arrows beside the new dice.  Against the
computer its reply is in the message of the turn it answers and stays there when the
human rolls.  A roll with no legal play (T-4) joins the message it was rolled on, whose
board keeps the play before it drawn beside the lost dice, and the next player's turn is
a new message: a mention added by an edit notifies nobody (issue 46).  A challenge, once
answered, is rewritten to say what became of it.  Any other press takes the pressed
message's buttons off.  Pure values: ``GamePresenter``
(bot/delivery/games.py) carries a plan out and never decides one (README, "Messages").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.service.model import Post, Reply
from bot.service.text import MESSAGE_LIMIT, clip


@dataclass(frozen=True)
class Plan:
    """What one reply does to the channel."""

    #: New messages, in order.
    send: list[Post] = field(default_factory=list)
    #: The pressed message becomes this post (its text, board and buttons) instead of
    #: losing its buttons.
    redraw: Post | None = None
    #: What the game's previous live board (a challenge called off by a command) says
    #: once its buttons are taken off.
    retire: str | None = None
    #: What the pressed message says once its buttons are taken off: its turns without
    #: the prompt that the press made stale.
    trim: str | None = None
    #: Whether ``redraw`` makes the pressed message the game's live board at the reply's
    #: version (a roll did); a press on the picker only changes what it shows (the game's
    #: version is the same), and a play it confirms posts the next live board itself.
    record: bool = True


def plan(reply: Reply, *, pressed: bool, shown: str = "", stale: str | None = None) -> Plan:
    """The message policy for one reply; ``pressed``: it answers a button on a message
    whose text is ``shown`` and whose prompt is ``stale`` (default: the one the service
    says, ``Reply.offered_before``).

    One message per turn (``compose``).  A roll pressed on a board is added to that
    board's message (``extend``): the turns it reports stay, and the roll follows with
    the plays to choose from, or, forfeited, with the next player's turn (issue 30).
    The play picker (issue 37) answers on its own message (``Reply.picker``): a menu
    narrowed, the chosen play previewed, or, confirmed, the message back to the roll
    without controls and the play posted as the next message.  A challenge answered by
    a press becomes the answer; answered by a command (withdrawn with ``/brade abort``),
    its message is rewritten when its buttons go.  Anything else is posted as new
    messages, and a pressed message loses its buttons and keeps its turns but not its
    prompt, stale now (``trimmed``); so does any board a newer one replaces
    (``GamePresenter`` does that, and keeps the game's buttons on its newest board).
    """
    stale = reply.offered_before if stale is None else stale
    if pressed and reply.roll is not None and reply.posts and reply.posts[0].forfeit:
        # lost: the roll joins the board; the next turn is new messages, which notify
        return Plan(send=compose(reply.posts[1:]), redraw=extend(shown, stale, reply.posts[0]))
    posts = compose(reply.posts)
    if pressed and reply.picker is not None:
        return Plan(send=posts, redraw=extend(shown, stale, reply.picker), record=False)
    if pressed and reply.roll is not None and len(posts) == 1:
        return Plan(redraw=extend(shown, stale, posts[0]))
    if reply.challenge is not None:
        if pressed:
            return Plan(send=posts, redraw=reply.challenge)
        return Plan(send=posts, retire=reply.challenge.content)
    if pressed and posts:  # a play, a forfeited roll: the board keeps its turns
        return Plan(send=posts, trim=trimmed(shown, stale))
    return Plan(send=posts)


def trimmed(shown: str, stale: str) -> str | None:
    """A board's text without its prompt (``stale``), once that is no longer what its
    player can do; None when the text does not end with it (a board of an older bot)
    or nothing else is left."""
    kept = shown.rstrip()
    if not stale or not kept.endswith(stale):
        return None
    return kept[:-len(stale)].rstrip() or None


def extend(shown: str, stale: str, post: Post) -> Post:
    """``post`` added to a message that reads ``shown``: the message's prompt
    (``stale``, what its player could do before) gives way to ``post``'s text and
    prompt; the turns above it stay.  A message too long keeps its end."""
    kept = shown.rstrip()
    if stale and kept.endswith(stale):  # a turn's message may hold its prompt alone
        kept = kept[:-len(stale)].rstrip()
    text = "\n".join(x for x in (kept, post.text) if x)
    return replace(post, text=clip(text, MESSAGE_LIMIT - len(post.prompt) - 1, keep="tail"))


def compose(posts: list[Post]) -> list[Post]:
    """What one command posts, in as few messages as possible.

    Consecutive posts become one message (the computer's reply joins the human turn it
    answers: both turns in the text, the board after the reply, the last prompt),
    except that a game's final board stands alone, so a match's next game starts in a
    message of its own, and a lost roll that follows a play ends its message
    (``Post.forfeit``), its board keeping that play drawn: the turn that follows is a new
    message, one per player turn, which notifies its player.  A lost roll after another
    one (nothing drawn to keep) joins the turn that follows.
    """
    out: list[Post] = []
    group: list[Post] = []

    def flush() -> None:
        if not group:
            return
        boards = [p.board for p in group if p.board is not None]
        mentions = tuple(dict.fromkeys(u for p in group for u in p.mentions))
        last = group[-1]
        text = "\n".join(p.text for p in group if p.text)
        text = clip(text, MESSAGE_LIMIT - len(last.prompt) - 1, keep="tail")
        out.append(Post(text, board=boards[-1] if boards else None,
                        buttons=last.buttons, mentions=mentions, final=last.final,
                        prompt=last.prompt, menu=last.menu, forfeit=last.forfeit))
        group.clear()

    for post in posts:
        group.append(post)
        if post.final or (post.forfeit and drew_play(post)):
            flush()
    flush()
    return out


def drew_play(post: Post) -> bool:
    """Whether the post's board draws a play (its arrows), which a later board in the
    same message would hide."""
    last = post.board.last_turn if post.board is not None else None
    return bool(getattr(last, "steps", None))


def live(post: Post) -> bool:
    """A message the game's next board supersedes: one with buttons, a menu or a prompt,
    which it then loses."""
    return bool(post.buttons or post.menu or post.prompt) and not post.final


def is_board(post: Post) -> bool:
    """A message that carries a game's current buttons (a board, or a challenge)."""
    return post.board is not None or any(b.action in ("accept", "decline")
                                         for b in post.buttons)
