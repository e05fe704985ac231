"""The AI's worker processes (issue 25): play and analysis apart, so a computer turn never
waits behind an analysis, and the analysis worker at a lower CPU priority.

Real worker processes (two spawned per test): what the bot runs, which the other bot
tests replace with ``ThreadAgent``.
"""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from bot.service.ai import ANALYSIS_NICE, ProcessAgent
from engine.game import Game
from engine.record import export
from engine.testing import agent_game


def a_long_game() -> str:
    """A finished talisman game between two gesäll players (100+ turns): an analysis of
    many seconds of CPU."""
    return export(agent_game("talisman", 10), white="Anna", black="Bertil", comments=False)


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="Unix priorities")
async def test_a_turn_is_answered_while_an_analysis_runs() -> None:
    agent = ProcessAgent()
    try:
        prepared = await agent.analysis_turns(a_long_game())
        assert prepared is not None
        rules, turns = prepared
        assert len(turns) > 100
        game = Game.new("talisman", seed=3)
        game.opening()
        game.roll()
        while game.phase != "move":
            game.roll()
        assert game.dice is not None
        await agent.choose("talisman", game.position.format(), game.dice, 1)  # warm

        # 48 turns: seconds of search (about 2.5 s of CPU)
        analysis = asyncio.ensure_future(agent.analysis_part(rules, turns[:48]))
        await asyncio.sleep(0.5)  # it is being searched now
        assert not analysis.done()
        text = await agent.choose("talisman", game.position.format(), game.dice, 2)
        assert text in {t.text for t in game.legal_turns}
        assert not analysis.done(), "the turn waited behind the analysis"
        hints = await agent.rank("talisman", game.position.format(), game.dice)
        assert set(hints) == {t.text for t in game.legal_turns}
        assert not analysis.done()

        play = set(agent.play._pool._processes)  # type: ignore[union-attr]
        slow = set(agent.analysis._pool._processes)  # type: ignore[union-attr]
        assert play and slow and not play & slow
        for pid in slow:
            assert os.getpriority(os.PRIO_PROCESS, pid) >= \
                min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + ANALYSIS_NICE)
        for pid in play:
            assert os.getpriority(os.PRIO_PROCESS, pid) == \
                os.getpriority(os.PRIO_PROCESS, os.getpid())
        assert len(await analysis) == 48
    finally:
        agent.close()


@pytest.mark.skipif(sys.platform == "win32", reason="kills a worker with a signal")
async def test_a_dead_analysis_worker_is_replaced_without_touching_play() -> None:
    import signal

    agent = ProcessAgent()
    try:
        prepared = await agent.analysis_turns(a_long_game())
        assert prepared is not None
        game = Game.new("talisman", seed=3)
        game.opening()
        while game.phase != "move":
            game.roll()
        assert game.dice is not None
        await agent.choose("talisman", game.position.format(), game.dice, 1)
        play = set(agent.play._pool._processes)  # type: ignore[union-attr]
        for pid in list(agent.analysis._pool._processes):  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        rules, turns = prepared
        decisions = await agent.analysis_part(rules, turns[:2])  # a new worker answers
        assert len(decisions) == 2
        assert set(agent.play._pool._processes) == play  # type: ignore[union-attr]
    finally:
        agent.close()


async def test_the_computer_names_a_generalpasch_in_its_worker() -> None:
    """``name_roll``: the worker's choice, one of the roll as rolled and every pasch."""
    from bot.service.ai import ThreadAgent

    agent = ThreadAgent()
    position = "white=barx15 black=barx15 turn=white general=4-2"
    named = await agent.name_roll("puff-kontrar+generalpasch", position, (4, 2), 7,
                                  "gesäll")
    assert named == (4, 2) or (len(named) == 2 and named[0] == named[1])
    assert await agent.name_roll("puff-kontrar+generalpasch", position, (5, 2), 7,
                                 "gesäll") == (5, 2)
