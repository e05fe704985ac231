"""How a cog words a refusal (bot/cogs/replies.py): in the member's language, the bot's
own keys, the engine's and the league's errors alike, an echo of hostile input cut to
one line and the whole to Discord's limit."""

from __future__ import annotations

from bot.cogs.replies import refusal_text
from bot.i18n import t
from bot.service.model import UserError
from bot.service.text import MESSAGE_LIMIT
from engine import rules
from engine.errors import EngineError


def test_the_bots_own_refusal_is_its_key_in_the_members_language() -> None:
    for lang in ("sv", "en"):
        assert refusal_text(UserError("settings.not_allowed"), lang) == t(
            "err.settings.not_allowed", lang)


def test_an_echo_of_what_was_typed_is_one_short_line() -> None:
    hostile = "x" * 6000 + "\n@everyone"
    try:
        rules.get(hostile)
    except EngineError as error:
        text = refusal_text(error, "en")
    else:
        raise AssertionError("an unknown ruleset must be refused")
    assert len(text) <= MESSAGE_LIMIT and "\n@everyone" not in text
    assert "x" * 100 not in text  # the echo is shortened, not the message cut at 2,000
