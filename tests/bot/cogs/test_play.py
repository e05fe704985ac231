"""The ``/brade`` cog's own choices (bot/cogs/play.py): who may change what with
``/brade settings``, and what it shows anyone who asks without options.  Games played
through it are the scenarios under tests/bot/ (test_games.py, test_turns.py, ...)."""

from __future__ import annotations

import simcord

from bot.i18n import t
from tests.bot.helpers import Db, server, snapshot


async def test_a_member_sees_the_servers_settings_and_their_own_without_changing_them(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """A member without Manage Server used to be refused even the look."""
    env = simcord_env
    _, ch, owner, (alice,) = server(env, "alice")
    await owner.slash(ch, "brade settings", ruleset="classic")
    await alice.slash(ch, "brade settings", roll_for_me=True, theme="contrast")
    before = snapshot(db_path)
    r = await alice.slash(ch, "brade settings")
    text = r.response.content
    assert r.ephemeral, text
    assert "**This server**" in text and "`classic`" in text and "board theme classic" in text
    assert "**You**: board theme contrast" in text and "roll for me on" in text
    assert "is shown first and counts on **Confirm**" in text  # confirming is the default
    assert t("notice.set.off", "en") in text  # and what comes by direct message
    assert "Only members with Manage Server" not in text
    assert snapshot(db_path) == before  # a look changes nothing


async def test_the_look_is_in_the_members_language(simcord_env: simcord.Env,
                                                   db_path: Db) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    r = await alice.slash(ch, "brade settings")
    text = r.response.content
    # issue 46: the values in Swedish too, never their codes
    assert "**Den här servern**: språk automatiskt (från Discord), standardregler" in text
    assert "brädtema klassiskt" in text and "auto," not in text and "classic" not in text
    assert "**Du**: brädtema serverns" in text and "slå åt mig av" in text
    r = await alice.slash(ch, "brade settings", theme="contrast")
    assert "temat kontrast" in r.response.content
    assert "**Du**: brädtema kontrast" in (await alice.slash(ch, "brade settings")
                                           ).response.content


async def test_only_manage_server_changes_the_servers_settings(simcord_env: simcord.Env,
                                                               db_path: Db) -> None:
    env = simcord_env
    _, ch, owner, (alice,) = server(env, "alice")
    before = snapshot(db_path)
    for options in ({"ruleset": "classic"}, {"language": "sv"}, {"threads": True},
                    {"server_theme": "contrast"}, {"ruleset": "classic", "theme": "contrast"}):
        r = await alice.slash(ch, "brade settings", **options)
        assert r.ephemeral and "Only members with Manage Server" in r.response.content, options
    assert snapshot(db_path) == before
    r = await owner.slash(ch, "brade settings", ruleset="classic")
    assert "Saved: language automatic (from Discord), default rules `classic`." in \
        r.response.content
