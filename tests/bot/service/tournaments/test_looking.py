"""Looking at tournaments (bot.service.tournaments.looking): standings and bracket with
their picture, the server's list, and the autocomplete of names, matches and players;
nothing here changes a tournament."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.model import UserError
from bot.service.tournaments import Picture, TournamentService
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
    tour,
)


async def test_standings_and_bracket_come_with_their_picture(trn: TournamentService) -> None:
    await cup(trn)
    version = (await row(trn)).version
    out = await trn.show(ctx(ANNA), "cup", "standings")
    assert out.picture == Picture("standings", await tour(trn), "en")
    assert out.reply.posts[0].text.startswith("**Cup**: standings (")
    out = await trn.show(ctx(ANNA), "Cup", "bracket")
    assert out.picture is not None and out.picture.kind == "bracket"
    assert "__Round 1__" in out.reply.posts[0].text
    assert (await row(trn)).version == version
    with pytest.raises(UserError) as e:
        await trn.show(ctx(ANNA), "Nope", "bracket")
    assert e.value.key == "trn.unknown"


async def test_the_list_says_each_tournaments_state_players_and_settings(
        trn: TournamentService) -> None:
    assert (await trn.listing(ctx(ANNA))).reply.private == t("trn.list.none", "en")
    await cup(trn, name="Old", players=2)
    await trn.organiser_action(ctx(ORGANISER), "Old", "finish")
    await cup(trn, "round_robin", name="New", players=3, start=False, max_players=6)
    lines = (await trn.listing(ctx(ANNA))).reply.private.split("\n")  # type: ignore[union-attr]
    assert lines[0] == t("trn.list.head", "en", n=2)
    assert lines[1].startswith("• **New**: ") and "3/6 players" in lines[1]
    assert "round robin" in lines[1]
    assert lines[2].startswith("• **Old**: " + t("trn.state.finished", "en"))
    with pytest.raises(UserError):
        await trn.listing(ctx(ANNA, guild=None))


async def test_names_complete_within_the_server(trn: TournamentService) -> None:
    await cup(trn, name="Vårcup", players=0, start=False)
    await cup(trn, name="Höstcup", players=0, start=False)
    assert sorted(await trn.names(GUILD, "  CUP")) == ["Höstcup", "Vårcup"]
    assert await trn.names(GUILD, " vå") == ["Vårcup"]
    assert await trn.names(None, "") == []
    assert await trn.names(GUILD + 1, "") == []


async def test_open_matches_are_labelled_plainly_and_filtered_by_what_is_typed(
        trn: TournamentService) -> None:
    await cup(trn)
    first, second = (await tour(trn)).pending()
    choices = await trn.open_matches(GUILD, "Cup", "", "en")
    assert [pid for _, pid in choices] == [first.id, second.id]
    now = await tour(trn)
    assert choices[0][0] == f"{first.id}: " + " – ".join(
        now.player(p).name for p in first.players)
    name = now.player(second.a).name
    assert await trn.open_matches(GUILD, "Cup", name.lower(), "en") == [choices[1]]
    assert await trn.open_matches(GUILD, "Nope", "", "en") == []
    assert await trn.open_matches(GUILD, "", "", "en") == []


async def test_results_can_still_correct_the_previous_round(trn: TournamentService) -> None:
    await cup(trn)
    first, second = (await tour(trn)).pending()
    for m in (first, second):
        await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                                   winner=int(m.a), score="1-0")
    (final,) = (await tour(trn)).pending()
    assert [pid for _, pid in await trn.open_matches(GUILD, "Cup", "", "en")] == [final.id]
    with_results = [pid for _, pid in await trn.open_matches(GUILD, "Cup", "", "en",
                                                             results=True)]
    assert with_results[0] == final.id and set(with_results[1:]) == {first.id, second.id}


async def test_players_still_in_come_first_and_the_withdrawn_are_marked(
        trn: TournamentService) -> None:
    await cup(trn)
    await trn.withdraw(ctx(ANNA), (await row(trn)).id, ANNA)
    choices = await trn.players(GUILD, "Cup", "", "en")
    assert [pid for _, pid in choices] == [str(BERTIL), str(CARIN), str(DAVID), str(ANNA)]
    assert choices[-1][0] == f"Anna ({t('trn.withdrawn', 'en')})"
    assert await trn.players(GUILD, "Cup", "car", "en") == [("Carin", str(CARIN))]
    assert await trn.players(GUILD, "Nope", "", "en") == []
