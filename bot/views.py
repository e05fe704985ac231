"""Persistent buttons: all state lives in the custom id, so they work after a restart.

A button carries its game id and the game's version when it was posted; the service
answers a press whose version is no longer current instead of applying it.  A press is
handed to the ``Play`` cog the bot made at start-up (``BradeBot.play``).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.service.model import Button

if TYPE_CHECKING:
    from bot.client import BradeBot

log = logging.getLogger(__name__)

_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
           "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


class GameButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"brade:(?P<action>[a-z0-9_]+):(?P<game>\d+):(?P<version>\d+):(?P<arg>[^:]*)"):
    def __init__(self, action: str, game_id: int, version: int, arg: str = "", *,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 ) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style,
            custom_id=f"brade:{action}:{game_id}:{version}:{arg}"[:100]))
        self.action = action
        self.game_id = game_id
        self.version = version
        self.arg = arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> GameButton:
        return cls(match["action"], int(match["game"]), int(match["version"]), match["arg"],
                   label=item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> Any:
        bot = cast("BradeBot", interaction.client)
        try:
            await bot.play.on_button(interaction, self)
        except Exception as error:  # the one failure path shared with tree.on_error
            await bot.report_failure(interaction, error)


class ThreadButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"bradethread:(?P<opp>\d+):(?P<match>\d+):(?P<level>[^:]*):(?P<rules>[^:]+)"):
    """Offered when a channel already has a game: start the new one in a thread."""

    def __init__(self, opponent: int, match: int, level: str, rules: str, *,
                 label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.primary,
            custom_id=f"bradethread:{opponent}:{match}:{level}:{rules}"[:100]))
        self.opponent, self.match, self.level, self.rules = opponent, match, level, rules

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ThreadButton:
        return cls(int(match["opp"]), int(match["match"]), match["level"], match["rules"],
                   label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        bot = cast("BradeBot", interaction.client)
        try:
            await bot.play.on_thread_button(interaction, self)
        except Exception as error:
            await bot.report_failure(interaction, error)


def make_view(buttons: list[Button]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for b in buttons[:25]:
        view.add_item(GameButton(b.action, b.game_id, b.version, b.arg, label=b.label,
                                 style=_STYLES.get(b.style, discord.ButtonStyle.secondary)))
    return view
