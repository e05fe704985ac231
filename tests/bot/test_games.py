"""Two members play whole games to the end through the real command tree (issue 3)."""

from __future__ import annotations

import time

import pytest
import simcord

from tests.bot.conftest import make_bot
from tests.bot.helpers import assert_png, db_rows, play_to_end, pngs, recent

RULESETS = {"talisman": 11, "behrens-helmfrid": 12, "classic": 13, "vasa": 14}


@pytest.fixture
def simcord_bot(db_path, request: pytest.FixtureRequest):
    """Each ruleset gets its own dice (the seed source), so the games differ."""
    return make_bot(db_path, seed=RULESETS[request.node.callspec.params["rules"]], agent=None)


@pytest.mark.parametrize("rules", list(RULESETS))
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
    outcome = row["game"].outcome
    assert outcome is not None and outcome.points >= 1
    # the win is announced with its kind and points, and the final board is a PNG
    final = recent(env, ch, 1)[0]
    assert "wins by" in final.content and str(outcome.points) in final.content
    for data in pngs(env, final):
        assert_png(data)
    # the stored event log holds the whole game, in order
    kinds = [k for (k,) in db_rows(db_path, "SELECT kind FROM events ORDER BY seq")]
    assert kinds[:3] == ["offer", "accept", "teka"]
    assert kinds.count("play") + kinds.count("forfeit") == row["game"].turn_count
    assert kinds[-1] in ("win", "resign", "abandon")
