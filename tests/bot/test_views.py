"""The persistent buttons and the picker's menu (bot/views.py): everything a press needs
is in the custom id, so a board posted before a restart still works; Discord's limits
are kept whatever the service asks for."""

from __future__ import annotations

import re

import discord

from bot.service.model import Button, Menu, MenuOption
from bot.service.text import BUTTON_LABEL_LIMIT, BUTTONS, CHOICE_LIMIT, CUSTOM_ID_LIMIT
from bot.views import (
    PLACEHOLDER_LIMIT,
    GameButton,
    PlayMenu,
    ProblemButton,
    ThreadButton,
    WalkoverButton,
    WithdrawButton,
    make_view,
)


def _ids(view: discord.ui.View) -> list[str]:
    return [getattr(i, "custom_id", "") for i in view.children]


def test_no_buttons_and_no_menu_is_no_view() -> None:
    assert make_view([]) is None


def test_a_button_carries_its_game_version_and_play_and_keeps_discords_limits() -> None:
    view = make_view([Button("play", 12, 34, "a" * 200, style="success", arg="1/7 7/12"),
                      Button("roll", 12, 34, "Roll", style="no such style")])
    assert view is not None
    play, roll = view.children
    assert _ids(view) == ["brade:play:12:34:1/7 7/12", "brade:roll:12:34:"]
    assert isinstance(play, GameButton) and play.item.label == "a" * BUTTON_LABEL_LIMIT
    assert play.item.style is discord.ButtonStyle.success
    assert roll.item.style is discord.ButtonStyle.secondary  # type: ignore[attr-defined]
    long = make_view([Button("play", 1, 1, "x", arg="9/10 " * 40)])
    assert long is not None and len(_ids(long)[0]) <= CUSTOM_ID_LIMIT


def test_every_custom_id_is_read_back_by_its_own_template() -> None:
    """What a restarted bot matches a press against (``DynamicItem.template``)."""
    made = [GameButton("accept", 5, 6, "x"), ThreadButton(7, 3, "gesäll", "classic"),
            PlayMenu(5, 6, "abc"), ProblemButton("2026-11-28"),
            WalkoverButton(9, "2.1", 0), WithdrawButton(9, 77)]
    for item in made:
        assert re.fullmatch(type(item).__discord_ui_compiled_template__,  # type: ignore[attr-defined]
                            item.custom_id), item.custom_id


def test_a_menu_comes_first_and_leaves_room_for_its_buttons() -> None:
    options = tuple(MenuOption("o" * 200, f"v{i}", "d" * 200) for i in range(40))
    menu = Menu(5, 6, "ab", "p" * 300, options)
    buttons = [Button("play", 5, 6, f"{i}") for i in range(BUTTONS)]
    view = make_view(buttons, menu)
    assert view is not None
    first, *rest = view.children
    assert isinstance(first, PlayMenu) and first.custom_id == "brademenu:5:6:ab"
    select = first.item
    assert len(select.options) == BUTTONS and len(select.placeholder or "") == PLACEHOLDER_LIMIT
    assert {len(o.label) for o in select.options} == {CHOICE_LIMIT}
    assert len(rest) == BUTTONS - 5  # a menu fills a row of its own


def test_a_narrower_menu_repeats_no_value_of_the_one_before() -> None:
    """Each option's value begins with its letter (what ``PlayMenu`` reads) and names the
    path it narrows, so a client keeping the last choice by position cannot mistake it."""
    letters = tuple(MenuOption(f"play {c}", c, "") for c in "abc")
    first = make_view([], Menu(5, 6, "", "p", letters))
    second = make_view([], Menu(5, 6, "a", "p", letters))
    assert first is not None and second is not None
    before = [o.value for o in first.children[0].item.options]  # type: ignore[attr-defined]
    after = [o.value for o in second.children[0].item.options]  # type: ignore[attr-defined]
    assert before == ["a.", "b.", "c."] and after == ["a.a", "b.a", "c.a"]
    assert [v[:1] for v in after] == ["a", "b", "c"]
