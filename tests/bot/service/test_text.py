"""The bot's own text on its way out (bot/service/text.py): one message limit, one clip
that keeps a message's head or its tail, one way to write a mention."""

from __future__ import annotations

import pytest

from bot.service.text import MESSAGE_LIMIT, clip, link, mention
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
    assert mention(123) == mention("123") == "<@123>"


def test_links() -> None:
    """A channel's and a message's address, built here only (correspondence, spectate)."""
    assert link(GUILD, CHANNEL) == f"https://discord.com/channels/{GUILD}/{CHANNEL}"
    assert link(None, CHANNEL, 5) == f"https://discord.com/channels/@me/{CHANNEL}/5"
