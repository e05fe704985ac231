"""Fair dice as members see them (docs/dice.md): a game's first message commits to its
dice, its last reveals the seed, and every finished game played here checks out with
``python -m engine verify`` — members' games, the computer's, a match game by game, a
puff game with a later pasch, one-die rolls, an aborted game — on both stores.  Before a
game ends its seed is in no reply and no message; a challenge nobody accepts draws no
seed; a game stored before fair dice goes on and says it has no commitment.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import BradeBot
from bot.i18n import t
from bot.service.model import COMPUTER
from engine.__main__ import main as engine_cli
from engine.game import Game
from engine.position import Side
from engine.verify import verify
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    db_exec,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    play_to_end,
    recent,
    resign,
    roll_now,
    start_game,
)
from tests.engine.helpers import ONE_DIE_SEED, toward_beautiful, wants_one_die

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    """Seed 22: the first game's dice come from ``ONE_DIE_SEED`` (22000); claims after
    two hours."""
    return make_bot(db_path, seed=ONE_DIE_SEED // 1000, remind_after=3600,
                    claim_after=7200, check_every=60)


def seed_of(db: Db, channel_id: int) -> str:
    """The live (or last) game's secret seed, straight from the database."""
    row = game_row(db, channel_id)
    assert row is not None
    return json.loads(row["state"])["game"]["seed"]


def commitment(seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def everything_sent(env: simcord.Env, since: int = 0) -> list[str]:
    """Every REST request the bot made (messages, replies, edits, files' JSON), as text."""
    return [json.dumps(r.json, ensure_ascii=False, default=str)
            for r in env.backend.http_requests[since:]]


def first_revealing(env: simcord.Env, seed: str) -> int | None:
    """The index of the first request that carried ``seed``, if any."""
    return next((i for i, text in enumerate(everything_sent(env)) if seed in text), None)


def all_messages(env: simcord.Env, ch: simcord.ChannelHandle) -> list[Any]:
    return list(reversed(recent(env, ch, 10_000)))  # oldest first


async def exported(env: simcord.Env, who: simcord.MemberActor, ch: simcord.ChannelHandle,
                   number: int | None = None) -> str:
    opts = {"number": number} if number else {}
    r = await who.slash(ch, "watch export", **opts)
    assert r.response.attachments, r.response.content
    return env.backend.cdn.get(r.response.attachments[0].url).decode("utf-8")


async def watched_history(env: simcord.Env, who: simcord.MemberActor,
                          ch: simcord.ChannelHandle) -> str:
    """``/watch history``'s text, from its file when the list is long."""
    r = await who.slash(ch, "watch history")
    if r.response.attachments:
        return env.backend.cdn.get(r.response.attachments[0].url).decode("utf-8")
    return r.response.content


def first_play(game: Game) -> str:
    """The roll's first play: never the list (a later puff pasch has thousands)."""
    return game.first_plays(1)[0].text


async def act(env: simcord.Env, ch: simcord.ChannelHandle, db: Db, members: list,
              play: Callable[[Game], str] = first_play,
              one_die: Callable[[Game], bool] = lambda game: False) -> None:
    """The player to act rolls (one die where ``one_die``), or plays ``play``'s play."""
    row = game_row(db, ch.id)
    assert row is not None and row["status"] == "active"
    game = row["game"]
    mover, _ = mover_and_waiter(db, ch.id, members)
    if game.phase == "roll":
        action = "roll1" if one_die(game) else "roll"
        cid = f"brade:{action}:{row['id']}:{row['version']}:"
        await mover.click(find_button(env, ch, cid), custom_id=cid)
    else:
        r = await mover.slash(ch, "brade move", play=play(game))
        assert not r.ephemeral, r.response.content


def checks_out(text: str, shown: str, tmp_path: Path | None = None) -> None:
    """``text`` verifies against the commitment ``shown`` in the game's first message,
    also through the command line when ``tmp_path`` is given."""
    verdict = verify(text, expected=shown)
    assert verdict.ok, verdict.message()
    if tmp_path is not None:
        path = tmp_path / "game.txt"
        path.write_text(text, encoding="utf-8")
        assert engine_cli(["verify", str(path), "--commitment", shown]) == 0


def shown_commitment(message: Any) -> str:
    m = re.search(r"Dice commitment `([0-9a-f]{64})`", message.content)
    assert m, message.content
    return m.group(1)


async def test_a_members_game_commits_first_and_reveals_last(
        simcord_env: simcord.Env, db_path: Db, tmp_path: Path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, bob, carol = members
    seed = seed_of(db_path, ch.id)
    begins = next(m for m in all_messages(env, ch) if "A game begins" in m.content)
    assert shown_commitment(begins) == commitment(seed)

    # while it is played: the export and the move list show the commitment, never the seed
    for _ in range(3):
        await act(env, ch, db_path, members)
    running = await exported(env, carol, ch)
    assert seed not in running and f'[Commitment "{commitment(seed)}"]' in running
    assert verify(running).key == "verify.no_seed"
    history = (await alice.slash(ch, "brade history")).response.content
    assert commitment(seed) in history and seed not in history
    watched = await watched_history(env, carol, ch)
    assert commitment(seed) in watched and seed not in watched
    assert first_revealing(env, seed) is None

    final = await play_to_end(env, ch, db_path, {alice.id: alice, bob.id: bob},
                              check_boards=False)
    assert final["status"] == "over"
    last = all_messages(env, ch)[-1]
    assert f"Dice seed `{seed}`" in last.content and "python -m engine verify" in last.content
    # the first request that carried the seed was the game's last message
    first = everything_sent(env)[first_revealing(env, seed) or 0]
    assert "Dice seed" in first and ("wins" in first or "won" in first), first
    checks_out(await exported(env, carol, ch), shown_commitment(begins), tmp_path)
    history = await watched_history(env, carol, ch)
    assert f"Dice seed: `{seed}`" in history and "python -m engine verify" in history


async def test_against_the_computer(simcord_env: simcord.Env, db_path: Db) -> None:
    """The computer's rolls are drawn from the same seed, in turn."""
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    r = await alice.slash(ch, "brade new", level="nybörjare")
    shown = shown_commitment(r.response)
    seed = seed_of(db_path, ch.id)
    assert shown == commitment(seed)
    for _ in range(12):
        row = game_row(db_path, ch.id)
        game = row["game"]
        if row["status"] != "active" or game.turn_count >= 6:
            break
        if game.phase == "roll":
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            await alice.click(find_button(env, ch, cid), custom_id=cid)
        else:
            await alice.slash(ch, "brade move", play=game.first_plays(1)[0].text)
    row = game_row(db_path, ch.id)
    computer = Side.WHITE if row["white_id"] == COMPUTER else Side.BLACK
    assert any(e["type"] == "roll" and e["side"] == computer.value for e in row["game"].events)
    assert first_revealing(env, seed) is None
    if row["status"] == "active":
        await resign(ch, alice)
    assert f"Dice seed `{seed}`" in all_messages(env, ch)[-1].content
    checks_out(await exported(env, alice, ch), shown)

    # her profile counts her own rolls (not the computer's), beside what chance gives
    human = computer.other.value
    mine = [e["dice"] for e in game_row(db_path, ch.id)["game"].events
            if e["type"] == "roll" and e["side"] == human]
    assert mine
    doubles = sum(1 for d in mine if d[0] == d[1])
    text = (await alice.slash(ch, "rating profile")).response.content
    assert f"Dice: {len(mine)} rolls of two, pasch {doubles} (" in text
    assert "chance gives 16.7% ± " in text
    assert f"Faces of all {2 * len(mine)} dice" in text
    for face in range(1, 7):
        n = sum(d.count(face) for d in mine)
        assert f"{face}: {n} (" in text


async def test_a_match_reveals_each_games_seed_at_its_end(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """Game 1 and 2 resigned, game 3 aborted: each its own seed, committed in the
    message that starts it and revealed in the one that ends it."""
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    r = await alice.slash(ch, "brade new", opponent=bob, match=3)
    await bob.click(r.response, label="Accept")
    seeds = [seed_of(db_path, ch.id)]
    await resign(ch, alice)
    seeds.append(seed_of(db_path, ch.id))
    await resign(ch, bob)
    seeds.append(seed_of(db_path, ch.id))
    assert len(set(seeds)) == 3
    messages = all_messages(env, ch)
    commits = [(i, shown_commitment(m)) for i, m in enumerate(messages)
               if "Dice commitment" in m.content]
    assert [c for _, c in commits] == [commitment(s) for s in seeds]
    for n, seed in enumerate(seeds[:2]):
        reveal = next(i for i, m in enumerate(messages) if f"Dice seed `{seed}`" in m.content)
        # revealed after its own commitment, with (just before) the next game's
        assert commits[n][0] < reveal < commits[n + 1][0]
        assert f"number:{n + 1}" in messages[reveal].content
    assert seeds[2] not in "".join(everything_sent(env))

    await roll_now(env, ch, db_path, [alice, bob])
    await alice.slash(ch, "brade abort")
    row = game_row(db_path, ch.id)
    cid = f"brade:abort:{row['id']}:{row['version']}:"
    await bob.click(find_button(env, ch, cid), custom_id=cid)
    assert game_row(db_path, ch.id)["status"] == "aborted"
    last = all_messages(env, ch)[-1]
    assert "aborted" in last.content and f"Dice seed `{seeds[2]}`" in last.content
    assert "number:3" in last.content
    for n, (seed, (_, shown)) in enumerate(zip(seeds, commits, strict=True), 1):
        text = await exported(env, carol, ch, number=n)
        assert f'[Seed "{seed}"]' in text
        checks_out(text, shown)
    history = await watched_history(env, carol, ch)
    assert all(f"Dice seed: `{s}`" in history for s in seeds)


async def test_a_puff_game_with_a_later_pasch(simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, rules="puff-kontrar")
    alice, _bob, carol = members
    shown = shown_commitment(next(m for m in all_messages(env, ch)
                                  if "A game begins" in m.content))

    def paschs(game: Game) -> dict[str, int]:
        rolled = [e for e in game.events if e["type"] == "roll" and len(e["dice"]) == 2]
        return {s: sum(1 for e in rolled if e["side"] == s and e["dice"][0] == e["dice"][1])
                for s in ("white", "black")}

    for _ in range(400):
        row = game_row(db_path, ch.id)
        game = row["game"]
        if row["status"] != "active" or (max(paschs(game).values()) >= 2
                                         and game.phase == "roll"):
            break
        await act(env, ch, db_path, members)
    row = game_row(db_path, ch.id)
    assert max(paschs(row["game"]).values()) >= 2, "a player rolled a later pasch"
    if row["status"] == "active":
        await resign(ch, alice)
    checks_out(await exported(env, carol, ch), shown)


async def test_one_die_rolls(simcord_env: simcord.Env, db_path: Db) -> None:
    """B-36 through the Roll one die button: a seeded game (``ONE_DIE_SEED``) whose
    players steer for a beautiful game reaches three one-die rolls."""
    env = simcord_env
    _, ch, members = await start_game(env)
    carol = members[2]
    assert seed_of(db_path, ch.id) == ONE_DIE_SEED.to_bytes(32, "big").hex()
    for _ in range(400):
        if game_row(db_path, ch.id)["status"] != "active":
            break
        await act(env, ch, db_path, members, lambda g: toward_beautiful(g).text, wants_one_die)
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    ones = [e for e in row["game"].events if e["type"] == "roll" and len(e["dice"]) == 1]
    assert len(ones) == 3
    text = await exported(env, carol, ch)
    assert sum(1 for line in text.splitlines() if re.match(r"\d+\. \w+ [1-6] ", line)) == 3
    checks_out(text, commitment(seed_of(db_path, ch.id)))


async def test_a_claimed_game(simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    seed = seed_of(db_path, ch.id)
    row = game_row(db_path, ch.id)
    waiter = next(m for m in members[:2]
                  if (m.id == row["white_id"]) != (row["game"].turn is Side.WHITE))
    await env.advance_time(7400)
    offer = recent(env, ch, 1)[0]
    assert seed not in offer.content and "may now claim" in offer.content
    await waiter.click(offer, label="Claim the game")
    assert game_row(db_path, ch.id)["status"] == "over"
    assert f"Dice seed `{seed}`" in all_messages(env, ch)[-1].content
    checks_out(await exported(env, members[2], ch), commitment(seed))


async def test_a_game_against_the_computer_closed_idle(simcord_env: simcord.Env,
                                                       db_path: Db) -> None:
    env = simcord_env
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    r = await alice.slash(ch, "brade new", level="nybörjare")
    seed = seed_of(db_path, ch.id)
    await env.advance_time(7400)  # alice has gone quiet for longer than claim_after
    assert game_row(db_path, ch.id)["status"] == "over"
    last = all_messages(env, ch)[-1]
    assert f"Dice seed `{seed}`" in last.content, last.content
    # issue 46: with its final board, the result on it, nobody to play
    assert last.attachments and "wins" in (last.attachments[0].description or "")
    assert "on roll" not in (last.attachments[0].description or "")
    checks_out(await exported(env, alice, ch), shown_commitment(r.response))


async def test_a_challenge_that_lapses_draws_no_dice(db_path: Db) -> None:
    drawn: list[int] = []
    numbers = iter(range(5000, 6000))

    def source() -> int:
        drawn.append(next(numbers))
        return drawn[-1]

    bot = make_bot(db_path, challenge_expires=60, check_every=30)
    bot.seed_source = source
    env = simcord.Env(bot, settle_timeout=30.0)
    await env.start()
    try:
        guild = env.create_guild()
        ch = guild.create_text_channel("spel")
        alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
        await alice.slash(ch, "brade new", opponent=bob)
        await env.advance_time(120)
        r = await alice.slash(ch, "brade new", opponent=bob)
        await bob.click(r.response, label="Decline")
    finally:
        await env.shutdown()
    assert drawn == []
    rows = db_rows(db_path, "SELECT status, state FROM games ORDER BY id")
    assert [s for s, _ in rows] == ["declined", "declined"]
    assert all("seed" not in (state or "") for _, state in rows)
    assert not any("Dice" in text for text in everything_sent(env))


async def test_a_game_from_before_fair_dice_goes_on_without_a_commitment(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """A stored game with the old generator state: the same dice as it would have
    rolled, no seed line at its end, "no dice seed to check" in its history, and its
    export (with the old decimal seed, once over) replays."""
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, _bob, carol = members
    row = game_row(db_path, ch.id)
    state = json.loads(row["state"])
    del state["game"]["seed"], state["game"]["drawn"]
    old = random.Random(4017)
    v, st, gauss = old.getstate()
    state["game"]["rng"] = [v, list(st), gauss]
    twin = random.Random(4017)
    db_exec(db_path, "UPDATE games SET state = ?, seed = ? WHERE id = ?",
            (json.dumps(state), 4017, row["id"]))
    env.bot.services.games.table.cache.clear()  # the bot's cache of unchanged games: this one changed
    await roll_now(env, ch, db_path, members)
    rolled = [e for e in game_row(db_path, ch.id)["game"].events if e["type"] == "roll"]
    assert rolled[-1]["dice"] == [twin.randint(1, 6), twin.randint(1, 6)]
    await resign(ch, alice)
    last = all_messages(env, ch)[-1]
    assert "Dice seed" not in last.content
    history = await watched_history(env, carol, ch)
    assert "no dice seed to check" in history
    text = await exported(env, carol, ch)
    assert '[Seed "4017"]' in text and "Commitment" not in text
    assert verify(text).key == "verify.no_commitment"


@pytest.mark.parametrize(("locale", "lang"), [("sv-SE", "sv"), (None, "en")])
async def test_the_export_of_an_ended_game_says_every_roll_matches(
        simcord_env: simcord.Env, db_path: Db, locale: str | None, lang: str) -> None:
    """Issue 46, 7: the bot checks a finished game's dice itself when it exports it and
    says so in words, pointing to the check that needs no Python (docs/verify.html)."""
    env = simcord_env
    _, ch, members = await start_game(env, locale=locale)
    alice, _bob, carol = members
    for _ in range(4):
        await act(env, ch, db_path, members)
    r = await alice.slash(ch, "brade resign")
    await alice.click(r.response, label="Ja, ge upp" if lang == "sv" else "Yes, resign")
    r = await carol.slash(ch, "watch export")
    note = r.response.content
    row = game_row(db_path, ch.id)
    rolls = sum(1 for e in row["game"].events if e["type"] in ("teka", "roll"))
    assert t("watch.export.matches", lang, rolls=rolls) in note, note
    assert "docs/verify.html" in note
    assert verify(env.backend.cdn.get(r.response.attachments[0].url).decode()).ok
