"""What every part of the game service shares (bot.service.games.core): a game loaded
by its button or its channel and refused when it is gone, closed or stale; who may act;
the version-checked save; a match's next game; the end-of-game listeners; the servers'
languages, the players' names and themes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import t
from bot.service.games import GameService
from bot.service.games.core import closed_key, match_over, mention, new_match
from bot.service.model import COMPUTER, UserError
from bot.service.text import mention as member
from bot.store import GameRow
from engine.game import Game
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    STRANGER,
    Heard,
    ctx,
    events,
    live,
    refused,
    row_of,
    started,
    to_act,
)


async def test_a_channel_without_a_game_has_none(games: GameService) -> None:
    await refused("game.none", games.table.live(ctx(ALICE)))
    await refused("game.none", games.table.live(ctx(ALICE), game_id=999))
    assert not await games.channel_busy(CHANNEL)


async def test_a_button_of_a_game_that_is_gone_says_why(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None and offer.version is not None
    assert await games.channel_busy(CHANNEL)
    await games.decline(ctx(BOB), offer.game_id, offer.version)
    # a declined challenge's button: closed; the channel's own game: none any more
    await refused("offer.closed", games.table.live(ctx(BOB), offer.game_id))
    await refused("game.none", games.table.live(ctx(BOB)))
    reply = await started(games)
    assert reply.game_id is not None and reply.version is not None
    await refused("stale", games.table.live(ctx(ALICE), reply.game_id, reply.version - 1))
    lg = await games.table.live(ctx(ALICE), reply.game_id, reply.version)
    assert lg.row.id == reply.game_id and lg.row.version == reply.version


async def test_only_the_player_to_move_may_act(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB)
    await refused("game.not_started", games.roll(ctx(ALICE)))
    assert offer.game_id is not None and offer.version is not None
    await games.accept(ctx(BOB), offer.game_id, offer.version)
    lg = await live(games)
    mover = to_act(lg)
    waiter = ALICE if mover == BOB else BOB
    assert games.table.mover_check(lg, ctx(mover)) is lg.game.turn
    e = await refused("not_your_turn", games.roll(ctx(waiter)))
    assert e.params["who"] == mention(mover)
    await refused("not_player", games.roll(ctx(STRANGER)))
    assert (await live(games)).row.version == lg.row.version  # nothing written


async def test_a_stale_save_is_refused_and_writes_nothing(games: GameService) -> None:
    await started(games)
    lg = await live(games)
    before = len(lg.game.events)
    lg.game.roll()
    saved = await games.table.save(lg, ctx(to_act(lg)), events_before=before)
    assert saved.row.version == lg.row.version + 1
    kinds = await events(games, lg.row.id)
    assert kinds[-1] == "roll"
    with pytest.raises(UserError) as e:  # the same version again: another press was first
        await games.table.save(lg, ctx(to_act(lg)), events_before=before)
    assert e.value.key == "stale"
    assert await events(games, lg.row.id) == kinds
    assert (await row_of(games, lg.row.id)).version == saved.row.version


async def test_a_save_clears_the_reminder_mark(games: GameService) -> None:
    await started(games)
    lg = await live(games)
    async with games.store.transaction() as tx:
        assert await tx.touch_reminded(lg.row.id, lg.row.version, 1)
    lg = await live(games)
    assert lg.row.reminded == 1
    await games.roll(ctx(to_act(lg)))
    assert (await live(games)).row.reminded == 0  # the player acted: remind them again later


async def test_a_match_goes_on_with_the_loser_starting_without_a_teka(
        games: GameService) -> None:
    """T-1: in a bräde match the loser of a game starts the next one, without a teka."""
    await started(games, match_length=3)
    lg = await live(games)
    loser = lg.game.turn
    ended = Heard()
    games.end_listeners.append(ended)
    before = len(lg.game.events)
    lg.game.resign(loser)
    after = await games.table.finish_turn(lg, ctx(lg.player(loser)), before)
    assert after.finished is not None and after.finished.is_over
    assert after.row.status == "active" and after.match.results  # one game recorded
    assert after.game.turn is loser and after.game.phase == "roll"
    assert after.game.events[0]["type"] == "start"  # no teka this time
    assert after.game.commitment != after.finished.commitment  # its own dice (docs/dice.md)
    assert ended.rows == []  # the match is not over


async def test_a_single_game_ends_with_its_first_result(games: GameService) -> None:
    """M-1 (house): a game of length 1 ends with its first result, resigned or not."""
    await started(games)
    lg = await live(games)
    ended = Heard()
    games.end_listeners.append(ended)
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    after = await games.table.finish_turn(lg, ctx(to_act(lg)), before)
    assert after.row.status == "over" and after.row.result is not None
    assert after.row.result["outcome"]["winner"] == lg.game.turn.other.value
    assert [r.id for r in ended.rows] == [after.row.id] and ended.rows[0].status == "over"


async def test_a_failing_listener_hides_no_result(games: GameService) -> None:
    await started(games)
    lg = await live(games)
    heard = Heard()

    async def broken(row: GameRow) -> None:
        raise RuntimeError("the ratings are down")

    games.end_listeners[:] = [broken, heard]
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    await games.table.finish_turn(lg, ctx(to_act(lg)), before)
    assert (await row_of(games, lg.row.id)).status == "over"
    assert len(heard.rows) == 1


async def test_languages_follow_the_server_then_the_member(games: GameService) -> None:
    assert await games.langs(ctx(ALICE)) == ("en", "en")
    sv = replace(ctx(ALICE), user_locale="sv-SE")
    assert await games.langs(sv) == ("sv", "en")  # the member's own; posts the server's
    await games.configure(ctx(ALICE), lang="sv")
    assert await games.langs(ctx(ALICE)) == ("sv", "sv")  # the server's setting wins
    dm = replace(ctx(ALICE, OTHER_CHANNEL, None), user_locale="sv-SE", guild_locale=None)
    assert await games.langs(dm) == ("sv", "sv")  # a direct message is its member's own


async def test_names_are_never_ids(games: GameService) -> None:
    assert games.display_name(GUILD, COMPUTER) == t("computer.name", "en")
    assert games.display_name(GUILD, ALICE) == t("player.unknown", "en")
    assert games.display_name(GUILD, ALICE, "sv") == t("player.unknown", "sv")
    games.players.note(GUILD, ALICE, "Alice")
    assert games.display_name(GUILD, ALICE) == "Alice"
    assert games.display_name(GUILD + 1, ALICE) == t("player.unknown", "en")  # per server


async def test_a_board_theme_is_the_players_else_the_servers_else_classic(
        games: GameService) -> None:
    assert games.theme_for(GUILD, ALICE) == "classic"
    await games.set_preferences(ctx(ALICE), server_theme="contrast")
    assert games.theme_for(GUILD, ALICE) == "contrast"
    await games.set_preferences(ctx(ALICE), theme="classic")
    assert games.theme_for(GUILD, ALICE) == "classic"
    assert games.theme_for(GUILD, BOB) == "contrast"
    assert games.theme_for(GUILD, COMPUTER) == "contrast"


def test_the_small_helpers() -> None:
    game = Game.new("talisman", seed=1)
    match = new_match(1, game)
    assert not match_over(match)
    game.opening()
    match.record(game.resign(game.turn))
    assert match_over(match)  # a single game: over with its first result, M-1
    assert mention(COMPUTER) == "🤖" and mention(ALICE) == member(ALICE)
    row = GameRow(1, GUILD, CHANNEL, "over", "talisman", ALICE, BOB, 1, 0, None, 1, 0.0,
                  0.0, 0, None, None)
    assert closed_key(row) == "game.over"
    assert closed_key(GameRow(**{**row.__dict__, "status": "aborted"})) == "game.over"
    assert closed_key(GameRow(**{**row.__dict__, "status": "declined"})) == "offer.closed"
