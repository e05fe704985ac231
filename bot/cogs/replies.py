"""What every cog does with a refusal: word it in the user's language, tell only them."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.league.errors import LeagueError
from bot.service.model import UserError
from engine.errors import EngineError

Refusal = UserError | EngineError | LeagueError


def refusal_text(error: Refusal, lang: str) -> str:
    """The bot's own refusals are message keys; engine and league errors word themselves."""
    if isinstance(error, UserError):
        return t(f"err.{error.key}", lang, **error.params)
    return error.message(lang)


async def send_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral message, whether or not the interaction has been answered yet."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
