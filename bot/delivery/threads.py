"""Threads the bot opens for games and tournament matches, and closes again.

A game in a thread of its own (the busy-channel button, the server's ``threads``
setting, a tournament's match) gets a public thread that Discord archives after a week
without messages (``THREAD_ARCHIVE_MINUTES``); the bot archives it itself when the game
ends.  Archiving needs no right for the thread's creator, so it is tried without a look
first and only Discord's refusal tells a lack (remembered for the admins, like every act
of the bot's own: bot/permissions.py).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.permissions import THREAD_ARCHIVE_MINUTES, TO_ARCHIVE, Rights

log = logging.getLogger(__name__)


async def open_thread(channel: discord.TextChannel, name: str) -> discord.Thread:
    """A new public thread of ``channel`` (``discord.Forbidden`` when a right is
    missing: the caller words that for the member)."""
    return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                       auto_archive_duration=THREAD_ARCHIVE_MINUTES)


async def open_thread_for(rights: Rights, channel: discord.TextChannel, name: str,
                          action: str) -> discord.Thread | None:
    """A new public thread opened on the bot's own initiative (a tournament's match);
    None when a right is missing, which the admins are told of as ``action``."""
    return await rights.attempt(channel, action, ("view_channel", "create_public_threads"),
                                partial(open_thread, channel, name))


async def find_thread(client: discord.Client, thread_id: int) -> discord.Thread | None:
    """A thread by its id: from the cache, else fetched (an archived thread leaves
    discord.py's cache); None when it is gone or not a thread."""
    found: Any = client.get_channel(thread_id)
    if found is None:
        try:
            found = await client.fetch_channel(thread_id)
        except discord.HTTPException:
            return None
    return found if isinstance(found, discord.Thread) else None


async def reopen(thread: discord.Thread) -> None:
    """An archived thread opened again (a tournament match restarted in it)."""
    if thread.archived:
        await thread.edit(archived=False)


async def archive(rights: Rights | None, thread: discord.Thread) -> None:
    """The thread archived by its creator, the bot: only Discord's refusal tells a lack."""
    if rights is None:
        await thread.edit(archived=True)
        return
    await rights.attempt(thread, "archive", TO_ARCHIVE, partial(thread.edit, archived=True),
                         look=False)


async def drop_thread(rights: Rights, thread: discord.Thread) -> None:
    """A thread opened for a game that was then refused: deleted (Manage Threads), else
    archived, which its creator may do, so no empty thread stays open."""
    async def delete() -> bool:
        await thread.delete()
        return True

    try:
        if await rights.attempt(thread, "thread.delete", ("manage_threads",), delete):
            return
        await thread.edit(archived=True)
    except discord.HTTPException:
        log.warning("could not delete or archive the unused thread %s", thread.id)
