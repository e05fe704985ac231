"""Hostile text in every free-text option of every slash command; every reply within
Discord's limits.

The command tree is enumerated from what the bot synced (so a new command or option is
covered without editing this file).  Each free-text option receives 6,000-character
texts full of mentions, markdown, zero-width and right-to-left characters and newlines
(cut to the option's own ``max_length`` where it declares one, as Discord's client
would).  Every REST call the bot makes is checked against Discord's limits: message
content 2,000, button labels 80, select options and autocomplete choices 100 characters
and 25 entries, thread names 100, embeds.  No reply may be the internal-error apology,
and the bot must raise nothing (SimCord's teardown fails the test otherwise).
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

import simcord
from simcord import interactions as _interactions
from simcord.enums import AppCommandType

from bot.i18n import t
from bot.service.text import echo, in_code, plain_name, shown

HOSTILE = [
    "x" * 6000,
    ("<@123456789012345678> <@&42> <#42> @everyone @here " * 120)[:6000],
    ("**bold** __under__ ~~gone~~ `code` ```block``` > quote # head [link](https://e.vil) "
     * 80)[:6000],
    ("a\u200b\u200c\u200d\u2060\ufeff" * 1000)[:6000],
    ("\u202eRTL \u2067isolate\u2069 عربي עברית " * 300)[:6000],
    ("line\n" * 1200)[:6000],
]
INTERNAL = {t("err.internal", "en"), t("err.internal", "sv")}
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def _components(items: list[dict[str, Any]], where: str) -> list[str]:
    out = []
    for c in items or []:
        kind = c.get("type")
        if kind == 2:
            if len(c.get("label") or "") > 80:
                out.append(f"{where}: button label of {len(c['label'])} characters")
            if len(c.get("custom_id") or "") > 100:
                out.append(f"{where}: custom_id of {len(c['custom_id'])} characters")
        if kind in (3, 5, 6, 7, 8):
            opts = c.get("options") or []
            if len(opts) > 25:
                out.append(f"{where}: select with {len(opts)} options")
            for o in opts:
                for key in ("label", "value", "description"):
                    if len(str(o.get(key) or "")) > 100:
                        out.append(f"{where}: select option {key} of {len(str(o[key]))}")
            if len(c.get("placeholder") or "") > 150:
                out.append(f"{where}: placeholder too long")
        out += _components(c.get("components") or [], where)
    if len(items or []) > 5 and where.endswith("components"):
        out.append(f"{where}: {len(items)} action rows")
    return out


def _embeds(embeds: list[dict[str, Any]], where: str) -> list[str]:
    out = []
    if len(embeds or []) > 10:
        out.append(f"{where}: {len(embeds)} embeds")
    for e in embeds or []:
        total = 0
        for key, limit in (("title", 256), ("description", 4096)):
            n = len(e.get(key) or "")
            total += n
            if n > limit:
                out.append(f"{where}: embed {key} of {n} characters")
        fields = e.get("fields") or []
        if len(fields) > 25:
            out.append(f"{where}: {len(fields)} embed fields")
        for f in fields:
            total += len(f.get("name") or "") + len(f.get("value") or "")
            if len(f.get("name") or "") > 256 or len(f.get("value") or "") > 1024:
                out.append(f"{where}: an embed field over its limit")
        footer = (e.get("footer") or {}).get("text") or ""
        author = (e.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > 2048 or len(author) > 256:
            out.append(f"{where}: embed footer or author over its limit")
        if total > 6000:
            out.append(f"{where}: embed of {total} characters")
    return out


def _payload(data: dict[str, Any], where: str) -> list[str]:
    out = []
    content = data.get("content")
    if isinstance(content, str) and len(content) > 2000:
        out.append(f"{where}: content of {len(content)} characters")
    out += _components(data.get("components") or [], where + " components")
    out += _embeds(data.get("embeds") or [], where)
    choices = data.get("choices")
    if choices is not None:
        if len(choices) > 25:
            out.append(f"{where}: {len(choices)} autocomplete choices")
        for c in choices:
            if len(str(c.get("name"))) > 100 or len(str(c.get("value"))) > 100:
                out.append(f"{where}: autocomplete choice over 100 characters")
    return out


def limit_violations(requests: list[Any]) -> list[str]:
    """Every Discord limit the logged REST calls break."""
    out = []
    for r in requests:
        body = r.json if isinstance(r.json, dict) else None
        if body is None:
            continue
        where = f"{r.method} {r.path}"
        if fnmatch.fnmatch(r.path, "/interactions/*/*/callback"):
            out += _payload(body.get("data") or {}, where)
        else:
            out += _payload(body, where)
        thread = fnmatch.fnmatch(r.path, "/channels/*/threads") or \
            fnmatch.fnmatch(r.path, "/channels/*/messages/*/threads")
        if thread and len(body.get("name") or "") > 100:
            out.append(f"{where}: thread name of {len(body['name'])} characters")
    return out


def leaves(env: simcord.Env, actor: Any, channel: Any) -> list[tuple[str, list[dict]]]:
    """(invocation, options) of every slash command the member can run here."""
    backend = env.backend
    out = []
    for invocation in actor.available_commands(channel):
        parts = invocation.split()
        root = backend.find_command(parts[0], actor.guild.id, type=AppCommandType.CHAT_INPUT) \
            or backend.find_command(parts[0], None, type=AppCommandType.CHAT_INPUT)
        if root is None:
            continue
        leaf, _ = _interactions.walk_to_subcommand(root, parts[1:])
        out.append((invocation, list(leaf.get("options") or [])))
    return out


def fill(option: dict[str, Any], members: list[Any], channel: Any) -> Any:
    """A valid value for a required option that is not the one under attack."""
    kind = option["type"]
    if option.get("choices"):
        return option["choices"][0]["value"]
    if kind in (USER, MENTIONABLE):
        return members[1]
    if kind in (INTEGER, NUMBER):
        return option.get("min_value", 1)
    if kind == BOOLEAN:
        return False
    if kind == CHANNEL:
        return channel
    if kind == STRING:
        return "x"
    raise AssertionError(f"cannot fill option type {kind}")


async def test_hostile_text_in_every_free_text_option(simcord_env: simcord.Env,
                                                      db_path: Path) -> None:
    env = simcord_env
    owner = env.create_user("owner")
    guild = env.create_guild(owner=owner)
    ch = guild.create_text_channel("spel")
    members = [guild.add_member(owner), guild.add_member(env.create_user("bob"))]
    await members[0].slash(ch, "brade new", opponent=members[1])  # a game waits here
    attacked = 0
    commands = leaves(env, members[0], ch)
    assert len(commands) >= 15, [c for c, _ in commands]
    for invocation, options in commands:
        texts = [o for o in options if o["type"] == STRING and not o.get("choices")]
        for target in texts:
            for hostile in HOSTILE:
                value = hostile[: target.get("max_length", len(hostile))]
                given = {o["name"]: fill(o, members, ch) for o in options
                         if o.get("required") and o["name"] != target["name"]}
                given[target["name"]] = value
                before = len(env.backend.http_requests)
                result = await members[0].slash(ch, invocation, **given)
                answers = [result.response, *result.followups]
                texts_seen = [getattr(a, "content", "") or "" for a in answers if a]
                assert not INTERNAL & set(texts_seen), (invocation, target["name"])
                bad = limit_violations(env.backend.http_requests[before:])
                assert not bad, (invocation, target["name"], bad[:3])
                attacked += 1
                if target.get("autocomplete"):
                    choices = await members[0].autocomplete(
                        ch, invocation, target["name"], value[:100],
                        **{k: v for k, v in given.items() if k != target["name"]})
                    assert len(choices) <= 25
                    assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100
                               for c in choices)
    assert attacked >= 6 * 8, f"only {attacked} hostile commands were sent"


async def test_hostile_names_make_plain_thread_names(simcord_env: simcord.Env) -> None:
    """A game thread named after nicknames full of mentions and markdown."""
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    nasty = "<@1> **@everyone** __x__\u202e\u200b" + "y" * 200
    a = guild.add_member(env.create_user("a"), nick=nasty[:32])
    b = guild.add_member(env.create_user("b"))
    await a.slash(ch, "brade new", opponent=b)
    r = await a.slash(ch, "brade new")  # busy: offered a thread
    button = next(c for row in r.response.message.components for c in row.children
                  if c.custom_id.startswith("bradethread:"))
    await a.click(r.response, custom_id=button.custom_id)
    names = [req.json["name"] for req in env.backend.http_requests
             if isinstance(req.json, dict) and fnmatch.fnmatch(req.path, "/channels/*/threads")]
    assert names, "a thread was opened"
    for name in names:
        assert len(name) <= 100
        assert "<@" not in name and "@everyone" not in name and "**" not in name
        assert "\u202e" not in name and "\u200b" not in name


def test_plain_name_and_echo() -> None:
    assert plain_name("<@123> vs <@!4> **Cup** @everyone [x](https://a)") == "vs Cup everyone x"
    assert plain_name("a\u200b\u202eb\nc") == "ab c"
    assert plain_name("<#12> ``") == "?"
    assert len(plain_name("z" * 500)) == 100
    assert echo("`x`\n" * 3000) is not None and len(str(echo("`x`\n" * 3000))) <= 60
    assert echo(7) == 7


def test_shown_and_in_code() -> None:
    """Names inside the bot's messages read as typed (issue 23, point 10)."""
    assert shown("**Fet**") == r"\*\*Fet\*\*"
    assert shown("<@123> @everyone a_b") == r"\<\@123\> \@everyone a\_b"
    assert shown("[x](https://e) `c` ~~s~~ |x| > #h") == \
        r"\[x\]\(https://e\) \`c\` \~\~s\~\~ \|x\| \> \#h"
    assert shown("a\u200b\u202eb\nc") == "ab c" and shown("") == "?"
    assert len(shown("z" * 500, 40)) == 40
    assert in_code("a`b```c\n") == "a'b'''c" and in_code("**x**") == "**x**"


async def test_match_thread_names_are_plain(simcord_env: simcord.Env) -> None:
    """A tournament named with mentions and markdown, players with such nicknames."""
    env = simcord_env
    owner = env.create_user("owner")
    guild = env.create_guild(owner=owner)
    ch = guild.create_text_channel("turnering")
    org = guild.add_member(owner, nick="**<@1>**\u202e")
    other = guild.add_member(env.create_user("b"), nick="__@everyone__ \u200b[x](https://e)")
    name = "<@&5> **Cup** @here ~~x~~ `y`"
    await org.slash(ch, "tournament create", name=name, format="round_robin")
    for m in (org, other):
        await m.slash(ch, "tournament join", name=name)
    await org.slash(ch, "tournament start", name=name)
    names = [req.json["name"] for req in env.backend.http_requests
             if isinstance(req.json, dict) and fnmatch.fnmatch(req.path, "/channels/*/threads")]
    assert names, "the match thread was opened"
    for thread in names:
        assert len(thread) <= 100
        for bad in ("<@", "@everyone", "@here", "**", "__", "~~", "`", "\u202e", "\u200b",
                    "](", "<#"):
            assert bad not in thread, (bad, thread)
        assert "Cup" in thread
