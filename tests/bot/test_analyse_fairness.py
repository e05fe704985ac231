"""``/watch analyse`` shares the analysis worker fairly (issue 25), through SimCord.

Anna asks for as many analyses as a member may (3 here) at once, and one more, which is
refused politely before anything is deferred; Bertil's one analysis, asked for after
hers, is told its place in the queue (first) and runs as soon as Anna's first is done.
The analyses are held at their first worker call until the test lets each go, so the
order they start in is seen exactly; the commands are sent without waiting for their
answers (SimCord's ``slash`` waits for the bot to settle, which a held analysis never
does), and the answers are read from SimCord's transcript.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import simcord

from benchmarks.bot_load import emit_slash
from bot.client import BradeBot
from bot.service.ai import ThreadAgent
from tests.bot.conftest import make_bot
from tests.bot.helpers import find_button, game_row, play_turns


class HeldAgent(ThreadAgent):
    """The test agent, except that each analysis waits at its first worker call until
    the test lets it go (``go``); ``started`` lists the records in the order they came."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.go: asyncio.Semaphore | None = None

    async def analysis_turns(self, record_text: str) -> tuple[str, list] | None:
        self.started.append(record_text)
        if self.go is None:
            self.go = asyncio.Semaphore(0)
        await self.go.acquire()
        return await super().analysis_turns(record_text)

    def let_go(self) -> None:
        assert self.go is not None
        self.go.release()


@pytest.fixture
def agent() -> HeldAgent:
    return HeldAgent()


@pytest.fixture
def simcord_bot(db_path: Path, agent: HeldAgent) -> BradeBot:
    return make_bot(db_path, agent=agent, max_analyses_per_member=3)


async def until(check: Any, what: str, seconds: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def said(env: simcord.Env, text: str) -> list[str]:
    """Every message text the bot sent or edited that contains ``text``."""
    return [str(p) for _kind, _name, p in env.backend.transcript if text in str(p)]


def refused_at_once(env: simcord.Env, text: str) -> bool:
    """``text`` was the interaction's first answer, private, with no file: the command
    was refused before anything was deferred."""
    answers = [p for _kind, name, p in env.backend.transcript
               if text in str(p) and "/callback" in str(name)]
    return len(answers) == 1 and answers[0]["type"] == 4 and \
        answers[0]["data"]["flags"] & 64 and not answers[0]["data"].get("attachments")


async def finished_in(env: simcord.Env, guild: simcord.GuildHandle, db: Path, name: str,
                      a: simcord.MemberActor, b: simcord.MemberActor,
                      resign_label: str = "Yes, resign") -> dict:
    ch = guild.create_text_channel(name)
    r = await a.slash(ch, "brade new", opponent=b)
    row = game_row(db, ch.id)
    accept = f"brade:accept:{row['id']}:{row['version']}:"
    await b.click(find_button(env, ch, accept), custom_id=accept)
    await play_turns(env, ch, db, [a, b], 2)
    r = await a.slash(ch, "brade resign")
    await a.click(r.response, label=resign_label)
    row = game_row(db, ch.id)
    assert row["status"] == "over", r
    return row


async def test_a_flood_is_capped_and_others_go_first(simcord_env: simcord.Env, db_path: Path,
                                                     agent: HeldAgent) -> None:
    env = simcord_env
    guild = env.create_guild()
    lobby = guild.create_text_channel("lobby")
    anna, bertil, cilla, dan = (guild.add_member(env.create_user(n))
                                for n in ("anna", "bertil", "cilla", "dan"))
    first = await finished_in(env, guild, db_path, "spel1", cilla, dan)
    second = await finished_in(env, guild, db_path, "spel2", dan, cilla)
    for _ in range(3):
        emit_slash(env, anna, lobby, "watch analyse", {"game": first["id"]})
    await until(lambda: len(agent.started) == 1, "Anna's first analysis to start")
    await until(lambda: len(said(env, "number 2 in the queue")) >= 1, "Anna's places")

    emit_slash(env, anna, lobby, "watch analyse", {"game": first["id"]})  # a fourth
    refusal = "You already have 3 analyses running or waiting"
    await until(lambda: said(env, refusal), "the refusal")
    assert refused_at_once(env, refusal)

    emit_slash(env, bertil, lobby, "watch analyse", {"game": second["id"]})
    await until(lambda: len(said(env, f"Game `#{second['id']}` is waiting to be analysed: "
                                      "number 1 in the queue")) == 1, "Bertil's place")
    agent.let_go()  # Anna's first runs to its end; Bertil's is next, before her others
    await until(lambda: len(agent.started) == 2, "the next analysis")
    assert "cilla" in agent.started[0].split("\n")[1]  # [White "cilla"]: Anna's game
    assert "dan" in agent.started[1].split("\n")[1]  # Bertil's game
    assert said(env, f"Analysing game `#{second['id']}`… (")  # told when it starts
    for _ in range(3):
        agent.let_go()
    await until(lambda: len(agent.started) == 4, "every analysis")
    await env.settle()
    pictures = [p for _k, _n, p in env.backend.transcript
                if "Analysis of game" in str(p) and "-analys.png" in str(p)]
    assert len(pictures) == 4
    service = env.bot.get_cog("Spectate").watching
    assert service.analyses.running == 0 and not service.analyses.waiting()


async def test_swedish_refusal_and_place(simcord_env: simcord.Env, db_path: Path,
                                         agent: HeldAgent) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv")
    lobby = guild.create_text_channel("lobby")
    anna, cilla, dan = (guild.add_member(env.create_user(n)) for n in ("anna", "cilla", "dan"))
    row = await finished_in(env, guild, db_path, "spel", cilla, dan, "Ja, ge upp")
    for _ in range(3):
        emit_slash(env, anna, lobby, "watch analyse", {"game": row["id"]})
    await until(lambda: len(said(env, "nummer 2 i kön")) >= 1, "the places in Swedish")
    emit_slash(env, anna, lobby, "watch analyse", {"game": row["id"]})
    refusal = "Du har redan 3 analyser igång eller i kö"
    await until(lambda: said(env, refusal), "the refusal")
    assert refused_at_once(env, refusal)
    for _ in range(3):
        agent.let_go()
    await until(lambda: len(agent.started) == 3, "every analysis")
    await env.settle()
