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
from urllib.parse import parse_qs, urlsplit

from bot.store.dialect import mask_url  # one masking rule for config, store and migrate

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
PG_SCHEMES = ("postgresql", "postgres")
SHARD_FORMS = ("BRADE_SHARDS takes A-B/N (shards A to B of N), A,B,C/N (those shards of N) "
               "or K/N (shard K of N), every id below N; leave it unset to run one process "
               "with the shard count Discord recommends.")
#: Far above any bot's need (2,500 servers a shard), low enough that a typo such as
#: ``0-99999999999/100000000000`` is refused instead of building a list that size.
MAX_SHARDS = 100_000
#: ``(shard ids this process runs, total shard count)``; None lets Discord decide.
Shards = tuple[tuple[int, ...], int]


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


def parse_duration(text: str, name: str) -> float:
    """Seconds from ``"90"``, ``"90s"``, ``"30m"``, ``"6h"`` or ``"2d"``."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text or "", re.ASCII)
    if not m:
        raise ConfigError(f"{name}={text!r} is not a duration; write e.g. 90s, 30m, 6h or 2d.")
    unit = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
    return float(m.group(1)) * unit


def parse_count(text: str, name: str, *, least: int = 0, most: int = 999_999_999,
                hint: str = "") -> int:
    """A whole number from ``least`` to ``most``, in ASCII digits (``str.isdigit`` would
    take "²" too); ``hint`` ends the refusal (say what 0 means, for instance)."""
    value = (text or "").strip()
    if not (value.isascii() and value.isdigit()) or len(value) > 9 \
            or not least <= int(value) <= most:
        what = f"from {least} to {most}" if most < 999_999_999 else f"{least} or more"
        raise ConfigError(f"{name}={text!r} must be a whole number {what}{hint}.")
    return int(value)


def is_database_url(target: str) -> bool:
    """Whether ``BRADE_DB`` names a PostgreSQL server rather than a SQLite file."""
    return target.split(":", 1)[0].lower() in PG_SCHEMES and "://" in target


def check_database_url(url: str) -> None:
    """A ``postgresql://`` URL has a host (or a unix-socket ``host=`` query) and a
    database name; say which part is missing, never echoing the password."""
    shown = mask_url(url)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
        query = parse_qs(parts.query, keep_blank_values=True)
        if "@" in parts.path:  # an unencoded "/" in the password split the URL early
            raise ValueError
    except ValueError:  # its text may quote part of a password: not shown
        raise ConfigError(f"BRADE_DB={shown} is not a valid PostgreSQL URL (a password "
                          "with / # ? @ : must be percent-encoded); write "
                          "postgresql://user:password@host:5432/database.") from None
    if not (parts.hostname or any(v for v in query.get("host", []))):
        raise ConfigError(f"BRADE_DB={shown} names no server: write "
                          "postgresql://user:password@host:5432/database (or "
                          "?host=/run/postgresql for a unix socket).")
    if not parts.path.strip("/") and not any(
            v for k in ("dbname", "database") for v in query.get(k, [])):
        raise ConfigError(f"BRADE_DB={shown} names no database: add it after the host, "
                          "e.g. postgresql://user:password@host:5432/brade.")


def parse_shards(text: str) -> Shards:
    """``"0-3/8"`` → ((0, 1, 2, 3), 8); ``"1,5/8"`` → ((1, 5), 8); ``"2/8"`` → ((2,), 8)."""
    m = re.fullmatch(r"\s*([0-9,\s-]+?)\s*/\s*([0-9]+)\s*", text, re.ASCII)
    if not m:
        raise ConfigError(f"BRADE_SHARDS={text!r} is malformed. {SHARD_FORMS}")
    spec, count = m.group(1), int(m.group(2))
    if not 1 <= count <= MAX_SHARDS:
        raise ConfigError(f"BRADE_SHARDS={text!r}: the shard count must be at least 1 and "
                          f"at most {MAX_SHARDS}. {SHARD_FORMS}")
    ids: list[int]
    if r := re.fullmatch(r"([0-9]+)\s*-\s*([0-9]+)", spec, re.ASCII):
        a, b = int(r.group(1)), int(r.group(2))
        if a > b:
            raise ConfigError(f"BRADE_SHARDS={text!r}: the range {a}-{b} runs backwards. "
                              f"{SHARD_FORMS}")
        ids = list(range(a, b + 1))
    elif re.fullmatch(r"[0-9]+(\s*,\s*[0-9]+)*", spec, re.ASCII):
        ids = [int(x) for x in spec.split(",")]
    else:
        raise ConfigError(f"BRADE_SHARDS={text!r} is malformed. {SHARD_FORMS}")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"BRADE_SHARDS={text!r} names a shard twice. {SHARD_FORMS}")
    if max(ids) >= count:
        raise ConfigError(f"BRADE_SHARDS={text!r}: shard {max(ids)} does not exist among "
                          f"{count} (ids run 0 to {count - 1}). {SHARD_FORMS}")
    return tuple(ids), count


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    #: The SQLite file; None when ``BRADE_DB`` is a PostgreSQL URL.
    db_path: Path | None = Path("brade.sqlite3")
    #: ``BRADE_DB`` as given: a SQLite file path or a ``postgresql://`` URL.  Kept out
    #: of ``repr`` (a URL may carry a password); ``db_shown`` is the masked form.
    db: str = field(default="brade.sqlite3", repr=False)
    shards: Shards | None = None
    dev_guild: int | None = None
    log_level: str = "INFO"
    #: Remind the player to move after this long; the opponent may claim after ``claim_after``.
    remind_after: float = 6 * 3600.0
    claim_after: float = 48 * 3600.0
    default_rules: str = "talisman"
    #: An unanswered challenge lapses after this long and frees its channel.
    challenge_expires: float = 15 * 60.0
    #: The most ``/watch analyse`` requests one member may have running and waiting.
    max_analyses_per_member: int = 3
    #: Live games and open challenges one member may have in one server, counted
    #: together (BRADE_MAX_GAMES_PER_MEMBER); 0: no limit.
    max_games: int = 10
    #: How long a PostgreSQL server that is not up yet is waited for at start-up
    #: (BRADE_DB_WAIT; compose.yaml sets it); 0: a refused connection fails at once.
    db_wait: float = 0.0

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
        analyses = parse_count(env.get("BRADE_MAX_ANALYSES_PER_MEMBER") or "3",
                               "BRADE_MAX_ANALYSES_PER_MEMBER", least=1, most=1000)
        max_games = parse_count((env.get("BRADE_MAX_GAMES_PER_MEMBER") or "").strip() or "10",
                                "BRADE_MAX_GAMES_PER_MEMBER", hint=" (0: no limit)")
        db = (env.get("BRADE_DB") or "").strip() or "brade.sqlite3"
        if "\x00" in db:
            raise ConfigError("BRADE_DB must be a file path or a postgresql:// URL; it "
                              "contains a NUL character.")
        if is_database_url(db):
            check_database_url(db)
        db_wait = parse_duration(env.get("BRADE_DB_WAIT") or "0", "BRADE_DB_WAIT")
        shard_text = (env.get("BRADE_SHARDS") or "").strip()
        shards = parse_shards(shard_text) if shard_text else None
        return cls(
            token=token,
            db_path=None if is_database_url(db) else Path(db),
            db=db,
            shards=shards,
            dev_guild=int(dev) if dev else None,
            log_level=level,
            remind_after=remind,
            claim_after=claim,
            default_rules=rules,
            challenge_expires=expires,
            max_analyses_per_member=analyses,
            max_games=max_games,
            db_wait=db_wait,
        )

    @property
    def db_shown(self) -> str:
        """The database for logs and messages: a URL's password masked."""
        return mask_url(self.db) if is_database_url(self.db) else self.db

    def __repr__(self) -> str:  # the dataclass repr, plus the database without a password
        return (f"Config(db={self.db_shown!r}, shards={self.shards!r}, "
                f"dev_guild={self.dev_guild!r}, log_level={self.log_level!r}, "
                f"remind_after={self.remind_after!r}, claim_after={self.claim_after!r}, "
                f"default_rules={self.default_rules!r}, "
                f"challenge_expires={self.challenge_expires!r}, "
                f"max_games={self.max_games!r}, db_wait={self.db_wait!r}, "
                f"max_analyses_per_member={self.max_analyses_per_member!r})")
