"""Watching games through slash commands: the running list, histories, records, replays."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import simcord
from PIL import Image

from bot.client import BradeBot
from engine import record
from engine.__main__ import main as engine_cli
from engine.game import Game
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    game_row,
    mover_and_waiter,
    play_turns,
    resign,
    roll_until_move,
    snapshot,
    start_game,
)


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path, agent=None)


def attachment(env: simcord.Env, message) -> tuple[str, bytes]:
    assert message.attachments, "the answer carries a file"
    a = message.attachments[0]
    return a.filename, env.backend.cdn.get(a.url)


async def test_running_games_with_links(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env)
    alice, bob, carol = members
    other = guild.create_text_channel("andra")
    r = await carol.slash(other, "brade new", opponent=alice, ruleset="classic", match=3)
    await alice.click(r.response, label="Accept")
    first, second = game_row(db_path, ch.id), game_row(db_path, other.id)

    r = await bob.slash(other, "watch games")
    text = r.response.content
    assert r.ephemeral and "Games being played** (2)" in text
    assert f"https://discord.com/channels/{guild.id}/{ch.id}" in text
    assert f"https://discord.com/channels/{guild.id}/{other.id}" in text
    assert f"`#{first['id']}`" in text and f"`#{second['id']}`" in text
    assert "`talisman`" in text and "`classic`" in text
    assert "match 0–0, game 1 (played 0 of the 3 that count)" in text
    assert re.search(r"pips \d+–\d+", text)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    assert f"{mover.mention} to roll" in text

    # a server with no games, and a finished game is no longer listed
    lonely = env.create_guild("empty")
    lch = lonely.create_text_channel("x")
    dave = lonely.add_member(env.create_user("dave"))
    r = await dave.slash(lch, "watch games")
    assert r.ephemeral and "No games are being played" in r.response.content
    await resign(ch, alice)
    r = await bob.slash(ch, "watch games")
    assert "(1)" in r.response.content and f"/{ch.id}" not in r.response.content


async def test_history_of_any_game_and_refusals(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env)
    _alice, _bob, carol = members
    await play_turns(env, ch, db_path, members, 3)
    row = game_row(db_path, ch.id)
    elsewhere = guild.create_text_channel("elsewhere")
    by_id = await carol.slash(elsewhere, "watch history", game=row["id"])
    text = by_id.response.content
    assert by_id.ephemeral and f"Game `#{row['id']}`" in text and "Teka:" in text
    played = [e for e in row["game"].events if e["type"] in ("play", "forfeit")]
    for n, e in enumerate(played, 1):
        assert f"{n}. " in text
        assert (e["moves"] if e["type"] == "play" else ": no play") in text
    by_channel = await carol.slash(elsewhere, "watch history", channel=ch)
    assert by_channel.response.content == text
    here = await carol.slash(ch, "watch history")
    assert here.response.content == text
    choices = await carol.autocomplete(elsewhere, "watch history", "game", "")
    assert [c["value"] for c in choices] == [row["id"]]

    before = snapshot(db_path)
    r = await carol.slash(elsewhere, "watch history")
    assert r.ephemeral and "No game has been played in" in r.response.content
    r = await carol.slash(ch, "watch history", game=row["id"] + 99)
    assert r.ephemeral and f"no game `#{row['id'] + 99}` on this server" in r.response.content
    # another server's game is not visible here
    g2 = env.create_guild("other")
    c2 = g2.create_text_channel("x")
    eve = g2.add_member(env.create_user("eve"))
    r = await eve.slash(c2, "watch export", game=row["id"])
    assert r.ephemeral and "no game" in r.response.content and not r.response.attachments
    r = await carol.slash(ch, "watch export", number=2)
    assert r.ephemeral and "has 1 game(s), so there is no game 2" in r.response.content
    r = await carol.slash(ch, "watch replay")
    assert r.ephemeral and "no finished game to replay" in r.response.content
    assert snapshot(db_path) == before


async def test_export_replays_to_the_stored_position(simcord_env: simcord.Env, db_path: Path,
                                                     tmp_path: Path, capsys) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env)
    _alice, _bob, carol = members
    await play_turns(env, ch, db_path, members, 4)
    await roll_until_move(env, ch, db_path, members)  # waiting for a play: the record's end

    def check(message, stored: Game) -> Game:
        name, data = attachment(env, message)
        assert name == f"brade-{game_row(db_path, ch.id)['id']}.txt"
        text = data.decode("utf-8")
        rec = record.parse(text)
        assert rec.rules == "talisman" and rec.white == "alice" and rec.black == "bob"
        replayed = record.replay(rec)
        assert replayed.position == stored.position and replayed.phase == stored.phase
        assert replayed.dice == stored.dice and replayed.outcome == stored.outcome
        path = tmp_path / name
        path.write_bytes(data)
        assert engine_cli(["replay", str(path)]) == 0  # `python -m engine replay FILE`
        return replayed

    r = await carol.slash(ch, "watch export")
    assert r.ephemeral and "so far" in r.response.content
    check(r.response, game_row(db_path, ch.id)["game"])

    mover, _ = mover_and_waiter(db_path, ch.id, members)
    await resign(ch, mover)
    stored = game_row(db_path, ch.id)["game"]
    assert stored.is_over
    other = guild.create_text_channel("other")
    r = await carol.slash(other, "watch export", channel=ch, share=True)
    assert not r.ephemeral and "Replay it with" in r.response.content
    done = check(r.response, stored)
    assert done.outcome is not None and done.outcome.kind == "resign"
    assert "wins" in capsys.readouterr().out


async def test_animated_replay_of_a_finished_game(simcord_env: simcord.Env,
                                                  db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = await start_game(env)
    _alice, _bob, carol = members
    await play_turns(env, ch, db_path, members, 2)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    await resign(ch, mover)
    row = game_row(db_path, ch.id)
    turns = row["game"].turn_count

    before = snapshot(db_path)
    r = await carol.slash(ch, "watch replay", game=row["id"])
    assert r.ephemeral and "Replay of game" in r.response.content
    name, data = attachment(env, r.response)
    assert name == f"brade-{row['id']}.gif" and data.startswith(b"GIF89a")
    alt = r.response.attachments[0].description  # alt text for screen readers (issue 22)
    assert alt.startswith(f"Animated replay of game {row['id']}") and f"{turns} turns" in alt
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "GIF" and im.n_frames == turns + 2  # title, turns, result
        assert im.size[0] > 200

    r = await carol.slash(ch, "watch replay", format="apng", share=True)
    assert not r.ephemeral
    name, data = attachment(env, r.response)
    assert name.endswith(".png") and data.startswith(b"\x89PNG") and b"acTL" in data
    with Image.open(io.BytesIO(data)) as im:
        assert getattr(im, "is_animated", False) and im.n_frames == turns + 2
    assert snapshot(db_path) == before


async def test_swedish_refusals(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv")
    ch = guild.create_text_channel("spel")
    anna = guild.add_member(env.create_user("anna"))
    r = await anna.slash(ch, "watch games")
    assert r.ephemeral and "Inga partier pågår" in r.response.content
    r = await anna.slash(ch, "watch replay", game=12345)
    assert r.ephemeral and "Det finns inget parti `#12345`" in r.response.content


async def test_games_of_a_match(simcord_env: simcord.Env, db_path: Path) -> None:
    """A match row holds several games: each is listed, exported and replayed alone."""
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    alice, bob, carol = members
    r = await alice.slash(ch, "brade new", opponent=bob, match=3)
    await bob.click(r.response, label="Accept")
    await play_turns(env, ch, db_path, members, 1)
    await resign(ch, alice)  # game 1: bob wins; a resigned game adds a game (M-1)
    await resign(ch, bob)  # game 2: alice wins, started by the loser without a teka
    row = game_row(db_path, ch.id)
    assert row["status"] == "active" and row["game"].turn_count == 0

    h = await carol.slash(ch, "watch history")
    assert "— Game 1 —" in h.response.content and "— Game 2 —" in h.response.content
    assert "— Game 3 —" in h.response.content
    for n, winner in ((1, "black"), (2, "white")):
        r = await carol.slash(ch, "watch export", number=n)
        name, data = attachment(env, r.response)
        assert name == f"brade-{row['id']}-{n}.txt"
        text = data.decode()
        assert f"game {n} of the match" in text
        assert ("teka " in text) == (n == 1) and ("start " in text) == (n == 2)
        game = record.replay(text)
        assert game.outcome is not None and game.outcome.kind == "resign"
        assert game.outcome.winner.value == winner
    r = await carol.slash(ch, "watch replay")  # the last finished game: game 2
    name, data = attachment(env, r.response)
    assert name == f"brade-{row['id']}-2.gif" and data.startswith(b"GIF89a")
    r = await carol.slash(ch, "watch replay", number=3)
    assert r.ephemeral and "no finished game" in r.response.content
