"""Drivers for SimCord tests: read the database directly, find buttons, play whole games.

Every database helper takes the test's ``db_path`` fixture as it comes: a ``Path`` to a
SQLite file (read with ``sqlite3``) or a ``postgresql://`` URL (read with asyncpg on a
loop of its own, see ``_PgReader``).  The SQL is written once with ``?`` placeholders and
translated to PostgreSQL's ``$n``.  Rows are plain tuples on both, so tests compare
values: PostgreSQL's BIGINT and DOUBLE PRECISION come back as ``int`` and ``float`` as
SQLite's INTEGER and REAL do.
"""

from __future__ import annotations

import asyncio
import io
import json
import socket
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Generator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import simcord
from PIL import Image

from bot.service.ai import ThreadAgent
from bot.store.dialect import to_postgres
from engine.game import Game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EPHEMERAL = 64  # a message flag: only its addressee sees it
#: What the ``db_path`` fixture gives: a SQLite file or a PostgreSQL URL.
Db = Path | str
T = TypeVar("T")


def is_postgres(db: Db) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class _PgReader:
    """One asyncpg connection per database, on an event loop in a daemon thread.

    The helpers are synchronous and run inside the test's own loop, which they may not
    block on; a connection per call (as ``tests.postgres_server.query`` opens) would cost
    a password handshake each time, and ``play_to_end`` reads the game every turn.  The
    autouse ``release_bots`` fixture closes them after each test (``close``), so no test
    leaves a connection to a database behind.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conns: dict[str, Any] = {}
        self._lock = threading.Lock()

    def run(self, make: Callable[[], Coroutine[Any, Any, T]], timeout: float = 60) -> T:
        with self._lock:
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
                threading.Thread(target=self._loop.run_forever, name="brade-test-pg-reader",
                                 daemon=True).start()
            loop = self._loop
        return asyncio.run_coroutine_threadsafe(make(), loop).result(timeout)

    async def _conn(self, url: str) -> Any:
        import asyncpg

        conn = self._conns.get(url)
        if conn is None or conn.is_closed():
            conn = self._conns[url] = await asyncpg.connect(url, timeout=10)
        return conn

    def fetch(self, url: str, sql: str, params: tuple = ()) -> list[Any]:
        async def go() -> list[Any]:
            return list(await (await self._conn(url)).fetch(to_postgres(sql), *params))
        return self.run(go)

    def execute(self, url: str, sql: str, params: tuple = ()) -> None:
        async def go() -> None:
            await (await self._conn(url)).execute(to_postgres(sql), *params)
        self.run(go)

    def close(self, keep: str | None = None, only: str | None = None) -> None:
        """Close every connection but ``keep``'s (or only ``only``'s)."""
        urls = [u for u in self._conns if u != keep and only in (None, u)]

        async def go() -> None:
            for url in urls:
                await self._conns.pop(url).close(timeout=10)
        if urls:
            self.run(go)


pg_reader = _PgReader()


def db_rows(db: Db, sql: str, params: tuple = ()) -> list[tuple]:
    if is_postgres(db):
        return [tuple(r) for r in pg_reader.fetch(str(db), sql, params)]
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def db_dicts(db: Db, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
    """Rows as dicts by column name."""
    if is_postgres(db):
        return [dict(r.items()) for r in pg_reader.fetch(str(db), sql, params)]
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, params).fetchall()]
    finally:
        conn.close()


def db_exec(db: Db, sql: str, params: tuple = ()) -> None:
    """One committed write behind the bot's back (to set up a position, say)."""
    if is_postgres(db):
        pg_reader.execute(str(db), sql, params)
        return
    conn = sqlite3.connect(db)
    try:
        with conn:
            conn.execute(sql, params)
    finally:
        conn.close()


def game_row(db: Db, channel_id: int) -> dict[str, Any] | None:
    """The latest game row of a channel as a dict, with its engine Game under "game"."""
    rows = db_dicts(db, "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                    (channel_id,))
    if not rows:
        return None
    d = rows[0]
    state = json.loads(d["state"]) if d["state"] else {}
    d["game"] = Game.from_json(state["game"]) if state.get("game") else None
    return d


def snapshot(db: Db) -> tuple:
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


def recent(env: simcord.Env, channel: simcord.ChannelHandle, n: int = 8, *,
           private: bool = False) -> list[Any]:
    """The newest ``n`` messages the channel shows everyone, newest first (``history()``
    converts the whole channel); ``private``: ephemeral ones too (SimCord keeps a
    member's private notes, a first game's welcome say, among the channel's messages)."""
    from simcord.results import to_discord_message

    stored = sorted((m for m in env.backend.messages.get(channel.id, {}).values()
                     if private or not m.flags & EPHEMERAL), key=lambda m: m.id)
    return [to_discord_message(env, m) for m in reversed(stored[-n:])]


def find_button(env: simcord.Env, channel: simcord.ChannelHandle, custom_id: str) -> Any:
    """The newest message in ``channel`` carrying a button with ``custom_id``."""
    for message in recent(env, channel, private=True):
        for row in message.components:
            for child in getattr(row, "children", []):
                if getattr(child, "custom_id", None) == custom_id:
                    return message
    raise AssertionError(f"no message with button {custom_id}")


def legal_texts(game: Game) -> list[str]:
    return [t.text for t in game.legal_turns]


async def play_to_end(env: simcord.Env, channel: simcord.ChannelHandle, db: Db,
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


async def start_game(env: simcord.Env, *, locale: str | None = None, rules: str | None = None,
                     names: tuple[str, ...] = ("alice", "bob", "carol"),
                     rated: bool | None = None) -> tuple:
    """A guild with three members; alice has challenged bob and bob accepted."""
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    ch = guild.create_text_channel("spel")
    members = [guild.add_member(env.create_user(n)) for n in names]
    alice, bob = members[0], members[1]
    opts: dict[str, Any] = {"opponent": bob}
    if rules:
        opts["ruleset"] = rules
    if rated is not None:
        opts["rated"] = rated
    r = await alice.slash(ch, "brade new", **opts)
    accept = next(c for row in r.response.message.components for c in row.children
                  if c.custom_id.startswith("brade:accept:"))
    await bob.click(r.response, custom_id=accept.custom_id)
    return guild, ch, members


def server(env: simcord.Env, *names: str) -> tuple[simcord.GuildHandle, simcord.ChannelHandle,
                                                  simcord.MemberActor,
                                                  list[simcord.MemberActor]]:
    """A guild with a text channel, its owner as a member (the one who may change the
    server's settings) and members named ``names``; no game yet."""
    guild = env.create_guild()
    ch = guild.create_text_channel("spel")
    owner = guild.add_member(guild.owner)
    return guild, ch, owner, [guild.add_member(env.create_user(n)) for n in names]


async def resign(ch: simcord.ChannelHandle, who: simcord.MemberActor) -> None:
    """``who`` resigns the game in ``ch`` and confirms it."""
    r = await who.slash(ch, "brade resign")
    await who.click(r.response, label="Yes, resign")


async def resigned_game(env: simcord.Env, db: Db) -> tuple:
    """Alice challenged Bob, he accepted and she resigned: the channel, Alice, Bob and the
    finished game's row."""
    _, ch, members = await start_game(env)
    alice, bob = members[0], members[1]
    await resign(ch, alice)
    row = game_row(db, ch.id)
    assert row is not None and row["status"] == "over"
    return ch, alice, bob, row


def mover_and_waiter(db: Db, channel_id: int, members: list) -> tuple:
    row = game_row(db, channel_id)
    assert row is not None
    by_id = {m.id: m for m in members}
    white, black = by_id[row["white_id"]], by_id[row["black_id"]]
    return (white, black) if row["game"].turn.value == "white" else (black, white)


async def roll_now(env: simcord.Env, ch: simcord.ChannelHandle, db: Db, members: list) -> Any:
    """The player to move presses the current roll button; returns the result."""
    row = game_row(db, ch.id)
    mover, _ = mover_and_waiter(db, ch.id, members)
    cid = f"brade:roll:{row['id']}:{row['version']}:"
    return await mover.click(find_button(env, ch, cid), custom_id=cid)


async def roll_until_move(env: simcord.Env, ch: simcord.ChannelHandle, db: Db,
                          members: list) -> dict[str, Any]:
    """Roll (skipping forfeits) until someone has a roll with a choice of plays."""
    for _ in range(20):
        await roll_now(env, ch, db, members)
        row = game_row(db, ch.id)
        if row["game"].phase == "move":
            return row
    raise AssertionError("every roll was forfeited")


async def play_turns(env: simcord.Env, ch, db: Db, members: list, n: int) -> None:
    """``n`` turns with a choice of plays, each the first legal play."""
    for _ in range(n):
        row = await roll_until_move(env, ch, db, members)
        mover, _ = mover_and_waiter(db, ch.id, members)
        r = await mover.slash(ch, "brade move", play=row["game"].legal_turns[0].text)
        assert not r.ephemeral, r.response.content


def press(env: simcord.Env, actor: simcord.MemberActor, message: Any, custom_id: str) -> None:
    """A press of a button sent to the bot without waiting for its answer (``click``
    waits until the bot has settled): the test goes on while the bot works on it."""
    from simcord import interactions as _interactions
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType

    backend = env.backend
    stored = backend.get_message(message.channel.id, message.id)
    record, payload = _interactions.base_payload(
        backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=stored.channel_id,
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)


async def double_click(env: simcord.Env, actor: simcord.MemberActor, message: Any,
                       custom_id: str) -> None:
    """Two presses of one button arriving together, before the bot answers either."""
    for _ in range(2):
        press(env, actor, message, custom_id)
    await env.settle()


class CancelAt:
    """Await ``coro``, cancelling it at its ``n``-th suspension (1-based), as
    ``Task.cancel`` would: the cancellation tests walk every await point with it."""

    def __init__(self, coro: Awaitable[Any], n: int) -> None:
        self.coro, self.n = coro, n
        self.suspensions = 0
        self.fired = False

    def __await__(self) -> Generator[Any, Any, Any]:
        it = self.coro.__await__()
        value: Any = None
        error: BaseException | None = None
        while True:
            try:
                yielded = it.throw(error) if error is not None else it.send(value)
            except StopIteration as stop:
                return stop.value
            error, value = None, None
            self.suspensions += 1
            if self.suspensions == self.n and not self.fired:
                self.fired = True
                if isinstance(yielded, asyncio.Future):
                    yielded.cancel()
                error = asyncio.CancelledError()
                continue
            try:
                value = yield yielded
            except BaseException as e:  # passed on into the command
                error = e


def buttons_left(env: simcord.Env, channel_id: int) -> list[str]:
    """The labels of every button still on a public message of the channel (a private
    note's are a member's own: a first game's welcome keeps its **How to play**)."""
    stored = [m for m in env.backend.messages.get(channel_id, {}).values()
              if not m.flags & EPHEMERAL]
    return [c.get("label") or c.get("custom_id") for m in stored for row in m.components
            for c in row.get("components", [])]


def run_as_two_processes(process: Callable[[int], Coroutine[Any, Any, None]],
                         barrier: threading.Barrier, *, timeout: float = 300) -> None:
    """``process(0)`` and ``process(1)`` at once, each in its own thread and event loop,
    as two bot processes on one database are: one loop holds one SimCord Discord.  A
    failure in either aborts ``barrier`` (so the other does not wait for it) and fails
    the test with both threads' errors."""
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            asyncio.run(process(index))
        except BaseException as e:  # reported by the test's own thread
            errors.append(e)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout)
    assert not any(th.is_alive() for th in threads), "a process did not finish"
    assert not errors, errors


# -- two processes on one database ------------------------------------------------------


def guild_on(shard: int, count: int, k: int = 7) -> int:
    """A snowflake-shaped guild id that Discord routes to ``shard`` of ``count``."""
    return ((k * count + shard) << 22) | 0x2A


class GatedStore:
    """A store whose ``gate``-th read, once armed, waits until the other service's has
    been made too: both scans see the same due rows before either writes, so the race
    the database must settle really happens."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._barrier: asyncio.Barrier | None = None
        self._reads = 0
        self._gate = 0

    def arm(self, barrier: asyncio.Barrier, gate: int = 1) -> None:
        self._barrier, self._reads, self._gate = barrier, 0, gate

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Any]:
        async with self._store.read() as tx:
            yield tx
        self._reads += 1
        if self._barrier is not None and self._reads == self._gate:
            barrier, self._barrier = self._barrier, None
            await asyncio.wait_for(barrier.wait(), 30)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


async def race(stores: list[GatedStore], *scans: Callable[[], Any], gate: int = 1,
               return_exceptions: bool = False) -> list:
    """Run ``scans`` at once, as two processes would, with each store's ``gate``-th read
    held until every scan has made its own: the race the database must settle happens."""
    barrier = asyncio.Barrier(len(scans))
    for s in stores:
        s.arm(barrier, gate)
    return await asyncio.wait_for(asyncio.gather(*(scan() for scan in scans),
                                                 return_exceptions=return_exceptions), 60)


class LateServer:
    """A port that refuses connections until ``open_after``'s time is up, then forwards
    each to the session's PostgreSQL server: a database still starting, as the bots see
    it (issue 35).  Runs on an event loop of its own, in a thread, so a caller that
    blocks (``subprocess.run``) is served too."""

    def __init__(self, target: str) -> None:
        u = urlsplit(target)
        self.host, self.target_port = u.hostname or "127.0.0.1", u.port or 5432
        with socket.socket() as s:  # a free port: refused until the server starts
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = target.replace(f"@{u.hostname}:{u.port}/", f"@127.0.0.1:{self.port}/")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server: asyncio.AbstractServer | None = None

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.target_port)
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    def open_after(self, seconds: float) -> None:
        self._loop.call_soon_threadsafe(self._loop.call_later, seconds, self._start_now)

    def _start_now(self) -> None:
        async def start() -> None:
            self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self._loop.create_task(start())

    def close(self) -> None:
        async def stop() -> None:
            if self._server is not None:
                self._server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()
        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


class FlakyAgent(ThreadAgent):
    """The computer whose worker fails until ``fail`` is cleared."""

    def __init__(self) -> None:
        self.fail = True
        self.failures = 0

    async def choose(self, *args: object, **kwargs: object) -> str:
        if self.fail:
            self.failures += 1
            raise RuntimeError("the AI worker died")
        return await super().choose(*args, **kwargs)  # type: ignore[arg-type]
