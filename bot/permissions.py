"""Which rights the bot needs for what, and what it does when a server denies one (issue 35).

Admins often take a right away from the bot in one channel (a permission override)
without knowing what it was for.  So the bot looks before it acts where it can, and
otherwise reads Discord's refusal, and says which right is missing, by the name Discord's
settings give it, in the member's language:

* A member's command or button: the interaction carries the bot's permissions in the
  channel (``interaction.app_permissions``, computed by Discord with the overrides), so a
  command that would post a board, or open a thread, is refused *before* anything is
  saved or a button used up, and the member is told which right is missing and who can
  grant it (``refusal``).  If Discord still refuses after the change was saved, the
  member hears that it is saved (``unposted``), never "nothing was changed".
* The bot's own posts (reminders, claim offers, the computer's delayed move, the daily
  problem, tournament threads and notices, taking buttons off, archiving): nobody is
  there to tell, so ``Rights.attempt`` checks the gateway's view of the channel
  (``permissions_for(guild.me)``), runs the post, and on a missing right (found before,
  or Discord's 403) remembers it for the server's admins
  (bot/service/shortfalls.py); the next member with Manage Server to run a command is
  told once (``Rights.tell_admin``).

``INVITE`` is the invite's rights, each with what it is for (README, "Creating the
Discord application", and a test hold the README's table and total to it).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Literal, TypeVar

import discord

from bot.delivery.answers import send_private
from bot.i18n import t
from bot.service.shortfalls import Shortfalls, notice, rights_text

log = logging.getLogger(__name__)
T = TypeVar("T")

#: The invite's rights, in the README table's order: discord.py's names.
INVITE: tuple[str, ...] = ("view_channel", "send_messages", "attach_files",
                           "create_public_threads", "send_messages_in_threads",
                           "manage_threads")


def invite_value(rights: Iterable[str] = INVITE) -> int:
    """The ``permissions=`` number of the invite link."""
    return discord.Permissions(**dict.fromkeys(rights, True)).value


def to_post(channel: object, *, board: bool = False) -> tuple[str, ...]:
    """What posting a message in ``channel`` (a thread or not) needs of the bot."""
    send = "send_messages_in_threads" if isinstance(channel, discord.Thread) \
        else "send_messages"
    return ("view_channel", send, *(("attach_files",) if board else ()))


#: A board in the reply to a command or a press: the reply travels through the
#: interaction (no Send Messages needed), its picture does not.
TO_REPLY_BOARD: tuple[str, ...] = ("attach_files",)
#: A game in a new thread of this channel: the thread, then its first board in it.
TO_OPEN_THREAD: tuple[str, ...] = ("view_channel", "create_public_threads",
                                   "send_messages_in_threads", "attach_files")
#: Taking a board's buttons off (an edit of the bot's own message).
TO_EDIT: tuple[str, ...] = ("view_channel",)
#: Archiving a thread: its creator may; Manage Threads may any.
TO_ARCHIVE: tuple[str, ...] = ("manage_threads",)

#: How long a game's thread stays open without a message, in minutes: the longest
#: Discord allows (a week), set when the thread is made, so that the turn reminder
#: (6 h) and the claim offer (48 h) find it open.  A thread archived all the same (a
#: longer BRADE_CLAIM_AFTER, or by hand) is fetched and posted in, which reopens it.
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080

#: Rights that Discord withdraws with another: without View Channels nothing else counts,
#: and without the right to send, nothing can be attached.  Only the first is named.
_IMPLIED = {"view_channel": ("send_messages", "send_messages_in_threads", "attach_files",
                             "embed_links", "create_public_threads", "manage_threads"),
            "send_messages": ("attach_files", "embed_links"),
            "send_messages_in_threads": ("attach_files", "embed_links")}


def lacking(perms: discord.Permissions, needed: Iterable[str]) -> tuple[str, ...]:
    """The rights of ``needed`` that ``perms`` lacks, without those a missing one implies."""
    gone = [n for n in needed if not getattr(perms, n)]
    implied = {i for n in gone for i in _IMPLIED.get(n, ())}
    return tuple(n for n in gone if n not in implied)


def bot_lacks(channel: object, needed: Iterable[str]) -> tuple[str, ...]:
    """What the bot lacks in ``channel`` as the gateway's cache says; () when it cannot
    tell (a channel known only by its id, a thread whose parent is not cached)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None or not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return ()
    try:
        return lacking(channel.permissions_for(me), needed)
    except discord.ClientException:
        return ()


def app_lacks(interaction: discord.Interaction, needed: Iterable[str]) -> tuple[str, ...]:
    """What the bot lacks where ``interaction`` happened (Discord computed it, overrides
    and all); () outside a server."""
    if interaction.guild_id is None:
        return ()
    return lacking(interaction.app_permissions, needed)


async def reach(client: discord.Client, channel_id: int) -> Any:
    """A channel to post in by its id: from the cache, else fetched (an archived thread
    is not cached, and its parent's overrides decide what the bot may do there), else
    known by its id alone."""
    cached = client.get_channel(channel_id)
    if isinstance(cached, discord.abc.Messageable):
        return cached
    try:
        return await client.fetch_channel(channel_id)
    except discord.HTTPException:
        return client.get_partial_messageable(channel_id)


def refusal(rights: tuple[str, ...], lang: str) -> str:
    """A member's command refused before anything changed: the rights, who grants them."""
    return t("rights.refused", lang, rights=rights_text(rights, lang),
             grant=t("right.grant", lang))


def unposted(rights: tuple[str, ...], lang: str) -> str:
    """Saved, but Discord refused the board for lack of ``rights`` (none known: it said
    Missing Permissions without our seeing which)."""
    if not rights:
        return t("rights.unposted.unknown", lang, grant=t("right.grant", lang))
    return t("rights.unposted", lang, rights=rights_text(rights, lang),
             grant=t("right.grant", lang))


class Rights:
    """The bot's one keeper of missing rights: checks its own posts, remembers what failed
    for the admins, tells them.  Made at start-up (bot/client.py)."""

    def __init__(self, shortfalls: Shortfalls) -> None:
        self.shortfalls = shortfalls

    async def attempt(self, channel: Any, action: str, needed: tuple[str, ...],
                      post: Callable[[], Awaitable[T]], *,
                      guild_id: int | None = None, look: bool = True) -> T | None:
        """Run ``post`` (an act of the bot's own in ``channel``) unless the bot lacks one
        of ``needed`` there; a lack, seen before or refused by Discord (403), is
        remembered as ``action`` for the server's admins, and None returned.  Any other
        failure is the caller's, as before.  ``look=False``: no look beforehand (an act
        Discord may allow without ``needed``, as a thread's creator archiving it)."""
        guild_id = guild_id or getattr(getattr(channel, "guild", None), "id", None)
        channel_id = getattr(channel, "id", 0)
        lacks = bot_lacks(channel, needed) if look else ()
        if lacks:
            await self.shortfalls.record(guild_id, channel_id, action, lacks)
            return None
        try:
            return await post()
        except discord.Forbidden:
            # Refused although the cache saw no lack (a thread known only by its id, a
            # change not seen yet): name what the cache sees now, else what it needs.
            await self.shortfalls.record(guild_id, channel_id, action,
                                         bot_lacks(channel, needed) or needed)
            return None

    async def tell_admin(self, interaction: discord.Interaction, lang: str) -> None:
        """After a command of a member with Manage Server: what the bot could not do on
        its own in this server, told once."""
        perms = interaction.permissions
        if not (self.shortfalls.pending(interaction.guild_id)
                and (perms.manage_guild or perms.administrator)):
            return
        items = await self.shortfalls.waiting(interaction.guild_id)
        if not items or interaction.guild_id is None:
            return
        try:
            await send_private(interaction, notice(items, lang))
        except discord.HTTPException:  # kept for the next one
            log.warning("could not tell an admin of guild %s about missing rights",
                        interaction.guild_id)
            return
        await self.shortfalls.told(interaction.guild_id, items)
