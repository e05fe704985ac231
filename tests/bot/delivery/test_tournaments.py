"""A tournament's outcome in Discord (bot/delivery/tournaments.py): notices with the
organiser's walkover buttons, and nothing posted where there is no channel."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.delivery.tournaments import Courier, _view
from bot.service.text import BUTTONS
from bot.service.tournaments import Notice
from bot.service.tournaments.outcomes import WalkoverChoice
from bot.views import WalkoverButton
from tests.bot.delivery.fakes import Interaction


def test_a_deadline_notice_carries_the_organisers_walkover_buttons_up_to_discords_limit(
        ) -> None:
    choices = [WalkoverChoice(3, f"1.{n}", n, f"walkover to {n}") for n in range(BUTTONS + 4)]
    view = _view(Notice(1, "the deadline passed", choices=choices))
    assert view is not None
    items = view.children
    assert len(items) == BUTTONS
    assert all(isinstance(i, WalkoverButton) for i in items)
    assert [i.pairing for i in items] == [f"1.{n}" for n in range(BUTTONS)]  # type: ignore[attr-defined]
    assert _view(Notice(1, "round 2 begins")) is None


async def test_a_notice_for_a_channel_gone_is_logged_not_raised(caplog: Any) -> None:
    client: Any = SimpleNamespace(get_channel=lambda _: None)
    courier = Courier(client, rights=None, delivery=None)  # type: ignore[arg-type]
    await courier.notify(Notice(42, "round 2 begins"))
    assert "tournament channel 42 is gone" in caplog.text


async def test_a_pressed_tournament_button_answers_on_its_own_message() -> None:
    courier = Courier(None, rights=None, delivery=None)  # type: ignore[arg-type]
    i = Interaction()
    await courier.pressed(i, "You have withdrawn.")  # type: ignore[arg-type]
    assert i.calls == [("response.edit_message", (),
                        {"view": None, "content": "You have withdrawn."})]
