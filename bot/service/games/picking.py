"""The play picker's presses (issue 37): a menu narrowed, a play previewed, confirmed,
or chosen again.

Everything a press needs is in its custom id (bot/views.py): the game, the game's
version when the picker was posted, and the path of choices (``engine.picker``).  The
roll's plays are listed again from the position and the dice when they are not kept
(``bot/service/listing.py``), so a picker works after a restart; one whose game has
moved on is answered as stale and changes nothing.  Nothing is saved before a play
counts: narrowing and previewing only change what the board's message shows (the
answer updates the pressed message, ``Reply.picker``), and a confirmed play is checked
again under the channel's lock (the path must still lead to the same play: its
fingerprint rides on the Confirm button) before it is played like a typed one.

A member who switched confirmation off (``/brade settings confirm:False``) plays the
chosen play at once; so does everyone when the roll has a single legal play.
"""

from __future__ import annotations

from bot.service.games.boards import Boards, digest
from bot.service.games.core import Loaded, Table
from bot.service.games.turns import Turns
from bot.service.listing import stretch_of
from bot.service.model import Ctx, Post, Reply, UserError
from engine.picker import Picker


class Picking:
    """The presses on the play picker."""

    def __init__(self, table: Table, boards: Boards, turns: Turns) -> None:
        """``turns`` plays the play a press chooses, as a typed one."""
        self.table = table
        self.boards = boards
        self.turns = turns

    async def _picking(self, ctx: Ctx, game_id: int, version: int) -> tuple[Loaded, Picker]:
        """The game a picker press is about, checked (its version, its player to move,
        a roll to play), and the roll's picker."""
        lg = await self.table.live(ctx, game_id, version)
        self.table.mover_check(lg, ctx)
        if lg.game.phase != "move":
            raise UserError("stale")
        return lg, await self.boards.pickers.made((lg.row.id, lg.row.version), lg.game)

    async def pick(self, ctx: Ctx, game_id: int, version: int, path: str) -> Reply:
        """A menu option or a play button: a narrower menu, or the chosen play shown
        before it counts (or played at once: one legal play, or confirmation off)."""
        personal, public = await self.table.langs(ctx)
        lg, picker = await self._picking(ctx, game_id, version)
        chosen = stretch_of(picker, path, "pick.gone")
        menu_prompt = self.boards.pick_prompt(lg, public, len(picker))
        if not chosen.play:
            buttons, prompt, menu = self.boards.picker_controls(lg, public, path)
            return Reply(lang=personal, picker=Post("", buttons=buttons, prompt=prompt,
                                                    menu=menu, same_position=True),
                         offered_before=menu_prompt, game_id=game_id, version=version)
        text = picker.plays[chosen.lo]
        if len(picker) == 1 or not self.table.players.confirms(lg.row.guild_id, ctx.user_id):
            reply = await self.turns.move(ctx, listed=text, game_id=game_id, version=version)
            return self._played_on(reply, menu_prompt, Post("", same_position=True))
        turn = lg.game.play_of(text)
        if turn is None:
            raise UserError("pick.gone")
        return Reply(lang=personal, picker=self.boards.preview_post(lg, public, path, text, turn),
                     offered_before=menu_prompt, game_id=game_id, version=version)

    async def confirm(self, ctx: Ctx, game_id: int, version: int, arg: str) -> Reply:
        """Confirm: the previewed play counts, if the path still leads to it."""
        _, public = await self.table.langs(ctx)
        path, _, mark = arg.partition(".")
        lg, picker = await self._picking(ctx, game_id, version)
        chosen = stretch_of(picker, path, "pick.gone")
        text = picker.plays[chosen.lo]
        turn = lg.game.play_of(text) if chosen.play and digest(text) == mark else None
        if turn is None:
            raise UserError("pick.gone")
        stale = self.boards.preview_prompt(lg, public, text, turn)
        rolled = self.boards.board_post(lg, public, "", buttons=False).board
        reply = await self.turns.move(ctx, listed=text, game_id=game_id, version=version,
                                      seen=lg)
        # the previewed board goes back to the roll as it was, without controls
        return self._played_on(reply, stale, Post("", board=rolled))

    async def again(self, ctx: Ctx, game_id: int, version: int, path: str = "", *,
                    preview: bool = True) -> Reply:
        """Choose again (from a preview: the roll's board is drawn again) or back to all
        plays (from a narrowed menu: the picture stays)."""
        personal, public = await self.table.langs(ctx)
        lg, picker = await self._picking(ctx, game_id, version)
        buttons, prompt, menu = self.boards.picker_controls(lg, public)
        stale = prompt
        board = None
        if preview:
            chosen = stretch_of(picker, path, "pick.gone")
            text = picker.plays[chosen.lo]
            turn = lg.game.play_of(text)
            if turn is not None:
                stale = self.boards.preview_prompt(lg, public, text, turn)
            board = self.boards.board_post(lg, public, "", buttons=False).board
        return Reply(lang=personal,
                     picker=Post("", board=board, buttons=buttons, prompt=prompt, menu=menu,
                                 same_position=not preview),
                     offered_before=stale, game_id=game_id, version=version)

    @staticmethod
    def _played_on(reply: Reply, stale: str, pressed: Post) -> Reply:
        """A play's reply (``move``) answered on the picker's message: that message
        keeps its turns and roll, and loses its prompt and controls (``pressed``); the
        play follows as the next message."""
        reply.picker = pressed
        reply.offered_before = stale
        return reply
