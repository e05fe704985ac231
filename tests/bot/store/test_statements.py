"""Every statement the store has runs on both backends and means the same on both.

Each public query function of ``bot/store/*_sql.py`` and each typed ``Tx`` method is
called once (a test below fails if a new one is added without being called here), with
values that catch the dialect traps: 64-bit ids, a NULL guild (``IS NULL``, not ``= ?``),
case-insensitive names, ``LIKE`` escapes, the later of two sightings kept.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

from bot.league.ratings import Rating
from bot.store import ServerDefaults, Tx
from bot.store import limits_sql as limits
from bot.store import notices_sql as notices
from bot.store import players_sql as players
from bot.store import ratings_sql as ratings
from bot.store import spectate_sql as spectate
from bot.store import tournaments_sql as tournaments

NOW = 1_800_000_000.25
BIG = 1_234_567_890_123_456_789  # a snowflake needs all 64 bits
G, C, A, B = BIG, BIG + 1, BIG + 2, BIG + 3

Check = Callable[[Tx], Awaitable[None]]


def public_queries(module: ModuleType) -> set[str]:
    return {name for name, fn in inspect.getmembers(module, inspect.iscoroutinefunction)
            if fn.__module__ == module.__name__ and not name.startswith("_")}


async def tx_methods(tx: Tx) -> set[str]:
    gid = await tx.insert_game(guild_id=G, channel_id=C, status="active", rules="talisman",
                               white_id=A, black_id=B, match_length=3, seed=2**62 - 1,
                               state={"x": "ä"}, now=NOW, rated=True, tournament_id=None)
    off = await tx.insert_game(guild_id=None, channel_id=C + 1, status="offered",
                               rules="vasa", white_id=A, black_id=B, match_length=1, seed=0,
                               state=None, now=NOW - 100)
    assert (await tx.game(gid)).white_id == A  # type: ignore[union-attr]
    assert (await tx.live_game(C)).id == gid  # type: ignore[union-attr]
    assert (await tx.last_game(C + 1)).id == off  # type: ignore[union-attr]
    assert [r.id for r in await tx.active_games()] == [gid]
    row = await tx.update_game(gid, 0, now=NOW + 1, state={"y": 1}, abort_by=B, rated=False)
    assert row is not None and row.version == 1 and row.abort_by == B and not row.rated
    assert await tx.touch_reminded(gid, 1, 2) and not await tx.touch_reminded(gid, 1, 1)
    await tx.append_events(gid, [{"type": "roll", "dice": [6, 5]}], at=NOW, actor_id=A)
    assert [(e.seq, e.kind, e.data) for e in await tx.events(gid)] == [
        (1, "roll", {"type": "roll", "dice": [6, 5]})]
    await tx.save_server_defaults(ServerDefaults(G, "sv", "vasa"))
    await tx.save_server_defaults(ServerDefaults(G, "en", None))
    assert await tx.server_defaults(G) == ServerDefaults(G, "en", None)
    return {"insert_game", "game", "live_game", "last_game", "active_games", "update_game",
            "touch_reminded", "append_events", "events", "save_server_defaults", "server_defaults",
            "upsert_guild_row"}  # save_server_defaults runs it


async def player_queries(tx: Tx) -> set[str]:
    await players.save_seen(tx, [(G, A, "Åsa", "abc", NOW), (G, B, "Bo", None, NOW)])
    await players.save_seen(tx, [(G, A, "Åsa L", None, NOW - 50)])  # an older sighting
    await players.set_theme(tx, G, A, "Åsa L", "wood", NOW)
    await players.set_theme(tx, G, BIG + 9, "New", None, NOW)
    rows = {p.user_id: p for p in await players.players(tx, G, [A, B, A])}
    assert rows[A].display_name == "Åsa L" and rows[A].last_seen == NOW
    assert rows[A].theme == "wood" and rows[A].avatar is None and rows[B].avatar is None
    assert await players.players(tx, G, []) == []
    assert (rows[A].confirm_plays, rows[A].roll_for_me) == (True, False)  # the defaults
    await players.set_play_prefs(tx, G, A, "Åsa L", NOW, {"confirm_plays": False})
    await players.set_play_prefs(tx, G, BIG + 8, "Ny", NOW, {"roll_for_me": True})
    await players.set_play_prefs(tx, G, A, "Åsa L", NOW, {"no_such_column": True})
    got = {p.user_id: p for p in await players.players(tx, G, [A, BIG + 8])}
    assert (got[A].confirm_plays, got[A].roll_for_me, got[A].theme) == (False, False, "wood")
    assert (got[BIG + 8].confirm_plays, got[BIG + 8].roll_for_me) == (True, True)
    await players.save_server_display(tx, players.ServerDisplay(G, True, "dark"))
    assert await players.server_display(tx, G) == players.ServerDisplay(G, True, "dark")
    assert await players.server_display(tx, G + 5) == players.ServerDisplay(G + 5)
    assert await players.welcomed(tx, A) and not await players.welcomed(tx, BIG + 9)
    await tx.update_game(await _offered(tx), 0, now=NOW, status="aborted")
    assert await players.expired_offers(tx, NOW) == []
    return {"save_seen", "set_theme", "players", "save_server_display", "server_display", "welcomed",
            "expired_offers", "set_play_prefs"}


async def _offered(tx: Tx) -> int:
    row = await tx.one("SELECT id FROM games WHERE guild_id IS NULL")
    assert row is not None
    return int(row[0])


async def rating_queries(tx: Tx) -> set[str]:
    gid = (await tx.live_game(C)).id  # type: ignore[union-attr]
    row = await tx.game(gid)
    assert row is not None
    await tx.update_game(gid, row.version, now=NOW + 2, status="over", rated=True,
                         result={"outcome": {"kind": "hemspel", "points": 1, "munk": False,
                                             "winner": "white"}})
    assert [r.id for r in await ratings.unapplied_rated_games(tx)] == [gid]
    assert await ratings.rating(tx, G, A) is None
    locked = await ratings.lock_ratings(tx, G, [B, A], NOW)
    assert locked == {A: Rating(), B: Rating()}
    assert await ratings.lock_ratings(tx, G, [], NOW) == {}
    after = (Rating(1600.5, 300.25, 1, 1, 0), Rating(1400.0, 300.0, 1, 0, 1))
    assert not await ratings.is_applied(tx, gid)
    assert await ratings.apply(tx, G, gid, A, B, (Rating(), Rating()), after, NOW)
    assert not await ratings.apply(tx, G, gid, A, B, (Rating(), Rating()), after, NOW)
    assert await ratings.is_applied(tx, gid)
    assert await ratings.rating(tx, G, A) == after[0]
    assert await ratings.all_ratings(tx, G) == {A: after[0], B: after[1]}
    assert await ratings.ratings_for(tx, G, [A, BIG + 7]) == {A: 1600.5, BIG + 7: 1500.0}
    assert await ratings.ratings_for(tx, G, []) == {}
    got = await ratings.rated_games(tx, G, B)
    assert got[gid].change_for(B) == -100.0 and got[gid].applied_at == NOW
    assert [r.id for r in await ratings.finished_games(tx, G, A)] == [gid]
    assert await ratings.unapplied_rated_games(tx) == []
    rolled = [(gid, A, "talisman", "roll", {"type": "roll", "dice": [6, 5]})]
    assert await ratings.roll_events(tx, G, A) == rolled
    assert await ratings.roll_events(tx, G, B) == rolled
    assert await ratings.roll_events(tx, G, BIG + 9) == []
    assert await ratings.roll_events(tx, G, A, limit=0) == []
    return {"rating", "lock_ratings", "all_ratings", "ratings_for", "is_applied", "apply",
            "rated_games", "unapplied_rated_games", "finished_games", "roll_events"}


async def spectate_queries(tx: Tx) -> set[str]:
    live = await tx.insert_game(guild_id=G, channel_id=C + 7, status="active", rules="vasa",
                                white_id=A, black_id=B, match_length=1, seed=3,
                                state={"z": 0}, now=NOW + 10)
    assert [r.id for r in await spectate.running_games(tx, G)] == [live]
    assert [r.id for r in await spectate.recent_games(tx, G, 1)] == [live]
    assert len(await spectate.recent_games(tx, G)) == 2
    dm = await tx.insert_game(guild_id=None, channel_id=C + 8, status="over", rules="vasa",
                              white_id=A, black_id=0, match_length=1, seed=3,
                              state={"z": 1}, now=NOW + 11)  # a DM game (issue 36)
    assert [r.id for r in await spectate.recent_direct_games(tx, A)] == [dm]
    assert await spectate.recent_direct_games(tx, B) == []
    return {"running_games", "recent_games", "recent_direct_games"}


async def tournament_queries(tx: Tx) -> set[str]:
    tid = await tournaments.insert_tournament(tx, guild_id=G, channel_id=C, name="Vår Cup",
                                              state="registration", lang="sv",
                                              data={"players": [A]}, now=NOW)
    other = await tournaments.insert_tournament(tx, guild_id=G, channel_id=C, name="50%_off",
                                                state="finished", lang="en", data={}, now=NOW)
    assert (await tournaments.tournament(tx, tid)).data == {"players": [A]}  # type: ignore[union-attr]
    assert (await tournaments.by_name(tx, G, "  vår cup ")).id == tid  # type: ignore[union-attr]
    assert await tournaments.by_name(tx, G, "nope") is None
    assert await tournaments.live_name_taken(tx, G, "VåR CUP")
    assert not await tournaments.live_name_taken(tx, G, "50%_off")  # finished
    assert await tournaments.names(tx, G) == ["Vår Cup", "50%_off"]
    assert await tournaments.names(tx, G, "50%_") == ["50%_off"]
    assert await tournaments.names(tx, G, "5_%") == []
    assert await tournaments.names(tx, G, "VåR C") == ["Vår Cup"]  # LIKE ignores case
    assert [t.id for t in await tournaments.running(tx)] == []
    assert await tournaments.save(tx, tid, 0, state="running", data={"round": 1}, now=NOW)
    assert not await tournaments.save(tx, tid, 0, state="running", data={}, now=NOW)
    assert [t.id for t in await tournaments.running(tx)] == [tid]
    assert [t.id for t in await tournaments.of_guild(tx, G)] == [tid, other]
    assert [t.id for t in await tournaments.unfinished(tx, G)] == [tid]
    assert await tournaments.unfinished(tx, G + 9) == []
    return {"insert_tournament", "tournament", "by_name", "live_name_taken", "names",
            "running", "save", "of_guild", "unfinished"}


async def limit_queries(tx: Tx) -> set[str]:
    """A member's live games and open challenges (migration 0009), in a server of their
    own: a game in play, their challenge (as Black, a rematch), not one made to them, not
    a lapsed one, not a finished one, not a tournament's, not another server's."""
    g = BIG + 20

    async def game(channel: int, status: str, white: int, black: int, *,
                   by: int | None = None, at: float = NOW, guild: int | None = g,
                   tournament: int | None = None) -> None:
        await tx.insert_game(guild_id=guild, channel_id=C + channel, status=status,
                             rules="vasa", white_id=white, black_id=black, match_length=1,
                             seed=1, state=None, now=at, tournament_id=tournament,
                             challenger_id=by)

    await game(20, "active", A, 0, by=A)
    await game(21, "offered", B, A, by=A)
    await game(22, "offered", A, B, by=B)
    await game(23, "offered", A, B, by=A, at=NOW - 1000)
    await game(24, "over", A, B, by=A)
    await game(25, "active", A, B, tournament=BIG)
    await game(26, "active", A, B, by=A, guild=None)
    since = NOW - 900
    assert await limits.open_count(tx, g, A, since) == 2
    assert await limits.open_count(tx, g, B, since) == 1
    assert await limits.open_count(tx, g, BIG + 21, since) == 0
    assert await limits.open_count(tx, None, A, since) == 1
    await limits.hold_members(tx, g, [A, B, A])
    assert await limits.spend_button(tx, "thread:1", g, A, NOW)
    assert not await limits.spend_button(tx, "thread:1", g, B, NOW)
    assert await limits.spend_button(tx, "rematch:1", None, B, NOW)
    return {"hold_members", "open_count", "spend_button"}


async def notice_queries(tx: Tx) -> set[str]:
    """Correspondence play (migration 0015): a member's live games everywhere, their
    boards, what they asked to be told by DM, and the notices claimed once."""
    d, e = BIG + 30, BIG + 31

    async def game(channel: int, status: str, guild: int | None, black: int) -> int:
        return await tx.insert_game(guild_id=guild, channel_id=C + channel, status=status,
                                    rules="vasa", white_id=d, black_id=black,
                                    match_length=1, seed=1, state=None, now=NOW)

    active = await game(30, "active", G, e)
    await game(31, "over", G, e)
    offered = await game(32, "offered", None, 0)
    assert [r.id for r in await notices.member_games(tx, d)] == [active, offered]
    assert [r.id for r in await notices.member_games(tx, e)] == [active]
    assert await notices.member_games(tx, BIG + 32) == []
    await tx.run("INSERT INTO live_boards (game_id, channel_id, message_id) VALUES (?, ?, ?)",
                 (active, C + 30, BIG + 40))
    assert await notices.boards(tx, [active, offered, active]) == {active: (C + 30, BIG + 40)}
    assert await notices.boards(tx, []) == {}
    assert await notices.prefs(tx, d) == notices.NoticePrefs(d)
    await notices.set_prefs(tx, d, NOW, "sv", turn_after=0)
    await notices.set_prefs(tx, d, NOW, "sv", problem_dm=True)
    assert await notices.prefs(tx, d) == notices.NoticePrefs(d, 0, True, None, "sv")
    await notices.set_prefs(tx, d, NOW, "en", turn_after=30)
    await notices.set_prefs(tx, e, NOW, "en", turn_after=None)
    assert await notices.turn_subscribers(tx, [d, e, d]) == {d: (30, "en")}
    assert await notices.turn_subscribers(tx, []) == {}
    assert await notices.problem_subscribers(tx) == [(d, "en")]
    assert await notices.claim_turn_notice(tx, active, f"{e}:0:1", NOW)
    assert not await notices.claim_turn_notice(tx, active, f"{e}:0:1", NOW + 1)
    assert await notices.claim_turn_notice(tx, active, f"{d}:0:2", NOW + 2)
    assert await notices.claim_problem_notice(tx, d, "2026-01-01")
    assert not await notices.claim_problem_notice(tx, d, "2026-01-01")
    assert await notices.mark_undelivered(tx, d, NOW)
    assert not await notices.mark_undelivered(tx, d, NOW + 5)  # logged once
    assert (await notices.prefs(tx, d)).undelivered == NOW
    await notices.clear_undelivered(tx, d)
    assert (await notices.prefs(tx, d)).undelivered is None
    assert not await notices.mark_undelivered(tx, BIG + 33, NOW)  # asked for nothing
    return {"member_games", "boards", "prefs", "set_prefs", "turn_subscribers",
            "problem_subscribers", "claim_turn_notice", "claim_problem_notice",
            "mark_undelivered", "clear_undelivered"}


async def test_every_statement_runs_and_agrees(store: Any) -> None:
    async with store.transaction() as tx:
        called = await tx_methods(tx)
        assert called == {name for name, _ in inspect.getmembers(Tx, inspect.iscoroutinefunction)
                          if not name.startswith("_") and name not in ("one", "all", "run")}
        for module, check in ((players, player_queries), (ratings, rating_queries),
                              (spectate, spectate_queries), (tournaments, tournament_queries),
                              (limits, limit_queries), (notices, notice_queries)):
            assert await check(tx) == public_queries(module), module.__name__
    async with store.read() as tx:  # committed, and readable from the read side
        assert await tx.server_defaults(G) == ServerDefaults(G, "en", None)
        assert len(await tx.all("SELECT game_id FROM rated_games")) == 1
