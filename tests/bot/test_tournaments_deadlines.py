"""Round deadlines on SimCord's virtual clock: a reminder, then a walkover the organiser
confirms with the persistent button (docs/league.md, "Life of a tournament")."""

from __future__ import annotations

import simcord

from tests.bot.helpers import game_row, recent
from tests.bot.test_tournaments import setup_players, thread_of, tournament, tournament_snapshot


async def test_reminder_then_walkover_after_deadline(simcord_env: simcord.Env,
                                                     db_path) -> None:
    env = simcord_env
    _guild, ch, members = await setup_players(env, ("anna", "bertil", "cecilia"))
    anna, bertil, cecilia = members
    r = await anna.slash(ch, "tournament create", name="Blixt", format="single_elimination",
                         deadline_hours=1)
    assert "1 h per round" in r.response.content
    for m in members:
        await m.slash(ch, "tournament join", name="Blixt")
    await anna.slash(ch, "tournament start", name="Blixt")
    data = tournament(db_path, "Blixt")
    bye, match = sorted(data["rounds"][0]["pairings"], key=lambda p: p["b"] is not None)
    assert bye["b"] is None and bye["a"] == str(anna.id)  # the top seed has the bye
    assert {match["a"], match["b"]} == {str(bertil.id), str(cecilia.id)}
    thread = thread_of(ch, db_path, match)

    # Too early: the organiser cannot award the walkover before the deadline.
    before = tournament_snapshot(db_path)
    r = await anna.slash(ch, "tournament walkover", name="Blixt", match=match["id"],
                         winner=bertil)
    assert r.ephemeral and "has not passed" in r.response.content
    assert tournament_snapshot(db_path) == before

    await env.advance_time(50 * 60)  # the reminder falls due 15 min before the deadline
    reminder = recent(env, thread, 1)[0]
    assert "round ends" in reminder.content
    assert bertil.mention in reminder.content and cecilia.mention in reminder.content
    assert not any("not finished in time" in m.content for m in recent(env, ch, 3))

    await env.advance_time(15 * 60)
    notice = next(m for m in recent(env, ch, 3) if "not finished in time" in m.content)
    assert anna.mention in notice.content
    buttons = [c for row in notice.components for c in row.children]
    assert len(buttons) == 2  # a knockout needs a winner: no "both forfeit"
    to_bertil = next(b for b in buttons if "bertil" in b.label)
    await env.advance_time(10 * 60)  # proposed once, not again
    assert sum("not finished in time" in m.content for m in recent(env, ch, 6)) == 1

    # Only the organiser (or Manage Server) may confirm; a refusal changes nothing.
    before = tournament_snapshot(db_path)
    r = await cecilia.click(notice, custom_id=to_bertil.custom_id)
    assert r.ephemeral and "Only the organiser" in r.response.content
    assert tournament_snapshot(db_path) == before

    await anna.click(notice, custom_id=to_bertil.custom_id)
    data = tournament(db_path, "Blixt")
    decided = data["rounds"][0]["pairings"][int(match["id"].split(".")[1]) - 1]
    assert decided["winner"] == str(bertil.id) and decided["walkover"]
    assert game_row(db_path, thread.id)["status"] == "aborted"  # the unplayed game stops
    told = recent(env, thread, 1)[0].content  # the thread says so, and is archived
    assert f"{anna.mention} awarded match {match['id']} by walkover" in told
    assert "bertil wins against cecilia by walkover" in told and "aborted" not in told
    assert env.backend.channels[thread.id].thread_metadata.archived
    assert data["current"] == 2 and len(ch.threads) == 2  # the final is paired at once
    final = data["rounds"][1]["pairings"][0]
    assert {final["a"], final["b"]} == {str(anna.id), str(bertil.id)}
    assert any("by walkover" in m.content for m in recent(env, ch, 6))

    # Pausing stops the final's clock; resuming moves its deadline on by the pause.
    deadline = data["rounds"][1]["deadline"]
    await anna.slash(ch, "tournament pause", name="Blixt")
    await env.advance_time(2 * 3600)
    assert not any("not finished in time" in m.content for m in recent(env, ch, 3))
    await anna.slash(ch, "tournament resume", name="Blixt")
    assert tournament(db_path, "Blixt")["rounds"][1]["deadline"] > deadline
