"""Correspondence play (issue 36): ``/brade games`` in a server and in a direct message,
"your turn" by direct message (once per wait, never when off, never against the computer,
closed DMs, after N minutes), the daily problem by direct message, a whole game against
the computer and a problem solved in a DM in Swedish and English, and server-only
commands answered politely in a DM."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import simcord
import simcord.interactions as sim_interactions

from bot.client import BradeBot
from bot.cogs.replies import ServerOnly
from bot.i18n import t
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    Db,
    EPHEMERAL,
    db_rows,
    game_row,
    mover_and_waiter,
    recent,
    roll_until_move,
    server,
    start_game,
)
from tests.bot.test_picker import Tally, assert_the_channel_is_the_record, tap_to_end

LINK = re.compile(r"https://discord\.com/channels/(\d+|@me)/(\d+)(?:/(\d+))?")


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    return make_bot(db_path, seed=37, check_every=30)


@pytest.fixture
def swedish_dms(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord sends a DM's interactions with the member's client language; SimCord's are
    always en-US, so this member's client is Swedish."""
    made = sim_interactions.base_payload

    def swedish(*args: Any, **kw: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = made(*args, **kw)
        if kw.get("guild_id") is None:
            payload["locale"] = "sv-SE"
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", swedish)


def dms(env: simcord.Env, user: Any) -> list[Any]:
    """The bot's messages in the member's DM that are not private notes, oldest first."""
    return list(reversed(recent(env, user.dm_channel, 50)))


def resolves(env: simcord.Env, url: str) -> bool:
    """Whether a jump link names a channel (and message) that exists."""
    m = LINK.fullmatch(url)
    assert m, url
    channel_id, message_id = int(m[2]), m[3]
    stored = env.backend.messages.get(channel_id, {})
    return bool(stored) and (message_id is None or int(message_id) in stored)


# -- playing in a direct message -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_a_whole_game_against_the_computer_in_a_dm(
        simcord_env: simcord.Env, db_path: Db, lang: str, request: pytest.FixtureRequest,
        ) -> None:
    if lang == "sv":
        request.getfixturevalue("swedish_dms")
    env = simcord_env
    guild = env.create_guild()
    alice = env.create_user("alice")
    guild.add_member(alice)
    r = await alice.slash("brade new", level="nybörjare")
    assert not r.ephemeral
    assert t("start", lang, white="", black="", rules="").split(":")[0] \
        in r.response.content
    row = game_row(db_path, alice.dm_channel.id)
    assert row["guild_id"] is None and row["status"] == "active"

    again = await alice.slash("brade new")  # one game per DM
    assert again.ephemeral and not again.response.components  # no thread to offer here
    assert game_row(db_path, alice.dm_channel.id)["id"] == row["id"]

    shown = await alice.slash("brade show")
    assert shown.response.attachments
    tally = Tally()
    row = await tap_to_end(env, alice.dm_channel, db_path, [alice], random.Random(4), tally)
    assert row["status"] == "over"
    assert_the_channel_is_the_record(env, alice.dm_channel, db_path, row, lang,
                                     computer=t("computer", lang))
    history = await alice.slash("brade history")
    assert history.ephemeral and history.response.content


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_a_problem_solved_in_a_dm(simcord_env: simcord.Env, db_path: Db, lang: str,
                                        request: pytest.FixtureRequest) -> None:
    from tests.bot.cogs.test_problems import WORDS, open_problem

    if lang == "sv":
        request.getfixturevalue("swedish_dms")
    env = simcord_env
    alice = env.create_user("alice")
    r = await alice.slash("brade problem")
    assert r.ephemeral and r.response.content.startswith(WORDS[lang]["head"])
    assert r.response.attachments
    p = open_problem(db_path, alice.id)
    choices = await alice.autocomplete("brade problem", "answer", "")
    assert p.best in [c["value"] for c in choices]
    right = await alice.slash("brade problem", answer=p.best)
    assert right.response.content.startswith(WORDS[lang]["right"]), right.response.content
    assert db_rows(db_path, "SELECT solved FROM problem_solvers WHERE user_id = ?",
                   (alice.id,)) == [(1,)]


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_server_only_commands_in_a_dm_say_where_they_work(
        simcord_env: simcord.Env, db_path: Db, lang: str,
        request: pytest.FixtureRequest) -> None:
    if lang == "sv":
        request.getfixturevalue("swedish_dms")
    env = simcord_env
    guild, ch, _, (alice, bob) = server(env, "alice", "bob")
    dm = alice.user
    commands = set(dm.available_commands())
    assert {"brade games", "brade new", "brade problem", "rating leaderboard",
            "tournament list", "watch games"} <= commands
    for name, options in (("rating leaderboard", {}), ("tournament list", {}),
                          ("watch games", {}),
                          ("brade settings", {"language": "sv"}),
                          ("brade settings", {"threads": True})):
        r = await dm.slash(name, **options)
        assert r.ephemeral, name
        text = r.response.content
        assert "server" in text, (name, text)
        assert t("err.internal", lang) not in text
    r = await dm.slash("brade new", opponent=bob.user)
    assert r.ephemeral and t("err.dm.opponent", lang) == r.response.content
    assert db_rows(db_path, "SELECT COUNT(*) FROM games") == [(0,)]
    # The groups' check refuses by discord.py's check failure, which SimCord records:
    # those, and nothing else, went wrong.
    assert env.errors and all(isinstance(e, ServerOnly) for e in env.errors), env.errors
