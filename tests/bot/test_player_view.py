"""The game as a player sees it (issue 13): names, their own side, their own dice, few
messages, lapsing challenges, words instead of rule ids, Swedish throughout."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pytest
import simcord
from PIL import Image

from bot.i18n import FEATURES, TABLES, commands, t
from bot.service.pictures import render_png
from engine.dice import roll_name
from engine.generators import legal_turns
from engine.position import Side
from render.board import BOTH, board_layout
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    db_exec,
    db_rows,
    find_button,
    game_row,
    legal_texts,
    mover_and_waiter,
    pngs,
    recent,
    resign,
    resigned_game,
    roll_now,
    server,
    start_game,
)

RULE_ID = re.compile(r"[GTBPM]-\d+")


def channel_posts(env: simcord.Env, channel_id: int) -> list:
    """The channel's public messages, oldest first (ephemeral replies are not in it)."""
    stored = sorted(env.backend.messages.get(channel_id, {}).values(), key=lambda m: m.id)
    return [m for m in stored if not (getattr(m, "flags", 0) or 0) & 64]


def strip_colour(png: bytes, bottom: bool) -> tuple[int, int, int]:
    """The colour of the player chip at the left of the bottom (or top) name strip of a
    board the bot posts (both numberings printed)."""
    L = board_layout(BOTH)
    _, y0, _, y1 = L.strip_rect(bottom)
    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB").getpixel((L.margin + 38, (y0 + y1) // 2))


def said(r) -> str:
    """Everything an interaction's answer says (its response and follow-ups)."""
    parts = [r.response, *r.followups]
    return "\n".join(getattr(m, "content", "") or "" for m in parts if m is not None)


def brightness(rgb: tuple[int, int, int]) -> int:
    return sum(rgb)


# -- 1. names, never ids ---------------------------------------------------------------------


async def test_names_of_members_never_seen_by_the_cache(simcord_env: simcord.Env, db_path,
                                                        specs) -> None:
    env = simcord_env
    guild, ch, members = await start_game(env, names=("Cilla", "Dagny", "Erik"))
    _cilla, dagny, erik = members
    assert env.bot.get_guild(guild.id).get_member(dagny.id) is None  # no members intent
    spec = specs[-1]
    assert spec.names == ("Cilla", "Dagny")

    # A new process, and the players table emptied: only Discord's REST API knows them.
    await env.restart_bot(make_bot(db_path))
    db_exec(db_path, "DELETE FROM players")
    specs.clear()
    r = await erik.slash(ch, "brade show")  # Erik watches: neither player has acted yet
    assert not r.ephemeral
    assert specs[-1].names == ("Cilla", "Dagny")
    assert "#" not in "".join(specs[-1].names)
    names = dict(((g, u), n) for g, u, n in db_rows(
        db_path, "SELECT guild_id, user_id, display_name FROM players"))
    assert names[(guild.id, dagny.id)] == "Dagny"  # fetched once, then remembered


async def test_a_member_who_acts_is_named_by_the_interaction(simcord_env: simcord.Env,
                                                            db_path) -> None:
    """Issue 13: every interaction names the member who sent it, written at its end;
    ``/brade help`` looks up nobody, so only the interaction can have named her."""
    env = simcord_env
    guild, ch, _owner, (cilla,) = server(env, "Cilla")
    await cilla.slash(ch, "brade help")
    names = dict(((g, u), n) for g, u, n in db_rows(
        db_path, "SELECT guild_id, user_id, display_name FROM players"))
    assert names.get((guild.id, cilla.id)) == "Cilla"


async def test_thread_per_game_is_named_and_archived(simcord_env: simcord.Env, db_path,
                                                     specs) -> None:
    env = simcord_env
    _, ch, owner, (alice, bob) = server(env, "Alice", "Bob")
    r = await owner.slash(ch, "brade settings", threads=True)
    assert "thread per game yes" in r.response.content
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral and "Opened" in said(r)
    thread = next(th for th in ch.threads)
    assert env.backend.channels[thread.id].name == "Bräde: Alice vs Bob"
    await bob.click(find_button(env, thread, f"brade:accept:{game_row(db_path, thread.id)['id']}"
                                f":{game_row(db_path, thread.id)['version']}:"), label="Accept")
    assert specs[-1].names == ("Alice", "Bob")
    await resign(thread, alice)
    assert game_row(db_path, thread.id)["status"] == "over"
    assert env.backend.channels[thread.id].thread_metadata.archived


# -- 2 and 3. a board that holds still, the roller's own dice ----------------------------------


async def test_every_board_of_a_game_between_members_holds_still(simcord_env: simcord.Env,
                                                                 db_path, specs) -> None:
    """Issue 22 changed issue 13's boards drawn for the side to act, which flipped with
    every message: White is at the bottom of every board of a game between members, with
    both numberings; the roll to play is the roller's, beside the last play as its
    mover's."""
    env = simcord_env
    _, ch, members = await start_game(env)
    by_id = {m.id: m for m in members}
    seen = set()
    for _ in range(8):
        row = game_row(db_path, ch.id)
        game = row["game"]
        to_act = game.turn
        spec = specs[-1]
        assert spec.perspective is Side.WHITE and spec.numbers == "both"
        png = pngs(env, recent(env, ch, 1)[0]) or pngs(env, recent(env, ch, 2)[1])
        # pixel probe: White's chip sits in the bottom strip whoever is to act
        bottom, top = strip_colour(png[0], True), strip_colour(png[0], False)
        assert brightness(bottom) > brightness(top), to_act
        seen.add(to_act)
        before = len(specs)
        last = game.last_play()
        await roll_now(env, ch, db_path, members)
        row = game_row(db_path, ch.id)
        if row["game"].phase == "move":
            rolled = specs[before]
            # 3: the board rolled on shows the roller's dice, named, as the roll to play
            assert rolled.dice == row["game"].dice and rolled.dice_side is to_act
            assert rolled.perspective is Side.WHITE
            assert rolled.position == row["game"].position
            if last is not None:  # and the opponent's last play, as the opponent's
                assert rolled.mover is Side(last["side"]) is to_act.other
                assert rolled.last_dice == tuple(last["dice"])
                if last["type"] == "play":
                    assert rolled.last_turn.text == last["moves"]
            message = recent(env, ch, 1)[0]
            assert roll_name(row["game"].dice) in message.content
            mover = by_id[row["white_id"] if to_act is Side.WHITE else row["black_id"]]
            await mover.slash(ch, "brade move", play=legal_texts(row["game"])[0])
            played = specs[-1]  # the board after the play: no roll to play, the play's
            assert played.dice is None and played.mover is to_act
            assert played.last_dice == rolled.dice
        if seen == {Side.WHITE, Side.BLACK} and len(specs) > 6:
            break
    assert seen == {Side.WHITE, Side.BLACK}
    # the same board drawn from the other side is a different picture
    assert render_png(specs[-1]) != render_png(replace(specs[-1],
                                                        perspective=specs[-1].perspective.other))


# -- 4. a channel a player can live with ---------------------------------------------------


async def test_a_whole_game_against_the_computer_posts_one_message_per_turn(
        simcord_env: simcord.Env, db_path, specs) -> None:
    env = simcord_env
    _, ch, _, (alice,) = server(env, "alice")
    r = await alice.slash(ch, "brade new", level="nybörjare")
    assert "Welcome to bräde" in said(r)  # their first game
    human_turns = 0
    for _ in range(400):
        row = game_row(db_path, ch.id)
        if row["status"] != "active":
            break
        game = row["game"]
        assert row["white_id"] == alice.id and row["black_id"] == 0
        assert game.turn is Side.WHITE  # the computer never leaves it its turn
        assert specs[-1].perspective is Side.WHITE  # always the human's side
        if game.phase == "roll":
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            before = len(channel_posts(env, ch.id))
            await alice.click(find_button(env, ch, cid), custom_id=cid)
            # the roll edits the board: with the plays to choose from, or lost, with the
            # lost dice (issue 30); then the computer's reply and her next turn are a new
            # message that pings her (issue 46)
            now = channel_posts(env, ch.id)
            if game_row(db_path, ch.id)["game"].phase == "move":
                assert len(now) == before
            else:
                assert len(now) == before + 1 and alice.id in now[-1].ping_user_ids
            continue
        await alice.slash(ch, "brade move", play=legal_texts(game)[0])
        human_turns += 1
        if game_row(db_path, ch.id)["status"] == "active":  # the computer's reply: a new
            assert alice.id in channel_posts(env, ch.id)[-1].ping_user_ids  # one, pinging
    else:
        raise AssertionError("the game did not end")
    posts = channel_posts(env, ch.id)
    # The policy: the challenge-free start, then one message per human play, the
    # computer's reply inside it; a lost roll joins the message it was rolled in and the
    # human's turn after it is a message of its own (issue 46): hers always (pressed on
    # a board), the computer's when it follows a play, whose board it keeps.
    turns = [e for e in row["game"].events if e["type"] in ("play", "forfeit")]
    lost = sum(1 for i, e in enumerate(turns) if e["type"] == "forfeit" and (
        e["side"] == "white" or (i > 0 and turns[i - 1]["type"] == "play")))
    assert len(posts) == 1 + human_turns + lost, (len(posts), human_turns, lost)
    final = posts[-1]
    assert "wins" in final.content
    labels = [c.get("label") for row_ in final.components for c in row_.get("components", [])]
    assert labels == ["Play again"]  # no Roll left on the last board
    assert all(not p.components for p in posts[:-1])  # no old buttons linger

    # Play again: one click, a new game against the computer with colours swapped
    msg = recent(env, ch, 1)[0]
    await alice.click(msg, label="Play again")
    again = game_row(db_path, ch.id)
    assert again["status"] == "active" and again["id"] != row["id"]
    assert (again["white_id"], again["black_id"]) == (0, alice.id)


async def test_old_buttons_of_a_finished_game_say_it_is_over(simcord_env: simcord.Env,
                                                             db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice, bob = members[0], members[1]
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    board = find_button(env, ch, cid)
    # a board posted by a bot from before the store kept track of it (migration 0007),
    # or one whose buttons Discord refused to take off: nothing says where it is
    db_exec(db_path, "DELETE FROM live_boards")
    await env.restart_bot(make_bot(db_path))
    await resign(ch, alice)
    assert game_row(db_path, ch.id)["status"] == "over"
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    r = await mover.click(board, custom_id=cid)
    note = r.followups[-1]
    assert note.ephemeral and "game is over" in note.content
    assert "already been made" not in said(r)
    stored = env.backend.get_message(ch.id, board.id)
    assert not stored.components  # and the dead buttons are gone
    r = await bob.slash(ch, "brade new", opponent=alice)  # the channel is free again
    assert not r.ephemeral


# -- 6. challenges lapse -----------------------------------------------------------------------


async def test_an_unanswered_challenge_expires_and_frees_the_channel(simcord_env: simcord.Env,
                                                                     db_path) -> None:
    env = simcord_env
    _, ch, _, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    r = await alice.slash(ch, "brade new", opponent=bob)
    offer = r.response
    r = await carol.slash(ch, "brade new", opponent=bob)
    assert r.ephemeral and "already going on" in said(r)
    await env.advance_time(16 * 60)
    row = game_row(db_path, ch.id)
    assert row["status"] == "declined"
    stored = env.backend.get_message(ch.id, offer.id)
    assert not stored.components and "lapsed" in stored.content  # issue 22: it says so
    assert bob.mention in stored.content  # and what it offered, to whom
    r = await carol.slash(ch, "brade new", opponent=bob)
    assert not r.ephemeral and "challenges" in r.response.content


async def test_a_challenge_lapsing_after_a_restart_rewrites_its_own_message(
        simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, _owner, (alice, bob) = server(env, "alice", "bob")
    offer = (await alice.slash(ch, "brade new", opponent=bob)).response
    await env.restart_bot(make_bot(db_path))
    before = len(env.backend.messages[ch.id])
    await env.advance_time(16 * 60)
    stored = env.backend.get_message(ch.id, offer.id)
    assert not stored.components and "lapsed" in stored.content
    assert len(env.backend.messages[ch.id]) == before  # no second message about it


async def test_a_lapsed_challenge_whose_message_was_deleted_is_announced_anew(
        simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    _, ch, _owner, (alice, bob) = server(env, "alice", "bob")
    r = await alice.slash(ch, "brade new", opponent=bob)
    env.backend.delete_message(ch.id, r.response.id)  # a moderator tidied the channel
    await env.advance_time(16 * 60)
    assert game_row(db_path, ch.id)["status"] == "declined"
    said_after = [m.content for m in env.backend.messages[ch.id].values()]
    assert any("lapsed" in text for text in said_after), said_after


# -- 7. rule ids stay in the code ---------------------------------------------------------------


def test_no_player_facing_string_names_a_rule_id() -> None:
    import importlib

    texts = {f"{lang}:{k}": v for lang, table in TABLES.items() for k, v in table.items()}
    texts.update({f"cmd:{k}": v for k, v in commands.SV.items()})
    texts.update({f"cmd:{k}": k for k in commands.SV})
    for name in FEATURES:  # every feature's command names and descriptions
        module = importlib.import_module(f"bot.i18n.{name}")
        for k, v in getattr(module, "COMMANDS_SV", {}).items():
            texts[f"{name}:{k}"] = f"{k} {v}"
    leaks = {k: v for k, v in texts.items() if RULE_ID.search(v)}
    assert not leaks, leaks


# -- 8. Swedish throughout -----------------------------------------------------------------------


async def test_swedish_buttons_and_texts_say_ut(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    from bot.service.games.boards import play_label
    from engine import rules
    from engine.notation import format_turn
    from engine.position import Position

    r = rules.get("talisman")
    turn = legal_turns(r, Position.parse("white=24x2,offx13 black=1x15 turn=white"), (6, 5))[0]
    text = format_turn(turn, "en")  # a play button's label, as the picker words it
    assert play_label(text, "sv", "btn.play") == "Spela 24/ut 24/ut"
    assert play_label(text, "en", "btn.play") == "Play 24/off 24/off"

    _guild, ch, members = await start_game(env, locale="sv-SE")
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    r = await mover.slash(ch, "brade help")
    assert r.ephemeral and "Bräde här, i korthet" in r.response.content
    assert "/bräde ny" in r.response.content

    # The game jumps to the mover bearing off: three checkers on their 24, twelve off,
    # so whatever they roll, every play bears off (the stored game, as a restart loads it).
    row = game_row(db_path, ch.id)
    assert row["game"].phase == "roll"
    mine = "24x3,offx12"
    side = row["game"].turn.value
    other = "black" if side == "white" else "white"
    state = json.loads(row["state"])
    state["game"]["position"] = f"{side}={mine} {other}=1x15 turn={side}"
    db_exec(db_path, "UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), row["id"]))
    env.bot.services.games.table.cache.clear()  # the bot's cache of unchanged games: this one changed

    await roll_now(env, ch, db_path, members)
    row = game_row(db_path, ch.id)
    assert row["game"].phase == "move"
    buttons = [(m, c) for m in recent(env, ch) for line in m.components
               for c in getattr(line, "children", [])
               if (getattr(c, "custom_id", None) or "").startswith("brade:pick:")]
    assert buttons, "a roll with one play offers it on a button"
    labels = [c.label for _, c in buttons]
    assert all(re.search(r"\b24/ut\b", x) for x in labels), labels
    assert not any("off" in x for x in labels), labels
    message, button = buttons[0]
    assert (await mover.click(message, custom_id=button.custom_id)).acknowledged
    played = game_row(db_path, ch.id)["game"]
    assert played.position.side(Side(side))[25] > 12  # the checkers are off

    # /watch history, read by a spectator, and its whole record as a file: Swedish notation.
    r = await members[2].slash(ch, "watch history")
    assert re.search(r"\b24/ut\b", r.response.content), r.response.content
    assert "off" not in r.response.content
    file = await record_file(members[2], r.response, "Som fil")
    data = env.backend.cdn.get(file.attachments[0].url).decode()
    assert re.search(r"\b24/ut\b", data), data
    assert "off" not in data, data


async def record_file(actor: simcord.MemberActor, page, label: str):
    """The whole record as a file: the button under a page of ``/watch history``."""
    button = next(c for row in page.components for c in row["components"]
                  if c["label"] == label)
    r = await actor.click(page, custom_id=button["custom_id"])
    assert r.response.attachments, r.response.content
    return r.response


async def test_watch_history_file_names_players_in_plain_text(simcord_env: simcord.Env,
                                                              db_path) -> None:
    env = simcord_env
    _, ch, members = await start_game(env, names=("Cilla", "Dagny", "Erik"))
    for _ in range(600):  # the whole game: a file rather than a message
        row = game_row(db_path, ch.id)
        if row["status"] != "active":
            break
        if row["game"].phase == "roll":
            await roll_now(env, ch, db_path, members)
            continue
        mover, _ = mover_and_waiter(db_path, ch.id, members)
        await mover.slash(ch, "brade move", play=legal_texts(row["game"])[0])
    r = await members[2].slash(ch, "watch history")
    file = await record_file(members[2], r.response, "As a file")
    data = env.backend.cdn.get(file.attachments[0].url).decode()
    assert "<@" not in data and "`" not in data
    assert "Cilla" in data and "Dagny" in data


async def test_help_and_personal_theme(simcord_env: simcord.Env, db_path, specs) -> None:
    env = simcord_env
    _, ch, members = await start_game(env)
    alice = members[0]
    r = await alice.slash(ch, "brade help")
    assert r.ephemeral and "/brade new" in r.response.content
    r = await alice.slash(ch, "brade settings", theme="contrast")
    assert r.ephemeral and "contrast" in r.response.content
    row = game_row(db_path, ch.id)
    await alice.slash(ch, "brade show")
    spec = specs[-1]
    viewer = row["white_id"] if spec.perspective is Side.WHITE else row["black_id"]
    assert spec.theme == ("contrast" if viewer == alice.id else "classic")


@pytest.mark.parametrize("lang", ["sv", "en"])
async def test_the_welcome_goes_once_to_each_new_player(simcord_env: simcord.Env, db_path,
                                                        lang: str) -> None:
    """Issue 30, 9 and issue 46, 3: the first-game welcome comes once to the challenger
    (not again after a declined first challenge) and once to the member invited, when
    they accept; it is a few lines (the game above it stays in sight on a phone) with a
    button that turns it into the whole help; and it never comes again, not in a direct
    message either."""
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE" if lang == "sv" else "en-US")
    ch = guild.create_text_channel("spel")
    users = [env.create_user(n) for n in ("alice", "bob", "carol")]
    alice, bob, _carol = (guild.add_member(u) for u in users)
    welcome = t("help.first", lang)
    accept, decline = ("Anta", "Avböj") if lang == "sv" else ("Accept", "Decline")

    r = await alice.slash(ch, "brade new", opponent=bob)
    assert said(r).count(welcome) == 1
    d = await bob.click(r.response, label=decline)
    assert welcome not in said(d)  # declining is not a first game
    r = await alice.slash(ch, "brade new", opponent=bob)
    assert welcome not in said(r)  # welcomed with her first challenge already
    a = await bob.click(r.response, label=accept)
    assert said(a).count(welcome) == 1  # the invited member's first game
    note = next(m for m in a.followups if m is not None and welcome in (m.content or ""))
    assert note.flags.ephemeral and len(note.content) < 200  # a few lines at a phone's width
    # its button opens the whole help in its place, for Bob alone
    opened = await bob.click(note, label=t("btn.help", lang))
    assert opened.acknowledged
    shown = env.backend.get_message(ch.id, note.id)
    assert shown.content.startswith(t("help", lang)[:40]) and not shown.components
    # once per member wherever they play: not again in a direct message
    r = await users[1].slash("brade new", level="nybörjare")
    assert not r.ephemeral and welcome not in said(r)
    assert game_row(db_path, users[1].dm_channel.id)["status"] == "active"
    r = await alice.slash(ch, "brade resign")
    await alice.click(r.response, label="Ja, ge upp" if lang == "sv" else "Yes, resign")
    assert game_row(db_path, ch.id)["status"] == "over"


async def test_play_again_between_members_swaps_colours(simcord_env: simcord.Env,
                                                        db_path) -> None:
    env = simcord_env
    ch, alice, bob, first = await resigned_game(env, db_path)
    final = recent(env, ch, 1)[0]
    r = await alice.click(final, label="Play again")  # the loser asks for a rematch
    offer = game_row(db_path, ch.id)
    assert offer["status"] == "offered" and offer["id"] != first["id"]
    assert (offer["white_id"], offer["black_id"]) == (bob.id, alice.id)  # colours swapped
    message = find_button(env, ch, f"brade:accept:{offer['id']}:{offer['version']}:")
    r = await alice.click(message, label="Accept")  # not hers to accept
    assert "Only <@" in said(r) and bob.mention in said(r)
    await bob.click(message, label="Accept")
    assert game_row(db_path, ch.id)["status"] == "active"
    assert not env.backend.get_message(ch.id, final.id).components  # used once
