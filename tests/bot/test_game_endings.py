"""How a game ends as its players see it (issue 13): aborted or claimed, its last board
keeps no buttons and its thread is archived; the winner may ask for the rematch; the
server's board theme reaches the boards.

Resigning and winning are covered in ``test_player_view.py``; these are the other ends.
"""

from __future__ import annotations

import pytest
import simcord

from engine.position import Side
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    buttons_left,
    find_button,
    game_row,
    mover_and_waiter,
    recent,
    resigned_game,
    server,
)


@pytest.fixture
def simcord_bot(db_path):
    """Claims become possible two hours after a player stops moving (test_lifecycle)."""
    return make_bot(db_path, remind_after=3600, claim_after=7200, check_every=60)


async def game_in_a_thread(env: simcord.Env, db_path) -> tuple:
    """A server with a thread per game; Alice challenged Bob, who accepted in the thread."""
    _, ch, owner, (alice, bob) = server(env, "Alice", "Bob")
    await owner.slash(ch, "brade settings", threads=True)
    await alice.slash(ch, "brade new", opponent=bob)
    thread = next(th for th in ch.threads)
    row = game_row(db_path, thread.id)
    await bob.click(find_button(env, thread, f"brade:accept:{row['id']}:{row['version']}:"),
                    label="Accept")
    row = game_row(db_path, thread.id)
    assert row["status"] == "active"
    assert "Roll" in buttons_left(env, thread.id)
    return thread, [alice, bob, owner]


async def test_abort_strips_the_buttons_and_archives_the_thread(simcord_env: simcord.Env,
                                                                db_path) -> None:
    env = simcord_env
    thread, (alice, bob, _owner) = await game_in_a_thread(env, db_path)
    await alice.slash(thread, "brade abort")
    row = game_row(db_path, thread.id)
    cid = f"brade:abort:{row['id']}:{row['version']}:"
    await bob.click(find_button(env, thread, cid), custom_id=cid)
    assert game_row(db_path, thread.id)["status"] == "aborted"
    assert buttons_left(env, thread.id) == []  # no Roll, no Abort left to press
    assert env.backend.channels[thread.id].thread_metadata.archived


async def test_the_thread_is_archived_after_a_restart(simcord_env: simcord.Env,
                                                      db_path) -> None:
    """The bot remembers the threads it opened in its database, not in memory."""
    env = simcord_env
    thread, (alice, bob, _owner) = await game_in_a_thread(env, db_path)
    await env.restart_bot(make_bot(db_path))  # a new process on the same database file
    await alice.slash(thread, "brade abort")
    row = game_row(db_path, thread.id)
    cid = f"brade:abort:{row['id']}:{row['version']}:"
    await bob.click(find_button(env, thread, cid), custom_id=cid)
    assert game_row(db_path, thread.id)["status"] == "aborted"
    assert buttons_left(env, thread.id) == []
    assert env.backend.channels[thread.id].thread_metadata.archived


async def test_claim_strips_the_buttons_and_archives_the_thread(simcord_env: simcord.Env,
                                                                db_path) -> None:
    env = simcord_env
    thread, members = await game_in_a_thread(env, db_path)
    _mover, waiter = mover_and_waiter(db_path, thread.id, members[:2])
    await env.advance_time(7400)  # the mover has gone quiet for longer than claim_after
    offer = recent(env, thread, 1)[0]
    assert "may now claim" in offer.content
    await waiter.click(offer, label="Claim the game")
    row = game_row(db_path, thread.id)
    assert row["status"] == "over" and row["game"].outcome is not None
    left = buttons_left(env, thread.id)
    assert all(label == "Play again" for label in left), left  # only the rematch
    assert env.backend.channels[thread.id].thread_metadata.archived


async def test_the_winner_asks_for_the_rematch(simcord_env: simcord.Env, db_path) -> None:
    env = simcord_env
    ch, alice, bob, first = await resigned_game(env, db_path)
    winner = first["game"].outcome.winner
    assert winner is (Side.WHITE if first["white_id"] == bob.id else Side.BLACK)
    final = recent(env, ch, 1)[0]
    await bob.click(final, label="Play again")  # the winner this time
    offer = game_row(db_path, ch.id)
    assert offer["status"] == "offered" and offer["id"] != first["id"]
    assert (offer["white_id"], offer["black_id"]) == (first["black_id"], first["white_id"])
    message = find_button(env, ch, f"brade:accept:{offer['id']}:{offer['version']}:")
    await bob.click(message, label="Accept")  # his own challenge: not his to accept
    assert game_row(db_path, ch.id)["status"] == "offered"
    await alice.click(message, label="Accept")
    assert game_row(db_path, ch.id)["status"] == "active"
    assert not env.backend.get_message(ch.id, final.id).components  # used once


async def test_the_server_theme_reaches_the_boards(simcord_env: simcord.Env, db_path,
                                                   specs) -> None:
    env = simcord_env
    _, ch, owner, (alice, bob) = server(env, "alice", "bob")
    r = await alice.slash(ch, "brade settings", server_theme="contrast")
    assert r.ephemeral and game_row(db_path, ch.id) is None  # not hers to set
    r = await owner.slash(ch, "brade settings", server_theme="contrast")
    assert r.ephemeral and "contrast" in r.response.content
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Accept")
    await alice.slash(ch, "brade show")
    assert specs and specs[-1].theme == "contrast"  # neither player chose one
    # A player's own theme wins over the server's, on the boards drawn from their side.
    await alice.slash(ch, "brade settings", theme="classic")
    row = game_row(db_path, ch.id)
    alice_side = Side.WHITE if row["white_id"] == alice.id else Side.BLACK
    await alice.slash(ch, "brade show")
    spec = specs[-1]
    assert spec.theme == ("classic" if spec.perspective is alice_side else "contrast")
    # Back to the default: the classic theme.
    await owner.slash(ch, "brade settings", server_theme="default")
    await alice.slash(ch, "brade settings", theme="default")
    await alice.slash(ch, "brade show")
    assert specs[-1].theme == "classic"


@pytest.mark.parametrize("lang", ["sv", "en"])
async def test_match_texts_after_a_resignation(simcord_env: simcord.Env, db_path,
                                               lang: str) -> None:
    """Issue 30, 2: a match of 3 games says what decides it when offered; a resigned
    game's result says which game it was, how many of the 3 that count are played, and
    why one more game comes; the next game says its number; the board agrees."""
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE" if lang == "sv" else "en-US")
    ch = guild.create_text_channel("spel")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    r = await alice.slash(ch, "brade new", opponent=bob, match=3)
    offer = r.response.content
    assert ("en match om 3 partier. <@" if lang == "sv" else "a match of 3 games. <@") in offer
    assert ("Flest poäng efter 3 partier spelade till slut vinner matchen" if lang == "sv"
            else "The most points after 3 games played to the end wins the match") in offer
    await bob.click(r.response, label="Anta" if lang == "sv" else "Accept")
    accepted = env.backend.get_message(ch.id, r.response.id).content
    assert ("ett parti till spelas" if lang == "sv" else "one more game is played") in accepted

    await resign(ch, alice, lang)
    said = "\n".join(m.content for m in reversed(recent(env, ch, 3)))
    if lang == "sv":
        assert "Matchställning efter parti 1:" in said
        assert "i poäng; spelade 0 av de 3 partier som räknas." in said
        assert ("Parti 1 gavs upp: poängen räknas, men ett uppgivet parti är inte ett av de "
                "3, så ett parti till spelas.") in said
        assert "Parti 2 i matchen börjar; förloraren av förra partiet börjar:" in said
    else:
        assert "Match score after game 1:" in said
        assert "in points; played 0 of the 3 games that count." in said
        assert ("Game 1 was resigned: its points count, but a resigned game is not one of "
                "the 3, so one more game is played.") in said
        assert "Game 2 of the match begins; the loser of the last game starts:" in said
    assert "(1 of 3" not in said and "(1 av 3" not in said
    # the next game's first board is a new message that pings its starter, the loser
    # (issue 46: every player told when their turn begins)
    first = env.backend.get_message(ch.id, recent(env, ch, 1)[0].id)
    assert first.ping_user_ids == [alice.id] and first.edited_timestamp is None
    # the board says the same: a match of 3 games (not "to 3", which reads as points)
    alt = recent(env, ch, 1)[0].attachments[0].description
    assert ("Match om 3 partier, poäng:" if lang == "sv" else "Match of 3 games, points:") in alt
    shown = (await bob.slash(ch, "brade show")).response.content
    assert ("i poäng; parti 2, spelade 0 av de 3 partier som räknas." if lang == "sv"
            else "in points; game 2, played 0 of the 3 games that count.") in shown

    await resign(ch, alice, lang)  # game 2, started by its loser, resigned too
    said = "\n".join(m.content for m in reversed(recent(env, ch, 3)))
    assert ("Matchställning efter parti 2:" if lang == "sv"
            else "Match score after game 2:") in said
    assert ("Parti 3 i matchen börjar" if lang == "sv" else "Game 3 of the match begins") in said


async def resign(ch: simcord.ChannelHandle, who: simcord.MemberActor, lang: str) -> None:
    r = await who.slash(ch, "brade resign")
    await who.click(r.response, label="Ja, ge upp" if lang == "sv" else "Yes, resign")
