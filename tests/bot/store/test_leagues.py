"""Team league rows (bot.store.leagues), on both backends: one open league a name,
found case-insensitively, listed for autocomplete, a stale save refused."""

from __future__ import annotations

from typing import Any

from bot.store.leagues import LeagueRepository
from tests.bot.store.helpers import CHANNEL, GUILD, NOW


async def test_a_league_is_made_found_saved_and_a_stale_save_refused(store: Any) -> None:
    repo = LeagueRepository(store)
    lid = await repo.create(guild_id=GUILD, channel_id=CHANNEL, name="Allsvenskan",
                            lang="sv", data={"n": 1}, now=NOW)
    assert lid is not None
    assert await repo.create(guild_id=GUILD, channel_id=CHANNEL, name=" ALLSVENSKAN ",
                             lang="sv", data={}, now=NOW) is None  # an open one has it
    other = await repo.create(guild_id=GUILD + 1, channel_id=CHANNEL, name="Allsvenskan",
                              lang="en", data={}, now=NOW)
    assert other is not None and other != lid
    row = await repo.by_name(GUILD, "allsvenskan")
    assert row is not None and (row.id, row.state, row.lang, row.data, row.version) == (
        lid, "registration", "sv", {"n": 1}, 0)
    assert await repo.save(lid, 0, state="running", data={"n": 2}, now=NOW + 1)
    assert not await repo.save(lid, 0, state="running", data={"n": 3}, now=NOW + 2)
    row = await repo.get(lid)
    assert row is not None and (row.state, row.data, row.version) == ("running", {"n": 2}, 1)
    assert [r.id for r in await repo.running()] == [lid]
    assert [r.id for r in await repo.open_in(GUILD)] == [lid]
    assert await repo.get(lid + 100) is None


async def test_names_take_what_is_typed_literally_open_ones_first(store: Any) -> None:
    repo = LeagueRepository(store)
    old = await repo.create(guild_id=GUILD, channel_id=CHANNEL, name="Serie_A", lang="en",
                            data={}, now=NOW)
    assert old is not None
    await repo.save(old, 0, state="finished", data={}, now=NOW)
    await repo.create(guild_id=GUILD, channel_id=CHANNEL, name="Serie_A", lang="en",
                      data={}, now=NOW)  # a closed league's name is free again
    await repo.create(guild_id=GUILD, channel_id=CHANNEL, name="SerieB", lang="en",
                      data={}, now=NOW)
    assert await repo.names(GUILD, "serie_") == ["Serie_A", "Serie_A"]
    assert await repo.names(GUILD, "") == ["SerieB", "Serie_A", "Serie_A"]
    assert await repo.open_in(GUILD + 5) == []
