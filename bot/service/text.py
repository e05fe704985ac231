"""User text on its way into the bot's own words: names and echoes, within Discord's limits.

The functions used everywhere user text is repeated:

``plain_name``
    Anything that *becomes a name* (a thread named after a tournament or after players'
    nicknames): mention syntax (``<@…>``, ``<#…>``, ``@everyone``), markdown, links,
    control and invisible characters (zero-width, bidirectional overrides) removed, one
    line, at most ``limit`` characters.
``shown``
    A name *shown inside the bot's own message* (a tournament's name, a nickname in a
    result): one visible line whose markdown and mention syntax is escaped, so ``**Fet**``
    reads as typed instead of turning the bot's bold text inside out, and ``<@123>`` or
    ``@everyone`` is text, not a mention.
``in_code``
    A name inside a code block (a standings table): markdown does not apply there, but a
    backtick would end the block, so it becomes an apostrophe.
``echo``
    User text *quoted back* in a reply (a refusal naming the unknown ruleset): one line,
    invisible characters removed, backticks dropped (the text is often quoted inside
    them), shortened to ``limit`` characters with an ellipsis.

And the bot's own text on its way out: ``mention`` and ``channel`` name a member or a
channel by a token the presenter renders (``NAMED``), ``clip`` fits a long message of many
lines into ``MESSAGE_LIMIT``.

The limits are Discord's; replies that would exceed them are rejected by Discord, and the
player would see "something went wrong" instead of the refusal.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from render.alt_text import LIMIT as ALT_TEXT_LIMIT

MESSAGE_LIMIT = 2000  # characters in a message's content: the one limit every post obeys
DESCRIPTION_LIMIT = ALT_TEXT_LIMIT  # an attachment's description (its alt text)
BUTTON_LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100  # a button's custom id
BUTTONS = 25  # buttons on one message
CHOICE_LIMIT = 100  # an autocomplete choice's or select option's name and value
CHOICES = 25  # autocomplete choices, select options
THREAD_NAME_LIMIT = 100
ECHO_LIMIT = 60  # what a refusal repeats of the user's text

_MENTION = re.compile(r"<(?:@[!&]?|#|/[^:>]{1,64}:|t:)[0-9]+(?::[A-Za-z])?>")
_EMOJI = re.compile(r"<a?:([A-Za-z0-9_~]{1,32}):[0-9]+>")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EVERYONE = re.compile(r"@(everyone|here)\b", re.IGNORECASE)
_MARKDOWN = re.compile(r"[*_~`|>#\\\[\]]")
#: What Discord reads as markdown or mention syntax inside a line; a backslash before
#: any of these ASCII punctuation marks shows the mark itself.
_ESCAPE = re.compile(r"([\\*_~`|>#\[\]()<@])")
_SPACES = re.compile(r"\s+")


def _visible(text: str) -> str:
    """Without control and format characters (zero-width, bidi overrides), one line."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "\n\r\t\v\f" or cat == "Zl" or cat == "Zp":
            out.append(" ")
        elif cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        else:
            out.append(ch)
    return _SPACES.sub(" ", "".join(out)).strip()


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis: for a line
    (a name, an echo, a one-paragraph refusal); a message of many lines is ``clip``'s."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


def clip(text: str, limit: int = MESSAGE_LIMIT, *,
         keep: Literal["head", "tail"] = "head") -> str:
    """A message of many lines cut to at most ``limit`` characters, the cut marked by an
    ellipsis on a line of its own.  ``keep="head"`` keeps its beginning, for a list whose
    first lines matter most (the running games, an analysis); ``keep="tail"`` keeps its
    end, for a record of turns whose latest matter most (a game's history, a board's
    turns above its prompt)."""
    if len(text) <= limit:
        return text
    room = max(0, limit - 2)  # the ellipsis and its line break
    if keep == "tail":
        return "…\n" + text[len(text) - room:]
    return text[:room] + "\n…"


#: A member or a channel named in the bot's own text: ``mention``'s and ``channel``'s
#: neutral token, which each presenter renders in its own way (bot/delivery/mentions.py:
#: Discord's ``<@id>`` and ``<#id>``; a member's name in plain text).  Its marks are
#: control characters, which no name or echo of user text keeps (``_visible``), and it is
#: as long as Discord's markup, so a text is clipped alike before and after.
NAMED = re.compile("\x1e([@#])([0-9]+)\x1f")


def mention(user_id: int | str) -> str:
    """A member named in the bot's message, as a value the presenter renders (Discord
    shows their name, and pings them only where the message's allowed mentions name
    them); the service writes no Discord markup."""
    return f"\x1e@{user_id}\x1f"


def channel(channel_id: int | str) -> str:
    """A channel named in the bot's message (``mention``'s token for a channel)."""
    return f"\x1e#{channel_id}\x1f"


#: A moment named in the bot's own text: ``moment``'s neutral token, which the presenter
#: renders (on Discord as its timestamp markup, which each reader sees in their own time
#: zone and language; in plain text as the time in UTC).  As long as that markup.
MOMENT = re.compile("\x1et:([0-9]+):([tTdDfFR])\x1f")


def moment(when: float, style: str = "f") -> str:
    """The moment ``when`` (seconds since the epoch) as a value the presenter renders:
    ``style`` as Discord's (``f`` date and time, ``d`` date, ``R`` relative)."""
    return f"\x1et:{int(when)}:{style}\x1f"


def plain_name(text: str | None, limit: int = THREAD_NAME_LIMIT, *, fallback: str = "?") -> str:
    """A name made from user text: no mentions, markdown, links or invisible characters."""
    s = _EMOJI.sub(r"\1", str(text or ""))
    s = _MENTION.sub("", s)
    s = _LINK.sub(r"\1", s)
    s = _EVERYONE.sub(r"\1", s)
    s = s.replace("@", "")
    s = _MARKDOWN.sub("", s)
    s = _visible(s)
    return shorten(s, limit) or fallback


def shown(text: str | None, limit: int = THREAD_NAME_LIMIT, *, fallback: str = "?") -> str:
    """A name inside the bot's own message: escaped markdown and mentions, one line."""
    s = shorten(_visible(str(text or "")), limit) or fallback
    return _ESCAPE.sub(r"\\\1", s)


def in_code(text: str | None, limit: int = THREAD_NAME_LIMIT, *, fallback: str = "?") -> str:
    """A name inside a code block: one visible line without backticks."""
    return shorten(_visible(str(text or "")).replace("`", "'"), limit) or fallback


def echo(text: object, limit: int = ECHO_LIMIT) -> object:
    """User text quoted back in a reply: one visible line, no backticks, shortened.

    Anything that is not a string (a number in a message's parameters) passes unchanged,
    and so does a member or a channel the service named (``mention``, ``channel``: a
    refusal's parameters pass here whole), which its presenter renders.
    """
    if not isinstance(text, str) or NAMED.fullmatch(text):
        return text
    return shorten(_visible(text).replace("`", "'"), limit)


def link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """The address of a channel (a direct message's: ``@me``) or of a message in it,
    the one place it is built (a game's "open the game" link, a record's site)."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{where}/{message_id}" if message_id else where
