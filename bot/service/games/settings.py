"""A server's settings (language, default rules, game threads, board theme) and each
player's own board theme and ways of playing (confirmation of plays chosen in the
picker, roll for me: issue 37), changed by ``/brade settings``.  Only what a command changes
is written, so two settings commands at once both keep their change."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import resolve_lang, t
from bot.service.games.core import Table
from bot.service.model import Ctx, Reply, UserError
from engine import rules as rules_registry


class Preferences:
    """``/brade settings``: the server's and the player's own."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def configure(self, ctx: Ctx, *, lang: str | None = None,
                        rules: str | None = None) -> Reply:
        """Server defaults (the cog restricts this to Manage Server)."""
        if ctx.guild_id is None:
            raise UserError("settings.guild_only")
        s = await self.table.settings(ctx.guild_id)
        fields: list[str] = []
        if rules is not None:
            rules = rules_registry.get(rules).name  # RulesError for unknown ids
            s = replace(s, rules=rules)
            fields.append("rules")
        if lang is not None:
            s = replace(s, lang=None if lang == "auto" else lang)
            fields.append("lang")
        if fields:  # only what this command changes: a concurrent change survives
            async with self.table.store.transaction() as tx:
                s = await tx.save_server_defaults(s, tuple(fields))
        self.table.keep_settings(s)
        personal = resolve_lang(s.lang, ctx.user_locale, ctx.guild_locale)
        return Reply(lang=personal, private=t(
            "settings.saved", personal, lang=lang_words(s.lang, personal),
            rules=s.rules or self.table.default_rules))

    async def overview(self, ctx: Ctx) -> str:
        """What ``/brade settings`` without options shows anyone who asks: the server's
        settings (in a server) and the member's own ways of playing, so that a member
        need not be an admin to see how the bot will treat them."""
        personal, _ = await self.table.langs(ctx)
        lines = []
        if ctx.guild_id is not None:
            s, p = await self.table.settings(ctx.guild_id), await self.table.prefs(ctx.guild_id)
            lines.append(t("settings.view.server", personal, lang=lang_words(s.lang, personal),
                           rules=s.rules or self.table.default_rules,
                           threads=t("yes" if p.threads else "no", personal),
                           theme=theme_words(p.theme, personal)))
        await self.table.players.resolve(ctx.guild_id, [ctx.user_id])
        g, u = ctx.guild_id, ctx.user_id
        lines.append(t("settings.view.mine", personal,
                       theme=theme_words(self.table.players.theme(g, u), personal, mine=True),
                       confirm=t("settings.view.confirm" if self.table.players.confirms(g, u)
                                 else "settings.view.at_once", personal),
                       roll=t("settings.view.on" if self.table.players.rolls_for(g, u)
                              else "settings.view.off", personal)))
        return "\n".join(lines)

    async def set_preferences(self, ctx: Ctx, *, threads: bool | None = None,
                              theme: str | None = None,
                              server_theme: str | None = None, confirm: bool | None = None,
                              roll_for_me: bool | None = None) -> Reply:
        """A player's own board theme and ways of playing (``confirm``: a play chosen
        in the picker is previewed first; ``roll_for_me``); the server's theme and game
        threads (the command layer checks Manage Server for those)."""
        from render import THEMES

        personal, _ = await self.table.langs(ctx)
        for name in (theme, server_theme):
            if name is not None and name not in THEMES and name != "default":
                raise UserError("settings.theme", themes=", ".join(THEMES))
        lines = []
        if threads is not None or server_theme is not None:
            if ctx.guild_id is None:
                raise UserError("settings.guild_only")
            p = await self.table.prefs(ctx.guild_id)
            fields: list[str] = []
            if threads is not None:
                p = replace(p, threads=threads)
                fields.append("threads")
            if server_theme is not None:
                p = replace(p, theme=None if server_theme == "default" else server_theme)
                fields.append("theme")
            async with self.table.store.transaction() as tx:  # only what this command changes
                p = await self.table.repos.players.save_server_display(tx, p, tuple(fields))
            self.table.keep_prefs(p)
            lines.append(t("settings.server_prefs", personal,
                           threads=t("yes" if p.threads else "no", personal),
                           theme=theme_words(p.theme, personal)))
        if theme is not None:
            mine = None if theme == "default" else theme
            await self.table.players.set_theme(ctx.guild_id, ctx.user_id, mine)
            lines.append(t("settings.my_theme", personal,
                           theme=theme_words(mine, personal, mine=True)))
        play = {k: v for k, v in (("confirm_plays", confirm), ("roll_for_me", roll_for_me))
                if v is not None}
        if play:
            await self.table.players.set_play(ctx.guild_id, ctx.user_id, **play)
            if confirm is not None:
                lines.append(t("settings.confirm_on" if confirm else "settings.confirm_off",
                               personal))
            if roll_for_me is not None:
                lines.append(t("settings.roll_on" if roll_for_me else "settings.roll_off",
                               personal))
        return Reply(lang=personal, private="\n".join(lines) or t("ok", personal))


def lang_words(code: str | None, lang: str) -> str:
    """A server's language setting in the reader's words ("svenska", "automatic (from
    Discord)"), never its code (issue 46)."""
    return t(f"settings.lang.{code or 'auto'}", lang)


def theme_words(theme: str | None, lang: str, *, mine: bool = False) -> str:
    """A board theme's name in the reader's words; None: the default, the server's for a
    member's own theme (``mine``), else the classic one."""
    if theme is None and mine:
        return t("settings.server_default", lang)
    return t(f"settings.theme.{theme or 'classic'}", lang)
