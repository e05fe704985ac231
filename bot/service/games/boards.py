"""What a game looks like in the channel: the board posts, their words and buttons.

A board post is text, a ``BoardSpec`` the board workers draw, and the buttons of what
the player to act may do next (roll, roll one die, or up to three plays).  Every part of
the service that answers with a board builds it here, so a board says the same things
whether it follows a roll, a play, a resignation or ``/brade show``.
"""

from __future__ import annotations

from bot.i18n import outcome_text, side_name, t
from bot.service.games.core import GameCore, Loaded, mention
from bot.service.model import COMPUTER, BoardSpec, Button, Post
from engine.dice import format_dice, roll_name
from engine.game import Game
from engine.notation import format_turn
from engine.position import Side
from engine.turn import Turn

MAX_PLAY_BUTTONS = 3
#: Plays a roll's buttons may show (a special play, the double-six column or
#: kejsarspel, gets buttons even among more plays) and the cap of a roll's play count.
MAX_BUTTON_PLAYS, COUNT_CAP = 5, 100
MESSAGE_LIMIT = 1900


class Boards(GameCore):
    """Board posts, their words and buttons, for every part that answers with one."""

    def _who(self, lg: Loaded, side: Side, lang: str) -> str:
        uid = lg.player(side)
        name = t("computer", lang) if uid == COMPUTER else mention(uid)
        return f"{side_name(side, lang)} ({name})"

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
            return buttons, t(key, lang, who=mention(who), side=side_name(game.turn, lang))
        if game.phase == "move":
            return [], t("to_move", lang, who=mention(who))
        return [], ""


def duration(seconds: float, lang: str) -> str:
    s = int(max(0, seconds))
    if s >= 86400:
        return t("dur.d", lang, n=round(s / 86400, 1))
    if s >= 3600:
        return t("dur.h", lang, n=round(s / 3600, 1))
    if s >= 60:
        return t("dur.m", lang, n=s // 60)
    return t("dur.s", lang, n=s)


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    if len(text) <= limit:
        return text
    return "…\n" + text[-limit:]

