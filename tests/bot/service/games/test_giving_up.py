"""Ending a game early (bot.service.games.giving_up): resigning when B-35 allows it,
abandoning when it does not; aborting by agreement, by a moderator, or a challenge
withdrawn; claiming a game the opponent has left."""

from __future__ import annotations

import pytest

from bot.i18n import points_unit, t
from bot.service.games import EngineError, GameService
from bot.service.games.boards import duration
from bot.service.text import mention
from bot.store import Database
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    START,
    STRANGER,
    Clock,
    FirstPlay,
    Heard,
    alice_to_roll,
    at,
    ctx,
    events,
    live,
    make_games,
    refused,
    row_of,
)


async def test_the_prompt_offers_resigning_while_b35_allows_it(games: GameService) -> None:
    """B-35: no janband, no janblotta: the player may resign, for 1 point."""
    row = await alice_to_roll(games)
    reply = await games.resign_prompt(ctx(BOB))  # not only the player to move
    assert reply.private == t("resign.confirm", "en", points=1)
    assert [(b.action, b.version) for b in reply.buttons] == [("resign", row.version),
                                                             ("keep", row.version)]
    await refused("not_player", games.resign_prompt(ctx(STRANGER)))


async def test_after_the_janband_only_abandoning_is_offered(games: GameService) -> None:
    """B-35: once the janband was made, resigning is over; abandoning gives a jan."""
    game = at("talisman", START)
    game.history[Side.WHITE].janband = True
    row = await alice_to_roll(games, game=game)
    reply = await games.resign_prompt(ctx(ALICE))
    assert reply.private is not None
    assert reply.private.startswith(t("resign.refused", "en", reason=t(
        "resign.janband", "en"), points=0).split(":")[0])
    assert [b.action for b in reply.buttons] == ["abandon", "keep"]
    kinds = await events(games, row.id)
    with pytest.raises(EngineError) as e:  # a Resign button from before: refused
        await games.resign(ctx(ALICE), row.id, row.version)
    assert e.value.key == "game.cannot_resign"
    assert (await row_of(games, row.id)).version == row.version
    assert await events(games, row.id) == kinds
    out = await games.resign(ctx(ALICE), row.id, row.version, abandon=True)
    ended = await row_of(games, row.id)
    assert ended.status == "over" and ended.result is not None
    assert ended.result["outcome"]["kind"] == "jan"  # B-35, house: a jan for the opponent
    assert ended.result["outcome"]["winner"] == "black"
    assert "abandoned" in out.posts[0].text and out.private == t("ok", "en")


async def test_no_prompt_before_the_game_starts(games: GameService) -> None:
    await games.new_game(ctx(ALICE), BOB)
    await refused("game.not_started", games.resign_prompt(ctx(ALICE)))
    await refused("game.none", games.resign_prompt(ctx(ALICE, CHANNEL + 1)))


async def test_resigning_ends_a_single_game(games: GameService) -> None:
    row = await alice_to_roll(games)
    ended = Heard()
    games.end_listeners.append(ended)
    await refused("not_player", games.resign(ctx(STRANGER), row.id, row.version))
    await refused("stale", games.resign(ctx(ALICE), row.id, row.version - 1))
    out = await games.resign(ctx(ALICE), row.id, row.version)
    over = await row_of(games, row.id)
    assert over.status == "over" and [r.id for r in ended.rows] == [row.id]
    assert over.result is not None and over.result["outcome"]["winner"] == "black"
    post = out.posts[0]
    assert post.final and post.text.startswith(t(
        "resigned", "en", who=f"White ({mention(ALICE)})", winner=f"Black ({mention(BOB)})",
        points=1, unit=points_unit(1, "en")))
    assert "🏆" not in post.text  # the resignation says who won: no second line for it
    assert [b.action for b in post.buttons] == ["rematch"]
    assert (await events(games, row.id))[-1] == "resign"


async def test_resigning_a_game_of_a_match_starts_the_next(games: GameService) -> None:
    """M-1: a resigned game counts as a completed game of the match; T-1: its loser
    starts the next one."""
    row = await alice_to_roll(games, match_length=3)
    out = await games.resign(ctx(ALICE), row.id, row.version)
    lg = await live(games)
    assert lg.row.id == row.id and lg.row.status == "active"
    assert len(lg.match.results) == 1 and lg.game.turn is Side.WHITE
    assert len(out.posts) == 2 and out.posts[0].final and not out.posts[1].final


async def test_keep_playing_answers_privately(games: GameService) -> None:
    row = await alice_to_roll(games)
    reply = await games.keep_playing(ctx(ALICE))
    assert reply.private == t("resign.cancelled", "en") and not reply.posts
    assert (await row_of(games, row.id)).version == row.version


async def test_aborting_takes_both_players(games: GameService) -> None:
    row = await alice_to_roll(games)
    await refused("abort.not_allowed", games.abort(ctx(STRANGER)))
    asked = await games.abort(ctx(ALICE))
    after = await row_of(games, row.id)
    assert after.abort_by == ALICE and after.status == "active"
    post = asked.posts[0]
    assert post.mentions == (BOB,) and [b.action for b in post.buttons] == ["abort"]
    assert post.buttons[0].version == after.version
    await refused("abort.already_asked", games.abort(ctx(ALICE)))
    done = await games.abort(ctx(BOB), game_id=row.id, version=after.version)
    gone = await row_of(games, row.id)
    assert gone.status == "aborted" and not await games.channel_busy(CHANNEL)
    game = games.table.unpack(gone).game
    text = done.posts[0].text
    assert done.posts[0].final and t("aborted", "en", who=mention(BOB)) in text
    assert game.reveal() is not None and game.reveal() in text  # no result, but the seed


async def test_a_moderator_aborts_at_once(games: GameService) -> None:
    row = await alice_to_roll(games)
    ended = Heard()
    games.end_listeners.append(ended)
    await games.abort(ctx(STRANGER, can_manage=True))
    assert (await row_of(games, row.id)).status == "aborted"
    assert [r.status for r in ended.rows] == ["aborted"]  # a tournament hears of it


async def test_aborting_a_challenge_withdraws_it(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None
    reply = await games.abort(ctx(ALICE))
    assert (await row_of(games, offer.game_id)).status == "aborted"
    assert reply.challenge is not None and reply.challenge.final
    assert t("offer.withdrawn", "en", who=mention(ALICE)) in reply.challenge.text
    assert reply.posts[0].text == t("offer.withdrawn", "en", who=mention(ALICE))


async def test_against_the_computer_a_member_aborts_alone(store: Database,
                                                          clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    reply = await games.new_game(ctx(ALICE), None)
    assert reply.game_id is not None
    await games.abort(ctx(ALICE))
    assert (await row_of(games, reply.game_id)).status == "aborted"


async def test_a_game_left_may_be_claimed_after_the_wait(store: Database, clock: Clock) -> None:
    games = make_games(store, clock, claim_after=3600)
    row = await alice_to_roll(games)  # Alice to act, Bob waiting
    await refused("claim.your_turn", games.claim(ctx(ALICE)))
    await refused("not_player", games.claim(ctx(STRANGER)))
    clock.advance(1800)
    e = await refused("claim.too_early", games.claim(ctx(BOB)))
    assert e.params["left"] == duration(1800, "en")
    assert (await row_of(games, row.id)).status == "active"
    clock.advance(1800)
    out = await games.claim(ctx(BOB))
    over = await row_of(games, row.id)
    assert over.status == "over" and over.result is not None
    assert over.result["outcome"]["winner"] == "black"
    assert (await events(games, row.id))[-1] == "abandon"  # scored as Alice abandoning
    assert out.posts[0].text.startswith(t("claimed", "en", who=mention(BOB),
                                          absent=f"White ({mention(ALICE)})"))


async def test_no_claim_before_the_game_starts(games: GameService) -> None:
    await games.new_game(ctx(ALICE), BOB)
    await refused("game.not_started", games.claim(ctx(BOB)))
