"""The page buttons of a game's record (``/brade history``, ``/watch history``).

A long record comes one page at a time, privately, with buttons to turn to the first, an
earlier, a later or the newest page; every record has a button that sends it whole as a
text file.
Each button's custom id carries the game and the page it turns to, so a page can be
turned after a restart; the press is answered by the ``Spectate`` cog (the class the bot
registers is bound to it: ``history_controls``), which checks again that the member may see the game, and reads the record afresh, so a
game still being played shows its newest turns on its last page.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol

import discord

from bot.i18n import t
from bot.service.spectate import HistoryPage
from bot.service.text import BUTTON_LABEL_LIMIT, CUSTOM_ID_LIMIT
from bot.views import Controls, Failures, bound, guarded, layout, rebuilt_button

#: The buttons under a page, in order: what each is called, and the page it turns to.
SLOTS = ("first", "earlier", "later", "last")
FILE = "file"


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"bradehist:(?P<game>\d+):(?P<page>\d+):(?P<slot>[a-z]+)"):
    """Turns a record's page (or, ``slot`` "file", sends the whole record as a file).
    The slot keeps two buttons that turn to the same page (the first and the earlier,
    on page 2) apart: a message's custom ids must differ."""

    #: Set on the class the bot registers (``history_controls``): who answers a press.
    answerer: ClassVar[HistoryPresses]
    failures: ClassVar[Failures]

    def __init__(self, game_id: int, page: int, slot: str, *, label: str = "…",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label[:BUTTON_LABEL_LIMIT], disabled=disabled,
            style=discord.ButtonStyle.primary if slot == FILE else discord.ButtonStyle.secondary,
            custom_id=f"bradehist:{game_id}:{page}:{slot}"[:CUSTOM_ID_LIMIT]))
        self.game_id, self.page, self.slot = game_id, page, slot

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HistoryButton:
        return cls(int(match["game"]), int(match["page"]), match["slot"],
                   label=rebuilt_button(item).label or "…")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await guarded(interaction, self.failures,
                      lambda: self.answerer.on_history_button(interaction, self))


class HistoryPresses(Protocol):
    """Answers a record's page buttons (the Spectate cog, bot/cogs/spectate.py)."""

    async def on_history_button(self, interaction: discord.Interaction,
                                btn: HistoryButton) -> None: ...


def history_controls(presses: HistoryPresses, failures: Failures) -> Controls:
    """The page buttons, answered by ``presses`` (registered by the bot)."""
    return (bound(HistoryButton, presses, failures),)


def history_view(page: HistoryPage) -> discord.ui.View:
    """The buttons under a page: the whole record as a file, and for a record of more
    than one page, the buttons that turn them."""
    view = layout()
    view.add_item(HistoryButton(page.game_id, 0, FILE,
                                label=t("watch.history.btn.file", page.lang)))
    if page.pages <= 1:
        return view
    targets = {"first": 1, "earlier": page.page - 1, "later": page.page + 1,
               "last": page.pages}
    # Two pages need no First and Latest: they would do what Earlier and Later do
    # (issue 46); with more, each is off where it would (or it goes nowhere).
    slots = SLOTS if page.pages > 2 else ("earlier", "later")
    for slot in slots:
        target = targets[slot]
        same = (slot == "first" and targets["earlier"] == 1) or \
            (slot == "last" and targets["later"] == page.pages)
        view.add_item(HistoryButton(
            page.game_id, max(1, min(target, page.pages)), slot,
            label=t(f"watch.history.btn.{slot}", page.lang),
            disabled=not 1 <= target <= page.pages or target == page.page or same))
    return view
