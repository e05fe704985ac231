"""Results from outside a command (bot.service.tournaments.results): a tournament game's
final row recorded against its pairing (by colour, a resignation in a one-game match, an
aborted game told to the organiser, a game of a match decided meanwhile ignored), and the
deadlines (a reminder in the match's thread, then walkover buttons for the organiser,
each once, only in the shards this process owns)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.league.model import Pairing, Status
from bot.service.text import channel
from bot.service.tournaments import TournamentService, WalkoverChoice
from bot.store import GameRow
from engine.match import Match
from engine.position import Side
from engine.turn import Outcome as GameOutcome
from tests.bot.service.tournaments.helpers import (
    CHANNEL,
    NOW,
    ORGANISER,
    Clock,
    ctx,
    cup,
    row,
    service,
    tour,
)

HOUR = 3600.0


@pytest.fixture
async def trn(tmp_path: Path) -> AsyncIterator[TournamentService]:
    async with service(tmp_path) as s:
        await cup(s)
        yield s


async def game_row(trn: TournamentService, m: Pairing, *, white: str, status: str = "over",
                   winner: Side | None = Side.WHITE, kind: str = "jan",
                   recorded: bool = True, channel: int = 900) -> GameRow:
    """The final row of the game of pairing ``m``, ``white`` playing White."""
    black = m.opponent(white)
    assert black is not None
    result: dict[str, Any] | None = None
    if winner is not None:
        match = Match(1)
        outcome = GameOutcome(kind, 1, False, winner)
        if recorded:
            match.record(outcome)
        result = {"match": match.to_json(), "outcome": outcome.to_json()}
    return GameRow(1, 1, channel, status, "talisman", int(white), int(black), 1, 1, None, 9,
                   NOW, NOW, 0, None, result, False, (await row(trn)).id)


async def test_a_game_outside_a_tournament_is_none_of_its_business(
        trn: TournamentService) -> None:
    m = (await tour(trn)).pending()[0]
    plain = await game_row(trn, m, white=m.a)
    assert await trn.game_ended(GameRow(**{**plain.__dict__, "tournament_id": None})) is None


async def test_the_winner_is_found_by_colour_and_the_next_round_opens(
        trn: TournamentService) -> None:
    first, second = (await tour(trn)).pending()
    out = await trn.game_ended(await game_row(trn, first, white=first.b or "",
                                              winner=Side.WHITE))
    assert out is not None and not out.matches
    assert out.notices[0].channel_id == CHANNEL and first.id in out.notices[0].text
    m = (await tour(trn)).pairing(first.id)
    assert (m.winner, m.a_points, m.b_points) == (first.b, 0, 1)  # b played White and won
    out = await trn.game_ended(await game_row(trn, second, white=second.a,
                                              winner=Side.BLACK))
    assert out is not None
    (final,) = out.matches  # the final between the two winners
    assert {str(final.white_id), str(final.black_id)} == {first.b, second.b}


async def test_a_resigned_one_game_match_goes_to_the_game_s_winner(
        trn: TournamentService) -> None:
    m = (await tour(trn)).pending()[0]
    await trn.game_ended(await game_row(trn, m, white=m.a, winner=Side.BLACK,
                                        kind="resign", recorded=False))
    assert (await tour(trn)).pairing(m.id).winner == m.b


async def test_an_aborted_game_is_told_to_the_organiser_and_decides_nothing(
        trn: TournamentService) -> None:
    m = (await tour(trn)).pending()[0]
    version = (await row(trn)).version
    out = await trn.game_ended(await game_row(trn, m, white=m.a, status="aborted",
                                              winner=None, channel=901))
    assert out is not None
    (notice,) = out.notices
    assert notice.mentions == (ORGANISER,) and channel(901) in notice.text
    assert (await tour(trn)).pairing(m.id).status is Status.PENDING
    assert (await row(trn)).version == version + 1  # looked at, saved unchanged


async def test_the_game_of_a_match_decided_meanwhile_is_ignored(
        trn: TournamentService) -> None:
    m = (await tour(trn)).pending()[0]
    await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                               winner=int(m.a), score="1-0")
    before = await row(trn)
    assert await trn.game_ended(await game_row(trn, m, white=m.a,
                                               winner=Side.BLACK)) is None
    assert (await row(trn)).version == before.version


async def test_deadlines_remind_then_offer_walkovers_each_once(tmp_path: Path) -> None:
    clock = Clock()
    async with service(tmp_path, clock=clock) as trn:
        await cup(trn, "round_robin", deadline_hours=24)
        tid = (await row(trn)).id
        first = (await tour(trn)).pending()[0]
        await trn.set_ref(tid, first.id, 555)
        assert await trn.due() == []  # nothing due yet
        clock.now = NOW + 19 * HOUR  # the last quarter of the round
        (out,) = await trn.due()
        assert {n.channel_id for n in out.notices} == {555, CHANNEL}  # thread, else channel
        reminder = next(n for n in out.notices if n.channel_id == 555)
        assert set(reminder.mentions) == {int(p) for p in first.players}
        assert await trn.due() == []  # handed out once
        clock.now = NOW + 25 * HOUR
        (out,) = await trn.due()
        assert len(out.notices) == 2 and all(n.channel_id == CHANNEL for n in out.notices)
        notice = next(n for n in out.notices if first.id in n.text)
        assert notice.mentions == (ORGANISER,)
        assert [c.winner for c in notice.choices] == [int(first.a), int(first.b or 0), 0]
        assert notice.choices[-1] == WalkoverChoice(tid, first.id, 0, "Both forfeit")
        assert await trn.due() == []


async def test_a_knockout_offers_no_double_forfeit(tmp_path: Path) -> None:
    clock = Clock()
    async with service(tmp_path, clock=clock) as trn:
        await cup(trn, deadline_hours=1)
        clock.now = NOW + 2 * HOUR
        (out,) = await trn.due()
    assert all(len(n.choices) == 2 and 0 not in {c.winner for c in n.choices}
               for n in out.notices)


async def test_deadlines_of_another_shards_servers_are_left_alone(tmp_path: Path) -> None:
    clock = Clock()
    async with service(tmp_path, clock=clock, owns=lambda guild: False) as trn:
        await cup(trn, deadline_hours=1)
        clock.now = NOW + 2 * HOUR
        assert await trn.due() == []
        assert not any(m.walkover_noticed for m in (await tour(trn)).pending())
