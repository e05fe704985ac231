"""Members and channels the service names by a token become Discord's mentions, or names
in plain text, only on their way out."""

from __future__ import annotations

from bot.delivery.mentions import in_plain, on_discord, rendered
from bot.service.model import Post, Reply
from bot.service.text import channel, mention, moment, shown


def test_the_service_names_a_member_and_discord_shows_the_mention() -> None:
    text = f"{mention(12)}, your turn in {channel(34)}."
    assert "<@" not in text and "<#" not in text
    assert on_discord(text) == "<@12>, your turn in <#34>."
    assert len(on_discord(text)) == len(text)  # clipped alike before and after
    assert on_discord("no one named") == "no one named"


def test_plain_text_names_the_member() -> None:
    names = {12: "Åsa"}
    text = f"{mention(12)} rolls in {channel(34)}."
    assert in_plain(text, names.__getitem__) == "@Åsa rolls in #34."


def test_a_moment_is_discords_timestamp_or_utc_in_plain_text() -> None:
    """The service writes no ``<t:…>``: a moment becomes Discord's timestamp (each
    reader's own time zone) on its way out, or the time in UTC in plain text."""
    when = 1_800_000_000  # 2027-01-15 08:00 UTC
    text = f"Play by {moment(when)} (last seen {moment(when, 'R')}, {moment(when, 'd')})."
    assert "<t:" not in text
    assert on_discord(text) == (f"Play by <t:{when}:f> (last seen <t:{when}:R>, "
                                f"<t:{when}:d>).")
    assert len(on_discord(text)) == len(text)  # clipped alike before and after
    assert in_plain(text, str) == ("Play by 2027-01-15 08:00 UTC (last seen "
                                   "2027-01-15 08:00 UTC, 2027-01-15).")


def test_a_name_typed_like_the_token_stays_text() -> None:
    """User text never carries the token's marks: a name is shown without them."""
    typed = shown(f"Eve{mention(12)}")
    assert on_discord(typed) == typed and "<@12>" not in on_discord(typed)


def test_every_text_of_a_reply_is_rendered() -> None:
    who = mention(5)
    reply = Reply(private=f"hi {who}", posts=[Post(f"{who} played", prompt=f"{who}, roll")],
                  offered_before=f"{who}, choose", challenge=Post(f"{who} accepted"),
                  picker=Post("", prompt=f"{who}, confirm"))
    out = rendered(reply)
    assert out.private == "hi <@5>" and out.offered_before == "<@5>, choose"
    assert out.posts[0].content == "<@5> played\n<@5>, roll"
    assert out.challenge is not None and out.challenge.text == "<@5> accepted"
    assert out.picker is not None and out.picker.prompt == "<@5>, confirm"
    assert rendered(Reply()) == Reply()
