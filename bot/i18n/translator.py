"""discord.py's command translation: Swedish names and descriptions for Swedish clients."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n.commands import SV


class BradeTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is Locale.swedish:
            return SV.get(string.message)
        return None
