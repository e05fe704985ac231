"""What every command reads from its interaction, and the choices offered while a member
types: who asks, where, in which languages (``make_ctx``, the service's ``Ctx``), and the
rulesets and plays an autocomplete suggests.  Shared by the cogs, below each of them, so
that no cog imports another for them."""

from __future__ import annotations

import discord
from discord.app_commands import Choice

from bot.i18n import play_words
from bot.service.model import Ctx
from bot.service.players import Players
from bot.service.text import CHOICE_LIMIT, CHOICES
from engine import rules as rules_registry


def ruleset_names() -> list[str]:
    """Every ruleset id, then each with one option (``classic+double_six``)."""
    out = list(rules_registry.ids())
    for rid in rules_registry.ids():
        out += [f"{rid}+{opt}" for opt in rules_registry.options_of(rid)]
    return out


def ruleset_choices(current: str, names: list[str] | None = None) -> list[Choice[str]]:
    """The rulesets whose name holds what was typed (of ``names``, else every ruleset),
    for every ``ruleset`` option (one function the autocompletes call: discord.py's
    decorator hides the methods' types)."""
    cur = (current or "").lower()
    return [Choice(name=n, value=n) for n in (ruleset_names() if names is None else names)
            if cur in n][:CHOICES]


def play_choices(texts: list[str], lang: str) -> list[Choice[str]]:
    """Suggested plays as autocomplete choices: the notation as the value, the words a
    member reads as the name."""
    return [Choice(name=play_words(x, lang)[:CHOICE_LIMIT], value=x[:CHOICE_LIMIT])
            for x in texts[:CHOICES]]


def make_ctx(interaction: discord.Interaction, players: Players) -> Ctx:
    """Who asks, where, in which languages and with which rights; the member's name
    noted first, so that what the command says names them."""
    guild = interaction.guild
    perms = interaction.permissions
    guild_locale = str(guild.preferred_locale) if guild is not None else None
    note_player(interaction, players)
    return Ctx(user_id=interaction.user.id, channel_id=interaction.channel_id or 0,
               guild_id=interaction.guild_id, user_locale=str(interaction.locale),
               guild_locale=guild_locale or (str(interaction.guild_locale)
                                             if interaction.guild_locale else None),
               can_manage=bool(perms.manage_channels))


def note_player(interaction: discord.Interaction, players: Players) -> None:
    """Every interaction names the member who sent it: remember the name (issue 13)."""
    user = interaction.user
    players.note(interaction.guild_id, user.id, user.display_name,
                 user.display_avatar.key if user.display_avatar else None)
