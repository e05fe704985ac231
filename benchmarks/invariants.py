"""What must hold in a brade database after any fault: the checks the fault soak, the
``kill -9`` script and the cancellation tests share.

``audit(db)`` reads the database through a connection of its own (so it sees only what
was committed) and returns the violations it finds, as sentences; an empty list is a
healthy database.  ``db`` is a SQLite file (read-only) or a ``postgresql://`` URL:

* SQLite: ``PRAGMA integrity_check`` is ``ok`` (PostgreSQL checks its own pages);
* every game's event log numbers 1..n without gaps;
* every game's stored state equals the *replay of its event log*: each game of the match
  is re-played from its own seed (docs/dice.md: revealed in its ending event, or the
  stored game's; the row's seed + its index for games from before fair dice), action by
  action (roll, choice, play, resignation),
  and must reproduce the logged events exactly (so a roll applied twice or lost, or a
  play the rules forbid, shows) and end in exactly the stored state, random generator
  included;
* a tournament game that ended has its result in the tournament;
* the match's recorded results match the games the log finished, and the row's status
  matches the game (an ``over`` row has a finished match, an ``active`` one a game on);
* ratings were applied once: each member's stored number of rated games, wins and losses
  equals the applied games (``rated_games``) that name them, and only finished rated
  games were applied.

``check_live_buttons(row, messages)`` checks the message policy against the channel's
messages as Discord (SimCord, in the benchmarks) holds them, which the database cannot
show: every active game has exactly one message with live buttons, its newest board
(see its docstring for the exact terms).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
import threading
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bot.service.history import ENDINGS
from bot.service.model import COMPUTER
from bot.service.spectate import split_games
from bot.store.dialect import to_postgres
from engine.dice import DiceSource, FairDice, LegacyDice
from engine.game import Game
from engine.match import Match
from engine.position import Side

AUTOMATIC = ("teka", "start", "forfeit", "win")  # the engine writes these itself

T = TypeVar("T")


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


class Rows:
    """The part of a ``sqlite3`` cursor the readers use, over PostgreSQL's rows."""

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Any]:
        return self._rows

    def __iter__(self) -> Any:
        return iter(self._rows)


class PgReader:
    """A synchronous reading connection to PostgreSQL, shaped like ``sqlite3``'s
    ``execute`` so one SQL text (``?`` placeholders) serves both databases.

    The audit and the benchmark drivers are synchronous and some run inside the bot's
    event loop, so asyncpg runs on an event loop of its own in a daemon thread; a call
    blocks its caller as a ``sqlite3`` read does.  Records index by position and name,
    as ``sqlite3.Row`` does.
    """

    def __init__(self, url: str) -> None:
        import asyncpg

        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="brade-pg-reader")
        self._thread.start()
        try:
            self._conn = self._call(asyncpg.connect(url))
        except BaseException:
            self._stop()
            raise

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        return Rows(self._call(self._conn.fetch(to_postgres(sql), *params)))

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def close(self) -> None:
        try:
            self._call(self._conn.close(timeout=10))
        finally:
            self._stop()


def connect(target: str | Path) -> sqlite3.Connection | PgReader:
    """A connection of the caller's own that sees only committed state: a read-only
    SQLite connection to a file, or a PostgreSQL one to a ``postgresql://`` URL."""
    if is_postgres(target):
        return PgReader(str(target))
    conn = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def _plain(x: Any) -> Any:
    return json.loads(json.dumps(x))


def replay_game(rules: str, dice: DiceSource, part: list[dict[str, Any]]) -> Game:
    """Re-play one game of a match from its dice and its logged actions.

    Raises ``AssertionError`` naming the first event the replay does not reproduce.
    """
    first = part[0]
    if first["type"] == "teka":
        game = Game.new(rules, source=dice)
        game.opening()
    elif first["type"] == "start":
        game = Game.new(rules, source=dice, starter=Side(first["starter"]))
    else:
        raise AssertionError(f"the game's log starts with {first['type']!r}")
    while len(game.events) < len(part):
        i = len(game.events)
        e = part[i]
        kind = e["type"]
        if kind == "roll":
            game.roll(one_die=len(e["dice"]) == 1)
        elif kind == "choose":
            game.choose_roll(tuple(e["dice"]))
        elif kind == "play":
            game.play(e["moves"])
        elif kind in ("resign", "abandon"):
            loser = Side(e["outcome"]["winner"]).other
            game.resign(loser) if kind == "resign" else game.abandon(loser)
        else:
            raise AssertionError(f"event {i + 1} ({kind}) was not produced by the replay")
        made = _plain(game.events[i:])
        logged = part[i:i + len(made)]
        if made != logged:
            raise AssertionError(f"event {i + 1}: replay gives {made[:2]}, log has "
                                 f"{logged[:2]}")
    if len(game.events) != len(part):
        raise AssertionError("the replay wrote more events than the log holds")
    return game


def game_dice(row: dict[str, Any], parts: list[list[dict[str, Any]]], i: int,
              stored: Game) -> DiceSource:
    """Game ``i`` of the row's dice, from the start (docs/dice.md): the seed its ending
    revealed, or the stored game's for the last; a game from before fair dice had the
    Mersenne Twister seeded with the row's seed + its index."""
    seed = parts[i][-1].get("seed") if parts[i][-1]["type"] in ENDINGS else None
    if seed is None and i == len(parts) - 1 and isinstance(stored.source, FairDice):
        seed = stored.source.seed_hex
    if seed is not None:
        return FairDice(seed)
    return LegacyDice(random.Random(int(row["seed"]) + i))


def check_game(row: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """The violations of one game row against its event log."""
    gid, status = row["id"], row["status"]
    state = json.loads(row["state"]) if row["state"] else {}
    parts = split_games(events)
    if not state.get("game"):
        if parts:
            return [f"game {gid}: the log has moves but no game is stored"]
        if status in ("active", "over"):
            return [f"game {gid}: {status} without a stored game"]
        return []
    out: list[str] = []
    stored = Game.from_json(state["game"])
    match = Match.from_json(state["match"]) if state.get("match") else None
    if not parts:
        return [f"game {gid}: a stored game but no moves in the log"]
    replayed: Game | None = None
    for i, part in enumerate(parts):
        try:
            replayed = replay_game(row["rules"], game_dice(row, parts, i, stored), part)
        except Exception as e:  # any failure is a violation to report
            out.append(f"game {gid}, game {i + 1} of the match: {e}")
            return out
    assert replayed is not None
    if _plain(replayed.to_json()) != _plain(stored.to_json()):
        out.append(f"game {gid}: the stored game differs from the replay of its log "
                   f"({len(stored.events)} stored events, {len(parts[-1])} logged)")
    finished = sum(1 for p in parts if p[-1]["type"] in ENDINGS)
    if match is not None and len(match.results) != finished:
        out.append(f"game {gid}: the match records {len(match.results)} results, the log "
                   f"finishes {finished} games")
    if status == "over" and not stored.is_over:
        out.append(f"game {gid}: over, but its last game is not")
    if status == "active" and stored.is_over:
        out.append(f"game {gid}: active, but its game is over")
    return out


def check_tournaments(conn: sqlite3.Connection | PgReader,
                      rows: list[dict[str, Any]]) -> list[str]:
    """A tournament game that ended with a result has that result in its tournament."""
    from bot.league.model import Status
    from bot.league.tournament import Tournament

    out = []
    for row in rows:
        if row.get("tournament_id") is None or row["status"] != "over":
            continue
        found = conn.execute("SELECT data FROM tournaments WHERE id = ?",
                             (row["tournament_id"],)).fetchone()
        if found is None:
            continue
        m = Tournament.from_json(json.loads(found[0])).find_ref(str(row["channel_id"]))
        if m is not None and m.status is Status.PENDING:
            out.append(f"game {row['id']}: over, but tournament {row['tournament_id']} still "
                       f"waits for match {m.id}")
    return out


def check_ratings(conn: sqlite3.Connection | PgReader) -> list[str]:
    """Ratings applied exactly once: each member's stored count of rated games, wins and
    losses is the number of applied games naming them (a game applied twice, or two
    games applied over each other's read, shows as a count that differs), and only a
    finished rated game was applied."""
    out = []
    counted: dict[tuple[int, int], list[int]] = {}
    for gid, guild, winner, loser, status, rated in conn.execute(
            "SELECT r.game_id, r.guild_id, r.winner_id, r.loser_id, g.status, g.rated "
            "FROM rated_games r LEFT JOIN games g ON g.id = r.game_id ORDER BY r.game_id"):
        if status != "over" or not rated:
            out.append(f"game {gid}: applied to the ratings, but it is {status} "
                       f"({'rated' if rated else 'unrated'})")
        for user, won in ((winner, True), (loser, False)):
            c = counted.setdefault((int(guild), int(user)), [0, 0, 0])
            c[0] += 1
            c[1 if won else 2] += 1
    for guild, user, games, wins, losses in conn.execute(
            "SELECT guild_id, user_id, games, wins, losses FROM ratings "
            "ORDER BY guild_id, user_id"):
        want = counted.pop((int(guild), int(user)), [0, 0, 0])
        if [games, wins, losses] != want:
            out.append(f"member {user} on server {guild}: the rating counts {games} games "
                       f"({wins} won, {losses} lost), the applied games {want[0]} "
                       f"({want[1]} won, {want[2]} lost)")
    for (guild, user), want in counted.items():
        out.append(f"member {user} on server {guild}: {want[0]} applied games, no rating")
    return out


def audit(db: str | Path) -> list[str]:
    """Every violation in the committed state of ``db`` (empty: all is well): a SQLite
    file or a ``postgresql://`` URL."""
    conn = connect(db)
    try:
        out = []
        if isinstance(conn, sqlite3.Connection):
            found = [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
            if found != ["ok"]:
                out.append(f"integrity_check: {'; '.join(found)[:300]}")
        rows = [dict(r) for r in conn.execute("SELECT * FROM games ORDER BY id")]
        logs: dict[int, list[Any]] = {}
        for r in conn.execute("SELECT game_id, seq, data FROM events ORDER BY game_id, seq"):
            logs.setdefault(int(r[0]), []).append(r)
        for row in rows:
            logged = logs.get(int(row["id"]), [])
            seqs = [r[1] for r in logged]
            if seqs != list(range(1, len(seqs) + 1)):
                out.append(f"game {row['id']}: event numbers {seqs[:5]}… are not 1..n")
            out += check_game(row, [json.loads(r[2]) for r in logged])
        out += check_tournaments(conn, rows)
        out += check_ratings(conn)
        return out
    finally:
        conn.close()


def states(db: str | Path) -> dict[int, tuple[str, int, str | None]]:
    """Each game's (status, version, state): to compare before and after a restart."""
    conn = connect(db)
    try:
        return {r[0]: (r[1], r[2], r[3])
                for r in conn.execute("SELECT id, status, version, state FROM games")}
    finally:
        conn.close()


# -- the message policy: one message with live buttons per game, its newest board --------

#: The buttons that act on a game's turn (README, "Messages"); a challenge's, a claim's or
#: a finished game's buttons are not the live board's.
TURN_ACTIONS = frozenset({"roll", "roll1", "play"})
_GAME_BUTTON = re.compile(r"brade:([a-z0-9_]+):(\d+):(\d+):")
EPHEMERAL = 1 << 6  # a private answer: only its invoker sees it, it is no board


@dataclass(frozen=True)
class Posted:
    """One message of a channel, in the message policy's terms."""

    id: int
    board: bool  # it carries a picture: a board
    buttons: tuple[tuple[str, int, int], ...]  # (action, game, version) of its game buttons


def _custom_ids(components: Iterable[Any]) -> Iterable[str]:
    for c in components:
        if isinstance(c, Mapping):
            if isinstance(c.get("custom_id"), str):
                yield c["custom_id"]
            yield from _custom_ids(c.get("components") or ())


def posted(messages: Iterable[Any]) -> list[Posted]:
    """A channel's messages as SimCord's backend holds them
    (``env.backend.messages[channel_id].values()``: ``id``, ``flags``, ``attachments``,
    ``components``), oldest first, leaving out private answers and plain text, which
    neither are boards nor carry buttons."""
    out = []
    for m in messages:
        if m.flags & EPHEMERAL or not (m.attachments or m.components):
            continue
        buttons = []
        for cid in _custom_ids(m.components):
            found = _GAME_BUTTON.match(cid)
            if found:
                buttons.append((found[1], int(found[2]), int(found[3])))
        out.append(Posted(int(m.id), bool(m.attachments), tuple(buttons)))
    return sorted(out, key=lambda p: p.id)


def check_live_buttons(row: Mapping[str, Any] | None, messages: Sequence[Posted]) -> list[str]:
    """The message policy for the channel's game ``row`` (``id``, ``version``,
    ``status``, ``white``, ``black``, ``game``: the committed row, its game decoded), as
    violations.  For an active game whose channel holds a board:

    * no message but the channel's newest board carries the game's turn buttons (Roll,
      Roll one die, a play): an older board's buttons are taken off when the next one is
      posted, so there is exactly one message with live buttons;
    * when a player (not the computer) is to roll, that newest board carries a Roll (or
      Roll one die) button of the game's current version: the player to act finds it on
      the board they act on;
    * the newest board's buttons are of the current version (an older one answers
      "already made").

    A game whose channel holds no board yet is not checked: in ``benchmarks/kill9.py``
    each bot process has a simulated Discord of its own, so a game that goes on after a
    kill has no message there until its next command.
    """
    if row is None or row["status"] != "active" or row["game"] is None:
        return []
    boards = [p for p in messages if p.board]
    if not boards:
        return []
    gid, version, game = int(row["id"]), int(row["version"]), row["game"]
    newest = boards[-1]
    out = []

    def turn_buttons(p: Posted) -> list[tuple[str, int]]:
        return [(a, v) for a, g, v in p.buttons if g == gid and a in TURN_ACTIONS]

    stray = [p.id for p in messages if p.id != newest.id and turn_buttons(p)]
    if stray:
        out.append(f"game {gid}: message{'s' if len(stray) > 1 else ''} "
                   f"{', '.join(map(str, stray[-5:]))} carr{'y' if len(stray) > 1 else 'ies'} "
                   f"its buttons, but its newest board is {newest.id}")
    live = turn_buttons(newest)
    mover = row["white"] if game.turn.value == "white" else row["black"]
    if game.phase == "roll" and mover != COMPUTER and not any(
            a in ("roll", "roll1") and v == version for a, v in live):
        out.append(f"game {gid}: the player to roll finds no Roll button (version {version}) "
                   f"on the newest board {newest.id}"
                   + (" nor anywhere else" if not stray else ""))
    stale = sorted({v for _, v in live if v != version})
    if stale:
        out.append(f"game {gid}: the newest board {newest.id} has buttons of version "
                   f"{', '.join(map(str, stale))}, the game is at version {version}")
    return out
