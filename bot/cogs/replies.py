"""What every cog does with a refusal: word it in the user's language, tell only them.

A refusal often repeats what the user typed ("unknown ruleset '…'"); every such echo is
shortened to one visible line (``bot.service.text.echo``), and the whole text to
Discord's 2,000 characters, so a hostile 6,000-character option is refused politely
instead of making Discord reject the reply.
"""

from __future__ import annotations

import copy
from typing import Any

import discord
from discord import app_commands

from bot.delivery.answers import send_private
from bot.i18n import resolve_lang, t
from bot.league.errors import LeagueError
from bot.service.model import UserError
from bot.service.text import MESSAGE_LIMIT, echo, shorten
from engine.errors import EngineError

Refusal = UserError | EngineError | LeagueError


def _echoed(params: dict[str, Any]) -> dict[str, Any]:
    return {k: echo(v) for k, v in params.items()}


def refusal_text(error: Refusal, lang: str) -> str:
    """The bot's own refusals are message keys; engine and league errors word themselves."""
    if isinstance(error, UserError):
        return shorten(t(f"err.{error.key}", lang, **_echoed(error.params)), MESSAGE_LIMIT)
    quiet = copy.copy(error)
    params = getattr(error, "params", None)
    if isinstance(params, dict):
        quiet.params = _echoed(params)
    return shorten(quiet.message(lang), MESSAGE_LIMIT)


class ServerOnly(app_commands.CheckFailure):
    """A server-only command used in a direct message with the bot (issue 36); the
    bot's error handler answers it with ``note_server_only``."""


async def check_in_server(interaction: discord.Interaction) -> bool:
    """The ``interaction_check`` of a server-only group (ratings, tournaments, watching)."""
    if interaction.guild_id is None:
        raise ServerOnly()
    return True


async def note_server_only(interaction: discord.Interaction, key: str = "dm.server_only",
                           ) -> None:
    """The short note a server-only command gives in a direct message: where it works,
    and what works here.  A DM has no server setting: the member's own language."""
    lang = resolve_lang(None, str(interaction.locale), None)
    command = getattr(interaction.command, "qualified_name", "") or "brade"
    await send_private(interaction, t(f"err.{key}", lang, command=command))
