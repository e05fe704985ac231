"""What every command reads from its interaction (bot/cogs/asking.py): the ``Ctx`` the
service is handed, the member noted by name first, and the choices an autocomplete
offers.  Commands driven through SimCord use these on every test under tests/bot/."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.cogs.asking import make_ctx, play_choices, ruleset_choices, ruleset_names
from bot.i18n import play_words
from bot.service.text import CHOICE_LIMIT, CHOICES
from engine import rules as rules_registry


class Noted:
    """A stand-in for the players' names: what was noted, in order."""

    def __init__(self) -> None:
        self.noted: list[tuple[Any, ...]] = []

    def note(self, guild_id: int | None, user_id: int, name: str,
             avatar: str | None = None) -> None:
        self.noted.append((guild_id, user_id, name, avatar))


def _interaction(*, guild: Any = None, guild_id: int | None = None,
                 manage: bool = False, avatar: str | None = "a1") -> Any:
    user = SimpleNamespace(id=7, display_name="Alice",
                           display_avatar=SimpleNamespace(key=avatar) if avatar else None)
    return SimpleNamespace(
        user=user, guild=guild, guild_id=guild_id, channel_id=55, locale="sv",
        guild_locale=None, permissions=SimpleNamespace(manage_channels=manage))


def test_the_ctx_says_who_asks_where_and_in_which_languages() -> None:
    players = Noted()
    guild = SimpleNamespace(preferred_locale="en-GB")
    ctx = make_ctx(_interaction(guild=guild, guild_id=3, manage=True), players)  # type: ignore[arg-type]
    assert (ctx.user_id, ctx.channel_id, ctx.guild_id) == (7, 55, 3)
    assert (ctx.user_locale, ctx.guild_locale, ctx.can_manage) == ("sv", "en-GB", True)
    assert players.noted == [(3, 7, "Alice", "a1")]  # named before the command runs


def test_a_direct_message_has_no_server_and_no_rights() -> None:
    players = Noted()
    ctx = make_ctx(_interaction(avatar=None), players)  # type: ignore[arg-type]
    assert ctx.guild_id is None and ctx.guild_locale is None and not ctx.can_manage
    assert players.noted == [(None, 7, "Alice", None)]


def test_every_ruleset_is_offered_then_each_with_one_option() -> None:
    names = ruleset_names()
    ids = list(rules_registry.ids())
    assert names[:len(ids)] == ids
    assert all("+" in n and n.split("+")[0] in ids for n in names[len(ids):])


def test_the_ruleset_choices_hold_what_was_typed_and_keep_discords_count() -> None:
    assert [c.value for c in ruleset_choices("", ["classic", "puff"])] == ["classic", "puff"]
    assert [c.value for c in ruleset_choices("PU", ["classic", "puff"])] == ["puff"]
    assert len(ruleset_choices("")) == min(CHOICES, len(ruleset_names()))


def test_a_play_is_offered_by_its_notation_and_named_in_words() -> None:
    [choice] = play_choices(["8/5 6/5"], "en")
    assert choice.value == "8/5 6/5" and choice.name == play_words("8/5 6/5", "en")[:CHOICE_LIMIT]
    assert len(play_choices([f"{n}/1" for n in range(40)], "en")) == CHOICES
