"""The values the service hands the command layer: what to say, show and offer.

The service never touches Discord; it answers with these plain values and the cogs turn
them into messages, files and buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    """Everything a board picture depends on; rendered in a worker thread."""

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
    """One public message: text, optionally a board picture and buttons."""

    text: str
    board: BoardSpec | None = None
    buttons: list[Button] = field(default_factory=list)
    mentions: tuple[int, ...] = ()
    #: Ends a game: its own message, and the game's older boards lose their buttons.
    final: bool = False
    #: What the player to act can do now ("@Erik, your turn: press Roll"), the message's
    #: last line.  A later edit of the message (a roll) replaces it and keeps ``text``,
    #: the turns it reports: the channel stays the game's record.
    prompt: str = ""
    #: The play picker's menu, above the buttons.
    menu: Menu | None = None
    #: An edit that keeps the picture the message has (``board`` is not drawn): the
    #: picker narrowing its menu.
    same_board: bool = False
    #: A preview's board to show again if the message loses its controls otherwise
    #: than by its own buttons (a newer board posted meanwhile): its play never counted.
    revert: BoardSpec | None = None
    #: A lost roll (T-4: no legal play): the board of the play before it with the lost
    #: dice beside it, so that play stays drawn.  The next player's turn starts a message
    #: of its own (``compose``), a new one that notifies them: Discord does not notify a
    #: mention added by an edit (issue 46).
    lost: bool = False

    @property
    def content(self) -> str:
        """The message's text: what happened, then what to do."""
        return "\n".join(x for x in (self.text, self.prompt) if x)


@dataclass
class Reply:
    """The answer to one command: a private note to the invoker and/or public posts."""

    private: str | None = None
    posts: list[Post] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)  # on the private note
    lang: str = "en"
    #: A roll (the message policy, bot/delivery/policy.py, decides what that does to the
    #: board it was rolled on: plays to choose from join it; a lost roll joins it and the
    #: next turn is a new message).
    rolled: bool = False
    #: A roll pressed on a board: the prompt that board ended with (``Post.prompt``),
    #: stale now; the message keeps the turns it reports.
    stale_prompt: str = ""
    #: A challenge answered (accepted, declined, withdrawn): what its own message says
    #: now, without its buttons; ``final`` when that closed it.
    answered: Post | None = None
    #: The game the posts belong to (the command layer tracks its latest board).
    game_id: int | None = None
    #: The game's version the posts show: its live board is recorded with it, so that a
    #: record arriving after a newer board's changes nothing (bot/service/posts.py).
    version: int | None = None
    #: A press on the play picker answered on its own message (issue 37): that message
    #: becomes this post (the turns it reports stay; its prompt, picture and controls are
    #: this post's), and ``posts`` follow as new messages.
    update: Post | None = None
