"""The demo's world: one server in a simulated Discord, with the real bot in it.

The bot is ``python -m bot``'s: the same ``BradeBot``, the store ``open_store`` opens,
the board and listing workers (``RenderPool``, ``ListPool``) and the computer in worker
processes (``ProcessAgent``), made here and closed here, last made first, whatever
happens.  Only Discord is SimCord's.  The server belongs to the visitor ("You"), who may
change its settings; two more members are there to play against, to watch as (the
page's "Viewing as") and to fill a small tournament.  The bot's account is called
``brade``, as a real installation's would be.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import simcord

from bot.client import BradeBot
from bot.config import Settings
from bot.service.ai import Agent, ProcessAgent
from bot.service.listing import ListPool
from bot.service.pictures import RenderPool
from bot.store import open_store

Lang = Literal["sv", "en"]
BOT_NAME = "brade"


@dataclass(frozen=True)
class Names:
    """What the world is called in one language (the server's, ``--lang``)."""

    locale: str  # the server's preferred locale, and the page's
    server: str
    channel: str
    you: str
    others: tuple[tuple[str, str], ...]  # (user name, display name)


NAMES: dict[str, Names] = {
    "en": Names("en-US", "Board Game Night", "tables", "You",
                (("sam", "Sam Taylor"), ("alex", "Alex Reed"))),
    "sv": Names("sv-SE", "Brädklubben", "bräde", "Du",
                (("asa", "Åsa Öberg"), ("erik", "Erik Ärlig"))),
}


@dataclass
class World:
    """The running world: the simulated Discord, the bot, the server and its people."""

    env: simcord.Env
    bot: BradeBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    #: The visitor first, then the other members.
    members: list[simcord.MemberActor]
    names: Names

    @property
    def you(self) -> simcord.MemberActor:
        return self.members[0]


@asynccontextmanager
async def running_world(db: str | Path, lang: Lang = "en", *,
                        settings: Settings | None = None,
                        agent: Agent | None = None) -> AsyncIterator[World]:
    """The world on the database ``db``, open until the block ends; then the bot is
    detached and every worker process, the store and SimCord closed.

    ``settings`` default to the environment's, as ``python -m bot`` reads them;
    ``agent`` to the computer in worker processes (tests may hand in another)."""
    settings = Settings.from_env() if settings is None else settings
    names = NAMES[lang]
    async with AsyncExitStack() as made:
        store = await open_store(db)
        made.push_async_callback(store.close)
        renderer = made.enter_context(RenderPool(settings.render_workers))
        lister = made.enter_context(ListPool(settings.render_workers))
        if agent is None:
            agent = made.enter_context(ProcessAgent())
        bot = BradeBot(settings=settings, store=store, renderer=renderer, lister=lister,
                       agent=agent, db_path=db, shards=((0,), 1))
        made.push_async_callback(bot.release)
        # A busy machine and a first board drawn while the workers warm up: allow time.
        env = simcord.Env(bot, settle_timeout=120.0)
        env.backend.bot_user.name = BOT_NAME  # SimCord calls every bot "TestBot"
        await env.start()
        made.push_async_callback(env.shutdown)
        you = env.create_user("you", global_name=names.you)
        guild = env.create_guild(names.server, owner=you, preferred_locale=names.locale)
        channel = guild.create_text_channel(names.channel)
        members = [guild.add_member(you)] + [
            guild.add_member(env.create_user(user, global_name=shown))
            for user, shown in names.others]
        yield World(env, bot, guild, channel, members, names)
