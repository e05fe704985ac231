"""What the bot tells a quiet game on its own initiative (bot.service.games.idle): a
reminder after ``remind_after``, the claim offered after ``claim_after``, each once and
again after the next move; a game against the computer closed once its member has
left it; another process's guilds left alone."""

from __future__ import annotations

from bot.i18n import points_unit, t
from bot.service.games import GameService
from bot.service.games.boards import duration
from bot.service.text import mention
from bot.store import Database
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    OTHER_CHANNEL,
    Clock,
    FirstPlay,
    alice_to_roll,
    at,
    ctx,
    events,
    live,
    make_games,
    put_game,
    row_of,
)

HOUR = 3600.0


def quiet(store: Database, clock: Clock, **kw: object) -> GameService:
    return make_games(store, clock, remind_after=HOUR, claim_after=4 * HOUR,
                      **kw)  # type: ignore[arg-type]


async def test_a_quiet_player_is_reminded_once(store: Database, clock: Clock) -> None:
    games = quiet(store, clock)
    game_id = (await alice_to_roll(games)).id
    clock.advance(HOUR - 1)
    assert await games.due_notices() == []
    clock.advance(1)
    notices = await games.due_notices()
    assert [(channel, post.mentions) for channel, post in notices] == [(CHANNEL, (ALICE,))]
    assert notices[0][1].text == t("remind", "en", who=mention(ALICE),
                                   since=duration(HOUR, "en"))
    assert not notices[0][1].buttons
    assert (await row_of(games, game_id)).reminded == 1
    assert await games.due_notices() == []  # marked before it was returned: never twice


async def test_after_the_claim_wait_the_opponent_is_offered_the_claim(
        store: Database, clock: Clock) -> None:
    games = quiet(store, clock)
    game_id = (await alice_to_roll(games)).id
    clock.advance(4 * HOUR)
    notices = await games.due_notices()  # the reminder is skipped: the claim says it all
    assert len(notices) == 1
    post = notices[0][1]
    assert post.mentions == (ALICE, BOB)
    assert [(b.action, b.game_id) for b in post.buttons] == [("claim", game_id)]
    assert (await row_of(games, game_id)).reminded == 2
    assert await games.due_notices() == []
    out = await games.claim(ctx(BOB), game_id=game_id)  # the button works
    assert out.posts and (await row_of(games, game_id)).status == "over"


async def test_a_move_starts_the_wait_again(store: Database, clock: Clock) -> None:
    games = quiet(store, clock)
    await alice_to_roll(games)
    clock.advance(HOUR)
    assert len(await games.due_notices()) == 1
    await games.roll(ctx(ALICE))
    lg = await live(games)
    clock.advance(HOUR)
    notices = await games.due_notices()
    assert [post.mentions for _, post in notices] == [(lg.player(lg.game.turn),)]


async def test_a_second_process_sends_nothing_the_first_sent(store: Database,
                                                             clock: Clock) -> None:
    games = quiet(store, clock)
    await alice_to_roll(games)
    other = quiet(store, clock)
    clock.advance(HOUR)
    assert len(await games.due_notices()) == 1
    assert await other.due_notices() == []


async def test_another_processs_guild_is_left_alone(store: Database, clock: Clock) -> None:
    games = quiet(store, clock)
    game_id = (await alice_to_roll(games)).id
    elsewhere = quiet(store, clock, owns=lambda guild: False)
    clock.advance(4 * HOUR)
    assert await elsewhere.due_notices() == []
    assert (await row_of(games, game_id)).reminded == 0


async def computer_game(games: GameService, turn: str) -> int:
    reply = await games.new_game(ctx(ALICE, OTHER_CHANNEL), None)  # Alice White
    assert reply.game_id is not None
    await put_game(games, reply.game_id, at("talisman", f"white=1x15 black=1x15 turn={turn}"))
    return reply.game_id


async def test_against_the_computer_a_reminder_but_no_claim(store: Database,
                                                            clock: Clock) -> None:
    games = quiet(store, clock, agent=FirstPlay())
    await computer_game(games, "white")
    clock.advance(HOUR)
    assert [post.mentions for _, post in await games.due_notices()] == [(ALICE,)]
    clock.advance(3 * HOUR)
    assert await games.due_notices() == []  # nobody to claim it: close_idle closes it


async def test_a_game_against_the_computer_left_is_closed(store: Database,
                                                          clock: Clock) -> None:
    games = quiet(store, clock, agent=FirstPlay())
    game_id = await computer_game(games, "white")
    members = (await alice_to_roll(games)).id
    clock.advance(4 * HOUR - 1)
    assert await games.close_idle() == []
    clock.advance(1)
    closed = await games.close_idle()
    assert [(channel, reply.game_id) for channel, reply in closed] == [(OTHER_CHANNEL,
                                                                        game_id)]
    row = await row_of(games, game_id)
    assert row.status == "over" and row.result is not None
    assert row.result["outcome"]["winner"] == "black" and not row.rated
    assert row.result["match"]["results"]  # the whole match ended
    assert "idle" in await events(games, game_id)
    post = closed[0][1].posts[0]
    points = row.result["outcome"]["points"]
    assert post.final and post.text.startswith(t(
        "idle.closed", "en", who=mention(ALICE), since=duration(4 * HOUR, "en"),
        points=points, unit=points_unit(points, "en")))
    game = games.table.unpack(row).game
    assert game.reveal() is not None and game.reveal() in post.text
    assert (await row_of(games, members)).status == "active"  # members' games: a claim
    assert await games.close_idle() == []


async def test_a_computer_that_owes_its_turn_is_not_closed(store: Database,
                                                           clock: Clock) -> None:
    games = quiet(store, clock, agent=FirstPlay())
    game_id = await computer_game(games, "black")
    clock.advance(10 * HOUR)
    assert await games.close_idle() == []
    assert (await row_of(games, game_id)).status == "active"
    lg = games.table.unpack(await row_of(games, game_id))
    assert lg.game.turn is Side.BLACK  # the recovery plays it (owed_computer_turns)
