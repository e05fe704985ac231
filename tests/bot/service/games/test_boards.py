"""What a game looks like in a post (bot.service.games.boards): the board holds still
(White at the bottom between members, the human's side against the computer), the
controls of the player to act (Roll, a button per play up to three, else a menu), the
board of a finished game, and the words' small helpers."""

from __future__ import annotations

import pytest

from bot.i18n import side_name, t
from bot.service.games import GameService, boards
from bot.service.games.boards import MAX_PLAY_BUTTONS, digest, duration, last_play
from bot.service.model import COMPUTER
from bot.service.text import mention
from bot.store import Database
from engine.game import Game
from engine.notation import recorded_turn
from engine.picker import LETTERS
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    MANY,
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


async def test_between_members_the_board_holds_still(games: GameService) -> None:
    """Issue 22: White at the bottom on every board, whoever is to act; both rows of
    numbers."""
    reply = await started(games)
    assert reply.game_id is not None
    for turn in ("white", "black"):
        await put_game(games, reply.game_id,
                       at("talisman", f"white=1x15 black=1x15 turn={turn}"))
        post = (await games.show(ctx(ALICE))).posts[0]
        assert post.board is not None
        assert post.board.perspective is Side.WHITE and post.board.numbers == "both"


async def test_against_the_computer_the_board_is_the_members(store: Database,
                                                            clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    await games.new_game(ctx(BOB), None, swap=True)  # Bob takes Black
    lg = await live(games)
    assert lg.player(Side.WHITE) == COMPUTER
    assert games.boards.view(lg) is Side.BLACK
    post = games.boards.board_post(lg, "en", "")
    assert post.board is not None and post.board.perspective is Side.BLACK


async def test_the_player_to_roll_gets_the_roll_button(games: GameService) -> None:
    row = await alice_to_roll(games)
    post = (await games.show(ctx(BOB))).posts[0]
    assert [(b.action, b.game_id, b.version) for b in post.buttons] == [
        ("roll", row.id, row.version)]
    assert post.prompt == t("to_roll", "en", who=mention(ALICE), side=side_name(Side.WHITE, "en"))
    assert post.mentions == (ALICE,)


async def test_a_few_plays_are_buttons_more_a_menu(games: GameService) -> None:
    game_id = (await alice_to_roll(games, rolls=((3, 1),))).id
    two = (await games.roll(ctx(ALICE))).posts[0]
    assert two.menu is None and [(b.action, b.arg) for b in two.buttons] == [
        ("pick", LETTERS[0]), ("pick", LETTERS[1])]
    assert two.prompt == t("pick.press", "en", n=2)
    lg = await live(games)
    assert [b.label for b in two.buttons] == [
        t("btn.play", "en", play=games.boards.play_label(p, "en")) for p in lg.game.listing()]
    await put_game(games, game_id, at("talisman", MANY, rolls=((5, 2),)))
    ten = (await games.roll(ctx(ALICE))).posts[0]
    assert ten.menu is not None and not ten.buttons and len(ten.menu.options) == 10
    assert ten.prompt == t("pick.choose", "en", n=10) and MAX_PLAY_BUTTONS < 10
    assert ten.menu.placeholder == t("pick.placeholder", "en", n=10)


async def test_the_board_of_a_finished_game_shows_its_result(games: GameService) -> None:
    await alice_to_roll(games)
    lg = await live(games)
    before = len(lg.game.events)
    lg.game.resign(Side.WHITE)
    lg = await games.table.finish_turn(lg, ctx(ALICE), before)
    posts = games.boards.turn_posts(lg, "en", "head")
    assert len(posts) == 1 and posts[0].final
    board = posts[0].board
    assert board is not None and board.result is not None and board.dice is None
    assert posts[0].text.startswith("head\n🏆")
    assert not posts[0].mentions and not posts[0].prompt


def test_the_last_play_as_recorded() -> None:
    game = Game.new("talisman", seed=1)
    game.opening()
    assert last_play(game) is None
    dice = game.roll()
    game.play_turn(game.legal_turns[0])
    found = last_play(game)
    assert found is not None
    turn, side, rolled = found
    assert turn is not None and side is not game.turn and rolled == dice


def test_a_last_play_is_read_back_once_for_all_the_boards_that_draw_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The roll's board, a preview's and Confirm's draw the same last play: its position
    is read back once, and what is kept equals a fresh reading (issue 47)."""
    from engine.position import Position

    game = Game.new("talisman", seed=2)
    game.opening()
    game.roll()
    game.play_turn(game.legal_turns[-1])
    ahead = Game.from_json(game.to_json())  # the same play reached another way
    read: list[str] = []
    parse = Position.parse

    def counted(text: str, geometry: object) -> Position:
        read.append(text)
        return parse(text, geometry)  # type: ignore[arg-type]

    monkeypatch.setattr(Position, "parse", staticmethod(counted))
    boards._recorded.cache_clear()
    first = last_play(game)
    assert last_play(game) == first and last_play(ahead) == first
    assert len(read) == 1
    e = game.last_play()
    assert e is not None and first is not None
    assert first[0] == recorded_turn(str(e["moves"]), parse(str(e["position"]),
                                                            game.rules.geometry))


def test_a_plays_fingerprint_and_a_duration() -> None:
    assert digest("1/7") == digest("1/7") and digest("1/7") != digest("1/7 7/8")
    assert len(digest("24/off")) == 8 and int(digest("24/off"), 16) >= 0
    assert duration(-5, "en") == t("dur.s", "en", n=0)
    assert duration(59, "en") == t("dur.s", "en", n=59)
    assert duration(90, "en") == t("dur.m", "en", n=1)
    assert duration(5400, "en") == t("dur.h", "en", n=1.5)
    assert duration(2 * 86400, "sv") == t("dur.d", "sv", n=2.0)
