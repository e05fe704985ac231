"""Posts the bot could not make for lack of a right (bot.service.shortfalls): remembered
in the store per server, told to its admins once, forgotten once told (but not a failure
since), and the notice's words."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.shortfalls import NOTICE_LINES, Shortfalls, notice, right_names, rights_text
from bot.service.text import channel
from bot.store import Database
from bot.store.rights_sql import Missing
from tests.bot.service.helpers import GUILD, Clock


async def test_a_failure_is_remembered_until_told(store: Database, clock: Clock) -> None:
    s = Shortfalls(store, clock=clock)
    assert not s.pending(GUILD) and await s.waiting(GUILD) == []
    await s.record(GUILD, 100, "reminder", ("send_messages",))
    await s.record(GUILD, 100, "reminder", ("send_messages",))
    assert s.pending(GUILD)
    items = await s.waiting(GUILD)
    assert [(m.channel_id, m.action, m.rights, m.times) for m in items] == [
        (100, "reminder", ("send_messages",), 2)]
    after = Shortfalls(store, clock=clock)  # a restart, or another process
    assert not after.pending(GUILD)
    await after.load()
    assert after.pending(GUILD)
    await s.told(GUILD, items)
    assert not s.pending(GUILD) and await s.waiting(GUILD) == []


async def test_a_failure_after_the_notice_is_told_next_time(store: Database,
                                                          clock: Clock) -> None:
    s = Shortfalls(store, clock=clock)
    await s.record(GUILD, 100, "daily", ("embed_links",))
    items = await s.waiting(GUILD)
    clock.advance(10)
    await s.record(GUILD, 100, "daily", ("embed_links",))  # failed again meanwhile
    await s.told(GUILD, items)
    assert s.pending(GUILD) and len(await s.waiting(GUILD)) == 1


async def test_outside_a_server_nothing_is_kept(store: Database, clock: Clock,
                                               caplog: pytest.LogCaptureFixture) -> None:
    s = Shortfalls(store, clock=clock)
    await s.record(None, 100, "computer", ("send_messages",))
    assert not s.pending(None) and await s.waiting(None) == []
    assert "send_messages" in caplog.text  # the log still knows


def test_the_notice_names_the_rights_and_counts_the_rest() -> None:
    items = [Missing(100 + i, "reminder", ("send_messages", "embed_links"), 1.0, 2.0,
                     1 + i) for i in range(NOTICE_LINES + 2)]
    text = notice(items, "en").split("\n")
    assert text[0] == t("rights.notice", "en") and text[-1] == t("rights.notice.end", "en")
    assert len(text) == 1 + NOTICE_LINES + 1 + 1
    assert text[-2] == t("rights.notice.more", "en", n=2)
    assert channel(100) in text[1] and t("rights.notice.times", "en") in text[1]
    assert t("rights.notice.times_n", "en", n=2) in text[2]
    assert "**Send Messages**, **Embed Links**" in text[1]
    assert right_names(["manage_threads"], "en") == "**Manage Threads**"
    assert rights_text(["send_messages"], "en") == t(
        "right.one", "en", name="Send Messages", why=t("right.for.send_messages", "en"))
