"""Two members play whole games to the end through the real command tree (issue 3)."""

from __future__ import annotations

import time

import pytest
import simcord

from tests.bot.helpers import assert_png, play_to_end, pngs


@pytest.mark.parametrize("rules", ["talisman", "behrens-helmfrid", "classic", "vasa"])
async def test_complete_game(simcord_env: simcord.Env, db_path, rules: str) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    r = await alice.slash(ch, "brade new", opponent=bob, ruleset=rules)
    accepted = await bob.click(r.response, label="Accept")
    for data in pngs(env, accepted.followups[0]):
        assert_png(data)
    t0 = time.perf_counter()
    row = await play_to_end(env, ch, db_path, {alice.id: alice, bob.id: bob})
    print(rules, row["game"].turn_count, "turns", time.perf_counter() - t0)
    assert row["status"] == "over"
    assert row["game"].outcome is not None
