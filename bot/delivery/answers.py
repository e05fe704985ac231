"""Answering an interaction: what a command or a press says back, and to whom.

A slash command's answer is either for the member alone (ephemeral) or, asked for with
``share``, for the channel; a press answers on the message pressed.  Discord allows one
response per interaction and then follow-ups, so every function here looks whether the
interaction was answered (deferred) already and takes the matching call: the cogs never
need to know.  Texts are cut to Discord's 2,000 characters here, last, so that a long
echo of hostile input is shortened rather than refused by Discord.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.delivery.mentions import on_discord
from bot.service.spectate import Attachment
from bot.service.text import MESSAGE_LIMIT, shorten


def attached(file: Attachment) -> discord.File:
    """A service's file (a record, a replay, an analysis) as an attachment, with its alt
    text for screen readers."""
    return discord.File(io.BytesIO(file.data), filename=file.filename,
                        description=file.description or None)


async def send_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral message, whether or not the interaction has been answered yet."""
    text = shorten(on_discord(text), MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def show(interaction: discord.Interaction, text: str, *, public: bool = False,
               file: Attachment | discord.File | None = None,
               view: discord.ui.View | None = None) -> None:
    """A command's answer: to the member alone, or (``public``: the member asked to
    share it) to the channel; with a file (a record, a replay, a picture) and buttons
    (pages of a record) if given."""
    kwargs: dict[str, Any] = {"ephemeral": not public}
    if file is not None:
        kwargs["file"] = attached(file) if isinstance(file, Attachment) else file
    if view is not None:
        kwargs["view"] = view
    text = shorten(on_discord(text), MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(text, **kwargs)
    else:
        await interaction.response.send_message(text, **kwargs)


async def wait(interaction: discord.Interaction, *, public: bool = False,
               pressed: bool = False) -> None:
    """"Thinking…" while something slow is made (a replay, an analysis, the computer's
    turn): the answer follows within Discord's fifteen minutes instead of its three
    seconds.  ``pressed``: a press, whose answer is an edit of the pressed message, so
    nothing new is shown meanwhile."""
    response = interaction.response
    if response.is_done():
        return
    if pressed:
        await response.defer()
    else:
        await response.defer(ephemeral=not public, thinking=True)


async def rewrite(interaction: discord.Interaction, text: str, *,
                  file: Attachment | None = None, quiet: bool = False) -> None:
    """The deferred answer rewritten: a place in a queue, progress, the result.
    ``quiet``: a courtesy (the place, the progress) whose failure is let pass, since the
    result still comes."""
    kwargs: dict[str, Any] = {"content": shorten(on_discord(text), MESSAGE_LIMIT)}
    if file is not None:
        kwargs["attachments"] = [attached(file)]
    try:
        await interaction.edit_original_response(**kwargs)
    except discord.HTTPException:
        if not quiet:
            raise


async def on_pressed(interaction: discord.Interaction, *, text: str | None = None,
                     view: discord.ui.View | None = None) -> None:
    """The pressed message becomes the answer: its text ``text`` (unchanged if None) and
    its buttons ``view`` (none if None: they are spent)."""
    kwargs: dict[str, Any] = {"view": view}
    if text is not None:
        kwargs["content"] = shorten(on_discord(text), MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def said(interaction: discord.Interaction, text: str, *, pressed: bool) -> None:
    """What became of a member's request, told where they made it: on the message they
    pressed (its button gone), or privately after a slash command."""
    if pressed:
        await on_pressed(interaction, text=text)
    else:
        await send_private(interaction, text)
