"""The bot's rights (bot/permissions.py): what an act needs, what is lacking, and how a
refusal names it, in both languages."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.i18n import t
from bot.permissions import (
    INVITE,
    Rights,
    bot_lacks,
    invite_value,
    lacking,
    refusal,
    to_post,
    unposted,
)


def test_the_invite_asks_for_the_rights_the_readme_lists() -> None:
    perms = discord.Permissions(invite_value())
    assert all(getattr(perms, r) for r in INVITE)
    assert not perms.administrator and not perms.manage_guild


def test_posting_needs_sending_and_a_board_needs_attaching() -> None:
    assert to_post(object()) == ("view_channel", "send_messages")
    assert to_post(object(), board=True) == ("view_channel", "send_messages", "attach_files")


def test_a_missing_right_names_only_the_one_that_matters() -> None:
    """Without View Channel nothing else counts: the admin is told that one only."""
    none = discord.Permissions.none()
    assert lacking(none, to_post(object(), board=True)) == ("view_channel",)
    viewing = discord.Permissions(view_channel=True)
    assert lacking(viewing, to_post(object(), board=True)) == ("send_messages",)
    sending = discord.Permissions(view_channel=True, send_messages=True)
    assert lacking(sending, to_post(object(), board=True)) == ("attach_files",)
    assert lacking(discord.Permissions.all(), to_post(object(), board=True)) == ()


def test_a_channel_known_by_its_id_alone_is_not_judged() -> None:
    assert bot_lacks(SimpleNamespace(id=5), ("view_channel",)) == ()


def test_refusals_name_the_rights_and_who_grants_them_in_both_languages() -> None:
    for lang in ("sv", "en"):
        text = refusal(("attach_files",), lang)
        assert t("right.grant", lang) in text
        assert unposted((), lang) != unposted(("attach_files",), lang)


async def test_an_act_refused_by_discord_is_remembered_for_the_admins() -> None:
    recorded: list[tuple[Any, ...]] = []

    class Shortfalls:
        async def record(self, *args: Any) -> None:
            recorded.append(args)

    async def refused() -> None:
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),  # type: ignore[arg-type]
                                {"code": 50013, "message": "Missing Permissions"})

    rights = Rights(Shortfalls())  # type: ignore[arg-type]
    channel = SimpleNamespace(id=7, guild=SimpleNamespace(id=3))
    assert await rights.attempt(channel, "reminder", ("view_channel",), refused) is None
    assert recorded == [(3, 7, "reminder", ("view_channel",))]

    async def done() -> str:
        return "posted"

    assert await rights.attempt(channel, "reminder", ("view_channel",), done) == "posted"
    assert len(recorded) == 1
