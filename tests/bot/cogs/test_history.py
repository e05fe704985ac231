"""A game's whole record, page by page (issue 30, 1): ``/brade history`` and ``/watch
history`` show a long game from its teka, with page buttons that survive a restart and a
button for the whole record as a file, in the member's language and the movers' own
numbering; the result says its unit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.service.games import GameService
from bot.service.model import Ctx
from engine.game import Game
from tests.bot.conftest import make_bot
from tests.bot.helpers import Db, start_game

TURNS = 130


def turns_of(game: Game) -> int:
    return sum(1 for e in game.events if e["type"] in ("play", "forfeit"))


def advance(game: Game, turns: int | None, k: int = 1) -> None:
    """``turns`` more turns (None: to the end), each the ``k``-th of the engine's first
    legal plays (or its last, when there are fewer)."""
    goal = None if turns is None else turns_of(game) + turns
    while not game.is_over and (goal is None or turns_of(game) < goal):
        if game.phase == "roll":
            game.roll(one_die=bool(game.history[game.turn].onedie_owed))
        else:
            game.play(game.first_plays(k)[-1].text)


def long_enough(game: Game) -> int:
    """A choice of plays (``advance``'s ``k``) that takes the game past ``TURNS`` turns
    before it ends: the seeded dice decide how long a game lasts."""
    for k in range(1, 6):
        trial = Game.from_json(game.to_json())
        advance(trial, None, k)
        if turns_of(trial) >= TURNS:
            return k
    raise AssertionError("no game of 130 turns with these dice")


async def long_game(env: simcord.Env, db: Db, games: GameService, *, locale: str,
                    to_end: bool) -> tuple[Any, list, list[dict[str, Any]]]:
    """Alice and Bob's game, played on by the engine (first legal plays) for ``TURNS``
    turns or to its end and saved as the bot saves a turn: boards for 130 turns would
    take minutes, and the record is what is tested here."""
    _, ch, members = await start_game(env, locale=locale)
    async with games.store.read() as tx:
        row = await tx.live_game(ch.id)
    assert row is not None
    lg = games.table.unpack(row)
    before = len(lg.game.events)
    advance(lg.game, None if to_end else TURNS, long_enough(lg.game))
    if lg.game.is_over:
        assert lg.game.outcome is not None
        lg.match.record(lg.game.outcome)
        result = {"outcome": lg.game.outcome.to_json(), "match": lg.match.to_json()}
        await games.table.save(lg, Ctx(members[0].id, ch.id, row.guild_id), events_before=before,
                               status="over", result=result)
    else:
        await games.table.save(lg, Ctx(members[0].id, ch.id, row.guild_id), events_before=before)
    played = [e for e in lg.game.events if e["type"] in ("play", "forfeit")]
    assert len(played) >= TURNS
    return ch, members, played


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    """A reply's buttons by label (the raw components SimCord keeps)."""
    return {c["label"]: c for row in message.components for c in row["components"]}


def turn_numbers(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"^(\d+)\. ", text, re.MULTILINE)]


async def press(actor: simcord.MemberActor, message: Any, label: str) -> Any:
    """Press the button called ``label`` under ``message``; the message it answered with
    (the same message, turned to another page, or a new one)."""
    r = await actor.click(message, custom_id=buttons(message)[label]["custom_id"])
    assert r.acknowledged
    return r.response


LABELS = {"sv": {"first": "⏮ Första sidan", "later": "Senare ▶", "last": "Senaste ⏭",
                 "file": "Som fil"},
          "en": {"first": "⏮ First page", "later": "Later ▶", "last": "Latest ⏭",
                 "file": "As a file"}}


@pytest.mark.parametrize("lang", ["sv", "en"])
async def test_a_long_games_history_shows_turn_one(simcord_env: simcord.Env, db_path: Path,
                                                   lang: str) -> None:
    env = simcord_env
    games = env.bot.services.games  # type: ignore[attr-defined]
    locale = "sv-SE" if lang == "sv" else "en-US"
    ch, members, played = await long_game(env, db_path, games, locale=locale, to_end=True)
    carol = members[2]
    labels = LABELS[lang]
    r = await carol.slash(ch, "brade history")
    assert r.ephemeral
    last = r.response
    assert re.search(r"Sida (\d+) av \1" if lang == "sv" else r"Page (\d+) of \1",
                     last.content), last.content
    # the result, with its unit, on the last page (then the dice's seed, docs/dice.md)
    unit = r"poäng" if lang == "sv" else r"points?"
    said = r"vann med .+: \d+ " if lang == "sv" else r"won by .+: \d+ "
    assert re.search(said + unit + "$", last.content, re.M), last.content[-200:]
    assert "…" not in last.content.splitlines()[0]

    page1 = await press(carol, last, labels["first"])
    assert "Teka:" in page1.content
    assert re.search(r"^1\. (Vit|Svart) " if lang == "sv" else r"^1\. (White|Black) ",
                     page1.content, re.MULTILINE), page1.content
    assert buttons(page1)[labels["first"]].get("disabled")

    # Page by page to the end: every turn once, in order, as the engine recorded it (the
    # mover's own numbering), in the reader's words.
    texts = [page1.content]
    message = page1
    while not buttons(message)[labels["later"]].get("disabled"):
        message = await press(carol, message, labels["later"])
        texts.append(message.content)
        assert len(message.content) <= 2000
    numbers = [n for text in texts for n in turn_numbers(text)]
    assert numbers == list(range(1, len(played) + 1))
    lines = [ln for text in texts for ln in text.splitlines() if re.match(r"\d+\. ", ln)]
    off = "ut" if lang == "sv" else "off"
    no_play = "inget drag" if lang == "sv" else "no play"
    for line, e in zip(lines, played, strict=True):
        words = no_play if e["type"] == "forfeit" else str(e["moves"]).replace("off", off)
        assert line.endswith(": " + words), (line, e)
    assert any(e["type"] == "forfeit" for e in played)  # so "no play" was read too
    assert texts[-1] == last.content

    # the whole record as a file
    file_message = await press(carol, message, labels["file"])
    assert file_message.attachments
    data = env.backend.cdn.get(file_message.attachments[0].url).decode()
    assert turn_numbers(data) == list(range(1, len(played) + 1))
    assert "<@" not in data and "`" not in data
    assert re.search(said + unit, data)


async def test_history_pages_turn_after_a_restart(simcord_env: simcord.Env,
                                                   db_path: Path) -> None:
    """A running game: ``/watch history`` from another channel opens on its newest
    page; after a restart its buttons still turn pages, and a game that went on shows
    its new turns on the last page."""
    env = simcord_env
    games = env.bot.services.games  # type: ignore[attr-defined]
    ch, members, played = await long_game(env, db_path, games, locale="en-US", to_end=False)
    carol = members[2]
    r = await carol.slash(ch, "watch history")
    page = r.response
    assert r.ephemeral and "Page" in page.content
    await env.restart_bot(make_bot(db_path))
    page = await press(carol, page, "⏮ First page")
    assert turn_numbers(page.content)[0] == 1
    # a later turn is on the last page when it is turned to
    games = env.bot.services.games  # type: ignore[attr-defined]
    async with games.store.read() as tx:
        row = await tx.live_game(ch.id)
    lg = games.table.unpack(row)
    before = len(lg.game.events)
    advance(lg.game, 3)
    await games.table.save(lg, Ctx(members[0].id, ch.id, row.guild_id), events_before=before)
    page = await press(carol, page, "Latest ⏭")
    assert turn_numbers(page.content)[-1:] == [len(played) + 3], page.content


async def test_a_short_history_is_one_message_with_a_file_button(simcord_env: simcord.Env,
                                                               db_path: Path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, locale="sv-SE")
    r = await members[2].slash(ch, "brade history")
    assert r.ephemeral and "Partiprotokoll" in r.response.content
    assert "Teka:" in r.response.content and "Sida" not in r.response.content
    assert list(buttons(r.response)) == ["Som fil"]
    file = await press(members[2], r.response, "Som fil")
    data = env.backend.cdn.get(file.attachments[0].url).decode()
    assert "Partiprotokoll" in data and "Teka:" in data


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_no_two_page_buttons_do_the_same(lang: str) -> None:
    """Issue 46: with two pages there is no First or Latest beside Earlier and Later
    (they would do the same); with more, First is off where Earlier goes to page 1 and
    Latest where Later goes to the last page."""
    from bot.cogs.history import history_view
    from bot.service.spectate import HistoryPage

    def shown(page: int, pages: int) -> dict[str, tuple[int, bool]]:
        view = history_view(HistoryPage(lang, "…", 7, page, pages))
        found = [getattr(c, "item", c) for c in view.children]
        return {b.label: (int(b.custom_id.split(":")[2]), b.disabled)
                for b in found if isinstance(b, discord.ui.Button)
                and b.custom_id and not b.custom_id.endswith(":file")}

    first, earlier = LABELS[lang]["first"], ("◀ Tidigare" if lang == "sv" else "◀ Earlier")
    later, last = LABELS[lang]["later"], LABELS[lang]["last"]
    assert set(shown(2, 2)) == {earlier, later}
    assert shown(2, 2)[earlier] == (1, False) and shown(2, 2)[later][1]
    for page, pages in ((1, 3), (2, 3), (3, 3), (2, 5), (4, 5), (3, 5)):
        buttons_ = shown(page, pages)
        working = [target for target, off in buttons_.values() if not off]
        assert len(working) == len(set(working)), (page, pages, buttons_)
    assert shown(3, 5)[first] == (1, False) and shown(3, 5)[last] == (5, False)


async def test_the_link_to_the_game_is_words_not_a_bare_url(simcord_env: simcord.Env,
                                                            db_path: Path) -> None:
    """Issue 46: a bare URL wraps over three lines on a phone; the link says where it
    goes, in the reader's language."""
    env = simcord_env
    for locale, words in (("sv-SE", "[till partiet](https://"),
                          ("en-US", "[go to the game](https://")):
        _, ch, members = await start_game(env, locale=locale)
        r = await members[2].slash(ch, "brade history")
        head = (r.response.content or "").splitlines()[:1]
        assert head and words in head[0] and not re.search(r"(?<!\()https://", head[0]), \
            r.response.content
