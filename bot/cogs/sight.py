"""Which channels a member can see now, by Discord's own rule (issue 25).

``/watch`` must not hand out a game played where the asker cannot look: a member sees a
game's channel if Discord would show it to them, checked *now* with the member's roles
and the channel's permission overwrites, which the interaction (the member) and the
cached guild (roles, channels, overwrites) give:

* a channel: ``view_channel`` there, for the member and for the bot (a game in a channel
  the bot can no longer see is its two players' only; ``bot.service.spectate`` lets the
  players through itself);
* a thread: the same in its parent channel; a *private* thread besides needs the member
  to be in it, or to have Manage Threads in the parent, as Discord has it.

discord.py drops archived threads from its cache, and a finished game's thread is
archived, so a thread the cache does not know is looked up once (its parent and kind never
change, so the lookup is kept); a failed lookup (the channel is gone, or the bot may not
see it) is remembered for a minute.  Whether someone is in a private thread is asked of
Discord (the bot runs without the members intent, so no cache knows) and remembered for
``MEMBERSHIP_TTL`` seconds, so an autocomplete flood costs one request, not one a key.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Collection

import discord

from bot.service.spectate import Sight

THREADS_KEPT = 4096
MISS_TTL = 60.0
MEMBERSHIP_TTL = 15.0


class Sightlines:
    """The bot's memory for sight checks; ``for_interaction`` makes one asker's ``Sight``."""

    def __init__(self, clock=time.monotonic) -> None:  # type: ignore[no-untyped-def]
        self.clock = clock
        self._threads: OrderedDict[int, discord.Thread] = OrderedDict()
        self._missing: dict[int, float] = {}
        self._members: dict[tuple[int, int], tuple[float, bool]] = {}

    def for_interaction(self, interaction: discord.Interaction,
                        budget: float | None = None) -> Sight:
        """The channels ``interaction``'s member can see.  A command (no ``budget``) asks
        Discord afresh who is in a private thread; an autocomplete may use an answer
        ``MEMBERSHIP_TTL`` seconds old, and lookups that would take longer than
        ``budget`` seconds (it must answer within 3 s) count as unseen."""
        guild, member = interaction.guild, interaction.user

        async def sight(channel_ids: Collection[int]) -> set[int]:
            if guild is None or not isinstance(member, discord.Member):
                return set()
            return await self.visible(guild, member, channel_ids, budget,
                                      remembered=budget is not None)

        return sight

    async def visible(self, guild: discord.Guild, member: discord.Member,
                      channel_ids: Collection[int], budget: float | None = None, *,
                      remembered: bool = False) -> set[int]:
        seen: set[int] = set()
        ask: list[int] = []
        for cid in channel_ids:
            verdict = self._quick(guild, member, cid, remembered)
            if verdict is None:
                ask.append(cid)
            elif verdict:
                seen.add(cid)
        if ask:
            tasks = {asyncio.ensure_future(self._ask(guild, member, cid)): cid for cid in ask}
            done, pending = await asyncio.wait(tasks, timeout=budget)
            for task in pending:  # out of time: unseen (never shown in doubt)
                task.cancel()
            for task in done:
                if not task.cancelled() and task.exception() is None and task.result():
                    seen.add(tasks[task])
        return seen

    # -- from the cache ----------------------------------------------------------------

    def _channel(self, guild: discord.Guild, cid: int) -> object | None:
        return guild.get_channel_or_thread(cid) or self._threads.get(cid)

    def _quick(self, guild: discord.Guild, member: discord.Member, cid: int,
               remembered: bool) -> bool | None:
        """The verdict from what is cached, or None when Discord must be asked."""
        channel = self._channel(guild, cid)
        if channel is None:
            return False if self._missing.get(cid, 0.0) > self.clock() else None
        return self._judge(guild, member, channel, remembered)

    def _judge(self, guild: discord.Guild, member: discord.Member, channel: object,
               remembered: bool = False) -> bool | None:
        me = guild.me
        if me is None:
            return False
        if isinstance(channel, discord.Thread):
            parent = guild.get_channel(channel.parent_id)
            if parent is None or not parent.permissions_for(me).view_channel:
                return False
            perms = parent.permissions_for(member)
            if not perms.view_channel:
                return False
            if channel.type is discord.ChannelType.private_thread and not perms.manage_threads:
                known = self._members.get((channel.id, member.id)) if remembered else None
                if known is not None and known[0] > self.clock():
                    return known[1]
                return None  # only Discord knows who is in it
            return True
        if not isinstance(channel, discord.abc.GuildChannel):
            return False
        return (channel.permissions_for(me).view_channel
                and channel.permissions_for(member).view_channel)

    # -- asking Discord ----------------------------------------------------------------

    async def _ask(self, guild: discord.Guild, member: discord.Member, cid: int) -> bool:
        channel = self._channel(guild, cid)
        if channel is None:
            try:
                channel = await guild.fetch_channel(cid)
            except (discord.NotFound, discord.Forbidden, discord.InvalidData):
                self._forget_later(cid)  # gone, another server's, or hidden from the bot
                return False
            except discord.HTTPException:
                return False
            if isinstance(channel, discord.Thread):
                self._keep(channel)
        verdict = self._judge(guild, member, channel)
        if verdict is not None:
            return verdict
        assert isinstance(channel, discord.Thread)
        try:
            await channel.fetch_member(member.id)
            inside = True
        except discord.NotFound:
            inside = False
        except discord.HTTPException:
            return False
        self._members[(channel.id, member.id)] = (self.clock() + MEMBERSHIP_TTL, inside)
        if len(self._members) > THREADS_KEPT:
            self._members = {k: v for k, v in self._members.items() if v[0] > self.clock()}
        return inside

    def _keep(self, thread: discord.Thread) -> None:
        self._threads[thread.id] = thread
        self._threads.move_to_end(thread.id)
        while len(self._threads) > THREADS_KEPT:
            self._threads.popitem(last=False)

    def _forget_later(self, cid: int) -> None:
        now = self.clock()
        self._missing[cid] = now + MISS_TTL
        if len(self._missing) > THREADS_KEPT:
            self._missing = {k: v for k, v in self._missing.items() if v > now}
