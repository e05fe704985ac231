"""Tournaments as an organiser runs them (issue 23): people leave, results get corrected,
plans change.  One test per numbered point of the issue, from the organiser's side,
in English and Swedish where the point has text.

Members leaving: the bot runs with ``Intents.default()`` (no privileged Members intent),
so SimCord drops the leave event as Discord would; the organiser removes the member
(autocomplete over the tournament's players), a ban withdraws them by itself, and a
member found gone when their match is to open (or at the start) is withdrawn then.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
import simcord

from tests.bot.cogs.test_tournaments import lose, thread_of, tournament, tournament_snapshot
from tests.bot.helpers import db_rows, game_row, recent


def server(env: simcord.Env, names: tuple[str, ...], *, locale: str | None = None,
           nicks: dict[str, str] | None = None) -> tuple:
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    ch = guild.create_text_channel("turnering")
    nicks = nicks or {}
    members = [guild.add_member(env.create_user(n), nick=nicks.get(n)) for n in names]
    return guild, ch, members


async def started(ch, members, name: str, **options) -> None:
    org = members[0]
    r = await org.slash(ch, "tournament create", name=name, **options)
    assert not r.ephemeral, r.response.content
    for m in members:
        r = await m.slash(ch, "tournament join", name=name)
        assert not r.ephemeral, r.response.content
    r = await org.slash(ch, "tournament start", name=name)
    assert r.ephemeral, r.response.content


def pairing(data: dict, pid: str) -> dict:
    return next(p for r in data["rounds"] for p in r["pairings"] if p["id"] == pid)


def archived(env: simcord.Env, thread) -> bool:
    return bool(env.backend.channels[thread.id].thread_metadata.archived)


def messages(env: simcord.Env, channel) -> list[str]:
    """The channel's public messages, oldest first."""
    return [m.content for m in reversed(recent(env, channel, 200)) if not m.flags.ephemeral]


def standings(db, name: str) -> list:
    """The tournament's standings as the picture draws them (``Standing`` rows, in
    order): the message beside the picture only names it (issue 30)."""
    from bot.league.tournament import Tournament

    return Tournament.from_json(tournament(db, name)).standings()


def names_only(text: str) -> bool:
    """A standings message that leaves the table to its picture: no code block."""
    return "```" not in text


async def play_pending(env, ch, db, by_id: dict, winner_of) -> None:
    """Every pending match of the open round is played out: ``winner_of(a, b)`` wins."""
    data = tournament_latest(db)
    r = data["rounds"][data["current"] - 1]
    for p in r["pairings"]:
        if p["status"] != "pending":
            continue
        win = winner_of(p["a"], p["b"])
        await lose(env, thread_of(ch, db, p), by_id[p["b"] if win == p["a"] else p["a"]])


def tournament_latest(db) -> dict:
    import json

    return json.loads(db_rows(db, "SELECT data FROM tournaments ORDER BY id DESC")[0][0])


def players_of(data: dict) -> dict[str, dict]:
    return {p["id"]: p for p in data["players"]}


# -- 1. leaving players -------------------------------------------------------------------------


async def test_a_member_leaves_a_swiss_and_the_organiser_removes_them(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david", "erik"))
    org = members[0]
    by_id = {str(m.id): m for m in members}
    await started(ch, members, "Höst", format="swiss", rounds=2)
    data = tournament(db_path, "Höst")
    p = next(q for q in data["rounds"][0]["pairings"]
             if q["b"] and str(org.id) not in (q["a"], q["b"]))
    leaver, stays = p["b"], p["a"]
    thread = thread_of(ch, db_path, p)

    guild.remove_member(by_id[leaver])  # no Members intent: the bot is not told
    await env.settle()
    assert not players_of(tournament(db_path, "Höst"))[leaver]["withdrawn"]

    choices = await org.autocomplete(ch, "tournament remove", "player", "", name="Höst")
    assert leaver in [c["value"] for c in choices]  # the tournament's players, not members
    assert {c["name"] for c in choices} >= {"anna", "bertil", "cecilia", "david", "erik"}
    r = await org.slash(ch, "tournament remove", name="Höst", player=leaver)
    assert r.ephemeral, r.response.content
    data = tournament(db_path, "Höst")
    assert players_of(data)[leaver]["withdrawn"]
    decided = pairing(data, p["id"])
    assert decided["walkover"] and decided["winner"] == stays
    assert game_row(db_path, thread.id)["status"] == "aborted"
    told = recent(env, thread, 1)[0].content
    assert f"removed <@{leaver}> from the tournament" in told and "by walkover" in told
    assert "aborted by" not in told and archived(env, thread)
    assert any(f"{org.mention} removed <@{leaver}>" in c for c in messages(env, ch))
    assert any("wins against" in c and "by walkover" in c for c in messages(env, ch))

    before = tournament_snapshot(db_path)
    r = await org.slash(ch, "tournament remove", name="Höst", player=leaver)
    assert r.ephemeral and "has already left the tournament" in r.response.content
    assert tournament_snapshot(db_path) == before

    await play_pending(env, ch, db_path, by_id, lambda a, b: a)
    data = tournament(db_path, "Höst")
    assert data["current"] == 2
    assert all(leaver not in (q["a"], q["b"]) for q in data["rounds"][1]["pairings"])


async def test_a_swiss_never_pairs_a_member_who_left(simcord_env: simcord.Env,
                                                     db_path: Path) -> None:
    """Issue 30, 3: a player finishes their round-one match and leaves the server; nobody
    does anything.  Before round two is paired everyone is looked up: the leaver is
    withdrawn (their played result stands) and paired neither then nor later, so nobody
    gets a walkover instead of a game."""
    env = simcord_env
    guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david", "erik"),
                                locale="sv-SE")
    by_id = {str(m.id): m for m in members}
    await started(ch, members, "Höst", format="swiss", rounds=3)
    data = tournament(db_path, "Höst")
    first, second = [p for p in data["rounds"][0]["pairings"] if p["b"]]
    leaver = first["b"]
    await lose(env, thread_of(ch, db_path, first), by_id[first["a"]])  # the leaver wins
    guild.remove_member(by_id[leaver])  # no Members intent: the bot is not told
    await env.settle()
    assert not players_of(tournament(db_path, "Höst"))[leaver]["withdrawn"]
    await lose(env, thread_of(ch, db_path, second), by_id[second["b"]])  # round one done
    await env.settle()

    data = tournament(db_path, "Höst")
    assert players_of(data)[leaver]["withdrawn"]
    assert pairing(data, first["id"])["winner"] == leaver  # the game they played counts
    assert data["current"] == 2
    for r in data["rounds"][1:]:
        assert all(leaver not in (p["a"], p["b"]) for p in r["pairings"])
        assert not any(p.get("walkover") for p in r["pairings"])
    said = messages(env, ch)
    assert sum(f"<@{leaver}> har lämnat servern och har utgått" in c for c in said) == 1

    await play_pending(env, ch, db_path, by_id, lambda a, b: a)  # round two, nobody acts
    await env.settle()
    data = tournament(db_path, "Höst")
    assert data["current"] == 3
    assert all(leaver not in (p["a"], p["b"]) for p in data["rounds"][2]["pairings"])
    assert not any(p.get("walkover") for r in data["rounds"] for p in r["pairings"])


async def test_a_member_who_left_is_withdrawn_when_their_final_opens(
        simcord_env: simcord.Env, db_path: Path) -> None:
    """Swedish knockout: seed 2 wins the semi-final, then leaves the server; when the
    final is paired the bot finds them gone (a member look-up) and gives seed 1 the
    walkover instead of opening a thread."""
    env = simcord_env
    guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"), locale="sv-SE")
    ids = [str(m.id) for m in members]
    by_id = dict(zip(ids, members, strict=True))
    await started(ch, members, "Vår", format="single_elimination")
    data = tournament(db_path, "Vår")
    semi2 = next(p for p in data["rounds"][0]["pairings"] if ids[1] in (p["a"], p["b"]))
    await lose(env, thread_of(ch, db_path, semi2), members[2])  # bertil beats cecilia
    assert archived(env, thread_of(ch, db_path, semi2))  # a played match's thread too
    guild.remove_member(members[1])
    await env.settle()
    semi1 = next(p for p in data["rounds"][0]["pairings"] if ids[0] in (p["a"], p["b"]))
    await lose(env, thread_of(ch, db_path, semi1), members[3])  # anna beats david
    await env.settle()
    data = tournament(db_path, "Vår")
    assert data["state"] == "finished" and players_of(data)[ids[1]]["withdrawn"]
    final = data["rounds"][1]["pairings"][0]
    assert final["walkover"] and final["winner"] == ids[0] and final["ref"] is None
    assert len(ch.threads) == 2  # no thread for the final
    said = messages(env, ch)
    assert any(f"<@{ids[1]}> har lämnat servern och har utgått" in c for c in said)
    assert any("på walkover" in c for c in said)
    assert any(f"Vinnare är <@{ids[0]}>" in c for c in said)
    del by_id


async def test_a_banned_member_is_withdrawn_and_told_in_the_thread(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"))
    await started(ch, members, "Cup", format="swiss", rounds=2)
    data = tournament(db_path, "Cup")
    p = data["rounds"][0]["pairings"][1]
    thread = thread_of(ch, db_path, p)
    env.backend.apply_ban(guild.id, int(p["b"]), None)
    await env.settle()
    data = tournament(db_path, "Cup")
    assert players_of(data)[p["b"]]["withdrawn"]
    assert pairing(data, p["id"])["winner"] == p["a"]
    last = recent(env, thread, 1)[0]
    told = last.content
    assert f"<@{p['b']}> has left the server and is withdrawn" in told
    # issue 46: the stopped game's last message reveals its seed, with its final board
    assert re.search(r"Dice seed `[0-9a-f]{64}`", told) and last.attachments, told
    assert archived(env, thread)


async def test_a_member_who_left_before_the_start_is_not_paired(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, ch, members = server(env, ("anna", "bertil", "cecilia"))
    org = members[0]
    await org.slash(ch, "tournament create", name="Cup", format="round_robin")
    for m in members:
        await m.slash(ch, "tournament join", name="Cup")
    guild.remove_member(members[2])
    await env.settle()
    r = await org.slash(ch, "tournament start", name="Cup")
    assert r.ephemeral
    data = tournament(db_path, "Cup")
    assert [p["id"] for p in data["players"]] == [str(org.id), str(members[1].id)]
    assert any(f"{members[2].mention} has left the server" in c for c in messages(env, ch))


# -- 2. an early finish with an unplayed final -----------------------------------------------


async def test_finishing_before_the_final_crowns_nobody(simcord_env: simcord.Env,
                                                        db_path: Path) -> None:
    env = simcord_env
    for locale, name, shared, winner in (
            (None, "Cup", "is over without a single winner", "The winner is"),
            ("sv-SE", "Cupen", "är slut utan en ensam vinnare", "Vinnare är")):
        _guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"),
                                     locale=locale)
        ids = [str(m.id) for m in members]
        await started(ch, members, name, format="single_elimination")
        data = tournament(db_path, name)
        for p in data["rounds"][0]["pairings"]:
            loser = members[3] if ids[0] in (p["a"], p["b"]) else members[1]
            await lose(env, thread_of(ch, db_path, p), loser)  # anna and cecilia go on
        final = tournament(db_path, name)["rounds"][1]["pairings"][0]
        final_thread = thread_of(ch, db_path, final)
        r = await members[0].slash(ch, "tournament finish", name=name)
        assert r.ephemeral
        end = next(c for c in messages(env, ch)[::-1] if shared in c)
        assert f"<@{ids[0]}>" in end and f"<@{ids[2]}>" in end and winner not in end
        assert names_only(end)
        assert [row.place for row in standings(db_path, name)] == [1, 1, 3, 3]
        assert archived(env, final_thread)
        early = "avslutade turneringen i förtid" if locale else "finished the tournament early"
        assert early in recent(env, final_thread, 1)[0].content


# -- 3. what a match thread is told ---------------------------------------------------------------


async def test_a_swedish_thread_is_told_in_swedish_who_set_the_result(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia"), locale="sv-SE")
    org = members[0]
    await started(ch, members, "Klubb", format="round_robin")
    p = next(q for q in tournament(db_path, "Klubb")["rounds"][0]["pairings"] if q["b"])
    thread = thread_of(ch, db_path, p)
    winner = next(m for m in members if str(m.id) == p["a"])
    r = await org.slash(ch, "tournament result", name="Klubb", match=p["id"], winner=winner,
                        score="1-0")
    assert r.ephemeral
    told = recent(env, thread, 1)[0].content
    assert f"{org.mention} angav resultatet i match {p['id']}" in told
    assert "vann mot" in told and "1–0" in told
    everything = " ".join(messages(env, thread))
    assert "aborted" not in everything and "avbröts" not in everything
    assert archived(env, thread)


@pytest.mark.parametrize("locale", ["sv-SE", "en-US"])
async def test_an_organisers_result_on_a_game_in_progress_reveals_its_seed(
        simcord_env: simcord.Env, db_path: Path, locale: str) -> None:
    """Issue 46, 2: ``/tournament result`` on a match whose game is being played stops
    the game (aborted); the thread's last message says what the organiser decided,
    shows the final board with nobody to play, and reveals the seed, whose SHA-256 is
    the commitment the game's first message showed (docs/dice.md)."""
    env = simcord_env
    sv = locale == "sv-SE"
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia"), locale=locale)
    org = members[0]
    await started(ch, members, "Klubb", format="round_robin")
    p = next(q for q in tournament(db_path, "Klubb")["rounds"][0]["pairings"] if q["b"])
    thread = thread_of(ch, db_path, p)
    row = game_row(db_path, thread.id)
    assert row is not None and row["status"] == "active"
    said = messages(env, thread)
    committed = re.findall(r"`([0-9a-f]{64})`", "\n".join(said))
    assert len(committed) == 1, said  # the game's first message commits to its seed
    winner = next(m for m in members if str(m.id) == p["a"])
    r = await org.slash(ch, "tournament result", name="Klubb", match=p["id"], winner=winner,
                        score="1-0")
    assert r.ephemeral
    assert db_rows(db_path, "SELECT status FROM games WHERE id = ?", (row["id"],))[0][0] \
        == "aborted"
    last = recent(env, thread, 1)[0]
    told = last.content
    assert (f"{org.mention} angav resultatet i match {p['id']}" if sv
            else f"{org.mention} set the result of match {p['id']}") in told
    seeds = re.findall(r"`([0-9a-f]{64})`", told)
    assert len(seeds) == 1 and ("Tärningsfrö" if sv else "Dice seed") in told
    assert hashlib.sha256(bytes.fromhex(seeds[0])).hexdigest() == committed[0]
    # the final board: nobody to play, no buttons left in the thread
    assert last.attachments, told
    alt = last.attachments[0].description or ""
    assert ("avbröts utan resultat" if sv else "stopped without a result") in alt
    assert ("på tur" not in alt) if sv else ("on roll" not in alt and "to play" not in alt)
    assert not any(m.components for m in recent(env, thread, 50))
    assert archived(env, thread)


# -- 4. correcting the last result of a round ------------------------------------------------------


async def test_the_last_result_of_a_round_is_corrected_and_the_round_paired_again(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"))
    org = members[0]
    ids = [str(m.id) for m in members]
    by_id = dict(zip(ids, members, strict=True))
    await started(ch, members, "Cup", format="swiss", rounds=2)
    data = tournament(db_path, "Cup")
    first, last = data["rounds"][0]["pairings"]
    await lose(env, thread_of(ch, db_path, first), by_id[first["b"]])  # a wins
    # The typo: the organiser enters the last result of round 1 the wrong way round.
    r = await org.slash(ch, "tournament result", name="Cup", match=last["id"],
                        winner=by_id[last["a"]], score="1-0")
    assert r.ephemeral
    data = tournament(db_path, "Cup")
    assert data["current"] == 2 and len(ch.threads) == 4
    old = {frozenset((p["a"], p["b"])): p["ref"] for p in data["rounds"][1]["pairings"]}
    offered = [c["value"] for c in await org.autocomplete(ch, "tournament result", "match",
                                                          "", name="Cup")]
    assert offered == ["2.1", "2.2", "1.1", "1.2"]  # round 1 can still be corrected
    offered = [c["value"] for c in await org.autocomplete(ch, "tournament walkover", "match",
                                                          "", name="Cup")]
    assert offered == ["2.1", "2.2"]

    r = await org.slash(ch, "tournament result", name="Cup", match=last["id"],
                        winner=by_id[last["b"]], score="1-0")
    assert r.ephemeral, r.response.content
    data = tournament(db_path, "Cup")
    assert pairing(data, last["id"])["winner"] == last["b"] and data["current"] == 2
    new = {frozenset((p["a"], p["b"])) for p in data["rounds"][1]["pairings"]}
    assert new != set(old)
    said = messages(env, ch)
    assert any(f"{org.mention} corrected the result:" in c and "(was:" in c for c in said)
    assert any("round 2 is paired again" in c for c in said)
    for pair, ref in old.items():
        thread = next(th for th in ch.threads if str(th.id) == ref)
        if pair not in new:
            assert "paired again after a corrected result" in recent(env, thread, 1)[0].content
            assert archived(env, thread)
            assert game_row(db_path, thread.id)["status"] == "aborted"
    assert len(ch.threads) == 4 + len(new - set(old))

    # The same result again: nothing changes, nothing is posted.
    before, posted = tournament_snapshot(db_path), len(messages(env, ch))
    r = await org.slash(ch, "tournament result", name="Cup", match=last["id"],
                        winner=by_id[last["b"]], score="1-0")
    assert r.ephemeral and "already has that result" in r.response.content
    assert "nothing changed" in r.response.content
    assert tournament_snapshot(db_path) == before and len(messages(env, ch)) == posted

    # Once round 2 has a result, round 1 is settled.
    p2 = data["rounds"][1]["pairings"][0]
    await lose(env, thread_of(ch, db_path, p2), by_id[p2["b"]])
    before = tournament_snapshot(db_path)
    r = await org.slash(ch, "tournament result", name="Cup", match=last["id"],
                        winner=by_id[last["a"]], score="1-0")
    assert r.ephemeral and "until a match of round 2 has a result" in r.response.content
    assert tournament_snapshot(db_path) == before
    offered = [c["value"] for c in await org.autocomplete(ch, "tournament result", "match",
                                                          "", name="Cup")]
    assert offered == ["2.1", "2.2"]


async def test_a_swedish_correction_says_rattade(simcord_env: simcord.Env,
                                                 db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia"), locale="sv-SE")
    org = members[0]
    await started(ch, members, "RR", format="round_robin")
    p = next(q for q in tournament(db_path, "RR")["rounds"][0]["pairings"] if q["b"])
    by_id = {str(m.id): m for m in members}
    await org.slash(ch, "tournament result", name="RR", match=p["id"], winner=by_id[p["a"]])
    assert tournament(db_path, "RR")["current"] == 2
    await org.slash(ch, "tournament result", name="RR", match=p["id"], winner=by_id[p["b"]],
                    score="1-0")
    said = messages(env, ch)
    assert any(f"{org.mention} rättade resultatet" in c and "(var:" in c for c in said)
    assert tournament(db_path, "RR")["current"] == 2  # a round robin keeps its schedule
    r = await org.slash(ch, "tournament remove", name="RR", player=p["a"])
    r = await org.slash(ch, "tournament remove", name="RR", player=p["a"])
    assert r.ephemeral and "har redan lämnat turneringen" in r.response.content


# -- 5. cancelling a tournament that never started ------------------------------------------------


async def test_an_unstarted_tournament_is_cancelled_and_its_name_freed(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    for locale, finish_says, cancelled, listed in (
            (None, "cancel it instead", "cancelled **Vår** before it started", "cancelled"),
            ("sv-SE", "ställa in den i stället", "ställde in **Vår** innan den startade",
             "inställd")):
        _guild, ch, members = server(env, ("anna", "bertil"), locale=locale)
        org, other = members
        await org.slash(ch, "tournament create", name="Vår", format="round_robin")
        await other.slash(ch, "tournament join", name="Vår")
        before = tournament_snapshot(db_path)
        r = await org.slash(ch, "tournament finish", name="Vår")
        assert r.ephemeral and finish_says in r.response.content
        r = await other.slash(ch, "tournament cancel", name="Vår")
        assert r.ephemeral and r.response.content.startswith(("Only", "Bara"))
        assert tournament_snapshot(db_path) == before
        r = await org.slash(ch, "tournament cancel", name="Vår")
        assert r.ephemeral
        assert any(cancelled in c for c in messages(env, ch))
        r = await org.slash(ch, "tournament list")
        assert f"**Vår**: {listed}" in r.response.content
        r = await org.slash(ch, "tournament create", name="Vår", format="swiss", rounds=1)
        assert not r.ephemeral, r.response.content  # the name is free again
        r = await org.slash(ch, "tournament cancel", name="Vår")  # the new one
        r = await org.slash(ch, "tournament cancel", name="Vår")
        assert r.ephemeral and ("already finished" in r.response.content
                                or "redan avslutad" in r.response.content)


# -- 6. a double forfeit in the bracket --------------------------------------------------------


async def test_a_double_forfeit_reads_as_one(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"))
    org = members[0]
    await started(ch, members, "Cup", format="round_robin")
    p = tournament(db_path, "Cup")["rounds"][0]["pairings"][0]
    r = await org.slash(ch, "tournament result", name="Cup", match=p["id"], score="2-1")
    assert r.ephemeral and "no score" in r.response.content  # a forfeit has no score
    r = await org.slash(ch, "tournament result", name="Cup", match=p["id"])
    assert r.ephemeral
    decided = pairing(tournament(db_path, "Cup"), p["id"])
    assert decided["status"] == "done" and decided["winner"] is None
    r = await org.slash(ch, "tournament bracket", name="Cup")
    text = (r.followups[0] if r.followups else r.response).content
    line = next(ln for ln in text.splitlines() if ln.startswith(f"• {p['id']}:"))
    assert line.endswith("both players forfeit")
    assert any(m is not None and m.attachments for m in (r.response, *r.followups))


# -- 7. Swiss standings between rounds -------------------------------------------------------------


async def test_standings_between_rounds_do_not_count_the_next_bye(
        simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david", "erik"))
    by_id = {str(m.id): m for m in members}
    await started(ch, members, "Swiss", format="swiss", rounds=3)
    await play_pending(env, ch, db_path, by_id, lambda a, b: a)
    data = tournament(db_path, "Swiss")
    bye = next(p for p in data["rounds"][1]["pairings"] if p["b"] is None)
    r = await members[0].slash(ch, "tournament standings", name="Swiss")
    text = (r.followups[0] if r.followups else r.response).content
    assert names_only(text)
    rows = standings(db_path, "Swiss")
    mine = next(row for row in rows if row.player == bye["a"])
    assert mine.score == 0  # lost round 1; the round-2 bye is not a point yet
    assert [row.score for row in rows].count(1) == 3  # two winners and round 1's bye
    assert mine.place > 3


# -- 8. the deciding tie-break, in words ------------------------------------------------------------


async def test_a_five_way_tie_names_the_deciding_tiebreak(simcord_env: simcord.Env,
                                                          db_path: Path) -> None:
    """Everyone wins two of four; cecilia wins hers 3–0, the others 1–0: equal scores
    and Sonneborn–Berger, so the game-point difference decides, and the texts say so."""
    env = simcord_env
    names = ("anna", "bertil", "cecilia", "david", "erik")
    _guild, ch, members = server(env, names)
    org = members[0]
    ids = [str(m.id) for m in members]
    by_id = dict(zip(ids, members, strict=True))
    await started(ch, members, "RR", format="round_robin")

    def beats(a: str, b: str) -> bool:
        return (ids.index(b) - ids.index(a)) % 5 in (1, 2)

    while (data := tournament(db_path, "RR"))["state"] == "running":
        for p in data["rounds"][data["current"] - 1]["pairings"]:
            if p["status"] != "pending":
                continue
            win = p["a"] if beats(p["a"], p["b"]) else p["b"]
            margin = "3-0" if win == ids[2] else "1-0"
            r = await org.slash(ch, "tournament result", name="RR", match=p["id"],
                                winner=by_id[win], score=margin)
            assert r.ephemeral, r.response.content
    end = next(c for c in messages(env, ch) if "is over" in c)
    assert f"The winner is <@{ids[2]}>" in end
    assert re.search(rf"<@{ids[2]}> is ahead of <@\d+> on game-point difference", end)
    assert names_only(end)
    rows = standings(db_path, "RR")
    assert rows[0].name == "cecilia" and {row.score for row in rows} == {2}  # all on 2
    assert {row.sonneborn_berger for row in rows} == {4}  # Sonneborn–Berger ties too
    assert rows[0].point_difference == 4


# -- 9. implausible scores --------------------------------------------------------------------------


async def test_implausible_scores_are_refused(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    for locale, says in ((None, "cannot end 99–0"), ("sv-SE", "kan inte sluta 99–0")):
        _guild, ch, members = server(env, ("anna", "bertil", "cecilia"), locale=locale)
        org = members[0]
        await started(ch, members, "Cup", format="round_robin", match_length=3)
        p = next(q for q in tournament(db_path, "Cup")["rounds"][0]["pairings"] if q["b"])
        winner = next(m for m in members if str(m.id) == p["b"])
        before = tournament_snapshot(db_path)
        r = await org.slash(ch, "tournament result", name="Cup", match=p["id"],
                            winner=winner, score="99-0")
        assert r.ephemeral and says in r.response.content, r.response.content
        assert tournament_snapshot(db_path) == before
        r = await org.slash(ch, "tournament result", name="Cup", match=p["id"],
                            winner=winner, score="2-1")
        assert r.ephemeral and r.response.content in ("Done.", "Klart.")
        await org.slash(ch, "tournament finish", name="Cup")


# -- 10. names shown as typed ---------------------------------------------------------------------


async def test_markup_and_mentions_in_names_are_shown_as_typed(simcord_env: simcord.Env,
                                                              db_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnering")
    org = guild.add_member(env.create_user("org"))
    tick = guild.add_member(env.create_user("t"), nick="a`b```c")
    fake = guild.add_member(env.create_user("f"), nick=f"<@{org.id}>")
    members = [org, tick, fake]
    r = await org.slash(ch, "tournament create", name="**Fet**", format="round_robin")
    assert "**\\*\\*Fet\\*\\***" in r.response.content and "****" not in r.response.content
    for m in members:
        await m.slash(ch, "tournament join", name="**Fet**")
    await org.slash(ch, "tournament start", name="**Fet**")
    r = await org.slash(ch, "tournament standings", name="**Fet**")
    text = (r.followups[0] if r.followups else r.response).content
    assert names_only(text) and "**\\*\\*Fet\\*\\***" in text
    r = await org.slash(ch, "tournament bracket", name="**Fet**")
    text = (r.followups[0] if r.followups else r.response).content
    assert f"<@{org.id}>" not in text and f"\\<\\@{org.id}\\>" in text
    choices = await org.autocomplete(ch, "tournament result", "match", "", name="**Fet**")
    assert choices and all("<@" not in c["name"] for c in choices)
    choices = await org.autocomplete(ch, "tournament remove", "player", "", name="**Fet**")
    assert all("<@" not in c["name"] and "`" not in c["name"] for c in choices)


# -- 11. withdrawing after the start -----------------------------------------------------------------


async def test_a_player_withdraws_after_the_start(simcord_env: simcord.Env,
                                                  db_path: Path) -> None:
    env = simcord_env
    for locale, confirm, told in (
            (None, "If you withdraw", "has withdrawn from the tournament"),
            ("sv-SE", "Om du drar dig ur", "har dragit sig ur turneringen")):
        _guild, ch, members = server(env, ("anna", "bertil", "cecilia", "david"),
                                     locale=locale)
        await started(ch, members, "Cup", format="swiss", rounds=2)
        data = tournament(db_path, "Cup")
        p = data["rounds"][0]["pairings"][0]
        quitter = next(m for m in members if str(m.id) == p["b"])
        thread = thread_of(ch, db_path, p)
        r = await quitter.slash(ch, "tournament leave", name="Cup")
        assert r.ephemeral and confirm in r.response.content
        ids = [c["custom_id"] for row in r.response.components for c in row["components"]]
        button = next(i for i in ids if i.startswith("bradetrn:wd:"))
        assert tournament_snapshot(db_path)  # nothing withdrawn before the button
        assert not players_of(tournament(db_path, "Cup"))[p["b"]]["withdrawn"]
        done = await quitter.click(r.response, custom_id=button)
        assert done.acknowledged
        data = tournament(db_path, "Cup")
        assert players_of(data)[p["b"]]["withdrawn"]
        assert pairing(data, p["id"])["winner"] == p["a"]
        assert told in recent(env, thread, 1)[0].content and archived(env, thread)
        assert any(told in c for c in messages(env, ch))
        await members[0].slash(ch, "tournament finish", name="Cup")


# -- 12. the words, and threads archived ------------------------------------------------------------


async def test_words_in_both_languages(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = server(env, ("anna", "bertil"))
    org = members[0]
    r = await org.slash(ch, "tournament create", name="One", format="swiss", rounds=1,
                        match_length=3)
    assert "Swiss (1 round)" in r.response.content
    assert "matches of 3 games" in r.response.content and "game(s)" not in r.response.content
    r = await org.slash(ch, "tournament join", name="One")
    assert "(1 player)" in r.response.content
    await members[1].slash(ch, "tournament join", name="One")
    r = await org.slash(ch, "tournament list")
    assert "**One**: registration open · 2 players · Swiss (1 round)" in r.response.content
    assert r.response.content.count("players") == 1

    _g, sv_ch, sv = server(env, ("åsa", "bo"), locale="sv-SE")
    r = await sv[0].slash(sv_ch, "tournament create", name="Ett", format="swiss", rounds=1)
    text = r.response.content
    assert "schweizersystem (1 rond)" in text and "ett parti per match" in text
    assert "(er)" not in text
    await sv[0].slash(sv_ch, "tournament join", name="Ett")
    await sv[1].slash(sv_ch, "tournament join", name="Ett")
    await sv[0].slash(sv_ch, "tournament start", name="Ett")
    said = " ".join(messages(env, sv_ch))
    assert "rond 1 av 1" in said and "omgång" not in said.lower()
    thread = sv_ch.threads[0]
    intro = messages(env, thread)[0]
    assert "`, ett parti." in intro and "match om 1 parti" not in intro  # issue 30, 11
