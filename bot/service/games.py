"""Game orchestration: load a channel's game, check who may act, apply, save, describe.

Discord-free: callers pass a ``Ctx`` (who, where, which languages) and get a ``Reply``
(private note, public posts with boards and buttons).  Every state change happens under
the channel's ``asyncio.Lock`` and is written in one transaction whose ``UPDATE`` also
checks the row's version, so two presses of one button can never both apply.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import outcome_text, play_words, resolve_lang, side_name, t
from bot.service.ai import DEFAULT_LEVEL, LEVELS, Agent
from bot.service.history import history_lines
from bot.service.model import COMPUTER, BoardSpec, Button, Ctx, Post, Reply, UserError
from bot.service.players import Players
from bot.service.posts import LivePosts
from bot.store import Conflict, GameRow, GuildSettings, Store, players_sql, run_to_end
from engine import rules as rules_registry
from engine.dice import format_dice, roll_name
from engine.errors import EngineError
from engine.game import Game
from engine.match import Match
from engine.notation import format_turn
from engine.position import Side
from engine.turn import Turn

log = logging.getLogger(__name__)
MAX_PLAY_BUTTONS = 3
#: Plays a roll's buttons may show (a special play, the double-six column or
#: kejsarspel, gets buttons even among more plays) and the cap of a roll's play count.
MAX_BUTTON_PLAYS, COUNT_CAP = 5, 100
MAX_MATCH_GAMES = 25
ENDED = ("over", "aborted")

#: Called once with a game's final row when it ends (over or aborted), after the commit.
GameEndListener = Callable[[GameRow], Awaitable[None]]


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


class GameService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] | None = None, agent: Agent | None = None,
                 default_rules: str = rules_registry.DEFAULT, remind_after: float = 6 * 3600,
                 claim_after: float = 48 * 3600,
                 names: Callable[[int | None, int], str] | None = None,
                 challenge_expires: float = 15 * 60,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self.store = store
        #: Whether this process runs the guild's shard.  Work done on the bot's own
        #: initiative (reminders, claims, expiry, owed computer turns) skips the other
        #: processes' guilds; commands need no check (Discord sends them to the owner).
        self.owns = owns
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.agent = agent
        self.default_rules = default_rules
        self.remind_after = remind_after
        self.claim_after = claim_after
        #: Players' names from every interaction (issue 13); ``names`` is only the
        #: gateway cache, consulted when a player has not been seen yet.
        self.players = Players(store, clock=clock, fallback=names)
        self.names = self.display_name
        #: The messages with live buttons and the game threads the bot must come back to.
        self.posts = LivePosts(store)
        #: An unanswered challenge lapses after this many seconds (BRADE_CHALLENGE_EXPIRES).
        self.challenge_expires = challenge_expires
        self._prefs: dict[int, players_sql.GuildPrefs] = {}
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._games: dict[int, tuple[int, Game]] = {}  # id -> (version, game) cache
        self._settings: dict[int, GuildSettings] = {}
        self._ranks: dict[tuple[int, int], list[str]] = {}
        #: Ratings and tournaments subscribe here; the service stays ignorant of both.
        self.end_listeners: list[GameEndListener] = []
        #: Channels whose game waits for a computer turn that did not happen (its worker
        #: failed, or the bot stopped in between): played on the next command there.
        self.computer_owed: set[int] = set()

    async def _ended(self, row: GameRow) -> None:
        """Tell the listeners; one failing listener must not hide the game's result."""
        for listener in self.end_listeners:
            try:
                await listener(row)
            except Exception:
                log.exception("game-end listener %r failed for game %s", listener, row.id)

    # -- languages and settings ----------------------------------------------------------

    async def settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(0)
        s = self._settings.get(guild_id)
        if s is None:
            async with self.store.read() as tx:
                s = await tx.settings(guild_id)
            self._settings[guild_id] = s
        return s

    async def langs(self, ctx: Ctx) -> tuple[str, str]:
        """(language for the invoker, language for public posts in this server)."""
        s = await self.settings(ctx.guild_id)
        return (resolve_lang(s.lang, ctx.user_locale, ctx.guild_locale),
                resolve_lang(s.lang, None, ctx.guild_locale))

    async def lang_for(self, ctx: Ctx) -> str:
        return (await self.langs(ctx))[0]

    async def configure(self, ctx: Ctx, *, lang: str | None = None,
                        rules: str | None = None) -> Reply:
        """Server defaults (the cog restricts this to Manage Server)."""
        if ctx.guild_id is None:
            raise UserError("settings.guild_only")
        s = await self.settings(ctx.guild_id)
        fields: list[str] = []
        if rules is not None:
            rules = rules_registry.get(rules).name  # RulesError for unknown ids
            s = replace(s, rules=rules)
            fields.append("rules")
        if lang is not None:
            s = replace(s, lang=None if lang == "auto" else lang)
            fields.append("lang")
        if fields:  # only what this command changes: a concurrent change survives
            async with self.store.transaction() as tx:
                s = await tx.save_settings(s, tuple(fields))
        self._settings[ctx.guild_id] = s
        personal = resolve_lang(s.lang, ctx.user_locale, ctx.guild_locale)
        return Reply(lang=personal, private=t(
            "settings.saved", personal, lang=s.lang or "auto",
            rules=s.rules or self.default_rules))

    # -- loading and saving --------------------------------------------------------------

    def _unpack(self, row: GameRow) -> Loaded:
        cached = self._games.get(row.id)
        state = row.state or {}
        if cached is not None and cached[0] == row.version:
            game = cached[1]
        else:
            game = Game.from_json(state["game"]) if state.get("game") else Game.new(row.rules)
        match = (Match.from_json(state["match"]) if state.get("match")
                 else _new_match(row.match_length, game))
        return Loaded(row, game, match, state.get("ai", DEFAULT_LEVEL))

    async def _live(self, ctx: Ctx, game_id: int | None = None,
                    version: int | None = None) -> Loaded:
        """The game this command is about: the button's game, else the channel's live one."""
        async with self.store.read() as tx:
            row = await (tx.game(game_id) if game_id is not None
                         else tx.live_game(ctx.channel_id))
        if row is None:
            raise UserError("game.none")
        if not row.live:
            raise UserError(_closed_key(row) if game_id is not None else "game.none")
        if version is not None and row.version != version:
            raise UserError("stale")
        await self._know(row)
        return self._unpack(row)

    async def _save(self, lg: Loaded, ctx: Ctx, *, events_before: int,
                    extra_events: list[dict[str, Any]] = (), **fields: Any) -> Loaded:  # type: ignore[assignment]
        """Write the game and its new events in one statement; the version check makes
        stale writers fail."""
        now = self.clock()
        game = lg.game
        state = {"game": game.to_json(), "match": lg.match.to_json(), "ai": lg.level}
        fields.setdefault("reminded", 0)
        self._games.pop(lg.row.id, None)

        async def write() -> GameRow | None:
            row = await self.store.save_game(
                lg.row.id, lg.row.version, now=now, state=state, actor_id=ctx.user_id,
                events=[*extra_events, *game.events[events_before:]], **fields)
            if row is not None and row.status in ENDED and lg.row.status not in ENDED:
                await self._ended(row)  # a tournament records the result now
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
        self._games[row.id] = (row.version, game)
        return Loaded(row, game, lg.match, lg.level, lg.finished)

    # -- starting ------------------------------------------------------------------------

    async def new_game(self, ctx: Ctx, opponent_id: int | None, *, opponent_is_bot: bool = False,
                       rules: str | None = None, match_length: int = 1,
                       level: str = DEFAULT_LEVEL, rated: bool = True,
                       swap: bool = False) -> Reply:
        """A challenge (or, against the computer, a game at once).  ``swap`` gives the
        challenger Black (a rematch with colours swapped)."""
        personal, public = await self.langs(ctx)
        computer = opponent_id is None or opponent_id == COMPUTER
        if opponent_id == ctx.user_id:
            raise UserError("new.self")
        if opponent_is_bot and not computer:
            raise UserError("new.bot")
        if computer and self.agent is None:
            raise UserError("new.no_ai")
        if level not in LEVELS:
            raise UserError("new.level", levels=", ".join(LEVELS))
        if not 1 <= match_length <= MAX_MATCH_GAMES or match_length % 2 == 0:
            raise UserError("new.match_length", most=MAX_MATCH_GAMES)  # M-1: odd
        s = await self.settings(ctx.guild_id)
        ruleset = rules_registry.get(rules or s.rules or self.default_rules)
        async with self._locks[ctx.channel_id]:
            async with self.store.read() as tx:
                existing = await tx.live_game(ctx.channel_id)
            if existing is not None and not await self._lapse(existing):
                raise UserError("new.busy")
            async with self.store.read() as tx:
                first = await players_sql.games_played(tx, ctx.guild_id, ctx.user_id) == 0
            seed = self.seed_source()
            now = self.clock()
            opp = COMPUTER if computer else int(opponent_id)  # type: ignore[arg-type]
            white, black = (opp, ctx.user_id) if swap else (ctx.user_id, opp)
            state: dict[str, Any] = {"by": ctx.user_id}
            if computer:
                state["ai"] = level
            offer = {"type": "offer", "by": ctx.user_id, "to": opp, "rules": ruleset.name,
                     "match": match_length}
            try:
                async with self.store.transaction() as tx:
                    gid = await tx.insert_game(
                        guild_id=ctx.guild_id, channel_id=ctx.channel_id,
                        status="offered", rules=ruleset.name, white_id=white, black_id=black,
                        match_length=match_length, seed=seed, state=state, now=now,
                        rated=rated and not computer)
                    await tx.append_events(gid, [offer], at=now, actor_id=ctx.user_id)
                    row = await tx.game(gid)
            except Conflict:  # one live game per channel: another process was first
                raise UserError("new.busy") from None
        assert row is not None
        welcome = self.help_text(personal, first=True) if first else None
        if computer:
            reply = await self._start(ctx, row, personal, public)
            reply.private = welcome
            return reply
        await self._know(row)
        post = Post(
            t("offer", public, challenger=_mention(ctx.user_id), opponent=_mention(opp),
              rules=ruleset.name, title=ruleset.title,
              match=t("offer.match", public, n=match_length) if match_length > 1 else ""),
            buttons=[Button("accept", row.id, row.version, t("btn.accept", public), "success"),
                     Button("decline", row.id, row.version, t("btn.decline", public), "danger")],
            mentions=(opp,))
        return Reply(lang=personal, posts=[post], private=welcome, game_id=row.id,
                     version=row.version)

    async def accept(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            invited = _invited(row)
            if ctx.user_id != invited:
                raise UserError("accept.not_you", who=_mention(invited))
            return await self._start(ctx, row, personal, public)

    async def start_arranged(self, ctx: Ctx, white_id: int, black_id: int, *, rules: str,
                             match_length: int = 1, tournament_id: int | None = None,
                             rated: bool = True) -> Reply:
        """A game both players have already agreed to (a tournament pairing).

        No offer and no buttons to accept: it goes straight to the teka in ``ctx``'s
        channel (the match's thread).  ``ctx.user_id`` is whoever arranged it.
        """
        personal, public = await self.langs(ctx)
        ruleset = rules_registry.get(rules)
        if not 1 <= match_length <= MAX_MATCH_GAMES or match_length % 2 == 0:
            raise UserError("new.match_length", most=MAX_MATCH_GAMES)
        async with self._locks[ctx.channel_id]:
            async with self.store.read() as tx:
                if await tx.live_game(ctx.channel_id) is not None:
                    raise UserError("new.busy")
            now = self.clock()
            try:
                async with self.store.transaction() as tx:
                    gid = await tx.insert_game(
                        guild_id=ctx.guild_id, channel_id=ctx.channel_id, status="offered",
                        rules=ruleset.name, white_id=white_id, black_id=black_id,
                        match_length=match_length, seed=self.seed_source(), state=None,
                        now=now, rated=rated, tournament_id=tournament_id)
                    await tx.append_events(gid, [{"type": "arranged", "by": ctx.user_id,
                                                  "tournament": tournament_id}],
                                           at=now, actor_id=ctx.user_id)
                    row = await tx.game(gid)
            except Conflict:  # the match's game was opened by another process first
                raise UserError("new.busy") from None
            assert row is not None
            return await self._start(ctx, row, personal, public)

    async def _offered(self, game_id: int, version: int) -> GameRow:
        """The open challenge a button belongs to; a stale press is answered, not applied."""
        async with self.store.read() as tx:
            row = await tx.game(game_id)
        if row is None:
            raise UserError("stale")
        if row.status != "offered":
            raise UserError(_closed_key(row))
        if row.version != version:
            raise UserError("stale")
        if self._expired(row):
            raise UserError("offer.expired")
        await self._know(row)
        return row

    async def _start(self, ctx: Ctx, row: GameRow, personal: str, public: str) -> Reply:
        """Accepted (or against the computer): teka, then the starter's first roll."""
        await self._know(row)
        game = Game.new(row.rules, seed=row.seed)
        w, b = game.opening()
        level = (row.state or {}).get("ai", DEFAULT_LEVEL)
        lg = Loaded(row, game, _new_match(row.match_length, game), level)
        lg = await self._save(lg, ctx, events_before=0, status="active",
                              extra_events=[{"type": "accept", "by": ctx.user_id}])
        starter = game.turn
        text = t("start", public, white=self._who(lg, Side.WHITE, public),
                 black=self._who(lg, Side.BLACK, public), rules=row.rules)
        text += "\n" + t("teka", public, w=w, b=b, starter=self._who(lg, starter, public))
        post = self._board_post(lg, public, text)
        return Reply(lang=personal, posts=[post], game_id=row.id, version=lg.row.version)

    async def decline(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            if ctx.user_id not in row.players():
                raise UserError("decline.not_you")
            async with self.store.transaction() as tx:
                closed = await tx.update_game(row.id, row.version, now=self.clock(),
                                              status="declined")
                if closed is None:
                    raise UserError("stale")
                await tx.append_events(row.id, [{"type": "decline", "by": ctx.user_id}],
                                       at=self.clock(), actor_id=ctx.user_id)
        key = "declined" if ctx.user_id == _invited(row) else "withdrawn"
        return Reply(lang=personal, posts=[Post(t(key, public, who=_mention(ctx.user_id)),
                                                final=True)],
                     game_id=row.id, version=closed.version)

    # -- playing -------------------------------------------------------------------------

    def _mover_check(self, lg: Loaded, ctx: Ctx) -> Side:
        if lg.row.status != "active":
            raise UserError("game.not_started")
        side = lg.side_of(ctx.user_id)
        if side is None:
            raise UserError("not_player")
        if lg.game.is_over:
            raise UserError("stale")
        if side is not lg.game.turn:
            raise UserError("not_your_turn", who=_mention(lg.player(lg.game.turn)))
        return side

    async def roll(self, ctx: Ctx, *, one_die: bool = False, game_id: int | None = None,
                   version: int | None = None) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            lg = await self._live(ctx, game_id, version)
            self._mover_check(lg, ctx)
            before = len(lg.game.events)
            mover = lg.game.turn
            self._games.pop(lg.row.id, None)  # the cached game is about to change
            dice = lg.game.roll(one_die=one_die)
            lg = await self._save(lg, ctx, events_before=before)
        # A roll with plays to choose from redraws the board it was rolled on (message
        # policy, README); a forfeited roll ends the turn and posts the next board.
        return Reply(lang=personal, posts=self._after_roll(lg, mover, dice, public),
                     edit=lg.game.phase == "move", game_id=lg.row.id,
                     version=lg.row.version)

    def _after_roll(self, lg: Loaded, mover: Side, dice: tuple[int, ...], lang: str) -> list[Post]:
        game = lg.game
        text = t("roll", lang, who=self._who(lg, mover, lang), name=roll_name(dice),
                 dice=format_dice(dice, "–"))
        if game.phase == "move":
            # The move contract (engine.plays): a few plays and a capped count, never
            # the list of every play (a later puff pasch has up to ~145,000).
            few = game.first_plays(MAX_BUTTON_PLAYS)
            buttons = []
            if len(few) <= MAX_PLAY_BUTTONS or any(x.special for x in few):
                for i, turn in enumerate(few):
                    buttons.append(Button("play", lg.row.id, lg.row.version,
                                          self._turn_label(turn, lang), "primary", str(i)))
            n = len(few) if len(few) <= MAX_PLAY_BUTTONS else game.count_plays(COUNT_CAP + 1)
            text += "\n" + (t("roll.one_play", lang) if n == 1 else t(
                "roll.choose", lang, n=f"{COUNT_CAP}+" if n > COUNT_CAP else n))
            # the roller's dice, named, on the position they move from (issue 13)
            post = self._board_post(lg, lang, text, dice=dice, mover=mover, buttons=False)
            post.buttons = buttons
            return [post]
        # Nothing playable: the engine forfeited the roll (T-4) and the turn has passed.
        text += "\n" + t("roll.forfeit", lang)
        return self._turn_posts(lg, lang, text, last=None, dice=dice, mover=mover)

    def _turn_label(self, turn: Turn, lang: str) -> str:
        if turn.special == "column":
            return t("btn.column", lang)
        if turn.special == "kejsarspel":
            return t("btn.kejsarspel", lang)
        return t("btn.play", lang, play=format_turn(turn, lang))[:80]

    async def move(self, ctx: Ctx, text: str | None = None, *, index: int | None = None,
                   game_id: int | None = None, version: int | None = None) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            lg = await self._live(ctx, game_id, version)
            side = self._mover_check(lg, ctx)
            game = lg.game
            if game.phase != "move":
                raise UserError("game.roll_first")
            before = len(game.events)
            if index is not None:
                few = game.first_plays(MAX_BUTTON_PLAYS)  # the plays the buttons showed
                if not 0 <= index < len(few):
                    raise UserError("stale")
                chosen = few[index]
            else:
                chosen = game.validate(text or "")  # by its steps (engine.plays)
            dice = game.dice
            self._games.pop(lg.row.id, None)
            game.play_turn(chosen)
            lg = await self._finish_turn(lg, ctx, before)
        head = t("played", public, who=self._who(lg, side, public),
                 dice=format_dice(dice or (), "–"),
                 play=self._play_text(lg, chosen, side, public))
        return Reply(lang=personal, posts=self._turn_posts(lg, public, head, last=chosen,
                                                           dice=dice, mover=side),
                     game_id=lg.row.id, version=lg.row.version)

    async def _finish_turn(self, lg: Loaded, ctx: Ctx, before: int) -> Loaded:
        """Save after a play; when a game of a match ends, set up the next one (T-1)."""
        game = lg.game
        if not (game.is_over and game.outcome is not None):
            return await self._save(lg, ctx, events_before=before)
        lg.match.record(game.outcome)
        if _match_over(lg.match):
            result = {"outcome": game.outcome.to_json(), "match": lg.match.to_json()}
            return await self._save(lg, ctx, events_before=before, status="over",
                                    result=result)
        # The match goes on: the loser starts the next game without a teka (T-1).
        starter = lg.match.next_starter
        nxt = Game.new(game.rules, seed=lg.row.seed + len(lg.match.results), starter=starter)
        extra = list(game.events[before:])
        if starter is None:
            nxt.opening()
        lg.game, lg.finished = nxt, game
        return await self._save(lg, ctx, events_before=0, extra_events=extra)

    def _turn_posts(self, lg: Loaded, lang: str, head: str, *, last: Turn | None,
                    dice: tuple[int, ...] | None = None,
                    mover: Side | None = None) -> list[Post]:
        """The board after a turn, then what happens next (a win, or the next roll)."""
        ended = lg.finished or (lg.game if lg.game.is_over else None)
        if ended is None:
            return [self._board_post(lg, lang, head, last=last, dice=dice, mover=mover)]
        text = head + "\n" + self._win_text(lg, lang, ended)
        posts = [self._board_post(lg, lang, text, last=last, dice=dice, game=ended,
                                  buttons=False, mover=mover)]
        posts[0].final = True
        if lg.finished is None and lg.row.status == "over":
            posts[0].buttons = [Button("rematch", lg.row.id, lg.row.version,
                                       t("btn.rematch", lang), "success")]
        if lg.finished is not None:
            n = len(lg.match.results) + 1
            posts.append(self._board_post(lg, lang, t(
                "match.game", lang, n=n, starter=self._who(lg, lg.game.turn, lang))))
        return posts

    def _win_text(self, lg: Loaded, lang: str, game: Game | None = None) -> str:
        o = (game or lg.game).outcome
        assert o is not None
        text = t("win", lang, who=self._who(lg, o.winner, lang),
                 how=outcome_text(o.kind, o.munk, lang), points=o.points,
                 unit=t("point" if o.points == 1 else "points", lang))
        m = lg.match
        if m.length > 1:
            text += "\n" + t("match.score", lang, white=self._who(lg, Side.WHITE, lang),
                             black=self._who(lg, Side.BLACK, lang), w=m.score(Side.WHITE),
                             b=m.score(Side.BLACK), played=m.completed, length=m.length)
            if m.is_over and m.winner is not None:
                text += "\n" + t("match.won", lang, who=self._who(lg, m.winner, lang))
                for n, o in enumerate(m.results, 1):  # the match's summary, game by game
                    text += "\n" + t("match.line", lang, n=n, who=side_name(o.winner, lang),
                                      how=outcome_text(o.kind, o.munk, lang),
                                      points=f"{o.points} " + t(
                                          "point" if o.points == 1 else "points", lang))
        return text

    def _board_post(self, lg: Loaded, lang: str, text: str, *, last: Turn | None = None,
                    dice: tuple[int, ...] | None = None, buttons: bool = True,
                    game: Game | None = None, mover: Side | None = None) -> Post:
        game = game or lg.game
        w = self.display_name(lg.row.guild_id, lg.row.white_id, lang)
        b = self.display_name(lg.row.guild_id, lg.row.black_id, lang)
        view = self._view(lg, game, mover)
        spec = BoardSpec(game.position, game.rules, dice=dice or game.dice, last_turn=last,
                         lang=lang, names=(w, b), mover=mover, perspective=view,
                         theme=self.theme_for(lg.row.guild_id, lg.player(view)),
                         score=(lg.match.score(Side.WHITE), lg.match.score(Side.BLACK))
                         if lg.match.length > 1 else None)
        post = Post(text, board=spec)
        if buttons and not game.is_over and lg.row.status == "active":
            post.buttons, note = self._next_buttons(lg, lang)
            if note:
                post.text += "\n" + note
            mover = lg.player(game.turn)
            if mover != COMPUTER:
                post.mentions = (mover,)
        return post

    def _next_buttons(self, lg: Loaded, lang: str) -> tuple[list[Button], str]:
        game = lg.game
        who = lg.player(game.turn)
        if who == COMPUTER:
            return [], ""
        if game.phase == "roll":
            owed = game.history[game.turn].onedie_owed
            buttons = []
            if not owed:
                buttons.append(Button("roll", lg.row.id, lg.row.version, t("btn.roll", lang),
                                      "primary"))
            if game.one_die_available():
                buttons.append(Button("roll1", lg.row.id, lg.row.version,
                                      t("btn.roll_one", lang), "secondary"))
            key = "to_roll_one" if owed else "to_roll"
            return buttons, t(key, lang, who=_mention(who), side=side_name(game.turn, lang))
        if game.phase == "move":
            return [], t("to_move", lang, who=_mention(who))
        return [], ""

    async def computer_turns(self, ctx: Ctx) -> Reply:
        """Let the computer roll and play while it is on turn (after a human's command)."""
        personal, public = await self.langs(ctx)
        posts: list[Post] = []
        if self.agent is None:
            return Reply(lang=personal)
        for _ in range(4):  # forfeits can pass the turn back and forth; bounded
            async with self._locks[ctx.channel_id]:
                try:
                    lg = await self._live(ctx)
                except UserError:
                    break
                game = lg.game
                if lg.row.status != "active" or game.is_over or \
                        lg.player(game.turn) != COMPUTER:
                    break
                side = game.turn
                self._games.pop(lg.row.id, None)
                before = len(game.events)
                dice = game.roll()
                try:
                    if game.phase != "move":
                        lg = await self._save(lg, ctx, events_before=before)
                        posts.extend(self._after_roll(lg, side, dice, public))
                        continue
                    text = await self.agent.choose(game.rules.name, game.position.format(),
                                                   dice, self.seed_source(), lg.level)
                    turn = game.validate(text)
                    game.play_turn(turn)
                    lg = await self._finish_turn(lg, replace(ctx, user_id=COMPUTER), before)
                except UserError as error:
                    if error.key != "stale":
                        raise
                    # Another process (overlapping shards) played this turn first: its
                    # save won the version check and it posts the board; nothing to add.
                    break
                head = t("played", public, who=self._who(lg, side, public),
                         dice=format_dice(dice, "–"),
                         play=self._play_text(lg, turn, side, public))
                posts.extend(self._turn_posts(lg, public, head, last=turn, dice=dice,
                                              mover=side))
        if not posts:
            return Reply(lang=personal)
        return Reply(lang=personal, posts=posts, game_id=lg.row.id, version=lg.row.version)

    async def channel_busy(self, channel_id: int) -> bool:
        """Whether a game or challenge is live in the channel (a thread is kept open)."""
        async with self.store.read() as tx:
            return await tx.live_game(channel_id) is not None

    async def needs_computer(self, ctx: Ctx) -> bool:
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id)
        if row is None or row.status != "active" or COMPUTER not in row.players():
            return False
        lg = self._unpack(row)
        return not lg.game.is_over and lg.player(lg.game.turn) == COMPUTER

    async def owed_computer_turns(self) -> list[GameRow]:
        """Live games where the computer is to play: after a restart or a failed reply
        nobody would otherwise make it move.  Also remembered in ``computer_owed``."""
        async with self.store.read() as tx:
            rows = await tx.active_games()
        owed = []
        for row in rows:
            if COMPUTER not in row.players() or not self.owns(row.guild_id):
                continue
            lg = self._unpack(row)
            if not lg.game.is_over and lg.player(lg.game.turn) == COMPUTER:
                owed.append(row)
        self.computer_owed = {r.channel_id for r in owed}
        return owed

    # -- giving up and stopping ------------------------------------------------------------

    async def resign_prompt(self, ctx: Ctx) -> Reply:
        personal, _ = await self.langs(ctx)
        lg = await self._live(ctx)
        side = lg.side_of(ctx.user_id)
        if side is None:
            raise UserError("not_player")
        if lg.row.status != "active":
            raise UserError("game.not_started")
        ok, reason = lg.game.can_resign(side)
        v = lg.row.version
        cancel = Button("keep", lg.row.id, v, t("btn.keep", personal), "secondary")
        if ok:
            pts = _resign_points(lg.game)
            return Reply(lang=personal, private=t("resign.confirm", personal, points=pts),
                         buttons=[Button("resign", lg.row.id, v, t("btn.resign", personal),
                                         "danger"), cancel])
        why = t(reason or "", personal)
        pts = _abandon_points(lg.game)
        return Reply(lang=personal, private=t("resign.refused", personal, reason=why, points=pts),
                     buttons=[Button("abandon", lg.row.id, v, t("btn.abandon", personal),
                                     "danger"), cancel])

    async def resign(self, ctx: Ctx, game_id: int, version: int, *,
                     abandon: bool = False) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            lg = await self._live(ctx, game_id, version)
            side = lg.side_of(ctx.user_id)
            if side is None:
                raise UserError("not_player")
            before = len(lg.game.events)
            self._games.pop(lg.row.id, None)
            if abandon:
                lg.game.abandon(side)
            else:
                lg.game.resign(side)
            lg = await self._finish_turn(lg, ctx, before)
        key = "abandoned" if abandon else "resigned"
        head = t(key, public, who=self._who(lg, side, public))
        return Reply(lang=personal, private=t("ok", personal),
                     posts=self._turn_posts(lg, public, head, last=None, mover=side),
                     game_id=lg.row.id, version=lg.row.version)

    async def keep_playing(self, ctx: Ctx) -> Reply:
        personal, _ = await self.langs(ctx)
        return Reply(lang=personal, private=t("resign.cancelled", personal))

    async def abort(self, ctx: Ctx, *, game_id: int | None = None,
                    version: int | None = None) -> Reply:
        """Both players agree, or someone with Manage Channels; an offer is just withdrawn."""
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            lg = await self._live(ctx, game_id, version)
            row = lg.row
            is_player = ctx.user_id in row.players()
            other = row.black_id if ctx.user_id == row.white_id else row.white_id
            agreed = (ctx.can_manage or row.status == "offered" or other == COMPUTER
                      or (is_player and row.abort_by == other))
            if not is_player and not ctx.can_manage:
                raise UserError("abort.not_allowed")
            if not agreed:
                if row.abort_by == ctx.user_id:
                    raise UserError("abort.already_asked", who=_mention(other))
                async with self.store.transaction() as tx:
                    new = await tx.update_game(row.id, row.version, now=row.updated_at,
                                               abort_by=ctx.user_id)
                    if new is None:
                        raise UserError("stale")
                    await tx.append_events(row.id, [{"type": "abort_request",
                                                     "by": ctx.user_id}],
                                           at=self.clock(), actor_id=ctx.user_id)
                self._games.pop(row.id, None)
                post = Post(t("abort.asked", public, who=_mention(ctx.user_id),
                              other=_mention(other)),
                            buttons=[Button("abort", row.id, new.version,
                                            t("btn.abort", public), "danger")],
                            mentions=(other,))
                return Reply(lang=personal, posts=[post])
            async with self.store.transaction() as tx:
                ended = await tx.update_game(row.id, row.version, now=self.clock(),
                                             status="aborted")
                if not ended:
                    raise UserError("stale")
                await tx.append_events(row.id, [{"type": "abort", "by": ctx.user_id}],
                                       at=self.clock(), actor_id=ctx.user_id)
            self._games.pop(row.id, None)
            if row.status == "active":
                await self._ended(ended)
        return Reply(lang=personal, game_id=row.id, version=ended.version,
                     posts=[Post(t("aborted", public, who=_mention(ctx.user_id)), final=True)])

    async def claim(self, ctx: Ctx, *, game_id: int | None = None,
                    version: int | None = None) -> Reply:
        """After ``claim_after`` without a move, the waiting player wins as if abandoned."""
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            lg = await self._live(ctx, game_id, None)
            side = lg.side_of(ctx.user_id)
            if side is None:
                raise UserError("not_player")
            if lg.row.status != "active":
                raise UserError("game.not_started")
            if side is lg.game.turn:
                raise UserError("claim.your_turn")
            waited = self.clock() - lg.row.updated_at
            if waited < self.claim_after:
                raise UserError("claim.too_early", left=_duration(self.claim_after - waited,
                                                                   personal))
            before = len(lg.game.events)
            self._games.pop(lg.row.id, None)
            absent = lg.game.turn
            lg.game.abandon(absent)
            lg = await self._finish_turn(lg, ctx, before)
        head = t("claimed", public, who=_mention(ctx.user_id),
                 absent=self._who(lg, absent, public))
        return Reply(lang=personal, posts=self._turn_posts(lg, public, head, last=None,
                                                           mover=side),
                     game_id=lg.row.id, version=lg.row.version)

    # -- looking -------------------------------------------------------------------------

    async def show(self, ctx: Ctx) -> Reply:
        personal, public = await self.langs(ctx)
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id) or await tx.last_game(ctx.channel_id)
        if row is None or not (row.state or {}).get("game"):
            raise UserError("game.none")
        await self._know(row)
        lg = self._unpack(row)
        game = lg.game
        if row.status == "active" and not game.is_over:
            text = t("show", public, white=self._who(lg, Side.WHITE, public),
                     black=self._who(lg, Side.BLACK, public), rules=row.rules)
            if game.phase == "move" and game.dice:
                text += "\n" + t("roll", public, who=self._who(lg, game.turn, public),
                                 name=roll_name(game.dice), dice=format_dice(game.dice, "–"))
        else:
            text = t("show.over", public, white=self._who(lg, Side.WHITE, public),
                     black=self._who(lg, Side.BLACK, public), rules=row.rules)
            if game.outcome is not None:
                text += "\n" + self._win_text(lg, public)
        post = self._board_post(lg, public, text)
        if row.status == "active" and game.phase == "move":
            few = game.first_plays(MAX_PLAY_BUTTONS + 1)
            if len(few) <= MAX_PLAY_BUTTONS:
                post.buttons = [Button("play", row.id, row.version, self._turn_label(x, public),
                                       "primary", str(i)) for i, x in enumerate(few)]
        return Reply(lang=personal, posts=[post], game_id=row.id, version=row.version)

    async def history(self, ctx: Ctx) -> Reply:
        personal, _ = await self.langs(ctx)
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id) or await tx.last_game(ctx.channel_id)
            events = await tx.events(row.id) if row else []
        if row is None:
            raise UserError("game.none")
        lines = [t("history.head", personal, rules=row.rules)]
        lines += history_lines([ev.data for ev in events], personal)
        if row.status == "aborted":
            lines.append(t("history.aborted", personal))
        if len(lines) == 1:
            lines.append(t("history.empty", personal))
        return Reply(lang=personal, private=_clip("\n".join(lines)))

    async def rules_info(self, ctx: Ctx, rules: str | None = None) -> Reply:
        personal, _ = await self.langs(ctx)
        name = rules
        if name is None:
            async with self.store.read() as tx:
                row = await tx.live_game(ctx.channel_id)
            s = await self.settings(ctx.guild_id)
            name = row.rules if row else (s.rules or self.default_rules)
        r = rules_registry.get(name)
        return Reply(lang=personal, private=t("rules.summary", personal, title=r.title,
                                              name=r.name, text=t(f"rules.{r.id}", personal)))

    async def hint(self, ctx: Ctx) -> Reply:
        personal, _ = await self.langs(ctx)
        lg = await self._live(ctx)
        self._mover_check(lg, ctx)
        if lg.row.tournament_id is not None:
            raise UserError("hint.tournament")
        if lg.game.phase != "move":
            raise UserError("game.roll_first")
        ranked, by_ai = await self.ranked(lg)
        top = "\n".join(f"{i + 1}. `{play_words(x, personal)}`" for i, x in enumerate(ranked[:3]))
        key = "hint.ai" if by_ai else "hint.simple"  # never claim a heuristic is the AI's
        return Reply(lang=personal, private=t(key, personal) + "\n" + top)

    async def ranked(self, lg: Loaded) -> tuple[list[str], bool]:
        """Plays best first, and whether the AI ranked them: the AI's ranking (searched in
        its worker) when it answers in time, else the engine's cheap order."""
        key = (lg.row.id, lg.row.version)
        if self.agent is not None and key not in self._ranks:
            try:
                g = lg.game
                texts = await asyncio.wait_for(self.agent.rank(
                    g.rules.name, g.position.format(), g.dice or (), ), timeout=2.0)
                self._ranks = {k: v for k, v in self._ranks.items() if k[0] != lg.row.id}
                self._ranks[key] = texts
            except Exception:  # a slow or failing AI falls back to the heuristic
                self._ranks[key] = []
        order = self._ranks.get(key) or []
        if order:
            return order, True
        return [x.text for x in lg.game.suggest("", 3)], False

    async def suggestions(self, ctx: Ctx, typed: str) -> list[str]:
        """Autocomplete for /move: legal plays matching ``typed``, best first, at most 25."""
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id)
        if row is None or row.status != "active":
            return []
        lg = self._unpack(row)
        game = lg.game
        if game.phase != "move" or lg.side_of(ctx.user_id) is not game.turn:
            return []
        self._games[row.id] = (row.version, game)
        # Never waits on the AI worker (Discord gives autocomplete 3 s, the worker takes
        # ~2 s to start): the engine walks just enough plays, in its cheap order.
        return [x.text for x in game.suggest(typed or "", 25)]

    # -- reminders -----------------------------------------------------------------------

    async def due_notices(self, guild_locale: Callable[[int | None], str | None] = lambda g: None,
                          ) -> list[tuple[int, Post]]:
        """Reminders and claim offers for games whose player to move has gone quiet."""
        now = self.clock()
        out: list[tuple[int, Post]] = []
        async with self.store.read() as tx:
            rows = await tx.active_games()
        for row in rows:
            if not self.owns(row.guild_id):
                continue
            waited = now - row.updated_at
            level = 2 if waited >= self.claim_after else 1 if waited >= self.remind_after else 0
            if level <= row.reminded:
                continue
            lg = self._unpack(row)
            if lg.game.is_over:
                continue
            mover = lg.player(lg.game.turn)
            waiting = lg.player(lg.game.turn.other)
            if mover == COMPUTER:
                continue
            s = await self.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, guild_locale(row.guild_id))
            # Marked sent BEFORE it is sent, by a conditional update: of two processes
            # (overlapping shards in a rolling restart) only the one whose update took
            # the row sends; the other, or a restart, never repeats it.
            try:
                async with self.store.transaction() as tx:
                    if not await tx.touch_reminded(row.id, row.version, level):
                        continue
            except Conflict:
                continue
            if level == 1:
                post = Post(t("remind", lang, who=_mention(mover),
                              since=_duration(waited, lang)), mentions=(mover,))
            else:
                post = Post(t("remind.claim", lang, who=_mention(mover), other=_mention(waiting),
                              since=_duration(waited, lang)),
                            buttons=[Button("claim", row.id, row.version,
                                            t("btn.claim", lang), "danger")],
                            mentions=(mover, waiting))
            out.append((row.channel_id, post))
        return out

    # -- players, preferences, challenges that lapse, rematches, help (issue 13) ---------

    async def _know(self, row: GameRow) -> None:
        """Names and themes of a game's players, so the boards drawn next can name them."""
        await self.players.resolve(row.guild_id, row.players())
        await self.prefs(row.guild_id)

    def display_name(self, guild_id: int | None, user_id: int, lang: str = "en") -> str:
        """A player's name for boards, threads and records: never their id."""
        if user_id == COMPUTER:
            return t("computer", lang)
        return self.players.name(guild_id, user_id) or t("player.unknown", lang)

    async def prefs(self, guild_id: int | None) -> players_sql.GuildPrefs:
        if guild_id is None:
            return players_sql.GuildPrefs(0)
        p = self._prefs.get(guild_id)
        if p is None:
            async with self.store.read() as tx:
                p = await players_sql.prefs(tx, guild_id)
            self._prefs[guild_id] = p
        return p

    def theme_for(self, guild_id: int | None, user_id: int) -> str:
        """The player's own board theme, else the server's, else the classic one."""
        mine = self.players.theme(guild_id, user_id) if user_id != COMPUTER else None
        server = self._prefs.get(guild_id or 0)
        return mine or (server.theme if server else None) or "classic"

    def _play_text(self, lg: Loaded, turn: Turn, mover: Side, lang: str) -> str:
        """A played turn in the reader's words and in the numbering of the board it is
        posted with (the arrows point at those labels)."""
        ended = lg.finished or (lg.game if lg.game.is_over else None)
        view = self._view(lg, ended or lg.game, mover)
        return format_turn(turn, lang, mover=mover, numbering=view)

    @staticmethod
    def _view(lg: Loaded, game: Game, mover: Side | None) -> Side:
        """The side a board is drawn from: against the computer always the human's; else
        the side to act on it, and once a game is over the side that ended it."""
        humans = [s for s in (Side.WHITE, Side.BLACK) if lg.player(s) != COMPUTER]
        if len(humans) == 1:
            return humans[0]
        if game.is_over or lg.row.status != "active":
            return mover or game.turn
        return game.turn

    def _expired(self, row: GameRow) -> bool:
        return row.status == "offered" and \
            self.clock() - row.updated_at >= self.challenge_expires

    async def _lapse(self, row: GameRow) -> bool:
        """Close a challenge nobody answered in time; True if it was (the channel is free)."""
        if not self._expired(row):
            return False
        try:  # the version check lets one writer (this process or another) close it
            async with self.store.transaction() as tx:
                if not await tx.update_game(row.id, row.version, now=row.updated_at,
                                            status="declined"):
                    return False
                await tx.append_events(row.id, [{"type": "expire"}], at=self.clock(),
                                       actor_id=None)
        except Conflict:
            return False
        return True

    async def expire_offers(self) -> list[tuple[int, int, str]]:
        """Close every lapsed challenge: ``(channel id, game id, public note)`` each."""
        async with self.store.read() as tx:
            due = await players_sql.expired_offers(tx, self.clock() - self.challenge_expires)
        out = []
        for game_id, channel_id, _version in due:
            async with self._locks[channel_id]:
                async with self.store.read() as tx:
                    row = await tx.game(game_id)
                if row is None or not self.owns(row.guild_id) or not await self._lapse(row):
                    continue
            s = await self.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, None)
            out.append((channel_id, game_id, t("offer.expired", lang, who=_mention(
                (row.state or {}).get("by", row.white_id)))))
        return out

    def help_text(self, lang: str, *, first: bool = False) -> str:
        text = t("help", lang)
        return t("help.first", lang) + "\n" + text if first else text

    async def help(self, ctx: Ctx) -> Reply:
        personal, _ = await self.langs(ctx)
        return Reply(lang=personal, private=self.help_text(personal))

    async def rematch(self, ctx: Ctx, game_id: int) -> Reply:
        """Play again: same rules, match length and level, colours swapped.  Against the
        computer the game starts at once; a member is challenged as usual."""
        async with self.store.read() as tx:
            row = await tx.game(game_id)
        if row is None or row.status not in ENDED:
            raise UserError("stale")
        if ctx.user_id not in row.players():
            raise UserError("not_player")
        other = row.black_id if ctx.user_id == row.white_id else row.white_id
        level = (row.state or {}).get("ai", DEFAULT_LEVEL)
        return await self.new_game(ctx, None if other == COMPUTER else other,
                                   rules=row.rules, match_length=row.match_length,
                                   level=level, rated=row.rated or other == COMPUTER,
                                   swap=ctx.user_id == row.white_id)

    async def set_preferences(self, ctx: Ctx, *, threads: bool | None = None,
                              theme: str | None = None,
                              server_theme: str | None = None) -> Reply:
        """A player's own board theme; the server's theme and game threads (the command
        layer checks Manage Server for those)."""
        from render import THEMES

        personal, _ = await self.langs(ctx)
        for name in (theme, server_theme):
            if name is not None and name not in THEMES and name != "default":
                raise UserError("settings.theme", themes=", ".join(THEMES))
        lines = []
        if threads is not None or server_theme is not None:
            if ctx.guild_id is None:
                raise UserError("settings.guild_only")
            p = await self.prefs(ctx.guild_id)
            fields: list[str] = []
            if threads is not None:
                p = replace(p, threads=threads)
                fields.append("threads")
            if server_theme is not None:
                p = replace(p, theme=None if server_theme == "default" else server_theme)
                fields.append("theme")
            async with self.store.transaction() as tx:  # only what this command changes
                p = await players_sql.save_prefs(tx, p, tuple(fields))
            self._prefs[ctx.guild_id] = p
            lines.append(t("settings.server_prefs", personal,
                           threads=t("yes" if p.threads else "no", personal),
                           theme=p.theme or "classic"))
        if theme is not None:
            mine = None if theme == "default" else theme
            await self.players.set_theme(ctx.guild_id, ctx.user_id, mine)
            lines.append(t("settings.my_theme", personal, theme=mine or t(
                "settings.server_default", personal)))
        return Reply(lang=personal, private="\n".join(lines) or t("ok", personal))

    # -- words ---------------------------------------------------------------------------

    def _who(self, lg: Loaded, side: Side, lang: str) -> str:
        uid = lg.player(side)
        name = t("computer", lang) if uid == COMPUTER else _mention(uid)
        return f"{side_name(side, lang)} ({name})"


def _new_match(length: int, game: Game) -> Match:
    return Match(length, scoring=game.rules.scoring, family=game.rules.family)


def _match_over(match: Match) -> bool:
    """A single game ends with its first result, whatever M-1 says about resigning."""
    return match.is_over or (match.length == 1 and bool(match.results))


def _mention(user_id: int) -> str:
    return "🤖" if user_id == COMPUTER else f"<@{user_id}>"


def _closed_key(row: GameRow) -> str:
    """What a press on a button of a game that is no longer live is told."""
    if row.status in ENDED:
        return "game.over"
    return "offer.closed"


def _invited(row: GameRow) -> int:
    """The player a challenge waits for: whoever did not make it."""
    by = (row.state or {}).get("by", row.white_id)
    return row.black_id if by == row.white_id else row.white_id


def _resign_points(game: Game) -> int:
    from engine.scoring import points

    try:
        return points(game.rules.scoring, "resign")[0]
    except KeyError:
        return 1


def _abandon_points(game: Game) -> int:
    from engine.scoring import points

    try:
        return points(game.rules.scoring, "jan")[0] if game.rules.is_brade else 1
    except KeyError:
        return 1


def _duration(seconds: float, lang: str) -> str:
    s = int(max(0, seconds))
    if s >= 86400:
        return t("dur.d", lang, n=round(s / 86400, 1))
    if s >= 3600:
        return t("dur.h", lang, n=round(s / 3600, 1))
    if s >= 60:
        return t("dur.m", lang, n=s // 60)
    return t("dur.s", lang, n=s)


def _clip(text: str, limit: int = 1900) -> str:
    if len(text) <= limit:
        return text
    return "…\n" + text[-limit:]


__all__ = ["EngineError", "GameService", "Loaded"]
