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

from bot.i18n import t
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


async def send_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral message, whether or not the interaction has been answered yet."""
    text = shorten(text, MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
