"""No game secret reaches the log, at any level.

A game's seed and its random generator's state decide every future roll; aiosqlite logs
each statement with its parameters at DEBUG, which put both in the log of any bot run
with ``BRADE_LOG_LEVEL=DEBUG``.  This plays part of a game with every logger at DEBUG and
searches everything logged for the seed, the generator state and the bot's token, and
on PostgreSQL (asyncpg at DEBUG too) for the database password.
"""

from __future__ import annotations

import json
import logging
import secrets
from urllib.parse import urlsplit

import pytest
import simcord

from tests.bot.conftest import make_bot
from tests.bot.helpers import Db, db_rows, is_postgres, roll_now, start_game

SIMCORD_TOKEN = "simcord.fake.token"  # what SimCord logs the bot in with


class Everything(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))
        if record.exc_info:
            self.lines.append(logging.Formatter().formatException(record.exc_info))


@pytest.fixture
def debug_log():
    handler = Everything()
    root = logging.getLogger()
    old = root.level
    root.setLevel(logging.DEBUG)
    root.addHandler(handler)
    loggers = [logging.getLogger(n) for n in ("aiosqlite", "asyncpg", "discord", "bot",
                                              "asyncio")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(old)
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


async def test_debug_log_holds_no_seed_state_or_token(db_path: Db, debug_log: Everything
                                                      ) -> None:
    db = db_path
    secret_seeds = [secrets.randbits(62) | (1 << 61) for _ in range(8)]  # 19 digits each
    bot = make_bot(db)
    bot.seed_source = iter(secret_seeds).__next__
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        _, ch, members = await start_game(env)
        await roll_now(env, ch, db, members)
        await members[0].slash(ch, "brade show")
        await members[2].slash(ch, "brade history")
    finally:
        await env.shutdown()
    text = "\n".join(debug_log.lines)
    assert len(debug_log.lines) > 20, "the run logged (at DEBUG) as expected"
    assert "brade" in text.lower() or "discord" in text.lower()

    seed, state = db_rows(db, "SELECT seed, state FROM games ORDER BY id DESC LIMIT 1")[0]
    assert str(seed) not in text, "the game's seed is in the log"
    rng = json.loads(state)["game"]["rng"][1]
    leaked = [n for n in rng if n >= 10**8 and str(n) in text]
    assert not leaked, f"{len(leaked)} numbers of the dice generator's state are in the log"
    assert SIMCORD_TOKEN not in text, "the bot's token is in the log"
    if is_postgres(db):
        password = urlsplit(str(db)).password
        assert password and password not in text, "the database password is in the log"


def test_seeds_come_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a seed source the service draws seeds with ``secrets`` (not ``random``)."""
    from bot.service.games import GameService

    drawn: list[int] = []
    monkeypatch.setattr(secrets, "randbits", lambda k: drawn.append(k) or 4242)
    service = GameService(None)  # type: ignore[arg-type]
    assert service.seed_source() == 4242
    assert drawn == [62]
