"""What a game looks like in the channel: the board posts, their words and buttons.

A board post is text (the turns it reports: who played, the roll and its name, the play
in its mover's own numbering), a ``BoardSpec`` the board workers draw, and a prompt with
the buttons of what the player to act may do next (roll, roll one die) or, a roll made,
the play picker (issue 37): every legal play in the neutral order, a button each when
there are at most three, else a menu that narrows to any play in four choices, and the
chosen play previewed on the board with Confirm and Choose again.  Every part of the service that answers with a board builds it here, so a board
says the same things whether it follows a roll, a play, a resignation or ``/brade show``.

The board holds still (issue 22): a game between members is always drawn with White at
the bottom, whoever is to act, so a player scrolling back or a spectator watching sees
each home in the same corner on every board; against the computer it is the human's
side.  Both rows of numbers are printed, each in its player's colours, so every play,
written in its mover's numbering, can be read off the board.  What it shows comes from
the game itself: the roll to play (large, in the roller's half), the last play with its
arrows and its roll (small, faded, in its mover's half), and on a finished game's board
the result instead of a turn.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import lru_cache

from bot.i18n import outcome_text, play_words, points_unit, side_name, t
from bot.service.games.core import Loaded, Table, match_over, mention
from bot.service.games.proof import commitment_line, joined, seed_line
from bot.service.listing import ListPool, Pickers
from bot.service.match_words import after_game, next_game
from bot.service.model import COMPUTER, BoardSpec, Button, Menu, MenuOption, Post
from bot.service.text import BUTTON_LABEL_LIMIT, CHOICE_LIMIT
from engine.dice import Dice, drawn_dice, roll_name
from engine.game import Game
from engine.notation import format_turn, recorded_turn
from engine.picker import LETTERS, Picker, Stretch
from engine.plays import special_of
from engine.position import Side
from engine.rules.ruleset import RuleSet
from engine.turn import Turn
from render.board import BOTH, Result, Score

#: A roll with at most this many plays offers a button per play, more a menu.
MAX_PLAY_BUTTONS = 3
#: Plays the buttons of boards posted before the play picker showed (their ``play``
#: buttons still work: ``Turns.move``'s ``index``).
MAX_BUTTON_PLAYS = 5


def last_play(game: Game) -> tuple[Turn | None, Side, Dice] | None:
    """The game's last play as its record keeps it: the turn (without steps for a
    forfeit; None where it cannot be drawn), its mover and its roll; None before the
    first."""
    e = game.last_play()
    if e is None:
        return None
    turn = _recorded(game.rules, str(e.get("moves", "-")), str(e["position"]))
    return turn, Side(e["side"]), tuple(e.get("dice") or ())


@lru_cache(maxsize=1024)
def _recorded(rules: RuleSet, moves: str, position: str) -> Turn | None:
    """A recorded play read back (``recorded_turn``), kept: one turn draws the same last
    play on several boards (the roll's board, a preview's, the board Confirm posts, the
    next roll's), and reading its position back is ~45 µs of the event loop each time
    (issue 47).  Its inputs and its result are frozen values, so a kept one is exact."""
    return recorded_turn(moves, rules.parse_position(position))


def rolled_as(game: Game) -> Dice | None:
    """Puff's generalpasch: the dice rolled, when the roll to play is a pasch its roller
    named instead (the game's last events are the roll and the choice); else None."""
    if game.phase != "move" or len(game.events) < 2:
        return None
    roll, chose = game.events[-2], game.events[-1]
    if chose["type"] != "choose" or roll["type"] != "roll":
        return None
    rolled = tuple(roll["dice"])
    return rolled if rolled != tuple(chose["dice"]) else None


def dice_text(dice: Dice) -> str:
    """A roll's dice as the channel writes them: in the order drawn (docs/dice.md)."""
    return drawn_dice(dice, "–")


class Boards:
    """Board posts, their words and buttons, for every part that answers with one."""

    def __init__(self, table: Table, *, lister: ListPool | None = None) -> None:
        """``table``: the players' names and themes; ``lister`` lists the picker's
        doubles (None: in a thread)."""
        self.table = table
        #: The play pickers of live rolls (issue 37), by game and version.
        self.pickers = Pickers(lister=lister)

    def who(self, lg: Loaded, side: Side, lang: str) -> str:
        uid = lg.player(side)
        name = t("computer", lang) if uid == COMPUTER else mention(uid)
        return f"{side_name(side, lang)} ({name})"

    def played(self, lg: Loaded, side: Side, dice: Dice, turn: Turn, lang: str,
               rolled: Dice | None = None) -> str:
        """One played turn for the record: who, the roll by its name, the play in the
        mover's own numbering (as the player wrote or pressed it); ``rolled``: the dice
        rolled when ``dice`` is the pasch named for them (generalpasch)."""
        if rolled is not None and tuple(rolled) != tuple(dice):
            return t("played.named", lang, who=self.who(lg, side, lang),
                     name=roll_name(rolled), dice=dice_text(rolled), as_name=roll_name(dice),
                     as_dice=dice_text(dice), play=format_turn(turn, lang))
        return t("played", lang, who=self.who(lg, side, lang), name=roll_name(dice),
                 dice=dice_text(dice), play=format_turn(turn, lang))

    def rolled(self, lg: Loaded, side: Side, dice: Dice, lang: str) -> str:
        """"White (@Åsa) rolls **sinkadus** (2–5).": the dice in the order drawn."""
        return t("roll", lang, who=self.who(lg, side, lang), name=roll_name(dice),
                 dice=dice_text(dice))

    def named(self, lg: Loaded, side: Side, rolled: Dice, chosen: Dice, lang: str) -> str:
        """How a generalpasch roll is played: as rolled, or as the pasch named."""
        if tuple(chosen) == tuple(rolled):
            return t("named.as_rolled", lang, who=side_name(side, lang))
        return t("named", lang, who=side_name(side, lang), name=roll_name(chosen),
                 dice=dice_text(chosen))

    def teka(self, lg: Loaded, game: Game, lang: str) -> str:
        """The teka (T-1) as it fell: every pair drawn (a tie, and the pair after it),
        and who starts by this ruleset's rule; empty for a game without one (a bräde
        match's later game, whose loser starts)."""
        pairs = [(int(e["white"]), int(e["black"])) for e in game.events
                 if e["type"] == "teka"]
        if not pairs:
            return ""
        said = "; ".join(t("teka.tie" if w == b else "teka.pair", lang, w=w, b=b)
                         for w, b in pairs)
        rules = game.rules
        key = ("teka.plays" if rules.opening_roll_plays
               else "teka.higher" if rules.higher_die_starts else "teka.lower")
        starter = next((Side(e["starter"]) for e in game.events if e["type"] == "start"),
                       game.turn)
        return t("teka", lang, pairs=said,
                 starts=t(key, lang, starter=self.who(lg, starter, lang)))

    @staticmethod
    def view(lg: Loaded) -> Side:
        """The side at the bottom of every board of the game: against the computer the
        human's; between members White's, for the whole game (the board holds still)."""
        humans = [s for s in (Side.WHITE, Side.BLACK) if lg.player(s) != COMPUTER]
        return humans[0] if len(humans) == 1 else Side.WHITE

    def after_roll(self, lg: Loaded, mover: Side, dice: tuple[int, ...], lang: str,
                   more: str = "", before: BoardSpec | None = None,
                   named: str = "") -> list[Post]:
        """The board after ``mover``'s roll; ``more``: the rolls made next for a member
        who asked for them (``Rolling``); ``before``: the board as it stood before the
        roll (``board_post`` without buttons), drawn again for a lost roll; ``named``:
        how a generalpasch roll was named, said after the roll."""
        text = " ".join(x for x in (self.rolled(lg, mover, dice, lang), named) if x)
        if lg.game.phase in ("move", "choose") and lg.game.turn is mover and not more:
            # the roller's dice, named, beside the last play; the plays (or, a
            # generalpasch, the rolls it may be played as) to choose below
            return [self.board_post(lg, lang, text)]
        return self.lost(lg, mover, dice, text, lang, more, before)

    def lost(self, lg: Loaded, mover: Side, dice: Dice, text: str, lang: str, more: str,
             before: BoardSpec | None) -> list[Post]:
        """Nothing playable: the engine forfeited the roll (T-4) and the turn has passed.
        The roll ends the message it joins, its board the play before it (so that play
        stays drawn) beside the lost dice; the next player's turn is a message of its
        own, which notifies them (issue 46)."""
        text += " " + t("roll.forfeit", lang)
        board = replace(before, dice=dice, dice_side=mover) if before is not None else None
        lost = Post(text, board=board, forfeit=True)
        return [lost, *self.turn_posts(lg, lang, more)]

    def turn_posts(self, lg: Loaded, lang: str, head: str, *,
                   announce: bool = True) -> list[Post]:
        """The board after a turn, then what happens next (a win, or the next roll).
        ``announce``: the head does not already say who won (a resignation's does)."""
        ended = lg.finished or (lg.game if lg.game.is_over else None)
        if ended is None:
            return [self.board_post(lg, lang, head)]
        number = len(lg.match.results) or 1  # the ended game's, in its match
        text = joined(head, self.win_text(lg, lang, ended, announce),
                      seed_line(lg.row, ended, number, lang))  # its last message: the seed
        post = self.board_post(lg, lang, text, game=ended, buttons=False)
        post.final = True
        posts = [post]
        if lg.finished is None and lg.row.status == "over" and not lg.row.arranged:
            post.buttons = [Button("rematch", lg.row.id, lg.row.version,
                                   t("btn.rematch", lang), "success")]
        if lg.finished is not None:  # the match's next game, with its own teka if it has one
            opening = "\n".join(x for x in (next_game(
                lg.match, self.who(lg, lg.game.turn, lang), lang),
                self.teka(lg, lg.game, lang)) if x)
            posts.append(self.board_post(lg, lang, joined(opening,
                                                          commitment_line(lg.game, lang))))
        return posts

    def win_text(self, lg: Loaded, lang: str, game: Game | None = None,
                 announce: bool = True) -> str:
        o = (game or lg.game).outcome
        assert o is not None
        lines = []
        if announce:
            lines.append(t("win", lang, who=self.who(lg, o.winner, lang),
                           how=outcome_text(o.kind, o.munk, lang), points=o.points,
                           unit=points_unit(o.points, lang)))
        if lg.match.length > 1:
            lines += after_game(lg.match, lambda side: self.who(lg, side, lang), lang)
        return "\n".join(lines)

    def gave_up(self, lg: Loaded, side: Side, key: str, lang: str) -> str:
        """"Black (@Erik) resigned – White (@Åsa) wins (1 point)": a game given up, the
        winner and the points in one sentence (``key``: resigned, abandoned)."""
        ended = lg.finished or lg.game
        o = ended.outcome
        assert o is not None
        return t(key, lang, who=self.who(lg, side, lang),
                 winner=self.who(lg, o.winner, lang), how=outcome_text(o.kind, o.munk, lang),
                 points=o.points, unit=points_unit(o.points, lang))

    def board_post(self, lg: Loaded, lang: str, text: str, *, buttons: bool = True,
                   game: Game | None = None, stopped: bool = False) -> Post:
        """``game`` (default: the live one) as it stands, with the roll to play, the last
        play and, once over, the result; with ``buttons``, what the player to act may do
        and the prompt saying so.  ``stopped``: the game ended without a result (aborted):
        nobody to play, no buttons."""
        game = game or lg.game
        w = self.table.display_name(lg.row.guild_id, lg.row.white_id, lang)
        b = self.table.display_name(lg.row.guild_id, lg.row.black_id, lang)
        view = self.view(lg)
        m = lg.match
        score = (m.score(Side.WHITE), m.score(Side.BLACK), m.length) if m.length > 1 else None
        result = None
        if game.is_over and game.outcome is not None:
            result = Result(game.outcome, Score(*score) if score else None,
                            match_over=score is not None and match_over(m)
                            and lg.finished is None)
        last = last_play(game)
        to_play = game.dice if game.phase in ("move", "choose") and result is None \
            and not stopped else None
        spec = BoardSpec(game.position, game.rules, dice=to_play,
                         dice_side=game.turn if to_play else None,
                         last_turn=last[0] if last else None, mover=last[1] if last else None,
                         last_dice=last[2] if last else None, result=result,
                         lang=lang, names=(w, b), perspective=view, numbers=BOTH,
                         theme=self.table.theme_for(lg.row.guild_id, lg.player(view)), score=score,
                         stopped=stopped)
        post = Post(text, board=spec)
        if buttons and not stopped and not game.is_over and lg.row.status == "active":
            if game.phase == "move" and lg.player(game.turn) != COMPUTER:
                post.buttons, post.prompt, post.menu = self.picker_controls(lg, lang)
            else:
                post.buttons, post.prompt = self.next_buttons(lg, lang)
            mover = lg.player(game.turn)
            if mover != COMPUTER:
                post.mentions = (mover,)
        return post

    def next_buttons(self, lg: Loaded, lang: str) -> tuple[list[Button], str]:
        """The buttons of what the player to act may do, and the prompt that says it."""
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
            return self.play_buttons(lg, lang)
        if game.phase == "choose":
            return self.name_buttons(lg, lang)
        return [], ""

    def name_buttons(self, lg: Loaded, lang: str) -> tuple[list[Button], str]:
        """Puff's generalpasch (docs/rules.md, "Puff options"): a button for the roll as
        rolled and one for each pasch it may be played as instead, and the prompt."""
        game = lg.game
        assert game.dice is not None
        gid, version = lg.row.id, lg.row.version
        buttons = []
        for i, d in enumerate(game.roll_choices):
            label = (t("btn.as_rolled", lang, dice=dice_text(d)) if i == 0
                     else t("btn.pasch", lang, name=roll_name(d), dice=dice_text(d)))
            buttons.append(Button("pasch", gid, version, label[:BUTTON_LABEL_LIMIT],
                                  "primary" if i == 0 else "secondary",
                                  "".join(str(x) for x in d)))
        return buttons, t("to_name", lang, who=mention(lg.player(game.turn)),
                          dice=dice_text(game.dice))

    def play_buttons(self, lg: Loaded, lang: str) -> tuple[list[Button], str]:
        """A roll's plays, the play picker's top (``picker_controls``): its buttons
        and the prompt that says what the player can do (the menu goes with the post:
        ``board_post``)."""
        buttons, prompt, _ = self.picker_controls(lg, lang)
        return buttons, prompt

    # -- the play picker (issue 37) ----------------------------------------------------

    def picker(self, lg: Loaded) -> Picker:
        """The roll's picker: kept, or (a path that did not ``ready`` it) made here."""
        return self.pickers.now((lg.row.id, lg.row.version), lg.game)

    async def ready(self, lg: Loaded) -> None:
        """Make the roll's picker before its board is built: a double's plays are
        listed off the event loop (bot/service/listing.py)."""
        if lg.game.phase == "move" and lg.row.status == "active":
            await self.pickers.made((lg.row.id, lg.row.version), lg.game)

    def picker_controls(self, lg: Loaded, lang: str,
                        path: str = "") -> tuple[list[Button], str, Menu | None]:
        """What the player to move chooses from, in the neutral order (engine.picker):
        a button per play when there are at most ``MAX_PLAY_BUTTONS`` (one tap each),
        else the menu at ``path`` (with a way back to the top once narrowed); and the
        prompt, the same at every menu (a press on any of them finds it again)."""
        picker = self.picker(lg)
        gid, version = lg.row.id, lg.row.version
        prompt = self.pick_prompt(lg, lang, len(picker))
        if len(picker) <= MAX_PLAY_BUTTONS:
            return [Button("pick", gid, version, self.play_label(text, lang, "btn.play"),
                           "primary", LETTERS[i]) for i, text in enumerate(picker.plays)], \
                prompt, None
        stretch, left = picker.follow(path)
        options = tuple(self.option(picker, o, LETTERS[i], lang)
                        for i, o in enumerate(picker.options(stretch, left)))
        if path:
            placeholder = t("pick.narrowed", lang, plays=play_words(picker.label(stretch), lang),
                            n=stretch.size)
            buttons = [Button("back", gid, version, t("btn.pick_back", lang))]
        else:
            placeholder = t("pick.placeholder", lang, n=len(picker))
            buttons = []
        return buttons, prompt, Menu(gid, version, path, placeholder, options)

    def pick_prompt(self, lg: Loaded, lang: str, n: int) -> str:
        if n == 1:
            return t("pick.one", lang)
        return t("pick.press" if n <= MAX_PLAY_BUTTONS else "pick.choose", lang, n=n)

    def play_label(self, text: str, lang: str, key: str = "") -> str:
        return play_label(text, lang, key)

    def option(self, picker: Picker, s: Stretch, value: str, lang: str) -> MenuOption:
        return menu_option(picker, s, value, lang)

    def preview_post(self, lg: Loaded, lang: str, path: str, text: str,
                     turn: Turn) -> Post:
        """The chosen play shown before it counts: the board as Confirm will post it (the
        play's arrows and hits, the checkers where it leaves them, its roll small beside
        it and the next player's turn badge), a prompt that says it is not played yet,
        and the buttons to confirm it or choose again.

        The same picture, not a look-alike (issue 47): the board workers keep pictures by
        what they show, so Confirm's board is the preview's, drawn once, and a turn by
        taps draws two boards (the roll's and this one) as a typed turn does.  A play
        that wins keeps the roll's board with the play drawn on it and no result: the
        result belongs to the board that reports the game won."""
        game = lg.game
        side = game.turn
        rolled = self.board_post(lg, lang, "", buttons=False).board
        assert rolled is not None
        if turn.outcome is None:
            spec = self.board_post(lg, lang, "", buttons=False, game=game.ahead(turn)).board
            assert spec is not None
        else:
            spec = replace(rolled, position=turn.position.with_turn(side),
                           last_turn=replace(turn, outcome=None), mover=side,
                           last_dice=None, dice=game.dice, dice_side=side)
        gid, version = lg.row.id, lg.row.version
        buttons = [Button("ok", gid, version, t("btn.pick_ok", lang), "success",
                          f"{path}.{digest(text)}"),
                   Button("again", gid, version, t("btn.pick_again", lang), "secondary",
                          path)]
        return Post("", board=spec, buttons=buttons,
                    prompt=self.preview_prompt(lg, lang, text, turn), preview_of=rolled)

    def preview_prompt(self, lg: Loaded, lang: str, text: str, turn: Turn) -> str:
        side = lg.game.turn
        won = ""
        if turn.outcome is not None:
            o = turn.outcome
            won = " " + t("pick.wins", lang, how=outcome_text(o.kind, o.munk, lang),
                          points=o.points, unit=points_unit(o.points, lang))
        return t("pick.preview", lang, who=self.who(lg, side, lang),
                 play=self.play_label(text, lang), mention=mention(lg.player(side)), won=won)


def play_label(text: str, lang: str, key: str = "") -> str:
    """A play as an option or a button says it: its special name, or its text in the
    reader's words (``key``: a template with ``{play}``).  A game's picker and a
    problem's (bot/service/problems.py) word their choices alike."""
    special = special_of(text)
    if special == "column":
        return t("btn.column", lang)
    if special == "kejsarspel":
        return t("btn.kejsarspel", lang)
    words = play_words(text, lang)
    return (t(key, lang, play=words) if key else words)[:BUTTON_LABEL_LIMIT]


def menu_option(picker: Picker, s: Stretch, value: str, lang: str) -> MenuOption:
    """A picker menu's option for ``s``: a play, or a stretch of plays and their count."""
    if s.play:
        return MenuOption(play_label(picker.plays[s.lo], lang), value)
    label = play_words(picker.label(s), lang)
    count = t("pick.count", lang, n=s.size)
    if len(label) > CHOICE_LIMIT:  # a stretch of long plays: its end below
        first, _, last = label.partition(" – ")
        return MenuOption(first, value, f"– {last} · {count}")
    return MenuOption(label, value, count)


def digest(text: str) -> str:
    """A play's short fingerprint, carried by its Confirm button: the play the button
    confirms is found again by its path and must still be this one."""
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def duration(seconds: float, lang: str) -> str:
    s = int(max(0, seconds))
    if s >= 86400:
        return t("dur.d", lang, n=round(s / 86400, 1))
    if s >= 3600:
        return t("dur.h", lang, n=round(s / 3600, 1))
    if s >= 60:
        return t("dur.m", lang, n=s // 60)
    return t("dur.s", lang, n=s)

