"""Answers that change nothing (bot.service.games.looking): the board again, the rules,
a hint (never in a rated or a tournament game), autocomplete's plays for the player to
move only, and the help."""

from __future__ import annotations

from bot.i18n import play_words, t
from bot.service.games import GameService
from bot.service.games.looking import help_text, welcome
from bot.service.text import mention
from bot.store import Database
from engine import rules as registry
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    MANY,
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
    refused,
    row_of,
    started,
)


async def test_show_needs_a_game_with_a_board(games: GameService) -> None:
    await refused("game.none", games.show(ctx(ALICE)))
    await games.new_game(ctx(ALICE), BOB)
    await refused("game.none", games.show(ctx(ALICE)))  # a challenge has no board yet


async def test_show_draws_the_live_game_and_changes_nothing(games: GameService) -> None:
    row = await alice_to_roll(games, MANY, rolls=((5, 2),), match_length=3)
    await games.roll(ctx(ALICE))
    row = await row_of(games, row.id)
    shown = await games.show(ctx(STRANGER))  # anyone may look
    post = shown.posts[0]
    lines = post.text.split("\n")
    assert lines[0] == t("show", "en", white=f"White ({mention(ALICE)})",
                         black=f"Black ({mention(BOB)})", rules="talisman")
    assert len(lines) == 3  # the match's standing, then the roll to play
    assert post.board is not None and post.board.dice is not None
    assert post.menu is not None  # the player to move can choose from the board shown
    assert (shown.game_id, shown.version) == (row.id, row.version)
    assert (await row_of(games, row.id)).version == row.version


async def test_show_after_the_end_shows_the_last_game(games: GameService) -> None:
    reply = await started(games)
    assert reply.game_id is not None
    row = await row_of(games, reply.game_id)
    await games.resign(ctx(BOB), row.id, row.version)
    post = (await games.show(ctx(ALICE))).posts[0]
    assert post.text.startswith(t("show.over", "en", white=f"White ({mention(ALICE)})",
                                  black=f"Black ({mention(BOB)})", rules="talisman"))
    assert "🏆" in post.text and not post.buttons
    assert post.board is not None and post.board.result is not None


async def test_the_rules_of_the_game_the_server_or_the_one_asked(games: GameService) -> None:
    def summary(rules_id: str) -> str:
        r = registry.get(rules_id)
        return t("rules.summary", "en", title=r.title, name=r.name, text=t(f"rules.{r.id}",
                                                                          "en"))

    assert (await games.rules_info(ctx(ALICE))).private == summary("talisman")
    await games.configure(ctx(ALICE), rules="vasa")
    assert (await games.rules_info(ctx(ALICE))).private == summary("vasa")
    await started(games, rules="classic")
    assert (await games.rules_info(ctx(ALICE))).private == summary("classic")
    assert (await games.rules_info(ctx(ALICE), "puff-lang")).private == summary("puff-lang")


async def test_no_hint_in_a_rated_game(games: GameService) -> None:
    await alice_to_roll(games, MANY)  # rated: both members
    await refused("hint.rated", games.hint(ctx(ALICE)))


async def test_no_hint_in_a_tournament_game(games: GameService) -> None:
    await games.start_arranged(ctx(STRANGER), ALICE, BOB, rules="talisman", rated=False,
                               tournament_id=5)
    lg = await live(games)
    await put_game(games, lg.row.id, at("talisman", START))
    await refused("hint.tournament", games.hint(ctx(ALICE)))


async def test_no_hint_in_a_team_league_game_even_unrated(games: GameService) -> None:
    await games.start_arranged(ctx(STRANGER), ALICE, BOB, rules="talisman", rated=False,
                               league_id=4)
    lg = await live(games)
    await put_game(games, lg.row.id, at("talisman", START))
    await refused("hint.league", games.hint(ctx(ALICE)))


async def test_a_hint_for_the_player_to_move_after_the_roll(store: Database,
                                                           clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    await alice_to_roll(games, MANY, rolls=((5, 2),), rated=False)
    await refused("game.roll_first", games.hint(ctx(ALICE)))
    await refused("not_your_turn", games.hint(ctx(BOB)))
    await refused("not_player", games.hint(ctx(STRANGER)))
    await games.roll(ctx(ALICE))
    lg = await live(games)
    hint = (await games.hint(ctx(ALICE))).private
    assert hint is not None
    lines = hint.split("\n")
    ranked = lg.game.listing()[::-1]  # FirstPlay's ranking: the listing reversed
    assert lines[0] == t("hint.ai", "en")
    assert lines[1:] == [f"{i}. `{play_words(p, 'en')}`" for i, p in enumerate(ranked[:3], 1)]


async def test_without_the_computer_the_hint_says_it_is_a_rule_of_thumb(
        games: GameService) -> None:
    await alice_to_roll(games, MANY, rolls=((5, 2),), rated=False)
    await games.roll(ctx(ALICE))
    hint = (await games.hint(ctx(ALICE))).private
    assert hint is not None and hint.startswith(t("hint.simple", "en"))
    assert len(hint.split("\n")) == 4


async def test_autocomplete_offers_plays_to_the_player_to_move_only(
        games: GameService) -> None:
    await alice_to_roll(games, MANY, rolls=((5, 2),))
    assert await games.suggestions(ctx(ALICE), "") == []  # not rolled yet
    await games.roll(ctx(ALICE))
    lg = await live(games)
    assert lg.game.turn is Side.WHITE
    offered = await games.suggestions(ctx(ALICE), "")
    assert sorted(offered) == sorted(lg.game.listing())
    four = await games.suggestions(ctx(ALICE), "4/")
    assert four and all("4/" in p for p in four) and len(four) < len(offered)
    assert await games.suggestions(ctx(BOB), "") == []
    assert await games.suggestions(ctx(ALICE, 999), "") == []


async def test_help(games: GameService) -> None:
    assert (await games.help(ctx(ALICE))).private == t("help", "en")
    assert help_text("sv") == t("help", "sv")
    # a first game's welcome: a few lines and a button that opens the whole help
    note, (button,) = welcome("sv")
    assert note == t("help.first", "sv") and len(note) < 200
    assert (button.action, button.label) == ("help", t("btn.help", "sv"))
