"""Problems through slash commands and buttons (issue 24): solve one right and wrong in
both languages, the ratings move, bad input changes nothing, the daily problem is posted
once a day by one process, and only Manage Server sets its channel."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
import simcord

from bot.client import BradeBot
from bot.i18n import play_words
from bot.league.ratings import MU
from bot.service.problems import ProblemService, day_of, prior
from bot.store import open_store
from engine.ai.problem_set import Problem, find
from engine.generators import legal_turns
from engine.plays import suggest
from tests.bot.conftest import bot_settings, make_bot
from tests.bot.helpers import (
    Db,
    GatedStore,
    assert_png,
    db_rows,
    guild_on,
    pngs,
    race,
    run_as_two_processes,
    server,
)

START = 1_767_225_600.0  # SimCord's clock at start: 2026-01-01 00:00 UTC


@pytest.fixture
def simcord_bot(db_path: Db) -> BradeBot:
    return make_bot(db_path, agent=None, check_every=900)  # a day is 96 checks


def open_problem(db: Db, user_id: int) -> Problem:
    rows = db_rows(db, "SELECT problem_id FROM problem_attempts WHERE user_id = ? AND "
                   "answered_at IS NULL ORDER BY shown_at DESC", (user_id,))
    assert rows, "no open problem"
    p = find(rows[0][0])
    assert p is not None
    return p


def solver(db: Db, user_id: int) -> tuple[float, int, int] | None:
    rows = db_rows(db, "SELECT mu, solved, failed FROM problem_solvers WHERE user_id = ?",
                   (user_id,))
    return (float(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else None


def difficulty(db: Db, problem_id: str) -> float | None:
    rows = db_rows(db, "SELECT mu FROM problem_ratings WHERE problem_id = ?", (problem_id,))
    return float(rows[0][0]) if rows else None


def everything(db: Db) -> tuple:
    return tuple(db_rows(db, f"SELECT * FROM {t} ORDER BY 1, 2") for t in (
        "problem_attempts", "problem_solvers", "problem_ratings", "problem_channels",
        "daily_problems"))


def one_picture(env: simcord.Env, r: Any, alt: str = "") -> bytes:
    """The reply's one picture; it carries alt text (containing ``alt``) for a screen
    reader, as every picture the bot posts does."""
    assert r.ephemeral
    files = pngs(env, r.response)
    assert len(files) == 1
    assert_png(files[0])
    description = r.response.attachments[0].description
    assert description and len(description) <= 1024 and alt in description, description
    return files[0]


WORDS = {"en": {"head": "🧩 **Problem**", "to_play": "to play", "right": "✅ **Right!**",
                "wrong": "❌ **Not the best.**", "loses": "loses **{loss}** points",
                "rating": "Your problem rating", "unreadable": "I cannot read",
                "none": "You have no problem to answer", "profile": "Problems: rating",
                "alt_board": "is on roll and has rolled", "alt_best": "Best: ",
                "difficulty": r"· difficulty \d+ \(provisional\)",
                "provisional": r"Your problem rating: \*\*\d+ \(provisional\)\*\*, "
                               r"\+\d+ for this answer\."},
         "sv": {"head": "🧩 **Problem**", "to_play": "ska spela", "right": "✅ **Rätt!**",
                "wrong": "❌ **Inte bäst.**", "loses": "förlorar **{loss}** poäng",
                "rating": "Din problemranking", "unreadable": "Jag kan inte läsa",
                "none": "Du har inget problem att svara på", "profile": "Problem: ranking",
                "alt_board": "är på tur och har slagit", "alt_best": "Bäst: ",
                "difficulty": r"· svårighet \d+ \(preliminär\)",
                "provisional": r"Din problemranking: \*\*\d+ \(preliminär\)\*\*, "
                               r"\+\d+ för det här svaret\."}}


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_a_member_solves_one_problem_right_and_one_wrong(
        simcord_env: simcord.Env, db_path: Db, lang: str) -> None:
    env = simcord_env
    w = WORDS[lang]
    guild = env.create_guild("Klubben", preferred_locale="sv-SE" if lang == "sv" else "en-US")
    ch = guild.create_text_channel("spel")
    alice = guild.add_member(env.create_user("alice"))

    r = await alice.slash(ch, "brade problem")
    assert r.ephemeral and r.response.content.startswith(w["head"]), r.response.content
    assert w["to_play"] in r.response.content
    assert re.search(w["difficulty"], r.response.content), r.response.content  # issue 30
    one_picture(env, r, w["alt_board"])
    p = open_problem(db_path, alice.id)
    assert f"`{p.id}`" in r.response.content and p.ruleset.title in r.response.content
    assert solver(db_path, alice.id) is None  # nothing rated before an answer

    # shown again, not another, until answered
    again = await alice.slash(ch, "brade problem")
    assert again.ephemeral and open_problem(db_path, alice.id).id == p.id

    right = await alice.slash(ch, "brade problem", answer=p.best)
    assert right.response.content.startswith(w["right"]), right.response.content
    assert w["rating"] in right.response.content
    assert re.search(w["provisional"], right.response.content), right.response.content
    one_picture(env, right)
    mu, solved, failed = solver(db_path, alice.id)  # type: ignore[misc]
    assert mu > MU and (solved, failed) == (1, 0)
    assert difficulty(db_path, p.id) < prior(p).mu  # the problem lost to her: easier

    r = await alice.slash(ch, "brade problem")
    q = open_problem(db_path, alice.id)
    assert q.id != p.id
    wrong_play, loss = q.plays[-1]  # the play that loses most
    wrong = await alice.slash(ch, "brade problem", answer=wrong_play)
    text = wrong.response.content
    assert text.startswith(w["wrong"]), text
    shown = f"{loss:.2f}".replace(".", "," if lang == "sv" else ".")
    assert w["loses"].format(loss=shown) in text
    assert f"`{play_words(q.best, lang)}`" in text  # the best play is named
    pic = one_picture(env, wrong, w["alt_best"])
    assert len(pic) > 0
    mu2, solved, failed = solver(db_path, alice.id)  # type: ignore[misc]
    assert mu2 < mu and (solved, failed) == (1, 1)
    assert difficulty(db_path, q.id) > prior(q).mu  # it beat her: harder

    profile = await alice.slash(ch, "rating profile")
    assert w["profile"] in profile.response.content
    assert "1" in profile.response.content


async def test_bad_answers_are_polite_and_change_nothing(simcord_env: simcord.Env,
                                                         db_path: Db) -> None:
    env = simcord_env
    _, ch, _, (alice,) = server(env, "alice")
    r = await alice.slash(ch, "brade problem", answer="1/7 7/12")
    assert r.ephemeral and WORDS["en"]["none"] in r.response.content
    assert everything(db_path) == tuple([] for _ in range(5))

    await alice.slash(ch, "brade problem")
    before = everything(db_path)
    p = open_problem(db_path, alice.id)
    for bad in ("hello", "24/1", "bar/25 25/30"):
        r = await alice.slash(ch, "brade problem", answer=bad)
        assert r.ephemeral and not r.response.attachments, bad
        assert r.response.content and "❌" not in r.response.content, r.response.content
        assert everything(db_path) == before, bad
    assert open_problem(db_path, alice.id).id == p.id
    r = await alice.slash(ch, "brade problem", ruleset="no-such-rules")
    assert r.ephemeral  # the open problem again, ruleset or not: it must be answered first
    assert everything(db_path)[1:] == before[1:]


async def test_answers_complete_like_a_games_moves(simcord_env: simcord.Env,
                                                   db_path: Db) -> None:
    env = simcord_env
    _, ch, _, (alice,) = server(env, "alice")
    assert await alice.autocomplete(ch, "brade problem", "answer", "") == []
    await alice.slash(ch, "brade problem")
    p = open_problem(db_path, alice.id)
    offered = [c["value"] for c in await alice.autocomplete(ch, "brade problem", "answer", "")]
    legal = {t.text for t in legal_turns(p.ruleset, p.board(), p.dice)}
    assert offered and set(offered) <= legal
    assert len(offered) == min(25, len(legal))
    # in the fixed shuffle that gives the answer away no more than chance (issue 37)
    assert offered == [t.text for t in suggest(p.ruleset, p.board(), p.dice, "",
                                               order="shuffled")]
    half = offered[0][: len(offered[0]) // 2]
    narrowed = [c["value"] for c in await alice.autocomplete(ch, "brade problem", "answer",
                                                              half)]
    assert narrowed and all(x.startswith(half) for x in narrowed)
    r = await alice.slash(ch, "brade problem", answer=narrowed[0])
    assert r.ephemeral and ("✅" in r.response.content or "❌" in r.response.content)


async def test_problems_are_drawn_in_the_chosen_themes_after_a_restart(
        simcord_env: simcord.Env, db_path: Db, specs) -> None:
    """A problem's board takes the member's own theme, else the server's, read from the
    store when this run has not met the member yet (nothing cached after a restart)."""
    env = simcord_env
    _, ch, boss, (alice, bob) = server(env, "alice", "bob")
    await alice.slash(ch, "brade settings", theme="contrast")
    await env.restart_bot(make_bot(db_path))  # a new process: no theme read yet
    await alice.slash(ch, "brade problem")
    assert specs[-1].theme == "contrast"
    await boss.slash(ch, "brade settings", server_theme="contrast")
    await env.restart_bot(make_bot(db_path))
    await bob.slash(ch, "brade problem")
    assert specs[-1].theme == "contrast"


async def test_only_manage_server_sets_the_problem_channel(simcord_env: simcord.Env,
                                                           db_path: Db) -> None:
    env = simcord_env
    guild, ch, boss, (alice,) = server(env, "alice")
    for options in ({"problem_channel": ch}, {"problem_hour": 9}, {"problem_daily": False}):
        r = await alice.slash(ch, "brade settings", **options)
        assert r.ephemeral and "Only members with Manage Server" in r.response.content
    assert db_rows(db_path, "SELECT * FROM problem_channels") == []
    r = await boss.slash(ch, "brade settings", problem_hour=9)
    assert "Choose the channel first" in r.response.content
    assert db_rows(db_path, "SELECT * FROM problem_channels") == []
    r = await boss.slash(ch, "brade settings", problem_channel=ch, problem_hour=9)
    assert f"<#{ch.id}>" in r.response.content and "09:00 UTC" in r.response.content
    assert db_rows(db_path, "SELECT guild_id, channel_id, hour FROM problem_channels") == [
        (guild.id, ch.id, 9)]
    r = await boss.slash(ch, "brade settings", problem_daily=False)
    assert "off" in r.response.content
    assert db_rows(db_path, "SELECT * FROM problem_channels") == []


def daily_posts(env: simcord.Env, channel_id: int) -> list[Any]:
    return sorted((m for m in env.backend.messages.get(channel_id, {}).values()
                   if m.content.startswith(("🧩 **Daily problem**", "🧩 **Dagens problem**"))
                   and not m.flags & 64),  # not a member's private view of it
                  key=lambda m: m.id)


async def test_the_daily_problem_is_posted_once_a_day_and_summed_up_the_next(
        simcord_env: simcord.Env, db_path: Db) -> None:
    env = simcord_env
    _, ch, boss, (alice, bob) = server(env, "alice", "bob")
    await boss.slash(ch, "brade settings", problem_channel=ch, problem_hour=2)
    await env.advance_time(3600)  # 01:00: not yet
    assert daily_posts(env, ch.id) == []
    await env.advance_time(3600 + 1000)  # past 02:00: posted, once however often it checks
    await env.advance_time(3 * 900)
    posts = daily_posts(env, ch.id)
    assert len(posts) == 1
    # the board in words, for a screen reader (the message as discord.py reads it)
    alt = _posted(env, ch, posts[0].id).attachments[0].description
    assert alt and "is on roll and has rolled" in alt, alt
    day = day_of(START + 7200)
    assert day == "2026-01-01"
    rows = db_rows(db_path, "SELECT day, problem_id, message_id FROM daily_problems")
    assert [(d, m) for d, _, m in rows] == [(day, posts[0].id)]
    p = find(rows[0][1])
    assert p is not None
    # anyone answers it privately: alice right, bob wrong
    for who, play in ((alice, p.best), (bob, p.plays[-1][0])):
        pressed = await who.click(_posted(env, ch, posts[0].id),
                                  custom_id=f"bradeproblem:{day}")
        assert pressed.ephemeral and "Daily problem" in (pressed.response.content or ""), \
            pressed.response.content
        r = await who.slash(ch, "brade problem", answer=play)
        assert r.ephemeral
    again = await alice.click(_posted(env, ch, posts[0].id), custom_id=f"bradeproblem:{day}")
    assert "You answered the daily problem" in again.response.content
    assert db_rows(db_path, "SELECT user_id, streak FROM problem_solvers WHERE streak > 0") \
        == [(alice.id, 1)]
    profile = await alice.slash(ch, "rating profile")
    assert "solved 1 of 1 · daily streak 1 (best 1)" in profile.response.content

    await env.advance_time(24 * 3600)  # the next day's post sums up the first
    posts = daily_posts(env, ch.id)
    assert len(posts) == 2
    assert "1 of 2 solved it" in posts[1].content and "alice 1" in posts[1].content
    assert len(db_rows(db_path, "SELECT * FROM daily_problems")) == 2
    ids = [r[0] for r in db_rows(db_path, "SELECT problem_id FROM daily_problems")]
    assert len(set(ids)) == 2  # never the same problem twice


def _posted(env: simcord.Env, ch: simcord.ChannelHandle, message_id: int) -> Any:
    from simcord.results import to_discord_message

    return to_discord_message(env, env.backend.get_message(ch.id, message_id))


# -- two processes on one database ------------------------------------------------------------


async def test_two_processes_make_each_days_problem_once(db_path: Db) -> None:
    """Both services see the server due before either writes; the day's key lets one
    claim it, and a second scan that day finds nothing due."""
    from bot.service.games import GameService

    clock = [START + 13 * 3600]
    stores = [GatedStore(await open_store(db_path)) for _ in range(2)]
    try:
        games = [GameService(s, clock=lambda: clock[0], agent=None)  # type: ignore[arg-type]
                 for s in stores]
        a, b = (ProblemService(g) for g in games)
        guild = guild_on(0, 1)
        async with stores[0].transaction() as tx:
            await tx.run("INSERT INTO problem_channels (guild_id, channel_id, hour) "
                         "VALUES (?, ?, ?)", (guild, 777, 12))
        for g in games:
            await g.settings(guild)  # warm: each one's first read below is the scan
        found = await race(stores, a.due_dailies, b.due_dailies)  # type: ignore[arg-type]
        posts = [p for f in found for p in f]
        assert len(posts) == 1 and posts[0].channel_id == 777
        assert len(db_rows(db_path, "SELECT * FROM daily_problems")) == 1
        assert await a.due_dailies() == [] and await b.due_dailies() == []
        clock[0] += 24 * 3600
        found = await asyncio.gather(a.due_dailies(), b.due_dailies())
        assert sum(len(f) for f in found) == 1
    finally:
        for s in stores:
            await s.close()


def test_two_bots_on_one_database_post_the_daily_problem_once(pg_url: str) -> None:
    """Two ``BradeBot``s (two processes with overlapping shards) on one PostgreSQL
    database, each with its own SimCord Discord showing the same server: the server's
    daily problem appears once in its channel, across both."""
    import threading

    guild_id = guild_on(0, 1, 98)
    barrier = threading.Barrier(2, timeout=120)
    seen: dict[int, list[str]] = {}

    async def process(index: int) -> None:
        bot = BradeBot(db_path=pg_url, agent=None, shards=((0,), 1),
                       settings=bot_settings(check_every=60))
        env = simcord.Env(bot, settle_timeout=60.0)
        await env.start()
        try:
            owner = env.create_user("owner")
            guild = env.create_guild("Klubben", id=guild_id, owner=owner)
            ch = guild.create_text_channel("problem")
            boss = guild.add_member(owner)
            if index == 0:
                await boss.slash(ch, "brade settings", problem_channel=ch, problem_hour=1)
            await asyncio.to_thread(barrier.wait)
            await env.advance_time(2 * 3600)
            await asyncio.to_thread(barrier.wait)
            seen[index] = [m.content for m in daily_posts(env, ch.id)]
        finally:
            await env.shutdown()
            await bot.release()

    run_as_two_processes(process, barrier)
    assert len(seen[0]) + len(seen[1]) == 1, seen
    assert len(db_rows(pg_url, "SELECT * FROM daily_problems")) == 1

