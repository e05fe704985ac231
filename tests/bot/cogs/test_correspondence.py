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
from tests.bot.cogs.test_sight import set_view
from tests.bot.conftest import make_bot
from tests.bot.helpers import (
    EPHEMERAL,
    Db,
    db_rows,
    find_button,
    game_row,
    mover_and_waiter,
    recent,
    server,
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


async def test_a_dm_game_is_its_players_only(simcord_env: simcord.Env, db_path: Db) -> None:
    """Resigned, its history and analysis in the DM; no other member finds it, by number,
    by autocomplete, from a server or from their own DM."""
    env = simcord_env
    _, ch, _, (alice, bob) = server(env, "alice", "bob")
    await alice.user.slash("brade new", level="nybörjare")
    await play_a_turn(env, alice, db_path)
    r = await alice.user.slash("brade resign")
    await alice.user.click(r.response, label="Yes, resign")
    row = game_row(db_path, alice.user.dm_channel.id)
    assert row["status"] == "over"
    gid = row["id"]
    r = await alice.user.slash("watch history")
    assert r.ephemeral and r.response.content, r.response.content
    r = await alice.user.slash("watch analyse", game=gid)
    assert f"Analysis of game `#{gid}`" in r.response.content, r.response.content
    r = await alice.user.slash("watch export", game=gid)
    assert r.response.attachments
    found = await alice.user.autocomplete("watch history", "game", "")
    assert [c["value"] for c in found] == [gid]
    for who, where in ((bob, ch), (bob.user, None)):
        for name in ("watch history", "watch export", "watch analyse", "watch replay"):
            r = await (who.slash(where, name, game=gid) if where is not None
                       else who.slash(name, game=gid))
            assert r.ephemeral and f"#{gid}" in r.response.content, (name, r.response.content)
            assert not r.response.attachments
        found = await (who.autocomplete(where, "watch history", "game", "")
                       if where is not None else who.autocomplete("watch history", "game", ""))
        assert gid not in [c["value"] for c in found]


async def play_a_turn(env: simcord.Env, user: Any, db: Db) -> None:
    """The member (against the computer, in their DM) rolls and plays a turn."""
    dm = user.user.dm_channel
    row = game_row(db, dm.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    await user.user.click(find_button(env, dm, cid), custom_id=cid)
    row = game_row(db, dm.id)
    if row["game"].phase == "move":
        await user.user.slash("brade move", play=row["game"].legal_turns[0].text)


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
    _, _, _, (alice, bob) = server(env, "alice", "bob")
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
    r = await dm.slash("brade settings")  # in a DM: the member's own settings
    assert r.ephemeral and t("notice.set.off", lang) in r.response.content
    assert t("notice.set.problem_off", lang) in r.response.content
    r = await dm.slash("brade new", opponent=bob.user)
    assert r.ephemeral and t("err.dm.opponent", lang) == r.response.content
    assert db_rows(db_path, "SELECT COUNT(*) FROM games") == [(0,)]
    # The groups' check refuses by discord.py's check failure, which SimCord records:
    # those, and nothing else, went wrong.
    assert env.errors and all(isinstance(e, ServerOnly) for e in env.errors), env.errors


# -- /brade games --------------------------------------------------------------------------


async def challenge(env: simcord.Env, ch: simcord.ChannelHandle, db: Db, a: Any, b: Any,
                    ) -> dict[str, Any]:
    """``a`` challenges ``b`` in ``ch`` and ``b`` accepts."""
    r = await a.slash(ch, "brade new", opponent=b)
    assert not r.ephemeral, r.response.content
    await b.click(r.response, label="Accept")
    row = game_row(db, ch.id)
    assert row["status"] == "active"
    return row


async def one_turn(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                   members: list) -> None:
    """The player to move rolls and, unless the roll is forfeited, plays its first play:
    the turn passes to the other."""
    row = game_row(db, ch.id)
    mover, _ = mover_and_waiter(db, ch.id, members)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    await mover.click(find_button(env, ch, cid), custom_id=cid)
    row = game_row(db, ch.id)
    if row["game"].phase == "move":
        r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
        assert not r.ephemeral, r.response.content


def waiting_for(db: Db, ch: simcord.ChannelHandle, members: list) -> Any:
    return mover_and_waiter(db, ch.id, members)[0]


def listed(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("• ")]


async def test_games_in_a_server_and_in_a_dm(simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    guild, ch, _, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    other = guild.create_text_channel("andra")
    secret = guild.create_text_channel("hemligt")
    everyone = [alice, bob, carol]
    await challenge(env, ch, db_path, alice, bob)
    await challenge(env, other, db_path, bob, alice)
    if waiting_for(db_path, ch, everyone) is waiting_for(db_path, other, everyone):
        await one_turn(env, other, db_path, everyone)  # one waits for alice, one for bob
    await challenge(env, secret, db_path, alice, carol)
    set_view(env, secret, alice.id, allow=False)  # a channel alice can no longer see
    await carol.user.slash("brade new", level="nybörjare")  # carol's own DM game
    await alice.user.slash("brade new", level="nybörjare", match=3)  # a match in a DM

    r = await alice.slash(ch, "brade games")
    assert r.ephemeral
    lines = listed(r.response.content)
    assert len(lines) == 2, r.response.content  # the hidden channel's game and DMs: no
    # issue 46: a game that moved a moment ago is not "waiting 0 s"
    assert " 0 s" not in r.response.content and "moved just now" in r.response.content
    assert "1 waiting for you" in r.response.content
    assert "**your turn**" in lines[0] and "bob's turn" in lines[1], lines
    assert all("**bob**" in line for line in lines)
    for line in lines:
        assert resolves(env, LINK.search(line)[0]), line
    assert not any(str(secret.id) in line or "carol" in line for line in lines)

    r = await alice.user.slash("brade games")  # from a DM: every server, and this DM
    lines = listed(r.response.content)
    assert len(lines) == 3, r.response.content
    assert sum("Computer" in line for line in lines) == 1
    dm_line = next(line for line in lines if "Computer" in line)
    assert "/@me/" in dm_line and "· here ·" in dm_line
    assert "match 0–0 (of 3)" in dm_line, dm_line
    assert sum(guild.name in line for line in lines) == 2
    for line in lines:
        assert resolves(env, LINK.search(line)[0]), line
    assert not any("carol" in line for line in lines)

    r = await carol.user.slash("brade games")  # her DM game; the hidden one is hers
    assert len(listed(r.response.content)) == 2
    r = await bob.user.slash("brade games")
    assert len(listed(r.response.content)) == 2 and "Computer" not in r.response.content


async def test_games_in_swedish_and_when_there_are_none(
        simcord_env: simcord.Env, db_path: Db, swedish_dms: None) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv-SE")
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))
    r = await alice.slash(ch, "brade games")
    assert r.ephemeral and r.response.content == t("games.none", "sv")  # the server's
    r = await alice.user.slash("brade games")
    assert r.response.content == t("games.none_anywhere", "sv")
    await alice.user.slash("brade new", level="nybörjare")
    r = await alice.user.slash("brade games")
    assert "**Dina partier** (1; 1 väntar på dig)" in r.response.content, r.response.content
    assert "**din tur**" in r.response.content
    assert "nyss draget" in r.response.content and " 0 s" not in r.response.content
    await env.advance_time(300)
    r = await alice.user.slash("brade games")
    assert "väntar sedan 5 min" in r.response.content, r.response.content


# -- "your turn" by direct message ------------------------------------------------------------


def notices(env: simcord.Env, member: Any) -> list[str]:
    """The "your turn" messages in the member's DM with the bot."""
    channel = env.backend.dm_channels.get(member.id)
    if channel is None:
        return []
    stored = sorted(env.backend.messages.get(channel, {}).values(), key=lambda m: m.id)
    return [m.content for m in stored if "⏰" in (m.content or "")
            and not m.flags & EPHEMERAL]


async def test_your_turn_is_sent_once_per_wait_and_never_when_off(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    guild, ch, _, (alice, bob) = server(env, "alice", "bob")
    r = await bob.slash(ch, "brade settings", your_turn="on")
    assert r.ephemeral and t("notice.set.on", "en") in r.response.content
    both = [alice, bob]
    await challenge(env, ch, db_path, alice, bob)
    if waiting_for(db_path, ch, both) is bob:
        await one_turn(env, ch, db_path, both)
    await env.advance_time(90)  # alice's wait: she asked for nothing
    assert notices(env, alice) == [] and notices(env, bob) == []
    await bob.slash(ch, "brade show")  # bob looks at the game
    await one_turn(env, ch, db_path, both)  # bob's wait starts; he acted a moment ago
    assert waiting_for(db_path, ch, both) is bob
    assert notices(env, bob) == []  # he is looking at the channel
    await env.advance_time(90)
    sent = notices(env, bob)
    assert len(sent) == 1, sent
    assert "**alice**" in sent[0] and resolves(env, LINK.search(sent[0])[0])
    # issue 46: it names the server and the channel, and no brackets nest
    assert f" in **{guild.name}**, #spel — " in sent[0], sent[0]
    assert not re.search(r"\([^()]*\(", sent[0]), sent[0]
    await env.advance_time(600)
    row = game_row(db_path, ch.id)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    await bob.click(find_button(env, ch, cid), custom_id=cid)  # the same wait goes on
    await env.advance_time(600)
    assert len(notices(env, bob)) == 1
    if game_row(db_path, ch.id)["game"].phase == "move":
        row = game_row(db_path, ch.id)
        await bob.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
    await one_turn(env, ch, db_path, both)  # alice's turn, then bob's again, away at once
    assert waiting_for(db_path, ch, both) is bob
    await env.advance_time(90)
    assert len(notices(env, bob)) == 2 and notices(env, alice) == []


async def test_no_your_turn_against_the_computer(simcord_env: simcord.Env,
                                                 db_path: Db) -> None:
    env = simcord_env
    _, ch, _, (alice,) = server(env, "alice")
    await alice.slash(ch, "brade settings", your_turn="on")
    await alice.slash(ch, "brade new", level="nybörjare")
    await env.advance_time(3600)
    assert game_row(db_path, ch.id)["status"] == "active"
    assert notices(env, alice) == []


async def test_your_turn_after_n_minutes(simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, _, (alice, bob) = server(env, "alice", "bob")
    r = await bob.slash(ch, "brade settings", your_turn="after", turn_minutes=30)
    assert "after 30 min without a move" in r.response.content, r.response.content
    both = [alice, bob]
    await challenge(env, ch, db_path, alice, bob)
    if waiting_for(db_path, ch, both) is bob:
        await one_turn(env, ch, db_path, both)
    await one_turn(env, ch, db_path, both)
    await env.advance_time(20 * 60)
    assert notices(env, bob) == []
    await env.advance_time(11 * 60)
    assert len(notices(env, bob)) == 1


async def test_your_turn_in_swedish_names_the_server_and_the_channel(
        simcord_env: simcord.Env, db_path: Db) -> None:
    """Issue 46: the Swedish "your turn" says where (server, channel), no nested brackets."""
    env = simcord_env
    guild = env.create_guild("Brädklubben", preferred_locale="sv-SE")
    ch = guild.create_text_channel("spel")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await bob.slash(ch, "brade settings", your_turn="on")
    both = [alice, bob]
    r = await alice.slash(ch, "brade new", opponent=bob)
    await bob.click(r.response, label="Anta")
    if waiting_for(db_path, ch, both) is bob:
        await one_turn(env, ch, db_path, both)
    await one_turn(env, ch, db_path, both)
    await env.advance_time(90)
    sent = notices(env, bob)
    assert len(sent) == 1, sent
    assert sent[0].startswith("⏰ Din tur i bräde mot **alice** på **Brädklubben**, #spel — ")
    assert not re.search(r"\([^()]*\(", sent[0]) and "[till partiet](" in sent[0], sent[0]


async def test_closed_direct_messages_are_reported_once(
        simcord_env: simcord.Env, db_path: Db, caplog: pytest.LogCaptureFixture) -> None:
    env = simcord_env
    _, ch, _, (alice, bob) = server(env, "alice", "bob")
    await bob.slash(ch, "brade settings", your_turn="on")
    both = [alice, bob]
    await challenge(env, ch, db_path, alice, bob)
    if waiting_for(db_path, ch, both) is bob:
        await one_turn(env, ch, db_path, both)
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    with caplog.at_level("WARNING", logger="bot.cogs.correspondence"):
        await env.advance_time(90)
        await one_turn(env, ch, db_path, both)  # bob's wait; he is away: at once
        await env.advance_time(600)
        await one_turn(env, ch, db_path, both)
        await one_turn(env, ch, db_path, both)  # a second wait: no second log line
        await env.advance_time(600)
    env.backend.faults.clear()
    assert notices(env, bob) == []
    failed = [r for r in caplog.records if "direct message" in r.getMessage()]
    assert len(failed) == 1, failed
    r = await bob.slash(ch, "brade settings", your_turn="on")
    assert "could not be delivered" in r.response.content, r.response.content
    r = await bob.slash(ch, "brade settings", your_turn="on")
    assert "could not be delivered" not in r.response.content
    assert game_row(db_path, ch.id)["status"] == "active"  # nothing lost


# -- the daily problem by direct message ------------------------------------------------------


@pytest.mark.simcord(settle_timeout=120.0)
async def test_the_daily_problem_by_direct_message(db_path: Db) -> None:
    from tests.bot.cogs.test_problems import open_problem

    bot = make_bot(db_path, agent=None, check_every=900)  # a day is 96 checks
    env = simcord.Env(bot, settle_timeout=120.0)
    await env.start()
    try:
        _, ch, _, (alice, bob) = server(env, "alice", "bob")
        r = await alice.slash(ch, "brade settings", problem_dm=True)
        assert t("notice.set.problem_on", "en") in r.response.content
        await env.advance_time(11 * 3600)  # before noon UTC: none yet
        assert daily_dms(env, alice) == []
        await env.advance_time(2 * 3600)
        sent = daily_dms(env, alice)
        assert len(sent) == 1 and sent[0].attachments
        assert daily_dms(env, bob) == []  # he did not ask
        button = next(c for row in sent[0].components for c in row.children)
        opened = await alice.user.click(sent[0], custom_id=button.custom_id)
        assert opened.ephemeral and opened.response.attachments
        assert "Daily problem" in opened.response.content
        p = open_problem(db_path, alice.id)
        right = await alice.user.slash("brade problem", answer=p.best)
        assert right.response.content.startswith("✅"), right.response.content
        await env.advance_time(6 * 3600)
        assert len(daily_dms(env, alice)) == 1  # once a day
        await env.advance_time(24 * 3600)
        assert len(daily_dms(env, alice)) == 2
        r = await alice.slash(ch, "brade settings", problem_dm=False)
        await env.advance_time(24 * 3600)
        assert len(daily_dms(env, alice)) == 2
        env.raise_errors()
    finally:
        await env.shutdown()


def daily_dms(env: simcord.Env, member: Any) -> list[Any]:
    from simcord.results import to_discord_message

    channel = env.backend.dm_channels.get(member.id)
    if channel is None:
        return []
    stored = sorted(env.backend.messages.get(channel, {}).values(), key=lambda m: m.id)
    return [to_discord_message(env, m) for m in stored if "🧩" in (m.content or "")
            and not m.flags & EPHEMERAL]
