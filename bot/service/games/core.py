"""The games' table: where every part of the game service loads, locks and saves a game.

``Table`` holds the one copy of each: the store, the clock and the dice seeds, the
channel locks under which every change happens, the cache of unpacked games, the
servers' settings and preferences, the players' names.  A game is read with ``live``
(the button's game, or the channel's), unpacked once per version (``unpack``), checked
(``mover_check``) and written back with ``save``: the game and its new events in one
statement whose ``UPDATE`` also checks the row's version, so two presses of one button
can never both apply.  Each part of the game service (bot/service/games/__init__.py)
is handed the table when it is made; none inherits from it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.i18n import resolve_lang, t
from bot.service.ai import DEFAULT_LEVEL
from bot.service.model import COMPUTER, Ctx, UserError
from bot.service.players import Fetcher, Players
from bot.service.posts import LivePosts
from bot.service.text import mention as member_mention
from bot.store import Conflict, Database, GameRow, ServerDefaults, ServerDisplay, run_to_end
from bot.store.repositories import Repositories
from engine.game import Game
from engine.match import Match
from engine.position import Side

log = logging.getLogger(__name__)
ENDED = ("over", "aborted")
#: ``games.seed`` of a game started since fair dice: each of its games keeps its own seed
#: in its stored game (engine.dice); the column holds the seed of older games.
NO_ROW_SEED = 0

#: Called once with a game's final row when it ends (over or aborted), after the commit;
#: what it returns is not used (the ratings' listener says whether it rated, for its
#: own catch-up).
GameEndListener = Callable[[GameRow], Awaitable[object]]


@dataclass
class Loaded:
    """A game row with its engine state unpacked.

    ``finished`` is the game that has just ended when a match goes on with a new one.
    """

    row: GameRow
    game: Game
    match: Match
    level: str = DEFAULT_LEVEL
    finished: Game | None = None

    def side_of(self, user_id: int) -> Side | None:
        if user_id == self.row.white_id:
            return Side.WHITE
        if user_id == self.row.black_id:
            return Side.BLACK
        return None

    def player(self, side: Side) -> int:
        return self.row.white_id if side is Side.WHITE else self.row.black_id


class Table:
    """The games as the service keeps them: loaded, locked, checked and saved, and the
    caches and servers' settings every part reads."""

    def __init__(self, store: Database, settings: Settings = Settings(), *,
                 clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] | None = None,
                 names: Callable[[int | None, int], str] | None = None,
                 fetch: Fetcher | None = None,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 repos: Repositories | None = None) -> None:
        """``settings`` are the bot's (bot/config.py: ``Settings``; its defaults by
        default)."""
        self.store = store
        #: The store's queries, one repository per feature (bot/store/repositories.py).
        self.repos = repos or Repositories()
        #: Whether this process runs the guild's shard.  Work done on the bot's own
        #: initiative (reminders, claims, expiry, owed computer turns) skips the other
        #: processes' guilds; commands need no check (Discord sends them to the owner).
        self.owns = owns
        self.clock = clock
        #: Each game's dice seed (engine.dice: 32 bytes, drawn when the game starts, so a
        #: challenge nobody accepts draws none); also the computer's choices' seeds.
        self.seed_source = seed_source or (lambda: secrets.randbits(256))
        #: Read by every part of the service, so kept here by name.
        self.default_rules = settings.default_rules
        self.remind_after = settings.remind_after
        self.claim_after = settings.claim_after
        #: Players' names from every interaction (issue 13); ``names`` is only the
        #: gateway cache, consulted when a player has not been seen yet, and ``fetch``
        #: asks Discord once for a name never seen.
        self.players = Players(store, clock=clock, fallback=names, fetch=fetch,
                               players=self.repos.players)
        #: The messages with live buttons and the game threads the bot must come back to.
        self.posts = LivePosts(store, self.repos.posts)
        #: An unanswered challenge lapses after this many seconds (BRADE_CHALLENGE_EXPIRES).
        self.challenge_expires = settings.challenge_expires
        #: Live games and open challenges one member may have in one server
        #: (BRADE_MAX_GAMES_PER_MEMBER; bot/service/games/challenges.py); 0: no limit.
        self.max_games = settings.max_games
        self._prefs: dict[int, ServerDisplay] = {}
        #: The channel locks under which every change of a game happens.
        self.locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: Unpacked games: id -> (version, game); a part about to change a game drops
        #: it here first (``cache.pop``).
        self.cache: dict[int, tuple[int, Game]] = {}
        #: Games between two members, by id, as their rows were read (``know``): who
        #: plays a game never changes, so after a command on one no read is needed to
        #: know that the computer has no turn to play (``needs_computer``).
        self.members_only: set[int] = set()
        self._settings: dict[int, ServerDefaults] = {}
        #: Ratings and tournaments subscribe here; the service stays ignorant of both.
        self.end_listeners: list[GameEndListener] = []

    async def ended(self, row: GameRow) -> None:
        """Tell the listeners; one failing listener must not hide the game's result."""
        for listener in self.end_listeners:
            try:
                await listener(row)
            except Exception:
                log.exception("game-end listener %r failed for game %s", listener, row.id)

    # -- loading, checking and saving ----------------------------------------------------

    def unpack(self, row: GameRow) -> Loaded:
        cached = self.cache.get(row.id)
        state = row.state or {}
        if cached is not None and cached[0] == row.version:
            game = cached[1]
        else:
            game = Game.from_json(state["game"]) if state.get("game") else Game.new(row.rules)
        match = (Match.from_json(state["match"]) if state.get("match")
                 else new_match(row.match_length, game))
        return Loaded(row, game, match, state.get("ai", DEFAULT_LEVEL))

    async def live(self, ctx: Ctx, game_id: int | None = None,
                   version: int | None = None) -> Loaded:
        """The game this command is about: the button's game, else the channel's live one."""
        async with self.store.read() as tx:
            row = await (tx.game(game_id) if game_id is not None
                         else tx.live_game(ctx.channel_id))
        if row is None:
            raise UserError("game.none")
        if not row.live:
            raise UserError(closed_key(row) if game_id is not None else "game.none")
        if version is not None and row.version != version:
            raise UserError("stale")
        await self.know(row)
        return self.unpack(row)

    def unchanged(self, seen: Loaded | None) -> Loaded | None:
        """``seen`` (a game read before its channel's lock was taken) when it is still
        the game this process last saved, else None (read it again under the lock).

        Every change drops the game from ``cache`` before it touches it and puts the
        saved game back, so the same version and the same object there mean nothing
        here changed it since; a change by another process (sharded, on PostgreSQL)
        makes the save's version check fail, answered as stale.  A confirmed play saves
        one read of the game this way (issue 47)."""
        if seen is None:
            return None
        hit = self.cache.get(seen.row.id)
        if hit is None or hit[0] != seen.row.version or hit[1] is not seen.game:
            return None
        return seen

    async def channel_busy(self, channel_id: int) -> bool:
        """Whether a game or challenge is live in the channel (a thread is kept open)."""
        async with self.store.read() as tx:
            return await tx.live_game(channel_id) is not None

    async def save(self, lg: Loaded, ctx: Ctx, *, events_before: int,
                   extra_events: Sequence[dict[str, Any]] = (), **fields: Any) -> Loaded:
        """Write the game and its new events in one statement; the version check makes
        stale writers fail."""
        now = self.clock()
        game = lg.game
        state = {"game": game.to_json(), "match": lg.match.to_json(), "ai": lg.level}
        fields.setdefault("reminded", 0)
        self.cache.pop(lg.row.id, None)

        async def write() -> GameRow | None:
            row = await self.store.save_game(
                lg.row.id, lg.row.version, now=now, state=state, actor_id=ctx.user_id,
                events=[*extra_events, *game.events[events_before:]], **fields)
            if row is not None and row.status in ENDED and lg.row.status not in ENDED:
                await self.ended(row)  # a tournament records the result now
            return row

        # Once the save is sent it completes, listeners included, even if the command
        # is cancelled meanwhile (the cancellation is re-raised after): a game that
        # ended must not miss its tournament result.
        try:
            row = await run_to_end(write())
        except Conflict:  # another process wrote this game first (PostgreSQL)
            row = None
        if row is None:
            raise UserError("stale")
        self.cache[row.id] = (row.version, game)
        return Loaded(row, game, lg.match, lg.level, lg.finished)

    def mover_check(self, lg: Loaded, ctx: Ctx) -> Side:
        if lg.row.status != "active":
            raise UserError("game.not_started")
        side = lg.side_of(ctx.user_id)
        if side is None:
            raise UserError("not_player")
        if lg.game.is_over:
            raise UserError("stale")
        if side is not lg.game.turn:
            raise UserError("not_your_turn", who=mention(lg.player(lg.game.turn)))
        return side

    async def finish_turn(self, lg: Loaded, ctx: Ctx, before: int) -> Loaded:
        """Save after a play; when a game of a match ends, set up the next one (T-1)."""
        game = lg.game
        if not (game.is_over and game.outcome is not None):
            return await self.save(lg, ctx, events_before=before)
        lg.match.record(game.outcome)
        if match_over(lg.match):
            result = {"outcome": game.outcome.to_json(), "match": lg.match.to_json()}
            return await self.save(lg, ctx, events_before=before, status="over",
                                   result=result)
        # The match goes on: the loser starts the next game without a teka (T-1).
        starter = lg.match.next_starter
        nxt = Game.new(game.rules, seed=self.seed_source(), starter=starter)  # its own seed
        extra = list(game.events[before:])
        if starter is None:
            nxt.opening()
        lg.game, lg.finished = nxt, game
        return await self.save(lg, ctx, events_before=0, extra_events=extra)

    # -- servers and players ------------------------------------------------------------

    async def settings(self, guild_id: int | None) -> ServerDefaults:
        if guild_id is None:
            return ServerDefaults(0)
        s = self._settings.get(guild_id)
        if s is None:
            async with self.store.read() as tx:
                s = await tx.server_defaults(guild_id)
            self._settings[guild_id] = s
        return s

    def keep_settings(self, s: ServerDefaults) -> None:
        """A server's settings as just saved (``Preferences.configure``)."""
        self._settings[s.guild_id] = s

    async def langs(self, ctx: Ctx) -> tuple[str, str]:
        """(language for the invoker, language for public posts in this server)."""
        s = await self.settings(ctx.guild_id)
        personal = resolve_lang(s.lang, ctx.user_locale, ctx.guild_locale)
        if ctx.guild_id is None:  # a direct message is its member's own (issue 36)
            return personal, personal
        return personal, resolve_lang(s.lang, None, ctx.guild_locale)

    async def lang_for(self, ctx: Ctx) -> str:
        return (await self.langs(ctx))[0]

    async def know(self, row: GameRow) -> None:
        """Names and themes of a game's players, so the boards drawn next can name them;
        and whether the computer is one of them."""
        if COMPUTER not in row.players():
            self.members_only.add(row.id)
        await self.players.resolve(row.guild_id, row.players())
        await self.prefs(row.guild_id)

    def display_name(self, guild_id: int | None, user_id: int, lang: str = "en") -> str:
        """A player's name for boards, threads and records: never their id."""
        if user_id == COMPUTER:
            return t("computer.name", lang)
        return self.players.name(guild_id, user_id) or t("player.unknown", lang)

    async def prefs(self, guild_id: int | None) -> ServerDisplay:
        if guild_id is None:
            return ServerDisplay(0)
        p = self._prefs.get(guild_id)
        if p is None:
            async with self.store.read() as tx:
                p = await self.repos.players.server_display(tx, guild_id)
            self._prefs[guild_id] = p
        return p

    def keep_prefs(self, p: ServerDisplay) -> None:
        """A server's preferences as just saved (``Preferences.set_preferences``)."""
        self._prefs[p.guild_id] = p

    async def board_theme(self, guild_id: int | None, user_id: int) -> str:
        """``theme_for`` for a board drawn outside a game (a problem): nothing has read
        that member's theme or the server's settings in this run yet, as ``know`` does
        for a game's players."""
        await self.prefs(guild_id)
        if user_id != COMPUTER:
            await self.players.resolve(guild_id, [user_id])
        return self.theme_for(guild_id, user_id)

    def theme_for(self, guild_id: int | None, user_id: int) -> str:
        """The player's own board theme, else the server's, else the classic one."""
        mine = self.players.theme(guild_id, user_id) if user_id != COMPUTER else None
        server = self._prefs.get(guild_id or 0)
        return mine or (server.theme if server else None) or "classic"


def new_match(length: int, game: Game) -> Match:
    return Match(length, scoring=game.rules.scoring, family=game.rules.family)


def match_over(match: Match) -> bool:
    """A single game ends with its first result, whatever M-1 says about resigning."""
    return match.is_over or (match.length == 1 and bool(match.results))


def mention(user_id: int) -> str:
    """A game's player mentioned in its posts (``bot.service.text.mention``); the
    computer, who has no member to mention, as 🤖."""
    return "🤖" if user_id == COMPUTER else member_mention(user_id)


def closed_key(row: GameRow) -> str:
    """What a press on a button of a game that is no longer live is told."""
    if row.status in ENDED:
        return "game.over"
    return "offer.closed"

