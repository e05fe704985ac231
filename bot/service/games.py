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

from bot.i18n import outcome_text, resolve_lang, side_name, t
from bot.service.ai import DEFAULT_LEVEL, LEVELS, Agent
from bot.service.history import history_lines
from bot.service.model import COMPUTER, BoardSpec, Button, Ctx, Post, Reply, UserError
from bot.service.ranking import heuristic_order, matching
from bot.store import GameRow, GuildSettings, Store
from engine import rules as rules_registry
from engine.dice import format_dice, roll_name
from engine.errors import EngineError, MoveError
from engine.game import Game
from engine.match import Match
from engine.notation import parse_play
from engine.position import Side
from engine.turn import Turn

log = logging.getLogger(__name__)
MAX_PLAY_BUTTONS = 3
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
                 names: Callable[[int | None, int], str] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.agent = agent
        self.default_rules = default_rules
        self.remind_after = remind_after
        self.claim_after = claim_after
        self.names = names or (lambda guild_id, user_id: f"#{user_id}")
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._games: dict[int, tuple[int, Game]] = {}  # id -> (version, game) cache
        self._settings: dict[int, GuildSettings] = {}
        self._ranks: dict[tuple[int, int], list[str]] = {}
        #: Ratings and tournaments subscribe here; the service stays ignorant of both.
        self.end_listeners: list[GameEndListener] = []

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
        if rules is not None:
            rules = rules_registry.get(rules).name  # RulesError for unknown ids
            s = replace(s, rules=rules)
        if lang is not None:
            s = replace(s, lang=None if lang == "auto" else lang)
        async with self.store.transaction() as tx:
            await tx.save_settings(s)
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
        if version is not None and row.version != version:
            raise UserError("stale")
        if not row.live:
            raise UserError("stale" if game_id is not None else "game.none")
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
        row = await self.store.save_game(
            lg.row.id, lg.row.version, now=now, state=state, actor_id=ctx.user_id,
            events=[*extra_events, *game.events[events_before:]], **fields)
        if row is None:
            raise UserError("stale")
        self._games[row.id] = (row.version, game)
        if row.status in ENDED and lg.row.status not in ENDED:
            await self._ended(row)
        return Loaded(row, game, lg.match, lg.level, lg.finished)

    # -- starting ------------------------------------------------------------------------

    async def new_game(self, ctx: Ctx, opponent_id: int | None, *, opponent_is_bot: bool = False,
                       rules: str | None = None, match_length: int = 1,
                       level: str = DEFAULT_LEVEL, rated: bool = True) -> Reply:
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
            if existing is not None:
                raise UserError("new.busy")
            seed = self.seed_source()
            now = self.clock()
            opp = COMPUTER if computer else int(opponent_id)  # type: ignore[arg-type]
            offer = {"type": "offer", "by": ctx.user_id, "to": opp, "rules": ruleset.name,
                     "match": match_length}
            async with self.store.transaction() as tx:
                gid = await tx.insert_game(
                    guild_id=ctx.guild_id, channel_id=ctx.channel_id,
                    status="offered", rules=ruleset.name, white_id=ctx.user_id, black_id=opp,
                    match_length=match_length, seed=seed,
                    state={"ai": level} if computer else None, now=now,
                    rated=rated and not computer)
                await tx.append_events(gid, [offer], at=now, actor_id=ctx.user_id)
                row = await tx.game(gid)
        assert row is not None
        if computer:
            return await self._start(ctx, row, personal, public)
        post = Post(
            t("offer", public, challenger=_mention(ctx.user_id), opponent=_mention(opp),
              rules=ruleset.name, title=ruleset.title,
              match=t("offer.match", public, n=match_length) if match_length > 1 else ""),
            buttons=[Button("accept", row.id, row.version, t("btn.accept", public), "success"),
                     Button("decline", row.id, row.version, t("btn.decline", public), "danger")],
            mentions=(opp,))
        return Reply(lang=personal, posts=[post])

    async def accept(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            if ctx.user_id != row.black_id:
                raise UserError("accept.not_you", who=_mention(row.black_id))
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
            async with self.store.transaction() as tx:
                gid = await tx.insert_game(
                    guild_id=ctx.guild_id, channel_id=ctx.channel_id, status="offered",
                    rules=ruleset.name, white_id=white_id, black_id=black_id,
                    match_length=match_length, seed=self.seed_source(), state=None, now=now,
                    rated=rated, tournament_id=tournament_id)
                await tx.append_events(gid, [{"type": "arranged", "by": ctx.user_id,
                                              "tournament": tournament_id}],
                                       at=now, actor_id=ctx.user_id)
                row = await tx.game(gid)
            assert row is not None
            return await self._start(ctx, row, personal, public)

    async def _offered(self, game_id: int, version: int) -> GameRow:
        """The open challenge a button belongs to; a stale press is answered, not applied."""
        async with self.store.read() as tx:
            row = await tx.game(game_id)
        if row is None or row.status != "offered" or row.version != version:
            raise UserError("stale")
        return row

    async def _start(self, ctx: Ctx, row: GameRow, personal: str, public: str) -> Reply:
        """Accepted (or against the computer): teka, then the starter's first roll."""
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
        return Reply(lang=personal, posts=[post])

    async def decline(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.langs(ctx)
        async with self._locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            if ctx.user_id not in row.players():
                raise UserError("decline.not_you")
            async with self.store.transaction() as tx:
                if not await tx.update_game(row.id, row.version, now=self.clock(),
                                            status="declined"):
                    raise UserError("stale")
                await tx.append_events(row.id, [{"type": "decline", "by": ctx.user_id}],
                                       at=self.clock(), actor_id=ctx.user_id)
        key = "declined" if ctx.user_id == row.black_id else "withdrawn"
        return Reply(lang=personal, posts=[Post(t(key, public, who=_mention(ctx.user_id)))])

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
        return Reply(lang=personal, posts=self._after_roll(lg, mover, dice, public))

    def _after_roll(self, lg: Loaded, mover: Side, dice: tuple[int, ...], lang: str) -> list[Post]:
        game = lg.game
        text = t("roll", lang, who=self._who(lg, mover, lang), name=roll_name(dice),
                 dice=format_dice(dice, "–"))
        if game.phase == "move":
            legal = game.legal_turns
            buttons = []
            if len(legal) <= MAX_PLAY_BUTTONS or any(x.special for x in legal):
                for i, turn in enumerate(legal[:5]):
                    buttons.append(Button("play", lg.row.id, lg.row.version,
                                          self._turn_label(turn, lang), "primary", str(i)))
            text += "\n" + (t("roll.one_play", lang) if len(legal) == 1
                            else t("roll.choose", lang, n=len(legal)))
            return [Post(text, buttons=buttons)]
        # Nothing playable: the engine forfeited the roll (T-4) and the turn has passed.
        text += "\n" + t("roll.forfeit", lang)
        return self._turn_posts(lg, lang, text, last=None, dice=dice, mover=mover)

    def _turn_label(self, turn: Turn, lang: str) -> str:
        if turn.special == "column":
            return t("btn.column", lang)
        if turn.special == "kejsarspel":
            return t("btn.kejsarspel", lang)
        return t("btn.play", lang, play=turn.text)[:80]

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
                legal = game.legal_turns
                if not 0 <= index < len(legal):
                    raise UserError("stale")
                chosen = legal[index]
            else:
                chosen = parse_play(game.rules, game.position, game.dice, text or "",  # type: ignore[arg-type]
                                    game.legal_turns)
            dice = game.dice
            self._games.pop(lg.row.id, None)
            game.play_turn(chosen)
            lg = await self._finish_turn(lg, ctx, before)
        head = t("played", public, who=self._who(lg, side, public),
                 dice=format_dice(dice or (), "–"), play=chosen.text)
        return Reply(lang=personal, posts=self._turn_posts(lg, public, head, last=chosen,
                                                           dice=dice, mover=side))

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
        w = self.names(lg.row.guild_id, lg.row.white_id) if lg.row.white_id else \
            t("computer", lang)
        b = self.names(lg.row.guild_id, lg.row.black_id) if lg.row.black_id else \
            t("computer", lang)
        spec = BoardSpec(game.position, game.rules, dice=dice or game.dice, last_turn=last,
                         lang=lang, names=(w, b), mover=mover,
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
                if game.phase != "move":
                    lg = await self._save(lg, ctx, events_before=before)
                    posts.extend(self._after_roll(lg, side, dice, public))
                    continue
                text = await self.agent.choose(game.rules.name, game.position.format(), dice,
                                               self.seed_source(), lg.level)
                turn = parse_play(game.rules, game.position, dice, text, game.legal_turns)
                game.play_turn(turn)
                lg = await self._finish_turn(lg, replace(ctx, user_id=COMPUTER), before)
                head = t("played", public, who=self._who(lg, side, public),
                         dice=format_dice(dice, "–"), play=turn.text)
                posts.extend(self._turn_posts(lg, public, head, last=turn, dice=dice,
                                              mover=side))
        return Reply(lang=personal, posts=posts)

    async def needs_computer(self, ctx: Ctx) -> bool:
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id)
        if row is None or row.status != "active" or COMPUTER not in row.players():
            return False
        lg = self._unpack(row)
        return not lg.game.is_over and lg.player(lg.game.turn) == COMPUTER

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
                     posts=self._turn_posts(lg, public, head, last=None))

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
        return Reply(lang=personal, posts=[Post(t("aborted", public, who=_mention(ctx.user_id)))])

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
        return Reply(lang=personal, posts=self._turn_posts(lg, public, head, last=None))

    # -- looking -------------------------------------------------------------------------

    async def show(self, ctx: Ctx) -> Reply:
        personal, public = await self.langs(ctx)
        async with self.store.read() as tx:
            row = await tx.live_game(ctx.channel_id) or await tx.last_game(ctx.channel_id)
        if row is None or row.state is None:
            raise UserError("game.none")
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
            legal = game.legal_turns
            if len(legal) <= MAX_PLAY_BUTTONS:
                post.buttons = [Button("play", row.id, row.version, self._turn_label(x, public),
                                       "primary", str(i)) for i, x in enumerate(legal)]
        return Reply(lang=personal, posts=[post])

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
        ranked = await self.ranked(lg)
        top = "\n".join(f"{i + 1}. `{x.text}`" for i, x in enumerate(ranked[:3]))
        key = "hint.ai" if self.agent is not None else "hint.simple"
        return Reply(lang=personal, private=t(key, personal) + "\n" + top)

    async def ranked(self, lg: Loaded) -> list[Turn]:
        """Legal plays best first: the AI's ranking when there is one, else the heuristic."""
        legal = lg.game.legal_turns
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
            pos = {txt: i for i, txt in enumerate(order)}
            return sorted(legal, key=lambda x: pos.get(x.text, len(pos)))
        return heuristic_order(legal)

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
        ranked = await self.ranked(lg)
        found = matching(ranked, typed, 25)
        if typed.strip():
            try:
                exact = parse_play(game.rules, game.position, game.dice, typed,  # type: ignore[arg-type]
                                   game.legal_turns)
                found = [exact, *[x for x in found if x != exact]][:25]
            except MoveError:
                pass
        return [x.text for x in found]

    # -- reminders -----------------------------------------------------------------------

    async def due_notices(self, guild_locale: Callable[[int | None], str | None] = lambda g: None,
                          ) -> list[tuple[int, Post]]:
        """Reminders and claim offers for games whose player to move has gone quiet."""
        now = self.clock()
        out: list[tuple[int, Post]] = []
        async with self.store.read() as tx:
            rows = await tx.active_games()
        for row in rows:
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
            async with self.store.transaction() as tx:
                if not await tx.touch_reminded(row.id, row.version, level):
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
