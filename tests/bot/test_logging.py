"""No game secret reaches the log, at any level.

A game's seed decides every future roll (docs/dice.md); aiosqlite logs each statement
with its parameters at DEBUG, which put it in the log of any bot run with
``BRADE_LOG_LEVEL=DEBUG``.  This plays part of a game with every logger at DEBUG and
searches everything logged for the seed (as the game stores it, in hex, and as the
number it was drawn as), a game stored before fair dice's generator state, and the bot's
token, and on PostgreSQL (asyncpg at DEBUG too) for the database password.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from urllib.parse import urlsplit

import pytest
import simcord

from tests.bot.conftest import make_bot
from tests.bot.helpers import Db, db_exec, db_rows, is_postgres, roll_now, start_game

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

    (state,), = db_rows(db, "SELECT state FROM games ORDER BY id DESC LIMIT 1")
    seed = json.loads(state)["game"]["seed"]
    assert int(seed, 16) in secret_seeds, "the game's seed came from the seed source"
    assert seed not in text and seed.lstrip("0") not in text, "the game's seed is in the log"
    assert not [n for n in secret_seeds if str(n) in text], "a drawn seed is in the log"
    assert SIMCORD_TOKEN not in text, "the bot's token is in the log"
    if is_postgres(db):
        password = urlsplit(str(db)).password
        assert password and password not in text, "the database password is in the log"


def test_seeds_come_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a seed source the service draws seeds with ``secrets`` (not ``random``),
    all 256 bits of a dice seed (docs/dice.md)."""
    from bot.service.games import GameService

    drawn: list[int] = []
    monkeypatch.setattr(secrets, "randbits", lambda k: drawn.append(k) or 4242)
    service = GameService(None)  # type: ignore[arg-type]
    assert service.table.seed_source() == 4242
    assert drawn == [256]


async def test_a_stored_old_game_logs_no_generator_state(db_path: Db, debug_log: Everything
                                                         ) -> None:
    """A game stored before fair dice keeps the generator's state in the database: a
    roll that reads and writes it logs none of it."""
    db = db_path
    bot = make_bot(db)
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        _, ch, members = await start_game(env)
        (gid, state), = db_rows(db, "SELECT id, state FROM games")
        data = json.loads(state)
        del data["game"]["seed"], data["game"]["drawn"]
        v, st, gauss = random.Random(secrets.randbits(62)).getstate()
        data["game"]["rng"] = [v, list(st), gauss]
        db_exec(db, "UPDATE games SET state = ? WHERE id = ?", (json.dumps(data), gid))
        bot.services.games.table.cache.clear()
        await roll_now(env, ch, db, members)
        await members[0].slash(ch, "brade show")
    finally:
        await env.shutdown()
    text = "\n".join(debug_log.lines)
    assert len(debug_log.lines) > 20
    (state,), = db_rows(db, "SELECT state FROM games")
    rng = json.loads(state)["game"]["rng"][1]
    leaked = [n for n in rng if n >= 10**8 and str(n) in text]
    assert not leaked, f"{len(leaked)} numbers of the dice generator's state are in the log"
