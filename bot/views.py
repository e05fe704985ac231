"""Persistent buttons and menus: all state lives in the custom id, so they work after a
restart.

A button carries its game id and the game's version when it was posted; the service
answers a press whose version is no longer current instead of applying it.

This module has two halves, kept apart so that it needs no cog and no bot:

- **The layouts** (the item classes here, ``make_view``, ``problem_view``, ``layout``):
  what a message's controls look like and what their custom ids carry.  Delivery
  (bot/delivery) attaches them to the messages it posts, which is why they live below the
  cogs.  A layout does not listen for presses: its view is stopped before it is posted
  (``layout``), so discord.py keeps no state for it and registers nothing from it.
- **The answering** (``game_controls``, ``problem_controls``, ``tournament_controls``):
  for one bot, the classes discord.py matches a press against, each bound to the object
  that answers it, registered by the bot (``Client.add_dynamic_items`` in
  ``BradeBot.setup_hook``): a game's presses to the Play cog, a problem's to the Problems
  cog, a tournament's to the Tournaments cog.  What each answerer offers is a Protocol
  below (``GamePresses``, …); a failure is reported by ``Failures`` (the bot's one failure
  path, shared with ``tree.on_error``).

A press thus goes from the registered class's ``callback`` straight to the method of the
object it was bound to, with nothing looked up on the bot.
"""

from __future__ import annotations

import logging
import re
import types
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Protocol, TypeVar, cast

import discord

from bot.service.model import Button, Menu, PickControls
from bot.service.text import BUTTON_LABEL_LIMIT, BUTTONS, CHOICE_LIMIT, CUSTOM_ID_LIMIT

log = logging.getLogger(__name__)


class Failures(Protocol):
    """The bot's one failure path: a short apology to the member, the traceback logged."""

    async def report_failure(self, interaction: discord.Interaction,
                             error: BaseException) -> None: ...


async def guarded(interaction: discord.Interaction, failures: Failures,
                  act: Callable[[], Awaitable[Any]]) -> None:
    """A component's handler, ``act()``, with the one failure path shared with
    ``tree.on_error``: every button and menu of the bot answers a failure the same way."""
    try:
        await act()
    except Exception as error:
        await failures.report_failure(interaction, error)


def layout() -> discord.ui.View:
    """An empty view for a message's controls, which does not listen: a press on them is
    answered by the classes the bot registered (``add_dynamic_items``), bound to their
    answerer.  Stopped, the view is not stored when posted; stored, discord.py would
    register the posted items' own class for their template (``ViewStore.add_view``), in
    place of the bound one."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


D = TypeVar("D", bound=discord.ui.DynamicItem[Any])


def bound(item: type[D], answerer: object, failures: Failures) -> type[D]:
    """A subclass of ``item`` whose presses go to ``answerer`` (one per bot: two bots in
    one process, as in tests, answer their own presses).  Same template, same name."""
    return cast("type[D]", types.new_class(
        item.__name__, (item,), {"template": item.__discord_ui_compiled_template__},
        lambda ns: ns.update(answerer=answerer, failures=failures,
                             __module__=item.__module__, __qualname__=item.__qualname__)))


_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
           "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


class GamePresses(Protocol):
    """Answers a game's presses (the Play cog, bot/cogs/play.py)."""

    async def on_button(self, interaction: discord.Interaction, btn: GameButton) -> None: ...

    async def on_menu(self, interaction: discord.Interaction, menu: PlayMenu,
                      value: str) -> None: ...

    async def on_thread_button(self, interaction: discord.Interaction,
                               btn: ThreadButton) -> None: ...


class ProblemPresses(Protocol):
    """Answers a problem's presses (the Problems cog, bot/cogs/problems.py)."""

    async def on_pick_button(self, interaction: discord.Interaction,
                             btn: ProblemPickButton) -> None: ...

    async def on_pick_menu(self, interaction: discord.Interaction, menu: ProblemPickMenu,
                           value: str) -> None: ...

    async def on_daily(self, interaction: discord.Interaction, day: str) -> None: ...


class TournamentPresses(Protocol):
    """Answers a tournament's presses (the Tournaments cog, bot/cogs/tournaments.py)."""

    async def on_walkover_button(self, interaction: discord.Interaction,
                                 btn: WalkoverButton) -> None: ...

    async def on_withdraw_button(self, interaction: discord.Interaction,
                                 btn: WithdrawButton) -> None: ...


def rebuilt_button(item: discord.ui.Item[Any]) -> discord.ui.Button[Any]:
    """The button discord.py rebuilt from a pressed component, for ``from_custom_id``.

    discord.py types the argument as any item; our templates match only custom ids we
    gave to buttons, so anything else is a bug to report, not a press to answer.
    """
    if not isinstance(item, discord.ui.Button):
        raise TypeError(f"a button's custom id on a {type(item).__name__}")
    return item


class GameButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"brade:(?P<action>[a-z0-9_]+):(?P<game>\d+):(?P<version>\d+):(?P<arg>[^:]*)"):
    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[GamePresses]
    failures: ClassVar[Failures]

    def __init__(self, action: str, game_id: int, version: int, arg: str = "", *,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 ) -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=style,
            custom_id=f"brade:{action}:{game_id}:{version}:{arg}"[:CUSTOM_ID_LIMIT]))
        self.action = action
        self.game_id = game_id
        self.version = version
        self.arg = arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        button = rebuilt_button(item)
        return cls(match["action"], int(match["game"]), int(match["version"]), match["arg"],
                   label=button.label or "…", style=button.style)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_button(interaction, self))


class ThreadButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"bradethread:(?P<opp>\d+):(?P<match>\d+):(?P<level>[^:]*):(?P<rules>[^:]+)"):
    """Offered when a channel already has a game: start the new one in a thread."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[GamePresses]
    failures: ClassVar[Failures]

    def __init__(self, opponent: int, match: int, level: str, rules: str, *,
                 label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.primary,
            custom_id=f"bradethread:{opponent}:{match}:{level}:{rules}"[:CUSTOM_ID_LIMIT]))
        self.opponent, self.match, self.level, self.rules = opponent, match, level, rules

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ThreadButton:
        return cls(int(match["opp"]), int(match["match"]), match["level"], match["rules"],
                   label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_thread_button(interaction, self))


#: A select menu's placeholder, at most.
PLACEHOLDER_LIMIT = 150


class PlayMenu(discord.ui.DynamicItem[discord.ui.Select],
               template=r"brademenu:(?P<game>\d+):(?P<version>\d+):(?P<path>[a-y]*)"):
    """The play picker's menu (issue 37): the game, its version and the choices made so
    far are its custom id, so a menu posted before a restart still works; the option
    chosen is one more letter of the path."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[GamePresses]
    failures: ClassVar[Failures]

    def __init__(self, game_id: int, version: int, path: str, *, placeholder: str = "…",
                 options: tuple[discord.SelectOption, ...] = ()) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"brademenu:{game_id}:{version}:{path}"[:CUSTOM_ID_LIMIT],
            placeholder=placeholder[:PLACEHOLDER_LIMIT], options=list(options),
            min_values=1, max_values=1))
        self.game_id = game_id
        self.version = version
        self.path = path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PlayMenu:
        return cls(int(match["game"]), int(match["version"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or [""]
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_menu(interaction, self, str(values[0])))


def _menu_item(menu: Menu) -> PlayMenu:
    """The menu; each option's value is its letter, then the path it narrows (``b.a``:
    option b after choosing a).  ``PlayMenu`` reads the letter alone, but no value
    recurs from one narrowing to the next: a client that keeps a menu's last choice by
    its place in the edited message (SimCord's page does) would otherwise show the
    narrower menu's option as chosen already, and a tap on it would send nothing."""
    return PlayMenu(menu.game_id, menu.version, menu.path, placeholder=menu.placeholder,
                    options=tuple(discord.SelectOption(
                        label=o.label[:CHOICE_LIMIT],
                        value=f"{o.value}.{menu.path}"[:CHOICE_LIMIT],
                        description=o.description[:CHOICE_LIMIT] or None)
                        for o in menu.options[:BUTTONS]))


def make_view(buttons: list[Button], menu: Menu | None = None) -> discord.ui.View | None:
    if not buttons and menu is None:
        return None
    view = layout()
    if menu is not None:
        view.add_item(_menu_item(menu))
    for b in buttons[:BUTTONS - 5 * (menu is not None)]:
        view.add_item(GameButton(b.action, b.game_id, b.version, b.arg, label=b.label,
                                 style=_STYLES.get(b.style, discord.ButtonStyle.secondary)))
    return view


# -- a problem's picker (issue 46) --------------------------------------------------------


class ProblemPickButton(discord.ui.DynamicItem[discord.ui.Button],
                        template=r"bradepz:(?P<action>[a-z]+):(?P<user>\d+):(?P<problem>[^:]+)"
                                 r":(?P<arg>[^:]*)"):
    """A button of a problem's picker: whose problem, which, and the choice (the path,
    with a play's fingerprint on Confirm) are its custom id, so it works after a
    restart and only for its member."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[ProblemPresses]
    failures: ClassVar[Failures]

    def __init__(self, action: str, user_id: int, problem_id: str, arg: str = "", *,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 ) -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=style,
            custom_id=f"bradepz:{action}:{user_id}:{problem_id}:{arg}"[:CUSTOM_ID_LIMIT]))
        self.action, self.user_id, self.problem_id, self.arg = action, user_id, problem_id, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ProblemPickButton:
        button = rebuilt_button(item)
        return cls(match["action"], int(match["user"]), match["problem"], match["arg"],
                   label=button.label or "…", style=button.style)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_pick_button(interaction, self))


class ProblemPickMenu(discord.ui.DynamicItem[discord.ui.Select],
                      template=r"bradepzmenu:(?P<user>\d+):(?P<problem>[^:]+):(?P<path>[a-y]*)"):
    """A problem's picker menu: the option chosen is one more letter of the path."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[ProblemPresses]
    failures: ClassVar[Failures]

    def __init__(self, user_id: int, problem_id: str, path: str, *, placeholder: str = "…",
                 options: tuple[discord.SelectOption, ...] = ()) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"bradepzmenu:{user_id}:{problem_id}:{path}"[:CUSTOM_ID_LIMIT],
            placeholder=placeholder[:PLACEHOLDER_LIMIT], options=list(options),
            min_values=1, max_values=1))
        self.user_id, self.problem_id, self.path = user_id, problem_id, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ProblemPickMenu:
        return cls(int(match["user"]), match["problem"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or [""]
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_pick_menu(interaction, self, str(values[0])))


def problem_view(controls: PickControls) -> discord.ui.View:
    """A problem's picker as Discord components: its menu, then its buttons."""
    view = layout()
    menu = controls.menu
    if menu is not None:
        view.add_item(ProblemPickMenu(
            controls.user_id, controls.problem_id, menu.path, placeholder=menu.placeholder,
            options=tuple(discord.SelectOption(label=o.label[:CHOICE_LIMIT],
                                               value=o.value[:CHOICE_LIMIT],
                                               description=o.description[:CHOICE_LIMIT] or None)
                          for o in menu.options[:BUTTONS])))
    for b in controls.buttons[:BUTTONS - 5 * (menu is not None)]:
        view.add_item(ProblemPickButton(b.action, controls.user_id, controls.problem_id, b.arg,
                                        label=b.label, style=_STYLES.get(
                                            b.style, discord.ButtonStyle.secondary)))
    return view


# -- the daily problem's and the tournaments' buttons ------------------------------------


class ProblemButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"bradeproblem:(?P<day>\d{4}-\d{2}-\d{2})"):
    """The daily post's button: the day is in the custom id, so it works after a restart."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[ProblemPresses]
    failures: ClassVar[Failures]

    def __init__(self, day: str, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.primary,
                                           custom_id=f"bradeproblem:{day}"))
        self.day = day

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ProblemButton:
        return cls(match["day"], label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_daily(interaction, self.day))


class WalkoverButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"bradetrn:wo:(?P<tid>\d+):(?P<pairing>[0-9.]+):(?P<winner>\d+)"):
    """The organiser's "walkover to …" button after a deadline; works after a restart."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[TournamentPresses]
    failures: ClassVar[Failures]

    def __init__(self, tournament_id: int, pairing: str, winner: int, *,
                 label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.danger if winner == 0
            else discord.ButtonStyle.primary,
            custom_id=f"bradetrn:wo:{tournament_id}:{pairing}:{winner}"[:CUSTOM_ID_LIMIT]))
        self.tournament_id, self.pairing, self.winner = tournament_id, pairing, winner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WalkoverButton:
        return cls(int(match["tid"]), match["pairing"], int(match["winner"]),
                   label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_walkover_button(interaction, self))


class WithdrawButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"bradetrn:wd:(?P<tid>\d+):(?P<user>\d+)"):
    """"Withdraw from …" under ``/tournament leave`` after the start; works after a
    restart, and only for the member who asked."""

    #: Set on the class the bot registers (``bound``): who answers a press.
    answerer: ClassVar[TournamentPresses]
    failures: ClassVar[Failures]

    def __init__(self, tournament_id: int, user: int, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], style=discord.ButtonStyle.danger,
            custom_id=f"bradetrn:wd:{tournament_id}:{user}"[:CUSTOM_ID_LIMIT]))
        self.tournament_id, self.user = tournament_id, user

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> WithdrawButton:
        return cls(int(match["tid"]), int(match["user"]), label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_withdraw_button(interaction, self))



class LeaguePresses(Protocol):
    """Answers a captain's line-up menu (the League cog, bot/cogs/league.py)."""

    async def on_pick(self, interaction: discord.Interaction, menu: LineupMenu,
                      value: str) -> None: ...


class LineupMenu(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"bradelg:(?P<league>\d+):(?P<fixture>[0-9.]+):(?P<board>\d+)"):
    """One board of a captain's line-up (issue 48): the team's players, the one named
    marked; league, fixture and board are its custom id, so it works after a restart."""

    answerer: ClassVar[LeaguePresses]
    failures: ClassVar[Failures]

    def __init__(self, league_id: int, fixture: str, board: int, *,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str = "…") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"bradelg:{league_id}:{fixture}:{board}"[:CUSTOM_ID_LIMIT],
            placeholder=placeholder[:PLACEHOLDER_LIMIT], options=options or [],
            min_values=1, max_values=1))
        self.league_id, self.fixture, self.board = league_id, fixture, board

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LineupMenu:
        return cls(int(match["league"]), match["fixture"], int(match["board"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or [""]
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_pick(interaction, self, str(values[0])))

# -- the answering: one set of classes per bot ---------------------------------------------

#: What ``Client.add_dynamic_items`` takes.
Controls = tuple[type[discord.ui.DynamicItem[Any]], ...]


def game_controls(presses: GamePresses, failures: Failures) -> Controls:
    """A game's buttons, its picker's menu and the "in a thread" button, answered by
    ``presses``."""
    return (bound(GameButton, presses, failures), bound(PlayMenu, presses, failures),
            bound(ThreadButton, presses, failures))


def problem_controls(presses: ProblemPresses, failures: Failures) -> Controls:
    """A problem's picker and the daily problem's button, answered by ``presses``."""
    return (bound(ProblemButton, presses, failures),
            bound(ProblemPickButton, presses, failures),
            bound(ProblemPickMenu, presses, failures))


def tournament_controls(presses: TournamentPresses, failures: Failures) -> Controls:
    """The walkover and withdraw buttons, answered by ``presses``."""
    return (bound(WalkoverButton, presses, failures), bound(WithdrawButton, presses, failures))


def league_controls(presses: LeaguePresses, failures: Failures) -> Controls:
    """A captain's line-up menus, answered by ``presses``."""
    return (bound(LineupMenu, presses, failures),)
