"""Tournaments as players meet them (issue 13): the server's list, and an organiser's
result that records the match score rather than 0–0."""

from __future__ import annotations

import simcord

from tests.bot.test_tournaments import setup_players, tournament


async def test_list_and_an_organisers_result_with_its_score(simcord_env: simcord.Env,
                                                           db_path) -> None:
    env = simcord_env
    _guild, ch, members = await setup_players(env, ("anna", "bertil", "cecilia"))
    anna = members[0]
    r = await anna.slash(ch, "tournament list")
    assert r.ephemeral and "no tournaments" in r.response.content
    await anna.slash(ch, "tournament create", name="RR", format="round_robin")
    await anna.slash(ch, "tournament create", name="Cupen", format="single_elimination")
    for m in members:
        await m.slash(ch, "tournament join", name="RR")
    await anna.slash(ch, "tournament start", name="RR")
    r = await members[1].slash(ch, "tournament list")
    text = r.response.content
    assert r.ephemeral and "Tournaments in this server (2)" in text
    assert "**RR**: round 1 of" in text and "3 players" in text and "round robin" in text
    assert "**Cupen**: registration open · 0 players ·" in text and "single elimination" in text

    data = tournament(db_path, "RR")
    p = next(q for q in data["rounds"][0]["pairings"] if q["b"] is not None)
    winner = next(m for m in members if str(m.id) == p["b"])
    r = await anna.slash(ch, "tournament result", name="RR", match=p["id"], winner=winner,
                         score="nonsense")
    assert r.ephemeral and "winner's score first" in r.response.content
    r = await anna.slash(ch, "tournament result", name="RR", match=p["id"], winner=winner,
                         score="3-1")
    assert r.ephemeral
    decided = next(q for q in tournament(db_path, "RR")["rounds"][0]["pairings"]
                   if q["id"] == p["id"])
    assert decided["winner"] == p["b"]
    assert (decided["a_points"], decided["b_points"]) == (1, 3)  # b won 3–1, not 0–0
