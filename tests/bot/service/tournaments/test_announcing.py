"""What a tournament's changes make the bot post (bot.service.tournaments.announcing):
each kind of ``Change`` the league reports turned into notices, matches to open and
threads to end, in the tournament's language; and the final notice's winner, tie-break
or shared first place."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from bot.league.model import Change
from bot.service.match_words import terms
from bot.service.model import Reply
from bot.service.text import channel, mention, moment
from bot.service.tournaments import Outcome, TournamentService
from tests.bot.service.tournaments.helpers import (
    ANNA,
    CHANNEL,
    DAVID,
    GUILD,
    NOW,
    ORGANISER,
    ctx,
    cup,
    row,
    service,
    tour,
)


async def applied(trn: TournamentService, *changes: Change) -> Outcome:
    out = Outcome(Reply())
    trn.announcing.apply(out, await row(trn), await tour(trn), list(changes))
    return out


async def test_an_opened_round_lists_its_matches_and_opens_each(
        trn: TournamentService) -> None:
    await cup(trn, players=3, match_length=3, deadline_hours=48)
    t = await tour(trn)
    r = t.rounds[0]
    playing = [m for m in r.pairings if not m.is_bye]
    out = await applied(trn, Change("round_opened", 1, tuple(m.id for m in playing)))
    (notice,) = out.notices
    lines = notice.text.split("\n")
    assert notice.channel_id == CHANNEL
    assert lines[0] == t_round(t.total_rounds)
    assert len(lines) == 1 + len(r.pairings) + 1  # head, one line a match, the deadline
    assert any("has a bye" in line for line in lines)
    assert lines[-1].startswith("Play your match by \x1et:")  # a moment (text.moment)
    (match,) = out.matches
    m = playing[0]
    assert (match.tournament_id, match.pairing, match.guild_id, match.channel_id) == (
        int(t.id), m.id, GUILD, CHANNEL)
    assert (str(match.white_id), str(match.black_id)) == (m.a, m.b)
    assert (match.rules, match.match_length, match.lang) == ("talisman", 3, "en")
    assert match.thread_name == (f"Cup {m.id}: {t.player(m.a).name} – "
                                 f"{t.player(m.b or '').name}")
    assert terms(3, "en") in match.intro and "Deadline: \x1et:" in match.intro


def t_round(total: int | None) -> str:
    return t("trn.round_opened", "en", name="Cup", n=1, total=total)


async def test_a_one_game_match_without_deadline_says_neither(trn: TournamentService) -> None:
    await cup(trn)
    (m, _) = (await tour(trn)).pending()
    out = await applied(trn, Change("round_opened", 1, (m.id,)))
    assert out.matches[0].intro == t(
        "trn.intro", "en", name="Cup", n=1, match=m.id, a=mention(m.a), b=mention(m.b),
        rules="talisman", length=t("trn.a_match.one", "en", n=1))
    assert len(out.notices[0].text.split("\n")) == 3  # head and two matches


async def test_a_repaired_round_ends_the_threads_of_the_dropped_matches(
        trn: TournamentService) -> None:
    await cup(trn)
    out = await applied(trn, Change("repaired", 2, refs=("501", "502")))
    assert out.notices[0].text == t("trn.repaired", "en", name="Cup", n=2)
    assert [e.thread_id for e in out.stop_threads] == [501, 502]
    assert all(channel(CHANNEL) in e.text for e in out.stop_threads)


async def test_walkovers_and_departures_are_announced_in_the_channel(
        trn: TournamentService) -> None:
    await cup(trn)
    m = (await tour(trn)).pending()[0]
    await trn.withdraw(ctx(int(m.b or 0)), (await row(trn)).id, int(m.b or 0))
    out = await applied(trn, Change("walkover", pairings=(m.id,)),
                        Change("departed", players=(str(DAVID), str(ANNA))))
    assert [n.text for n in out.notices] == [
        t("trn.auto_walkover", "en", name="Cup", match=m.id,
          result=trn.texts.result_text(await tour(trn), m.id, "en")),
        t("trn.left_server", "en", name="Cup", player=mention(DAVID)),
        t("trn.left_server", "en", name="Cup", player=mention(ANNA))]
    assert await applied(trn, Change("cancelled")) == Outcome(Reply())  # nothing to post


async def test_the_final_notice_names_the_champion_and_the_tiebreak(tmp_path: Path) -> None:
    async with service(tmp_path) as trn:
        await cup(trn, "swiss", rounds=1)
        for m in (await tour(trn)).pending():
            await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                                       winner=int(m.a), score="3-0" if m.table == 1 else "1-0")
        t_ = await tour(trn)
        notice = trn.announcing.final_notice(await row(trn), t_)
    first, second = t_.standings()[:2]
    assert first.score == second.score
    assert notice.mentions == (int(first.player),)
    assert notice.picture is not None and notice.picture.kind == "standings"
    assert t("trn.decided_by", "en", first=mention(first.player),
             second=mention(second.player),
             criterion=t("trn.criterion.point_difference", "en")) in notice.text


async def test_a_knockout_finished_before_its_final_shares_first_place(
        trn: TournamentService) -> None:
    await cup(trn)
    for m in (await tour(trn)).pending():
        await trn.organiser_action(ctx(ORGANISER), "Cup", "result", match=m.id,
                                   winner=int(m.a), score="1-0")
    (final,) = (await tour(trn)).pending()
    out = await trn.organiser_action(ctx(ORGANISER), "Cup", "finish")
    text = next(n.text for n in out.notices if "share first place" in n.text)
    assert t("trn.and", "en", a=mention(final.a), b=mention(final.b)) in text
    assert all(n.mentions == () for n in out.notices if n.text == text)


async def test_the_tournaments_language_is_the_one_it_was_created_in(tmp_path: Path) -> None:
    async def swedish(_: object) -> tuple[str, str]:
        return "en", "sv"  # the member's own, the server's

    async with service(tmp_path, langs=swedish) as trn:
        await cup(trn, deadline_hours=1)
        out = await applied(trn, Change("round_opened", 1, ()))
    lines = out.notices[0].text.split("\n")
    assert lines[0] == t("trn.round_opened", "sv", name="Cup", n=1, total=2)
    assert lines[-1] == t("trn.round_deadline", "sv", when=moment(NOW + 3600))
