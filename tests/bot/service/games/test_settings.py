"""``/brade settings`` on the service (bot.service.games.settings): a server's language
and rules, its theme and game threads, a member's own theme and ways of playing; only
what a command changes is written, refusals change nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import t
from bot.service.games import EngineError, GameService
from bot.service.model import UserError
from bot.store import Database, players_sql
from render import THEMES
from tests.bot.service.helpers import ALICE, BOB, GUILD, Clock, ctx, make_games

DM = ctx(ALICE, guild=None)


async def stored(store: Database):  # type: ignore[no-untyped-def]
    async with store.read() as tx:
        return await tx.server_defaults(GUILD)


async def test_a_servers_language_and_rules(games: GameService, store: Database) -> None:
    reply = await games.configure(ctx(ALICE), lang="sv", rules="vasa")
    s = await stored(store)
    assert (s.lang, s.rules) == ("sv", "vasa")
    assert reply.lang == "sv" and reply.private == t("settings.saved", "sv", lang="svenska",
                                                     rules="vasa")
    assert (await games.settings(GUILD)).rules == "vasa"  # kept for the next command
    await games.configure(ctx(ALICE), lang="auto")
    assert (await stored(store)).lang is None and (await stored(store)).rules == "vasa"


async def test_a_settings_command_keeps_anothers_change(store: Database, clock: Clock) -> None:
    """Two processes (or two commands at once), each with its own view of the row: only
    what each changes is written."""
    one, two = make_games(store, clock), make_games(store, clock)
    await one.settings(GUILD)
    await two.settings(GUILD)  # both read the row before either writes
    await one.configure(ctx(ALICE), rules="classic")
    await two.configure(ctx(BOB), lang="sv")
    s = await stored(store)
    assert (s.lang, s.rules) == ("sv", "classic")


async def test_server_settings_are_refused_outside_a_server(games: GameService) -> None:
    for call in (games.configure(DM, lang="sv"), games.set_preferences(DM, threads=False),
                 games.set_preferences(DM, server_theme="contrast")):
        with pytest.raises(UserError) as e:
            await call
        assert e.value.key == "settings.guild_only"


async def test_an_unknown_ruleset_or_theme_changes_nothing(games: GameService,
                                                          store: Database) -> None:
    with pytest.raises(EngineError):
        await games.configure(ctx(ALICE), rules="chess", lang="sv")
    assert (await stored(store)).lang is None
    for kw in ({"theme": "neon"}, {"server_theme": "neon"}):
        with pytest.raises(UserError) as e:
            await games.set_preferences(ctx(ALICE), **kw)  # type: ignore[arg-type]
        assert e.value.key == "settings.theme"
        assert e.value.params["themes"] == ", ".join(THEMES)
    assert games.theme_for(GUILD, ALICE) == "classic"


async def test_a_servers_threads_and_theme(games: GameService, store: Database) -> None:
    reply = await games.set_preferences(ctx(ALICE), threads=False, server_theme="contrast")
    assert reply.private == t("settings.server_prefs", "en", threads=t("no", "en"),
                              theme="contrast")
    async with store.read() as tx:
        p = await players_sql.server_display(tx, GUILD)
    assert (p.threads, p.theme) == (False, "contrast")
    await games.set_preferences(ctx(ALICE), server_theme="default")
    async with store.read() as tx:
        p = await players_sql.server_display(tx, GUILD)
    assert (p.threads, p.theme) == (False, None)  # threads kept: only the theme changed


async def test_a_members_own_theme_and_ways_of_playing(store: Database, clock: Clock) -> None:
    games = make_games(store, clock)
    reply = await games.set_preferences(ctx(ALICE), theme="contrast", confirm=False,
                                        roll_for_me=True)
    assert reply.private == "\n".join([
        t("settings.my_theme", "en", theme="contrast"), t("settings.confirm_off", "en"),
        t("settings.roll_on", "en")])
    assert games.theme_for(GUILD, ALICE) == "contrast" and games.theme_for(GUILD, BOB) == \
        "classic"
    again = make_games(store, clock)  # after a restart: read back from the store
    await again.players.resolve(GUILD, [ALICE])
    assert again.theme_for(GUILD, ALICE) == "contrast"
    assert not again.players.confirms(GUILD, ALICE) and again.players.rolls_for(GUILD, ALICE)
    reply = await again.set_preferences(ctx(ALICE), theme="default", confirm=True)
    assert reply.private == "\n".join([
        t("settings.my_theme", "en", theme=t("settings.server_default", "en")),
        t("settings.confirm_on", "en")])
    assert again.players.rolls_for(GUILD, ALICE)  # not asked: unchanged


async def test_nothing_asked_nothing_changed(games: GameService) -> None:
    reply = await games.set_preferences(ctx(ALICE))
    assert reply.private == t("ok", "en")
    reply = await games.configure(replace(ctx(ALICE), user_locale="sv-SE"))
    assert reply.lang == "sv"  # the member's language, the server having none
