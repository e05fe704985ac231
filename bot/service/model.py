"""The values the service's use-cases return: what happened, in the game's own terms.

The service never touches Discord and writes no Discord markup (a member is named by
``bot.service.text.mention``'s neutral token); it answers with these plain values, and
a presenter turns them into its own front end's form: bot/delivery into Discord's
messages, files and buttons (which message to send, which to edit:
bot/delivery/policy.py), bot/delivery/plain.py into lines of plain text.  A
``BoardSpec`` is a board as a value: the presenter has it drawn by the board workers
(bot/service/pictures.py), off the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.store import Conflict as Conflict  # a write lost to another process's
from bot.store import GameRow as GameRow  # a game as stored: end-of-game listeners get it
from engine.dice import Dice
from engine.position import Position, Side
from engine.rules.ruleset import RuleSet

COMPUTER = 0  # the user id stored for the computer opponent


class UserError(Exception):
    """Something the user did that the bot refuses politely; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Ctx:
    """Who acts where, and what Discord told us about their language and rights."""

    user_id: int
    channel_id: int
    guild_id: int | None = None
    user_locale: str | None = None
    guild_locale: str | None = None
    can_manage: bool = False  # Manage Channels here (abort anyone's game)


@dataclass(frozen=True)
class Button:
    """A persistent button: ``action`` on ``game_id`` valid only at ``version``."""

    action: str
    game_id: int
    version: int
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    arg: str = ""


@dataclass(frozen=True)
class MenuOption:
    """One option of a select menu: what it says, and the value a choice sends."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True)
class Menu:
    """The play picker's select menu (issue 37): the plays of ``game_id``'s roll at
    ``version``, narrowed by ``path`` (``engine.picker``: a letter per choice made)."""

    game_id: int
    version: int
    path: str
    placeholder: str
    options: tuple[MenuOption, ...]


@dataclass(frozen=True)
class PickButton:
    """A button of a problem's picker (issue 46, ``bot.service.problem_picker``):
    ``pick`` (a play; ``arg`` its path), ``ok`` (``arg``: the path and the play's
    fingerprint), ``again`` (from a preview) or ``back`` (to every play)."""

    action: str
    label: str
    style: str = "secondary"
    arg: str = ""


@dataclass(frozen=True)
class PickMenu:
    """The menu of a problem's plays at ``path`` (a letter per choice made)."""

    path: str
    placeholder: str
    options: tuple[MenuOption, ...]


@dataclass(frozen=True)
class PickControls:
    """What a problem's private message offers to tap, whose they are (``user_id``) and
    which problem's: a press by anyone else, or on a problem no longer open, changes
    nothing."""

    user_id: int
    problem_id: str
    buttons: tuple[PickButton, ...] = ()
    menu: PickMenu | None = None


@dataclass(frozen=True)
class BoardSpec:
    """Everything a board picture depends on; drawn by the board workers (processes, or
    threads in tests: bot/service/pictures.py), never on the event loop."""

    position: Position
    rules: RuleSet
    dice: Dice | None = None
    last_turn: Any = None
    perspective: Side = Side.WHITE
    lang: str = "sv"
    names: tuple[str, str] | None = None  # (white, black)
    score: tuple[int, ...] | None = None  # (white, black[, match length])
    #: Who played ``last_turn`` (and threw ``last_dice``); also who threw ``dice`` unless
    #: ``dice_side`` says otherwise.
    mover: Side | None = None
    theme: str = "classic"  # the viewer's (or the server's) board theme
    #: Whose point numbers are printed: a side, or "both" (render_board's ``numbers``);
    #: None prints the perspective's.
    numbers: Side | str | None = None
    #: The roll ``last_turn`` was played with, when ``dice`` are the next roll to play.
    last_dice: Dice | None = None
    #: Who threw ``dice`` when that is not ``mover``: the roll to play beside the last
    #: play, each drawn in its own roller's half.
    dice_side: Side | None = None
    #: A finished game's result (``render.board.Result``): the board shows it, no turn.
    result: Any = None
    usernames: tuple[str, str] | None = None  # (white, black): drawn for an unreadable name
    #: A game ended without a result (aborted, stopped by a tournament's organiser): its
    #: last board shows nobody to play.
    stopped: bool = False


@dataclass
class Post:
    """One thing that happened in a game, as the channel is to see it: what it says, the
    board it shows, and what the player to act may do next.  Which message it becomes,
    new or edited, is the presenter's decision (bot/delivery/policy.py)."""

    text: str
    board: BoardSpec | None = None
    buttons: list[Button] = field(default_factory=list)
    #: The members it is for (the player to act, the member challenged): by id.
    mentions: tuple[int, ...] = ()
    #: It ends a game (won, given up, aborted, closed): the game's last board.
    final: bool = False
    #: What the player to act can do now ("@Erik, your turn: press Roll"), said after
    #: ``text``, the turns it reports.
    prompt: str = ""
    #: The play picker's menu (issue 37): the plays on offer, narrowed by the choices made.
    menu: Menu | None = None
    #: The position and the roll are as last shown (the picker's menu narrowed): no new
    #: board (``board`` is None).
    same_position: bool = False
    #: A play previewed in the picker: the board of the roll as it stands, the previewed
    #: play not counted (shown again should the preview lose its controls otherwise
    #: than by its own buttons).
    preview_of: BoardSpec | None = None
    #: A forfeited roll (T-4: no legal play): the board of the play before it with the
    #: lost dice beside it; the next player's turn follows.
    forfeit: bool = False

    @property
    def content(self) -> str:
        """What it says: what happened, then what to do."""
        return "\n".join(x for x in (self.text, self.prompt) if x)


@dataclass
class Reply:
    """What one command or press did, in the game's own terms: a note for the member who
    acted, what happened in public (``posts``), the game saved (``game_id``, ``version``),
    the roll made, the challenge answered, the picker's new state.  The presenter
    (bot/delivery) decides from it which messages to send and which to edit."""

    private: str | None = None
    posts: list[Post] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)  # with the private note
    lang: str = "en"
    #: The roll this command made (a generalpasch named: the dice it is played as); its
    #: posts say what came of it (plays to choose from, or a forfeit and the next turn).
    roll: Dice | None = None
    #: What the player to act was asked to do before this command (the prompt of the
    #: board it answers, ``Post.prompt``): no longer on offer.
    offered_before: str = ""
    #: The challenge answered (accepted, declined, withdrawn): what it says now, without
    #: its buttons; ``final`` when that closed it.
    challenge: Post | None = None
    #: The game the posts are about, and its version as saved: what the posts show (a
    #: newer version's board supersedes them, bot/service/posts.py).
    game_id: int | None = None
    version: int | None = None
    #: A press on the play picker (issue 37): what the picker offers now (a narrower
    #: menu; the chosen play previewed, to confirm or choose again; the roll as it was,
    #: without controls, once the play is chosen); ``posts`` are what that play did.
    picker: Post | None = None
    #: The computer, to play next, could not answer now (its worker failed): its turn
    #: is owed and played later; the member's command stands (``Turns.act``).
    computer_later: bool = False

    @property
    def shows_only(self) -> bool:
        """A picker press that narrowed the menu, previewed a play or went back to the
        roll: it saved nothing (bot/service/games/picking.py), so no "your turn" can have
        fallen due by it."""
        return self.picker is not None and not self.posts
