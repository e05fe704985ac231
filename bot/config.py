"""Settings from the environment, checked once at start-up: ``Config`` (how to connect)
holding ``Settings`` (how the bot runs its games), each default written once.

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

# One masking rule and one test of a PostgreSQL URL for config, store and migrate.
from bot.store.dialect import is_postgres_url, mask_url
from engine import rules as rules_registry

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
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


#: Board worker processes one bot may ask for: far above any need (one draws ~80 boards a
#: second), low enough that a typo does not spawn thousands.
MAX_RENDER_WORKERS = 64


@dataclass(frozen=True)
class Settings:
    """How the bot runs its games and how much work it takes on: every default written
    here once.  ``Settings.from_env`` reads them (``Config.from_env`` calls it); tests and
    benchmarks write ``Settings(remind_after=60)`` or ``dataclasses.replace``.  Handed
    whole to ``BradeBot``, which hands it to ``Services.build``."""

    #: The ruleset of a server that chose none (BRADE_DEFAULT_RULES).
    default_rules: str = rules_registry.DEFAULT
    #: Remind the player to move after this long (BRADE_REMIND_AFTER); the opponent may
    #: claim after ``claim_after`` (BRADE_CLAIM_AFTER).
    remind_after: float = 6 * 3600.0
    claim_after: float = 48 * 3600.0
    #: An unanswered challenge lapses after this long and frees its channel
    #: (BRADE_CHALLENGE_EXPIRES).
    challenge_expires: float = 15 * 60.0
    #: Live games and open challenges one member may have in one server, counted
    #: together (BRADE_MAX_GAMES_PER_MEMBER); 0: no limit.
    max_games: int = 10
    #: The most ``/watch analyse`` requests one member may have running and waiting
    #: (BRADE_MAX_ANALYSES_PER_MEMBER).
    max_analyses_per_member: int = 3
    #: Board worker processes (BRADE_RENDER_WORKERS); 0 draws in threads; None: one per
    #: core beyond the event loop's, at most two (``bot.service.pictures.default_workers``).
    render_workers: int | None = None
    #: How often the background checks run (reminders, expiry, tournaments' deadlines);
    #: None: a quarter of ``remind_after``, from 1 s to 60 s.  Not an environment
    #: variable: tests and benchmarks set it.
    check_every: float | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment gives; each unset or empty one keeps its default."""
        env = os.environ if env is None else env
        d = cls()
        text = env.get("BRADE_REMIND_AFTER")
        remind = parse_duration(text, "BRADE_REMIND_AFTER") if text else d.remind_after
        text = env.get("BRADE_CLAIM_AFTER")
        claim = parse_duration(text, "BRADE_CLAIM_AFTER") if text else d.claim_after
        if claim < remind:
            raise ConfigError("BRADE_CLAIM_AFTER must not be shorter than BRADE_REMIND_AFTER.")
        rules = (env.get("BRADE_DEFAULT_RULES") or d.default_rules).strip()
        try:
            rules_registry.get(rules)
        except Exception as e:  # the registry's own error, whatever its type
            raise ConfigError(f"BRADE_DEFAULT_RULES={rules!r}: {e}") from None
        text = env.get("BRADE_CHALLENGE_EXPIRES")
        expires = parse_duration(text, "BRADE_CHALLENGE_EXPIRES") if text \
            else d.challenge_expires
        if expires <= 0:
            raise ConfigError("BRADE_CHALLENGE_EXPIRES must be longer than zero.")
        text = env.get("BRADE_MAX_ANALYSES_PER_MEMBER")
        analyses = parse_count(text, "BRADE_MAX_ANALYSES_PER_MEMBER", least=1, most=1000) \
            if text else d.max_analyses_per_member
        text = (env.get("BRADE_MAX_GAMES_PER_MEMBER") or "").strip()
        max_games = parse_count(text, "BRADE_MAX_GAMES_PER_MEMBER", hint=" (0: no limit)") \
            if text else d.max_games
        text = (env.get("BRADE_RENDER_WORKERS") or "").strip()
        workers = parse_count(text, "BRADE_RENDER_WORKERS", most=MAX_RENDER_WORKERS,
                              hint=" (0: draw the boards in threads; unset: one per core "
                                   "beyond the first, at most two)") \
            if text else d.render_workers
        return cls(default_rules=rules, remind_after=remind, claim_after=claim,
                   challenge_expires=expires, max_games=max_games,
                   max_analyses_per_member=analyses, render_workers=workers)


@dataclass(frozen=True)
class Config:
    """Everything ``python -m bot`` reads from the environment: how to connect (token,
    database, shards, development server, log level) and the bot's ``Settings``."""

    token: str = field(repr=False)
    #: The SQLite file; None when ``BRADE_DB`` is a PostgreSQL URL.
    db_path: Path | None = Path("brade.sqlite3")
    #: ``BRADE_DB`` as given: a SQLite file path or a ``postgresql://`` URL.  Kept out
    #: of ``repr`` (a URL may carry a password); ``db_shown`` is the masked form.
    db: str = field(default="brade.sqlite3", repr=False)
    shards: Shards | None = None
    dev_guild: int | None = None
    log_level: str = "INFO"
    #: How long a PostgreSQL server that is not up yet is waited for at start-up
    #: (BRADE_DB_WAIT; compose.yaml sets it); 0: a refused connection fails at once.
    db_wait: float = 0.0
    settings: Settings = field(default_factory=Settings)

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
        settings = Settings.from_env(env)
        db = (env.get("BRADE_DB") or "").strip() or "brade.sqlite3"
        if "\x00" in db:
            raise ConfigError("BRADE_DB must be a file path or a postgresql:// URL; it "
                              "contains a NUL character.")
        if is_postgres_url(db):
            check_database_url(db)
        db_wait = parse_duration(env.get("BRADE_DB_WAIT") or "0", "BRADE_DB_WAIT")
        shard_text = (env.get("BRADE_SHARDS") or "").strip()
        shards = parse_shards(shard_text) if shard_text else None
        return cls(
            token=token,
            db_path=None if is_postgres_url(db) else Path(db),
            db=db,
            shards=shards,
            dev_guild=int(dev) if dev else None,
            log_level=level,
            db_wait=db_wait,
            settings=settings,
        )

    @property
    def db_shown(self) -> str:
        """The database for logs and messages: a URL's password masked."""
        return mask_url(self.db) if is_postgres_url(self.db) else self.db

    def __repr__(self) -> str:  # the dataclass repr, plus the database without a password
        return (f"Config(db={self.db_shown!r}, shards={self.shards!r}, "
                f"dev_guild={self.dev_guild!r}, log_level={self.log_level!r}, "
                f"db_wait={self.db_wait!r}, settings={self.settings!r})")
