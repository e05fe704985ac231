"""A team league's season through SimCord (issue 48): four teams of three players, a
single round robin of three boards a fixture, in English and in Swedish.

Line-ups are named by taps on the captain's select menus (hidden from the other team
until both are in), missed (the roster's order at the deadline) and left short (a
walkover on the empty board); boards are played in their own threads and given up by
taps (``/brade resign`` and its button, as the tournament tests do), or set by the
organiser; a player is replaced, a result corrected, a team withdrawn with its results
kept; the table after each round is checked against one worked out by hand here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.league.teams import TeamLeague
from tests.bot.cogs.test_tournaments import lose
from tests.bot.helpers import db_rows, game_row, recent

ROUND = 2 * 3600  # the league's line-up deadline: two hours a round
WORDS = {
    "en": {"created": "created the team league", "lineups": "the line-ups are out",
           "finished": "is over", "withdrawn": "has withdrawn", "replaces": "replaces",
           "board": "board", "start": "The fixtures:", "set": "The organiser set",
           "corrected": "set this board's result", "table": "The table of"},
    "sv": {"created": "skapade lagligan", "lineups": "laguppställningarna är klara",
           "finished": "är slut", "withdrawn": "har dragit sig ur", "replaces": "ersätter",
           "board": "bord", "start": "Lagmatcherna:", "set": "Arrangören angav",
           "corrected": "angav bordets resultat", "table": "The table of"},
}


def league(db: Path, name: str = "Allsvenskan") -> TeamLeague:
    rows = db_rows(db, "SELECT data FROM leagues WHERE name = ? ORDER BY id DESC", (name,))
    assert rows, name
    return TeamLeague.from_json(json.loads(rows[0][0]))


def table_rows(db: Path) -> list[tuple[str, int, int]]:
    """The table as the league core orders it: (team, match points, board points)."""
    from bot.league.team_table import table

    lg = league(db)
    return [(r.name, r.match_points, r.board_points) for r in table(lg)]


def menus(message: Any) -> list[dict[str, Any]]:
    """The line-up menus of a private answer (its components as Discord sent them)."""
    return [c for row in message.components for c in row["components"]
            if c.get("custom_id", "").startswith("bradelg:")]


async def tap_lineup(env: simcord.Env, ch: simcord.ChannelHandle, captain, fixture: str,
                     players: list[Any]) -> Any:
    """The captain names ``players`` board by board by taps; the last answer."""
    r = await captain.slash(ch, "league lineup", name="Allsvenskan", fixture=fixture)
    assert r.ephemeral, r.response.content
    message = r.response
    found = menus(message)
    assert len(found) == 3
    result = None
    for menu, player in zip(found, players, strict=False):
        assert str(player.id) in {o["value"] for o in menu["options"]}
        result = await captain.select(message, [str(player.id)], custom_id=menu["custom_id"])
        assert result.acknowledged
    return result


def thread_of(ch: simcord.ChannelHandle, ref: str | None) -> simcord.ChannelHandle:
    assert ref, "the board has a thread"
    return next(th for th in ch.threads if str(th.id) == ref)


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_a_season_of_four_teams(simcord_env: simcord.Env, db_path, lang: str) -> None:
    env = simcord_env
    w = WORDS[lang]
    guild = env.create_guild(preferred_locale="sv-SE") if lang == "sv" else env.create_guild()
    ch = guild.create_text_channel("liga")
    org = guild.add_member(env.create_user("organiser"))
    names = ["vasa", "skepp", "gota", "lund"]
    teams = {n: [guild.add_member(env.create_user(f"{n}{i}")) for i in range(3)]
             for n in names}
    newcomer = guild.add_member(env.create_user("newcomer"))
    cog = env.bot.get_cog("League")
    cog.leagues.lots = sorted  # the drawing of lots, fixed: t1, t2, t3, t4

    r = await org.slash(ch, "league create", name="Allsvenskan", ruleset="talisman",
                        deadline_hours=2)
    assert not r.ephemeral and w["created"] in r.response.content, r.response.content
    titles = {"vasa": "Vasa", "skepp": "Skeppsholmen", "gota": "Göta", "lund": "Lund"}
    for n in names:
        r = await org.slash(ch, "league team", name="Allsvenskan", team=titles[n],
                            captain=teams[n][0])
        assert not r.ephemeral, r.response.content
        for m in teams[n][1:]:
            r = await teams[n][0].slash(ch, "league add", name="Allsvenskan",
                                        team=titles[n], member=m)
            assert not r.ephemeral, r.response.content
    # A member plays for one team; a captain adds to their own team only: nothing changes.
    before = league(db_path).to_json()
    r = await teams["lund"][0].slash(ch, "league add", name="Allsvenskan", team="Lund",
                                     member=teams["vasa"][1])
    assert r.ephemeral and "Vasa" in r.response.content
    r = await teams["lund"][0].slash(ch, "league add", name="Allsvenskan", team="Vasa",
                                     member=newcomer)
    assert r.ephemeral and "Vasa" in r.response.content
    assert league(db_path).to_json() == before

    r = await org.slash(ch, "league start", name="Allsvenskan")
    assert not r.ephemeral and w["start"] in r.response.content
    lg = league(db_path)
    assert lg.lots == ["t1", "t2", "t3", "t4"] and lg.rounds == 3
    tid = {titles[n]: t.id for n, t in zip(names, lg.teams, strict=True)}
    assert [(f.id, f.home, f.away) for f in lg.fixtures] == [
        ("1.1", "t1", "t4"), ("1.2", "t2", "t3"), ("2.1", "t3", "t1"), ("2.2", "t4", "t2"),
        ("3.1", "t1", "t2"), ("3.2", "t3", "t4")]
    vasa, skepp, gota, lund = (teams[n] for n in names)

    # -- round 1 ---------------------------------------------------------------------------
    # 1.1: both captains tap their line-ups; Lund's is hidden from Vasa until both are in.
    await tap_lineup(env, ch, lund[0], "1.1", [lund[2], lund[0], lund[1]])
    r = await vasa[0].slash(ch, "league show", name="Allsvenskan", fixture="1.1")
    alt = r.followups[-1].attachments[0].description if r.followups else \
        r.response.attachments[0].description
    assert "lund2" not in alt and "lund0" not in alt  # hidden from the other team
    r = await lund[0].slash(ch, "league show", name="Allsvenskan", fixture="1.1")
    own = r.followups[-1] if r.followups else r.response
    assert r.ephemeral and "lund2" in own.attachments[0].description  # their own, privately
    r = await lund[0].slash(ch, "league show", name="Allsvenskan", fixture="1.1",
                            everyone=True)
    posted = r.followups[-1] if r.followups else r.response
    assert not r.ephemeral and posted.attachments
    alt = posted.attachments[0].description
    assert "lund2" not in alt and "lund0" not in alt  # hidden for everyone, captain or not
    assert not league(db_path).fixture("1.1").revealed
    await tap_lineup(env, ch, vasa[0], "1.1", vasa)
    f = league(db_path).fixture("1.1")
    assert [(b.home, b.away) for b in f.boards] == [
        (str(vasa[i].id), str(lund[j].id)) for i, j in ((0, 2), (1, 0), (2, 1))]
    shown = next(m.content for m in recent(env, ch, 6) if w["lineups"] in m.content)
    assert lund[2].mention in shown and vasa[0].mention in shown
    assert len(ch.threads) == 3
    # The boards are played in their threads: Vasa wins boards 1 and 2, Lund board 3.
    for b, loser in zip(f.boards, (lund[2], lund[0], vasa[2]), strict=True):
        thread = thread_of(ch, b.ref)
        row = game_row(db_path, thread.id)
        assert row["status"] == "active" and row["rated"]
        await lose(env, thread, loser)
    assert league(db_path).fixture("1.1").score() == (2, 1)
    # 1.2: Skeppsholmen names two boards, Göta none; the deadline passes.
    await tap_lineup(env, ch, skepp[0], "1.2", [skepp[1], skepp[0]])
    await env.advance_time(ROUND + 120)
    reminder = next(m.content for m in recent(env, ch, 12) if "⏰" in m.content)
    assert "1.2" in reminder and skepp[0].mention in reminder and gota[0].mention in reminder
    assert vasa[0].mention not in reminder  # 1.1's line-ups were in
    f = league(db_path).fixture("1.2")
    assert [(b.home, b.away) for b in f.boards] == [
        (str(skepp[1].id), str(gota[0].id)), (str(skepp[0].id), str(gota[1].id)),
        (None, str(gota[2].id))]  # Göta's roster order; Skeppsholmen's board 3 empty
    assert f.boards[2].walkover and f.boards[2].result == "away"
    # The organiser sets both boards, then corrects board 2.
    r = await org.slash(ch, "league result", name="Allsvenskan", fixture="1.2", board=1,
                        winner="home")
    assert not r.ephemeral and w["set"] in r.response.content
    thread = thread_of(ch, f.boards[0].ref)
    assert game_row(db_path, thread.id)["status"] == "aborted"  # its game stops
    assert any(w["corrected"] in m.content for m in recent(env, thread, 3))
    await org.slash(ch, "league result", name="Allsvenskan", fixture="1.2", board=2,
                    winner="away")
    assert league(db_path).fixture("1.2").score() == (1, 2)
    r = await org.slash(ch, "league result", name="Allsvenskan", fixture="1.2", board=2,
                        winner="home")  # the correction
    assert league(db_path).fixture("1.2").score() == (2, 1)
    # Only the organiser corrects: a captain is refused, nothing changes.
    before = league(db_path).to_json()
    r = await gota[0].slash(ch, "league result", name="Allsvenskan", fixture="1.2",
                            board=2, winner="away")
    assert r.ephemeral and league(db_path).to_json() == before
    # By hand: Vasa 2–1 Lund, Skeppsholmen 2–1 Göta; level pairs split by the lots.
    assert table_rows(db_path) == [("Vasa", 2, 2), ("Skeppsholmen", 2, 2), ("Göta", 0, 1),
                                   ("Lund", 0, 1)]

    # -- round 2 ---------------------------------------------------------------------------
    # Lund's lund1 has left: the captain puts the newcomer in.
    r = await lund[0].slash(ch, "league replace", name="Allsvenskan", team="Lund",
                            leaver=lund[1], newcomer=newcomer)
    assert not r.ephemeral and w["replaces"] in r.response.content
    assert league(db_path).team(tid["Lund"]).players == [
        str(lund[0].id), str(newcomer.id), str(lund[2].id)]
    await env.advance_time(ROUND)  # nobody named a line-up: the rosters' order
    lg = league(db_path)
    f21, f22 = lg.fixture("2.1"), lg.fixture("2.2")
    assert [b.away for b in f22.boards] == [str(m.id) for m in skepp]
    assert [b.home for b in f22.boards] == [str(lund[0].id), str(newcomer.id),
                                            str(lund[2].id)]
    # 2.1 played by taps: Göta wins board 1, Vasa boards 2 and 3.
    for b, loser in zip(f21.boards, (vasa[0], gota[1], gota[2]), strict=True):
        await lose(env, thread_of(ch, b.ref), loser)
    # 2.2: Lund wins boards 1 and 2 (the newcomer's by taps), the organiser sets board 3.
    await lose(env, thread_of(ch, f22.boards[0].ref), skepp[0])
    await lose(env, thread_of(ch, f22.boards[1].ref), skepp[1])
    await org.slash(ch, "league result", name="Allsvenskan", fixture="2.2", board=3,
                    winner="away")
    # By hand: Vasa 4 mp 4 bp; Lund and Skeppsholmen 2 mp 3 bp, Lund beat Skeppsholmen
    # (head-to-head); Göta 0 mp 2 bp.
    assert table_rows(db_path) == [("Vasa", 4, 4), ("Lund", 2, 3), ("Skeppsholmen", 2, 3),
                                   ("Göta", 0, 2)]
    r = await newcomer.slash(ch, "league mine", name="Allsvenskan")
    assert r.ephemeral and skepp[1].mention in r.response.content

    # -- round 3 ---------------------------------------------------------------------------
    r = await org.slash(ch, "league withdraw", name="Allsvenskan", team="Göta",
                        results="keep")
    assert not r.ephemeral and w["withdrawn"] in r.response.content
    assert league(db_path).fixture("3.2").score() == (0, 3)  # walkovers for Lund
    await tap_lineup(env, ch, vasa[0], "3.1", vasa)
    await tap_lineup(env, ch, skepp[0], "3.1", skepp)
    for n, winner in ((1, "home"), (2, "away"), (3, "away")):
        await org.slash(ch, "league result", name="Allsvenskan", fixture="3.1", board=n,
                        winner=winner)
    # By hand: Lund 4 mp 6 bp; Skeppsholmen and Vasa 4 mp 5 bp, Skeppsholmen won their
    # fixture; Göta (withdrawn, results kept) 0 mp 2 bp.
    assert table_rows(db_path) == [("Lund", 4, 6), ("Skeppsholmen", 4, 5), ("Vasa", 4, 5),
                                   ("Göta", 0, 2)]
    lg = league(db_path)
    assert lg.state.value == "finished"
    end = next(m for m in recent(env, ch, 8) if w["finished"] in m.content)
    alt = end.attachments[0].description
    assert alt.startswith("Allsvenskan: 1. Lund 4 (6); 2. Skeppsholmen 4 (5); 3. Vasa 4 (5)")
    r = await vasa[1].slash(ch, "league show", name="Allsvenskan")
    assert r.ephemeral
    r = await vasa[1].slash(ch, "league show", name="Allsvenskan", everyone=True)
    posted = r.followups[-1] if r.followups else r.response
    assert not r.ephemeral and posted.attachments  # the table, in the channel
    assert posted.attachments[0].description.startswith("Allsvenskan: 1. Lund 4 (6)")
    # Every board game was between the two players of its board, none left running.
    games = db_rows(db_path, "SELECT status FROM games")
    assert games and all(s in ("over", "aborted") for (s,) in games)


async def test_postpone_close_and_refusals(simcord_env: simcord.Env, db_path) -> None:
    """A fixture postponed keeps its line-ups open past the round's deadline; closing
    the league stops the boards still running (their threads say so and are archived);
    a member who is no captain gets a polite refusal and nothing changes."""
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("liga")
    org = guild.add_member(env.create_user("organiser"))
    a = [guild.add_member(env.create_user(f"a{i}")) for i in range(2)]
    b = [guild.add_member(env.create_user(f"b{i}")) for i in range(2)]
    env.bot.get_cog("League").leagues.lots = sorted
    await org.slash(ch, "league create", name="Allsvenskan", ruleset="talisman", boards=2,
                    deadline_hours=1, rated=False)
    for team, (captain, player) in (("A", a), ("B", b)):
        await org.slash(ch, "league team", name="Allsvenskan", team=team, captain=captain)
        await captain.slash(ch, "league add", name="Allsvenskan", team=team, member=player)
    await org.slash(ch, "league start", name="Allsvenskan")
    before = league(db_path).to_json()
    r = await a[1].slash(ch, "league lineup", name="Allsvenskan")
    assert r.ephemeral and "inte kapten" in r.response.content
    r = await a[1].slash(ch, "league postpone", name="Allsvenskan", fixture="1.1", hours=2)
    assert r.ephemeral
    assert league(db_path).to_json() == before
    r = await org.slash(ch, "league postpone", name="Allsvenskan", fixture="1.1", hours=2)
    assert not r.ephemeral and "skjuts upp" in r.response.content
    await env.advance_time(3600 + 120)
    assert not league(db_path).fixture("1.1").revealed  # postponed: still open
    await env.advance_time(2 * 3600)
    f = league(db_path).fixture("1.1")
    assert f.revealed and len(ch.threads) == 2
    row = game_row(db_path, thread_of(ch, f.boards[0].ref).id)
    assert row["status"] == "active" and not row["rated"]  # rated:False
    # a1 leaves mid-game: the captain puts a newcomer in, whose board starts again.
    newcomer = guild.add_member(env.create_user("newcomer"))
    board = next(x for x in f.boards if x.home == str(a[1].id))
    old = thread_of(ch, board.ref)
    r = await a[0].slash(ch, "league replace", name="Allsvenskan", team="A", leaver=a[1],
                         newcomer=newcomer)
    assert not r.ephemeral and "ersätter" in r.response.content
    assert game_row(db_path, old.id)["status"] == "aborted"
    assert any("byttes ut" in m.content for m in recent(env, old, 3))
    f = league(db_path).fixture("1.1")
    again = f.boards[board.number - 1]
    assert again.home == str(newcomer.id) and again.ref not in (None, board.ref)
    row = game_row(db_path, thread_of(ch, again.ref).id)
    assert row["status"] == "active" and {row["white_id"], row["black_id"]} == {
        newcomer.id, int(again.away or 0)}
    r = await org.slash(ch, "league close", name="Allsvenskan")
    assert not r.ephemeral and "är slut" in "\n".join(
        m.content for m in [r.response, *r.followups] if m is not None)
    assert league(db_path).state.value == "finished"
    for b_ in f.boards:
        thread = thread_of(ch, b_.ref)
        assert game_row(db_path, thread.id)["status"] == "aborted"
        assert any("Ligan avslutades" in m.content for m in recent(env, thread, 3))
        assert env.backend.channels[thread.id].thread_metadata.archived


@pytest.mark.parametrize(("locale", "said", "refused"), [
    ("en-US", "is now the captain of **A**", "Only the captain of A"),
    ("sv-SE", "är nu kapten för **A**", "Bara kaptenen för A")])
async def test_a_captain_hands_over_and_the_organiser_names_another(
        simcord_env: simcord.Env, db_path, locale: str, said: str, refused: str) -> None:
    """``/league captain``: the captain hands over to a player of the team (the channel
    is told, the new captain pinged), who then names the line-up; a player who is not
    the captain is refused politely and nothing changes; the organiser names another."""
    env = simcord_env
    guild = env.create_guild(preferred_locale=locale)
    ch = guild.create_text_channel("liga")
    org = guild.add_member(env.create_user("organiser"))
    a = [guild.add_member(env.create_user(f"a{i}")) for i in range(3)]
    b = [guild.add_member(env.create_user(f"b{i}")) for i in range(2)]
    await org.slash(ch, "league create", name="Allsvenskan", ruleset="talisman", boards=2)
    for team, members in (("A", a), ("B", b)):
        await org.slash(ch, "league team", name="Allsvenskan", team=team, captain=members[0])
        for m in members[1:]:
            await members[0].slash(ch, "league add", name="Allsvenskan", team=team, member=m)
    await org.slash(ch, "league start", name="Allsvenskan")
    before = league(db_path).to_json()
    r = await a[1].slash(ch, "league captain", name="Allsvenskan", team="A", captain=a[1])
    assert r.ephemeral and refused in r.response.content
    assert league(db_path).to_json() == before
    r = await a[0].slash(ch, "league captain", name="Allsvenskan", team="A", captain=a[1])
    assert not r.ephemeral and said in r.response.content
    assert env.backend.get_message(ch.id, r.response.id).ping_user_ids == [a[1].id]
    assert league(db_path).team("t1").captain == str(a[1].id)
    r = await a[1].slash(ch, "league lineup", name="Allsvenskan")
    assert r.ephemeral and menus(r.response)  # the new captain's menus
    r = await a[0].slash(ch, "league lineup", name="Allsvenskan")
    assert r.ephemeral and not menus(r.response)  # no longer the captain
    r = await org.slash(ch, "league captain", name="Allsvenskan", team="A", captain=a[2])
    assert not r.ephemeral and league(db_path).team("t1").captain == str(a[2].id)
