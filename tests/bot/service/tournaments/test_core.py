"""The tournament service's plumbing (bot.service.tournaments.core): finding a
tournament by name, the one way it changes (nothing written when the action refuses;
run again on the fresh state when another writer saved first; given up after
``STALE_ATTEMPTS``), Swiss players who left the server kept out of the next pairing,
and the seed source."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.league.errors import LeagueError
from bot.league.tournament import Tournament
from bot.service.model import UserError
from bot.service.tournaments import STALE_ATTEMPTS, TournamentService
from bot.store import Repositories, Tx
from bot.store.repositories import RatingRepository
from tests.bot.service.tournaments.helpers import (
    ANNA,
    BERTIL,
    CARIN,
    DAVID,
    GUILD,
    ORGANISER,
    ctx,
    cup,
    row,
    service,
    tour,
)


@pytest.fixture
async def trn(tmp_path: Path) -> AsyncIterator[TournamentService]:
    async with service(tmp_path) as s:
        await cup(s, start=False)
        yield s


async def test_a_tournament_is_found_by_name_in_a_server_only(trn: TournamentService) -> None:
    assert (await trn.core.find(GUILD, " cup ")).name == "Cup"
    with pytest.raises(UserError) as e:
        await trn.core.find(None, "Cup")
    assert e.value.key == "trn.guild_only"
    with pytest.raises(UserError) as e:
        await trn.core.find(GUILD, "  Nope ")
    assert (e.value.key, e.value.params["name"]) == ("trn.unknown", "Nope")


async def test_an_action_that_refuses_writes_nothing(trn: TournamentService) -> None:
    before = await row(trn)

    def refuse(tr: Tournament) -> None:
        tr.leave(str(ANNA))
        raise LeagueError("league.started")

    with pytest.raises(LeagueError):
        await trn.core.change(before.id, refuse)
    after = await row(trn)
    assert (after.version, after.data) == (before.version, before.data)


async def test_a_save_that_lost_a_race_runs_the_action_again_on_the_fresh_state(
        trn: TournamentService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another writer saves between this change's read and its save (as a second process
    on PostgreSQL would): the version check refuses the save and the action runs on the
    state that writer left."""
    tid = (await row(trn)).id
    real_save = trn.core.rows.save
    races = [True]

    async def save_after_a_rival(tx: Tx, tournament_id: int, version: int,
                                 **kw: Any) -> bool:
        if races and races.pop():
            data = (await row(trn)).data
            rival = Tournament.from_json(data)
            rival.leave(str(DAVID))
            await tx.run("UPDATE tournaments SET version = version + 1, data = ? "
                         "WHERE id = ?", (json.dumps(rival.to_json()), tid))
        return await real_save(tx, tournament_id, version, **kw)

    monkeypatch.setattr(trn.core.rows, "save", save_after_a_rival)
    seen: list[int] = []

    def leave_anna(tr: Tournament) -> None:
        seen.append(len(tr.players))
        tr.leave(str(ANNA))

    await trn.core.change(tid, leave_anna)
    assert seen == [4, 3]  # the second run saw the rival's change
    assert [p.id for p in (await tour(trn)).players] == [str(BERTIL), str(CARIN)]


async def test_a_change_that_always_loses_gives_up_politely(
        trn: TournamentService, monkeypatch: pytest.MonkeyPatch) -> None:
    async def always_stale(tx: Tx, *args: Any, **kw: Any) -> bool:
        return False

    monkeypatch.setattr(trn.core.rows, "save", always_stale)
    runs: list[int] = []
    with pytest.raises(UserError) as e:
        await trn.core.change((await row(trn)).id, lambda tr: runs.append(1))  # type: ignore[func-returns-value]
    assert e.value.key == "trn.stale" and len(runs) == STALE_ATTEMPTS


async def test_a_match_ref_is_saved(trn: TournamentService) -> None:
    await trn.start(ctx(ORGANISER), "Cup")
    first = (await tour(trn)).pending()[0]
    await trn.set_ref((await row(trn)).id, first.id, 555)
    assert (await tour(trn)).find_ref("555").id == first.id  # type: ignore[union-attr]


async def test_swiss_players_gone_from_the_server_are_not_paired_again(
        tmp_path: Path) -> None:
    gone: set[int] = set()
    asked: list[list[int]] = []

    async def who_left(guild: int, ids: list[int]) -> set[int]:
        asked.append(sorted(ids))
        return gone & set(ids)

    async with service(tmp_path, gone=who_left) as trn:
        await cup(trn, "swiss", rounds=2)
        gone.add(DAVID)
        first = (await tour(trn)).pending()
        assert len(first) == 2 and not asked[1:]  # the start asked once
        for m in first:
            await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                                       winner=int(m.a), score="1-0")
        t = await tour(trn)
    assert t.player(str(DAVID)).withdrawn
    second = t.rounds[1].pairings
    assert all(str(DAVID) not in m.players for m in second)
    assert any(m.is_bye for m in second)  # three left: one sits out
    assert asked[-1] == sorted([ANNA, BERTIL, CARIN, DAVID])


async def test_a_knockout_does_not_ask_who_left_on_every_change(tmp_path: Path) -> None:
    asked: list[list[int]] = []

    async def who_left(guild: int, ids: list[int]) -> set[int]:
        asked.append(ids)
        return set()

    async with service(tmp_path, gone=who_left) as trn:
        await cup(trn)
        m = (await tour(trn)).pending()[0]
        await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                                   winner=int(m.a), score="1-0")
    assert len(asked) == 1  # the start only


class _Seeds(RatingRepository):
    """The server's ratings as a test sets them."""

    @staticmethod
    async def ratings_for(tx: Tx, guild: int, ids: list[int]) -> dict[int, float]:
        assert await RatingRepository.ratings_for(tx, guild, ids) == dict.fromkeys(ids, 1500.0)
        return {DAVID: 1900.0, CARIN: 1700.0}


async def test_the_ratings_decide_the_seeds(tmp_path: Path) -> None:
    async with service(tmp_path, repos=Repositories(ratings=_Seeds())) as trn:
        await cup(trn)
        seeds = {p.id: p.seed for p in (await tour(trn)).players}
    assert seeds[str(DAVID)] == 1 and seeds[str(CARIN)] == 2
    assert {seeds[str(ANNA)], seeds[str(BERTIL)]} == {3, 4}  # the unrated after


async def test_without_a_language_source_both_languages_are_english(
        trn: TournamentService) -> None:
    assert await trn.langs(ctx(ANNA)) == ("en", "en")
