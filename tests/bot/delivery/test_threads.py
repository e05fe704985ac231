"""The threads the bot opens and closes (bot/delivery/threads.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.delivery import threads
from bot.permissions import THREAD_ARCHIVE_MINUTES, TO_ARCHIVE
from tests.bot.delivery.fakes import Recorder


class Rights:
    """``Rights.attempt`` that runs the act, or (``lacking``) records the lack instead."""

    def __init__(self, lacking: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.lacking = lacking
        self.asked: list[tuple[str, tuple[str, ...], bool]] = []

    async def attempt(self, channel: Any, action: str, needed: tuple[str, ...], act: Any, *,
                      guild_id: int | None = None, look: bool = True) -> Any:
        self.asked.append((action, needed, look))
        if look and self.lacking & set(needed):
            return None
        return await act()


async def test_a_game_thread_is_public_and_archived_by_discord_after_a_week() -> None:
    log: list = []
    await threads.open_thread(Recorder(log), "Alice – Bob")  # type: ignore[arg-type]
    assert log == [("create_thread", (), {"name": "Alice – Bob",
                                          "type": discord.ChannelType.public_thread,
                                          "auto_archive_duration": THREAD_ARCHIVE_MINUTES})]


async def test_a_thread_opened_on_the_bots_own_initiative_needs_its_rights() -> None:
    log: list = []
    rights = Rights(lacking={"create_public_threads"})
    made = await threads.open_thread_for(rights, Recorder(log), "match 1.1",  # type: ignore[arg-type]
                                         "tournament.thread")
    assert made is None and log == []  # nothing tried: the admins are told instead
    assert rights.asked == [("tournament.thread", ("view_channel", "create_public_threads"),
                             True)]


async def test_an_unused_thread_is_deleted_or_else_archived() -> None:
    log: list = []
    thread: Any = Recorder(log)
    await threads.drop_thread(Rights(), thread)  # type: ignore[arg-type]
    assert [name for name, _, _ in log] == ["delete"]
    log.clear()
    await threads.drop_thread(Rights(lacking={"manage_threads"}), thread)  # type: ignore[arg-type]
    assert log == [("edit", (), {"archived": True})]


async def test_archiving_is_tried_without_a_look_first() -> None:
    """The thread's creator may archive it without Manage Threads: only Discord's refusal
    tells a lack, so ``Rights`` must not refuse it beforehand."""
    log: list = []
    rights = Rights(lacking=set(TO_ARCHIVE))
    await threads.archive(rights, Recorder(log))  # type: ignore[arg-type]
    assert log == [("edit", (), {"archived": True})]
    assert rights.asked == [("archive", TO_ARCHIVE, False)]


async def test_reopen_touches_only_an_archived_thread() -> None:
    log: list = []
    thread: Any = Recorder(log)
    thread.archived = False
    await threads.reopen(thread)
    assert log == []
    thread.archived = True
    await threads.reopen(thread)
    assert log == [("edit", (), {"archived": False})]


async def test_find_thread_is_none_for_a_channel_gone_or_not_a_thread() -> None:
    async def gone(_: int) -> Any:
        from tests.bot.delivery.fakes import http_error
        raise http_error(404, 10003)

    async def text_channel(_: int) -> Any:
        return SimpleNamespace(id=5)

    for fetch in (gone, text_channel):
        client: Any = SimpleNamespace(get_channel=lambda _: None, fetch_channel=fetch)
        assert await threads.find_thread(client, 5) is None
