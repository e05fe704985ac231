"""Delivering a reply to Discord: the one place that posts, edits and strips messages.

The service answers every command with a ``Reply`` (bot/service/model.py): a private note,
public posts with boards and buttons, the game they belong to.  This module turns it
into messages, whoever asked for it: a slash command or a button press (``answer``), or
the bot on its own initiative, a new thread, a reminder, the computer's owed turn, a
tournament's game (``post``).  After each post it keeps the game's buttons on its newest
board only (the store remembers which, ``bot/service/posts.py``), and when a game ends
it archives the thread the bot opened for it.  A challenge that lapsed is rewritten in
place (``close_lapsed``).

The message policy (README, "Messages") is decided in one place, ``plan``, and only
there.  The channel is the game's record (issue 22): a message is never rewritten so
that a play it reported disappears.  One message per turn (``compose``): a play posts a
new message that reports it (and pings the player to act next), and that player's roll
*adds* to it, pressed there: the roll and its prompt replace the old prompt, the play
above stays, and the board is redrawn with the last play's arrows beside the new dice.
Against the computer its reply is in the message of the turn it answers and stays there
when the human rolls.  A challenge, once answered, is rewritten to say what became of
it.  Any other press takes the pressed message's buttons off.  ``Delivery`` carries a
plan out and never decides one.

Every board is drawn by the board workers (bot/service/pictures.py) before anything is
posted, concurrently, after the interaction has been deferred; each goes out with its
alt text (``describe``) as the attachment's description, for screen readers.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.permissions import TO_ARCHIVE, TO_EDIT, TO_REPLY_BOARD, Rights, to_post
from bot.service.model import BoardSpec, Post, Reply
from bot.service.pictures import RenderPool, describe
from bot.service.text import MESSAGE_LIMIT, clip
from bot.views import make_view

if TYPE_CHECKING:
    from bot.service.games import GameService

log = logging.getLogger(__name__)

#: Boards whose text ``Delivery`` remembers (one per live game; ~2 kB each).
REMEMBERED = 5000
#: (channel id, message id) of a posted message.
Where = tuple[int, int]


# -- the message policy -----------------------------------------------------------------


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
    says, ``Reply.stale_prompt``).

    One message per turn (``compose``).  A roll pressed on a board is added to that
    board's message (``extend``): the turns it reports stay, and the roll follows with
    the plays to choose from, or, forfeited, with the next player's turn (issue 30).
    The play picker (issue 37) answers on its own message (``Reply.update``): a menu
    narrowed, the chosen play previewed, or, confirmed, the message back to the roll
    without controls and the play posted as the next message.  A challenge answered by
    a press becomes the answer; answered by a command (withdrawn with ``/brade abort``),
    its message is rewritten when its buttons go.  Anything else is posted as new
    messages, and a pressed message loses its buttons and keeps its turns but not its
    prompt, stale now (``trimmed``); so does any board a newer one replaces
    (``Delivery`` does that, and keeps the game's buttons on its newest board).
    """
    posts = compose(reply.posts)
    stale = reply.stale_prompt if stale is None else stale
    if pressed and reply.update is not None:
        return Plan(send=posts, redraw=extend(shown, stale, reply.update), record=False)
    if pressed and reply.rolled and len(posts) == 1:
        return Plan(redraw=extend(shown, stale, posts[0]))
    if reply.answered is not None:
        if pressed:
            return Plan(send=posts, redraw=reply.answered)
        return Plan(send=posts, retire=reply.answered.content)
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
    kept = trimmed(shown, stale) or shown.rstrip()
    text = "\n".join(x for x in (kept, post.text) if x)
    return replace(post, text=clip(text, MESSAGE_LIMIT - len(post.prompt) - 1, keep="tail"))


def compose(posts: list[Post]) -> list[Post]:
    """What one command posts, in as few messages as possible.

    Consecutive posts become one message (the computer's reply joins the human turn it
    answers: both turns in the text, the board after the reply, the last prompt),
    except that a game's final board stands alone, so a match's next game starts in a
    message of its own.
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
                        prompt=last.prompt, menu=last.menu))
        group.clear()

    for post in posts:
        group.append(post)
        if post.final:
            flush()
    flush()
    return out


def live(post: Post) -> bool:
    """A message the game's next board supersedes: one with buttons, a menu or a prompt,
    which it then loses."""
    return bool(post.buttons or post.menu or post.prompt) and not post.final


def is_board(post: Post) -> bool:
    """A message that carries a game's current buttons (a board, or a challenge)."""
    return post.board is not None or any(b.action in ("accept", "decline")
                                         for b in post.buttons)


# -- carrying it out --------------------------------------------------------------------


def _mentions(post: Post) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(u) for u in post.mentions if u])


async def board_file(pictures: RenderPool, spec: BoardSpec, filename: str = "brade.png",
                     png: bytes | None = None) -> discord.File:
    """A board as an attachment: drawn by the board workers (unless ``png`` is its
    picture, drawn before), its alt text in the reader's language (every board the bot
    posts, games' and problems')."""
    if png is None:
        png = await pictures.render(spec)
    return discord.File(io.BytesIO(png), filename=filename, description=describe(spec))


async def _files(pictures: RenderPool, posts: list[Post]) -> list[discord.File | None]:
    """Every post's board, drawn concurrently by the board workers."""
    async def one(p: Post) -> discord.File | None:
        return None if p.board is None or p.same_board else await board_file(pictures, p.board)

    return list(await asyncio.gather(*(one(p) for p in posts)))


def _message(post: Post, file: discord.File | None) -> dict[str, Any]:
    """The keyword arguments that send ``post`` (text apart)."""
    kwargs: dict[str, Any] = {"allowed_mentions": _mentions(post)}
    if file is not None:
        kwargs["file"] = file
    view = make_view(post.buttons, post.menu)
    if view is not None:
        kwargs["view"] = view
    return kwargs


#: Discord's answer to a post in an archived thread it did not reopen by itself.
THREAD_ARCHIVED = 50083


async def _send_reopening(channel: discord.abc.Messageable, content: str,
                          **kwargs: Any) -> discord.Message:
    """``channel.send``; a thread archived meanwhile is reopened first.  Posting in an
    archived (unlocked) thread reopens it; should Discord refuse instead, the bot reopens
    it itself, as the thread's creator may, and posts again."""
    try:
        return await channel.send(content, **kwargs)
    except discord.HTTPException as error:
        if error.code != THREAD_ARCHIVED or not isinstance(channel, discord.Thread):
            raise
        await channel.edit(archived=False)
        if kwargs.get("file") is not None:
            kwargs["file"].reset()  # read once already: from its start again
        return await channel.send(content, **kwargs)


class Delivery:
    """Posts replies, keeps each game's buttons on its newest board, archives the
    threads of games that ended.  One per bot, made at start-up (bot/client.py)."""

    def __init__(self, client: discord.Client, games: GameService, *,
                 rights: Rights | None = None, pictures: RenderPool | None = None) -> None:
        self.client = client
        #: Draws every board and picture (the board workers; None: in threads).
        self.pictures = pictures or RenderPool(0)
        self.games = games
        #: Remembers, for the server's admins, an edit or archive refused for a missing
        #: right (bot/permissions.py); None: only logged.
        self.rights = rights
        #: The text and prompt of each board posted with a prompt (a live game's newest),
        #: so that the board keeps its turns and loses its prompt when its buttons go.
        #: In memory: after a restart the old boards keep their prompts (harmless).
        #: A preview of the play picker also keeps the board to show again should its
        #: controls be taken off (``Post.revert``).
        self._said: OrderedDict[int, tuple[str, str, BoardSpec | None]] = OrderedDict()
        #: The last two pictures drawn onto a message by an edit (the roll's board, then
        #: a preview of the picker): going back to the roll's board (Confirm, Choose
        #: again, a strip) sends it again instead of drawing it again.
        self._pictures: OrderedDict[int, list[tuple[BoardSpec, bytes]]] = OrderedDict()

    def _remember(self, message_id: int, post: Post) -> None:
        if post.prompt:
            self._said[message_id] = (post.content, post.prompt, post.revert)
            while len(self._said) > REMEMBERED:
                self._said.popitem(last=False)

    async def _picture(self, message_id: int, spec: BoardSpec) -> discord.File:
        """``spec`` drawn onto the message ``message_id``: the picture it had before
        when that is the one (a preview taken back), else drawn, and remembered."""
        kept = self._pictures.pop(message_id, [])
        png = next((png for seen, png in kept if seen == spec), None)
        if png is None:
            png = await self.pictures.render(spec)
        self._pictures[message_id] = [*[x for x in kept if x[0] != spec][-1:], (spec, png)]
        while len(self._pictures) > REMEMBERED // 10:
            self._pictures.popitem(last=False)
        return await board_file(self.pictures, spec, png=png)

    # -- the two ways a reply arrives --------------------------------------------------

    async def answer(self, interaction: discord.Interaction, reply: Reply, *,
                     component: bool = False) -> None:
        """The reply to a slash command, or (``component``) to a button press."""
        response = interaction.response
        message = interaction.message if component else None
        pressed = message.id if message is not None else None
        said = self._said.pop(pressed, None) if pressed is not None else None
        todo = plan(reply, pressed=pressed is not None,
                    shown=message.content if message is not None else "",
                    stale=said[1] if said else None)
        if not todo.send and todo.redraw is None:
            await self._private(interaction, reply, component=component)
            return
        if todo.redraw is not None and todo.redraw.same_board and not todo.send \
                and pressed is not None and not response.is_done():
            # the picker narrowing its menu: nothing to draw, the message is answered at once
            post = todo.redraw
            await response.edit_message(content=post.content,
                                        view=make_view(post.buttons, post.menu),
                                        allowed_mentions=_mentions(post))
            self._remember(pressed, post)
            return
        if not response.is_done():
            await (response.defer() if component else response.defer(thinking=True))
        channel_id = interaction.channel_id or 0
        redraw = todo.redraw if pressed is not None else None

        async def redrawn() -> discord.File | None:
            if redraw is None or redraw.board is None or redraw.same_board:
                return None
            assert pressed is not None
            return await self._picture(pressed, redraw.board)

        first, drawn = await asyncio.gather(redrawn(), _files(self.pictures, todo.send))
        bare: list[int] = []  # messages known to carry no buttons now
        if todo.redraw is not None and pressed is not None:
            post, file = todo.redraw, first
            edit: dict[str, Any] = {}
            if not post.same_board:  # the picker narrowing keeps the picture it has
                edit["attachments"] = [file] if file is not None else []
            await interaction.edit_original_response(
                content=post.content, view=make_view(post.buttons, post.menu),
                allowed_mentions=_mentions(post), **edit)
            if not post.buttons and post.menu is None:
                bare.append(pressed)
            self._remember(pressed, post)
            if reply.game_id is not None and todo.record:
                await self._record(reply, (channel_id, pressed) if live(post) else None,
                                   bare=bare)
        sent: list[tuple[Post, int]] = []
        for post, file in zip(todo.send, drawn, strict=True):
            msg = await interaction.followup.send(post.content, wait=True,
                                                  **_message(post, file))
            self._remember(msg.id, post)
            sent.append((post, msg.id))
        if component and todo.redraw is None:
            spent: dict[str, Any] = {"view": None}  # the pressed message's buttons are spent
            if reply.private:
                spent["content"] = reply.private
            elif todo.trim:
                spent["content"] = todo.trim
            await interaction.edit_original_response(**spent)
            if pressed is not None:
                bare.append(pressed)
        elif reply.private:
            await interaction.followup.send(reply.private, ephemeral=True)
        await self._after_posts(channel_id, reply, sent, bare=bare, retire=todo.retire,
                                ended=todo.redraw is not None and todo.redraw.final)

    async def post(self, channel: discord.abc.Messageable, reply: Reply) -> None:
        """Posts outside an interaction (a new thread, reminders, the computer's owed
        turns, a tournament's games)."""
        todo = plan(reply, pressed=False)
        files = await _files(self.pictures, todo.send)
        sent: list[tuple[Post, int]] = []
        for post, file in zip(todo.send, files, strict=True):
            msg = await _send_reopening(channel, post.content, **_message(post, file))
            self._remember(msg.id, post)
            sent.append((post, msg.id))
        await self._after_posts(getattr(channel, "id", 0), reply, sent)

    async def close_lapsed(self, lapsed: Iterable[tuple[int, int, str]]) -> None:
        """Challenges nobody answered (``GameService.expire_offers``): each challenge's
        own message now says it lapsed and loses its buttons; failing that (deleted
        meanwhile, say) the channel is told."""
        for channel_id, game_id, note in lapsed:
            where = await self.games.posts.close_board(game_id)
            if where is not None:
                message = self.client.get_partial_messageable(where[0]).get_partial_message(
                    where[1])
                try:
                    if await self._own(self.client.get_channel(where[0]) or message.channel,
                                       "lapsed", TO_EDIT, partial(message.edit, content=note,
                                                                  view=None)) is not None:
                        continue
                except discord.HTTPException:
                    log.info("could not edit the lapsed challenge %s", game_id)
            channel = self.client.get_channel(channel_id) \
                or self.client.get_partial_messageable(channel_id)
            try:
                await self._own(channel, "lapsed", to_post(channel), partial(
                    channel.send, note,  # type: ignore[union-attr]
                    allowed_mentions=discord.AllowedMentions.none()))
            except discord.HTTPException:
                log.warning("could not close the lapsed challenge %s", game_id)

    # -- the private note alone --------------------------------------------------------

    @staticmethod
    async def _private(interaction: discord.Interaction, reply: Reply, *,
                       component: bool) -> None:
        """A reply without posts: its note (and buttons) for the user alone; pressed on a
        private message (a confirmation), that message becomes the note."""
        if not reply.private:
            return
        response = interaction.response
        view = make_view(reply.buttons)
        if component and not response.is_done():
            await response.edit_message(content=reply.private, view=view)
            return
        # discord.py's "no view" for a new message is MISSING (None is refused there).
        buttons = view if view is not None else discord.utils.MISSING
        if response.is_done():
            await interaction.followup.send(reply.private, ephemeral=True, view=buttons)
        else:
            await response.send_message(reply.private, ephemeral=True, view=buttons)

    # -- the game's live board ---------------------------------------------------------

    async def _after_posts(self, channel_id: int, reply: Reply,
                           sent: list[tuple[Post, int]], *, bare: Iterable[int] = (),
                           retire: str | None = None, ended: bool = False) -> None:
        """Keep buttons only on a game's newest board; when the game ends, strip them
        from its last one and archive the game's thread (the store remembers both, so
        this holds across a restart and across processes).  ``retire``: what the board
        that loses its buttons says now (a challenge called off); ``ended``: the game
        closed without a new board (a challenge declined on its own message)."""
        if reply.game_id is None:
            return
        for post, message_id in sent:
            if not (post.final or is_board(post)):
                continue
            keep = live(post)
            await self._record(reply, (channel_id, message_id) if keep else None, bare=bare,
                               retire=retire)
            ended = ended or post.final
        if ended:
            await self._archive_if_game_thread(channel_id)

    async def _record(self, reply: Reply, new: Where | None, *,
                      bare: Iterable[int] = (), retire: str | None = None) -> None:
        """Record ``new`` as the game's live board at the reply's version and take the
        buttons off the board that must lose them (the one it replaced, or ``new`` itself
        when a newer board is recorded already), unless it is ``bare``: known to have
        none left; ``retire`` rewrites its text too."""
        assert reply.game_id is not None and reply.version is not None, reply
        strip = await self.games.posts.swap_board(reply.game_id, new, reply.version)
        if strip is not None and strip[1] not in bare:
            await self._strip(*strip, content=retire)

    async def _strip(self, channel_id: int, message_id: int, *,
                     content: str | None = None) -> None:
        """Take a board's buttons off; ``content``: its new text, else (a board this
        process posted) its text without its stale prompt."""
        said = self._said.pop(message_id, None)
        if content is None and said is not None:
            content = trimmed(said[0], said[1])
        edit: dict[str, Any] = {"view": None}
        if content is not None:
            edit["content"] = content
        if said is not None and said[2] is not None:  # a preview's play never counted
            edit["attachments"] = [await self._picture(message_id, said[2])]
        message = self.client.get_partial_messageable(channel_id).get_partial_message(
            message_id)
        try:
            await self._own(self.client.get_channel(channel_id) or message.channel,
                            "buttons", TO_EDIT + (TO_REPLY_BOARD if "attachments" in edit
                                                  else ()), lambda: message.edit(**edit))
        except discord.HTTPException:
            log.info("could not take the buttons off message %s", message_id)

    async def _own(self, where: Any, action: str, needed: tuple[str, ...], act: Any, *,
                   look: bool = True) -> Any:
        """``act()``, an edit of the bot's own in the channel ``where``; a missing right
        is remembered for the admins (``Rights.attempt``) and None returned."""
        if self.rights is None:
            return await act()
        return await self.rights.attempt(where, action, needed, act, look=look)

    async def _archive_if_game_thread(self, channel_id: int) -> None:
        """Archive a thread the bot opened for the game that just ended, unless another
        game already started in it.  The game's end is saved and posted by now, so a
        failure here is logged, never reported to the player as theirs."""
        try:
            if await self.games.channel_busy(channel_id) \
                    or not await self.games.posts.close_thread(channel_id):
                return
            thread = self.client.get_channel(channel_id) \
                or await self.client.fetch_channel(channel_id)  # not cached after a restart
            if isinstance(thread, discord.Thread):
                # its creator may archive it: only Discord's refusal tells a lack
                await self._own(thread, "archive", TO_ARCHIVE,
                                lambda: thread.edit(archived=True), look=False)
        except Exception:
            log.warning("could not archive the game thread %s", channel_id, exc_info=True)
