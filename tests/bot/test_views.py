"""The persistent buttons and the picker's menu (bot/views.py): everything a press needs
is in the custom id, so a board posted before a restart still works; Discord's limits
are kept whatever the service asks for; and a press goes to the object its class was
bound to when the bot registered it, with nothing looked up on the bot."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

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
    game_controls,
    layout,
    make_view,
    problem_controls,
    tournament_controls,
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


# -- the answering: each press goes to the object its class was bound to ------------------


class Recorder:
    """An answerer and a failure path at once: what it was asked, in order."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.fail = fail

    async def on_menu(self, interaction: Any, menu: Any, value: str) -> None:
        self.calls.append(("on_menu", (menu.game_id, menu.version, menu.path, value)))
        if self.fail:
            raise RuntimeError("the cog failed")

    async def on_button(self, interaction: Any, btn: Any) -> None:
        self.calls.append(("on_button", (btn.action, btn.game_id)))

    async def on_thread_button(self, interaction: Any, btn: Any) -> None:
        self.calls.append(("on_thread_button", (btn.opponent,)))

    async def report_failure(self, interaction: Any, error: BaseException) -> None:
        self.calls.append(("report_failure", (str(error),)))


async def test_a_bound_menu_hands_its_choice_to_its_answerer() -> None:
    """``game_controls`` makes, per bot, the classes a press is matched against; the menu
    rebuilt from its custom id calls the answerer it was bound to, with the letter."""
    play, failures = Recorder(), Recorder()
    button, menu_cls, thread = game_controls(play, failures)
    assert (button.__name__, menu_cls.__name__, thread.__name__) == (
        "GameButton", "PlayMenu", "ThreadButton")
    assert issubclass(menu_cls, PlayMenu) and menu_cls.answerer is play
    posted = PlayMenu(5, 6, "ab")
    match = re.fullmatch(menu_cls.__discord_ui_compiled_template__,  # type: ignore[attr-defined]
                         posted.custom_id)
    assert match is not None
    pressed = await menu_cls.from_custom_id(None, posted.item, match)  # type: ignore[arg-type]
    assert type(pressed) is menu_cls
    await pressed.callback(SimpleNamespace(data={"values": ["c.ab"]}))  # type: ignore[arg-type]
    assert play.calls == [("on_menu", (5, 6, "ab", "c.ab"))] and failures.calls == []


async def test_two_bots_answer_their_own_presses_and_a_failure_is_reported() -> None:
    one, two, failures = Recorder(), Recorder(fail=True), Recorder()
    first, second = game_controls(one, failures)[1], game_controls(two, failures)[1]
    for cls in (first, second):
        await cls(1, 2, "").callback(SimpleNamespace(data={"values": ["a."]}))  # type: ignore[arg-type]
    assert one.calls == [("on_menu", (1, 2, "", "a."))]
    assert two.calls == [("on_menu", (1, 2, "", "a."))]
    assert failures.calls == [("report_failure", ("the cog failed",))]
    assert "answerer" not in vars(PlayMenu)  # the layout's own class is bound to nobody


async def test_a_posted_layout_does_not_listen() -> None:
    """Posted, a listening view would register its items' own (unbound) classes over the
    bot's bound ones (discord.py's ``ViewStore.add_view``): a layout is stopped."""
    view = make_view([Button("roll", 1, 1, "Roll")], Menu(1, 1, "", "p", ()))
    assert view is not None and view.is_finished()
    assert layout().is_finished()


def test_every_control_is_bound_once_for_its_answerer() -> None:
    """What the bot registers (bot/client.py): each template once."""
    r = Recorder()
    made = [*game_controls(r, r), *problem_controls(r, r), *tournament_controls(r, r)]
    templates = [c.__discord_ui_compiled_template__.pattern for c in made]  # type: ignore[attr-defined]
    assert len(set(templates)) == len(made) == 8
    assert {c.__name__ for c in made} == {
        "GameButton", "PlayMenu", "ThreadButton", "ProblemButton", "ProblemPickButton",
        "ProblemPickMenu", "WalkoverButton", "WithdrawButton"}
