"""The bot's direct messages (bot/delivery/letters.py): a member's DM channel opened
once, a refusal recorded (closed DMs) and never raised."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.delivery.letters import Letters
from bot.service.pictures import RenderPool
from tests.bot.delivery.fakes import Recorder, http_error


class Client:
    def __init__(self, fail: BaseException | None = None) -> None:
        self.log: list = []
        self.opened = 0
        self.fail = {"send": fail} if fail is not None else {}

        async def create_dm() -> Any:
            self.opened += 1
            return SimpleNamespace(id=900)

        self.user = SimpleNamespace(dm_channel=None, create_dm=create_dm)

    def get_user(self, user_id: int) -> Any:
        return self.user

    def get_partial_messageable(self, channel_id: int, *, type: Any) -> Any:
        assert type is discord.ChannelType.private
        self.log.append(("channel", (channel_id,), {}))
        return Recorder(self.log, fail=self.fail)


async def test_a_members_dm_channel_is_opened_once() -> None:
    client = Client()
    refused: list[int] = []

    async def undelivered(user_id: int) -> bool:
        refused.append(user_id)
        return True

    letters = Letters(client, undelivered, RenderPool(0))  # type: ignore[arg-type]
    assert await letters.write(7, "your turn in #bräde")
    assert await letters.write(7, "your turn again")
    assert client.opened == 1 and refused == []
    sent = [(args, kw) for name, args, kw in client.log if name == "send"]
    assert [a for a, _ in sent] == [("your turn in #bräde",), ("your turn again",)]
    assert all(kw["allowed_mentions"].users is False for _, kw in sent)  # pings nobody
    assert {args for name, args, _ in client.log if name == "channel"} == {(900,)}


async def test_closed_dms_are_recorded_and_logged_once_never_raised(caplog: Any) -> None:
    client = Client(fail=http_error(403, 50007))
    news = iter([True, False])

    async def undelivered(user_id: int) -> bool:
        return next(news)

    letters = Letters(client, undelivered, RenderPool(0))  # type: ignore[arg-type]
    assert await letters.write(7, "your turn") is False
    assert await letters.write(7, "your turn") is False
    assert sum("could not send a direct message" in r.message for r in caplog.records) == 1
