"""The bot's own text on its way out (bot/service/text.py): one message limit, one clip
that keeps a message's head or its tail, one way to write a mention."""

from __future__ import annotations

import pytest

from bot.service.text import MESSAGE_LIMIT, channel, clip, echo, link, mention
from tests.bot.service.helpers import CHANNEL, GUILD


@pytest.mark.parametrize("limit", [2, 3, 10, MESSAGE_LIMIT])
def test_clip_keeps_the_head_or_the_tail_within_the_limit(limit: int) -> None:
    lines = "\n".join(f"turn {n}" for n in range(1, 2000))
    head, tail = clip(lines, limit), clip(lines, limit, keep="tail")
    assert len(head) == len(tail) == limit
    assert head.endswith("\n…") and lines.startswith(head[:-2])
    assert tail.startswith("…\n") and lines.endswith(tail[2:])
    assert clip("short", limit + 5) == clip("short", limit + 5, keep="tail") == "short"


def test_a_message_of_exactly_the_limit_is_not_cut() -> None:
    text = "x" * MESSAGE_LIMIT
    assert clip(text) == clip(text, keep="tail") == text
    assert len(clip(text + "y")) == MESSAGE_LIMIT


def test_mention() -> None:
    assert mention(123) == mention("123") and "<@" not in mention(123)  # no markup here


def test_links() -> None:
    """A channel's and a message's address, built here only (correspondence, spectate)."""
    assert link(GUILD, CHANNEL) == f"https://discord.com/channels/{GUILD}/{CHANNEL}"
    assert link(None, CHANNEL, 5) == f"https://discord.com/channels/@me/{CHANNEL}/5"


def test_an_echo_keeps_a_member_the_service_named() -> None:
    """A refusal's parameters are echoed whole: a member or a channel named by the
    service stays its token (its presenter renders it); user text loses the marks."""
    assert echo(mention(5)) == mention(5) and echo(channel(6)) == channel(6)
    assert echo(f"Eve {mention(5)}") == "Eve @5"

