"""``BradeBot``'s resources (bot/client.py): whoever makes one closes it.  A bot handed
the store, the board and listing workers and the computer's agent (as ``python -m bot``
hands them) draws, lists and plays with those and closes none of them; a bot handed
nothing makes its own and closes each at ``release``."""

from __future__ import annotations

from pathlib import Path

import simcord

import bot.client as client_module
from bot.client import BradeBot
from bot.service.ai import ThreadAgent
from bot.service.listing import ListPool
from bot.service.pictures import RenderPool
from bot.store import open_store
from tests.bot.conftest import bot_settings
from tests.bot.helpers import game_row, play_turns, start_game


class ClosingAgent(ThreadAgent):
    """The computer, counting the times it is closed."""

    def __init__(self) -> None:
        self.closes = 0

    def close(self) -> None:
        self.closes += 1


class CountingPool(RenderPool):
    """Board workers (none: threads) counting their starts and closes."""

    def __init__(self) -> None:
        super().__init__(0)
        self.starts = self.closes = 0

    def start(self) -> CountingPool:
        self.starts += 1
        return super().start()

    def close(self) -> None:
        self.closes += 1
        super().close()


async def test_what_the_bot_is_handed_it_uses_and_leaves_open(tmp_path: Path) -> None:
    """``python -m bot``'s way: the bot starts the handed workers, every part uses what
    was handed, and closing the bot closes none of it."""
    store = await open_store(tmp_path / "brade.sqlite3")
    renderer, lister, agent = CountingPool(), ListPool(0), ClosingAgent()
    bot = BradeBot(db_path=tmp_path / "unused.sqlite3", store=store, renderer=renderer,
                   lister=lister, agent=agent, settings=bot_settings(), shards=((0,), 1))
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        assert renderer.starts == 1  # started once logged in, by the bot
        # every part draws, lists and plays with what it was handed
        assert bot.delivery.pictures is renderer and bot.services.spectate.pictures is renderer
        assert bot.services.games.pickers.lister is lister
        assert bot.services.games.agent is agent
        _, ch, _ = await start_game(env)
        assert game_row(tmp_path / "brade.sqlite3", ch.id) is not None  # the handed store
    finally:
        await env.shutdown()
        await bot.close()
    assert (renderer.closes, lister.closed, agent.closes) == (0, False, 0)
    async with store.read() as tx:  # still open: its maker closes it
        assert await tx.one("SELECT 1") is not None
    renderer.close()
    lister.close()
    await store.close()
    assert not (tmp_path / "unused.sqlite3").exists()


async def test_what_the_bot_makes_it_closes_once(tmp_path: Path, monkeypatch) -> None:
    """A bot handed nothing (tests, benchmarks) makes its store, workers and agent and
    closes each once at ``release``; its settings reach the services."""
    made: list[ClosingAgent] = []

    def process_agent() -> ClosingAgent:  # the agent a bot makes ("process")
        made.append(ClosingAgent())
        return made[-1]

    monkeypatch.setattr(client_module, "ProcessAgent", process_agent)
    bot = BradeBot(db_path=tmp_path / "brade.sqlite3", shards=((0,), 1),
                   settings=bot_settings(remind_after=40, claim_after=90, max_games=2,
                                         max_analyses_per_member=5))
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        assert bot.agent is made[0] and bot.store is not None
        # the one settings object, handed down
        games = bot.services.games
        assert (games.remind_after, games.claim_after, games.max_games) == (40, 90, 2)
        assert bot.services.spectate.analyses.per_member == 5
        assert bot.check_every == 10  # a quarter of remind_after
        assert bot.renderer.workers == bot.lister.workers == 0
        store = bot.store
        assert not bot.renderer.closed and not bot.lister.closed
    finally:
        await env.shutdown()
        await bot.close()
    assert bot.renderer.closed and bot.lister.closed and made[0].closes == 1
    assert bot.store is None
    try:
        async with store.read() as tx:
            await tx.one("SELECT 1")
    except Exception:
        pass  # closed, as expected
    else:
        raise AssertionError("the bot left its own store open")
    await bot.release()  # twice is harmless: nothing is closed again
    assert made[0].closes == 1



async def test_the_bot_is_not_sent_the_channels_messages(simcord_env, db_path) -> None:
    """The bot asks for guilds and bans only (``INTENTS``): the boards it posts and edits
    and the members' chat never come back to it as gateway events to parse and cache, and
    a turn still plays (interactions come whatever the intents)."""
    env = simcord_env
    _, ch, members = await start_game(env)
    await members[0].send(ch, "lycka till!")  # a member's chat
    before = game_row(db_path, ch.id)["game"].position
    await play_turns(env, ch, db_path, members, 1)
    dropped = {name for kind, name, _ in env.backend.transcript if kind == "DROPPED"}
    assert {"MESSAGE_CREATE", "MESSAGE_UPDATE"} <= dropped
    assert not env.bot.cached_messages
    assert game_row(db_path, ch.id)["game"].position != before  # the turn was played
    intents = env.bot.intents
    assert intents.guilds and intents.moderation  # channels, threads; bans
    assert not (intents.members or intents.presences or intents.message_content)
