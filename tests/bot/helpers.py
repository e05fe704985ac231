"""Drivers for SimCord tests: read the database directly, find buttons, play whole games."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import simcord
from PIL import Image

from engine.game import Game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def db_rows(db: Path, sql: str, params: tuple = ()) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def game_row(db: Path, channel_id: int) -> dict[str, Any] | None:
    """The latest game row of a channel as a dict, with its engine Game under "game"."""
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                           (channel_id,)).fetchone()
    finally:
        conn.close()
    if row is None:
        return None
    d = dict(row)
    state = json.loads(d["state"]) if d["state"] else {}
    d["game"] = Game.from_json(state["game"]) if state.get("game") else None
    return d


def snapshot(db: Path) -> tuple:
    """Everything stored, to prove a refused command changed nothing."""
    return (db_rows(db, "SELECT * FROM games ORDER BY id"),
            db_rows(db, "SELECT * FROM events ORDER BY game_id, seq"),
            db_rows(db, "SELECT * FROM guild_settings ORDER BY guild_id"))


def pngs(env: simcord.Env, message: Any) -> list[bytes]:
    return [env.backend.cdn.get(a.url) for a in message.attachments]


def assert_png(data: bytes | None) -> None:
    assert data is not None and data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as im:
        im.verify()
        assert im.format == "PNG" and im.size[0] > 100 and im.size[1] > 100


def recent(env: simcord.Env, channel: simcord.ChannelHandle, n: int = 8) -> list[Any]:
    """The newest ``n`` messages, newest first (``history()`` converts the whole channel)."""
    from simcord.results import to_discord_message

    stored = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    return [to_discord_message(env, m) for m in reversed(stored[-n:])]


def find_button(env: simcord.Env, channel: simcord.ChannelHandle, custom_id: str) -> Any:
    """The newest message in ``channel`` carrying a button with ``custom_id``."""
    for message in recent(env, channel):
        for row in message.components:
            for child in getattr(row, "children", []):
                if getattr(child, "custom_id", None) == custom_id:
                    return message
    raise AssertionError(f"no message with button {custom_id}")


def legal_texts(game: Game) -> list[str]:
    return [t.text for t in game.legal_turns]


async def play_to_end(env: simcord.Env, channel: simcord.ChannelHandle, db: Path,
                      players: dict[int, simcord.MemberActor], *, max_turns: int = 1500,
                      check_boards: bool = True) -> dict[str, Any]:
    """Drive a game to its end through the roll button, autocomplete and /brade move.

    Every turn checks that autocomplete offers only legal plays (all of them when there
    are at most 25) and that the posted board is a PNG.  Returns the final row.
    """
    for _ in range(max_turns):
        row = game_row(db, channel.id)
        assert row is not None
        if row["status"] != "active":
            return row
        game = row["game"]
        actor = players[row["white_id"] if game.turn.value == "white" else row["black_id"]]
        if game.phase == "roll":
            owed = game.history[game.turn].onedie_owed
            action = "roll1" if owed else "roll"
            cid = f"brade:{action}:{row['id']}:{row['version']}:"
            msg = find_button(env, channel, cid)
            result = await actor.click(msg, custom_id=cid)
            assert result.acknowledged
            continue
        legal = legal_texts(game)
        choices = await actor.autocomplete(channel, "brade move", "play", "")
        offered = [c["value"] for c in choices]
        assert len(offered) == min(25, len(legal))
        assert set(offered) <= set(legal)
        if len(legal) <= 25:
            assert set(offered) == set(legal)
        result = await actor.slash(channel, "brade move", play=offered[0])
        assert not result.ephemeral, result.response
        posts = [result.response, *result.followups]
        assert posts[0] is not None and posts[0].attachments, "a move posts the board"
        if check_boards:
            for data in pngs(env, posts[0]):
                assert_png(data)
    raise AssertionError("the game did not end")
