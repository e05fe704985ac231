"""The channel is the game's record (issue 22), read from the channel's side.

After a game the channel's messages, as they finally stand (every edit applied), hold
every play in order: who played it, the roll and its name, the play in its mover's own
numbering.  A roll adds to the message of the last play instead of erasing it; against
the computer its reply stays readable after the human's next roll.  The board holds
still (pixel probes on the posted PNGs), the last message and board name the winner and
offer no turn, every board carries alt text, a challenge says what became of it, and the
text beside play buttons says they can be pressed.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
import simcord
from PIL import Image

from bot.i18n import side_name, t
from engine.dice import drawn_dice, roll_name
from engine.notation import format_turn, recorded_turn
from engine.position import Geometry, Side
from render.board import BOTH, board_layout
from render.layout import checker_center
from render.themes import CLASSIC
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    db_dicts,
    find_button,
    game_row,
    legal_texts,
    mover_and_waiter,
    resign,
    server,
    start_game,
)

#: What a prompt says (what the player to act can do), and only a prompt.
PROMPT = re.compile(r"your turn|\d+\+? legal plays|press |Only one play|Preview")


@pytest.fixture
def simcord_bot(db_path):
    return make_bot(db_path, seed=22)


# -- reading the channel ---------------------------------------------------------------


def channel(env: simcord.Env, ch: simcord.ChannelHandle) -> list[Any]:
    """The channel's public messages as they stand now, oldest first, as discord.py
    reads them (attachments with their descriptions)."""
    from simcord.results import to_discord_message

    stored = sorted(env.backend.messages.get(ch.id, {}).values(), key=lambda m: m.id)
    return [to_discord_message(env, m) for m in stored
            if not (getattr(m, "flags", 0) or 0) & 64]


def record_lines(db: Db, game_id: int, players: dict[str, int], lang: str,
                 computer: str = "", rules: Any = None) -> list[str]:
    """What the channel must say for each turn of the game, from the stored events:
    who played (side and mention), the roll by name and dice, the play as its mover
    wrote it; a forfeited roll by its roller.  ``rules``: the game's, where its
    positions are not bräde's (puff)."""
    lines = []
    rolled: tuple[int, ...] = ()
    for e in db_dicts(db, "SELECT data FROM events WHERE game_id = ? ORDER BY seq",
                      (game_id,)):
        ev = e["data"] if isinstance(e["data"], dict) else json.loads(e["data"])
        if ev.get("type") == "roll":
            rolled = tuple(ev["dice"])
        if ev.get("type") not in ("play", "forfeit"):
            continue
        side = Side(ev["side"])
        uid = players[side.value]
        who = f"{side_name(side, lang)} ({computer if uid == 0 else f'<@{uid}>'})"
        dice = tuple(ev["dice"])
        rolled, named = rolled or dice, rolled and rolled != dice  # a generalpasch named
        if ev["type"] == "forfeit":
            lines.append(t("roll", lang, who=who, name=roll_name(rolled),
                           dice=drawn_dice(rolled, "–")))
            rolled = ()
            continue
        turn = recorded_turn(ev["moves"], _position(ev) if rules is None
                             else rules.parse_position(ev["position"]))
        assert turn is not None
        if named:
            lines.append(t("played.named", lang, who=who, name=roll_name(rolled),
                           dice=drawn_dice(rolled, "–"), as_name=roll_name(dice),
                           as_dice=drawn_dice(dice, "–"), play=format_turn(turn, lang)))
        else:  # the dice in the order drawn (docs/dice.md)
            lines.append(t("played", lang, who=who, name=roll_name(dice),
                           dice=drawn_dice(dice, "–"), play=format_turn(turn, lang)))
        rolled = ()
    return lines


def _position(ev: dict) -> Any:
    from engine.position import Position

    return Position.parse(ev["position"])


def assert_in_order(text: str, lines: list[str]) -> None:
    at = 0
    for n, line in enumerate(lines):
        found = text.find(line, at)
        assert found >= 0, f"turn {n + 1} missing or out of order: {line!r}"
        at = found + len(line)


def players_of(row: dict[str, Any]) -> dict[str, int]:
    return {"white": row["white_id"], "black": row["black_id"]}


async def play_turn(env: simcord.Env, ch: simcord.ChannelHandle, db: Db, members: list,
                    turn_no: int) -> None:
    """The player to act rolls with the button, then plays: pressing a play button where
    the rolled message offers some (every other turn), else typing a play with
    ``/brade move`` in their own numbering."""
    row = game_row(db, ch.id)
    game = row["game"]
    by_id = {m.id: m for m in members}
    mover = by_id[row["white_id"] if game.turn is Side.WHITE else row["black_id"]]
    if game.phase == "roll":
        action = "roll1" if game.history[game.turn].onedie_owed else "roll"
        cid = f"brade:{action}:{row['id']}:{row['version']}:"
        await mover.click(find_button(env, ch, cid), custom_id=cid)
        return
    plays = f"brade:pick:{row['id']}:{row['version']}:a"
    if turn_no % 2 == 0:
        try:
            message = find_button(env, ch, plays)
        except AssertionError:
            message = None
        if message is not None:
            # the prompt beside play buttons says they can be pressed, or a play typed
            assert re.search(r"press|tryck", message.content), message.content
            await mover.click(message, custom_id=plays)
            shown = env.backend.get_message(ch.id, message.id)
            ok = [c["custom_id"] for r in shown.components for c in r.get("components", [])
                  if c.get("custom_id", "").startswith("brade:ok:")]
            if ok:  # the play previewed: confirmed
                await mover.click(message, custom_id=ok[0])
            return
    r = await mover.slash(ch, "brade move", play=legal_texts(game)[-1])
    assert not r.ephemeral, r.response.content


async def play_to_end(env: simcord.Env, ch: simcord.ChannelHandle, db: Db, members: list,
                      *, stop_after: int | None = None) -> dict[str, Any]:
    for n in range(3000):
        row = game_row(db, ch.id)
        if row["status"] != "active" or (stop_after is not None and
                                         row["game"].turn_count >= stop_after):
            return row
        await play_turn(env, ch, db, members, n)
    raise AssertionError("the game did not end")


def assert_alt_text(messages: list[Any], lang: str) -> int:
    """Every picture posted carries a description in the reader's language."""
    boards = 0
    for m in messages:
        for a in m.attachments:
            if a.filename.endswith(".png"):
                boards += 1
                assert a.description and len(a.description) <= 1024, (m.content, a)
                word = "checkers" if lang == "en" else "pjäser"
                assert word in a.description, a.description
    return boards


def homes_in_corners(png: bytes, position: Any) -> bool:
    """Pixel probe: White's checkers on White's 1 bottom right, Black's on Black's 1 top
    left, as a board with both numberings draws them from White's side."""
    L = board_layout(BOTH)
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
        for side, face in ((Side.WHITE, CLASSIC.white_face), (Side.BLACK, CLASSIC.black_face)):
            bp = Geometry.BRADE.board_point(side, 1)
            owner, n = position.at_board(bp)
            if owner is not side or n == 0:
                continue  # nobody home on that point: nothing to probe there
            x, y = checker_center(bp, 0, n, Side.WHITE, Geometry.BRADE, L)
            right, low = x > L.rail_x, y > L.mid_y
            if (right, low) != ((True, True) if side is Side.WHITE else (False, False)):
                return False
            px = rgb.getpixel((round(x), round(y)))
            if sum((a - b) ** 2 for a, b in zip(px, face, strict=True)) ** 0.5 > 40:
                return False
    return True


# -- 1. a whole game between members, to a win -----------------------------------------------


async def test_a_whole_game_between_members_is_in_the_channel_play_by_play(
        simcord_env: simcord.Env, db_path, specs) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    row = await play_to_end(env, ch, db_path, members)
    assert row["status"] == "over" and row["game"].outcome.kind != "resign"
    messages = channel(env, ch)
    text = "\n".join(m.content for m in messages)
    lines = record_lines(db_path, row["id"], players_of(row), "en")
    assert len(lines) == row["game"].turn_count > 20
    assert_in_order(text, lines)
    # about one message per turn: the challenge, the start, then one per turn at most
    assert len(messages) <= 2 + len(lines)
    # a board that lost its buttons keeps its turns, not the prompt that went with them
    for m in messages[:-1]:
        assert not m.components
        assert not PROMPT.search(m.content), m.content

    # the last message and its board: the winner, no turn to take, no dice to play
    last = messages[-1]
    o = row["game"].outcome
    winner = members[0] if players_of(row)[o.winner.value] == members[0].id else members[1]
    assert f"{side_name(o.winner, 'en')} ({winner.mention}) wins by" in last.content
    assert "your turn" not in last.content
    labels = [c.label for r in last.components for c in r.children]
    assert labels == ["Play again"]
    final = specs[-1]
    assert final.result is not None and final.result.outcome == o and final.dice is None
    assert "wins" in last.attachments[0].description
    assert f"{o.points} point" in last.attachments[0].description

    # every picture has its alt text, and every board of the game held still
    assert assert_alt_text(messages, "en") >= len(lines) // 2
    assert all(s.perspective is Side.WHITE and s.numbers == "both" for s in specs)


async def test_two_consecutive_boards_keep_each_home_in_its_corner(
        simcord_env: simcord.Env, db_path) -> None:
    """Pixel probe on the posted PNGs: the board for Black to act and the board for White
    to act put White's home bottom right and Black's top left alike."""
    env = simcord_env
    _, ch, members = await start_game(env)
    seen: dict[Side, bytes] = {}
    for n in range(40):
        row = game_row(db_path, ch.id)
        game = row["game"]
        if game.phase == "roll" and game.turn not in seen:
            newest = channel(env, ch)[-1]
            assert newest.attachments, newest.content
            png = env.backend.cdn.get(newest.attachments[0].url)
            assert homes_in_corners(png, game.position), (game.turn, n)
            seen[game.turn] = png
        if len(seen) == 2:
            break
        await play_turn(env, ch, db_path, members, n)
    assert set(seen) == {Side.WHITE, Side.BLACK}


# -- 2. a game ended by resignation, in Swedish ------------------------------------------------


async def test_a_resigned_game_keeps_every_play_and_says_who_gave_up(
        simcord_env: simcord.Env, db_path, specs) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, locale="sv-SE")
    row = await play_to_end(env, ch, db_path, members, stop_after=9)
    if row["game"].phase == "move":  # finish the rolled turn first
        await play_turn(env, ch, db_path, members, 1)
    loser, winner = mover_and_waiter(db_path, ch.id, members)
    r = await loser.slash(ch, "brade resign")
    await loser.click(r.response, label="Ja, ge upp")
    row = game_row(db_path, ch.id)
    assert row["status"] == "over" and row["game"].outcome.kind == "resign"
    messages = channel(env, ch)
    text = "\n".join(m.content for m in messages)
    lines = record_lines(db_path, row["id"], players_of(row), "sv")
    assert len(lines) >= 9
    assert_in_order(text, lines)
    # "Svart (@Erik) gav upp – Vit (@Åsa) vinner (1 poäng)": one sentence, no trophy line
    o = row["game"].outcome
    last = messages[-1]
    assert (f"{side_name(o.winner.other, 'sv')} ({loser.mention}) gav upp – "
            f"{side_name(o.winner, 'sv')} ({winner.mention}) vinner ({o.points} poäng)."
            ) in last.content
    assert "uppgivet parti" not in last.content and "din tur" not in last.content
    assert specs[-1].result is not None and specs[-1].dice is None
    assert "vinner" in last.attachments[0].description
    assert assert_alt_text(messages, "sv") >= 5


async def test_a_resigned_game_in_english_says_who_gave_up(simcord_env: simcord.Env,
                                                          db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, bob = members[0], members[1]
    await resign(ch, alice)
    last = channel(env, ch)[-1]
    assert f"White ({alice.mention}) resigned – Black ({bob.mention}) wins (1 point)." \
        in last.content
    assert "Bob wins" in last.attachments[0].description or "wins" in \
        last.attachments[0].description


# -- 3. against the computer -------------------------------------------------------------------


async def test_the_computers_reply_stays_readable_after_the_next_roll(
        simcord_env: simcord.Env, db_path, specs) -> None:
    env = simcord_env
    _, ch, _, (alice,) = server(env, "alice")
    await alice.slash(ch, "brade new", level="nybörjare")
    checked = 0
    for n in range(600):
        row = game_row(db_path, ch.id)
        if row["status"] != "active":
            break
        game = row["game"]
        last = game.last_play()
        if game.phase == "roll" and last is not None and last["side"] == "black" \
                and last["type"] == "play":
            # the computer has just played: Alice rolls on that very message
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            message = find_button(env, ch, cid)
            reply = t("played", "en", who="Black (Computer)",
                      name=roll_name(tuple(last["dice"])),
                      dice=drawn_dice(tuple(last["dice"]), "–"),
                      play=format_turn(recorded_turn(last["moves"], _position(last)), "en"))
            assert reply in message.content
            before = len(specs)
            await alice.click(message, custom_id=cid)
            after = env.backend.get_message(ch.id, message.id)
            assert reply in after.content, after.content  # still there, with her roll
            rolled = game_row(db_path, ch.id)["game"]
            if rolled.phase == "move":
                assert "White (" in after.content and " rolls " in after.content
                spec = specs[before]  # the redrawn board: its arrows and her dice
                assert spec.mover is Side.BLACK and spec.last_turn.text == last["moves"]
                assert spec.dice == rolled.dice and spec.dice_side is Side.WHITE
                assert spec.perspective is Side.WHITE
                checked += 1
            continue
        await play_turn(env, ch, db_path, [alice], n)
    assert checked >= 5
    row = game_row(db_path, ch.id)
    assert row["status"] == "over"
    messages = channel(env, ch)
    lines = record_lines(db_path, row["id"], players_of(row), "en",
                         computer="Computer")
    assert_in_order("\n".join(m.content for m in messages), lines)
    assert not any(PROMPT.search(m.content) for m in messages[:-1])
    assert assert_alt_text(messages, "en") >= 5
    # the computer is named alike in the text and on the board (issue 30)
    assert "Computer" in specs[-1].names
    assert any("Black (Computer)" in m.content for m in messages)


# -- 4. the challenge is answered --------------------------------------------------------------


async def test_an_accepted_challenge_says_so(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, _, (alice, bob) = server(env, "alice", "bob")
    r = await alice.slash(ch, "brade new", opponent=bob)
    offer = r.response
    assert "do you accept" in offer.content
    await bob.click(offer, label="Accept")
    stored = env.backend.get_message(ch.id, offer.id)
    assert not stored.components
    assert "do you accept" not in stored.content
    assert f"✅ {bob.mention} accepted: the game is below." in stored.content
    assert alice.mention in stored.content and "talisman" in stored.content
    assert game_row(db_path, ch.id)["status"] == "active"


@pytest.mark.parametrize("how", ["declined", "withdrawn", "withdrawn by command"])
async def test_a_declined_or_withdrawn_challenge_says_so(simcord_env: simcord.Env, db_path,
                                                         how: str) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    offer = (await alice.slash(ch, "brade new", opponent=bob)).response
    count = len(channel(env, ch))
    if how == "declined":
        await bob.click(offer, label="Avböj")
        want = f"❌ {bob.mention} avböjde."
    elif how == "withdrawn":
        await alice.click(offer, label="Avböj")
        want = f"↩️ {alice.mention} drog tillbaka utmaningen."
    else:
        r = await alice.slash(ch, "brade abort")
        assert not r.ephemeral
        want = f"↩️ {alice.mention} drog tillbaka utmaningen."
    stored = env.backend.get_message(ch.id, offer.id)
    assert not stored.components and want in stored.content, stored.content
    assert "antar du" not in stored.content and "utmanade" in stored.content
    if how != "withdrawn by command":
        assert len(channel(env, ch)) == count  # said on the challenge: no new message
    assert game_row(db_path, ch.id)["status"] in ("declined", "aborted")
