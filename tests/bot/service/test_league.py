"""The league service without Discord (bot/service/league.py), on a real store: what
it answers is in its own terms (member ids, no markup), a line-up stays hidden from the
other team in the fixture's picture, a refusal changes nothing, a game that is no
league board's is ignored, and a stale save is tried again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.league.errors import LeagueError
from bot.service.league import LeagueService
from bot.service.model import Ctx, UserError
from bot.store import LeagueRepository, open_store

GUILD, CHANNEL, ORG = 1, 5, 100


async def langs(ctx: Ctx) -> tuple[str, str]:
    return "en", "sv"


def ctx(user: int) -> Ctx:
    return Ctx(user, CHANNEL, GUILD)


@pytest.fixture
async def service(tmp_path: Path) -> Any:
    store = await open_store(tmp_path / "brade.sqlite3")
    now = [1_800_000_000.0]
    svc = LeagueService(LeagueRepository(store), clock=lambda: now[0], langs=langs,
                        lots=sorted)
    svc.now_box = now  # type: ignore[attr-defined]
    try:
        yield svc
    finally:
        await store.close()


async def season(svc: LeagueService) -> None:
    await svc.create(ctx(ORG), "Ligan", rules="talisman", boards=2)
    for team, captain in (("A", 10), ("B", 20)):
        await svc.add_team(ctx(ORG), "Ligan", team, captain, f"cap{captain}")
        await svc.add_player(ctx(captain), "Ligan", team, captain + 1, f"p{captain + 1}")
    await svc.start(ctx(ORG), "Ligan")


async def test_outcomes_are_in_the_leagues_own_terms(service: LeagueService) -> None:
    out = await service.create(ctx(ORG), "Ligan", rules="talisman")
    assert out.lang == "sv" and out.personal == "en" and out.channel_id == CHANNEL
    [said] = out.public
    assert said.key == "created" and said.params["who"] == str(ORG)
    assert said.pinged() == (ORG,)
    assert not any("<@" in str(v) for v in said.params.values())


async def test_a_lineup_is_hidden_from_the_other_team_until_both_are_in(
        service: LeagueService) -> None:
    await season(service)
    out = await service.lineup(ctx(10), "Ligan")
    assert out.menu is not None and out.menu.fixture == "1.1"
    assert [m for m, _ in out.menu.players] == ["10", "11"]
    out = await service.pick(ctx(10), out.menu.league_id, "1.1", 1, "11")
    assert out.private is not None and out.private.key == "lineup_saved"
    assert not out.open_boards and not out.public
    theirs = await service.show(ctx(20), "Ligan", "1.1")
    assert theirs.picture is not None
    assert all(b["home_hidden"] and b["home"] is None for b in theirs.picture.data["boards"])
    mine = await service.show(ctx(10), "Ligan", "1.1")
    assert mine.picture is not None and mine.picture.data["boards"][0]["home"] == "p11"
    league_id = out.menu.league_id if out.menu else 0
    out = await service.pick(ctx(10), league_id, "1.1", 2, "10")
    assert not out.public  # one side complete: still hidden
    for board, player in ((1, "20"), (2, "21")):
        out = await service.pick(ctx(20), league_id, "1.1", board, player)
    assert [k.key for k in out.public] == ["lineups"]
    assert [(b.board, b.home_id, b.away_id) for b in out.open_boards] == [(1, 11, 20),
                                                                            (2, 10, 21)]


async def test_refusals_change_nothing(service: LeagueService) -> None:
    await season(service)
    row = await service.leagues.by_name(GUILD, "Ligan")
    assert row is not None
    with pytest.raises(UserError) as e:
        await service.result(ctx(20), "Ligan", "1.1", 1, "home")
    assert e.value.key == "lg.not_organiser"
    with pytest.raises(LeagueError):
        await service.add_player(ctx(20), "Ligan", "B", 11, "p11")  # plays for A
    with pytest.raises(UserError):
        await service.lineup(ctx(11), "Ligan")  # not a captain
    after = await service.leagues.by_name(GUILD, "Ligan")
    assert after is not None and after.version == row.version


async def test_the_organiser_or_the_captain_names_a_new_captain(
        service: LeagueService) -> None:
    """``set_captain``: the organiser names one, the captain hands over, anyone else is
    refused and nothing changes; the channel is told and the new captain pinged; the
    new captain names the line-up, the old one no longer can."""
    await season(service)
    with pytest.raises(UserError) as e:
        await service.set_captain(ctx(11), "Ligan", "A", 11, "p11")  # not the captain
    assert e.value.key == "lg.not_captain"
    out = await service.set_captain(ctx(10), "Ligan", "A", 11, "p11")  # handing over
    [said] = out.public
    assert (said.key, said.params) == ("captain_set", {"team": "A", "captain": "11"})
    assert said.pinged() == (11,)
    assert (await service.lineup(ctx(11), "Ligan")).menu is not None
    with pytest.raises(UserError):
        await service.lineup(ctx(10), "Ligan")  # no longer a captain
    await service.set_captain(ctx(ORG), "Ligan", "A", 10, "cap10")  # the organiser
    assert (await service.lineup(ctx(10), "Ligan")).menu is not None


async def test_the_table_or_a_fixture_posted_for_everyone_hides_every_lineup_not_shown(
        service: LeagueService) -> None:
    """``show(everyone=True)``: posted in the channel in the league's language, and a
    fixture's line-ups stay hidden until both are in, even the asking captain's own
    (which ``show`` to that captain alone shows)."""
    await season(service)
    out = await service.lineup(ctx(10), "Ligan")
    assert out.menu is not None
    await service.pick(ctx(10), out.menu.league_id, "1.1", 1, "11")
    mine = await service.show(ctx(10), "Ligan", "1.1")
    assert mine.private is not None and not mine.public and mine.picture is not None
    assert mine.picture.lang == "en" and mine.picture.data["boards"][0]["home"] == "p11"
    posted = await service.show(ctx(10), "Ligan", "1.1", everyone=True)
    assert posted.private is None and [s.key for s in posted.public] == ["fixture_shown"]
    assert posted.picture is not None and posted.picture.lang == "sv"  # the league's
    assert all(b["home_hidden"] and b["home"] is None for b in posted.picture.data["boards"])
    table = await service.show(ctx(20), "Ligan", everyone=True)
    assert [s.key for s in table.public] == ["table_shown"] and table.private is None
    assert table.picture is not None and table.picture.kind == "table"


async def test_a_game_that_is_no_boards_is_ignored(service: LeagueService) -> None:
    from bot.store import GameRow

    await season(service)
    row = GameRow(1, GUILD, 999, "over", "talisman", 10, 20, 1, 0, None, 1, 0.0, 0.0, 0,
                  None, None)
    assert await service.game_ended(row) is None


async def test_a_stale_save_is_tried_again(service: LeagueService) -> None:
    await season(service)
    repo = service.leagues
    real = repo.save
    calls = [0]

    async def once_stale(*args: Any, **kw: Any) -> bool:
        calls[0] += 1
        if calls[0] == 1:
            return False
        return await real(*args, **kw)

    repo.save = once_stale  # type: ignore[method-assign]
    await service.postpone(ctx(ORG), "Ligan", "1.1", 24)
    assert calls[0] == 2


async def test_deadlines_are_checked_only_for_the_guilds_this_process_runs(
        service: LeagueService) -> None:
    await season(service)
    service.now_box[0] += 169 * 3600  # type: ignore[attr-defined]  # past round 1's deadline
    service.owns = lambda guild_id: guild_id != GUILD
    assert await service.due() == []
    row = await service.leagues.by_name(GUILD, "Ligan")
    assert row is not None and not row.data["fixtures"][0]["boards"]
    service.owns = lambda guild_id: True
    [out] = await service.due()
    assert [s.key for s in out.public] == ["lineups"]
    assert len(out.open_boards) == 2  # the rosters' order on both boards
