"""Starting games: challenges made, accepted, declined, lapsed; arranged games; rematches.

A challenge is a game row in the ``offered`` state with Accept and Decline buttons; the
opponent's Accept starts it (the opening roll, teka, then the starter's first roll).
However it is answered (accepted, declined, withdrawn, lapsed), its own message is
rewritten to say so (``challenge_text``), without its buttons.
Against the computer the game starts at once, and a tournament pairing
(``start_arranged``) needs no acceptance.  An unanswered challenge lapses after
``challenge_expires`` seconds: closed by a version-checked update, so one process closes
it, and the channel is free again.

One member may have at most ``max_games`` live games and open challenges in a server
(BRADE_MAX_GAMES_PER_MEMBER), counted together (``limits_sql.open_count``): a challenge
counts for whoever made it, a game for both its players, and accepting adds the game to
the accepting member's count.  Each start that raises a count checks it in the
transaction that writes the game, under the member's lock (``limits_sql.hold_members``),
so two commands at once in two channels cannot both take the last slot.  A tournament's
games are arranged by the bot and are neither refused nor counted.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import resolve_lang, t
from bot.service.ai import DEFAULT_LEVEL, LEVELS, Agent
from bot.service.games.boards import Boards
from bot.service.games.core import ENDED, NO_ROW_SEED, Loaded, Table, closed_key, mention, new_match
from bot.service.games.looking import welcome
from bot.service.games.proof import commitment_line, joined
from bot.service.games.rolling import Rolling
from bot.service.match_words import terms
from bot.service.model import COMPUTER, Button, Ctx, Post, Reply, UserError
from bot.store import Conflict, GameRow, Tx
from engine import rules as rules_registry
from engine.game import Game
from engine.position import Side

MAX_MATCH_GAMES = 25


class Challenges:
    """Challenges and every other way a game starts."""

    def __init__(self, table: Table, boards: Boards, rolling: Rolling,
                 agent: Agent | None) -> None:
        """``agent``: the computer's player (None: nobody may challenge it here)."""
        self.table = table
        self.boards = boards
        self.rolling = rolling
        self.agent = agent

    async def new_game(self, ctx: Ctx, opponent_id: int | None, *, opponent_is_bot: bool = False,
                       rules: str | None = None, match_length: int = 1,
                       level: str = DEFAULT_LEVEL, rated: bool = True,
                       swap: bool = False, once: str | None = None) -> Reply:
        """A challenge (or, against the computer, a game at once).  ``swap`` gives the
        challenger Black (a rematch with colours swapped); ``once`` is the token of the
        button that asked for it, spent with the game's insert (``use_button``)."""
        personal, public = await self.table.langs(ctx)
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
        s = await self.table.settings(ctx.guild_id)
        ruleset = rules_registry.get(rules or s.rules or self.table.default_rules)
        # Before the channel is looked at: a member at the limit is not offered a thread.
        await self.check_room(ctx, COMPUTER if opponent_id is None else opponent_id)
        async with self.table.locks[ctx.channel_id]:
            async with self.table.store.read() as tx:
                existing = await tx.live_game(ctx.channel_id)
            if existing is not None and not await self._lapse(existing):
                raise UserError("new.busy")
            async with self.table.store.read() as tx:
                first = not await self.table.repos.players.welcomed(tx, ctx.user_id)
            now = self.table.clock()
            opp = COMPUTER if opponent_id is None else opponent_id
            white, black = (opp, ctx.user_id) if swap else (ctx.user_id, opp)
            state: dict[str, Any] = {"by": ctx.user_id}
            if computer:
                state["ai"] = level
            offer = {"type": "offer", "by": ctx.user_id, "to": opp, "rules": ruleset.name,
                     "match": match_length}
            try:
                async with self.table.store.transaction() as tx:
                    await self._hold_room(tx, ctx.guild_id, ctx.user_id, now)
                    if once is not None and not await self.table.repos.limits.spend_button(
                            tx, once, ctx.guild_id, ctx.user_id, now):
                        raise UserError("button.used")
                    gid = await tx.insert_game(
                        guild_id=ctx.guild_id, channel_id=ctx.channel_id,
                        status="offered", rules=ruleset.name, white_id=white, black_id=black,
                        match_length=match_length, seed=NO_ROW_SEED, state=state, now=now,
                        rated=rated and not computer, challenger_id=ctx.user_id)
                    await tx.append_events(gid, [offer], at=now, actor_id=ctx.user_id)
                    row = await tx.game(gid)
            except Conflict:  # one live game per channel: another process was first
                raise UserError("new.busy") from None
        assert row is not None
        note, help_button = welcome(personal) if first else (None, [])
        if computer:
            reply = await self._start(ctx, row, personal, public)
            reply.private, reply.buttons = note, help_button
            return reply
        await self.table.know(row)
        post = Post(
            challenge_text(row, public),
            buttons=[Button("accept", row.id, row.version, t("btn.accept", public), "success"),
                     Button("decline", row.id, row.version, t("btn.decline", public), "danger")],
            mentions=(opp,))
        return Reply(lang=personal, posts=[post], private=note, buttons=help_button,
                     game_id=row.id,
                     version=row.version)

    async def accept(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            invited = invited_player(row)
            if ctx.user_id != invited:
                raise UserError("accept.not_you", who=mention(invited))
            async with self.table.store.read() as tx:
                first = not await self.table.repos.players.welcomed(tx, ctx.user_id)
            reply = await self._start(ctx, row, personal, public, joining=ctx.user_id)
        reply.challenge = Post(challenge_text(row, public, "offer.accepted",
                                              who=mention(ctx.user_id)))
        if first:  # the invited member's first game: the welcome is theirs too
            reply.private, reply.buttons = welcome(personal)
        return reply

    async def start_arranged(self, ctx: Ctx, white_id: int, black_id: int, *, rules: str,
                             match_length: int = 1, tournament_id: int | None = None,
                             league_id: int | None = None, rated: bool = True) -> Reply:
        """A game both players have already agreed to (a tournament pairing).

        No offer and no buttons to accept: it goes straight to the teka in ``ctx``'s
        channel (the match's thread).  ``ctx.user_id`` is whoever arranged it.
        """
        personal, public = await self.table.langs(ctx)
        ruleset = rules_registry.get(rules)
        if not 1 <= match_length <= MAX_MATCH_GAMES or match_length % 2 == 0:
            raise UserError("new.match_length", most=MAX_MATCH_GAMES)
        async with self.table.locks[ctx.channel_id]:
            async with self.table.store.read() as tx:
                if await tx.live_game(ctx.channel_id) is not None:
                    raise UserError("new.busy")
            now = self.table.clock()
            try:
                async with self.table.store.transaction() as tx:
                    gid = await tx.insert_game(
                        guild_id=ctx.guild_id, channel_id=ctx.channel_id, status="offered",
                        rules=ruleset.name, white_id=white_id, black_id=black_id,
                        match_length=match_length, seed=NO_ROW_SEED, state=None,
                        now=now, rated=rated, tournament_id=tournament_id,
                        league_id=league_id)
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
        async with self.table.store.read() as tx:
            row = await tx.game(game_id)
        if row is None:
            raise UserError("stale")
        if row.status != "offered":
            raise UserError(closed_key(row))
        if row.version != version:
            raise UserError("stale")
        if self._expired(row):
            raise UserError("offer.expired")
        await self.table.know(row)
        return row

    async def _start(self, ctx: Ctx, row: GameRow, personal: str, public: str, *,
                     joining: int | None = None) -> Reply:
        """Accepted (or against the computer): teka, then the starter's first roll.
        ``joining``: the member whose count the start raises (who accepted), checked
        against the limit in the transaction that starts the game."""
        await self.table.know(row)
        game = Game.new(row.rules, seed=self.table.seed_source())  # the dice are drawn from now
        game.opening()
        level = (row.state or {}).get("ai", DEFAULT_LEVEL)
        lg = Loaded(row, game, new_match(row.match_length, game), level)
        accept = {"type": "accept", "by": ctx.user_id}
        if joining is not None and self.table.max_games:
            lg = await self._start_counted(lg, ctx, joining, accept)
        else:
            lg = await self.table.save(lg, ctx, events_before=0, status="active",
                                       extra_events=[accept])
        text = t("start", public, white=self.boards.who(lg, Side.WHITE, public),
                 black=self.boards.who(lg, Side.BLACK, public), rules=row.rules)
        text += "\n" + self.boards.teka(lg, game, public)  # every pair drawn, who starts
        text = joined(text, commitment_line(game, public))
        lg, more = await self.rolling.roll_for_next(lg, ctx, public)  # a starter who asked for it
        if more:
            text += "\n" + more
        await self.boards.ready(lg)
        post = self.boards.board_post(lg, public, text)
        return Reply(lang=personal, posts=[post], game_id=row.id, version=lg.row.version)

    async def _start_counted(self, lg: Loaded, ctx: Ctx, joining: int,
                             accept: dict[str, Any]) -> Loaded:
        """``save``'s start of the game, written in a transaction that first checks
        ``joining``'s count under their lock: of two acceptances at once (in two
        channels) that would exceed the limit, the second is refused."""
        row, game = lg.row, lg.game
        now = self.table.clock()
        state = {"game": game.to_json(), "match": lg.match.to_json(), "ai": lg.level}
        self.table.cache.pop(row.id, None)
        try:
            async with self.table.store.transaction() as tx:
                await self._hold_room(tx, row.guild_id, joining, now)
                saved = await tx.update_game(row.id, row.version, now=now, state=state,
                                             status="active", reminded=0)
                if saved is None:
                    raise UserError("stale")
                await tx.append_events(row.id, [accept, *game.events], at=now,
                                       actor_id=ctx.user_id)
        except Conflict:  # another process wrote this game first (PostgreSQL)
            raise UserError("stale") from None
        self.table.cache[saved.id] = (saved.version, game)
        return Loaded(saved, game, lg.match, lg.level)

    # -- what one member may open ----------------------------------------------------------

    async def check_room(self, ctx: Ctx, opponent: int) -> None:
        """Refuse, before anything is made, a start the limit would refuse: the member
        has no room for another game or challenge, or the member challenged has none to
        accept it.  A polite early answer only; ``_hold_room`` decides, in the
        transaction that writes the game."""
        if not self.table.max_games:
            return
        since = self.table.clock() - self.table.challenge_expires
        async with self.table.store.read() as tx:
            n = await self.table.repos.limits.open_count(tx, ctx.guild_id, ctx.user_id, since)
            if n >= self.table.max_games:
                raise UserError("limit.yours", n=n, limit=self.table.max_games)
            if opponent != COMPUTER and opponent != ctx.user_id:
                theirs = await self.table.repos.limits.open_count(tx, ctx.guild_id, opponent, since)
                if theirs >= self.table.max_games:
                    raise UserError("limit.theirs", who=mention(opponent), n=theirs,
                                    limit=self.table.max_games)

    async def _hold_room(self, tx: Tx, guild_id: int | None, user_id: int,
                         now: float) -> None:
        """Inside the transaction that adds a game to ``user_id``'s count: lock their
        count until it commits, and refuse when they have no room left."""
        if not self.table.max_games:
            return
        await self.table.repos.limits.hold_members(tx, guild_id, [user_id])
        n = await self.table.repos.limits.open_count(tx, guild_id, user_id, now - self.table.challenge_expires)
        if n >= self.table.max_games:
            raise UserError("limit.yours", n=n, limit=self.table.max_games)

    async def use_button(self, ctx: Ctx, token: str) -> None:
        """Spend a button that starts something (the private "Start it in a new thread"
        button, by its message) before anything is made; ``UserError("button.used")``
        when it was spent already, by a press at the same moment or before a restart."""
        async with self.table.store.transaction() as tx:
            if not await self.table.repos.limits.spend_button(tx, token, ctx.guild_id, ctx.user_id,
                                                 self.table.clock()):
                raise UserError("button.used")

    async def decline(self, ctx: Ctx, game_id: int, version: int) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            row = await self._offered(game_id, version)
            if ctx.user_id not in row.players():
                raise UserError("decline.not_you")
            async with self.table.store.transaction() as tx:
                closed = await tx.update_game(row.id, row.version, now=self.table.clock(),
                                              status="declined")
                if closed is None:
                    raise UserError("stale")
                await tx.append_events(row.id, [{"type": "decline", "by": ctx.user_id}],
                                       at=self.table.clock(), actor_id=ctx.user_id)
        # No new message: the challenge's own says who declined or withdrew it.
        key = "offer.declined" if ctx.user_id == invited_player(row) else "offer.withdrawn"
        return Reply(lang=personal, challenge=Post(challenge_text(
                         row, public, key, who=mention(ctx.user_id)), final=True),
                     game_id=row.id, version=closed.version)

    async def rematch(self, ctx: Ctx, game_id: int) -> Reply:
        """Play again: same rules, match length and level, colours swapped.  Against the
        computer the game starts at once; a member is challenged as usual."""
        async with self.table.store.read() as tx:
            row = await tx.game(game_id)
        if row is None or row.status not in ENDED:
            raise UserError("stale")
        if ctx.user_id not in row.players():
            raise UserError("not_player")
        if row.tournament_id is not None:  # a board posted before they lost the button
            raise UserError("rematch.tournament")
        if row.league_id is not None:
            raise UserError("rematch.league")
        other = row.black_id if ctx.user_id == row.white_id else row.white_id
        level = (row.state or {}).get("ai", DEFAULT_LEVEL)
        return await self.new_game(ctx, None if other == COMPUTER else other,
                                   rules=row.rules, match_length=row.match_length,
                                   level=level, rated=row.rated or other == COMPUTER,
                                   swap=ctx.user_id == row.white_id,
                                   once=f"rematch:{row.id}")

    # -- challenges nobody answered --------------------------------------------------------

    def _expired(self, row: GameRow) -> bool:
        return row.status == "offered" and \
            self.table.clock() - row.updated_at >= self.table.challenge_expires

    async def _lapse(self, row: GameRow) -> bool:
        """Close a challenge nobody answered in time; True if it was (the channel is free)."""
        if not self._expired(row):
            return False
        try:  # the version check lets one writer (this process or another) close it
            async with self.table.store.transaction() as tx:
                if not await tx.update_game(row.id, row.version, now=row.updated_at,
                                            status="declined"):
                    return False
                await tx.append_events(row.id, [{"type": "expire"}], at=self.table.clock(),
                                       actor_id=None)
        except Conflict:
            return False
        return True

    async def expire_offers(self) -> list[tuple[int, int, str]]:
        """Close every lapsed challenge: ``(channel id, game id, public note)`` each."""
        async with self.table.store.read() as tx:
            due = await self.table.repos.players.expired_offers(tx, self.table.clock() - self.table.challenge_expires)
        out = []
        for game_id, channel_id, _version in due:
            async with self.table.locks[channel_id]:
                async with self.table.store.read() as tx:
                    row = await tx.game(game_id)
                if row is None or not self.table.owns(row.guild_id) or not await self._lapse(row):
                    continue
            s = await self.table.settings(row.guild_id)
            lang = resolve_lang(s.lang, None, None)
            out.append((channel_id, game_id, challenge_text(row, lang, "offer.lapsed")))
        return out


def challenge_text(row: GameRow, lang: str, answer: str | None = None, **params: Any) -> str:
    """A challenge's message: the offer, asking the invited player; once answered, what
    was offered and ``answer`` (offer.accepted, offer.declined, offer.withdrawn,
    offer.lapsed), so the channel keeps what became of it."""
    ruleset = rules_registry.get(row.rules)
    offer = dict(challenger=mention((row.state or {}).get("by", row.white_id)),
                 opponent=mention(invited_player(row)), rules=ruleset.name,
                 title=ruleset.title, match=t("offer.match", lang, n=row.match_length)
                 if row.match_length > 1 else "")
    how = terms(row.match_length, lang)  # what decides a match, before it is accepted
    if answer is None:
        text = t("offer", lang, **offer)
    else:
        text = t("offer.was", lang, **offer) + " " + t(answer, lang, **params)
    return text + ("\n" + how if how else "")


def invited_player(row: GameRow) -> int:
    """The player a challenge waits for: whoever did not make it."""
    by = (row.state or {}).get("by", row.white_id)
    return row.black_id if by == row.white_id else row.white_id

