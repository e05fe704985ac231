"""Roll for me (bot.service.games.rolling): the bot rolls for a member who asked it to
when their turn starts and the roll is no choice; not when they may choose one die
(B-36), one die when they owe it, never for the computer, and a forfeited roll passes
the turn on (T-4)."""

from __future__ import annotations

from bot.i18n import t
from bot.service.games import GameService
from bot.store import Database
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    ONE_SHORT,
    STUCK,
    Clock,
    FirstPlay,
    alice_to_roll,
    at,
    ctx,
    live,
    make_games,
    put_game,
    started,
)


async def alice_plays(games: GameService):  # type: ignore[no-untyped-def]
    await games.roll(ctx(ALICE))
    lg = await live(games)
    assert lg.game.turn is Side.WHITE and lg.game.phase == "move"
    return await games.move(ctx(ALICE), lg.game.listing()[0])


async def test_the_bot_rolls_for_a_member_who_asked(games: GameService) -> None:
    await games.set_preferences(ctx(BOB), roll_for_me=True)
    game_id = (await alice_to_roll(games, rolls=((3, 1), (5, 2)))).id
    reply = await alice_plays(games)
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.game.phase == "move"
    assert sorted(lg.game.dice or ()) == [2, 5]
    assert t("roll.auto", "en") in reply.posts[0].text
    async with games.store.read() as tx:
        last = (await tx.events(game_id))[-1]
    assert (last.kind, last.actor_id) == ("roll", BOB)  # rolled in Bob's name


async def test_nobody_is_rolled_for_who_did_not_ask(games: GameService) -> None:
    await alice_to_roll(games, rolls=((3, 1),))
    reply = await alice_plays(games)
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.game.phase == "roll"
    assert t("roll.auto", "en") not in reply.posts[0].text
    await games.set_preferences(ctx(BOB), roll_for_me=True)
    await games.set_preferences(ctx(BOB), roll_for_me=False)
    assert not games.rolling.rolls_for(lg)


async def test_no_roll_for_a_member_who_may_choose_one_die(games: GameService) -> None:
    """B-36: a member who may roll one die has a choice to make: the bot leaves it."""
    await games.set_preferences(ctx(BOB), roll_for_me=True)
    await alice_to_roll(games, ONE_SHORT, rolls=((3, 1),))
    await alice_plays(games)
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.game.phase == "roll"
    assert lg.game.one_die_available()


async def test_a_one_die_roll_owed_is_rolled_for_them(games: GameService) -> None:
    """B-36: a member who owes one-die rolls has no choice: the bot rolls one die."""
    await games.set_preferences(ctx(BOB), roll_for_me=True)
    game = at("talisman", ONE_SHORT, rolls=((3, 1),))
    game.history[Side.BLACK].onedie_owed = 2
    game.history[Side.BLACK].onedie_series = True
    await alice_to_roll(games, game=game)
    await alice_plays(games)
    lg = await live(games)
    rolls = [e for e in lg.game.events if e["type"] == "roll"]
    assert rolls[-1]["side"] == "black" and len(rolls[-1]["dice"]) == 1


async def test_a_forfeited_roll_for_them_passes_the_turn_on(games: GameService) -> None:
    """T-4: the bot's roll for a member that has no legal play is forfeited, and the
    turn passes; the message says both."""
    await games.set_preferences(ctx(ALICE), roll_for_me=True)
    # White (Alice) to roll 4–2, nothing to play: Bob's turn after the forfeit
    await alice_to_roll(games, STUCK, rolls=((4, 2),))
    lg = await live(games)
    extra, text = await games.rolling.roll_for_next(lg, ctx(BOB), "en")
    assert extra.game.turn is Side.BLACK and extra.game.phase == "roll"
    assert t("roll.auto", "en") in text and t("roll.forfeit", "en") in text
    assert [e["type"] for e in extra.game.events][-2:] == ["roll", "forfeit"]


async def test_the_starter_who_asked_is_rolled_for_at_the_start(games: GameService) -> None:
    for member in (ALICE, BOB):
        await games.set_preferences(ctx(member), roll_for_me=True)
    reply = await started(games)
    lg = await live(games)
    rolls = [e for e in lg.game.events if e["type"] == "roll"]
    assert rolls and t("roll.auto", "en") in reply.posts[0].text


async def test_never_for_the_computer(store: Database, clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    reply = await games.new_game(ctx(ALICE), None)
    assert reply.game_id is not None
    await put_game(games, reply.game_id, at("talisman", "white=1x15 black=1x15 turn=black"))
    lg = await live(games)
    assert lg.player(Side.BLACK) == 0 and not games.rolling.rolls_for(lg)
