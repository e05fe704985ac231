"""Rolls and plays (bot.service.games.turns): a roll saved and answered with its board,
refused out of turn or twice; a play typed, pressed or chosen, refused when it is not
legal or not there; a forfeited roll (T-4); a win; the computer's turns, and the turns
it still owes."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.games import EngineError, GameService
from bot.service.model import COMPUTER, UserError
from bot.service.text import mention
from bot.store import Database
from engine.dice import drawn_dice, roll_name
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    LAST,
    OTHER_CHANNEL,
    START,
    STUCK,
    STUCK_BLACK,
    Clock,
    FirstPlay,
    alice_to_roll,
    at,
    ctx,
    events,
    live,
    make_games,
    put_game,
    refused,
    rolled,
    row_of,
    started,
    to_act,
)


async def test_a_roll_is_saved_and_answered_with_its_board(games: GameService) -> None:
    start = await started(games)
    lg = await live(games)
    mover = to_act(lg)
    reply = await games.roll(ctx(mover), game_id=lg.row.id, version=lg.row.version)
    after = await live(games)
    assert after.row.version == lg.row.version + 1 and reply.version == after.row.version
    assert (await events(games, lg.row.id))[-1] in ("roll", "forfeit")
    assert reply.roll and reply.game_id == lg.row.id
    assert reply.offered_before == start.posts[0].prompt  # the pressed board's prompt
    dice = after.game.dice
    assert after.game.phase == "move" and dice is not None  # seed 1: a roll with a play
    assert reply.posts[0].text == t("roll", "en", who=games.boards.who(after, lg.game.turn, "en"),
                                    name=roll_name(dice), dice=drawn_dice(dice, "–"))
    assert reply.posts[0].board is not None and reply.posts[0].board.dice == dice


async def test_a_roll_out_of_turn_twice_or_stale_changes_nothing(games: GameService) -> None:
    await started(games)
    lg = await live(games)
    mover = to_act(lg)
    other = ALICE if mover == BOB else BOB
    await refused("not_your_turn", games.roll(ctx(other)))
    await refused("stale", games.roll(ctx(mover), game_id=lg.row.id,
                                      version=lg.row.version - 1))
    lg = await rolled(games)
    with pytest.raises(EngineError) as e:  # the dice are on the board already
        await games.roll(ctx(to_act(lg)))
    assert e.value.key == "game.already_rolled"
    assert (await live(games)).row.version == lg.row.version


async def test_a_play_before_the_roll_is_refused(games: GameService) -> None:
    await started(games)
    lg = await live(games)
    await refused("game.roll_first", games.move(ctx(to_act(lg)), "1/7"))
    await refused("stale", games.move(ctx(to_act(lg)), listed="1/7"))


async def test_a_typed_play_counts_and_passes_the_turn(games: GameService) -> None:
    await started(games)
    lg = await rolled(games)
    mover, side = to_act(lg), lg.game.turn
    play = lg.game.listing()[0]
    with pytest.raises(EngineError):  # not legal: the engine says why, nothing changes
        await games.move(ctx(mover), "1/2 1/2 1/2 1/2 1/2")
    assert (await live(games)).row.version == lg.row.version
    reply = await games.move(ctx(mover), play)
    after = await live(games)
    assert after.game.turn is side.other and after.game.phase == "roll"
    assert (await events(games, lg.row.id))[-1] == "play"
    assert reply.posts[0].text.startswith(f"{games.boards.who(lg, side, 'en')} played")
    assert reply.posts[0].mentions == (to_act(after),)  # the next player is told


async def test_a_pressed_play_must_still_be_there(games: GameService) -> None:
    await started(games)
    lg = await rolled(games)
    mover = to_act(lg)
    await refused("stale", games.move(ctx(mover), index=99))
    await refused("pick.gone", games.move(ctx(mover), listed="1/2 2/3 3/4 4/5 5/6"))
    first = lg.game.first_plays(5)[0]
    await games.move(ctx(mover), index=0)
    row = await row_of(games, lg.row.id)
    assert games.table.unpack(row).game.last_play()["moves"] == first.text  # type: ignore[index]


async def test_a_roll_with_no_legal_play_is_forfeited(games: GameService) -> None:
    """T-4: a roll with no usable die is forfeited whole, and the turn passes."""
    await alice_to_roll(games, STUCK, rolls=((4, 2),))
    out = await games.roll(ctx(ALICE))  # White
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.game.phase == "roll"
    assert (await events(games, lg.row.id))[-2:] == ["roll", "forfeit"]
    # the lost roll (its board the one before it, with the lost dice; no buttons, no
    # ping), then Bob's turn, a post of its own that pings him (issue 46)
    lost, turn = out.posts
    assert lost.forfeit and t("roll.forfeit", "en") in lost.text
    assert not lost.buttons and not lost.mentions and not lost.prompt
    assert lost.board is not None and sorted(lost.board.dice or ()) == [2, 4]
    assert lost.board.dice_side is Side.WHITE
    assert turn.mentions == (BOB,) and not turn.forfeit
    assert [b.action for b in turn.buttons] == ["roll"]


async def test_the_last_checker_off_wins_the_game(games: GameService) -> None:
    game_id = (await alice_to_roll(games, LAST, rolls=((3, 1),))).id
    await games.roll(ctx(ALICE))
    out = await games.move(ctx(ALICE), "24/off")
    row = await row_of(games, game_id)
    assert row.status == "over" and row.result is not None
    assert row.result["outcome"]["winner"] == "white"
    post = out.posts[-1]
    assert post.final and "🏆" in post.text
    game = games.table.unpack(row).game
    assert game.reveal() is not None and game.reveal() in post.text  # the seed, at the end
    assert [b.action for b in post.buttons] == ["rematch"]
    await refused("game.none", games.roll(ctx(BOB)))


async def test_the_computer_plays_its_turn_after_a_members_command(
        store: Database, clock: Clock) -> None:
    agent = FirstPlay()
    games = make_games(store, clock, agent=agent)
    start = await games.new_game(ctx(ALICE), None)  # Alice White, the computer Black
    assert start.game_id is not None
    await put_game(games, start.game_id, at("talisman", START))
    assert not await games.needs_computer(ctx(ALICE))
    assert (await games.computer_turns(ctx(ALICE))).posts == []  # Alice is to act
    lg = await rolled(games)
    await games.move(ctx(ALICE), lg.game.listing()[0])
    assert await games.needs_computer(ctx(ALICE))
    reply = await games.computer_turns(ctx(ALICE))
    after = await live(games)
    assert after.game.turn is Side.WHITE and not await games.needs_computer(ctx(ALICE))
    assert agent.chosen and reply.posts and reply.version == after.row.version
    assert reply.posts[0].text.startswith(f"Black ({t('computer', 'en')}) played")
    plays = [e for e in after.game.events if e["type"] in ("play", "forfeit")]
    assert plays[-1]["side"] == "black"


async def test_a_roll_the_computer_forfeits_is_the_computers_in_the_record(
        store: Database, clock: Clock) -> None:
    """T-4 on the computer's turn: its lost roll is stored as its own, not as the
    member's whose command let it play (the channel's record and the history name the
    roller)."""
    games = make_games(store, clock, agent=FirstPlay())
    start = await games.new_game(ctx(ALICE), None)  # Alice White, the computer Black
    assert start.game_id is not None
    await put_game(games, start.game_id, at("talisman", STUCK_BLACK, rolls=((4, 2),)))
    assert await games.needs_computer(ctx(ALICE))
    reply = await games.computer_turns(ctx(ALICE))
    after = await live(games)
    assert after.game.turn is Side.WHITE and after.game.phase == "roll"
    async with games.store.read() as tx:
        rows = await tx.events(start.game_id)
    assert [(e.actor_id, e.kind) for e in rows[-2:]] == [(COMPUTER, "roll"),
                                                        (COMPUTER, "forfeit")]
    assert reply.posts and reply.posts[0].forfeit


async def test_without_a_computer_player_nothing_is_played(games: GameService) -> None:
    await started(games)
    reply = await games.computer_turns(ctx(ALICE))
    assert reply.posts == [] and not await games.needs_computer(ctx(ALICE))


async def test_the_turns_the_computer_owes_are_found(store: Database, clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    owing = await games.new_game(ctx(ALICE), None)
    waiting = await games.new_game(ctx(BOB, OTHER_CHANNEL), None)
    assert owing.game_id is not None and waiting.game_id is not None
    await put_game(games, owing.game_id, at("talisman", "white=1x15 black=1x15 turn=black"))
    await put_game(games, waiting.game_id, at("talisman", START))
    await started(games, channel=OTHER_CHANNEL + 1)  # members only: nothing owed
    owed = await games.owed_computer_turns()
    assert [r.id for r in owed] == [owing.game_id]
    assert games.computer_owed == {owed[0].channel_id}
    elsewhere = make_games(store, clock, agent=FirstPlay(), owns=lambda guild: False)
    assert await elsewhere.owed_computer_turns() == []  # another process's guild
    assert COMPUTER in owed[0].players()


class Broken(FirstPlay):
    """A computer whose worker fails (a crashed process, a search that raised)."""

    async def choose(self, *args: object, **kwargs: object) -> str:
        raise RuntimeError("the worker died")


async def test_the_computers_reply_joins_the_members_command(store: Database,
                                                             clock: Clock) -> None:
    """``with_computer``: the answer to a member's play carries the computer's turn
    after it, at the version the computer's turn saved, and calls ``thinking`` first
    (the command layer defers the interaction there); the channel is not owed after."""
    games = make_games(store, clock, agent=FirstPlay())
    start = await games.new_game(ctx(ALICE), None)
    assert start.game_id is not None
    await put_game(games, start.game_id, at("talisman", START))
    lg = await rolled(games)
    played = await games.move(ctx(ALICE), lg.game.listing()[0])
    thought: list[bool] = []

    async def thinking() -> None:
        thought.append(True)

    reply, answered = await games.with_computer(ctx(ALICE), played, thinking=thinking)
    after = await live(games)
    assert answered and thought == [True]
    assert reply.posts[:len(played.posts)] == played.posts and len(reply.posts) > len(played.posts)
    assert reply.version == after.row.version > (played.version or 0)
    assert not games.owes_computer(CHANNEL)
    again, answered = await games.with_computer(ctx(ALICE), reply, thinking=thinking)
    assert answered and again is reply and thought == [True]  # Alice to act: nothing to add


async def test_a_computer_that_fails_owes_its_turn_and_the_members_play_stands(
        store: Database, clock: Clock) -> None:
    games = make_games(store, clock, agent=Broken())
    start = await games.new_game(ctx(ALICE), None)
    assert start.game_id is not None
    await put_game(games, start.game_id, at("talisman", START))
    lg = await rolled(games)
    played = await games.move(ctx(ALICE), lg.game.listing()[0])
    reply, answered = await games.with_computer(ctx(ALICE), played)
    assert not answered and reply is played
    assert games.owes_computer(CHANNEL)  # played first on the next command there
    with pytest.raises(RuntimeError):
        await games.owed_turns(ctx(ALICE))
    assert games.owes_computer(CHANNEL)
    games.agent = FirstPlay()  # the worker is back
    more = await games.owed_turns(ctx(ALICE))
    assert more.posts and not games.owes_computer(CHANNEL)
    assert (await live(games)).game.turn is Side.WHITE


async def test_one_use_case_plays_the_command_and_the_computers_reply(
        store: Database, clock: Clock) -> None:
    """``act``: a member's play and the computer's turn after it in one outcome; a
    refusal changes nothing; a computer that fails leaves its turn owed and says so."""
    games = make_games(store, clock, agent=FirstPlay())
    start = await games.new_game(ctx(ALICE), None)
    assert start.game_id is not None
    await put_game(games, start.game_id, at("talisman", START))
    lg = await rolled(games)
    with pytest.raises(UserError):
        await games.act(ctx(BOB), lambda c: games.move(c, lg.game.listing()[0]))
    reply = await games.act(ctx(ALICE), lambda c: games.move(c, lg.game.listing()[0]))
    after = await live(games)
    assert not reply.computer_later and reply.version == after.row.version
    assert after.game.turn is Side.WHITE  # the computer has played its turn
    assert any(p.text.startswith(f"Black ({t('computer', 'en')}) played") for p in reply.posts)
    games.agent = Broken()
    lg = await rolled(games)
    reply = await games.act(ctx(ALICE), lambda c: games.move(c, lg.game.listing()[0]))
    assert reply.computer_later and games.owes_computer(CHANNEL)


# -- puff's generalpasch (docs/rules.md, "Puff options"; issue 43) ------------------------

GENERAL = "puff-kontrar+generalpasch"
#: Puff's start, the teka's 4 and 2 kept as the generalpasch, White to roll.
GENERAL_START = "white=barx15 black=barx15 turn=white general=4-2"


async def test_a_generalpasch_is_named_by_its_buttons(games: GameService) -> None:
    """The roll showing the teka's combination offers the roll as rolled and every
    pasch; only the mover may choose; the choice joins the roll's board with the plays,
    and the play's line says both the roll and the pasch it was played as."""
    row = await alice_to_roll(games, game=at(GENERAL, GENERAL_START, rolls=((4, 2),)))
    reply = await games.roll(ctx(ALICE), game_id=row.id, version=row.version)
    lg = await live(games)
    rolled_dice = lg.game.dice
    assert lg.game.phase == "choose" and sorted(rolled_dice or ()) == [2, 4]
    post = reply.posts[0]
    assert t("roll.forfeit", "en") not in post.text  # the bug: "the roll is forfeited"
    assert post.prompt == t("to_name", "en", who=mention(ALICE),
                            dice=drawn_dice(rolled_dice, "–"))
    assert [b.action for b in post.buttons] == ["pasch"] * 7
    assert [b.arg for b in post.buttons] == ["".join(map(str, rolled_dice)),
                                             *(f"{k}{k}" for k in range(1, 7))]
    assert post.buttons[0].label == t("btn.as_rolled", "en", dice=drawn_dice(rolled_dice, "–"))
    assert post.buttons[6].label == "sexor all (6–6)"
    assert post.board is not None and post.board.dice == rolled_dice
    v = lg.row.version
    await refused("not_your_turn", games.name(ctx(BOB), "66", game_id=row.id, version=v))
    await refused("not_player", games.name(ctx(99), "66", game_id=row.id, version=v))
    await refused("game.name_first", games.roll(ctx(ALICE)))
    named = await games.name(ctx(ALICE), "66", game_id=row.id, version=v)
    lg = await live(games)
    assert lg.game.phase == "move" and lg.game.dice == (6, 6)
    assert named.roll and named.offered_before == post.prompt
    assert named.posts[0].text == t("named", "en", who="White", name="sexor all", dice="6–6")
    assert named.posts[0].menu is not None or named.posts[0].buttons  # the plays to choose
    await refused("stale", games.name(ctx(ALICE), "55", game_id=row.id, version=v))
    played = await games.move(ctx(ALICE), lg.game.listing()[0])
    assert played.posts[0].text.startswith(t(
        "played.named", "en", who=f"White ({mention(ALICE)})", name="kvart dus",
        dice=drawn_dice(rolled_dice, "–"), as_name="sexor all", as_dice="6–6", play="X"
    ).split("`X`")[0])
    kinds = [e["type"] for e in (await live(games)).game.events][-3:]
    assert kinds[:2] == ["roll", "choose"]


async def test_a_generalpasch_is_named_by_typing_it(games: GameService) -> None:
    """``/brade move`` takes the roll named while one waits (the roll itself in either
    order, or a pasch); anything else is refused politely and changes nothing;
    autocomplete offers the choices."""
    await alice_to_roll(games, game=at(GENERAL, GENERAL_START, rolls=((4, 2),)))
    await games.roll(ctx(ALICE))
    lg = await live(games)
    rolled_dice = lg.game.dice
    assert rolled_dice is not None
    offered = await games.suggestions(ctx(ALICE), "")
    assert offered == [drawn_dice(rolled_dice), *(f"{k}-{k}" for k in range(1, 7))]
    assert await games.suggestions(ctx(BOB), "") == []
    assert await games.suggestions(ctx(ALICE), "5") == ["5-5"]
    for bad in ("3-1", "1/7 7/12", "x"):
        error = await refused("game.bad_name", games.move(ctx(ALICE), bad))
        assert error.params["dice"] == drawn_dice(rolled_dice, "–")
    assert (await live(games)).row.version == lg.row.version
    reply = await games.move(ctx(ALICE), "-".join(map(str, reversed(rolled_dice))))
    after = await live(games)
    assert after.game.dice == rolled_dice and after.game.phase in ("move", "roll")
    assert reply.posts[0].text.startswith(t("named.as_rolled", "en", who="White"))


async def test_the_computer_names_its_generalpasch(store: Database, clock: Clock) -> None:
    """The computer's roll showing the combination is named by its worker and played;
    the channel says both."""
    games = make_games(store, clock, agent=FirstPlay())
    start = await games.new_game(ctx(ALICE), None)  # Alice White, the computer Black
    assert start.game_id is not None
    await put_game(games, start.game_id, at(GENERAL, GENERAL_START.replace(
        "turn=white", "turn=black"), rolls=((4, 2),)))
    reply = await games.computer_turns(ctx(ALICE))
    lg = await live(games)
    chose = [e for e in lg.game.events if e["type"] == "choose"]
    assert chose and chose[0]["dice"] == [6, 6] and chose[0]["side"] == "black"
    text = "\n".join(p.text for p in reply.posts)
    assert "as **sexor all** (6–6)" in text  # the play's line: the roll and its pasch
    assert lg.game.turn is Side.WHITE or lg.player(lg.game.turn) != COMPUTER


async def test_a_game_left_waiting_for_a_named_pasch_plays_on(store: Database,
                                                             clock: Clock) -> None:
    """A game an older bot left in the choose phase (its board said the roll was
    forfeited): the computer's owed turn is found and played, and a member's board
    shows the choice again on ``/brade show``."""
    games = make_games(store, clock, agent=FirstPlay())
    start = await games.new_game(ctx(ALICE), None)
    assert start.game_id is not None
    stuck = at(GENERAL, GENERAL_START.replace("turn=white", "turn=black"), rolls=((4, 2),))
    stuck.roll()
    assert stuck.phase == "choose"
    await put_game(games, start.game_id, stuck)
    owed = await games.owed_computer_turns()
    assert [r.id for r in owed] == [start.game_id]
    await games.owed_turns(ctx(ALICE))
    lg = await live(games)
    assert lg.player(lg.game.turn) != COMPUTER and not games.owes_computer(CHANNEL)
    assert [e["type"] for e in lg.game.events].count("choose") == 1

    mine = at(GENERAL, GENERAL_START, rolls=((4, 2),))
    mine.roll()
    row = await put_game(games, start.game_id, mine)
    shown = await games.show(ctx(ALICE))
    assert [b.action for b in shown.posts[0].buttons] == ["pasch"] * 7
    await games.name(ctx(ALICE), "11", game_id=row.id, version=row.version)
    assert (await live(games)).game.phase != "choose"


async def test_each_game_of_a_puff_match_shows_its_own_teka(games: GameService) -> None:
    """Puff starts every game of a match with a teka (T-1, house): the message that
    starts the next game says its pairs and who starts, as the first game's did."""
    row = await alice_to_roll(games, game=at("puff-kontrar", "white=24,offx14 black=5x15 "
                                             "turn=white"), rules="puff-kontrar",
                              match_length=3)
    await games.roll(ctx(ALICE), game_id=row.id, version=row.version)
    lg = await live(games)
    reply = await games.move(ctx(ALICE), lg.game.listing()[0])
    nxt = await live(games)
    tekas = [e for e in nxt.game.events if e["type"] == "teka"]
    assert tekas and nxt.game.events[len(tekas)]["type"] == "start"
    pairs = "; ".join(t("teka.tie" if e["white"] == e["black"] else "teka.pair", "en",
                        w=e["white"], b=e["black"]) for e in tekas)
    said = t("teka", "en", pairs=pairs, starts=t("teka.higher", "en",
                                                  starter=games.boards.who(nxt, nxt.game.turn,
                                                                           "en")))
    text = reply.posts[-1].text
    assert t("match.game.teka", "en", g=2) in text and said in text
