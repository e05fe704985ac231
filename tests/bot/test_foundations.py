"""Configuration, the store's migrations and transactions, and the two languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, parse_duration
from bot.i18n import TABLES, resolve_lang, t
from bot.i18n.translator import SV
from bot.store import Store


def test_missing_token_is_explained() -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        Config.from_env({})


def test_token_never_in_repr() -> None:
    c = Config.from_env({"DISCORD_TOKEN": "sekret-token", "BRADE_DEV_GUILD": "42",
                         "BRADE_REMIND_AFTER": "30m"})
    assert "sekret-token" not in repr(c) and c.dev_guild == 42 and c.settings.remind_after == 1800
    assert c.db_path == Path("brade.sqlite3")
    with pytest.raises(ConfigError):
        Config.from_env({"DISCORD_TOKEN": "x", "BRADE_LOG_LEVEL": "chatty"})
    with pytest.raises(ConfigError):
        Config.from_env({"DISCORD_TOKEN": "x", "BRADE_DEFAULT_RULES": "chess"})
    assert parse_duration("2d", "X") == 172800


async def test_migrations_wal_and_rollback(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "s.db")
    assert await store.journal_mode() == "wal"
    assert await store.migrate() == []  # already applied at open
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.insert_game(guild_id=1, channel_id=9, status="offered", rules="talisman",
                                 white_id=1, black_id=2, match_length=1, seed=1, state=None,
                                 now=0.0)
            raise RuntimeError("boom")
    async with store.read() as tx:
        assert await tx.live_game(9) is None  # rolled back
    async with store.transaction() as tx:
        gid = await tx.insert_game(guild_id=1, channel_id=9, status="active", rules="talisman",
                                   white_id=1, black_id=2, match_length=1, seed=1, state={},
                                   now=0.0)
        assert await tx.update_game(gid, 0, now=1.0, reminded=0) is not None
        assert await tx.update_game(gid, 0, now=1.0, reminded=0) is None  # stale version
    await store.close()
    reopened = await Store.open(tmp_path / "s.db")
    async with reopened.read() as tx:
        row = await tx.live_game(9)
    assert row is not None and row.version == 1
    await reopened.close()


def test_both_languages_have_every_message() -> None:
    en, sv = TABLES["en"], TABLES["sv"]  # the base tables and every feature's
    assert set(en) == set(sv), set(en) ^ set(sv)
    source = "".join(p.read_text() for p in Path("bot").rglob("*.py"))
    for key in set(re.findall(r'UserError\("([a-z_.]+)"', source)):
        assert f"err.{key}" in en, key
    for key in set(re.findall(r'\bt\("([a-z_.]+)"', source)):
        assert key in en, key
    assert t("roll", "sv", who="Vit (a)", name="sinkadus", dice="5–2") == \
        "Vit (a) slår **sinkadus** (5–2)."
    # engine error keys translate through the same function
    assert "tur" in t("game.not_your_turn", "sv")


def test_command_names_are_valid_swedish_discord_names() -> None:
    names = [v for k, v in SV.items() if re.fullmatch(r"[a-z_]+", k)]
    for name in names:
        assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name


def test_language_resolution() -> None:
    assert resolve_lang(None, "en-US", "sv-SE") == "sv"
    assert resolve_lang(None, "sv-SE", "en-US") == "sv"
    assert resolve_lang(None, "en-GB", "en-US") == "en"
    assert resolve_lang("en", "sv-SE", "sv-SE") == "en"
    assert resolve_lang(None, None, None) == "en"
