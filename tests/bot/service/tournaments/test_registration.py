"""Who is in a tournament (bot.service.tournaments.registration): creating one under a
free name, joining, leaving before the start, withdrawing after it (asked once more, by
the member's own button only), and members who left the server withdrawn from the
server's unfinished tournaments."""

from __future__ import annotations

import pytest

from bot.league.errors import LeagueError
from bot.league.model import State, Status
from bot.service.model import UserError
from bot.service.text import mention
from bot.service.tournaments import TournamentService, WithdrawChoice
from tests.bot.service.tournaments.helpers import (
    ANNA,
    BERTIL,
    CHANNEL,
    DAVID,
    GUILD,
    ORGANISER,
    ctx,
    cup,
    row,
    tour,
)


async def test_creating_answers_with_the_settings_and_stores_the_channel(
        trn: TournamentService) -> None:
    out = await trn.create(ctx(ORGANISER), name="  Vårcup ", format="swiss", rounds=3,
                           rules=None, match_length=3, max_players=None,
                           deadline_hours=24, default_rules="puff-lang")
    text = out.reply.posts[0].text
    assert "**Vårcup**" in text and mention(10) in text and "`puff-lang`" in text
    stored = await row(trn, "Vårcup")
    assert (stored.channel_id, stored.state, stored.lang) == (CHANNEL, "registration", "en")
    t = await tour(trn, "Vårcup")
    assert (t.id, t.organiser, t.swiss_rounds) == (str(stored.id), str(ORGANISER), 3)


async def test_a_live_name_is_taken_until_that_tournament_finishes(
        trn: TournamentService) -> None:
    await cup(trn, players=2, start=False)
    with pytest.raises(UserError) as e:
        await cup(trn, players=0, start=False, name="CUP")
    assert e.value.key == "trn.name_taken"
    await trn.organiser_action(ctx(ORGANISER), "Cup", "cancel")
    await cup(trn, players=0, start=False, name="CUP")  # the name is free again
    assert (await tour(trn, "cup")).name == "CUP"


async def test_creating_outside_a_server_or_with_bad_settings_is_refused(
        trn: TournamentService) -> None:
    with pytest.raises(UserError) as e:
        await trn.create(ctx(ORGANISER, guild=None), name="Cup", format="swiss", rounds=2,
                         rules=None, match_length=1, max_players=None, deadline_hours=None)
    assert e.value.key == "trn.guild_only"
    with pytest.raises(LeagueError) as bad:
        await trn.create(ctx(ORGANISER), name="Cup", format="swiss", rounds=None,
                         rules=None, match_length=1, max_players=None, deadline_hours=None)
    assert bad.value.key == "league.bad_setting"
    async with trn.store.read() as tx:
        assert await tx.all("SELECT id FROM tournaments") == []


async def test_joining_says_how_many_and_twice_is_refused(trn: TournamentService) -> None:
    await cup(trn, players=1, start=False, max_players=8)
    out = await trn.join(ctx(BERTIL), "Cup", "Bertil")
    assert out.reply.posts[0].text == f"{mention(12)} joined **Cup** (2/8 players)."
    with pytest.raises(LeagueError) as e:
        await trn.join(ctx(BERTIL), "Cup", "Bertil again")
    assert e.value.key == "league.already_joined"


async def test_leaving_before_the_start_takes_the_player_out(trn: TournamentService) -> None:
    await cup(trn, players=3, start=False)
    out = await trn.leave(ctx(ANNA), "Cup")
    assert out.reply.private == "You have left **Cup**."
    assert not (await tour(trn)).has_player(str(ANNA))


async def test_leaving_after_the_start_asks_once_more_and_changes_nothing(
        trn: TournamentService) -> None:
    await cup(trn)
    before = await row(trn)
    out = await trn.leave(ctx(ANNA), "Cup")
    assert out.confirm == WithdrawChoice(before.id, ANNA, "Withdraw from Cup")
    assert out.reply.private and "Cup" in out.reply.private
    assert (await row(trn)).version == before.version


async def test_the_withdraw_button_is_the_members_own(trn: TournamentService) -> None:
    await cup(trn)
    tid = (await row(trn)).id
    with pytest.raises(UserError) as e:
        await trn.withdraw(ctx(BERTIL), tid, ANNA)
    assert e.value.key == "trn.not_yours"
    with pytest.raises(UserError) as e:
        await trn.withdraw(ctx(ANNA, guild=GUILD + 1), tid, ANNA)
    assert e.value.key == "trn.unknown"
    assert not (await tour(trn)).player(str(ANNA)).withdrawn


async def test_withdrawing_gives_the_open_match_away_and_ends_its_thread(
        trn: TournamentService) -> None:
    await cup(trn)
    tid = (await row(trn)).id
    match = (await tour(trn)).pending_for(str(ANNA))
    assert match is not None
    await trn.set_ref(tid, match.id, 777)
    out = await trn.withdraw(ctx(ANNA), tid, ANNA)
    assert out.reply.private == "You have withdrawn from **Cup**."
    assert out.notices[0].channel_id == CHANNEL and mention(11) in out.notices[0].text
    (end,) = out.stop_threads
    assert end.thread_id == 777 and "walkover" in end.text
    m = (await tour(trn)).pairing(match.id)
    assert m.status is Status.DONE and m.walkover and m.winner == m.opponent(str(ANNA))
    with pytest.raises(LeagueError) as e:
        await trn.leave(ctx(ANNA), "Cup")
    assert e.value.key == "league.already_withdrawn"


async def test_a_member_who_left_the_server_is_withdrawn_from_its_unfinished_tournaments(
        trn: TournamentService) -> None:
    await cup(trn)  # running, David in it
    await cup(trn, players=4, start=False, name="Open")  # registration, David in it
    await cup(trn, players=2, start=False, name="Small")  # David not in it
    outs = await trn.departed(GUILD, DAVID)
    assert len(outs) == 2
    assert all(mention(14) in o.notices[0].text for o in outs)
    assert (await tour(trn)).player(str(DAVID)).withdrawn
    assert (await tour(trn, "Open")).state is State.REGISTRATION
    assert await trn.departed(GUILD, DAVID) == []  # withdrawn already: nothing more
    assert await trn.departed(GUILD + 1, ANNA) == []  # another server's member
