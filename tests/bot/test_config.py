"""``BRADE_CHALLENGE_EXPIRES``: how long an unanswered challenge holds its channel.

A value the bot misreads either never frees a channel (the bug issue 13 fixed) or lapses
every challenge at once; a wrong value must stop the bot at start-up with the setting
named, like every other setting (``ConfigError``).
"""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError

TOKEN = {"DISCORD_TOKEN": "x" * 40}


def _expires(value: str | None) -> float:
    env = dict(TOKEN)
    if value is not None:
        env["BRADE_CHALLENGE_EXPIRES"] = value
    return Config.from_env(env).challenge_expires


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
