"""Correspondence play (bot.service.correspondence, issue 36): a member's games in one
list, those waiting for them first; "your turn" by direct message once per wait, not to
a member looking at the game, never for a game against the computer; the member's
settings; a direct message that could not be delivered, told once."""

from __future__ import annotations

from bot.i18n import t
from bot.service.correspondence import MAX_MINUTES, Correspondence, wait_key
from bot.service.games import GameService
from bot.service.games.boards import duration
from bot.service.text import link
from bot.store import Database
from bot.store import notices_sql as sql
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    START,
    STRANGER,
    Clock,
    FirstPlay,
    alice_to_roll,
    at,
    ctx,
    live,
    make_games,
    put_game,
)


async def test_a_wait_is_whose_turn_after_how_many_turns(games: GameService) -> None:
    await alice_to_roll(games, rolls=((3, 1),))
    before = wait_key(await live(games))
    assert before == f"{ALICE}:0:0"
    await games.roll(ctx(ALICE))
    assert wait_key(await live(games)) == before  # a roll: the same wait
    lg = await live(games)
    await games.move(ctx(ALICE), lg.game.listing()[0])
    assert wait_key(await live(games)) == f"{BOB}:0:1"


async def test_no_games(games: GameService) -> None:
    c = Correspondence(games)
    assert (await c.listing(ctx(ALICE), [])).private == t("games.none", "en")
    assert (await c.listing(ctx(ALICE, guild=None), [])).private == t(
        "games.none_anywhere", "en")


async def test_the_games_waiting_for_the_member_come_first(games: GameService,
                                                            clock: Clock) -> None:
    c = Correspondence(games)
    await games.new_game(ctx(STRANGER, OTHER_CHANNEL), ALICE)  # waits for Alice's answer
    clock.advance(60)
    await alice_to_roll(games)
    await games.new_game(ctx(ALICE, OTHER_CHANNEL + 1), BOB)  # waits for Bob
    rows = await c.live_games(ALICE)
    assert len(rows) == 3
    clock.advance(120)
    text = (await c.listing(ctx(ALICE), rows)).private
    assert text is not None
    lines = text.split("\n")
    assert lines[0] == t("games.head", "en", n=3, waiting=2)
    # the longest wait for her first (the challenge), then her game, then Bob's turn
    for line, channel in zip(lines[1:], (OTHER_CHANNEL, CHANNEL, OTHER_CHANNEL + 1),
                             strict=True):
        assert line.endswith(f"({link(GUILD, channel)})"), line
    assert duration(180, "en") in lines[1] and duration(120, "en") in lines[2]


async def test_your_turn_once_per_wait(games: GameService, store: Database) -> None:
    c = Correspondence(games)
    await c.configure(ctx(ALICE), turn="on")
    game_id = (await alice_to_roll(games, rolls=((3, 1),))).id
    due = await c.due_turns()
    assert [(n.user_id, n.game_id, n.wait) for n in due] == [(ALICE, game_id, f"{ALICE}:0:0")]
    assert link(GUILD, CHANNEL) in due[0].text
    assert await c.due_turns() == []
    assert await Correspondence(games).due_turns() == []  # nor from another process
    await games.roll(ctx(ALICE))
    lg = await live(games)
    await games.move(ctx(ALICE), lg.game.listing()[0])
    assert await c.due_turns(CHANNEL) == []  # Bob's turn now: he did not ask


async def test_not_to_a_member_looking_at_the_game(games: GameService, clock: Clock) -> None:
    c = Correspondence(games)
    await c.configure(ctx(ALICE), turn="on")
    await alice_to_roll(games)
    c.acted(ALICE, CHANNEL)
    assert await c.due_turns() == []
    clock.advance(c.present)
    assert len(await c.due_turns()) == 1  # looked at again later


async def test_after_minutes_without_a_move(games: GameService, clock: Clock) -> None:
    c = Correspondence(games)
    said = await c.configure(ctx(ALICE), minutes=30)
    assert said == t("notice.set.after", "en", since=duration(1800, "en"))
    await alice_to_roll(games)
    clock.advance(29 * 60)
    assert await c.due_turns() == []
    clock.advance(60)
    assert len(await c.due_turns()) == 1


async def test_never_for_a_game_against_the_computer(store: Database, clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    c = Correspondence(games)
    await c.configure(ctx(ALICE), turn="on")
    reply = await games.new_game(ctx(ALICE), None)
    assert reply.game_id is not None
    await put_game(games, reply.game_id, at("talisman", START))
    assert await c.due_turns() == []


async def test_the_members_settings(games: GameService, store: Database) -> None:
    c = Correspondence(games)
    assert await c.configure(ctx(ALICE)) == ""
    await c.configure(ctx(ALICE), turn="after", minutes=10 * MAX_MINUTES, problem=True)
    async with store.read() as tx:
        p = await sql.prefs(tx, ALICE)
    assert (p.turn_after, p.problem_dm) == (MAX_MINUTES, True)
    await c.configure(ctx(ALICE), turn="off")
    async with store.read() as tx:
        p = await sql.prefs(tx, ALICE)
    assert (p.turn_after, p.problem_dm) == (None, True)  # the problem kept
    assert await c.summary(ctx(ALICE)) == "\n".join([t("notice.set.off", "en"),
                                                      t("notice.set.problem_on", "en")])


async def test_an_undelivered_message_is_told_once(games: GameService, clock: Clock) -> None:
    c = Correspondence(games)
    await c.configure(ctx(ALICE), turn="on")
    assert await c.report(ctx(ALICE)) == ""
    assert await c.undelivered(ALICE)
    assert not await c.undelivered(ALICE)  # logged once
    clock.advance(7200)
    assert await c.report(ctx(ALICE)) == t("notice.undelivered", "en",
                                           since=duration(7200, "en"))
    assert await c.report(ctx(ALICE)) == ""
