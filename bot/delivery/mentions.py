"""Members and channels named in the service's texts, as each front end shows them.

The service never writes Discord markup: it names a member or a channel with a neutral
token (``bot.service.text.mention``, ``channel``), and the presenter renders it on its
way out: on Discord as ``<@id>`` or ``<#id>`` (``on_discord``; Discord shows the name,
and pings only the members the message's allowed mentions name), in plain text as the
member's name (``in_plain``).  A moment (``bot.service.text.moment``) is rendered the
same way: Discord's timestamp, shown in each reader's own time zone, or UTC in plain
text.  Every text the Discord presenter sends or edits passes
through ``on_discord`` (answers, games' posts, tournaments' notices, letters).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from bot.service.model import Post, Reply
from bot.service.text import MOMENT, NAMED


def on_discord(text: str) -> str:
    """``text`` with its members and channels as Discord's mentions, its moments as
    Discord's timestamps."""
    if "\x1e" not in text:
        return text
    text = NAMED.sub(lambda m: f"<{m[1]}{m[2]}>", text)
    return MOMENT.sub(lambda m: f"<t:{m[1]}:{m[2]}>", text)


def in_plain(text: str, name: Callable[[int], str]) -> str:
    """``text`` with each member by ``name`` (``@Åsa``), each channel by its id and
    each moment in UTC (a date alone where Discord's would show one)."""
    text = NAMED.sub(lambda m: f"@{name(int(m[2]))}" if m[1] == "@" else f"#{m[2]}", text)
    return MOMENT.sub(_utc, text)


def _utc(m: re.Match[str]) -> str:
    when = datetime.fromtimestamp(int(m[1]), UTC)
    return when.strftime("%Y-%m-%d" if m[2] in "dD" else "%Y-%m-%d %H:%M UTC")


def post_rendered(post: Post, render: Callable[[str], str] = on_discord) -> Post:
    """A post with its text and prompt rendered."""
    return replace(post, text=render(post.text), prompt=render(post.prompt))


def rendered(reply: Reply, render: Callable[[str], str] = on_discord) -> Reply:
    """Every text of a game's reply rendered: its posts, its private note, the challenge
    answered, the picker's new state and what was on offer before."""
    return replace(
        reply, posts=[post_rendered(p, render) for p in reply.posts],
        private=render(reply.private) if reply.private is not None else None,
        challenge=post_rendered(reply.challenge, render) if reply.challenge else None,
        picker=post_rendered(reply.picker, render) if reply.picker else None,
        offered_before=render(reply.offered_before))
