"""The daily problem's post (bot/delivery/problems.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.delivery.problems import daily_view, post_daily
from bot.service.model import BoardSpec
from bot.service.pictures import RenderPool
from bot.service.problems import DailyPost
from bot.views import ProblemButton
from engine import rules


def _post(channel_id: int = 5) -> DailyPost:
    r = rules.get(rules.DEFAULT)
    return DailyPost(1, channel_id, "2026-11-28", "Today's problem", BoardSpec(r.start(), r),
                     "Try it")


def test_the_daily_button_opens_that_days_problem_after_a_restart_too() -> None:
    [button] = daily_view(_post()).children
    assert isinstance(button, ProblemButton) and button.day == "2026-11-28"
    assert button.custom_id == "bradeproblem:2026-11-28"
    assert button.item.label == "Try it"  # type: ignore[attr-defined]


async def test_no_channel_no_post_and_no_message_id(caplog: Any) -> None:
    client: Any = SimpleNamespace(get_channel=lambda _: None)
    assert await post_daily(client, None, RenderPool(0), _post(77)) is None  # type: ignore[arg-type]
    assert "channel 77 is not there" in caplog.text
