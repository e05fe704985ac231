"""The play picker's presses (bot.service.games.picking): a menu narrowed and a play
previewed without saving anything; a confirmed play played if its path still leads to
it; choose again; played at once with one legal play or confirmation off; a press on a
moved-on game, by the wrong member, or with a wrong path refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import t
from bot.service.games import GameService
from bot.service.games.boards import digest
from bot.service.model import Reply, UserError
from engine.game import Game
from engine.picker import LETTERS
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    MANY,
    START,
    STRANGER,
    WIDE,
    alice_to_roll,
    ctx,
    events,
    live,
)


async def alice_rolled(games: GameService, position: str,
                       roll: tuple[int, int]) -> tuple[int, int]:
    """Alice (White) has rolled ``roll`` at ``position``: the game's id and version (at
    the start 3–1 has two plays, buttons; 6–6 one)."""
    await alice_to_roll(games, position, rolls=(roll,))
    await games.roll(ctx(ALICE))
    lg = await live(games)
    assert lg.game.phase == "move" and lg.game.turn is Side.WHITE
    return lg.row.id, lg.row.version


async def path_to_a_play(games: GameService, game_id: int, version: int) -> tuple[str, str]:
    """Narrow the menu by its first option until a play is chosen: its path and text."""
    path = ""
    lg = await live(games)
    picker = await games.pickers.made((game_id, version), lg.game)
    for _ in range(len(LETTERS)):
        path += "a"
        stretch, _ = picker.follow(path)
        if stretch.play:
            return path, picker.plays[stretch.lo]
    raise AssertionError("no play at the end of the first options")


async def unchanged(games: GameService, game_id: int, version: int, kinds: list[str]) -> None:
    lg = await live(games)
    assert lg.row.version == version and await events(games, game_id) == kinds


async def test_narrowing_and_previewing_save_nothing(games: GameService) -> None:
    game_id, version = await alice_rolled(games, WIDE, (4, 4))
    kinds = await events(games, game_id)
    narrowed = await games.pick(ctx(ALICE), game_id, version, "a")
    post = narrowed.picker
    assert post is not None and post.same_position and post.board is None  # the picture stays
    assert post.menu is not None and post.menu.path == "a"  # a stretch's own menu
    assert [b.action for b in post.buttons] == ["back"]
    assert narrowed.offered_before == t("pick.choose", "en", n=49)
    path, play = await path_to_a_play(games, game_id, version)
    preview = await games.pick(ctx(ALICE), game_id, version, path)
    post = preview.picker
    assert post is not None and post.board is not None and post.preview_of is not None
    assert [(b.action, b.arg) for b in post.buttons] == [("ok", f"{path}.{digest(play)}"),
                                                        ("again", path)]
    assert post.board.last_turn is not None  # the play drawn on the roll's board
    await unchanged(games, game_id, version, kinds)


async def test_a_confirmed_play_counts(games: GameService) -> None:
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    path, play = await path_to_a_play(games, game_id, version)
    reply = await games.confirm(ctx(ALICE), game_id, version, f"{path}.{digest(play)}")
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.row.version > version
    assert lg.game.last_play()["moves"] == play  # type: ignore[index]
    assert reply.picker is not None and reply.picker.board is not None  # the roll again
    assert not reply.picker.buttons and reply.posts  # the play follows as a new message
    with pytest.raises(UserError) as e:  # its Confirm again: the game has moved on
        await games.confirm(ctx(ALICE), game_id, version, f"{path}.{digest(play)}")
    assert e.value.key == "stale"


async def test_a_confirmed_play_reads_its_game_once(games: GameService,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm reads the game to check its path, then plays it under the channel's lock
    without reading it again: nothing in this process changed it meanwhile (issue 47)."""
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    path, play = await path_to_a_play(games, game_id, version)
    reads: list[int | None] = []
    read = games.table.live

    async def counted(*args: object, **kwargs: object) -> object:
        reads.append(kwargs.get("version") or (args[2] if len(args) > 2 else None))
        return await read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(games.table, "live", counted)
    await games.confirm(ctx(ALICE), game_id, version, f"{path}.{digest(play)}")
    assert reads == [version]
    assert (await live(games)).game.last_play()["moves"] == play  # type: ignore[index]


async def test_the_same_confirmation_twice_at_once_plays_once(games: GameService) -> None:
    """Two presses of one Confirm at once (a double tap): both read the game before
    either takes the channel's lock; the second finds it changed and is stale."""
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    path, play = await path_to_a_play(games, game_id, version)
    arg = f"{path}.{digest(play)}"
    first, second = await asyncio.gather(
        games.confirm(ctx(ALICE), game_id, version, arg),
        games.confirm(ctx(ALICE), game_id, version, arg), return_exceptions=True)
    assert isinstance(first, Reply) and isinstance(second, UserError), (first, second)
    assert second.key == "stale"
    lg = await live(games)
    assert lg.game.turn is Side.BLACK and lg.row.version == version + 1
    assert (await events(games, game_id)).count("play") == 1


async def test_a_game_read_before_the_lock_is_used_only_while_unchanged(
        games: GameService) -> None:
    """``Table.unchanged``: the game read is used under the lock only while the cache
    still holds that version of that very game; a change here drops or replaces it."""
    await alice_rolled(games, MANY, (5, 2))
    table = games.table
    seen = await live(games)
    key, version = seen.row.id, seen.row.version
    assert table.unchanged(None) is None
    table.cache[key] = (version, seen.game)
    assert table.unchanged(seen) is seen
    table.cache[key] = (version + 1, seen.game)  # saved again since (played on)
    assert table.unchanged(seen) is None
    table.cache[key] = (version, Game.from_json(seen.game.to_json()))  # read anew
    assert table.unchanged(seen) is None
    table.cache.pop(key)  # being changed now, or never saved by this process
    assert table.unchanged(seen) is None


async def test_a_confirmation_that_no_longer_leads_to_its_play_is_refused(
        games: GameService) -> None:
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    kinds = await events(games, game_id)
    path, play = await path_to_a_play(games, game_id, version)
    for arg in (f"{path}.{digest(play + ' ')}", f"zz.{digest(play)}", f"{path[:-1]}."):
        with pytest.raises(UserError) as e:
            await games.confirm(ctx(ALICE), game_id, version, arg)
        assert e.value.key == "pick.gone", arg
    await unchanged(games, game_id, version, kinds)


async def test_presses_by_others_or_on_a_moved_on_game_are_refused(
        games: GameService) -> None:
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    kinds = await events(games, game_id)
    for who, v, key in ((BOB, version, "not_your_turn"), (STRANGER, version, "not_player"),
                        (ALICE, version - 1, "stale")):
        with pytest.raises(UserError) as e:
            await games.pick(ctx(who), game_id, v, "a")
        assert e.value.key == key
    with pytest.raises(UserError) as e:
        await games.pick(ctx(ALICE), game_id, version, "!")
    assert e.value.key == "pick.gone"
    await unchanged(games, game_id, version, kinds)


async def test_no_picker_before_the_roll(games: GameService) -> None:
    row = await alice_to_roll(games)
    with pytest.raises(UserError) as e:
        await games.pick(ctx(ALICE), row.id, row.version, "a")
    assert e.value.key == "stale"


async def test_with_confirmation_off_a_chosen_play_counts_at_once(games: GameService) -> None:
    await games.set_preferences(ctx(ALICE), confirm=False)
    game_id, version = await alice_rolled(games, START, (3, 1))
    lg = await live(games)
    second = lg.game.listing()[1]
    reply = await games.pick(ctx(ALICE), game_id, version, "b")
    assert_played(reply)
    assert (await live(games)).game.last_play()["moves"] == second  # type: ignore[index]


async def test_a_single_play_counts_at_once(games: GameService) -> None:
    game_id, version = await alice_rolled(games, START, (6, 6))
    reply = await games.pick(ctx(ALICE), game_id, version, "a")
    assert_played(reply)
    assert (await live(games)).game.turn is Side.BLACK


def assert_played(reply: Reply) -> None:
    assert reply.picker is not None and reply.picker.same_position and reply.posts


async def test_choose_again(games: GameService) -> None:
    game_id, version = await alice_rolled(games, MANY, (5, 2))
    path, _ = await path_to_a_play(games, game_id, version)
    back = await games.again(ctx(ALICE), game_id, version, path)
    assert back.picker is not None and back.picker.board is not None  # drawn again
    assert back.picker.menu is not None and back.picker.menu.path == ""
    assert "Preview" in back.offered_before  # the preview's prompt is replaced
    top = await games.again(ctx(ALICE), game_id, version, preview=False)
    assert top.picker is not None and top.picker.same_position and top.picker.board is None
    assert (await live(games)).row.version == version
