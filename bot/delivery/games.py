"""The games' presenter on Discord: a game's outcomes posted, edited, their buttons kept
on the newest board.

The service's use-cases answer every game command with a ``Reply`` (bot/service/
model.py): what happened in the game's own terms, a note for the member who acted, the
game saved with its version.  ``GamePresenter`` turns it into messages, whoever asked
for it: a slash command or a button press (``present``: the posts, the word that the
computer owes its turn, then the "your turn" letters, ``after_turn``), or the bot on its
own initiative, a new thread, a reminder, the computer's owed turn, a tournament's game
(``post``, ``post_to``).  Members named by the service become Discord's mentions here
(bot/delivery/mentions.py).  After each post it
keeps the game's buttons on its newest board only (the store remembers which,
``bot/service/posts.py``), and when a game ends it archives the thread the bot opened for
it.  A challenge that lapsed is rewritten in place (``close_lapsed``).  What each reply
does is decided by the message policy (bot/delivery/policy.py); this module carries it
out.

Every board is drawn by the board workers (bot/service/pictures.py) before anything is
posted, concurrently; each goes out with its alt text (``describe``) as the
attachment's description, for screen readers.  A press that changes its own message
(a roll added to its board, a preview, Confirm) is answered by that edit itself once
its pictures are drawn, when the board workers keep up (``RenderPool.keeps_up``: they
will have drawn them well within the 3 s Discord gives an answer); else, as anything
else, it is deferred first.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery import answers
from bot.delivery.mentions import on_discord, rendered
from bot.delivery.policy import is_board, live, plan, trimmed
from bot.delivery.threads import archive, find_thread
from bot.i18n import t
from bot.permissions import TO_EDIT, TO_REPLY_BOARD, Rights, reach, to_post
from bot.service.model import BoardSpec, Post, Reply
from bot.service.pictures import RenderPool, describe
from bot.views import make_view

if TYPE_CHECKING:
    from bot.service.games import GameService

log = logging.getLogger(__name__)

#: Boards whose text ``GamePresenter`` remembers (one per live game; ~2 kB each).
REMEMBERED = 5000
#: (channel id, message id) of a posted message.
Where = tuple[int, int]


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """A post pings these members and nobody else (no @everyone, no role), whatever its
    text holds: a member's name may be typed to look like a mention."""
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(u) for u in user_ids if u])


async def board_file(pictures: RenderPool, spec: BoardSpec, filename: str = "brade.png",
                     png: bytes | None = None) -> discord.File:
    """A board as an attachment: drawn by the board workers (unless ``png`` is its
    picture, drawn before), its alt text in the reader's language (every board the bot
    posts, games' and problems')."""
    if png is None:
        png = await pictures.render(spec)
    return discord.File(io.BytesIO(png), filename=filename, description=describe(spec))


async def _files(pictures: RenderPool, posts: list[Post],
                 known: dict[BoardSpec, bytes] | None = None) -> list[discord.File | None]:
    """Every post's board, drawn concurrently by the board workers; one whose picture is
    ``known`` (the pressed message's: a preview confirmed, issue 47) is sent as it is,
    however long ago it was drawn."""
    async def one(p: Post) -> discord.File | None:
        if p.board is None or p.same_position:
            return None
        return await board_file(pictures, p.board, png=(known or {}).get(p.board))

    return list(await asyncio.gather(*(one(p) for p in posts)))


def _message(post: Post, file: discord.File | None) -> dict[str, Any]:
    """The keyword arguments that send ``post`` (text apart)."""
    kwargs: dict[str, Any] = {"allowed_mentions": mentioning(post.mentions)}
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


class GamePresenter:
    """A game's outcomes on Discord: posts them, keeps each game's buttons on its newest
    board, archives the threads of games that ended.  One per bot, made at start-up
    (bot/client.py)."""

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
        #: controls be taken off (``Post.preview_of``).
        self._said: OrderedDict[int, tuple[str, str, BoardSpec | None]] = OrderedDict()
        #: The last two pictures drawn onto a message by an edit (the roll's board, then
        #: a preview of the picker): going back to the roll's board (Confirm, Choose
        #: again, a strip) sends it again instead of drawing it again.
        self._pictures: OrderedDict[int, list[tuple[BoardSpec, bytes]]] = OrderedDict()
        #: Called with the channel once a member's command changed its game and was
        #: answered: the opponent's "your turn" letter, if asked for (bot/cogs/
        #: correspondence.py: ``Notices.after_command``, set at start-up).
        self.after_turn: Callable[[int], Awaitable[None]] | None = None

    def _remember(self, message_id: int, post: Post) -> None:
        if post.prompt:
            self._said[message_id] = (post.content, post.prompt, post.preview_of)
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

    async def present(self, interaction: discord.Interaction, reply: Reply, *,
                      component: bool = False) -> None:
        """The reply to a slash command, or (``component``) to a button press: its
        posts, then a word to the member when the computer owes its turn; whatever
        became of them, the game changed, so ``after_turn`` follows ("your turn"
        letters), unless the press only changed what its message shows
        (``Reply.shows_only``: the game is as it was)."""
        reply = rendered(reply)
        try:
            await self._present(interaction, reply, component=component)
            if reply.computer_later:  # its turn is owed, played later
                await answers.send_private(interaction, t("err.computer_later", reply.lang))
        finally:
            if reply.game_id is not None and self.after_turn is not None \
                    and not reply.shows_only:
                await self.after_turn(interaction.channel_id or 0)

    async def _present(self, interaction: discord.Interaction, reply: Reply, *,
                       component: bool) -> None:
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
        if todo.redraw is not None and todo.redraw.same_position and not todo.send \
                and pressed is not None and not response.is_done():
            # the picker narrowing its menu: nothing to draw, the message is answered at once
            post = todo.redraw
            await response.edit_message(content=post.content,
                                        view=make_view(post.buttons, post.menu),
                                        allowed_mentions=mentioning(post.mentions))
            self._remember(pressed, post)
            return
        channel_id = interaction.channel_id or 0
        redraw = todo.redraw if pressed is not None else None
        answer: Callable[..., Awaitable[Any]] | None = None

        async def redrawn() -> discord.File | None:
            if redraw is None or redraw.board is None or redraw.same_position:
                return None
            assert pressed is not None
            return await self._picture(pressed, redraw.board)

        # the pressed message's pictures: Confirm's board is the preview's (a player may
        # think longer than the board workers' store keeps it)
        known = dict(self._pictures.get(pressed, [])) if pressed is not None else {}
        if not response.is_done():
            if redraw is not None and self.pictures.keeps_up():
                # A press that changes its own message is answered by that change, one
                # call, once its pictures are drawn; when the board workers are behind,
                # deferred first (Discord wants an answer within 3 s), as a command is.
                answer = response.edit_message
            else:
                await (response.defer() if component else response.defer(thinking=True))
        first, drawn = await asyncio.gather(redrawn(), _files(self.pictures, todo.send, known))
        bare: list[int] = []  # messages known to carry no buttons now
        #: where to post what follows when Discord no longer takes an answer to this press
        lapsed: discord.abc.Messageable | None = None
        if todo.redraw is not None and pressed is not None:
            post, file = todo.redraw, first
            shown: dict[str, Any] = {"content": post.content,
                                     "view": make_view(post.buttons, post.menu),
                                     "allowed_mentions": mentioning(post.mentions)}
            if not post.same_position:  # the picker narrowing keeps the picture it has
                shown["attachments"] = [file] if file is not None else []
            try:
                await (answer or interaction.edit_original_response)(**shown)
            except discord.NotFound:
                if answer is None or message is None:
                    raise
                # Discord stopped waiting for the answer (3 s: the board workers fell
                # further behind than ``keeps_up`` foresaw).  The member sees the press
                # fail, but the change is saved: the message, the bot's own, is edited
                # without the interaction, and what follows is posted in the channel.
                lapsed = await reach(self.client, channel_id)
                if file is not None:  # read by the refused answer: the same picture anew
                    shown["attachments"] = [await redrawn()]
                await message.edit(**shown)
            if not post.buttons and post.menu is None:
                bare.append(pressed)
            self._remember(pressed, post)
            if reply.game_id is not None and todo.record:
                await self._record(reply, (channel_id, pressed) if live(post) else None,
                                   bare=bare)
        sent: list[tuple[Post, int]] = []
        for post, file in zip(todo.send, drawn, strict=True):
            if lapsed is not None:
                msg = await _send_reopening(lapsed, post.content, **_message(post, file))
            else:
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
        elif reply.private:  # after the posts (a first game's welcome: with its button)
            view = make_view(reply.buttons)
            await answers.send_private(interaction, reply.private,
                                       **({"view": view} if view is not None else {}))
        await self._after_posts(channel_id, reply, sent, bare=bare, retire=todo.retire,
                                ended=todo.redraw is not None and todo.redraw.final)

    async def post(self, channel: discord.abc.Messageable, reply: Reply) -> None:
        """Posts outside an interaction (a new thread, reminders, the computer's owed
        turns, a tournament's games)."""
        reply = rendered(reply)
        todo = plan(reply, pressed=False)
        files = await _files(self.pictures, todo.send)
        sent: list[tuple[Post, int]] = []
        for post, file in zip(todo.send, files, strict=True):
            msg = await _send_reopening(channel, post.content, **_message(post, file))
            self._remember(msg.id, post)
            sent.append((post, msg.id))
        await self._after_posts(getattr(channel, "id", 0), reply, sent)

    async def post_to(self, channel_id: int, reply: Reply, *, action: str,
                      board: bool = False, guild_id: int | None = None) -> bool:
        """A post of the bot's own in a channel known by its id (a reminder, a claim
        offer, a game closed for idleness, the computer's owed turn): fetched when not
        cached (an archived thread, which posting reopens, issue 35); a missing right is
        remembered for the admins as ``action``, any other failure logged.  Whether it
        was posted."""
        channel = await reach(self.client, channel_id)

        async def posted() -> bool:
            await self.post(channel, reply)
            return True

        try:
            done = await self._own(channel, action, to_post(channel, board=board), posted,
                                   guild_id=guild_id)
        except discord.HTTPException:
            log.warning("could not post (%s) in channel %s", action, channel_id)
            return False
        return bool(done)

    async def close_lapsed(self, lapsed: Iterable[tuple[int, int, str]]) -> None:
        """Challenges nobody answered (``GameService.expire_offers``): each challenge's
        own message now says it lapsed and loses its buttons; failing that (deleted
        meanwhile, say) the channel is told."""
        for channel_id, game_id, note in lapsed:
            note = on_discord(note)
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
        view = make_view(reply.buttons)
        if component and not interaction.response.is_done():
            await answers.on_pressed(interaction, text=reply.private, view=view)
            return
        # discord.py's "no view" for a new message is leaving it out (None is refused).
        await answers.send_private(interaction, reply.private,
                                   **({"view": view} if view is not None else {}))

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
                   look: bool = True, guild_id: int | None = None) -> Any:
        """``act()``, an edit of the bot's own in the channel ``where``; a missing right
        is remembered for the admins (``Rights.attempt``) and None returned."""
        if self.rights is None:
            return await act()
        return await self.rights.attempt(where, action, needed, act, look=look,
                                         guild_id=guild_id)

    async def _archive_if_game_thread(self, channel_id: int) -> None:
        """Archive a thread the bot opened for the game that just ended, unless another
        game already started in it.  The game's end is saved and posted by now, so a
        failure here is logged, never reported to the player as theirs."""
        try:
            if await self.games.channel_busy(channel_id) \
                    or not await self.games.posts.close_thread(channel_id):
                return
            thread = await find_thread(self.client, channel_id)  # not cached after a restart
            if thread is not None:
                await archive(self.rights, thread)
        except Exception:
            log.warning("could not archive the game thread %s", channel_id, exc_info=True)
