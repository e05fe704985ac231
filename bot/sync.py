"""Registering the slash commands with Discord, as bot/service/command_sync.py decides:
by one process, only when they changed, clearing the scope left behind.

A development server the bot cannot register commands in (it is not a member, or was
invited without the ``applications.commands`` scope: Discord answers 403) stops the
start with words saying so (``SyncRefused``, exit code 2 in bot/__main__.py), not as a
Discord outage to "try again later".
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.service.command_sync import GLOBAL, CommandRecord, guild_of, plan, scope_of

log = logging.getLogger(__name__)


class SyncRefused(Exception):
    """Discord refused the commands in the development server: one line saying why."""


async def payload(tree: app_commands.CommandTree[Any],
                  guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
    """What ``tree.sync`` would send for ``guild`` (None: global), translations included."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        return [await c.get_translated_payload(tree, translator) for c in commands]
    return [c.to_dict(tree) for c in commands]


def names(sent: list[dict[str, Any]]) -> set[tuple[str, int]]:
    """Each command's name and kind (1: slash, 2: user, 3: message)."""
    return {(str(c["name"]), int(c.get("type", 1))) for c in sent}


def digest(sent: list[dict[str, Any]]) -> str:
    text = json.dumps(sent, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(client: discord.Client, tree: app_commands.CommandTree[Any],
                        record: CommandRecord, *, dev_guild: int | None,
                        registers: bool) -> str:
    """Register the commands if this process is the one to (``registers``: it runs
    shard 0) and they changed; what happened, in words, for the log."""
    target = discord.Object(dev_guild) if dev_guild else None
    if target is not None:  # every process answers them as the development server's
        tree.copy_global_to(guild=target)
    if not registers:
        return "left to the process running shard 0"
    app_id = client.application_id
    if app_id is None:
        raise app_commands.MissingApplicationID
    scope = scope_of(dev_guild)
    sent = await payload(tree, target)
    now = digest(sent)
    todo = plan(await record.last(app_id), scope, now)
    try:
        if not todo.register:
            # Recorded as registered: a read (no creation counted) checks that Discord
            # still has them, should someone have removed them meanwhile.
            there = await tree.fetch_commands(guild=target)
            if {(c.name, c.type.value) for c in there} == names(sent):
                return f"unchanged in {scope}, not registered again"
        await tree.sync(guild=target)
    except discord.HTTPException as error:
        if target is not None and error.status in (403, 404):
            raise SyncRefused(
                f"Discord refused the commands in BRADE_DEV_GUILD={dev_guild} ({error.status} "
                f"{error.text or 'Missing Access'}): the bot is not in that server, or was "
                "invited without the applications.commands scope. Invite it there with the "
                "link in the README, or leave BRADE_DEV_GUILD unset to register the "
                "commands globally.") from None
        raise
    said = f"registered in {scope}"
    if todo.clear is not None:
        said += "; " + await _clear(client, app_id, todo.clear)
    await record.registered(app_id, scope, now)
    return said


async def _clear(client: discord.Client, app_id: int, scope: str) -> str:
    """Empty the scope left behind; a server the bot has left since cannot be emptied,
    and need not be (Discord drops its commands with the bot)."""
    guild = guild_of(scope)
    try:
        if guild is None:
            await client.http.bulk_upsert_global_commands(app_id, payload=[])
        else:
            await client.http.bulk_upsert_guild_commands(app_id, guild, payload=[])
    except discord.HTTPException as error:
        log.warning("could not clear the commands in %s (%s %s)", scope, error.status,
                    error.text)
        return f"could not clear {scope}"
    return f"cleared {scope if scope != GLOBAL else 'the global commands'}"
