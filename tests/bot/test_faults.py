"""After a fault the bot tells the truth, and a computer turn that did not happen is made.

* Discord refuses the board (429, 500, 403) after the turn was saved: the player is told
  the turn is saved and how to see the board, in their language; not "nothing was
  changed", which used to be said although the turn had been applied.
* The computer's reply fails (its worker died): the human's turn stands, they are told the
  computer will play by itself, and it does on the next command in that channel.
* The bot stops between a human's turn and the computer's: after the restart the computer
  plays by itself, with no command from anyone.
* The store fails to note which message now carries the buttons (after the turn was saved
  and posted): the turn and its board stand and nobody is told of an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from benchmarks.invariants import audit
from bot.i18n import t
from bot.permissions import unposted
from bot.service.ai import ThreadAgent
from bot.service.pictures import RenderPool
from tests.bot.conftest import make_bot
from tests.bot.helpers import FlakyAgent, find_button, game_row, mover_and_waiter, start_game

INTERNAL = (t("err.internal", "en"), t("err.internal", "sv"))


def texts(result: object) -> list[str]:
    answers = [getattr(result, "response", None), *getattr(result, "followups", [])]
    return [a.content or "" for a in answers if a is not None]


@pytest.mark.parametrize(("status", "locale", "lang"),
                         [(429, None, "en"), (500, None, "en"), (403, "sv", "sv")])
@pytest.mark.parametrize("answer", ["edit", "deferred"])
async def test_board_refused_after_the_turn_was_saved(simcord_env: simcord.Env, db_path: Path,
                                                      status: int, locale: str | None,
                                                      lang: str, answer: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The Roll press's board refused by Discord: answered by its own edit (the
    interaction's callback refused), or deferred first (the board workers behind: the
    edit after it refused)."""
    env = simcord_env
    _, ch, members = await start_game(env, locale=locale)
    row = game_row(db_path, ch.id)
    mover, _ = mover_and_waiter(db_path, ch.id, members)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    message = find_button(env, ch, cid)
    if answer == "deferred":
        monkeypatch.setattr(RenderPool, "keeps_up", lambda self: False)
    env.inject_error("*", "/interactions/*" if answer == "edit" else "/webhooks/*",
                     status=status, times=1,
                     message="You are being rate limited." if status == 429 else "refused")
    r = await mover.click(message, custom_id=cid)
    after = game_row(db_path, ch.id)
    assert after["version"] > row["version"], "the roll was saved"
    said = texts(r)
    # a 403 is a right refused: said so (issue 35), still "saved", never "unchanged"
    expected = unposted((), lang) if status == 403 else t("err.unposted", lang)
    assert expected in said, said
    assert not any(x in s for s in said for x in INTERNAL)
    shown = await mover.slash(ch, "brade show")
    assert shown.response.attachments, "/brade show posts the board again"
    assert not audit(db_path)


async def test_board_bookkeeping_failing_does_not_fail_the_turn(
        simcord_env: simcord.Env, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.store import posts_sql

    env = simcord_env
    _, ch, members = await start_game(env)
    row = game_row(db_path, ch.id)
    mover, _ = mover_and_waiter(db_path, ch.id, members)

    async def broken(*args: object) -> None:
        raise RuntimeError("disk I/O error")

    monkeypatch.setattr(posts_sql, "swap_board", broken)
    r = await mover.slash(ch, "brade roll")
    assert not r.ephemeral and r.response.attachments
    assert game_row(db_path, ch.id)["version"] > row["version"]
    said = texts(r)
    assert not any(x in s for s in said for x in (*INTERNAL, t("err.unposted", "en"))), said
    assert not audit(db_path)


async def test_a_failing_look_up_after_the_game_ended_is_not_the_players_error(
        simcord_env: simcord.Env, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether the game's thread is to be archived is asked after the resignation was
    saved and posted: that failing must not turn the resignation into an apology."""
    env = simcord_env
    _, ch, members = await start_game(env)
    alice = members[0]

    async def broken(*args: object) -> bool:
        raise RuntimeError("database disk image is malformed")

    monkeypatch.setattr(env.bot.services.games, "channel_busy", broken)  # type: ignore[union-attr]
    r = await alice.slash(ch, "brade resign")
    r = await alice.click(r.response, label="Yes, resign")
    assert game_row(db_path, ch.id)["status"] == "over"
    said = texts(r)
    assert any("resigned" in s for s in said), said
    assert not any(x in s for s in said for x in (*INTERNAL, t("err.unposted", "en"))), said


async def computer_owes_a_turn(env: simcord.Env, db: Path, agent: FlakyAgent,
                               ) -> tuple[simcord.ChannelHandle, simcord.MemberActor, list[str]]:
    """Alice starts a game against ``agent`` and plays until its reply fails (or it is the
    computer's turn from the start); the channel, Alice, and what she was told when the
    game began and on her last turn."""
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    first = texts(await alice.slash(ch, "brade new", level="nybörjare"))
    said: list[str] = []
    for _ in range(60):
        row = game_row(db, ch.id)
        game = row["game"]
        if agent.failures or game.turn.value == "black":  # or owed from the start
            assert computer_to_play(db, ch.id), "the human's turn stands; the computer owes"
            return ch, alice, first + said
        assert row["status"] == "active"
        if game.phase == "roll":
            cid = f"brade:roll:{row['id']}:{row['version']}:"
            said = texts(await alice.click(find_button(env, ch, cid), custom_id=cid))
        else:
            said = texts(await alice.slash(ch, "brade move", play=game.legal_turns[0].text))
    raise AssertionError("the computer never had to choose a play")


def computer_to_play(db: Path, channel_id: int) -> bool:
    row = game_row(db, channel_id)
    return row["status"] == "active" and row["game"].turn.value == "black"


async def test_computer_reply_fails_then_plays_on_the_next_command(db_path: Path) -> None:
    agent = FlakyAgent()
    bot = make_bot(db_path, agent=agent)
    async with simcord.run(bot, settle_timeout=30.0) as env:
        ch, alice, said = await computer_owes_a_turn(env, db_path, agent)
        if agent.failures:
            assert t("err.computer_later", "en") in said, said
            assert not any(x in s for s in said for x in INTERNAL)
        agent.fail = False
        r = await alice.slash(ch, "brade show")  # any command in the channel
        assert not computer_to_play(db_path, ch.id), "the computer played by itself"
        assert r.response is not None
        assert not audit(db_path)


async def test_computer_turn_owed_across_a_restart(db_path: Path) -> None:
    agent = FlakyAgent()
    bot = make_bot(db_path, agent=agent)
    async with simcord.run(bot, settle_timeout=30.0) as env:
        ch, _, _ = await computer_owes_a_turn(env, db_path, agent)
        before = len(env.backend.messages.get(ch.id, {}))
        await env.restart_bot(make_bot(db_path, agent=ThreadAgent()))
        await env.settle()
        assert not computer_to_play(db_path, ch.id), "played at start-up, unasked"
        assert len(env.backend.messages.get(ch.id, {})) > before, "and posted"
        assert not audit(db_path)
