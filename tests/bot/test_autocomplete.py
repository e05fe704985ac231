"""Autocomplete and hints under the move contract (issue 12; issue 13 item 5).

Autocomplete never waits on the AI worker (it takes seconds to start, Discord gives
autocomplete three); a hint ranked by the engine's cheap order says so and does not
claim to be the computer's.
"""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import t
from bot.service.ai import ThreadAgent
from engine.plays import neutral_key
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    game_row,
    mover_and_waiter,
    roll_until_move,
    server,
    snapshot,
    start_game,
)


class SpyAgent(ThreadAgent):
    """The thread agent, recording rank requests; ``fail`` makes ranking fail."""

    def __init__(self, fail: bool = False) -> None:
        self.ranked = 0
        self.fail = fail

    async def rank(self, rules: str, position: str, dice: tuple[int, ...],
                   level: str = "gesäll") -> list[str]:
        self.ranked += 1
        if self.fail:
            raise RuntimeError("worker not started")
        return await super().rank(rules, position, dice, level)


async def _env(db_path, agent: SpyAgent) -> simcord.Env:
    env = simcord.Env(make_bot(db_path, agent=agent), settle_timeout=30.0)
    await env.start()
    return env


@pytest.mark.parametrize("rules", ["talisman", "puff-kontrar"])
async def test_autocomplete_never_asks_the_worker_and_moves_play(db_path, rules: str) -> None:
    agent = SpyAgent()
    env = await _env(db_path, agent)
    try:
        _, ch, members = await start_game(env, rules=rules)
        row = await roll_until_move(env, ch, db_path, members)
        mover, _ = mover_and_waiter(db_path, ch.id, members)
        listed = {t.position for t in row["game"].legal_turns}
        offered = [c["value"] for c in await mover.autocomplete(ch, "brade move", "play", "")]
        assert offered and len(offered) <= 25
        assert {row["game"].validate(x).position for x in offered} <= listed
        assert offered == sorted(offered, key=neutral_key)  # not ranked (issue 37)
        half = offered[0][: len(offered[0]) // 2]
        narrowed = [c["value"] for c in await mover.autocomplete(ch, "brade move", "play",
                                                                  half)]
        assert narrowed and all(x.startswith(half) for x in narrowed)
        assert agent.ranked == 0  # no keystroke waited on the AI
        r = await mover.slash(ch, "brade move", play=narrowed[0])
        assert not r.ephemeral, r.response.content
        after = game_row(db_path, ch.id)
        assert after["version"] > row["version"]
        assert after["game"].events[-1]["type"] == "play"
    finally:
        await env.shutdown()


@pytest.mark.parametrize(("fail", "heading"), [(True, "simple rule of thumb"),
                                               (False, "The computer's top plays")])
async def test_hint_names_who_ranked_the_plays(db_path, fail: bool, heading: str) -> None:
    env = await _env(db_path, SpyAgent(fail=fail))
    try:
        _, ch, members = await start_game(env, rated=False)  # no hints in rated games
        await roll_until_move(env, ch, db_path, members)
        mover, _ = mover_and_waiter(db_path, ch.id, members)
        r = await mover.slash(ch, "brade hint")
        assert r.ephemeral and heading in r.response.content
        assert "1. `" in r.response.content
    finally:
        await env.shutdown()


async def test_a_hint_is_refused_in_a_rated_game_between_members(db_path) -> None:
    """Issue 37: in a rated game between members the computer's opinion would play for
    the member; a hint is refused politely, nothing asked of the worker, nothing changed.
    Against the computer it is given as before."""
    agent = SpyAgent()
    env = await _env(db_path, agent)
    try:
        _, ch, members = await start_game(env, locale="sv-SE")  # rated: the default
        await roll_until_move(env, ch, db_path, members)
        mover, _ = mover_and_waiter(db_path, ch.id, members)
        before = snapshot(db_path)
        r = await mover.slash(ch, "brade hint")
        assert r.ephemeral and r.response.content == t("err.hint.rated", "sv")
        assert agent.ranked == 0 and snapshot(db_path) == before

        _, alone, _, (solo,) = server(env, "solo")
        await solo.slash(alone, "brade new", level="nybörjare")
        for _ in range(20):
            row = game_row(db_path, alone.id)
            if row["game"].phase == "move":
                break
            await solo.slash(alone, "brade roll")
        r = await solo.slash(alone, "brade hint")
        assert r.ephemeral and "1. `" in r.response.content, r.response.content
    finally:
        await env.shutdown()
