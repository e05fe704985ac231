"""Settings from the environment, checked once at start-up.

The token is kept out of ``repr`` so that logging the settings (or a traceback that
shows them) can never leak it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


def parse_duration(text: str, name: str) -> float:
    """Seconds from ``"90"``, ``"90s"``, ``"30m"``, ``"6h"`` or ``"2d"``."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text or "", re.ASCII)
    if not m:
        raise ConfigError(f"{name}={text!r} is not a duration; write e.g. 90s, 30m, 6h or 2d.")
    unit = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
    return float(m.group(1)) * unit


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    db_path: Path = Path("brade.sqlite3")
    dev_guild: int | None = None
    log_level: str = "INFO"
    #: Remind the player to move after this long; the opponent may claim after ``claim_after``.
    remind_after: float = 6 * 3600.0
    claim_after: float = 48 * 3600.0
    default_rules: str = "talisman"
    #: An unanswered challenge lapses after this long and frees its channel.
    challenge_expires: float = 15 * 60.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        env = os.environ if env is None else env
        token = (env.get("DISCORD_TOKEN") or "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Create a bot in the Discord developer portal "
                "(Applications → your app → Bot → Reset Token) and run with "
                "DISCORD_TOKEN=<token> python -m bot."
            )
        dev = (env.get("BRADE_DEV_GUILD") or "").strip()
        # str.isdigit() accepts "²" and other digits int() refuses: ASCII digits only.
        if dev and not (dev.isascii() and dev.isdigit()):
            raise ConfigError(f"BRADE_DEV_GUILD={dev!r} must be a server (guild) id, digits only.")
        level = (env.get("BRADE_LOG_LEVEL") or "INFO").strip().upper()
        if level not in LOG_LEVELS:
            raise ConfigError(f"BRADE_LOG_LEVEL={level!r} must be one of {', '.join(LOG_LEVELS)}.")
        remind = parse_duration(env.get("BRADE_REMIND_AFTER") or "6h", "BRADE_REMIND_AFTER")
        claim = parse_duration(env.get("BRADE_CLAIM_AFTER") or "48h", "BRADE_CLAIM_AFTER")
        if claim < remind:
            raise ConfigError("BRADE_CLAIM_AFTER must not be shorter than BRADE_REMIND_AFTER.")
        rules = (env.get("BRADE_DEFAULT_RULES") or "talisman").strip()
        try:
            from engine.rules import get as get_rules

            get_rules(rules)
        except Exception as e:  # the registry's own error, whatever its type
            raise ConfigError(f"BRADE_DEFAULT_RULES={rules!r}: {e}") from None
        expires = parse_duration(env.get("BRADE_CHALLENGE_EXPIRES") or "15m",
                                 "BRADE_CHALLENGE_EXPIRES")
        if expires <= 0:
            raise ConfigError("BRADE_CHALLENGE_EXPIRES must be longer than zero.")
        db = env.get("BRADE_DB") or "brade.sqlite3"
        if "\x00" in db:
            raise ConfigError("BRADE_DB must be a file path; it contains a NUL character.")
        return cls(
            token=token,
            db_path=Path(db),
            dev_guild=int(dev) if dev else None,
            log_level=level,
            remind_after=remind,
            claim_after=claim,
            default_rules=rules,
            challenge_expires=expires,
        )
