"""Tournaments as players meet them (issue 13): the server's list, and an organiser's
result that records the match score rather than 0–0; a match's last board (issue 30)."""

from __future__ import annotations

import pytest
import simcord

from bot.cogs.replies import refusal_text
from bot.service.model import Ctx, UserError
from tests.bot.cogs.test_tournaments import lose, setup_players, thread_of, tournament
from tests.bot.helpers import db_rows, game_row, recent


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


async def test_a_tournament_matchs_last_board_offers_no_rematch(simcord_env: simcord.Env,
                                                                db_path) -> None:
    """Issue 30, 4: the finished, archived match thread gets no casual challenge: the last
    board has no "Spela igen", and a press on one (a board posted by an older bot) is
    refused, in the member's language, and changes nothing (SimCord presses only buttons
    that exist: the refusal is the game service's)."""
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("turnering")
    members = [guild.add_member(env.create_user(n)) for n in ("anna", "bertil")]
    await members[0].slash(ch, "tournament create", name="Cup", format="single_elimination")
    for m in members:
        await m.slash(ch, "tournament join", name="Cup")
    await members[0].slash(ch, "tournament start", name="Cup")
    p = tournament(db_path, "Cup")["rounds"][0]["pairings"][0]
    thread = thread_of(ch, db_path, p)
    loser = next(m for m in members if str(m.id) == p["b"])
    await lose(env, thread, loser)
    await env.settle()
    row = game_row(db_path, thread.id)
    assert row["status"] == "over"
    boards = [m for m in recent(env, thread, 20) if m.attachments]
    final = boards[0]
    labels = [c.label for line in final.components for c in getattr(line, "children", [])]
    assert "Spela igen" not in labels and "Play again" not in labels
    assert not any(c.custom_id.startswith("brade:rematch:")
                   for m in recent(env, thread, 20) for line in m.components
                   for c in getattr(line, "children", []))

    before = db_rows(db_path, "SELECT id, status FROM games ORDER BY id")
    with pytest.raises(UserError) as refused:
        await env.bot.services.games.rematch(Ctx(loser.id, thread.id, guild.id, "sv-SE"), row["id"])
    assert refusal_text(refused.value, "sv").startswith("Ett turneringsparti har ingen")
    assert refusal_text(refused.value, "en").startswith("A tournament game has no")
    assert db_rows(db_path, "SELECT id, status FROM games ORDER BY id") == before
