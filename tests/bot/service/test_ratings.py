"""Ratings (bot.service.ratings, issue 6): a rated game applied once, whoever tells of
it and however often; unrated, computer and match rows; the leaderboard and a profile
refused where they cannot be, and how a rating is said."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.league.ratings import Rating
from bot.service.games import GameService
from bot.service.model import COMPUTER, UserError
from bot.service.ratings import RatingService, outcomes_of, shown_rating, winner_side
from bot.service.text import mention
from bot.store import GameRow
from bot.store import ratings_sql as sql
from engine.position import Side
from tests.bot.service.helpers import ALICE, BOB, GUILD, STRANGER, ctx, row_of, started


async def resigned(games: GameService, loser: int, **kw: object) -> GameRow:
    """A game between Alice (White) and Bob that ``loser`` resigned."""
    reply = await started(games, **kw)  # type: ignore[arg-type]
    assert reply.game_id is not None and reply.version is not None
    await games.resign(ctx(loser), reply.game_id, reply.version)
    row = await row_of(games, reply.game_id)
    assert row.status == "over"
    return row


async def ratings(games: GameService) -> dict[int, Rating]:
    async with games.store.read() as tx:
        return await sql.all_ratings(tx, GUILD)


async def test_a_rated_game_counts_once(games: GameService) -> None:
    service = RatingService(games)
    games.end_listeners.append(service.on_game_end)  # as Services.build does
    row = await resigned(games, BOB)
    after = await ratings(games)
    assert (after[ALICE].wins, after[BOB].losses) == (1, 1)
    assert after[ALICE].mu > after[BOB].mu
    assert not await service.on_game_end(row)  # told again: nothing more
    assert await service.catch_up() == 0
    assert await ratings(games) == after


async def test_a_game_missed_by_the_listener_is_caught_up(games: GameService) -> None:
    await resigned(games, ALICE)  # no listener: ended while the ratings did not hear
    service = RatingService(games)
    assert await ratings(games) == {}
    assert await service.catch_up() == 1
    assert (await ratings(games))[BOB].wins == 1
    assert await service.catch_up() == 0


async def test_unrated_games_change_no_rating(games: GameService) -> None:
    service = RatingService(games)
    row = await resigned(games, BOB, rated=False)
    assert not await service.on_game_end(row)
    live_row = (await started(games, channel=999)).game_id
    assert live_row is not None
    assert not await service.on_game_end(await row_of(games, live_row))  # not over
    assert await ratings(games) == {}


def test_the_winner_of_a_match_row_is_the_matchs() -> None:
    """M-1, M-2: a match row is one result, its winner the match's."""
    o = {"kind": "resign", "points": 1, "munk": False}
    single = GameRow(1, GUILD, 100, "over", "talisman", ALICE, BOB, 1, 0, None, 2, 0.0, 0.0, 0,
                     None, {"outcome": {**o, "winner": "black"}})
    assert winner_side(single) is Side.BLACK and len(outcomes_of(single)) == 1
    results = [{**o, "winner": "white"}, {**o, "winner": "black"}, {**o, "winner": "white"}]
    match = {"length": 3, "results": results}
    row = GameRow(**{**single.__dict__, "match_length": 3,
                     "result": {"outcome": results[-1], "match": match}})
    assert [x.winner for x in outcomes_of(row)] == [Side.WHITE, Side.BLACK, Side.WHITE]
    assert winner_side(row) is Side.WHITE
    assert winner_side(GameRow(**{**single.__dict__, "result": None})) is None


async def test_the_leaderboard(games: GameService) -> None:
    service = RatingService(games)
    with pytest.raises(UserError) as e:
        await service.leaderboard(ctx(ALICE))
    assert e.value.key == "rating.empty"
    for limit in (0, 26):
        with pytest.raises(UserError) as e:
            await service.leaderboard(ctx(ALICE), limit)
        assert e.value.key == "rating.limit"
    with pytest.raises(UserError) as e:
        await service.leaderboard(ctx(ALICE, guild=None))
    assert e.value.key == "rating.guild_only"
    games.end_listeners.append(service.on_game_end)
    games.players.note(GUILD, ALICE, "Alice")
    games.players.note(GUILD, BOB, "Bob")
    await resigned(games, BOB)
    board = (await service.leaderboard(ctx(STRANGER))).private
    assert board is not None
    lines = board.split("\n")
    assert lines[0] == t("rating.board.head", "en", n=2, total=2)
    assert "Alice" in lines[1] and "Bob" in lines[2] and mention(ALICE) not in board


async def test_a_profile(games: GameService) -> None:
    service = RatingService(games)
    for who, key in ((COMPUTER, "rating.bot"), (STRANGER, "rating.no_games")):
        with pytest.raises(UserError) as e:
            await service.profile(ctx(ALICE), who)
        assert e.value.key == key
    games.end_listeners.append(service.on_game_end)
    games.players.note(GUILD, BOB, "Bob")
    await resigned(games, ALICE)
    text = (await service.profile(ctx(ALICE), BOB)).private
    assert text is not None
    assert text.split("\n")[0] == t("rating.profile.head", "en", who="Bob")
    extra = RatingService(games, profile_lines=[_problems_line])
    mine = (await extra.profile(ctx(STRANGER))).private  # no games, only the other lines
    assert mine is not None and mine.endswith("\nproblems: 3 solved")


async def _problems_line(guild_id: int, user_id: int, lang: str) -> list[str]:
    return ["problems: 3 solved"]


def test_a_rating_says_when_it_is_provisional() -> None:
    new = Rating()
    assert new.provisional
    assert shown_rating(new, "en") == t("rating.provisional", "en", n=new.display)
    settled = Rating(new.mu, 1.0, games=40)
    assert not settled.provisional and shown_rating(settled, "sv") == str(settled.display)
