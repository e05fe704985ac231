"""The plain values the service answers with (bot.service.model)."""

from __future__ import annotations

from bot.service.model import COMPUTER, Button, Ctx, Post, Reply, UserError


def test_a_user_error_names_its_message_and_carries_its_words() -> None:
    e = UserError("not_your_turn", who="<@1>")
    assert (e.key, e.params, str(e)) == ("not_your_turn", {"who": "<@1>"}, "not_your_turn")


def test_a_posts_content_is_what_happened_then_what_to_do() -> None:
    assert Post("Alice rolls.", prompt="Bob, your turn.").content == \
        "Alice rolls.\nBob, your turn."
    assert Post("", prompt="Bob, your turn.").content == "Bob, your turn."
    assert Post("Alice wins.").content == "Alice wins."


def test_the_defaults_say_nothing_more() -> None:
    ctx = Ctx(1, 2)
    assert (ctx.guild_id, ctx.user_locale, ctx.can_manage) == (None, None, False)
    reply = Reply()
    assert (reply.private, reply.posts, reply.roll, reply.picker) == (None, [], None, None)
    assert Reply().posts is not reply.posts  # no list shared between replies
    assert Button("roll", 1, 2, "Roll").style == "secondary"
    assert COMPUTER == 0  # the id every stored game uses for the computer
