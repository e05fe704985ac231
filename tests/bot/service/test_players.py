"""Players' names as their server shows them, never their ids (bot.service.players,
issue 13): noted from every interaction, written in the background, read back once a
run, asked of Discord once for a name never seen; themes and ways of playing."""

from __future__ import annotations

import pytest

from bot.service.players import REWRITE_AFTER, Players
from bot.store import Database
from bot.store import players_sql as sql
from tests.bot.service.helpers import ALICE, BOB, GUILD, Clock


async def stored(store: Database, *users: int) -> dict[int, str]:
    async with store.read() as tx:
        return {r.user_id: r.display_name for r in await sql.players(tx, GUILD, list(users))}


async def test_a_name_noted_is_known_at_once_and_written_on_flush(store: Database,
                                                                  clock: Clock) -> None:
    players = Players(store, clock=clock)
    assert players.name(GUILD, ALICE) is None
    players.note(GUILD, ALICE, "Alice")
    assert players.name(GUILD, ALICE) == "Alice" and players.name(GUILD + 1, ALICE) is None
    assert await stored(store, ALICE) == {}
    await players.flush()
    assert await stored(store, ALICE) == {ALICE: "Alice"}
    after = Players(store, clock=clock)  # a restart
    await after.resolve(GUILD, [ALICE])
    assert after.name(GUILD, ALICE) == "Alice"


async def test_a_sighting_is_written_again_only_when_it_says_something_new(
        store: Database, clock: Clock) -> None:
    players = Players(store, clock=clock)
    players.note(GUILD, ALICE, "Alice")
    await players.flush()
    players.note(GUILD, ALICE, "Alice")
    assert not players._pending  # nothing new: no write
    clock.advance(REWRITE_AFTER)
    players.note(GUILD, ALICE, "Alice")
    assert players._pending  # an hour on: ``last_seen`` again
    await players.flush()
    players.note(GUILD, ALICE, "Alice the Great")
    await players.flush()
    assert await stored(store, ALICE) == {ALICE: "Alice the Great"}
    players.note(GUILD, 0, "nobody")
    players.note(GUILD, BOB, "")
    assert not players._pending


async def test_a_name_never_seen_is_asked_of_discord_once(store: Database,
                                                          clock: Clock) -> None:
    asked: list[int] = []

    async def fetch(guild_id: int | None, user_id: int) -> tuple[str, str | None] | None:
        asked.append(user_id)
        return ("Bob", None) if user_id == BOB else None

    players = Players(store, clock=clock, fetch=fetch)
    await players.resolve(GUILD, [ALICE, BOB])
    await players.resolve(GUILD, [ALICE, BOB])
    assert sorted(asked) == [ALICE, BOB]  # once each, found or not
    assert players.name(GUILD, BOB) == "Bob" and players.name(GUILD, ALICE) is None
    assert await stored(store, BOB) == {BOB: "Bob"}  # written at once


async def test_a_failing_fetch_or_a_cached_id_is_no_name(store: Database, clock: Clock,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    async def fetch(guild_id: int | None, user_id: int) -> tuple[str, str | None] | None:
        raise OSError("Discord is down")

    cache = {ALICE: "#1456", BOB: "Bob"}
    players = Players(store, clock=clock, fetch=fetch,
                      fallback=lambda g, u: cache.get(u))
    await players.resolve(GUILD, [ALICE, BOB])
    assert players.name(GUILD, ALICE) is None  # an id as a name is none
    assert players.name(GUILD, BOB) == "Bob"  # discord.py's cache
    assert "could not fetch" in caplog.text


async def test_themes_and_ways_of_playing(store: Database, clock: Clock) -> None:
    players = Players(store, clock=clock)
    assert players.theme(GUILD, ALICE) is None
    assert players.confirms(GUILD, ALICE) and not players.rolls_for(GUILD, ALICE)
    await players.set_theme(GUILD, ALICE, "contrast")
    await players.set_play(GUILD, ALICE, roll_for_me=True)
    await players.set_play(GUILD, ALICE, confirm_plays=False)
    after = Players(store, clock=clock)
    await after.resolve(GUILD, [ALICE])
    assert after.theme(GUILD, ALICE) == "contrast"
    assert not after.confirms(GUILD, ALICE) and after.rolls_for(GUILD, ALICE)
    assert after.confirms(GUILD + 1, ALICE)  # per server


async def test_a_theme_set_before_the_name_is_known_hides_no_name(store: Database,
                                                                  clock: Clock) -> None:
    async def fetch(guild_id: int | None, user_id: int) -> tuple[str, str | None] | None:
        return ("Alice", None)

    await Players(store, clock=clock).set_theme(GUILD, ALICE, "contrast")
    after = Players(store, clock=clock, fetch=fetch)  # a restart
    await after.resolve(GUILD, [ALICE])
    assert after.theme(GUILD, ALICE) == "contrast"
    assert after.name(GUILD, ALICE) == "Alice"
