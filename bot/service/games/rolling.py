"""Roll for me (issue 37): the bot rolls for a member who asked it to, when their turn
starts and the roll involves no choice.

A member sets it with ``/brade settings roll_for_me:True``.  When a turn passes to them
(a play, a forfeited roll, the computer's reply, the game's start) and they may only
roll, with no one-die option (B-36: a one-die roll they owe is no choice either), the
bot rolls for them in the same command and the message says so; their first tap is
then the play.  A roll with no legal play is forfeited as ever, and the turn passes on.
"""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from bot.service.games.boards import Boards
from bot.service.games.core import Loaded, Table
from bot.service.model import COMPUTER, Ctx


class Rolling:
    """Rolls made for members who asked for them."""

    def __init__(self, table: Table, boards: Boards) -> None:
        self.table = table
        self.boards = boards

    def rolls_for(self, lg: Loaded) -> bool:
        """Whether the side to act is a member who asked the bot to roll and this roll
        offers them no choice."""
        game = lg.game
        if lg.row.status != "active" or game.phase != "roll":
            return False
        uid = lg.player(game.turn)
        if uid == COMPUTER or not self.table.players.rolls_for(lg.row.guild_id, uid):
            return False
        owed = game.history[game.turn].onedie_owed
        return bool(owed) or not game.one_die_available()

    async def roll_for_next(self, lg: Loaded, ctx: Ctx, lang: str) -> tuple[Loaded, str]:
        """Roll for the player whose turn starts, as long as ``rolls_for`` says so (a
        forfeit passes the turn on; bounded), under the caller's channel lock; the game
        saved, and the lines that report those rolls."""
        lines = []
        for _ in range(4):
            if not self.rolls_for(lg):
                break
            game = lg.game
            mover = game.turn
            uid = lg.player(mover)
            before = len(game.events)
            self.table.cache.pop(lg.row.id, None)
            dice = game.roll(one_die=bool(game.history[mover].onedie_owed))
            lg = await self.table.save(lg, replace(ctx, user_id=uid), events_before=before)
            line = self.boards.rolled(lg, mover, dice, lang) + " " + t("roll.auto", lang)
            if lg.game.events[-1]["type"] == "forfeit":
                line += " " + t("roll.forfeit", lang)  # nothing playable: the turn passed
            lines.append(line)
        return lg, "\n".join(lines)
