"""The organiser's actions (bot.service.tournaments.organising), on the service itself:
each kind of ``organiser_action`` is one step of ``STEPS``, checked here below the cog's
scenario tests (tests/bot/cogs/test_tournaments_organiser.py) on SQLite."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.league.model import State, Status
from bot.service.model import UserError
from bot.service.tournaments import TournamentService
from bot.service.tournaments.organising import STEPS, Organising
from tests.bot.service.tournaments.helpers import ANNA, CHANNEL, ORGANISER, ctx, cup, service, tour


@pytest.fixture
async def trn(tmp_path: Path) -> AsyncIterator[TournamentService]:
    async with service(tmp_path) as s:
        await cup(s)
        yield s


def test_every_kind_but_remove_is_a_step() -> None:
    assert set(STEPS) == {"result", "walkover", "pause", "resume", "finish", "cancel"}
    assert all(callable(getattr(Organising, f.__name__)) for f in STEPS.values())


async def test_result_then_correction_then_the_same_again(trn: TournamentService) -> None:
    anna = (await tour(trn)).pending_for(str(ANNA))
    assert anna is not None
    match, other = anna.id, anna.opponent(str(ANNA))
    assert other is not None
    out = await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=match,
                                     winner=ANNA, score="1-0")
    assert out.notices[0].channel_id == CHANNEL
    assert "Anna" in out.notices[0].text and "Cup" in out.notices[0].text
    m = (await tour(trn)).pairing(match)
    assert m.status is Status.DONE and m.winner == str(ANNA)
    fixed = await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=match,
                                       winner=int(other), score="1-0")
    assert (await tour(trn)).pairing(match).winner == other
    assert fixed.notices[0].text != out.notices[0].text  # says what it corrected
    with pytest.raises(UserError) as e:
        await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=match,
                                   winner=int(other), score="1-0")
    assert e.value.key == "trn.same_result"


async def test_pause_resume_and_finish(trn: TournamentService) -> None:
    await trn.organiser_action(ctx(ORGANISER), "Cup", "pause")
    assert (await tour(trn)).state is State.PAUSED
    await trn.organiser_action(ctx(ORGANISER), "Cup", "resume")
    assert (await tour(trn)).state is State.RUNNING
    open_matches = len((await tour(trn)).pending())
    out = await trn.organiser_action(ctx(ORGANISER), "Cup", "finish")
    assert (await tour(trn)).state is State.FINISHED
    assert len(out.stop_threads) <= open_matches  # a thread only where a game was opened
    assert out.notices


async def test_refused_before_anything_changes(trn: TournamentService) -> None:
    before = await tour(trn)
    with pytest.raises(UserError) as e:
        await trn.organiser_action(ctx(ANNA), "Cup", "pause")
    assert e.value.key == "trn.not_organiser"
    with pytest.raises(UserError) as e:
        await trn.organiser_action(ctx(ORGANISER), "Cup", "shuffle")
    assert e.value.key == "trn.unknown_action"
    assert (await tour(trn)).to_json() == before.to_json()
