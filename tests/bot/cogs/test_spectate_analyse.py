"""``/watch analyse`` (``/titta analysera``): private by default, public with share, polite
refusals for a running or unknown game, progress reported while the worker analyses."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import simcord
from PIL import Image

from bot.client import BradeBot
from bot.service.model import Ctx
from bot.service.spectate import sees_everything
from tests.bot.conftest import make_bot
from tests.bot.helpers import game_row, mover_and_waiter, roll_until_move, snapshot, start_game


@pytest.fixture
def simcord_bot(db_path: Path) -> BradeBot:
    return make_bot(db_path)  # a ThreadAgent: the analysis runs in its worker threads


async def finished_game(env: simcord.Env, db: Path, turns: int = 3, locale: str | None = None):
    """A game with ``turns`` plays (each the first legal play), then resigned (or
    abandoned, where B-35 no longer lets the mover resign)."""
    guild, ch, members = await start_game(env, locale=locale)
    for _ in range(turns):
        row = await roll_until_move(env, ch, db, members)
        mover, _ = mover_and_waiter(db, ch.id, members)
        r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
        assert not r.ephemeral, r.response.content
    mover, _ = mover_and_waiter(db, ch.id, members)
    r = await mover.slash(ch, "brade resign")
    # resign, or (B-35: once resigning is barred) abandon: the first button either way
    first = r.response.message.components[0].children[0]
    await mover.click(r.response, custom_id=first.custom_id)
    row = game_row(db, ch.id)
    assert row["game"].is_over
    return guild, ch, members, row


def png_of(env: simcord.Env, message) -> Image.Image:
    assert message.attachments, "the answer carries the picture"
    a = message.attachments[0]
    assert a.filename.endswith("-analys.png")
    return Image.open(io.BytesIO(env.backend.cdn.get(a.url)))


async def test_private_by_default_public_with_share(simcord_env: simcord.Env,
                                                    db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members, row = await finished_game(env, db_path)
    carol = members[2]
    before = snapshot(db_path)
    r = await carol.slash(ch, "watch analyse", game=row["id"])
    assert r.ephemeral
    text = r.response.content
    assert f"Analysis of game `#{row['id']}`" in text, text
    assert "points lost in" in text and "luck" in text and "blunder from 0.25" in text
    with png_of(env, r.response) as im:
        assert im.format == "PNG" and im.size[0] > 1000
    alt = r.response.attachments[0].description  # alt text for screen readers (issue 22)
    assert alt.startswith(f"Analysis of game {row['id']}") and "points lost in" in alt

    r = await carol.slash(ch, "watch analyse", share=True)  # this channel's game
    assert not r.ephemeral
    assert f"Analysis of game `#{row['id']}`" in r.response.content
    with png_of(env, r.response) as im:
        assert im.size[1] > 500
    assert snapshot(db_path) == before  # analysing changes nothing


async def test_refuses_running_and_unknown_games(simcord_env: simcord.Env,
                                                 db_path: Path) -> None:
    env = simcord_env
    _guild, ch, members = await start_game(env)
    carol = members[2]
    row = game_row(db_path, ch.id)
    before = snapshot(db_path)
    r = await carol.slash(ch, "watch analyse")
    assert r.ephemeral and not r.deferred
    assert "no finished game to analyse yet" in r.response.content
    assert not r.response.attachments
    r = await carol.slash(ch, "watch analyse", game=row["id"] + 99)
    assert r.ephemeral and f"no game `#{row['id'] + 99}` on this server" in r.response.content
    assert snapshot(db_path) == before


async def test_swedish(simcord_env: simcord.Env, db_path: Path) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="sv")
    ch = guild.create_text_channel("spel")
    anna = guild.add_member(env.create_user("anna"))
    r = await anna.slash(ch, "watch analyse", game=4242)
    assert r.ephemeral and "Det finns inget parti `#4242`" in r.response.content

    _guild, ch, members, row = await finished_game(env, db_path, locale="sv")
    r = await members[2].slash(ch, "watch analyse", game=row["id"])
    text = r.response.content
    assert r.ephemeral and f"Analys av parti `#{row['id']}`" in text, text
    assert "poäng förlorade på" in text and "grovt misstag från 0,25" in text


async def test_progress_is_reported_slice_by_slice(simcord_env: simcord.Env,
                                                   db_path: Path) -> None:
    """The deferred reply shows progress; the service reports the fraction done after each
    worker slice, ending at 1."""
    env = simcord_env
    guild, ch, members, row = await finished_game(env, db_path, turns=10)
    r = await members[2].slash(ch, "watch analyse")
    assert r.ephemeral and "Analysis of game" in r.response.content
    edits = [str(payload) for _kind, _name, payload in env.backend.transcript
             if "% of the turns done" in str(payload)]
    assert edits and f"Analysing game `#{row['id']}`" in edits[0]  # the deferred reply, edited

    cog = env.bot.get_cog("Spectate")
    service = cog.watching
    ctx = Ctx(guild_id=guild.id, channel_id=ch.id, user_id=members[2].id)
    plan = await service.plan_analysis(ctx, row["id"], sight=sees_everything)
    seen: list[float] = []

    async def progress(fraction: float) -> None:
        seen.append(fraction)

    reply = await service.analyse(plan, progress)
    assert reply.file is not None and not reply.public
    assert len(seen) >= 2 and seen == sorted(seen) and seen[-1] == 1.0
