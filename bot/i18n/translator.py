"""discord.py's command translation: Swedish names and descriptions for Swedish clients."""

from __future__ import annotations

import importlib

from discord import Locale, app_commands

from bot.i18n import FEATURES
from bot.i18n.commands import SV as _BASE


def _names() -> dict[str, str]:
    names = dict(_BASE)
    for feature in FEATURES:
        names.update(importlib.import_module(f"bot.i18n.{feature}").COMMANDS_SV)
    return names


SV = _names()


class BradeTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is Locale.swedish:
            return SV.get(string.message)
        return None
