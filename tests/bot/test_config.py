"""The settings from the environment (``Config``, ``Settings``); first
``BRADE_CHALLENGE_EXPIRES``: how long an unanswered challenge holds its channel.

A value the bot misreads either never frees a channel (the bug issue 13 fixed) or lapses
every challenge at once; a wrong value must stop the bot at start-up with the setting
named, like every other setting (``ConfigError``).
"""

from __future__ import annotations

import dataclasses

import pytest

from bot.config import Config, ConfigError, Settings

TOKEN = {"DISCORD_TOKEN": "x" * 40}


def _expires(value: str | None) -> float:
    env = dict(TOKEN)
    if value is not None:
        env["BRADE_CHALLENGE_EXPIRES"] = value
    return Config.from_env(env).settings.challenge_expires


def test_challenge_expiry_defaults_to_fifteen_minutes() -> None:
    assert _expires(None) == 15 * 60
    assert _expires("") == 15 * 60  # set but empty, as a compose file leaves it


@pytest.mark.parametrize(("text", "seconds"), [
    ("90", 90), ("90s", 90), ("30m", 1800), (" 2h ", 7200), ("1d", 86400), ("0.5m", 30),
])
def test_challenge_expiry_reads_a_duration(text: str, seconds: float) -> None:
    assert _expires(text) == seconds


@pytest.mark.parametrize("text", ["soon", "15 min", "-5m", "1e3", "5x", "²"])
def test_a_malformed_challenge_expiry_names_the_setting(text: str) -> None:
    with pytest.raises(ConfigError, match="BRADE_CHALLENGE_EXPIRES"):
        _expires(text)


@pytest.mark.parametrize("text", ["0", "0s", "0.0m"])
def test_a_zero_challenge_expiry_is_refused(text: str) -> None:
    """Zero would lapse every challenge the moment it is made."""
    with pytest.raises(ConfigError, match="BRADE_CHALLENGE_EXPIRES must be longer than zero"):
        _expires(text)


# -- BRADE_MAX_GAMES_PER_MEMBER: live games and open challenges per member (issue 25) ---------

def _max_games(value: str | None) -> int:
    env = dict(TOKEN)
    if value is not None:
        env["BRADE_MAX_GAMES_PER_MEMBER"] = value
    return Config.from_env(env).settings.max_games


def test_the_limit_per_member_defaults_to_ten() -> None:
    assert _max_games(None) == 10
    assert _max_games("") == 10 and _max_games("  ") == 10  # set but empty


@pytest.mark.parametrize(("text", "limit"), [("3", 3), (" 25 ", 25), ("1", 1), ("0", 0)])
def test_the_limit_per_member_reads_a_count(text: str, limit: int) -> None:
    assert _max_games(text) == limit  # 0: no limit


@pytest.mark.parametrize("text", ["-1", "ten", "2.5", "1e3", "²", "3 games", "9999999999"])
def test_a_malformed_limit_per_member_names_the_setting(text: str) -> None:
    with pytest.raises(ConfigError, match="BRADE_MAX_GAMES_PER_MEMBER") as e:
        _max_games(text)
    assert "0: no limit" in str(e.value)


# -- BRADE_SHARDS: which of Discord's shards this process runs (issue 15) ----------------------

def _shards(value: str | None) -> tuple[tuple[int, ...], int] | None:
    env = dict(TOKEN)
    if value is not None:
        env["BRADE_SHARDS"] = value
    return Config.from_env(env).shards


def test_without_shards_discord_decides() -> None:
    assert _shards(None) is None
    assert _shards("") is None and _shards("  ") is None  # set but empty, as compose leaves it


@pytest.mark.parametrize(("text", "shards"), [
    ("0-3/8", ((0, 1, 2, 3), 8)), ("4-7/8", ((4, 5, 6, 7), 8)), ("2/8", ((2,), 8)),
    ("0/1", ((0,), 1)), ("1,5,6/8", ((1, 5, 6), 8)), (" 0 - 1 / 2 ", ((0, 1), 2)),
    ("3-3/4", ((3,), 4)), ("0, 2/3", ((0, 2), 3)),
])
def test_shards_read_as_a_range_a_list_or_one(text: str, shards: tuple) -> None:
    assert _shards(text) == shards


@pytest.mark.parametrize(("text", "why"), [
    ("8/8", "does not exist"), ("0-8/8", "does not exist"), ("1,9/4", "does not exist"),
    ("0/0", "at least 1"), ("3-1/4", "backwards"), ("1,1/4", "twice"),
    ("0-99999999999/100000000000", "at most"), ("0/100001", "at most"),
    ("0-3", "malformed"), ("/8", "malformed"), ("a/b", "malformed"), ("-1/4", "malformed"),
    ("0,/4", "malformed"), ("0-3/8/2", "malformed"), ("²/4", "malformed"),
    ("0-1-2/4", "malformed"), ("1.5/4", "malformed"), ("0-3 of 8", "malformed"),
])
def test_bad_shards_say_the_accepted_forms(text: str, why: str) -> None:
    with pytest.raises(ConfigError) as e:
        _shards(text)
    line = str(e.value)
    assert line.startswith("BRADE_SHARDS=") and why in line
    assert "A-B/N" in line and "A,B,C/N" in line and "K/N" in line
    assert "\n" not in line


# -- BRADE_DB: a SQLite file or a PostgreSQL URL -----------------------------------------------

SECRET = "s3cr3t-Pa55"


def _db(value: str) -> Config:
    return Config.from_env({**TOKEN, "BRADE_DB": value})


def test_a_path_is_a_sqlite_file() -> None:
    c = _db("data/brade.sqlite3")
    assert c.db == "data/brade.sqlite3" and str(c.db_path) == "data/brade.sqlite3"
    default = Config.from_env(TOKEN)
    assert default.db == "brade.sqlite3" and str(default.db_path) == "brade.sqlite3"


@pytest.mark.parametrize("url", [
    f"postgresql://brade:{SECRET}@db.example:5432/brade",
    f"postgres://brade:{SECRET}@10.0.0.5/brade",
    "postgresql:///brade?host=/run/postgresql",
    f"postgresql://brade:{SECRET}@/brade?host=/var/run/postgresql",
    "postgresql://db.example/brade",
    f"postgresql://brade:{SECRET}@[::1]:5432/brade?sslmode=require",
    f"postgresql:///brade?host=/run/postgresql&user=brade&password={SECRET}",
])
def test_a_postgresql_url_is_kept_and_its_password_never_shown(url: str) -> None:
    c = _db(url)
    assert c.db == url and c.db_path is None
    assert SECRET not in repr(c) and SECRET not in c.db_shown
    assert SECRET not in str(c) and "token" not in repr(c).lower()


@pytest.mark.parametrize(("url", "why"), [
    (f"postgresql://brade:{SECRET}@/brade", "names no server"),
    (f"postgresql://brade:{SECRET}@db.example:5432", "names no database"),
    (f"postgresql://brade:{SECRET}@db.example:5432/", "names no database"),
    (f"postgresql://brade:{SECRET}@db.example:54x2/brade", "not a valid"),
    ("postgresql://brade:pa/ss@db.example/brade", "percent-encoded"),  # unencoded "/"
    ("postgresql://brade:pa:ss@db.example:99999/brade", "not a valid"),
    (f"postgresql://db.example:5432?password={SECRET}", "names no database"),
])
def test_a_bad_url_is_one_line_without_the_password(url: str, why: str) -> None:
    with pytest.raises(ConfigError) as e:
        _db(url)
    line = str(e.value)
    assert why in line and "\n" not in line and line.startswith("BRADE_DB=")
    for secret in (SECRET, "pa/ss", "pa:ss", "ss@"):
        assert secret not in line


@pytest.mark.parametrize("value", ["postgresql://h/d", " POSTGRES://h/d", "brade.sqlite3",
                                   "./postgresql://x", "postgresql:x://h/d", "data/pg://x"])
def test_the_setting_and_the_store_tell_a_url_from_a_file_alike(value: str) -> None:
    """One test of a PostgreSQL URL (bot/store/dialect.py) for the setting, the store
    (``open_store``) and ``python -m bot.migrate``: what the setting keeps as a URL, the
    store opens as one."""
    from bot.store.dialect import is_postgres_url

    assert (_db(value).db_path is None) is is_postgres_url(value)


def test_mask_url_hides_any_password() -> None:
    from bot.config import mask_url

    assert mask_url(f"postgresql://u:{SECRET}@h/db") == "postgresql://u:***@h/db"
    assert mask_url("postgresql://u:a/b@c#d@h:5/db") == "postgresql://u:***@h:5/db"
    assert mask_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert mask_url("postgresql://h/db") == "postgresql://h/db"
    assert mask_url("brade.sqlite3") == "brade.sqlite3"
    assert mask_url(f"postgresql:///db?host=/run/pg&password={SECRET}&sslmode=require") == \
        "postgresql:///db?host=/run/pg&password=***&sslmode=require"


# -- BRADE_MAX_ANALYSES_PER_MEMBER: one member's share of the analysis worker (issue 25) --------

def _analyses(value: str | None) -> int:
    env = dict(TOKEN)
    if value is not None:
        env["BRADE_MAX_ANALYSES_PER_MEMBER"] = value
    return Config.from_env(env).settings.max_analyses_per_member


def test_analyses_per_member_default_and_set() -> None:
    assert _analyses(None) == 3 and _analyses("") == 3
    assert _analyses("1") == 1 and _analyses(" 20 ") == 20
    assert "max_analyses_per_member=3" in repr(Config.from_env(TOKEN))


@pytest.mark.parametrize("text", ["0", "-1", "two", "2.5", "²", "1001"])
def test_a_bad_analysis_cap_names_the_setting(text: str) -> None:
    with pytest.raises(ConfigError, match=r"BRADE_MAX_ANALYSES_PER_MEMBER=.* whole number "
                                          r"from 1 to 1000"):
        _analyses(text)


# -- Settings: how the bot runs its games, each default written once (issue 32) --------------

def test_an_empty_environment_gives_the_default_settings() -> None:
    """``Settings()`` is where the defaults live; the environment adds nothing unset or
    empty (as a compose file leaves a variable)."""
    assert Config.from_env(TOKEN).settings == Settings() == Settings.from_env({})
    blank = {name: "" for name in ("BRADE_REMIND_AFTER", "BRADE_CLAIM_AFTER",
                                   "BRADE_DEFAULT_RULES", "BRADE_CHALLENGE_EXPIRES",
                                   "BRADE_MAX_GAMES_PER_MEMBER",
                                   "BRADE_MAX_ANALYSES_PER_MEMBER", "BRADE_RENDER_WORKERS")}
    assert Settings.from_env(blank) == Settings()
    s = Settings()
    assert (s.remind_after, s.claim_after, s.challenge_expires) == (6 * 3600, 48 * 3600, 900)
    assert (s.default_rules, s.max_games, s.max_analyses_per_member) == ("talisman", 10, 3)
    assert s.render_workers is None and s.check_every is None  # decided where they are used


def test_settings_are_read_together_and_overridden_one_at_a_time() -> None:
    s = Settings.from_env({"BRADE_REMIND_AFTER": "1h", "BRADE_CLAIM_AFTER": "2h",
                           "BRADE_DEFAULT_RULES": "classic", "BRADE_RENDER_WORKERS": "2"})
    assert (s.remind_after, s.claim_after, s.default_rules, s.render_workers) == \
        (3600, 7200, "classic", 2)
    assert s.max_games == 10  # the rest keep their defaults
    assert dataclasses.replace(s, max_games=3).max_games == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.max_games = 3  # type: ignore[misc]


@pytest.mark.parametrize(("text", "workers"), [("0", 0), ("1", 1), (" 2 ", 2), ("64", 64),
                                                ("", None), ("  ", None)])
def test_render_workers_read_a_count(text: str, workers: int | None) -> None:
    assert Config.from_env({**TOKEN, "BRADE_RENDER_WORKERS": text}) \
        .settings.render_workers == workers  # 0: boards in threads; None: by the cores


@pytest.mark.parametrize("text", ["-1", "two", "1.5", "²", "65", "1e3"])
def test_bad_render_workers_name_the_setting(text: str) -> None:
    """Before, a word was warned about and ignored and -1 read as 0; now both stop the
    start with the setting named, as every other setting does."""
    with pytest.raises(ConfigError, match=r"BRADE_RENDER_WORKERS=.* whole number from 0 to "
                                          r"64") as e:
        Config.from_env({**TOKEN, "BRADE_RENDER_WORKERS": text})
    assert "0: draw the boards in threads" in str(e.value) and "\n" not in str(e.value)
