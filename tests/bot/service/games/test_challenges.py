"""Starting games (bot.service.games.challenges): a challenge refused before anything is
written, accepted only by the member invited, declined or withdrawn, lapsed; the limit
of live games per member; a tournament's arranged game; a rematch; against the computer
at once."""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.i18n import t
from bot.service.games import GameService
from bot.service.games.challenges import MAX_MATCH_GAMES, challenge_text, invited_player
from bot.service.model import COMPUTER, Ctx
from bot.service.text import mention
from bot.store import Database
from engine.position import Side
from tests.bot.service.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    OTHER_CHANNEL,
    STRANGER,
    Clock,
    FirstPlay,
    ctx,
    events,
    live,
    make_games,
    refused,
    row_of,
    started,
)


async def test_a_challenge_is_refused_before_anything_is_written(games: GameService) -> None:
    await refused("new.self", games.new_game(ctx(ALICE), ALICE))
    await refused("new.bot", games.new_game(ctx(ALICE), BOB, opponent_is_bot=True))
    await refused("new.no_ai", games.new_game(ctx(ALICE), None))  # no computer here
    await refused("new.level", games.new_game(ctx(ALICE), BOB, level="grandmaster"))
    # M-1: a match is an odd number of games, 1 to the bot's most
    for length in (0, 2, MAX_MATCH_GAMES + 2):
        await refused("new.match_length", games.new_game(ctx(ALICE), BOB, match_length=length))
    assert not await games.channel_busy(CHANNEL)


async def test_a_challenge_asks_the_member_invited(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB, match_length=3)
    assert offer.game_id is not None
    row = await row_of(games, offer.game_id)
    assert (row.status, row.white_id, row.black_id, row.match_length) == ("offered", ALICE,
                                                                          BOB, 3)
    assert row.rated and invited_player(row) == BOB
    post = offer.posts[0]
    assert post.mentions == (BOB,) and post.text == challenge_text(row, "en")
    assert [(b.action, b.version) for b in post.buttons] == [("accept", row.version),
                                                            ("decline", row.version)]
    assert offer.private == t("help.first", "en")  # the welcome, and its help button
    assert [b.action for b in offer.buttons] == ["help"]
    assert await events(games, row.id) == ["offer"]
    await refused("new.busy", games.new_game(ctx(BOB), ALICE))  # one game a channel


async def test_the_welcome_comes_once(games: GameService) -> None:
    first = await games.new_game(ctx(ALICE), BOB)
    assert first.game_id is not None and first.version is not None
    await games.decline(ctx(BOB), first.game_id, first.version)
    again = await games.new_game(ctx(ALICE), BOB)
    assert first.private and not again.private


async def test_only_the_member_invited_accepts(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB, swap=True)  # Alice takes black
    assert offer.game_id is not None and offer.version is not None
    row = await row_of(games, offer.game_id)
    assert (row.white_id, row.black_id) == (BOB, ALICE) and invited_player(row) == BOB
    e = await refused("accept.not_you", games.accept(ctx(ALICE), row.id, row.version))
    assert e.params["who"] == mention(BOB)
    await refused("accept.not_you", games.accept(ctx(STRANGER), row.id, row.version))
    await refused("stale", games.accept(ctx(BOB), row.id, row.version + 1))
    await refused("stale", games.accept(ctx(BOB), 999, 1))
    assert (await row_of(games, row.id)).status == "offered"
    reply = await games.accept(ctx(BOB), row.id, row.version)
    lg = await live(games)
    assert lg.row.status == "active" and lg.game.phase == "roll"
    assert (await events(games, row.id))[:3] == ["offer", "accept", "teka"]
    text = reply.posts[0].text
    assert t("start", "en", white=f"White ({mention(BOB)})", black=f"Black ({mention(ALICE)})",
             rules="talisman") in text
    assert lg.game.commitment is not None and lg.game.commitment in text  # docs/dice.md
    assert reply.challenge is not None and "accepted" in reply.challenge.text
    await refused("offer.closed", games.accept(ctx(BOB), row.id, row.version))


async def test_declined_or_withdrawn_the_channel_is_free(games: GameService) -> None:
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None and offer.version is not None
    await refused("decline.not_you", games.decline(ctx(STRANGER), offer.game_id,
                                                   offer.version))
    reply = await games.decline(ctx(BOB), offer.game_id, offer.version)
    assert reply.challenge is not None and reply.challenge.final
    assert t("offer.declined", "en", who=mention(BOB)) in reply.challenge.text
    assert not reply.posts  # the challenge's own message says it
    assert (await row_of(games, offer.game_id)).status == "declined"
    assert not await games.channel_busy(CHANNEL)
    again = await games.new_game(ctx(ALICE), BOB)
    assert again.game_id is not None and again.version is not None
    reply = await games.decline(ctx(ALICE), again.game_id, again.version)
    assert reply.challenge is not None
    assert t("offer.withdrawn", "en", who=mention(ALICE)) in reply.challenge.text


async def test_an_unanswered_challenge_lapses(store: Database, clock: Clock) -> None:
    games = make_games(store, clock, challenge_expires=60)
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None and offer.version is not None
    clock.advance(59)
    assert await games.expire_offers() == []
    clock.advance(1)
    await refused("offer.expired", games.accept(ctx(BOB), offer.game_id, offer.version))
    clock.advance(1)  # the scan closes what lapsed before its moment, strictly
    lapsed = await games.expire_offers()
    assert [(c, g) for c, g, _ in lapsed] == [(CHANNEL, offer.game_id)]
    assert t("offer.lapsed", "en") in lapsed[0][2]
    assert (await row_of(games, offer.game_id)).status == "declined"
    assert (await events(games, offer.game_id))[-1] == "expire"
    assert await games.expire_offers() == []  # once


async def test_a_new_challenge_lapses_the_old_one_in_its_channel(
        store: Database, clock: Clock) -> None:
    games = make_games(store, clock, challenge_expires=60)
    old = await games.new_game(ctx(ALICE), BOB)
    assert old.game_id is not None
    clock.advance(60)
    new = await games.new_game(ctx(BOB), ALICE)
    assert new.game_id != old.game_id
    assert (await row_of(games, old.game_id)).status == "declined"


async def test_the_lapse_of_another_processs_guild_is_left_to_it(
        store: Database, clock: Clock) -> None:
    mine = make_games(store, clock, challenge_expires=60)
    offer = await mine.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None
    other = make_games(store, clock, challenge_expires=60, owns=lambda guild: False)
    clock.advance(60)
    assert await other.expire_offers() == []
    assert (await row_of(mine, offer.game_id)).status == "offered"


async def test_a_member_at_the_limit_may_open_nothing_more(store: Database,
                                                           clock: Clock) -> None:
    games = make_games(store, clock, max_games=1)
    await games.new_game(ctx(ALICE), BOB)  # Alice's one: a challenge counts for her
    e = await refused("limit.yours", games.new_game(ctx(ALICE, OTHER_CHANNEL), STRANGER))
    assert e.params == {"n": 1, "limit": 1}
    # Bob has no game yet and may challenge, but not Alice, who has no room to accept
    e = await refused("limit.theirs", games.new_game(ctx(BOB, OTHER_CHANNEL), ALICE))
    assert e.params["who"] == mention(ALICE)
    await games.new_game(ctx(BOB, OTHER_CHANNEL), STRANGER)
    assert await games.channel_busy(OTHER_CHANNEL)


async def test_accepting_counts_for_the_member_who_accepts(store: Database,
                                                           clock: Clock) -> None:
    games = make_games(store, clock, max_games=1)
    offer = await games.new_game(ctx(ALICE), BOB)
    assert offer.game_id is not None and offer.version is not None
    await games.accept(ctx(BOB), offer.game_id, offer.version)  # Bob's one now
    await refused("limit.yours", games.new_game(ctx(BOB, OTHER_CHANNEL), STRANGER))


async def test_an_arranged_game_starts_without_an_offer(games: GameService) -> None:
    reply = await games.start_arranged(ctx(STRANGER), ALICE, BOB, rules="talisman",
                                       tournament_id=7)
    lg = await live(games)
    assert (lg.row.status, lg.row.tournament_id, lg.row.rated) == ("active", 7, True)
    assert (await events(games, lg.row.id))[:2] == ["arranged", "accept"]
    assert reply.game_id == lg.row.id and reply.posts[0].board is not None
    await refused("new.busy", games.start_arranged(ctx(STRANGER), ALICE, BOB,
                                                   rules="talisman"))
    await refused("new.match_length", games.start_arranged(
        ctx(STRANGER, OTHER_CHANNEL), ALICE, BOB, rules="talisman", match_length=4))


async def test_against_the_computer_the_game_starts_at_once(store: Database,
                                                            clock: Clock) -> None:
    games = make_games(store, clock, agent=FirstPlay())
    reply = await games.new_game(ctx(ALICE), None, level="mästare", rated=True)
    lg = await live(games)
    assert lg.row.status == "active" and lg.level == "mästare"
    assert COMPUTER in lg.row.players() and not lg.row.rated  # never rated
    assert reply.posts[0].board is not None
    assert t("start", "en", white=f"White ({mention(ALICE)})", black="Black (Computer)",
             rules="talisman") in reply.posts[0].text


async def test_a_rematch_swaps_the_colours(games: GameService) -> None:
    reply = await started(games)
    assert reply.game_id is not None
    await refused("stale", games.rematch(ctx(ALICE), reply.game_id))  # still going
    lg = await live(games)
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    await games.table.finish_turn(lg, ctx(ALICE), before)
    await refused("not_player", games.rematch(ctx(STRANGER), reply.game_id))
    again = await games.rematch(ctx(BOB), reply.game_id)
    assert again.game_id is not None
    row = await row_of(games, again.game_id)
    assert (row.white_id, row.black_id, row.status) == (BOB, ALICE, "offered")
    assert invited_player(row) == ALICE  # Bob asked: Alice answers
    assert (await row_of(games, again.game_id)).state == {"by": BOB}
    assert again.version is not None
    await games.decline(ctx(ALICE), again.game_id, again.version)
    # the rematch button is spent: a second press (or Alice's) starts nothing
    await refused("button.used", games.rematch(ctx(ALICE), reply.game_id))


async def test_no_rematch_of_a_tournament_game(games: GameService) -> None:
    await games.start_arranged(ctx(STRANGER), ALICE, BOB, rules="talisman", tournament_id=3)
    lg = await live(games)
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    await games.table.finish_turn(lg, ctx(ALICE), before)
    await refused("rematch.tournament", games.rematch(ctx(ALICE), lg.row.id))


async def test_a_team_league_board_ends_without_play_again(games: GameService) -> None:
    """A league's board (issue 48): its last post offers no "Play again", a press on an
    old one is refused, and it takes no room among the players' open games."""
    await games.start_arranged(ctx(STRANGER), ALICE, BOB, rules="talisman", league_id=2)
    lg = await live(games)
    assert (lg.row.league_id, lg.row.tournament_id, lg.row.arranged) == (2, None, True)
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    ended = await games.table.finish_turn(lg, ctx(ALICE), before)
    posts = games.boards.turn_posts(ended, "en", "")
    assert posts[-1].final and not any(b.action == "rematch" for p in posts
                                       for b in p.buttons)
    await refused("rematch.league", games.rematch(ctx(ALICE), lg.row.id))


async def test_an_ordinary_game_ends_with_play_again(games: GameService) -> None:
    reply = await started(games)
    assert reply.game_id is not None
    lg = await live(games)
    assert not lg.row.arranged
    before = len(lg.game.events)
    lg.game.resign(lg.game.turn)
    ended = await games.table.finish_turn(lg, ctx(ALICE), before)
    posts = games.boards.turn_posts(ended, "en", "")
    assert any(b.action == "rematch" for p in posts for b in p.buttons)


async def test_use_button_spends_a_button_once(games: GameService) -> None:
    await games.use_button(ctx(ALICE), "thread:42")
    await refused("button.used", games.use_button(ctx(ALICE), "thread:42"))
    await refused("button.used", games.use_button(ctx(BOB), "thread:42"))
    await games.use_button(ctx(ALICE), "thread:43")


# -- the teka as it fell (issue 43) ---------------------------------------------------------


@pytest.mark.parametrize(("rules", "starts", "lang"), [
    ("talisman", "teka.lower", "en"), ("puff-kontrar", "teka.higher", "sv"),
    ("backgammon", "teka.plays", "en"), ("classic", "teka.lower", "sv")])
async def test_the_teka_says_every_pair_and_who_starts_by_the_rules(
        store: Database, clock: Clock, rules: str, starts: str, lang: str) -> None:
    """Seed 9's teka is a tie (6 and 6) and then White 5, Black 2: both pairs are said,
    and who starts by the family's rule (T-1): bräde's lower die, puff's and
    backgammon's higher (backgammon's also playing both dice)."""
    games = GameService(store, Settings(), clock=clock, seed_source=lambda: 9,
                        agent=FirstPlay())
    locale = "sv-SE" if lang == "sv" else "en-US"
    start = await games.new_game(Ctx(ALICE, CHANNEL, GUILD, locale, locale), BOB,
                                 rules=rules)
    assert start.game_id is not None and start.version is not None
    reply = await games.accept(Ctx(BOB, CHANNEL, GUILD, locale, locale), start.game_id,
                               start.version)
    lg = await live(games)
    begun = next(Side(e["starter"]) for e in lg.game.events if e["type"] == "start")
    assert begun is (Side.BLACK if rules in ("talisman", "classic") else Side.WHITE)
    starter = games.boards.who(lg, begun, lang)
    said = t("teka", lang, pairs="; ".join((t("teka.tie", lang, w=6, b=6),
                                              t("teka.pair", lang, w=5, b=2))),
             starts=t(starts, lang, starter=starter))
    assert said in reply.posts[0].text
