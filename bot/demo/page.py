"""The page the visitor opens: SimCord's preview of one place in the demo's world.

SimCord's page shows one channel (a thread and a direct message are channels of their
own) and an Env serves one page at a time.  So moving to another place closes the page
and opens a new one on the same port with the same capability: the address stays valid,
and reloading the browser tab shows the new place.  The capability (the part after
``#``) is what the page's every request must carry; SimCord refuses the rest.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import simcord
from simcord.backend.access import can_access_channel
from simcord.preview import Preview

from bot.demo.world import World

Viewer = simcord.MemberActor | simcord.UserHandle


@dataclass(frozen=True)
class Place:
    """Somewhere the page can show, and whom it may show it as (the first at first)."""

    label: str
    channel: simcord.ChannelHandle
    viewers: tuple[Viewer, ...]


def places(world: World) -> list[Place]:
    """The channel, its threads (a tournament's matches), then every direct message
    with the bot; the visitor's always (one can play the computer there)."""
    found = [Place(f"#{world.channel.name}", world.channel, tuple(world.members))]
    for thread in world.channel.threads:
        who = tuple(m for m in world.members
                    if can_access_channel(world.env, thread.id, m, history=True))
        if who:
            found.append(Place(f"#{world.channel.name} › {thread.name}", thread, who))
    dms = world.env.backend.dm_channels
    for member in world.members:
        if member is world.you or member.id in dms:
            user = member.user
            found.append(Place(f"@{world.names.you if member is world.you else member.name}"
                               f" ↔ brade (direct messages)", user.dm_channel, (user,)))
    return found


class Page:
    """The one preview page, on ``port`` (0: any free port, kept once bound)."""

    def __init__(self, world: World, port: int = 0) -> None:
        self.world = world
        self.port = port
        self.capability = secrets.token_urlsafe(32)
        self.preview: Preview | None = None
        self.place: Place | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/#{self.capability}"

    async def open(self, place: Place, first: Viewer | None = None) -> None:
        """Show ``place`` (as ``first`` where given), closing what was shown."""
        await self.close()
        viewers = place.viewers
        if first is not None and first in viewers:
            viewers = (first, *(v for v in viewers if v is not first))
        preview = self.world.env.preview(
            place.channel, viewers=viewers, layout="channel", display="responsive",
            width=1280, height=900, locale=self.world.names.locale,
            timezone="Europe/Stockholm", port=self.port)
        preview.capability = self.capability  # one address for every place
        await preview.__aenter__()
        self.preview, self.place = preview, place
        self.port = int(preview.url.split(":")[2].split("/")[0])

    async def refresh(self) -> None:
        """Show what the bot did on its own (the clock moved on) to every open page."""
        if self.preview is not None:
            await self.preview.refresh()

    async def close(self) -> None:
        preview, self.preview = self.preview, None
        if preview is not None:
            await preview.close()

    async def __aenter__(self) -> Page:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()
