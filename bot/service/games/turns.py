"""Playing turns: rolls, plays, and the computer's turns.

A roll saves the dice and answers with the board showing them beside the last play (or,
when nothing is playable, the forfeit and the next player's board); a play, typed
(checked step by step by the engine) or chosen in the play picker (bot/service/games/
picking.py), saves the turn and answers with the next board, or the end of the game.
When the next player asked the bot to roll for them, it does (``Rolling``).  Each
answer's text is the turn for the record: who played, the roll and its name, the play in
the mover's own numbering.  ``act`` makes a member's command one use-case: the command,
then, against the computer, its turns added to the outcome (``with_computer``;
``computer_turns`` rolls and plays for it), then the players seen written; a turn it
still owes (its worker failed, the bot stopped) is remembered in ``computer_owed``, found
again by ``owed_computer_turns`` after a restart, and played by ``owed_turns``.

Puff's generalpasch (docs/rules.md, "Puff options"): a roll that shows the teka's
combination puts the game in the engine's ``choose`` phase, where the roller plays it as
rolled or names any pasch (``Game.roll_choices``, ``Game.choose_roll``).  A member does
that with the board's buttons (``name``) or ``/brade move`` (the dice, typed); the
computer asks its worker (``Agent.name_roll``).  A game left in that phase by an older
bot (its board said the roll was forfeited) shows the buttons again on ``/brade show``,
and the computer, owed its turn, names its pasch on the next check.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.service.ai import Agent
from bot.service.games.boards import MAX_BUTTON_PLAYS, Boards, dice_text, rolled_as
from bot.service.games.core import Loaded, Table
from bot.service.games.rolling import Rolling
from bot.service.model import COMPUTER, BoardSpec, Ctx, Post, Reply, UserError
from bot.store import GameRow
from engine.dice import Dice, parse_dice
from engine.errors import EngineError
from engine.position import Side

log = logging.getLogger(__name__)


class Turns:
    """Rolls and plays, the human's and the computer's."""

    def __init__(self, table: Table, boards: Boards, rolling: Rolling,
                 agent: Agent | None) -> None:
        """``agent``: the computer's player (None: no games against it here)."""
        self.table = table
        self.boards = boards
        self.rolling = rolling
        self.agent = agent
        #: Channels whose game waits for a computer turn that did not happen (its worker
        #: failed, or the bot stopped in between): played on the next command there.
        self.computer_owed: set[int] = set()

    async def roll(self, ctx: Ctx, *, one_die: bool = False, game_id: int | None = None,
                   version: int | None = None) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = await self.table.live(ctx, game_id, version)
            self.table.mover_check(lg, ctx)
            if lg.game.phase == "choose" and lg.game.dice:
                raise UserError("game.name_first", dice=dice_text(lg.game.dice))
            # the prompt of the board pressed, which the roll replaces there
            stale = self.boards.next_buttons(lg, public)[1] if game_id is not None else ""
            before = len(lg.game.events)
            mover = lg.game.turn
            seen = self.boards.board_post(lg, public, "", buttons=False).board  # before the roll
            self.table.cache.pop(lg.row.id, None)  # the cached game is about to change
            dice = lg.game.roll(one_die=one_die)
            lg = await self.table.save(lg, ctx, events_before=before)
            more = ""
            if lg.game.phase not in ("move", "choose"):  # forfeited: the next turn starts
                lg, more = await self.rolling.roll_for_next(lg, ctx, public)
        await self.boards.ready(lg)
        # The roll joins the board it was pressed on (the message policy,
        # bot/delivery/policy.py): with the plays to choose from, or, forfeited, with the next
        # player's turn.
        return Reply(lang=personal, posts=self.boards.after_roll(lg, mover, dice, public, more,
                                                                 before=seen),
                     roll=dice, offered_before=stale, game_id=lg.row.id,
                     version=lg.row.version)

    async def move(self, ctx: Ctx, text: str | None = None, *, index: int | None = None,
                   listed: str | None = None, game_id: int | None = None,
                   version: int | None = None, seen: Loaded | None = None) -> Reply:
        """Play the roll: ``text`` typed (checked step by step by the engine), ``listed``
        chosen in the play picker (a ``listing`` text, found again exactly), or ``index``
        (a play button of a board posted before the picker).  ``seen``: the game as the
        caller already read it, played without reading it again when this process has
        not changed it since (``Table.unchanged``; the save checks the version).  A
        generalpasch roll still to name takes ``text`` as the roll named (``name``)."""
        try:
            return await self._move(ctx, text, index=index, listed=listed, game_id=game_id,
                                    version=version, seen=seen)
        except _Naming:
            return await self.name(ctx, text or "", game_id=game_id, version=version)

    async def _move(self, ctx: Ctx, text: str | None, *, index: int | None,
                    listed: str | None, game_id: int | None, version: int | None,
                    seen: Loaded | None = None) -> Reply:
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = self.table.unchanged(seen) or await self.table.live(ctx, game_id, version)
            side = self.table.mover_check(lg, ctx)
            game = lg.game
            if game.phase == "choose" and text is not None:
                raise _Naming  # the typed text names the roll (``name``, after the lock)
            if game.phase != "move":
                raise UserError("stale" if listed is not None else "game.roll_first")
            before = len(game.events)
            if index is not None:
                few = game.first_plays(MAX_BUTTON_PLAYS)  # the plays the buttons showed
                if not 0 <= index < len(few):
                    raise UserError("stale")
                chosen = few[index]
            elif listed is not None:
                found = game.play_of(listed)
                if found is None:
                    raise UserError("pick.gone")
                chosen = found
            else:
                chosen = game.validate(text or "")  # by its steps (engine.plays)
            dice = game.dice
            rolled = rolled_as(game)
            self.table.cache.pop(lg.row.id, None)
            game.play_turn(chosen)
            lg = await self.table.finish_turn(lg, ctx, before)
            more = ""
            if lg.finished is None:  # not a match's next game: its own message starts it
                lg, more = await self.rolling.roll_for_next(lg, ctx, public)
        await self.boards.ready(lg)
        head = self.boards.played(lg, side, dice or (), chosen, public, rolled)
        head = "\n".join(x for x in (head, more) if x)
        return Reply(lang=personal, posts=self.boards.turn_posts(lg, public, head),
                     game_id=lg.row.id, version=lg.row.version)

    async def name(self, ctx: Ctx, choice: str, *, game_id: int | None = None,
                   version: int | None = None) -> Reply:
        """Puff's generalpasch: the roller plays the roll as ``choice``, the roll itself
        or a pasch (its dice: ``66``, ``6-6``; the roll in either order).  The choice
        joins the board it was pressed on, with the plays to choose from (or, forfeited,
        the next player's turn)."""
        personal, public = await self.table.langs(ctx)
        async with self.table.locks[ctx.channel_id]:
            lg = await self.table.live(ctx, game_id, version)
            side = self.table.mover_check(lg, ctx)
            game = lg.game
            if game.phase != "choose" or game.dice is None:
                raise UserError("stale" if game_id is not None else "game.roll_first")
            rolled = game.dice
            dice = self._choice_of(game.roll_choices, choice, rolled)
            stale = self.boards.next_buttons(lg, public)[1] if game_id is not None else ""
            seen = self.boards.board_post(lg, public, "", buttons=False).board  # before the choice
            before = len(game.events)
            self.table.cache.pop(lg.row.id, None)
            game.choose_roll(dice)
            lg = await self.table.save(lg, ctx, events_before=before)
            more = ""
            if lg.game.phase != "move":  # nothing playable: forfeited, the turn passed
                lg, more = await self.rolling.roll_for_next(lg, ctx, public)
        await self.boards.ready(lg)
        named = self.boards.named(lg, side, rolled, dice, public)
        posts = self._after_choice(lg, side, dice, named, public, more, seen)
        return Reply(lang=personal, posts=posts, roll=dice, offered_before=stale,
                     game_id=lg.row.id, version=lg.row.version)

    @staticmethod
    def _choice_of(choices: list[Dice], typed: str, rolled: Dice) -> Dice:
        """The roll ``typed`` names among ``choices`` (the roll as rolled in either
        order); a polite refusal for anything else."""
        try:
            dice = parse_dice(typed)
        except EngineError:
            dice = ()
        if sorted(dice) == sorted(rolled):
            return rolled
        if dice not in choices:
            raise UserError("game.bad_name", text=typed.strip()[:40], dice=dice_text(rolled))
        return dice

    def _after_choice(self, lg: Loaded, side: Side, dice: Dice, named: str, lang: str,
                      more: str, before: BoardSpec | None) -> list[Post]:
        """The board once a generalpasch roll is named: the choice, then the plays to
        choose from, or (nothing playable) the forfeit and the next player's turn."""
        if lg.game.phase == "move" and lg.game.turn is side and not more:
            return [self.boards.board_post(lg, lang, named)]
        return self.boards.lost(lg, side, dice, named, lang, more, before)

    def owes_computer(self, channel_id: int) -> bool:
        """Whether the computer owes a turn in the channel (its worker failed, or the bot
        stopped before it played): played before any command there."""
        return channel_id in self.computer_owed

    async def owed_turns(self, ctx: Ctx) -> Reply:
        """The computer's turns in the channel, the channel marked owed until they are
        played: should they fail, the exception propagates and the turn stays owed (the
        background check, or the next command there, plays it)."""
        self.computer_owed.add(ctx.channel_id)
        reply = await self.computer_turns(ctx)
        self.computer_owed.discard(ctx.channel_id)
        return reply

    async def act(self, ctx: Ctx, command: Callable[[Ctx], Awaitable[Reply]], *,
                  thinking: Callable[[], Awaitable[None]] | None = None) -> Reply:
        """A member's command or press as one use-case: ``command``'s outcome, then the
        computer's turns when it is to play now (``with_computer``: ``thinking`` is the
        front end's "one moment", called before the computer thinks), then the players
        seen meanwhile written (``Players.flush``).  A refusal propagates and changes
        nothing; once the command is saved it stands, and a computer that cannot answer
        now owes its turn (``Reply.computer_later``)."""
        reply = await command(ctx)
        try:
            reply, answered = await self.with_computer(ctx, reply, thinking=thinking)
        except Exception:  # the member's command is saved: it stands, the turn is owed
            log.exception("the computer's reply failed in channel %s", ctx.channel_id)
            answered = False
        if not answered:
            reply = replace(reply, computer_later=True)
        await self.table.players.flush()
        return reply

    async def with_computer(self, ctx: Ctx, reply: Reply, *,
                            thinking: Callable[[], Awaitable[None]] | None = None,
                            ) -> tuple[Reply, bool]:
        """``reply`` (the answer to a human's command), followed by the computer's turns
        when it is to play now; and whether it could (False: its turn is owed and played
        later, the human's command stands).  ``thinking`` is called once the computer is
        known to play, before it thinks (the command layer defers the interaction)."""
        if not reply.posts or not await self.needs_computer(ctx, reply.game_id):
            return reply, True
        self.computer_owed.add(ctx.channel_id)  # from here until it has played
        if thinking is not None:
            await thinking()
        try:
            more = await self.owed_turns(ctx)
        except Exception:
            log.exception("the computer could not answer in channel %s", ctx.channel_id)
            return reply, False
        return replace(reply, posts=[*reply.posts, *more.posts],
                       game_id=more.game_id or reply.game_id,
                       version=more.version if more.game_id else reply.version), True

    async def computer_turns(self, ctx: Ctx) -> Reply:
        """Let the computer roll and play while it is on turn (after a human's command)."""
        personal, public = await self.table.langs(ctx)
        posts: list[Post] = []
        if self.agent is None:
            return Reply(lang=personal)
        for _ in range(4):  # forfeits can pass the turn back and forth; bounded
            async with self.table.locks[ctx.channel_id]:
                try:
                    lg = await self.table.live(ctx)
                except UserError:
                    break
                game = lg.game
                if lg.row.status != "active" or game.is_over or \
                        lg.player(game.turn) != COMPUTER:
                    break
                side = game.turn
                seen = self.boards.board_post(lg, public, "", buttons=False).board
                self.table.cache.pop(lg.row.id, None)
                before = len(game.events)
                # A roll already made (a generalpasch left to name by an older bot) is
                # played on, never rolled again.
                fresh = game.phase == "roll"
                dice = game.roll() if fresh else game.dice or ()
                named = ""
                try:
                    if game.phase == "choose":  # generalpasch: the computer names its roll
                        chosen = tuple(await self.agent.name_roll(
                            game.rules.name, game.position.format(), dice,
                            self.table.seed_source(), lg.level))
                        game.choose_roll(chosen)
                        named = self.boards.named(lg, side, dice, chosen, public)
                    if game.phase != "move":  # forfeited: the computer's roll, its record
                        lg = await self.table.save(lg, replace(ctx, user_id=COMPUTER),
                                                   events_before=before)
                        lg, more = await self.rolling.roll_for_next(lg, ctx, public)
                        await self.boards.ready(lg)
                        posts.extend(self.boards.after_roll(lg, side, dice, public, more,
                                                            before=seen, named=named))
                        continue
                    played = game.dice or ()
                    text = await self.agent.choose(game.rules.name, game.position.format(),
                                                   played, self.table.seed_source(), lg.level)
                    turn = game.validate(text)
                    game.play_turn(turn)
                    lg = await self.table.finish_turn(lg, replace(ctx, user_id=COMPUTER), before)
                    more = ""
                    if lg.finished is None:
                        lg, more = await self.rolling.roll_for_next(lg, ctx, public)
                    await self.boards.ready(lg)
                except UserError as error:
                    if error.key != "stale":
                        raise
                    # Another process (overlapping shards) played this turn first: its
                    # save won the version check and it posts the board; nothing to add.
                    break
                head = "\n".join(x for x in (self.boards.played(
                    lg, side, played, turn, public, dice), more) if x)
                posts.extend(self.boards.turn_posts(lg, public, head))
        if not posts:
            return Reply(lang=personal)
        return Reply(lang=personal, posts=posts, game_id=lg.row.id, version=lg.row.version)

    async def needs_computer(self, ctx: Ctx, game_id: int | None = None) -> bool:
        """Whether the computer is to play in the channel now, after a command there.

        ``game_id``: the game the command's answer is about.  When that is a game between
        two members, nothing is read: the channel's live game is that one (or, if it
        ended meanwhile, a later one whose own command looks for itself), and it never
        needs the computer.  That spares a read of the whole row on every command
        (issue 26: on PostgreSQL each is a round trip and loop work).
        """
        if game_id is not None and game_id in self.table.members_only:
            return False
        async with self.table.store.read() as tx:
            row = await tx.live_game(ctx.channel_id)
        if row is None or row.status != "active" or COMPUTER not in row.players():
            return False
        lg = self.table.unpack(row)
        return not lg.game.is_over and lg.player(lg.game.turn) == COMPUTER

    async def owed_computer_turns(self) -> list[GameRow]:
        """Live games where the computer is to play: after a restart or a failed reply
        nobody would otherwise make it move.  Also remembered in ``computer_owed``."""
        async with self.table.store.read() as tx:
            rows = await tx.active_games()
        owed = []
        for row in rows:
            if COMPUTER not in row.players() or not self.table.owns(row.guild_id):
                continue
            lg = self.table.unpack(row)
            if not lg.game.is_over and lg.player(lg.game.turn) == COMPUTER:
                owed.append(row)
        self.computer_owed = {r.channel_id for r in owed}
        return owed


class _Naming(Exception):
    """``/brade move`` typed while a generalpasch roll waits to be named: ``name``
    answers it, once the channel's lock is released."""
